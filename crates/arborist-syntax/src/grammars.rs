//! The language registry's schema: `grammars.toml` (compiled in), one entry per language with everything
//! the code does differently per language, as data.

use serde::Deserialize;
use std::sync::OnceLock;

/// One language of the registry.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LanguageEntry {
    pub name: String,
    pub extensions: Vec<String>,
    /// The grammar compiled in (a row in src/language.rs), whose queries are `queries/<grammar>/`.
    pub grammar: String,
    pub line_comment: String,
    #[serde(default)]
    pub language_server: Vec<String>,
    #[serde(default)]
    pub formatter: Vec<String>,
    /// Command that checks the project (run in its root), e.g. `cargo check`.
    #[serde(default)]
    pub check: Vec<String>,
    /// Node kinds the language requires to hold a statement, which the grammar accepts empty (a Python
    /// `block`): an edit that empties one is refused like a syntax error.
    #[serde(default)]
    pub nonempty_nodes: Vec<String>,
    /// Languages whose files can use each other's symbols share a family (TypeScript, TSX and JavaScript);
    /// default: the language's own name.
    #[serde(default)]
    pub family: Option<String>,
    /// The LSP `languageId` of its documents (default: the language's name), and exceptions by file
    /// extension (`.jsx` is `javascriptreact`).
    #[serde(default)]
    pub lsp_language_id: Option<String>,
    #[serde(default)]
    pub lsp_language_ids: std::collections::BTreeMap<String, String>,
    /// Indentation is syntax (Python): a replaced body indented exactly like its target is re-based too.
    #[serde(default)]
    pub indent_sensitive: bool,
    /// Blank lines between top-level definitions when a file has no neighbours to copy (PEP 8 says 2).
    #[serde(default = "one")]
    pub top_level_blank_lines: usize,
    /// Leaf node kinds that are identifiers (where references can be), and those among them that only
    /// name members (`x.name`).
    #[serde(default)]
    pub identifier_nodes: Vec<String>,
    #[serde(default)]
    pub member_nodes: Vec<String>,
    /// How file paths map to module names, for `queries/<lang>/imports.scm`: `a/b/c.py` is `a.b.c`,
    /// `a/b/__init__.py` is `a.b`, and a leading separator in an import is relative to the package.
    #[serde(default)]
    pub modules: Option<ModuleNaming>,
}

/// How a language names modules after file paths.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModuleNaming {
    pub separator: String,
    /// The file name (without extension) that stands for its directory, e.g. `__init__`.
    #[serde(default)]
    pub package_file: Option<String>,
}

fn one() -> usize {
    1
}

impl LanguageEntry {
    /// The family of languages that can use this one's symbols.
    pub fn family(&self) -> &str {
        self.family.as_deref().unwrap_or(&self.name)
    }

    /// The LSP `languageId` of the file `rel`.
    pub fn lsp_language_id(&self, rel: &str) -> &str {
        let ext = rel.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
        self.lsp_language_ids.get(&ext).or(self.lsp_language_id.as_ref()).map_or(&self.name, |s| s.as_str())
    }
}

#[derive(Deserialize)]
struct Registry {
    language: Vec<LanguageEntry>,
}

/// The compiled-in language registry.
pub fn languages() -> &'static [LanguageEntry] {
    static REGISTRY: OnceLock<Vec<LanguageEntry>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let reg: Registry = toml::from_str(include_str!("../../../grammars.toml"))
            .expect("grammars.toml is compiled in and checked by tests");
        reg.language
    })
}

/// Whether a file name has the extension of a supported language.
pub fn is_code_file(file_name: &str) -> bool {
    let Some((_, ext)) = file_name.rsplit_once('.') else {
        return false;
    };
    languages().iter().any(|l| l.extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_loads_with_unique_names() {
        let mut names: Vec<_> = languages().iter().map(|l| l.name.as_str()).collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n, "language names repeat in grammars.toml");
        assert!(is_code_file("a/b.PY"));
        assert!(!is_code_file("README.md"));
    }
}
