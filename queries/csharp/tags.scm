; arborist tags for C# (tree-sitter-c-sharp 0.23). Vocabulary: queries/README.md.
;
; Kinds: namespace (block or file-scoped) = namespace; class and `record`/`record class` = class;
; struct and `record struct` = struct; interface = interface; enum = enum, its members = enum_member;
; delegate = type; method = method; constructor = constructor; finalizer `~Foo()` = method named
; like its class; operator = method named by its token (`+`, `==`); conversion operator = method
; named by its target type (`implicit operator decimal` is `decimal`); property and indexer
; (named `this`) = property; record positional parameters = property (the compiler makes them
; properties); field = field, `const` field = constant; event field = field, event with accessors =
; property (the vocabulary has no event kind); local functions (also top-level ones) = function.
;
; A file-scoped `namespace X;` is its own line: the types after it are its siblings, not its children
; (a definition nests by range), so `namespace A; class B {}` gives `A` and `B` at the top level.
; Attributes are `attribute_list` children inside the declaration, so a definition starts at its
; first attribute; `///` doc comments are preceding siblings (textobjects.scm marks them).
; Primary-constructor parameters of classes and structs are parameters, not members: not tagged.
; The parts of a `partial` type in one file are same-named siblings (`Foo[0]`, `Foo[1]`), each with
; its own members; a member's name path (`Foo/Bar`) resolves whichever part holds it.

; ---- namespaces and types ------------------------------------------------------------------

(namespace_declaration name: (_) @name) @definition.namespace
(file_scoped_namespace_declaration name: (_) @name) @definition.namespace

(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(delegate_declaration name: (identifier) @name) @definition.type

; `record struct` before plain records: the first pattern wins for a node.
(record_declaration "struct" name: (identifier) @name) @definition.struct
(record_declaration name: (identifier) @name) @definition.class

((enum_member_declaration name: (identifier) @name) @definition.enum_member
  (#parent-is? @definition.enum_member enum_member_declaration_list))

; record positional parameters are properties
((parameter_list (parameter name: (identifier) @name) @definition.property) @_parameters
  (#parent-is? @_parameters record_declaration))

; ---- members (in a namespace or type body, also in a `#if`/`#else` block there) --------------
; Not anchored at declaration_list: a member in a `#if X ... #else ... #endif` block of a type body is
; a child of preproc_if/preproc_else, and these nodes hold members only where a body holds them.

(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.constructor
(destructor_declaration name: (identifier) @name) @definition.method
(operator_declaration operator: _ @name) @definition.method
(conversion_operator_declaration type: (_) @name) @definition.method

(property_declaration name: (identifier) @name) @definition.property
(indexer_declaration "this" @name) @definition.property
(event_declaration name: (identifier) @name) @definition.property

; fields: one match per declarator, the definition node is the whole declaration; `const` first.
; The wildcard holding `@_declarator` is the variable_declaration (`#parent-is?` names it: a
; cheaper compile than a nested named parent).
((field_declaration
  (modifier "const")
  (_ (variable_declarator name: (identifier) @name) @_declarator)) @definition.constant
  (#parent-is? @_declarator variable_declaration))
((field_declaration
  (_ (variable_declarator name: (identifier) @name) @_declarator)) @definition.field
  (#parent-is? @_declarator variable_declaration))
((event_field_declaration
  (_ (variable_declarator name: (identifier) @name) @_declarator)) @definition.field
  (#parent-is? @_declarator variable_declaration))

; ---- local functions: nested in a method, or a top-level statement ---------------------------

(local_function_statement name: (identifier) @name) @definition.function

; ---- references ------------------------------------------------------------------------------
; A `name:` of a qualified_name or member_access_expression is an identifier or a generic_name, so
; `(_ (identifier) @name)` there is the generic_name (its one identifier child is its name).

(invocation_expression
  function: [
    (identifier) @name
    (generic_name (identifier) @name)
    (member_access_expression name: [
      (identifier) @name
      (_ (identifier) @name)
    ])
  ]) @reference.call

(object_creation_expression
  type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name name: [
      (identifier) @name
      (_ (identifier) @name)
    ])
  ]) @reference.class

(base_list
  [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name name: [
      (identifier) @name
      (_ (identifier) @name)
    ])
    (primary_constructor_base_type type: [
      (identifier) @name
      (generic_name (identifier) @name)
      (qualified_name name: (identifier) @name)
    ])
  ] @reference.implementation)
