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

; Compile cost (tree-sitter's query analysis) is paid per named parent, for every path through its
; children until the pattern is done: a first step that some children fail (`declaration_kind:
; "struct"` on a class) walks the rest of the declaration. So the keyword is matched with `_` and
; checked with #eq?, and the name with `_`: a class, struct, actor or enum name is always a
; type_identifier (only an extension's name is a type).
((class_declaration declaration_kind: _ @_kind name: _ @name) @definition.class
  (#any-of? @_kind "class" "actor"))
((class_declaration declaration_kind: _ @_kind name: _ @name) @definition.struct
  (#eq? @_kind "struct"))
((class_declaration declaration_kind: _ @_kind name: _ @name) @definition.enum
  (#eq? @_kind "enum"))
(protocol_declaration name: (type_identifier) @name) @definition.interface

; `(user_type …)` would be a parent analysed at every place a type can start (costly): the wildcard
; parent is not analysed, and #parent-is? keeps it a user_type.
((class_declaration
  declaration_kind: _ @_kind
  name: [
    (_ (type_identifier) @name .)
    (_ (type_identifier) @name . (type_arguments))
  ]) @definition.impl
  (#eq? @_kind "extension")
  (#parent-is? @name user_type))

(typealias_declaration name: (type_identifier) @name) @definition.type
(associatedtype_declaration name: (type_identifier) @name) @definition.type

(enum_class_body (enum_entry (simple_identifier) @name) @definition.enum_member)

; ---- functions, initializers, subscripts ---------------------------------------------------------

; named and operator functions. `name: _` because a name step that some names fail (an operator
; against `(simple_identifier)`) makes the query analysis walk the rest of every function_declaration
; (parameters' default values: the whole expression grammar), ~110 ms. The `name` field also holds
; the return type (inherited from the grammar's hidden `_type`), which comes after the parameters:
; the "(" after the name (the parameter list always starts with one) leaves it out.
(function_declaration name: _ @name "(") @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.method
(init_declaration "init" @name) @definition.constructor
(deinit_declaration "deinit" @name) @definition.method
(subscript_declaration "subscript" @name) @definition.property

; ---- properties: one match per name; the definition node is the whole declaration ----------------

((property_declaration (pattern bound_identifier: (simple_identifier) @name)) @definition.property
  (#parent-is? @definition.property class_body enum_class_body))
(protocol_body
  (protocol_property_declaration (pattern bound_identifier: (simple_identifier) @name)) @definition.property)

((property_declaration
   (value_binding_pattern mutability: "let")
   (pattern bound_identifier: (simple_identifier) @name)) @definition.constant
  (#parent-is? @definition.constant source_file))
((property_declaration (pattern bound_identifier: (simple_identifier) @name)) @definition.variable
  (#parent-is? @definition.variable source_file))

; ---- references ------------------------------------------------------------------------------

; a navigation_suffix is only ever a navigation_expression's `suffix`, so its parent needs no name
; (a named parent here costs ~4 ms of analysis); the wildcard comes first, so the analysis matches
; every callee at once
(call_expression . [
  (_ suffix: (navigation_suffix suffix: (simple_identifier) @name))
  (simple_identifier) @name
]) @reference.call

((inheritance_specifier inherits_from: [
  (_ (type_identifier) @name .)
  (_ (type_identifier) @name . (type_arguments))
] @reference.implementation)
  (#parent-is? @name user_type))
