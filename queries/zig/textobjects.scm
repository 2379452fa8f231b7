; arborist textobjects for Zig (helix convention). A container is its whole `const X = struct
; {...};` declaration.

(function_declaration body: (block) @function.inside) @function.around
(function_declaration !body) @function.around
(test_declaration (block) @function.inside) @function.around

(variable_declaration
  [
    (struct_declaration)
    (union_declaration)
    (opaque_declaration)
    (enum_declaration)
    (error_set_declaration)
  ] @class.inside) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; Comments directly above a declaration (`///` doc comments, and plain `//`) are its doc; `//!`
; documents the enclosing file or container instead.

((comment) @preamble.doc (#not-match? @preamble.doc "^//!"))
