; arborist tags for Go (tree-sitter-go 0.25). Vocabulary: queries/README.md.
; Doc comments are preceding comment siblings; the engine collects them.
;
; Definition node of type/const declarations: an ungrouped `type X struct{}` is the whole
; type_declaration (so the range starts at the `type` keyword); inside a group `type ( ... )` it
; is the type_spec. The grouped form has a "(" child; the ungrouped form is told apart by its
; text (query anchors skip anonymous nodes), so each spec is tagged exactly once.

; ---- types: struct / interface / anything else (package level only: a type declared inside a
; function body is local, like a local variable) ---------------------------------------------

((type_declaration
    (type_spec name: (type_identifier) @name type: (struct_type))) @definition.struct
  (#parent-is? @definition.struct source_file)
  (#not-match? @definition.struct "^type\\s*\\("))
((type_declaration "("
    (type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct) @_decl
  (#parent-is? @_decl source_file))

((type_declaration
    (type_spec name: (type_identifier) @name type: (interface_type))) @definition.interface
  (#parent-is? @definition.interface source_file)
  (#not-match? @definition.interface "^type\\s*\\("))
((type_declaration "("
    (type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface) @_decl
  (#parent-is? @_decl source_file))

; any other type (a wildcard checked by #not-kind?: cheaper to match than an alternative of every kind)
((type_declaration
    (type_spec name: (type_identifier) @name type: (_) @_type)) @definition.type
  (#parent-is? @definition.type source_file)
  (#not-kind? @_type struct_type interface_type)
  (#not-match? @definition.type "^type\\s*\\("))
((type_declaration "("
    (type_spec name: (type_identifier) @name type: (_) @_type) @definition.type) @_decl
  (#parent-is? @_decl source_file)
  (#not-kind? @_type struct_type interface_type))

; aliases: `type A = B`
((type_declaration (type_alias name: (type_identifier) @name)) @definition.type
  (#parent-is? @definition.type source_file)
  (#not-match? @definition.type "^type\\s*\\("))
((type_declaration "(" (type_alias name: (type_identifier) @name) @definition.type) @_decl
  (#parent-is? @_decl source_file))

; struct fields (one match per name; an embedded field is named by its type)
((type_declaration
  (type_spec
    type: (struct_type
      (field_declaration_list
        (field_declaration name: (field_identifier) @name) @definition.field)))) @_decl
  (#parent-is? @_decl source_file))
((type_declaration
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
          ]) @definition.field)))) @_decl
  (#parent-is? @_decl source_file))

; interface methods, and embedded interfaces (a type element of one named type: a field named by its type,
; as gopls lists it; unions such as `int | float64` are no field)
((type_declaration
  (type_spec
    type: (interface_type (method_elem name: (field_identifier) @name) @definition.method))) @_decl
  (#parent-is? @_decl source_file))
((type_declaration
  (type_spec
    type: (interface_type
      (type_elem . [
        (type_identifier) @name
        (qualified_type name: (type_identifier) @name)
      ] .) @definition.field))) @_decl
  (#parent-is? @_decl source_file))
((type_declaration
  (type_alias
    type: (interface_type (method_elem name: (field_identifier) @name) @definition.method))) @_decl
  (#parent-is? @_decl source_file))

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

((const_declaration (const_spec name: (identifier) @name)) @definition.constant
  (#parent-is? @definition.constant source_file)
  (#not-match? @definition.constant "^const\\s*\\(")
  (#not-eq? @name "_"))
((const_declaration "("
    (const_spec name: (identifier) @name) @definition.constant) @_decl
  (#parent-is? @_decl source_file)
  (#not-eq? @name "_"))

((var_declaration (var_spec name: (identifier) @name)) @definition.variable
  (#parent-is? @definition.variable source_file)
  (#not-eq? @name "_"))
((var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)) @_decl
  (#parent-is? @_decl source_file)
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
