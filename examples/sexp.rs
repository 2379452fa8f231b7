//! Prints a file's syntax tree as an S-expression, for writing queries:
//! `cargo run --example sexp -- <language> <file>` (language as in `arborist languages`).

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, name, path] = args.as_slice() else {
        eprintln!("usage: sexp <language> <file>");
        std::process::exit(2);
    };
    let Some(lang) = arborist::language::by_name(name) else {
        eprintln!("unknown language `{name}`; see `arborist languages`");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    match arborist::syntax::parse(lang, &text) {
        Ok(tree) => println!("{}", tree.root_node().to_sexp()),
        Err(why) => eprintln!("{path}: {why}"),
    }
}
