; arborist textobjects for Swift (helix convention). Attributes are inside the declaration node
; (`modifiers`), so @*.around already covers them; the engine widens it over the `///` or `/** */`
; doc comment directly above.

(function_declaration body: (function_body) @function.inside) @function.around
(function_declaration !body) @function.around
(init_declaration body: (function_body) @function.inside) @function.around
(init_declaration !body) @function.around
(deinit_declaration body: (function_body) @function.inside) @function.around
(protocol_function_declaration) @function.around
(subscript_declaration) @function.around

(class_declaration body: (_) @class.inside) @class.around
(protocol_declaration body: (protocol_body) @class.inside) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; `///` comments and `/** */` comments directly above a declaration are its doc; an attribute the
; grammar leaves outside a declaration belongs to the declaration below it.

((comment) @preamble.doc (#match? @preamble.doc "^///"))
((multiline_comment) @preamble.doc (#match? @preamble.doc "^/[*][*]"))
(attribute) @preamble
