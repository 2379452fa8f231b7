; arborist textobjects for Dart (helix convention). Annotations are inside the declaration node, so
; @*.around already covers them; the engine widens it over the `///` or `/** */` doc comment directly
; above. A class member is its `member_declaration`.

(function_declaration body: (function_body) @function.inside) @function.around
(external_function_declaration) @function.around
(getter_declaration body: (function_body) @function.inside) @function.around
(setter_declaration body: (function_body) @function.inside) @function.around
(local_function_declaration (function_body) @function.inside) @function.around
(member_declaration (method_declaration body: (function_body) @function.inside)) @function.around
(member_declaration
  (declaration [
    (function_signature) (getter_signature) (setter_signature) (operator_signature)
    (constructor_signature) (constant_constructor_signature) (factory_constructor_signature)
    (redirecting_factory_constructor_signature)
  ])) @function.around

(class_declaration body: (class_body) @class.inside) @class.around
(class_declaration (mixin_application_class)) @class.around
(mixin_declaration body: (class_body) @class.inside) @class.around
(extension_type_declaration body: (class_body) @class.inside) @class.around
(enum_declaration body: (enum_body) @class.inside) @class.around
(extension_declaration body: (extension_body) @class.inside) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; Doc comments (`///` lines and `/** */`) directly above a declaration are its doc; an annotation the
; grammar leaves outside a declaration belongs to the declaration below it.

(documentation_comment) @preamble.doc
(annotation) @preamble
