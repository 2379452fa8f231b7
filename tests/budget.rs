//! The parse budget: a file over it is left out of the index (and named in get_current_config), its
//! symbol tools answer with the limit, search and text edits still work; a parse over time is abandoned
//! and the parser stays usable.

use crate::util::TestProject;
use arborist::language;
use arborist::syntax::{ParseBudget, Unparsed, parse, parse_within};
use serde_json::json;
use std::time::Duration;

/// A minified bundle: one line of `n` small functions.
fn one_liner(n: usize) -> String {
    (0..n).map(|i| format!("function f{i}(a){{return a+{i}}}")).collect::<Vec<_>>().join(";") + "\n"
}

fn project_with_a_bundle() -> TestProject {
    let mut p = TestProject::empty();
    p.write(".arborist/project.toml", "parse_max_bytes = 4000\n")
        .write("app.js", "function main() {\n  return 1;\n}\n")
        .write("dist/bundle.min.js", one_liner(400));
    p
}

#[test]
fn a_file_over_the_size_budget_is_skipped_by_the_index_and_named() {
    let mut p = project_with_a_bundle();
    let engine = p.engine();
    let stats = engine.build_index(1);
    assert_eq!(stats.skipped, 1, "{stats:?}");
    let indexed: Vec<String> = engine
        .index()
        .all_in(engine.project(), &engine.project().resolve("").unwrap())
        .iter()
        .map(|e| e.rel.clone())
        .collect();
    assert!(indexed.contains(&"app.js".to_string()) && !indexed.iter().any(|r| r.ends_with(".min.js")), "{indexed:?}");
    let skipped = engine.index().skipped();
    assert_eq!(skipped.len(), 1);
    assert_eq!(skipped[0].0, "dist/bundle.min.js");
    assert!(matches!(skipped[0].1, Unparsed::TooLarge { limit: 4000, .. }), "{:?}", skipped[0].1);
    let config = p.ok("get_current_config", json!({}));
    assert!(config.contains("Not indexed, over the parse budget or minified (1 files"), "{config}");
    assert!(config.contains("dist/bundle.min.js: it is 1"), "{config}");
}

#[test]
fn symbol_tools_name_the_limit_and_search_still_finds_the_text() {
    let mut p = project_with_a_bundle();
    let e = p.err("get_symbols_overview", json!({"relative_path": "dist/bundle.min.js"}));
    assert!(e.contains("over the parse budget of 4.0 kB (parse_max_bytes in .arborist/project.toml)"), "{e}");
    assert!(e.contains("search_for_pattern"), "{e}");
    let found = p.ok("find_symbol", json!({"name_path_pattern": "f17"}));
    assert_eq!(found, "[]");
    assert!(p.ok("find_symbol", json!({"name_path_pattern": "main"})).contains("app.js"));
    let hits = p.ok("search_for_pattern", json!({"substring_pattern": "function f17\\("}));
    assert!(hits.contains("dist/bundle.min.js"), "{hits}");
}

#[test]
fn a_minified_file_is_skipped_unless_the_project_parses_them() {
    let mut p = TestProject::empty();
    // 400 functions: one line of 12 kB, and the same code one function per line (~33 bytes a line)
    p.write("dist/bundle.min.js", one_liner(400)).write("src/app.js", one_liner(400).replace(';', "\n"));
    let e = p.err("get_symbols_overview", json!({"relative_path": "dist/bundle.min.js"}));
    assert!(e.contains("it is minified (lines of 12180 bytes on average, over 110)"), "{e}");
    assert!(e.contains("parse_minified = true in .arborist/project.toml"), "{e}");
    let found = p.ok("find_symbol", json!({"name_path_pattern": "f17"}));
    assert!(found.contains("src/app.js") && !found.contains("bundle.min.js"), "{found}");
    let stats = p.engine().build_index(1);
    assert_eq!(stats.skipped, 1, "{stats:?}");
    assert!(matches!(p.engine().index().skipped()[0].1, Unparsed::Minified { limit: 110, .. }));

    let mut p = TestProject::empty();
    p.write(".arborist/project.toml", "parse_minified = true\n").write("dist/bundle.min.js", one_liner(400));
    let found = p.ok("find_symbol", json!({"name_path_pattern": "f17"}));
    assert!(found.contains("bundle.min.js"), "{found}");
}

#[test]
fn only_languages_that_get_minified_and_files_of_4_kb_or_more_count_as_minified() {
    let budget = ParseBudget::default();
    let js = language::by_name("javascript").unwrap();
    let small = one_liner(100); // 3.3 kB on one line
    assert!(small.len() < 4096 && parse_within(js, &small, &budget).is_ok());
    assert!(matches!(parse_within(js, &one_liner(200), &budget), Err(Unparsed::Minified { .. })));
    let python = language::by_name("python").unwrap();
    let long_line = format!("x = [{}]\n", "1, ".repeat(3000));
    assert!(parse_within(python, &long_line, &budget).is_ok());
}

#[test]
fn a_file_over_the_budget_still_takes_text_edits() {
    let mut p = project_with_a_bundle();
    let args = json!({"relative_path": "dist/bundle.min.js", "needle": "return a+17}", "repl": "return a+71}",
        "mode": "literal"});
    p.ok("replace_content", args);
    assert!(p.read("dist/bundle.min.js").contains("function f17(a){return a+71}"));
}

#[test]
fn a_larger_file_may_take_the_time_budget_for_each_mb() {
    let budget = ParseBudget { max_bytes: u64::MAX, max_time: Duration::from_millis(100), minified: true };
    assert_eq!(budget.time_for(0), Duration::from_millis(100));
    assert_eq!(budget.time_for(1_999_999), Duration::from_millis(100));
    assert_eq!(budget.time_for(9_043_048), Duration::from_millis(900), "typescript.js's size");
    // the parse applies it: 1 ms a MB, for a text of 2 MB and more, is 2 ms and more
    let lang = language::by_name("javascript").unwrap();
    let text = one_liner(90_000);
    assert!(text.len() >= 2_000_000, "{}", text.len());
    let hurried = ParseBudget { max_time: Duration::from_millis(1), ..budget };
    let limit_ms = (text.len() / 1_000_000) as u64;
    assert_eq!(parse_within(lang, &text, &hurried).unwrap_err(), Unparsed::TooSlow { limit_ms });
}

#[test]
fn a_parse_over_time_is_abandoned_and_the_parser_stays_usable() {
    let lang = language::by_name("javascript").unwrap();
    let text = one_liner(25_000);
    assert!(text.len() < 1_000_000, "within one MB's time");
    let hurried = ParseBudget { max_bytes: u64::MAX, max_time: Duration::from_millis(1), minified: true };
    assert_eq!(parse_within(lang, &text, &hurried).unwrap_err(), Unparsed::TooSlow { limit_ms: 1 });
    // The next parse on this thread starts afresh rather than resuming the abandoned one.
    let small = "function g() { return 2; }\n";
    let tree = parse(lang, small).unwrap();
    assert!(!tree.root_node().has_error());
    assert_eq!(tree.root_node().end_byte(), small.len());
}

#[test]
fn the_budget_settings_are_checked() {
    let mut p = TestProject::empty();
    p.write(".arborist/project.toml", "parse_timeout_ms = 0\n");
    let e = arborist::engine::Engine::open(&p.root).err().expect("a zero timeout is refused").to_string();
    assert!(e.contains("parse_max_bytes and parse_timeout_ms must be positive"), "{e}");
}
