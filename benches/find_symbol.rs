//! find_symbol latency once the index is built, in-process, and the index's memory.
//! Run: `cargo bench --bench find_symbol -- DIR [PATTERN...]` (default patterns: `filter`, `QuerySet/filter`;
//! `~name` looks `name` up as a substring).

use arborist::engine::{Engine, FindOptions};
use arborist::symbols::NamePattern;
use std::time::Instant;

fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let Some(dir) = args.first() else {
        eprintln!("usage: cargo bench --bench find_symbol -- DIR [PATTERN...]");
        return;
    };
    let patterns: Vec<String> =
        if args.len() > 1 { args[1..].to_vec() } else { vec!["filter".into(), "QuerySet/filter".into()] };
    let before = rss_kb();
    let engine = Engine::open(std::path::Path::new(dir)).expect("open project");
    let stats = engine.build_index(2);
    let after = rss_kb();
    println!(
        "index: {} files, {} symbols, {:.1} MB source in {:.2}s; RSS {:.1} MB -> {:.1} MB (+{:.1} MB, {:.2}x source)",
        stats.files,
        stats.symbols,
        stats.bytes as f64 / 1e6,
        stats.seconds,
        before as f64 / 1e3,
        after as f64 / 1e3,
        (after - before) as f64 / 1e3,
        (after - before) as f64 * 1e3 / stats.bytes as f64
    );
    for p in &patterns {
        let (text, substring) = match p.strip_prefix('~') {
            Some(text) => (text, true),
            None => (p.as_str(), false),
        };
        let pattern = NamePattern::parse(text).expect("pattern");
        let opts = FindOptions { substring, ..FindOptions::default() };
        let mut times = Vec::with_capacity(200);
        let mut found = 0;
        for _ in 0..200 {
            let t = Instant::now();
            found = engine.find_symbols(&pattern, "", &opts).expect("find").len();
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!("find_symbol {p:<20} {found:>4} matches  p50 {:.3} ms  p90 {:.3} ms", times[100], times[180]);
    }
}
