//! Symbol and block edits: resolve the target in the current version of a file, plan the edit
//! (`plan`), and hand it to the commit path with the kind check. A refused edit writes nothing.

use crate::commit::{Change, ExtraCheck, FileOp};
use crate::engine::Engine;
use crate::index::FileEntry;
use arborist_syntax::error::Result;
use arborist_syntax::plan::{Force, Guard, Op, Outcome, Target, Verify, build_edit, check_guards, check_kind, outcome};
use arborist_syntax::symbols::FileSymbols;
use arborist_syntax::text::Source;
use ropey::Rope;
use std::ops::Range;
use std::sync::Arc;
use tree_sitter::Tree;

/// The block an edit applies to.
#[derive(Debug, Clone)]
pub enum Pick {
    /// A symbol of the file's symbol table.
    Symbol(u32),
    /// A syntax node that is not a symbol (a Rust `impl` block): its byte range and a display name.
    Node { range: Range<usize>, name: String },
}

/// Chooses the block of a file (its symbols, its whole tree if needed, its text) that an edit applies to.
pub type Picker<'a> = dyn Fn(&Arc<FileEntry>, &dyn Fn() -> Result<Tree>, &Rope) -> Result<Pick> + 'a;

/// Runs one edit on the block `pick(entry, tree, text)` of file `rel`, through the engine's commit path.
pub fn edit_symbol(
    engine: &Engine,
    rel: &str,
    pick: &Picker<'_>,
    op: Op,
    guards: &[Guard],
    verify: &Verify,
) -> Result<Outcome> {
    let path = engine.project().resolve_file(rel)?;
    let (entry, doc) = engine.symbols_with_text(rel)?;
    let text = doc.rope();
    let whole_tree = || engine.tree_for(&entry.rel, entry.lang, &doc);
    let target = match pick(&entry, &whole_tree, text)? {
        Pick::Symbol(index) => {
            let s = &entry.symbols.get(index).range;
            let tree = engine.tree_near(&entry.rel, entry.lang, &doc, s.start as usize..s.end as usize)?;
            Target::of_symbol(entry.lang, &entry.symbols, index, &tree, text)
        }
        Pick::Node { range, name } => Target::of_node(entry.lang, &whole_tree()?, range, name, text),
    };
    check_guards(&target, &entry.rel, &Source::slice(text, target.range.clone()), guards)?;
    let edit = build_edit(&target, text, &op, entry.lang.entry.indent_sensitive);
    let changed = edit.range.start..edit.range.start + edit.new_text.len();
    let kind_check = |symbols: &FileSymbols| check_kind(&entry.rel, &target, &op, verify, symbols, &changed);
    let mut change = Change::new(verify.force);
    let check: Option<ExtraCheck> = (verify.force != Force::Yes).then(|| Box::new(kind_check) as ExtraCheck);
    change.push(path, FileOp::Edit { base: doc.clone(), edits: vec![edit.clone()], check });
    let written = engine.commit(change)?.remove(0);
    let new_doc = written.doc.expect("an edited file has a document");
    Ok(outcome(rel, new_doc.rope(), &op, &edit, &changed))
}
