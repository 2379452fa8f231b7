//! The edit pipeline, coverage-guided: a random edit of a random symbol in every language's fixtures
//! (a body with text spliced in, a body cut short, text inserted after or before). A written file has
//! no more syntax errors than before; a refused edit leaves the bytes identical; nothing panics. The
//! file is restored after each input.
#![no_main]

#[path = "../../tests/fuzz_cases.rs"]
#[allow(dead_code)] // each target uses part of it
mod cases;
#[path = "common/project.rs"]
mod project;

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::{arbitrary, fuzz_target};
use serde_json::{Value, json};
use std::cell::OnceCell;

struct Target {
    project: project::Project,
    /// (file, name path) of every symbol of every fixture.
    symbols: Vec<(String, String)>,
}

thread_local! {
    static TARGET: OnceCell<Target> = const { OnceCell::new() };
}

fn target() -> Target {
    let langs: Vec<&str> = arborist::language::all().iter().map(|l| l.name()).collect();
    let project = project::Project::new(&langs);
    let engine = project.session.engine().expect("an engine");
    let mut symbols = Vec::new();
    for rel in project.code_files() {
        let Ok((entry, _)) = engine.symbols_with_text(&rel) else { continue };
        symbols.extend(entry.symbols.preorder().into_iter().map(|i| (rel.clone(), entry.symbols.name_path(i))));
    }
    assert!(symbols.len() > 500, "{} symbols", symbols.len());
    Target { project, symbols }
}

fn errors(project: &project::Project, rel: &str) -> usize {
    let engine = project.session.engine().expect("an engine");
    engine.syntax_problems(rel).map(|(_, _, issues)| issues.len()).unwrap_or(0)
}

fn call(p: &project::Project, tool: &str, args: Value) -> std::result::Result<String, String> {
    arborist::tools::call(&p.session, arborist::tools::find(tool).expect("a tool"), args)
}

fn edit(u: &mut Unstructured, p: &project::Project, rel: &str, name_path: &str) -> Result<()> {
    let found = call(p, "find_symbol", json!({"name_path_pattern": name_path, "relative_path": rel, "include_body": true}));
    let found: Vec<Value> = found.ok().and_then(|b| serde_json::from_str(&b).ok()).unwrap_or_default();
    let Some(old) = found.first().and_then(|s| s["body"].as_str()).map(str::to_string) else { return Ok(()) };
    let cut = u.int_in_range(0..=old.len())?;
    let text: &str = u.arbitrary()?;
    let (tool, args) = cases::symbol_edit(u.int_in_range(0..=3)?, rel, name_path, &old, cut, text);
    let before = errors(p, rel);
    match call(p, tool, args) {
        Ok(_) => {
            let after = errors(p, rel);
            assert!(after <= before, "{tool} on {rel} {name_path}: {before} -> {after} syntax errors");
        }
        Err(_) => {
            let now = std::fs::read(p.root.join(rel)).expect("the file is still there");
            assert!(now == p.original(rel), "a refused {tool} changed {rel}");
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    TARGET.with(|cell| {
        let t = cell.get_or_init(target);
        let mut u = Unstructured::new(data);
        if let Ok((rel, name_path)) = u.choose(&t.symbols) {
            let _ = edit(&mut u, &t.project, rel, name_path);
            t.project.restore(rel);
        }
    });
});
