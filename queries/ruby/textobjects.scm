; arborist textobjects for Ruby (helix convention). A def without a body (`def x; end`) has no inside.

(method body: (_) @function.inside) @function.around
(method !body) @function.around
(singleton_method body: (_) @function.inside) @function.around
(singleton_method !body) @function.around

(class body: (_) @class.inside) @class.around
(class !body) @class.around
(module body: (_) @class.inside) @class.around
(module !body) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; `private def x ... end`, `memoize def x ... end`: a call without receiver whose only argument is the
; def wraps it and ends with it (so does its argument_list). A Sorbet `sig { ... }` directly above a def
; belongs to it. `#` comments directly above a definition are its doc.

(call
  !receiver
  arguments: (argument_list . [(method) (singleton_method)] .)) @wrapper
(argument_list . [(method) (singleton_method)] .) @wrapper
((call !receiver method: (identifier) @_sig block: (_)) @preamble (#eq? @_sig "sig"))

(comment) @preamble.doc
