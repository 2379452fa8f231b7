//! Declarations and implementations as one engine call each: a language server answers when the
//! backend rule picks one (precise), else tree-sitter resolves by name (heuristic), and the answer says
//! which.

use crate::engine::{Engine, FindOptions, SymbolRef};
use crate::index::FileEntry;
use crate::resolve::Backend;
use arborist_syntax::error::{Error, Result};
use arborist_syntax::symbols::NamePattern;
use arborist_syntax::text;

/// Where an identifier is declared.
pub struct Declaration {
    pub found: SymbolRef,
    /// Other declarations of the name, best first (heuristic answers only).
    pub others: Vec<SymbolRef>,
    /// How it was resolved: `precise (server)` or a heuristic note.
    pub resolution: String,
}

/// The implementations of a type or member.
pub struct Implementations {
    pub symbols: Vec<SymbolRef>,
    pub resolution: String,
}

impl Engine {
    /// The declaration of the identifier at the first match of `regex`'s one group in `rel` (inside the
    /// symbol `containing`, when given).
    pub fn declaration(&self, rel: &str, regex: &str, containing: Option<&str>) -> Result<Declaration> {
        let re = regex::Regex::new(&format!("(?ms){regex}")).map_err(|e| Error::InvalidRegex(e.to_string()))?;
        if re.captures_len() != 2 {
            let why = format!("regex must contain exactly one capture group, found {}", re.captures_len() - 1);
            return Err(Error::invalid("regex", why));
        }
        let (entry, doc) = self.symbols_with_text(rel)?;
        let text = doc.text();
        let within = match containing {
            Some(np) => self.resolve_symbol(np, &entry.rel)?.symbol().range.clone(),
            None => 0..text.len() as u32,
        };
        let no_usage = |why: &str| Error::invalid("regex", format!("{why}; adjust the regex"));
        let caps = re
            .captures(&text[within.start as usize..within.end as usize])
            .ok_or_else(|| no_usage(&format!("the regex does not match in {}", entry.rel)))?;
        let group = caps.get(1).ok_or_else(|| no_usage("the regex matched but its group did not"))?;
        let at = within.start as usize + group.start();
        let ident = identifier_at(text, at).ok_or_else(|| no_usage("no identifier at the group's position"))?;
        if let Some((mut found, resolution)) = precise_symbols(self, &entry, text, at, Lookup::Definition)? {
            return Ok(Declaration { found: found.remove(0), others: Vec::new(), resolution });
        }
        let candidates = self.find_symbols(&NamePattern::parse(&ident)?, "", &FindOptions::default())?;
        let mut ranked = rank_declarations(candidates, &entry, at);
        if ranked.is_empty() {
            return Err(Error::NoSymbol {
                what: "declaration of".into(),
                name: ident,
                scope: "the project".into(),
                hint: "the heuristic searches by name; check the spelling, or install the language server",
            });
        }
        let found = ranked.remove(0);
        let resolution = "heuristic: tree-sitter name match, not a compiler's resolution".into();
        Ok(Declaration { found, others: ranked, resolution })
    }

    /// Implementations of a type (subtypes, implementors) or of a member (the same member in those).
    pub fn implementations(&self, target: &SymbolRef, opts: &FindOptions) -> Result<Implementations> {
        let sym = target.symbol();
        let (type_name, member) = if sym.kind.is_type_like() {
            (sym.name, None)
        } else {
            let parent = sym.parent().ok_or_else(|| {
                Error::invalid("name_path", format!("`{}` is neither a type nor a member of one", target.name_path()))
            })?;
            (target.entry.symbols.get(parent).name, Some(sym.name))
        };
        let (_, doc) = self.symbols_with_text(&target.entry.rel)?;
        let at = sym.name_range.start as usize;
        if let Some((found, resolution)) = precise_symbols(self, &target.entry, doc.text(), at, Lookup::Implementation)?
        {
            let symbols = found.into_iter().filter(|r| opts.accepts(r.symbol().kind)).collect();
            return Ok(Implementations { symbols, resolution });
        }
        let scope = self.project().resolve("")?;
        let mut symbols = Vec::new();
        for entry in self.index().all_in(self.project(), &scope) {
            for (owner, _) in entry.symbols.supertypes.iter().filter(|(_, base)| *base == type_name) {
                let fs = &entry.symbols;
                let hits: Vec<u32> = match &member {
                    None => vec![*owner],
                    Some(m) => fs.children(*owner).iter().copied().filter(|&c| fs.get(c).name == *m).collect(),
                };
                let hits = hits.into_iter().filter(|&i| opts.accepts(fs.get(i).kind));
                symbols.extend(hits.map(|index| SymbolRef { entry: entry.clone(), index }));
            }
        }
        Ok(Implementations { symbols, resolution: "heuristic".into() })
    }
}

/// What to ask a language server.
#[derive(Clone, Copy)]
enum Lookup {
    Definition,
    Implementation,
}

/// Symbols a language server points to from byte `at` of `entry`'s file, with the answer's label; None when
/// the backend rule picks the heuristic (or the server finds nothing usable), so the caller falls back to
/// tree-sitter; an error when the project demands a server that is not there.
fn precise_symbols(
    engine: &Engine,
    entry: &FileEntry,
    text: &str,
    at: usize,
    lookup: Lookup,
) -> Result<Option<(Vec<SymbolRef>, String)>> {
    let Backend::Precise(lang) = engine.backend(entry.lang, None)? else { return Ok(None) };
    let starts = text::line_starts(text);
    let line = text::line_of(&starts, at) as u32;
    let col = text::byte_to_utf16_col(text, &starts, at) as u32;
    let found = match lookup {
        Lookup::Definition => engine.lsp().definition(&lang, &entry.rel, text, line, col),
        Lookup::Implementation => engine.lsp().implementation(&lang, &entry.rel, text, line, col),
    };
    let Ok(locations) = found.inspect_err(|e| tracing::warn!("language server: {e}; using the heuristic")) else {
        return Ok(None);
    };
    let symbols: Vec<SymbolRef> = locations.iter().filter_map(|l| symbol_at(engine, &l.rel, l.start)).collect();
    let label = format!("precise ({})", lang.language_server.first().map_or("", String::as_str));
    Ok((!symbols.is_empty()).then_some((symbols, label)))
}

/// The symbol whose name is at (line, UTF-16 col) of a file, else the innermost one containing it.
fn symbol_at(engine: &Engine, rel: &str, (line, col): (u32, u32)) -> Option<SymbolRef> {
    let (entry, doc) = engine.symbols_with_text(rel).ok()?;
    let starts = text::line_starts(doc.text());
    let byte = text::utf16_to_byte(doc.text(), &starts, line as usize, col as usize)? as u32;
    let named = entry.symbols.walk_preorder().find(|&i| {
        let r = &entry.symbols.get(i).name_range;
        r.start <= byte && byte < r.end.max(r.start + 1)
    });
    let index = named.or_else(|| entry.symbols.innermost_at(byte as usize))?;
    Some(SymbolRef { entry, index })
}

/// The identifier (letters, digits, `_`, `$`) around byte `at`.
fn identifier_at(text: &str, at: usize) -> Option<String> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    let start = text[..at].char_indices().rev().take_while(|&(_, c)| is_ident(c)).last().map_or(at, |(i, _)| i);
    let end = text[at..].char_indices().find(|&(_, c)| !is_ident(c)).map_or(text.len(), |(i, _)| at + i);
    (start < end).then(|| text[start..end].to_string())
}

/// Best first: declarations in scopes enclosing the usage, then the same file, then elsewhere.
fn rank_declarations(mut found: Vec<SymbolRef>, usage_file: &FileEntry, at: usize) -> Vec<SymbolRef> {
    let enclosing: Vec<u32> = {
        let mut v = Vec::new();
        let mut cur = usage_file.symbols.innermost_at(at);
        while let Some(i) = cur {
            v.push(i);
            cur = usage_file.symbols.get(i).parent();
        }
        v
    };
    let score = |r: &SymbolRef| -> (u8, String) {
        if r.entry.rel != usage_file.rel {
            return (2, r.entry.rel.clone());
        }
        let parent = r.symbol().parent();
        let in_scope = parent.is_none() || parent.is_some_and(|p| enclosing.contains(&p));
        (if in_scope { 0 } else { 1 }, String::new())
    };
    found.sort_by_key(|r| score(r));
    found
}
