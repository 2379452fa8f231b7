; arborist tags for TOML (tree-sitter-toml-ng 0.7). Vocabulary: queries/README.md.
; A table `[package]` is an object symbol whose keys are its children (`package/version`); an array of
; tables `[[bin]]` repeats as same-named siblings (`bin[0]`, `bin[1]`). Keys are named by their text
; (a dotted key `[tool.poetry]` keeps its dots) and have the kind of their value: object (inline table),
; array, string (strings and dates), number, boolean.

(table [(bare_key) (quoted_key) (dotted_key)] @name) @definition.object
(table_array_element [(bare_key) (quoted_key) (dotted_key)] @name) @definition.object

(pair . [(bare_key) (quoted_key) (dotted_key)] @name (inline_table)) @definition.object
(pair . [(bare_key) (quoted_key) (dotted_key)] @name (array)) @definition.array
(pair . [(bare_key) (quoted_key) (dotted_key)] @name
  [(string) (offset_date_time) (local_date_time) (local_date) (local_time)]) @definition.string
(pair . [(bare_key) (quoted_key) (dotted_key)] @name [(integer) (float)]) @definition.number
(pair . [(bare_key) (quoted_key) (dotted_key)] @name (boolean)) @definition.boolean
