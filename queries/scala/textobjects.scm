; arborist textobjects for Scala (helix convention). Annotations are inside the definition node, so
; @*.around already covers them; the engine widens it over the Scaladoc comment directly above.

(function_definition body: (_) @function.inside) @function.around
(function_declaration) @function.around

(class_definition body: (_) @class.inside) @class.around
(class_definition !body) @class.around
(trait_definition body: (_) @class.inside) @class.around
(trait_definition !body) @class.around
(object_definition body: (_) @class.inside) @class.around
(object_definition !body) @class.around
(package_object body: (_) @class.inside) @class.around
(enum_definition body: (_) @class.inside) @class.around
(package_clause body: (_) @class.inside) @class.around
(given_definition body: [(with_template_body) (template_body)] @class.inside) @class.around
(extension_definition) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; Scaladoc (`/** */`) directly above a definition is its doc; an annotation the grammar leaves outside
; a definition belongs to the definition below it.

((block_comment) @preamble.doc (#match? @preamble.doc "^/[*][*]"))
(annotation) @preamble
