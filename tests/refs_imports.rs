//! Heuristic references and rename through the file's imports (TS/JS, Go, Rust, Java): a use of a name
//! counts when it resolves, through the file's imports and the language's scoping, to the symbol's file,
//! is left out when it resolves to another module's, and is kept (as uncertain when qualified) when it does
//! not resolve.

use crate::refs::{APP_CARGO_TOML, heuristic_project, uses};
use serde_json::json;

/// The files of the uses in an answer (`uses` lines), each once, in order.
fn files_of(listed: &str) -> Vec<String> {
    let mut out: Vec<String> = listed.lines().map(|l| l.split(':').next().unwrap().to_string()).collect();
    out.sort();
    out.dedup();
    out
}

fn rename(p: &mut crate::util::TestProject, name_path: &str, rel: &str, new_name: &str) -> String {
    // the uncertain uses (an unknown receiver's `c.Widget`) are left as they are
    let args =
        json!({"name_path": name_path, "relative_path": rel, "new_name": new_name, "allow_unchanged_uses": true});
    p.ok("rename_symbol", args)
}

const TS_FILES: &[(&str, &str)] = &[
    (
        "tsconfig.json",
        "{\n  // comments and trailing commas are fine\n  \"compilerOptions\": {\n    \"baseUrl\": \".\",\n    \"paths\": { \"@a/*\": [\"src/a/*\"], \"@b/*\": [\"src/b/*\"], },\n  },\n}\n",
    ),
    ("src/a/widget.ts", "export class Widget {}\n"),
    ("src/b/widget.ts", "export class Widget {}\n"),
    ("src/use_a.ts", "import { Widget } from './a/widget';\nexport const x = new Widget();\n"),
    ("src/use_b.ts", "import { Widget } from './b/widget';\nexport const y = new Widget();\n"),
    ("src/use_b_js.ts", "import { Widget } from './b/widget.js';\nexport const y = new Widget();\n"),
    ("src/barrel/index.ts", "export * from '../a/widget';\nexport { Widget as Other } from '../b/widget';\n"),
    ("src/use_barrel.ts", "import { Widget } from './barrel';\nexport const z = new Widget();\n"),
    ("src/use_package.ts", "import { Widget } from 'some-package';\nexport const p = new Widget();\n"),
    ("src/use_paths.ts", "import { Widget } from '@a/widget';\nexport const q = new Widget();\n"),
    ("src/use_paths_b.ts", "import { Widget } from '@b/widget';\nexport const r = new Widget();\n"),
    (
        "src/use_ns.ts",
        "import * as a from './a/widget';\nimport * as b from './b/widget';\nexport const n = [\n  new a.Widget(),\n  new b.Widget(),\n  new c.Widget(),\n];\n",
    ),
    ("src/no_import.ts", "export const m = new Widget();\n"),
    ("src/script.js", "var s = new Widget();\n"),
    ("src/c/index.ts", "export * from '../a/widget';\nexport class Widget {}\n"),
    ("src/use_c.ts", "import { Widget } from './c';\nexport const c = new Widget();\n"),
];

/// Two same-named classes in two modules: a file that imports the other one (directly, through a
/// tsconfig path, or `ns.Widget` of its namespace) is not a user; a barrel's re-export, an unresolvable
/// package and a global script keep their uses, a barrel's own definition does not; a module that neither
/// defines nor imports the name cannot use it.
#[test]
fn typescript_uses_follow_imports_barrels_and_paths() {
    let mut p = heuristic_project(TS_FILES);
    let found = uses(&mut p, "Widget", "src/a/widget.ts");
    assert_eq!(
        files_of(&found),
        [
            "src/script.js",
            "src/use_a.ts",
            "src/use_barrel.ts",
            "src/use_ns.ts",
            "src/use_package.ts",
            "src/use_paths.ts"
        ],
        "{found}"
    );
    let ns: Vec<&str> = found.lines().filter(|l| l.starts_with("src/use_ns.ts")).collect();
    assert_eq!(ns, ["src/use_ns.ts:3 n", "src/use_ns.ts:5 n ?"], "a.Widget certain, c.Widget uncertain: {found}");
    let other = uses(&mut p, "Widget", "src/b/widget.ts");
    assert!(other.contains("src/use_b.ts") && other.contains("src/use_b_js.ts"), "{other}");
    assert!(other.contains("src/barrel/index.ts"), "`export {{ Widget as Other }} from '../b/widget'`: {other}");
    assert!(!other.contains("use_a.ts") && !other.contains("use_paths.ts:"), "{other}");
}

#[test]
fn a_typescript_rename_changes_only_the_importers_of_that_module() {
    let mut p = heuristic_project(TS_FILES);
    let a = rename(&mut p, "Widget", "src/a/widget.ts", "Gadget");
    assert!(a.starts_with("Successfully renamed"), "{a}");
    assert_eq!(p.read("src/a/widget.ts"), "export class Gadget {}\n");
    assert_eq!(p.read("src/use_a.ts"), "import { Gadget } from './a/widget';\nexport const x = new Gadget();\n");
    assert_eq!(p.read("src/use_paths.ts"), "import { Gadget } from '@a/widget';\nexport const q = new Gadget();\n");
    let others = ["src/b/widget.ts", "src/use_b.ts", "src/use_b_js.ts", "src/use_paths_b.ts", "src/no_import.ts"];
    for (rel, text) in TS_FILES.iter().filter(|(rel, _)| others.contains(rel)) {
        assert_eq!(&p.read(rel), text, "{rel} uses the other Widget");
    }
    assert!(p.read("src/barrel/index.ts").contains("export { Widget as Other } from '../b/widget'"));
}

const GO_FILES: &[(&str, &str)] = &[
    ("go.mod", "module example.com/app\n\ngo 1.21\n"),
    ("a/widget.go", "package a\n\nfunc Make() int { return 1 }\n"),
    ("a/same.go", "package a\n\nfunc Twice() int { return Make() * 2 }\n"),
    ("b/widget.go", "package b\n\nfunc Make() int { return 2 }\n"),
    (
        "main.go",
        "package main\n\nimport (\n\t\"example.com/app/a\"\n\tbee \"example.com/app/b\"\n)\n\nfunc main() {\n\t_ = a.Make() + bee.Make()\n}\n",
    ),
    ("d/dot.go", "package d\n\nimport . \"example.com/app/a\"\n\nfunc D() int { return Make() }\n"),
    ("e/dot.go", "package e\n\nimport . \"example.com/app/b\"\n\nfunc E() int { return Make() }\n"),
    ("f/ext.go", "package f\n\nimport \"github.com/other/a\"\n\nfunc F() int { return a.Make() }\n"),
    (
        "g/bare.go",
        "package g\n\nfunc G() int { return Make() }\n\nfunc H() int {\n\tv := struct{ Make int }{}\n\treturn v.Make\n}\n",
    ),
];

/// A Go package is its directory: a bare `Make` elsewhere is another package's unless dot-imported from
/// the target's; `pkg.Make` is the target's only when `pkg` is bound to its import path (through go.mod),
/// and `v.Make` of a value `v` (no package name, in a file that does not import the target's) is a
/// field.
/// CommonJS as TypeScript compiles it: `const m_1 = require('./m')` binds the module, `m_1.Dates` is its
/// class (and `m_1.Dates.format()` its static method), `__exportStar(require('./m'), exports)` re-exports
/// it, and `const { Dates } = require('./m')` imports it; another module's class of the name is not a use,
/// and a rename changes the module's `exports.Dates` with the rest.
#[test]
fn javascript_commonjs_requires_bind_modules_and_names() {
    let mut p = heuristic_project(&[
        (
            "util/Dates.js",
            "\"use strict\";\nclass Dates {\n    static format(d) { return d; }\n}\nexports.Dates = Dates;\n",
        ),
        (
            "other/Dates.js",
            "\"use strict\";\nclass Dates {\n    static format(d) { return d; }\n}\nexports.Dates = Dates;\n",
        ),
        (
            "index.js",
            "\"use strict\";\nconst tslib_1 = require(\"tslib\");\ntslib_1.__exportStar(require(\"./util/Dates\"), exports);\n",
        ),
        (
            "driver.js",
            "\"use strict\";\nconst Dates_1 = require(\"./util/Dates\");\nconst Other_1 = require(\"./other/Dates\");\nfunction run(v) {\n    Dates_1.Dates.format(v);\n    Other_1.Dates.format(v);\n    return new Dates_1.Dates();\n}\nexports.run = run;\n",
        ),
        ("named.js", "\"use strict\";\nconst { Dates } = require(\"./util/Dates\");\nexports.d = new Dates();\n"),
        (
            "barrel_user.js",
            "\"use strict\";\nconst index_1 = require(\"./index\");\nexports.d = new index_1.Dates();\n",
        ),
    ]);
    assert_eq!(
        uses(&mut p, "Dates", "util/Dates.js"),
        "barrel_user.js:2 barrel_user\ndriver.js:4 run\ndriver.js:6 run\nnamed.js:1 named\nnamed.js:2 named\nutil/Dates.js:4 Dates"
    );
    assert_eq!(uses(&mut p, "Dates/format", "util/Dates.js"), "driver.js:4 run");
    rename(&mut p, "Dates", "util/Dates.js", "Days");
    assert_eq!(
        p.read("util/Dates.js"),
        "\"use strict\";\nclass Days {\n    static format(d) { return d; }\n}\nexports.Days = Days;\n"
    );
    assert_eq!(
        p.read("named.js"),
        "\"use strict\";\nconst { Days } = require(\"./util/Dates\");\nexports.d = new Days();\n"
    );
    assert!(
        p.read("driver.js")
            .contains("Dates_1.Days.format(v);\n    Other_1.Dates.format(v);\n    return new Dates_1.Days();")
    );
    assert_eq!(
        p.read("other/Dates.js"),
        "\"use strict\";\nclass Dates {\n    static format(d) { return d; }\n}\nexports.Dates = Dates;\n"
    );
}

/// CommonJS classes through their module: a subclass of `Base_1.Base` inherits its methods, and `new
/// Base_1.Base()` is an instance of it (a base or a constructor written through a module is not a bare name
/// of the file's scope).
#[test]
fn javascript_commonjs_bases_and_instances_through_modules() {
    let mut p = heuristic_project(&[
        ("util/Base.js", "\"use strict\";\nclass Base {\n    name() { return 1; }\n}\nexports.Base = Base;\n"),
        (
            "sub.js",
            "\"use strict\";\nconst Base_1 = require(\"./util/Base\");\nclass Sub extends Base_1.Base {\n    run() { return this.name(); }\n}\nexports.Sub = Sub;\nfunction make() {\n    return new Base_1.Base().name();\n}\nexports.make = make;\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Base/name", "util/Base.js"), "sub.js:3 Sub/run\nsub.js:7 make");
}

#[test]
fn go_uses_follow_packages_and_import_paths() {
    let mut p = heuristic_project(GO_FILES);
    let found = uses(&mut p, "Make", "a/widget.go");
    assert_eq!(found, "a/same.go:2 Twice\nd/dot.go:4 D\nmain.go:8 main", "{found}");
    let other = uses(&mut p, "Make", "b/widget.go");
    assert_eq!(other, "e/dot.go:4 E\nmain.go:8 main", "{other}");

    let a = rename(&mut p, "Make", "a/widget.go", "Build");
    assert!(a.starts_with("Successfully renamed"), "{a}");
    assert!(p.read("main.go").contains("_ = a.Build() + bee.Make()"), "{}", p.read("main.go"));
    for rel in ["b/widget.go", "e/dot.go", "f/ext.go", "g/bare.go"] {
        assert!(p.read(rel).contains("Make()"), "{rel}: {}", p.read(rel));
    }
}

/// A Go type named bare is its own package's: each of two packages defines `Op` with a `String()` method,
/// and a value typed `Op` (a variable, a struct's field, a conversion `Op(1)`) in one package calls that
/// package's method.
#[test]
fn go_a_bare_type_is_its_own_packages() {
    let op = "package PKG\n\ntype Op uint32\n\nfunc (o Op) String() string { return \"\" }\n\ntype Inst struct {\n\tOp Op\n}\n";
    let user = "package PKG\n\nfunc show(inst Inst) string {\n\tvar o Op\n\t_ = o.String()\n\t_ = Op(1).String()\n\treturn inst.Op.String()\n}\n";
    let (op_a, op_b, user_a) = (op.replace("PKG", "a"), op.replace("PKG", "b"), user.replace("PKG", "a"));
    let mut p = heuristic_project(&[
        ("go.mod", "module example.com/m\n\ngo 1.21\n"),
        ("a/op.go", op_a.as_str()),
        ("b/op.go", op_b.as_str()),
        ("a/show.go", user_a.as_str()),
    ]);
    assert_eq!(uses(&mut p, "Op/String", "a/op.go"), "a/show.go:4 show\na/show.go:5 show\na/show.go:6 show");
    assert_eq!(uses(&mut p, "Op/String", "b/op.go"), "");
}

/// Without a go.mod the target's import path is not known: a qualified use stays, as uncertain.
#[test]
fn go_without_a_module_keeps_qualified_uses_as_uncertain() {
    let mut p = heuristic_project(&[
        ("a/widget.go", "package a\n\nfunc Make() int { return 1 }\n"),
        ("main.go", "package main\n\nimport \"example.com/app/a\"\n\nfunc main() { _ = a.Make() }\n"),
    ]);
    assert_eq!(uses(&mut p, "Make", "a/widget.go"), "main.go:4 main ?");
}

const GO_PLATFORM_FILES: &[(&str, &str)] = &[
    ("go.mod", "module example.com/app\n\ngo 1.21\n"),
    ("unix/ztypes_linux_amd64.go", "package unix\n\ntype Time_t int64\n"),
    ("unix/ztypes_linux_s390x.go", "package unix\n\ntype Time_t int64\n"),
    ("unix/syscall_linux_amd64.go", "package unix\n\nfunc A(t Time_t) {}\n"),
    ("unix/syscall_linux.go", "package unix\n\nfunc L(t Time_t) {}\n"),
    // methods of the type: it stands for the type here, it is no variant of it
    ("unix/timestruct.go", "package unix\n\nfunc (t *Time_t) Nano() int64 { return int64(*t) }\n"),
    ("unix/syscall_other.go", "//go:build !linux\n\npackage unix\n\nfunc O(t Time_t) {}\n"),
    ("main_linux_s390x.go", "package main\n\nimport \"example.com/app/unix\"\n\nvar T unix.Time_t\n"),
    ("main_windows.go", "package main\n\nimport \"example.com/app/unix\"\n\nvar W unix.Time_t\n"),
];

/// A Go file is built for the platforms its name and `//go:build` line allow. The definitions of a name
/// in files of one package are its variants for different platforms (a package cannot define a name twice
/// for one platform): one symbol, whose uses are those built with any variant, and whose rename changes
/// every variant and use, so that `go build` passes on each platform. A use in a file never built with
/// any variant (another system's) is another symbol's. A file with methods of the type is not a variant:
/// its receivers use the type.
#[test]
fn go_uses_follow_build_constraints() {
    let mut p = heuristic_project(GO_PLATFORM_FILES);
    let s390x = uses(&mut p, "Time_t", "unix/ztypes_linux_s390x.go");
    let amd64_uses = "unix/syscall_linux.go:2 L\nunix/syscall_linux_amd64.go:2 A\nunix/timestruct.go:2 Time_t/Nano";
    assert_eq!(s390x, format!("main_linux_s390x.go:4 T\n{amd64_uses}\nunix/ztypes_linux_amd64.go:2 Time_t"));
    let amd64 = uses(&mut p, "Time_t", "unix/ztypes_linux_amd64.go");
    assert_eq!(amd64, format!("main_linux_s390x.go:4 T\n{amd64_uses}\nunix/ztypes_linux_s390x.go:2 Time_t"));
    rename(&mut p, "Time_t", "unix/ztypes_linux_s390x.go", "Time_rn");
    let renamed = ["main_linux_s390x.go", "unix/syscall_linux.go", "unix/syscall_linux_amd64.go", "unix/timestruct.go"];
    for rel in renamed.into_iter().chain(["unix/ztypes_linux_amd64.go"]) {
        assert!(!p.read(rel).contains("Time_t") && p.read(rel).contains("Time_rn"), "{rel}: {}", p.read(rel));
    }
    for rel in ["unix/syscall_other.go", "main_windows.go"] {
        assert!(p.read(rel).contains("Time_t"), "{rel}: {}", p.read(rel));
    }
}

/// `from .base import Loader as BaseLoader` in a module that defines its own `Loader` names base's: a use of
/// base's Loader (renamed with it), not of the module's own (left by its rename).
#[test]
fn python_an_aliased_import_beside_a_definition_of_the_name_is_the_other_modules() {
    let mut p = heuristic_project(&[
        ("pkg/__init__.py", ""),
        ("pkg/base.py", "class Loader:\n    pass\n"),
        ("pkg/cached.py", "from .base import Loader as BaseLoader\n\n\nclass Loader(BaseLoader):\n    pass\n"),
        ("pkg/user.py", "from .cached import Loader\n\nx = Loader()\n"),
    ]);
    let own = uses(&mut p, "Loader", "pkg/cached.py");
    assert_eq!(own, "pkg/user.py:0 user\npkg/user.py:2 x", "{own}");
    let base = uses(&mut p, "Loader", "pkg/base.py");
    assert!(base.contains("pkg/cached.py:0"), "{base}");
    let renamed = rename(&mut p, "Loader", "pkg/cached.py", "CachedLoader");
    assert!(renamed.starts_with("Successfully renamed"), "{renamed}");
    assert_eq!(
        p.read("pkg/cached.py"),
        "from .base import Loader as BaseLoader\n\n\nclass CachedLoader(BaseLoader):\n    pass\n"
    );
    assert_eq!(p.read("pkg/user.py"), "from .cached import CachedLoader\n\nx = CachedLoader()\n");
}

/// The name of a Rust `impl` block is a use of its type, in the type's file and in others: a rename of the
/// type renames every `impl Widget` and `impl Trait for Widget` header with it, as `cargo check` needs.
#[test]
fn rust_impl_headers_are_uses_of_their_type() {
    let mut p = heuristic_project(&[
        ("Cargo.toml", APP_CARGO_TOML),
        ("src/lib.rs", "pub mod a;\npub mod more;\n"),
        ("src/a.rs", "pub struct Widget;\n\nimpl Widget {\n    pub fn new() -> Widget {\n        Widget\n    }\n}\n"),
        (
            "src/more.rs",
            "use crate::a::Widget;\n\nimpl Default for Widget {\n    fn default() -> Self {\n        Widget::new()\n    }\n}\n",
        ),
    ]);
    let found = uses(&mut p, "Widget", "src/a.rs");
    assert!(found.contains("src/a.rs:2") && found.contains("src/more.rs:2"), "{found}");
    let renamed = rename(&mut p, "Widget", "src/a.rs", "Gadget");
    assert!(renamed.starts_with("Successfully renamed"), "{renamed}");
    assert!(p.read("src/a.rs").contains("impl Gadget {") && !p.read("src/a.rs").contains("Widget"));
    assert_eq!(
        p.read("src/more.rs"),
        "use crate::a::Gadget;\n\nimpl Default for Gadget {\n    fn default() -> Self {\n        Gadget::new()\n    }\n}\n"
    );
}

/// A Rust name written before `::` names a module or a type: `crate::rank::TABLE` is no use of the function
/// `rank` (a module and a function may share a name), and renaming the function leaves the path.
#[test]
fn rust_a_path_segment_is_no_use_of_a_function() {
    let lib = "pub mod rank;\n\npub fn rank() -> u8 {\n    crate::rank::TABLE[0]\n}\n\npub fn user() -> u8 {\n    rank()\n}\n";
    let mut p = heuristic_project(&[
        ("Cargo.toml", APP_CARGO_TOML),
        ("src/lib.rs", lib),
        ("src/rank.rs", "pub const TABLE: [u8; 1] = [1];\n"),
    ]);
    assert_eq!(uses(&mut p, "rank[1]", "src/lib.rs"), "src/lib.rs:7 user"); // rank[0] is `mod rank;`
    assert!(rename(&mut p, "rank[1]", "src/lib.rs", "ranked").starts_with("Successfully renamed"));
    assert_eq!(p.read("src/lib.rs"), lib.replace("fn rank()", "fn ranked()").replace("    rank()", "    ranked()"));
}

/// A TypeScript declaration inside `declare global { }` or a module augmentation merges with the lib's or
/// a package's declarations of the name, which the project does not hold: a heuristic rename refuses and
/// writes nothing; the same interface outside such a block is renamed.
#[test]
fn typescript_merged_declarations_are_not_renamed_heuristically() {
    let symbols = "declare global {\n  interface SymbolConstructor {\n    readonly observable: symbol;\n  }\n}\n";
    let augment = "declare module 'rxjs' {\n  interface Observable {\n    extra(): void;\n  }\n}\n";
    let mut p = heuristic_project(&[
        ("src/types.ts", &format!("{symbols}export interface Plain {{\n  a: number;\n}}\n")),
        ("src/augment.ts", augment),
        ("src/use.ts", "import { Plain } from './types';\nexport const x: Plain = { a: 1 };\n"),
    ]);
    let args = json!({"name_path": "SymbolConstructor", "relative_path": "src/types.ts", "new_name": "Renamed"});
    let e = p.err("rename_symbol", args);
    assert!(
        e.contains("Nothing was renamed: `SymbolConstructor` is declared inside `declare global` (src/types.ts:0)"),
        "{e}"
    );
    let args = json!({"name_path": "Observable", "relative_path": "src/augment.ts", "new_name": "Renamed"});
    let e = p.err("rename_symbol", args);
    assert!(e.contains("inside `declare module 'rxjs'`"), "{e}");
    assert!(p.read("src/types.ts").starts_with(symbols) && p.read("src/augment.ts") == augment);
    assert!(rename(&mut p, "Plain", "src/types.ts", "Simple").starts_with("Successfully renamed"));
    assert!(p.read("src/use.ts").contains("const x: Simple"));
}

const RUST_FILES: &[(&str, &str)] = &[
    ("Cargo.toml", APP_CARGO_TOML),
    ("src/lib.rs", "pub mod a;\npub mod b;\npub mod prelude;\npub mod use_a;\npub mod use_b;\n"),
    ("src/a.rs", "pub struct Widget;\n"),
    ("src/b.rs", "pub struct Widget;\n"),
    ("src/prelude.rs", "pub use crate::a::*;\n"),
    ("src/use_a.rs", "use crate::a::Widget;\n\npub fn f() -> Widget {\n    Widget\n}\n"),
    ("src/use_b.rs", "use crate::b::Widget;\n\npub fn g() -> Widget {\n    Widget\n}\n"),
    ("src/use_prelude.rs", "use crate::prelude::Widget;\n\npub fn h() -> Widget {\n    Widget\n}\n"),
    ("src/use_ext.rs", "use other_crate::Widget;\n\npub fn e() -> Widget {\n    Widget\n}\n"),
    (
        "src/nested/mod.rs",
        "use super::b::{self, Widget as W};\n\npub fn k() -> (W, b::Widget, super::a::Widget) {\n    todo!()\n}\n",
    ),
    ("src/none.rs", "pub fn n() -> Widget {\n    Widget\n}\n"),
    ("src/std_user.rs", "pub fn s() -> std::io::Widget {\n    todo!()\n}\n"),
    ("tests/it.rs", "use app::a::Widget;\n\n#[test]\nfn t() {\n    let _w = Widget;\n}\n"),
    ("tests/it_b.rs", "use app::b::Widget;\n\n#[test]\nfn u() {\n    let _w = Widget;\n}\n"),
    ("other/Cargo.toml", "[package]\nname = \"other\"\nversion = \"0.1.0\"\n"),
    (
        "other/src/lib.rs",
        "use app::a::Widget;\nuse app::b::Widget as B;\n\npub fn o() -> (Widget, B) {\n    todo!()\n}\n",
    ),
];

/// Rust paths through the module tree: `use crate::b::Widget` is another struct; a module that re-exports
/// the target (`pub use crate::a::*`) keeps its importers; an external crate's is unknown, kept, but
/// `std::io::Widget` is std's; another crate, or an integration test, reaches it through the target
/// crate's name (Cargo.toml);
/// `b::Widget` through a `use super::b` is the other one, `super::a::Widget` the target; a module that
/// neither defines nor imports the name cannot use it.
#[test]
fn rust_uses_follow_the_module_tree_and_reexports() {
    let mut p = heuristic_project(RUST_FILES);
    let found = uses(&mut p, "Widget", "src/a.rs");
    assert_eq!(
        files_of(&found),
        [
            "other/src/lib.rs",
            "src/nested/mod.rs",
            "src/use_a.rs",
            "src/use_ext.rs",
            "src/use_prelude.rs",
            "tests/it.rs"
        ],
        "{found}"
    );
    assert_eq!(found.lines().filter(|l| l.starts_with("src/nested")).count(), 1, "only super::a::Widget: {found}");
    let other = uses(&mut p, "Widget", "src/b.rs");
    assert!(other.contains("src/use_b.rs") && other.contains("src/nested/mod.rs"), "{other}");
    assert!(!other.contains("src/use_a.rs") && !other.contains("src/use_prelude.rs"), "{other}");

    let a = rename(&mut p, "Widget", "src/a.rs", "Gadget");
    assert!(a.starts_with("Successfully renamed"), "{a}");
    assert_eq!(p.read("src/use_a.rs"), "use crate::a::Gadget;\n\npub fn f() -> Gadget {\n    Gadget\n}\n");
    for (rel, text) in RUST_FILES.iter().filter(|(rel, _)| ["src/b.rs", "src/use_b.rs", "src/none.rs"].contains(rel)) {
        assert_eq!(&p.read(rel), text, "{rel}");
    }
    assert!(
        p.read("src/nested/mod.rs").contains("(W, b::Widget, super::a::Gadget)"),
        "{}",
        p.read("src/nested/mod.rs")
    );
}

const RUST_OWN_FILES: &[(&str, &str)] = &[
    ("Cargo.toml", APP_CARGO_TOML),
    ("src/lib.rs", "pub mod ast;\npub mod hir;\npub mod unicode;\npub mod translate;\n"),
    ("src/unicode.rs", "pub enum Error {\n    NotFound,\n}\n"),
    ("src/ast.rs", "pub struct Literal;\n"),
    ("src/hir/mod.rs", "pub mod literal;\npub mod other;\n\npub struct Error;\n\npub struct Literal(pub Vec<u8>);\n"),
    (
        "src/hir/other.rs",
        "use crate::ast::*;\n\npub fn o() -> Literal {\n    Literal\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    fn t() -> Literal {\n        o()\n    }\n}\n",
    ),
    (
        "src/hir/literal.rs",
        "pub struct Literal {\n    bytes: Vec<u8>,\n}\n\nimpl Literal {\n    pub fn exact(bytes: Vec<u8>) -> Literal {\n        Literal { bytes }\n    }\n}\n\npub fn wrap(l: super::Literal) -> Literal {\n    Literal { bytes: l.0 }\n}\n",
    ),
    (
        "src/translate.rs",
        "use crate::{\n    hir::{self, Error},\n    unicode,\n};\n\npub fn convert(r: Result<u8, unicode::Error>) -> Result<u8, Error> {\n    match r {\n        Err(unicode::Error::NotFound) => Err(hir::Error),\n        Ok(b) => Ok(b),\n    }\n}\n",
    ),
];

/// A Rust file that defines its own `Literal` means it by a return type too (`-> Literal` is no member
/// access), and only `super::Literal` is the parent module's; `use super::*` in a file's `mod tests` brings
/// the file's own names (here another module's `Literal`), not its parent module's; a file that imports another module's
/// `Error` still means the target by `unicode::Error`, which a rename changes with the rest.
#[test]
fn rust_own_definitions_and_other_imports_keep_qualified_uses() {
    let mut p = heuristic_project(RUST_OWN_FILES);
    let literal = uses(&mut p, "Literal", "src/hir/mod.rs");
    assert_eq!(literal, "src/hir/literal.rs:10 wrap", "{literal}");

    let error = uses(&mut p, "Error", "src/unicode.rs");
    assert_eq!(error, "src/translate.rs:5 convert\nsrc/translate.rs:7 convert", "{error}");
    let renamed = rename(&mut p, "Error", "src/unicode.rs", "UnicodeError");
    assert!(renamed.starts_with("Successfully renamed"), "{renamed}");
    let translate = p.read("src/translate.rs");
    assert!(translate.contains("Result<u8, unicode::UnicodeError>) -> Result<u8, Error>"), "{translate}");
    assert!(translate.contains("Err(unicode::UnicodeError::NotFound) => Err(hir::Error)"), "{translate}");
}

const RUST_VARIANT_FILES: &[(&str, &str)] = &[
    ("Cargo.toml", APP_CARGO_TOML),
    ("src/lib.rs", "pub mod hir;\npub mod parse;\n"),
    ("src/hir.rs", "pub struct Literal(pub Vec<u8>);\n\npub enum HirKind {\n    Empty,\n    Literal(Literal),\n}\n"),
    (
        "src/parse.rs",
        "use crate::hir;\n\nenum Primitive {\n    Literal(hir::Literal),\n    Dot,\n}\n\nfn size(p: Primitive) -> usize {\n    use self::Primitive::*;\n    match p {\n        Literal(l) => l.0.len(),\n        Dot => 0,\n    }\n}\n\nfn kind(k: hir::HirKind) -> usize {\n    use crate::hir::HirKind::*;\n    match k {\n        Literal(hir::Literal(bytes)) => bytes.len(),\n        Empty => 0,\n    }\n}\n\nfn wrap(bytes: Vec<u8>) -> Primitive {\n    Primitive::Literal(hir::Literal(bytes))\n}\n",
    ),
];

/// A glob of an enum's names (`use self::Primitive::*;` in a function) brings its variants: there a bare
/// `Literal(l)` is the variant, not the struct `hir::Literal`, and a rename of the struct leaves it (and
/// the other enum's variant `HirKind::Literal`, brought by `use crate::hir::HirKind::*;`).
#[test]
fn rust_variants_a_glob_brings_are_not_the_type() {
    let mut p = heuristic_project(RUST_VARIANT_FILES);
    let found = uses(&mut p, "/Literal", "src/hir.rs");
    assert_eq!(
        found,
        "src/hir.rs:4 HirKind/Literal\nsrc/parse.rs:3 Primitive/Literal\nsrc/parse.rs:18 kind\nsrc/parse.rs:24 wrap",
        "{found}"
    );
    let renamed = rename(&mut p, "/Literal", "src/hir.rs", "Lit");
    assert!(renamed.starts_with("Successfully renamed"), "{renamed}");
    let parse = p.read("src/parse.rs");
    assert!(
        parse.contains("    Literal(hir::Lit),\n") && parse.contains("        Literal(l) => l.0.len(),"),
        "{parse}"
    );
    assert!(parse.contains("        Literal(hir::Lit(bytes)) => bytes.len(),"), "{parse}");
    assert!(parse.contains("    Primitive::Literal(hir::Lit(bytes))"), "{parse}");
    assert!(p.read("src/hir.rs").contains("    Literal(Lit),\n"), "{}", p.read("src/hir.rs"));
}

const JAVA_FILES: &[(&str, &str)] = &[
    ("src/main/java/com/shop/a/Widget.java", "package com.shop.a;\n\npublic class Widget {}\n"),
    ("src/main/java/com/shop/b/Widget.java", "package com.shop.b;\n\npublic class Widget {}\n"),
    (
        "src/main/java/com/shop/UseA.java",
        "package com.shop;\n\nimport com.shop.a.Widget;\n\nclass UseA {\n    Widget w = new Widget();\n}\n",
    ),
    (
        "src/main/java/com/shop/UseB.java",
        "package com.shop;\n\nimport com.shop.b.Widget;\n\nclass UseB {\n    Widget w = new Widget();\n}\n",
    ),
    (
        "src/main/java/com/shop/StarA.java",
        "package com.shop;\n\nimport com.shop.a.*;\n\nclass StarA {\n    Widget w;\n}\n",
    ),
    (
        "src/main/java/com/shop/StarB.java",
        "package com.shop;\n\nimport com.shop.b.*;\n\nclass StarB {\n    Widget w;\n}\n",
    ),
    (
        "src/main/java/com/shop/Qualified.java",
        "package com.shop;\n\nclass Qualified {\n    com.shop.a.Widget x;\n    com.shop.b.Widget y;\n}\n",
    ),
    ("src/test/java/com/shop/a/WidgetTest.java", "package com.shop.a;\n\nclass WidgetTest {\n    Widget w;\n}\n"),
    ("Loose.java", "class Loose {\n    Widget w;\n}\n"),
];

/// Java packages: a bare `Widget` is the target's in its package (any source root), or where its class
/// or package is imported; elsewhere another's; `com.shop.b.Widget` is the other class; a file without a
/// package declaration is unknown, kept.
/// A Java class's constructors are named after it: a rename of the class renames them with it (another
/// class's constructor of the name is left).
#[test]
fn a_java_class_rename_renames_its_constructors() {
    let mut p = heuristic_project(&[
        (
            "src/a/Bits.java",
            "package a;\n\npublic class Bits {\n    Bits() {}\n\n    Bits(int n) {}\n\n    static Bits of() {\n        return new Bits(1);\n    }\n}\n",
        ),
        ("src/b/Bits.java", "package b;\n\npublic class Bits {\n    Bits() {}\n}\n"),
        ("src/a/Use.java", "package a;\n\nclass Use {\n    Bits b = new Bits();\n}\n"),
    ]);
    let done = rename(&mut p, "/Bits", "src/a/Bits.java", "Mask");
    assert!(done.starts_with("Successfully renamed"), "{done}");
    assert_eq!(
        p.read("src/a/Bits.java"),
        "package a;\n\npublic class Mask {\n    Mask() {}\n\n    Mask(int n) {}\n\n    static Mask of() {\n        return new Mask(1);\n    }\n}\n"
    );
    assert_eq!(p.read("src/a/Use.java"), "package a;\n\nclass Use {\n    Mask b = new Mask();\n}\n");
    assert_eq!(p.read("src/b/Bits.java"), "package b;\n\npublic class Bits {\n    Bits() {}\n}\n");
}

#[test]
fn java_uses_follow_packages_and_imports() {
    let mut p = heuristic_project(JAVA_FILES);
    let found = uses(&mut p, "Widget", "src/main/java/com/shop/a/Widget.java");
    assert_eq!(
        found,
        "Loose.java:1 Loose/w\n\
         src/main/java/com/shop/Qualified.java:3 Qualified/x\n\
         src/main/java/com/shop/StarA.java:5 StarA/w\n\
         src/main/java/com/shop/UseA.java:2 UseA\n\
         src/main/java/com/shop/UseA.java:5 UseA/w\n\
         src/test/java/com/shop/a/WidgetTest.java:3 WidgetTest/w",
        "{found}"
    );
    let a = rename(&mut p, "Widget", "src/main/java/com/shop/a/Widget.java", "Gadget");
    assert!(a.starts_with("Successfully renamed"), "{a}");
    for (rel, text) in
        JAVA_FILES.iter().filter(|(rel, _)| rel.contains("/b/") || rel.contains("UseB") || rel.contains("StarB"))
    {
        assert_eq!(&p.read(rel), text, "{rel}");
    }
    assert!(p.read("src/main/java/com/shop/Qualified.java").contains("com.shop.a.Gadget x;\n    com.shop.b.Widget y;"));
}

/// A Go package whose clause names it otherwise than its directory is reached by that name; a value's
/// field of the same name in a file that imports it stays out.
#[test]
fn go_package_named_otherwise_than_its_directory() {
    let mut p = heuristic_project(&[
        ("go.mod", "module example.com/app\n"),
        ("go-util/util.go", "package util\n\nfunc Make() int { return 1 }\n"),
        (
            "main.go",
            "package main\n\nimport \"example.com/app/go-util\"\n\nfunc main() {\n\t_ = util.Make()\n\tv := struct{ Make int }{}\n\t_ = v.Make\n}\n",
        ),
    ]);
    assert_eq!(uses(&mut p, "Make", "go-util/util.go"), "main.go:5 main");
}

/// A Python module's imports are its names: `from .base import Error` reaches `exceptions.Error` when
/// base.py imports it from there (followed through such modules), not when base.py defines its own or
/// the module is not the project's.
#[test]
fn python_uses_follow_modules_that_import_the_name() {
    let mut p = heuristic_project(&[
        ("pkg/__init__.py", ""),
        ("pkg/exceptions.py", "class Error(Exception):\n    pass\n"),
        ("pkg/base.py", "from .exceptions import Error\n"),
        ("pkg/again.py", "from pkg.base import Error as Error\n"),
        ("pkg/own.py", "class Error(Exception):\n    pass\n"),
        ("pkg/tags.py", "from .base import Error\n\n\ndef tag():\n    raise Error()\n"),
        ("pkg/deep.py", "from .again import Error\n\n\ndef deep():\n    raise Error()\n"),
        ("pkg/other.py", "from .own import Error\n\n\ndef other():\n    raise Error()\n"),
        ("pkg/external.py", "from somewhere import Error\n\n\ndef external():\n    raise Error()\n"),
    ]);
    p.engine().build_index(1);
    let found = uses(&mut p, "Error", "pkg/exceptions.py");
    assert_eq!(files_of(&found), ["pkg/again.py", "pkg/base.py", "pkg/deep.py", "pkg/tags.py"], "{found}");
    assert!(found.contains("pkg/tags.py:4 tag") && found.contains("pkg/deep.py:4 deep"), "{found}");
}

/// A Python module that imports the target and binds its name again (`f = partial(f)`, a stand-in in
/// `except ImportError`) still means the target by it, and so do the modules that import it from there;
/// `from m import *` brings m's names along; two such modules importing each other end the search.
#[test]
fn python_rebound_imports_still_mean_the_target() {
    let mut p = heuristic_project(&[
        ("pkg/__init__.py", ""),
        ("pkg/gen.py", "def output(f):\n    return f\n"),
        (
            "pkg/raster.py",
            "from functools import partial\n\nfrom .gen import output\n\noutput = partial(output, cpl=True)\nget_info = output(1)\n",
        ),
        ("pkg/fields.py", "try:\n    from pkg.all import output\nexcept ImportError:\n    output = None\n"),
        ("pkg/all/__init__.py", "from .star import *\n"),
        ("pkg/all/star.py", "from ..gen import *\n"),
        ("pkg/models.py", "from .fields import output\n\nvalue = output(2)\n"),
        ("pkg/a.py", "from .b import output\n\noutput = output\n"),
        ("pkg/b.py", "from .a import output\n\noutput = output\n"),
        ("pkg/own.py", "def output(f):\n    return None\n\n\nx = output(3)\n"),
    ]);
    p.engine().build_index(1);
    let found = uses(&mut p, "output", "pkg/gen.py");
    assert_eq!(files_of(&found), ["pkg/fields.py", "pkg/models.py", "pkg/raster.py"], "{found}");
    // (through `pkg/all`, whose `from .star import *` brings star.py's names, which has gen.py's)
    assert!(found.contains("pkg/raster.py:5 get_info") && found.contains("pkg/models.py:2 value"), "{found}");
    // a rename changes both sides of the rebinding, so the module still calls its own `output`
    rename(&mut p, "output", "pkg/gen.py", "emit");
    assert_eq!(
        p.read("pkg/raster.py"),
        "from functools import partial\n\nfrom .gen import emit\n\nemit = partial(emit, cpl=True)\nget_info = emit(1)\n"
    );
    assert_eq!(p.read("pkg/fields.py"), "try:\n    from pkg.all import emit\nexcept ImportError:\n    emit = None\n");
    assert_eq!(p.read("pkg/own.py"), "def output(f):\n    return None\n\n\nx = output(3)\n");
}

/// A Python `import name` binds the name to a module: its uses there are not a function or class of that
/// name defined elsewhere.
#[test]
fn a_python_module_import_is_not_a_symbol_of_its_name() {
    let mut p = heuristic_project(&[
        ("pkg/__init__.py", ""),
        ("pkg/trans.py", "def gettext(message):\n    return message\n"),
        ("pkg/use.py", "from pkg.trans import gettext\n\n\ndef hello():\n    return gettext('hi')\n"),
        ("pkg/reload.py", "import gettext\n\n\ndef reset():\n    gettext._translations = {}\n"),
        ("pkg/alias.py", "import os.path as gettext\n\n\ndef where():\n    return gettext.join('a')\n"),
    ]);
    p.engine().build_index(1);
    let found = uses(&mut p, "gettext", "pkg/trans.py");
    assert_eq!(files_of(&found), ["pkg/use.py"], "{found}");
}

/// `x.Name` in Python counts when `x` is a project module that re-exports the target (`from a import *`);
/// through a module that does not, it stays uncertain.
#[test]
fn python_qualified_uses_follow_reexporting_modules() {
    let mut p = heuristic_project(&[
        ("db/__init__.py", ""),
        ("db/fields.py", "class UUIDField:\n    pass\n"),
        ("gis/__init__.py", ""),
        ("gis/models.py", "from db.fields import *\n"),
        ("gis/plain.py", "X = 1\n"),
        (
            "app.py",
            "from gis import models, plain\n\n\ndef make():\n    a = plain.UUIDField\n    return models.UUIDField(), a\n",
        ),
    ]);
    p.engine().build_index(1);
    assert_eq!(uses(&mut p, "UUIDField", "db/fields.py"), "app.py:5 make\napp.py:4 make ?");
}
