//! Scopes and local bindings of one parsed file, from the language's `locals.scm`: which binding a use of
//! a name resolves to (a local variable, a parameter, a nested definition, an import, a method's receiver),
//! or none (the module's top level). It reads only the tree; what a binding means for references is the
//! engine's business.

use crate::language::Language;
use crate::query::LocalRole;
use crate::symbols::OwnBytes;
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use streaming_iterator::StreamingIterator;
use tree_sitter::{Node, QueryCursor, Tree};

/// What a binding binds its name to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum BindingKind {
    /// A local variable, parameter or nested definition.
    Local,
    /// What an import brings (the same thing as the module it names, not a local of its own).
    Import,
    /// A method's receiver: an instance (or the class) of the class the method is in.
    Receiver,
}

/// One name bound in one scope.
#[derive(Clone, Debug)]
pub struct Binding {
    /// The identifier that binds it.
    pub def: Range<usize>,
    /// Where a class body's uses start to see it: the end of the binding's line (`x = x` in a class
    /// body reads the `x` outside).
    visible_from: usize,
    /// The scope node's id; None: the module (the top level).
    pub scope: Option<usize>,
    pub kind: BindingKind,
    /// Where the value bound comes from, as far as the tree shows.
    pub origin: Origin,
}

/// Where a bound value comes from, as the tree shows it (each from its capture in the definition's
/// match; the first that says something types the value).
#[derive(Clone, Debug, Default)]
pub struct Origin {
    /// Its type (`@local.type`: an annotation, a constructor call).
    pub declared: Option<TypeRef>,
    /// The expression whose value it is (`@local.value`: `x = make()`, `x = self.items[0]`).
    pub value: Option<Range<usize>>,
    /// The collection a loop takes it from (`@local.iterated`: `xs` in `for x in xs`): one of its elements.
    pub iterated: Option<Range<usize>>,
    /// The value whose property of the binding's name it is (`@local.destructured`: `x` in `const { a }
    /// = x`).
    pub destructured: Option<Range<usize>>,
}

impl Origin {
    /// Whether the tree shows nothing of where the value comes from.
    pub fn is_unknown(&self) -> bool {
        self.declared.is_none() && self.value.is_none() && self.iterated.is_none() && self.destructured.is_none()
    }

    /// This origin, with what `other` says where this says nothing.
    fn or(self, other: Origin) -> Origin {
        Origin {
            declared: self.declared.or(other.declared),
            value: self.value.or(other.value),
            iterated: self.iterated.or(other.iterated),
            destructured: self.destructured.or(other.destructured),
        }
    }
}

impl Binding {
    /// The class of the value bound, when the tree shows one (not a collection of them).
    pub fn class(&self) -> Option<&str> {
        self.origin.declared.as_ref().and_then(TypeRef::class)
    }
}

/// A type as a declaration writes it, reduced to what typing a value needs: the last plain name of its
/// class (without quotes, pointers, references or generic arguments), whether that is written qualified
/// (`pkg.Owner`: another module's), and how many collections deep it is (`[]*Owner`, `Owner[]`,
/// `list[Owner]`: 1; `[][2]Owner`: 2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TypeRef {
    pub name: String,
    /// The module or package it is written through (`pkg` in `*pkg.Owner`, `models` in
    /// `models.Model`), if any: then it is another module's.
    pub qualifier: Option<String>,
    pub layers: u8,
    /// The other classes of a union (`Subscriber<T> | Observer<T>`: Observer), each a class named.
    pub alternatives: Vec<TypeRef>,
    /// An object type written out (`{ window: Subject<T>; subs: Subscription }`, `name` empty): the type of
    /// each property the tree can read.
    pub properties: Vec<(String, TypeRef)>,
    /// A map's (`Map<K, V>`, `dict[K, V]`, of the language's `map_types`): the type of its values.
    pub value: Option<Box<TypeRef>>,
}

impl TypeRef {
    /// A class named, or a collection of them, not a union.
    pub fn named(name: String, qualifier: Option<String>, layers: u8) -> TypeRef {
        TypeRef { name, qualifier, layers, alternatives: Vec::new(), properties: Vec::new(), value: None }
    }

    /// The types of a union, each alone (the first, then the alternatives).
    pub fn union_members(&self) -> impl Iterator<Item = TypeRef> + '_ {
        let first = TypeRef::named(self.name.clone(), self.qualifier.clone(), self.layers);
        std::iter::once(first).chain(self.alternatives.iter().cloned())
    }

    /// The class, when the type is one (not a collection of them).
    pub fn class(&self) -> Option<&str> {
        (self.layers == 0).then_some(self.name.as_str())
    }
}

/// The scopes and bindings of one file.
#[derive(Default)]
pub struct Locals {
    /// Scope node id → whether it is a class scope (its names unseen by nested scopes).
    scopes: HashMap<usize, bool>,
    bindings: HashMap<String, Vec<Binding>>,
    /// (scope id, name) declared `global` / `nonlocal` there.
    globals: HashSet<(usize, String)>,
    nonlocals: HashSet<(usize, String)>,
    /// Byte ranges of receiver keywords (`this`) and of base-class expressions (`super()`).
    receiver_keywords: HashSet<(usize, usize)>,
    supers: HashSet<(usize, usize)>,
    /// Start bytes of labels (keyword argument names).
    labels: HashSet<usize>,
    /// Byte ranges of constructor calls, with the class they make.
    instances: HashMap<(usize, usize), TypeRef>,
    /// Instance attributes by name: where each assignment or declaration of one is, and where its value
    /// comes from as far as the tree shows (its declared type, the expression assigned).
    fields: HashMap<String, Vec<(usize, Origin)>>,
    /// Where an instance attribute is assigned null (`self.x = None`, `this.x = null!`): no value of any
    /// class, so no say in its type.
    null_fields: HashSet<usize>,
}

/// One capture of one match, kept until the scopes are known.
struct Captured<'t> {
    role: LocalRole,
    node: Node<'t>,
    /// What the same match says of the value.
    origin: Origin,
    /// The match's value is null.
    null: bool,
}

impl Locals {
    /// The scopes and bindings of `tree`; None when the language has no locals query.
    pub fn of(lang: &Language, tree: &Tree, text: &str) -> Option<Locals> {
        let whole = 0..text.len();
        Locals::within(lang, tree, text, std::slice::from_ref(&whole))
    }

    /// The scopes and bindings that the locals query finds at nodes overlapping `ranges`: given the
    /// ranges of every identifier of a name, the scopes above them and the bindings among them, which
    /// is all a use of that name needs; given whole statements, everything in them. None when the
    /// language has no locals query.
    pub fn within(lang: &Language, tree: &Tree, text: &str, ranges: &[Range<usize>]) -> Option<Locals> {
        let query = lang.locals()?;
        let mut captured = Vec::new();
        let mut cursor = QueryCursor::new();
        for range in ranges {
            cursor.set_byte_range(range.clone());
            let mut matches = cursor.matches(&query.query, tree.root_node(), text.as_bytes());
            while let Some(m) = matches.next() {
                let role = |c: &tree_sitter::QueryCapture| query.roles[c.index as usize];
                let range_of = |wanted| m.captures().iter().find(|c| role(c) == wanted).map(|c| c.node.byte_range());
                let value = m.captures().iter().find(|c| role(c) == LocalRole::Value).map(|c| c.node);
                let null = value.is_some_and(is_null);
                let origin = Origin {
                    declared: m
                        .captures()
                        .iter()
                        .find(|c| role(c) == LocalRole::Type)
                        .and_then(|c| declared_type(lang, &text[with_type_arguments(c.node)])),
                    value: value.filter(|_| !null).map(|v| v.byte_range()),
                    iterated: range_of(LocalRole::Iterated),
                    destructured: range_of(LocalRole::Destructured),
                };
                let own_node =
                    |c: &&tree_sitter::QueryCapture| !role(c).describes_a_definition() && role(c) != LocalRole::Ignored;
                for c in m.captures().iter().filter(own_node) {
                    captured.push(Captured { role: role(c), node: c.node, origin: origin.clone(), null });
                }
            }
        }
        let mut locals = Locals::default();
        for c in captured.iter().filter(|c| matches!(c.role, LocalRole::Scope | LocalRole::ClassScope)) {
            locals.scopes.insert(c.node.id(), c.role == LocalRole::ClassScope);
        }
        for c in &captured {
            locals.add(lang, c, text);
        }
        Some(locals)
    }

    fn add(&mut self, lang: &Language, c: &Captured, text: &str) {
        let name = text[c.node.byte_range()].to_string();
        let chain = self.chain(c.node);
        let kind = match c.role {
            // scopes are known already, and what describes a definition is in its origin
            LocalRole::Scope
            | LocalRole::ClassScope
            | LocalRole::Ignored
            | LocalRole::Type
            | LocalRole::Value
            | LocalRole::Iterated
            | LocalRole::Destructured => return,
            LocalRole::Super => {
                self.supers.insert((c.node.start_byte(), c.node.end_byte()));
                return;
            }
            LocalRole::Label => {
                self.labels.insert(c.node.start_byte());
                return;
            }
            LocalRole::Instance => {
                let key = (c.node.start_byte(), c.node.end_byte());
                let class = c.origin.declared.as_ref().filter(|t| t.class().is_some());
                self.instances.extend(class.map(|t| (key, t.clone())));
                return;
            }
            LocalRole::Field => {
                if c.null {
                    self.null_fields.insert(c.node.start_byte());
                }
                let found = self.fields.entry(name).or_default();
                match found.iter_mut().find(|(at, _)| *at == c.node.start_byte()) {
                    Some((_, origin)) => *origin = std::mem::take(origin).or(c.origin.clone()),
                    None => found.push((c.node.start_byte(), c.origin.clone())),
                }
                return;
            }
            LocalRole::Global | LocalRole::Nonlocal => {
                let set = if c.role == LocalRole::Global { &mut self.globals } else { &mut self.nonlocals };
                set.extend(chain.first().map(|&scope| (scope, name)));
                return;
            }
            LocalRole::SelfRef if !lang.entry.identifier_nodes.iter().any(|k| k == c.node.kind()) => {
                self.receiver_keywords.insert((c.node.start_byte(), c.node.end_byte()));
                return;
            }
            LocalRole::SelfRef => BindingKind::Receiver,
            LocalRole::DefinitionImport => BindingKind::Import,
            LocalRole::Definition | LocalRole::DefinitionOuter => BindingKind::Local,
        };
        let scope = if c.role == LocalRole::DefinitionOuter { chain.get(1) } else { chain.first() }.copied();
        let end = c.node.end_byte();
        let visible_from = text[end..].find('\n').map_or(text.len(), |i| end + i);
        let binding = Binding { def: c.node.byte_range(), visible_from, scope, kind, origin: c.origin.clone() };
        let list = self.bindings.entry(name).or_default();
        match list.iter_mut().find(|b| b.def == binding.def) {
            Some(b) => {
                b.kind = b.kind.max(binding.kind);
                b.origin = std::mem::take(&mut b.origin).or(binding.origin);
            }
            None => list.push(binding),
        }
    }

    /// The ids of the scopes around `node` (not `node` itself), innermost first.
    fn chain(&self, node: Node) -> Vec<usize> {
        let mut out = Vec::new();
        let mut at = node.parent();
        while let Some(n) = at {
            if self.scopes.contains_key(&n.id()) {
                out.push(n.id());
            }
            at = n.parent();
        }
        out
    }

    /// The binding a use of `name` at `node` resolves to: the innermost scope around it that binds the
    /// name and that it can see (a class body's names only from the class body itself, and only after
    /// the line that binds them), else the module's own binding, if the file has one. `global x` sends `x` to the
    /// module; `nonlocal x` past its own scope.
    pub fn resolve(&self, node: Node, name: &str) -> Option<&Binding> {
        let bindings = self.bindings.get(name)?;
        for (depth, scope) in self.chain(node).into_iter().enumerate() {
            let class = self.scopes.get(&scope).copied().unwrap_or(false);
            if class && depth > 0 || self.nonlocals.contains(&(scope, name.to_string())) {
                continue;
            }
            if self.globals.contains(&(scope, name.to_string())) {
                break;
            }
            let visible = |b: &&Binding| {
                b.scope == Some(scope) && (!class || b.visible_from <= node.start_byte() || b.def == node.byte_range())
            };
            if let Some(b) = bindings.iter().find(visible) {
                return Some(b);
            }
        }
        bindings.iter().find(|b| b.scope.is_none())
    }

    /// The module's own binding of `name` (a top-level variable), if the file has one.
    pub fn top_level(&self, name: &str) -> Option<&Binding> {
        self.bindings.get(name)?.iter().find(|b| b.scope.is_none())
    }

    /// Whether `node` is a receiver keyword (`this`) the locals query names.
    pub fn is_receiver_keyword(&self, node: Node) -> bool {
        self.receiver_keywords.contains(&(node.start_byte(), node.end_byte()))
    }

    /// The type of instance attribute `name` of a class spanning bytes `class` (a class or a collection):
    /// the one its declarations without a value (or with a null one) give it (`protected destination:
    /// Observer;`, `x: Owner`, `observers: Observer[] | null = null`), which every assignment must fit;
    /// without such, the one every assignment and declaration of it there shows (None when one shows none,
    /// or they differ, or there is none).
    pub fn declared_field(&self, class: &OwnBytes, name: &str) -> Option<&TypeRef> {
        let declaration = |(at, o): &&(usize, Origin)| {
            (o.value.is_none() || self.null_fields.contains(at)) && o.iterated.is_none() && o.destructured.is_none()
        };
        let fields = self.fields.get(name).map_or(&[][..], Vec::as_slice);
        let in_class = fields.iter().filter(|(at, _)| class.contains(*at));
        let mut declared = in_class.filter(declaration).filter_map(|(_, o)| o.declared.as_ref());
        if let Some(first) = declared.next() {
            return declared.all(|t| t == first).then_some(first);
        }
        let mut found = self.field_origins(class.clone(), name).map(|o| o.declared.as_ref());
        let first = found.next()??;
        found.all(|t| t == Some(first)).then_some(first)
    }

    /// Where each assignment and declaration of instance attribute `name` in a class spanning bytes
    /// `class` says its value comes from.
    pub fn field_origins(&self, class: OwnBytes, name: &str) -> impl Iterator<Item = &Origin> {
        let fields = self.fields.get(name).map_or(&[][..], Vec::as_slice);
        let counts = move |at: &usize| class.contains(*at) && !self.null_fields.contains(at);
        fields.iter().filter(move |(at, _)| counts(at)).map(|(_, origin)| origin)
    }

    /// The class a constructor call `node` makes (`Owner(...)`, `new Owner()`).
    pub fn instance_type(&self, node: Node) -> Option<&TypeRef> {
        self.instances.get(&(node.start_byte(), node.end_byte()))
    }

    /// Whether `node` is a label (a keyword argument's name), not a use of a variable.
    pub fn is_label(&self, node: Node) -> bool {
        self.labels.contains(&node.start_byte())
    }

    /// Whether `node` names the enclosing class's base (`super()`).
    pub fn is_super(&self, node: Node) -> bool {
        self.supers.contains(&(node.start_byte(), node.end_byte()))
    }
}

/// Whether expression `value` is null (`None`, `null`, `undefined`, `nil`), also through `null!`, `(null)`
/// and a chained assignment's value (`a = b = null`).
fn is_null(value: Node) -> bool {
    let mut at = Some(value);
    while let Some(node) = at {
        at = match node.kind() {
            "null" | "undefined" | "none" | "nil" | "null_literal" => return true,
            "non_null_expression" | "parenthesized_expression" => node.named_child(0),
            "assignment" | "assignment_expression" => node.child_by_field_name("right"),
            _ => None,
        };
    }
    false
}

/// The class a type annotation or constructor names: `Owner`, `models.Model` → `Model`, `"Owner"`,
/// `: Owner`, `*Owner`, `&mut Owner`, `Owner<T>`, `Owner[T]` → `Owner`; None for anything more complex
/// (unions, function types); `list[Owner]` is `list`.
pub fn type_name(written: &str) -> Option<String> {
    let t = non_null(written.trim().trim_start_matches(':').trim());
    let t = t.split(['<', '[']).next().unwrap_or(t).trim();
    let t = without_lifetime(t.trim_start_matches(['*', '&'])).trim_start_matches("mut ").trim();
    let t = t.trim_matches(['"', '\'']);
    let dotted = !t.is_empty()
        && t.split(['.', ':'])
            .filter(|p| !p.is_empty())
            .all(|p| p.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$'));
    let last = t.rsplit(['.', ':']).next()?;
    (dotted && last.chars().next().is_some_and(|c| !c.is_ascii_digit())).then(|| last.to_string())
}

/// `t` without a reference's lifetime before it (Rust's `'e ast::Error` of `&'e ast::Error`).
fn without_lifetime(t: &str) -> &str {
    let lifetime = t.strip_prefix('\'').and_then(|rest| rest.split_once(char::is_whitespace));
    match lifetime {
        Some((name, after)) if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') => {
            after.trim_start()
        }
        _ => t,
    }
}

/// The type `written` declares in `lang` (with its generic collections and wrappers, grammars.toml
/// `element_containers` and `wrapper_types`).
pub fn declared_type(lang: &Language, written: &str) -> Option<TypeRef> {
    let entry = &lang.entry;
    type_ref(
        written,
        &GenericTypes { containers: &entry.element_containers, wrappers: &entry.wrapper_types, maps: &entry.map_types },
    )
}

/// The bytes of a type node, with the type arguments of the `new` expression it is the class of (`new
/// Map<K, V>()`, whose class node is `Map` alone).
fn with_type_arguments(node: Node) -> Range<usize> {
    let arguments = node
        .parent()
        .filter(|p| p.child_by_field_name("constructor") == Some(node))
        .and_then(|p| p.child_by_field_name("type_arguments"));
    node.start_byte()..arguments.map_or(node.end_byte(), |a| a.end_byte())
}

/// A language's generic types that `type_ref` looks into.
#[derive(Clone, Copy, Default)]
pub struct GenericTypes<'a> {
    /// Collections of their one type argument (`element_containers`).
    pub containers: &'a [String],
    /// Values with their one type argument's members (`wrapper_types`).
    pub wrappers: &'a [String],
    /// Maps of their second type argument (`map_types`).
    pub maps: &'a [String],
}

/// The type `written` declares, given the language's generic types: `[]*Owner`, `map[string]Owner`,
/// `Owner[]`, `readonly Owner[]`, `[Owner; 4]`, `&[Owner]`, `list[Owner]`, `Array<Owner>` (a container)
/// are collections of `Owner`; `Partial<Owner>` (a wrapper) is `Owner`; any other type as `type_name`
/// names it.
pub fn type_ref(written: &str, generics: &GenericTypes) -> Option<TypeRef> {
    let mut t = written.trim().trim_start_matches(':').trim();
    // a union of classes (`A | B`, nulls aside): the first, with the others as alternatives
    if let [first, rest @ ..] = union_parts(t).as_slice()
        && !rest.is_empty()
    {
        let classes = |part: &&str| type_ref(part, generics).filter(|t| t.layers == 0 && t.alternatives.is_empty());
        let alternatives = rest.iter().map(classes).collect::<Option<Vec<_>>>()?;
        return Some(TypeRef { alternatives, ..classes(first)? });
    }
    // an intersection (`Readonly<Observer<T>> & { closed: true }`): its named types, as a union's (the value
    // has the members of each); the object types written out beside them are left out
    let parts = top_level_parts(t, &['&']);
    if parts.len() > 1 && parts.iter().all(|part| !part.is_empty()) {
        let named: Vec<&str> = parts.into_iter().filter(|part| !part.starts_with('{')).collect();
        return type_ref(&named.join(" | "), generics);
    }
    if let Some(body) = non_null(t).strip_prefix('{').and_then(|b| b.strip_suffix('}')) {
        return object_type(body, generics);
    }
    let mut layers = 0u8;
    loop {
        t = without_lifetime(non_null(t).trim_start_matches(['*', '&']))
            .trim_start_matches("mut ")
            .trim_start_matches("readonly ")
            .trim_start_matches("dyn ")
            .trim_start_matches("impl ")
            .trim();
        if let Some(inner) = generic_argument(t, generics.wrappers, false) {
            t = inner.trim();
            continue;
        }
        if let Some(value) = map_value(t, generics.maps) {
            let value = type_ref(value, generics).map(Box::new);
            return Some(TypeRef { value, ..TypeRef::named(type_name(t)?, qualifier(t), layers) });
        }
        match element_of(t, generics.containers) {
            Some(inner) if layers < 4 => (t, layers) = (inner.trim(), layers + 1),
            Some(_) => return None,
            None => break,
        }
    }
    Some(TypeRef::named(type_name(t)?, qualifier(t), layers))
}

/// The element type a collection type `t` writes: Go's `[]T`, `[4]T`, `map[K]T`; `T[]`; Rust's `[T; 4]`,
/// `[T]`; `C<T>` or `C[T]` for a generic collection C of `containers` with one type argument.
fn element_of<'a>(t: &'a str, containers: &[String]) -> Option<&'a str> {
    if let Some(inner) = t.strip_suffix("[]") {
        return Some(inner);
    }
    if let Some(rest) = t.strip_prefix("map[") {
        return Some(&rest[closing(rest)? + 1..]);
    }
    if let Some(rest) = t.strip_prefix('[') {
        let close = closing(rest)?;
        let after = rest[close + 1..].trim();
        return match after.is_empty() {
            true => rest[..close].split(';').next(),
            false => Some(after),
        };
    }
    generic_argument(t, containers, true)
}

/// The second of two type arguments of `t` when it is `M<K, V>` or `M[K, V]` for a map type M of `maps`.
fn map_value<'a>(t: &'a str, maps: &[String]) -> Option<&'a str> {
    let open = t.find(['<', '['])?;
    let head = t[..open].rsplit(['.', ':']).next()?;
    let inner = t[open + 1..].strip_suffix(if &t[open..=open] == "<" { '>' } else { ']' })?;
    let (key, value) = match top_level_parts(inner, &[',']).as_slice() {
        [key, value] => (*key, *value),
        _ => return None,
    };
    (maps.iter().any(|m| m == head) && one_argument(key) && one_argument(value)).then_some(value)
}

/// The one type argument of `t` when it is `C<T>` or `C[T]` for a C of `generics`; with `first_of_several`,
/// the first of several too (a collection's elements: `HashSet<T, S>`, `Result<T, E>`).
fn generic_argument<'a>(t: &'a str, generics: &[String], first_of_several: bool) -> Option<&'a str> {
    let open = t.find(['<', '['])?;
    let head = t[..open].rsplit(['.', ':']).next()?;
    let inner = t[open + 1..].strip_suffix(if &t[open..=open] == "<" { '>' } else { ']' })?;
    let arguments = top_level_parts(inner, &[',']);
    let first =
        arguments.first().filter(|a| !a.is_empty() && one_argument(a) && (first_of_several || arguments.len() == 1));
    generics.iter().any(|c| c == head).then_some(*first?)
}

/// The byte index of the `]` that closes a bracket opened just before `rest`.
fn closing(rest: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in rest.char_indices() {
        match c {
            '[' | '<' | '(' | '{' => depth += 1,
            ']' if depth == 0 => return Some(i),
            ']' | '>' | ')' | '}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Whether type arguments `args` are one type: brackets balanced, no comma outside them.
fn one_argument(args: &str) -> bool {
    let mut depth = 0i32;
    for (i, c) in args.char_indices() {
        if c == ',' && depth == 0 {
            return false;
        }
        depth += depth_step(args, i, c);
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

/// The class of a nullable type: `Owner | null`, `Owner | undefined`, `Owner | None`, `Optional[Owner]` are
/// `Owner`; any other union stays as written.
fn non_null(t: &str) -> &str {
    if let Some(inner) = t.strip_prefix("Optional[").and_then(|r| r.strip_suffix(']')) {
        return inner.trim();
    }
    match union_parts(t).as_slice() {
        [one] => one,
        _ => t,
    }
}

/// The properties of an object type written out, `body` between its braces (`window: Subject<T>; readonly
/// subs?: Subscription`), each with its type where the tree can read it (not a method's, `next(v: T):
/// void`); None when none can be read.
fn object_type(body: &str, generics: &GenericTypes) -> Option<TypeRef> {
    let property = |member: &str| {
        let (name, written) = member.split_once(':')?;
        let name = name.trim().trim_start_matches("readonly ").trim().trim_end_matches('?');
        let plain = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$');
        Some((name.to_string(), type_ref(written, generics).filter(|_| plain)?))
    };
    let properties: Vec<(String, TypeRef)> =
        top_level_parts(body, &[';', ',', '\n']).into_iter().filter_map(property).collect();
    (!properties.is_empty()).then(|| TypeRef { properties, ..TypeRef::named(String::new(), None, 0) })
}

/// The types of a union `t` (split at its top-level `|`), its null types (`null`, `undefined`, `void`, `None`) and
/// function types (`(() => void)`: a member use is never a call of one) left out: one for a type that is
/// no union.
fn union_parts(t: &str) -> Vec<&str> {
    let parts = top_level_parts(t, &['|']).into_iter();
    parts
        .filter(|part| !matches!(*part, "null" | "undefined" | "void" | "None" | "") && !is_function_type(part))
        .collect()
}

/// Whether `t` is a function type (`(x: T) => void`), maybe parenthesized.
fn is_function_type(t: &str) -> bool {
    let (mut depth, mut closes_at) = (0i32, None);
    for (i, c) in t.char_indices() {
        if depth == 0 && t[i..].starts_with("=>") {
            return true;
        }
        depth += depth_step(t, i, c);
        if depth == 0 && closes_at.is_none() {
            closes_at = Some(i);
        }
    }
    let wrapped = t.starts_with('(') && closes_at == Some(t.len() - 1);
    wrapped && is_function_type(&t[1..t.len() - 1])
}

/// `t` split at each of `separators` outside brackets, each part trimmed.
fn top_level_parts<'a>(t: &'a str, separators: &[char]) -> Vec<&'a str> {
    let (mut depth, mut start, mut parts) = (0i32, 0, Vec::new());
    for (i, c) in t.char_indices().chain([(t.len(), separators[0])]) {
        if depth == 0 && separators.contains(&c) {
            parts.push(t[start..i].trim());
            start = i + c.len_utf8();
        }
        depth += depth_step(t, i, c);
    }
    parts
}

/// How character `c` at byte `i` of type `t` changes the depth of brackets (a function type's `=>` opens
/// and closes none).
fn depth_step(t: &str, i: usize, c: char) -> i32 {
    match c {
        '<' | '[' | '(' | '{' => 1,
        '>' if t[..i].ends_with('=') => 0,
        '>' | ']' | ')' | '}' => -1,
        _ => 0,
    }
}

/// The module or package a type (written without pointers or references) names its class through (`pkg`
/// in `pkg.Owner`, `a::b` in `a::b::Owner<T>`), if any.
fn qualifier(t: &str) -> Option<String> {
    let t = t.split(['<', '[', '(']).next().unwrap_or(t).trim();
    let (q, _) = t.rsplit_once("::").or_else(|| t.rsplit_once('.'))?;
    (!q.is_empty()).then(|| q.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_union_of_classes_keeps_each_class() {
        let t = type_ref(": Subscriber<A | B> | pkg.Observer<T> | null", &GenericTypes::default()).unwrap();
        assert_eq!((t.name.as_str(), t.alternatives.len()), ("Subscriber", 1));
        assert_eq!(t.alternatives[0], TypeRef::named("Observer".into(), Some("pkg".into()), 0));
        let names: Vec<String> = t.union_members().map(|m| m.name).collect();
        assert_eq!(names, ["Subscriber", "Observer"]);
        assert!(type_ref("Owner | Owner[]", &GenericTypes::default()).is_none(), "a collection in a union is not read");
        assert_eq!(type_ref("| Owner", &GenericTypes::default()).unwrap(), TypeRef::named("Owner".into(), None, 0));
        let with_function = type_ref("Owner | (() => void) | ((x: Map<A, B>) => Owner)", &GenericTypes::default());
        assert_eq!(with_function, Some(TypeRef::named("Owner".into(), None, 0)), "a function type is no receiver");
        assert!(type_ref("Owner | (A | B)", &GenericTypes::default()).is_none());
    }

    #[test]
    fn an_intersection_is_its_named_types() {
        let wrappers = ["Readonly".to_string()];
        let generics = GenericTypes { wrappers: &wrappers, ..GenericTypes::default() };
        let t = type_ref("Readonly<Observer<any>> & { closed: true }", &generics).unwrap();
        assert_eq!((t.name.as_str(), t.alternatives.len()), ("Observer", 0), "an object type beside it is left out");
        let names: Vec<String> = type_ref("A & pkg.B<T>", &generics).unwrap().union_members().map(|m| m.name).collect();
        assert_eq!(names, ["A", "B"]);
        assert_eq!(type_ref("&Owner", &generics).unwrap().name, "Owner", "a reference is no intersection");
        assert_eq!(type_ref("Foo<A & B>", &generics).unwrap().name, "Foo");
    }

    #[test]
    fn maps_are_of_their_second_type_argument() {
        let maps = ["Map".to_string(), "dict".to_string()];
        let generics = GenericTypes { maps: &maps, ..GenericTypes::default() };
        let value = |w: &str| type_ref(w, &generics).and_then(|t| t.value);
        assert_eq!(value("Map<K, Owner>").map(|v| v.name).as_deref(), Some("Owner"));
        assert_eq!(value("dict[str, Owner] | None").map(|v| v.name).as_deref(), Some("Owner"));
        let object = value("Map<K, { handler: () => void; subscription: Owner }>").unwrap();
        assert_eq!(object.properties, [("subscription".to_string(), TypeRef::named("Owner".into(), None, 0))]);
        assert_eq!(value("Map<K>"), None, "one type argument: no map");
        assert_eq!(value("HashMap<K, Owner>"), None, "not one of the language's map types");
        assert_eq!(type_ref("Map<K, V>[]", &generics).map(|t| (t.layers, t.value.is_some())), Some((1, true)));
    }

    #[test]
    fn type_names_are_the_last_plain_name() {
        assert_eq!(type_name("models.Model").as_deref(), Some("Model"));
        assert_eq!(type_name(": Owner").as_deref(), Some("Owner"));
        assert_eq!(type_name("\"Owner\"").as_deref(), Some("Owner"));
        assert_eq!(type_name("*pkg.Owner").as_deref(), Some("Owner"));
        assert_eq!(type_name("&mut Owner").as_deref(), Some("Owner"));
        assert_eq!(type_name("&'e ast::Error").as_deref(), Some("Error"));
        assert_eq!(type_name("&'a mut Owner<'a>").as_deref(), Some("Owner"));
        assert_eq!(type_ref("&'e ast::Error", &GenericTypes::default()).map(|t| t.name).as_deref(), Some("Error"));
        assert_eq!(type_name("'Owner'").as_deref(), Some("Owner"), "a quoted name is no lifetime");
        assert_eq!(type_name("list[Owner]").as_deref(), Some("list"));
        assert_eq!(type_name("Map<K, V>").as_deref(), Some("Map"));
        assert_eq!(type_name("A | B"), None);
        assert_eq!(type_name(": Subscriber<A | null> | null").as_deref(), Some("Subscriber"));
        assert_eq!(type_name("Optional[Owner]").as_deref(), Some("Owner"));
        assert_eq!(type_name("Owner | None").as_deref(), Some("Owner"));
        assert_eq!(type_name(""), None);
    }

    #[test]
    fn collections_are_their_elements_a_layer_down() {
        let containers = ["list".to_string(), "Array".to_string(), "Vec".to_string()];
        let wrappers = ["Partial".to_string(), "Box".to_string()];
        let generics = GenericTypes { containers: &containers, wrappers: &wrappers, ..GenericTypes::default() };
        let t = |w: &str| {
            type_ref(w, &generics).map(|t| {
                format!(
                    "{}{}{}",
                    t.qualifier.map_or(String::new(), |q| q + "."),
                    t.name,
                    "[]".repeat(t.layers as usize)
                )
            })
        };
        assert_eq!(t("[]*Require").as_deref(), Some("Require[]"));
        assert_eq!(t("[][][2]scoreVal").as_deref(), Some("scoreVal[][][]"));
        assert_eq!(t("map[string]*pkg.Owner").as_deref(), Some("pkg.Owner[]"));
        assert_eq!(t("readonly Observer<T>[]").as_deref(), Some("Observer[]"));
        assert_eq!(t(": Array<Owner | null>").as_deref(), Some("Owner[]"));
        assert_eq!(t("&[Owner]").as_deref(), Some("Owner[]"));
        assert_eq!(t("&mut [Owner; 4]").as_deref(), Some("Owner[]"));
        assert_eq!(t("Vec<Vec<Owner>>").as_deref(), Some("Owner[][]"));
        assert_eq!(t("Optional[list[models.Model]]").as_deref(), Some("models.Model[]"));
        assert_eq!(t("*a::b::Owner<T>").as_deref(), Some("a::b.Owner"));
        assert_eq!(t("dict[str, Owner]").as_deref(), Some("dict"), "two type arguments: not a container");
        assert_eq!(t("Map<K, V>").as_deref(), Some("Map"));
        assert_eq!(t("(A | B)[]"), None);
        assert_eq!(t("*Owner").as_deref(), Some("Owner"));
        assert_eq!(t("Partial<Observer<T>>").as_deref(), Some("Observer"), "a wrapper is its argument");
        assert_eq!(t("Vec<Box<dyn Owner>>").as_deref(), Some("Owner[]"));
        assert_eq!(t("&mut impl Owner").as_deref(), Some("Owner"), "an argument of a type that implements Owner");
        assert_eq!(t("Box<Partial<a::Owner>> | null").as_deref(), Some("a.Owner"));
        assert_eq!(t("Box<A, B>").as_deref(), Some("Box"), "two type arguments: not a wrapper");
        let object = type_ref("{ a: Owner; readonly b?: pkg.Other, f: (x: T) => void; next(v: T): void }", &generics);
        let properties = object.map(|t| t.properties.into_iter().map(|(n, t)| format!("{n}={}", t.name)).collect());
        assert_eq!(properties, Some(vec!["a=Owner".to_string(), "b=Other".to_string()]));
    }
}

#[cfg(test)]
mod resolve_tests {
    use super::*;

    /// `name@line` for the binding each use of `name` resolves to (`top` for none below the module).
    fn resolved(text: &str, name: &str) -> Vec<String> {
        let lang = crate::language::by_name("python").unwrap();
        let tree = crate::syntax::parse(lang, text).unwrap();
        let locals = Locals::of(lang, &tree, text).unwrap();
        let mut out = Vec::new();
        let mut stack = vec![tree.root_node()];
        while let Some(n) = stack.pop() {
            let mut cursor = n.walk();
            stack.extend(n.children(&mut cursor).collect::<Vec<_>>().into_iter().rev());
            if n.kind() == "identifier" && &text[n.byte_range()] == name {
                let line = |b: usize| text[..b].matches('\n').count();
                let to = match locals.resolve(n, name) {
                    Some(b) if b.scope.is_some() => format!("{:?}@{}", b.kind, line(b.def.start)),
                    _ => "top".into(),
                };
                out.push(format!("{}->{to}", line(n.start_byte())));
            }
        }
        out
    }

    #[test]
    fn python_scopes_follow_the_language() {
        let text = "x = 1\n\
                    class C:\n    y = x\n    x = 2\n    z = x\n    def m(self):\n        return x\n\
                    def f():\n    global x\n    x = 3\n\
                    def g():\n    x = 4\n    def h():\n        nonlocal x\n        return x\n    return [x for x in x]\n";
        assert_eq!(
            resolved(text, "x"),
            [
                "0->top",
                "2->top",
                "3->Local@3",
                "4->Local@3",
                "6->top",
                "8->top",
                "9->top",
                "11->Local@11",
                "13->Local@11",
                "14->Local@11",
                "15->Local@15",
                "15->Local@15",
                "15->Local@15"
            ]
        );
        let receiver = resolved("class C:\n    def m(self):\n        return self\n", "self");
        assert_eq!(receiver, ["1->Receiver@1", "2->Receiver@1"]);
    }
}
