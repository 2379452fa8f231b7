; arborist textobjects for PHP (helix convention). Attributes are inside the declaration node.

(function_definition body: (compound_statement) @function.inside) @function.around
(method_declaration body: (compound_statement) @function.inside) @function.around
(method_declaration !body) @function.around

(class_declaration body: (declaration_list) @class.inside) @class.around
(interface_declaration body: (declaration_list) @class.inside) @class.around
(trait_declaration body: (declaration_list) @class.inside) @class.around
(enum_declaration body: (enum_declaration_list) @class.inside) @class.around
(namespace_definition body: (compound_statement) @class.inside) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; PHPDoc `/** */`, `//` and `#` comments directly above a declaration are its doc (a plain `/* */`
; block, such as a license header, is not).

((comment) @preamble.doc (#match? @preamble.doc "^(/[*][*]|//|#)"))
