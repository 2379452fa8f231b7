; arborist tags for Python (tree-sitter-python 0.25). Vocabulary: queries/README.md.
; The definition node never includes decorators (it is the function_definition/class_definition
; inside decorated_definition), so line ranges match Python's ast lineno/end_lineno.
; @doc is the docstring: the first statement of the body when it is a string.

; ---- classes -------------------------------------------------------------------------------

(class_definition
  name: (identifier) @name
  body: (block . (expression_statement (string) @doc)?)) @definition.class

; ---- methods: functions directly in a class body (decorated or not) -------------------------

(class_definition
  body: (block [
    (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.method
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        body: (block . (expression_statement (string) @doc)?)) @definition.method)
  ]))

; ---- functions: module level, nested in functions, or inside if/try/for/while/with/match
; blocks (enumerated so that a class body never matches) --------------------------------------

(module [
  (function_definition
    name: (identifier) @name
    body: (block . (expression_statement (string) @doc)?)) @definition.function
  (decorated_definition
    definition: (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.function)
])

([
  (function_definition body: (block [
    (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.function
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        body: (block . (expression_statement (string) @doc)?)) @definition.function)
  ]))
  (if_statement consequence: (block [
    (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.function
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        body: (block . (expression_statement (string) @doc)?)) @definition.function)
  ]))
  (elif_clause consequence: (block [
    (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.function
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        body: (block . (expression_statement (string) @doc)?)) @definition.function)
  ]))
  (else_clause body: (block [
    (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.function
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        body: (block . (expression_statement (string) @doc)?)) @definition.function)
  ]))
  (try_statement body: (block [
    (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.function
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        body: (block . (expression_statement (string) @doc)?)) @definition.function)
  ]))
  (except_clause (block [
    (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.function
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        body: (block . (expression_statement (string) @doc)?)) @definition.function)
  ]))
  (finally_clause (block [
    (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.function
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        body: (block . (expression_statement (string) @doc)?)) @definition.function)
  ]))
  (for_statement body: (block [
    (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.function
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        body: (block . (expression_statement (string) @doc)?)) @definition.function)
  ]))
  (while_statement body: (block [
    (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.function
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        body: (block . (expression_statement (string) @doc)?)) @definition.function)
  ]))
  (with_statement body: (block [
    (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.function
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        body: (block . (expression_statement (string) @doc)?)) @definition.function)
  ]))
  (case_clause consequence: (block [
    (function_definition
      name: (identifier) @name
      body: (block . (expression_statement (string) @doc)?)) @definition.function
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name
        body: (block . (expression_statement (string) @doc)?)) @definition.function)
  ]))
])

; ---- class fields: assignments directly in a class body --------------------------------------

(class_definition
  body: (block
    (expression_statement
      (assignment left: [
        (identifier) @name
        (pattern_list (identifier) @name)
      ])) @definition.field))

; ---- module variables: assignments at module level, or one level down in a module-level
; if/elif/else or try/except/else block (never inside functions) -----------------------------

(module
  (expression_statement
    (assignment left: [
      (identifier) @name
      (pattern_list (identifier) @name)
    ])) @definition.variable)

(module [
  (if_statement consequence: (block
    (expression_statement (assignment left: (identifier) @name)) @definition.variable))
  (if_statement alternative: (elif_clause consequence: (block
    (expression_statement (assignment left: (identifier) @name)) @definition.variable)))
  (if_statement alternative: (else_clause body: (block
    (expression_statement (assignment left: (identifier) @name)) @definition.variable)))
  (try_statement body: (block
    (expression_statement (assignment left: (identifier) @name)) @definition.variable))
  (try_statement (except_clause (block
    (expression_statement (assignment left: (identifier) @name)) @definition.variable)))
  (try_statement (else_clause body: (block
    (expression_statement (assignment left: (identifier) @name)) @definition.variable)))
])

; ---- references ------------------------------------------------------------------------------

(call
  function: [
    (identifier) @name
    (attribute attribute: (identifier) @name)
  ]) @reference.call

(class_definition
  superclasses: (argument_list [
    (identifier) @name @reference.implementation
    (attribute attribute: (identifier) @name) @reference.implementation
  ]))
