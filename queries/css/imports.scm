; arborist imports for CSS: none (a document, not code).
