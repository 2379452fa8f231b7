; arborist tags for Julia (tree-sitter-julia 0.23). Vocabulary: queries/README.md.
; Docstrings (a string literal directly before a definition) and `#` comments directly above are
; preceding siblings: textobjects.scm marks them @preamble.doc, so the engine takes them as the doc
; and keeps them with the definition in edits (a tags @doc would give the doc but not the block).
;
; Kinds: `module`/`baremodule` = module; `struct` and `mutable struct` = struct, their fields (`x`,
; `x::T`, `x::T = default` under @kwdef, `const x::T`) = field, functions named like the struct in
; its body (inner constructors) = constructor, other functions there = method; `abstract type` =
; interface; `primitive type` = type; `function f ... end` and `f(x) = ...` (also with `where` and
; a return type) = function, wherever they are (nested ones nest by range); a method of another
; module's function is named as written (`Base.show`, `Base.:+`), an operator method by its
; operator (`==`); `macro m ... end` = macro; `const X = ...` = constant (one per name); other
; assignments (`x = 1`, `x::Int = 1`, `global x = 1`, `a, b = 1, 2`) directly in a module or the
; file = variable. Methods outside a struct are functions (Julia functions belong to no type).
; Not tagged: callable-object methods `(c::T)(x) = ...`, locals.
;
; Compile cost: a parent step on an expression kind (`binary_expression` above all, then
; `where_expression`, `typed_expression`, `call_expression`, `parametrized_type_expression`, also
; `function_definition` and `assignment` under a struct) is expensive for tree-sitter's query
; analysis, so below the pattern's root those parents are wildcards `(_ …)` and their kind is checked
; on a child: `@_in_<kind>` is a helper capture whose parent must be <kind> (`#parent-is?`; a helper
; capture that an alternative does not bind is not checked). No two alternatives of a pattern can
; match with one's captures a subset of the other's (they bind @name at different depths, or
; different helper captures), so tree-sitter's merging of the matches of one pattern, which keeps the
; one with more captures, cannot drop a match that the predicates would keep.

; ---- modules and types -----------------------------------------------------------------------------

(module_definition name: (identifier) @name) @definition.module

; `S`, `S{T}`, `S <: A`, `S{T} <: A`
(struct_definition (type_head (identifier) @name)) @definition.struct
((struct_definition (type_head (_ . (identifier) @name @_in_type))) @definition.struct
  (#parent-is? @_in_type parametrized_type_expression binary_expression))
((struct_definition (type_head (_ . (_ . (identifier) @name @_in_pte) @_in_binary))) @definition.struct
  (#parent-is? @_in_pte parametrized_type_expression)
  (#parent-is? @_in_binary binary_expression))

(abstract_definition (type_head (identifier) @name)) @definition.interface
((abstract_definition (type_head (_ . (identifier) @name @_in_type))) @definition.interface
  (#parent-is? @_in_type parametrized_type_expression binary_expression))
((abstract_definition (type_head (_ . (_ . (identifier) @name @_in_pte) @_in_binary))) @definition.interface
  (#parent-is? @_in_pte parametrized_type_expression)
  (#parent-is? @_in_binary binary_expression))

(primitive_definition (type_head (identifier) @name)) @definition.type
((primitive_definition (type_head (_ . (identifier) @name @_in_binary))) @definition.type
  (#parent-is? @_in_binary binary_expression))

; ---- struct members (before the function, constant and variable patterns, which they win over) -----

((identifier) @definition.field @name
  (#parent-is? @definition.field struct_definition))
((struct_definition [
  (_ . (identifier) @name @_in_typed) @definition.field
  (_ . [
    (identifier) @name @_in_assignment
    (_ . (identifier) @name @_in_typed) @_in_assignment
  ]) @definition.field
  (const_statement (_ . [
    (identifier) @name @_in_assignment
    (_ . (identifier) @name @_in_typed) @_in_assignment
  ])) @definition.field
])
  (#parent-is? @_in_typed typed_expression)
  (#parent-is? @_in_assignment assignment))

; The struct's name (as above) equals the callee of the signature (`S(…)`, `S{T}(…)`, each also
; with `where`).
((struct_definition
  (type_head [
    (identifier) @_type
    (_ . (identifier) @_type @_in_type)
    (_ . (_ . (identifier) @_type @_in_pte) @_in_binary)
  ])
  (_ (signature [
    (_ . (identifier) @name @_in_call)
    (_ . (_ . (identifier) @name @_in_pte) @_in_call)
    (_ . (_ . (identifier) @name @_in_call) @_in_where)
    (_ . (_ . (_ . (identifier) @name @_in_pte) @_in_call) @_in_where)
  ]) @_in_function) @definition.constructor)
  (#eq? @name @_type)
  (#parent-is? @_in_function function_definition)
  (#parent-is? @_in_type parametrized_type_expression binary_expression)
  (#parent-is? @_in_pte parametrized_type_expression)
  (#parent-is? @_in_binary binary_expression)
  (#parent-is? @_in_call call_expression)
  (#parent-is? @_in_where where_expression))
((struct_definition
  (type_head [
    (identifier) @_type
    (_ . (identifier) @_type @_in_type)
    (_ . (_ . (identifier) @_type @_in_pte) @_in_binary)
  ])
  (_ . [
    (_ . (identifier) @name @_in_call)
    (_ . (_ . (identifier) @name @_in_pte) @_in_call)
    (_ . (_ . (identifier) @name @_in_call) @_in_where)
    (_ . (_ . (_ . (identifier) @name @_in_pte) @_in_call) @_in_where)
  ] @_in_assignment) @definition.constructor)
  (#eq? @name @_type)
  (#parent-is? @_in_assignment assignment)
  (#parent-is? @_in_type parametrized_type_expression binary_expression)
  (#parent-is? @_in_pte parametrized_type_expression)
  (#parent-is? @_in_binary binary_expression)
  (#parent-is? @_in_call call_expression)
  (#parent-is? @_in_where where_expression))

; ---- functions and macros ----------------------------------------------------------------------------
; The callee of the signature: `f`, `Base.show`, `Base.:+`, `==`; under a return type
; (`f(x)::T`) and/or `where` clauses.

((function_definition (signature [
  (identifier) @name
  (_ . [(identifier) (field_expression) (operator)] @name @_in_call)
  (_ . (_ . [(identifier) (field_expression) (operator)] @name @_in_call) @_in_typed_or_where)
  (_ . (_ . (_ . [(identifier) (field_expression) (operator)] @name @_in_call) @_in_typed) @_in_where)
])) @definition.function
  (#parent-is? @_in_call call_expression)
  (#parent-is? @_in_typed_or_where typed_expression where_expression)
  (#parent-is? @_in_typed typed_expression)
  (#parent-is? @_in_where where_expression))

((assignment . [
  (_ . [(identifier) (field_expression) (operator)] @name @_in_call)
  (_ . (_ . [(identifier) (field_expression) (operator)] @name @_in_call) @_in_typed_or_where)
  (_ . (_ . (_ . [(identifier) (field_expression) (operator)] @name @_in_call) @_in_typed) @_in_where)
]) @definition.function
  (#parent-is? @_in_call call_expression)
  (#parent-is? @_in_typed_or_where typed_expression where_expression)
  (#parent-is? @_in_typed typed_expression)
  (#parent-is? @_in_where where_expression))

((macro_definition (signature [
  (identifier) @name
  (_ . (identifier) @name @_in_call)
])) @definition.macro
  (#parent-is? @_in_call call_expression))

; ---- constants and module-level variables -------------------------------------------------------------

((const_statement (_ . [
  (identifier) @name @_in_assignment
  (_ . (identifier) @name @_in_typed) @_in_assignment
  (_ (identifier) @name @_in_tuple) @_in_assignment
])) @definition.constant
  (#parent-is? @_in_assignment assignment)
  (#parent-is? @_in_typed typed_expression)
  (#parent-is? @_in_tuple open_tuple))

((assignment . [
  (identifier) @name
  (_ . (identifier) @name @_in_typed)
  (_ (identifier) @name @_in_tuple)
]) @definition.variable
  (#parent-is? @definition.variable source_file module_definition)
  (#parent-is? @_in_typed typed_expression)
  (#parent-is? @_in_tuple open_tuple))
((global_statement (_ . [
  (identifier) @name @_in_assignment
  (_ . (identifier) @name @_in_typed) @_in_assignment
  (_ (identifier) @name @_in_tuple) @_in_assignment
])) @definition.variable
  (#parent-is? @definition.variable source_file module_definition)
  (#parent-is? @_in_assignment assignment)
  (#parent-is? @_in_typed typed_expression)
  (#parent-is? @_in_tuple open_tuple))

; ---- references --------------------------------------------------------------------------------------

((call_expression . [
  (identifier) @name
  (_ (identifier) @name @_in_field .)
]) @reference.call
  (#parent-is? @_in_field field_expression))
((macrocall_expression (_ (identifier) @name @_in_macro_id)) @reference.call
  (#parent-is? @_in_macro_id macro_identifier))

((type_head (_ (operator) . [
  (identifier) @name
  (_ . (identifier) @name @_in_pte)
] @reference.implementation @_in_binary))
  (#parent-is? @_in_pte parametrized_type_expression)
  (#parent-is? @_in_binary binary_expression))
