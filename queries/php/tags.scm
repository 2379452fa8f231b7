; arborist tags for PHP (tree-sitter-php 0.25, LANGUAGE_PHP: PHP with HTML). Vocabulary:
; queries/README.md. PHPDoc and `//` comments are preceding siblings; the engine collects them
; (textobjects.scm). Attributes `#[...]` are inside the declaration node (its `attributes` field), so
; a definition's range starts at its first attribute, as with Java annotations.
;
; Kinds: `namespace X { ... }` = namespace, named as written (`App\Billing`), its members nested by
; range. The statement form `namespace X;` is not tagged: it has no block, so it would be a one-line
; symbol beside the file's classes (`Invoice/pay` either way), and as their previous sibling it would
; make the engine count the blank lines around the `use` lines as the file's spacing. class =
; class, interface = interface, trait = trait (LSP Interface, block kind `trait`), enum = enum with
; `case`s as enum_member; functions (also nested ones) = function; methods = method, `__construct` =
; constructor; properties = property, one per name of a declaration (named without `$`); promoted
; constructor parameters (`public function __construct(private User $user)`) = property, nested in
; the constructor by range (`Invoice/__construct/user`); `const` in a class/interface/enum/trait, in
; a namespace or at file level = constant, one per name; `define('NAME', ...)` at file or
; namespace level = constant.
; Not tagged: variables (also globals), anonymous classes and functions, property hooks.

; ---- namespaces and types ------------------------------------------------------------------------

(namespace_definition name: (namespace_name) @name body: (_)) @definition.namespace
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(enum_declaration_list (enum_case name: (name) @name) @definition.enum_member)

; ---- functions and methods -------------------------------------------------------------------------
; The constructor pattern comes first and wins over the plain method pattern for the same node.

((method_declaration name: (name) @name) @definition.constructor
  (#match? @name "(?i)^__construct$"))
(method_declaration name: (name) @name) @definition.method
(function_definition name: (name) @name) @definition.function

; ---- properties and constants ----------------------------------------------------------------------

(property_declaration (property_element name: (variable_name (name) @name))) @definition.property
(property_promotion_parameter name: [
  (variable_name (name) @name)
  (by_ref (variable_name (name) @name))
]) @definition.property

(declaration_list (const_declaration (const_element . (name) @name)) @definition.constant)
(enum_declaration_list (const_declaration (const_element . (name) @name)) @definition.constant)
(program (const_declaration (const_element . (name) @name)) @definition.constant)
(namespace_definition body: (compound_statement
  (const_declaration (const_element . (name) @name)) @definition.constant))

([
  (program (expression_statement
    (function_call_expression
      function: (name) @_define
      arguments: (arguments . (argument [
        (string (string_content) @name)
        (encapsed_string (string_content) @name)
      ])))) @definition.constant)
  (namespace_definition body: (compound_statement (expression_statement
    (function_call_expression
      function: (name) @_define
      arguments: (arguments . (argument [
        (string (string_content) @name)
        (encapsed_string (string_content) @name)
      ])))) @definition.constant))
] (#eq? @_define "define"))

; ---- references ----------------------------------------------------------------------------------

(function_call_expression function: [
  (name) @name
  (qualified_name (name) @name)
]) @reference.call
(member_call_expression name: (name) @name) @reference.call
(nullsafe_member_call_expression name: (name) @name) @reference.call
(scoped_call_expression name: (name) @name) @reference.call

(object_creation_expression [
  (name) @name
  (qualified_name (name) @name)
]) @reference.class

(base_clause [
  (name) @name
  (qualified_name (name) @name)
] @reference.implementation)
(class_interface_clause [
  (name) @name
  (qualified_name (name) @name)
] @reference.implementation)
