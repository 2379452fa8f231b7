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

(enum_member_declaration_list
  (enum_member_declaration name: (identifier) @name) @definition.enum_member)

; record positional parameters are properties
(record_declaration
  (parameter_list (parameter name: (identifier) @name) @definition.property))

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

; fields: one match per declarator, the definition node is the whole declaration; `const` first
(field_declaration
  (modifier "const")
  (variable_declaration (variable_declarator name: (identifier) @name))) @definition.constant
(field_declaration
  (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(event_field_declaration
  (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field

; ---- local functions: nested in a method, or a top-level statement ---------------------------

(local_function_statement name: (identifier) @name) @definition.function

; ---- references ------------------------------------------------------------------------------

(invocation_expression
  function: [
    (identifier) @name
    (generic_name (identifier) @name)
    (member_access_expression name: [
      (identifier) @name
      (generic_name (identifier) @name)
    ])
  ]) @reference.call

(object_creation_expression
  type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name name: (identifier) @name)
    (qualified_name name: (generic_name (identifier) @name))
  ]) @reference.class

(base_list
  [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name name: (identifier) @name)
    (qualified_name name: (generic_name (identifier) @name))
    (primary_constructor_base_type type: [
      (identifier) @name
      (generic_name (identifier) @name)
      (qualified_name name: (identifier) @name)
    ])
  ] @reference.implementation)
