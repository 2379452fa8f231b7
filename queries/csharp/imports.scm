; arborist imports for C#: none (a `using` names a namespace, not a file or a name in it, so it
; cannot narrow references). Vocabulary: queries/python/imports.scm.
