; arborist textobjects for YAML: a mapping is a class-like block; `#` comments directly above a key are
; its doc.

(block_mapping) @class.around
(comment) @preamble.doc
