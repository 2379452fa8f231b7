//! The language registry: `grammars.toml` entries joined with the grammars compiled in. Queries are
//! compiled lazily, once per language; a broken query disables that language's symbols, logged.

use crate::grammars::{self, LanguageEntry};
use crate::query::{
    BlockQuery, BlockRole, DefKind, ImportsQuery, KindEdge, LocalsQuery, Role, TagsQuery, compile_imports,
    compile_locals, compile_tags, compile_textobjects,
};
use crate::text::Source;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::OnceLock;
use streaming_iterator::StreamingIterator;
use tree_sitter::{Node, QueryCursor};

/// One supported language.
pub struct Language {
    pub entry: &'static LanguageEntry,
    pub grammar: tree_sitter::Language,
    pub(crate) sources: &'static Grammar,
    tags: OnceLock<Option<TagsQuery>>,
    /// Set once a thread has been started to compile `tags` (`prepare_tags`).
    preparing: std::sync::atomic::AtomicBool,
    textobjects: OnceLock<Option<BlockQuery>>,
    imports: OnceLock<Option<ImportsQuery>>,
    locals: OnceLock<Option<LocalsQuery>>,
    masks: OnceLock<Vec<regex::Regex>>,
    doc_links: OnceLock<Vec<regex::Regex>>,
    merged_declarations: OnceLock<Vec<regex::Regex>>,
    leaf_kinds: OnceLock<Vec<crate::identifiers::LeafKind>>,
    /// `entry.body_docstrings` as the grammar's ids; None without them or when a name is not the grammar's.
    body_docstrings: Option<DocstringIds>,
}

/// The field and node kind ids of a language's `body_docstrings` (every id of each kind: an alias gives
/// one name several).
struct DocstringIds {
    body: std::num::NonZeroU16,
    statement: Vec<u16>,
    string: Vec<u16>,
}

impl DocstringIds {
    fn of(grammar: &tree_sitter::Language, names: &crate::grammars::BodyDocstrings) -> Option<DocstringIds> {
        let kind = |name: &str| Some(crate::walk::kind_ids(grammar, name, true)).filter(|ids| !ids.is_empty());
        Some(DocstringIds {
            body: grammar.field_id_for_name(&names.body)?,
            statement: kind(&names.statement)?,
            string: kind(&names.string)?,
        })
    }
}

/// A grammar compiled into the binary, with its queries from `queries/<name>/`.
pub struct Grammar {
    pub name: &'static str,
    language: fn() -> tree_sitter::Language,
    pub tags: &'static str,
    pub textobjects: &'static str,
    pub imports: &'static str,
    pub locals: &'static str,
    /// The grammar's node-types.json.
    pub node_types: &'static str,
}

/// One registration row: the grammar's name (as `grammar = ` in grammars.toml, and its `queries/` folder)
/// and the crate's language constant.
macro_rules! grammar {
    ($name:literal, $language:expr, $node_types:expr) => {
        Grammar {
            name: $name,
            language: || $language.into(),
            node_types: $node_types,
            tags: include_str!(concat!("../../../queries/", $name, "/tags.scm")),
            textobjects: include_str!(concat!("../../../queries/", $name, "/textobjects.scm")),
            imports: include_str!(concat!("../../../queries/", $name, "/imports.scm")),
            locals: include_str!(concat!("../../../queries/", $name, "/locals.scm")),
        }
    };
}

/// Every grammar compiled in. Adding a language adds one row here (and a dependency in Cargo.toml).
const GRAMMARS: &[Grammar] = &[
    grammar!("rust", tree_sitter_rust::LANGUAGE, tree_sitter_rust::NODE_TYPES),
    grammar!("python", tree_sitter_python::LANGUAGE, tree_sitter_python::NODE_TYPES),
    grammar!("typescript", tree_sitter_typescript::LANGUAGE_TYPESCRIPT, tree_sitter_typescript::TYPESCRIPT_NODE_TYPES),
    grammar!("tsx", tree_sitter_typescript::LANGUAGE_TSX, tree_sitter_typescript::TSX_NODE_TYPES),
    grammar!("javascript", tree_sitter_javascript::LANGUAGE, tree_sitter_javascript::NODE_TYPES),
    grammar!("java", tree_sitter_java::LANGUAGE, tree_sitter_java::NODE_TYPES),
    grammar!("go", tree_sitter_go::LANGUAGE, tree_sitter_go::NODE_TYPES),
    grammar!("c", tree_sitter_c::LANGUAGE, tree_sitter_c::NODE_TYPES),
    grammar!("cpp", tree_sitter_cpp::LANGUAGE, tree_sitter_cpp::NODE_TYPES),
    grammar!("objc", tree_sitter_objc::LANGUAGE, tree_sitter_objc::NODE_TYPES),
    grammar!("zig", tree_sitter_zig::LANGUAGE, tree_sitter_zig::NODE_TYPES),
    grammar!("csharp", tree_sitter_c_sharp::LANGUAGE, tree_sitter_c_sharp::NODE_TYPES),
    grammar!("kotlin", tree_sitter_kotlin_sg::LANGUAGE, tree_sitter_kotlin_sg::NODE_TYPES),
    grammar!("scala", tree_sitter_scala::LANGUAGE, tree_sitter_scala::NODE_TYPES),
    grammar!("swift", tree_sitter_swift::LANGUAGE, tree_sitter_swift::NODE_TYPES),
    grammar!("dart", tree_sitter_dart::LANGUAGE, tree_sitter_dart::NODE_TYPES),
    grammar!("ruby", tree_sitter_ruby::LANGUAGE, tree_sitter_ruby::NODE_TYPES),
    grammar!("php", tree_sitter_php::LANGUAGE_PHP, tree_sitter_php::PHP_NODE_TYPES),
    grammar!("lua", tree_sitter_lua::LANGUAGE, tree_sitter_lua::NODE_TYPES),
    grammar!("bash", tree_sitter_bash::LANGUAGE, tree_sitter_bash::NODE_TYPES),
    grammar!("r", tree_sitter_r::LANGUAGE, tree_sitter_r::NODE_TYPES),
    grammar!("julia", tree_sitter_julia::LANGUAGE, tree_sitter_julia::NODE_TYPES),
    grammar!("elixir", tree_sitter_elixir::LANGUAGE, tree_sitter_elixir::NODE_TYPES),
    grammar!("haskell", tree_sitter_haskell::LANGUAGE, tree_sitter_haskell::NODE_TYPES),
    grammar!("ocaml", tree_sitter_ocaml::LANGUAGE_OCAML, tree_sitter_ocaml::OCAML_NODE_TYPES),
    grammar!("ocaml_interface", tree_sitter_ocaml::LANGUAGE_OCAML_INTERFACE, tree_sitter_ocaml::INTERFACE_NODE_TYPES),
    grammar!("hcl", tree_sitter_hcl::LANGUAGE, tree_sitter_hcl::NODE_TYPES),
    grammar!("json", tree_sitter_json::LANGUAGE, tree_sitter_json::NODE_TYPES),
    grammar!("yaml", tree_sitter_yaml::LANGUAGE, tree_sitter_yaml::NODE_TYPES),
    grammar!("toml", tree_sitter_toml_ng::LANGUAGE, tree_sitter_toml_ng::NODE_TYPES),
    grammar!("markdown", tree_sitter_md::LANGUAGE, tree_sitter_md::NODE_TYPES_BLOCK),
    grammar!("html", tree_sitter_html::LANGUAGE, tree_sitter_html::NODE_TYPES),
    grammar!("css", tree_sitter_css::LANGUAGE, tree_sitter_css::NODE_TYPES),
];

struct Registry {
    languages: Vec<Language>,
    by_extension: HashMap<String, usize>,
}

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let languages: Vec<Language> = grammars::languages().iter().filter_map(build_language).collect();
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
    let Some(compiled) = GRAMMARS.iter().find(|g| g.name == entry.grammar) else {
        tracing::error!(
            "grammars.toml: language `{}` names grammar `{}`, which is not compiled in",
            entry.name,
            entry.grammar
        );
        return None;
    };
    let sources = match std::env::var_os(QUERIES_DIR_VAR) {
        Some(dir) => Box::leak(Box::new(read_queries(compiled, std::path::Path::new(&dir)))),
        None => compiled,
    };
    let grammar = (sources.language)();
    Some(Language {
        entry,
        body_docstrings: entry.body_docstrings.as_ref().and_then(|names| DocstringIds::of(&grammar, names)),
        grammar,
        sources,
        tags: OnceLock::new(),
        preparing: Default::default(),
        textobjects: OnceLock::new(),
        imports: OnceLock::new(),
        locals: OnceLock::new(),
        masks: OnceLock::new(),
        doc_links: OnceLock::new(),
        merged_declarations: OnceLock::new(),
        leaf_kinds: OnceLock::new(),
    })
}

/// Development override: queries are read from `$ARBORIST_QUERIES_DIR/<grammar>/` at start instead of
/// the compiled-in copies, so a query can be tried without a rebuild.
pub const QUERIES_DIR_VAR: &str = "ARBORIST_QUERIES_DIR";

/// A grammar's queries read from `dir/<name>/`; a file that is not there keeps the compiled-in text.
fn read_queries(compiled: &Grammar, dir: &std::path::Path) -> Grammar {
    let read = |file: &str, fallback: &'static str| -> &'static str {
        match std::fs::read_to_string(dir.join(compiled.name).join(file)) {
            Ok(text) => Box::leak(text.into_boxed_str()),
            Err(_) => fallback,
        }
    };
    Grammar {
        name: compiled.name,
        language: compiled.language,
        tags: read("tags.scm", compiled.tags),
        textobjects: read("textobjects.scm", compiled.textobjects),
        imports: read("imports.scm", compiled.imports),
        locals: read("locals.scm", compiled.locals),
        node_types: compiled.node_types,
    }
}

/// Every language that loaded.
pub fn all() -> &'static [Language] {
    &registry().languages
}

/// The language of a file by its name: the extension, else the whole file name (`Makefile`).
pub fn for_path(path: &str) -> Option<&'static Language> {
    let name = path.rsplit('/').next().unwrap_or(path);
    let reg = registry();
    let by_ext = name.rsplit_once('.').and_then(|(_, ext)| reg.by_extension.get(&ext.to_ascii_lowercase()));
    by_ext.map(|&i| &reg.languages[i]).or_else(|| all().iter().find(|l| l.entry.file_names.iter().any(|f| f == name)))
}

/// The language of a file by its name, else (for a name without an extension) by the interpreter its
/// first bytes name in a `#!` line.
pub fn for_head(path: &str, head: &[u8]) -> Option<&'static Language> {
    for_path(path).or_else(|| {
        let name = path.rsplit('/').next().unwrap_or(path);
        let interpreter = (!name.contains('.')).then(|| crate::grammars::shebang_interpreter(head)).flatten()?;
        all().iter().find(|l| l.entry.shebangs.iter().any(|s| s == interpreter))
    })
}

/// Like `for_head`, reading the first bytes of the file at `abs` only when the name does not decide.
pub fn for_file(path: &str, abs: &std::path::Path) -> Option<&'static Language> {
    for_path(path).or_else(|| {
        use std::io::Read;
        let name = path.rsplit('/').next().unwrap_or(path);
        if name.contains('.') {
            return None;
        }
        let mut head = [0u8; 256];
        let (mut file, _) = crate::fsio::open_regular(abs).ok()??;
        let n = file.read(&mut head).ok()?;
        for_head(path, &head[..n])
    })
}

/// A hash of every compiled-in query and grammar name: a persisted index built with other queries is stale.
pub fn fingerprint() -> crate::text::ContentHash {
    let mut all = String::new();
    for g in self::all().iter().map(|l| l.sources) {
        all.extend([g.name, "\0", g.tags, "\0", g.textobjects, "\0", g.imports, "\0"]);
    }
    for lang in self::all() {
        all.extend(lang.entry.parse_masks.iter().chain(&lang.entry.doc_links).flat_map(|m| [m.as_str(), "\0"]));
    }
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

    /// The `parse_masks` of grammars.toml, compiled on first use; one that does not compile or has
    /// neither a group `m` nor `w` is left out (logged once).
    pub fn parse_masks(&self) -> &[regex::Regex] {
        self.masks.get_or_init(|| {
            let groups = |re: &regex::Regex| re.capture_names().any(|n| matches!(n, Some("m" | "w")));
            self.compile_patterns("parse mask", &self.entry.parse_masks, groups, "no group `m` or `w`")
        })
    }

    /// The docstring of the definition `def` by `body_docstrings`: the first named child of its body,
    /// when that is a statement whose one named child is a string, is the string.
    pub fn body_docstring<'t>(&self, def: Node<'t>) -> Option<Node<'t>> {
        let ids = self.body_docstrings.as_ref()?;
        let first = def.child_by_field_id(ids.body.get())?.named_child(0)?;
        if !ids.statement.contains(&first.kind_id()) || first.named_child_count() != 1 {
            return None;
        }
        first.named_child(0).filter(|string| ids.string.contains(&string.kind_id()))
    }

    /// Whether `body_docstrings` name a field and kinds of the grammar (or are not set).
    pub fn body_docstrings_resolve(&self) -> bool {
        self.entry.body_docstrings.is_none() || self.body_docstrings.is_some()
    }

    /// What the identifier index reads of a leaf, by node kind id (built on first use).
    pub fn leaf_kinds(&self) -> &[crate::identifiers::LeafKind] {
        self.leaf_kinds.get_or_init(|| crate::identifiers::leaf_kinds(self))
    }

    /// The `doc_links` of grammars.toml, compiled on first use; one that does not compile or has no group
    /// 1 is left out (logged once).
    pub fn doc_links(&self) -> &[regex::Regex] {
        self.doc_links.get_or_init(|| {
            self.compile_patterns("doc link pattern", &self.entry.doc_links, |re| re.captures_len() > 1, "no group")
        })
    }

    /// `merged_declarations` of grammars.toml, compiled once; a pattern that does not compile is left out
    /// (logged once).
    pub fn merged_declarations(&self) -> &[regex::Regex] {
        self.merged_declarations.get_or_init(|| {
            self.compile_patterns("merged declaration pattern", &self.entry.merged_declarations, |_| true, "")
        })
    }

    /// The regexes of a grammars.toml list that compile and pass `valid`; the others are logged (`what`
    /// they are, `lacks`: what `valid` missed) and left out.
    fn compile_patterns(
        &self,
        what: &str,
        sources: &[String],
        valid: impl Fn(&regex::Regex) -> bool,
        lacks: &str,
    ) -> Vec<regex::Regex> {
        let compile = |src: &String| match regex::Regex::new(src) {
            Ok(re) if valid(&re) => Some(re),
            Ok(_) => {
                tracing::error!("grammars.toml: a {what} of {} has {lacks}: {src}", self.name());
                None
            }
            Err(e) => {
                tracing::error!("grammars.toml: a {what} of {} does not compile: {e}", self.name());
                None
            }
        };
        sources.iter().filter_map(compile).collect()
    }

    /// The names a doc comment's text links to: each name of each name path (names joined by `.` or `#`)
    /// in the group 1 of a `doc_links` match, with its byte range in `comment` and the name path before
    /// it (`Subject` for `next` in `{@link Subject#next}`).
    pub fn doc_link_names<'c>(&self, comment: &'c str) -> Vec<(Range<usize>, &'c str, &'c str)> {
        static NAME_PATH: OnceLock<regex::Regex> = OnceLock::new();
        let name_path = NAME_PATH.get_or_init(|| regex::Regex::new(r"[\w$]+(?:[.#][\w$]+)*").expect("a valid regex"));
        let mut out = Vec::new();
        let groups = self.doc_links().iter().flat_map(|re| re.captures_iter(comment).filter_map(|c| c.get(1)));
        for path in
            groups.flat_map(|g| name_path.find_iter(g.as_str()).map(move |p| (g.start() + p.start(), p.as_str())))
        {
            let (start, path) = path;
            let mut at = start;
            for name in path.split(['.', '#']) {
                let before = comment[start..at].trim_end_matches(['.', '#']);
                out.push((at..at + name.len(), name, before));
                at += name.len() + 1;
            }
        }
        out
    }

    /// Starts compiling the symbol query on a thread of its own, unless that is done or started: a
    /// lookup that will parse files of this language calls it as soon as it finds one, so that the
    /// compile (up to 100 ms for large grammars) overlaps the rest of its search.
    pub fn prepare_tags(&'static self) {
        use std::sync::atomic::Ordering;
        if self.tags.get().is_none() && !self.preparing.swap(true, Ordering::AcqRel) {
            std::thread::spawn(|| self.tags());
        }
    }

    /// The symbol query, compiled on first use; None (logged once) if it does not compile.
    pub fn tags(&self) -> Option<&TagsQuery> {
        self.tags
            .get_or_init(|| {
                compile_tags(&self.grammar, self.query_source("tags"), self.sources.node_types)
                    .inspect_err(|e| {
                        tracing::error!(
                            "queries/{}/tags.scm: {e}; symbols of {} are off",
                            self.sources.name,
                            self.name()
                        )
                    })
                    .ok()
            })
            .as_ref()
    }

    /// The textobjects query, compiled on first use; None (logged once) if it does not compile.
    pub fn textobjects(&self) -> Option<&BlockQuery> {
        self.textobjects
            .get_or_init(|| {
                compile_textobjects(&self.grammar, self.query_source("textobjects"))
                    .inspect_err(|e| tracing::error!("queries/{}/textobjects.scm: {e}", self.sources.name))
                    .ok()
            })
            .as_ref()
    }

    /// The imports query, compiled on first use; None when the language has no import patterns (or they
    /// do not compile, logged once).
    pub fn imports(&self) -> Option<&ImportsQuery> {
        self.imports
            .get_or_init(|| {
                compile_imports(&self.grammar, self.query_source("imports"))
                    .inspect_err(|e| tracing::error!("queries/{}/imports.scm: {e}", self.sources.name))
                    .ok()
                    .filter(|q| q.query.pattern_count() > 0)
            })
            .as_ref()
    }

    /// The locals query (scopes and local bindings), compiled on first use; None when the language has no
    /// locals patterns (or they do not compile, logged once).
    pub fn locals(&self) -> Option<&LocalsQuery> {
        self.locals
            .get_or_init(|| {
                compile_locals(&self.grammar, self.query_source("locals"))
                    .inspect_err(|e| tracing::error!("queries/{}/locals.scm: {e}", self.sources.name))
                    .ok()
                    .filter(|q| q.query.pattern_count() > 0)
            })
            .as_ref()
    }

    /// What textobjects.scm says `node` is: a preamble or doc comment of the definition below it, or a
    /// wrapper of the definition inside it; None for anything else.
    pub fn edge_role<S: Source + ?Sized>(&self, node: Node, text: &S) -> Option<BlockRole> {
        let blocks = self.textobjects()?;
        match blocks.kind_edge(node.kind_id()) {
            KindEdge::Never => None,
            KindEdge::Always(role) => Some(role),
            KindEdge::Query => Self::edge_role_by_query(blocks, node, text),
        }
    }

    /// `Language::edge_role`, asked of the textobjects query.
    pub(crate) fn edge_role_by_query<S: Source + ?Sized>(
        blocks: &BlockQuery,
        node: Node,
        text: &S,
    ) -> Option<BlockRole> {
        // asked for every comment above every definition: the thread's cursor serves them all (a new
        // one allocates its state each time)
        thread_local!(static CURSOR: std::cell::RefCell<QueryCursor> = std::cell::RefCell::new(QueryCursor::new()));
        let role_in = |cursor: &mut QueryCursor| {
            cursor.set_max_start_depth(Some(0)).set_byte_range(node.byte_range());
            let mut matches = cursor.matches(&blocks.query, node, |n: Node| text.chunks(n.byte_range()));
            while let Some(m) = matches.next() {
                for c in m.captures().iter().filter(|c| c.node.id() == node.id()) {
                    let role = blocks.roles[c.index as usize];
                    if matches!(role, BlockRole::Preamble | BlockRole::Doc | BlockRole::Wrapper) {
                        return Some(role);
                    }
                }
            }
            None
        };
        CURSOR.with(|cursor| match cursor.try_borrow_mut() {
            Ok(mut cursor) => role_in(&mut cursor),
            Err(_) => role_in(&mut QueryCursor::new()),
        })
    }

    /// The symbol kinds its tags query defines, in the order of the vocabulary (Class before Method), each
    /// once: read from the query's `@definition.<kind>` captures, comment lines skipped.
    pub fn symbol_kinds(&self) -> Vec<crate::query::SymbolKind> {
        let mut kinds: Vec<crate::query::SymbolKind> = Vec::new();
        for line in self.query_source("tags").lines().filter(|l| !l.trim_start().starts_with(';')) {
            for capture in line.split('@').skip(1) {
                let word: String = capture.chars().take_while(|c| c.is_alphanumeric() || "._".contains(*c)).collect();
                if let Ok(Role::Definition(DefKind::Symbol(kind))) = crate::query::tags_role(&word) {
                    kinds.push(kind);
                }
            }
        }
        // A function directly inside a type is reported as a method.
        if kinds.contains(&crate::query::SymbolKind::Function) && kinds.iter().any(|k| k.is_type_like()) {
            kinds.push(crate::query::SymbolKind::Method);
        }
        if self.entry.upper_case_constants && kinds.iter().any(|k| k.is_variable_like()) {
            kinds.push(crate::query::SymbolKind::Constant);
        }
        kinds.sort_by_key(|k| k.number());
        kinds.dedup();
        kinds
    }

    /// Whether members can be defined outside their type's body (Rust `impl` blocks, Go receivers), as the
    /// tags query says: then an edit anywhere can change any type's members.
    pub fn members_live_elsewhere(&self) -> bool {
        self.tags()
            .is_some_and(|t| t.roles.iter().any(|r| matches!(r, Role::Receiver | Role::Definition(DefKind::Impl))))
    }

    /// The text of the query `kind` (`tags`, `textobjects`, `imports`, `locals`): the one compiled in, or,
    /// for query authors, `$ARBORIST_QUERIES_DIR/<language>/<kind>.scm` when that variable is set and the
    /// file exists (read once per process), so an edited query runs without rebuilding.
    pub(crate) fn query_source(&self, kind: &str) -> &'static str {
        let embedded = match kind {
            "tags" => self.sources.tags,
            "textobjects" => self.sources.textobjects,
            "imports" => self.sources.imports,
            _ => self.sources.locals,
        };
        let Some(dir) = std::env::var_os("ARBORIST_QUERIES_DIR") else { return embedded };
        let path = std::path::Path::new(&dir).join(self.sources.name).join(format!("{kind}.scm"));
        static READ: OnceLock<std::sync::Mutex<std::collections::HashMap<std::path::PathBuf, &'static str>>> =
            OnceLock::new();
        let mut read = READ.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
        read.entry(path.clone())
            .or_insert_with(|| std::fs::read_to_string(&path).map_or(embedded, |text| String::leak(text)))
    }

    /// Compiles every query now and reports the first problem (for tests and `arborist check`).
    pub fn check_queries(&self) -> Result<(), String> {
        compile_tags(&self.grammar, self.query_source("tags"), self.sources.node_types)
            .and_then(|_| crate::query::check_whole(&self.grammar, self.query_source("tags"), crate::query::tags_role))
            .map_err(|e| format!("queries/{}/tags.scm: {e}", self.sources.name))?;
        compile_textobjects(&self.grammar, self.query_source("textobjects"))
            .and_then(|_| {
                crate::query::check_whole(&self.grammar, self.query_source("textobjects"), crate::query::block_role)
            })
            .map_err(|e| format!("queries/{}/textobjects.scm: {e}", self.sources.name))?;
        compile_imports(&self.grammar, self.query_source("imports"))
            .map_err(|e| format!("queries/{}/imports.scm: {e}", self.sources.name))?;
        compile_locals(&self.grammar, self.query_source("locals"))
            .map_err(|e| format!("queries/{}/locals.scm: {e}", self.sources.name))?;
        Ok(())
    }
}
