; arborist tags for R (tree-sitter-r 1.3). Vocabulary: queries/README.md.
; Comments directly above (roxygen `#'` and plain `#`) are preceding siblings; the engine collects
; them (textobjects.scm).
;
; Kinds: `f <- function(...)`, `f = function`, `f <<- function`, `(function(...) ...) -> f` =
; function, wherever they are (one defined in another function nests: `outer/helper`). Note that
; `function(x) x -> f` without parentheses is, in R as in the grammar, an anonymous function whose
; body assigns f: not a definition. Other assignments (`<-`, `=`, `<<-`, `->`, `->>`) to a name
; at the top of the file = variable (never in a function body, an `if` or a block).
; Classes: `X <- R6Class("X", public = list(...))` and `X <- setRefClass("X", fields = ...,
; methods = list(...))` = class named by the assigned name, with the functions in their
; public/private/active/methods lists = method (`initialize` = constructor) and the other entries
; of those lists and of `fields = list(...)` = field. S4: a top-level `setClass("P", ...)` (or
; `P <- setClass("P", ...)`) = class, `setGeneric("area", ...)` = function,
; `setMethod("area", "P", function ...)` = method with @receiver P (`P/area`; an Object `P` when
; the file has no class P). A function assigned to a list or environment member
; (`utils$trim <- function`) = function named as written (`utils$trim`). Not tagged: locals.

; ---- R6 and Reference classes (before the plain assignment patterns, which they win over) ---------
; `operator: _ @_op (#any-of? @_op "<-" ...)` tests the same as `operator: ["<-" ...]`; where it is
; used, it compiles faster (the alternation multiplies the paths tree-sitter analyses).

((binary_operator
  lhs: (identifier) @name
  operator: _ @_op
  rhs: (call function: [(identifier) @_ctor (namespace_operator rhs: (identifier) @_ctor)]))
  @definition.class
  (#any-of? @_op "<-" "=" "<<-")
  (#any-of? @_ctor "R6Class" "setRefClass"))

((call
  function: [(identifier) @_ctor (namespace_operator rhs: (identifier) @_ctor)]
  arguments: (arguments (argument
    name: (identifier) @_section
    value: (call
      function: (identifier) @_list
      arguments: (arguments
        (argument name: (identifier) @name value: (function_definition)) @definition.constructor)))))
  (#any-of? @_ctor "R6Class" "setRefClass")
  (#any-of? @_section "public" "methods")
  (#eq? @_list "list")
  (#eq? @name "initialize"))
((call
  function: [(identifier) @_ctor (namespace_operator rhs: (identifier) @_ctor)]
  arguments: (arguments (argument
    name: (identifier) @_section
    value: (call
      function: (identifier) @_list
      arguments: (arguments
        (argument name: (identifier) @name value: (function_definition)) @definition.method)))))
  (#any-of? @_ctor "R6Class" "setRefClass")
  (#any-of? @_section "public" "private" "active" "methods")
  (#eq? @_list "list"))
((call
  function: [(identifier) @_ctor (namespace_operator rhs: (identifier) @_ctor)]
  arguments: (arguments (argument
    name: (identifier) @_section
    value: (call
      function: (identifier) @_list
      arguments: (arguments (argument name: (identifier) @name value: (_)) @definition.field)))))
  (#any-of? @_ctor "R6Class" "setRefClass")
  (#any-of? @_section "public" "private" "active" "fields")
  (#eq? @_list "list"))

; ---- S4 (top level) --------------------------------------------------------------------------------

((program (call
  function: (identifier) @_f
  arguments: (arguments . (argument value: (string content: (string_content) @name))))
  @definition.class)
  (#eq? @_f "setClass"))
((program (binary_operator
  operator: ["<-" "="]
  rhs: (call
    function: (identifier) @_f
    arguments: (arguments . (argument value: (string content: (string_content) @name)))))
  @definition.class)
  (#eq? @_f "setClass"))
((program (call
  function: (identifier) @_f
  arguments: (arguments . (argument value: (string content: (string_content) @name))))
  @definition.function)
  (#eq? @_f "setGeneric"))
((program (call
  function: (identifier) @_f
  arguments: (arguments .
    (argument value: (string content: (string_content) @name)) . (comma) .
    (argument value: (string content: (string_content) @receiver))))
  @definition.method)
  (#eq? @_f "setMethod"))
((program (call
  function: (identifier) @_f
  arguments: (arguments . (argument value: (string content: (string_content) @name))))
  @definition.method)
  (#eq? @_f "setMethod"))

; ---- functions -------------------------------------------------------------------------------------

((binary_operator
  lhs: [
    (identifier) @name
    (string content: (string_content) @name)
    (extract_operator) @name
  ]
  operator: _ @_op
  rhs: (function_definition)) @definition.function
  (#any-of? @_op "<-" "=" "<<-"))
(binary_operator
  lhs: [
    (function_definition)
    (parenthesized_expression (function_definition))
  ]
  operator: ["->" "->>"]
  rhs: [
    (identifier) @name
    (string content: (string_content) @name)
  ]) @definition.function

; ---- top-level variables -----------------------------------------------------------------------------

; A file whose root is an ERROR node (an unbalanced bracket) keeps its top-level variables.

((binary_operator
  lhs: (identifier) @name
  operator: _ @_op) @definition.variable
  (#any-of? @_op "<-" "=" "<<-")
  (#parent-is? @definition.variable program ERROR))
((binary_operator
  operator: ["->" "->>"]
  rhs: (identifier) @name) @definition.variable
  (#parent-is? @definition.variable program ERROR))

; ---- references ------------------------------------------------------------------------------------

(call function: [
  (identifier) @name
  (namespace_operator rhs: (identifier) @name)
  (extract_operator rhs: (identifier) @name)
]) @reference.call
