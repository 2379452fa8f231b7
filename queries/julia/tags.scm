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

; ---- modules and types -----------------------------------------------------------------------------

(module_definition name: (identifier) @name) @definition.module

(struct_definition (type_head [
  (identifier) @name
  (parametrized_type_expression . (identifier) @name)
  (binary_expression . [(identifier) @name (parametrized_type_expression . (identifier) @name)])
])) @definition.struct

(abstract_definition (type_head [
  (identifier) @name
  (parametrized_type_expression . (identifier) @name)
  (binary_expression . [(identifier) @name (parametrized_type_expression . (identifier) @name)])
])) @definition.interface

(primitive_definition (type_head [
  (identifier) @name
  (binary_expression . (identifier) @name)
])) @definition.type

; ---- struct members (before the function, constant and variable patterns, which they win over) -----

(struct_definition [
  (identifier) @name
  (typed_expression . (identifier) @name)
  (assignment . [(identifier) @name (typed_expression . (identifier) @name)])
  (const_statement (assignment . [(identifier) @name (typed_expression . (identifier) @name)]))
] @definition.field)

((struct_definition
  (type_head [
    (identifier) @_type
    (parametrized_type_expression . (identifier) @_type)
    (binary_expression . [(identifier) @_type (parametrized_type_expression . (identifier) @_type)])
  ])
  (function_definition (signature [
    (call_expression . [(identifier) @name (parametrized_type_expression . (identifier) @name)])
    (where_expression . (call_expression . [(identifier) @name (parametrized_type_expression . (identifier) @name)]))
  ])) @definition.constructor)
  (#eq? @name @_type))
((struct_definition
  (type_head [
    (identifier) @_type
    (parametrized_type_expression . (identifier) @_type)
    (binary_expression . [(identifier) @_type (parametrized_type_expression . (identifier) @_type)])
  ])
  (assignment . [
    (call_expression . [(identifier) @name (parametrized_type_expression . (identifier) @name)])
    (where_expression . (call_expression . [(identifier) @name (parametrized_type_expression . (identifier) @name)]))
  ]) @definition.constructor)
  (#eq? @name @_type))

; ---- functions and macros ----------------------------------------------------------------------------
; The callee of the signature: `f`, `Base.show`, `Base.:+`, `==`; under a return type
; (`f(x)::T`) and/or `where` clauses.

(function_definition (signature [
  (identifier) @name
  (call_expression . [(identifier) (field_expression) (operator)] @name)
  (typed_expression . (call_expression . [(identifier) (field_expression) (operator)] @name))
  (where_expression . [
    (call_expression . [(identifier) (field_expression) (operator)] @name)
    (typed_expression . (call_expression . [(identifier) (field_expression) (operator)] @name))
  ])
])) @definition.function

(assignment . [
  (call_expression . [(identifier) (field_expression) (operator)] @name)
  (typed_expression . (call_expression . [(identifier) (field_expression) (operator)] @name))
  (where_expression . [
    (call_expression . [(identifier) (field_expression) (operator)] @name)
    (typed_expression . (call_expression . [(identifier) (field_expression) (operator)] @name))
  ])
]) @definition.function

(macro_definition (signature [
  (identifier) @name
  (call_expression . (identifier) @name)
])) @definition.macro

; ---- constants and module-level variables -------------------------------------------------------------

(const_statement (assignment . [
  (identifier) @name
  (typed_expression . (identifier) @name)
  (open_tuple (identifier) @name)
])) @definition.constant

([(source_file (assignment . [
  (identifier) @name
  (typed_expression . (identifier) @name)
  (open_tuple (identifier) @name)
]) @definition.variable)
(module_definition (assignment . [
  (identifier) @name
  (typed_expression . (identifier) @name)
  (open_tuple (identifier) @name)
]) @definition.variable)])
([(source_file (global_statement (assignment . [
  (identifier) @name
  (typed_expression . (identifier) @name)
  (open_tuple (identifier) @name)
])) @definition.variable)
(module_definition (global_statement (assignment . [
  (identifier) @name
  (typed_expression . (identifier) @name)
  (open_tuple (identifier) @name)
])) @definition.variable)])

; ---- references --------------------------------------------------------------------------------------

(call_expression . [
  (identifier) @name
  (field_expression (identifier) @name .)
]) @reference.call
(macrocall_expression (macro_identifier (identifier) @name)) @reference.call

(type_head (binary_expression (operator) . [
  (identifier) @name
  (parametrized_type_expression . (identifier) @name)
] @reference.implementation))
