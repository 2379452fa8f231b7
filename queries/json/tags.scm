; arborist tags for JSON (tree-sitter-json 0.24). Vocabulary: queries/README.md.
; Every key is a symbol named by its text, of the kind of its value (as editors' JSON outlines show it):
; object, array, string, number, boolean, null. Name paths follow the nesting: `dependencies/serde`.
; An object inside an array is an item named by its position: `servers[1]`.

(pair key: (string (string_content) @name) value: (object)) @definition.object
(pair key: (string (string_content) @name) value: (array)) @definition.array
(pair key: (string (string_content) @name) value: (string)) @definition.string
(pair key: (string (string_content) @name) value: (number)) @definition.number
(pair key: (string (string_content) @name) value: [(true) (false)]) @definition.boolean
(pair key: (string (string_content) @name) value: (null)) @definition.null

(array (object) @definition.item)
