; arborist imports for C++: none (`#include` names a file, not a module's names; references do not
; narrow by imports in this language). Vocabulary: queries/python/imports.scm.
