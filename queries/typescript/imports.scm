; arborist imports for typescript. Vocabulary: queries/python/imports.scm, and @import.reexport (the file exports
; what the match brings: `export … from`), @import.glob (`export * from`), @import.export (the file is a
; module: it imports or exports). Module specifiers (`./x`, `../x/index.js`, tsconfig `paths`) are resolved
; to files by the engine (grammars.toml `modules.resolve = "path"`).

; import { Name } from './m'; import { Name as N } from './m'; import type { Name } from './m'
(import_statement
  (import_clause (named_imports (import_specifier name: (identifier) @import.name !alias)))
  source: (string (string_fragment) @import.module))
(import_statement
  (import_clause (named_imports (import_specifier name: (identifier) @import.name alias: (identifier) @import.alias)))
  source: (string (string_fragment) @import.module))

; import Name from './m' (the default export, bound to Name)
(import_statement
  (import_clause (identifier) @import.name)
  source: (string (string_fragment) @import.module))

; import * as ns from './m' (ns is the module)
(import_statement
  (import_clause (namespace_import (identifier) @import.alias))
  source: (string (string_fragment) @import.module))

; export { Name } from './m'; export { Name as N } from './m'; export * from './m'; export * as ns from './m'
(export_statement
  (export_clause (export_specifier name: (identifier) @import.name !alias))
  source: (string (string_fragment) @import.module)) @import.reexport
(export_statement
  (export_clause (export_specifier name: (identifier) @import.name alias: (identifier) @import.alias))
  source: (string (string_fragment) @import.module)) @import.reexport
(export_statement
  "*" @import.glob
  source: (string (string_fragment) @import.module)) @import.reexport

; the file is a module
(import_statement) @import.export
(export_statement) @import.export
