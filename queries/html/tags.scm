; arborist tags for HTML (tree-sitter-html 0.23). Vocabulary: queries/README.md.
; An element with an `id` is a symbol named by the id, of kind Field (as editors' HTML outlines show
; elements); elements nest by range: `app/sidebar`.

(element (start_tag (attribute (attribute_name) @_attr (quoted_attribute_value (attribute_value) @name)))
  (#eq? @_attr "id")) @definition.element
(element (start_tag (attribute (attribute_name) @_attr (attribute_value) @name))
  (#eq? @_attr "id")) @definition.element
(element (self_closing_tag (attribute (attribute_name) @_attr (quoted_attribute_value (attribute_value) @name)))
  (#eq? @_attr "id")) @definition.element
(script_element (start_tag (attribute (attribute_name) @_attr (quoted_attribute_value (attribute_value) @name)))
  (#eq? @_attr "id")) @definition.element
(style_element (start_tag (attribute (attribute_name) @_attr (quoted_attribute_value (attribute_value) @name)))
  (#eq? @_attr "id")) @definition.element
