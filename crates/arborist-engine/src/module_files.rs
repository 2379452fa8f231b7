//! Where a module named in an import lives in the project: TS/JS specifiers (`./x`, `../x/index.js`,
//! tsconfig `paths`/`baseUrl`), Go import paths (the nearest `go.mod`), Rust module paths (`crate::`,
//! `super::`, the `src/a/b.rs` / `src/a/b/mod.rs` tree). Reads only project configuration (`tsconfig.json`,
//! `go.mod`, cached by path and mtime) and file existence; other files' imports come through the engine's
//! cache. Knows nothing of references.

use crate::engine::Engine;
use crate::imports::FileImports;
use crate::index::FileEntry;
use crate::project::ProjectPath;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

/// Answers about the project's files for one reference search (not shared between threads).
pub struct Resolver<'e> {
    engine: Option<&'e Engine>,
    root: PathBuf,
    imports: RefCell<HashMap<String, Option<Arc<FileImports>>>>,
    /// Answers already given, for the many uses of one file that ask the same.
    files: RefCell<HashMap<String, bool>>,
    configs: RefCell<HashMap<String, Option<Vec<String>>>>,
}

impl<'e> Resolver<'e> {
    pub fn new(engine: &'e Engine) -> Resolver<'e> {
        Resolver {
            engine: Some(engine),
            root: engine.project().root().to_path_buf(),
            imports: RefCell::default(),
            files: RefCell::default(),
            configs: RefCell::default(),
        }
    }

    /// A resolver that knows files and configuration under `root` but no file's imports (tests).
    pub fn without_engine(root: &Path) -> Resolver<'static> {
        Resolver {
            engine: None,
            root: root.to_path_buf(),
            imports: RefCell::default(),
            files: RefCell::default(),
            configs: RefCell::default(),
        }
    }

    pub fn is_file(&self, rel: &str) -> bool {
        if let Some(&known) = self.files.borrow().get(rel) {
            return known;
        }
        let found = !rel.is_empty() && self.root.join(rel).is_file();
        self.files.borrow_mut().insert(rel.to_string(), found);
        found
    }

    /// `find(key)`, once per resolver.
    fn remembered(
        &self,
        what: &'static str,
        key: &str,
        find: impl FnOnce() -> Option<Vec<String>>,
    ) -> Option<Vec<String>> {
        let key = format!("{what}:{key}");
        if let Some(known) = self.configs.borrow().get(&key) {
            return known.clone();
        }
        let found = find();
        self.configs.borrow_mut().insert(key, found.clone());
        found
    }

    /// Whether the project file `rel` defines a top-level symbol `name` (as the index has it).
    pub fn defines(&self, rel: &str, name: &str) -> bool {
        self.entry(rel).is_some_and(|e| e.symbols.defines_top_level(name))
    }

    /// The top-level enums `owner` of the project file `rel` with a variant `variant`, as (file, symbol).
    pub fn enums_with_variant(&self, rel: &str, owner: &str, variant: &str) -> Vec<(Arc<FileEntry>, u32)> {
        let Some(entry) = self.entry(rel) else { return Vec::new() };
        let fs = &entry.symbols;
        let enums = fs.roots.iter().copied().filter(|&o| fs.get(o).name == owner && fs.has_variant(o, variant));
        enums.map(|o| (entry.clone(), o)).collect()
    }

    /// The index's entry of the project file `rel`.
    fn entry(&self, rel: &str) -> Option<Arc<FileEntry>> {
        let p = ProjectPath { rel: rel.to_string(), abs: self.root.join(rel) };
        self.engine?.index().file(&p)
    }

    /// The imports of the project file `rel` (None when it cannot be read or parsed, or its language has no
    /// imports query).
    pub fn imports_of(&self, rel: &str) -> Option<Arc<FileImports>> {
        if let Some(found) = self.imports.borrow().get(rel) {
            return found.clone();
        }
        let found = self.read_imports(rel);
        self.imports.borrow_mut().insert(rel.to_string(), found.clone());
        found
    }

    /// A file's imports, from the engine's uses cache (parsed once per content: a module many files
    /// import from is asked about by each of them).
    fn read_imports(&self, rel: &str) -> Option<Arc<FileImports>> {
        let engine = self.engine?;
        engine.uses().imports_of(engine, &ProjectPath { rel: rel.to_string(), abs: self.root.join(rel) })
    }

    /// The project file a TS/JS module specifier written in `from` names (None: a package, or a path
    /// that names no file).
    pub fn script_file(&self, spec: &str, from: &str, extensions: &[String]) -> Option<String> {
        let dir = parent(from);
        let relative = spec == "." || spec == ".." || spec.starts_with("./") || spec.starts_with("../");
        let bases = match relative {
            true => join(dir, spec).into_iter().collect(),
            false if spec.starts_with('/') => Vec::new(),
            false => self.tsconfig(dir).map(|c| c.candidates(spec)).unwrap_or_default(),
        };
        bases.iter().find_map(|base| self.with_extensions(base, extensions))
    }

    /// `base` as a file: with one of the extensions, as written, a `.js`-family ending swapped for the
    /// others, or its directory's `index`.
    fn with_extensions(&self, base: &str, extensions: &[String]) -> Option<String> {
        let added = extensions.iter().map(|e| format!("{base}{e}"));
        let stem = [".js", ".jsx", ".mjs", ".cjs"].iter().find_map(|e| base.strip_suffix(e));
        let swapped = stem.into_iter().flat_map(|s| extensions.iter().map(move |e| format!("{s}{e}")));
        let index = extensions.iter().map(|e| format!("{base}/index{e}"));
        added.chain(std::iter::once(base.to_string())).chain(swapped).chain(index).find(|f| self.is_file(f))
    }

    /// The nearest `tsconfig.json` (or `jsconfig.json`) at or above `dir`, with its module paths.
    fn tsconfig(&self, dir: &str) -> Option<Arc<TsPaths>> {
        ancestors(dir).find_map(|d| {
            ["tsconfig.json", "jsconfig.json"].iter().find_map(|f| {
                let rel = join(d, f)?;
                cached_config(&self.root.join(&rel), |text| Config::Ts(Arc::new(ts_paths(&self.root, &rel, text, 0))))
                    .and_then(|c| match c {
                        Config::Ts(t) => Some(t),
                        _ => None,
                    })
            })
        })
    }

    /// The import paths of the Go package in directory `dir` (its path through the nearest go.mod, and
    /// the path after a `vendor/` element); None without a go.mod.
    pub fn go_package_paths(&self, dir: &str) -> Option<Vec<String>> {
        self.remembered("go", dir, || self.find_go_package_paths(dir))
    }

    /// The other Go files of the directory `dir` (one package) that define a top-level `name` too: the
    /// variants of `def_rel`'s definition for other platforms (`ztypes_linux_amd64.go`,
    /// `ztypes_linux_s390x.go`).
    pub fn go_variants(&self, dir: &str, name: &str, def_rel: &str) -> Vec<String> {
        let find = || {
            let files = std::fs::read_dir(self.root.join(dir)).ok()?.flatten();
            let rels = files.filter_map(|e| Some(join(dir, e.file_name().to_str()?)?.to_string()));
            Some(rels.filter(|rel| rel.ends_with(".go") && rel != def_rel && self.defines(rel, name)).collect())
        };
        self.remembered("go-variants", &format!("{dir}\0{name}\0{def_rel}"), find).unwrap_or_default()
    }

    fn find_go_package_paths(&self, dir: &str) -> Option<Vec<String>> {
        let (module, module_dir) = ancestors(dir).find_map(|d| {
            let rel = join(d, "go.mod")?;
            let module = cached_config(&self.root.join(&rel), |text| Config::GoMod(go_module_line(text)))?;
            match module {
                Config::GoMod(Some(m)) => Some((m, d.to_string())),
                _ => None,
            }
        })?;
        let rest = match module_dir.as_str() {
            "" => dir,
            d => dir.strip_prefix(d)?.trim_start_matches('/'),
        };
        let path = match (module.as_str(), rest) {
            ("std", rest) => rest.to_string(),
            (m, "") => m.to_string(),
            (m, rest) => format!("{m}/{rest}"),
        };
        let vendored = path.rsplit_once("vendor/").map(|(_, p)| p.to_string());
        Some(std::iter::once(path).chain(vendored).collect())
    }

    /// The name of the Rust crate whose root directory is `root` (`x/src`): `[package] name` of
    /// `x/Cargo.toml`, with `-` as `_`.
    pub fn rust_crate_name(&self, root: &str) -> Option<String> {
        let found = self.remembered("cargo", root, || self.find_rust_crate_name(root).map(|n| vec![n]));
        found.and_then(|n| n.into_iter().next())
    }

    fn find_rust_crate_name(&self, root: &str) -> Option<String> {
        let manifest = join(parent(root), "Cargo.toml")?;
        let parse = |text: &str| {
            let value: Option<toml::Table> = toml::from_str(text).ok();
            let name = value.as_ref().and_then(|v| v.get("package")?.get("name")?.as_str().map(String::from));
            Config::Cargo(name.map(|n| n.replace('-', "_")))
        };
        match cached_config(&self.root.join(manifest), parse)? {
            Config::Cargo(name) => name,
            _ => None,
        }
    }

    /// The file of the Rust module `segments` of the crate rooted at `root` (`src`), if it is a file.
    pub fn rust_module_file(&self, root: &str, segments: &[String]) -> Option<String> {
        let joined = |tail: &str| join(root, tail);
        let candidates: Vec<String> = match segments {
            [] => ["lib.rs", "main.rs"].iter().filter_map(|f| joined(f)).collect(),
            _ => {
                let path = segments.join("/");
                [format!("{path}.rs"), format!("{path}/mod.rs")].iter().filter_map(|f| joined(f)).collect()
            }
        };
        candidates.into_iter().find(|f| self.is_file(f))
    }
}

/// The Rust crate root directory (the last `src` directory above the file) and module path of `rel`:
/// `x/src/a/b.rs` → (`x/src`, [a, b]); `x/src/a/mod.rs` → [a]; `x/src/lib.rs` → []. A file outside any
/// `src` (`tests/t.rs`, `build.rs`) is a crate root of its own: (`tests`, []).
pub fn rust_module(rel: &str) -> Option<(String, Vec<String>)> {
    let parts: Vec<&str> = rel.split('/').collect();
    let (file, dirs) = parts.split_last()?;
    let Some(src) = dirs.iter().rposition(|d| *d == "src") else {
        return file.ends_with(".rs").then(|| (dirs.join("/"), Vec::new()));
    };
    let mut segments: Vec<String> = dirs[src + 1..].iter().map(|s| s.to_string()).collect();
    let stem = file.strip_suffix(".rs")?;
    let root_file = segments.is_empty() && (stem == "lib" || stem == "main");
    if stem != "mod" && !root_file {
        segments.push(stem.to_string());
    }
    Some((dirs[..=src].join("/"), segments))
}

/// The directory of a relative path (`""` at the top).
pub fn parent(rel: &str) -> &str {
    rel.rsplit_once('/').map_or("", |(dir, _)| dir)
}

/// `dir` and each directory above it, up to the project root (`""`).
fn ancestors(dir: &str) -> impl Iterator<Item = &str> {
    let mut next = Some(dir);
    std::iter::from_fn(move || {
        let at = next?;
        next = (!at.is_empty()).then(|| parent(at));
        Some(at)
    })
}

/// `tail` (with `.` and `..` elements) joined to `dir`; None when it leaves the project.
pub fn join(dir: &str, tail: &str) -> Option<String> {
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in tail.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    Some(parts.join("/"))
}

/// Project configuration files read so far, by path, with the mtime they were read at.
#[derive(Clone)]
enum Config {
    Ts(Arc<TsPaths>),
    GoMod(Option<String>),
    Cargo(Option<String>),
}

type Configs = Mutex<HashMap<PathBuf, (Option<SystemTime>, Option<Config>)>>;

/// The configuration file at `abs`, parsed by `parse` when it was not read yet or changed since (None when
/// there is no such file).
fn cached_config(abs: &Path, parse: impl FnOnce(&str) -> Config) -> Option<Config> {
    static CONFIGS: OnceLock<Configs> = OnceLock::new();
    let mtime = std::fs::metadata(abs).ok()?.modified().ok();
    let mut configs = CONFIGS.get_or_init(Configs::default).lock().ok()?;
    match configs.get(abs) {
        Some((seen, config)) if *seen == mtime => config.clone(),
        _ => {
            let config = std::fs::read_to_string(abs).ok().map(|text| parse(&text));
            configs.insert(abs.to_path_buf(), (mtime, config.clone()));
            config
        }
    }
}

/// The `module` line of a go.mod.
fn go_module_line(text: &str) -> Option<String> {
    text.lines().find_map(|l| l.trim().strip_prefix("module ")).map(|m| m.trim().trim_matches('"').to_string())
}

/// What a tsconfig.json says about module specifiers: `compilerOptions.paths` (patterns with one `*`) and
/// `baseUrl`, as project-relative directories.
#[derive(Debug, Default, Clone)]
pub struct TsPaths {
    base_url: Option<String>,
    paths: Vec<(String, Vec<String>)>,
    /// The directory `paths` targets are relative to (`baseUrl`, else the config's own directory).
    paths_base: String,
}

impl TsPaths {
    /// The paths a bare specifier may name, most specific first.
    fn candidates(&self, spec: &str) -> Vec<String> {
        let mut out = Vec::new();
        for (pattern, targets) in &self.paths {
            let star = match pattern.split_once('*') {
                Some((pre, post)) if spec.len() >= pre.len() + post.len() => {
                    spec.strip_prefix(pre).and_then(|s| s.strip_suffix(post))
                }
                Some(_) => None,
                None => (pattern == spec).then_some(""),
            };
            let Some(star) = star else { continue };
            out.extend(targets.iter().filter_map(|t| join(&self.paths_base, &t.replacen('*', star, 1))));
        }
        out.extend(self.base_url.iter().filter_map(|b| join(b, spec)));
        out
    }
}

/// Reads the tsconfig at project-relative `rel` (text `text`), following a relative `extends` (at most 4
/// deep) for what it does not set itself.
fn ts_paths(root: &Path, rel: &str, text: &str, depth: usize) -> TsPaths {
    let dir = parent(rel);
    let value: serde_json::Value = serde_json::from_str(&strip_jsonc(text)).unwrap_or_default();
    let inherited = value
        .get("extends")
        .and_then(|e| e.as_str())
        .filter(|e| e.starts_with('.') && depth < 4)
        .and_then(|e| join(dir, e))
        .map(|p| if p.ends_with(".json") { p } else { format!("{p}.json") })
        .and_then(|p| std::fs::read_to_string(root.join(&p)).ok().map(|t| ts_paths(root, &p, &t, depth + 1)))
        .unwrap_or_default();
    let options = value.get("compilerOptions");
    let base_url = options.and_then(|o| o.get("baseUrl")).and_then(|b| b.as_str()).and_then(|b| join(dir, b));
    let paths: Option<Vec<(String, Vec<String>)>> =
        options.and_then(|o| o.get("paths")).and_then(|p| p.as_object()).map(|p| {
            p.iter()
                .map(|(k, v)| {
                    let targets = v.as_array().into_iter().flatten().filter_map(|t| t.as_str().map(String::from));
                    (k.clone(), targets.collect())
                })
                .collect()
        });
    let base_url = base_url.or(inherited.base_url);
    match paths {
        Some(paths) => TsPaths { paths_base: base_url.clone().unwrap_or_else(|| dir.to_string()), base_url, paths },
        None => TsPaths { base_url, ..inherited },
    }
}

/// JSON with comments and trailing commas (tsconfig's dialect) as plain JSON.
pub fn strip_jsonc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                '\\' => out.extend(chars.next()),
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_string = true;
                out.push(c);
            }
            ('/', Some('/')) => while chars.next_if(|&n| n != '\n').is_some() {},
            ('/', Some('*')) => {
                chars.next();
                let mut last = ' ';
                for n in chars.by_ref() {
                    if last == '*' && n == '/' {
                        break;
                    }
                    last = n;
                }
            }
            (',', _) => {
                let rest: String = chars.clone().collect();
                let next = rest.trim_start();
                let comment = next.starts_with("//") || next.starts_with("/*");
                if comment || !(next.starts_with('}') || next.starts_with(']')) {
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_modules_follow_the_src_tree() {
        let m = |rel| rust_module(rel).map(|(root, segs)| format!("{root}:{}", segs.join("::")));
        assert_eq!(m("src/lib.rs").as_deref(), Some("src:"));
        assert_eq!(m("x/src/a/b.rs").as_deref(), Some("x/src:a::b"));
        assert_eq!(m("x/src/a/mod.rs").as_deref(), Some("x/src:a"));
        assert_eq!(m("build.rs").as_deref(), Some(":"), "a crate root of its own");
        assert_eq!(m("x/tests/t.rs").as_deref(), Some("x/tests:"));
    }

    #[test]
    fn paths_join_inside_the_project() {
        assert_eq!(join("a/b", "../c/./d").as_deref(), Some("a/c/d"));
        assert_eq!(join("", "../x"), None);
        assert_eq!(ancestors("a/b").collect::<Vec<_>>(), ["a/b", "a", ""]);
    }

    #[test]
    fn tsconfig_with_comments_and_trailing_commas_reads() {
        let text = "{\n // c\n \"compilerOptions\": { \"baseUrl\": \"./src\", /* x */ \"paths\": { \"@app/*\": [\"app/*\",], }, },\n}";
        let dir = tempfile::tempdir().unwrap();
        let t = ts_paths(dir.path(), "web/tsconfig.json", text, 0);
        assert_eq!(t.base_url.as_deref(), Some("web/src"));
        assert_eq!(t.candidates("@app/x"), ["web/src/app/x", "web/src/@app/x"]);
        assert_eq!(strip_jsonc("{\"a\": \"//not/*\",}"), "{\"a\": \"//not/*\"}");
    }

    #[test]
    fn go_paths_come_from_the_nearest_go_mod() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("svc/pkg/util")).unwrap();
        std::fs::write(dir.path().join("svc/go.mod"), "module example.com/svc\n\ngo 1.21\n").unwrap();
        let r = Resolver::without_engine(dir.path());
        assert_eq!(r.go_package_paths("svc/pkg/util").unwrap(), ["example.com/svc/pkg/util"]);
        assert_eq!(r.go_package_paths("svc").unwrap(), ["example.com/svc"]);
        assert_eq!(r.go_package_paths("other"), None);
    }
}
