; arborist imports for lua: none yet (references do not narrow by imports in this language).
; Vocabulary: queries/python/imports.scm.
