; arborist imports for Scala: none (an import names a package member, and packages do not follow
; file paths, so it cannot narrow references). Vocabulary: queries/python/imports.scm.
