; arborist tags for YAML (tree-sitter-yaml 0.7). Vocabulary: queries/README.md.
; Every key of a mapping is a symbol named by the key's text, of the kind of its value: object (a
; mapping), array (a sequence), string (plain, quoted or block scalar), number, boolean, null. A mapping
; that is an entry of a sequence is an item named by its position: `jobs/test/steps[2]` is the third step.

(block_mapping_pair key: (flow_node (_) @name) value: (block_node (block_mapping))) @definition.object
(block_mapping_pair key: (flow_node (_) @name) value: (flow_node (flow_mapping))) @definition.object
(block_mapping_pair key: (flow_node (_) @name) value: (block_node (block_sequence))) @definition.array
(block_mapping_pair key: (flow_node (_) @name) value: (flow_node (flow_sequence))) @definition.array
(block_mapping_pair key: (flow_node (_) @name) value: (block_node (block_scalar))) @definition.string
(block_mapping_pair key: (flow_node (_) @name)
  value: (flow_node [(double_quote_scalar) (single_quote_scalar) (plain_scalar (string_scalar))
                     (plain_scalar (timestamp_scalar)) (alias)])) @definition.string
(block_mapping_pair key: (flow_node (_) @name)
  value: (flow_node (plain_scalar [(integer_scalar) (float_scalar)]))) @definition.number
(block_mapping_pair key: (flow_node (_) @name) value: (flow_node (plain_scalar (boolean_scalar)))) @definition.boolean
(block_mapping_pair key: (flow_node (_) @name) value: (flow_node (plain_scalar (null_scalar)))) @definition.null
(block_mapping_pair key: (flow_node (_) @name) !value) @definition.null

(block_sequence (block_sequence_item (block_node (block_mapping))) @definition.item)
