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

; Compile cost. tree-sitter's query analysis runs once per named parent of a pattern (wildcard and
; ERROR parents excepted), over every place the parent can occur, following each path through its
; children until the pattern is done: a child step that some paths fail (a `val` step against a
; `var`, a `variable_declaration` against a destructuring `multi_variable_declaration`) makes them
; walk the whole rest of the node, initializer expressions included. So: a wildcard step that every
; path matches, with #eq? or #parent-is? saying what it must be; #parent-is? on a pattern's root
; instead of a parent above it (source_file alone costs ~3 ms each time); and one pattern with a
; list of parents instead of one pattern per parent.

; ---- types (anywhere: nested and local classes are tagged) -------------------------------------

((class_declaration _ @_kw (type_identifier) @name) @definition.interface (#eq? @_kw "interface"))
((class_declaration _ @_kw (type_identifier) @name) @definition.enum (#eq? @_kw "enum"))
(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.class
(companion_object (type_identifier) @name) @definition.class
((companion_object "companion" @name) @definition.class
  (#not-match? @definition.class "^[^{]*\\bobject\\s+[A-Za-z_`]"))

(type_alias (type_identifier) @name) @definition.type

; an enum_entry is only ever in an enum_class_body
(enum_entry (simple_identifier) @name) @definition.enum_member

; `val`/`var` parameters of a primary constructor are properties (a class_parameter is only ever in a
; primary_constructor, and that only in a class_declaration)
(class_parameter (binding_pattern_kind) (simple_identifier) @name) @definition.property

; ---- top level -------------------------------------------------------------------------------
; Extension functions and properties first: the first pattern wins for a node. A property's name is
; `(_ (simple_identifier) @name)` checked to be in its variable_declaration (see above: a
; `(variable_declaration …)` step costs ~4 ms per pattern). The receiver's last type_identifier is in
; a wildcard parent checked to be a user_type (receiver_type holds only user_type, nullable_type,
; parenthesized_type and type_modifiers, and only user_type holds a type_identifier).

((function_declaration
   receiver: (receiver_type [
     (_ (type_identifier) @receiver .)
     (_ (type_identifier) @receiver . (type_arguments))
     (nullable_type (_ (type_identifier) @receiver .))
     (nullable_type (_ (type_identifier) @receiver . (type_arguments)))
   ])
   (simple_identifier) @name) @definition.function
  (#parent-is? @definition.function source_file)
  (#parent-is? @receiver user_type))
((property_declaration
   receiver: (receiver_type [
     (_ (type_identifier) @receiver .)
     (_ (type_identifier) @receiver . (type_arguments))
     (nullable_type (_ (type_identifier) @receiver .))
     (nullable_type (_ (type_identifier) @receiver . (type_arguments)))
   ])
   (_ (simple_identifier) @name)) @definition.property
  (#parent-is? @definition.property source_file)
  (#parent-is? @receiver user_type)
  (#parent-is? @name variable_declaration))

; functions at the top level, local functions (in function bodies, lambdas, init blocks) and
; functions of an enum body
((function_declaration (simple_identifier) @name) @definition.function
  (#parent-is? @definition.function source_file statements enum_class_body))
; `const` is only ever a property_modifier in a `modifiers`
((property_declaration
   (_ (property_modifier "const"))
   (_ (simple_identifier) @name)) @definition.constant
  (#parent-is? @definition.constant source_file)
  (#parent-is? @name variable_declaration))
((property_declaration (_ (simple_identifier) @name)) @definition.variable
  (#parent-is? @definition.variable source_file)
  (#parent-is? @name variable_declaration))

; ---- members of classes, interfaces, objects, companions and enums ----------------------------
; The body owners (not object literals) are the class_body's parent; each pattern also looks inside
; an ERROR (see above).

((class_body (function_declaration (simple_identifier) @name) @definition.function) @_body
  (#parent-is? @_body class_declaration object_declaration companion_object))
((class_body (ERROR (function_declaration (simple_identifier) @name) @definition.function)) @_body
  (#parent-is? @_body class_declaration object_declaration companion_object))
(enum_class_body (ERROR (function_declaration (simple_identifier) @name) @definition.function))
((class_body (function_declaration (simple_identifier) @name) @definition.method) @_body
  (#parent-is? @_body enum_entry))
((class_body (ERROR (function_declaration (simple_identifier) @name) @definition.method)) @_body
  (#parent-is? @_body enum_entry))

; a secondary_constructor is only ever in a class_body or an enum_class_body
(secondary_constructor "constructor" @name) @definition.constructor

; properties: `const val` first. A getter or setter on the lines below a property is a sibling of the
; property in this grammar, not part of it: it is the property's @trailer, so the property's range (and a
; replacement of it) covers it. These patterns come before the plain ones and win.
((class_body
   (property_declaration (_ (simple_identifier) @name)) @definition.property
   . [(getter) (setter)] . [(getter) (setter)] @trailer)
  (#parent-is? @name variable_declaration))
((class_body
   (property_declaration (_ (simple_identifier) @name)) @definition.property
   . [(getter) (setter)] @trailer)
  (#parent-is? @name variable_declaration))
((property_declaration
   (_ (property_modifier "const"))
   (_ (simple_identifier) @name)) @definition.constant
  (#parent-is? @definition.constant class_body)
  (#parent-is? @name variable_declaration))
((class_body (property_declaration (_ (simple_identifier) @name)) @definition.property) @_body
  (#parent-is? @_body class_declaration object_declaration companion_object enum_entry)
  (#parent-is? @name variable_declaration))
((class_body (ERROR (property_declaration (_ (simple_identifier) @name)) @definition.property)) @_body
  (#parent-is? @_body class_declaration object_declaration companion_object)
  (#parent-is? @name variable_declaration))
((property_declaration (_ (simple_identifier) @name)) @definition.property
  (#parent-is? @definition.property enum_class_body)
  (#parent-is? @name variable_declaration))

; ---- references ------------------------------------------------------------------------------
; the wildcard comes first so the analysis matches every callee at once; #parent-is? makes it a
; navigation_expression

((call_expression . [
   (_ (navigation_suffix (simple_identifier) @name) @_suffix .)
   (simple_identifier) @name
 ]) @reference.call
  (#parent-is? @_suffix navigation_expression))

(constructor_invocation (user_type (type_identifier) @name .)) @reference.class

(delegation_specifier [
  (user_type (type_identifier) @name .)
  (constructor_invocation (user_type (type_identifier) @name .))
] @reference.implementation)
