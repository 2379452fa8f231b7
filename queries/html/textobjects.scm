; arborist textobjects for HTML: an element is a class-like block; a comment directly above an element
; is its doc.

(element) @class.around
(comment) @preamble.doc
