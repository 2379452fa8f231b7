//! replace_symbol_body latency, in-process, including verification and the atomic write, on a generated
//! 5,000-line Python file and on a small one. Each call really changes the file (two bodies alternate).
//! Each case runs twice: calls back to back, and 20 ms apart as an agent's are (a Python or TypeScript edit
//! parses only the statements it touches and leaves the whole tree to a background re-parse that a next
//! edit of the same file waits for).
//! Run: `cargo bench --bench edit_latency`.

use arborist::contexts::Activation;
use arborist::engine::Engine;
use arborist::session::Session;
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn generated(functions: usize) -> String {
    let mut s = String::from("import os\n\n\n");
    for i in 0..functions {
        s.push_str(&format!("def f{i}(a, b):\n    \"\"\"Function {i}.\"\"\"\n    c = a + b * {i}\n    return c\n\n\n"));
    }
    s
}

fn generated_ts(functions: usize) -> String {
    let mut s = String::from("import { x } from \"./x\";\n\n");
    for i in 0..functions {
        s.push_str(&format!("/** Function {i}. */\nexport function f{i}(a: number, b: number): number {{\n  const c = a + b * {i};\n  return c;\n}}\n\n"));
    }
    s
}

fn measure(label: &str, text: &str, target: &str) {
    measure_file(label, "m.py", text, target, |i| format!("def {target}(a, b):\n    return a - b + {}", i % 2));
}

fn measure_file(label: &str, file: &str, text: &str, target: &str, body: impl Fn(usize) -> String) {
    measure_paced(label, file, text, target, &body, Duration::ZERO);
    measure_paced(label, file, text, target, &body, AGENT_PACE);
}

/// The pause between two calls of an agent (a model's turn takes seconds): what a Python edit's
/// background re-parse of the whole tree has to finish in before the next edit of the file waits for it.
const AGENT_PACE: Duration = Duration::from_millis(20);

fn measure_paced(label: &str, file: &str, text: &str, target: &str, body: &dyn Fn(usize) -> String, pause: Duration) {
    // `EDIT_CASE=TypeScript` runs only the cases whose label contains it (for a profile of one)
    if std::env::var("EDIT_CASE").is_ok_and(|only| !label.contains(&only)) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(file), text).unwrap();
    let engine = Arc::new(Engine::open(dir.path()).unwrap());
    let activation = Activation::new("desktop-app", &[], engine.project().config()).unwrap();
    let session = Session::new(Some(engine), activation, 0).with_config_dir(None);
    let tool = arborist::tools::find("replace_symbol_body").unwrap();
    let mut times = Vec::new();
    for i in 0..300 {
        let args = json!({"name_path": target, "relative_path": file, "body": body(i)});
        std::thread::sleep(pause);
        let t = Instant::now();
        arborist::tools::call(&session, tool, args).expect("edit succeeds");
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let lines = std::fs::read_to_string(dir.path().join(file)).unwrap().lines().count();
    let pace = if pause.is_zero() { "back to back".to_string() } else { format!("{} ms apart", pause.as_millis()) };
    println!(
        "replace_symbol_body {label:<24} ({lines:>5} lines, {pace:>12})  p50 {:.2} ms  p90 {:.2} ms  max {:.2} ms",
        times[150], times[270], times[299]
    );
}

fn main() {
    measure("small file", &generated(5), "f2");
    measure("5,000-line file, middle", &generated(834), "f400");
    let ts_body =
        |i: usize| format!("export function f400(a: number, b: number): number {{\n  return a - b + {};\n}}", i % 2);
    measure_file("5,000-line TypeScript", "m.ts", &generated_ts(833), "f400", ts_body);
}
