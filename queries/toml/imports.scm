; arborist imports for TOML: none (a document, not code).
