; arborist textobjects for Python (helix convention). @*.around includes decorators
; (decorated_definition); @*.inside is the body block. Exactly one match per definition:
; the undecorated patterns only match definitions whose parent is a module or a block.

(module (function_definition body: (block) @function.inside) @function.around)
(block (function_definition body: (block) @function.inside) @function.around)
(decorated_definition
  definition: (function_definition body: (block) @function.inside)) @function.around

(module (class_definition body: (block) @class.inside) @class.around)
(block (class_definition body: (block) @class.inside) @class.around)
(decorated_definition
  definition: (class_definition body: (block) @class.inside)) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; A decorated definition wraps the definition (the definition node excludes the decorators); `#`
; comments directly above it are its doc when it has no docstring.

(decorated_definition) @wrapper
(comment) @preamble.doc
