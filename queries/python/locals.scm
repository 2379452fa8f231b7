; arborist locals for Python: which names a function, lambda, comprehension or class binds, so a use of a
; top-level symbol's name that is really a local, a parameter or a nested definition is not a reference.
; A name bound anywhere in a function is its local throughout (unless `global`/`nonlocal`); a class body's
; names are not seen by the functions nested in it. The module is the implicit outermost scope. A `for`
; loop's variable is typed as an element of what it loops over.

; ---- scopes
(function_definition) @local.scope
(lambda) @local.scope
[
  (list_comprehension)
  (set_comprehension)
  (dictionary_comprehension)
  (generator_expression)
] @local.scope
(class_definition) @local.scope.class

; ---- a def's or class's own name is bound where it is defined, not inside it
(function_definition name: (identifier) @local.definition.outer)
(class_definition name: (identifier) @local.definition.outer)

; ---- parameters; the receiver of a method (its first parameter, by convention `self` or `cls`)
(class_definition
  body: (block
    (function_definition
      parameters: (parameters . (identifier) @local.self)))
  (#any-of? @local.self "self" "cls" "mcs" "klass"))
(class_definition
  body: (block
    (decorated_definition
      definition: (function_definition
        parameters: (parameters . (identifier) @local.self))))
  (#any-of? @local.self "self" "cls" "mcs" "klass"))

(parameters (identifier) @local.definition)
(lambda_parameters (identifier) @local.definition)
(default_parameter name: (identifier) @local.definition)
(typed_parameter (identifier) @local.definition type: (type) @local.type)
(typed_default_parameter name: (identifier) @local.definition type: (type) @local.type)
(list_splat_pattern (identifier) @local.definition)
(dictionary_splat_pattern (identifier) @local.definition)

; ---- assignments and other binding statements (with the type of the value where the tree shows it)
(assignment left: (identifier) @local.definition)
(assignment left: (identifier) @local.definition type: (type) @local.type)
((assignment
  left: (identifier) @local.definition
  right: (_ function: [(identifier) (attribute)] @local.type))
  (#match? @local.type "(^|[.])[A-Z][A-Za-z0-9_]*$"))
; a value bound from an expression has its type (a call's: what the called function declares it returns)
(assignment left: (identifier) @local.definition right: (_) @local.value)
(augmented_assignment left: (identifier) @local.definition)
(pattern_list (identifier) @local.definition)
(tuple_pattern (identifier) @local.definition)
(list_pattern (identifier) @local.definition)
(for_statement left: (identifier) @local.definition right: (_) @local.iterated)
(for_in_clause left: (identifier) @local.definition right: (_) @local.iterated)
(named_expression name: (identifier) @local.definition)
(as_pattern alias: (as_pattern_target (identifier) @local.definition))

; ---- imports inside a function bind what they import
(import_from_statement name: (dotted_name . (identifier) @local.definition.import))
(import_from_statement name: (aliased_import alias: (identifier) @local.definition.import))
(import_statement name: (dotted_name . (identifier) @local.definition.import))
(import_statement name: (aliased_import alias: (identifier) @local.definition.import))

; ---- declarations
(global_statement (identifier) @local.global)
(nonlocal_statement (identifier) @local.nonlocal)

; ---- a keyword argument's name is the callee's parameter, not a use of a variable
(keyword_argument name: (identifier) @local.label)

; ---- a constructor call (a class is named in CapWords) is an instance of that class
((call function: [(identifier) (attribute)] @local.type) @local.instance
  (#match? @local.type "(^|[.])[A-Z][A-Za-z0-9_]*$"))

; ---- instance attributes a class's methods assign or its body declares, with the class of the value where
; the tree shows it: `self.storage.open()` is typed when every assignment of `storage` in the class agrees;
; the value assigned, else (`self.storage = self.storage_class()`, `widget = TimeInput`: a class itself)
((assignment left: (_ object: (identifier) @_self attribute: (identifier) @local.field))
  (#eq? @_self "self"))
((assignment left: (_ object: (identifier) @_self attribute: (identifier) @local.field) right: (_) @local.value)
  (#eq? @_self "self"))
(class_definition body: (_ (expression_statement (assignment left: (identifier) @local.field right: (_) @local.value))))
((assignment
  left: (_ object: (identifier) @_self attribute: (identifier) @local.field)
  right: (_ function: [(identifier) (attribute)] @local.type))
  (#eq? @_self "self")
  (#match? @local.type "(^|[.])[A-Z][A-Za-z0-9_]*$"))
((assignment left: (_ object: (identifier) @_self attribute: (identifier) @local.field) type: (type) @local.type)
  (#eq? @_self "self"))
(class_definition body: (_ (expression_statement (assignment left: (identifier) @local.field))))
(class_definition body: (_ (expression_statement (assignment left: (identifier) @local.field type: (type) @local.type))))
((class_definition body: (_ (expression_statement (assignment
    left: (identifier) @local.field
    right: (_ function: [(identifier) (attribute)] @local.type)))))
  (#match? @local.type "(^|[.])[A-Z][A-Za-z0-9_]*$"))

; ---- `super()`: the enclosing class's base
((call function: (identifier) @_super) @local.super
  (#eq? @_super "super"))
