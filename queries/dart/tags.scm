; arborist tags for Dart (tree-sitter-dart 0.3). Vocabulary: queries/README.md.
;
; Kinds: class (also `class A = B with C` and `extension type`) and mixin = class; enum = enum, its
; values = enum_member; function = function, method in a class, mixin, enum or extension body;
; operator = method named by its operator (`+`, `[]`); constructor = constructor: unnamed ones are
; named like the class (`Point/Point`), named ones by the part after the dot (`Point.polar` is
; `Point/polar`), factory and const constructors alike; getter and setter = property (a getter and
; setter pair are two same-named siblings); field = field (one per name), `static const` = constant;
; top-level `const` = constant, other top-level variables = variable (one per name); `typedef` =
; type. Local functions are tagged (`main/log`), local variables are not.
;
; `extension X on Foo { ... }` (named or not) is a @definition.impl named by `Foo`: its members move
; under `Foo` when the file defines it, else under an `Object` symbol named `Foo`.
;
; A class member is the whole `member_declaration` (annotations and the `;` included); annotations
; are inside every declaration, so a definition starts at its first annotation. `///` and `/** */`
; doc comments are preceding siblings (textobjects.scm marks them).

; ---- types -----------------------------------------------------------------------------------

(class_declaration name: (identifier) @name) @definition.class
(class_declaration (mixin_application_class . (identifier) @name)) @definition.class
(mixin_declaration name: (identifier) @name) @definition.class
(extension_type_declaration name: (extension_type_name (identifier) @name)) @definition.class
(extension_type_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.enum

(enum_body (enum_entry name: (identifier) @name) @definition.enum_member)

(type_alias (type_identifier) @name) @definition.type

(extension_declaration class: (type [
  (type_identifier) @name
  (qualified_name (type_identifier) @name .)
])) @definition.impl

; ---- class, mixin, enum and extension members (the node is the member_declaration) --------------

; constructors: named ones first (the first pattern wins for a node)
(member_declaration [
  (declaration [
    (constructor_signature "." (identifier) @name)
    (constant_constructor_signature "." (identifier) @name)
    (factory_constructor_signature "." (identifier) @name)
    (redirecting_factory_constructor_signature "." (identifier) @name)
  ])
  (method_declaration (method_signature [
    (constructor_signature "." (identifier) @name)
    (factory_constructor_signature "." (identifier) @name)
  ]))
]) @definition.constructor
((member_declaration
  (declaration [
    (constructor_signature . (identifier) @name)
    (constant_constructor_signature . (identifier) @name)
    (factory_constructor_signature . (identifier) @name)
    (redirecting_factory_constructor_signature . (identifier) @name)
  ] @_sig)) @definition.constructor
  (#not-match? @_sig "^[^(]*[.]"))
((member_declaration
  (method_declaration (method_signature [
    (constructor_signature . (identifier) @name)
    (factory_constructor_signature . (identifier) @name)
  ] @_sig))) @definition.constructor
  (#not-match? @_sig "^[^(]*[.]"))

(member_declaration [
  (declaration (function_signature name: (identifier) @name))
  (method_declaration (method_signature (function_signature name: (identifier) @name)))
]) @definition.method

(member_declaration [
  (declaration (operator_signature operator: _ @name))
  (method_declaration (method_signature (operator_signature operator: _ @name)))
]) @definition.method

(member_declaration [
  (declaration [
    (getter_signature name: (identifier) @name)
    (setter_signature name: (identifier) @name)
  ])
  (method_declaration (method_signature [
    (getter_signature name: (identifier) @name)
    (setter_signature name: (identifier) @name)
  ]))
]) @definition.property

; fields: one match per name; `static const` first
(member_declaration
  (declaration "const"
    (static_final_declaration_list (static_final_declaration name: (identifier) @name)))) @definition.constant
(member_declaration
  (declaration
    (static_final_declaration_list (static_final_declaration name: (identifier) @name)))) @definition.field
(member_declaration
  (declaration
    (initialized_identifier_list (initialized_identifier name: (identifier) @name)))) @definition.field
(member_declaration
  (declaration (identifier_list (identifier) @name))) @definition.field

; ---- top level -------------------------------------------------------------------------------

(function_declaration signature: (function_signature name: (identifier) @name)) @definition.function
(external_function_declaration signature: (function_signature name: (identifier) @name)) @definition.function
(getter_declaration signature: (getter_signature name: (identifier) @name)) @definition.property
(setter_declaration signature: (setter_signature name: (identifier) @name)) @definition.property

(top_level_variable_declaration
  modifier: "const"
  (static_final_declaration_list (static_final_declaration name: (identifier) @name))) @definition.constant
(top_level_variable_declaration
  (static_final_declaration_list (static_final_declaration name: (identifier) @name))) @definition.variable
(top_level_variable_declaration
  (initialized_identifier_list (initialized_identifier name: (identifier) @name))) @definition.variable

; ---- local functions ---------------------------------------------------------------------------

(local_function_declaration (function_signature name: (identifier) @name)) @definition.function

; ---- references ------------------------------------------------------------------------------

(superclass type: (type (type_identifier) @name) @reference.implementation)
(superclass (mixins (type (type_identifier) @name) @reference.implementation))
(interfaces (type (type_identifier) @name) @reference.implementation)
