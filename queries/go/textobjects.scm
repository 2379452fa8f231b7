; arborist textobjects for Go (helix convention). The engine widens @*.around over the doc
; comment that directly precedes the declaration. An ungrouped `type X struct{}` is the whole
; type_declaration; a spec inside `type ( ... )` is the type_spec (see tags.scm).

(function_declaration body: (block) @function.inside) @function.around
(method_declaration body: (block) @function.inside) @function.around
(function_declaration !body) @function.around
(method_declaration !body) @function.around
(method_elem) @function.around

((type_declaration
  (type_spec type: (struct_type (field_declaration_list) @class.inside))) @class.around
  (#not-match? @class.around "^type\\s*\\("))
(type_declaration "("
  (type_spec type: (struct_type (field_declaration_list) @class.inside)) @class.around)
((type_declaration
  (type_spec type: (interface_type) @class.inside)) @class.around
  (#not-match? @class.around "^type\\s*\\("))
(type_declaration "("
  (type_spec type: (interface_type) @class.inside) @class.around)

; ---- what belongs to a definition from outside it ------------------------------------------------
; `//` and `/** */` comments directly above a declaration are its doc.

((comment) @preamble.doc (#match? @preamble.doc "^(//|/[*][*])"))
