; arborist imports for JSON: none (a document, not code).
