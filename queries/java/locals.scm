; arborist locals for Java: methods, constructors, lambdas, blocks, loops, catch clauses and
; try-with-resources are scopes; parameters, local variables (with their declared type, or when declared
; `var` what their value is or an element of what the loop goes over), loop variables, catch parameters,
; resources and `instanceof` bindings bind names. `this` is an instance of the enclosing class, `super`
; its base. Vocabulary: queries/README.md.

; ---- scopes
[
  (method_declaration)
  (constructor_declaration)
  (lambda_expression)
  (block)
  (for_statement)
  (enhanced_for_statement)
  (catch_clause)
  (try_with_resources_statement)
  (switch_block)
] @local.scope
; an anonymous class's body: its fields are its own, not the enclosing class's
(object_creation_expression (class_body) @local.scope)

; ---- parameters
(formal_parameter type: (_) @local.type name: (identifier) @local.definition)
(spread_parameter (variable_declarator name: (identifier) @local.definition))
(catch_formal_parameter name: (identifier) @local.definition)
(inferred_parameters (identifier) @local.definition)
(lambda_expression parameters: (identifier) @local.definition)

; ---- local variables
(local_variable_declaration
  type: (_) @local.type
  declarator: (variable_declarator name: (identifier) @local.definition)
  (#not-eq? @local.type "var"))
; `var` is what the value is (`new T()`: a T), or an element of what the loop goes over
(local_variable_declaration
  type: (_) @_var
  declarator: (variable_declarator name: (identifier) @local.definition value: (_) @local.value)
  (#eq? @_var "var"))
(enhanced_for_statement
  type: (_) @local.type
  name: (identifier) @local.definition
  (#not-eq? @local.type "var"))
(enhanced_for_statement
  type: (_) @_var
  name: (identifier) @local.definition
  value: (_) @local.iterated
  (#eq? @_var "var"))
(resource type: (_) @local.type name: (identifier) @local.definition (#not-eq? @local.type "var"))
(resource type: (_) @_var name: (identifier) @local.definition value: (_) @local.value (#eq? @_var "var"))
(instanceof_expression right: (_) @local.type name: (identifier) @local.definition)

; ---- a class's fields, with their declared types (`this.parser.parse()`, `parser.parse()`); an anonymous
; class's are local to its body
(class_declaration body: (class_body
  (field_declaration type: (_) @local.type declarator: (variable_declarator name: (identifier) @local.field))))
(record_declaration body: (class_body
  (field_declaration type: (_) @local.type declarator: (variable_declarator name: (identifier) @local.field))))
(enum_declaration body: (enum_body (enum_body_declarations
  (field_declaration type: (_) @local.type declarator: (variable_declarator name: (identifier) @local.field)))))
(object_creation_expression (class_body
  (field_declaration type: (_) @local.type declarator: (variable_declarator name: (identifier) @local.definition))))

; ---- a `new` expression is an instance of its class
(object_creation_expression type: (_) @local.type) @local.instance

; ---- receivers
(this) @local.self
(super) @local.super
