; arborist imports for Swift: none (an import names a module, not a file, so it cannot narrow
; references). Vocabulary: queries/python/imports.scm.
