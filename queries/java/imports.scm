; arborist imports for Java. Vocabulary: queries/python/imports.scm, and @import.package (the file's own
; package), @import.glob (`import a.b.*;`). Packages are directories under a source root (grammars.toml
; `modules.resolve = "java"`).

(package_declaration [(scoped_identifier) (identifier)] @import.package)
(import_declaration (scoped_identifier scope: (_) @import.module name: (identifier) @import.name) .)
(import_declaration [(scoped_identifier) (identifier)] @import.module (asterisk) @import.glob)
