; arborist textobjects for C++ (helix convention). A class template is one definition, its
; template_declaration (see tags.scm); so is a typedef of a struct body, and a nested type without
; declarator (its field_declaration).

(function_definition body: (_) @function.inside) @function.around
; (a function_definition is the only child of a template_declaration whose body is a
; compound_statement or try_statement: the wildcard saves compiling a named parent)
(template_declaration (_ body: [(compound_statement) (try_statement)] @function.inside)) @function.around
(preproc_function_def) @function.around

(class_specifier body: (_) @class.inside) @class.around
(struct_specifier body: (_) @class.inside) @class.around
(union_specifier body: (_) @class.inside) @class.around
(enum_specifier body: (_) @class.inside) @class.around
; the children of a template_declaration and the types with a field_declaration_list body are
; class, struct and union specifiers (also enum specifiers as a type: the only type_specifiers
; with a body)
(template_declaration (_ body: (field_declaration_list) @class.inside)) @class.around
(field_declaration type: (_ body: (_) @class.inside) !declarator) @class.around
(type_definition type: (_ body: (_) @class.inside)) @class.around
(namespace_definition body: (_) @class.inside) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; A template_declaration ending with the function, alias or declaration it templates wraps it (a
; class template is itself the definition); so does `extern "C"` before a single declaration.
; Comments directly above a definition (`///`, `//`, `/** */`, `/* */`) are its doc.

(template_declaration) @wrapper
(linkage_specification) @wrapper
(comment) @preamble.doc
