//! What a file's imports bind, from the language's `imports.scm` and module naming (`grammars.toml`
//! `modules`): which module a name is imported from, which module a receiver (`x` in `x.Name`) names, and
//! whether a bare or qualified use of a name can be a given file's symbol at all (package scoping).
//! `FileImports::of` reads one file's tree and knows nothing of any target, so it can be kept with the
//! file's other facts; the questions about a target are asked of it afterwards, with a `Resolver` for the
//! project's files (`module_files`).

use crate::go_build::Platforms;
use crate::index::FileEntry;
use crate::module_files::{Resolver, parent, rust_module};
use arborist_syntax::grammars::{ModuleNaming, ModuleScheme};
use arborist_syntax::language::Language;
use arborist_syntax::query::ImportRole;
use std::sync::Arc;
use streaming_iterator::StreamingIterator;
use tree_sitter::{Node, QueryCursor, Tree};

/// Whether a use of a name can be the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The file's imports or scoping tie it to the target.
    Target,
    /// It names another symbol (another module's, another package's): left out.
    Other,
    /// Nothing says: kept as the name matching found it.
    Unknown,
}

impl Verdict {
    /// Of several ways a name may come in: any that is the target's makes it the target's, any unknown
    /// keeps it unknown.
    fn or(self, other: Verdict) -> Verdict {
        match (self, other) {
            (Verdict::Target, _) | (_, Verdict::Target) => Verdict::Target,
            (Verdict::Unknown, _) | (_, Verdict::Unknown) => Verdict::Unknown,
            _ => Verdict::Other,
        }
    }
}

/// How many re-exporting files deep a name is followed.
const MAX_REEXPORT_DEPTH: usize = 5;

/// One import (or re-export) of a file.
#[derive(Debug, Clone)]
struct Import {
    /// The module as written (quotes stripped); Python's made absolute.
    module: String,
    /// The name as the module defines it (None: the module itself is bound, to `alias`).
    name: Option<String>,
    alias: Option<String>,
    /// Every name of the module (`a.b.*`, Go's `.`, `export *`).
    glob: bool,
    /// The file exports it (`export … from`, `pub use`); not a binding of the file's own.
    reexport: bool,
    /// Inside a module nested in the file (Rust's `mod tests`): it binds there, and its relative path is
    /// rebased on the file's module (`super::x` → `self::x`).
    inner: bool,
    /// A relative path that names the nested module or the file's own (`self::helpers`, `super::*` one
    /// level down): what it brings depends on scopes this file-level view does not see.
    opaque: bool,
}

impl Import {
    /// The local name the import binds.
    fn local(&self) -> Option<&str> {
        self.alias.as_deref().or(self.name.as_deref())
    }
}

/// The imports of one file.
#[derive(Debug, Clone)]
pub struct FileImports {
    naming: ModuleNaming,
    rel: String,
    imports: Vec<Import>,
    /// The file's own package (Java `package a.b;`, Go `package x`).
    package: Option<String>,
    /// The file imports or exports (an ES module, not a script).
    module_file: bool,
    /// The platforms a Go file is built for.
    platforms: Option<Platforms>,
    /// Where the file writes the names it imports (`Name` in `from m import Name as N`), with the import's
    /// index in `imports`.
    imported_names: Vec<(std::ops::Range<usize>, usize)>,
    /// Rust's globs of a type (`use self::Kind::*;`, which bring an enum's variants), with the bytes where
    /// they are in scope (the block or module that holds the `use`).
    type_globs: Vec<TypeGlob>,
}

/// A glob of a type's names (Rust's `use crate::ast::Kind::*;`) and where it is in scope.
#[derive(Debug, Clone)]
struct TypeGlob {
    /// The module path to the type, as the file writes it (rebased when nested), and the type's name.
    module: String,
    name: String,
    /// The block or nested module that holds the `use`; None at the top of the file, where an item of the
    /// file's own of the name wins over it.
    scope: Option<std::ops::Range<usize>>,
}

impl FileImports {
    /// The imports of a parsed file at `rel`; None when the language has no imports query or module
    /// naming.
    pub fn of(lang: &Language, tree: &Tree, text: &str, rel: &str) -> Option<FileImports> {
        let (query, naming) = (lang.imports()?, lang.entry.modules.as_ref()?);
        let mut out = FileImports {
            naming: naming.clone(),
            rel: rel.to_string(),
            imports: Vec::new(),
            package: None,
            module_file: false,
            platforms: (naming.resolve == ModuleScheme::Go).then(|| Platforms::of(rel, text)),
            imported_names: Vec::new(),
            type_globs: Vec::new(),
        };
        // use trees: (range, re-exported, how many modules deep it is nested, the block or module that
        // holds it unless it is the file's top); a nested one matches twice
        type Tree = (std::ops::Range<usize>, bool, usize, Option<std::ops::Range<usize>>);
        let mut trees: Vec<Tree> = Vec::new();
        let mut cursor = QueryCursor::new();
        let mut matches = cursor.matches(&query.query, tree.root_node(), text.as_bytes());
        while let Some(m) = matches.next() {
            let node = |role| m.captures().iter().find(|c| query.roles[c.index as usize] == role).map(|c| c.node);
            let capture = |role| node(role).map(|n| &text[n.byte_range()]);
            out.module_file |= capture(ImportRole::Export).is_some();
            if let Some(package) = capture(ImportRole::Package) {
                out.package = Some(package.split_whitespace().collect());
            }
            let reexport = capture(ImportRole::Reexport).is_some();
            if let Some(use_tree) = node(ImportRole::Tree) {
                let scope = use_tree.parent().and_then(|declaration| declaration.parent());
                let scope = scope.filter(|s| s.parent().is_some()).map(|s| s.byte_range());
                let depth = node(ImportRole::Inner).map_or(0, nesting);
                trees.push((use_tree.byte_range(), reexport, depth, scope));
            }
            let Some(module) = capture(ImportRole::Module).map(unquote) else { continue };
            let name = capture(ImportRole::Name).map(String::from);
            let glob = capture(ImportRole::Glob).is_some();
            // `from .m import x` and `from .m import *` are relative to the file's package
            let module = match (naming.resolve, name.is_some() || glob) {
                (ModuleScheme::Dotted, true) => match resolve_module(module, rel, naming) {
                    Some(m) => m,
                    None => continue,
                },
                _ => module.to_string(),
            };
            let alias = capture(ImportRole::Alias).map(String::from);
            out.imports.push(Import { module, name, alias, glob, reexport, inner: false, opaque: false });
            out.imported_names.extend(node(ImportRole::Name).map(|n| (n.byte_range(), out.imports.len() - 1)));
        }
        trees.sort_by_key(|(range, _, depth, _)| (range.start, std::cmp::Reverse(*depth)));
        trees.dedup_by_key(|(range, ..)| range.clone());
        for (range, reexport, depth, scope) in trees {
            let imports = use_tree(&text[range], &naming.separator, reexport, depth);
            out.type_globs.extend(imports.iter().filter_map(|i| type_glob(i, &naming.separator, scope.as_ref())));
            out.imports.extend(imports);
        }
        Some(out)
    }

    /// Where a bare `name` is a variant of an enum whose names a glob brings (`use self::Primitive::*;` in
    /// a function, then `Literal(x) =>`), and so no top-level symbol of the name: the bytes where each
    /// such glob is in scope. The enum is looked up in the project (this file, or the module the path
    /// names). When the file defines a top-level `name` itself (`defines_own`), that item wins over a
    /// glob at the file's top.
    pub fn variant_scopes(&self, name: &str, defines_own: bool, r: &Resolver) -> Vec<std::ops::Range<usize>> {
        let globs = self.variant_globs(name, r).filter(|(g, _)| g.scope.is_some() || !defines_own);
        globs.map(|(g, _)| g.scope.clone().unwrap_or(0..usize::MAX)).collect()
    }

    /// The enums whose variant `name` the file's globs bring (`One` of `use self::Seq::*;`), as (project
    /// file, enum symbol): what a bare `One(..)` that names no function or type makes a value of.
    pub fn variant_enums(&self, name: &str, r: &Resolver) -> Vec<(Arc<FileEntry>, u32)> {
        self.variant_globs(name, r).flat_map(|(_, enums)| enums).collect()
    }

    /// The file's globs of an enum of the project with a variant `name`, with the enums they name.
    fn variant_globs<'a>(
        &'a self,
        name: &'a str,
        r: &'a Resolver,
    ) -> impl Iterator<Item = (&'a TypeGlob, Vec<(Arc<FileEntry>, u32)>)> {
        self.type_globs.iter().filter_map(move |g| {
            let file = match self.rust_path(&g.module, r)? {
                RustPath::Local(root, segments) => r.rust_module_file(&root, &segments)?,
                RustPath::Extern(..) => return None,
            };
            let enums = r.enums_with_variant(&file, &g.name, name);
            (!enums.is_empty()).then_some((g, enums))
        })
    }

    /// Whether the file binds `name` by importing it from a module other than `def_rel`'s (or a package
    /// above it, or a module that may re-export it), or binds `name` to another name (`import { X as name
    /// }`): then its uses of `name` are another symbol. (Python: imports `name` at all, under any alias.)
    pub fn imports_other(&self, name: &str, def_rel: &str, r: &Resolver) -> bool {
        if self.rel == def_rel {
            return false;
        }
        if self.naming.resolve == ModuleScheme::Dotted {
            let target = module_of(def_rel, &self.naming);
            // a package above the target may re-export it; another project module re-exports it when its
            // imports lead there (`from .base import X` where base.py imports X from the target's module)
            let other = |module: &str| match self.is_or_contains(module, &target) {
                true => self.package_defines_own(module, name, def_rel, r),
                false => self.source(module, name, def_rel, r, 0) != Verdict::Target,
            };
            // `import gettext` binds the name to a module, never to a function or class of that name
            let binds_module = |i: &Import| i.name.is_none() && !i.glob && self.dotted_local(i) == name;
            if self.imports.iter().any(binds_module) {
                return true;
            }
            return self.imports.iter().any(|i| i.name.as_deref() == Some(name) && !i.reexport && other(&i.module));
        }
        self.bindings().any(|i| match (i.name.as_deref(), i.local()) {
            (Some(n), Some(local)) if local == name && n == name => {
                self.import_source(i, name, def_rel, r, 0) == Verdict::Other
            }
            (Some(n), Some(local)) => local == name && n != "default" && n != "self",
            _ => false,
        })
    }

    /// Whether the file's own top-level `name` is the target too: in Python, the file imports it from the
    /// target's module (or one that re-exports it) and binds it again; in Go, the file is of the target's
    /// package, so its definition is another platform's variant of the target (`ztypes_linux_s390x.go`
    /// beside `ztypes_linux_amd64.go`: a package cannot define a name twice for one platform), which a
    /// rename changes with it.
    pub fn rebinds_target(&self, name: &str, def_rel: &str, r: &Resolver) -> bool {
        match self.naming.resolve {
            ModuleScheme::Go => self.in_package_of(def_rel, r),
            _ => self.rebinds_target_at(name, def_rel, r, 0),
        }
    }

    /// Whether this Go file is of the same package as `def_rel` (its directory and package clause).
    fn in_package_of(&self, def_rel: &str, r: &Resolver) -> bool {
        parent(&self.rel) == parent(def_rel)
            && self.package.is_some()
            && r.imports_of(def_rel).is_some_and(|f| f.package == self.package)
    }

    /// `rebinds_target`, `depth` re-exporting files deep.
    fn rebinds_target_at(&self, name: &str, def_rel: &str, r: &Resolver, depth: usize) -> bool {
        self.naming.resolve == ModuleScheme::Dotted && self.reexports(name, def_rel, r, depth) == Verdict::Target
    }

    /// Whether the use `node` (an identifier named `name`, bare or qualified `x.name`) can be the top-level
    /// symbol `name` of `def_rel`.
    pub fn use_of(&self, node: Node, text: &str, name: &str, def_rel: &str, r: &Resolver) -> Verdict {
        self.verdict(&Written::of(node, text), name, def_rel, r)
    }

    /// Whether a use of `name` written as `written` can be the top-level symbol `name` of `def_rel`.
    pub fn verdict(&self, written: &Written, name: &str, def_rel: &str, r: &Resolver) -> Verdict {
        match written {
            Written::Qualified(q) => self.qualified_use(q, name, def_rel, r),
            Written::Macro => Verdict::Unknown,
            Written::Bare => self.bare_use(name, def_rel, r),
        }
    }

    /// The full name (`java.util.List`) of what the file imports `name` as, by an import of that one name
    /// (not `a.b.*`, not a re-export).
    pub fn imported_path(&self, name: &str) -> Option<String> {
        let import = self.imports.iter().find(|i| !i.glob && !i.reexport && i.local() == Some(name))?;
        Some(format!("{}{}{}", import.module, self.naming.separator, import.name.as_deref()?))
    }

    /// The full names `name` may have through the file's imports of every name of a module (`java.util.List`
    /// for `import java.util.*;`).
    pub fn glob_paths(&self, name: &str) -> Vec<String> {
        let globs = self.imports.iter().filter(|i| i.glob && !i.reexport);
        globs.map(|i| format!("{}{}{name}", i.module, self.naming.separator)).collect()
    }

    /// Whether `bytes` are where the file writes the name one of its imports brings.
    pub fn is_imported_name(&self, bytes: &std::ops::Range<usize>) -> bool {
        self.imported_names.iter().any(|(range, _)| range == bytes)
    }

    /// When the use at `bytes` is the name of one of the file's imports (`Loader` in `from .base import
    /// Loader as BaseLoader`): whether that import brings the target, by where it imports from (in the
    /// target's own file, another module's symbol: a module does not import its own).
    pub fn imported_name_at(
        &self,
        bytes: &std::ops::Range<usize>,
        name: &str,
        def_rel: &str,
        r: &Resolver,
    ) -> Option<Verdict> {
        let &(_, i) = self.imported_names.iter().find(|(range, _)| range == bytes)?;
        Some(match self.rel == def_rel {
            true => Verdict::Other,
            false => self.import_source(&self.imports[i], name, def_rel, r, 0),
        })
    }

    /// The file's imports of one name that bind it to `local` under an alias (`import { zip as zipStatic }`).
    fn aliasing<'a>(&'a self, local: &'a str) -> impl Iterator<Item = (&'a Import, &'a str)> + 'a {
        let aliased = move |i: &&Import| !i.glob && !i.reexport && i.alias.as_deref() == Some(local);
        self.imports.iter().filter(aliased).filter_map(|i| Some((i, i.name.as_deref()?)))
    }

    /// The names the file's imports bind to `local` under an alias (`zip` of `import { zip as zipStatic }`).
    pub fn aliases_to<'a>(&'a self, local: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.aliasing(local).map(|(_, original)| original)
    }

    /// Whether an import of the file that binds `original` to `local` under an alias brings `def_rel`'s
    /// top-level symbol of that name.
    pub fn alias_brings(&self, local: &str, original: &str, def_rel: &str, r: &Resolver) -> bool {
        self.aliasing(local).any(|(i, o)| o == original && self.import_source(i, o, def_rel, r, 0) == Verdict::Target)
    }

    /// Whether a bare `name` in this file can be `def_rel`'s: the language's scoping (a Go package is its
    /// directory; a Java file sees its package and its imports; an ES module or a Rust module sees what
    /// it defines or imports).
    pub fn bare_use(&self, name: &str, def_rel: &str, r: &Resolver) -> Verdict {
        if self.rel == def_rel {
            return Verdict::Target;
        }
        match self.naming.resolve {
            ModuleScheme::Dotted => Verdict::Unknown,
            ModuleScheme::Path => self.bare_script_use(name, def_rel, r),
            ModuleScheme::Go => self.bare_go_use(name, def_rel, r),
            ModuleScheme::Rust => self.bare_rust_use(name, def_rel, r),
            ModuleScheme::Java => self.bare_java_use(name, def_rel),
        }
    }

    /// Whether `written.name` (`written` the receiver as written) can be `def_rel`'s top-level `name`.
    pub fn qualified_use(&self, written: &str, name: &str, def_rel: &str, r: &Resolver) -> Verdict {
        match self.naming.resolve {
            ModuleScheme::Dotted => match self.names_module_of(written, def_rel) {
                true if self.dotted_module(written).is_some_and(|m| self.package_defines_own(&m, name, def_rel, r)) => {
                    Verdict::Other
                }
                true => Verdict::Target,
                // another project module that re-exports it (`from django.db.models import *`)
                false => match self.dotted_module(written) {
                    Some(m) if self.source(&m, name, def_rel, r, 0) == Verdict::Target => Verdict::Target,
                    _ => Verdict::Unknown,
                },
            },
            ModuleScheme::Go if !self.built_with_a_variant(name, def_rel, r) => Verdict::Other,
            ModuleScheme::Go => match self.module_bound_to(written) {
                Some(module) => self.source(module, name, def_rel, r, 0),
                None => self.unbound_go_receiver(written, def_rel, r),
            },
            ModuleScheme::Path => match self.module_bound_to(written) {
                Some(module) => self.source(module, name, def_rel, r, 0),
                // CommonJS: the defining module's export of it (`exports.Name = Name`)
                None if self.rel == def_rel && ["exports", "module.exports"].contains(&written) => Verdict::Target,
                None => Verdict::Unknown,
            },
            ModuleScheme::Rust => self.qualified_rust_use(written, name, def_rel, r),
            ModuleScheme::Java => qualified_java_use(written, name, def_rel),
        }
    }

    /// Whether the receiver `written` (`x` or `x.y` in `x.y.Name`) names `def_rel`'s module, or a package
    /// above it (which may re-export the name), through the file's imports (Python).
    pub fn names_module_of(&self, written: &str, def_rel: &str) -> bool {
        self.dotted_module(written)
            .is_some_and(|module| self.is_or_contains(&module, &module_of(def_rel, &self.naming)))
    }

    /// The module a dotted receiver (`x` or `x.y`) names through the file's imports.
    fn dotted_module(&self, written: &str) -> Option<String> {
        let sep = self.naming.separator.as_str();
        let dotted =
            written.split(sep).all(|part| !part.is_empty() && part.chars().all(|c| c.is_alphanumeric() || c == '_'));
        if !dotted {
            return None;
        }
        let (first, rest) = written.split_once(sep).map_or((written, None), |(f, r)| (f, Some(r)));
        let import = self.dotted_imports().rev().find(|i| self.dotted_local(i) == first)?;
        let bound = self.dotted_bound(import);
        Some(match rest {
            Some(rest) => format!("{bound}{sep}{rest}"),
            None => bound,
        })
    }

    /// Whether `module` is a package above the target's module whose own file (`a/b/__init__.py`)
    /// defines a symbol `name` of its own: then its `name` is that symbol, not a re-export of the target
    /// (`django.utils.translation.gettext` wraps `trans_real.gettext`).
    fn package_defines_own(&self, module: &str, name: &str, def_rel: &str, r: &Resolver) -> bool {
        let (Some(package), Some((_, ext))) = (&self.naming.package_file, def_rel.rsplit_once('.')) else {
            return false;
        };
        let target = module_of(def_rel, &self.naming);
        let above = module != target && self.is_or_contains(module, &target);
        let file = format!("{}/{package}.{ext}", module.replace(self.naming.separator.as_str(), "/"));
        above && file != def_rel && r.defines(&file, name)
    }

    /// The Python imports that bind local names to modules: `import a.b` binds `a` to `a`; `import a.b as x`
    /// binds `x` to `a.b`; `from a import b [as y]` binds `b` (`y`) to `a.b` (a submodule, or a name of `a`).
    fn dotted_imports(&self) -> impl DoubleEndedIterator<Item = &Import> {
        self.imports.iter().filter(|i| !i.reexport && !i.glob)
    }

    /// The local name one Python import binds.
    fn dotted_local<'i>(&self, i: &'i Import) -> &'i str {
        match (&i.name, &i.alias) {
            (Some(name), alias) => alias.as_deref().unwrap_or(name),
            (None, Some(alias)) => alias,
            (None, None) => i.module.split(self.naming.separator.as_str()).next().unwrap_or(&i.module),
        }
    }

    /// The module (or module member) one Python import binds its local name to.
    fn dotted_bound(&self, i: &Import) -> String {
        let sep = self.naming.separator.as_str();
        match (&i.name, &i.alias) {
            (Some(name), _) => format!("{}{sep}{name}", i.module),
            (None, Some(_)) => i.module.clone(),
            (None, None) => self.dotted_local(i).to_string(),
        }
    }

    /// The imports that bind a name of the file's own (not globs; not re-exports, except Rust's `pub use`,
    /// which binds the name too).
    fn bindings(&self) -> impl Iterator<Item = &Import> {
        let reexports_bind = self.naming.resolve == ModuleScheme::Rust;
        self.imports.iter().filter(move |i| !i.glob && (!i.reexport || reexports_bind))
    }

    /// The module a local name is bound to (TS `import * as ns`, Go's package names).
    fn module_bound_to(&self, written: &str) -> Option<&str> {
        let go = self.naming.resolve == ModuleScheme::Go;
        self.bindings().filter(|i| i.name.is_none()).find_map(|i| {
            let local = match (&i.alias, go) {
                (Some(alias), _) => alias.as_str(),
                (None, true) => go_package_name(&i.module),
                (None, false) => return None,
            };
            (local == written).then_some(i.module.as_str())
        })
    }

    /// Whether `name` of `module` (as written in this file) is the target: the module is the target's
    /// file (or package), or may re-export it.
    fn source(&self, module: &str, name: &str, def_rel: &str, r: &Resolver, depth: usize) -> Verdict {
        match self.naming.resolve {
            ModuleScheme::Dotted => match self.dotted_file(module, def_rel, r) {
                Some(file) if file == def_rel => Verdict::Target,
                Some(file) => reexports_of(r, &file, name, def_rel, depth),
                None => Verdict::Unknown,
            },
            ModuleScheme::Path => match r.script_file(module, &self.rel, &self.naming.extensions) {
                Some(file) if file == def_rel => Verdict::Target,
                Some(file) => reexports_of(r, &file, name, def_rel, depth),
                None => Verdict::Unknown,
            },
            ModuleScheme::Go => match r.go_package_paths(parent(def_rel)) {
                Some(paths) if paths.iter().any(|p| p == module) => Verdict::Target,
                Some(_) => Verdict::Other,
                None => Verdict::Unknown,
            },
            ModuleScheme::Rust => self.rust_source(module, name, def_rel, r, depth),
            ModuleScheme::Java => match java_names(module, name, def_rel) {
                true => Verdict::Target,
                false => Verdict::Other,
            },
        }
    }

    /// `name` of import `i`'s module. An import inside a nested module (Rust's `mod tests`) binds only
    /// there: what it finds is not known to be another's for the whole file. One whose path leads into
    /// the nested modules themselves is unknown.
    fn import_source(&self, i: &Import, name: &str, def_rel: &str, r: &Resolver, depth: usize) -> Verdict {
        if i.opaque {
            return Verdict::Unknown;
        }
        let first = i.module.split(self.naming.separator.as_str()).next().unwrap_or_default();
        let absolute = first == "crate" || STD_CRATES.contains(&first);
        relative_guard(i.inner && !absolute, self.source(&i.module, name, def_rel, r, depth))
    }

    /// What this file (a module others import from) exports as `name`: whether it is the target.
    fn reexports(&self, name: &str, def_rel: &str, r: &Resolver, depth: usize) -> Verdict {
        if depth >= MAX_REEXPORT_DEPTH {
            return Verdict::Unknown;
        }
        // an ES module may `export { name }` what it imports, and a Python module's imports are its names;
        // Rust exports only what it `pub use`s
        let plain_imports_export = matches!(self.naming.resolve, ModuleScheme::Path | ModuleScheme::Dotted);
        // and Python's `from m import *` brings m's names into the module
        let globs_export = self.naming.resolve == ModuleScheme::Dotted;
        let mut verdict = Verdict::Other;
        for i in &self.imports {
            let found = match (i.glob, i.local(), i.name.as_deref()) {
                (true, _, _) if i.reexport || globs_export => self.import_source(i, name, def_rel, r, depth + 1),
                (false, Some(local), Some(original)) if local == name && (i.reexport || plain_imports_export) => {
                    self.import_source(i, original, def_rel, r, depth + 1)
                }
                _ => continue,
            };
            verdict = verdict.or(found);
        }
        verdict
    }

    fn bare_script_use(&self, name: &str, def_rel: &str, r: &Resolver) -> Verdict {
        if let Some(i) = self.bindings().find(|i| i.local() == Some(name)) {
            return match i.name.as_deref() {
                Some(n) if n == name || n == "default" => self.import_source(i, name, def_rel, r, 0),
                _ => Verdict::Other,
            };
        }
        // the name in `export { name } from './m'` is m's
        if let Some(i) = self.imports.iter().find(|i| i.reexport && !i.glob && i.name.as_deref() == Some(name)) {
            return self.import_source(i, name, def_rel, r, 0);
        }
        let script = |rel: &str| rel.ends_with(".d.ts") || r.imports_of(rel).is_none_or(|f| !f.module_file);
        match !self.module_file || script(&self.rel) || script(def_rel) {
            true => Verdict::Unknown,
            false => Verdict::Other,
        }
    }

    fn bare_go_use(&self, name: &str, def_rel: &str, r: &Resolver) -> Verdict {
        if !self.built_with_a_variant(name, def_rel, r) {
            return Verdict::Other;
        }
        if parent(&self.rel) == parent(def_rel) {
            return Verdict::Target;
        }
        let dotted = self.imports.iter().filter(|i| i.glob);
        dotted.fold(Verdict::Other, |v, i| v.or(self.import_source(i, "", def_rel, r, 0)))
    }

    /// Whether some platform builds this file and `other` together (Go's build constraints; true for
    /// other languages and unknown files).
    fn built_with(&self, other: &str, r: &Resolver) -> bool {
        let theirs = r.imports_of(other).and_then(|f| f.platforms);
        self.platforms.zip(theirs).is_none_or(|(a, b)| a.overlap(&b))
    }

    /// Whether some platform builds this file with `def_rel`'s `name` or one of its variants for other
    /// platforms (another file of its package that defines the name): the variants are one symbol, a
    /// use built with any of them means it, and a use built with none of them is another symbol's.
    fn built_with_a_variant(&self, name: &str, def_rel: &str, r: &Resolver) -> bool {
        if self.built_with(def_rel, r) {
            return true;
        }
        let restricted = r.imports_of(def_rel).and_then(|f| f.platforms).is_some_and(|p| !p.is_all());
        restricted && r.go_variants(parent(def_rel), name, def_rel).iter().any(|v| self.built_with(v, r))
    }

    /// `x.Name` where `x` is no import's alias or path's last element: Go reaches another package's
    /// top-level name only through its package name, so `x` is a value and `Name` its field or method,
    /// unless `x` is the package clause's name of the target's package, imported unaliased.
    fn unbound_go_receiver(&self, written: &str, def_rel: &str, r: &Resolver) -> Verdict {
        let Some(paths) = r.go_package_paths(parent(def_rel)) else { return Verdict::Unknown };
        if !self.bindings().any(|i| i.alias.is_none() && paths.contains(&i.module)) {
            return Verdict::Other;
        }
        match r.imports_of(def_rel).map(|f| f.package.clone()) {
            Some(Some(package)) if package == written => Verdict::Target,
            Some(Some(_)) => Verdict::Other,
            _ => Verdict::Unknown,
        }
    }

    fn bare_rust_use(&self, name: &str, def_rel: &str, r: &Resolver) -> Verdict {
        if let Some(i) = self.bindings().find(|i| i.local() == Some(name)) {
            return match i.name.as_deref() {
                Some(n) if n == name => self.import_source(i, name, def_rel, r, 0),
                _ => Verdict::Other,
            };
        }
        let globs = self.imports.iter().filter(|i| i.glob);
        globs.fold(Verdict::Other, |v, i| v.or(self.import_source(i, name, def_rel, r, 0)))
    }

    fn bare_java_use(&self, name: &str, def_rel: &str) -> Verdict {
        let Some(package) = &self.package else { return Verdict::Unknown };
        let def_dir = parent(def_rel);
        if ends_with_path(def_dir, &package.replace('.', "/")) {
            return Verdict::Target;
        }
        if !is_class_file(def_rel, name) {
            return Verdict::Unknown;
        }
        let imported = self.imports.iter().any(|i| match i.glob {
            true => java_names(&i.module, name, def_rel) || ends_with_path(def_dir, &i.module.replace('.', "/")),
            false => i.name.as_deref() == Some(name) && java_names(&i.module, name, def_rel),
        });
        match imported {
            true => Verdict::Target,
            false => Verdict::Other,
        }
    }

    fn qualified_rust_use(&self, written: &str, name: &str, def_rel: &str, r: &Resolver) -> Verdict {
        let written: String = written.split_whitespace().collect();
        let (first, rest) = written.split_once("::").map_or((written.as_str(), ""), |(f, r)| (f, r));
        if matches!(first, "crate" | "self" | "super") {
            // `super::` in code is mostly in a nested `mod tests`, which this file-level view cannot see
            return relative_guard(first != "crate", self.rust_source(&written, name, def_rel, r, 0));
        }
        let bound = self.bindings().find(|i| i.local() == Some(first) && i.name.is_some());
        let Some(i) = bound else { return self.rust_source(&written, name, def_rel, r, 0) };
        if i.opaque {
            return Verdict::Unknown;
        }
        let mut module = format!("{}::{}", i.module, i.name.as_deref().unwrap_or_default());
        if i.module.is_empty() {
            module = i.name.clone().unwrap_or_default();
        }
        if !rest.is_empty() {
            module = format!("{module}::{rest}");
        }
        relative_guard(i.inner, self.rust_source(&module, name, def_rel, r, 0))
    }

    /// `name` of the Rust module path `module` (as written in this file): the target's module or one
    /// above it (which may re-export it) is the target; another module file is followed through its
    /// `pub use`s; a path through the target's crate name is the target crate's; one through `std`,
    /// `core` or `alloc` is another crate's, and one through a type (`Self::`, `T::`) an associated item;
    /// a path that names no module file (another crate, an inline module) is unknown.
    fn rust_source(&self, module: &str, name: &str, def_rel: &str, r: &Resolver, depth: usize) -> Verdict {
        let Some((def_root, def_segments)) = rust_module(def_rel) else { return Verdict::Unknown };
        let (root, segments) = match self.rust_path(module, r) {
            Some(RustPath::Local(root, segments)) => (root, segments),
            Some(RustPath::Extern(krate, segments)) => {
                let target_crate = r.rust_crate_name(&def_root);
                match target_crate.as_deref() {
                    // `Self::Name`, `T::Name`, `Type::Name`: an associated item or a variant
                    _ if krate.starts_with(|c: char| c.is_uppercase()) => return Verdict::Other,
                    Some(t) if t == krate => (def_root.clone(), segments),
                    Some(t) if STD_CRATES.contains(&krate.as_str()) && !STD_CRATES.contains(&t) => {
                        return Verdict::Other;
                    }
                    _ => return Verdict::Unknown,
                }
            }
            None => return Verdict::Unknown,
        };
        let same_crate = root == def_root;
        if same_crate && def_segments == segments {
            return Verdict::Target;
        }
        // a module above the target's (`crate::Name`) has the name only as it re-exports it (`pub use`)
        match r.rust_module_file(&root, &segments) {
            Some(file) => reexports_of(r, &file, name, def_rel, depth),
            None if same_crate && def_segments.starts_with(&segments) => Verdict::Target,
            None => Verdict::Unknown,
        }
    }

    /// Where a Rust path written in this file starts: a module of this crate (its root and segments), or
    /// another crate (its name and the segments after it).
    fn rust_path(&self, module: &str, r: &Resolver) -> Option<RustPath> {
        let (root, mut at) = rust_module(&self.rel)?;
        let mut parts = module.split("::").filter(|p| !p.is_empty()).peekable();
        match parts.peek().copied() {
            Some("crate") => {
                parts.next();
                at.clear();
            }
            Some("self") => {
                parts.next();
            }
            Some("super") => {}
            Some(first) => {
                let child: Vec<String> = at.iter().cloned().chain([first.to_string()]).collect();
                if r.rust_module_file(&root, &child).is_none() {
                    parts.next();
                    return Some(RustPath::Extern(first.to_string(), parts.map(String::from).collect()));
                }
            }
            None => return None,
        }
        for part in parts {
            match part {
                "super" => {
                    at.pop()?;
                }
                p => at.push(p.to_string()),
            }
        }
        Some(RustPath::Local(root, at))
    }

    /// The project file of the absolute dotted module `module` (`a/b.py`, or the package's `a/b/__init__.py`),
    /// with the target's extension.
    fn dotted_file(&self, module: &str, def_rel: &str, r: &Resolver) -> Option<String> {
        let ext = def_rel.rsplit_once('.').map_or("py", |(_, e)| e);
        let path = module.replace(self.naming.separator.as_str(), "/");
        let package = self.naming.package_file.as_deref().map(|p| format!("{path}/{p}.{ext}"));
        std::iter::once(format!("{path}.{ext}")).chain(package).find(|f| r.is_file(f))
    }

    /// Whether `module` is `target` or a package above it.
    fn is_or_contains(&self, module: &str, target: &str) -> bool {
        target == module || target.strip_prefix(module).is_some_and(|r| r.starts_with(&self.naming.separator))
    }
}

/// Rust's standard crates: no other crate's item is reached through them.
const STD_CRATES: [&str; 3] = ["std", "core", "alloc"];

/// Where a Rust path starts.
enum RustPath {
    /// A module of the file's crate: its root directory and module segments.
    Local(String, Vec<String>),
    /// Another crate (or a type, `Self`): its name and the segments after it.
    Extern(String, Vec<String>),
}

/// A verdict reached through a path that may start from another module than the one resolved: Other
/// becomes Unknown.
fn relative_guard(relative: bool, verdict: Verdict) -> Verdict {
    match (relative, verdict) {
        (true, Verdict::Other) => Verdict::Unknown,
        (_, v) => v,
    }
}

/// What project file `file` exports as `name` (followed through its re-exports): its own definition of
/// `name` is another symbol.
fn reexports_of(r: &Resolver, file: &str, name: &str, def_rel: &str, depth: usize) -> Verdict {
    let imports = r.imports_of(file);
    if r.defines(file, name) {
        // a Python module that imports the target and binds the name again still exports the target
        let rebound = imports.is_some_and(|i| i.rebinds_target_at(name, def_rel, r, depth + 1));
        return if rebound { Verdict::Target } else { Verdict::Other };
    }
    match imports {
        Some(imports) => imports.reexports(name, def_rel, r, depth),
        None => Verdict::Unknown,
    }
}

/// How a use of a name is written, as far as its imports matter (kept with a file's facts: no tree).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    /// `name`
    Bare,
    /// `x.name`, `x::name`, `x?.name`: the qualifier `x` as written.
    Qualified(Box<str>),
    /// `name!(…)`: a macro, which is in scope by other rules than imports.
    Macro,
}

impl Written {
    /// How the identifier `node` is written.
    pub fn of(node: Node, text: &str) -> Written {
        match qualifier(node) {
            Some(q) => Written::Qualified(text[q.byte_range()].into()),
            None if node.next_sibling().is_some_and(|s| s.kind() == "!") => Written::Macro,
            None => Written::Bare,
        }
    }
}

/// The node before `.`, `?.` or `::` in front of `node` (the `x` of `x.name`), if any.
pub fn qualifier(node: Node) -> Option<Node> {
    let token = node.prev_sibling().filter(|t| matches!(t.kind(), "." | "?." | "::"))?;
    token.prev_sibling()
}

/// Whether the Java type or static member `module.name` can be `def_rel`'s `name`: `module` is its
/// package (the file is `name.java`), or its class (a member or nested class of `def_rel`'s class).
fn java_names(module: &str, name: &str, def_rel: &str) -> bool {
    let path = module.replace('.', "/");
    let class = def_rel.strip_suffix(".java").unwrap_or(def_rel);
    (is_class_file(def_rel, name) && ends_with_path(parent(def_rel), &path)) || ends_with_path(class, &path)
}

/// `a.b.Name` of a top-level class `Name` in `def_rel`: the target when `a.b` is its package, another
/// package's when `a.b` is a package name (lower case).
fn qualified_java_use(written: &str, name: &str, def_rel: &str) -> Verdict {
    let written: String = written.split_whitespace().collect();
    if !is_class_file(def_rel, name) || !written.split('.').all(|p| !p.is_empty()) {
        return Verdict::Unknown;
    }
    if java_names(&written, name, def_rel) {
        return Verdict::Target;
    }
    match written.contains('.') && written.starts_with(|c: char| c.is_lowercase()) {
        true => Verdict::Other,
        false => Verdict::Unknown,
    }
}

/// Whether `rel` is `name.java` (a public top-level class's file).
fn is_class_file(rel: &str, name: &str) -> bool {
    rel.rsplit('/').next() == Some(&format!("{name}.java"))
}

/// Whether the path `dir` is `tail` or ends with `/tail`.
fn ends_with_path(dir: &str, tail: &str) -> bool {
    dir == tail || dir.strip_suffix(tail).is_some_and(|d| d.ends_with('/'))
}

/// The name a Go import path binds without an alias: its last element, without a `/vN` major version or
/// a `.vN` (gopkg.in) suffix.
fn go_package_name(path: &str) -> &str {
    let mut parts = path.rsplit('/');
    let last = parts.next().unwrap_or(path);
    let versioned = last.len() > 1 && last.starts_with('v') && last[1..].chars().all(|c| c.is_ascii_digit());
    let last = match versioned {
        true => parts.next().unwrap_or(last),
        false => last,
    };
    last.split_once(".v").map_or(last, |(n, _)| n)
}

/// A string literal's content.
fn unquote(text: &str) -> &str {
    text.trim_matches(|c| c == '"' || c == '\'' || c == '`')
}

/// The glob `i` when it is of a type's names (the path's last segment starts with an uppercase letter, as
/// Rust's types do and its modules do not), in scope in `scope` (None: the top of the file).
fn type_glob(i: &Import, sep: &str, scope: Option<&std::ops::Range<usize>>) -> Option<TypeGlob> {
    if !i.glob || i.opaque {
        return None;
    }
    let (module, name) = i.module.rsplit_once(sep).unwrap_or(("self", i.module.as_str()));
    name.starts_with(|c: char| c.is_uppercase()).then(|| TypeGlob {
        module: module.to_string(),
        name: name.to_string(),
        scope: scope.cloned(),
    })
}

/// How many modules deep the nested module `module` is (itself included): a module inside a module of the
/// same kind is one more.
fn nesting(module: Node) -> usize {
    let mut depth = 1;
    let mut at = module.parent();
    while let Some(n) = at {
        depth += usize::from(n.kind() == module.kind());
        at = n.parent();
    }
    depth
}

/// The imports a Rust-style use tree `a::{b, c as d, e::*}` brings (separator `sep`), written in a module
/// nested `depth` deep in the file (0: at its top).
fn use_tree(text: &str, sep: &str, reexport: bool, depth: usize) -> Vec<Import> {
    let mut flat = String::new();
    for word in text.split_whitespace() {
        if word == "as" {
            flat.push_str(" as ");
        } else {
            flat.push_str(word);
        }
    }
    let mut out = Vec::new();
    expand_use_tree(&flat, "", sep, (reexport, depth), &mut out);
    out
}

fn expand_use_tree(tree: &str, prefix: &str, sep: &str, flags: (bool, usize), out: &mut Vec<Import>) {
    let (reexport, depth) = flags;
    let inner = depth > 0;
    if let Some((head, list)) = tree.split_once('{') {
        let list = list.strip_suffix('}').unwrap_or(list);
        let prefix = format!("{prefix}{head}");
        for item in split_top_level(list) {
            expand_use_tree(item.trim(), &prefix, sep, flags, out);
        }
        return;
    }
    let (path, alias) = tree.split_once(" as ").map_or((tree, None), |(p, a)| (p, Some(a.trim().to_string())));
    let full = format!("{prefix}{path}");
    let full = full.strip_suffix(&format!("{sep}self")).unwrap_or(&full);
    if full.is_empty() {
        return;
    }
    let (module, name) = match full.strip_suffix('*') {
        Some(module) => (module.strip_suffix(sep).unwrap_or(module), None),
        None => full.rsplit_once(sep).map_or(("", Some(full)), |(m, n)| (m, Some(n))),
    };
    let (module, opaque) = match rebase(module, depth, sep) {
        Rebased::Path(module) => (module, false),
        Rebased::Nested => (String::new(), true),
        // `use super::*` in `mod tests`: the file's own names, which its other imports already say
        Rebased::FileScope => return,
    };
    let (glob, name) = (name.is_none(), name.map(String::from));
    out.push(Import { module, name, alias: alias.filter(|_| !glob), glob, reexport, inner, opaque });
}

/// Where a path written in a nested module leads, seen from the file's own module.
enum Rebased {
    /// A path from the file's module (`super::a` one level down: `self::a`), or as written (`crate::a`).
    Path(String),
    /// The file's own module (`super` one level down).
    FileScope,
    /// Into the nested modules themselves (`self::helpers`).
    Nested,
}

/// A path `module` written in a module nested `depth` deep in the file, from the file's own module.
fn rebase(module: &str, depth: usize, sep: &str) -> Rebased {
    let first = module.split(sep).next().unwrap_or_default();
    if depth == 0 || !matches!(first, "self" | "super") {
        return Rebased::Path(module.to_string());
    }
    let parts: Vec<&str> = module.split(sep).collect();
    let supers = parts.iter().take_while(|p| **p == "super").count();
    if supers < depth {
        Rebased::Nested
    } else if parts.len() == depth {
        Rebased::FileScope
    } else {
        Rebased::Path(std::iter::once("self").chain(parts[depth..].iter().copied()).collect::<Vec<_>>().join(sep))
    }
}

/// The items of a `{ … }` list, split at commas outside nested braces.
fn split_top_level(list: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in list.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&list[start..]);
    out.into_iter().filter(|s| !s.trim().is_empty()).collect()
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

    fn no_files() -> Resolver<'static> {
        Resolver::without_engine(std::path::Path::new("/nonexistent"))
    }

    #[test]
    fn python_imports_resolve_relative_modules_and_aliases() {
        let f = python(
            "from .fields import Field\nimport django.db.models as m\nfrom django.db import models\n",
            "pkg/a/b.py",
        );
        let r = no_files();
        assert!(!f.imports_other("Field", "pkg/a/fields.py", &r), "imported from the target's module");
        assert!(f.imports_other("Field", "other/fields.py", &r), "imported from another module");
        assert!(!f.imports_other("Other", "other/fields.py", &r), "not imported at all");
        assert!(f.names_module_of("m", "django/db/models/__init__.py"));
        assert!(f.names_module_of("m.fields", "django/db/models/fields/__init__.py"));
        assert!(f.names_module_of("models", "django/db/models/base.py"), "a package above the target's module");
        assert!(!f.names_module_of("models", "django/forms/models.py"));
        assert!(!f.names_module_of("x", "django/db/models/base.py"), "not bound by an import");
        assert!(!f.names_module_of("self.x", "django/db/models/base.py"));
    }

    fn file(lang: &str, text: &str, rel: &str) -> FileImports {
        let lang = arborist_syntax::language::by_name(lang).unwrap();
        let tree = arborist_syntax::syntax::parse(lang, text).unwrap();
        FileImports::of(lang, &tree, text, rel).unwrap()
    }

    /// `module name as alias` per import, `*` for globs, `pub` for re-exports.
    fn listed(f: &FileImports) -> Vec<String> {
        let one = |i: &Import| {
            let name = i.name.clone().unwrap_or_default();
            let alias = i.alias.as_ref().map(|a| format!(" as {a}")).unwrap_or_default();
            let flags = format!("{}{}", if i.glob { " *" } else { "" }, if i.reexport { " pub" } else { "" });
            format!("{}|{name}{alias}{flags}", i.module)
        };
        f.imports.iter().map(one).collect()
    }

    #[test]
    fn typescript_imports_and_reexports_are_read() {
        for lang in ["typescript", "tsx", "javascript"] {
            let f = file(
                lang,
                "import D, { A, B as C } from './m';\nimport * as ns from '../n';\nexport { E } from './e';\nexport * from './all';\n",
                "src/x.ts",
            );
            assert_eq!(
                listed(&f),
                ["./m|A", "./m|B as C", "./m|D", "../n| as ns", "./e|E pub", "./all| * pub"],
                "{lang}"
            );
            assert!(f.module_file);
            assert!(!file(lang, "var x = 1;\n", "a.js").module_file, "a script");
        }
    }

    #[test]
    fn commonjs_requires_and_export_stars_are_read() {
        for lang in ["typescript", "tsx", "javascript"] {
            let f = file(
                lang,
                "const m_1 = require(\"./m\");\nconst { A, B: C } = require('./n');\ntslib_1.__exportStar(require(\"./all\"), exports);\n__exportStar(require(\"./more\"), exports);\n",
                "src/x.js",
            );
            assert_eq!(listed(&f), ["./m| as m_1", "./n|A", "./n|B as C", "./all| * pub", "./more| * pub"], "{lang}");
            assert!(f.module_file);
            assert!(file(lang, "exports.x = 1;\n", "a.js").module_file, "assigns exports");
            assert!(!file(lang, "f(require);\n", "a.js").module_file, "mentions require, calls nothing");
        }
    }

    #[test]
    fn go_imports_bind_package_names() {
        let f = file(
            "go",
            "package a\nimport (\n\t\"fmt\"\n\tx \"example.com/m/b\"\n\t. \"example.com/m/c\"\n)\n",
            "a/a.go",
        );
        assert_eq!(listed(&f), ["fmt|", "example.com/m/b| as x", "example.com/m/c| *"]);
        assert_eq!(f.module_bound_to("fmt"), Some("fmt"));
        assert_eq!(f.module_bound_to("x"), Some("example.com/m/b"));
        assert_eq!(go_package_name("gopkg.in/yaml.v3"), "yaml");
        assert_eq!(go_package_name("example.com/m/v2"), "m");
    }

    #[test]
    fn rust_use_trees_expand() {
        let f =
            file("rust", "use crate::a::{b, c as d, e::{self, *}};\npub use super::f::G;\nuse std::io;\n", "src/x.rs");
        assert_eq!(
            listed(&f),
            ["crate::a|b", "crate::a|c as d", "crate::a|e", "crate::a::e| *", "super::f|G pub", "std|io"]
        );
    }

    #[test]
    fn java_imports_and_package_are_read() {
        let f = file(
            "java",
            "package a.b;\nimport c.d.E;\nimport static c.d.E.f;\nimport g.h.*;\nclass X {}\n",
            "src/a/b/X.java",
        );
        assert_eq!(f.package.as_deref(), Some("a.b"));
        assert_eq!(listed(&f), ["c.d|E", "c.d.E|f", "g.h| *"]);
        assert_eq!(f.bare_java_use("E", "lib/c/d/E.java"), Verdict::Target);
        assert_eq!(f.bare_java_use("E", "lib/q/E.java"), Verdict::Other);
        assert_eq!(f.bare_java_use("Y", "src/a/b/Y.java"), Verdict::Target, "same package");
        assert_eq!(f.bare_java_use("Z", "lib/g/h/Z.java"), Verdict::Target, "on demand");
        assert_eq!(qualified_java_use("q.r", "E", "lib/q/r/E.java"), Verdict::Target);
        assert_eq!(qualified_java_use("q.s", "E", "lib/q/r/E.java"), Verdict::Other);
        assert_eq!(qualified_java_use("obj", "E", "lib/q/r/E.java"), Verdict::Unknown);
    }
}
