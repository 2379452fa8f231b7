//! What symbol extraction costs beside the parse, per language, in-process and on one thread (no
//! scheduling noise): `cargo run --profile profiling --example extract_cost DIR... [--rounds N]`.
//!
//! Every code file under the directories is read into memory, then in each round parsed (tree dropped),
//! and parsed again with its symbols extracted twice, each timed alone: as a build does (with its
//! identifier names) and the symbols alone. Prints, per language, the best round's parse time, the
//! extraction's and the symbols' alone, as fractions of the parse (their difference is what the
//! identifier names cost; a build at 85 % of the parse's throughput leaves extraction, reading and
//! hashing 0.18 of it). Each language's queries are compiled before the clock starts.

use arborist::language::Language;
use arborist::symbols::FileSymbols;
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let rounds = match args.iter().position(|a| a == "--rounds") {
        Some(i) => {
            let n = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(3);
            args.drain(i..(i + 2).min(args.len()));
            n
        }
        None => 3,
    };
    let mut files: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    for dir in &args {
        let engine = arborist::engine::Engine::open(std::path::Path::new(dir)).expect("a project directory");
        let root = engine.project().resolve("").expect("the root");
        for (rel, abs) in arborist::index::code_files(engine.project(), &root) {
            let (Some(lang), Ok(text)) = (arborist::language::for_file(&rel, &abs), std::fs::read_to_string(&abs))
            else {
                continue;
            };
            files.entry(lang.name()).or_default().push(text);
        }
    }
    println!("{:<12} {:>6} {:>8} {:>9} {:>11} {:>11}", "language", "files", "MB", "parse s", "extract/p", "symbols/p");
    for (name, texts) in &files {
        let lang = arborist::language::by_name(name).expect("a known language");
        let _ = lang.tags();
        let best = (0..rounds)
            .map(|_| round(lang, texts))
            .fold([f64::MAX; 3], |best, r| [best[0].min(r[0]), best[1].min(r[1]), best[2].min(r[2])]);
        let mb = texts.iter().map(|t| t.len()).sum::<usize>() as f64 / 1e6;
        println!(
            "{name:<12} {:>6} {mb:>8.1} {:>9.3} {:>11.3} {:>11.3}",
            texts.len(),
            best[0],
            best[1] / best[0],
            best[2] / best[0]
        );
    }
}

/// Seconds to parse every text; to extract the symbols and identifier names of every parsed text; to
/// extract its symbols alone. The extractions are timed alone: the difference of two rounds of parsing
/// would be as large as the noise.
fn round(lang: &'static Language, texts: &[String]) -> [f64; 3] {
    let t = Instant::now();
    texts.iter().for_each(|text| drop(parse(lang, text)));
    let mut times = [t.elapsed().as_secs_f64(), 0.0, 0.0];
    for text in texts {
        if let Some(tree) = parse(lang, text) {
            let t = Instant::now();
            std::hint::black_box(FileSymbols::extract_with_identifiers(lang, &tree, text));
            times[1] += t.elapsed().as_secs_f64();
            let t = Instant::now();
            std::hint::black_box(FileSymbols::extract(lang, &tree, text));
            times[2] += t.elapsed().as_secs_f64();
        }
    }
    times
}

fn parse(lang: &'static Language, text: &str) -> Option<tree_sitter::Tree> {
    arborist::syntax::parse(lang, text).ok()
}
