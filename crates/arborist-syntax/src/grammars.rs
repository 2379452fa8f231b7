//! The language registry's schema: `grammars.toml` (compiled in), one entry per language with everything
//! the code does differently per language, as data.

use serde::Deserialize;
use std::sync::OnceLock;

/// One language of the registry.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LanguageEntry {
    pub name: String,
    /// `code` (the default) or `document` (JSON, YAML, TOML, Markdown, HTML, CSS): documents have symbols
    /// and edits but no references, and are not code for `restrict_search_to_code_files`.
    #[serde(default)]
    pub category: Category,
    pub extensions: Vec<String>,
    /// Whole file names that are this language whatever their extension (`Makefile`, `.bashrc`).
    #[serde(default)]
    pub file_names: Vec<String>,
    /// Interpreters of a `#!` line that make an extensionless file this language (`sh`, `bash`).
    #[serde(default)]
    pub shebangs: Vec<String>,
    /// The grammar compiled in (a row in src/language.rs), whose queries are `queries/<grammar>/`.
    pub grammar: String,
    /// How a line comment starts, when the language has them.
    #[serde(default)]
    pub line_comment: Option<String>,
    #[serde(default)]
    pub language_server: Vec<String>,
    /// How to install the language server, one line for `arborist doctor` (`npm install -g pyright`).
    #[serde(default)]
    pub language_server_install: Option<String>,
    /// The command that prints the server's version, when `<program> --version` does not
    /// (`["gopls", "version"]`).
    #[serde(default)]
    pub language_server_version: Vec<String>,
    #[serde(default)]
    pub formatter: Vec<String>,
    /// Command that checks the project (run in its root), e.g. `cargo check`. In both commands `{path}`
    /// stands for the edited file, relative to the project root.
    #[serde(default)]
    pub check: Vec<String>,
    /// Node kinds the language requires to hold a statement, which the grammar accepts empty (a Python
    /// `block`): an edit that empties one is refused like a syntax error.
    #[serde(default)]
    pub nonempty_nodes: Vec<String>,
    /// Languages whose files can use each other's symbols share a family (TypeScript, TSX and JavaScript);
    /// default: the language's own name.
    #[serde(default)]
    pub family: Option<String>,
    /// The LSP `languageId` of its documents (default: the language's name), and exceptions by file
    /// extension (`.jsx` is `javascriptreact`).
    #[serde(default)]
    pub lsp_language_id: Option<String>,
    #[serde(default)]
    pub lsp_language_ids: std::collections::BTreeMap<String, String>,
    /// Indentation is syntax (Python): a replaced body indented exactly like its target is re-based too.
    #[serde(default)]
    pub indent_sensitive: bool,
    /// What separates the elements of a list-like container (JSON's `,`): inserting or deleting a symbol
    /// puts or takes one with it.
    #[serde(default)]
    pub separator: Option<String>,
    /// Blank lines between top-level definitions when a file has no neighbours to copy (PEP 8 says 2).
    #[serde(default = "one")]
    pub top_level_blank_lines: usize,
    /// Blank lines between nested definitions when there are no neighbours to copy (0 for data files).
    #[serde(default = "one")]
    pub nested_blank_lines: usize,
    /// Leaf node kinds that are identifiers (where references can be), and those among them that only
    /// name members (`x.name`).
    #[serde(default)]
    pub identifier_nodes: Vec<String>,
    #[serde(default)]
    pub member_nodes: Vec<String>,
    /// What comes between an object and a member's name (`.` and `::` unless a language says otherwise;
    /// C's and PHP's `->`, Lua's `:`, R's `$`): a name after one of these is a member use. Not `->` by
    /// default: Rust, Python and Swift write a return type after it, Java and Kotlin a lambda's body.
    #[serde(default = "member_access")]
    pub member_access: Vec<String>,
    /// How long a request to the language server waits for it to analyse the documents just opened or
    /// changed (clangd answers references from the files it has analysed), as its published diagnostics
    /// tell; 0 for a server that publishes none for some files (bash-language-server without shellcheck).
    #[serde(default = "settle_ms")]
    pub lsp_settle_ms: u64,
    /// Fields of the grammar under which an identifier names a member (Objective-C's message `method:` in
    /// `[queue start]`).
    #[serde(default)]
    pub member_fields: Vec<String>,
    /// How code calls a type's members, for heuristic references.
    #[serde(default)]
    pub member_calls: MemberCalls,
    /// Fields of a function or method definition node that hold its declared return type (`return_type`,
    /// Go's `result`, Java's `type`): a value bound from a call is typed by it, for heuristic references.
    #[serde(default)]
    pub return_type_fields: Vec<String>,
    /// Generic types whose one type argument is the type of their elements (`list` in `list[Owner]`,
    /// `Array<Owner>`, `Vec<Owner>`): an element taken out of one (`xs[i]`, a `for` loop's variable) is
    /// typed by it. The built-in forms (`[]Owner`, `Owner[]`, `[Owner; 4]`, `map[K]Owner`) need no entry.
    #[serde(default)]
    pub element_containers: Vec<String>,
    /// Generic types whose value has the members of their one type argument (TypeScript's `Partial<Owner>`,
    /// Rust's `Box<Owner>`, Python's `Final[Owner]`): a receiver of one is typed by the argument.
    #[serde(default)]
    pub wrapper_types: Vec<String>,
    /// Methods of a collection that return one of its elements (`pop`, `shift`, `at`): `xs.pop().name`
    /// is typed as an element of `xs`.
    #[serde(default)]
    pub element_methods: Vec<String>,
    /// Generic types whose second type argument is the type of their values (`Map<K, V>`, `dict[K, V]`):
    /// a value taken out of one by key (`m.get(k)`, `d[k]`) is typed by it; iterating one gives its keys
    /// or entries, not typed.
    #[serde(default)]
    pub map_types: Vec<String>,
    /// Methods of a collection whose result holds the collection's elements (Rust's `iter`, `into_iter`,
    /// `pop`, `first`: an iterator or an `Option` over them): a loop over `xs.iter()`, or `Some(x)` bound
    /// from `xs.pop()`, takes an element of `xs`.
    #[serde(default)]
    pub holding_methods: Vec<String>,
    /// Methods of a collection that call a function with its elements, and which of that function's
    /// parameters are elements (Rust's `retain = [0]`, `sort_by = [0, 1]`, `fold = [1]`; JavaScript's
    /// `forEach = [0]`, `reduce = [1]`): `xs.forEach((x) => x.go())` is a use of the elements' `go`.
    #[serde(default)]
    pub element_callbacks: std::collections::HashMap<String, Vec<usize>>,
    /// Methods that return a value of their receiver's type, by the language's contract (Rust's `clone`,
    /// `default` of `Self::default()`).
    #[serde(default)]
    pub self_type_methods: Vec<String>,
    /// The associated type that names what a type's iterator implementation yields (Rust's `Item`).
    #[serde(default)]
    pub iterator_item: Option<String>,
    /// Methods of a map that return one of its values (`get`).
    #[serde(default)]
    pub map_value_methods: Vec<String>,
    /// Properties of a class that are its instances' shape (JavaScript's `prototype`):
    /// `Owner.prototype.flush` is `Owner`'s member `flush`.
    #[serde(default)]
    pub instance_properties: Vec<String>,
    /// A method's `@receiver` may name a function or variable of the file rather than a type: JavaScript's
    /// constructor functions and namespace objects (`Foo.prototype.bar = ...` is `Foo/bar` under
    /// `function Foo`). Elsewhere a receiver attaches only to a type (or an Object standing for it).
    #[serde(default)]
    pub receivers_may_be_values: bool,
    /// Function kinds whose `this` is the value each call names, not the instance of a class around them
    /// (JavaScript's `function` expressions and declarations; not its methods or arrow functions): a member
    /// use on `this` inside one is not typed by the class.
    #[serde(default)]
    pub unbound_this_functions: Vec<String>,
    /// Regular expressions (with `{name}` for the escaped name) of which one matches every line where a
    /// definition of `name` can start (`def name`, `class name`, `name =` ...): before the index is built,
    /// only files with such a line are parsed to answer a lookup of `name`. Without them, every file that
    /// mentions the name is. They must match a superset of what the tags query defines (tested on the
    /// fixtures), and each must write `{name}`: the search skips a file without the name's bytes.
    #[serde(default)]
    pub definition_prefilter: Vec<String>,
    /// Variables and fields named in upper case (`MAX_SIZE`, `_LIMIT`) are `Constant`, as pyright reports
    /// them for Python.
    #[serde(default)]
    pub upper_case_constants: bool,
    /// A name assigned more than once in one scope (both branches of an `if`/`else` or `try`/`except`, or
    /// a reassignment) is one symbol, at its first assignment, as pyright reports it; the later
    /// assignments are not symbols.
    #[serde(default)]
    pub one_symbol_per_variable: bool,
    /// An edit's re-parse reads only the top-level statements it touches, parsed on their own, when the
    /// file was free of errors and they still are (the whole tree follows in the background): for grammars
    /// whose incremental parse re-reads much of the file anyway (tree-sitter-python reuses little after
    /// its external scanner's tokens; tree-sitter-typescript's costs more than the statement). Such a region
    /// must stand alone: it starts and ends whole lines.
    #[serde(default)]
    pub region_reparse: bool,
    /// With `region_reparse`: the characters a token can start with that continues the statement before it
    /// across a line break (JavaScript's `(`, `[`, a template, a binary operator: no semicolon is inserted
    /// before them). A region whose first statement starts with one, or whose next statement does, is
    /// re-parsed whole: alone it could read differently.
    #[serde(default)]
    pub statement_continuers: String,
    /// The names a doc comment links to (JSDoc `{@link Name}`, `@see Name.member`, `@returns {Name<T>}`;
    /// Javadoc `{@link pkg.Name#member(Type)}`):
    /// regexes whose group 1 holds name paths (names joined by `.` or `#`). Each of their names is a use
    /// of that name there (a language server finds and renames them), in the identifier index too.
    #[serde(default)]
    pub doc_links: Vec<String>,
    /// A member's references take in its override family, as the language's server answers them
    /// (tsserver; rust-analyzer for a trait's method and its implementations): the members of the name
    /// that it overrides, that override it or those, their definitions and their uses.
    #[serde(default)]
    pub override_families: bool,
    /// A type implements an interface by having methods of all its method names, undeclared (Go): a call
    /// through an interface that a method's type implements may reach the method (its server lists it),
    /// and a call of an implementation may be the interface method's.
    #[serde(default)]
    pub structural_interfaces: bool,
    /// Types declare their supertypes (Java): a call through a supertype of a method's class whose
    /// method of the name it overrides (as many parameters) may reach the method (its server lists it),
    /// and a call of an override may be the overridden method's.
    #[serde(default)]
    pub supertype_calls: bool,
    /// How file paths map to module names, for `queries/<lang>/imports.scm`: `a/b/c.py` is `a.b.c`,
    /// `a/b/__init__.py` is `a.b`, and a leading separator in an import is relative to the package.
    #[serde(default)]
    pub modules: Option<ModuleNaming>,
    /// Regular expressions whose group `m` is blanked (spaces, line breaks kept) in the text the parser
    /// reads: macros a preprocessor expands to nothing that the grammar cannot parse, such as the export
    /// macro of `class GTEST_API_ Test {`. A group `w` is overwritten with `_`, one word for syntax the
    /// grammar lacks (bash extglob). Offsets and lines stay those of the file.
    #[serde(default)]
    pub parse_masks: Vec<String>,
    /// A file of this language whose lines average more than this many bytes is minified (GitHub
    /// Linguist's rule for JavaScript and CSS, 110): generated, one-letter names, nothing to edit by
    /// symbol. It is not parsed unless the project sets `parse_minified` (search still reads it).
    #[serde(default)]
    pub minified_line_bytes: Option<usize>,
    /// The language's blocks are its indentation, with `#` comments, `'`/`"` strings (also
    /// triple-quoted) and brackets as Python has them (`outline.rs`): a lookup before the index parses
    /// only the skeletons of the definitions the prefilter finds, not the whole file.
    #[serde(default)]
    pub outline_lookup: bool,
    /// Regexes for the start of a block whose declarations merge with declarations of the same name that
    /// the project may not hold (TypeScript's `declare global { }` with the lib's, `declare module 'x' { }`
    /// with a package's): the heuristic refuses to rename a symbol declared inside one.
    #[serde(default)]
    pub merged_declarations: Vec<String>,
    /// A definition's docstring is the first statement of its body when that statement is a lone string
    /// (Python's `def f():` then `"""Doc."""`): read from the tree after the tags query matched the
    /// definition, where a query pattern for it would visit every statement of every body.
    #[serde(default)]
    pub body_docstrings: Option<BodyDocstrings>,
    /// Tokens that end a path to a module or type (Rust's `::`): a name written right before one (`rank` in
    /// `crate::rank::TABLE`) names a module, type or enum, never a function, variable or constant.
    #[serde(default)]
    pub namespace_separators: Vec<String>,
}

/// How code names a type's members.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MemberCalls {
    /// Through a receiver only: `x.name`, `self.name`, `Self::name` (Python, Rust, Go, JavaScript).
    #[default]
    Receiver,
    /// Also bare inside the type's own code, the receiver implied (Java's `place(x)` for `this.place(x)`).
    Implicit,
    /// Like free functions, anywhere (Haskell class methods, Julia methods).
    Free,
}

/// What kind of files a language's are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    #[default]
    Code,
    Document,
}

/// Where a definition's docstring is (`body_docstrings`): the string alone in the statement that comes
/// first in the definition's body.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodyDocstrings {
    /// The field of a definition node that holds its body (`body`).
    pub body: String,
    /// The kind of the body's first named child (`expression_statement`).
    pub statement: String,
    /// The kind of that statement's one named child (`string`).
    pub string: String,
}

/// How a language names modules after file paths.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModuleNaming {
    pub separator: String,
    /// The file name (without extension) that stands for its directory, e.g. `__init__`.
    #[serde(default)]
    pub package_file: Option<String>,
    /// How a module as written in an import finds its files.
    #[serde(default)]
    pub resolve: ModuleScheme,
    /// File name endings a module path may omit, tried in order (`.ts`, `.d.ts`, …), for `path`.
    #[serde(default)]
    pub extensions: Vec<String>,
}

/// How a module as written in an import maps to project files, and which names a file sees without
/// importing them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ModuleScheme {
    /// Dotted module names, a file per module, leading separators relative to the package (Python). A
    /// file sees only what it defines or imports, but star imports and builtins make bare names unknown.
    #[default]
    Dotted,
    /// File paths: `./x`, `../x` relative to the file, `x/index` for a directory, extensions omitted;
    /// other specifiers through `tsconfig.json` `paths`/`baseUrl`, else a package (TS/JS). A module file
    /// (one that imports or exports) sees only what it defines or imports.
    Path,
    /// Import paths: a package is a directory, named through the nearest `go.mod`'s `module` line; a
    /// file sees its own directory's names, other packages' only qualified (`pkg.Name`) or dot-imported.
    Go,
    /// `crate::`, `super::`, `self::` paths through the module tree (`a/b.rs`, `a/b/mod.rs`, `lib.rs`
    /// or `main.rs` at the crate root); `pub use` re-exports.
    Rust,
    /// Packages are directories under a source root that the file's `package` declaration tells; a
    /// file sees its package's names and those it imports (`a.b.Name`, `a.b.*`).
    Java,
}

fn settle_ms() -> u64 {
    3000
}

fn one() -> usize {
    1
}

fn member_access() -> Vec<String> {
    [".", "::"].map(String::from).to_vec()
}

impl LanguageEntry {
    /// The family of languages that can use this one's symbols.
    pub fn family(&self) -> &str {
        self.family.as_deref().unwrap_or(&self.name)
    }

    /// The LSP `languageId` of the file `rel`.
    pub fn lsp_language_id(&self, rel: &str) -> &str {
        let ext = rel.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
        self.lsp_language_ids.get(&ext).or(self.lsp_language_id.as_ref()).map_or(&self.name, |s| s.as_str())
    }
}

#[derive(Deserialize)]
struct Registry {
    language: Vec<LanguageEntry>,
}

/// Development override: the registry is read from this file at start instead of the compiled-in copy.
pub const GRAMMARS_VAR: &str = "ARBORIST_GRAMMARS";

/// The compiled-in language registry.
pub fn languages() -> &'static [LanguageEntry] {
    static REGISTRY: OnceLock<Vec<LanguageEntry>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let compiled = || -> Registry {
            toml::from_str(include_str!("../../../grammars.toml")).expect("grammars.toml parses (checked by tests)")
        };
        let Some(path) = std::env::var_os(GRAMMARS_VAR) else { return compiled().language };
        match std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|t| toml::from_str::<Registry>(&t).map_err(|e| e.to_string()))
        {
            Ok(reg) => reg.language,
            Err(e) => {
                tracing::error!("{GRAMMARS_VAR}={}: {e}; using the compiled-in grammars.toml", path.to_string_lossy());
                compiled().language
            }
        }
    })
}

/// Whether a path has the extension or the file name of a supported programming language (documents such
/// as JSON or Markdown are not code; extensionless scripts are recognised by their `#!` line, which this
/// does not read).
pub fn is_code_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let ext = name.rsplit_once('.').map(|(_, ext)| ext);
    let code = languages().iter().filter(|l| l.category == Category::Code);
    code.clone().any(|l| ext.is_some_and(|ext| l.extensions.iter().any(|e| e.eq_ignore_ascii_case(ext))))
        || code.clone().any(|l| l.file_names.iter().any(|f| f == name))
}

/// The interpreter a `#!` line names (`#!/bin/sh` → `sh`, `#!/usr/bin/env -S python3 -u` → `python3`).
pub fn shebang_interpreter(head: &[u8]) -> Option<&str> {
    let line = head.strip_prefix(b"#!")?;
    let line = std::str::from_utf8(&line[..line.iter().position(|&b| b == b'\n').unwrap_or(line.len())]).ok()?;
    let mut words = line.split_whitespace();
    let program = words.next()?.rsplit('/').next()?;
    if program != "env" {
        return Some(program);
    }
    words.find(|w| !w.starts_with('-')).map(|w| w.rsplit('/').next().unwrap_or(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_loads_with_unique_names() {
        let mut names: Vec<_> = languages().iter().map(|l| l.name.as_str()).collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n, "language names repeat in grammars.toml");
        assert!(is_code_file("a/b.PY"));
        assert!(!is_code_file("README.txt"));
        assert_eq!(shebang_interpreter(b"#!/bin/sh\necho"), Some("sh"));
        assert_eq!(shebang_interpreter(b"#!/usr/bin/env -S python3 -u\n"), Some("python3"));
        assert_eq!(shebang_interpreter(b"echo"), None);
    }
}
