//! The query vocabulary: LSP symbol kinds, the closed set of capture names our `tags.scm` and
//! `textobjects.scm` may use, and their validation when a query is compiled.

use tree_sitter::{CaptureQuantifier, Language, Node, Query};

/// LSP SymbolKind, numbered as the protocol numbers them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum SymbolKind {
    File = 1,
    Module,
    Namespace,
    Package,
    Class,
    Method,
    Property,
    Field,
    Constructor,
    Enum,
    Interface,
    Function,
    Variable,
    Constant,
    String,
    Number,
    Boolean,
    Array,
    Object,
    Key,
    Null,
    EnumMember,
    Struct,
    Event,
    Operator,
    TypeParameter,
}

const KIND_NAMES: [&str; 26] = [
    "File",
    "Module",
    "Namespace",
    "Package",
    "Class",
    "Method",
    "Property",
    "Field",
    "Constructor",
    "Enum",
    "Interface",
    "Function",
    "Variable",
    "Constant",
    "String",
    "Number",
    "Boolean",
    "Array",
    "Object",
    "Key",
    "Null",
    "EnumMember",
    "Struct",
    "Event",
    "Operator",
    "TypeParameter",
];

impl SymbolKind {
    pub fn number(self) -> u8 {
        self as u8
    }

    pub fn name(self) -> &'static str {
        KIND_NAMES[self as usize - 1]
    }

    pub fn from_number(n: i64) -> Option<SymbolKind> {
        use SymbolKind::*;
        const ALL: [SymbolKind; 26] = [
            File,
            Module,
            Namespace,
            Package,
            Class,
            Method,
            Property,
            Field,
            Constructor,
            Enum,
            Interface,
            Function,
            Variable,
            Constant,
            String,
            Number,
            Boolean,
            Array,
            Object,
            Key,
            Null,
            EnumMember,
            Struct,
            Event,
            Operator,
            TypeParameter,
        ];
        usize::try_from(n).ok().and_then(|n| n.checked_sub(1)).and_then(|i| ALL.get(i).copied())
    }

    /// Kinds whose children are members (a function nested in one of these is a method).
    pub fn is_type_like(self) -> bool {
        use SymbolKind::*;
        matches!(self, Class | Struct | Interface | Enum | Object)
    }

    /// Kinds whose symbols can own members: the type-like ones, and named types (`@definition.type`, a
    /// TypeParameter: Go's `type Op uint16` has methods).
    pub fn can_own_members(self) -> bool {
        self.is_type_like() || self == SymbolKind::TypeParameter
    }

    /// Kinds that are called: functions, methods and constructors.
    pub fn is_callable(self) -> bool {
        use SymbolKind::*;
        matches!(self, Function | Method | Constructor)
    }

    /// Kinds defined by assigning a value: variables, constants and fields.
    pub fn is_variable_like(self) -> bool {
        use SymbolKind::*;
        matches!(self, Variable | Constant | Field)
    }
}

/// What a `@definition.<kind>` capture defines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DefKind {
    Symbol(SymbolKind),
    /// Not a symbol: a container (Rust `impl`) whose children belong to the type named by `@name`.
    Impl,
    /// An element of a list (a YAML sequence entry, a JSON array's object): it has no `@name`; the engine
    /// names it `[i]` by its position among its parent's items, so `steps[2]` is the third entry of `steps`.
    Item,
}

/// The role of one capture of a tags query.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    Definition(DefKind),
    Name,
    Doc,
    /// Go: the receiver type of a method; the method is attached to that type.
    Receiver,
    /// Rust: the trait of `impl Trait for Type`.
    Trait,
    /// A node after the definition that belongs to it (a Kotlin getter the grammar puts beside its
    /// property): the definition's range runs to its end.
    Trailer,
    Reference(RefKind),
    /// `@module.scope`: a block read as the file's top level (JavaScript: the body of a function wrapping
    /// the whole file; Python: a block of a module-level `if` or `try`); a `#parent-is?` that lists
    /// `module.scope` allows it as a parent.
    ModuleScope,
    /// Helper captures starting with `_` (for predicates); ignored.
    Ignored,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefKind {
    Call,
    Class,
    Implementation,
}

const DEFINITION_KINDS: &[(&str, DefKind)] = &[
    ("class", DefKind::Symbol(SymbolKind::Class)),
    ("struct", DefKind::Symbol(SymbolKind::Struct)),
    ("enum", DefKind::Symbol(SymbolKind::Enum)),
    ("interface", DefKind::Symbol(SymbolKind::Interface)),
    ("trait", DefKind::Symbol(SymbolKind::Interface)),
    ("function", DefKind::Symbol(SymbolKind::Function)),
    ("method", DefKind::Symbol(SymbolKind::Method)),
    ("constructor", DefKind::Symbol(SymbolKind::Constructor)),
    ("field", DefKind::Symbol(SymbolKind::Field)),
    ("property", DefKind::Symbol(SymbolKind::Property)),
    ("variable", DefKind::Symbol(SymbolKind::Variable)),
    ("constant", DefKind::Symbol(SymbolKind::Constant)),
    ("module", DefKind::Symbol(SymbolKind::Module)),
    ("namespace", DefKind::Symbol(SymbolKind::Namespace)),
    ("type", DefKind::Symbol(SymbolKind::TypeParameter)),
    ("enum_member", DefKind::Symbol(SymbolKind::EnumMember)),
    ("macro", DefKind::Symbol(SymbolKind::Function)),
    ("impl", DefKind::Impl),
    // Structured documents: keys by the kind of their value, list items, sections, elements, rules.
    ("key", DefKind::Symbol(SymbolKind::Key)),
    ("object", DefKind::Symbol(SymbolKind::Object)),
    ("array", DefKind::Symbol(SymbolKind::Array)),
    ("string", DefKind::Symbol(SymbolKind::String)),
    ("number", DefKind::Symbol(SymbolKind::Number)),
    ("boolean", DefKind::Symbol(SymbolKind::Boolean)),
    ("null", DefKind::Symbol(SymbolKind::Null)),
    ("item", DefKind::Item),
    ("section", DefKind::Symbol(SymbolKind::String)),
    ("element", DefKind::Symbol(SymbolKind::Field)),
    ("rule", DefKind::Symbol(SymbolKind::Class)),
];

/// Maps a capture name to its role, or explains why it is not part of the vocabulary.
pub fn tags_role(capture: &str) -> Result<Role, String> {
    if capture.starts_with('_') {
        return Ok(Role::Ignored);
    }
    if let Some(kind) = capture.strip_prefix("definition.") {
        return DEFINITION_KINDS.iter().find(|(k, _)| *k == kind).map(|(_, d)| Role::Definition(*d)).ok_or_else(|| {
            let names: Vec<&str> = DEFINITION_KINDS.iter().map(|(k, _)| *k).collect();
            format!("unknown definition kind `@{capture}`; allowed: definition.{{{}}}", names.join(","))
        });
    }
    match capture {
        "name" => Ok(Role::Name),
        "doc" => Ok(Role::Doc),
        "receiver" => Ok(Role::Receiver),
        "trait" => Ok(Role::Trait),
        "trailer" => Ok(Role::Trailer),
        "reference.call" => Ok(Role::Reference(RefKind::Call)),
        "reference.class" => Ok(Role::Reference(RefKind::Class)),
        "reference.implementation" => Ok(Role::Reference(RefKind::Implementation)),
        "module.scope" => Ok(Role::ModuleScope),
        other => Err(format!(
            "unknown capture `@{other}`; allowed: @definition.<kind>, @name, @doc, @receiver, @trait, @trailer, \
             @reference.{{call,class,implementation}}, @module.scope, or @_helper"
        )),
    }
}

/// A compiled tags query with the role of each capture index, and where in a tree it can match.
pub struct TagsQuery {
    pub query: Query,
    pub roles: Vec<Role>,
    /// None: the query runs over the whole tree.
    pub walk: Option<crate::walk::DefinitionWalk>,
    /// Per pattern, its `#parent-is?` and `#not-kind?` checks.
    checks: Vec<Vec<KindCheck>>,
}

/// The kind id that stands for `module.scope` in a `#parent-is?`: a node captured `@module.scope`.
pub(crate) const MODULE_SCOPE: u16 = u16::MAX;

/// The blocks captured `@module.scope` so far in one tree, by node id (a set: a generated file may have
/// thousands, each looked up for every statement under a block).
#[derive(Default)]
pub struct ModuleScopes(std::cell::RefCell<std::collections::HashSet<usize, foldhash::fast::RandomState>>);

impl ModuleScopes {
    pub fn contains(&self, node: Node) -> bool {
        let scopes = self.0.borrow();
        !scopes.is_empty() && scopes.contains(&node.id())
    }

    fn add(&self, node: Node) {
        self.0.borrow_mut().insert(node.id());
    }
}

/// One kind check of a pattern's capture: `(#parent-is? @capture kind…)` (the captured node's parent is of
/// one of the kinds, or a module scope when they list `module.scope`) or `(#not-kind? @capture kind…)` (the
/// captured node is of none of them).
struct KindCheck {
    capture: u32,
    of_parent: bool,
    kinds: Vec<u16>,
}

impl TagsQuery {
    /// Whether a match passes its pattern's `#parent-is?` and `#not-kind?` checks, the module scopes
    /// found so far in the tree being `scopes`; a passing match's `@module.scope` captures join them.
    /// `known`: a node and its parent, which the caller has at hand (`Node::parent` searches down from the
    /// root, a cost that grows with the siblings before the node).
    pub fn checks_pass<'t>(
        &self,
        m: &tree_sitter::QueryMatch<'_, 't>,
        known: Option<(Node<'t>, Node<'t>)>,
        scopes: &ModuleScopes,
    ) -> bool {
        let parent = |node: Node<'t>| match known {
            Some((n, parent)) if n == node => Some(parent),
            _ => node.parent(),
        };
        let pass = self.checks[m.pattern_index].iter().all(|check| {
            let mut captured = m.captures().iter().filter(|c| c.index == check.capture);
            if check.of_parent {
                captured.all(|c| parent(c.node).is_some_and(|p| parent_allowed(&check.kinds, p, scopes)))
            } else {
                captured.all(|c| !check.kinds.contains(&c.node.kind_id()))
            }
        });
        if pass {
            let scoped = m.captures().iter().filter(|c| self.roles[c.index as usize] == Role::ModuleScope);
            scoped.for_each(|c| scopes.add(c.node));
        }
        pass
    }

    /// The parent kinds a `#parent-is?` of `pattern` allows the capture named `capture`.
    fn parents_allowed(&self, pattern: usize, capture: &str) -> Option<Vec<u16>> {
        let names = self.query.capture_names();
        let mut checks = self.checks[pattern].iter().filter(|c| c.of_parent);
        checks.find(|c| names[c.capture as usize] == capture).map(|c| c.kinds.clone())
    }
}

/// Whether `parent` is of one of `kinds` (`MODULE_SCOPE`: one of `scopes`).
pub(crate) fn parent_allowed(kinds: &[u16], parent: Node, scopes: &ModuleScopes) -> bool {
    kinds.contains(&parent.kind_id()) || (kinds.contains(&MODULE_SCOPE) && scopes.contains(parent))
}

/// The `#parent-is?` and `#not-kind?` checks of each pattern of a tags query; any other predicate the
/// query engine does not evaluate itself is an error.
fn kind_checks(language: &Language, query: &Query) -> Result<Vec<Vec<KindCheck>>, String> {
    use tree_sitter::QueryPredicateArg;
    let mut out = Vec::new();
    for pattern in 0..query.pattern_count() {
        let mut checks = Vec::new();
        for p in query.general_predicates(pattern) {
            let bad = || {
                format!(
                    "`#{}` is not a predicate we know; allowed: #parent-is? @capture kind…, #not-kind? @capture kind…",
                    p.operator
                )
            };
            let of_parent = match &*p.operator {
                "parent-is?" => true,
                "not-kind?" => false,
                _ => return Err(bad()),
            };
            let (Some(QueryPredicateArg::Capture(capture)), kinds) = (p.args.first(), &p.args[1..]) else {
                return Err(bad());
            };
            let mut ids = Vec::new();
            for kind in kinds {
                let QueryPredicateArg::String(kind) = kind else { return Err(bad()) };
                if of_parent && &**kind == "module.scope" {
                    ids.push(MODULE_SCOPE);
                    continue;
                }
                let found = crate::walk::kind_ids(language, kind, true);
                if found.is_empty() {
                    return Err(format!("#{}: no node kind `{kind}`", p.operator));
                }
                ids.extend(found);
            }
            checks.push(KindCheck { capture: *capture, of_parent, kinds: ids });
        }
        out.push(checks);
    }
    Ok(out)
}

/// Compiles a tags query and validates every capture name. Patterns that tag call and type references
/// are left out: symbol extraction does not need them, they would cost as much as parsing to run, and
/// compiling them costs up to a third of the query's compile: they are blanked out of the text before it
/// is compiled (or, should the text not split into patterns, compiled and switched off).
/// `node_types` (the grammar's node-types.json) tells which subtrees extraction can skip.
pub fn compile_tags(language: &Language, source: &str, node_types: &str) -> Result<TagsQuery, String> {
    let references = |pattern: &str| captures_any(pattern, &["reference.call", "reference.class"]);
    let stripped = crate::walk::without_patterns(source, references);
    let source = stripped.as_deref().unwrap_or(source);
    let mut query = parse_query(language, source)?;
    let roles = query.capture_names().iter().map(|c| tags_role(c)).collect::<Result<Vec<_>, _>>()?;
    let checks = kind_checks(language, &query)?;
    let mut disabled = Vec::new();
    for pattern in 0..query.pattern_count() {
        let uses = |role: &Role| {
            query
                .capture_quantifiers(pattern)
                .iter()
                .zip(&roles)
                .any(|(q, r)| *q != CaptureQuantifier::Zero && r == role)
        };
        if uses(&Role::Reference(RefKind::Call)) || uses(&Role::Reference(RefKind::Class)) {
            query.disable_pattern(pattern);
            disabled.push(pattern);
        }
    }
    let mut tags = TagsQuery { query, roles, walk: None, checks };
    // a pattern whose root is checked with #parent-is? starts only under those parents
    let root_parents = |pattern: usize, capture: &str| tags.parents_allowed(pattern, capture);
    let enabled = |p| !disabled.contains(&p);
    let walk = crate::walk::DefinitionWalk::new(language, &tags.query, source, node_types, enabled, root_parents);
    tags.walk = walk;
    Ok(tags)
}

/// The textobject a capture stands for, e.g. `function.around`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TextObject {
    pub around: bool,
    pub object: &'static str,
}

/// The role of one capture of a textobjects query.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BlockRole {
    /// `@<object>.around` / `@<object>.inside` (helix convention).
    Object(TextObject),
    /// `@preamble`: a node directly above a definition that belongs to it (attribute, decorator,
    /// annotation); edits keep it with the definition, docs look past it.
    Preamble,
    /// `@preamble.doc`: a comment directly above a definition that documents it.
    Doc,
    /// `@wrapper`: a node that wraps a definition and ends with it (`export`, a decorated definition).
    Wrapper,
    /// `@_helper` captures (for predicates).
    Ignored,
}

const TEXT_OBJECTS: &[&str] = &["function", "class", "comment", "parameter", "test"];

/// A compiled textobjects query with the role of each capture, and the node kinds its preamble and
/// wrapper patterns can start at (None: any kind), so most nodes are ruled out without running it; a
/// kind whose every such pattern is the bare node (`(attribute_item) @preamble`) has its role there,
/// needing no query.
pub struct BlockQuery {
    pub query: Query,
    pub roles: Vec<BlockRole>,
    edge_kinds: Option<Vec<(u16, Option<BlockRole>)>>,
}

/// What a node's kind says of its being a preamble, doc comment or wrapper.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KindEdge {
    /// No pattern starts at the kind.
    Never,
    /// Every node of the kind has this role.
    Always(BlockRole),
    /// Only the query can tell.
    Query,
}

impl BlockQuery {
    /// What a node of this kind is, as far as its kind tells.
    pub fn kind_edge(&self, kind_id: u16) -> KindEdge {
        let Some(kinds) = &self.edge_kinds else { return KindEdge::Query };
        match kinds.iter().find(|(k, _)| *k == kind_id) {
            None => KindEdge::Never,
            Some((_, Some(role))) => KindEdge::Always(*role),
            Some((_, None)) => KindEdge::Query,
        }
    }

    /// The role every node of this kind has, when its patterns ask nothing more than the kind.
    #[cfg(test)]
    pub(crate) fn role_of_kind(&self, kind_id: u16) -> Option<BlockRole> {
        match self.kind_edge(kind_id) {
            KindEdge::Always(role) => Some(role),
            _ => None,
        }
    }
}

/// Compiles a textobjects query; captures must be `<object>.around`, `<object>.inside`, `@preamble`,
/// `@preamble.doc`, `@wrapper` or `@_helper`. Only the preamble, doc and wrapper patterns are compiled:
/// they are what the engine runs (`Language::edge_role`), and the block patterns, which describe each
/// definition's extent, would cost most of the compile (Swift's: 120 of 125 ms). `check_whole` checks
/// every pattern.
pub fn compile_textobjects(language: &Language, source: &str) -> Result<BlockQuery, String> {
    let blocks_only = |pattern: &str| !captures_any(pattern, &["preamble", "wrapper"]);
    let stripped = crate::walk::without_patterns(source, blocks_only);
    let source = stripped.as_deref().unwrap_or(source);
    let query = compile_plain(language, source)?;
    let roles = query.capture_names().iter().map(|c| block_role(c)).collect::<Result<Vec<_>, _>>()?;
    let edge_kinds = edge_patterns(language, &query, &roles, source).as_deref().map(edge_kinds);
    Ok(BlockQuery { query, roles, edge_kinds })
}

pub fn block_role(capture: &str) -> Result<BlockRole, String> {
    match capture {
        "preamble" => return Ok(BlockRole::Preamble),
        "preamble.doc" => return Ok(BlockRole::Doc),
        "wrapper" => return Ok(BlockRole::Wrapper),
        c if c.starts_with('_') => return Ok(BlockRole::Ignored),
        _ => {}
    }
    let bad = || {
        format!(
            "unknown capture `@{capture}`; allowed: @{{{}}}.{{around,inside}}, @preamble, @preamble.doc, @wrapper, \
             or @_helper",
            TEXT_OBJECTS.join(",")
        )
    };
    let (object, part) = capture.split_once('.').ok_or_else(bad)?;
    let object = TEXT_OBJECTS.iter().find(|o| **o == object).ok_or_else(bad)?;
    match part {
        "around" => Ok(BlockRole::Object(TextObject { around: true, object })),
        "inside" => Ok(BlockRole::Object(TextObject { around: false, object })),
        _ => Err(bad()),
    }
}

fn is_edge(role: &BlockRole) -> bool {
    matches!(role, BlockRole::Preamble | BlockRole::Doc | BlockRole::Wrapper)
}

/// The patterns that capture a preamble, doc or wrapper: each one's source and the node kind ids of
/// its roots (read by `walk::pattern_roots`); None when one of them starts with a wildcard or an
/// unknown kind.
fn edge_patterns<'s>(
    language: &Language,
    query: &Query,
    roles: &[BlockRole],
    source: &'s str,
) -> Option<Vec<(&'s str, Vec<u16>)>> {
    let mut patterns = Vec::new();
    for pattern in 0..query.pattern_count() {
        let captures = query.capture_quantifiers(pattern);
        if !captures.iter().zip(roles).any(|(q, r)| *q != CaptureQuantifier::Zero && is_edge(r)) {
            continue;
        }
        let text = &source[query.start_byte_for_pattern(pattern)..query.end_byte_for_pattern(pattern)];
        let mut kinds = Vec::new();
        for (name, named) in crate::walk::pattern_roots(text)? {
            let ids = crate::walk::kind_ids(language, &name, named);
            if ids.is_empty() {
                return None;
            }
            kinds.extend(ids);
        }
        patterns.push((text, kinds));
    }
    Some(patterns)
}

/// The kinds the edge patterns start at, each with its role when every one of them there is the bare
/// node, captured (`(line_comment) @preamble.doc`: no field, child, predicate or supertype), all with
/// one role: a node of such a kind has that role.
fn edge_kinds(edge_patterns: &[(&str, Vec<u16>)]) -> Vec<(u16, Option<BlockRole>)> {
    // per kind: the role of its bare patterns, None once a pattern asks more or names another role
    let mut by_kind: Vec<(u16, Option<BlockRole>)> = Vec::new();
    for (text, kinds) in edge_patterns {
        let bare = bare_capture(text).and_then(|capture| block_role(capture).ok().filter(is_edge));
        for &id in kinds {
            match by_kind.iter_mut().find(|(k, _)| *k == id) {
                Some((_, role)) => *role = role.filter(|r| Some(*r) == bare),
                None => by_kind.push((id, bare)),
            }
        }
    }
    by_kind
}

/// The capture's name of a pattern that is `(kind) @capture` and nothing else.
fn bare_capture(text: &str) -> Option<&str> {
    let (node, rest) = crate::walk::skip_trivia(text).strip_prefix('(')?.split_once(')')?;
    let rest = rest.trim_start().strip_prefix('@')?;
    let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || "_.".contains(c))).unwrap_or(rest.len());
    let (kind, capture) = (node.trim(), &rest[..end]);
    let word = !kind.is_empty() && kind.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    (word && !capture.is_empty() && crate::walk::skip_trivia(&rest[end..]).is_empty()).then_some(capture)
}

/// The role of one capture of an imports query.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ImportRole {
    /// `@import.module`: where the names come from, as written.
    Module,
    /// `@import.name`: a name the file imports, as the module defines it.
    Name,
    /// `@import.alias`: the local name an `as` binds it to.
    Alias,
    /// `@import.glob`: the import brings every name of the module (`a.b.*`, Go's `.`, `export *`).
    Glob,
    /// `@import.reexport`: the file exports what this import brings (`export … from`, Rust `pub use`).
    Reexport,
    /// `@import.tree`: a Rust-style use tree `a::{b, c as d, e::*}`, expanded into imports.
    Tree,
    /// `@import.package`: the file's own package (Java's `package a.b;`).
    Package,
    /// `@import.export`: the file exports names (it is a module, not a script).
    Export,
    /// `@import.inner`: the import is inside a module nested in the file (Rust's `mod tests { use … }`):
    /// its relative paths start from that module.
    Inner,
    Ignored,
}

/// A compiled imports query with the role of each capture.
pub struct ImportsQuery {
    pub query: Query,
    pub roles: Vec<ImportRole>,
}

/// Compiles an imports query; captures must be `@import.module`, `@import.name`, `@import.alias`,
/// `@import.glob`, `@import.reexport`, `@import.tree`, `@import.package`, `@import.export`, `@import.inner`
/// or `@_helper`.
pub fn compile_imports(language: &Language, source: &str) -> Result<ImportsQuery, String> {
    let query = compile_plain(language, source)?;
    let roles = query
        .capture_names()
        .iter()
        .map(|c| match *c {
            "import.module" => Ok(ImportRole::Module),
            "import.name" => Ok(ImportRole::Name),
            "import.alias" => Ok(ImportRole::Alias),
            "import.glob" => Ok(ImportRole::Glob),
            "import.reexport" => Ok(ImportRole::Reexport),
            "import.tree" => Ok(ImportRole::Tree),
            "import.package" => Ok(ImportRole::Package),
            "import.export" => Ok(ImportRole::Export),
            "import.inner" => Ok(ImportRole::Inner),
            c if c.starts_with('_') => Ok(ImportRole::Ignored),
            other => Err(format!(
                "unknown capture `@{other}`; allowed: @import.module, @import.name, @import.alias, \
                 @import.glob, @import.reexport, @import.tree, @import.package, @import.export, @import.inner, or @_helper"
            )),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ImportsQuery { query, roles })
}

/// The role of one capture of a locals query (tree-sitter's locals convention, with our additions).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LocalRole {
    /// `@local.scope`: a node that opens a scope.
    Scope,
    /// `@local.scope.class`: a scope whose names the scopes nested in it do not see (a Python class body).
    ClassScope,
    /// `@local.definition`: an identifier bound in the innermost scope around it.
    Definition,
    /// `@local.definition.outer`: an identifier bound in the scope around the innermost one (a function's
    /// own name, bound where the function is defined, not inside it).
    DefinitionOuter,
    /// `@local.definition.import`: an identifier an import binds: it names what the import brings, so a use
    /// of it is not a local of its own.
    DefinitionImport,
    /// `@local.self`: a method's receiver parameter (`self`), bound in the method; or a receiver keyword
    /// (`this`): an instance of the enclosing class.
    SelfRef,
    /// `@local.super`: an expression naming the enclosing class's base (`super()`, `super`).
    Super,
    /// `@local.type`: in a match with a definition, the type of the value it binds (an annotation, or the
    /// class a constructor call names).
    Type,
    /// `@local.instance`: an expression whose value is an instance of the match's `@local.type` (a
    /// constructor call `Owner(...)`, `new Owner()`).
    Instance,
    /// `@local.value`: in a match with a definition, the expression whose value it binds (`x = make()`,
    /// `x = self.items[0]`): the binding's type is that expression's, as far as the tree shows it (what a
    /// called function declares it returns, a field's declared type, a collection's elements).
    Value,
    /// `@local.iterated`: in a match with a definition, the collection a loop takes it from (`xs` in `for x
    /// in xs`, Go's `for _, x := range xs`): the binding's type is that of the collection's elements.
    Iterated,
    /// `@local.destructured`: in a match with a definition, the value whose property of the definition's
    /// name it binds (`const { a } = x`): the binding's type is that property's.
    Destructured,
    /// `@local.field`: an attribute of the instance a class's method assigns (`self.storage = ...`) or its
    /// body declares, with the match's `@local.type` when the tree shows the value's class.
    Field,
    /// `@local.global`: in its scope, the name is the module's (`global x`).
    Global,
    /// `@local.nonlocal`: in its scope, the name is an enclosing function's (`nonlocal x`).
    Nonlocal,
    /// `@local.label`: an identifier that names something of another scope, not a variable (a keyword
    /// argument's name, `f(name=...)`): not a use of a variable of that name.
    Label,
    /// `@local.reference` and `@_helper`: read, not used.
    Ignored,
}

impl LocalRole {
    /// Whether the capture says something of the value a definition of the same match binds (its type,
    /// the expression or collection it comes from), rather than being a node of its own.
    pub fn describes_a_definition(self) -> bool {
        matches!(self, LocalRole::Type | LocalRole::Value | LocalRole::Iterated | LocalRole::Destructured)
    }
}

/// A compiled locals query with the role of each capture.
pub struct LocalsQuery {
    pub query: Query,
    pub roles: Vec<LocalRole>,
}

/// The role of a locals capture name; the set is closed.
pub fn local_role(name: &str) -> Result<LocalRole, String> {
    Ok(match name {
        "local.scope" => LocalRole::Scope,
        "local.scope.class" => LocalRole::ClassScope,
        "local.definition" => LocalRole::Definition,
        "local.definition.outer" => LocalRole::DefinitionOuter,
        "local.definition.import" => LocalRole::DefinitionImport,
        "local.self" => LocalRole::SelfRef,
        "local.super" => LocalRole::Super,
        "local.type" => LocalRole::Type,
        "local.instance" => LocalRole::Instance,
        "local.field" => LocalRole::Field,
        "local.value" => LocalRole::Value,
        "local.iterated" => LocalRole::Iterated,
        "local.destructured" => LocalRole::Destructured,
        "local.global" => LocalRole::Global,
        "local.nonlocal" => LocalRole::Nonlocal,
        "local.label" => LocalRole::Label,
        "local.reference" => LocalRole::Ignored,
        c if c.starts_with('_') => LocalRole::Ignored,
        other => {
            return Err(format!(
                "unknown capture `@{other}`; allowed: @local.scope, @local.scope.class, @local.definition, \
                 @local.definition.outer, @local.definition.import, @local.self, @local.super, @local.type, @local.instance, \
                 @local.field, @local.value, @local.iterated, @local.destructured, @local.global, @local.nonlocal, @local.label, @local.reference, or \
                 @_helper"
            ));
        }
    })
}

/// Whether a pattern's text has a capture whose name starts with one of `prefixes`.
fn captures_any(pattern: &str, prefixes: &[&str]) -> bool {
    pattern.split('@').skip(1).any(|c| prefixes.iter().any(|p| c.starts_with(p)))
}

/// Checks a whole query file, the patterns its compiled form leaves out included: it compiles, and
/// `role` accepts each capture name.
pub fn check_whole<R>(language: &Language, source: &str, role: fn(&str) -> Result<R, String>) -> Result<(), String> {
    let query = parse_query(language, source)?;
    query.capture_names().iter().try_for_each(|c| role(c).map(|_| ()))
}

/// Compiles a query's text as tree-sitter does, its error told by line.
fn parse_query(language: &Language, source: &str) -> Result<Query, String> {
    Query::new(language, source).map_err(|e| format!("line {}: {}", e.row + 1, e.message))
}

/// Compiles a query that uses only tree-sitter's own predicates (`#parent-is?` is evaluated for tags
/// queries alone: anywhere else it, or any other predicate tree-sitter leaves to its caller, would be
/// ignored silently, so it is an error).
fn compile_plain(language: &Language, source: &str) -> Result<Query, String> {
    let query = parse_query(language, source)?;
    for pattern in 0..query.pattern_count() {
        if let Some(p) = query.general_predicates(pattern).first() {
            let line = source[..query.start_byte_for_pattern(pattern)].lines().count() + 1;
            return Err(format!("line {line}: `#{}` is not evaluated in this query", p.operator));
        }
    }
    Ok(query)
}

/// Compiles a locals query, checking its capture names.
pub fn compile_locals(language: &Language, source: &str) -> Result<LocalsQuery, String> {
    let query = compile_plain(language, source)?;
    let roles = query.capture_names().iter().map(|c| local_role(c)).collect::<Result<Vec<_>, _>>()?;
    Ok(LocalsQuery { query, roles })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_through_numbers() {
        for n in 1..=26 {
            let k = SymbolKind::from_number(n).unwrap();
            assert_eq!(k.number() as i64, n);
        }
        assert_eq!(SymbolKind::Class.name(), "Class");
        assert_eq!(SymbolKind::from_number(23), Some(SymbolKind::Struct));
        assert_eq!(SymbolKind::from_number(0), None);
    }

    /// `#not-kind?` keeps the matches whose capture is of none of the kinds (and those without it).
    #[test]
    fn not_kind_drops_the_matches_of_the_kinds_named() {
        use streaming_iterator::StreamingIterator;
        let python: Language = tree_sitter_python::LANGUAGE.into();
        let nt = tree_sitter_python::NODE_TYPES;
        let query = "([(assignment left: (identifier) @name right: (_) @_value)
                       (assignment left: (identifier) @name !right)] @definition.variable
                      (#not-kind? @_value integer lambda))";
        let tags = compile_tags(&python, query, nt).unwrap();
        let text = "a = 1\nb = 'x'\nc = lambda: 0\nd: int\n";
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&python).unwrap();
        let tree = parser.parse(text, None).unwrap();
        let mut cursor = tree_sitter::QueryCursor::new();
        let mut matches = cursor.matches(&tags.query, tree.root_node(), text.as_bytes());
        let mut kept = Vec::new();
        while let Some(m) = matches.next() {
            if tags.checks_pass(m, None, &ModuleScopes::default()) {
                let name = m.captures().iter().find(|c| tags.roles[c.index as usize] == Role::Name).unwrap();
                kept.push(&text[name.node.byte_range()]);
            }
        }
        assert_eq!(kept, ["b", "d"]);
        let no_kind = "((identifier) @name (#not-kind? @name widget))";
        assert!(compile_tags(&python, no_kind, nt).err().unwrap().contains("#not-kind?: no node kind `widget`"));
    }

    #[test]
    fn only_parent_is_and_not_kind_are_predicates_of_ours() {
        let python: Language = tree_sitter_python::LANGUAGE.into();
        let nt = tree_sitter_python::NODE_TYPES;
        let ok = "((function_definition name: (identifier) @name) @definition.function (#parent-is? @definition.function module block))";
        assert!(compile_tags(&python, ok, nt).is_ok());
        let unknown = "((identifier) @name (#frob? @name))";
        assert!(compile_tags(&python, unknown, nt).err().unwrap().contains("`#frob?` is not a predicate we know"));
        let no_kind = "((identifier) @name (#parent-is? @name widget))";
        assert!(compile_tags(&python, no_kind, nt).err().unwrap().contains("no node kind `widget`"));
        let error_parent =
            "((class_definition name: (identifier) @name) @definition.class (#parent-is? @definition.class ERROR))";
        assert!(compile_tags(&python, error_parent, nt).is_ok());
        // the other queries do not evaluate it: there it is an error, not a check silently skipped
        let elsewhere = "(class_definition\n  body: (block) @class.inside)\n((decorator) @preamble (#parent-is? @preamble decorated_definition))";
        assert_eq!(
            compile_textobjects(&python, elsewhere).err().unwrap(),
            "line 3: `#parent-is?` is not evaluated in this query"
        );
        assert!(
            compile_locals(&python, "((identifier) @local.definition (#parent-is? @local.definition block))").is_err()
        );
    }

    /// What the engine never runs is not compiled: a tags query's reference patterns, a textobjects
    /// query's block patterns; the whole file is still checked.
    #[test]
    fn patterns_never_run_are_left_out_of_the_compiled_query() {
        let python: Language = tree_sitter_python::LANGUAGE.into();
        let nt = tree_sitter_python::NODE_TYPES;
        let tags = "; calls\n(call function: (identifier) @name) @reference.call\n\
                    (function_definition name: (identifier) @name) @definition.function\n\
                    (class_definition superclasses: (argument_list (identifier) @name @reference.implementation))";
        let compiled = compile_tags(&python, tags, nt).unwrap();
        assert_eq!(compiled.query.pattern_count(), 2, "the call pattern is left out, the supertypes kept");
        assert!(check_whole(&python, tags, tags_role).is_ok());
        let blocks = "(function_definition body: (block) @function.inside) @function.around\n(decorator) @preamble\n\
                      ((comment) @preamble.doc (#match? @preamble.doc \"^#\"))";
        assert_eq!(compile_textobjects(&python, blocks).unwrap().query.pattern_count(), 2);
        let typo = "(function_definition body: (block) @function.insde) @function.around\n(decorator) @preamble";
        assert!(compile_textobjects(&python, typo).is_ok(), "a block pattern is not compiled to run");
        assert!(check_whole(&python, typo, block_role).unwrap_err().contains("unknown capture `@function.insde`"));
        let bad_call = "(call function: (identifer) @name) @reference.call";
        assert!(check_whole(&python, bad_call, tags_role).unwrap_err().contains("line 1"));
    }

    /// A kind whose every preamble pattern is the bare node has its role without running the query; a
    /// predicate, a child or a second role leaves the kind to the query.
    #[test]
    fn kinds_that_bare_patterns_capture_have_their_role_without_the_query() {
        let python: Language = tree_sitter_python::LANGUAGE.into();
        let id = |kind: &str| python.id_for_node_kind(kind, true);
        let blocks = "(decorator) @preamble\n; doc\n  (comment) @preamble.doc \n\
                      ((string) @preamble.doc (#match? @preamble.doc \"^r\"))\n\
                      (expression_statement) @preamble\n(expression_statement (string)) @preamble\n\
                      (identifier) @preamble\n(identifier) @preamble.doc\n\
                      (block) @wrapper\n(block) @wrapper";
        let compiled = compile_textobjects(&python, blocks).unwrap();
        assert_eq!(compiled.role_of_kind(id("decorator")), Some(BlockRole::Preamble));
        assert_eq!(compiled.role_of_kind(id("comment")), Some(BlockRole::Doc));
        assert_eq!(compiled.role_of_kind(id("block")), Some(BlockRole::Wrapper), "two bare patterns of one role");
        assert_eq!(compiled.role_of_kind(id("string")), None, "a predicate");
        assert_eq!(compiled.role_of_kind(id("expression_statement")), None, "a child asked for");
        assert_eq!(compiled.role_of_kind(id("identifier")), None, "two roles");
        assert_eq!(compiled.role_of_kind(id("module")), None);
        assert_eq!(bare_capture("(expression/identifier) @x"), None, "a supertype asks more than the kind");
        assert_eq!(bare_capture("(identifier) @x.y ; a comment\n"), Some("x.y"));
    }

    #[test]
    fn vocabulary_is_closed() {
        assert_eq!(tags_role("definition.method"), Ok(Role::Definition(DefKind::Symbol(SymbolKind::Method))));
        assert!(tags_role("definition.widget").unwrap_err().contains("allowed: definition.{class,"));
        assert!(tags_role("local.scope").is_err());
        assert_eq!(tags_role("_recv"), Ok(Role::Ignored));
        assert!(matches!(block_role("function.around"), Ok(BlockRole::Object(TextObject { around: true, .. }))));
        assert_eq!(block_role("preamble.doc"), Ok(BlockRole::Doc));
        assert!(block_role("function.outer").is_err());
        assert_eq!(local_role("local.definition.outer"), Ok(LocalRole::DefinitionOuter));
        assert!(local_role("local.definition.var").unwrap_err().contains("allowed: @local.scope,"));
    }
}
