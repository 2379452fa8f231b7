; arborist textobjects for HCL (helix convention): a block's inside is its body between the braces.

(block (body) @class.inside) @class.around
(block (block_start) . (block_end)) @class.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; Comments (`#`, `//`, `/* */`) directly above a block or attribute are its doc.

(comment) @preamble.doc
