; arborist tags for Kotlin (tree-sitter-kotlin-sg 0.4). Vocabulary: queries/README.md.
;
; Kinds: `interface` and `fun interface` = interface; `enum class` = enum, its entries = enum_member;
; other classes (data, sealed, value, annotation, inner) = class; `object` = class; companion
; object = class named by its name, or `companion` when it has none; function = function, method
; in a class, object or interface body (the engine turns functions in types into methods) and in an
; enum entry's body; secondary constructor = constructor named `constructor`; `typealias` = type;
; property in a type body and `val`/`var` constructor parameter = property; top-level `const val` =
; constant, other top-level `val`/`var` = variable; `const val` in an object = constant.
;
; Extension functions and properties at the top level (`fun Foo.bar()`, `val Foo.baz`) name their
; receiver type with @receiver: the engine attaches them to `Foo` when the file defines it, else to
; an `Object` symbol standing for it (`String/orEmpty`). Member extensions stay in their type.
;
; Annotations are `modifiers` inside the declaration node, so a definition starts at its first
; annotation; KDoc comments are preceding siblings (textobjects.scm marks them).
; Members of object literals (`object : Runnable { ... }`) are not tagged. The `package` header is
; not tagged (as in Java): it is one line, and as the first symbol of the file the engine would count
; the blank lines around the imports below it as the spacing between top-level declarations.
;
; Grammar quirks: a `get()`/`set()` on its own line below a property is the property's next sibling,
; not its child, so the property's range is its declaration line(s) only. A class body whose last
; member is followed by `}` on the same line (`interface A { fun run() }`) wraps that member in an
; ERROR node: the patterns below also look inside such an ERROR, so the member is still tagged.

; ---- types (anywhere: nested and local classes are tagged) -------------------------------------

(class_declaration "interface" (type_identifier) @name) @definition.interface
(class_declaration "enum" (type_identifier) @name) @definition.enum
(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.class
(companion_object (type_identifier) @name) @definition.class
((companion_object "companion" @name) @definition.class
  (#not-match? @definition.class "^[^{]*\\bobject\\s+[A-Za-z_`]"))

(type_alias (type_identifier) @name) @definition.type

(enum_class_body (enum_entry (simple_identifier) @name) @definition.enum_member)

; `val`/`var` parameters of a primary constructor are properties
(class_declaration
  (primary_constructor
    (class_parameter (binding_pattern_kind) (simple_identifier) @name) @definition.property))

; ---- top level -------------------------------------------------------------------------------
; Extension functions and properties first: the first pattern wins for a node.

(source_file
  (function_declaration
    receiver: (receiver_type [
      (user_type (type_identifier) @receiver .)
      (user_type (type_identifier) @receiver . (type_arguments))
      (nullable_type (user_type (type_identifier) @receiver .))
      (nullable_type (user_type (type_identifier) @receiver . (type_arguments)))
    ])
    (simple_identifier) @name) @definition.function)
(source_file
  (property_declaration
    receiver: (receiver_type [
      (user_type (type_identifier) @receiver .)
      (user_type (type_identifier) @receiver . (type_arguments))
      (nullable_type (user_type (type_identifier) @receiver .))
      (nullable_type (user_type (type_identifier) @receiver . (type_arguments)))
    ])
    (variable_declaration (simple_identifier) @name)) @definition.property)

(source_file (function_declaration (simple_identifier) @name) @definition.function)
(source_file
  (property_declaration
    (modifiers (property_modifier "const"))
    (variable_declaration (simple_identifier) @name)) @definition.constant)
(source_file
  (property_declaration (variable_declaration (simple_identifier) @name)) @definition.variable)

; ---- local functions (in function bodies, lambdas, init blocks) ---------------------------------

(statements (function_declaration (simple_identifier) @name) @definition.function)

; ---- members of classes, interfaces, objects, companions and enums ----------------------------
; One pattern per body owner (not object literals); each also looks inside an ERROR (see above).

(class_declaration (class_body (function_declaration (simple_identifier) @name) @definition.function))
(class_declaration (class_body (ERROR (function_declaration (simple_identifier) @name) @definition.function)))
(object_declaration (class_body (function_declaration (simple_identifier) @name) @definition.function))
(object_declaration (class_body (ERROR (function_declaration (simple_identifier) @name) @definition.function)))
(companion_object (class_body (function_declaration (simple_identifier) @name) @definition.function))
(companion_object (class_body (ERROR (function_declaration (simple_identifier) @name) @definition.function)))
(enum_class_body (function_declaration (simple_identifier) @name) @definition.function)
(enum_class_body (ERROR (function_declaration (simple_identifier) @name) @definition.function))
(enum_entry (class_body (function_declaration (simple_identifier) @name) @definition.method))
(enum_entry (class_body (ERROR (function_declaration (simple_identifier) @name) @definition.method)))

(class_body (secondary_constructor "constructor" @name) @definition.constructor)
(enum_class_body (secondary_constructor "constructor" @name) @definition.constructor)

; properties: `const val` first. A getter or setter on the lines below a property is a sibling of the
; property in this grammar, not part of it: it is the property's @trailer, so the property's range (and a
; replacement of it) covers it. These patterns come before the plain ones and win.
(class_body
  (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property
  . [(getter) (setter)] . [(getter) (setter)] @trailer)
(class_body
  (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property
  . [(getter) (setter)] @trailer)
(class_body
  (property_declaration
    (modifiers (property_modifier "const"))
    (variable_declaration (simple_identifier) @name)) @definition.constant)
(class_declaration (class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property))
(class_declaration (class_body (ERROR (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property)))
(object_declaration (class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property))
(object_declaration (class_body (ERROR (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property)))
(companion_object (class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property))
(companion_object (class_body (ERROR (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property)))
(enum_class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property)
(enum_entry (class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property))

; ---- references ------------------------------------------------------------------------------

(call_expression . (simple_identifier) @name) @reference.call
(call_expression
  . (navigation_expression (navigation_suffix (simple_identifier) @name) .)) @reference.call

(constructor_invocation (user_type (type_identifier) @name .)) @reference.class

(delegation_specifier [
  (user_type (type_identifier) @name .)
  (constructor_invocation (user_type (type_identifier) @name .))
] @reference.implementation)
