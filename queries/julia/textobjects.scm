; arborist textobjects for Julia (helix convention). The grammar has no body node: statements are
; children of the definition, so long-form definitions have no inside; a short-form function's
; inside is its right-hand side.

(function_definition) @function.around
(macro_definition) @function.around
(assignment
  . [(call_expression) (where_expression) (typed_expression . (call_expression))]
  (operator) . (_) @function.inside .) @function.around

(module_definition) @class.around
(struct_definition) @class.around
(abstract_definition) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; A macro call whose last argument is a definition (`@inline f(x) = ...`, `Base.@kwdef struct ...`)
; wraps it and ends with it (so does its argument list). A docstring (a string literal directly
; before a definition, Julia's own rule) and `#` comments directly above are its doc.

(macrocall_expression (macro_argument_list [
  (function_definition) (assignment) (struct_definition) (abstract_definition) (macro_definition)
  (const_statement) (module_definition)
] .) .) @wrapper
(macro_argument_list [
  (function_definition) (assignment) (struct_definition) (abstract_definition) (macro_definition)
  (const_statement) (module_definition)
] .) @wrapper

(string_literal) @preamble.doc
(line_comment) @preamble.doc
