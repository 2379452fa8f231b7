; arborist imports for Kotlin: none (an import names a package member, and packages do not follow
; file paths, so it cannot narrow references). Vocabulary: queries/python/imports.scm.
