; arborist textobjects for Rust (helix convention). The engine widens @*.around over the
; attribute_item and doc-comment siblings that directly precede the item.

(function_item body: (block) @function.inside) @function.around
(function_signature_item) @function.around
(macro_definition) @function.around

(struct_item body: (_) @class.inside) @class.around
(struct_item !body) @class.around
(union_item body: (_) @class.inside) @class.around
(enum_item body: (_) @class.inside) @class.around
(trait_item body: (_) @class.inside) @class.around
(impl_item body: (_) @class.inside) @class.around
(mod_item body: (_) @class.inside) @class.around
(mod_item !body) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; Attributes and comments directly above an item belong to it: replace/insert/delete keep them with
; the item; the comments (any `//`, and `/** */`) are its doc.

(attribute_item) @preamble
(line_comment) @preamble.doc
((block_comment) @preamble.doc (#match? @preamble.doc "^/[*][*]"))
