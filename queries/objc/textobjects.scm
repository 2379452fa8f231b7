; arborist textobjects for Objective-C (helix convention): methods and C functions; @interface,
; @implementation and @protocol blocks (no inside node: `@end` closes them), C structs as in C.

; a method definition: the child of an implementation_definition with a `-`/`+` token (a wildcard:
; `method_definition` as a parent costs ~40 ms of query compile time)
(implementation_definition (_ ["-" "+"] (compound_statement) @function.inside) @function.around)
(method_declaration) @function.around
(function_definition body: (compound_statement) @function.inside) @function.around
(preproc_function_def) @function.around

(class_interface) @class.around
(class_implementation) @class.around
(protocol_declaration) @class.around
(struct_specifier name: (_) body: (_) @class.inside) @class.around
(union_specifier name: (_) body: (_) @class.inside) @class.around
(enum_specifier name: (_) body: (_) @class.inside) @class.around
; a type with a body is a struct, union or enum specifier
(type_definition type: (_ body: (_) @class.inside)) @class.around
(field_declaration type: (_ body: (_) @class.inside) !declarator) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; Each method (or function, declaration) of an @implementation sits in an implementation_definition
; that ends with it. Comments directly above a definition (`///`, `//`, `/** */`, `/* */`) are its
; doc.

(implementation_definition) @wrapper
(comment) @preamble.doc
