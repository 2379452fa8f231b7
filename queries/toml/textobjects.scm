; arborist textobjects for TOML: a table is a class-like block; `#` comments directly above a key or
; table are its doc.

(table) @class.around
(table_array_element) @class.around
(comment) @preamble.doc
