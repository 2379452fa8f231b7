; arborist imports for HTML: none (a document, not code).
