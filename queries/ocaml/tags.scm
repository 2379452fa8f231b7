; arborist tags for OCaml implementations (tree-sitter-ocaml 0.26, LANGUAGE_OCAML, `.ml`).
; Vocabulary: queries/README.md. queries/ocaml_interface/tags.scm is this file's twin for `.mli`.
;
; Kinds:
;   module M = struct ... end, module M = N,   module     nested modules nest by range (`Store/Audit`)
;   functors (module F (X : S) = ...)
;   module type S = sig ... end                interface  its `val`s become methods (the engine's rule
;                                                         for functions directly in a type)
;   type t = { ... }                           struct     fields are fields (`item/quantity`)
;   type t = A | B of ...                      enum       constructors are enum_member (`color/Blue`);
;                                                         inline-record fields nest in the constructor
;   other types (synonyms, abstract, polymorphic variants, extensible)
;                                              type
;   exception E                                enum_member  a constructor of the extensible type exn
;   let f x = ..., let f = fun/function ...,   function   also operators: `let ( +++ ) a b` is `+++`
;   external f : ... = "..."
;   let x = ... (anything else)                variable   module level only; `let () = ...` and
;                                                         destructuring lets are skipped
;   val f : a -> b / val x : t (in sig)        function / variable
;   class c = object ... end                   class      methods are methods, `val` instance variables
;                                                         are fields
;   class type c = object ... end              interface
; Definition nodes: a `let`/`type`/`module` with one binding is the whole item, from its keyword; in a
; group (`let rec f ... and g ...`, `type a = ... and b = ...`) each binding is its own symbol, from
; its name (or type parameters) on, like Go's grouped specs.
;
; Compile cost: tree-sitter analyses every named parent node of a pattern, and `let_binding`, `type_binding`
; or `object_expression` cost a lot. Where node-types.json allows only one kind of child with a given field
; or child, that kind is written as a wildcard `(_ …)` (a comment says which): a let_binding is the only
; child of a value_definition with a `pattern:` field, a type_binding the only child of a type_definition
; with a `name:` field, a constructor_declaration the only child of a variant_declaration. A
; parenthesized_operator is a wildcard checked with #parent-is? on its child.

; ---- modules ----------------------------------------------------------------------------------

(module_definition . (module_binding (module_name) @name) .) @definition.module
(module_definition
  (module_binding)
  (module_binding (module_name) @name) @definition.module)
(module_definition
  (module_binding (module_name) @name) @definition.module
  (module_binding))

(module_type_definition (module_type_name) @name) @definition.interface

; ---- types ------------------------------------------------------------------------------------------

; `(_ name: …)`: the type_binding
(type_definition
  . (_ name: (type_constructor) @name body: (record_declaration)) .) @definition.struct
(type_definition
  . (_ name: (type_constructor) @name body: (variant_declaration)) .) @definition.enum
(type_definition
  . (_ name: (type_constructor) @name) .) @definition.type

(type_definition
  (type_binding)
  (_ name: (type_constructor) @name body: (record_declaration)) @definition.struct)
(type_definition
  (_ name: (type_constructor) @name body: (record_declaration)) @definition.struct
  (type_binding))
(type_definition
  (type_binding)
  (_ name: (type_constructor) @name body: (variant_declaration)) @definition.enum)
(type_definition
  (_ name: (type_constructor) @name body: (variant_declaration)) @definition.enum
  (type_binding))
(type_definition
  (type_binding)
  (_ name: (type_constructor) @name) @definition.type)
(type_definition
  (_ name: (type_constructor) @name) @definition.type
  (type_binding))

; `(_ …)`: the constructor_declaration (a variant_declaration's only child kind; the only child of an
; exception_definition holding a constructor_name)
(variant_declaration (_ (constructor_name) @name) @definition.enum_member)
(record_declaration (field_declaration (field_name) @name) @definition.field)

(exception_definition (_ (constructor_name) @name)) @definition.enum_member

; ---- values (module level: the compilation unit or a struct ... end) -----------------------------
; Function patterns come first: for the same node and name they win over the variable ones. Module level
; is checked with #parent-is? on the `let` (tree-sitter's matcher can pair bindings of two neighbouring
; `let`s in a pattern rooted at the compilation unit). `(_ pattern: …)`: the let_binding; `(_ (_) @name @_op)`:
; a parenthesized_operator, checked with #parent-is? on its child.

((value_definition
  . (_ pattern: [(value_name) @name (_ (_) @name @_op)] [(parameter) body: (fun_expression) body: (function_expression)]) .) @definition.function
  (#parent-is? @definition.function compilation_unit structure)
  (#parent-is? @_op parenthesized_operator))
((value_definition
  (let_binding)
  (_ pattern: [(value_name) @name (_ (_) @name @_op)] [(parameter) body: (fun_expression) body: (function_expression)]) @definition.function) @_let
  (#parent-is? @_let compilation_unit structure)
  (#parent-is? @_op parenthesized_operator))
((value_definition
  (_ pattern: [(value_name) @name (_ (_) @name @_op)] [(parameter) body: (fun_expression) body: (function_expression)]) @definition.function
  (let_binding)) @_let
  (#parent-is? @_let compilation_unit structure)
  (#parent-is? @_op parenthesized_operator))

((value_definition
  . (_ pattern: [(value_name) @name (_ (_) @name @_op)]) .) @definition.variable
  (#parent-is? @definition.variable compilation_unit structure)
  (#parent-is? @_op parenthesized_operator))
((value_definition
  (let_binding)
  (_ pattern: (value_name) @name) @definition.variable) @_let
  (#parent-is? @_let compilation_unit structure))
((value_definition
  (_ pattern: (value_name) @name) @definition.variable
  (let_binding)) @_let
  (#parent-is? @_let compilation_unit structure))

((external [(value_name) @name (_ (_) @name @_op)]) @definition.function
  (#parent-is? @_op parenthesized_operator))

; `val` in a signature (`module type S = sig ... end`, `module M : sig ... end`)
((value_specification
  [(value_name) @name (_ (_) @name @_op)]
  type: [(function_type) (polymorphic_type (function_type))]) @definition.function
  (#parent-is? @_op parenthesized_operator))
((value_specification
  [(value_name) @name (_ (_) @name @_op)]) @definition.variable
  (#parent-is? @_op parenthesized_operator))

; ---- classes ------------------------------------------------------------------------------------------

(class_definition (class_binding (class_name) @name)) @definition.class
(class_type_definition (class_type_binding (class_type_name) @name)) @definition.interface

; `(_ (method_definition …))`, `(_ (instance_variable_definition …))`: the object_expression (the only class
; expression holding class fields)
(class_binding
  body: [
    (_ (method_definition (method_name) @name) @definition.method)
    (class_function body: (_ (method_definition (method_name) @name) @definition.method))
  ])
(class_binding
  body: [
    (_ (instance_variable_definition (instance_variable_name) @name) @definition.field)
    (class_function
      body: (_ (instance_variable_definition (instance_variable_name) @name) @definition.field))
  ])
; class types and class specifications (`class c : int -> object ... end` in a signature)
(class_body_type (method_specification (method_name) @name) @definition.method)
(class_body_type (instance_variable_specification (instance_variable_name) @name) @definition.field)

; ---- references ------------------------------------------------------------------------------------

; `function: (_ (value_name))`: a value_path
(application_expression function: (_ (value_name) @name)) @reference.call
(method_invocation (method_name) @name) @reference.call
