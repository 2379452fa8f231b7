; arborist textobjects for C++ (helix convention). A class template is one definition, its
; template_declaration (see tags.scm); so is a typedef of a struct body, and a nested type without
; declarator (its field_declaration).

(function_definition body: (_) @function.inside) @function.around
(template_declaration (function_definition body: (_) @function.inside)) @function.around
(preproc_function_def) @function.around

(class_specifier body: (_) @class.inside) @class.around
(struct_specifier body: (_) @class.inside) @class.around
(union_specifier body: (_) @class.inside) @class.around
(enum_specifier body: (_) @class.inside) @class.around
(template_declaration
  [
    (class_specifier body: (_) @class.inside)
    (struct_specifier body: (_) @class.inside)
    (union_specifier body: (_) @class.inside)
  ]) @class.around
(field_declaration
  type: [
    (class_specifier body: (_) @class.inside)
    (struct_specifier body: (_) @class.inside)
    (union_specifier body: (_) @class.inside)
    (enum_specifier body: (_) @class.inside)
  ]
  !declarator) @class.around
(type_definition
  type: [
    (class_specifier body: (_) @class.inside)
    (struct_specifier body: (_) @class.inside)
    (union_specifier body: (_) @class.inside)
    (enum_specifier body: (_) @class.inside)
  ]) @class.around
(namespace_definition body: (_) @class.inside) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; A template_declaration ending with the function, alias or declaration it templates wraps it (a
; class template is itself the definition); so does `extern "C"` before a single declaration.
; Comments directly above a definition (`///`, `//`, `/** */`, `/* */`) are its doc.

(template_declaration) @wrapper
(linkage_specification) @wrapper
(comment) @preamble.doc
