; arborist textobjects for C (helix convention). A typedef of a struct/union/enum body is one
; definition (the type_definition, see tags.scm), and so is a nested type without declarator (its
; field_declaration); any other struct is its specifier.

(function_definition body: (compound_statement) @function.inside) @function.around
(preproc_function_def) @function.around

(struct_specifier name: (_) body: (_) @class.inside) @class.around
(union_specifier name: (_) body: (_) @class.inside) @class.around
(enum_specifier name: (_) body: (_) @class.inside) @class.around
(type_definition
  type: [
    (struct_specifier body: (_) @class.inside)
    (union_specifier body: (_) @class.inside)
    (enum_specifier body: (_) @class.inside)
  ]) @class.around
(field_declaration
  type: [
    (struct_specifier body: (_) @class.inside)
    (union_specifier body: (_) @class.inside)
    (enum_specifier body: (_) @class.inside)
  ]
  !declarator) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; Comments directly above a definition (`/** */`, `/* */`, `//`) are its doc.

(comment) @preamble.doc
