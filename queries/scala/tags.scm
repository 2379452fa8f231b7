; arborist tags for Scala 2 and 3 (tree-sitter-scala 0.26). Vocabulary: queries/README.md.
;
; Kinds: `package p { ... }` with a body = namespace (a `package p` header is not tagged: it is one
; line, and as the first symbol it would make the engine count the blank lines around the imports as
; the spacing between top-level definitions); class and case class = class; trait = interface;
; object, case object and package object = module; enum (Scala 3) = enum, its cases = enum_member;
; `def` = method in a class, trait, object, enum, given or extension body, function elsewhere
; (top level, nested in a block); an auxiliary constructor `def this(...)` = constructor named
; `this`; `type` and `opaque type` = type; `val` in an object body = constant; other `val`/`var` in a
; class, trait, object or enum body, `val`/`var` class parameters and case-class parameters = field;
; top-level `val`/`var` (Scala 3) = variable; a named `given` = variable (anonymous givens are not
; tagged).
;
; Scala 3 `extension (s: Shape) def f = ...` is a @definition.impl named by the type of its first
; parameter: its methods move under `Shape` when the file defines it (`Shape/f`).
;
; Annotations are inside the definition node, so a definition starts at its first annotation;
; Scaladoc comments are preceding siblings (textobjects.scm marks them).
; Grammar quirk: a definition whose body is an indented block (Scala 3 braceless syntax) ends where
; the next definition starts, so its range takes in the blank lines and comments below it.

; ---- packages, types ----------------------------------------------------------------------------

(package_clause name: (package_identifier) @name body: (_)) @definition.namespace

(class_definition name: (_) @name) @definition.class
(trait_definition name: (_) @name) @definition.interface
(object_definition name: (_) @name) @definition.module
(package_object name: (_) @name) @definition.module
(enum_definition name: (_) @name) @definition.enum
(type_definition name: (type_identifier) @name) @definition.type

((simple_enum_case name: (_) @name) @definition.enum_member
  (#parent-is? @definition.enum_member enum_case_definitions))
((full_enum_case name: (_) @name) @definition.enum_member
  (#parent-is? @definition.enum_member enum_case_definitions))

; class parameters: `val`/`var` ones (of a class or an enum), and every parameter of a case class
((class_parameters (class_parameter ["val" "var"] name: (_) @name) @definition.field) @_params
  (#parent-is? @_params class_definition enum_definition))
(class_definition "case"
  (class_parameters (class_parameter name: (_) @name) @definition.field))

; ---- members of classes, traits, objects, enums, givens ------------------------------------------
; Rooted at the body, checking its parent (a template_body is also the body of a package, a package
; object, a given and an anonymous class). Where several patterns tag the same node, the first one
; wins: a class's `def this` is its constructor (not a method), a `val` in an object is a constant
; (not a field).

((template_body (function_definition name: (_) @name) @definition.constructor) @_body
  (#eq? @name "this")
  (#parent-is? @_body class_definition))
((template_body
  (val_definition pattern: [(identifier) @name (identifiers (identifier) @name)]) @definition.constant) @_body
  (#parent-is? @_body object_definition))
((template_body [
    (function_definition name: (_) @name) @definition.method
    (function_declaration name: (_) @name) @definition.method
    (val_definition pattern: [(identifier) @name (identifiers (identifier) @name)]) @definition.field
    (var_definition pattern: [(identifier) @name (identifiers (identifier) @name)]) @definition.field
    (val_declaration name: (_) @name) @definition.field
    (var_declaration name: (_) @name) @definition.field
  ]) @_body
  (#parent-is? @_body class_definition trait_definition object_definition))

((template_body [
    (function_definition name: (_) @name) @definition.function
    (val_definition pattern: (identifier) @name) @definition.constant
    (var_definition pattern: (identifier) @name) @definition.variable
  ]) @_body
  (#parent-is? @_body package_object))

((enum_body [
    (function_definition name: (_) @name) @definition.method
    (function_declaration name: (_) @name) @definition.method
    (val_definition pattern: (identifier) @name) @definition.field
    (var_definition pattern: (identifier) @name) @definition.field
  ]) @_body
  (#parent-is? @_body enum_definition))

([(with_template_body (function_definition name: (_) @name) @definition.method)
  (template_body (function_definition name: (_) @name) @definition.method)] @_body
  (#parent-is? @_body given_definition))

([(function_definition name: (_) @name) (function_declaration name: (_) @name)] @definition.method
  (#parent-is? @definition.method extension_definition))

; ---- top level (also inside `package p { ... }`) -------------------------------------------------

([(val_definition pattern: (identifier) @name) (var_definition pattern: (identifier) @name)] @definition.variable
  (#parent-is? @definition.variable compilation_unit))
((template_body [
    (function_definition name: (_) @name) @definition.function
    (val_definition pattern: (identifier) @name) @definition.variable
  ]) @_body
  (#parent-is? @_body package_clause))
; a named given at top level or in any template body (package, class, object, anonymous class...)
((given_definition name: (_) @name) @definition.variable
  (#parent-is? @definition.variable compilation_unit template_body))

; ---- functions at top level and local functions (in a block or an indented block) ----------------
; broken code: a `def` the parser could not place (in an ERROR) is a function too

((function_definition name: (_) @name) @definition.function
  (#parent-is? @definition.function compilation_unit block indented_block ERROR))

; ---- extension containers --------------------------------------------------------------------------

(extension_definition
  parameters: (parameters . (parameter type: [
    (type_identifier) @name
    (stable_type_identifier (type_identifier) @name .)
    (generic_type type: [(type_identifier) @name (stable_type_identifier (type_identifier) @name .)])
  ]))) @definition.impl

; ---- references ------------------------------------------------------------------------------

(call_expression function: [
  (identifier) @name
  (field_expression field: (identifier) @name)
  (generic_function function: (identifier) @name)
]) @reference.call

(instance_expression [
  (type_identifier) @name
  (generic_type type: (type_identifier) @name)
]) @reference.class

(extends_clause type: [
  (type_identifier) @name
  (generic_type type: (type_identifier) @name)
] @reference.implementation)
