; arborist locals for Go: functions, methods, function literals, blocks and the statements that open
; their own scope (for, if, switch) are scopes; parameters and receivers (with their type), `:=`, `var`
; and `const` declarations (typed by their declared type, a composite literal `T{}` / `&T{}`, or the
; result type of the function called), range
; variables (the second one typed as an element of what it ranges over) and type-switch aliases bind names; a struct literal's field names are labels. Vocabulary:
; queries/README.md.

; ---- scopes
[
  (function_declaration)
  (method_declaration)
  (func_literal)
  (block)
  (for_statement)
  (if_statement)
  (expression_switch_statement)
  (type_switch_statement)
] @local.scope

; ---- parameters and receivers
(parameter_declaration name: (identifier) @local.definition type: (_) @local.type)
(variadic_parameter_declaration name: (identifier) @local.definition)

; ---- declarations
(short_var_declaration left: (expression_list (identifier) @local.definition))
(short_var_declaration
  left: (expression_list . (identifier) @local.definition)
  right: (expression_list . [
    (composite_literal type: (_) @local.type)
    (unary_expression operand: (composite_literal type: (_) @local.type))
  ]))
; the first name bound from an expression has its type (a call's: the called function's first result)
(short_var_declaration
  left: (expression_list . (identifier) @local.definition)
  right: (expression_list . (_) @local.value))
; the builtins `new(T)` and `make(T, ...)` make a T
(short_var_declaration
  left: (expression_list . (identifier) @local.definition)
  right: (expression_list . (call_expression
    function: (identifier) @_builtin
    arguments: (argument_list . (_) @local.type)))
  (#any-of? @_builtin "new" "make"))
(var_spec
  name: (identifier) @local.definition
  value: (expression_list . (call_expression
    function: (identifier) @_builtin
    arguments: (argument_list . (_) @local.type)))
  (#any-of? @_builtin "new" "make"))
(var_spec name: (identifier) @local.definition)
(var_spec name: (identifier) @local.definition value: (expression_list . (_) @local.value))
(var_spec name: (identifier) @local.definition type: (_) @local.type)
(const_spec name: (identifier) @local.definition)
(range_clause left: (expression_list (identifier) @local.definition))
; the second name ranging over a slice, an array or a map is an element of it
(range_clause left: (expression_list . (_) . (identifier) @local.definition) right: (_) @local.iterated)
(type_switch_statement alias: (expression_list (identifier) @local.definition))

; ---- a struct's fields, with their declared types (`c.ops.ReadCache()` is typed by `ops ClientOps`)
(field_declaration name: (field_identifier) @local.field type: (_) @local.type)

; ---- a struct literal's field names (`T{Name: v}`, `pkg.T{...}`, `struct{...}{...}`) name fields, not a
; top-level symbol; a map's or an array's keys are values (`map[K]V{Const: v}`), and so are the keys of
; a literal whose type is elided (`[]T{{Name: v}}`): both left alone
(composite_literal
  type: [(type_identifier) (qualified_type) (generic_type) (struct_type)]
  body: (literal_value (keyed_element key: (literal_element (identifier) @local.label))))
