//! The commit path: the one way any tool changes project files. A `Change` (text edits against the
//! version a tool read, whole new contents, deletions, moves) is checked as a whole before any file is
//! written: the project is writable, every file is still the version it was planned against, and every
//! code file keeps its syntax in the changed regions (the one check, `syntax::check_change`; a tool's
//! `force` skips it), plus any check the caller adds. Then each file is written atomically and the file
//! cache, the symbol index, the parse-tree cache and running language servers learn the new text.

use crate::cache::Document;
use crate::engine::{CachedTree, Engine, PendingTree};
use crate::index::FileEntry;
use crate::journal::{Entry as JournalEntry, Journal};
use crate::project::ProjectPath;
use arborist_syntax::error::{Error, Result};
use arborist_syntax::identifiers::Identifiers;
use arborist_syntax::language::{self, Language};
pub use arborist_syntax::plan::Force;
use arborist_syntax::symbols::FileSymbols;
use arborist_syntax::syntax::{
    Region, Reparsed, TopLevel, Unparsed, check_change, parse_source, reparse, reparse_region,
};
use arborist_syntax::text::{Source, TextEdit, apply_edits_to_rope};
use ropey::Rope;
use std::ops::Range;
use std::sync::Arc;
use tree_sitter::Tree;

/// A check a caller adds to one file's change, run on the new symbols after the syntax check.
pub type Check<'a> = dyn Fn(&FileSymbols) -> Result<()> + 'a;
pub type ExtraCheck<'a> = Box<Check<'a>>;

/// What happens to one file.
pub enum FileOp<'a> {
    /// Sorted, disjoint edits of the text `base` (as read); refused if the file changed on disk since.
    Edit {
        base: Arc<Document>,
        edits: Vec<TextEdit>,
        check: Option<ExtraCheck<'a>>,
    },
    /// Whole new content: a new file, or an existing one (which keeps line endings, BOM, permissions).
    Write {
        text: String,
    },
    Delete,
    /// Moves the file to `to` (which must not exist).
    MoveTo(ProjectPath),
}

/// One file's part of a change.
pub struct FileChange<'a> {
    pub path: ProjectPath,
    pub op: FileOp<'a>,
}

/// Everything one tool call changes; it lands whole or not at all (as far as checks can tell before
/// writing: each file is written atomically, and every check runs before the first write).
#[derive(Default)]
pub struct Change<'a> {
    pub files: Vec<FileChange<'a>>,
    pub force: Force,
}

impl<'a> Change<'a> {
    pub fn new(force: Force) -> Self {
        Change { files: Vec::new(), force }
    }

    /// A change of one file by text edits.
    pub fn edit(path: ProjectPath, base: Arc<Document>, edits: Vec<TextEdit>, force: Force) -> Self {
        let mut c = Change::new(force);
        c.push(path, FileOp::Edit { base, edits, check: None });
        c
    }

    /// A change that writes one file whole.
    pub fn write(path: ProjectPath, text: String, force: Force) -> Self {
        let mut c = Change::new(force);
        c.push(path, FileOp::Write { text });
        c
    }

    pub fn push(&mut self, path: ProjectPath, op: FileOp<'a>) -> &mut Self {
        self.files.push(FileChange { path, op });
        self
    }
}

/// One file as written.
pub struct Committed {
    pub rel: String,
    /// The new document (None for a deleted or moved file).
    pub doc: Option<Arc<Document>>,
    /// Whether the file existed before.
    pub existed: bool,
}

/// A file's change, checked and ready to write.
struct Planned {
    path: ProjectPath,
    action: Action,
}

enum Action {
    Text { base: Option<Arc<Document>>, rope: Rope, update: Option<Box<IndexUpdate>>, existed: bool },
    Delete,
    Move(ProjectPath),
}

/// What the index and tree cache learn after a code file is written.
struct IndexUpdate {
    lang: &'static Language,
    tree: Option<NewTree>,
    symbols: FileSymbols,
    identifiers: Identifiers,
}

/// The new text's tree for the cache.
enum NewTree {
    Ready(Tree),
    /// Only the edited region was parsed: the whole tree is re-parsed from the old one in the background.
    Later(LaterTree),
}

/// What the background re-parse of a whole tree starts from: the tree before one edit (itself pending
/// after an edit in a quick row), its text, the edit; and the new text's top-level statements.
pub(crate) struct LaterTree {
    pub old: CachedTree,
    pub old_text: Rope,
    pub edit: TextEdit,
    pub top: TopLevel,
}

/// A new text as parsed for the checks and the index.
struct Parsed {
    tree: NewSyntax,
    symbols: FileSymbols,
    identifiers: Identifiers,
}

/// One code file's change as `verify` checks it.
struct Checking<'a> {
    path: &'a ProjectPath,
    lang: &'static Language,
    /// The text as read (None for a new file).
    base: Option<&'a Arc<Document>>,
    /// The index's entry for `base`.
    known: Option<&'a FileEntry>,
    edits: &'a [TextEdit],
    text: &'a Rope,
    force: Force,
}

/// The new text's syntax: its whole tree, or only the edited region's (`syntax::reparse_region`) with
/// the top-level statements of the whole text.
enum NewSyntax {
    Whole(Tree),
    Region { region: Region, top: TopLevel },
}

impl Engine {
    /// Checks and writes a change; see the module documentation. Nothing is written unless every check of
    /// every file passes.
    pub fn commit(&self, change: Change) -> Result<Vec<Committed>> {
        if let Some(first) = change.files.first() {
            self.project().check_writable(|| format!("{} was not changed", first.path.display()))?;
        }
        let planned: Vec<Planned> =
            change.files.into_iter().map(|f| self.plan_file(f, change.force)).collect::<Result<_>>()?;
        // every file is checked before the first write; one file's new text is checked by its write
        // (under the file's lock), and reading and hashing it here as well would only do that twice
        if !matches!(planned.as_slice(), [Planned { action: Action::Text { .. }, .. }]) {
            for p in &planned {
                self.check_unchanged(p)?;
            }
        }
        let journal = self.journal(&planned)?;
        let mut written = Vec::with_capacity(planned.len());
        for p in planned {
            match self.write_planned(p) {
                Ok(c) => written.push(c),
                Err(e) => {
                    if let Some(j) = journal {
                        self.roll_back(j);
                    }
                    return Err(e);
                }
            }
        }
        if let Some(j) = journal {
            j.finish();
        }
        Ok(written)
    }

    /// The write-ahead journal of a change of several files, all text writes (a rename, a project-wide
    /// replace); None for one file, which its atomic write already keeps whole.
    fn journal(&self, planned: &[Planned]) -> Result<Option<Journal>> {
        if planned.len() < 2 || !planned.iter().all(|p| matches!(p.action, Action::Text { .. })) {
            return Ok(None);
        }
        let entries = planned.iter().filter_map(|p| match &p.action {
            Action::Text { base, rope, .. } => Some(journal_entry(&p.path, base.as_deref(), rope)),
            _ => None,
        });
        let entries = entries.collect::<Result<Vec<_>>>()?;
        Journal::begin(self.project().root(), entries)
            .map(Some)
            .map_err(|e| Error::io("writing the journal of the change to", ".arborist/journal", e))
    }

    /// Gives every file of a failed multi-file change its old bytes back; the caches forget them.
    fn roll_back(&self, journal: Journal) {
        let rels = journal.files();
        let failed = journal.roll_back();
        if !failed.is_empty() {
            tracing::error!("could not restore after a failed change: {}", failed.join(", "));
        }
        for rel in rels {
            self.cache().forget(&self.project().root().join(&rel));
            self.index().invalidate(&rel);
        }
    }

    fn plan_file(&self, f: FileChange, force: Force) -> Result<Planned> {
        let action = match f.op {
            FileOp::Edit { base, edits, check } => {
                let mut rope = base.rope().clone();
                if !apply_edits_to_rope(&mut rope, &edits) {
                    let path = f.path.display().to_string();
                    return Err(Error::ChangedWhileAnswering(path.clone()).with_path(path));
                }
                let update = self.verify(&f.path, Some(&base), &edits, &rope, force, check.as_deref())?;
                Action::Text { base: Some(base), rope, update: update.map(Box::new), existed: true }
            }
            FileOp::Write { text } => {
                let base = self.existing_text(&f.path)?;
                let edits = match &base {
                    Some(b) => vec![TextEdit { range: 0..b.text().len(), new_text: text.clone() }],
                    None => Vec::new(),
                };
                let rope = Rope::from_str(&text);
                let update = self.verify(&f.path, base.as_ref(), &edits, &rope, force, None)?;
                Action::Text { base, rope, update: update.map(Box::new), existed: f.path.abs.exists() }
            }
            FileOp::Delete => Action::Delete,
            FileOp::MoveTo(to) => {
                if std::fs::symlink_metadata(&to.abs).is_ok() {
                    let hint = "nothing was moved; delete it first or pick another name";
                    return Err(Error::AlreadyExists { what: "file", name: to.display().to_string(), hint });
                }
                Action::Move(to)
            }
        };
        Ok(Planned { path: f.path, action })
    }

    /// The current text of a file about to be overwritten; None when it does not exist (or is not text,
    /// which a whole write may replace).
    fn existing_text(&self, path: &ProjectPath) -> Result<Option<Arc<Document>>> {
        if path.rel.is_empty() || path.abs.is_dir() {
            return Err(Error::IsDirectory(path.display().to_string()));
        }
        match self.cache().read(path) {
            Ok(doc) => Ok(Some(doc)),
            Err(Error::NotFound(_) | Error::Binary(_) | Error::NotUtf8 { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The syntax check (unless forced) and the caller's check of a code file's new text; returns what the
    /// index learns once the file is written. Files of no supported language pass unchecked, and so do
    /// files over the parse budget (a text edit of a minified bundle): they have no tree to check.
    fn verify(
        &self,
        path: &ProjectPath,
        base: Option<&Arc<Document>>,
        edits: &[TextEdit],
        text: &Rope,
        force: Force,
        check: Option<&Check<'_>>,
    ) -> Result<Option<IndexUpdate>> {
        let Some(lang) = language::for_head(&path.rel, text.chunk_from(0)) else { return Ok(None) };
        let known = base.and_then(|b| self.index().file(path).filter(|e| e.hash == b.hash));
        let c = Checking { path, lang, base, known: known.as_deref(), edits, text, force };
        let (old, parsed) = match self.region_before_tree(&c) {
            Some((pending, parsed)) => (Some(CachedTree::Pending(pending)), parsed),
            None => match self.parse_checked(&c, check.is_some())? {
                Some((old, parsed)) => (old.map(CachedTree::Ready), parsed),
                None => return Ok(None),
            },
        };
        if let Some(check) = check {
            check(&parsed.symbols)?;
        }
        let tree = match (parsed.tree, old, base, edits) {
            (NewSyntax::Whole(tree), ..) => Some(NewTree::Ready(tree)),
            (NewSyntax::Region { top, .. }, Some(old), Some(base), [edit]) => {
                Some(NewTree::Later(LaterTree { old, old_text: base.rope().clone(), edit: edit.clone(), top }))
            }
            (NewSyntax::Region { .. }, ..) => None,
        };
        Ok(Some(IndexUpdate { lang, tree, symbols: parsed.symbols, identifiers: parsed.identifiers }))
    }

    /// The new text parsed with the old text's whole tree at hand, and its syntax checked (unless forced):
    /// the old tree and the parse; None when the file has no tree to check (over the parse budget) and no
    /// caller's check needs one.
    fn parse_checked(&self, c: &Checking, checked_by_caller: bool) -> Result<Option<(Option<Tree>, Parsed)>> {
        let old_tree = match c.base.map(|b| self.tree_for(&c.path.rel, c.lang, b)).transpose() {
            Err(Error::Unparseable { .. }) if !checked_by_caller => return Ok(None),
            other => other?,
        };
        let old = old_tree.zip(c.base);
        let parsed = match self.parse_after(c, old.as_ref()) {
            Ok(parsed) => parsed,
            Err(_) if !checked_by_caller => return Ok(None),
            Err(why) => return Err(Error::Unparseable { path: c.path.display().to_string(), why }),
        };
        if c.force != Force::Yes {
            self.check_syntax(c, old.as_ref(), &parsed)?;
        }
        Ok(Some((old.map(|(tree, _)| tree), parsed)))
    }

    /// An edit of a text whose whole tree a background re-parse is still building (the previous edit's, in
    /// a quick row): its region re-parsed from the text's top-level statements, without waiting, when that
    /// tells the symbols and passes the syntax check (the old text had no syntax errors); None otherwise,
    /// and the edit waits for the whole tree.
    fn region_before_tree(&self, c: &Checking) -> Option<(Arc<PendingTree>, Parsed)> {
        let (Some(base), Some(known), [edit]) = (c.base, c.known, c.edits) else { return None };
        let pending = self.pending_tree(&c.path.rel, base.hash)?;
        let parsed = self.parse_region(c.lang, &pending.top, known, base.rope(), edit, c.text)?;
        let checked = c.force == Force::Yes || self.check_syntax(c, None, &parsed).is_ok();
        checked.then_some((pending, parsed))
    }

    /// The edited top-level region of the new text parsed alone (`top`: the old text's top-level
    /// statements), with the symbols and identifiers it tells from the index's entry for the old text;
    /// None when the region cannot tell them.
    fn parse_region(
        &self,
        lang: &'static Language,
        top: &TopLevel,
        known: &FileEntry,
        old_text: &Rope,
        edit: &TextEdit,
        text: &Rope,
    ) -> Option<Parsed> {
        let region = reparse_region(lang, top, old_text, text, edit, &self.parse_budget())?;
        let symbols = known.symbols.after_region_edit(lang, &region, old_text, text, edit)?;
        let identifiers = known.identifiers.after_edit(lang, &region.tree, region.text.as_str(), None);
        let top = top.after_region(&region);
        Some(Parsed { tree: NewSyntax::Region { region, top }, symbols, identifiers })
    }

    /// The new text's tree (only the edited region's when that can tell its symbols), symbols and
    /// identifiers: what changed is re-read, the rest kept from the index's entry for the base version
    /// (`known`).
    fn parse_after(&self, c: &Checking, old: Option<&(Tree, &Arc<Document>)>) -> std::result::Result<Parsed, Unparsed> {
        let (lang, known, edits, text) = (c.lang, c.known, c.edits, c.text);
        let budget = self.parse_budget();
        let (Some((old_tree, base)), [edit]) = (old, edits) else {
            let tree = parse_source(lang, text, None, &budget)?;
            let (symbols, identifiers) = FileSymbols::extract_with_identifiers(lang, &tree, text);
            return Ok(Parsed { tree: NewSyntax::Whole(tree), symbols, identifiers });
        };
        let old_text = base.rope();
        if let Some(entry) = known
            && lang.entry.region_reparse
            && let Some(top) = TopLevel::of(old_tree)
            && let Some(parsed) = self.parse_region(lang, &top, entry, old_text, edit, text)
        {
            return Ok(parsed);
        }
        let Reparsed { tree, changed } = reparse(lang, old_tree, old_text, text, edit, &budget)?;
        let (symbols, identifiers) = match known {
            Some(entry) => (
                entry.symbols.after_edit(lang, &tree, old_text, text, edit),
                entry.identifiers.after_edit(lang, &tree, text, changed.as_deref()),
            ),
            None => FileSymbols::extract_with_identifiers(lang, &tree, text),
        };
        Ok(Parsed { tree: NewSyntax::Whole(tree), symbols, identifiers })
    }

    /// The one syntax check (`check_change`), over the whole new tree or the re-parsed region.
    fn check_syntax(&self, c: &Checking, old: Option<&(Tree, &Arc<Document>)>, parsed: &Parsed) -> Result<()> {
        let (lang, text) = (c.lang, c.text);
        let old = old.map(|(t, b)| (t, b.rope()));
        let (old_regions, new_regions) = regions(c.edits, text.len_bytes());
        let checked = match &parsed.tree {
            NewSyntax::Whole(tree) => check_change(lang, old, &old_regions, tree, text, &new_regions),
            NewSyntax::Region { region: r, .. } => {
                check_change(lang, old, &old_regions, &r.tree, r.text.as_str(), &r.local(&new_regions))
            }
        };
        checked.map_err(|problems| Error::BreaksSyntax {
            path: c.path.display().to_string(),
            problems,
            force_offered: c.force == Force::Offered,
        })
    }

    /// Refuses a planned write when its file changed on disk since the tool read it.
    fn check_unchanged(&self, p: &Planned) -> Result<()> {
        match &p.action {
            Action::Text { base: Some(base), .. } => self.cache().check_unchanged(&p.path, base).map(|_| ()),
            Action::Text { base: None, .. } => Ok(()),
            Action::Delete | Action::Move(_) if p.path.abs.is_file() => Ok(()),
            Action::Delete | Action::Move(_) => Err(Error::NotFound(p.path.display().to_string())),
        }
    }

    fn write_planned(&self, p: Planned) -> Result<Committed> {
        let rel = p.path.rel.clone();
        match p.action {
            Action::Text { base, rope, update, existed } => {
                let doc = match &base {
                    Some(base) => self.cache().write(&p.path, base, rope)?,
                    None => self.cache().create(&p.path, rope)?,
                };
                self.after_write(&p.path, &doc, update.map(|u| *u));
                Ok(Committed { rel, doc: Some(doc), existed })
            }
            Action::Delete => {
                self.cache().delete(&p.path)?;
                self.after_removal(&p.path);
                Ok(Committed { rel, doc: None, existed: true })
            }
            Action::Move(to) => {
                self.cache().rename(&p.path, &to)?;
                self.after_removal(&p.path);
                self.index().invalidate(&to.rel);
                Ok(Committed { rel, doc: None, existed: true })
            }
        }
    }

    /// The index, tree cache and language servers learn a written file's new text.
    fn after_write(&self, path: &ProjectPath, doc: &Arc<Document>, update: Option<IndexUpdate>) {
        match update {
            Some(u) => {
                self.index().put_written(&path.rel, &path.abs, doc.hash, u.lang, (u.symbols, u.identifiers));
                match u.tree {
                    Some(NewTree::Ready(tree)) => self.remember_tree(&path.rel, doc.hash, tree),
                    Some(NewTree::Later(later)) => self.reparse_later(&path.rel, doc, u.lang, later),
                    None => {}
                }
            }
            None => self.index().invalidate(&path.rel),
        }
        if self.language_servers_have_open(&path.rel) {
            self.notify_language_servers(&path.rel, Some(doc.text()));
        }
    }

    fn after_removal(&self, path: &ProjectPath) {
        self.index().invalidate(&path.rel);
        self.notify_language_servers(&path.rel, None);
    }
}

/// One file's old bytes (as on disk now, which the checks found to be the planned version) and new ones.
fn journal_entry(path: &ProjectPath, base: Option<&Document>, rope: &Rope) -> Result<JournalEntry> {
    let old = match arborist_syntax::fsio::read_regular(&path.abs) {
        Ok(read) => read.map(|(bytes, _)| bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Error::io("reading", path.display(), e)),
    };
    Ok(JournalEntry { rel: path.rel.clone(), old, new: crate::cache::encode_like(base, rope) })
}

/// The changed byte ranges of sorted, disjoint edits, in the old text and in the new one (`new_len`
/// bytes long). A whole-file write of a new file has no old regions and the whole new text as its region.
fn regions(edits: &[TextEdit], new_len: usize) -> (Vec<Range<usize>>, Vec<Range<usize>>) {
    if edits.is_empty() {
        return (Vec::new(), std::iter::once(0..new_len).collect());
    }
    let mut shift: i64 = 0;
    let mut old = Vec::with_capacity(edits.len());
    let mut new = Vec::with_capacity(edits.len());
    for e in edits {
        let start = (e.range.start as i64 + shift) as usize;
        old.push(e.range.clone());
        new.push(start..start + e.new_text.len());
        shift += e.new_text.len() as i64 - (e.range.end - e.range.start) as i64;
    }
    (old, new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_follow_the_shifts_of_earlier_edits() {
        let e = |a, b, s: &str| TextEdit { range: a..b, new_text: s.into() };
        let (old, new) = regions(&[e(0, 2, "abcd"), e(5, 6, "")], 8);
        assert_eq!(old, vec![0..2, 5..6]);
        assert_eq!(new, vec![0..4, 7..7]);
        assert_eq!(regions(&[], 3).1.first(), Some(&(0..3)));
    }
}
