; arborist tags for Go (tree-sitter-go 0.25). Vocabulary: queries/README.md.
; Doc comments are preceding comment siblings; the engine collects them.
;
; Definition node of type/const declarations: an ungrouped `type X struct{}` is the whole
; type_declaration (so the range starts at the `type` keyword); inside a group `type ( ... )` it
; is the type_spec. The grouped form has a "(" child; the ungrouped form is told apart by its
; text (query anchors skip anonymous nodes), so each spec is tagged exactly once.

; ---- types: struct / interface / anything else (package level only: a type declared inside a
; function body is local, like a local variable) ---------------------------------------------

(source_file
  (type_declaration
    (type_spec name: (type_identifier) @name type: (struct_type))) @definition.struct
    (#not-match? @definition.struct "^type\\s*\\("))
(source_file
  (type_declaration "("
    (type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct))

(source_file
  (type_declaration
    (type_spec name: (type_identifier) @name type: (interface_type))) @definition.interface
    (#not-match? @definition.interface "^type\\s*\\("))
(source_file
  (type_declaration "("
    (type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface))

(source_file
  (type_declaration
    (type_spec
      name: (type_identifier) @name
      type: [
        (array_type) (channel_type) (function_type) (generic_type) (map_type) (negated_type)
        (parenthesized_type) (pointer_type) (qualified_type) (slice_type) (type_identifier)
      ])) @definition.type
    (#not-match? @definition.type "^type\\s*\\("))
(source_file
  (type_declaration "("
    (type_spec
      name: (type_identifier) @name
      type: [
        (array_type) (channel_type) (function_type) (generic_type) (map_type) (negated_type)
        (parenthesized_type) (pointer_type) (qualified_type) (slice_type) (type_identifier)
      ]) @definition.type))

; aliases: `type A = B`
(source_file
  (type_declaration (type_alias name: (type_identifier) @name)) @definition.type
    (#not-match? @definition.type "^type\\s*\\("))
(source_file
  (type_declaration "(" (type_alias name: (type_identifier) @name) @definition.type))

; struct fields (one match per name; an embedded field is named by its type)
(source_file (type_declaration
  (type_spec
    type: (struct_type
      (field_declaration_list
        (field_declaration name: (field_identifier) @name) @definition.field)))))
(source_file (type_declaration
  (type_spec
    type: (struct_type
      (field_declaration_list
        (field_declaration
          !name
          type: [
            (type_identifier) @name
            (qualified_type name: (type_identifier) @name)
            (generic_type type: [
              (type_identifier) @name
              (qualified_type name: (type_identifier) @name)
            ])
          ]) @definition.field)))))

; interface methods, and embedded interfaces (a type element of one named type: a field named by its type,
; as gopls lists it; unions such as `int | float64` are no field)
(source_file (type_declaration
  (type_spec
    type: (interface_type (method_elem name: (field_identifier) @name) @definition.method))))
(source_file (type_declaration
  (type_spec
    type: (interface_type
      (type_elem . [
        (type_identifier) @name
        (qualified_type name: (type_identifier) @name)
      ] .) @definition.field))))
(source_file (type_declaration
  (type_alias
    type: (interface_type (method_elem name: (field_identifier) @name) @definition.method))))

; ---- functions and methods ---------------------------------------------------------------------
; @receiver is the receiver's type name without `*` and type arguments: the engine nests the
; method under that type (`Server/Start`). Only the first receiver counts (invalid code may have several).

(function_declaration name: (identifier) @name) @definition.function

(method_declaration
  receiver: (parameter_list .
    (parameter_declaration
      type: [
        (type_identifier) @receiver
        (pointer_type (type_identifier) @receiver)
        (generic_type type: (type_identifier) @receiver)
        (pointer_type (generic_type type: (type_identifier) @receiver))
      ]))
  name: (field_identifier) @name) @definition.method

; ---- package-level constants and variables (same grouping rule as types; `_` is skipped) ------
; A grouped `var ( ... )` has a var_spec_list, so no text test is needed for var.

(source_file
  (const_declaration (const_spec name: (identifier) @name)) @definition.constant
  (#not-match? @definition.constant "^const\\s*\\(")
  (#not-eq? @name "_"))
(source_file
  (const_declaration "("
    (const_spec name: (identifier) @name) @definition.constant)
  (#not-eq? @name "_"))

(source_file
  (var_declaration (var_spec name: (identifier) @name)) @definition.variable
  (#not-eq? @name "_"))
(source_file
  (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable))
  (#not-eq? @name "_"))

; ---- references ------------------------------------------------------------------------------

(call_expression
  function: [
    (identifier) @name
    (selector_expression field: (field_identifier) @name)
  ]) @reference.call

(composite_literal
  type: [
    (type_identifier) @name
    (qualified_type name: (type_identifier) @name)
    (generic_type type: [
      (type_identifier) @name
      (qualified_type name: (type_identifier) @name)
    ])
  ]) @reference.class
