; arborist locals for Rust: functions, closures, blocks, loops, match arms and `if`/`while` (their `let`
; conditions) are scopes; parameters (with their type), `let` bindings (typed by an annotation, a struct
; literal `T { .. }` or `T::new(..)`), closure parameters, loop variables (typed as elements of what they loop
; over) and the names patterns bind are
; locals. `self` is an instance of the type the method's impl is for. Vocabulary: queries/README.md.

; ---- scopes
[
  (function_item)
  (closure_expression)
  (block)
  (for_expression)
  (match_arm)
  (if_expression)
  (while_expression)
] @local.scope

; an inline module's functions are names of the module (a test module's own `fn parse` is not the
; crate's `parse`)
(mod_item body: (declaration_list) @local.scope)
(mod_item body: (declaration_list (function_item name: (identifier) @local.definition.outer)))

; ---- parameters
(parameter pattern: (identifier) @local.definition type: (_) @local.type)
(parameter pattern: (mut_pattern (identifier) @local.definition) type: (_) @local.type)
(closure_parameters (identifier) @local.definition)
(closure_parameters (parameter pattern: (identifier) @local.definition))

; ---- let, for, patterns
(let_declaration pattern: (identifier) @local.definition)
(let_declaration pattern: (mut_pattern (identifier) @local.definition))
(let_declaration pattern: (identifier) @local.definition type: (_) @local.type)
(let_declaration pattern: (identifier) @local.definition value: (struct_expression name: (_) @local.type))
((let_declaration
  pattern: (identifier) @local.definition
  value: (call_expression function: (scoped_identifier path: (_) @local.type name: (identifier) @_new)))
  (#eq? @_new "new"))
; a value bound from a call has the type the called function declares it returns (`-> Self` is the
; called path's type)
(let_declaration pattern: (identifier) @local.definition value: (_) @local.value)
(let_declaration pattern: (mut_pattern (identifier) @local.definition) value: (_) @local.value)
(for_expression pattern: (identifier) @local.definition value: (_) @local.iterated)
; `if let Some(x) = v`, `while let Ok(x) = v`: what an `Option` or `Result` holds (an element of it)
((let_condition
   pattern: (tuple_struct_pattern
     type: (identifier) @_holder
     .
     [(identifier) @local.definition
      (mut_pattern (identifier) @local.definition)
      (ref_pattern (identifier) @local.definition)
      (ref_pattern (mut_pattern (identifier) @local.definition))]
     .)
   value: (_) @local.iterated)
  (#any-of? @_holder "Some" "Ok"))
(tuple_pattern (identifier) @local.definition)
(tuple_struct_pattern type: (_) (identifier) @local.definition)
(field_pattern (shorthand_field_identifier) @local.definition)
(field_pattern pattern: (identifier) @local.definition)
(captured_pattern (identifier) @local.definition)
(ref_pattern (identifier) @local.definition)
; `mut x` anywhere in a pattern (`ref mut x`, `(mut a, b)`, `Some(mut x)`) binds x
(mut_pattern (identifier) @local.definition)
; a match arm's lone lower-case name binds (`other => ...`; `None`, `MAX` are paths to constants)
((match_pattern (identifier) @local.definition)
  (#match? @local.definition "^[a-z_]"))

; ---- a struct's fields, with their declared types (`self.parser.parse()` is typed by `parser: Parser`)
(field_declaration name: (field_identifier) @local.field type: (_) @local.type)

; ---- `T { .. }` and `T::new(..)` are instances of T
(struct_expression name: (_) @local.type) @local.instance
((call_expression function: (scoped_identifier path: (_) @local.type name: (identifier) @_new)) @local.instance
  (#eq? @_new "new"))

; ---- receivers
(self) @local.self
