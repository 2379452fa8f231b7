; arborist imports for Zig: none yet (`const x = @import("file.zig")` binds a whole file; references
; do not narrow by imports in this language). Vocabulary: queries/python/imports.scm.
