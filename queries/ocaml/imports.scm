; arborist imports for ocaml: none yet (references do not narrow by imports in this language:
; `open M` brings every name of M, with no list of names).
; Vocabulary: queries/python/imports.scm.
