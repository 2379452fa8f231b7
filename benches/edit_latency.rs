//! replace_symbol_body latency, in-process, including verification and the atomic write, on a generated
//! 5,000-line Python file and on a small one. Each call really changes the file (two bodies alternate).
//! Run: `cargo bench --bench edit_latency`.

use arborist::contexts::Activation;
use arborist::engine::Engine;
use arborist::session::Session;
use serde_json::json;
use std::sync::Arc;
use std::time::Instant;

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
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(file), text).unwrap();
    let engine = Arc::new(Engine::open(dir.path()).unwrap());
    let activation = Activation::new("desktop-app", &[], engine.project().config()).unwrap();
    let session = Session::new(Some(engine), activation, 0).with_config_dir(None);
    let tool = arborist::tools::find("replace_symbol_body").unwrap();
    let mut times = Vec::new();
    for i in 0..300 {
        let args = json!({"name_path": target, "relative_path": file, "body": body(i)});
        let t = Instant::now();
        arborist::tools::call(&session, tool, args).expect("edit succeeds");
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let lines = std::fs::read_to_string(dir.path().join(file)).unwrap().lines().count();
    println!(
        "replace_symbol_body {label:<24} ({lines:>5} lines)  p50 {:.2} ms  p90 {:.2} ms  max {:.2} ms",
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
