//! Prints the patterns of a language's tags query that take longest to compile, each compiled alone:
//! `cargo run --release --example pattern_cost LANGUAGE [N]` (the N costliest, 10 by default).

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().expect("usage: pattern_cost LANGUAGE [N]");
    let top: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(10);
    let lang = arborist::language::by_name(&name).expect("a language name");
    let path = format!("{}/queries/{name}/tags.scm", env!("CARGO_MANIFEST_DIR"));
    let source = &std::fs::read_to_string(&path).expect("the query file reads");
    let whole = tree_sitter::Query::new(&lang.grammar, source).expect("the query compiles");
    let mut costs: Vec<(f64, usize)> = (0..whole.pattern_count())
        .map(|p| {
            let text = &source[whole.start_byte_for_pattern(p)..whole.end_byte_for_pattern(p)];
            let t = Instant::now();
            let _ = tree_sitter::Query::new(&lang.grammar, text);
            (t.elapsed().as_secs_f64() * 1e3, p)
        })
        .collect();
    let total: f64 = costs.iter().map(|c| c.0).sum();
    costs.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("{name}: {} patterns, {total:.1} ms compiled one by one", costs.len());
    for (ms, p) in costs.into_iter().take(top) {
        let text = &source[whole.start_byte_for_pattern(p)..whole.end_byte_for_pattern(p)];
        let line = source[..whole.start_byte_for_pattern(p)].lines().count() + 1;
        let head: String = text.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(110).collect();
        println!("{ms:7.2} ms  line {line:>4}  {head}");
    }
}
