//! Edit scenarios over `fixtures/edit_cases/<lang>/*.txt`: a tool call, the file before, and either the
//! exact file after or an error (then the file must be byte-identical). Format:
//!
//! ```text
//! tool: replace_symbol_body
//! args: {"name_path": "Cart/add", "relative_path": "cart.py"}
//! --- body            (any other section becomes a string argument of that name)
//! --- before
//! --- after           (or: --- error, with a substring of the expected message)
//! ```
//! A case whose file name contains `crlf` runs with CRLF line endings on both sides. A section header is
//! `--- ` and a lowercase word; any other line (a Lua `--- doc` comment) is text.

use crate::util::{TestProject, fixtures};
use serde_json::Value;
use std::collections::BTreeMap;

struct Case {
    tool: String,
    args: Value,
    sections: BTreeMap<String, String>,
}

fn parse_case(text: &str) -> Case {
    let mut tool = String::new();
    let mut args = Value::Null;
    let mut sections: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let section = line
            .strip_prefix("--- ")
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_lowercase() || c == '_'));
        if let Some(name) = section {
            current = Some(name.trim().to_string());
            sections.entry(name.trim().to_string()).or_default();
        } else if let Some(c) = &current {
            sections.get_mut(c).unwrap().push(line);
        } else if let Some(t) = line.strip_prefix("tool: ") {
            tool = t.trim().to_string();
        } else if let Some(a) = line.strip_prefix("args: ") {
            args = serde_json::from_str(a).expect("args are JSON");
        }
    }
    let sections = sections.into_iter().map(|(k, v)| (k, v.join("\n") + "\n")).collect();
    Case { tool, args, sections }
}

fn run_case(name: &str, case: &Case) -> Result<(), String> {
    let crlf = name.contains("crlf");
    let eol = |s: &str| if crlf { s.replace('\n', "\r\n") } else { s.to_string() };
    let mut p = TestProject::empty();
    p.write(".arborist/project.toml", "included_optional_tools = [\"rust_replace_block\", \"rust_insert_after_block\", \"replace_block\", \"insert_after_block\", \"insert_before_block\"]\n");
    let rel = case
        .args
        .get("relative_path")
        .or(case.args.get("path"))
        .and_then(Value::as_str)
        .ok_or("no path in args")?
        .to_string();
    let before = eol(&case.sections["before"]);
    p.write(&rel, &before);
    let mut args = case.args.clone();
    for (k, v) in &case.sections {
        if !matches!(k.as_str(), "before" | "after" | "error") {
            args[k] = Value::String(v.trim_end_matches('\n').to_string());
        }
    }
    let outcome = p.call(&case.tool, args);
    let now = p.read_bytes(&rel);
    if outcome.is_ok() {
        check_index_matches_a_fresh_parse(&mut p, &rel)?;
    }
    match (case.sections.get("after"), case.sections.get("error"), outcome) {
        (Some(after), _, Ok(_)) if now == eol(after).as_bytes() => Ok(()),
        (Some(after), _, Ok(_)) => {
            Err(format!("file differs:\n--- expected\n{}--- actual\n{}", eol(after), String::from_utf8_lossy(&now)))
        }
        (Some(_), _, Err(e)) => Err(format!("tool failed: {e}")),
        (None, Some(err), Err(e)) if e.contains(err.trim()) && now == before.as_bytes() => Ok(()),
        (None, Some(_), Err(e)) if now != before.as_bytes() => Err(format!("refused ({e}) but the file changed")),
        (None, Some(err), Err(e)) => Err(format!("expected an error containing `{}`, got: {e}", err.trim())),
        (None, Some(_), Ok(a)) => Err(format!("expected a refusal, but the tool answered: {a}")),
        (None, None, _) => Err("the case has neither `--- after` nor `--- error`".into()),
    }
}

/// The symbols the index kept after the edit (updated incrementally) equal a fresh extraction.
fn check_index_matches_a_fresh_parse(p: &mut TestProject, rel: &str) -> Result<(), String> {
    let engine = p.engine();
    let path = engine.project().resolve_file(rel).map_err(|e| e.to_string())?;
    let Some(entry) = engine.index().file(&path) else { return Ok(()) };
    let text = String::from_utf8(p.read_bytes(rel)).unwrap().replace("\r\n", "\n");
    let tree = arborist::syntax::parse(entry.lang, &text).unwrap();
    let fresh = arborist::symbols::FileSymbols::extract(entry.lang, &tree, &text);
    let (kept, want) = (arborist::symbols::outline(&entry.symbols), arborist::symbols::outline(&fresh));
    if kept != want {
        return Err(format!(
            "index symbols after the edit differ from a fresh parse:\n--- index\n{kept}--- fresh\n{want}"
        ));
    }
    Ok(())
}

#[test]
fn every_edit_case_gives_the_expected_file_or_a_clean_refusal() {
    let mut failures = Vec::new();
    let mut count = BTreeMap::new();
    for lang in arborist::language::all().iter().map(|l| l.name()) {
        let dir = fixtures().join("edit_cases").join(lang);
        let mut files: Vec<_> =
            std::fs::read_dir(&dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
        files.sort();
        for f in files {
            let name = format!("{lang}/{}", f.file_name().unwrap().to_string_lossy());
            *count.entry(lang).or_insert(0) += 1;
            if let Err(e) = run_case(&name, &parse_case(&std::fs::read_to_string(&f).unwrap())) {
                failures.push(format!("== {name}: {e}"));
            }
        }
    }
    let missing: Vec<&str> =
        arborist::language::all().iter().map(|l| l.name()).filter(|l| !count.contains_key(l)).collect();
    assert!(missing.is_empty(), "languages without fixtures/edit_cases/<lang>/*.txt: {missing:?}");
    assert!(failures.is_empty(), "{} case(s) failed:\n{}", failures.len(), failures.join("\n"));
}
