//! The file-level writing tools as engine calls: whole files, exact-text patches, literal/regex
//! replacement in one file or many, and line edits. Each plans its text edits against the version it read
//! and lands them through the commit path (one check, one write path); `force` skips the syntax check.

use crate::commit::{Change, Committed, FileOp, Force};
use crate::engine::Engine;
use crate::files::{self, FilePlan, Replacer};
use crate::search::PathFilter;
use arborist_syntax::error::{Error, Result};
use arborist_syntax::text::TextEdit;

/// A line edit (0-based, inclusive lines).
#[derive(Debug, Clone)]
pub enum LineEdit {
    Delete {
        start: usize,
        end: usize,
    },
    Replace {
        start: usize,
        end: usize,
        content: String,
    },
    /// Before line `line`; the line count appends at the end.
    Insert {
        line: usize,
        content: String,
    },
}

impl Engine {
    /// Writes a whole file (parents created); an existing file keeps its line endings, BOM and
    /// permissions.
    pub fn write_file(&self, rel: &str, text: String, force: bool) -> Result<Committed> {
        let path = self.project().resolve(rel)?;
        Ok(self.commit(Change::write(path, text, Force::offered(force)))?.remove(0))
    }

    /// Replaces `old` (exact, `\r\n` read as `\n`), which must occur exactly once, with `new`.
    pub fn patch(&self, rel: &str, old: &str, new: &str, force: bool) -> Result<()> {
        if old.is_empty() {
            return Err(Error::invalid("old_text", "old_text is empty; pass the exact text to replace"));
        }
        let path = self.project().resolve_file(rel)?;
        let doc = self.cache().read(&path)?;
        let old = old.replace("\r\n", "\n");
        let mut found = doc.text().match_indices(&old).map(|(i, _)| i);
        let at = match (found.next(), found.count()) {
            (Some(at), 0) => at,
            (None, _) => return Err(Error::TextNotFound(path.rel)),
            (Some(_), more) => return Err(Error::TextNotUnique { path: path.rel, count: more + 1 }),
        };
        let edit = TextEdit { range: at..at + old.len(), new_text: new.replace("\r\n", "\n") };
        self.commit(Change::edit(path, doc, vec![edit], Force::offered(force))).map(|_| ())
    }

    /// `replace_content`: one occurrence (or, when allowed, every one) of `replacer` in `rel`.
    pub fn replace_content(&self, rel: &str, replacer: &Replacer, allow_multiple: bool, force: bool) -> Result<()> {
        let path = self.project().resolve_file(rel)?;
        let doc = self.cache().read(&path)?;
        let edits = files::content_edits(doc.text(), replacer, allow_multiple)?;
        self.commit(Change::edit(path, doc, edits, Force::offered(force))).map(|_| ())
    }

    /// The occurrences of `replacer` under `scope` (ignored files skipped), only those in `ids` when given
    /// (a stale or unknown id fails the call).
    pub fn plan_replacements(
        &self,
        scope: &str,
        filter: &PathFilter,
        replacer: &Replacer,
        ids: Option<&[String]>,
    ) -> Result<Vec<FilePlan>> {
        let scope = self.project().resolve_existing(scope)?;
        let plans = files::plan_replacements(self.project(), self.cache(), &scope, filter, replacer)?;
        match ids {
            Some(ids) => files::select_occurrences(plans, ids),
            None => Ok(plans),
        }
    }

    /// Applies planned replacements: every file is checked against the version planned before any is
    /// written.
    pub fn apply_replacements(&self, plans: &[FilePlan], force: bool) -> Result<()> {
        let mut change = Change::new(Force::offered(force));
        for plan in plans {
            let edits = files::to_edits(&plan.occurrences);
            change.push(plan.path.clone(), FileOp::Edit { base: plan.doc.clone(), edits, check: None });
        }
        self.commit(change).map(|_| ())
    }

    /// One line edit of `rel`.
    pub fn edit_lines(&self, rel: &str, edit: &LineEdit, force: bool) -> Result<()> {
        let path = self.project().resolve_file(rel)?;
        let doc = self.cache().read(&path)?;
        let text = doc.text();
        let edit = match edit {
            LineEdit::Delete { start, end } => files::delete_lines(text, *start, *end)?,
            LineEdit::Replace { start, end, content } => files::replace_lines(text, *start, *end, content)?,
            LineEdit::Insert { line, content } => files::insert_at_line(text, *line, content)?,
        };
        self.commit(Change::edit(path, doc, vec![edit], Force::offered(force))).map(|_| ())
    }
}
