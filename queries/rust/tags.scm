; arborist tags for Rust (tree-sitter-rust 0.24). Vocabulary: queries/README.md.
; Doc comments and attributes are preceding siblings of an item; the engine collects them.

; ---- types -------------------------------------------------------------------------------

(struct_item name: (type_identifier) @name) @definition.struct
(union_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
(associated_type name: (type_identifier) @name) @definition.type
(mod_item name: (identifier) @name) @definition.module
(macro_definition name: (identifier) @name) @definition.macro

(struct_item
  body: (field_declaration_list
    (field_declaration name: (field_identifier) @name) @definition.field))
(union_item
  body: (field_declaration_list
    (field_declaration name: (field_identifier) @name) @definition.field))

(enum_variant name: (identifier) @name) @definition.enum_member

; ---- constants and statics (items only: never inside function bodies; `const _` is skipped) --
; Patterns are rooted at the item (or the body that tells what it is) and check the parent with
; #parent-is?: rooted at source_file, a pattern walks every top-level item's subtree to its depth.

((const_item name: (identifier) @name) @definition.constant
  (#parent-is? @definition.constant source_file declaration_list)
  (#not-eq? @name "_"))
((static_item name: (identifier) @name) @definition.variable
  (#parent-is? @definition.variable source_file declaration_list))

; ---- functions -----------------------------------------------------------------------------
; A function_item is a method inside impl/trait bodies, a function everywhere else.

((function_item name: (identifier) @name) @definition.function
  (#parent-is? @definition.function source_file block))
; Rooted at the item that owns the body: one query run per item finds its functions (rooted at the
; declaration_list with a #parent-is?, the function and method patterns both matched every function).
(mod_item body: (declaration_list (function_item name: (identifier) @name) @definition.function))
(foreign_mod_item body: (declaration_list (function_signature_item name: (identifier) @name) @definition.function))

(impl_item body: (declaration_list (function_item name: (identifier) @name) @definition.method))
(trait_item body: (declaration_list (function_item name: (identifier) @name) @definition.method))
(trait_item body: (declaration_list (function_signature_item name: (identifier) @name) @definition.method))

; ---- impl containers -------------------------------------------------------------------------
; Children of an impl block are attached to the type named by @name; @trait names the trait.

(impl_item
  !trait
  type: [
    (type_identifier) @name
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: (type_identifier) @name)
    (generic_type type: (scoped_type_identifier name: (type_identifier) @name))
  ]) @definition.impl

(impl_item
  trait: [
    (type_identifier) @trait
    (scoped_type_identifier name: (type_identifier) @trait)
    (generic_type type: (type_identifier) @trait)
    (generic_type type: (scoped_type_identifier name: (type_identifier) @trait))
  ]
  type: [
    (type_identifier) @name
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: (type_identifier) @name)
    (generic_type type: (scoped_type_identifier name: (type_identifier) @name))
  ]) @definition.impl

; ---- references ------------------------------------------------------------------------------

(call_expression
  function: [
    (identifier) @name
    (scoped_identifier name: (identifier) @name)
    (field_expression field: (field_identifier) @name)
    (generic_function function: [
      (identifier) @name
      (scoped_identifier name: (identifier) @name)
      (field_expression field: (field_identifier) @name)
    ])
  ]) @reference.call

(macro_invocation
  macro: [
    (identifier) @name
    (scoped_identifier name: (identifier) @name)
  ]) @reference.call

(struct_expression
  name: [
    (type_identifier) @name
    (scoped_type_identifier name: (type_identifier) @name)
  ]) @reference.class
