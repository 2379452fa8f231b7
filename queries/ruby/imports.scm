; arborist imports for ruby: none yet (references do not narrow by imports in this language).
; Vocabulary: queries/python/imports.scm.
