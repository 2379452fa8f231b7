//! Arbitrary text in every language: the parse masks, the parse, the syntax census and the symbol table
//! (with every symbol's name path) never panic. The first byte picks the language.
#![no_main]

use arborist_syntax::language;
use arborist_syntax::symbols::FileSymbols;
use arborist_syntax::syntax::{ParseBudget, parse_within, syntax_issues};
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let langs = language::all();
    let lang = &langs[pick as usize % langs.len()];
    let budget = ParseBudget { max_bytes: 1 << 20, max_time: Duration::from_millis(500) };
    let Ok(tree) = parse_within(lang, text, &budget) else { return };
    let _ = syntax_issues(&tree, text);
    let symbols = FileSymbols::extract(lang, &tree, text);
    for i in symbols.preorder() {
        let _ = symbols.name_path(i);
    }
});
