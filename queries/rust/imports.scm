; arborist imports for Rust. Vocabulary: queries/python/imports.scm, and @import.tree (a use tree
; `a::{b, c as d, e::*}`, expanded by the engine), @import.reexport (`pub use`). Paths are resolved through
; the module tree (grammars.toml `modules.resolve = "rust"`).

(use_declaration (visibility_modifier)? @import.reexport argument: (_) @import.tree)

; a use inside a nested module (`mod tests { use super::*; }`): its relative paths start there
(mod_item body: (declaration_list (use_declaration (visibility_modifier)? @import.reexport argument: (_) @import.tree))) @import.inner
