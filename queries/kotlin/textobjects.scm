; arborist textobjects for Kotlin (helix convention). Annotations are inside the declaration node
; (`modifiers`), so @*.around already covers them; the engine widens it over the KDoc comment
; directly above. The grammar has no `body` field: a declaration without a body is told by its last
; named child.

(function_declaration (function_body) @function.inside) @function.around
(function_declaration
  [(function_value_parameters) (user_type) (nullable_type) (not_nullable_type) (function_type)
   (parenthesized_type) (type_constraints)] .) @function.around
(secondary_constructor) @function.around

; one pattern for both bodies (a class has at most one): each pattern is a query analysis of
; class_declaration (~1.5 ms)
(class_declaration [(class_body) (enum_class_body)] @class.inside) @class.around
(class_declaration
  [(type_identifier) (type_parameters) (primary_constructor) (delegation_specifier)
   (type_constraints)] .) @class.around
(object_declaration (class_body) @class.inside) @class.around
(object_declaration [(type_identifier) (delegation_specifier)] .) @class.around
(companion_object (class_body) @class.inside) @class.around
(companion_object [(modifiers) (type_identifier) (delegation_specifier)] .) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; KDoc (`/** */`) directly above a declaration is its doc; an annotation that the grammar leaves
; outside the declaration (in a statement list) belongs to the declaration below it.

((multiline_comment) @preamble.doc (#match? @preamble.doc "^/[*][*]"))
(annotation) @preamble
