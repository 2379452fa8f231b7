//! The language-server client (`arborist::lsp`) against real servers (pyright, typescript-language-server,
//! gopls) on the projects in `fixtures/lsp/`, and against a scripted fake server for crashes, timeouts,
//! idle shutdown and the protocol details. Tests that need a real server are ignored unless asked for
//! (`cargo test -- --include-ignored`); then a missing server fails them.

use crate::util::{alive, require, wait_until};
use arborist::grammars::LanguageEntry;
use arborist::lsp::{Availability, FileEdits, Location, LspError, LspPool};
use std::path::Path;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(30);

fn entry(name: &str) -> LanguageEntry {
    arborist::grammars::languages().iter().find(|l| l.name == name).unwrap().clone()
}

/// A temp copy of `fixtures/lsp/<name>`.
fn project(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    crate::util::copy_dir(&crate::util::fixtures().join("lsp").join(name), dir.path());
    dir
}

fn read(dir: &Path, rel: &str) -> String {
    std::fs::read_to_string(dir.join(rel)).unwrap()
}

/// (0-based line, UTF-16 column) of the `nth` occurrence of `needle`.
fn pos(text: &str, needle: &str, nth: usize) -> (u32, u32) {
    let byte = text.match_indices(needle).nth(nth).unwrap_or_else(|| panic!("no {nth}th {needle}")).0;
    let line_start = text[..byte].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..byte].matches('\n').count() as u32;
    (line, text[line_start..byte].encode_utf16().count() as u32)
}

/// Locations as `rel:line:col`, checking they come sorted.
fn brief(locs: &[Location]) -> Vec<String> {
    assert!(locs.is_sorted(), "{locs:?}");
    locs.iter().map(|l| format!("{}:{}:{}", l.rel, l.start.0, l.start.1)).collect()
}

/// Applies a rename's edits to copies of the files' text (as the engine would) and returns the results.
fn applied(dir: &Path, files: &[FileEdits]) -> Vec<(String, String)> {
    applied_to(files, |rel| read(dir, rel))
}

fn applied_to(files: &[FileEdits], text_of: impl Fn(&str) -> String) -> Vec<(String, String)> {
    files
        .iter()
        .map(|f| {
            let text = text_of(&f.rel);
            let mut lines: Vec<Vec<u16>> = text.split('\n').map(|l| l.encode_utf16().collect()).collect();
            for (loc, new) in f.edits.iter().rev() {
                assert_eq!(loc.start.0, loc.end.0, "single-line edits");
                let line = &mut lines[loc.start.0 as usize];
                line.splice(loc.start.1 as usize..loc.end.1 as usize, new.encode_utf16());
            }
            let out: Vec<String> = lines.iter().map(|l| String::from_utf16(l).unwrap()).collect();
            (f.rel.clone(), out.join("\n"))
        })
        .collect()
}

/// Live (non-zombie) processes of a process group.
fn group_members(pgid: u32) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else { return Vec::new() };
    dir.flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
            let Some((_, rest)) = stat.rsplit_once(") ") else { return false };
            let fields: Vec<&str> = rest.split(' ').collect();
            fields[0] != "Z" && fields[2].parse::<u32>().ok() == Some(pgid)
        })
        .collect()
}

#[test]
#[ignore = "needs pyright-langserver"]
fn pyright_references_definition_and_rename_across_files() {
    require("pyright-langserver");
    let dir = project("python");
    let pool = LspPool::new(dir.path(), TIMEOUT);
    let py = entry("python");
    let prices = read(dir.path(), "prices.py");
    let (line, col) = pos(&prices, "price_of", 0);
    let started = Instant::now();
    let refs = pool.references(&py, "prices.py", &prices, line, col).unwrap();
    eprintln!("pyright: first references after {:?}", started.elapsed());
    let uber = "sub dir/überblick.py";
    let label = read(dir.path(), uber);
    let (ul, uc) = pos(&label, "price_of", 1);
    assert_eq!(
        brief(&refs),
        ["cart.py:0:19", "cart.py:9:15", "cart.py:12:19", &format!("{uber}:0:19"), &format!("{uber}:{ul}:{uc}")],
    );
    assert_eq!(uc, 22, "UTF-16 columns: € is one unit and 😀 two");
    let with_decl = pool.find_references(&py, "prices.py", &prices, line, col, true).unwrap();
    assert_eq!(with_decl.len(), 6);
    assert!(with_decl.contains(&Location { rel: "prices.py".into(), start: (3, 4), end: (3, 12) }));

    // Definition from a use in another file, whose current text differs from the disk.
    let cart = read(dir.path(), "cart.py").replace("class Cart:", "\n\nclass Cart:");
    let (cl, cc) = pos(&cart, "price_of", 1);
    let def = pool.definition(&py, "cart.py", &cart, cl, cc + 2).unwrap();
    assert_eq!(def, [Location { rel: "prices.py".into(), start: (3, 4), end: (3, 12) }]);

    let edits = pool.rename(&py, "prices.py", &prices, line, col, "unit_price").unwrap();
    let files: Vec<&str> = edits.iter().map(|f| f.rel.as_str()).collect();
    assert_eq!(files, ["cart.py", "prices.py", uber]);
    // The edits fit the text the server was given, not the disk's.
    let current = |rel: &str| if rel == "cart.py" { cart.clone() } else { read(dir.path(), rel) };
    for (rel, text) in applied_to(&edits, current) {
        assert_eq!(text, current(&rel).replace("price_of", "unit_price"), "{rel}");
    }
    assert_eq!(read(dir.path(), "prices.py"), prices, "rename applies nothing");
}

#[test]
#[ignore = "needs typescript-language-server"]
fn typescript_references_definition_implementation_and_rename() {
    require("typescript-language-server");
    let dir = project("typescript");
    let pool = LspPool::new(dir.path(), TIMEOUT);
    let ts = entry("typescript");
    let price = read(dir.path(), "src/price.ts");
    let (line, col) = pos(&price, "priceOf", 0);
    let started = Instant::now();
    let refs = pool.references(&ts, "src/price.ts", &price, line, col).unwrap();
    eprintln!("typescript-language-server: first references after {:?}", started.elapsed());
    let main = read(dir.path(), "src/main.ts");
    let (ml, mc) = pos(&main, "priceOf", 1);
    assert_eq!(mc, 34, "UTF-16 column after € and 😀");
    assert_eq!(
        brief(&refs),
        ["src/cart.ts:0:9", "src/cart.ts:6:50", "src/main.ts:0:9", &format!("src/main.ts:{ml}:{mc}")]
    );

    let def = pool.definition(&ts, "src/main.ts", &main, ml, mc).unwrap();
    assert_eq!(brief(&def), ["src/price.ts:0:16"]);

    let (al, ac) = pos(&price, "area", 0);
    let imp = pool.implementation(&ts, "src/price.ts", &price, al, ac).unwrap();
    assert_eq!(brief(&imp), [format!("src/main.ts:{}:{}", pos(&main, "area", 0).0, pos(&main, "area", 0).1)]);

    let edits = pool.rename(&ts, "src/price.ts", &price, line, col, "unitPrice").unwrap();
    let files: Vec<&str> = edits.iter().map(|f| f.rel.as_str()).collect();
    assert_eq!(files, ["src/cart.ts", "src/main.ts", "src/price.ts"]);
    for (rel, text) in applied(dir.path(), &edits) {
        assert_eq!(text, read(dir.path(), &rel).replace("priceOf", "unitPrice"), "{rel}");
    }
}

#[test]
#[ignore = "needs gopls"]
fn gopls_references_definition_implementation_and_rename() {
    require("gopls");
    let dir = project("go");
    let pool = LspPool::new(dir.path(), TIMEOUT);
    let go = entry("go");
    let price = read(dir.path(), "price/price.go");
    let (line, col) = pos(&price, "PriceOf", 1);
    let started = Instant::now();
    let refs = pool.references(&go, "price/price.go", &price, line, col).unwrap();
    eprintln!("gopls: first references after {:?}", started.elapsed());
    let shape = read(dir.path(), "shape/shape.go");
    let (sl, sc) = pos(&shape, "PriceOf", 0);
    assert_eq!(brief(&refs), ["cart/cart.go:12:15".to_string(), format!("shape/shape.go:{sl}:{sc}")]);

    let def = pool.definition(&go, "shape/shape.go", &shape, sl, sc).unwrap();
    assert_eq!(brief(&def), [format!("price/price.go:{line}:{col}")]);

    let (il, ic) = pos(&shape, "Shape interface", 0);
    let imp = pool.implementation(&go, "shape/shape.go", &shape, il, ic).unwrap();
    let (ql, qc) = pos(&shape, "Square struct", 0);
    assert_eq!(brief(&imp), [format!("shape/shape.go:{ql}:{qc}")]);

    let edits = pool.rename(&go, "price/price.go", &price, line, col, "UnitPrice").unwrap();
    let files: Vec<&str> = edits.iter().map(|f| f.rel.as_str()).collect();
    assert_eq!(files, ["cart/cart.go", "price/price.go", "shape/shape.go"]);
    for (rel, text) in applied(dir.path(), &edits) {
        assert_eq!(text, read(dir.path(), &rel).replace("PriceOf", "UnitPrice"), "{rel}");
    }
}

#[test]
#[ignore = "needs clangd"]
fn clangd_references_definition_and_rename_in_c() {
    require("clangd");
    let dir = project("c");
    let pool = LspPool::new(dir.path(), TIMEOUT);
    let c = entry("c");
    let (price, cart) = (read(dir.path(), "price.c"), read(dir.path(), "cart.c"));
    // clangd knows the files it has open (without a compile_commands.json there is no background index).
    pool.open(&c, "cart.c", &cart).unwrap();
    let (line, col) = pos(&price, "price_of", 0);
    let started = Instant::now();
    let refs = pool.references(&c, "price.c", &price, line, col).unwrap();
    eprintln!("clangd: first references after {:?}", started.elapsed());
    let (a, b) = (pos(&cart, "price_of", 0), pos(&cart, "price_of", 1));
    let uses = brief(&refs);
    for want in [format!("cart.c:{}:{}", a.0, a.1), format!("cart.c:{}:{}", b.0, b.1)] {
        assert!(uses.contains(&want), "{want} not in {uses:?}");
    }

    let def = pool.definition(&c, "cart.c", &cart, a.0, a.1).unwrap();
    assert!(!def.is_empty() && def.iter().all(|l| l.rel == "price.c" || l.rel == "price.h"), "{def:?}");

    let edits = pool.rename(&c, "price.c", &price, line, col, "unit_price").unwrap();
    let files: Vec<&str> = edits.iter().map(|f| f.rel.as_str()).collect();
    assert!(files.contains(&"cart.c") && files.contains(&"price.c"), "{files:?}");
    for (rel, text) in applied(dir.path(), &edits) {
        assert_eq!(text, read(dir.path(), &rel).replace("price_of", "unit_price"), "{rel}");
    }
}

#[test]
#[ignore = "needs bash-language-server"]
fn bash_language_server_references_and_rename_across_sourced_files() {
    require("bash-language-server");
    let dir = project("bash");
    let pool = LspPool::new(dir.path(), TIMEOUT);
    let sh = entry("bash");
    let (lib, main) = (read(dir.path(), "lib/prices.sh"), read(dir.path(), "checkout.sh"));
    pool.open(&sh, "checkout.sh", &main).unwrap();
    let (line, col) = pos(&lib, "price_of", 0);
    let started = Instant::now();
    let refs = pool.find_references(&sh, "lib/prices.sh", &lib, line, col, true).unwrap();
    eprintln!("bash-language-server: first references after {:?}", started.elapsed());
    let (a, b) = (pos(&main, "price_of", 0), pos(&main, "price_of", 1));
    assert_eq!(
        brief(&refs),
        [
            format!("checkout.sh:{}:{}", a.0, a.1),
            format!("checkout.sh:{}:{}", b.0, b.1),
            format!("lib/prices.sh:{line}:{col}")
        ]
    );

    let edits = pool.rename(&sh, "lib/prices.sh", &lib, line, col, "unit_price").unwrap();
    let files: Vec<&str> = edits.iter().map(|f| f.rel.as_str()).collect();
    assert_eq!(files, ["checkout.sh", "lib/prices.sh"]);
    for (rel, text) in applied(dir.path(), &edits) {
        assert_eq!(text, read(dir.path(), &rel).replace("price_of", "unit_price"), "{rel}");
    }
}

#[test]
#[ignore = "needs pyright-langserver"]
fn a_killed_real_server_is_restarted_and_the_request_retried() {
    require("pyright-langserver");
    let dir = project("python");
    let pool = LspPool::new(dir.path(), TIMEOUT);
    let py = entry("python");
    let prices = read(dir.path(), "prices.py");
    let (line, col) = pos(&prices, "price_of", 0);
    assert_eq!(pool.references(&py, "prices.py", &prices, line, col).unwrap().len(), 5);
    let pids = pool.running_pids();
    assert_eq!(pids.len(), 1);
    unsafe { libc::kill(pids[0] as i32, libc::SIGKILL) };
    wait_until("the killed server is gone", Duration::from_secs(5), || !alive(pids[0]));
    assert_eq!(pool.references(&py, "prices.py", &prices, line, col).unwrap().len(), 5);
    let again = pool.running_pids();
    assert_eq!(again.len(), 1);
    assert_ne!(again, pids, "a new server was started");
}

#[test]
#[ignore = "needs typescript-language-server"]
fn dropping_the_pool_leaves_no_server_process() {
    // typescript-language-server starts tsserver processes of its own: they must go too.
    let (lang, program, fixture, rel, needle) =
        ("typescript", "typescript-language-server", "typescript", "src/price.ts", "priceOf");
    require(program);
    let dir = project(fixture);
    let pool = LspPool::new(dir.path(), TIMEOUT);
    let text = read(dir.path(), rel);
    let (line, col) = pos(&text, needle, 0);
    assert!(!pool.references(&entry(lang), rel, &text, line, col).unwrap().is_empty());
    let pids = pool.running_pids();
    assert_eq!(pids.len(), 1);
    let members = group_members(pids[0]);
    eprintln!("{program}: process group {} has {} processes", pids[0], members.len());
    assert!(members.len() > 1, "tsserver runs beside the server: {members:?}");
    let started = Instant::now();
    drop(pool);
    eprintln!("{program}: dropping the pool took {:?}", started.elapsed());
    wait_until("every server process is gone", Duration::from_secs(2), || {
        members.iter().all(|p| !alive(*p)) && group_members(pids[0]).is_empty()
    });
}

fn fake(mode: &str, state: &Path) -> LanguageEntry {
    require("python3");
    let mut e = entry("python");
    let script = crate::util::fixtures().join("lsp/fake_server.py");
    e.language_server = vec![
        "python3".into(),
        script.to_string_lossy().into_owned(),
        mode.into(),
        state.to_string_lossy().into_owned(),
    ];
    e.lsp_settle_ms = 0; // it publishes no diagnostics
    e
}

/// The messages the fake server received.
fn fake_log(state: &Path) -> Vec<serde_json::Value> {
    read(state, "log.jsonl").lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn starts(state: &Path) -> usize {
    std::fs::read_to_string(state.join("starts")).map_or(0, |s| s.lines().count())
}

#[test]
fn the_protocol_with_a_scripted_server() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("my project ü");
    std::fs::create_dir_all(root.join("sub dir")).unwrap();
    let state = tempfile::tempdir().unwrap();
    let lang = fake("ok", state.path());
    let pool = LspPool::new(&root, Duration::from_secs(10));
    assert_eq!(pool.availability(&lang, None), Availability::Ready);

    let refs = pool.find_references(&lang, "a.py", "x = 1\n", 0, 4, true).unwrap();
    // Sorted, deduplicated, decoded; the location outside the root is left out.
    let a = |rel: &str| Location { rel: rel.into(), start: (0, 4), end: (0, 7) };
    assert_eq!(refs, [a("a.py"), a("sub dir/über.py")]);
    pool.open(&lang, "b.py", "y = 2\n").unwrap();
    pool.open(&lang, "b.py", "y = 2\n").unwrap(); // unchanged: nothing sent
    pool.file_changed("b.py", Some("y = 3\n"));
    pool.file_changed("never-opened.py", Some("z\n"));
    assert_eq!(
        pool.definition(&lang, "a.py", "x = 10\n", 0, 1).unwrap(),
        [Location { rel: "a.py".into(), start: (0, 1), end: (0, 4) }]
    );
    assert_eq!(pool.implementation(&lang, "a.py", "x = 10\n", 0, 2).unwrap().len(), 1);
    let edits = pool.rename(&lang, "a.py", "x = 10\n", 0, 0, "renamed").unwrap();
    let range = |l: u32, s: u32, e: u32| Location { rel: String::new(), start: (l, s), end: (l, e) };
    let flat: Vec<(String, Vec<(Location, String)>)> = edits
        .into_iter()
        .map(|f| (f.rel, f.edits.into_iter().map(|(l, t)| (Location { rel: String::new(), ..l }, t)).collect()))
        .collect();
    assert_eq!(
        flat,
        [
            ("a.py".to_string(), vec![(range(0, 0, 1), "#".to_string()), (range(0, 0, 3), "renamed".to_string())]),
            ("sub dir/über.py".to_string(), vec![(range(0, 0, 3), "renamed".to_string())]),
        ],
        "documentChanges win over changes"
    );
    let e = pool.definition(&lang, "a.py", "", 0, 0);
    assert!(e.is_ok());
    drop(pool);

    let log = fake_log(state.path());
    let init = &log[0]["params"];
    assert_eq!(log[0]["method"], "initialize");
    let root_uri = "file:///".to_string()
        + &root.canonicalize().unwrap().to_string_lossy()[1..].replace(' ', "%20").replace('ü', "%C3%BC");
    assert_eq!(init["rootUri"], root_uri.as_str());
    assert_eq!(init["workspaceFolders"][0]["uri"], root_uri.as_str());
    assert_eq!(init["capabilities"]["workspace"]["workspaceEdit"]["documentChanges"], true);
    for cap in ["references", "rename", "definition", "implementation"] {
        assert!(init["capabilities"]["textDocument"][cap].is_object(), "{cap}");
    }
    let methods: Vec<&str> = log.iter().filter_map(|m| m["method"].as_str()).collect();
    assert_eq!(
        methods,
        [
            "initialize",
            "initialized",
            "textDocument/didOpen",
            "textDocument/references",
            "textDocument/didOpen",
            "textDocument/didChange",
            "textDocument/didChange",
            "textDocument/definition",
            "textDocument/implementation",
            "textDocument/rename",
            "textDocument/didChange",
            "textDocument/definition",
            "shutdown",
            "exit"
        ]
    );
    let changes: Vec<(&str, i64)> = log
        .iter()
        .filter(|m| m["method"] == "textDocument/didChange")
        .map(|m| {
            (
                m["params"]["textDocument"]["uri"].as_str().unwrap(),
                m["params"]["textDocument"]["version"].as_i64().unwrap(),
            )
        })
        .collect();
    assert!(changes[0].0.ends_with("/b.py") && changes[0].1 == 2, "{changes:?}");
    assert!(changes[1].0.ends_with("/a.py") && changes[1].1 == 2, "{changes:?}");
    assert!(changes[2].0.ends_with("/a.py") && changes[2].1 == 3, "{changes:?}");
    let answers = log.iter().find_map(|m| m.get("answers")).unwrap();
    assert_eq!(answers["configuration"], serde_json::json!([null, null]));
    assert_eq!(answers["folders"][0]["uri"], root_uri.as_str());
}

#[test]
fn a_server_that_dies_mid_request_is_restarted_once() {
    let dir = tempfile::tempdir().unwrap();
    let state = tempfile::tempdir().unwrap();
    let lang = fake("crash-once", state.path());
    let pool = LspPool::new(dir.path(), Duration::from_secs(10));
    let refs = pool.references(&lang, "a.py", "x = 1\n", 0, 0).unwrap();
    assert_eq!(refs.len(), 2);
    assert_eq!(starts(state.path()), 2, "restarted once");

    let state = tempfile::tempdir().unwrap();
    let lang = fake("crash", state.path());
    let e = pool.references(&lang, "a.py", "x = 1\n", 0, 0).unwrap_err();
    assert!(matches!(e, LspError::Crashed(_)), "{e}");
    assert!(e.to_string().contains("restarted once"), "{e}");
    assert_eq!(starts(state.path()), 2, "one restart, not more");
    assert!(pool.running_pids().is_empty());
}

/// A server that reports loading the workspace (`$/progress` begun, or rust-analyzer's status not yet
/// quiescent) answers with what it has read so far: its answer is asked for once it is done (here, the
/// second file's use appears only then), and an answer void because the project changed meanwhile
/// (ContentModified) is asked for again.
#[test]
fn answers_wait_for_the_server_to_load_the_workspace() {
    let dir = tempfile::tempdir().unwrap();
    for mode in ["loading", "status"] {
        let state = tempfile::tempdir().unwrap();
        let pool = LspPool::new(dir.path(), Duration::from_secs(10));
        let started = Instant::now();
        let refs = pool.references(&fake(mode, state.path()), "a.py", "x = 1\n", 0, 0).unwrap();
        let files: Vec<&str> = refs.iter().map(|l| l.rel.as_str()).collect();
        assert_eq!(files, ["a.py", "b.py"], "{mode}: asked once the server had loaded");
        assert!(started.elapsed() >= Duration::from_millis(500), "{mode}: {:?}", started.elapsed());
    }
    let state = tempfile::tempdir().unwrap();
    let pool = LspPool::new(dir.path(), Duration::from_secs(10));
    let refs = pool.references(&fake("modified-once", state.path()), "a.py", "x = 1\n", 0, 0).unwrap();
    assert_eq!(refs.len(), 2, "asked again after ContentModified");
    let asked = fake_log(state.path()).iter().filter(|m| m["method"] == "textDocument/references").count();
    assert_eq!(asked, 2);
}

#[test]
fn an_idle_server_is_stopped_and_a_stubborn_one_killed() {
    let dir = tempfile::tempdir().unwrap();
    let state = tempfile::tempdir().unwrap();
    let lang = fake("hang-exit", state.path());
    let pool = LspPool::new(dir.path(), Duration::from_secs(10));
    pool.set_idle_timeout(Duration::from_millis(300));
    assert_eq!(pool.references(&lang, "a.py", "x = 1\n", 0, 0).unwrap().len(), 2);
    let pids = pool.running_pids();
    assert_eq!(pids.len(), 1);
    // It ignores shutdown and exit, so it is killed after the grace.
    wait_until("the idle server is stopped", Duration::from_secs(5), || pool.running_pids().is_empty());
    wait_until("its process is gone", Duration::from_secs(2), || !alive(pids[0]));
    assert_eq!(pool.references(&lang, "a.py", "x = 1\n", 0, 0).unwrap().len(), 2, "started again on demand");
    assert_eq!(starts(state.path()), 2);
}

#[test]
fn a_silent_server_times_out() {
    let dir = tempfile::tempdir().unwrap();
    let pool = LspPool::new(dir.path(), Duration::from_millis(300));
    let mut lang = entry("python");
    lang.language_server = vec!["sh".into(), "-c".into(), "cat > /dev/null".into()];
    let started = Instant::now();
    let e = pool.references(&lang, "a.py", "x = 1\n", 0, 0).unwrap_err();
    assert!(matches!(e, LspError::Timeout), "{e}");
    assert!(e.to_string().contains("did not answer in time"), "{e}");
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    assert!(pool.running_pids().is_empty(), "a server that never initialised is not kept");
}

#[test]
fn missing_and_unconfigured_servers() {
    let dir = tempfile::tempdir().unwrap();
    let pool = LspPool::new(dir.path(), TIMEOUT);
    let mut lang = entry("python");
    lang.language_server = vec!["no-such-language-server".into(), "--stdio".into()];
    let missing = Availability::Missing { command: "no-such-language-server".into() };
    assert_eq!(pool.availability(&lang, None), missing);
    let e = pool.references(&lang, "a.py", "", 0, 0).unwrap_err();
    assert!(matches!(e, LspError::Missing(ref c) if c == "no-such-language-server"), "{e}");
    assert!(e.to_string().contains("not installed"), "{e}");
    assert!(matches!(pool.rename(&lang, "a.py", "", 0, 0, "b"), Err(LspError::Missing(_))));
    // An override wins over the entry's command.
    assert_eq!(pool.availability(&lang, Some(&["sh".to_string()])), Availability::Ready);
    assert_eq!(
        pool.availability(&lang, Some(&["/no/such/server".to_string()])),
        Availability::Missing { command: "/no/such/server".into() }
    );
    lang.language_server.clear();
    assert_eq!(pool.availability(&lang, None), Availability::NotConfigured);
    let e = pool.definition(&lang, "a.py", "", 0, 0).unwrap_err();
    assert!(matches!(e, LspError::NotConfigured(_)), "{e}");
}
