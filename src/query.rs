//! The query vocabulary: LSP symbol kinds, the closed set of capture names our `tags.scm` and
//! `textobjects.scm` may use, and their validation when a query is compiled.

use tree_sitter::{CaptureQuantifier, Language, Query};

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
}

/// What a `@definition.<kind>` capture defines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DefKind {
    Symbol(SymbolKind),
    /// Not a symbol: a container (Rust `impl`) whose children belong to the type named by `@name`.
    Impl,
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
    Reference(RefKind),
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
        "reference.call" => Ok(Role::Reference(RefKind::Call)),
        "reference.class" => Ok(Role::Reference(RefKind::Class)),
        "reference.implementation" => Ok(Role::Reference(RefKind::Implementation)),
        other => Err(format!(
            "unknown capture `@{other}`; allowed: @definition.<kind>, @name, @doc, @receiver, @trait, \
             @reference.{{call,class,implementation}}, or @_helper"
        )),
    }
}

/// A compiled tags query with the role of each capture index.
pub struct TagsQuery {
    pub query: Query,
    pub roles: Vec<Role>,
}

/// Compiles a tags query and validates every capture name. Patterns that only tag call and type
/// references are switched off: symbol extraction does not need them and they cost as much as parsing.
pub fn compile_tags(language: &Language, source: &str) -> Result<TagsQuery, String> {
    let mut query = Query::new(language, source).map_err(|e| format!("line {}: {}", e.row + 1, e.message))?;
    let roles = query.capture_names().iter().map(|c| tags_role(c)).collect::<Result<Vec<_>, _>>()?;
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
        }
    }
    Ok(TagsQuery { query, roles })
}

/// The textobject a capture stands for, e.g. `function.around`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TextObject {
    pub around: bool,
    pub object: &'static str,
}

const TEXT_OBJECTS: &[&str] = &["function", "class", "comment", "parameter", "test"];

/// Compiles a textobjects query; captures must be `<object>.around` or `<object>.inside`.
pub fn compile_textobjects(language: &Language, source: &str) -> Result<(Query, Vec<Option<TextObject>>), String> {
    let query = Query::new(language, source).map_err(|e| format!("line {}: {}", e.row + 1, e.message))?;
    let objects = query.capture_names().iter().map(|c| textobject_of(c)).collect::<Result<Vec<_>, _>>()?;
    Ok((query, objects))
}

fn textobject_of(capture: &str) -> Result<Option<TextObject>, String> {
    if capture.starts_with('_') {
        return Ok(None);
    }
    let bad = || format!("unknown capture `@{capture}`; allowed: @{{{}}}.{{around,inside}}", TEXT_OBJECTS.join(","));
    let (object, part) = capture.split_once('.').ok_or_else(bad)?;
    let object = TEXT_OBJECTS.iter().find(|o| **o == object).ok_or_else(bad)?;
    match part {
        "around" => Ok(Some(TextObject { around: true, object })),
        "inside" => Ok(Some(TextObject { around: false, object })),
        _ => Err(bad()),
    }
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

    #[test]
    fn vocabulary_is_closed() {
        assert_eq!(tags_role("definition.method"), Ok(Role::Definition(DefKind::Symbol(SymbolKind::Method))));
        assert!(tags_role("definition.widget").unwrap_err().contains("allowed: definition.{class,"));
        assert!(tags_role("local.scope").is_err());
        assert_eq!(tags_role("_recv"), Ok(Role::Ignored));
        assert!(textobject_of("function.around").unwrap().unwrap().around);
        assert!(textobject_of("function.outer").is_err());
    }
}
