; arborist tags for Swift (tree-sitter-swift 0.7). Vocabulary: queries/README.md.
;
; Kinds: `class` and `actor` = class; `struct` = struct; `enum` = enum, its cases = enum_member
; (one per name: `case a, b`); `protocol` = interface, its requirements = method / property /
; constructor, `associatedtype` = type; `func` = function, method in a type (the engine turns
; functions in types into methods), operator functions named by their operator (`+`); `init` =
; constructor named `init`; `deinit` = method named `deinit`; `subscript` = property named
; `subscript`; `typealias` = type; `let`/`var` in a type = property (one per name); top-level `let`
; = constant, top-level `var` = variable. Locals (in function bodies) are not tagged; nested
; functions and types are.
;
; `extension Foo { ... }` is a @definition.impl named by the extended type (the last identifier of
; `Outer.Inner`, without generic arguments): its members move under `Foo` when the file defines it,
; else under an `Object` symbol named `Foo` that collects the file's extensions of it.
;
; Attributes (`@MainActor`, `@objc`, `@discardableResult`) are `modifiers` inside the declaration,
; so a definition starts at its first attribute; `///` and `/** */` doc comments are preceding
; siblings (textobjects.scm marks them).

; ---- types -----------------------------------------------------------------------------------

(class_declaration declaration_kind: "class" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "actor" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @definition.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @definition.enum
(protocol_declaration name: (type_identifier) @name) @definition.interface

(class_declaration
  declaration_kind: "extension"
  name: [
    (user_type (type_identifier) @name .)
    (user_type (type_identifier) @name . (type_arguments))
  ]) @definition.impl

(typealias_declaration name: (type_identifier) @name) @definition.type
(associatedtype_declaration name: (type_identifier) @name) @definition.type

(enum_class_body (enum_entry (simple_identifier) @name) @definition.enum_member)

; ---- functions, initializers, subscripts ---------------------------------------------------------

; one pattern for named and operator functions: the query's analysis of a function_declaration pattern
; takes ~110 ms for this grammar, each
(function_declaration
  name: [(simple_identifier)
         "!=" "!==" "%" "%=" "&" "*" "*=" "+" "++" "+=" "-" "--" "-=" "/" "/=" "<" "<<" "<="
         "=" "==" "===" ">" ">=" ">>" "^" "|" "~" (bang) (custom_operator)] @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.method
(init_declaration "init" @name) @definition.constructor
(deinit_declaration "deinit" @name) @definition.method
(subscript_declaration "subscript" @name) @definition.property

; ---- properties: one match per name; the definition node is the whole declaration ----------------

(class_body
  (property_declaration (pattern bound_identifier: (simple_identifier) @name)) @definition.property)
(enum_class_body
  (property_declaration (pattern bound_identifier: (simple_identifier) @name)) @definition.property)
(protocol_body
  (protocol_property_declaration (pattern bound_identifier: (simple_identifier) @name)) @definition.property)

(source_file
  (property_declaration
    (value_binding_pattern mutability: "let")
    (pattern bound_identifier: (simple_identifier) @name)) @definition.constant)
(source_file
  (property_declaration (pattern bound_identifier: (simple_identifier) @name)) @definition.variable)

; ---- references ------------------------------------------------------------------------------

(call_expression . [
  (simple_identifier) @name
  (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @name))
]) @reference.call

(inheritance_specifier inherits_from: [
  (user_type (type_identifier) @name .)
  (user_type (type_identifier) @name . (type_arguments))
] @reference.implementation)
