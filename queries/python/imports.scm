; arborist imports for Python. Vocabulary: @import.module (the module a name comes from, as written:
; `a.b`, `.b`, `..`), @import.name (the name as the module defines it, before any `as`), @import.alias
; (the local name an `as` binds). References use them: a file that imports NAME from another module than
; the target's uses that module's NAME; `alias.NAME` is the target's only when `alias` is bound to the
; target's module (or a package above it, which may re-export it).

(import_from_statement
  module_name: (_) @import.module
  name: [
    (dotted_name) @import.name
    (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.alias)
  ])

; `import a.b.c` binds `a`; `import a.b.c as x` binds `x` to a.b.c
(import_statement
  name: [
    (dotted_name) @import.module
    (aliased_import name: (dotted_name) @import.module alias: (identifier) @import.alias)
  ])

; `from a import *` brings a's public names (a module that re-exports what it imports this way)
(import_from_statement
  module_name: (_) @import.module
  (wildcard_import) @import.glob)
