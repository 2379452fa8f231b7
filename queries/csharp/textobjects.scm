; arborist textobjects for C# (helix convention). Attributes are inside the declaration node, so
; @*.around already covers them; the engine widens it over the `///` doc comments directly above.

(method_declaration body: (_) @function.inside) @function.around
(method_declaration !body) @function.around
(constructor_declaration body: (_) @function.inside) @function.around
(destructor_declaration body: (_) @function.inside) @function.around
(operator_declaration body: (_) @function.inside) @function.around
(conversion_operator_declaration body: (_) @function.inside) @function.around
(local_function_statement body: (_) @function.inside) @function.around

(namespace_declaration body: (declaration_list) @class.inside) @class.around
(file_scoped_namespace_declaration) @class.around
(class_declaration body: (declaration_list) @class.inside) @class.around
(class_declaration !body) @class.around
(struct_declaration body: (declaration_list) @class.inside) @class.around
(struct_declaration !body) @class.around
(record_declaration body: (declaration_list) @class.inside) @class.around
(record_declaration !body) @class.around
(interface_declaration body: (declaration_list) @class.inside) @class.around
(enum_declaration body: (enum_member_declaration_list) @class.inside) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; Attributes are inside the declaration (an attribute_list sibling only appears in broken code);
; `///` and `/** */` comments directly above a declaration are its XML doc.

(attribute_list) @preamble
((comment) @preamble.doc (#match? @preamble.doc "^(///|/[*][*])"))
