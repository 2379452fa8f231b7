; arborist textobjects for Lua (helix convention). `function f() end` with an empty body has no
; inside. Tables tagged as classes (tags.scm) have their table constructor as inside.

(function_declaration body: (block) @function.inside) @function.around
(function_declaration !body) @function.around
(variable_declaration (assignment_statement
  (expression_list . (function_definition body: (block) @function.inside) .))) @function.around
(assignment_statement
  (expression_list . (function_definition body: (block) @function.inside) .)) @function.around
(field value: (function_definition body: (block) @function.inside)) @function.around

(variable_declaration (assignment_statement
  (expression_list . [
    (table_constructor) @class.inside
    (function_call arguments: (arguments . (table_constructor) @class.inside))
  ] .))) @class.around
(assignment_statement
  (expression_list . [
    (table_constructor) @class.inside
    (function_call arguments: (arguments . (table_constructor) @class.inside))
  ] .)) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; `--` and `---` line comments directly above a definition are its doc (a `--[[ ]]` block, such as a
; license header, is not).

((comment) @preamble.doc (#not-match? @preamble.doc "^--\\[=*\\["))
