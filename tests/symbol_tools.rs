//! The symbol tools over the language fixtures: answer shapes, name-path semantics, bodies and infos,
//! diagnostics, and the heuristic declaration/implementation lookups.

use crate::util::TestProject;
use serde_json::{Value, json};

fn langs() -> TestProject {
    let mut p = TestProject::empty();
    crate::util::copy_dir(&crate::util::fixtures().join("python"), &p.root.join("py"));
    crate::util::copy_dir(&crate::util::fixtures().join("rust"), &p.root.join("rs"));
    crate::util::copy_dir(&crate::util::fixtures().join("go"), &p.root.join("go"));
    crate::util::copy_dir(&crate::util::fixtures().join("java"), &p.root.join("java"));
    p.write("NOTES.txt", "not code\n");
    p.write(".arborist/project.toml", "references_backend = \"heuristic\"\n");
    p
}

fn name_paths(answer: &str) -> Vec<String> {
    let v: Value = serde_json::from_str(answer).unwrap_or_else(|e| panic!("{e}: {answer}"));
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| format!("{} {}", s["name_path"].as_str().unwrap(), s["relative_path"].as_str().unwrap()))
        .collect()
}

#[test]
fn overview_groups_top_level_symbols_by_kind() {
    let mut p = langs();
    let a = p.ok("get_symbols_overview", json!({"relative_path": "py/inventory.py"}));
    assert_eq!(
        a,
        r#"{"Constant": ["DEFAULT_WAREHOUSE", "MAX_BATCH", "LOW_STOCK", "OUT_OF_STOCK"], "Variable": ["_registry"], "Class": ["StockLevel", "Sku", "Product", "Shipment"], "Function": ["restock", "batches"]}"#
    );
    let deep = p.ok("get_symbols_overview", json!({"relative_path": "go/list.go", "depth": 1}));
    assert_eq!(
        deep,
        r#"{"Interface": ["Number"], "Struct": [{"List": {"Field": ["head", "size"], "Method": ["Push", "Len", "Each"]}}, {"node": {"Field": ["value", "next"]}}, {"Pair": {"Field": ["Key", "Value"], "Method": ["Less"]}}], "Function": ["Map", "Sum"]}"#
    );
    assert!(p.err("get_symbols_overview", json!({"relative_path": "py"})).contains("directory path: py"));
    assert!(
        p.err("get_symbols_overview", json!({"relative_path": "NOTES.txt"}))
            .contains("not a source file of a supported language")
    );
}

#[test]
fn find_symbol_name_path_forms() {
    let mut p = langs();
    let find = |p: &mut TestProject, args: Value| name_paths(&p.ok("find_symbol", args));
    assert_eq!(
        find(&mut p, json!({"name_path_pattern": "Product/price"})),
        ["Product/price[0] py/inventory.py", "Product/price[1] py/inventory.py"]
    );
    assert_eq!(find(&mut p, json!({"name_path_pattern": "price[1]"})), ["Product/price[1] py/inventory.py"]);
    assert_eq!(find(&mut p, json!({"name_path_pattern": "/Product/Meta"})), ["Product/Meta py/inventory.py"]);
    assert!(find(&mut p, json!({"name_path_pattern": "/Meta"})).is_empty(), "absolute paths start at the top level");
    assert_eq!(find(&mut p, json!({"name_path_pattern": "reserve/fits"})), ["Product/reserve/fits py/inventory.py"]);
    assert_eq!(
        find(&mut p, json!({"name_path_pattern": "List/Push"})),
        ["List/Push go/list.go"],
        "Go methods nest under their receiver"
    );
    let from = find(&mut p, json!({"name_path_pattern": "Millimeters/from"}));
    assert_eq!(
        from,
        ["Millimeters/from[0] rs/units.rs", "Millimeters/from[1] rs/units.rs"],
        "Rust impl methods nest under the type"
    );
    let subs = find(&mut p, json!({"name_path_pattern": "Product/qua", "substring_matching": true}));
    assert_eq!(
        subs,
        [
            "Product/quantity[0] py/inventory.py",
            "Product/quantity[1] py/inventory.py",
            "Product/quantity[2] py/inventory.py"
        ]
    );
    let funcs = find(
        &mut p,
        json!({"name_path_pattern": "b", "substring_matching": true, "include_kinds": [12], "relative_path": "py/inventory.py"}),
    );
    assert_eq!(funcs, ["restock/bump py/inventory.py", "batches py/inventory.py"]);
    let no_methods = find(&mut p, json!({"name_path_pattern": "total", "relative_path": "java", "exclude_kinds": [6]}));
    assert!(no_methods.is_empty());
    assert!(p.err("find_symbol", json!({"name_path_pattern": ""})).contains("pattern is empty"));
    assert!(
        p.err("find_symbol", json!({"name_path_pattern": "a", "include_kinds": [99]}))
            .contains("unknown symbol kind 99")
    );
    assert_eq!(p.ok("find_symbol", json!({"name_path_pattern": "NoSuchThing"})), "[]");
}

#[test]
fn find_symbol_max_matches_lists_what_matched() {
    let mut p = langs();
    let e = p.err("find_symbol", json!({"name_path_pattern": "total", "relative_path": "java", "max_matches": 1}));
    assert_eq!(
        e,
        "Error executing tool find_symbol: Matched 2>max_matches=1 symbols.\n{\"java/OrderService.java\": [\"OrderService/Line/total\", \"OrderService/Stats/total\"]}"
    );
}

#[test]
fn find_symbol_body_info_and_children() {
    let mut p = langs();
    let a = p.ok("find_symbol", json!({"name_path_pattern": "Sku/__str__", "include_body": true}));
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v[0]["kind"], "Method");
    assert_eq!(v[0]["body_location"], json!({"start_line": 30, "end_line": 31}));
    assert_eq!(
        v[0]["body"],
        "def __str__(self) -> str:\n        return f\"{self.code}-{self.variant}\" if self.variant else self.code"
    );
    assert!(v[0].get("body_sha256").is_none(), "the hash only when asked for");
    let a =
        p.ok("find_symbol", json!({"name_path_pattern": "Sku/__str__", "include_body": true, "include_hash": true}));
    let v: Value = serde_json::from_str(&a).unwrap();
    let body = v[0]["body"].as_str().unwrap();
    assert_eq!(v[0]["body_sha256"], arborist::text::ContentHash::of(body.as_bytes()).hex());
    let a = p.ok("find_symbol", json!({"name_path_pattern": "restock", "include_info": true}));
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(
        v[0]["info"],
        "```python\ndef restock(products: list[Product], amount: int) -> int:\n```\n\nAdds `amount` to every product and returns how many changed."
    );
    let a = p.ok("find_symbol", json!({"name_path_pattern": "/Sku", "depth": 1}));
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(
        v[0]["children"],
        json!({"Variable": [{"name": "code", "body_location": {"start_line": 27, "end_line": 27}}, {"name": "variant", "body_location": {"start_line": 28, "end_line": 28}}], "Method": [{"name": "__str__", "body_location": {"start_line": 30, "end_line": 31}}]})
    );
    let a = p.ok("find_symbol", json!({"name_path_pattern": "Millimeters/add", "include_info": true}));
    assert!(a.contains("(in `impl Add for Millimeters`)"), "{a}");
}

#[test]
fn find_symbol_sees_edits_made_behind_its_back() {
    let mut p = langs();
    assert_eq!(name_paths(&p.ok("find_symbol", json!({"name_path_pattern": "batches"}))).len(), 1);
    p.engine().build_index(1);
    let path = p.root.join("py/inventory.py");
    let text = std::fs::read_to_string(&path).unwrap().replace("def batches(", "def chunks(");
    std::fs::write(&path, text).unwrap();
    p.write("py/extra.py", "def batches():\n    pass\n");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(name_paths(&p.ok("find_symbol", json!({"name_path_pattern": "batches"}))), ["batches py/extra.py"]);
    assert_eq!(name_paths(&p.ok("find_symbol", json!({"name_path_pattern": "chunks"}))), ["chunks py/inventory.py"]);
}

#[test]
fn diagnostics_report_syntax_errors_by_enclosing_symbol() {
    let mut p = langs();
    assert_eq!(p.ok("get_diagnostics_for_file", json!({"relative_path": "py/inventory.py"})), "{}");
    let a = p.ok("get_diagnostics_for_file", json!({"relative_path": "py/broken.py"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    let errors = v["py/broken.py"]["Error"].as_object().unwrap();
    assert!(!errors.is_empty());
    let first = errors.values().next().unwrap()[0].clone();
    assert!(first["message"].as_str().unwrap().starts_with("Syntax error"));
    assert_eq!(first["source"], "arborist (tree-sitter)");
    assert!(first["range"]["start"]["line"].is_u64());
    let none = p.ok("get_diagnostics_for_file", json!({"relative_path": "py/broken.py", "start_line": 900}));
    assert_eq!(none, "{}");
    for (lang, file) in [("rs", "broken.rs"), ("go", "broken.go"), ("java", "broken.java")] {
        let a = p.ok("get_diagnostics_for_file", json!({"relative_path": format!("{lang}/{file}")}));
        assert!(a.contains("Syntax error"), "{lang}: {a}");
    }
}

#[test]
fn find_declaration_resolves_by_name_and_says_it_is_heuristic() {
    let mut p = langs();
    let a = p.ok("find_declaration", json!({"relative_path": "py/inventory.py", "regex": r"qty <= (OUT_OF_STOCK)"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["name_path"], "OUT_OF_STOCK");
    assert_eq!(v["body_location"], json!({"start_line": 13, "end_line": 13}));
    assert!(v["resolution"].as_str().unwrap().starts_with("heuristic"));
    let e = p.err("find_declaration", json!({"relative_path": "py/inventory.py", "regex": r"qty <= OUT_OF_STOCK"}));
    assert!(e.contains("exactly one capture group"), "{e}");
}

#[test]
fn find_implementations_follows_declared_supertypes() {
    let mut p = langs();
    let a = p.ok("find_implementations", json!({"name_path": "AuditSink", "relative_path": "java/Auditing.java"}));
    assert_eq!(name_paths(&a), ["AuditSink/Console java/Auditing.java"]);
    let a =
        p.ok("find_implementations", json!({"name_path": "AuditSink/write", "relative_path": "java/Auditing.java"}));
    assert_eq!(name_paths(&a), ["AuditSink/Console/write java/Auditing.java"]);
    assert!(a.contains("\"resolution\": \"heuristic\""));
}

#[test]
fn list_symbols_prints_the_outline() {
    let mut p = langs();
    p.write(
        ".arborist/project.toml",
        "included_optional_tools = [\"list_symbols\"]\nreferences_backend = \"heuristic\"\n",
    );
    let a = p.ok("rust_list_symbols", json!({"path": "go/list.go"}));
    assert!(a.starts_with("Interface Number [5-7]\nStruct List [10-13]\n  Field head [11-11]"), "{a}");
    let hashed = p.ok("list_symbols", json!({"path": "go/list.go", "hashes": true}));
    let line = hashed.lines().find(|l| l.trim_start().starts_with("Method Len ")).unwrap();
    let hash = line.rsplit("sha256=").next().unwrap();
    let body = "func (l *List[T]) Len() int {\n\treturn l.size\n}";
    let args =
        |h: &str| json!({"name_path": "List/Len", "relative_path": "go/list.go", "body": body, "expected_old_hash": h});
    assert!(p.err("replace_symbol_body", args("0000000000000000")).contains("does not have the expected hash"));
    assert_eq!(p.ok("replace_symbol_body", args(hash)), "OK");
}

#[test]
fn every_tool_resolves_a_name_path_the_same_way() {
    let mut p = TestProject::empty();
    p.write("m.py", "def f():\n    return 1\n\n\ndef f():\n    return 2\n\n\nclass A:\n    pass\n");
    p.write(".arborist/project.toml", "references_backend = \"heuristic\"\n");
    let strip = |e: String| e.split_once(": ").map(|(_, m)| m.to_string()).unwrap();
    let args = |np: &str| json!({"name_path": np, "relative_path": "m.py", "body": "def f():\n    return 3"});
    for np in ["f", "Nope"] {
        let edit = strip(p.err("replace_symbol_body", args(np)));
        let refs = strip(p.err("find_referencing_symbols", json!({"name_path": np, "relative_path": "m.py"})));
        let rename = strip(p.err("rename_symbol", json!({"name_path": np, "relative_path": "m.py", "new_name": "g"})));
        assert_eq!(edit, refs, "{np}");
        assert_eq!(edit, rename, "{np}");
    }
    let ambiguous = strip(p.err("replace_symbol_body", args("f")));
    assert!(
        ambiguous.starts_with("`f` matches 2 symbols in m.py: f[0] [0-1], f[1] [4-5]; disambiguate"),
        "{ambiguous}"
    );
}

#[test]
fn declarations_and_implementations_follow_the_references_backend_setting() {
    let mut p = TestProject::empty();
    p.write("m.py", "class A:\n    pass\n\n\nclass B(A):\n    pass\n\n\nx = A()\n");
    p.write(
        ".arborist/project.toml",
        "references_backend = \"lsp\"\n[language_servers]\npython = [\"no-such-language-server\"]\n",
    );
    let decl = p.err("find_declaration", json!({"relative_path": "m.py", "regex": "x = (A)"}));
    assert!(decl.contains("`no-such-language-server` is not installed"), "{decl}");
    let imp = p.err("find_implementations", json!({"name_path": "A", "relative_path": "m.py"}));
    assert!(imp.contains("`no-such-language-server` is not installed"), "{imp}");
}

#[test]
fn docs_come_from_above_wrappers_and_decorators_and_from_docstrings() {
    let mut p = TestProject::empty();
    p.write("a.ts", "/** Adds. */\nexport function add(a: number) {\n  return a;\n}\n\nclass A {\n  /** m doc */\n  @log()\n  m() {}\n}\n");
    p.write("b.py", "# comment doc\n@decorator\ndef f():\n    return 1\n\n\ndef g():\n    \"\"\"Docstring.\"\"\"\n");
    let info = |p: &mut TestProject, np: &str, rel: &str| {
        let a = p.ok("find_symbol", json!({"name_path_pattern": np, "relative_path": rel, "include_info": true}));
        let v: Value = serde_json::from_str(&a).unwrap();
        v[0]["info"].as_str().unwrap().rsplit("\n\n").next().unwrap().to_string()
    };
    assert_eq!(info(&mut p, "add", "a.ts"), "Adds.");
    assert_eq!(info(&mut p, "A/m", "a.ts"), "m doc");
    assert_eq!(info(&mut p, "f", "b.py"), "comment doc");
    assert_eq!(info(&mut p, "g", "b.py"), "Docstring.");
}

/// An unclosed `(` makes tree-sitter-python wrap the whole file in one ERROR; the diagnostic points at the
/// bracket and the line its statement ends on, under the function that holds it, and the parser's
/// recovery (an "empty" block) is not reported as a second error.
#[test]
fn an_unclosed_bracket_is_reported_where_it_opens() {
    let mut p = TestProject::empty();
    let src = "import os\n\n\ndef f():\n    x = foo(1, 2\n    return x\n\n\ndef g():\n    return [1,\n        2\n\n\nclass C:\n    pass\n";
    p.write("m.py", src);
    let a = p.ok("validate_file", json!({"path": "m.py"}));
    assert_eq!(
        a,
        "2 syntax error(s) in m.py:\n\
         line 4, column 11: Syntax error: `(` is never closed (its statement ends at line 4)\n\
         line 9, column 11: Syntax error: `[` is never closed (its statement ends at line 10)"
    );
    let v: Value = serde_json::from_str(&p.ok("get_diagnostics_for_file", json!({"relative_path": "m.py"}))).unwrap();
    let f = &v["m.py"]["Error"]["f"][0];
    assert_eq!(f["range"], json!({"start": {"line": 4, "character": 11}, "end": {"line": 4, "character": 16}}));
    assert_eq!(v["m.py"]["Error"]["g"][0]["range"]["end"], json!({"line": 10, "character": 9}));
}

#[test]
fn an_empty_python_block_is_a_syntax_error() {
    let mut p = TestProject::empty();
    p.write("m.py", "class A:\n    # nothing yet\n\n\ndef f():\n    return 1\n");
    let a = p.ok("get_diagnostics_for_file", json!({"relative_path": "m.py"}));
    assert!(a.contains("empty `block`"), "{a}");
    let fine = p.write("n.py", "def f():\n    pass\n").ok("get_diagnostics_for_file", json!({"relative_path": "n.py"}));
    assert_eq!(fine, "{}");
}

#[test]
fn an_extensionless_script_is_known_by_its_shebang() {
    let mut p = TestProject::empty();
    p.write("bin/tool", "#!/usr/bin/env python3\ndef main():\n    pass\n");
    p.write("bin/notes", "def main():\n    pass\n");
    let a = p.ok("get_symbols_overview", json!({"relative_path": "bin/tool"}));
    assert_eq!(a, r#"{"Function": ["main"]}"#);
    assert!(p.err("get_symbols_overview", json!({"relative_path": "bin/notes"})).contains("not a source file"));
    let found = p.ok("find_symbol", json!({"name_path_pattern": "main"}));
    assert!(found.contains("bin/tool") && !found.contains("bin/notes"), "{found}");
}

#[test]
fn documents_have_name_paths_for_keys_items_and_sections() {
    let mut p = TestProject::empty();
    p.write(
        "ci.yml",
        "jobs:\n  test:\n    steps:\n      - uses: checkout\n      - name: Build\n        run: make\n      - name: Test\n        run: make test\n",
    );
    p.write(
        "package.json",
        "{\n  \"dependencies\": {\n    \"serde\": \"1\"\n  },\n  \"servers\": [{\"host\": \"a\"}]\n}\n",
    );
    p.write("README.md", "# Tool\n\n## Install\n\n### From source\n\nmake\n\n## Usage\n\nrun\n");
    let names =
        |p: &mut TestProject, pattern: &str| name_paths(&p.ok("find_symbol", json!({"name_path_pattern": pattern})));
    assert_eq!(names(&mut p, "jobs/test/steps[2]"), ["jobs/test/steps[2] ci.yml"]);
    assert_eq!(names(&mut p, "steps[1]/run"), ["jobs/test/steps[1]/run ci.yml"]);
    assert_eq!(names(&mut p, "dependencies/serde"), ["dependencies/serde package.json"]);
    assert_eq!(names(&mut p, "servers[0]/host"), ["servers[0]/host package.json"]);
    assert_eq!(names(&mut p, "Install/From source"), ["Tool/Install/From source README.md"]);
    let step = p.ok("find_symbol", json!({"name_path_pattern": "jobs/test/steps[2]", "include_body": true}));
    assert!(step.contains("- name: Test\\n        run: make test"), "{step}");
    let refs =
        p.err("find_referencing_symbols", json!({"name_path": "dependencies/serde", "relative_path": "package.json"}));
    assert!(refs.contains("is a json document"), "{refs}");
    let code = p
        .ok("search_for_pattern", json!({"substring_pattern": "serde|Install", "restrict_search_to_code_files": true}));
    assert_eq!(code, "{}");
}

/// A slash inside a name is escaped in name paths (`@scope\/pkg`, `.\/lib`, `operator\/`) and in patterns;
/// a Markdown heading that starts with `[` is a section of its own, not a list item.
#[test]
fn slashes_inside_names_are_escaped() {
    let mut p = TestProject::empty();
    p.write("README.md", "# @scope/pkg\n\nIntro.\n\n## [1.0] - 2024\n\nFixed.\n");
    p.write("package.json", "{\n  \"exports\": {\n    \"./lib\": \"./lib/index.js\"\n  }\n}\n");
    p.write("v.hpp", "struct V {\n  V operator/(int k) const;\n};\n");
    let find =
        |p: &mut TestProject, pattern: &str| name_paths(&p.ok("find_symbol", json!({"name_path_pattern": pattern})));
    assert_eq!(find(&mut p, "@scope\\/pkg"), ["@scope\\/pkg README.md"]);
    assert_eq!(find(&mut p, "/@scope\\/pkg/[1.0] - 2024"), ["@scope\\/pkg/[1.0] - 2024 README.md"]);
    assert_eq!(find(&mut p, "exports/.\\/lib"), ["exports/.\\/lib package.json"]);
    assert_eq!(find(&mut p, "V/operator\\/"), ["V/operator\\/ v.hpp"]);
    assert!(find(&mut p, "@scope/pkg").is_empty(), "an unescaped slash separates segments");
    p.ok(
        "replace_symbol_body",
        json!({"name_path": "@scope\\/pkg/[1.0] - 2024", "relative_path": "README.md", "body": "## [1.0] - 2024\n\nFixed more.\n"}),
    );
    assert_eq!(p.read("README.md"), "# @scope/pkg\n\nIntro.\n\n## [1.0] - 2024\n\nFixed more.\n");
}

/// Memories and settings are the tools' state, not the project's documents: no symbols from them (a text
/// search still finds them).
#[test]
fn tool_state_has_no_symbols() {
    let mut p = TestProject::empty();
    p.write(".serena/memories/architecture.md", "# Architecture\n\nLayers.\n");
    p.write(".arborist/project.toml", "read_only = false\n");
    p.write("docs/guide.md", "# Architecture\n\nThe guide.\n");
    let find =
        |p: &mut TestProject, pattern: &str| name_paths(&p.ok("find_symbol", json!({"name_path_pattern": pattern})));
    assert_eq!(find(&mut p, "Architecture"), ["Architecture docs/guide.md"]);
    assert!(find(&mut p, "read_only").is_empty());
    assert!(
        p.ok("search_for_pattern", json!({"substring_pattern": "Layers"})).contains(".serena/memories/architecture.md")
    );
}

/// JavaScript's `Foo.prototype.bar = function` is a method of `function Foo` (a receiver that is a
/// constructor function), found and edited as `Foo/bar`.
#[test]
fn prototype_methods_belong_to_their_constructor_function() {
    let mut p = TestProject::empty();
    p.write("route.js", "function Route(path) {\n  this.path = path;\n}\n\nRoute.prototype.dispatch = function (req) {\n  return req;\n};\n");
    let find =
        |p: &mut TestProject, pattern: &str| name_paths(&p.ok("find_symbol", json!({"name_path_pattern": pattern})));
    assert_eq!(find(&mut p, "Route/dispatch"), ["Route/dispatch route.js"]);
    p.ok(
        "replace_symbol_body",
        json!({"name_path": "Route/dispatch", "relative_path": "route.js", "body": "Route.prototype.dispatch = function (req) {\n  return null;\n};"}),
    );
    assert!(
        p.read("route.js").ends_with("Route.prototype.dispatch = function (req) {\n  return null;\n};\n"),
        "{}",
        p.read("route.js")
    );
}

#[test]
fn diagnostics_for_a_symbol_are_the_syntax_errors_inside_it() {
    let mut p = TestProject::empty();
    p.write(".arborist/project.toml", "references_backend = \"heuristic\"\n");
    p.write(
        "m.py",
        "class Cart:\n    def add(self, item):\n        return item +\n\n    def total(self):\n        return 0\n\n\n\
         def use_cart(c):\n    c.add(1)\n    return [1, 2,, 3]\n\n\ndef clean(c):\n    return c.add(2)\n",
    );
    let a = p.ok("get_diagnostics_for_symbol", json!({"name_path": "Cart/add"}));
    let v: Value = serde_json::from_str(&a).unwrap();
    let errors = v["m.py"]["Error"].as_object().unwrap();
    assert_eq!(errors.keys().collect::<Vec<_>>(), ["Cart/add"], "{a}");
    let first = &errors["Cart/add"][0];
    assert_eq!((first["range"]["start"]["line"].as_u64(), first["code"].as_str()), (Some(2), Some("syntax")), "{a}");
    // the same diagnostic as the file's (one code path for both)
    let file: Value =
        serde_json::from_str(&p.ok("get_diagnostics_for_file", json!({"relative_path": "m.py"}))).unwrap();
    assert_eq!(file["m.py"]["Error"]["Cart/add"][0], *first);
    let with_users =
        p.ok("get_diagnostics_for_symbol", json!({"name_path": "Cart/add", "check_symbol_references": true}));
    let v: Value = serde_json::from_str(&with_users).unwrap();
    let owners: Vec<&String> = v["m.py"]["Error"].as_object().unwrap().keys().collect();
    assert_eq!(owners, ["Cart/add", "use_cart"], "clean uses it without errors: {with_users}");
    assert_eq!(p.ok("get_diagnostics_for_symbol", json!({"name_path": "total", "reference_file": "m.py"})), "{}");
    let e = p.err("get_diagnostics_for_symbol", json!({"name_path": "Cart/remove"}));
    assert!(e.contains("no symbol `Cart/remove` in the project"), "{e}");
    p.write("n.py", "def add():\n    return 1\n");
    let e = p.err("get_diagnostics_for_symbol", json!({"name_path": "add"}));
    assert!(e.contains("`add` matches 2 symbols"), "{e}");
    let e =
        p.err("get_diagnostics_for_symbol", json!({"name_path": "add", "reference_file": "n.py", "min_severity": 0}));
    assert!(e.contains("min_severity must be 1..=4"), "{e}");
}

/// Every over-long answer says how to narrow the call and what it held, also from a tool without its own
/// `max_answer_chars` (held to the project's limit).
#[test]
fn over_long_answers_say_how_to_narrow_and_what_they_held() {
    let mut p = TestProject::empty();
    let src: String = (0..40).map(|i| format!("def f{i}():\n    return {i}\n\n\n")).collect();
    p.write("m.py", &src);
    p.write(".arborist/project.toml", "max_answer_chars = 300\nincluded_optional_tools = [\"list_symbols\"]\n");
    let a = p.ok("list_symbols", json!({"path": "m.py"}));
    assert!(a.starts_with("The answer is too long ("), "{a}");
    assert!(a.contains("\nIt held 40 lines: Function 40.\n"), "{a}");
    assert!(a.ends_with("\nUse get_symbols_overview, or find_symbol on one symbol with depth 1."), "{a}");
    let a = p.ok("read_file", json!({"relative_path": "m.py", "max_answer_chars": 100}));
    assert!(a.contains("\nIt held 160 lines.\nRead a range: start_line/end_line (or offset/limit)"), "{a}");
    let a = p.ok("find_symbol", json!({"name_path_pattern": "f", "substring_matching": true, "max_answer_chars": 200}));
    assert!(a.contains("\nNarrow it with relative_path, include_kinds"), "{a}");
}
