; arborist tags for Lua (tree-sitter-lua 0.5). Vocabulary: queries/README.md.
; `--` / `---` comments directly above are preceding siblings; the engine collects them
; (textobjects.scm).
;
; Kinds: `function f()` = function (anywhere; nested ones nest by range), `local function f()` and
; `local f = function() end` = function at chunk level only (a local function inside a function body
; is a local). A table constructor assigned to a name at chunk level (`local M = {}`, `M = { ... }`,
; `local C = setmetatable({}, mt)`) = class: Lua's module and class idiom (a query cannot tell the
; tables that later get functions from data tables), and a type-like kind so that members attach.
; `function M.f()`, `function M:f()` and chunk-level `M.f = function() end` carry @receiver M: they
; become members of the table M of the same scope (`M/f`, kind method), or of an Object symbol named
; `M` when the file does not define M as above (`local M = require "x"`); a receiver deeper than one
; name keeps its dots (`function a.b.c:d()` gives `a.b.c/d`). Function-valued fields of a tagged
; table's constructor (`{ trim = function(s) ... end }`) = method. Not tagged: other variables and
; fields (`M.VERSION = "1"`), tables nested in tables, locals.

; ---- tables at chunk level -----------------------------------------------------------------------

(chunk (variable_declaration (assignment_statement
  (variable_list . name: (identifier) @name)
  (expression_list . value: (table_constructor) .))) @definition.class)
(chunk (assignment_statement
  (variable_list . name: (identifier) @name)
  (expression_list . value: (table_constructor) .)) @definition.class)

(chunk (variable_declaration (assignment_statement
  (variable_list . name: (identifier) @name)
  (expression_list . value: (function_call
    name: (identifier) @_setmetatable
    arguments: (arguments . (table_constructor))) .))) @definition.class
  (#eq? @_setmetatable "setmetatable"))
(chunk (assignment_statement
  (variable_list . name: (identifier) @name)
  (expression_list . value: (function_call
    name: (identifier) @_setmetatable
    arguments: (arguments . (table_constructor))) .)) @definition.class
  (#eq? @_setmetatable "setmetatable"))

; function-valued fields of those tables
(chunk (variable_declaration (assignment_statement
  (expression_list . value: (table_constructor
    (field name: (identifier) @name value: (function_definition)) @definition.method) .))))
(chunk (assignment_statement
  (expression_list . value: (table_constructor
    (field name: (identifier) @name value: (function_definition)) @definition.method) .)))

; ---- functions -----------------------------------------------------------------------------------

(chunk (function_declaration name: (identifier) @name) @definition.function)
((block (function_declaration name: (identifier) @name) @definition.function)
  (#not-match? @definition.function "^local"))

(chunk (variable_declaration (assignment_statement
  (variable_list . name: (identifier) @name)
  (expression_list . value: (function_definition) .))) @definition.function)
(chunk (assignment_statement
  (variable_list . name: (identifier) @name)
  (expression_list . value: (function_definition) .)) @definition.function)

; ---- members of a table: `function M.f()`, `function M:f()`, `M.f = function() end` -----------------

(function_declaration name: (dot_index_expression
  table: (_) @receiver
  field: (identifier) @name)) @definition.function
(function_declaration name: (method_index_expression
  table: (_) @receiver
  method: (identifier) @name)) @definition.method

(chunk (assignment_statement
  (variable_list . name: (dot_index_expression table: (_) @receiver field: (identifier) @name) .)
  (expression_list . value: (function_definition) .)) @definition.function)

; ---- references ----------------------------------------------------------------------------------

(function_call name: [
  (identifier) @name
  (dot_index_expression field: (identifier) @name)
  (method_index_expression method: (identifier) @name)
]) @reference.call
