//! References by tree-sitter (heuristic): identifier occurrences of a symbol's name across the project,
//! in the files the identifier index says use the name, as the uses cache (`uses`) reads them from the
//! tree; narrowed by syntax (member names after `.`/`->`/`::`), minus definitions, each attributed to its
//! innermost symbol. Where the language has a `locals.scm`, a bare use that resolves to a local of the same
//! name is left out, and a member use is typed by its receiver (`members`): another class's member is left
//! out, an unknown receiver's use is uncertain.

use crate::engine::Engine;
use crate::imports::{FileImports, Verdict, Written};
use crate::index::{FileEntry, files_containing};
use crate::members::{Hierarchy, Typing};
use crate::module_files::Resolver;
use crate::project::ProjectPath;
use crate::uses::Use;
use arborist_syntax::error::Result;
use arborist_syntax::grammars::MemberCalls;
use arborist_syntax::language::Language;
use arborist_syntax::query::SymbolKind;
use std::ops::Range;
use std::sync::Arc;

/// One occurrence of the name.
#[derive(Clone)]
pub struct Occurrence {
    pub rel: String,
    pub bytes: Range<usize>,
    /// 0-based line and byte column.
    pub line: usize,
    pub col: usize,
    /// The innermost symbol containing it (None: file level, e.g. an import).
    pub container: Option<u32>,
    pub entry: Arc<FileEntry>,
    /// The file's text (for context lines and edits).
    pub text: Arc<str>,
    /// A use the tree could not tie to the target: `x.Name` of a top-level `Name` where `x` is not bound
    /// to the target's module (another module, an object), or `x.member` where `x`'s type is not known.
    /// Listed after the others, never renamed.
    pub uncertain: bool,
    /// A call through an interface or supertype whose method the target implements or overrides, of an
    /// implementation or override of the target (Go, Java), or on a value that may be of several classes,
    /// the target's among them: a use, but a rename of the target alone leaves it (and refuses).
    pub through_interface: bool,
}

/// What the target is, for narrowing.
pub struct Target<'a> {
    pub name: &'a str,
    /// Whether it is a member of a type (method, field): then only `.name`-style uses count, and, where the
    /// language has implicit receivers, bare uses inside a type of the owner's name.
    pub member: bool,
    /// The name of the type that owns a member, and its index among the symbols of `def_rel`.
    pub owner: Option<&'a str>,
    pub owner_index: Option<u32>,
    pub lang: &'static Language,
    /// The file that defines the target: other files that define their own top-level symbol of that name
    /// use their own, so they are left out.
    pub def_rel: &'a str,
    /// The target's own name in `def_rel` (a use bound to it is the target even in a nested scope).
    pub name_range: Range<usize>,
    /// A function, variable or constant: a name before a namespace separator (`rank::`) is not it.
    pub value: bool,
}

/// Every occurrence of the target's name in code files of its language family: the certain ones first,
/// each group in path order. The files come from the identifier index once it is ready (before, from a
/// search of the files for the name), the uses from the uses cache.
pub fn occurrences(engine: &Engine, target: &Target) -> Result<Vec<Occurrence>> {
    let _one_look_per_file = engine.index().query_scope();
    let family = target.lang.entry.family();
    let files = candidate_files(engine, target.name)?;
    let hierarchy = match (target.member, target.owner_index) {
        (true, Some(index)) => Some(Hierarchy::new(
            engine,
            target.def_rel,
            index,
            (target.name, target.name_range.start),
            target.lang.entry,
        )),
        _ => None,
    };
    let progress = crate::progress::current();
    if let Some(p) = &progress {
        p.stage("files with the name checked", Some(files.len() as u64));
    }
    let in_each = |entry: &Arc<FileEntry>| {
        let found = match entry.lang.entry.family() == family {
            true => in_file(engine, target, hierarchy.as_ref(), entry),
            false => Vec::new(),
        };
        if let Some(p) = &progress {
            p.advance(1);
        }
        found
    };
    use rayon::prelude::*;
    // Rationed searches go to the classes met first: the files are weighed one after the other, in path
    // order, so the same question gets the same answer. Their uses (a parse each, which needs no search)
    // are worked out in parallel first, into the uses cache.
    let mut out: Vec<Occurrence> = if hierarchy.is_some() && engine.index().lookups_search() {
        files.par_iter().filter(|e| e.lang.entry.family() == family).for_each(|e| {
            engine.uses().get(engine, e, target.name, target.member);
        });
        let mut files = files;
        files.sort_by(|a, b| a.rel.cmp(&b.rel));
        files.iter().flat_map(in_each).collect()
    } else {
        files.par_iter().flat_map_iter(in_each).collect()
    };
    out.sort_by(|a, b| a.uncertain.cmp(&b.uncertain).then(a.rel.cmp(&b.rel)).then(a.bytes.start.cmp(&b.bytes.start)));
    Ok(out)
}

/// The up-to-date entries of the code files that use `name`: from the identifier index, or before it is
/// ready, the files whose text has the name as a word.
fn candidate_files(engine: &Engine, name: &str) -> Result<Vec<Arc<FileEntry>>> {
    if let Some(entries) = engine.index().files_using(engine.project(), name) {
        return Ok(entries);
    }
    let root = engine.project().resolve("")?;
    let files = files_containing(engine.project(), &root, &crate::index::word_prefilter(name));
    use rayon::prelude::*;
    // largest first, each thread taking the next (see `files_matching`)
    Ok(files.into_iter().par_bridge().filter_map(|(rel, abs)| engine.index().file(&ProjectPath { rel, abs })).collect())
}

fn in_file(engine: &Engine, target: &Target, hierarchy: Option<&Hierarchy>, entry: &Arc<FileEntry>) -> Vec<Occurrence> {
    let rel = entry.rel.as_str();
    // a file that defines its own top-level symbol of the name means that one by a bare use, and by
    // `x.name` unless its imports tie `x` to the target's module; a member target's uses are weighed like
    // any other file's. A Python module that imports the target and binds the name again (`f =
    // partial(f)`, a fallback in `except ImportError`) still means the target by it, as pyright reads it,
    // and so does a Go file of the target's package: its definition is another platform's variant. A file
    // that imports another module's symbol of the name (or binds the name to another) is weighed the
    // same way: `unicode::Error` beside `use crate::hir::Error` is still the target's.
    let defines_own = entry.symbols.defines_top_level(target.name);
    let Some(facts) = engine.uses().get(engine, entry, target.name, target.member) else { return Vec::new() };
    let imports = facts.imports.as_deref();
    let resolver = Resolver::new(engine);
    let rebinds = rel != target.def_rel
        && defines_own
        && imports.is_some_and(|i| !target.member && i.rebinds_target(target.name, target.def_rel, &resolver));
    let imports_other =
        !target.member && imports.is_some_and(|i| i.imports_other(target.name, target.def_rel, &resolver));
    let shadows = rel != target.def_rel && (defines_own && !rebinds || imports_other);
    // the rebinding itself is a use: a rename changes both sides of `f = partial(f)`, and every variant
    let rebinding = |u: &Use| {
        let fs = &entry.symbols;
        rebinds && fs.roots.iter().any(|&r| fs.get(r).name_range.start as usize == u.bytes.start)
    };
    // a class's constructors are named after it (Java's `Bits(int n)`): a rename changes them with it
    let constructor = |u: &Use| {
        let fs = &entry.symbols;
        let named = || fs.iter().find(|s| s.name_range.start as usize == u.bytes.start);
        let of_class = |s: &arborist_syntax::symbols::Symbol| {
            let parent = s.parent().map(|p| fs.get(p).name_range.start as usize);
            s.kind == SymbolKind::Constructor && parent == Some(target.name_range.start)
        };
        rel == target.def_rel && !target.member && named().is_some_and(|s| of_class(&s))
    };
    let lang = entry.lang;
    // a member's use: written after a dot; a definition of the name elsewhere where override families
    // are (a Rust trait method's implementations; definition_typing decides); a bare name the file's
    // scopes bind to the member itself (Python's `save.alters_data = True` after `def save` in the class
    // body); a bare name inside its class where receivers are implicit (Java)
    let may_be_member_use = |u: &Use| {
        u.member
            || u.definition && lang.entry.override_families
            || rel == target.def_rel && u.local_def.as_ref() == Some(&target.name_range)
            || inside_owner(lang, entry, u.bytes.start, target.owner)
    };
    let scoped = Scoped { target, rel, scoped: facts.scoped, hierarchy, entry };
    // `x.Name` of a top-level Name: the target's only when `x` is bound to the target's module
    let qualified = |u: &Use| !target.member && imports.is_some() && u.member;
    // a top-level name's use: what the file's imports and the language's scoping say of it
    // the name of an import that brings the target (`Loader` in `from .base import Loader as BaseLoader`),
    // also in a file with its own symbol of the name
    let imports_target = |u: &Use| {
        imports.and_then(|i| i.imported_name_at(&u.bytes, target.name, target.def_rel, &resolver))
            == Some(Verdict::Target)
    };
    // what the imports say of a use written so, once per way of writing it (`models.Model` again and again)
    let by_written: std::cell::RefCell<Vec<(Written, Verdict)>> = Default::default();
    let written_verdict = |i: &FileImports, written: &Written| {
        if let Some(&(_, known)) = by_written.borrow().iter().find(|(w, _)| w == written) {
            return known;
        }
        let found = i.verdict(written, target.name, target.def_rel, &resolver);
        by_written.borrow_mut().push((written.clone(), found));
        found
    };
    // where a bare name is an enum's variant that a glob of the enum brings (`use self::Kind::*;`)
    let variants = match (imports, target.member) {
        (Some(i), false) => i.variant_scopes(target.name, defines_own, &resolver),
        _ => Vec::new(),
    };
    let verdict = |u: &Use| match (imports, target.member) {
        (Some(_), false) if u.written == Written::Bare && variants.iter().any(|s| s.contains(&u.bytes.start)) => {
            Verdict::Other
        }
        (Some(i), false) => i
            .imported_name_at(&u.bytes, target.name, target.def_rel, &resolver)
            .unwrap_or_else(|| written_verdict(i, &u.written)),
        _ => Verdict::Unknown,
    };
    let found: Vec<(&Use, Typing, Verdict)> = facts
        .uses
        .iter()
        .filter(|u| u.member || !shadows || imports_target(u))
        .filter(|u| !(target.value && u.namespace))
        .filter(|u| !target.member || may_be_member_use(u))
        .filter_map(|u| match u.definition {
            true if rebinding(u) || constructor(u) => Some((u, Typing::Target, Verdict::Unknown)),
            true => scoped.definition_typing(u).map(|t| (u, t, Verdict::Unknown)),
            false => scoped.typing(u).map(|t| (u, t, verdict(u))),
        })
        .filter(|(_, _, verdict)| *verdict != Verdict::Other)
        .filter(|(_, _, verdict)| !shadows || target.member || *verdict == Verdict::Target)
        .collect();
    let starts: Vec<usize> = found.iter().map(|(u, ..)| u.bytes.start).collect();
    let containers = entry.symbols.innermost_at_each(&starts);
    found
        .into_iter()
        .zip(containers)
        .map(|((u, typing, verdict), container)| Occurrence {
            rel: rel.to_string(),
            bytes: u.bytes.clone(),
            line: u.line,
            col: u.col,
            container,
            entry: entry.clone(),
            text: facts.text.clone(),
            uncertain: typing == Typing::Unknown || qualified(u) && verdict != Verdict::Target,
            through_interface: typing == Typing::Dispatched,
        })
        .collect()
}

/// What the file's scopes and the receivers' types say of the uses of the target's name in one file.
struct Scoped<'a> {
    target: &'a Target<'a>,
    rel: &'a str,
    /// Whether the language has scopes (a locals query).
    scoped: bool,
    hierarchy: Option<&'a Hierarchy<'a>>,
    entry: &'a Arc<FileEntry>,
}

impl Scoped<'_> {
    /// A use's typing: None when the use is another symbol's (a local, another class's member), Unknown
    /// when it may be the target's, Target when the tree ties it to the target (or cannot tell at all:
    /// a language without a locals query).
    fn typing(&self, u: &Use) -> Option<Typing> {
        if !self.scoped {
            return Some(Typing::Target);
        }
        match (self.target.member, u.member, self.hierarchy) {
            // a bare name: a top-level symbol, or a member with an implicit receiver (Java's `count`)
            (_, false, _) => (!u.label && !self.bound_locally(u)).then_some(Typing::Target),
            (true, true, Some(h)) => {
                Some(h.call_typing(self.entry, &u.receiver, u.arguments)).filter(|t| *t != Typing::Other)
            }
            _ => Some(Typing::Target),
        }
    }

    /// What the definition `u` of a member of the name is to the target: Target in its override family,
    /// Unknown when it may implement it or be implemented by it (Go's interfaces), None otherwise (the
    /// target itself is not a use of it).
    fn definition_typing(&self, u: &Use) -> Option<Typing> {
        let h = self.hierarchy.filter(|_| self.target.member)?;
        let fs = &self.entry.symbols;
        let own = self.rel == self.target.def_rel && u.bytes == self.target.name_range;
        let index =
            fs.iter().position(|s| s.name_range.start as usize == u.bytes.start).map(|i| i as u32).filter(|_| !own)?;
        Some(h.definition_typing(self.entry, index)).filter(|t| *t != Typing::Other)
    }

    /// Whether a bare use of the name resolves to a local, parameter or nested definition of that name
    /// (not the target itself).
    fn bound_locally(&self, u: &Use) -> bool {
        u.local_def.as_ref().is_some_and(|def| !(self.rel == self.target.def_rel && *def == self.target.name_range))
    }
}

/// A bare member name at `byte` inside (a type named like) the member's owner, in a language with
/// implicit receivers.
fn inside_owner(lang: &Language, entry: &FileEntry, byte: usize, owner: Option<&str>) -> bool {
    let Some(owner) = owner.filter(|_| lang.entry.member_calls == MemberCalls::Implicit) else { return false };
    let mut at = entry.symbols.innermost_at(byte);
    while let Some(i) = at {
        let s = entry.symbols.get(i);
        if s.kind.can_own_members() && s.name == owner {
            return true;
        }
        at = s.parent();
    }
    false
}

/// `... 587:text` / `  > 588:text` / `... 589:text`: the 0-based line `line` that holds byte `at`, with the
/// lines before and after it where there are (found from `at`, not by splitting the whole text).
pub fn context_around(text: &str, at: usize, line: usize) -> String {
    use std::fmt::Write;
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let before = (line > 0 && start > 0).then(|| {
        let before = &text[..start - 1];
        &before[before.rfind('\n').map_or(0, |i| i + 1)..]
    });
    let after = (end < text.len()).then(|| {
        let after = &text[end + 1..];
        &after[..after.find('\n').unwrap_or(after.len())]
    });
    let lines = before.map_or(0, str::len) + (end - start) + after.map_or(0, str::len);
    let mut out = String::with_capacity(lines + 30);
    // (writing to a String cannot fail)
    if let Some(before) = before {
        let _ = writeln!(out, "...{:>4}:{before}", line - 1);
    }
    let _ = write!(out, "  >{line:>4}:{}", &text[start..end]);
    if let Some(after) = after {
        let _ = write!(out, "\n...{:>4}:{after}", line + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::context_around;

    #[test]
    fn context_is_the_line_and_its_neighbours() {
        let text = "a = 1\nb = a\nc = b\n";
        assert_eq!(context_around(text, 0, 0), "  >   0:a = 1\n...   1:b = a");
        assert_eq!(context_around(text, 10, 1), "...   0:a = 1\n  >   1:b = a\n...   2:c = b");
        assert_eq!(context_around(text, 16, 2), "...   1:b = a\n  >   2:c = b\n...   3:");
        assert_eq!(context_around("x", 0, 0), "  >   0:x");
        assert_eq!(context_around("\nx", 1, 1), "...   0:\n  >   1:x");
    }
}
