; arborist textobjects for Bash (helix convention). A function body is a `{ }` group, a `( )`
; subshell or a test; a redirection after it (`f() { ... } >&2`) is part of the definition.

(function_definition body: (_) @function.inside) @function.around

; ---- what belongs to a definition from outside it ------------------------------------------------
; A `# shellcheck ...` directive directly above a definition belongs to it; other `#` comments
; directly above are its doc (not the `#!` line).

((comment) @preamble (#match? @preamble "^#\\s*shellcheck\\s"))
((comment) @preamble.doc (#not-match? @preamble.doc "^#(!|\\s*shellcheck\\s)"))
