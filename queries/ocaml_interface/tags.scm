; arborist tags for OCaml interfaces (tree-sitter-ocaml 0.26, LANGUAGE_OCAML_INTERFACE, `.mli`).
; Vocabulary: queries/README.md. The signature half of queries/ocaml/tags.scm (keep the two in step):
; same kinds and names, without `let` bindings and class bodies, which an interface does not have.
;
; Kinds:
;   module M : sig ... end, module M : S,      module     nested modules nest by range (`Store/Audit`)
;   functors (module F (X : S) : sig ... end)
;   module type S = sig ... end                interface  its `val`s become methods (the engine's rule
;                                                         for functions directly in a type)
;   type t = { ... }                           struct     fields are fields (`item/quantity`)
;   type t = A | B of ...                      enum       constructors are enum_member (`color/Blue`);
;                                                         inline-record fields nest in the constructor
;   other types (synonyms, abstract, polymorphic variants, extensible)
;                                              type
;   exception E                                enum_member  a constructor of the extensible type exn
;   val f : a -> b / external f : ...          function   also operators: `val ( +++ ) : ...` is `+++`
;   val x : t                                  variable
;   class c : ... -> object ... end            class      `method` specs are methods, `val` specs fields
;   class type c = object ... end              interface
; Definition nodes: a `type`/`module` with one binding is the whole item, from its keyword; in a
; group (`type a = ... and b = ...`) each binding is its own symbol, from its name on.
;
; Compile cost: tree-sitter analyses every named parent node of a pattern, and `type_binding` or
; `parenthesized_operator` cost a lot. Where node-types.json allows only one kind of child with a given
; field or child, that kind is written as a wildcard `(_ …)` (a comment says which): a type_binding is the
; only child of a type_definition with a `name:` field, a constructor_declaration the only child of a
; variant_declaration. A parenthesized_operator is a wildcard checked with #parent-is? on its child.

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

; ---- values ------------------------------------------------------------------------------------

((external [(value_name) @name (_ (_) @name @_op)]) @definition.function
  (#parent-is? @_op parenthesized_operator))

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

; class types and class specifications (`class c : int -> object ... end` in a signature)
(class_body_type (method_specification (method_name) @name) @definition.method)
(class_body_type (instance_variable_specification (instance_variable_name) @name) @definition.field)
