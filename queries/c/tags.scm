; arborist tags for C (tree-sitter-c 0.24). Vocabulary: queries/README.md.
; Doc comments are preceding comment siblings; the engine collects them (textobjects.scm).
;
; Kinds: function definitions = function; struct and union = struct, enum = enum, their members =
; field / enum_member; typedef = type (a typedef of a struct/union/enum body is that struct/enum,
; named by the typedef name, and also by the struct tag when it has one: both names share the node,
; the members nest under the typedef name); `#define F(x)` = macro, `#define N value` = constant
; (a define without value, or named like an include guard `FOO_H`, is skipped); file-scope
; variables = variable, or constant when declared `const`.
; Prototypes and `extern` declarations are not definitions of this file and are skipped (headers
; `.h` are parsed as C++, whose queries tag declarations).
;
; No pattern is anchored only at translation_unit: a file whose #if/#else splits braces has an
; ERROR root. Variables are tagged in translation_unit, preprocessor blocks and ERROR nodes, so
; not in function bodies (except inside a #if block there: a query cannot tell that block from a
; file-level one). Types defined in a function body are nested types (`f/point`).

; ---- functions -----------------------------------------------------------------------------------

(function_definition
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator
      declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
    (function_declarator
      declarator: (parenthesized_declarator
        (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))
  ]) @definition.function

; ---- macros --------------------------------------------------------------------------------------

(preproc_function_def name: (identifier) @name) @definition.macro
((preproc_def name: (identifier) @name value: (preproc_arg)) @definition.constant
  (#not-match? @name "_(H|HPP|HH|INCLUDED)_?$"))

; ---- struct / union / enum -------------------------------------------------------------------------
; A named type with a body is a symbol where it stands: at file level (also in preprocessor blocks
; and ERROR nodes), in a function body, and as the type of a declaration or field declaration
; (`struct s {...} v;`: the struct and `v` are siblings, `v` is tagged on its declarator). A
; typedef of a body is tagged on the whole type_definition (below), so the specifier inside it is
; not matched here.

([
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ] @definition.struct
  (#parent-is? @definition.struct translation_unit preproc_if preproc_ifdef preproc_else preproc_elif ERROR compound_statement))
((enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
  (#parent-is? @definition.enum translation_unit preproc_if preproc_ifdef preproc_else preproc_elif ERROR compound_statement))

(declaration
  type: [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ] @definition.struct)
(declaration type: (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum)
(field_declaration
  type: [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ] @definition.struct
  declarator: (_))
(field_declaration
  type: (enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
  declarator: (_))
; a nested type without declarator is the whole field_declaration (with its `;`)
(field_declaration
  type: [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ]
  !declarator) @definition.struct
(field_declaration
  type: (enum_specifier name: (type_identifier) @name body: (_))
  !declarator) @definition.enum

; typedef of a body: the typedef names it, and its tag (if any) is a second name of the same node
(type_definition
  type: [(struct_specifier body: (_)) (union_specifier body: (_))]
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: [
    (struct_specifier name: (type_identifier) @name body: (_))
    (union_specifier name: (type_identifier) @name body: (_))
  ]) @definition.struct
(type_definition type: (enum_specifier body: (_)) declarator: (type_identifier) @name) @definition.enum
(type_definition type: (enum_specifier name: (type_identifier) @name body: (_))) @definition.enum

; Enumerators (also in #if blocks of the list) of a named enum, of a typedef'd or member one, and
; of an anonymous enum at file level (`enum { BUF_SIZE = 256 };`), not of a local's anonymous type.
(enum_specifier name: (_) body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ]))
(type_definition type: (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ])))
(field_declaration type: (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ])))
((enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ])) @_enum
  (#parent-is? @_enum translation_unit preproc_if preproc_ifdef preproc_else preproc_elif ERROR))
((declaration type: (enum_specifier !name body: (enumerator_list [
    (enumerator name: (identifier) @name) @definition.enum_member
    (_ (enumerator name: (identifier) @name) @definition.enum_member)
    (_ (_ (enumerator name: (identifier) @name) @definition.enum_member))
  ]))) @_declaration
  (#parent-is? @_declaration translation_unit preproc_if preproc_ifdef preproc_else preproc_elif ERROR))

; ---- fields ----------------------------------------------------------------------------------------
; One per declarator. A field whose type is a named struct/union/enum body is tagged on its
; declarator (the type is a sibling symbol); otherwise on the whole field_declaration, so the
; fields of an anonymous struct/union member nest under it. Anonymous members without declarator
; (C11) are not symbols: their fields belong to the enclosing struct.

((field_declaration
  declarator: [
    (field_identifier) @name
    (_ declarator: (field_identifier) @name)
    (_ declarator: (_ declarator: (field_identifier) @name))
    (_ declarator: (_ declarator: (_ declarator: (field_identifier) @name)))
    (_ declarator: (parenthesized_declarator (_ declarator: (field_identifier) @name)))
    (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (field_identifier) @name))))
    (attributed_declarator (field_identifier) @name)
  ]) @definition.field
  (#not-match? @definition.field "^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]"))
(field_declaration
  type: [
    (struct_specifier name: (_) body: (_))
    (union_specifier name: (_) body: (_))
    (enum_specifier name: (_) body: (_))
  ]
  declarator: [
    (field_identifier) @name
    (_ declarator: (field_identifier) @name)
    (_ declarator: (_ declarator: (field_identifier) @name))
    (_ declarator: (_ declarator: (_ declarator: (field_identifier) @name)))
    (_ declarator: (parenthesized_declarator (_ declarator: (field_identifier) @name)))
    (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (field_identifier) @name))))
    (attributed_declarator (field_identifier) @name)
  ] @definition.field)

; ---- other typedefs ----------------------------------------------------------------------------------
; Not in function bodies (a local typedef is a local). A typedef of a body matched above wins on
; the same node.

((type_definition
  declarator: [
    (type_identifier) @name
    (_ declarator: (type_identifier) @name)
    (_ declarator: (_ declarator: (type_identifier) @name))
    (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name)))
    (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @name))))
  ]) @definition.type
  (#parent-is? @definition.type translation_unit preproc_if preproc_ifdef preproc_else preproc_elif ERROR))

; ---- file-scope variables and constants ----------------------------------------------------------
; One per declarator; the node is the whole declaration (several names share it), except beside a
; named struct/union/enum body (`struct s {...} v;`), where it is the declarator. A declaration
; with `const` before its first `=` (`const int n`, `char *const p`) = constant. Skipped: `extern`
; declarations and prototypes (a declarator `name(...)`, `*name(...)`); kept: function pointers
; `(*name)(...)`.

((declaration declarator: [
    (identifier) @name
    (_ declarator: (identifier) @name)
    (_ declarator: (_ declarator: (identifier) @name))
    (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
    (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
    (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
  ] @_declarator) @definition.constant
  (#parent-is? @definition.constant translation_unit preproc_if preproc_ifdef preproc_else preproc_elif ERROR)
  (#match? @definition.constant "^[^=({]*\\bconst\\b")
  (#not-match? @definition.constant "^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
((declaration declarator: [
    (identifier) @name
    (_ declarator: (identifier) @name)
    (_ declarator: (_ declarator: (identifier) @name))
    (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
    (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
    (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
  ] @_declarator) @definition.variable
  (#parent-is? @definition.variable translation_unit preproc_if preproc_ifdef preproc_else preproc_elif ERROR)
  (#not-match? @definition.variable "^extern\\b|^[\\w\\s]*\\b(struct|union|enum)\\s+\\w+\\s*[{]")
  (#not-match? @_declarator "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
((declaration
  type: [
    (struct_specifier name: (_) body: (_))
    (union_specifier name: (_) body: (_))
    (enum_specifier name: (_) body: (_))
  ]
  declarator: [
    (identifier) @name
    (_ declarator: (identifier) @name)
    (_ declarator: (_ declarator: (identifier) @name))
    (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))
    (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name)))
    (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (identifier) @name))))
  ] @definition.variable) @_declaration
  (#parent-is? @_declaration translation_unit preproc_if preproc_ifdef preproc_else preproc_elif ERROR)
  (#not-match? @definition.variable "^[*\\s]*[A-Za-z_]\\w*\\s*[(]"))
