//! Property tests of the edit pipeline on the language fixtures: a valid edit changes no byte outside the
//! target's lines, and a rejected edit changes no byte at all.

use crate::util::{TestProject, fixtures};
use proptest::prelude::*;
use serde_json::json;

const FILES: &[(&str, &str)] = &[
    ("python/inventory.py", "#"),
    ("rust/units.rs", "//"),
    ("go/list.go", "//"),
    ("java/OrderService.java", "//"),
    ("typescript/orders.ts", "//"),
];

/// (name_path, start_line, end_line, body) of every symbol of a fixture.
fn symbols(p: &mut TestProject, rel: &str) -> Vec<(String, usize, usize, String)> {
    let engine = p.engine();
    let (entry, doc) = engine.symbols_with_text(rel).unwrap();
    entry
        .symbols
        .preorder()
        .into_iter()
        .map(|i| {
            let s = entry.symbols.get(i);
            let body = doc.text()[s.range.start as usize..s.range.end as usize].to_string();
            (entry.symbols.name_path(i), s.start_line as usize, s.end_line as usize, body)
        })
        .collect()
}

fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count()
}

/// Byte offset of the start of 0-based line `line` (or the length).
fn line_offset(text: &[u8], line: usize) -> usize {
    if line == 0 {
        return 0;
    }
    text.iter().enumerate().filter(|(_, b)| **b == b'\n').nth(line - 1).map_or(text.len(), |(i, _)| i + 1)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn edits_stay_inside_their_target(file in 0..FILES.len(), pick in any::<prop::sample::Index>(), op in 0..3usize, n in 0..1000u32) {
        let (fixture, comment) = FILES[file];
        let mut p = TestProject::empty();
        let rel = fixture.rsplit('/').next().unwrap().to_string();
        p.write(&rel, std::fs::read(fixtures().join(fixture)).unwrap());
        let syms = symbols(&mut p, &rel);
        let unique: Vec<_> = syms.iter().filter(|s| !s.0.contains('[')).collect();
        prop_assume!(!unique.is_empty());
        let (name_path, start, end, body) = unique[pick.index(unique.len())].clone();
        let before = p.read_bytes(&rel);
        let (tool, new) = match op {
            0 => ("replace_symbol_body", body.clone()),
            1 => ("insert_before_symbol", format!("{comment} note {n}")),
            _ => ("insert_after_symbol", format!("{comment} note {n}")),
        };
        let outcome = p.call(tool, json!({"name_path": name_path, "relative_path": rel, "body": new}));
        let after = p.read_bytes(&rel);
        match outcome {
            Ok(_) => {
                // Decorators, attributes and doc comments above the symbol may be where an insert goes: allow 12 lines.
                let lo = line_offset(&before, start.saturating_sub(12));
                let hi = line_offset(&before, end + 1);
                prop_assert!(common_prefix(&before, &after) >= lo, "{tool} {name_path}: changed bytes before the target");
                prop_assert!(common_suffix(&before, &after) >= before.len() - hi.min(before.len()), "{tool} {name_path}: changed bytes after the target");
                if op == 0 {
                    prop_assert_eq!(&before, &after, "replacing a symbol by its own text changes nothing");
                }
            }
            Err(e) => prop_assert_eq!(&before, &after, "refused ({}) but the file changed", e),
        }
    }

    #[test]
    fn rejected_edits_change_nothing(file in 0..FILES.len(), pick in any::<prop::sample::Index>(), cut in 1..40usize) {
        let (fixture, _) = FILES[file];
        let mut p = TestProject::empty();
        let rel = fixture.rsplit('/').next().unwrap().to_string();
        p.write(&rel, std::fs::read(fixtures().join(fixture)).unwrap());
        let syms = symbols(&mut p, &rel);
        let unique: Vec<_> = syms.iter().filter(|s| !s.0.contains('[') && s.3.contains('(')).collect();
        prop_assume!(!unique.is_empty());
        let (name_path, _, _, body) = unique[pick.index(unique.len())].clone();
        // Cut the body just after an opening parenthesis: never valid code.
        let open = body.find('(').unwrap();
        let broken = format!("{}{}", &body[..=open], "(".repeat(cut % 3 + 1));
        let before = p.read_bytes(&rel);
        let outcome = p.call("replace_symbol_body", json!({"name_path": name_path, "relative_path": rel, "body": broken}));
        prop_assert!(outcome.is_err(), "a broken body was accepted for {}", name_path);
        prop_assert_eq!(before, p.read_bytes(&rel));
    }
}
