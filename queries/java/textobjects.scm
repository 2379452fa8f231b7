; arborist textobjects for Java (helix convention). Annotations are inside the declaration node,
; so @*.around already covers them; the engine widens it over a preceding Javadoc comment.

(method_declaration body: (block) @function.inside) @function.around
(method_declaration !body) @function.around
(constructor_declaration body: (constructor_body) @function.inside) @function.around
(compact_constructor_declaration body: (block) @function.inside) @function.around
(annotation_type_element_declaration) @function.around

(class_declaration body: (class_body) @class.inside) @class.around
(record_declaration body: (class_body) @class.inside) @class.around
(interface_declaration body: (interface_body) @class.inside) @class.around
(annotation_type_declaration body: (annotation_type_body) @class.inside) @class.around
(enum_declaration body: (enum_body) @class.inside) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; Annotations are inside the declaration node; Javadoc (`/** */`) and `//` comments directly above it
; are its doc.

(annotation) @preamble
(marker_annotation) @preamble
(line_comment) @preamble.doc
((block_comment) @preamble.doc (#match? @preamble.doc "^/[*][*]"))
