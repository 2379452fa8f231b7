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

(enum_case_definitions (simple_enum_case name: (_) @name) @definition.enum_member)
(enum_case_definitions (full_enum_case name: (_) @name) @definition.enum_member)

; class parameters: `val`/`var` ones, and every parameter of a case class
(class_definition
  (class_parameters
    (class_parameter ["val" "var"] name: (_) @name) @definition.field))
(class_definition "case"
  (class_parameters (class_parameter name: (_) @name) @definition.field))
(enum_definition
  (class_parameters
    (class_parameter ["val" "var"] name: (_) @name) @definition.field))

; ---- members of classes, traits, objects, enums, givens ------------------------------------------

(class_definition body: (template_body
  (function_definition name: (identifier) @name (#eq? @name "this")) @definition.constructor))

(class_definition body: (template_body (function_definition name: (_) @name) @definition.method))
(class_definition body: (template_body (function_declaration name: (_) @name) @definition.method))
(trait_definition body: (template_body (function_definition name: (_) @name) @definition.method))
(trait_definition body: (template_body (function_declaration name: (_) @name) @definition.method))
(object_definition body: (template_body (function_definition name: (_) @name) @definition.method))
(object_definition body: (template_body (function_declaration name: (_) @name) @definition.method))
(package_object body: (template_body (function_definition name: (_) @name) @definition.function))
(enum_definition body: (enum_body (function_definition name: (_) @name) @definition.method))
(enum_definition body: (enum_body (function_declaration name: (_) @name) @definition.method))
(given_definition body: (with_template_body (function_definition name: (_) @name) @definition.method))
(given_definition body: (template_body (function_definition name: (_) @name) @definition.method))
(extension_definition (function_definition name: (_) @name) @definition.method)
(extension_definition (function_declaration name: (_) @name) @definition.method)

(object_definition body: (template_body
  (val_definition pattern: (identifier) @name) @definition.constant))
(object_definition body: (template_body
  (val_definition pattern: (identifiers (identifier) @name)) @definition.constant))
(object_definition body: (template_body (var_definition pattern: (identifier) @name) @definition.field))
(object_definition body: (template_body
  (var_definition pattern: (identifiers (identifier) @name)) @definition.field))
(object_definition body: (template_body (val_declaration name: (_) @name) @definition.field))
(object_definition body: (template_body (var_declaration name: (_) @name) @definition.field))

(package_object body: (template_body (val_definition pattern: (identifier) @name) @definition.constant))
(package_object body: (template_body (var_definition pattern: (identifier) @name) @definition.variable))

([(class_definition body: (template_body [
    (val_definition pattern: (identifier) @name)
    (val_definition pattern: (identifiers (identifier) @name))
    (var_definition pattern: (identifier) @name)
    (var_definition pattern: (identifiers (identifier) @name))
    (val_declaration name: (_) @name)
    (var_declaration name: (_) @name)
  ] @definition.field))
  (trait_definition body: (template_body [
    (val_definition pattern: (identifier) @name)
    (val_definition pattern: (identifiers (identifier) @name))
    (var_definition pattern: (identifier) @name)
    (var_definition pattern: (identifiers (identifier) @name))
    (val_declaration name: (_) @name)
    (var_declaration name: (_) @name)
  ] @definition.field))
  (enum_definition body: (enum_body [
    (val_definition pattern: (identifier) @name)
    (var_definition pattern: (identifier) @name)
  ] @definition.field))])

; ---- top level (also inside `package p { ... }`) -------------------------------------------------

(compilation_unit (function_definition name: (_) @name) @definition.function)
(compilation_unit (val_definition pattern: (identifier) @name) @definition.variable)
(compilation_unit (var_definition pattern: (identifier) @name) @definition.variable)
(compilation_unit (given_definition name: (_) @name) @definition.variable)
(package_clause body: (template_body (function_definition name: (_) @name) @definition.function))
(package_clause body: (template_body (val_definition pattern: (identifier) @name) @definition.variable))
(package_clause body: (template_body (given_definition name: (_) @name) @definition.variable))
(template_body (given_definition name: (_) @name) @definition.variable)

; ---- local functions (in a block or an indented block) -------------------------------------------

(block (function_definition name: (_) @name) @definition.function)
(indented_block (function_definition name: (_) @name) @definition.function)

; broken code: a `def` the parser could not place
(ERROR (function_definition name: (_) @name) @definition.function)

; ---- extension containers --------------------------------------------------------------------------

(extension_definition
  parameters: (parameters . (parameter type: [
    (type_identifier) @name
    (generic_type type: (type_identifier) @name)
    (stable_type_identifier (type_identifier) @name .)
    (generic_type type: (stable_type_identifier (type_identifier) @name .))
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
