//! References and rename as one engine call each: the backend rule picks a language server (precise) or
//! the tree-sitter heuristic (`refs`), the answer says which. A precise answer is checked against the
//! tree: uses the heuristic finds (or cannot rule out) that the server did not return are listed as
//! unconfirmed. A rename is planned whole (server edits or identifier occurrences), refused while it would
//! leave such uses of the old name unchanged (unless allowed), and lands through the commit path, all
//! files or none.

use crate::commit::{Change, FileOp, Force};
use crate::engine::{Engine, SymbolRef};
use crate::refs::{self, Occurrence, Target};
use crate::resolve::Backend;
use arborist_syntax::error::{Error, Result};
use arborist_syntax::grammars::{Category, LanguageEntry, MemberCalls};
use arborist_syntax::language;
use arborist_syntax::query::SymbolKind;
use arborist_syntax::text::{self, TextEdit};
use std::collections::{BTreeMap, HashSet};

/// The uses of a symbol and who found them.
pub struct References {
    pub occurrences: Vec<Occurrence>,
    /// For a precise answer: the heuristic's uses (certain or uncertain) on lines the server did not
    /// return.
    pub unconfirmed: Vec<Occurrence>,
    /// `precise (server)` or `heuristic (why)`.
    pub backend: String,
}

/// What a rename changed.
pub struct Renamed {
    pub old_name: String,
    /// Changed files with the 0-based lines of their changes.
    pub places: Vec<(String, Vec<usize>)>,
    pub files: usize,
    pub backend: String,
    /// Uses of the name the rename left unchanged (file, 0-based line): uncertain ones of the heuristic, or
    /// the heuristic's uses the language server's edits did not cover (renamed only when allowed).
    pub unchanged: Vec<(String, usize)>,
    /// Of those, the calls through an interface (`Occurrence::through_interface`).
    pub interface_calls: Vec<(String, usize)>,
    /// Where the old name is still a word in a comment or a string, in code files of the symbol's language
    /// family (file, 0-based line): for the agent to check (`getattr(x, "name")`, docs).
    pub mentions: Vec<(String, usize)>,
}

impl Engine {
    /// The uses of `target` from the backend the rule picks (`requested`, else the project's setting); a
    /// language server that fails falls back to the heuristic, and the label says so.
    pub fn references(&self, target: &SymbolRef, requested: Option<&str>) -> Result<References> {
        code_only(target)?;
        let (occurrences, backend) = match self.backend(target.entry.lang, requested)? {
            Backend::Precise(entry) => match precise_occurrences(self, target, &entry) {
                Ok(occs) => {
                    let found: HashSet<(&str, usize)> = occs.iter().map(|o| (o.rel.as_str(), o.line)).collect();
                    let unconfirmed = heuristic_occurrences(self, target)?
                        .into_iter()
                        .filter(|o| !found.contains(&(o.rel.as_str(), o.line)))
                        .collect();
                    let backend = format!("precise ({})", entry.language_server[0]);
                    return Ok(References { occurrences: occs, unconfirmed, backend });
                }
                Err(e) => (heuristic_occurrences(self, target)?, format!("heuristic (language server failed: {e})")),
            },
            Backend::Heuristic(None) => (heuristic_occurrences(self, target)?, "heuristic".into()),
            Backend::Heuristic(Some(note)) => (heuristic_occurrences(self, target)?, format!("heuristic ({note})")),
        };
        Ok(References { occurrences, unconfirmed: Vec::new(), backend })
    }

    /// The tree-sitter uses of `target` (for safe delete, which must not miss a use of the name).
    pub fn name_uses(&self, target: &SymbolRef) -> Result<Vec<Occurrence>> {
        if target.entry.lang.entry.category == Category::Document {
            return Ok(Vec::new());
        }
        heuristic_occurrences(self, target)
    }

    /// Renames `target` and its uses: every file is planned and checked before any is written. Uses of the
    /// name that the plan would leave unchanged (the heuristic's uncertain ones, or its uses the language
    /// server's edits miss) refuse the rename unless `allow_unchanged`.
    pub fn rename(
        &self,
        target: &SymbolRef,
        new_name: &str,
        requested: Option<&str>,
        allow_unchanged: bool,
    ) -> Result<Renamed> {
        code_only(target)?;
        let valid = new_name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
            && new_name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$');
        if !valid {
            return Err(Error::invalid("new_name", format!("`{new_name}` is not a valid identifier")));
        }
        let uses = heuristic_occurrences(self, target)?;
        let (per_file, backend) = rename_plan(self, target, new_name, requested, &uses)?;
        let unchanged = left_unchanged(uses.iter().filter(|o| !o.through_interface), &per_file);
        let interface_calls = left_unchanged(uses.iter().filter(|o| o.through_interface), &per_file);
        if !(allow_unchanged || unchanged.is_empty() && interface_calls.is_empty()) {
            return Err(Error::UnchangedUses {
                name: target.symbol().name.to_string(),
                backend,
                uses: by_file(&unchanged),
                interface_calls: by_file(&interface_calls),
            });
        }
        let mut change = Change::new(Force::No);
        let mut places = Vec::new();
        for (rel, mut edits) in per_file {
            edits.sort_by_key(|e| e.range.start);
            edits.dedup();
            let path = self.project().resolve_file(&rel)?;
            let doc = self.cache().read(&path)?;
            let mut lines: Vec<usize> =
                edits.iter().map(|e| arborist_syntax::syntax::point_at(doc.text(), e.range.start).row).collect();
            lines.dedup();
            places.push((rel, lines));
            change.push(path, FileOp::Edit { base: doc, edits, check: None });
        }
        let files = self.commit(change)?.len();
        let old_name = target.symbol().name;
        let mentions = self.mentions_in_comments_and_strings(&old_name, target.entry.lang.entry.family());
        let old_name = old_name.to_string();
        Ok(Renamed { old_name, places, files, backend, unchanged, interface_calls, mentions })
    }

    /// Where `name` is a word inside a comment or a string, in the code files of a language family.
    fn mentions_in_comments_and_strings(&self, name: &str, family: &str) -> Vec<(String, usize)> {
        let Ok(root) = self.project().resolve("") else { return Vec::new() };
        let Ok(word) = regex::Regex::new(&crate::index::word_pattern(name)) else { return Vec::new() };
        let files = crate::index::files_containing(self.project(), &root, &crate::index::word_prefilter(name));
        use rayon::prelude::*;
        // largest first, each thread taking the next (see `files_matching`)
        let mut out: Vec<(String, usize)> = files
            .iter()
            .par_bridge()
            .flat_map_iter(|(rel, abs)| {
                let p = crate::project::ProjectPath { rel: rel.clone(), abs: abs.clone() };
                let lang = language::for_file(rel, abs).filter(|l| l.entry.family() == family);
                let found = lang.zip(self.cache().load(&p).ok()).and_then(|(lang, doc)| {
                    let tree = self.tree_for(rel, lang, &doc).ok()?;
                    Some(comment_and_string_lines(tree.root_node(), doc.text(), &word))
                });
                found.unwrap_or_default().into_iter().map(move |line| (rel.clone(), line))
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// The 0-based lines where `word` matches inside comment and string nodes under `node`.
fn comment_and_string_lines(node: tree_sitter::Node, text: &str, word: &regex::Regex) -> Vec<usize> {
    let mut out = Vec::new();
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        let kind = node.kind();
        if kind.contains("comment") || kind.contains("string") {
            let start = node.start_byte();
            let rows = word
                .find_iter(&text[node.byte_range()])
                .map(|m| arborist_syntax::syntax::point_at(text, start + m.start()).row);
            out.extend(rows);
            continue;
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
    out
}

/// The uses (file, 0-based line) that no edit of the plan touches.
fn left_unchanged<'o>(
    uses: impl Iterator<Item = &'o Occurrence>,
    plan: &BTreeMap<String, Vec<TextEdit>>,
) -> Vec<(String, usize)> {
    let touched = |o: &Occurrence| {
        plan.get(&o.rel)
            .is_some_and(|edits| edits.iter().any(|e| e.range.start <= o.bytes.start && o.bytes.start < e.range.end))
    };
    let mut out: Vec<(String, usize)> = uses.filter(|o| !touched(o)).map(|o| (o.rel.clone(), o.line)).collect();
    out.sort();
    out.dedup();
    out
}

/// (file, line) pairs grouped by file, in order.
fn by_file(places: &[(String, usize)]) -> Vec<(String, Vec<usize>)> {
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    for (rel, line) in places {
        match out.last_mut() {
            Some((last, lines)) if last == rel => lines.push(*line),
            _ => out.push((rel.clone(), vec![*line])),
        }
    }
    out
}

fn heuristic_occurrences(engine: &Engine, target: &SymbolRef) -> Result<Vec<Occurrence>> {
    let s = target.symbol();
    let owner_index = target.entry.symbols.owning_type(target.index);
    let owner = owner_index.map(|o| target.entry.symbols.get(o));
    let t = Target {
        name: &s.name,
        member: owner.is_some() && target.entry.lang.entry.member_calls != MemberCalls::Free,
        owner: owner.map(|o| o.name.as_str()),
        owner_index,
        lang: target.entry.lang,
        def_rel: &target.entry.rel,
        name_range: s.name_range.start as usize..s.name_range.end as usize,
        value: matches!(s.kind, SymbolKind::Function | SymbolKind::Variable | SymbolKind::Constant),
    };
    refs::occurrences(engine, &t)
}

/// The target's name position as (line, UTF-16 column), with the file's text.
fn name_position(engine: &Engine, target: &SymbolRef) -> Result<(String, u32, u32)> {
    let path = engine.project().resolve_file(&target.entry.rel)?;
    let doc = engine.cache().read(&path)?;
    let text = doc.text().to_string();
    let starts = text::line_starts(&text);
    let byte = target.symbol().name_range.start as usize;
    let line = text::line_of(&starts, byte);
    let col = text::byte_to_utf16_col(&text, &starts, byte);
    Ok((text, line as u32, col as u32))
}

/// Opens the files that mention the name, so the server looks at them even before it has analysed the
/// whole workspace: those of the target's language family (a C function's header is C++ by its `.h`), the
/// first 200 in path order (the search lists them largest first: the server would analyse the largest).
fn open_candidates(engine: &Engine, target: &SymbolRef, entry: &LanguageEntry) {
    let Ok(root) = engine.project().resolve("") else { return };
    let needle = crate::index::word_prefilter(&target.symbol().name);
    let family = target.entry.lang.entry.family();
    let mut files = crate::index::files_containing(engine.project(), &root, &needle);
    files.sort_unstable();
    for (rel, abs) in files.into_iter().take(200) {
        let same_language = language::for_file(&rel, &abs).is_some_and(|l| l.entry.family() == family);
        let p = crate::project::ProjectPath { rel: rel.clone(), abs };
        if let (true, Ok(doc)) = (same_language, engine.cache().load(&p)) {
            let _ = engine.lsp().open(entry, &rel, doc.text());
        }
    }
}

/// Uses reported by the language server, as occurrences.
fn precise_occurrences(engine: &Engine, target: &SymbolRef, entry: &LanguageEntry) -> Result<Vec<Occurrence>> {
    let (text, line, col) = name_position(engine, target)?;
    open_candidates(engine, target, entry);
    let locations =
        engine.lsp().references(entry, &target.entry.rel, &text, line, col).map_err(Error::language_server)?;
    let mut out = Vec::new();
    for loc in locations {
        let Ok(path) = engine.project().resolve_file(&loc.rel) else { continue };
        let (Some(file), Ok(doc)) = (engine.index().file(&path), engine.cache().load(&path)) else { continue };
        let text: std::sync::Arc<str> = std::sync::Arc::from(doc.text());
        let starts = text::line_starts(&text);
        let Some(start) = text::utf16_to_byte(&text, &starts, loc.start.0 as usize, loc.start.1 as usize) else {
            continue;
        };
        let end = text::utf16_to_byte(&text, &starts, loc.end.0 as usize, loc.end.1 as usize).unwrap_or(start);
        let container = file.symbols.innermost_at(start);
        out.push(Occurrence {
            rel: loc.rel.clone(),
            bytes: start..end,
            line: loc.start.0 as usize,
            col: start - starts[loc.start.0 as usize],
            container,
            entry: file,
            text,
            uncertain: false,
            through_interface: false,
        });
    }
    out.sort_by(|a, b| a.rel.cmp(&b.rel).then(a.bytes.start.cmp(&b.bytes.start)));
    Ok(out)
}

/// The byte edits of a rename per file, from the language server or the heuristic, and the backend label.
type RenamePlan = (BTreeMap<String, Vec<TextEdit>>, String);

/// `uses`: the heuristic's uses of the target, planned from when no language server answers.
fn rename_plan(
    engine: &Engine,
    target: &SymbolRef,
    new_name: &str,
    requested: Option<&str>,
    uses: &[Occurrence],
) -> Result<RenamePlan> {
    if let Backend::Precise(entry) = engine.backend(target.entry.lang, requested)? {
        let (text, line, col) = name_position(engine, target)?;
        open_candidates(engine, target, &entry);
        match engine.lsp().rename(&entry, &target.entry.rel, &text, line, col, new_name) {
            Ok(files) if !files.is_empty() => {
                let mut per_file = BTreeMap::new();
                for f in files {
                    let path = engine.project().resolve_file(&f.rel)?;
                    let doc = engine.cache().read(&path)?;
                    let starts = text::line_starts(doc.text());
                    let to_byte = |(l, c): (u32, u32)| text::utf16_to_byte(doc.text(), &starts, l as usize, c as usize);
                    let edits: Option<Vec<TextEdit>> = f
                        .edits
                        .iter()
                        .map(|(loc, new)| {
                            Some(TextEdit { range: to_byte(loc.start)?..to_byte(loc.end)?, new_text: new.clone() })
                        })
                        .collect();
                    per_file.insert(
                        f.rel.clone(),
                        edits.ok_or_else(|| {
                            Error::LanguageServer("its rename edits do not fit the files; nothing was written".into())
                        })?,
                    );
                }
                return Ok((per_file, format!("precise ({})", entry.language_server[0])));
            }
            Ok(_) => {}
            Err(e) => tracing::warn!("rename through the language server failed ({e}); using the heuristic"),
        }
    }
    refuse_merged(engine, target)?;
    let mut per_file: BTreeMap<String, Vec<TextEdit>> = BTreeMap::new();
    let s = target.symbol();
    let edit = |r: std::ops::Range<usize>| TextEdit { range: r, new_text: new_name.to_string() };
    per_file
        .entry(target.entry.rel.clone())
        .or_default()
        .push(edit(s.name_range.start as usize..s.name_range.end as usize));
    for o in uses.iter().filter(|o| !o.uncertain && !o.through_interface) {
        per_file.entry(o.rel.clone()).or_default().push(edit(o.bytes.clone()));
    }
    Ok((per_file, "heuristic (tree-sitter name matching; review the places)".into()))
}

/// Refuses a heuristic rename of a symbol declared inside a block whose declarations merge with others
/// (`merged_declarations` in grammars.toml: TypeScript's `declare global { }`).
fn refuse_merged(engine: &Engine, target: &SymbolRef) -> Result<()> {
    let lang = target.entry.lang;
    let patterns = lang.merged_declarations();
    if patterns.is_empty() {
        return Ok(());
    }
    let path = engine.project().resolve_file(&target.entry.rel)?;
    let doc = engine.cache().read(&path)?;
    let tree = engine.tree_for(&target.entry.rel, lang, &doc)?;
    let text = doc.text();
    let start = target.symbol().name_range.start as usize;
    let mut node = tree.root_node().descendant_for_byte_range(start, start);
    while let Some(n) = node.and_then(|n| n.parent()).filter(|n| n.parent().is_some()) {
        let head = &text[n.start_byte()..text.floor_char_boundary(n.end_byte().min(n.start_byte() + 200))];
        if patterns.iter().any(|p| p.is_match(head)) {
            let block = head.split('{').next().unwrap_or(head).trim().to_string();
            return Err(Error::MergedDeclaration {
                name: target.symbol().name.to_string(),
                block,
                path: target.entry.rel.clone(),
                line: n.start_position().row,
            });
        }
        node = Some(n);
    }
    Ok(())
}

/// References and rename are for code: a document's keys and sections have no uses to find.
fn code_only(target: &SymbolRef) -> Result<()> {
    let lang = target.entry.lang;
    if lang.entry.category == Category::Document {
        return Err(Error::invalid(
            "relative_path",
            format!(
                "{} is a {} document: its symbols have no references to find or rename; use search_for_pattern",
                target.entry.rel,
                lang.name()
            ),
        ));
    }
    Ok(())
}
