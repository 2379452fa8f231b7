//! Heuristic references and rename (tree-sitter, no language server).

use crate::util::{TestProject, require};
use serde_json::{Value, json};

fn project() -> TestProject {
    let mut p = TestProject::empty();
    p.write(".arborist/project.toml", "references_backend = \"heuristic\"\n");
    p.write("shop/cart.py", "from shop.prices import price_of\n\n\nclass Cart:\n    def __init__(self):\n        self.items = []\n\n    def add(self, item):\n        self.items.append(item)\n        return price_of(item)\n\n    def total(self):\n        return sum(price_of(i) for i in self.items)\n");
    p.write("shop/prices.py", "PRICES = {\"apple\": 2}\n\n\ndef price_of(item):\n    \"\"\"Price of one item.\"\"\"\n    return PRICES[item]\n\n\ndef add(a, b):\n    return a + b\n\n\ndef unused():\n    return 0\n");
    p.write("shop/main.py", "from shop.cart import Cart\n\n\ndef run():\n    cart = Cart()\n    cart.add(\"apple\")\n    # price_of is mentioned in a comment only\n    return \"price_of\"\n");
    p
}

#[test]
fn references_are_grouped_by_file_and_containing_symbol() {
    let mut p = project();
    let a = p.ok("find_referencing_symbols", json!({"name_path": "price_of", "relative_path": "shop/prices.py"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    let cart = &v["shop/cart.py"];
    assert_eq!(cart["File"][0]["name_path"], "cart", "the import is a file-level use");
    let methods: Vec<&str> =
        cart["Method"].as_array().unwrap().iter().map(|m| m["name_path"].as_str().unwrap()).collect();
    assert_eq!(methods, ["Cart/add", "Cart/total"]);
    assert_eq!(
        cart["Method"][0]["content_around_reference"],
        "...   8:        self.items.append(item)\n  >   9:        return price_of(item)\n...  10:"
    );
    assert_eq!(v["backend"], "heuristic", "said once, first");
    assert!(cart["Method"][0].get("backend").is_none(), "not per use: {a}");
    assert!(v.get("shop/main.py").is_none(), "comments and strings are not uses: {a}");
}

#[test]
fn member_references_need_a_member_access() {
    let mut p = project();
    let a = p.ok("find_referencing_symbols", json!({"name_path": "Cart/add", "relative_path": "shop/cart.py"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["shop/main.py"]["Function"][0]["name_path"], "run");
    assert!(v.get("shop/prices.py").is_none(), "the free function add(a, b) is not Cart.add: {a}");
    let only_methods = p.ok(
        "find_referencing_symbols",
        json!({"name_path": "price_of", "relative_path": "shop/prices.py", "include_kinds": [6]}),
    );
    assert!(!only_methods.contains("\"File\""), "{only_methods}");
}

#[test]
fn rename_changes_definition_and_uses_in_all_files() {
    let mut p = project();
    let a = p.ok(
        "rename_symbol",
        json!({"name_path": "price_of", "relative_path": "shop/prices.py", "new_name": "unit_price"}),
    );
    assert!(a.starts_with("Successfully renamed 'price_of' to 'unit_price' (2 changes applied)"), "{a}");
    assert!(a.contains("heuristic"));
    assert!(p.read("shop/prices.py").contains("def unit_price(item):"));
    assert_eq!(p.read("shop/cart.py").matches("unit_price").count(), 3);
    assert!(p.read("shop/main.py").contains("# price_of is mentioned"), "comments are left alone");
    assert!(
        p.err("rename_symbol", json!({"name_path": "Cart", "relative_path": "shop/cart.py", "new_name": "no good"}))
            .contains("not a valid identifier")
    );
    assert!(
        p.err("rename_symbol", json!({"name_path": "Nope", "relative_path": "shop/cart.py", "new_name": "X"}))
            .contains("no symbol `Nope`")
    );
}

#[test]
fn safe_delete_refuses_used_symbols_and_deletes_unused_ones() {
    let mut p = project();
    let e = p.err("safe_delete_symbol", json!({"name_path_pattern": "price_of", "relative_path": "shop/prices.py"}));
    assert_eq!(
        e,
        "Error executing tool safe_delete_symbol: Cannot delete, the symbol price_of is referenced in: {\"shop/cart.py\": [0, 9, 12]}"
    );
    assert_eq!(
        p.ok("safe_delete_symbol", json!({"name_path_pattern": "unused", "relative_path": "shop/prices.py"})),
        "OK"
    );
    let after = p.read("shop/prices.py");
    assert!(!after.contains("def unused") && after.ends_with("    return a + b\n"), "{after:?}");
}

fn precise_project() -> TestProject {
    let mut p = project();
    p.write(".arborist/project.toml", "references_backend = \"lsp\"\n");
    p
}

#[test]
#[ignore = "needs pyright-langserver"]
fn pyright_references_are_precise() {
    require("pyright-langserver");
    let mut p = precise_project();
    let a = p.ok("find_referencing_symbols", json!({"name_path": "price_of", "relative_path": "shop/prices.py"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    let methods: Vec<&str> =
        v["shop/cart.py"]["Method"].as_array().unwrap().iter().map(|m| m["name_path"].as_str().unwrap()).collect();
    assert_eq!(methods, ["Cart/add", "Cart/total"], "{a}");
    assert!(v["backend"].as_str().unwrap().starts_with("precise (pyright-langserver)"), "{a}");
    let cart_add = p.ok("find_referencing_symbols", json!({"name_path": "Cart/add", "relative_path": "shop/cart.py"}));
    assert!(cart_add.contains("shop/main.py") && !cart_add.contains("shop/prices.py"), "{cart_add}");
}

#[test]
#[ignore = "needs pyright-langserver"]
fn pyright_rename_changes_every_file() {
    require("pyright-langserver");
    let mut p = precise_project();
    let a = p.ok(
        "rename_symbol",
        json!({"name_path": "price_of", "relative_path": "shop/prices.py", "new_name": "unit_price"}),
    );
    assert!(
        a.starts_with(
            "Successfully renamed 'price_of' to 'unit_price' (2 changes applied)\nBackend: precise (pyright-langserver)"
        ),
        "{a}"
    );
    assert!(p.read("shop/prices.py").contains("def unit_price(item):"));
    assert_eq!(p.read("shop/cart.py").matches("unit_price").count(), 3);
}

#[test]
fn a_missing_server_falls_back_to_the_heuristic_and_says_so() {
    let mut p = project();
    p.write(".arborist/project.toml", "[language_servers]\npython = [\"no-such-language-server\", \"--stdio\"]\n");
    let a = p.ok("find_referencing_symbols", json!({"name_path": "price_of", "relative_path": "shop/prices.py"}));
    assert!(a.contains("\"backend\": \"heuristic (no-such-language-server is configured but not installed)\""), "{a}");
    p.write(
        ".arborist/project.toml",
        "references_backend = \"lsp\"\n[language_servers]\npython = [\"no-such-language-server\"]\n",
    );
    let e = p.err("find_referencing_symbols", json!({"name_path": "price_of", "relative_path": "shop/prices.py"}));
    assert!(e.contains("`no-such-language-server` is not installed"), "{e}");
}

/// (pid, parent pid, process group) of every live process.
fn processes() -> Vec<(u32, u32, u32)> {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            let fields: Vec<&str> = stat.rsplit_once(") ")?.1.split(' ').collect();
            if fields[0] == "Z" {
                return None;
            }
            Some((pid, fields[1].parse().ok()?, fields[2].parse().ok()?))
        })
        .collect()
}

/// The processes of the groups led by `parent`'s children (a language server and everything it started).
fn server_processes(parent: u32) -> Vec<u32> {
    let all = processes();
    let leaders: Vec<u32> = all.iter().filter(|(_, ppid, _)| *ppid == parent).map(|(pid, _, _)| *pid).collect();
    all.iter().filter(|(_, _, pgrp)| leaders.contains(pgrp)).map(|(pid, _, _)| *pid).collect()
}

#[test]
#[ignore = "needs pyright-langserver"]
fn a_killed_server_is_restarted_and_the_request_retried() {
    require("pyright-langserver");
    let mut p = precise_project();
    let args = json!({"name_path": "price_of", "relative_path": "shop/prices.py"});
    assert!(p.ok("find_referencing_symbols", args.clone()).contains("precise"));
    let pids = p.engine().lsp().running_pids();
    assert_eq!(pids.len(), 1);
    unsafe { libc::kill(-(pids[0] as i32), libc::SIGKILL) };
    std::thread::sleep(std::time::Duration::from_millis(200));
    let again = p.ok("find_referencing_symbols", args);
    assert!(again.contains("precise (pyright-langserver)") && again.contains("Cart/total"), "{again}");
    assert_ne!(p.engine().lsp().running_pids(), pids, "a new server was started");
}

#[test]
#[ignore = "needs pyright-langserver"]
fn no_language_server_outlives_the_arborist_process() {
    require("pyright-langserver");
    let p = precise_project();
    // in-process: the server closed or killed; through the daemon: its last client gone (it exits after
    // the idle second), or the daemon itself killed
    for how in ["eof", "sigkill", "daemon idle", "daemon sigkill"] {
        let mut args = vec!["serve", p.root.to_str().unwrap(), "--index-threads", "0"];
        if !how.starts_with("daemon") {
            args.push("--no-daemon");
        }
        let mut s = crate::mcp::RawSession::start_with_env(&args, &[("ARBORIST_DAEMON_IDLE_SECS", "1")]);
        s.initialize();
        s.send(r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"find_referencing_symbols","arguments":{"name_path":"price_of","relative_path":"shop/prices.py"}}}"#);
        let r = s.response(2);
        assert!(r.to_string().contains("precise"), "{r}");
        let daemon: Option<u32> = how
            .starts_with("daemon")
            .then(|| std::fs::read_to_string(p.root.join(".arborist/daemon.lock")).unwrap().trim().parse().unwrap());
        let mut servers = server_processes(daemon.unwrap_or(s.pid()));
        assert!(!servers.is_empty(), "the language server runs in the project");
        servers.extend(daemon);
        if how == "daemon sigkill" {
            // SAFETY: SIGKILL of the daemon this test's client started.
            unsafe { libc::kill(daemon.unwrap() as i32, libc::SIGKILL) };
        }
        s.stop(how == "sigkill");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(8);
        while processes().iter().any(|(pid, _, _)| servers.contains(pid)) {
            assert!(
                std::time::Instant::now() < deadline,
                "{how}: language server processes {servers:?} outlived arborist"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
}

#[test]
fn a_silent_server_times_out_and_a_missing_one_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let pool = arborist::lsp::LspPool::new(dir.path(), std::time::Duration::from_millis(300));
    let mut entry = arborist::grammars::languages().iter().find(|l| l.name == "python").unwrap().clone();
    entry.language_server = vec!["sh".into(), "-c".into(), "cat > /dev/null".into()];
    let started = std::time::Instant::now();
    let e = pool.references(&entry, "a.py", "x = 1\n", 0, 0).unwrap_err();
    assert!(matches!(e, arborist::lsp::LspError::Timeout), "{e}");
    assert!(started.elapsed() < std::time::Duration::from_secs(35));
    entry.language_server = vec!["no-such-server-binary".into()];
    assert_eq!(
        pool.availability(&entry, None),
        arborist::lsp::Availability::Missing { command: "no-such-server-binary".into() }
    );
    assert!(matches!(pool.references(&entry, "a.py", "", 0, 0), Err(arborist::lsp::LspError::Missing(_))));
}

#[test]
#[ignore = "needs typescript-language-server"]
fn typescript_language_server_references_and_rename() {
    require("typescript-language-server");
    let mut p = TestProject::empty();
    p.write(".arborist/project.toml", "references_backend = \"lsp\"\n");
    p.write("tsconfig.json", "{\"compilerOptions\": {\"strict\": true}, \"include\": [\"src\"]}\n");
    p.write("src/price.ts", "export function priceOf(item: string): number {\n  return item.length;\n}\n");
    p.write("src/cart.ts", "import { priceOf } from \"./price\";\n\nexport class Cart {\n  items: string[] = [];\n\n  total(): number {\n    return this.items.reduce((s, i) => s + priceOf(i), 0);\n  }\n}\n");
    let a = p.ok("find_referencing_symbols", json!({"name_path": "priceOf", "relative_path": "src/price.ts"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["src/cart.ts"]["Method"][0]["name_path"], "Cart/total", "{a}");
    assert!(v["backend"].as_str().unwrap().starts_with("precise (typescript-language-server)"), "{a}");
    let r = p
        .ok("rename_symbol", json!({"name_path": "priceOf", "relative_path": "src/price.ts", "new_name": "unitPrice"}));
    assert!(r.contains("(2 changes applied)") && r.contains("precise"), "{r}");
    assert_eq!(p.read("src/cart.ts").matches("unitPrice").count(), 2);
}

/// A copy of `fixtures/lsp/<name>` that must use its language server.
fn lsp_fixture(name: &str) -> TestProject {
    let mut p = TestProject::empty();
    crate::util::copy_dir(&crate::util::fixtures().join("lsp").join(name), &p.root);
    p.write(".arborist/project.toml", "references_backend = \"lsp\"\n");
    p
}

#[test]
#[ignore = "needs clangd"]
fn clangd_references_and_rename_through_the_tools() {
    require("clangd");
    let mut p = lsp_fixture("c");
    let a = p.ok("find_referencing_symbols", json!({"name_path": "price_of", "relative_path": "price.c"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    let users: Vec<&str> = v["cart.c"]["Function"]
        .as_array()
        .unwrap_or_else(|| panic!("{a}"))
        .iter()
        .map(|f| f["name_path"].as_str().unwrap())
        .collect();
    assert_eq!(users, ["cart_add", "cart_total_of"], "{a}");
    assert_eq!(v["backend"], "precise (clangd)", "{a}");
    let r =
        p.ok("rename_symbol", json!({"name_path": "price_of", "relative_path": "price.c", "new_name": "unit_price"}));
    assert!(r.contains("precise (clangd)"), "{r}");
    for rel in ["price.c", "cart.c", "price.h"] {
        assert!(!p.read(rel).contains("price_of") && p.read(rel).contains("unit_price("), "{rel}: {r}");
    }
}

#[test]
#[ignore = "needs bash-language-server"]
fn bash_language_server_rename_through_the_tools() {
    require("bash-language-server");
    let mut p = lsp_fixture("bash");
    let a = p.ok("find_referencing_symbols", json!({"name_path": "price_of", "relative_path": "lib/prices.sh"}));
    assert!(a.contains("checkout.sh") && a.contains("precise (bash-language-server)"), "{a}");
    let r = p.ok(
        "rename_symbol",
        json!({"name_path": "price_of", "relative_path": "lib/prices.sh", "new_name": "unit_price"}),
    );
    assert!(r.contains("precise (bash-language-server)"), "{r}");
    assert_eq!(p.read("checkout.sh").matches("unit_price").count(), 2, "{r}");
    assert!(p.read("lib/prices.sh").contains("unit_price() {"), "{r}");
}

#[test]
#[ignore = "needs pyright-langserver"]
fn pyright_declarations_are_precise() {
    require("pyright-langserver");
    let mut p = precise_project();
    let a = p.ok("find_declaration", json!({"relative_path": "shop/cart.py", "regex": "return (price_of)\\(item\\)"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["name_path"], "price_of", "{a}");
    assert_eq!(v["relative_path"], "shop/prices.py");
    assert!(v["resolution"].as_str().unwrap().starts_with("precise (pyright-langserver)"), "{a}");
}

/// Whether `word` occurs in `text` as a whole identifier.
fn occurrences(text: &str, word: &str) -> usize {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word)
        .filter(|(i, _)| {
            let before = text[..*i].chars().next_back();
            let after = text[i + word.len()..].chars().next();
            !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
        })
        .count()
}

/// Every programming language finds references from tree-sitter alone: in its fixtures, the functions,
/// methods and types whose names occur more than once are looked up, and most must have references.
#[test]
fn every_code_language_finds_references_heuristically() {
    use arborist::grammars::Category;
    let mut report = Vec::new();
    for lang in arborist::language::all().iter().filter(|l| l.entry.category == Category::Code) {
        let mut p = TestProject::fixture(lang.name());
        p.write(".arborist/project.toml", "references_backend = \"heuristic\"\n");
        let files: Vec<String> = std::fs::read_dir(&p.root)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|f| !f.starts_with("broken") && !f.ends_with(".symbols.txt") && !f.starts_with('.'))
            .collect();
        let all_text: String = files.iter().map(|f| p.read(f)).collect::<Vec<_>>().join("\n");
        let engine = p.engine();
        let (mut tried, mut found) = (0, 0);
        for rel in &files {
            let Ok((entry, _)) = engine.symbols_with_text(rel) else { continue };
            for i in entry.symbols.preorder() {
                let s = entry.symbols.get(i);
                let interesting = s.kind.is_type_like()
                    || matches!(s.kind, arborist::query::SymbolKind::Function | arborist::query::SymbolKind::Method);
                if !interesting || occurrences(&all_text, &s.name) < 2 || tried >= 12 {
                    continue;
                }
                tried += 1;
                let args = json!({"name_path": format!("/{}", entry.symbols.name_path(i)), "relative_path": rel});
                if let Ok(answer) = p.call("find_referencing_symbols", args)
                    && serde_json::from_str::<Value>(&answer).is_ok_and(|v| v.as_object().is_some_and(|o| o.len() > 1))
                {
                    found += 1;
                } else if std::env::var_os("SHOW_MISSES").is_some() {
                    eprintln!("MISS {} {} {}", lang.name(), rel, entry.symbols.name_path(i));
                }
            }
        }
        report.push((lang.name(), tried, found));
    }
    let weak: Vec<_> = report.iter().filter(|(_, tried, found)| *tried == 0 || found * 2 < *tried).collect();
    assert!(
        weak.is_empty(),
        "languages finding few references (language, looked up, found): {weak:?}\nall: {report:?}"
    );
}

/// The Cargo.toml of the one-crate Rust projects of these tests (crate `app`).
pub(crate) const APP_CARGO_TOML: &str = "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";

pub(crate) fn heuristic_project(files: &[(&str, &str)]) -> TestProject {
    let mut p = TestProject::empty();
    p.write(".arborist/project.toml", "references_backend = \"heuristic\"\n");
    for (rel, text) in files {
        p.write(rel, text);
    }
    p
}

fn referencing(p: &mut TestProject, name_path: &str, rel: &str) -> Vec<String> {
    let a = p.ok("find_referencing_symbols", json!({"name_path": name_path, "relative_path": rel}));
    let v: Value = serde_json::from_str(&a).unwrap();
    let mut out = Vec::new();
    for (file, kinds) in v.as_object().unwrap().iter().filter(|(k, _)| *k != "backend") {
        for syms in kinds.as_object().unwrap().values() {
            out.extend(syms.as_array().unwrap().iter().map(|s| format!("{file}:{}", s["name_path"].as_str().unwrap())));
        }
    }
    out.sort();
    out
}

#[test]
fn an_implicit_receiver_is_a_member_use_only_inside_the_type() {
    let mut p = heuristic_project(&[
        ("Cart.java", "class Cart {\n    int total() { return sum(1); }\n    int sum(int x) { return x; }\n}\n"),
        ("Other.java", "class Other {\n    int sum(int x) { return x; }\n    int run() { return sum(2); }\n}\n"),
    ]);
    assert_eq!(referencing(&mut p, "Cart/sum", "Cart.java"), ["Cart.java:Cart/total"]);
}

#[test]
fn an_objective_c_message_names_a_member() {
    let mut p = heuristic_project(&[(
        "Queue.m",
        "@implementation Queue\n- (void)start {\n}\n- (void)run {\n    [self start];\n}\n@end\n\nvoid start(void) {}\n",
    )]);
    assert_eq!(referencing(&mut p, "Queue/start", "Queue.m"), ["Queue.m:Queue/run"]);
}

#[test]
fn names_ending_in_punctuation_are_found() {
    let mut p = heuristic_project(&[(
        "stock.jl",
        "function restock!(s, n)\n    s.n += n\nend\n\nfunction fill(s)\n    restock!(s, 10)\nend\n",
    )]);
    assert_eq!(referencing(&mut p, "restock!", "stock.jl"), ["stock.jl:fill"]);
}

/// A configured language server that exits at once is tried once, then marked broken for the session:
/// later calls answer from tree-sitter at once and say why, once; get_current_config shows it; the restart
/// tool or a changed binary tries it again.
#[test]
fn a_broken_language_server_is_tried_once_per_session() {
    use std::os::unix::fs::PermissionsExt;
    let mut p = TestProject::empty();
    let fake = p.outside.join("fake-ls");
    std::fs::write(&fake, "#!/bin/sh\nexit 3\n").unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    p.write(".arborist/project.toml", format!("[language_servers]\npython = [\"{}\"]\n", fake.display()));
    p.write("m.py", "def f():\n    return 1\n\n\ndef g():\n    return f()\n");
    let args = json!({"name_path": "f", "relative_path": "m.py"});
    let backend = |p: &mut TestProject| {
        let v: Value = serde_json::from_str(&p.ok("find_referencing_symbols", args.clone())).unwrap();
        assert_eq!(v["m.py"]["Function"][0]["name_path"], "g", "{v}");
        v["backend"].as_str().unwrap().to_string()
    };
    let first = backend(&mut p);
    assert!(first.starts_with("heuristic (language server failed"), "{first}");
    let started = std::time::Instant::now();
    let second = backend(&mut p);
    assert!(second.contains("is marked broken for this session"), "{second}");
    assert!(started.elapsed() < std::time::Duration::from_secs(2), "not tried again: {:?}", started.elapsed());
    let config = p.ok("get_current_config", json!({}));
    assert!(config.contains("Language server for python marked broken"), "{config}");

    p.ok("restart_language_server", json!({}));
    assert!(backend(&mut p).starts_with("heuristic (language server failed"), "the restart tries it again");
    assert!(backend(&mut p).contains("marked broken"));
    std::fs::write(&fake, "#!/bin/sh\n# a new version\nexit 4\n").unwrap();
    assert!(backend(&mut p).starts_with("heuristic (language server failed"), "a changed binary is tried again");
}

/// A heuristic rename of a top-level class changes `mod.Name` only where `mod` is imported as the class's
/// module (or a package above it, which may re-export it): `other.Name` of a same-named class of another
/// module is left alone, and `obj.Name` of an object is listed as uncertain, never renamed.
#[test]
fn a_heuristic_rename_leaves_names_reached_through_other_modules() {
    let mut p = TestProject::empty();
    p.write(".arborist/project.toml", "references_backend = \"heuristic\"\n");
    p.write("pkg/__init__.py", "");
    p.write("pkg/fields.py", "class Field:\n    pass\n");
    p.write("pkg/forms.py", "class Field:\n    pass\n");
    p.write(
        "use.py",
        "import pkg\nimport pkg.forms as forms\nfrom pkg import fields\nfrom pkg import fields as f2\n\n\
         a = fields.Field()\nb = forms.Field()\nc = pkg.fields.Field()\nd = f2.Field()\ne = obj.Field\n",
    );
    let refs = p.ok("find_referencing_symbols", json!({"name_path": "Field", "relative_path": "pkg/fields.py"}));
    let v: Value = serde_json::from_str(&refs).unwrap();
    let uses = v["use.py"]["Variable"].as_array().unwrap();
    let lines: Vec<(u64, bool)> = uses
        .iter()
        .map(|u| (u["body_location"]["start_line"].as_u64().unwrap(), u.get("uncertain").is_some()))
        .collect();
    assert_eq!(lines, [(5, false), (7, false), (8, false), (6, true), (9, true)], "certain first: {refs}");

    let rename = json!({"name_path": "Field", "relative_path": "pkg/fields.py", "new_name": "Input"});
    let before = crate::util::snapshot(&p.root);
    let refused = p.err("rename_symbol", rename.clone());
    assert!(refused.contains("Nothing was renamed") && refused.contains(r#""use.py": [6, 9]"#), "{refused}");
    assert!(refused.contains("allow_unchanged_uses=true"), "{refused}");
    assert_eq!(crate::util::snapshot(&p.root), before, "a refused rename writes nothing");
    let mut allowed = rename;
    allowed["allow_unchanged_uses"] = json!(true);
    let a = p.ok("rename_symbol", allowed);
    assert!(a.contains("Left unchanged") && a.contains("use.py:6; use.py:9"), "{a}");
    assert_eq!(
        p.read("use.py"),
        "import pkg\nimport pkg.forms as forms\nfrom pkg import fields\nfrom pkg import fields as f2\n\n\
         a = fields.Input()\nb = forms.Field()\nc = pkg.fields.Input()\nd = f2.Input()\ne = obj.Field\n"
    );
    assert_eq!(p.read("pkg/forms.py"), "class Field:\n    pass\n", "the other module's class is untouched");
    assert_eq!(p.read("pkg/fields.py"), "class Input:\n    pass\n");
}

/// The uses in a find_referencing_symbols answer, one per line in answer order: `file:line container`, with
/// ` ?` after an uncertain one.
pub(crate) fn uses(p: &mut TestProject, name_path: &str, rel: &str) -> String {
    let a = p.ok("find_referencing_symbols", json!({"name_path": name_path, "relative_path": rel}));
    let v: Value = serde_json::from_str(&a).unwrap();
    let mut out = Vec::new();
    for (file, kinds) in v.as_object().unwrap().iter().filter(|(k, _)| *k != "backend") {
        for item in kinds.as_object().unwrap().values().flat_map(|l| l.as_array().unwrap()) {
            let context = item["content_around_reference"].as_str().unwrap();
            let line = context.lines().find_map(|l| l.strip_prefix("  >")).unwrap().split(':').next().unwrap().trim();
            let mark = match (item.get("uncertain"), item.get("through_interface")) {
                (Some(_), _) => " ?",
                (None, Some(_)) => " via",
                (None, None) => "",
            };
            out.push(format!("{file}:{line} {}{mark}", item["name_path"].as_str().unwrap()));
        }
    }
    out.join("\n")
}

const SHADOWS: &str = "\
def price_of(item):
    return 1


def total(items):
    return sum(price_of(i) for i in items)


def by_parameter(price_of):
    return price_of(1)


def by_local():
    price_of = len
    return price_of(1)


def by_nested_function():
    def price_of(i):
        return 3

    return price_of(1)


def by_comprehension(xs):
    return [price_of for price_of in xs] + [price_of(x) for x in xs]


def by_global():
    global price_of
    price_of = None


def by_closure():
    price_of = len

    def inner():
        return price_of(1)

    return inner


def by_lambda():
    return lambda price_of: price_of(1)


def by_except():
    try:
        pass
    except ValueError as price_of:
        return price_of


def by_keyword():
    return total(items=[], price_of=1)


class Menu:
    price_of = staticmethod(price_of)
    twice = price_of

    def show(self):
        return price_of(2)
";

/// A use of a top-level function's name that resolves to a parameter, a local, a nested function, a
/// comprehension variable, a closure's local, a lambda's parameter, an `except ... as` name or a class
/// attribute is not a reference, nor is a keyword argument's name; `global` makes it the module's, and a class body's names are not seen
/// by its methods.
#[test]
fn uses_bound_by_a_nearer_scope_are_not_references() {
    let mut p = heuristic_project(&[("prices.py", SHADOWS)]);
    assert_eq!(
        uses(&mut p, "/price_of", "prices.py"),
        "prices.py:5 total\n\
         prices.py:25 by_comprehension\n\
         prices.py:29 by_global\n\
         prices.py:30 by_global\n\
         prices.py:58 Menu/price_of\n\
         prices.py:62 Menu/show"
    );
}

/// A heuristic rename never touches a local of the same name.
#[test]
fn a_heuristic_rename_leaves_shadowing_locals_alone() {
    let mut p = heuristic_project(&[("prices.py", SHADOWS)]);
    p.ok("rename_symbol", json!({"name_path": "/price_of", "relative_path": "prices.py", "new_name": "unit_price"}));
    let after = p.read("prices.py");
    let changed: Vec<usize> =
        after.lines().enumerate().filter(|(_, l)| l.contains("unit_price")).map(|(i, _)| i).collect();
    assert_eq!(changed, [0, 5, 25, 29, 30, 58, 62], "{after}");
    assert_eq!(after.matches("price_of").count(), SHADOWS.matches("price_of").count() - 7, "{after}");
}

const MEMBERS: &str = "\
class Cart:
    def add(self, item):
        return item

    def add_twice(self, item):
        self.add(item)
        return self.add(item)

    @classmethod
    def make(cls):
        return cls.add


class Wishlist:
    def add(self, item):
        return item

    def fill(self):
        self.add(1)


class BigCart(Cart):
    def fill(self):
        self.add(1)
        super().add(2)


class SafeCart(Cart):
    def add(self, item):
        return super().add(item)

    def fill(self):
        self.add(1)


def run(cart: Cart, wish: Wishlist, anything):
    cart.add(1)
    wish.add(1)
    anything.add(1)
    c = Cart()
    c.add(1)
    w = Wishlist()
    w.add(1)
    Cart.add(c, 1)
    BigCart().add(3)


class Mixin:
    def fill(self):
        self.add(4)
";

/// `self.add()` in the owner class or a subclass that inherits `add`, `super().add()` there, a receiver
/// annotated with the class or assigned from its constructor, a constructor call of a subclass that
/// inherits it, and the class itself are uses of
/// `Cart.add`; receivers of another class (or of a subclass that overrides it) are not; the rest (an
/// unknown receiver, a class without the member, as a mixin) are uncertain, listed after the others of
/// their kind of container.
#[test]
fn member_uses_are_typed_by_their_receiver() {
    let mut p = heuristic_project(&[("shop.py", MEMBERS)]);
    assert_eq!(
        uses(&mut p, "Cart/add", "shop.py"),
        "shop.py:5 Cart/add_twice\n\
         shop.py:6 Cart/add_twice\n\
         shop.py:10 Cart/make\n\
         shop.py:23 BigCart/fill\n\
         shop.py:24 BigCart/fill\n\
         shop.py:29 SafeCart/add\n\
         shop.py:49 Mixin/fill ?\n\
         shop.py:36 run\n\
         shop.py:40 run\n\
         shop.py:43 run\n\
         shop.py:44 run\n\
         shop.py:38 run ?"
    );
    assert_eq!(
        uses(&mut p, "Wishlist/add", "shop.py"),
        "shop.py:18 Wishlist/fill\nshop.py:49 Mixin/fill ?\nshop.py:37 run\nshop.py:42 run\nshop.py:38 run ?"
    );
}

/// An attribute of `self` is typed by what the class assigns it or declares it as: `self.cart.add()` with
/// `self.cart = Cart()` (or `basket: Cart` in the class body) is a use of `Cart.add`, with a `Wishlist()`
/// it is not; one also assigned a value of unknown class may reach it (`via`), one never assigned in the
/// class is uncertain.
#[test]
fn attributes_of_self_are_typed_by_their_assignments() {
    let source = "class Cart:\n    def add(self, item):\n        return item\n\n\nclass Wishlist:\n    def add(self, item):\n        return item\n\n\nclass Shop:\n    basket: Cart\n\n    def __init__(self):\n        self.cart = Cart()\n        self.wish = Wishlist()\n        self.either = Cart()\n\n    def reset(self, other):\n        self.either = other\n\n    def run(self):\n        self.cart.add(1)\n        self.wish.add(1)\n        self.either.add(1)\n        self.basket.add(1)\n        self.unknown.add(1)\n";
    let mut p = heuristic_project(&[("shop.py", source)]);
    assert_eq!(
        uses(&mut p, "Cart/add", "shop.py"),
        "shop.py:22 Shop/run\nshop.py:24 Shop/run via\nshop.py:25 Shop/run\nshop.py:26 Shop/run ?"
    );
}

/// An attribute is also typed by the value its class assigns it: a class body's `widget = Storage` holds the
/// class (its members are Storage's, and calling it makes a Storage), `self.storage = self.storage_class()`
/// is what that call makes, also in a subclass that does not assign it; another class's value is not the
/// target's, a value of unknown type is uncertain.
#[test]
fn attributes_are_typed_by_the_values_assigned_to_them() {
    let storage = "class Storage:\n    def open(self, name):\n        return name\n\n\nclass Other:\n    def open(self, name):\n        return name\n";
    let fields = "from storage import Storage, Other\n\n\nclass Field:\n    widget = Storage\n    other_widget = Other\n\n    def __init__(self):\n        self.made = self.widget()\n        self.factory = make()\n\n\nclass Tests:\n    storage_class = Storage\n\n    def setUp(self):\n        self.storage = self.storage_class()\n\n    def run(self, f: Field):\n        self.storage.open(\"a\")\n        s = self.storage_class()\n        s.open(\"b\")\n        f.widget.open(\"c\")\n        f.other_widget.open(\"d\")\n        f.made.open(\"e\")\n        f.factory.open(\"f\")\n\n\nclass MoreTests(Tests):\n    def more(self):\n        self.storage.open(\"g\")\n";
    let mut p = heuristic_project(&[("storage.py", storage), ("fields.py", fields)]);
    assert_eq!(
        uses(&mut p, "Storage/open", "storage.py"),
        "fields.py:19 Tests/run\nfields.py:21 Tests/run\nfields.py:22 Tests/run\nfields.py:24 Tests/run\nfields.py:30 MoreTests/more\nfields.py:25 Tests/run ?"
    );
}

/// An assignment of null (`self.cart = None`, `this.cart = this.spare = null!`) has no say in an
/// attribute's type: a value with members is never null.
#[test]
fn null_assignments_leave_an_attribute_typed() {
    let py = "class Cart:\n    def add(self, item):\n        return item\n\n\nclass Shop:\n    def __init__(self):\n        self.cart = None\n\n    def open(self):\n        self.cart = Cart()\n\n    def run(self):\n        self.cart.add(1)\n";
    let ts = "class Cart {\n  add(item: number) { return item; }\n}\n\nclass Shop {\n  cart: Cart = new Cart();\n  spare: Cart | null = null;\n  close() {\n    this.cart = this.spare = null!;\n  }\n  run() {\n    this.cart.add(1);\n  }\n}\n";
    let mut p = heuristic_project(&[("shop.py", py), ("shop.ts", ts)]);
    assert_eq!(uses(&mut p, "Cart/add", "shop.py"), "shop.py:13 Shop/run");
    assert_eq!(uses(&mut p, "Cart/add", "shop.ts"), "shop.ts:11 Shop/run");
}

/// A class named through the module an import binds (`base.Storage.open(self, n)`) is that module's: its
/// member is the target's, another module's class of the name (`other.Storage`) is not, and a name no
/// import binds to a module (`unknown.Storage`) stays uncertain.
#[test]
fn a_class_through_its_module_gives_its_members() {
    let mut p = heuristic_project(&[
        ("pkg/__init__.py", ""),
        ("pkg/base.py", "class Storage:\n    def open(self, name):\n        return name\n"),
        ("pkg/other.py", "class Storage:\n    def open(self, name):\n        return name\n"),
        (
            "use.py",
            "from pkg import base, other\n\n\nclass Mine(base.Storage):\n    def open(self, name):\n        base.Storage.open(self, name)\n        other.Storage.open(self, name)\n        unknown.Storage.open(self, name)\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Storage/open", "pkg/base.py"), "use.py:5 Mine/open\nuse.py:7 Mine/open ?");
}

/// A base class is looked up where the subclass's file imports it from: another module's class of the same
/// name (without the member) does not make the member's uses uncertain.
#[test]
fn a_base_class_is_the_one_its_file_imports() {
    let mut p = heuristic_project(&[
        ("base.py", "class Storage:\n    def open(self, name):\n        return name\n"),
        ("models.py", "class Storage:\n    pass\n"),
        ("memory.py", "from base import Storage\n\n\nclass InMemoryStorage(Storage):\n    pass\n"),
        (
            "use.py",
            "from memory import InMemoryStorage\n\n\ndef run():\n    s = InMemoryStorage()\n    s.open(\"x\")\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Storage/open", "base.py"), "use.py:5 run");
}

/// TypeScript: `this.cart` is typed by a `new` assignment, a field's annotation or a parameter property
/// (optional too); a field declared with a type and no value is that type whatever is assigned to it
/// (`this.either = other` of `any`), as the type checker reads it.
#[test]
fn typescript_attributes_of_this_are_typed_by_their_declarations() {
    let source = "class Cart {\n  add(item: number) { return item; }\n}\n\nclass Wishlist {\n  add(item: number) { return item; }\n}\n\nclass Shop {\n  basket: Cart;\n  wish = new Wishlist();\n  either: Cart;\n  constructor(private owned: Cart, other: any) {\n    this.cart = new Cart();\n    this.either = other;\n  }\n  run() {\n    this.cart.add(1);\n    this.wish.add(1);\n    this.either.add(1);\n    this.basket.add(1);\n    this.owned.add(1);\n  }\n}\n\nclass Lazy {\n  constructor(public spare?: Cart) {}\n  run() {\n    this.spare?.add(1);\n  }\n}\n";
    let mut p = heuristic_project(&[("shop.ts", source)]);
    assert_eq!(
        uses(&mut p, "Cart/add", "shop.ts"),
        "shop.ts:17 Shop/run\nshop.ts:19 Shop/run\nshop.ts:20 Shop/run\nshop.ts:21 Shop/run\nshop.ts:28 Lazy/run"
    );
}

/// TypeScript: `Owner.prototype.member` is Owner's member (also in a type query); another class's is
/// uncertain when that class is not known.
#[test]
fn typescript_a_prototype_has_its_class_members() {
    let source = "class Cart {\n  add(item: number) { return item; }\n}\n\ninterface Helpers {\n  plus: typeof Cart.prototype.add;\n}\n\nexport const bound = Cart.prototype.add;\nexport const other = Other.prototype.add;\n";
    let mut p = heuristic_project(&[("cart.ts", source)]);
    assert_eq!(uses(&mut p, "Cart/add", "cart.ts"), "cart.ts:5 Helpers/plus\ncart.ts:8 bound\ncart.ts:9 other ?");
}

/// A heuristic rename of a method with uses of unknown receivers is refused, naming them; allowed, it renames
/// the uses tied to the method and lists the uncertain ones, unchanged.
#[test]
fn a_heuristic_method_rename_leaves_other_and_uncertain_receivers() {
    let mut p = heuristic_project(&[("shop.py", MEMBERS)]);
    let rename = json!({"name_path": "Cart/add", "relative_path": "shop.py", "new_name": "put"});
    let refused = p.err("rename_symbol", rename.clone());
    assert!(refused.contains(r#""shop.py": [38, 49]"#), "{refused}");
    assert!(!p.read("shop.py").contains("put"), "a refused rename writes nothing");
    let mut allowed = rename;
    allowed["allow_unchanged_uses"] = json!(true);
    let a = p.ok("rename_symbol", allowed);
    assert!(a.contains("Left unchanged") && a.contains("shop.py:38; shop.py:49"), "{a}");
    let after = p.read("shop.py");
    let changed: Vec<usize> = after.lines().enumerate().filter(|(_, l)| l.contains("put")).map(|(i, _)| i).collect();
    assert_eq!(changed, [1, 5, 6, 10, 23, 24, 29, 36, 40, 43, 44], "{after}");
}

/// TypeScript: parameters, block-scoped declarations, destructuring and nested functions shadow a
/// top-level function; `this.add()` in the class, an annotated or `new`-assigned receiver are `Cart.add`,
/// another class's are not, an unknown receiver is uncertain.
#[test]
fn typescript_scopes_and_receivers() {
    let mut p = heuristic_project(&[(
        "shop.ts",
        "export function priceOf(item: string): number {
  return item.length;
}

export function total(items: string[]): number {
  return items.map((i) => priceOf(i)).reduce((a, b) => a + b, 0);
}

function byParameter(priceOf: (i: string) => number) {
  return priceOf(\"x\");
}

function byBlock() {
  {
    const priceOf = (i: string) => 1;
    priceOf(\"y\");
  }
  const { priceOf: p2 } = { priceOf };
  function inner(): number {
    const [priceOf] = [1];
    return priceOf;
  }
  return priceOf(\"z\");
}

export class Cart {
  add(item: string): number {
    return priceOf(item);
  }

  twice(item: string): number {
    return this.add(item) + this.add(item);
  }
}

export class Wishlist {
  add(item: string): number {
    return 0;
  }
}

export function run(cart: Cart, wish: Wishlist, anything: any) {
  cart.add(\"a\");
  wish.add(\"b\");
  anything.add(\"c\");
  const c = new Cart();
  c.add(\"d\");
}
",
    )]);
    assert_eq!(
        uses(&mut p, "priceOf", "shop.ts"),
        "shop.ts:5 total\nshop.ts:17 byBlock\nshop.ts:22 byBlock\nshop.ts:27 Cart/add"
    );
    assert_eq!(
        uses(&mut p, "Cart/add", "shop.ts"),
        "shop.ts:31 Cart/twice\nshop.ts:42 run\nshop.ts:46 run\nshop.ts:44 run ?"
    );
}

/// Java: a parameter or local of the field's name is not the field; `this.add()`, a receiver declared or
/// constructed as the class, a cast to it (`((Cart) o).add()`), and the class itself are `Cart.add`; another
/// class's receiver is not.
#[test]
fn java_scopes_and_receivers() {
    let mut p = heuristic_project(&[(
        "Cart.java",
        "class Cart {
    int count;

    int add(int count) {
        this.count += count;
        return count;
    }

    int twice() {
        count++;
        return this.add(1) + add(2);
    }

    static int make() {
        Cart c = new Cart();
        var d = new Cart();
        Wishlist w = new Wishlist();
        w.add(1);
        return c.add(1) + d.add(2);
    }
}

class Wishlist {
    int add(int n) {
        return n;
    }

    int run(Object o) {
        return ((Cart) o).add(3);
    }
}
",
    )]);
    assert_eq!(uses(&mut p, "Cart/count", "Cart.java"), "Cart.java:4 Cart/add\nCart.java:9 Cart/twice");
    assert_eq!(
        uses(&mut p, "Cart/add", "Cart.java"),
        "Cart.java:10 Cart/twice\nCart.java:18 Cart/make\nCart.java:28 Wishlist/run"
    );
}

/// Java: a call through a supertype (a base class, an implemented interface, all the way up) whose method
/// the target overrides (as many parameters) may reach the target: a use marked as going through the
/// interface or base, not renamed with it. A call that passes another number of arguments is another
/// overload's, also on the target's own class.
#[test]
fn java_calls_through_supertypes_and_overloads() {
    let mut p = heuristic_project(&[
        ("a/Measured.java", "package a;\n\npublic interface Measured {\n    double area();\n}\n"),
        (
            "a/Shape.java",
            "package a;\n\npublic abstract class Shape implements Measured {\n    public double area(int scale) {\n        return 0;\n    }\n}\n",
        ),
        (
            "a/Circle.java",
            "package a;\n\npublic class Circle extends Shape {\n    public double area() {\n        return 1;\n    }\n}\n",
        ),
        (
            "a/Use.java",
            "package a;\n\nclass Use {\n    double run(Measured m, Shape s, Circle c) {\n        return m.area()\n            + s.area(2)\n            \
             + c.area()\n            + c.area(3);\n    }\n}\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Circle/area", "a/Circle.java"), "a/Use.java:4 Use/run via\na/Use.java:6 Use/run");
    let refused = p.err(
        "rename_symbol",
        json!({"name_path": "Circle/area", "relative_path": "a/Circle.java", "new_name": "size"}),
    );
    assert!(
        refused.contains("may reach this method and another too") && refused.contains("\"a/Use.java\": [4]"),
        "{refused}"
    );
    assert_eq!(uses(&mut p, "Shape/area", "a/Shape.java"), "a/Use.java:5 Use/run\na/Use.java:7 Use/run");
    // and the other way: a call of an override (Circle's area()) may be the interface's method's
    assert_eq!(uses(&mut p, "Measured/area", "a/Measured.java"), "a/Use.java:4 Use/run\na/Use.java:6 Use/run via");
}

/// Java: a call through a type outside the project that the method's class implements, written qualified
/// (`implements java.util.List<String>`) or imported by its name (`import javax.tools.OptionChecker;`),
/// may reach the method (`via`), as a value declared that type in a parameter, a field or a return type
/// shows (also of a method called bare, `make()`); another outside type (`java.util.Map`) does not say.
#[test]
fn java_calls_through_supertypes_outside_the_project() {
    let mut p = heuristic_project(&[
        (
            "a/Bag.java",
            "package a;\n\nimport java.util.AbstractList;\nimport javax.tools.OptionChecker;\n\n\
             public class Bag extends AbstractList<String> implements java.util.List<String>, OptionChecker {\n\
             \x20   public String get(int i) { return null; }\n\
             \x20   public int isSupportedOption(String option) { return -1; }\n}\n",
        ),
        (
            "a/Use.java",
            "package a;\n\nimport java.util.List;\nimport java.util.Map;\nimport javax.tools.OptionChecker;\n\n\
             class Use {\n    List<String> names;\n    List<String> make() { return null; }\n\n\
             \x20   void run(List<String> xs, Bag b, java.util.List<String> ys, Map<Integer, String> m, OptionChecker c) {\n\
             \x20       xs.get(0);\n        b.get(1);\n        ys.get(2);\n        m.get(3);\n        names.get(4);\n\
             \x20       this.make().get(5);\n        make().get(6);\n        c.isSupportedOption(\"x\");\n    }\n}\n",
        ),
    ]);
    assert_eq!(
        uses(&mut p, "Bag/get", "a/Bag.java"),
        "a/Use.java:11 Use/run via\na/Use.java:12 Use/run\na/Use.java:13 Use/run via\na/Use.java:15 Use/run via\n\
         a/Use.java:16 Use/run via\na/Use.java:17 Use/run via\na/Use.java:14 Use/run ?"
    );
    assert_eq!(uses(&mut p, "Bag/isSupportedOption", "a/Bag.java"), "a/Use.java:18 Use/run via");
}

/// Java: a name brought by an import of every name of a package outside the project (`import java.util.*;`)
/// is that package's type when the method's class implements it by that full name (`java.util.List`); a
/// field of a class nested in another is not the outer class's (`currentClass` declared twice).
#[test]
fn java_wildcard_imported_supertypes_and_nested_fields() {
    let mut p = heuristic_project(&[
        (
            "a/Bag.java",
            "package a;\n\npublic class Bag implements java.util.List<String> {\n\
             \x20   public String get(int i) { return null; }\n}\n",
        ),
        ("a/Owner.java", "package a;\n\npublic class Owner {\n    public boolean isInner() { return false; }\n}\n"),
        ("a/Other.java", "package a;\n\npublic class Other {\n    public boolean isInner() { return true; }\n}\n"),
        (
            "b/Use.java",
            "package b;\n\nimport java.util.*;\nimport a.*;\n\nclass Use {\n    Owner currentClass;\n\n\
             \x20   class Inner {\n        Other currentClass;\n        void f() { currentClass.isInner(); }\n    }\n\n\
             \x20   void run(List<String> xs) {\n        xs.get(0);\n        currentClass.isInner();\n    }\n}\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Bag/get", "a/Bag.java"), "b/Use.java:14 Use/run via");
    assert_eq!(uses(&mut p, "Owner/isInner", "a/Owner.java"), "b/Use.java:15 Use/run");
    assert_eq!(uses(&mut p, "Other/isInner", "a/Other.java"), "b/Use.java:10 Use/Inner/f");
}

/// Java: a `var` is what its value is, a field of a type parameter's type is of its bound (`T other` with
/// `T extends Owner`), and an anonymous class's field is its own, not the enclosing class's.
#[test]
fn java_var_values_bounded_fields_and_anonymous_class_fields() {
    let mut p = heuristic_project(&[
        (
            "a/Owner.java",
            "package a;\n\npublic class Owner {\n    public Owner owner;\n    public boolean isInner() { return false; }\n}\n",
        ),
        ("a/Other.java", "package a;\n\npublic class Other {\n    public boolean isInner() { return true; }\n}\n"),
        (
            "a/Use.java",
            "package a;\n\nclass Use<T extends Owner> {\n    T held;\n    Owner current;\n\n\
             \x20   Runnable r = new Runnable() {\n        Other current;\n        public void run() { current.isInner(); }\n    };\n\n\
             \x20   boolean f(Owner o) {\n        var up = o.owner;\n        var other = new Other();\n        other.isInner();\n\
             \x20       held.isInner();\n        current.isInner();\n        return up.isInner();\n    }\n}\n",
        ),
    ]);
    assert_eq!(
        uses(&mut p, "Owner/isInner", "a/Owner.java"),
        "a/Use.java:15 Use/f\na/Use.java:16 Use/f\na/Use.java:17 Use/f"
    );
    assert_eq!(uses(&mut p, "Other/isInner", "a/Other.java"), "a/Use.java:8 Use/r\na/Use.java:14 Use/f");
}

/// Java: a supertype nested in a class, written through it (`extends Tree.Visitor`) or brought by an import
/// of the class's members (`import a.Tree.*;`), is that class's nested one: calls through it may reach an
/// override.
#[test]
fn java_nested_supertypes() {
    let mut p = heuristic_project(&[
        (
            "a/Tree.java",
            "package a;\n\npublic class Tree {\n    public abstract static class Visitor {\n        public void visitLeaf(Tree t) {}\n    }\n\n\
             public void accept(Visitor v) {\n        v.visitLeaf(this);\n    }\n}\n",
        ),
        (
            "b/Printer.java",
            "package b;\n\nimport a.Tree;\n\npublic class Printer extends Tree.Visitor {\n    public void visitLeaf(Tree t) {}\n}\n",
        ),
        (
            "b/Counter.java",
            "package b;\n\nimport a.Tree;\nimport a.Tree.*;\n\npublic class Counter extends Visitor {\n    public void visitLeaf(Tree t) {}\n}\n",
        ),
        ("c/Visitor.java", "package c;\n\npublic class Visitor {\n    public void visitLeaf(Object t) {}\n}\n"),
    ]);
    assert_eq!(uses(&mut p, "Printer/visitLeaf", "b/Printer.java"), "a/Tree.java:8 Tree/accept via");
    assert_eq!(uses(&mut p, "Counter/visitLeaf", "b/Counter.java"), "a/Tree.java:8 Tree/accept via");
}

/// Java: a receiver of a class nested in another, written through it (`Tree.Leaf`) or brought by an import
/// of the class's members (`import a.Tree.*;`), is typed by that nested class (not by a same-named one
/// nested elsewhere); an inner class's method sees its outer class's fields.
#[test]
fn java_receivers_of_nested_classes_and_outer_fields() {
    let mut p = heuristic_project(&[
        (
            "a/Tree.java",
            "package a;\n\npublic class Tree {\n    public static class Leaf {\n        public int size() { return 1; }\n    }\n}\n",
        ),
        (
            "a/Other.java",
            "package a;\n\npublic class Other {\n    public static class Leaf {\n        public int size() { return 2; }\n    }\n}\n",
        ),
        (
            "b/Use.java",
            "package b;\n\nimport a.Tree;\nimport a.Tree.*;\n\npublic class Use {\n    private Tree.Leaf held;\n\n\
             \x20   int run(Tree.Leaf qualified, Leaf imported) {\n        int a = qualified.size();\n        return a + imported.size();\n    }\n\n\
             \x20   class Inner {\n        int count() {\n            return held.size();\n        }\n    }\n}\n",
        ),
    ]);
    assert_eq!(
        uses(&mut p, "Tree/Leaf/size", "a/Tree.java"),
        "b/Use.java:9 Use/run\nb/Use.java:10 Use/run\nb/Use.java:15 Use/Inner/count"
    );
    assert_eq!(uses(&mut p, "Other/Leaf/size", "a/Other.java"), "");
}

/// Rust: a name a tuple variant's pattern binds (`Class::Bytes(_, ref b)`, `Self::Bytes(_, b)`) is typed by
/// the variant's field at its position.
#[test]
fn rust_tuple_variant_bindings_are_typed_by_the_variant() {
    let mut p = heuristic_project(&[(
        "shapes.rs",
        "pub struct Bytes;\nimpl Bytes {\n    pub fn ranges(&self) -> usize { 1 }\n}\n\
         pub struct Chars;\nimpl Chars {\n    pub fn ranges(&self) -> usize { 2 }\n}\n\
         pub enum Class {\n    Unicode(Chars),\n    Bytes(u8, Bytes),\n}\n\
         impl Class {\n    pub fn count(&self) -> usize {\n        match *self {\n\
         \x20           Class::Unicode(ref c) => c.ranges(),\n            Class::Bytes(_, ref b) => b.ranges(),\n        }\n    }\n\
         \x20   pub fn other(&self) -> usize {\n        match self {\n            Self::Bytes(_, b) => b.ranges(),\n\
         \x20           _ => 0,\n        }\n    }\n}\n",
    )]);
    assert_eq!(uses(&mut p, "Bytes/ranges", "shapes.rs"), "shapes.rs:16 Class/count\nshapes.rs:21 Class/other");
    assert_eq!(uses(&mut p, "Chars/ranges", "shapes.rs"), "shapes.rs:15 Class/count");
}

/// A variant's value is of its enum: Rust's `Seq::Two(..)`, a unit variant `Seq::Empty`, and a bare
/// `One(..)` that a glob of the enum brings (`use self::Seq::*;` in a function, or at a file's top in
/// another module); Java's `Color.GREEN`. Another type's method of the name is not called on it.
#[test]
fn variant_values_are_of_their_enum() {
    let mut p = heuristic_project(&[
        ("Cargo.toml", APP_CARGO_TOML),
        ("src/lib.rs", "pub mod other;\npub mod seq;\n"),
        (
            "src/seq.rs",
            "pub enum Seq {\n    Empty,\n    One(u8),\n    Two(u8, u8),\n}\n\nimpl Seq {\n    pub fn reverse(&mut self) {}\n}\n\n\
             pub struct List;\n\nimpl List {\n    pub fn reverse(&mut self) {}\n}\n\n\
             fn glob() {\n    use self::Seq::*;\n    let mut s = One(1);\n    s.reverse();\n}\n\n\
             fn qualified() {\n    let mut s = Seq::Two(1, 2);\n    s.reverse();\n    let mut e = Seq::Empty;\n    e.reverse();\n}\n",
        ),
        (
            "src/other.rs",
            "use crate::seq::Seq::*;\nuse crate::seq::List;\n\nfn top() {\n    let mut s = One(1);\n    s.reverse();\n\
             \x20   let mut l = List;\n    l.reverse();\n}\n",
        ),
    ]);
    assert_eq!(
        uses(&mut p, "Seq/reverse", "src/seq.rs"),
        "src/other.rs:5 top\nsrc/seq.rs:19 glob\nsrc/seq.rs:24 qualified\nsrc/seq.rs:26 qualified"
    );
    let mut p = heuristic_project(&[
        (
            "a/Color.java",
            "package a;\n\npublic enum Color {\n    RED, GREEN;\n\n    public String paint() { return name(); }\n}\n",
        ),
        (
            "a/Brush.java",
            "package a;\n\npublic class Brush {\n    public String paint() { return \"\"; }\n\n    void use() {\n\
             \x20       Color.GREEN.paint();\n        new Brush().paint();\n    }\n}\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Color/paint", "a/Color.java"), "a/Brush.java:6 Brush/use");
    assert_eq!(uses(&mut p, "Brush/paint", "a/Brush.java"), "a/Brush.java:7 Brush/use");
}

/// A value of a generic's type parameter is typed by the parameter's bound: Rust's `<V: Visitor>` and
/// `where V: Visitor`, TypeScript's `<T extends Owner>`.
#[test]
fn generic_parameters_are_typed_by_their_bound() {
    let mut p = heuristic_project(&[
        (
            "lib.rs",
            "pub trait Visitor {\n    fn visit(&mut self) {}\n}\npub struct Other;\nimpl Other {\n    pub fn visit(&mut self) {}\n}\n\
             pub fn walk<V: Visitor>(v: &mut V) {\n    v.visit();\n}\npub fn walk_where<V>(v: &mut V)\nwhere\n    V: Visitor,\n{\n\
             \x20   v.visit();\n}\npub fn other(o: &mut Other) {\n    o.visit();\n}\n",
        ),
        ("a.ts", "export class Owner {\n  go() {}\n}\nexport function run<T extends Owner>(x: T) {\n  x.go();\n}\n"),
    ]);
    assert_eq!(uses(&mut p, "Visitor/visit", "lib.rs"), "lib.rs:8 walk\nlib.rs:14 walk_where");
    assert_eq!(uses(&mut p, "Owner/go", "a.ts"), "a.ts:4 run");
}

/// Go: a method's receiver and parameters are typed by their declared type, `:=` by a composite literal;
/// a parameter that shadows a top-level function is not a use of it; an interface's method of the name
/// (no receiver) is uncertain.
#[test]
fn go_scopes_and_receivers() {
    let mut p = heuristic_project(&[(
        "shop.go",
        "package shop

func priceOf(item string) int {
\treturn len(item)
}

type Cart struct{}

func (c *Cart) Add(item string) int {
\treturn priceOf(item)
}

func (c *Cart) Twice(item string) int {
\treturn c.Add(item) + c.Add(item)
}

type Wishlist struct{}

func (w Wishlist) Add(item string) int {
\treturn 0
}

func run(priceOf func(string) int, w *Wishlist, any interface{ Add(string) int }) {
\tc := &Cart{}
\tc.Add(\"a\")
\tw.Add(\"b\")
\tany.Add(\"c\")
\tpriceOf(\"d\")
}
",
    )]);
    assert_eq!(uses(&mut p, "priceOf", "shop.go"), "shop.go:9 Cart/Add");
    assert_eq!(
        uses(&mut p, "Cart/Add", "shop.go"),
        "shop.go:13 Cart/Twice\nshop.go:24 run\nshop.go:22 run ?\nshop.go:26 run ?"
    );
}

/// Rust: `self.add()` in the impl, a parameter typed `&Cart`, a `let` from `Cart::new()` or a struct
/// literal are `Cart::add`; another type's receiver is not; a closure parameter shadows a function.
#[test]
fn rust_scopes_and_receivers() {
    let mut p = heuristic_project(&[(
        "shop.rs",
        "fn price_of(item: &str) -> usize {
    item.len()
}

struct Cart;

impl Cart {
    fn new() -> Cart {
        Cart
    }

    fn add(&self, item: &str) -> usize {
        price_of(item)
    }

    fn twice(&self, item: &str) -> usize {
        self.add(item) + self.add(item)
    }
}

struct Wishlist;

impl Wishlist {
    fn add(&self, item: &str) -> usize {
        0
    }
}

fn run(cart: &Cart, wish: &Wishlist, any: &dyn Fn()) {
    cart.add(\"a\");
    wish.add(\"b\");
    let c = Cart::new();
    c.add(\"c\");
    let d = Cart {};
    d.add(\"d\");
    let f = |price_of: usize| price_of + 1;
    [1].iter().map(|x| x.add(1));
}
",
    )]);
    assert_eq!(uses(&mut p, "price_of", "shop.rs"), "shop.rs:12 Cart/add");
    assert_eq!(
        uses(&mut p, "Cart/add", "shop.rs"),
        "shop.rs:16 Cart/twice\nshop.rs:29 run\nshop.rs:32 run\nshop.rs:34 run\nshop.rs:36 run ?"
    );
}

/// A value bound from a call is typed by what the called function or method declares it returns, in
/// another file too, and a field by its declaration: Go `x := NewReader()`, `c.rd.Read()`, a chain
/// `x.Self().Read()`; another type's field is not the target's, an untyped result stays uncertain.
#[test]
fn go_receivers_are_typed_by_declared_results_and_fields() {
    let mut p = heuristic_project(&[
        ("go.mod", "module ex\n\ngo 1.20\n"),
        (
            "a/a.go",
            "package a\n\ntype Reader struct{ n int }\n\nfunc (r *Reader) Read() int { return r.n }\n\n\
             type Other struct{}\n\nfunc (o *Other) Read() int { return 0 }\n\n\
             func NewReader() (*Reader, error) { return &Reader{}, nil }\n\nfunc (r *Reader) Self() *Reader { return r }\n\n\
             func Any() interface{} { return nil }\n",
        ),
        (
            "a/b.go",
            "package a\n\ntype Client struct {\n\trd  *Reader\n\toth Other\n}\n\nfunc (c *Client) Go() {\n\
             \tc.rd.Read()\n\tc.oth.Read()\n\tx, _ := NewReader()\n\tx.Read()\n\tx.Self().Read()\n\
             \tz := x.Self()\n\tz.Read()\n\tw := Any()\n\tw.Read()\n}\n",
        ),
    ]);
    assert_eq!(
        uses(&mut p, "Reader/Read", "a/a.go"),
        "a/b.go:8 Client/Go\na/b.go:11 Client/Go\na/b.go:12 Client/Go\na/b.go:14 Client/Go\na/b.go:16 Client/Go ?"
    );
}

/// Go: a type's method and an interface's method of the name may implement each other (Go does not declare
/// it): each lists the other's definition as uncertain. A call through an interface that the type has
/// every method of (its methods in any file of its package) is a use of the type's method, and a call of
/// the type's method one of the interface's method, both marked as going through the interface (gopls
/// lists them); a rename of either refuses rather than break the implementation.
#[test]
fn go_calls_through_interfaces_that_a_type_implements() {
    let mut p = heuristic_project(&[
        ("go.mod", "module ex\n\ngo 1.20\n"),
        (
            "a/a.go",
            "package a\n\ntype Saver interface {\n\tSave() error\n}\n\ntype disk struct{}\n\n\
             func (d *disk) Save() error { return nil }\n\ntype store struct{ s Saver }\n\n\
             func (t *store) Run() error { return t.s.Save() }\n\nfunc direct(d *disk) error { return d.Save() }\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Saver/Save", "a/a.go"), "a/a.go:12 store/Run\na/a.go:8 disk/Save ?\na/a.go:14 direct via");
    assert_eq!(uses(&mut p, "disk/Save", "a/a.go"), "a/a.go:12 store/Run via\na/a.go:3 Saver/Save ?\na/a.go:14 direct");
    for target in ["Saver/Save", "disk/Save"] {
        let asked = json!({"name_path": target, "relative_path": "a/a.go", "new_name": "Store"});
        let refused = p.err("rename_symbol", asked);
        assert!(refused.contains("a/a.go"), "{refused}");
    }
    let refused =
        p.err("rename_symbol", json!({"name_path": "disk/Save", "relative_path": "a/a.go", "new_name": "Keep"}));
    assert!(refused.contains("may reach this method and another too") && refused.contains("[12]"), "{refused}");
}

/// Go: a type implements an interface only with all its methods, wherever in the package they are
/// declared; an unexported method is its own package's, so a type of another package never implements
/// an interface that has one. Calls on an element of a named collection type (`type Args [2]Arg`) and on
/// a type assertion's value (`x.(*disk)`) are typed.
#[test]
fn go_interface_implementations_need_every_method() {
    let mut p = heuristic_project(&[
        ("go.mod", "module ex\n\ngo 1.20\n"),
        (
            "a/arg.go",
            "package a\n\ntype Arg interface {\n\tisArg()\n\tString() string\n}\n\ntype Args [2]Arg\n\n\
             type Named interface {\n\tString() string\n\tName() string\n}\n\n\
             func show(args Args, x any, n Named) string {\n\tfor _, a := range args {\n\t\t_ = a.String()\n\t}\n\
             \t_ = x.(*Imm).String()\n\t_ = n.String()\n\treturn args[0].String()\n}\n",
        ),
        ("a/imm.go", "package a\n\ntype Imm int\n\nfunc (Imm) String() string { return \"\" }\n"),
        ("a/imm_arg.go", "package a\n\nfunc (Imm) isArg() {}\n"),
        (
            "b/b.go",
            "package b\n\ntype Other int\n\nfunc (Other) isArg() {}\n\nfunc (Other) String() string { return \"\" }\n",
        ),
    ]);
    // Imm implements Arg (isArg in another file of its package), not Named (no Name)
    assert_eq!(
        uses(&mut p, "Imm/String", "a/imm.go"),
        "a/arg.go:16 show via\na/arg.go:18 show\na/arg.go:20 show via\na/arg.go:19 show ?\na/arg.go:4 Arg/String ?\n\
         a/arg.go:10 Named/String ?"
    );
    // b.Other has Arg's method names, but Arg's isArg is package a's own
    let other = uses(&mut p, "Other/String", "b/b.go");
    assert!(!other.contains(" via"), "{other}");
}

/// TypeScript: a value of a union of classes (`Subscriber<any> | Observer<any>`) is a use of a member that
/// every one of them has as the target (the class, an interface it implements); a field's declaration
/// without a value types it whatever its assignments are; a union with a class not found, or with a class
/// whose member is another, may reach the target (`via`), as it may reach the other class's member.
#[test]
fn typescript_unions_and_declared_fields() {
    let mut p = heuristic_project(&[
        ("src/types.ts", "export interface Observer<T> {\n  next: (value: T) => void;\n}\n"),
        (
            "src/sub.ts",
            "import { Observer } from './types';\n\nexport class Subscriber<T> implements Observer<T> {\n\
             \x20 protected destination: Subscriber<any> | Observer<any>;\n\
             \x20 constructor(destination: Observer<any>) {\n    this.destination = destination ?? make();\n  }\n\
             \x20 next(value: T): void {\n    this.destination.next(value);\n  }\n}\n\n\
             export function f(d: Subscriber<any> | null, e: Subscriber<any> | Unknown) {\n  d.next(1);\n  e.next(2);\n}\n\n\
             export class Log {\n  next(line: string) {}\n}\n\n\
             export function g(l: Log | Subscriber<any>, m: Log) {\n  l.next(3);\n  m.next(4);\n}\n",
        ),
    ]);
    assert_eq!(
        uses(&mut p, "Subscriber/next", "src/sub.ts"),
        "src/sub.ts:8 Subscriber/next\nsrc/sub.ts:13 f\nsrc/sub.ts:14 f via\nsrc/sub.ts:22 g via\nsrc/types.ts:1 Observer/next"
    );
    assert_eq!(uses(&mut p, "Log/next", "src/sub.ts"), "src/sub.ts:22 g via\nsrc/sub.ts:23 g\nsrc/sub.ts:14 f ?");
}

/// Python, TypeScript and Rust: a local assigned a call's result is typed by the called function's
/// return annotation (`-> Cart`, `: Cart`, `-> Self`), a field of a typed value by its class's declaration.
#[test]
fn receivers_are_typed_by_return_annotations() {
    let mut p = heuristic_project(&[
        (
            "cart.py",
            "class Cart:\n    def add(self, item):\n        return item\n\n\nclass Shop:\n    def __init__(self):\n        self.cart = Cart()\n",
        ),
        (
            "use.py",
            "from cart import Cart, Shop\n\n\ndef make() -> Cart:\n    return Cart()\n\n\ndef other():\n    return 1\n\n\n\
             def run(shop: Shop):\n    c = make()\n    c.add(1)\n    o = other()\n    o.add(1)\n    shop.cart.add(1)\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Cart/add", "cart.py"), "use.py:13 run\nuse.py:16 run\nuse.py:15 run ?");
    let mut p = heuristic_project(&[(
        "shop.ts",
        "class Cart {\n  add(n: number) { return n; }\n  self(): Cart { return this; }\n}\n\n\
         function make(): Cart { return new Cart(); }\n\nfunction run() {\n  const c = make();\n  c.add(1);\n  c.self().add(2);\n}\n",
    )]);
    assert_eq!(uses(&mut p, "Cart/add", "shop.ts"), "shop.ts:9 run\nshop.ts:10 run");
    let mut p = heuristic_project(&[(
        "shop.rs",
        "struct Cart;\n\nimpl Cart {\n    fn open() -> Self {\n        Cart\n    }\n\n    fn add(&self) {}\n}\n\n\
         struct Shop {\n    cart: Cart,\n}\n\nimpl Shop {\n    fn run(&self) {\n        let c = Cart::open();\n\
         c.add();\n        self.cart.add();\n    }\n}\n",
    )]);
    assert_eq!(uses(&mut p, "Cart/add", "shop.rs"), "shop.rs:17 Shop/run\nshop.rs:18 Shop/run");
}

/// TypeScript: a function that declares `this` (`function (this: Cart)`) types it, also in the arrow
/// functions inside it; a method's `this` is its class, whatever a function around the class declares.
#[test]
fn typescript_a_declared_this_types_it() {
    let mut p = heuristic_project(&[(
        "shop.ts",
        "class Cart {\n  add(n: number) { return n; }\n}\n\nclass Wishlist {\n  add(n: number) { return n; }\n  run() { this.add(0); }\n}\n\n\
         function f(this: Cart, n: number) {\n  this.add(1);\n  [n].forEach(() => this.add(2));\n}\n\n\
         const g = function (this: Wishlist) {\n  this.add(3);\n};\n\nfunction h() {\n  this.add(4);\n}\n",
    )]);
    assert_eq!(uses(&mut p, "Cart/add", "shop.ts"), "shop.ts:10 f\nshop.ts:11 f\nshop.ts:19 h ?");
}

/// JavaScript: inside a `function` expression in a method, `this` is whatever the function is called on,
/// not the instance (arrow functions keep the method's): a member use there is uncertain, and a field of
/// the class does not type `this.field` there.
#[test]
fn javascript_this_in_a_function_expression_is_not_the_instance() {
    let mut p = heuristic_project(&[(
        "shop.js",
        "class Cart {\n  add(n) { return n; }\n}\n\nclass Shop {\n  constructor() { this.cart = new Cart(); }\n           add(n) { return n; }\n  run() {\n    this.add(1);\n    [1].forEach(() => this.add(2));\n             [1].forEach(function () { this.add(3); this.cart.add(4); });\n    this.cart.add(5);\n  }\n}\n",
    )]);
    assert_eq!(uses(&mut p, "Shop/add", "shop.js"), "shop.js:8 Shop/run\nshop.js:9 Shop/run\nshop.js:10 Shop/run ?");
    assert_eq!(uses(&mut p, "Cart/add", "shop.js"), "shop.js:11 Shop/run\nshop.js:10 Shop/run ?");
}

/// Rust: what holds a collection's elements types them: a loop over `xs.iter()`, `Some(x)` bound from
/// `xs.pop()` or from a field of type `Option<Vec<T>>` (`if let`, `while let`), `xs.first().unwrap()`, the
/// closures its methods call with them (`retain(|x| ..)`, both of `dedup_by(|a, b| ..)`, `fold`'s second);
/// another type's collection stays that type's, and `enumerate()`'s pairs are not elements.
#[test]
fn rust_iterators_and_options_over_a_collection_type_its_elements() {
    let source = "pub struct Lit;\n\nimpl Lit {\n    pub fn go(&self) {}\n}\n\npub struct Other;\n\n\
                  impl Other {\n    pub fn go(&self) {}\n}\n\n\
                  pub struct Seq {\n    stack: Vec<Lit>,\n    literals: Option<Vec<Lit>>,\n    others: Vec<Other>,\n}\n\n\
                  impl Seq {\n    pub fn run(&mut self) {\n        for k in self.stack.iter_mut() {\n            k.go();\n        }\n\
                  \x20       while let Some(mut r) = self.stack.pop() {\n            r.go();\n        }\n\
                  \x20       if let Some(ref mut lits) = self.literals {\n            for m in lits.iter() {\n                m.go();\n            }\n        }\n\
                  \x20       self.stack.first().unwrap().go();\n\
                  \x20       for o in self.others.iter() {\n            o.go();\n        }\n\
                  \x20       if let Some(o) = self.others.last() {\n            o.go();\n        }\n\
                  \x20       self.stack.dedup_by(|a, b| a.go() == b.go());\n\
                  \x20       self.stack.iter().fold(0, |n, z| { z.go(); n });\n\
                  \x20       self.others.retain(|o| o.go());\n\
                  \x20       self.stack.iter().enumerate().for_each(|(i, w)| w.go());\n    }\n}\n";
    let mut p = heuristic_project(&[("src/lib.rs", source)]);
    assert_eq!(
        uses(&mut p, "Lit/go", "src/lib.rs"),
        "src/lib.rs:21 Seq/run\nsrc/lib.rs:24 Seq/run\nsrc/lib.rs:28 Seq/run\nsrc/lib.rs:31 Seq/run\n\
         src/lib.rs:38 Seq/run\nsrc/lib.rs:39 Seq/run\nsrc/lib.rs:41 Seq/run ?"
    );
    assert_eq!(
        uses(&mut p, "Other/go", "src/lib.rs"),
        "src/lib.rs:33 Seq/run\nsrc/lib.rs:36 Seq/run\nsrc/lib.rs:40 Seq/run\nsrc/lib.rs:41 Seq/run ?"
    );
}

/// JavaScript: a parameter without an annotation has the type of its default value (`c = new Cart()`).
#[test]
fn javascript_a_parameter_is_typed_by_its_default_value() {
    let mut p = heuristic_project(&[(
        "shop.js",
        "class Cart {\n  add(n) { return n; }\n}\n\nclass Wishlist {\n  add(n) { return n; }\n}\n\n\
         function run(c = new Cart(), w = new Wishlist(), x) {\n  c.add(1);\n  w.add(2);\n  x.add(3);\n}\n",
    )]);
    assert_eq!(uses(&mut p, "Cart/add", "shop.js"), "shop.js:9 run\nshop.js:11 run ?");
}

/// TypeScript: a function imported under an alias (`import { make as build }`) returns what the function
/// of its module declares (a same-named function of another module, returning another class, is not it).
#[test]
fn typescript_a_function_imported_under_an_alias_is_the_module_s() {
    let mut p = heuristic_project(&[
        ("cart.ts", "export class Cart {\n  add(n: number) { return n; }\n}\n"),
        ("bag.ts", "export class Bag {\n  add(n: number) { return n; }\n}\n"),
        ("factory.ts", "import { Cart } from './cart';\n\nexport function make(): Cart {\n  return new Cart();\n}\n"),
        ("other.ts", "import { Bag } from './bag';\n\nexport function make(): Bag {\n  return new Bag();\n}\n"),
        ("use.ts", "import { make as build } from './factory';\n\nexport function run() {\n  build().add(1);\n}\n"),
    ]);
    assert_eq!(uses(&mut p, "Cart/add", "cart.ts"), "use.ts:3 run");
    assert_eq!(uses(&mut p, "Bag/add", "bag.ts"), "");
}

/// TypeScript: the callbacks of an array's methods get its elements (`forEach((c) => ..)`, `reduce`'s
/// second parameter, not its first).
#[test]
fn typescript_array_callbacks_get_its_elements() {
    let mut p = heuristic_project(&[(
        "shop.ts",
        "class Cart {\n  add(n: number) { return n; }\n}\n\nclass Wishlist {\n  add(n: number) { return n; }\n}\n\n\
         function run(carts: Cart[], wishes: Wishlist[]) {\n  carts.forEach((c) => c.add(1));\n  \
         carts.reduce((n, c) => c.add(n), 0);\n  wishes.forEach((w) => w.add(2));\n  carts.reduce((a, b) => a.add(3));\n}\n",
    )]);
    assert_eq!(uses(&mut p, "Cart/add", "shop.ts"), "shop.ts:9 run\nshop.ts:10 run\nshop.ts:12 run ?");
}

/// TypeScript: an object type written out (`record: { window: Cart; subs: Wishlist }`) types its
/// properties, read as members or destructured; a method's signature in it is no class's member.
#[test]
fn typescript_object_types_written_out_type_their_properties() {
    let mut p = heuristic_project(&[(
        "shop.ts",
        "class Cart {\n  add(n: number) { return n; }\n}\n\nclass Wishlist {\n  add(n: number) { return n; }\n}\n\n\
         function run(record: { cart: Cart; readonly wish?: Wishlist; cb: (x: number) => void, other: Cart | null }) {\n\
         \x20 record.cart.add(1);\n  record.wish.add(2);\n  const { cart, wish } = record;\n  cart.add(3);\n  wish.add(4);\n\
         \x20 record.other.add(5);\n  record.missing.add(6);\n}\n",
    )]);
    assert_eq!(uses(&mut p, "Cart/add", "shop.ts"), "shop.ts:9 run\nshop.ts:12 run\nshop.ts:14 run\nshop.ts:15 run ?");
}

/// Rust: a trait's method and its implementations (`impl Shop for Cart { fn add }`) are one family: a use
/// of one is a use of the others, the implementations' definitions are uses of the trait's method, and a
/// heuristic rename of any of them renames them all (renaming one alone would not compile), also when the
/// type implements another trait first (`impl Debug for Cart`); a type's own method of the name outside
/// the trait (`impl Bag { fn add }`) is another.
#[test]
fn rust_a_trait_method_and_its_implementations_are_renamed_together() {
    let source = "trait Shop {\n    fn add(&self);\n}\n\nstruct Cart;\n\n\
                  impl std::fmt::Debug for Cart {\n    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {\n\
                  \x20       Ok(())\n    }\n}\n\nimpl Shop for Cart {\n    fn add(&self) {}\n}\n\n\
                  struct Bag;\n\nimpl Bag {\n    fn add(&self) {}\n}\n\n\
                  fn run(c: Cart, s: &dyn Shop, b: Bag) {\n    c.add();\n    s.add();\n    b.add();\n}\n";
    let mut p = heuristic_project(&[("src/lib.rs", source)]);
    let family = "src/lib.rs:13 Cart/add\nsrc/lib.rs:23 run\nsrc/lib.rs:24 run";
    assert_eq!(uses(&mut p, "Shop/add", "src/lib.rs"), family);
    assert_eq!(uses(&mut p, "Cart/add", "src/lib.rs"), "src/lib.rs:1 Shop/add\nsrc/lib.rs:23 run\nsrc/lib.rs:24 run");
    assert_eq!(uses(&mut p, "Bag/add", "src/lib.rs"), "src/lib.rs:25 run");
    p.ok("rename_symbol", json!({"name_path": "Cart/add", "relative_path": "src/lib.rs", "new_name": "put"}));
    let after = p.read("src/lib.rs");
    let renamed: Vec<usize> = after.lines().enumerate().filter(|(_, l)| l.contains("put")).map(|(i, _)| i).collect();
    assert_eq!(renamed, [1, 13, 23, 24], "{after}");
}

/// Python: in the class body, a bare name after the method's `def` is the method (`save.alters_data = True`):
/// a use, renamed with it; the method's parameter of the name is not.
#[test]
fn python_a_method_named_in_its_class_body_is_a_use() {
    let source = "class Cart:\n    def save(self, save=True):\n        if save:\n            return 1\n\n    save.alters_data = True\n\n\n\
                  def run(c: Cart):\n    c.save()\n";
    let mut p = heuristic_project(&[("shop.py", source)]);
    assert_eq!(uses(&mut p, "Cart/save", "shop.py"), "shop.py:5 Cart\nshop.py:9 run");
    p.ok("rename_symbol", json!({"name_path": "Cart/save", "relative_path": "shop.py", "new_name": "store"}));
    let after = p.read("shop.py");
    assert!(
        after.contains("def store(self, save=True):\n        if save:") && after.contains("    store.alters_data"),
        "{after}"
    );
}

/// A wrapper type (grammars.toml `wrapper_types`: TypeScript's `Partial<Cart>`, Rust's `Box<Cart>`, `Box<dyn
/// Shop>`, Python's `Final[Cart]`) has its argument's members, as Rust's `impl Shop` has Shop's; another
/// generic type (`Promise<Cart>`) is not its argument.
#[test]
fn wrapper_types_have_their_arguments_members() {
    let mut p = heuristic_project(&[(
        "shop.ts",
        "class Cart {\n  add(n: number) { return n; }\n}\n\n\
         function run(a: Partial<Cart>, b: Readonly<Partial<Cart>>, c: Promise<Cart>) {\n  a.add(1);\n  b.add(2);\n  c.add(3);\n}\n",
    )]);
    assert_eq!(uses(&mut p, "Cart/add", "shop.ts"), "shop.ts:5 run\nshop.ts:6 run\nshop.ts:7 run ?");
    let mut p = heuristic_project(&[(
        "shop.rs",
        "struct Cart;\n\nimpl Cart {\n    fn add(&self) {}\n}\n\ntrait Shop {\n    fn add(&self);\n}\n\n\
         fn run(a: Box<Cart>, b: std::rc::Rc<Cart>, s: Box<dyn Shop>, t: &mut impl Shop) {\n    a.add();\n    b.add();\n    s.add();\n\
         \x20   t.add();\n}\n",
    )]);
    // Shop's method is not Cart's: Cart does not implement Shop
    assert_eq!(uses(&mut p, "Cart/add", "shop.rs"), "shop.rs:11 run\nshop.rs:12 run");
    assert_eq!(uses(&mut p, "Shop/add", "shop.rs"), "shop.rs:13 run\nshop.rs:14 run");
    let mut p = heuristic_project(&[(
        "shop.py",
        "from typing import Final\n\n\nclass Cart:\n    def add(self, item):\n        return item\n\n\n\
         DEFAULT: Final[Cart] = Cart()\n\n\ndef run(c: Final[Cart]):\n    c.add(1)\n",
    )]);
    assert_eq!(uses(&mut p, "Cart/add", "shop.py"), "shop.py:12 run");
}

/// Without a return annotation, a function's result is typed by what every `return` returns (`Cart()`,
/// `self`); with another `return` (`None`, an unknown value, another class) it may be a Cart and may not
/// (`via`). A module's variable imported elsewhere is typed by its assignment there.
#[test]
fn python_receivers_are_typed_by_returned_values_and_module_variables() {
    let mut p = heuristic_project(&[
        (
            "cart.py",
            "class Cart:\n    def add(self, item):\n        return self\n\n\ndef make():\n    return Cart()\n\n\n\
             def maybe(x):\n    if x:\n        return Cart()\n    return None\n\n\ndefault_cart = make()\n\n\n\
             class Wishlist:\n    def add(self, item):\n        return self\n\n\n\
             def either(x):\n    if x:\n        return Cart()\n    return Wishlist()\n",
        ),
        (
            "use.py",
            "from cart import default_cart, make, maybe, either\n\n\ndef run():\n    c = make()\n    x = c.add(1)\n\
             \n    x.add(2)\n    m = maybe(1)\n    m.add(3)\n    default_cart.add(4)\n    either(1).add(5)\n",
        ),
    ]);
    assert_eq!(
        uses(&mut p, "Cart/add", "cart.py"),
        "use.py:5 run\nuse.py:7 run\nuse.py:9 run via\nuse.py:10 run\nuse.py:11 run via"
    );
    // `maybe(1)` is a Cart or None: not a Wishlist, as far as the tree shows, but not known not to be
    assert_eq!(uses(&mut p, "Wishlist/add", "cart.py"), "use.py:11 run via\nuse.py:9 run ?");
    let refused =
        p.err("rename_symbol", json!({"name_path": "Cart/add", "relative_path": "cart.py", "new_name": "put"}));
    assert!(refused.contains("may reach this method") && refused.contains(r#"{"use.py": [9, 11]}"#), "{refused}");
}

/// TypeScript: a parameter of a function passed as an argument is typed by the called function's
/// declaration of that argument (`operate((source, subscriber) => subscriber.next(v))`, with `init:
/// (source: T, subscriber: Subscriber<R>) => void`), in another file too, and by a constructor's for `new
/// Observable((subscriber) => ...)` (`this:` is no argument); a nullable declaration (`Subscriber | null`)
/// types an optional chain (`inner?.next()`); another class's is left out.
#[test]
fn typescript_callback_parameters_are_typed_by_the_called_function() {
    let mut p = heuristic_project(&[
        (
            "a.ts",
            "export class Subscriber<T> {\n  next(v: T) {}\n}\nexport class Other {\n  next(v: number) {}\n}\n\
             export function operate<T, R>(init: (source: T, subscriber: Subscriber<R>) => void): void {}\n\
             export function other(init: (x: Other) => void): void {}\n\
             export class Observable {\n  constructor(subscribe?: (this: Observable, subscriber: Subscriber<number>) => void) {}\n}\n",
        ),
        (
            "b.ts",
            "import { Observable, Subscriber, operate, other } from './a';\n\nexport function run() {\n\
             \x20 operate((source, subscriber) => {\n    subscriber.next(1);\n  });\n  other((x) => x.next(1));\n\
             \x20 other(x => x.next(2));\n  operate((s, sub) => sub.next(3));\n  new Observable((subscriber) => subscriber.next(4));\n\
             \x20 let inner: Subscriber<number> | null = null;\n  inner?.next(5);\n}\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Subscriber/next", "a.ts"), "b.ts:4 run\nb.ts:8 run\nb.ts:9 run\nb.ts:11 run");
}

/// TypeScript: a call of a function of an enclosing scope returns what its signature there declares: a
/// parameter's function type (`factory: () => Sub | void`), a nested function's, a const arrow's; a
/// parameter of no function type says nothing, whatever a module function of its name returns.
#[test]
fn typescript_calls_of_local_functions_return_their_declared_type() {
    let mut p = heuristic_project(&[
        (
            "a.ts",
            "export class Sub {\n  unsubscribe(): void {}\n}\nexport function make(): Sub {\n  return new Sub();\n}\n",
        ),
        (
            "b.ts",
            "import { Sub } from './a';\n\nexport function g(factory: () => Sub | void, make: any) {\n\
             \x20 const resource = factory();\n  resource!.unsubscribe();\n\
             \x20 function build(): Sub {\n    return new Sub();\n  }\n  build().unsubscribe();\n\
             \x20 const mk = (): Sub => new Sub();\n  mk().unsubscribe();\n  make().unsubscribe();\n}\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Sub/unsubscribe", "a.ts"), "b.ts:4 g\nb.ts:8 g\nb.ts:10 g\nb.ts:11 g ?");
}

/// A map's values are of its second type argument (`new Map<K, { subscription: Sub }>()`, `dict[str, Sub]`):
/// a value taken out by key is typed, what iterating the map gives (keys, entries) is not.
#[test]
fn map_values_are_typed_by_their_type_argument() {
    let mut p = heuristic_project(&[
        ("a.ts", "export class Sub {\n  unsubscribe(): void {}\n}\n"),
        (
            "b.ts",
            "import { Sub } from './a';\n\nexport function f() {\n\
             \x20 const lookup = new Map<number, { handler: () => void; subscription: Sub }>();\n\
             \x20 const value = lookup.get(1);\n  value!.subscription.unsubscribe();\n\
             \x20 const subs: ReadonlyMap<string, Sub> = new Map();\n  subs.get('a')?.unsubscribe();\n\
             \x20 for (const entry of subs) {\n    entry.unsubscribe();\n  }\n}\n",
        ),
        ("sub.py", "class Sub:\n    def unsubscribe(self):\n        pass\n"),
        (
            "use.py",
            "from sub import Sub\n\n\ndef f(subs: dict[str, Sub]):\n    subs['a'].unsubscribe()\n\
             \x20   subs.get('b').unsubscribe()\n    for key in subs:\n        key.unsubscribe()\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Sub/unsubscribe", "a.ts"), "b.ts:5 f\nb.ts:7 f\nb.ts:9 f ?");
    assert_eq!(uses(&mut p, "Sub/unsubscribe", "sub.py"), "use.py:4 f\nuse.py:5 f\nuse.py:7 f ?");
}

/// TypeScript: an interface's property is typed by its annotation (`record.window.next()`); a callback passed
/// to a function of an enclosing scope (a nested `function`, a `const` arrow) is typed by what that function
/// declares, or a parameter's function type declares, not by a module function of the same name elsewhere;
/// a callback passed to a parameter of no function type stays uncertain.
#[test]
fn typescript_interface_properties_and_local_functions_type_receivers() {
    let mut p = heuristic_project(&[
        ("a.ts", "export class Subject<T> {\n  next(v: T) {}\n}\nexport class Other {\n  next(v: number) {}\n}\n"),
        (
            "b.ts",
            "import { Subject, Other } from './a';\n\ninterface WindowRecord<T> {\n  seen: number;\n  window: Subject<T>;\n}\n\
             export function run(records: WindowRecord<number>[], cb: (f: (o: Other) => void) => void, any: any) {\n\
             \x20 const loop = (each: (record: WindowRecord<number>) => void) => records.forEach(each);\n\
             \x20 loop((record) => record.window.next(1));\n\
             \x20 function notify(each: (o: Other) => void) {}\n  notify((o) => o.next(2));\n\
             \x20 cb((o) => o.next(3));\n  any((o) => o.next(4));\n}\n",
        ),
        // a module function of the name that `run`'s own `notify` hides
        ("c.ts", "import { Subject } from './a';\n\nexport function notify(each: (o: Subject<number>) => void) {}\n"),
    ]);
    assert_eq!(uses(&mut p, "Subject/next", "a.ts"), "b.ts:8 run\nb.ts:12 run ?");
    assert_eq!(uses(&mut p, "Other/next", "a.ts"), "b.ts:10 run\nb.ts:11 run\nb.ts:12 run ?");
}

/// TypeScript: the members of an object literal are members of the type it is written as: a parameter's
/// declared type (`new SafeSubscriber({ next })`, a nullable union with a function type), a variable's,
/// a cast's (an intersection with an object type), a typed variable assigned; an argument of another
/// class's type is that class's, and a literal written nowhere typed stays uncertain. A conditional's
/// value is one of its branches': the target's class in both, or maybe (`via`) with another class.
#[test]
fn typescript_object_literal_members_are_typed_by_where_they_are_written() {
    let mut p = heuristic_project(&[
        (
            "a.ts",
            "export interface Observer<T> {\n  next: (value: T) => void;\n}\n\
             export class Subscriber<T> implements Observer<T> {\n  next(value: T) {}\n}\n\
             export class SafeSubscriber<T> extends Subscriber<T> {\n\
             \x20 constructor(observer?: Partial<Observer<T>> | ((value: T) => void) | null) { super(); }\n}\n\
             export class Other {\n  next(v: number) {}\n}\nexport function take(o: Other): void {}\n",
        ),
        (
            "b.ts",
            "import { Observer, SafeSubscriber, Other, take } from './a';\n\nexport function run() {\n\
             \x20 new SafeSubscriber<number>({\n    next: (v) => {},\n  });\n\
             \x20 const direct: Partial<Observer<number>> = { next(v) {} };\n\
             \x20 const cast = { next: (v: number) => {} } as Readonly<Observer<number>> & { closed: true };\n\
             \x20 let later: Observer<number>;\n  later = { next };\n\
             \x20 take({ next: (v: number) => {} });\n  const plain = { next: 1 };\n\
             \x20 const sure = later ? new SafeSubscriber<number>() : new SafeSubscriber<number>();\n  sure.next(1);\n\
             \x20 const pick = later ? new SafeSubscriber<number>() : new Other();\n  pick.next(2);\n}\n\
             function next(v: number) {}\n",
        ),
    ]);
    assert_eq!(
        uses(&mut p, "Subscriber/next", "a.ts"),
        "a.ts:1 Observer/next\nb.ts:4 run\nb.ts:6 run\nb.ts:7 run\nb.ts:9 run\nb.ts:13 run\nb.ts:15 run via\nb.ts:11 run ?"
    );
}

/// An element taken out of a collection is typed by the collection's declared element type, as far down as
/// it is indexed or iterated: Go `for _, r := range f.Require`, `m.scores[i][0]` of a `[][2]scoreVal`
/// field (of a type defined in another file than the method), a `map[string]*Reader` value, what
/// `make(map[int]*Reader)` and `new(Reader)` make; TypeScript `for (const o of this.observers)`, `xs[0]`
/// of a `Reader[]` parameter, `[new Reader()]` and its `shift()`, a variable bound to `this.observers[0]`;
/// Python `for r in readers` of a `list[Reader]`, its `pop()`, `[Reader()]`; Rust `for r in
/// &self.readers` of a `Vec<Reader>`. A range's first variable (an index), a member of the collection
/// itself, and another type's elements are not the target's.
#[test]
fn elements_of_declared_collections_are_typed() {
    let mut p = heuristic_project(&[
        ("go.mod", "module ex\n\ngo 1.20\n"),
        (
            "a/a.go",
            "package a\n\ntype Reader struct{}\n\nfunc (r *Reader) Read() int { return 0 }\n\n\
             type Other struct{}\n\nfunc (o Other) Read() int { return 1 }\n\n\
             type File struct {\n\tRequire []*Reader\n\tscores  [][2]Reader\n\tothers  []Other\n\tby      map[string]*Reader\n}\n",
        ),
        (
            "a/b.go",
            "package a\n\nfunc (f *File) Go(rs []Reader) {\n\tfor _, r := range f.Require {\n\t\tr.Read()\n\t}\n\
             \tf.scores[0][1].Read()\n\tf.others[0].Read()\n\tf.by[\"x\"].Read()\n\trs[0].Read()\n\
             \tfor i := range rs {\n\t\ti.Read()\n\t}\n\tf.scores[0].Read()\n\tm := make(map[int]*Reader)\n\
             \tm[1].Read()\n\tn := new(Reader)\n\tn.Read()\n}\n",
        ),
    ]);
    assert_eq!(
        uses(&mut p, "Reader/Read", "a/a.go"),
        "a/b.go:4 File/Go\na/b.go:6 File/Go\na/b.go:8 File/Go\na/b.go:9 File/Go\na/b.go:15 File/Go\na/b.go:17 File/Go\n\
         a/b.go:11 File/Go ?\na/b.go:13 File/Go ?"
    );
    let mut p = heuristic_project(&[(
        "shop.ts",
        "class Reader {\n  read() { return 0; }\n}\nclass Other {\n  read() { return 1; }\n}\n\
         class Hub {\n  observers: Reader[] = [];\n  others: Array<Other> = [];\n  run(xs: readonly Reader[]) {\n\
         \x20   for (const o of this.observers) {\n      o.read();\n    }\n    xs[0].read();\n\
         \x20   for (const o of this.others) {\n      o.read();\n    }\n    for (const k in xs) {\n      k.read();\n    }\n\
         \x20   let windows = [new Reader()];\n    windows[0].read();\n    windows.shift()!.read();\n    const first = this.observers[0];\n\
         \x20   first.read();\n  }\n}\n",
    )]);
    assert_eq!(
        uses(&mut p, "Reader/read", "shop.ts"),
        "shop.ts:11 Hub/run\nshop.ts:13 Hub/run\nshop.ts:21 Hub/run\nshop.ts:22 Hub/run\nshop.ts:24 Hub/run\nshop.ts:18 Hub/run ?"
    );
    let mut p = heuristic_project(&[(
        "shop.py",
        "class Reader:\n    def read(self):\n        return 0\n\n\nclass Other:\n    def read(self):\n        return 1\n\n\n\
         def run(readers: list[Reader], others: list[Other]):\n    for r in readers:\n        r.read()\n\
         \x20   [o.read() for o in others]\n    readers[0].read()\n    readers.read()\n    last = readers.pop()\n    last.read()\n\
         \x20   made = [Reader()]\n    made[0].read()\n",
    )]);
    assert_eq!(
        uses(&mut p, "Reader/read", "shop.py"),
        "shop.py:12 run\nshop.py:14 run\nshop.py:17 run\nshop.py:19 run\nshop.py:15 run ?"
    );
    let mut p = heuristic_project(&[(
        "shop.rs",
        "struct Reader;\n\nimpl Reader {\n    fn read(&self) {}\n}\n\nstruct Hub {\n    readers: Vec<Reader>,\n}\n\n\
         impl Hub {\n    fn run(&self, xs: &[Reader]) {\n        for r in &self.readers {\n            r.read();\n        }\n\
         \x20       xs[0].read();\n    }\n}\n",
    )]);
    assert_eq!(uses(&mut p, "Reader/read", "shop.rs"), "shop.rs:13 Hub/run\nshop.rs:15 Hub/run");
}

/// Rust: a function of a module of a file (`mod tests { fn parser(..) -> Parser }`) types what its calls
/// return, and a call inside a macro's arguments (`assert_eq!(parser("i").flag(), 0)`, tokens to the
/// grammar) is typed like one outside; the same-named method (`Parser::parser`) is not that function. A
/// type whose methods are in several `impl` blocks is one class, also seen from another file.
#[test]
fn rust_module_functions_and_calls_in_macro_arguments_type_receivers() {
    let mut p = heuristic_project(&[
        (
            "src/lib.rs",
            "pub mod t;\n\npub struct Parser(u8);\n\npub struct Other;\n\nimpl Parser {\n    pub fn new() -> Self {\n        Parser(0)\n    }\n}\n\n\
             impl Parser {\n    pub fn flag(&self) -> u8 {\n        0\n    }\n\n\
             \x20   pub fn parser(&self) -> Other {\n        Other\n    }\n}\n\nimpl Other {\n    pub fn flag(&self) -> u8 {\n        1\n    }\n}\n",
        ),
        (
            "src/t.rs",
            "#[cfg(test)]\nmod tests {\n    use crate::Parser;\n\n    fn parser(_p: &str) -> Parser {\n        Parser::new()\n    }\n\n\
             \x20   #[test]\n    fn flags() {\n        assert_eq!(parser(\"i\").flag(), 0);\n        let p = parser(\"m\");\n\
             \x20       assert_eq!(p.flag(), 0);\n        assert_eq!(p.parser().flag(), 1);\n    }\n}\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Parser/flag", "src/lib.rs"), "src/t.rs:10 tests/flags\nsrc/t.rs:12 tests/flags");
}

/// Rust: receivers typed by `Self::default()` in a trait's default method and by `clone()`; a parameter
/// typed with a lifetime (`&'e Span`); a class reached through a module path (`crate::Builder`, re-exported
/// by the crate's root, `crate::ast::Builder`, `super::parser::Builder`, `use crate::Builder`), not a
/// same-named class of another module; the value out of a `Result` by `?`; the items of a type that
/// implements `Iterator` (`type Item = Span;`).
#[test]
fn rust_self_paths_results_and_iterators_type_receivers() {
    let mut p = heuristic_project(&[
        ("src/lib.rs", "pub mod ast;\npub mod parser;\npub mod user;\npub use crate::parser::Builder;\n"),
        (
            "src/ast.rs",
            "pub struct Builder;\n\nimpl Builder {\n    pub fn new() -> Builder {\n        Builder\n    }\n}\n",
        ),
        (
            "src/parser.rs",
            "pub struct Builder;\n\nimpl Builder {\n    pub fn new() -> Builder {\n        Builder\n    }\n}\n\n\
             pub struct Span;\n\nimpl Span {\n    pub fn start(&self) -> u32 {\n        0\n    }\n}\n\n\
             pub struct Spans;\n\nimpl Iterator for Spans {\n    type Item = Span;\n\n\
             \x20   fn next(&mut self) -> Option<Span> {\n        None\n    }\n}\n\n\
             pub fn parse(s: &str) -> Result<Span, String> {\n    Ok(Span)\n}\n\n\
             pub trait Interval: Clone + Default {\n    fn set_upper(&mut self, bound: u32);\n\n\
             \x20   fn create(upper: u32) -> Self {\n        let mut int = Self::default();\n        int.set_upper(upper);\n\
             \x20       let copy = int.clone();\n        copy.set_upper(upper);\n        int\n    }\n}\n",
        ),
        (
            "src/user.rs",
            "use crate::parser::{parse, Span, Spans};\n\npub fn f<'e>(span: &'e Span, spans: Spans) -> Result<u32, String> {\n\
             \x20   crate::Builder::new();\n    crate::ast::Builder::new();\n    super::parser::Builder::new();\n\
             \x20   span.start();\n    let parsed = parse(\"a\")?;\n    parsed.start();\n\
             \x20   for s in spans {\n        s.start();\n    }\n    Ok(0)\n}\n\n\
             #[cfg(test)]\nmod tests {\n    use crate::Builder;\n\n    fn t() {\n        Builder::new();\n    }\n}\n",
        ),
    ]);
    // (`crate::ast::Builder::new` is still uncertain for either `Builder`, though the path is resolved for
    // the other uses: listed, not renamed)
    assert_eq!(
        uses(&mut p, "Builder/new", "src/parser.rs"),
        "src/user.rs:3 f\nsrc/user.rs:5 f\nsrc/user.rs:20 tests/t\nsrc/user.rs:4 f ?"
    );
    assert_eq!(uses(&mut p, "Builder/new", "src/ast.rs"), "src/user.rs:4 f ?");
    assert_eq!(uses(&mut p, "Span/start", "src/parser.rs"), "src/user.rs:6 f\nsrc/user.rs:8 f\nsrc/user.rs:10 f");
    assert_eq!(
        uses(&mut p, "Interval/set_upper", "src/parser.rs"),
        "src/parser.rs:35 Interval/create\nsrc/parser.rs:37 Interval/create"
    );
}

/// A receiver of a class named through a module (`models.ImageField(...)`, `f: models.ImageField`) is the
/// class that module has (here through a package's re-export), not a same-named class of another module.
#[test]
fn python_receivers_of_a_class_named_through_a_module() {
    let mut p = heuristic_project(&[
        ("db/__init__.py", ""),
        ("db/models/__init__.py", "from db.models.files import ImageField\n"),
        ("db/models/files.py", "class ImageField:\n    def deconstruct(self):\n        return 1\n"),
        ("forms/__init__.py", ""),
        ("forms/fields.py", "class ImageField:\n    def deconstruct(self):\n        return 2\n"),
        (
            "use.py",
            "from db import models\nfrom forms import fields\n\n\ndef run(f: models.ImageField):\n\
             \x20   field = models.ImageField()\n    field.deconstruct()\n    f.deconstruct()\n    other = fields.ImageField()\n\
             \x20   other.deconstruct()\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "ImageField/deconstruct", "db/models/files.py"), "use.py:6 run\nuse.py:7 run");
    assert_eq!(uses(&mut p, "ImageField/deconstruct", "forms/fields.py"), "use.py:9 run");
}

/// TypeScript: a name destructured from a value is typed by that value's property (`const { cart } =
/// this`), a method's declared result is found in the class's bases too (`sub.make()` of a `Base` method),
/// and a callback passed as a branch of a conditional is typed like one passed directly.
#[test]
fn typescript_destructured_inherited_and_conditional_receivers() {
    let mut p = heuristic_project(&[(
        "shop.ts",
        "class Cart {\n  add(n: number) { return n; }\n}\nclass Other {\n  add(n: number) { return n; }\n}\n\
         class Base {\n  make(): Cart { return new Cart(); }\n}\nclass Sub extends Base {}\n\
         function operate(init: (cart: Cart) => void) {}\n\
         class Shop {\n  cart: Cart = new Cart();\n  other: Other = new Other();\n  run(sub: Sub, flag: boolean) {\n\
         \x20   const { cart, other } = this;\n    cart.add(1);\n    other.add(2);\n    sub.make().add(3);\n\
         \x20   operate(flag ? (c) => c.add(4) : (c) => c.add(5));\n  }\n}\n",
    )]);
    assert_eq!(uses(&mut p, "Cart/add", "shop.ts"), "shop.ts:16 Shop/run\nshop.ts:18 Shop/run\nshop.ts:19 Shop/run");
}

/// TypeScript: a cast types its value (`x as Cart`, `<Cart>x`), parentheses and `!` keep the type of what
/// they wrap; a cast to another class is left out.
#[test]
fn typescript_casts_and_wrappers_keep_the_receiver_typed() {
    let mut p = heuristic_project(&[(
        "shop.ts",
        "class Cart {\n  add(n: number) { return n; }\n}\nclass Other {\n  add(n: number) { return n; }\n}\n\
         function run(x: any, y: Cart | null) {\n  (x as Cart).add(1);\n  y!.add(2);\n  (y).add(3);\n\
         \x20 (x as Other).add(4);\n  (<Cart>x).add(5);\n}\n",
    )]);
    assert_eq!(uses(&mut p, "Cart/add", "shop.ts"), "shop.ts:7 run\nshop.ts:8 run\nshop.ts:9 run\nshop.ts:11 run");
}

/// Java: a receiver declared as a class the file imports from outside the project (`java.util.List`) is not
/// the project's class of that name: its uses stay uncertain; the project's own import ties them.
#[test]
fn a_class_imported_from_outside_the_project_is_not_the_projects() {
    let mut p = heuristic_project(&[
        (
            "src/p/util/List.java",
            "package p.util;\n\npublic class List<T> {\n    public T get(int i) { return null; }\n}\n",
        ),
        (
            "src/p/A.java",
            "package p;\n\nimport java.util.List;\n\nclass A {\n    Object run(List<Object> values) {\n        return values.get(0);\n    }\n}\n",
        ),
        (
            "src/p/B.java",
            "package p;\n\nimport p.util.List;\n\nclass B {\n    Object run(List<Object> values) {\n        return values.get(0);\n    }\n}\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "List/get", "src/p/util/List.java"), "src/p/A.java:6 A/run ?\nsrc/p/B.java:6 B/run");
}

/// A receiver of a class named through a module the file imports (`dummy.Backend()`) is that module's class,
/// not a same-named class of another module; through a value the imports do not name (`conf.Backend()`),
/// it may be either: uncertain.
#[test]
fn a_same_named_class_elsewhere_is_told_apart_by_its_module() {
    let mut p = heuristic_project(&[
        ("smtp.py", "class Backend:\n    def send(self):\n        return 1\n"),
        ("dummy.py", "class Backend:\n    def send(self):\n        return 0\n"),
        (
            "use.py",
            "import dummy\n\n\ndef run(conf):\n    b = dummy.Backend()\n    c = conf.Backend()\n    return b.send() + c.send()\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Backend/send", "smtp.py"), "use.py:6 run ?");
    assert_eq!(uses(&mut p, "Backend/send", "dummy.py"), "use.py:6 run");
}

/// The referencing entries of every symbol of a project (name path → answer, or the error), heuristic.
fn all_references(p: &mut TestProject) -> Vec<(String, String, Result<String, String>)> {
    let engine = p.engine();
    let root = engine.project().resolve("").unwrap();
    let mut out = Vec::new();
    for entry in engine.index().all_in(engine.project(), &root) {
        if entry.lang.entry.category == arborist::grammars::Category::Document {
            continue;
        }
        for i in entry.symbols.preorder().into_iter().take(25) {
            let name_path = entry.symbols.name_path(i);
            let args = json!({"name_path": name_path, "relative_path": entry.rel, "backend": "heuristic"});
            out.push((entry.rel.clone(), name_path, p.call("find_referencing_symbols", args)));
        }
    }
    out.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    out
}

#[test]
fn the_identifier_index_answers_as_a_search_of_the_files_does() {
    let mut checked = 0;
    for lang in ["python", "typescript", "tsx", "javascript", "java", "go", "rust", "cpp", "ruby", "kotlin"] {
        let mut searched = TestProject::fixture(lang);
        let mut indexed = TestProject::fixture(lang);
        indexed.engine().build_index(1);
        assert!(indexed.engine().index().is_ready());
        let (a, b) = (all_references(&mut searched), all_references(&mut indexed));
        assert_eq!(a.len(), b.len(), "{lang}: the same symbols");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x, y, "{lang}: {} in {}", x.1, x.0);
        }
        checked += a.iter().filter(|x| x.2.as_ref().is_ok_and(|t| t.contains("name_path"))).count();
    }
    assert!(checked > 100, "only {checked} symbols had references");
}

#[test]
fn the_identifier_index_follows_edits_and_restarts() {
    let mut p = heuristic_project(&[
        ("shop/cart.py", "class Cart:\n    pass\n"),
        ("shop/use.py", "from shop.cart import Cart\n\ndef make():\n    return Cart()\n"),
        ("shop/other.py", "def unrelated():\n    return 1\n"),
    ]);
    p.engine().build_index(1);
    assert_eq!(referencing(&mut p, "Cart", "shop/cart.py"), ["shop/use.py:make", "shop/use.py:use"]);
    // an edit through the tools adds a use; one written behind our back adds another
    p.ok(
        "replace_symbol_body",
        json!({"name_path": "unrelated", "relative_path": "shop/other.py",
        "body": "def unrelated():\n    from shop.cart import Cart\n    return Cart()"}),
    );
    std::fs::write(p.root.join("shop/late.py"), "from shop.cart import Cart\n\ndef late():\n    return Cart\n")
        .unwrap();
    let engine = p.engine();
    let seen = || engine.index().files_using(engine.project(), "late").is_some_and(|f| !f.is_empty());
    crate::util::wait_until("the watcher sees shop/late.py", std::time::Duration::from_secs(20), seen);
    assert_eq!(
        referencing(&mut p, "Cart", "shop/cart.py"),
        [
            "shop/late.py:late",
            "shop/late.py:late",
            "shop/other.py:unrelated",
            "shop/other.py:unrelated",
            "shop/use.py:make",
            "shop/use.py:use"
        ]
    );
    // a use removed is gone, also after a restart from the saved index
    p.ok(
        "replace_symbol_body",
        json!({"name_path": "make", "relative_path": "shop/use.py",
        "body": "def make():\n    return None"}),
    );
    let expected = [
        "shop/late.py:late",
        "shop/late.py:late",
        "shop/other.py:unrelated",
        "shop/other.py:unrelated",
        "shop/use.py:use",
    ];
    assert_eq!(referencing(&mut p, "Cart", "shop/cart.py"), expected);
    p.engine().build_index(1);
    p.reopen();
    p.engine().build_index(1);
    assert_eq!(referencing(&mut p, "Cart", "shop/cart.py"), expected);
}

#[test]
fn a_comment_ending_in_a_period_is_not_a_member_access() {
    let mut p = heuristic_project(&[
        ("base.py", "class Model:\n    pass\n"),
        ("ser.py", "def load(node):\n    # Look the model up.\n    Model = find(node)\n    return Model._meta\n"),
    ]);
    assert_eq!(referencing(&mut p, "Model", "base.py"), Vec::<String>::new());
}

/// A precise answer is checked against the tree: `r.json()` on responses pyright cannot type is listed as
/// unconfirmed, and a language-server rename that would leave those calls naming nothing is refused.
#[test]
#[ignore = "needs pyright-langserver"]
fn precise_answers_list_unconfirmed_uses_and_a_rename_that_misses_them_is_refused() {
    require("pyright-langserver");
    let mut p = TestProject::empty();
    p.write(".arborist/project.toml", "references_backend = \"lsp\"\n");
    p.write("client.py", "class Response:\n    def json(self):\n        return {}\n\n\ndef fetch(url) -> Response:\n    return Response()\n");
    p.write(
        "use.py",
        "import importlib\nfrom client import fetch\n\n\ndef typed():\n    return fetch('a').json()\n\n\n\
         def dynamic(name):\n    r = getattr(importlib.import_module('client'), name)('b')\n    return r.json()\n",
    );
    let a = p.ok("find_referencing_symbols", json!({"name_path": "Response/json", "relative_path": "client.py"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    assert!(v["backend"].as_str().unwrap().starts_with("precise"), "{a}");
    let items = v["use.py"]["Function"].as_array().unwrap();
    let flagged: Vec<(&str, bool)> =
        items.iter().map(|i| (i["name_path"].as_str().unwrap(), i.get("unconfirmed").is_some())).collect();
    assert_eq!(flagged, [("typed", false), ("dynamic", true)], "{a}");

    let rename = json!({"name_path": "Response/json", "relative_path": "client.py", "new_name": "payload"});
    let refused = p.err("rename_symbol", rename.clone());
    assert!(refused.contains("precise") && refused.contains(r#""use.py": [10]"#), "{refused}");
    assert!(!p.read("client.py").contains("payload"), "a refused rename writes nothing");
    let mut allowed = rename;
    allowed["allow_unchanged_uses"] = json!(true);
    let done = p.ok("rename_symbol", allowed);
    assert!(done.contains("Left unchanged") && done.contains("use.py:10"), "{done}");
    assert!(p.read("use.py").contains("fetch('a').payload()") && p.read("use.py").contains("r.json()"));
}

/// Python's `__all__` names what `from module import *` exports: its string is a use, renamed with the
/// symbol, so a star import still finds the new name.
#[test]
fn a_python_export_list_string_is_a_use_and_is_renamed() {
    let mut p = heuristic_project(&[
        ("ops/models.py", "class AlterManagers:\n    pass\n"),
        ("ops/__init__.py", "from .models import AlterManagers\n\n__all__ = [\"AlterManagers\", 'Other']\n"),
        ("use.py", "from ops import *\n\nx = AlterManagers()\nlabel = \"AlterManagers\"\n"),
    ]);
    assert_eq!(
        referencing(&mut p, "AlterManagers", "ops/models.py"),
        ["ops/__init__.py:__all__", "ops/__init__.py:__init__", "use.py:x"]
    );
    let a = p.ok(
        "rename_symbol",
        json!({"name_path": "AlterManagers", "relative_path": "ops/models.py", "new_name": "AlterMgrs"}),
    );
    assert!(a.ends_with("The old name is still a word in comments or strings (check them): use.py:3"), "{a}");
    assert_eq!(p.read("ops/__init__.py"), "from .models import AlterMgrs\n\n__all__ = [\"AlterMgrs\", 'Other']\n");
    assert_eq!(
        p.read("use.py"),
        "from ops import *\n\nx = AlterMgrs()\nlabel = \"AlterManagers\"\n",
        "other strings stay"
    );
}

/// Go's named non-struct types have methods too: `Op.String` is a member, so another type's `String()` is
/// not one of its uses, and a receiver typed `Op` is.
#[test]
fn methods_of_a_go_named_type_are_members() {
    let mut p = heuristic_project(&[
        ("go.mod", "module example.com/m\n\ngo 1.21\n"),
        ("op.go", "package m\n\ntype Op uint16\n\nfunc (o Op) String() string { return \"op\" }\n"),
        (
            "use.go",
            "package m\n\ntype Name struct{}\n\nfunc (n Name) String() string { return \"n\" }\n\n\
             func show(o Op) string {\n\treturn o.String()\n}\n\nfunc name(n Name) string {\n\treturn n.String()\n}\n",
        ),
    ]);
    assert_eq!(referencing(&mut p, "Op/String", "op.go"), ["use.go:show"]);
}

/// A Python package above the target that defines its own symbol of the name is not a re-export of it:
/// `from pkg.trans import gettext` is the package's wrapper, not `pkg.trans.real.gettext`.
#[test]
fn a_package_that_defines_its_own_name_is_not_a_re_export() {
    let mut p = heuristic_project(&[
        ("pkg/__init__.py", ""),
        ("pkg/trans/real.py", "def gettext(message):\n    return message\n"),
        (
            "pkg/trans/__init__.py",
            "from pkg.trans import real\n\n\ndef gettext(message):\n    return real.gettext(message)\n",
        ),
        ("pkg/util/impl.py", "def helper():\n    return 1\n"),
        ("pkg/util/__init__.py", "from .impl import helper\n"),
        (
            "use.py",
            "from pkg.trans import gettext\nfrom pkg import trans\nfrom pkg.util import helper\n\n\n\
             def run():\n    return gettext('a')\n\n\ndef qualified():\n    return trans.gettext('b')\n\n\n\
             def helped():\n    return helper()\n",
        ),
    ]);
    assert_eq!(referencing(&mut p, "gettext", "pkg/trans/real.py"), ["pkg/trans/__init__.py:gettext"]);
    assert_eq!(
        referencing(&mut p, "helper", "pkg/util/impl.py"),
        ["pkg/util/__init__.py:__init__", "use.py:helped", "use.py:use"]
    );
}

/// A file that defines its own top-level function named like a method still uses the method through
/// typed receivers: only its bare uses mean its own function.
#[test]
fn a_top_level_namesake_hides_only_bare_uses() {
    let mut p = heuristic_project(&[
        ("cart.py", "class Cart:\n    def add(self, item):\n        return item\n"),
        (
            "shop.py",
            "from cart import Cart\n\n\ndef add(a, b):\n    return a + b\n\n\n\
             def fill():\n    c = Cart()\n    return c.add(1)\n\n\ndef total():\n    return add(1, 2)\n",
        ),
    ]);
    assert_eq!(referencing(&mut p, "Cart/add", "cart.py"), ["shop.py:fill"]);
}

/// JSDoc links name symbols as tsserver reads them: `{@link Name}`, `{@link Owner#member}`, `@see Name` and
/// the types of tags (`@returns {Name<T>}`) are uses (found through the identifier index too, and renamed with the symbol); the same word in other
/// comment text is not.
#[test]
fn jsdoc_links_are_uses_and_are_renamed() {
    let mut p = heuristic_project(&[
        ("src/Observable.ts", "export class Observable {\n  pipe(): Observable {\n    return this;\n  }\n}\n"),
        (
            "src/of.ts",
            "import { Observable } from './Observable';\n\n/**\n * Emits, as an {@link Observable} does.\n * Chains with {@linkcode Observable#pipe}.\n * @see Observable\n * @returns {Observable<number>} values.\n * Not a link: Observable.\n */\nexport function of(): Observable {\n  return new Observable();\n}\n",
        ),
    ]);
    p.engine().build_index(1);
    let found = uses(&mut p, "Observable", "src/Observable.ts");
    assert_eq!(
        found,
        "src/Observable.ts:1 Observable/pipe\nsrc/of.ts:0 of\nsrc/of.ts:3 of\nsrc/of.ts:4 of\nsrc/of.ts:5 of\nsrc/of.ts:6 of\nsrc/of.ts:9 of\nsrc/of.ts:10 of",
        "{found}"
    );
    assert_eq!(uses(&mut p, "Observable/pipe", "src/Observable.ts"), "src/of.ts:4 of");
    p.ok(
        "rename_symbol",
        json!({"name_path": "Observable", "relative_path": "src/Observable.ts", "new_name": "Stream"}),
    );
    let of = p.read("src/of.ts");
    assert!(
        of.contains("{@link Stream}")
            && of.contains("{@linkcode Stream#pipe}")
            && of.contains("@see Stream\n")
            && of.contains("{Stream<number>}"),
        "{of}"
    );
    assert!(of.contains("Not a link: Observable."), "plain comment text is left: {of}");
}

/// Javadoc links name symbols as jdtls reads them: `{@link Name}`, `{@linkplain Name#member(Type)}` (the
/// parameter types too), `@see Name` and `@throws Name` are uses, renamed with the symbol; the same word in
/// other comment text and `{@code Name}` are not.
#[test]
fn javadoc_links_are_uses_and_are_renamed() {
    let mut p = heuristic_project(&[
        ("p/Tree.java", "package p;\n\npublic class Tree {\n    public void visit(Env env) {}\n}\n"),
        ("p/Env.java", "package p;\n\npublic class Env extends RuntimeException {}\n"),
        (
            "p/Use.java",
            "package p;\n\n/**\n * Walks a {@link Tree}, see {@linkplain Tree#visit(Env) its visit}.\n * @see Tree\n * @throws Env never\n * Not a link: Tree, nor {@code Tree}.\n */\npublic class Use {\n    Tree tree = new Tree();\n}\n",
        ),
    ]);
    p.engine().build_index(1);
    assert_eq!(uses(&mut p, "Tree", "p/Tree.java"), "p/Use.java:3 Use\np/Use.java:4 Use\np/Use.java:9 Use/tree");
    assert_eq!(uses(&mut p, "Env", "p/Env.java"), "p/Tree.java:3 Tree/visit\np/Use.java:3 Use\np/Use.java:5 Use");
    assert_eq!(uses(&mut p, "Tree/visit", "p/Tree.java"), "p/Use.java:3 Use");
    p.ok("rename_symbol", json!({"name_path": "Tree", "relative_path": "p/Tree.java", "new_name": "Node"}));
    let used = p.read("p/Use.java");
    assert!(
        used.contains("{@link Node}")
            && used.contains("{@linkplain Node#visit(Env) its visit}")
            && used.contains("@see Node\n")
            && used.contains("Node tree = new Node();"),
        "{used}"
    );
    assert!(used.contains("Not a link: Tree, nor {@code Tree}."), "plain comment text is left: {used}");
}

/// A TypeScript method's references take in its override family as tsserver's do: the members of the
/// name it overrides and that override it (their definitions and their uses through `super`, `this` or a
/// typed receiver); another class's member of the name stays out.
#[test]
fn typescript_method_references_take_in_the_override_family() {
    let mut p = heuristic_project(&[
        ("base.ts", "export class Base {\n  run(): void {}\n}\n"),
        (
            "child.ts",
            "import { Base } from './base';\n\nexport class Child extends Base {\n  run(): void {\n    super.run();\n  }\n}\n\nexport class Other {\n  run(): void {}\n}\n",
        ),
        (
            "use.ts",
            "import { Base } from './base';\nimport { Child, Other } from './child';\n\nexport function go(b: Base) {\n  const c = new Child();\n  c.run();\n  b.run();\n  const o = new Other();\n  o.run();\n}\n",
        ),
    ]);
    p.engine().build_index(1);
    let family = "base.ts:1 Base/run\nchild.ts:3 Child/run\nchild.ts:4 Child/run\nuse.ts:5 go\nuse.ts:6 go";
    assert_eq!(uses(&mut p, "Child/run", "child.ts"), family.replace("child.ts:3 Child/run\n", ""));
    assert_eq!(uses(&mut p, "Base/run", "base.ts"), family.replace("base.ts:1 Base/run\n", ""));
    assert_eq!(uses(&mut p, "Other/run", "child.ts"), "use.ts:8 go");
}

/// Before any index, a member query rations its searches for receiver classes; which receivers get one
/// does not depend on thread timing: the files are read in path order, so the first ones' receivers are
/// typed (another class's `size`, left out) and the rest stay uncertain, the same in every run.
#[test]
fn member_references_before_an_index_are_the_same_every_run() {
    let mut p = TestProject::empty();
    p.write(".arborist/project.toml", "references_backend = \"heuristic\"\n");
    p.write("target.py", "class Target:\n    def size(self):\n        return 1\n");
    for i in 0..40 {
        p.write(&format!("c{i:02}.py"), format!("class K{i:02}:\n    def size(self):\n        return 2\n"));
        p.write(
            &format!("u{i:02}.py"),
            format!("from c{i:02} import K{i:02}\n\n\ndef use():\n    return K{i:02}().size()\n"),
        );
    }
    let args = json!({"name_path": "Target/size", "relative_path": "target.py", "max_answer_chars": 1000000});
    let first = p.ok("find_referencing_symbols", args.clone());
    let v: Value = serde_json::from_str(&first).unwrap();
    let uncertain: Vec<&str> =
        v.as_object().unwrap().keys().filter(|k| k.starts_with('u')).map(|k| k.as_str()).collect();
    let typed = 40 - uncertain.len();
    assert!(typed > 0 && !uncertain.is_empty(), "the ration is used up part way: {first}");
    let tail: Vec<String> = (typed..40).map(|i| format!("u{i:02}.py")).collect();
    assert_eq!(uncertain, tail, "the files read first got the searches: {first}");
    for _ in 0..2 {
        p.reopen();
        assert_eq!(p.ok("find_referencing_symbols", args.clone()), first);
    }
}

/// `->` is no member access where it starts a return type or a lambda's body: Python's `def make() ->
/// Model:` and Java's `x -> price(x)` are certain uses, renamed with the symbol (they were left as
/// uncertain, and a rename left them naming what no longer exists).
#[test]
fn a_name_after_an_arrow_is_a_plain_use() {
    let mut p = heuristic_project(&[
        ("app/models.py", "class Model:\n    pass\n"),
        ("app/use.py", "from app.models import Model\n\n\ndef make() -> Model:\n    return Model()\n"),
        (
            "src/main/java/com/a/Shop.java",
            "package com.a;\n\nimport java.util.List;\n\npublic class Shop {\n    static int price(int x) {\n        return x * 2;\n    }\n\n    int total(List<Integer> items) {\n        return items.stream().mapToInt(x -> price(x)).sum();\n    }\n}\n",
        ),
    ]);
    let model = uses(&mut p, "Model", "app/models.py");
    assert_eq!(model, "app/use.py:0 use\napp/use.py:3 make\napp/use.py:4 make", "{model}");
    let price = uses(&mut p, "Shop/price", "src/main/java/com/a/Shop.java");
    assert_eq!(price, "src/main/java/com/a/Shop.java:10 Shop/total", "{price}");

    let renamed =
        p.ok("rename_symbol", json!({"name_path": "Model", "relative_path": "app/models.py", "new_name": "Item"}));
    assert!(renamed.starts_with("Successfully renamed"), "{renamed}");
    assert_eq!(p.read("app/use.py"), "from app.models import Item\n\n\ndef make() -> Item:\n    return Item()\n");
}
