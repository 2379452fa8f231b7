; arborist imports for Go. Vocabulary: queries/python/imports.scm. `import "a/b"` binds the package to its
; last path element, `import x "a/b"` to `x`; `import . "a/b"` (@import.glob) brings its names unqualified.
; Import paths are resolved through the nearest go.mod (grammars.toml `modules.resolve = "go"`).

(import_spec name: (package_identifier) @import.alias path: (_) @import.module)
(import_spec name: (dot) @import.glob path: (_) @import.module)
(import_spec !name path: (_) @import.module)

; the file's package name (an import of the package binds it, whatever its path's last element)
(package_clause (package_identifier) @import.package)
