//! Symbol engine benchmark over one source tree, in-process.
//!
//! `cargo bench --bench symbols -- DIR [SIMPLE_NAME] [CLASS/METHOD]` (defaults: `filter`, `QuerySet/filter`)
//!
//! 1. raw tree-sitter parse (no queries) at 1 and 2 threads: texts read into memory first ("parse"),
//!    and read + parse per file as `arborist index --parse-only` does ("read+parse");
//! 2. cold full index (`Engine::build_index(threads)` after deleting DIR/.arborist) at 1 and 2 threads,
//!    with its ratio to both parse figures (goal: >= 80% of read+parse at 2 threads);
//! 3. warm restart: a fresh `Engine` + `build_index(2)` with the persistent cache present (goal < 0.5 s);
//! 4. first `find_symbol` on a fresh Engine before any index build (no cache on disk): what a server
//!    answers while its background build runs;
//! 5. `find_symbols` latency once indexed, 200 iterations, p50/p90 (goal p50 < 1 ms);
//! 6. index memory: RSS growth of a fresh child process that only opens the engine and builds the index,
//!    and an estimate from the structures' sizes, both against the source bytes (goal < 3x).
//!
//! Deletes and rewrites DIR/.arborist. Run on an otherwise idle machine.

use arborist::engine::{Engine, FindOptions};
use arborist::index::{FileEntry, code_files};
use arborist::symbols::{FileSymbols, NamePattern};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

const MB: f64 = 1e6;

fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn clear_cache(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir.join(".arborist"));
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool")
}

fn files_of(dir: &Path) -> Vec<(String, PathBuf)> {
    let engine = Engine::open(dir).expect("open project");
    let root = engine.project().resolve("").expect("root");
    code_files(engine.project(), &root)
}

/// (seconds, bytes, files) of parsing every code file, texts already in memory.
fn parse_in_memory(texts: &[(&'static arborist::language::Language, String)], threads: usize) -> (f64, u64, usize) {
    use rayon::prelude::*;
    let t = Instant::now();
    let (bytes, n) = pool(threads).install(|| {
        texts
            .par_iter()
            .filter_map(|(lang, text)| arborist::syntax::parse(lang, text).ok().map(|_| (text.len() as u64, 1usize)))
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    });
    (t.elapsed().as_secs_f64(), bytes, n)
}

/// (seconds, bytes, files) of reading and parsing every code file.
fn read_and_parse(files: &[(String, PathBuf)], threads: usize) -> (f64, u64, usize) {
    use rayon::prelude::*;
    let t = Instant::now();
    let (bytes, n) = pool(threads).install(|| {
        files
            .par_iter()
            .filter_map(|(rel, abs)| {
                let lang = arborist::language::for_path(rel)?;
                let text = std::fs::read_to_string(abs).ok()?;
                arborist::syntax::parse(lang, &text).ok()?;
                Some((text.len() as u64, 1usize))
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    });
    (t.elapsed().as_secs_f64(), bytes, n)
}

fn rate(secs: f64, bytes: u64, files: usize) -> String {
    format!("{:>7.3} s  {:>7.0} files/s  {:>6.2} MB/s", secs, files as f64 / secs, bytes as f64 / MB / secs)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Heap bytes held by the symbol tables, counted from the structures (capacities, not lengths).
/// Allocator overhead is not included.
fn estimate_bytes(entries: &[Arc<FileEntry>]) -> u64 {
    let mut tables = 0u64;
    for e in entries {
        let fs: &FileSymbols = &e.symbols;
        tables += (size_of::<FileEntry>() + 16 /* Arc counts */ + e.rel.capacity()) as u64;
        tables += (fs.heap_bytes() + e.identifiers.size()) as u64;
        // files map slot: String key (a clone of rel) + Arc pointer + hash control byte
        tables += (24 + e.rel.len() + 8 + 1) as u64;
    }
    tables
}

/// Child mode: open, build, print "RSS_BEFORE_KB RSS_AFTER_KB BYTES".
fn memory_child(dir: &Path) {
    let before = rss_kb();
    let engine = Engine::open(dir).expect("open project");
    let stats = engine.build_index(2);
    let after = rss_kb();
    println!("{before} {after} {}", stats.bytes);
    drop(engine);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    if args.first().map(String::as_str) == Some("--memory-child") {
        memory_child(Path::new(&args[1]));
        return;
    }
    let Some(dir) = args.first() else {
        eprintln!("usage: cargo bench --bench symbols -- DIR [SIMPLE_NAME] [CLASS/METHOD]");
        std::process::exit(2);
    };
    let dir = std::fs::canonicalize(dir).expect("DIR exists");
    let simple = args.get(1).cloned().unwrap_or_else(|| "filter".into());
    let qualified = args.get(2).cloned().unwrap_or_else(|| "QuerySet/filter".into());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("corpus {} ({cores} cores)", dir.display());

    // ---- 1. raw parse
    clear_cache(&dir);
    let t = Instant::now();
    let files = files_of(&dir);
    let walk = t.elapsed().as_secs_f64();
    let texts: Vec<_> = files
        .iter()
        .filter_map(|(rel, abs)| Some((arborist::language::for_path(rel)?, std::fs::read_to_string(abs).ok()?)))
        .collect();
    let total: u64 = texts.iter().map(|(_, t)| t.len() as u64).sum();
    println!("{} code files, {:.1} MB; walk (code_files) {:.3} s", files.len(), total as f64 / MB, walk);
    let _ = parse_in_memory(&texts, 2); // warm-up: page cache, parser creation, allocator
    let mut parse_rate = [0.0f64; 3];
    let mut read_parse_rate = [0.0f64; 3];
    for threads in [1, 2] {
        let (s, b, n) = parse_in_memory(&texts, threads);
        parse_rate[threads] = b as f64 / s;
        println!("parse only, in memory, {threads} thread(s): {}", rate(s, b, n));
        let (s, b, n) = read_and_parse(&files, threads);
        read_parse_rate[threads] = b as f64 / s;
        println!("read + parse,          {threads} thread(s): {}", rate(s, b, n));
    }
    drop(texts);

    // ---- 2. cold full index
    for threads in [1, 2] {
        clear_cache(&dir);
        let t = Instant::now();
        let engine = Engine::open(&dir).expect("open project");
        let stats = engine.build_index(threads);
        let wall = t.elapsed().as_secs_f64();
        let r = stats.bytes as f64 / wall;
        println!(
            "cold index,            {threads} thread(s): {}  ({} symbols; build {:.3} s + save {:.3} s); {:.0}% of read+parse, {:.0}% of in-memory parse",
            rate(wall, stats.bytes, stats.files),
            stats.symbols,
            stats.seconds,
            wall - stats.seconds,
            100.0 * r / read_parse_rate[threads],
            100.0 * r / parse_rate[threads]
        );
    }

    // ---- 3. warm restart (cache written by the 2-thread build above)
    let mut warm = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        let engine = Engine::open(&dir).expect("open project");
        let stats = engine.build_index(2);
        warm.push((t.elapsed().as_secs_f64(), stats.parsed, stats.reused));
    }
    let best = warm.iter().map(|w| w.0).fold(f64::MAX, f64::min);
    println!(
        "warm restart (fresh Engine + build_index(2), cache present): best of 3 {:.3} s ({} parsed, {} reused) [goal < 0.5 s]",
        best, warm[0].1, warm[0].2
    );

    // ---- 4. first query with no index and no cache
    for p in [&qualified, &simple] {
        clear_cache(&dir);
        let pattern = NamePattern::parse(p).expect("pattern");
        let t = Instant::now();
        let engine = Engine::open(&dir).expect("open project");
        let n = engine.find_symbols(&pattern, "", &FindOptions::default()).expect("find").len();
        println!(
            "first find_symbol {p:<18} fresh Engine, no index/cache: {:>8.1} ms ({n} matches)",
            t.elapsed().as_secs_f64() * 1e3
        );
    }

    // ---- 5. find_symbol latency once indexed
    clear_cache(&dir);
    let engine = Engine::open(&dir).expect("open project");
    let stats = engine.build_index(2);
    for p in [&simple, &qualified] {
        let pattern = NamePattern::parse(p).expect("pattern");
        let mut times = Vec::with_capacity(200);
        let mut found = 0;
        for _ in 0..200 {
            let t = Instant::now();
            found = engine.find_symbols(&pattern, "", &FindOptions::default()).expect("find").len();
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "find_symbol {p:<18} indexed: {found:>5} matches  p50 {:.3} ms  p90 {:.3} ms  max {:.3} ms [goal p50 < 1 ms]",
            percentile(&times, 0.5),
            percentile(&times, 0.9),
            times[times.len() - 1]
        );
    }

    // ---- 6. memory
    let root = engine.project().resolve("").expect("root");
    let entries = engine.index().all_in(engine.project(), &root);
    let (tables, map) = (estimate_bytes(&entries), engine.index().name_map_bytes() as u64);
    let texts = arborist::name::store_bytes() as u64;
    println!(
        "index memory, estimated from structures: tables {:.1} MB + name map {:.1} MB + name texts {:.1} MB = {:.2}x of {:.1} MB source [goal < 3x]",
        tables as f64 / MB,
        map as f64 / MB,
        texts as f64 / MB,
        (tables + map + texts) as f64 / stats.bytes as f64,
        stats.bytes as f64 / MB
    );
    drop(entries);
    drop(engine);
    let exe = std::env::current_exe().expect("current exe");
    for (label, cold) in [("cold build", true), ("loaded from the cache", false)] {
        if cold {
            clear_cache(&dir);
        }
        let out = std::process::Command::new(&exe).arg("--memory-child").arg(&dir).output().expect("memory child");
        let text = String::from_utf8_lossy(&out.stdout);
        let v: Vec<u64> = text.split_whitespace().filter_map(|x| x.parse().ok()).collect();
        if let [before, after, bytes] = v[..] {
            println!(
                "index memory, RSS growth of a fresh process ({label}): {:.1} MB -> {:.1} MB, +{:.1} MB = {:.2}x source",
                before as f64 / 1e3,
                after as f64 / 1e3,
                (after - before) as f64 / 1e3,
                (after - before) as f64 * 1e3 / bytes as f64
            );
        } else {
            println!("memory child failed: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
}
