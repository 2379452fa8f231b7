//! The symbol engine over `fixtures/<lang>/`: every language's queries compile, and each fixture's outline
//! matches its `.symbols.txt` snapshot (`Kind name [start-end]`, 0-based lines, two spaces per level);
//! `UPDATE_SNAPSHOTS=1` rewrites the snapshots that differ instead of failing.

use crate::util::fixtures;
use arborist::identifiers::Identifiers;
use arborist::language;
use arborist::symbols::{FileSymbols, outline};
use arborist::syntax::{TopLevel, parse, reparse_region};

#[test]
fn every_language_compiles_its_queries() {
    assert_eq!(language::all().len(), arborist::grammars::languages().len(), "a grammars.toml entry did not load");
    for lang in language::all() {
        lang.check_queries().unwrap_or_else(|e| panic!("{e}"));
        assert!(lang.tags().is_some() && lang.textobjects().is_some());
        let code = lang.entry.category == arborist::grammars::Category::Code;
        assert!(
            !code || !lang.entry.identifier_nodes.is_empty(),
            "{}: no identifier_nodes in grammars.toml",
            lang.name()
        );
        for kind in lang.entry.identifier_nodes.iter().chain(&lang.entry.member_nodes).chain(&lang.entry.nonempty_nodes)
        {
            assert_ne!(lang.grammar.id_for_node_kind(kind, true), 0, "{}: no node kind `{kind}`", lang.name());
        }
        for field in &lang.entry.member_fields {
            assert!(lang.grammar.field_id_for_name(field).is_some(), "{}: no field `{field}`", lang.name());
        }
        assert_eq!(lang.parse_masks().len(), lang.entry.parse_masks.len(), "{}: a parse mask is invalid", lang.name());
        assert!(
            lang.body_docstrings_resolve(),
            "{}: body_docstrings names no field or kind of the grammar",
            lang.name()
        );
    }
}

/// `class GTEST_API_ Test {`: the export macro is blanked for the parser, so the class and its members
/// are symbols, at the file's own offsets; an edit that makes a macro appear or vanish re-parses to the
/// same tree as a fresh parse.
#[test]
fn export_macros_are_masked_for_the_parser() {
    let cpp = language::by_name("cpp").unwrap();
    let text =
        "class GTEST_API_ Test {\n public:\n  virtual ~Test();\n  void Run();\n};\nstruct Q_DECL(x) P : Base {};\n";
    let tree = parse(cpp, text).unwrap();
    assert!(!tree.root_node().has_error(), "{}", tree.root_node().to_sexp());
    let outline = outline(&FileSymbols::extract(cpp, &tree, text));
    assert!(outline.contains("Class Test [0-4]") && outline.contains("  Method Run [3-3]"), "{outline}");
    assert!(outline.contains("Struct P [5-5]"), "{outline}");

    // `TST Name;` -> `TST Name {}`: the edit turns `TST`, outside the edited bytes, into a masked macro
    let before = "class TST Name;\nint x;\n";
    let edit = arborist::text::TextEdit { range: 14..15, new_text: " {};".to_string() };
    let after = format!("{}{}{}", &before[..9], edit.new_text, &before[9..]);
    let old = parse(cpp, before).unwrap();
    let budget = arborist::syntax::ParseBudget::default();
    let reparsed = arborist::syntax::reparse(cpp, &old, before, after.as_str(), &edit, &budget).unwrap().tree;
    assert_eq!(reparsed.root_node().to_sexp(), parse(cpp, &after).unwrap().root_node().to_sexp(), "{after}");
}

/// TypeScript's variance annotations (`<out A, in E>`), which tree-sitter-typescript 0.23 cannot parse, are
/// blanked for the parser: no syntax error, and the arrow function after them is still a function (the
/// error's recovery made it a variable). `out` as a parameter's own name, and `in` as an operator, stay.
#[test]
fn typescript_variance_annotations_are_masked_for_the_parser() {
    let text = "export interface Box<out A, in E = never, in out R> { a: A }\nclass K<in T> {}\n\
                export const make = <A,>(a: A): Box<A> => ({ a })\n\
                type Keep<out extends string> = out\nfor (const k in obj) {}\n";
    for name in ["typescript", "tsx"] {
        let lang = language::by_name(name).unwrap();
        let tree = parse(lang, text).unwrap();
        assert!(!tree.root_node().has_error(), "{name}: {}", tree.root_node().to_sexp());
        let outline = outline(&FileSymbols::extract(lang, &tree, text));
        assert!(outline.contains("Interface Box [0-0]") && outline.contains("Class K [1-1]"), "{name}: {outline}");
        assert!(outline.contains("Function make [2-2]"), "{name}: {outline}");
        // (were `out` of `Keep<out extends string>` blanked, `<extends string>` would be a syntax error)
        assert!(outline.contains("Keep [3-3]"), "{name}: {outline}");
    }
    // JSX: `<ins>` is no `in`; the `in ` of a text `Paris, in France` is blanked for the parser, which still
    // reads a text there
    let tsx = language::by_name("tsx").unwrap();
    let jsx = "export const P = () => <ins title=\"x\">Paris, in France</ins>\n";
    assert!(!parse(tsx, jsx).unwrap().root_node().has_error());
}

/// Bash syntax tree-sitter-bash lacks (extglob, `=~` regexes, bracket patterns in expansions) is read
/// as words through the `w` masks: the fixture parses without an error.
#[test]
fn bash_extglob_is_read_as_words() {
    let text = std::fs::read_to_string(fixtures().join("bash/extglob.bash")).unwrap();
    let tree = parse(language::by_name("bash").unwrap(), &text).unwrap();
    assert!(!tree.root_node().has_error(), "{}", tree.root_node().to_sexp());
}

/// Every language has a definition walk (its tags patterns start at named kinds, and its grammar's node
/// types parse), and on every fixture file the walk finds exactly what the query over the whole tree finds:
/// the same symbols, kinds, ranges, docs and supertypes. The walk that also reads the identifiers gives
/// the same symbols, and the identifiers of a walk of every node.
#[test]
fn the_definition_walk_finds_what_the_whole_query_finds() {
    let mut checked = 0;
    let without: Vec<&str> =
        language::all().iter().filter(|l| l.tags().unwrap().walk.is_none()).map(|l| l.name()).collect();
    assert!(without.is_empty(), "no definition walk: {without:?}");
    for lang in language::all() {
        let dir = fixtures().join(lang.name());
        for path in std::fs::read_dir(&dir).into_iter().flatten().flatten().map(|e| e.path()) {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            if language::for_path(&name).is_none_or(|l| l.name() != lang.name()) {
                continue;
            }
            let tree = parse(lang, &text).unwrap();
            let walked = FileSymbols::extract(lang, &tree, &text);
            let whole = FileSymbols::extract_by_whole_query(lang, &tree, &text);
            assert_eq!(outline(&walked), outline(&whole), "{}/{name}", lang.name());
            assert_eq!(walked, whole, "{}/{name}", lang.name());
            // the index's names (a walk over the subtrees, in C) are those a tree cursor finds (an edit's)
            let walked_names = Identifiers::collect(lang, &tree, text.as_str());
            let everything = 0..text.len();
            let whole = std::slice::from_ref(&everything);
            let cursor_names = Identifiers::default().after_edit(lang, &tree, text.as_str(), Some(whole));
            assert_eq!(walked_names, cursor_names, "{}/{name}", lang.name());
            // and the index's one walk for both (the definition walk reports the leaves too) finds the same
            let (symbols, identifiers) = FileSymbols::extract_with_identifiers(lang, &tree, text.as_str());
            assert_eq!(symbols, walked, "{}/{name}", lang.name());
            assert_eq!(identifiers, walked_names, "{}/{name}", lang.name());
            checked += 1;
        }
    }
    assert!(checked > 60, "only {checked} fixture files");
}

/// Outline of a fixture file.
pub fn outline_of(rel: &str) -> String {
    let text = std::fs::read_to_string(fixtures().join(rel)).unwrap();
    let lang = language::for_path(rel).unwrap_or_else(|| panic!("no language for {rel}"));
    let tree = parse(lang, &text).unwrap();
    outline(&FileSymbols::extract(lang, &tree, &text))
}

#[test]
fn fixture_outlines_match_snapshots() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for lang in language::all().iter().map(|l| l.name()) {
        let dir = fixtures().join(lang);
        let mut entries: Vec<_> =
            std::fs::read_dir(&dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
        entries.sort();
        if !entries.iter().any(|p| p.to_string_lossy().ends_with(".symbols.txt")) {
            failures.push(format!("== {lang}: no fixtures/{lang}/*.symbols.txt snapshot"));
        }
        for snap in entries.iter().filter(|p| p.to_string_lossy().ends_with(".symbols.txt")) {
            let source = snap.to_string_lossy().trim_end_matches(".symbols.txt").to_string();
            let rel = format!("{lang}/{}", std::path::Path::new(&source).file_name().unwrap().to_string_lossy());
            let expected = std::fs::read_to_string(snap).unwrap();
            let actual = outline_of(&rel);
            checked += 1;
            if actual.trim_end() != expected.trim_end() && std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
                std::fs::write(snap, format!("{}\n", actual.trim_end())).unwrap();
            } else if actual.trim_end() != expected.trim_end() {
                failures.push(format!("== {rel}\n{}", diff(&expected, &actual)));
            }
        }
    }
    assert!(checked >= 14, "only {checked} snapshots found");
    assert!(failures.is_empty(), "{} of {checked} outlines differ:\n{}", failures.len(), failures.join("\n"));
}

fn diff(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let mut out = String::new();
    for i in 0..e.len().max(a.len()) {
        let (x, y) = (e.get(i).copied().unwrap_or(""), a.get(i).copied().unwrap_or(""));
        if x != y {
            out.push_str(&format!("  line {i}: expected `{x}`\n          actual   `{y}`\n"));
        }
    }
    out
}

/// Python names assigned in several branches are one symbol at the first assignment; an edit that removes
/// the first one makes the next one the symbol, in the incremental update as in a fresh extraction.
#[test]
fn python_reassignments_are_one_symbol_even_after_an_edit() {
    let py = language::by_name("python").unwrap();
    let before = "if a:\n    MODE = 1\nelse:\n    MODE = 2\n\n\ndef f():\n    pass\n";
    let old_tree = parse(py, before).unwrap();
    let old = FileSymbols::extract(py, &old_tree, before);
    assert_eq!(outline(&old).trim_end(), "Constant MODE [1-1]\nFunction f [6-7]");
    let start = before.find("MODE = 1").unwrap();
    let edit = arborist::text::TextEdit { range: start..start + 8, new_text: "pass".to_string() };
    let after = format!("{}pass{}", &before[..start], &before[start + 8..]);
    let budget = arborist::syntax::ParseBudget::default();
    let tree = arborist::syntax::reparse(py, &old_tree, before, after.as_str(), &edit, &budget).unwrap().tree;
    let updated = old.after_edit(py, &tree, before, after.as_str(), &edit);
    assert_eq!(outline(&updated), outline(&FileSymbols::extract(py, &tree, after.as_str())));
    assert_eq!(outline(&updated).trim_end(), "Constant MODE [3-3]\nFunction f [6-7]");
}

/// The edit of `before` that replaces the first `old` with `new`.
fn edit_of(before: &str, old: &str, new: &str) -> arborist::text::TextEdit {
    let start = before.find(old).unwrap();
    arborist::text::TextEdit { range: start..start + old.len(), new_text: new.to_string() }
}

/// Each of `regional`, edits of `before`, re-parses only its region, which tells the symbols, identifiers
/// and top-level statements of the whole new text; each of `refused` (with why) gets no region.
fn check_region_reparse(
    lang: &'static language::Language,
    before: &str,
    regional: &[arborist::text::TextEdit],
    refused: &[(arborist::text::TextEdit, &str)],
) {
    let name = lang.name();
    let budget = arborist::syntax::ParseBudget::default();
    let old_tree = parse(lang, before).unwrap();
    let old = FileSymbols::extract(lang, &old_tree, before);
    let old_ids = Identifiers::collect(lang, &old_tree, before);
    let top = TopLevel::of(&old_tree).unwrap();
    let after = |edit: &arborist::text::TextEdit| {
        format!("{}{}{}", &before[..edit.range.start], edit.new_text, &before[edit.range.end..])
    };
    for edit in regional {
        let after = after(edit);
        let region = reparse_region(lang, &top, before, after.as_str(), edit, &budget);
        let region = region.unwrap_or_else(|| panic!("{name}: {:?} needs a whole re-parse", edit.new_text));
        let fresh = parse(lang, &after).unwrap();
        let symbols = old.after_region_edit(lang, &region, before, after.as_str(), edit).expect("told from the region");
        assert_eq!(symbols, FileSymbols::extract(lang, &fresh, after.as_str()), "{name}: {after}");
        assert_eq!(top.after_region(&region), TopLevel::of(&fresh).unwrap(), "{name}: {after}");
        let ids = old_ids.after_edit(lang, &region.tree, region.text.as_str(), None);
        let all = Identifiers::names(lang, &fresh, after.as_str());
        assert!(all.iter().all(|n| ids.contains(n)), "{name}: {:?} misses some of {:?}", ids, all);
    }
    for (edit, why) in refused {
        let region = reparse_region(lang, &top, before, after(edit).as_str(), edit, &budget);
        assert!(region.is_none(), "{name}: a region although {why}");
    }
}

/// A Python edit re-parses only the top-level statements it touches when the file had no errors and
/// they have none alone; the symbols, identifiers and top-level statements then told from that region
/// alone are those of the whole new text. An edit that breaks the region, a line it shares with the next
/// statement, or a region that is most of the file, is re-parsed whole.
#[test]
fn python_region_reparse_tells_what_a_whole_parse_tells() {
    let head = "import os\n\n# Docs of run.\ndef run(x):\n    return os.path.join(x)\n\n\n@dataclass\nclass Cart:\n    items: list\n\n    def add(self, item):\n        self.items.append(item)\n\n\nx = 1; y = 2\n";
    let pads: String = (0..8).map(|i| format!("\n\ndef pad{i}():\n    return {i}\n")).collect();
    let before = &format!("{head}{pads}")[..];
    let regional = [
        edit_of(
            before,
            "self.items.append(item)",
            "total = sum(self.items)\n        self.items.append(Price(item, total))",
        ),
        edit_of(
            before,
            "def run(x):\n    return os.path.join(x)",
            "def run(x, y):\n    return shutil.move(x, y)\n\n\ndef walk():\n    pass",
        ),
        edit_of(before, "# Docs of run.", "# Runs.\n# Twice."),
    ];
    let most = format!("{}    pass\n", "    x = 1\n".repeat(40));
    let refused = [
        (edit_of(before, "return os.path.join(x)", "return os.path.join(x"), "it breaks the region"),
        (edit_of(before, "x = 1", "x = 3"), "the line goes on with another statement"),
        (edit_of(before, "        self.items.append(item)\n", &most), "the region is most of the file"),
    ];
    check_region_reparse(language::by_name("python").unwrap(), before, &regional, &refused);
}

/// The JavaScript family re-parses only the top-level statements an edit touches, as Python does, and
/// tells the same symbols, identifiers and statements as a whole parse. A region that could join the
/// statement before or after it across a line break (no semicolon is inserted before `(`, `[`, a template
/// or an operator) is re-parsed whole: alone it would read differently.
#[test]
fn js_region_reparse_tells_what_a_whole_parse_tells_unless_statements_may_join() {
    let head = "import { x } from \"./x\";\n\n/** Runs. */\nexport function run(a) {\n  return a + x;\n}\n\nexport class Cart {\n  items = [];\n  add(item) {\n    this.items.push(item);\n  }\n}\n\nfunction f() {}\n(function () { const inner = 1; })();\n\nlet y = 2\nconst z = 3;\n";
    let pads: String = (0..8).map(|i| format!("\nfunction pad{i}() {{\n  return {i};\n}}\n")).collect();
    let before = &format!("{head}{pads}")[..];
    let regional = [
        edit_of(
            before,
            "this.items.push(item);",
            "const total = sum(this.items);\n    this.items.push(price(item, total));",
        ),
        edit_of(
            before,
            "export function run(a) {\n  return a + x;\n}",
            "export function run(a, b) {\n  return move(a, b);\n}\n\nfunction walk() {}",
        ),
        edit_of(before, "/** Runs. */", "/** Runs twice. */"),
    ];
    let refused = [
        (edit_of(before, "return a + x;", "return a + (x;"), "it breaks the region"),
        (edit_of(before, "function f() {}", "const f = g"), "the next statement starts with `(` and would call g"),
        (edit_of(before, "const z = 3;", "(z) = 3;"), "it starts with `(` after `let y = 2` without a semicolon"),
    ];
    for name in ["javascript", "typescript", "tsx"] {
        check_region_reparse(language::by_name(name).unwrap(), before, &regional, &refused);
    }
}

/// A TypeScript edit next to (or of) a declaration with variance annotations still re-parses only its
/// region, its masks read there alone, and tells what a whole parse tells.
#[test]
fn typescript_region_reparse_reads_the_masks_of_its_region() {
    let head =
        "export interface Box<out A, in E = never> {\n  a: A;\n}\n\nexport function run(a: number) {\n  return a;\n}\n";
    let pads: String = (0..8).map(|i| format!("\nfunction pad{i}() {{\n  return {i};\n}}\n")).collect();
    let before = &format!("{head}{pads}")[..];
    let regional = [
        edit_of(before, "return a;", "return a + 1;"),
        edit_of(before, "<out A, in E = never>", "<in out A, out E, in R>"),
        edit_of(
            before,
            "export function run(a: number) {",
            "export class Pair<out L, out R> {}\n\nexport function run(a: number) {",
        ),
    ];
    let refused = [(edit_of(before, "a: A;", "a: A<;"), "it breaks the region")];
    check_region_reparse(language::by_name("typescript").unwrap(), before, &regional, &refused);
}

/// After an edit, the symbols told in part (the edited top-level statements re-read, the others kept: from
/// the whole new tree, or from the region re-parsed alone where the language does that) are those of the
/// new text read whole. Each fixture file is edited by a comment line inserted inside each of its symbols.
#[test]
fn symbols_told_in_part_after_an_edit_are_those_of_the_whole_text() {
    let budget = arborist::syntax::ParseBudget::default();
    let mut checked = (0, 0);
    for lang in language::all() {
        let Some(comment) = lang.entry.line_comment.as_deref() else { continue };
        let dir = fixtures().join(lang.name());
        for path in std::fs::read_dir(&dir).into_iter().flatten().flatten().map(|e| e.path()) {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let Ok(before) = std::fs::read_to_string(&path) else { continue };
            if language::for_path(&name).is_none_or(|l| l.name() != lang.name()) {
                continue;
            }
            let old_tree = parse(lang, &before).unwrap();
            let old = FileSymbols::extract(lang, &old_tree, before.as_str());
            for s in old.iter().take(30) {
                // the start of the symbol's second line, when it has one
                let Some(at) = before[s.range.start as usize..s.range.end as usize].find('\n') else { continue };
                let at = s.range.start as usize + at + 1;
                let edit = arborist::text::TextEdit { range: at..at, new_text: format!("{comment} edited\n") };
                let after = format!("{}{}{}", &before[..at], edit.new_text, &before[at..]);
                let fresh = parse(lang, &after).unwrap();
                if fresh.root_node().has_error() {
                    continue;
                }
                let whole = FileSymbols::extract(lang, &fresh, after.as_str());
                let where_ = format!("{}/{name}, a comment at byte {at}", lang.name());
                let tree = arborist::syntax::reparse(lang, &old_tree, before.as_str(), after.as_str(), &edit, &budget)
                    .unwrap()
                    .tree;
                assert_eq!(old.after_edit(lang, &tree, before.as_str(), after.as_str(), &edit), whole, "{where_}");
                checked.0 += 1;
                let region = TopLevel::of(&old_tree)
                    .and_then(|top| reparse_region(lang, &top, before.as_str(), after.as_str(), &edit, &budget));
                if let Some(told) =
                    region.and_then(|r| old.after_region_edit(lang, &r, before.as_str(), after.as_str(), &edit))
                {
                    assert_eq!(told, whole, "{where_}, region re-parsed alone");
                    checked.1 += 1;
                }
            }
        }
    }
    assert!(checked.0 > 400 && checked.1 > 50, "only {checked:?} edits checked");
}

/// A language's definition prefilter (grammars.toml) matches the line of every symbol its tags query
/// defines in the fixtures: before the index is built, a lookup parses only the files it matches, so a
/// miss here would be a symbol that cannot be found.
#[test]
fn definition_prefilters_match_every_definition_in_the_fixtures() {
    let mut checked = 0;
    for lang in language::all().iter().filter(|l| !l.entry.definition_prefilter.is_empty()) {
        let dir = fixtures().join(lang.name());
        for path in std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()) {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if name.ends_with(".symbols.txt")
                || name.starts_with("broken")
                || language::for_path(&name).is_none_or(|l| l.name() != lang.name())
            {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let tree = parse(lang, &text).unwrap();
            let symbols = FileSymbols::extract(lang, &tree, text.as_str());
            for s in symbols.iter() {
                let Some(re) = arborist::index::definition_regex(lang, &s.name) else { continue };
                let re = regex::RegexBuilder::new(&re).multi_line(true).build().unwrap();
                let start = text[..s.name_range.start as usize].rfind('\n').map_or(0, |i| i + 1);
                let end =
                    text[s.name_range.end as usize..].find('\n').map_or(text.len(), |i| s.name_range.end as usize + i);
                assert!(
                    re.is_match(&text[start..end]),
                    "{}: {name}: `{}` at line {}",
                    lang.name(),
                    s.name,
                    s.start_line
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} definitions checked");
}

/// Before the index is built, a Python lookup parses only the skeletons of the lines that may define
/// the name (the blocks' headers around them, the definitions whole): every name of the fixtures, and of
/// files whose skeletons cannot stand alone (a sibling of the same name, an `else:` block, tabs), is found
/// with the same name paths, ranges, children and bodies as from the whole parse. Each file ends with a
/// long comment, so that skeletons are the small share of it they are in real code, and each lookup is
/// the first of a fresh engine (a whole parse is kept and would answer the next lookups).
#[test]
fn lookups_before_the_index_find_what_the_whole_parse_finds() {
    let mut p = crate::util::TestProject::fixture("python");
    p.write(
        "twice.py",
        "def t():\n    class U:\n        pass\n    class U:\n        def clean(self):\n            pass\n",
    )
    .write("branches2.py", "if X:\n    def clean():\n        pass\nelse:\n    def clean():\n        return 1\n")
    .write("tabs.py", "class T:\n\tdef clean(self):\n\t\treturn 2\n")
    .write("long.py", format!("class Long:\n{}    def clean(self):\n        pass\n", "    x = 1\n".repeat(50)));
    let mut names = std::collections::BTreeSet::new();
    for path in std::fs::read_dir(&p.root).unwrap().flatten().map(|e| e.path()) {
        let Some(lang) = language::for_path(&path.to_string_lossy()) else { continue };
        let text = std::fs::read_to_string(&path).unwrap() + &"# filler\n".repeat(500);
        std::fs::write(&path, &text).unwrap();
        let symbols = FileSymbols::extract(lang, &parse(lang, &text).unwrap(), text.as_str());
        names.extend(symbols.names().map(|n| n.to_string()));
    }
    assert!(names.len() > 40 && names.contains("clean"), "{names:?}");
    let find = |p: &mut crate::util::TestProject, name: &str| {
        let args = serde_json::json!({"name_path_pattern": name, "depth": 1, "include_body": true});
        p.ok("find_symbol", args)
    };
    let mut before = Vec::new();
    for name in &names {
        p.reopen();
        before.push(find(&mut p, name));
        assert!(!p.engine().index().is_ready());
    }
    p.engine().build_index(1);
    for (name, before) in names.iter().zip(before) {
        assert_eq!(before, find(&mut p, name), "`{name}` before and after the index");
    }
}
