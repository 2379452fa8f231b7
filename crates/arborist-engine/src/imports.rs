//! What a file's imports bind, from the language's `imports.scm` and module naming (`grammars.toml`
//! `modules`): which module a name is imported from, and which module a receiver (`x` in `x.Name`) names.
//! `FileImports::of` reads one file's tree and knows nothing of any target, so it can be kept with the
//! file's other facts; the questions about a target are asked of it afterwards.

use arborist_syntax::grammars::ModuleNaming;
use arborist_syntax::language::Language;
use arborist_syntax::query::ImportRole;
use streaming_iterator::StreamingIterator;
use tree_sitter::{QueryCursor, Tree};

/// The imports of one file.
#[derive(Debug, Clone)]
pub struct FileImports {
    naming: ModuleNaming,
    /// `from m import name [as alias]`: the name as `m` defines it, with `m` resolved (relative imports
    /// made absolute).
    names: Vec<(String, String)>,
    /// Local names bound to modules: `import a.b` binds `a` to `a`; `import a.b as x` binds `x` to `a.b`;
    /// `from a import b [as y]` binds `b` (`y`) to `a.b` (a submodule, or a name of `a`).
    modules: Vec<(String, String)>,
}

impl FileImports {
    /// The imports of a parsed file at `rel`; None when the language has no imports query or module
    /// naming.
    pub fn of(lang: &Language, tree: &Tree, text: &str, rel: &str) -> Option<FileImports> {
        let (imports, naming) = (lang.imports()?, lang.entry.modules.as_ref()?);
        let mut out = FileImports { naming: naming.clone(), names: Vec::new(), modules: Vec::new() };
        let mut cursor = QueryCursor::new();
        let mut matches = cursor.matches(&imports.query, tree.root_node(), text.as_bytes());
        while let Some(m) = matches.next() {
            let capture = |role| {
                m.captures()
                    .iter()
                    .find(|c| imports.roles[c.index as usize] == role)
                    .map(|c| &text[c.node.byte_range()])
            };
            let Some(module) = capture(ImportRole::Module) else { continue };
            let alias = capture(ImportRole::Alias);
            match capture(ImportRole::Name) {
                Some(name) => {
                    let Some(resolved) = resolve_module(module, rel, naming) else { continue };
                    let local = alias.unwrap_or(name).to_string();
                    out.modules.push((local, format!("{resolved}{}{name}", naming.separator)));
                    out.names.push((name.to_string(), resolved));
                }
                None => {
                    let binding = match alias {
                        Some(alias) => (alias.to_string(), module.to_string()),
                        None => {
                            let first = module.split(naming.separator.as_str()).next().unwrap_or(module);
                            (first.to_string(), first.to_string())
                        }
                    };
                    out.modules.push(binding);
                }
            }
        }
        Some(out)
    }

    /// Whether the file imports `name` from a module other than `def_rel`'s (or a package above it, which
    /// may re-export it): then its uses of `name` are that module's symbol.
    pub fn imports_other(&self, name: &str, def_rel: &str) -> bool {
        let target = module_of(def_rel, &self.naming);
        self.names.iter().any(|(n, module)| n == name && !self.is_or_contains(module, &target))
    }

    /// Whether the receiver `written` (`x` or `x.y` in `x.y.Name`) names `def_rel`'s module, or a package
    /// above it (which may re-export the name), through the file's imports.
    pub fn names_module_of(&self, written: &str, def_rel: &str) -> bool {
        let sep = self.naming.separator.as_str();
        let dotted =
            written.split(sep).all(|part| !part.is_empty() && part.chars().all(|c| c.is_alphanumeric() || c == '_'));
        if !dotted {
            return false;
        }
        let (first, rest) = written.split_once(sep).map_or((written, None), |(f, r)| (f, Some(r)));
        let Some((_, bound)) = self.modules.iter().rev().find(|(local, _)| local == first) else { return false };
        let module = match rest {
            Some(rest) => format!("{bound}{sep}{rest}"),
            None => bound.clone(),
        };
        self.is_or_contains(&module, &module_of(def_rel, &self.naming))
    }

    /// Whether `module` is `target` or a package above it.
    fn is_or_contains(&self, module: &str, target: &str) -> bool {
        target == module || target.strip_prefix(module).is_some_and(|r| r.starts_with(&self.naming.separator))
    }
}

/// The module a file is: `a/b/c.py` → `a.b.c`; `a/b/__init__.py` → `a.b`.
fn module_of(rel: &str, naming: &ModuleNaming) -> String {
    let stem = rel.rsplit_once('.').map_or(rel, |(stem, _)| stem);
    let stem = match &naming.package_file {
        Some(pkg) => stem.strip_suffix(&format!("/{pkg}")).unwrap_or(stem),
        None => stem,
    };
    stem.replace('/', &naming.separator)
}

/// The absolute module of an import written in file `rel` (a leading separator is relative to its
/// package: `.x` the sibling `x`, `..x` one level up).
fn resolve_module(module: &str, rel: &str, naming: &ModuleNaming) -> Option<String> {
    let sep = naming.separator.as_str();
    let mut rest = module;
    let mut ups = 0;
    while let Some(r) = rest.strip_prefix(sep) {
        rest = r;
        ups += 1;
    }
    if ups == 0 {
        return Some(module.to_string());
    }
    let mut parts: Vec<&str> = rel.split('/').collect();
    parts.pop();
    for _ in 1..ups {
        parts.pop()?;
    }
    if !rest.is_empty() {
        parts.push(rest);
    }
    Some(parts.join(sep))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn python(text: &str, rel: &str) -> FileImports {
        let lang = arborist_syntax::language::by_name("python").unwrap();
        let tree = arborist_syntax::syntax::parse(lang, text).unwrap();
        FileImports::of(lang, &tree, text, rel).unwrap()
    }

    #[test]
    fn python_imports_resolve_relative_modules_and_aliases() {
        let f = python(
            "from .fields import Field\nimport django.db.models as m\nfrom django.db import models\n",
            "pkg/a/b.py",
        );
        assert!(!f.imports_other("Field", "pkg/a/fields.py"), "imported from the target's module");
        assert!(f.imports_other("Field", "other/fields.py"), "imported from another module");
        assert!(!f.imports_other("Other", "other/fields.py"), "not imported at all");
        assert!(f.names_module_of("m", "django/db/models/__init__.py"));
        assert!(f.names_module_of("m.fields", "django/db/models/fields/__init__.py"));
        assert!(f.names_module_of("models", "django/db/models/base.py"), "a package above the target's module");
        assert!(!f.names_module_of("models", "django/forms/models.py"));
        assert!(!f.names_module_of("x", "django/db/models/base.py"), "not bound by an import");
        assert!(!f.names_module_of("self.x", "django/db/models/base.py"));
    }
}
