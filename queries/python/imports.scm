; arborist imports for Python. Vocabulary: @import.module (the module a name comes from, as written:
; `a.b`, `.b`, `..`), @import.name (the name as the module defines it, before any `as`).
; References use it: a file that imports NAME from another module than the target's uses that
; module's NAME.

(import_from_statement
  module_name: (_) @import.module
  name: [
    (dotted_name) @import.name
    (aliased_import name: (dotted_name) @import.name)
  ])
