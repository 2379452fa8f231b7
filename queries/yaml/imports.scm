; arborist imports for YAML: none (a document, not code).
