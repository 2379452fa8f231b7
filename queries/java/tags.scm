; arborist tags for Java (tree-sitter-java 0.23). Vocabulary: queries/README.md.
; Annotations are `modifiers` inside the declaration node, so a definition starts at its first
; annotation. Javadoc comments are preceding siblings; the engine collects them.
; Members of anonymous classes (object_creation_expression bodies) are not tagged: they are local
; to a method body. Members of enum-constant bodies are tagged under the constant.

; ---- types -------------------------------------------------------------------------------

(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(annotation_type_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum

(enum_body (enum_constant name: (identifier) @name) @definition.enum_member)

; record components are the record's fields
(record_declaration
  parameters: (formal_parameters
    (formal_parameter name: (identifier) @name) @definition.field))

; ---- constructors --------------------------------------------------------------------------

(constructor_declaration name: (identifier) @name) @definition.constructor
(compact_constructor_declaration name: (identifier) @name) @definition.constructor

; ---- methods: in class, record, enum, interface and enum-constant bodies -----------------------

; (rooted at the body, its owner checked with #parent-is?: the members are then children of the node
; the query starts at, whose neighbours extraction reads once; the class_body of an anonymous class is
; left out)
((class_body (method_declaration name: (identifier) @name) @definition.method) @_body
  (#parent-is? @_body class_declaration record_declaration enum_constant))
(enum_body_declarations (method_declaration name: (identifier) @name) @definition.method)
(interface_body (method_declaration name: (identifier) @name) @definition.method)
(annotation_type_body
  (annotation_type_element_declaration name: (identifier) @name) @definition.method)

; ---- fields: one match per declarator; the definition node is the whole field_declaration ---

((class_body
    (field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field) @_body
  (#parent-is? @_body class_declaration record_declaration enum_constant))
(enum_body_declarations
  (field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field)

; interface and annotation constants are implicitly static final
(interface_body
  (constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant)
(annotation_type_body
  (constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant)

; ---- references ------------------------------------------------------------------------------

(method_invocation name: (identifier) @name) @reference.call

(object_creation_expression
  type: [
    (type_identifier) @name
    (generic_type (type_identifier) @name)
    (generic_type (scoped_type_identifier (type_identifier) @name .))
    (scoped_type_identifier (type_identifier) @name .)
  ]) @reference.class

(superclass
  [
    (type_identifier) @name
    (generic_type (type_identifier) @name)
    (generic_type (scoped_type_identifier (type_identifier) @name .))
    (scoped_type_identifier (type_identifier) @name .)
  ] @reference.implementation)

([(super_interfaces (type_list
    [
      (type_identifier) @name
      (generic_type (type_identifier) @name)
      (generic_type (scoped_type_identifier (type_identifier) @name .))
      (scoped_type_identifier (type_identifier) @name .)
    ] @reference.implementation))
  (extends_interfaces (type_list
    [
      (type_identifier) @name
      (generic_type (type_identifier) @name)
      (generic_type (scoped_type_identifier (type_identifier) @name .))
      (scoped_type_identifier (type_identifier) @name .)
    ] @reference.implementation))])
