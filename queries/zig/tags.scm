; arborist tags for Zig (tree-sitter-zig 1.1). Vocabulary: queries/README.md.
; Doc comments `///` are preceding comment siblings; the engine collects them (textobjects.scm).
;
; Kinds: `const X = struct {...}` (also packed/extern, union and opaque) = struct, `enum {...}` and
; `error{...}` = enum; their fields = field, enum values and errors = enum_member; `fn` = function
; (a method in a container: the engine makes it so); `test "name" {...}` = function named by the
; string with its quotes (`"name"`: tests are often named after the function they test, which
; must stay unambiguous; `test name {...}` decltests and unnamed tests are not symbols); other
; container-level (file, struct, enum, union, opaque) `const` = constant, `var` = variable;
; `const std = @import("std");` imports and `_` are skipped.
; A container's own `//!` doc comments (the first lines of its body) are its @doc.
; A file is a struct: file-level fields are fields. A generic type `fn List(comptime T: type) type
; { return struct {...}; }` is a function; the members of the struct it returns nest under it.

; ---- containers ----------------------------------------------------------------------------------
; The patterns with a `//!` doc come first: on the same node, the first pattern wins.

((variable_declaration "const" . (identifier) @name
  [
    (struct_declaration . (comment)+ @doc)
    (union_declaration . (comment)+ @doc)
    (opaque_declaration . (comment)+ @doc)
  ]) @definition.struct
  (#match? @doc "^//!"))
((variable_declaration "const" . (identifier) @name (enum_declaration . (comment)+ @doc)) @definition.enum
  (#match? @doc "^//!"))

(variable_declaration "const" . (identifier) @name
  [(struct_declaration) (union_declaration) (opaque_declaration)]) @definition.struct
(variable_declaration "const" . (identifier) @name
  [(enum_declaration) (error_set_declaration)]) @definition.enum

; Members of a container that is a symbol (`const X = ...`), the type of a field (`kind: enum
; {...}`) or returned by a generic type function; not of the type of a local (`var state: enum
; {...}` in a function body).
(variable_declaration "const" . (identifier)
  [
    (struct_declaration (container_field name: (identifier) @name) @definition.field)
    (union_declaration (container_field name: (identifier) @name) @definition.field)
    (enum_declaration (container_field name: (identifier) @name) @definition.enum_member)
    (error_set_declaration (identifier) @name @definition.enum_member)
  ])
(container_field
  type: [
    (struct_declaration (container_field name: (identifier) @name) @definition.field)
    (union_declaration (container_field name: (identifier) @name) @definition.field)
    (enum_declaration (container_field name: (identifier) @name) @definition.enum_member)
    (error_set_declaration (identifier) @name @definition.enum_member)
  ])
([
    (struct_declaration (container_field name: (identifier) @name) @definition.field)
    (union_declaration (container_field name: (identifier) @name) @definition.field)
    (enum_declaration (container_field name: (identifier) @name) @definition.enum_member)
  ] @_container
  (#parent-is? @_container return_expression))
((container_field name: (identifier) @name) @definition.field (#parent-is? @definition.field source_file))

; ---- functions and tests -------------------------------------------------------------------------

(function_declaration name: (identifier) @name) @definition.function
(test_declaration (string) @name) @definition.function

; ---- container-level constants and variables -----------------------------------------------------
; Not in function bodies (those are locals). A container matched above wins on the same node.

((variable_declaration "const" . (identifier) @name) @definition.constant
  (#parent-is? @definition.constant source_file struct_declaration enum_declaration union_declaration opaque_declaration)
  (#not-match? @definition.constant "=\\s*@import\\s*[(]")
  (#not-eq? @name "_"))

((variable_declaration "var" . (identifier) @name) @definition.variable
  (#parent-is? @definition.variable source_file struct_declaration enum_declaration union_declaration opaque_declaration)
  (#not-eq? @name "_"))
