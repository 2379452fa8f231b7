//! Prints how long each language's queries take to compile (the cost of a language's first symbol query):
//! `cargo run --release --example query_cost [language...]` (`ARBORIST_QUERIES_DIR=queries` measures the
//! query files as edited, without rebuilding).

use std::time::Instant;

fn main() {
    let wanted: Vec<String> = std::env::args().skip(1).collect();
    println!("{:<16} {:>10} {:>12} {:>10} {:>10}", "language", "tags ms", "textobj ms", "imports ms", "locals ms");
    for lang in arborist::language::all() {
        if !wanted.is_empty() && !wanted.iter().any(|w| w == lang.name()) {
            continue;
        }
        let ms = |f: &dyn Fn()| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        };
        let tags = ms(&|| {
            let _ = lang.tags();
        });
        let textobjects = ms(&|| {
            let _ = lang.textobjects();
        });
        let imports = ms(&|| {
            let _ = lang.imports();
        });
        let locals = ms(&|| {
            let _ = lang.locals();
        });
        println!("{:<16} {tags:>10.1} {textobjects:>12.1} {imports:>10.1} {locals:>10.1}", lang.name());
    }
}
