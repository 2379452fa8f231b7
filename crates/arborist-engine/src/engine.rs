//! The engine façade: owns the open project and its file cache, and is what every tool runs against.
//! Plain data in, plain data out; knows nothing of MCP or JSON.

use crate::cache::{Document, FileCache};
use crate::index::{BuildStats, FileEntry, Index, Stamp};
use crate::locks::EditLock;
use crate::project::{Project, ProjectPath};
use arborist_syntax::error::{Error, Result};
use arborist_syntax::language;
use arborist_syntax::name::Name;
use arborist_syntax::query::SymbolKind;
use arborist_syntax::symbols::{FileSymbols, NamePattern};
use arborist_syntax::syntax::{
    ParseBudget, SyntaxIssue, TopLevel, empty_nodes, parse_ranges, parse_source, parse_within, reparse, syntax_issues,
};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use tree_sitter::Tree;

/// One symbol of one indexed file.
#[derive(Clone)]
pub struct SymbolRef {
    pub entry: Arc<FileEntry>,
    pub index: u32,
}

impl SymbolRef {
    pub fn symbol(&self) -> arborist_syntax::symbols::Symbol {
        self.entry.symbols.get(self.index)
    }

    pub fn name_path(&self) -> String {
        self.entry.symbols.name_path(self.index)
    }
}

/// Filters of a symbol search.
#[derive(Debug, Clone, Default)]
pub struct FindOptions {
    pub substring: bool,
    pub include_kinds: Vec<SymbolKind>,
    pub exclude_kinds: Vec<SymbolKind>,
}

impl FindOptions {
    pub fn accepts(&self, kind: SymbolKind) -> bool {
        !self.exclude_kinds.contains(&kind) && (self.include_kinds.is_empty() || self.include_kinds.contains(&kind))
    }
}

/// One open project with everything needed to answer tool calls about it.
pub struct Engine {
    project: Project,
    cache: FileCache,
    index: Index,
    /// Language servers, started on first use.
    lsp: std::sync::OnceLock<arborist_lsp::LspPool>,
    /// Held by editing tool calls: read-modify-write sequences of one file never interleave.
    edits: Arc<crate::locks::EditLocks>,
    /// Parse trees of recently edited files, by path, with the content hash they belong to.
    trees: std::sync::Mutex<std::collections::HashMap<String, (arborist_syntax::text::ContentHash, CachedTree)>>,
    /// How far the background index got (files checked of total).
    index_progress: crate::index::Progress,
    /// What each file's tree says of the names queried for references so far.
    uses: crate::uses::UsesCache,
    /// What definitions declare of types, as earlier reference queries read it.
    declared: crate::declared::DeclaredAnswers,
}

impl Engine {
    /// Opens the project at `root`. Cheap: nothing is scanned until a tool needs it.
    pub fn open(root: &Path) -> Result<Engine> {
        let project = Project::open(root)?;
        if !project.config().read_only {
            crate::journal::recover(project.root());
        }
        let index = Index::new(&project);
        Ok(Engine {
            project,
            cache: FileCache::new(),
            index,
            lsp: Default::default(),
            edits: Default::default(),
            trees: Default::default(),
            index_progress: Default::default(),
            uses: Default::default(),
            declared: Default::default(),
        })
    }

    /// Files the background index has checked, of how many (0, 0 before it starts).
    pub fn index_progress(&self) -> (usize, usize) {
        self.index_progress.get()
    }

    /// Builds the full symbol index on a background thread, then saves it to `.arborist/cache/`.
    /// Queries meanwhile search first and parse only candidate files.
    pub fn start_indexing(self: &Arc<Self>, threads: usize) {
        let engine = self.clone();
        std::thread::Builder::new()
            .name("arborist-index".into())
            .spawn(move || {
                let stats = engine.build_index_observed(threads, &engine.index_progress);
                tracing::info!(
                    "indexed {} files ({} parsed, {} reused), {} symbols in {:.2}s",
                    stats.files,
                    stats.parsed,
                    stats.reused,
                    stats.symbols,
                    stats.seconds
                );
            })
            .expect("spawning the index thread");
    }

    /// Builds (or refreshes) the full index now and saves it when it changed.
    pub fn build_index(&self, threads: usize) -> BuildStats {
        self.build_index_observed(threads, &crate::index::Progress::default())
    }

    /// `build_index`, counting the files checked in `progress` (for a progress display).
    pub fn build_index_observed(&self, threads: usize, progress: &crate::index::Progress) -> BuildStats {
        let stats = self.index.build_observed(&self.project, threads, progress);
        if stats.changed
            && let Err(e) = self.index.persist()
        {
            tracing::warn!("could not save the index to .arborist/cache: {e}");
        }
        stats
    }

    pub fn index(&self) -> &Index {
        &self.index
    }

    /// The uses of names in files, kept from earlier reference queries.
    pub fn uses(&self) -> &crate::uses::UsesCache {
        &self.uses
    }

    /// What definitions declare of types, kept from earlier reference queries.
    pub fn declared(&self) -> &crate::declared::DeclaredAnswers {
        &self.declared
    }

    /// The project's language servers.
    pub fn lsp(&self) -> &arborist_lsp::LspPool {
        self.lsp.get_or_init(|| arborist_lsp::LspPool::new(self.project.root(), std::time::Duration::from_secs(30)))
    }

    /// Tells running language servers a file's new text (None: it is gone), so they never answer from
    /// stale text. Starts nothing.
    pub(crate) fn language_servers_have_open(&self, rel: &str) -> bool {
        self.lsp.get().is_some_and(|pool| pool.has_open(rel))
    }

    pub(crate) fn notify_language_servers(&self, rel: &str, text: Option<&str>) {
        if let Some(pool) = self.lsp.get() {
            pool.file_changed(rel, text);
        }
    }

    /// The language servers marked broken in this session: (language, command, why).
    pub fn broken_language_servers(&self) -> Vec<(String, String, String)> {
        self.lsp.get().map(|pool| pool.broken()).unwrap_or_default()
    }

    /// Stops every language server this engine started.
    pub fn shutdown_language_servers(&self) {
        if let Some(pool) = self.lsp.get() {
            pool.shutdown_all();
        }
    }

    /// The language-server command for a language: the project's override, else grammars.toml's.
    pub fn language_server_entry(
        &self,
        lang: &arborist_syntax::language::Language,
    ) -> arborist_syntax::grammars::LanguageEntry {
        let mut entry = lang.entry.clone();
        if let Some(argv) = self.project.config().language_servers.get(lang.name()) {
            if argv.first() != entry.language_server.first() {
                // The install and version hints are those of grammars.toml's program.
                entry.language_server_install = None;
                entry.language_server_version = Vec::new();
            }
            entry.language_server = argv.clone();
        }
        entry
    }

    /// Holds one file for an edit, from reading it to writing it back; `rel` as the caller wrote it
    /// (normalised here, so `./a.py` and `a.py` are one file).
    pub fn lock_file(&self, rel: &str) -> EditLock {
        let key = self.project().resolve(rel).map(|p| p.rel).unwrap_or_else(|_| rel.to_string());
        self.edits.file(&key)
    }

    /// Holds every file, for a call that edits several.
    pub fn lock_all(&self) -> EditLock {
        self.edits.all()
    }

    /// Symbols matching a name-path pattern under `scope` (a file or directory; "" for the project),
    /// in path and document order.
    pub fn find_symbols(&self, pattern: &NamePattern, scope: &str, opts: &FindOptions) -> Result<Vec<SymbolRef>> {
        let scope = self.project.resolve_existing(scope)?;
        let entries = if scope.abs.is_file() {
            vec![self.code_file(&scope)?]
        } else {
            self.index.candidates(&self.project, &scope, pattern, opts.substring)
        };
        let mut out = Vec::new();
        // (a name never given to a symbol: no file has one of it)
        let whole_name = pattern.whole_last_name(opts.substring).map(Name::existing);
        for entry in entries {
            let fs = &entry.symbols;
            let wanted = |i: &u32| opts.accepts(fs.get(*i).kind) && pattern.matches(fs, *i, opts.substring);
            let mut found: Vec<u32> = match whole_name {
                Some(Some(name)) => entry.named(name).filter(wanted).collect(),
                Some(None) => Vec::new(),
                None => (0..fs.len() as u32).filter(wanted).collect(),
            };
            if found.len() > 1 {
                // in document order, parents before children
                let mut hit = vec![false; fs.len()];
                found.iter().for_each(|&i| hit[i as usize] = true);
                found = fs.preorder().into_iter().filter(|&i| hit[i as usize]).collect();
            }
            out.extend(found.into_iter().map(|index| SymbolRef { entry: entry.clone(), index }));
        }
        Ok(out)
    }

    /// The symbols of one code file (fresh), or an error naming the supported languages.
    pub fn code_file(&self, p: &ProjectPath) -> Result<Arc<FileEntry>> {
        if p.abs.is_dir() {
            return Err(Error::IsDirectory(p.display().to_string()));
        }
        if language::for_file(&p.rel, &p.abs).is_none() {
            return Err(unsupported(p));
        }
        if self.project.is_ignored(&p.rel, false) {
            return Err(Error::Ignored(p.display().to_string()));
        }
        self.cache.read(p)?; // clear errors for missing, binary and non-UTF-8 files
        self.index.file(p).ok_or_else(|| match self.index.skip_reason(&p.rel) {
            Some(why) => Error::Unparseable { path: p.display().to_string(), why },
            None => Error::NotFound(p.display().to_string()),
        })
    }

    /// A code file's symbols together with the text they index (same version).
    pub fn symbols_with_text(&self, rel: &str) -> Result<(Arc<FileEntry>, Arc<Document>)> {
        let p = self.project.resolve_file(rel)?;
        let entry = self.code_file(&p)?;
        let doc = self.cache.read(&p)?;
        if doc.hash == entry.hash {
            return Ok((entry, doc));
        }
        let lang = entry.lang;
        let tree = self.tree_for(&p.rel, lang, &doc)?;
        let parsed = FileSymbols::extract_with_identifiers(lang, &tree, doc.text());
        let entry = FileEntry::new(p.rel.clone(), lang, Stamp::default(), doc.hash, parsed);
        Ok((Arc::new(entry), doc))
    }

    /// The parse tree of a file's text `doc` (cached per path for repeated edits).
    pub fn tree_for(
        &self,
        rel: &str,
        lang: &'static arborist_syntax::language::Language,
        doc: &Document,
    ) -> Result<Tree> {
        let cached = self.trees.lock().unwrap().get(rel).filter(|(hash, _)| *hash == doc.hash).map(|(_, t)| t.clone());
        match cached {
            Some(CachedTree::Ready(tree)) => return Ok(tree),
            Some(CachedTree::Pending(pending)) => {
                if let Some(tree) = pending.wait() {
                    return Ok(tree);
                }
            }
            None => {}
        }
        let budget = self.parse_budget();
        let tree = if doc.has_text() {
            parse_within(lang, doc.text(), &budget)
        } else {
            parse_source(lang, doc.rope(), None, &budget)
        };
        let tree = tree.map_err(|why| Error::Unparseable { path: rel.to_string(), why })?;
        self.remember_tree(rel, doc.hash, tree.clone());
        Ok(tree)
    }

    /// A parse tree of `doc` to look at the definition at bytes `range` in: while a background re-parse
    /// still builds the whole tree (after an edit in a quick row), the top-level statements around the
    /// definition parsed alone (nodes keep their offsets); else the whole tree (`tree_for`).
    pub(crate) fn tree_near(
        &self,
        rel: &str,
        lang: &'static arborist_syntax::language::Language,
        doc: &Document,
        range: std::ops::Range<usize>,
    ) -> Result<Tree> {
        if let Some(pending) = self.pending_tree(rel, doc.hash)
            && let Some(around) = pending.top.around(&range)
            && let Ok(tree) = parse_ranges(lang, doc.text(), &[around], &self.parse_budget())
            && !tree.root_node().has_error()
        {
            return Ok(tree);
        }
        self.tree_for(rel, lang, doc)
    }

    /// Keeps a tree for the next edit of the same text.
    pub(crate) fn remember_tree(&self, rel: &str, hash: arborist_syntax::text::ContentHash, tree: Tree) {
        self.cache_tree(rel, hash, CachedTree::Ready(tree));
    }

    /// Caches a tree; a pending one it replaces is superseded (its re-parse is skipped, unless started).
    fn cache_tree(&self, rel: &str, hash: arborist_syntax::text::ContentHash, tree: CachedTree) {
        let mut trees = self.trees.lock().unwrap();
        if trees.len() >= 64 {
            trees.drain().for_each(|(_, (_, old))| old.supersede());
        }
        if let Some((_, old)) = trees.insert(rel.to_string(), (hash, tree)) {
            old.supersede();
        }
    }

    /// A file text's tree that a background re-parse is still building, with the text's top-level
    /// statements (which an edit's region re-parse needs, and the re-parse of its own whole tree starts from
    /// that tree); None when the tree is ready or unknown.
    pub(crate) fn pending_tree(&self, rel: &str, hash: arborist_syntax::text::ContentHash) -> Option<Arc<PendingTree>> {
        match self.trees.lock().unwrap().get(rel) {
            Some((h, CachedTree::Pending(p))) if *h == hash && p.tree.get().is_none() => Some(p.clone()),
            _ => None,
        }
    }

    /// Re-parses a written file's whole tree in the background, from its tree before `edit` (whose
    /// region alone was parsed for the edit's checks; that tree may itself be pending); a `tree_for`
    /// meanwhile waits for it. A re-parse superseded by a newer edit of the file before it starts is
    /// skipped: the newer one then parses its text whole, so edits in a quick row cost one parse.
    pub(crate) fn reparse_later(
        &self,
        rel: &str,
        doc: &Document,
        lang: &'static arborist_syntax::language::Language,
        later: crate::commit::LaterTree,
    ) {
        let pending = Arc::new(PendingTree { tree: OnceLock::new(), top: later.top, superseded: Default::default() });
        self.cache_tree(rel, doc.hash, CachedTree::Pending(pending.clone()));
        let (new_text, budget) = (doc.rope().clone(), self.parse_budget());
        let (old, old_text, edit) = (later.old, later.old_text, later.edit);
        let fill = Fill(pending);
        let parse = move || {
            let old = old.wait();
            if fill.0.superseded.load(Ordering::Relaxed) {
                return;
            }
            let tree = match old {
                Some(old) => reparse(lang, &old, &old_text, &new_text, &edit, &budget).ok().map(|r| r.tree),
                None => parse_source(lang, &new_text, None, &budget).ok(),
            };
            let _ = fill.0.tree.set(tree);
        };
        // not spawned: `fill` is dropped with the closure, and a waiting `tree_for` parses itself
        let _ = std::thread::Builder::new().name("arborist-reparse".into()).spawn(parse);
    }

    /// Syntax problems of a code file, with its symbols and text.
    pub fn syntax_problems(&self, rel: &str) -> Result<(Arc<FileEntry>, Arc<Document>, Vec<SyntaxIssue>)> {
        let (entry, doc) = self.symbols_with_text(rel)?;
        let tree = self.tree_for(&entry.rel, entry.lang, &doc)?;
        let mut issues = syntax_issues(&tree, doc.text());
        issues.extend(empty_nodes(entry.lang, &tree, doc.text()));
        issues.sort_by_key(|i| i.bytes.start);
        Ok((entry, doc, issues))
    }

    /// What one parse of this project's files may cost (its settings).
    pub fn parse_budget(&self) -> ParseBudget {
        self.project.config().parse_budget()
    }

    pub fn project(&self) -> &Project {
        &self.project
    }

    pub fn cache(&self) -> &FileCache {
        &self.cache
    }
}

fn unsupported(p: &ProjectPath) -> Error {
    let languages = language::all().iter().map(|l| l.name()).collect();
    Error::Unsupported { path: p.display().to_string(), languages }
}

/// A parse tree in the cache, or one a background re-parse will give.
#[derive(Clone)]
pub(crate) enum CachedTree {
    Ready(Tree),
    Pending(Arc<PendingTree>),
}

impl CachedTree {
    /// The tree, waiting for a pending one; None when its re-parse failed or was skipped.
    pub(crate) fn wait(&self) -> Option<Tree> {
        match self {
            CachedTree::Ready(tree) => Some(tree.clone()),
            CachedTree::Pending(pending) => pending.wait(),
        }
    }

    fn supersede(&self) {
        if let CachedTree::Pending(p) = self {
            p.superseded.store(true, Ordering::Relaxed);
        }
    }
}

/// The whole tree of a written text that a background re-parse builds.
pub(crate) struct PendingTree {
    /// Set once: the tree, or None when the re-parse failed or was skipped.
    tree: OnceLock<Option<Tree>>,
    /// The text's top-level statements, known at once after a region re-parse.
    pub(crate) top: TopLevel,
    /// A newer text of the file replaced this one in the cache: only the next re-parse could use it.
    superseded: AtomicBool,
}

impl PendingTree {
    fn wait(&self) -> Option<Tree> {
        self.tree.wait().clone()
    }
}

/// Fills a pending tree with None unless it was filled (a failed spawn, a panicking or skipped parse): no
/// `tree_for` waits forever.
struct Fill(Arc<PendingTree>);

impl Drop for Fill {
    fn drop(&mut self) {
        let _ = self.0.tree.set(None);
    }
}
