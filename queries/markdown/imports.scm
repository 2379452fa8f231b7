; arborist imports for Markdown: none (a document, not code).
