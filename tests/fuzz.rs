//! Fuzz targets, property-based (proptest generates the inputs; no shrinking, the failing input is
//! printed): the name-path parser, the JSON arguments of every tool, and random edits of random symbols
//! in every language's fixtures. Each runs ARBORIST_FUZZ_CASES inputs (default 150), or for
//! ARBORIST_FUZZ_SECONDS seconds when set (`benches/fuzz.sh` runs each target for a set time).

use crate::fuzz_cases::{AWKWARD, fuzzed_tools, parameter_names, symbol_edit};
use crate::util::{TestProject, copy_dir, fixtures};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Map, Value, json};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

/// Runs `check` on inputs of `strategy` until the case count or the time is used up; a panic fails the
/// target with the input that caused it. Returns how many inputs ran.
fn fuzz<S: Strategy>(target: &str, strategy: S, mut check: impl FnMut(&S::Value)) -> usize
where
    S::Value: std::fmt::Debug,
{
    let seconds = std::env::var("ARBORIST_FUZZ_SECONDS").ok().and_then(|s| s.parse::<u64>().ok());
    let cases = std::env::var("ARBORIST_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(150);
    let deadline = seconds.map(|s| Instant::now() + Duration::from_secs(s));
    let mut runner = TestRunner::new(Config { failure_persistence: None, ..Config::default() });
    let mut runs = 0;
    let current = watchdog(target);
    while deadline.map_or(runs < cases, |d| Instant::now() < d) {
        let input = strategy.new_tree(&mut runner).expect("a strategy that generates").current();
        *current.lock().unwrap() = Some((Instant::now(), format!("{input:?}")));
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(&input))) {
            let why =
                panic.downcast_ref::<String>().cloned().or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()));
            panic!("{target}: panicked on {input:?}: {}", why.unwrap_or_default());
        }
        runs += 1;
    }
    *current.lock().unwrap() = None;
    eprintln!("fuzz {target}: {runs} inputs, no panic");
    runs
}

/// How long one input may run before the target counts as hung.
const HANG: Duration = Duration::from_secs(30);

/// A thread that ends the test process, naming the input, when one input runs longer than `HANG`.
fn watchdog(target: &str) -> std::sync::Arc<std::sync::Mutex<Option<(Instant, String)>>> {
    let current = std::sync::Arc::new(std::sync::Mutex::new(None::<(Instant, String)>));
    let (watched, target) = (current.clone(), target.to_string());
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(Duration::from_secs(1));
            let Some(state) = watched.lock().map(|s| s.clone()).unwrap_or(None) else {
                if std::sync::Arc::strong_count(&watched) == 1 {
                    return;
                }
                continue;
            };
            if state.0.elapsed() > HANG {
                eprintln!("fuzz {target}: hung over {HANG:?} on {}", state.1);
                std::process::exit(101);
            }
        }
    });
    current
}

fn awkward_string() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(AWKWARD).prop_map(str::to_string),
        2 => any::<String>().prop_map(|s| s.chars().take(60).collect()),
        1 => "[a-z_/.\\[\\]0-9]{0,20}",
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        prop_oneof![Just(-1i64), Just(0), Just(1), Just(i64::MAX), Just(i64::MIN), any::<i64>()].prop_map(Value::from),
        Just(json!(u64::MAX)),
        Just(json!(1.5)),
        awkward_string().prop_map(Value::from),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..3)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Random arguments for a tool: its own parameter names (and a stranger), each with a random value.
fn tool_call() -> impl Strategy<Value = (&'static str, Value)> {
    let tools: Vec<&'static str> = fuzzed_tools().iter().map(|t| t.name).collect();
    prop::sample::select(tools).prop_flat_map(|name| {
        let tool = arborist::tools::find(name).expect("a registered tool");
        let args = prop::collection::vec((prop::sample::select(parameter_names(tool)), json_value()), 0..6).prop_map(
            |pairs| {
                let mut args: Map<String, Value> = pairs.into_iter().collect();
                args.remove("backend"); // the heuristic only: no language server starts
                Value::Object(args)
            },
        );
        (Just(tool.name), args)
    })
}

/// A project of several languages' fixtures, references by the heuristic only.
fn fuzz_project() -> TestProject {
    let mut p = TestProject::empty();
    for lang in ["python", "rust", "typescript", "go", "files"] {
        copy_dir(&fixtures().join(lang), &p.root.join(lang));
    }
    p.write(".arborist/project.toml", "references_backend = \"heuristic\"\n");
    p
}

#[test]
fn fuzz_name_path_parser() {
    fuzz("name paths", awkward_string(), |s| {
        let _ = arborist::symbols::NamePattern::parse(s);
    });
}

/// Random arguments for every tool: an answer or an error, never a panic, and nothing outside the
/// project touched.
#[test]
fn fuzz_tool_arguments() {
    let mut p = fuzz_project();
    let outside_before = std::fs::read(p.outside.join("secret.txt")).unwrap();
    fuzz("tool arguments", tool_call(), |(tool, args)| {
        let spec = arborist::tools::find(tool).unwrap();
        let _ = arborist::tools::call(p.session(), spec, args.clone());
    });
    assert_eq!(std::fs::read(p.outside.join("secret.txt")).unwrap(), outside_before);
    assert_eq!(std::fs::read_dir(&p.outside).unwrap().count(), 1, "nothing created outside the project");
}

/// Random edits of random symbols in every language's fixtures: a written file has no more syntax errors
/// than before, and a refused edit leaves the bytes identical.
#[test]
fn fuzz_symbol_edits_in_every_language() {
    let mut p = TestProject::empty();
    let mut targets = Vec::new();
    for lang in arborist::language::all() {
        let dir = fixtures().join(lang.name());
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if name.ends_with(".txt") || name.starts_with("broken") || !entry.path().is_file() {
                continue;
            }
            let rel = format!("{}/{name}", lang.name());
            p.write(&rel, std::fs::read(entry.path()).unwrap());
            let engine = p.engine();
            let Ok((entry, _)) = engine.symbols_with_text(&rel) else { continue };
            let paths: Vec<String> = entry.symbols.preorder().into_iter().map(|i| entry.symbols.name_path(i)).collect();
            targets.extend(paths.into_iter().map(|np| (rel.clone(), np)));
        }
    }
    assert!(targets.len() > 500, "{} symbols", targets.len());
    let edit = (prop::sample::select(targets), 0..4usize, awkward_string(), any::<prop::sample::Index>());
    let (mut written, mut refused) = (0usize, 0usize);
    fuzz("symbol edits", edit, |((rel, name_path), op, text, at)| {
        let before = p.read_bytes(rel);
        let errors =
            |p: &mut TestProject| p.engine().syntax_problems(rel).map(|(_, _, issues)| issues.len()).unwrap_or(0);
        let errors_before = errors(&mut p);
        let body =
            p.call("find_symbol", json!({"name_path_pattern": name_path, "relative_path": rel, "include_body": true}));
        let body: Vec<Value> = body.ok().and_then(|b| serde_json::from_str(&b).ok()).unwrap_or_default();
        let Some(old) = body.first().and_then(|s| s["body"].as_str()).map(str::to_string) else { return };
        let (tool, args) = symbol_edit(*op, rel, name_path, &old, at.index(old.len() + 1), text);
        match p.call(tool, args) {
            Ok(_) => {
                let after = errors(&mut p);
                assert!(
                    after <= errors_before,
                    "{tool} on {rel} {name_path}: {errors_before} -> {after} syntax errors"
                );
                written += 1;
            }
            Err(_) => {
                assert!(p.read_bytes(rel) == before, "a refused {tool} changed {rel}");
                refused += 1;
            }
        }
    });
    eprintln!(
        "fuzz symbol edits: {written} written, {refused} refused (the rest named a symbol an earlier edit removed)"
    );
}
