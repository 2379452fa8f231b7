; arborist textobjects for OCaml interfaces (helix convention): the signature half of
; queries/ocaml/textobjects.scm. A `type`/`module` with one binding is the whole item, a binding of a
; group is the binding (see tags.scm).

(external) @function.around
(value_specification) @function.around
(method_specification) @function.around

(module_definition . (module_binding module_type: (_) @class.inside) .) @class.around
(module_definition . (module_binding !module_type) .) @class.around
(module_definition (module_binding) (module_binding module_type: (_) @class.inside) @class.around)
(module_definition (module_binding module_type: (_) @class.inside) @class.around (module_binding))
(module_type_definition body: (_) @class.inside) @class.around
(module_type_definition !body) @class.around
(class_definition (class_binding class_type: (_) @class.inside)) @class.around
(class_type_definition (class_type_binding body: (_) @class.inside)) @class.around
(type_definition
  . (type_binding body: [(record_declaration) (variant_declaration)] @class.inside) .) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; A `(** ... *)` comment directly above an item is its doc. Plain `(* ... *)` comments are not.

((comment) @preamble.doc (#match? @preamble.doc "^[(][*][*]([^*]|$)"))
