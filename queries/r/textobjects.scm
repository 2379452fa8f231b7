; arborist textobjects for R (helix convention). A function definition is the assignment holding
; the function; an R6/Reference class is the assignment holding the R6Class()/setRefClass() call.

(binary_operator
  operator: ["<-" "=" "<<-"]
  rhs: (function_definition body: (_) @function.inside)) @function.around
(binary_operator
  lhs: [
    (function_definition body: (_) @function.inside)
    (parenthesized_expression (function_definition body: (_) @function.inside))
  ]
  operator: ["->" "->>"]) @function.around
(argument value: (function_definition body: (_) @function.inside)) @function.around
((call
  function: (identifier) @_f
  arguments: (arguments (argument value: (function_definition body: (_) @function.inside))))
  @function.around
  (#any-of? @_f "setGeneric" "setMethod"))

((binary_operator
  rhs: (call function: [(identifier) @_ctor (namespace_operator rhs: (identifier) @_ctor)]
    arguments: (arguments) @class.inside)) @class.around
  (#any-of? @_ctor "R6Class" "setRefClass" "setClass"))
((call function: (identifier) @_f arguments: (arguments) @class.inside) @class.around
  (#eq? @_f "setClass"))

; ---- what belongs to a definition from outside it ------------------------------------------------
; Roxygen `#'` blocks and other `#` comments directly above a definition are its doc.

(comment) @preamble.doc
