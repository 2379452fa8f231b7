//! The language registry: `grammars.toml` entries joined with the grammars compiled in. Queries are
//! compiled lazily, once per language; a broken query disables that language's symbols, logged.

use crate::config::{self, LanguageEntry};
use crate::query::{TagsQuery, TextObject, compile_tags, compile_textobjects};
use std::collections::HashMap;
use std::sync::OnceLock;
use tree_sitter::Query;

/// One supported language.
pub struct Language {
    pub entry: &'static LanguageEntry,
    pub grammar: tree_sitter::Language,
    sources: &'static QuerySources,
    tags: OnceLock<Option<TagsQuery>>,
    textobjects: OnceLock<Option<(Query, Vec<Option<TextObject>>)>>,
}

/// The query files of one `queries/<dir>/`, compiled in.
pub struct QuerySources {
    pub dir: &'static str,
    pub tags: &'static str,
    pub textobjects: &'static str,
}

/// One grammar compiled into the binary: the single row to add for a new language.
struct GrammarRow {
    name: &'static str,
    grammar: fn() -> tree_sitter::Language,
}

const GRAMMARS: &[GrammarRow] = &[
    GrammarRow { name: "rust", grammar: || tree_sitter_rust::LANGUAGE.into() },
    GrammarRow { name: "python", grammar: || tree_sitter_python::LANGUAGE.into() },
    GrammarRow { name: "typescript", grammar: || tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into() },
    GrammarRow { name: "tsx", grammar: || tree_sitter_typescript::LANGUAGE_TSX.into() },
    GrammarRow { name: "javascript", grammar: || tree_sitter_javascript::LANGUAGE.into() },
    GrammarRow { name: "java", grammar: || tree_sitter_java::LANGUAGE.into() },
    GrammarRow { name: "go", grammar: || tree_sitter_go::LANGUAGE.into() },
];

macro_rules! queries {
    ($($dir:literal),* $(,)?) => {
        &[$(QuerySources {
            dir: $dir,
            tags: include_str!(concat!("../queries/", $dir, "/tags.scm")),
            textobjects: include_str!(concat!("../queries/", $dir, "/textobjects.scm")),
        }),*]
    };
}

const QUERIES: &[QuerySources] = queries!("rust", "python", "typescript", "tsx", "javascript", "java", "go");

struct Registry {
    languages: Vec<Language>,
    by_extension: HashMap<String, usize>,
}

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let languages: Vec<Language> = config::languages().iter().filter_map(build_language).collect();
        let mut by_extension = HashMap::new();
        for (i, lang) in languages.iter().enumerate() {
            for ext in &lang.entry.extensions {
                by_extension.insert(ext.to_ascii_lowercase(), i);
            }
        }
        Registry { languages, by_extension }
    })
}

fn build_language(entry: &'static LanguageEntry) -> Option<Language> {
    let Some(row) = GRAMMARS.iter().find(|g| g.name == entry.grammar) else {
        tracing::error!(
            "grammars.toml: language `{}` names grammar `{}`, which is not compiled in",
            entry.name,
            entry.grammar
        );
        return None;
    };
    let Some(sources) = QUERIES.iter().find(|q| q.dir == entry.queries) else {
        tracing::error!(
            "grammars.toml: language `{}` names queries/{}/, which is not compiled in",
            entry.name,
            entry.queries
        );
        return None;
    };
    let grammar = (row.grammar)();
    Some(Language { entry, grammar, sources, tags: OnceLock::new(), textobjects: OnceLock::new() })
}

/// Every language that loaded.
pub fn all() -> &'static [Language] {
    &registry().languages
}

/// The language of a file, by its extension.
pub fn for_path(path: &str) -> Option<&'static Language> {
    let name = path.rsplit('/').next().unwrap_or(path);
    let (_, ext) = name.rsplit_once('.')?;
    let reg = registry();
    reg.by_extension.get(&ext.to_ascii_lowercase()).map(|&i| &reg.languages[i])
}

/// A hash of every compiled-in query and grammar name: a persisted index built with other queries is stale.
pub fn fingerprint() -> crate::text::ContentHash {
    let mut all = String::new();
    for q in QUERIES {
        all.extend([q.dir, "\0", q.tags, "\0", q.textobjects, "\0"]);
    }
    GRAMMARS.iter().for_each(|g| all.push_str(g.name));
    crate::text::ContentHash::of(all.as_bytes())
}

/// A language by name.
pub fn by_name(name: &str) -> Option<&'static Language> {
    all().iter().find(|l| l.entry.name == name)
}

impl Language {
    pub fn name(&self) -> &'static str {
        &self.entry.name
    }

    /// The symbol query, compiled on first use; None (logged once) if it does not compile.
    pub fn tags(&self) -> Option<&TagsQuery> {
        self.tags
            .get_or_init(|| {
                compile_tags(&self.grammar, self.sources.tags)
                    .inspect_err(|e| {
                        tracing::error!(
                            "queries/{}/tags.scm: {e}; symbols of {} are off",
                            self.sources.dir,
                            self.name()
                        )
                    })
                    .ok()
            })
            .as_ref()
    }

    /// The textobjects query, compiled on first use; None (logged once) if it does not compile.
    pub fn textobjects(&self) -> Option<&(Query, Vec<Option<TextObject>>)> {
        self.textobjects
            .get_or_init(|| {
                compile_textobjects(&self.grammar, self.sources.textobjects)
                    .inspect_err(|e| tracing::error!("queries/{}/textobjects.scm: {e}", self.sources.dir))
                    .ok()
            })
            .as_ref()
    }

    /// Compiles both queries now and reports the first problem (for tests and `arborist check`).
    pub fn check_queries(&self) -> Result<(), String> {
        compile_tags(&self.grammar, self.sources.tags)
            .map_err(|e| format!("queries/{}/tags.scm: {e}", self.sources.dir))?;
        compile_textobjects(&self.grammar, self.sources.textobjects)
            .map_err(|e| format!("queries/{}/textobjects.scm: {e}", self.sources.dir))?;
        Ok(())
    }
}
