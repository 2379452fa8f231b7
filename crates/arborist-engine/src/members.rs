//! Member typing for heuristic references: the class a `receiver.member` use's receiver is known to be from
//! the tree (a method's `self`/`cls`, `this`, `super()`, a local assigned from a constructor call or any
//! typed expression, an annotated parameter or variable, a class named directly or through its module, a
//! field of a typed value, an element of a typed collection, what a called function declares it returns
//! or gives a callback's parameter, a module's variable), and whether that class's member of the name is
//! the target (the target's class, or a project subclass that inherits it), a member the target implements
//! or overrides or that implements or overrides it (a call that may reach the target through an interface
//! or supertype), another symbol, or unknown.

use crate::declared::{Declared, Parsed, Typed, TypedValues, parameter_type, returned_values, signature};
use crate::engine::Engine;
use crate::imports::Verdict;
use crate::index::FileEntry;
use crate::module_files::Resolver;
use crate::uses::is_member_use;
use arborist_syntax::grammars::{LanguageEntry, MemberCalls};
use arborist_syntax::language::Language;
use arborist_syntax::locals::{BindingKind, Locals, Origin, TypeRef, declared_type};
use arborist_syntax::query::SymbolKind;
use arborist_syntax::symbols::{FileSymbols, Name, NamePattern};
use arborist_syntax::syntax::list_items;
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use tree_sitter::Node;

/// What a member use is, as far as the tree shows its receiver's type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Typing {
    /// The receiver's class is the target's class or inherits the target from it.
    Target,
    /// The receiver's class has another member of that name.
    Other,
    /// A call through an interface or supertype whose member the target implements or overrides, of a
    /// member that implements or overrides the target (`structural_interfaces`, `supertype_calls`), or on a
    /// value that may be of several classes, the target's among them: it may reach the target, as the
    /// language's server counts it, but renaming the target alone would break the implementation or the
    /// other classes' uses.
    Dispatched,
    /// The receiver's type is not known from the tree.
    Unknown,
}

/// What looking up the member in a class (and its bases, in order) finds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Found {
    /// The target itself.
    Target,
    /// Another member of the same name, found first.
    OtherMember,
    /// An interface's or supertype's member that the target implements or overrides, or an implementation
    /// or override of the target.
    Dispatched,
    /// No member of that name in a hierarchy known to its roots.
    Absent,
    /// Some base class is not in the project (or the lookup went too deep).
    Unknown,
}

/// Bases are followed this many levels up.
const MAX_DEPTH: usize = 12;

/// Receiver chains (`a.b.c.name`, `f().g().name`) and the declarations behind them are followed this deep.
const MAX_CHAIN: usize = 4;

/// Expressions whose value is the one they wrap: `(x)`, TypeScript's `x!`, Rust's `&x` (methods see
/// through references).
const WRAPPERS: [&str; 3] = ["parenthesized_expression", "non_null_expression", "reference_expression"];

/// Expressions that take an element out of a collection (`xs[i]`; Rust's `x?`, the value out of a `Result`
/// or `Option`, which the language's `element_containers` hold), the collection their first named child.
const INDEXES: [&str; 5] = ["index_expression", "subscript_expression", "subscript", "array_access", "try_expression"];

/// Expressions whose value is one of their branches' (`c ? a : b`), or the one they wrap.
const CHOICES: [&str; 3] = ["ternary_expression", "conditional_expression", "parenthesized_expression"];

/// Conditional expressions (`c ? a : b`; Python's `a if c else b`, whose branches are its first and third
/// children).
const BRANCHES: [&str; 2] = ["ternary_expression", "conditional_expression"];

/// The tokens of a macro's arguments (Rust's `assert_eq!(parser("a").parse(), ..)`), which the grammar does not
/// parse as expressions.
const MACRO_ARGUMENTS: &str = "token_tree";

/// List literals (`[Owner()]`, `[new Owner()]`): a collection of their first element's type.
const LISTS: [&str; 3] = ["array", "list", "array_expression"];

/// Expressions that give their value a type: TypeScript's `x as Owner`, `x satisfies Owner`, `<Owner>x`,
/// Java's `(Owner) x`.
/// Go's `x.(*Owner)`.
const CASTS: [&str; 5] =
    ["as_expression", "satisfies_expression", "type_assertion", "cast_expression", "type_assertion_expression"];

/// Patterns that bind the name they wrap (Rust's `ref x`, `mut x`).
const PATTERN_WRAPPERS: [&str; 2] = ["ref_pattern", "mut_pattern"];

/// A tuple variant's pattern (Rust's `Class::Bytes(x)`).
const TUPLE_VARIANT_PATTERN: &str = "tuple_struct_pattern";

/// The bound of type parameter `p` (`: Visitor + Clone`, `extends Owner`), when it has one.
fn bound_of(p: Node) -> Option<Node> {
    let mut cursor = p.walk();
    p.children(&mut cursor).find(|c| BOUNDS.contains(&c.kind()))
}

/// A generic's type parameters (Rust's `<V: Visitor>` and `where V: Visitor`, TypeScript's and Java's
/// `<T extends Owner>`).
const GENERIC_PARAMETERS: [&str; 2] = ["type_parameters", "where_clause"];

/// A type parameter's bound (Rust's `: Visitor + Clone`, TypeScript's `extends Owner`, Java's `extends Owner & Other`).
const BOUNDS: [&str; 3] = ["trait_bounds", "constraint", "type_bound"];

/// Object literals: their members' names are the members of the type they are written as.
const OBJECTS: [&str; 1] = ["object"];

/// The name of a class's constructor among its members (TypeScript's and JavaScript's `constructor`).
const CONSTRUCTOR: &str = "constructor";

/// A receiver's possible classes, as (file, class symbol).
type Classes = Vec<(Arc<FileEntry>, u32)>;

/// Before the index is ready, and without a saved one, a class lookup searches the whole project: one
/// query makes at most this many; the classes beyond them are unknown (their uses uncertain).
const SEARCHES_BEFORE_INDEX: usize = 32;

/// The target member's class, looked up by name across the project's index, with what each class name
/// was found to give (one lookup per name per reference query).
pub struct Hierarchy<'e> {
    engine: &'e Engine,
    owner_rel: &'e str,
    owner: u32,
    member: &'e str,
    /// Where the target's name starts in its file (of the owner's members of the name, the target).
    member_at: usize,
    /// The language's references take in the member's override family (`override_families`).
    families: bool,
    /// Types implement interfaces by their methods' names (`structural_interfaces`).
    structural: bool,
    /// Calls through a supertype reach overrides (`supertype_calls`).
    supertype_calls: bool,
    /// With `supertype_calls`: the target's class's supertypes, all the way up, as (file, class index).
    supertypes: OnceLock<Vec<(String, u32)>>,
    /// With `supertype_calls`: whether a class (file, index) is a subtype of the target's, as found.
    subtypes: Memo<(String, u32), bool>,
    /// With `supertype_calls`: the full names of the supertypes outside the project (`java.util.List`) of
    /// the target's class and of its supertypes in the project.
    external_supertypes: OnceLock<Vec<String>>,
    /// With `supertype_calls`: how many parameters the target takes.
    target_arity: OnceLock<Option<usize>>,
    /// The file of the target's class.
    owner_entry: OnceLock<Option<Arc<FileEntry>>>,
    /// Whether a type (file, symbol) implements an interface (file, symbol), as found.
    implemented: Memo<(String, u32, String, u32), bool>,
    /// With `families`: the target's class and those of its bases that declare the member, as (file,
    /// class index).
    declaring_bases: OnceLock<Vec<(String, u32)>>,
    /// What a class name used in a file (file, name, written bare) was found to give.
    by_name: Memo<(String, String, bool), Found>,
    /// The typing of each receiver type met in a file (file, receiver): a query's uses repeat them.
    typings: Memo<(String, ReceiverType), Typing>,
    /// The files found to define each top-level name (`definers`), for this query.
    definers: Memo<String, Option<Vec<Arc<FileEntry>>>>,
    /// Whether a file's imports rule out a definer of a name (file, name, definer's file): the uses of
    /// one file ask again and again.
    ruled_out: Memo<(String, String, String), bool>,
    /// The classes a name used in a file means (file, name, written bare; `imported_classes`).
    imported: Memo<(String, String, bool), Classes>,
    searches: AtomicUsize,
    /// Return and field types read from the defining files.
    declared: Declared<'e>,
}

/// The class a member use's receiver is, as far as its file's tree shows: a class symbol of that file,
/// or a class known by name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ReceiverType {
    Class(u32),
    /// `super()` inside this class of the file: its bases.
    Bases(u32),
    Named(String),
    /// A class named through a module or package (`models.Model`, `pkg.Owner`): another module's.
    Qualified(String, String),
    /// The result of calling `name` (a method or associated function of the owner's type, else a function):
    /// the class its definition declares it returns.
    Returned(Option<Box<ReceiverType>>, String),
    /// Field `name` of a value of the owner's type: the class that type declares it as.
    Field(Box<ReceiverType>, String),
    /// Field `position` of tuple variant `variant` of the owner's type, an enum (`x` of Rust's
    /// `Class::Bytes(ref x)`): the class the variant declares there.
    VariantField(Box<ReceiverType>, String, usize),
    /// A parameter of a function passed as an argument (`operate((source, subscriber) => ...)`): the class
    /// the called function's declaration gives that parameter of that argument's function type; without a
    /// parameter, the argument itself (an object literal: `new SafeSubscriber({ next })`).
    Callback(Box<Callback>),
    /// A collection (`[]*Owner`, `Owner[]`, `list[Owner]`, `[]pkg.Owner`) `layers` (at least 1) deep around
    /// the class named.
    Collection(TypeRef),
    /// An element of a value of that type (a field, a call's result) that its declaration says is a
    /// collection: `f.Require[i]`, `x` in `for x in f.Require`.
    Element(Box<ReceiverType>),
    /// One of several classes (a union, `Subscriber<T> | Observer<T>`).
    Union(Vec<ReceiverType>),
    /// An object type written out (`{ subs: Subscription }`): its properties' types, as the file declaring it
    /// writes them.
    Object(Vec<(String, TypeRef)>),
    /// A map (`Map<K, V>`, `dict[K, V]`) of values of this type: a value taken out by key (`m.get(k)`,
    /// `d[k]`) is one; iterating it gives its keys or entries.
    Map(TypeRef),
    Unknown,
}

impl ReceiverType {
    /// The type of a value `declared` as written in a file.
    fn declared(declared: &TypeRef) -> ReceiverType {
        if !declared.alternatives.is_empty() {
            return ReceiverType::Union(declared.union_members().map(|t| Self::declared(&t)).collect());
        }
        if !declared.properties.is_empty() {
            return ReceiverType::Object(declared.properties.clone());
        }
        if let (0, Some(value)) = (declared.layers, &declared.value) {
            return ReceiverType::Map((**value).clone());
        }
        match (declared.layers, &declared.qualifier) {
            (0, None) => ReceiverType::Named(declared.name.clone()),
            (0, Some(qualifier)) => ReceiverType::Qualified(qualifier.clone(), declared.name.clone()),
            _ => ReceiverType::Collection(declared.clone()),
        }
    }

    /// The type as a declaration writes it, when it is a class named (`Owner`, `pkg.Owner`).
    fn as_declared(&self) -> Option<TypeRef> {
        match self {
            ReceiverType::Named(name) => Some(TypeRef::named(name.clone(), None, 0)),
            ReceiverType::Qualified(q, name) => Some(TypeRef::named(name.clone(), Some(q.clone()), 0)),
            _ => None,
        }
    }

    /// The type of an element of a value of this type: a layer down a collection, Unknown for a class of
    /// the file, an Element for a value whose type is declared elsewhere or a type named (a named
    /// collection type, Go's `type Args [4]Arg`).
    fn element(self) -> ReceiverType {
        match self {
            ReceiverType::Collection(t) if t.layers <= 1 => ReceiverType::declared(&TypeRef { layers: 0, ..t }),
            ReceiverType::Collection(t) => ReceiverType::Collection(TypeRef { layers: t.layers - 1, ..t }),
            ReceiverType::Field(..)
            | ReceiverType::VariantField(..)
            | ReceiverType::Returned(..)
            | ReceiverType::Callback(_)
            | ReceiverType::Element(_)
            | ReceiverType::Named(_)
            | ReceiverType::Qualified(..) => ReceiverType::Element(Box::new(self)),
            ReceiverType::Class(_)
            | ReceiverType::Bases(_)
            | ReceiverType::Union(_)
            | ReceiverType::Object(_)
            | ReceiverType::Map(_)
            | ReceiverType::Unknown => ReceiverType::Unknown,
        }
    }

    /// The type of a value taken out of a value of this type by index or key (`xs[i]`, `d[k]`): a map's
    /// value, else an element.
    fn indexed(self) -> ReceiverType {
        match self {
            ReceiverType::Map(value) => ReceiverType::declared(&value),
            other => other.element(),
        }
    }

    /// The type of a list whose elements are of this type (`[Owner()]`).
    fn list_of(self) -> ReceiverType {
        match self {
            ReceiverType::Named(name) => ReceiverType::Collection(TypeRef::named(name, None, 1)),
            ReceiverType::Qualified(qualifier, name) => {
                ReceiverType::Collection(TypeRef::named(name, Some(qualifier), 1))
            }
            ReceiverType::Collection(t) => {
                ReceiverType::Collection(TypeRef { layers: t.layers.saturating_add(1), ..t })
            }
            _ => ReceiverType::Unknown,
        }
    }

    /// The value an Element is taken out of, and how many layers down.
    fn peeled(&self) -> (&ReceiverType, u8) {
        match self {
            ReceiverType::Element(inner) => {
                let (base, layers) = inner.peeled();
                (base, layers.saturating_add(1))
            }
            other => (other, 0),
        }
    }
}

/// Where a callback's parameter is: the call (the callee's owner type and name), which argument the
/// callback is, and which of its parameters (None: the argument itself).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Callback {
    pub owner: Option<ReceiverType>,
    pub callee: String,
    pub argument: usize,
    pub parameter: Option<usize>,
}

impl<'e> Hierarchy<'e> {
    /// The hierarchy question for `member` (its name, and where that starts in its file) of the class
    /// symbol `owner` in `owner_rel`.
    pub fn new(
        engine: &'e Engine,
        owner_rel: &'e str,
        owner: u32,
        member: (&'e str, usize),
        lang: &LanguageEntry,
    ) -> Self {
        let (member, member_at) = member;
        let (families, structural, supertype_calls) =
            (lang.override_families, lang.structural_interfaces, lang.supertype_calls);
        let (by_name, searches, declaring_bases) = (Memo::default(), AtomicUsize::new(0), OnceLock::new());
        let (owner_entry, implemented, declared) = (OnceLock::new(), Memo::default(), Declared::new(engine));
        Hierarchy {
            engine,
            owner_rel,
            owner,
            member,
            member_at,
            families,
            structural,
            supertype_calls,
            supertypes: OnceLock::new(),
            external_supertypes: OnceLock::new(),
            target_arity: OnceLock::new(),
            subtypes: Memo::default(),
            owner_entry,
            implemented,
            declaring_bases,
            by_name,
            typings: Memo::default(),
            definers: Memo::default(),
            ruled_out: Memo::default(),
            imported: Memo::default(),
            searches,
            declared,
        }
    }

    /// The typing of the definition of a member of the name, symbol `index` of `entry`'s file: Target when
    /// it overrides the target or one of the target's bases (or is overridden by the target), in
    /// languages whose references take in override families; Unknown where implementations are not
    /// declared (Go) and one of the two is an interface's (the other may implement it: renaming one alone
    /// breaks that).
    pub fn definition_typing(&self, entry: &Arc<FileEntry>, index: u32) -> Typing {
        let fs = &entry.symbols;
        let owner = fs.owning_type(index);
        match owner {
            Some(class) if self.families => self.typing(entry, &ReceiverType::Class(class)),
            Some(class) if is_interface(entry, class) || self.target_in_interface() => Typing::Unknown,
            _ => Typing::Other,
        }
    }

    /// The typing of a member use in `entry`'s file whose receiver is `receiver` (worked out once per file
    /// and receiver).
    fn typing(&self, entry: &Arc<FileEntry>, receiver: &ReceiverType) -> Typing {
        kept(&self.typings, (entry.rel.clone(), receiver.clone()), || self.receiver_typing(entry, receiver))
    }

    /// `typing`, worked out.
    fn receiver_typing(&self, entry: &Arc<FileEntry>, receiver: &ReceiverType) -> Typing {
        // the values of a union, taken together, decide the same as each one alone, unless some are not known
        // or disagree: only then is each looked at on its own
        let found = match self.in_receiver(entry, receiver) {
            Found::Unknown | Found::Absent => self.in_alternatives(entry, receiver, 0).unwrap_or(Found::Unknown),
            found => found,
        };
        let found = match found {
            Found::Unknown | Found::Absent if self.through_external_supertype(entry, receiver) => Found::Dispatched,
            found => found,
        };
        match found {
            Found::Target => Typing::Target,
            Found::OtherMember => Typing::Other,
            Found::Dispatched => Typing::Dispatched,
            // a class without the member may get it at run time (a mixin's partner, `__getattr__`)
            Found::Absent | Found::Unknown => Typing::Unknown,
        }
    }

    /// The member as a receiver that may hold one of several values has it (of a union type, a call of a
    /// function with several `return`s, a field assigned in several places), each value looked up on its
    /// own (`either`); None when the receiver holds one value, whose classes then decide together (the
    /// classes a name may mean are one value whose class is not known, not a union).
    fn in_alternatives(&self, entry: &Arc<FileEntry>, receiver: &ReceiverType, depth: usize) -> Option<Found> {
        let values = self.alternatives(entry, receiver, depth)?;
        let found = values.iter().map(|(e, value)| match self.in_alternatives(e, value, depth + 1) {
            Some(found) => found,
            None => self.in_receiver(e, value),
        });
        Some(either(found))
    }

    /// The values a receiver may hold, each with the file whose tree types it, when it may hold several:
    /// the members of a union type, what each `return` of the function called returns (or the type it
    /// declares, a union), what each assignment of a field of a class gives it; None otherwise.
    fn alternatives(
        &self,
        entry: &Arc<FileEntry>,
        receiver: &ReceiverType,
        depth: usize,
    ) -> Option<Vec<(Arc<FileEntry>, ReceiverType)>> {
        if depth > MAX_CHAIN {
            return None;
        }
        let values: Vec<(Arc<FileEntry>, ReceiverType)> = match receiver {
            ReceiverType::Union(types) => types.iter().map(|t| (entry.clone(), t.clone())).collect(),
            // a call of one function (several: a name or an owner that may mean several, one of them)
            ReceiverType::Returned(owner, name) => {
                let (e, f) = self.one_called(entry, owner.as_deref(), name, depth)?;
                match self.declared.return_type(&e, f) {
                    Some(declared) if declared.layers == 0 && declared.name != "Self" => {
                        vec![(e.clone(), ReceiverType::declared(&declared))]
                    }
                    Some(_) => return None,
                    None => self.returned_values(&e, f, depth)?.iter().map(|t| (e.clone(), t.clone())).collect(),
                }
            }
            // a field of one class that its class declares without a type and assigns
            ReceiverType::Field(owner, name) => {
                let (e, class) = self.one_class(entry, owner, depth + 1)?;
                if e.symbols.get(class).is_type_block() || self.declared.field_type(&e, class, name).is_some() {
                    return None;
                }
                let values = self.field_values(&e, class, name, depth)?;
                values.iter().map(|t| (e.clone(), t.clone())).collect()
            }
            _ => return None,
        };
        // one value: it may still be several (a union returned, a field assigned a call's result)
        match <[_; 1]>::try_from(values) {
            Ok([(e, value)]) => self.alternatives(&e, &value, depth + 1),
            Err(values) if values.is_empty() => None,
            Err(values) => Some(values),
        }
    }

    /// The class a value of type `receiver` in `entry`'s file is, when it is one (`classes_of`).
    fn one_class(
        &self,
        entry: &Arc<FileEntry>,
        receiver: &ReceiverType,
        depth: usize,
    ) -> Option<(Arc<FileEntry>, u32)> {
        let [class] = <[_; 1]>::try_from(self.classes_of(entry, receiver, depth)?).ok()?;
        Some(class)
    }

    /// The function a call of `name` (on a value of type `owner`) in `entry`'s file reaches, when it is one
    /// (`called`).
    fn one_called(
        &self,
        entry: &Arc<FileEntry>,
        owner: Option<&ReceiverType>,
        name: &str,
        depth: usize,
    ) -> Option<(Arc<FileEntry>, u32)> {
        let [function] = <[_; 1]>::try_from(self.called(entry, owner, name, depth)?).ok()?;
        Some(function)
    }

    /// The member as the classes of a value of type `receiver` in `entry`'s file have it.
    fn in_receiver(&self, entry: &Arc<FileEntry>, receiver: &ReceiverType) -> Found {
        match receiver {
            ReceiverType::Class(i) => self.in_class(entry, *i, 0),
            ReceiverType::Bases(i) => self.in_bases(entry, *i, 0),
            // a class named directly, else a top-level variable of a known class (`temp_storage.open()`) or
            // a nested class
            ReceiverType::Named(name) => match self.in_named(entry, name, 0, true) {
                Found::Unknown => self.in_classes(self.variable_or_nested_classes(entry, name, 0)),
                found => found,
            },
            ReceiverType::Returned(..)
            | ReceiverType::Qualified(..)
            | ReceiverType::Field(..)
            | ReceiverType::VariantField(..)
            | ReceiverType::Callback(_)
            | ReceiverType::Collection(..)
            | ReceiverType::Map(_)
            | ReceiverType::Element(_)
            | ReceiverType::Union(_) => self.in_classes(self.classes_of(entry, receiver, 0)),
            // a property of an object type is no class's member
            ReceiverType::Object(_) | ReceiverType::Unknown => Found::Unknown,
        }
    }

    /// The member as class `index` of `entry` has it: its own, else its bases'.
    fn in_class(&self, entry: &Arc<FileEntry>, index: u32, depth: usize) -> Found {
        if entry.rel == self.owner_rel && index == self.owner {
            return Found::Target;
        }
        if !self.declares_member(entry, index) {
            return self.in_bases(entry, index, depth);
        }
        // its own member; in an override family, the target's when it overrides the target's or is one of
        // the bases' members the target overrides
        let family = self.families
            && (self.declaring_bases().iter().any(|(rel, i)| *rel == entry.rel && *i == index)
                || self.some_base_has_target(entry, index, depth));
        // without declared implementations (Go's interfaces are satisfied, not named), a call through an
        // interface may reach the target's implementation: one the target's type implements does
        let through_interface = !self.families && is_interface(entry, index);
        match (family, through_interface) {
            (true, _) => Found::Target,
            // with declared supertypes, a call through one whose method the target overrides, or of an
            // override of the target
            (false, _) if self.overridden_by_target(entry, index) || self.overrides_target(entry, index) => {
                Found::Dispatched
            }
            (false, true) if self.target_implements(entry, index) => Found::Dispatched,
            (false, true) => Found::Unknown,
            (false, false) if self.implements_target(entry, index) => Found::Dispatched,
            (false, false) => Found::OtherMember,
        }
    }

    /// The typing of a member use whose receiver is `receiver`, called with `arguments` arguments when it
    /// is called: with `supertype_calls` (where a method's overloads differ by their parameters), another
    /// overload's when the target takes another number.
    pub fn call_typing(&self, entry: &Arc<FileEntry>, receiver: &ReceiverType, arguments: Option<u8>) -> Typing {
        let other_overload = || {
            let (Some(passed), Some(arity)) = (arguments, self.target_arity()) else { return false };
            arity != passed as usize
        };
        match self.supertype_calls && other_overload() {
            true => Typing::Other,
            false => self.typing(entry, receiver),
        }
    }

    /// How many parameters the target takes (`supertype_calls`), when its declaration says.
    fn target_arity(&self) -> Option<usize> {
        let owner = self.owner_entry().filter(|_| self.supertype_calls)?;
        *self.target_arity.get_or_init(|| self.declared.parameter_count(owner, self.target_member(owner)?))
    }

    /// Whether class `index` of `entry`'s file declares a member of the target's name itself: with
    /// `supertype_calls`, one that takes as many parameters as the target (another overload leaves the
    /// target to the class's bases).
    fn declares_member(&self, entry: &Arc<FileEntry>, index: u32) -> bool {
        let mut counts = self.parameter_counts(entry, index);
        match self.target_arity() {
            Some(arity) => counts.any(|n| n.is_none_or(|n| n == arity)),
            None => counts.next().is_some(),
        }
    }

    /// How many parameters each member of the target's name of class `index` of `entry`'s file takes (None:
    /// not known, or variadic).
    fn parameter_counts<'a>(&'a self, entry: &'a FileEntry, index: u32) -> impl Iterator<Item = Option<usize>> + 'a {
        let fs = &entry.symbols;
        let same_named = fs.children(index).iter().copied().filter(move |&c| fs.get(c).name == self.member);
        same_named.map(move |m| self.declared.parameter_count(entry, m))
    }

    /// The target among the members of its class in `owner`, its file.
    fn target_member(&self, owner: &FileEntry) -> Option<u32> {
        let fs = &owner.symbols;
        fs.children(self.owner).iter().copied().find(|&c| fs.get(c).name_range.start as usize == self.member_at)
    }

    /// Whether class `index` of `entry`'s file is a supertype of the target's class (`supertype_calls`)
    /// with a member of the name that has as many parameters as the target (which then overrides it).
    fn overridden_by_target(&self, entry: &Arc<FileEntry>, index: u32) -> bool {
        if !self.supertype_calls || !self.supertypes().iter().any(|(rel, i)| *rel == entry.rel && *i == index) {
            return false;
        }
        let Some(arity) = self.target_arity() else { return false };
        self.parameter_counts(entry, index).any(|n| n == Some(arity))
    }

    /// Whether class `index` of `entry`'s file, whose member of the name takes as many parameters as the
    /// target (`declares_member`), is a subtype of the target's class (`supertype_calls`): its override.
    fn overrides_target(&self, entry: &Arc<FileEntry>, index: u32) -> bool {
        if !self.supertype_calls || self.target_arity().is_none() {
            return false;
        }
        kept(&self.subtypes, (entry.rel.clone(), index), || {
            self.supertypes_of(entry, index).iter().any(|(rel, i)| rel == self.owner_rel && *i == self.owner)
        })
    }

    /// Whether a value of type `receiver` in `entry`'s file is declared as a type outside the project that the
    /// target's class implements or extends (`supertype_calls`): a call through `java.util.List` may reach
    /// the `get` of a project class that implements it.
    fn through_external_supertype(&self, entry: &Arc<FileEntry>, receiver: &ReceiverType) -> bool {
        if !self.supertype_calls || self.target_arity().is_none() {
            return false;
        }
        let externals = self.external_supertypes();
        !externals.is_empty() && self.external_type(entry, receiver, 0).is_some_and(|t| externals.contains(&t))
    }

    /// The full name of the type outside the project a value of type `receiver` in `entry`'s file is
    /// declared as: a name the file imports from outside (`import java.util.List;`, or `import java.util.*;`
    /// for a supertype of the target's class of that full name), a qualified name no project class has
    /// (`java.util.List`), or what the one field or function it comes from declares.
    fn external_type(&self, entry: &Arc<FileEntry>, receiver: &ReceiverType, depth: usize) -> Option<String> {
        if depth > MAX_CHAIN {
            return None;
        }
        let (e, declared) = match receiver {
            ReceiverType::Named(name) if self.imported_classes(entry, name, true).is_empty() => {
                let resolver = Resolver::new(self.engine);
                let imports = resolver.imports_of(&entry.rel)?;
                let by_glob = || imports.glob_paths(name).into_iter().find(|p| self.external_supertypes().contains(p));
                return imports.imported_path(name).or_else(by_glob);
            }
            ReceiverType::Qualified(qualifier, name) if self.qualified_classes(entry, qualifier, name).is_empty() => {
                return Some(format!("{qualifier}.{name}"));
            }
            ReceiverType::Field(owner, name) => {
                let (e, class) = self.one_class(entry, owner, depth + 1)?;
                let declared = self.declared.field_type(&e, class, name)?;
                (e, declared)
            }
            ReceiverType::Returned(owner, name) => {
                let (e, f) = self.one_called(entry, owner.as_deref(), name, depth)?;
                let declared = self.declared.return_type(&e, f)?;
                (e, declared)
            }
            _ => return None,
        };
        let declared = ReceiverType::declared(&declared);
        matches!(declared, ReceiverType::Named(_) | ReceiverType::Qualified(..))
            .then(|| self.external_type(&e, &declared, depth + 1))?
    }

    /// The full names of the supertypes outside the project of the target's class and of its project
    /// supertypes: each written qualified in the class's header (`implements java.util.List<A>`) or
    /// imported by that one name (`import javax.tools.JavaFileManager;`), and no project class.
    fn external_supertypes(&self) -> &[String] {
        self.external_supertypes.get_or_init(|| {
            let Some(owner) = self.owner_entry() else { return Vec::new() };
            let ancestors = self.supertypes().iter().filter_map(|(rel, i)| Some((self.entry_of(rel)?, *i)));
            let resolver = Resolver::new(self.engine);
            let mut out = Vec::new();
            for (e, class) in std::iter::once((owner.clone(), self.owner)).chain(ancestors) {
                let Some(file) = self.declared.file(&e) else { continue };
                let range = e.symbols.get(class).range.clone();
                let text = &file.text[range.start as usize..range.end as usize];
                let header = &text[..text.find('{').unwrap_or(text.len())];
                for base in e.symbols.supertype_names(class) {
                    let imported = || match self.imported_classes(&e, base, false).is_empty() {
                        true => resolver.imports_of(&e.rel)?.imported_path(base),
                        false => None,
                    };
                    out.extend(qualified_in(header, base).or_else(imported));
                }
            }
            out
        })
    }

    /// The target's class's supertypes (walked up once per query).
    fn supertypes(&self) -> &[(String, u32)] {
        let owner = || Some(self.supertypes_of(self.owner_entry()?, self.owner));
        self.supertypes.get_or_init(|| owner().unwrap_or_default())
    }

    /// The supertypes of class `index` of `entry`'s file, all the way up, each named as its subtype's file
    /// sees the name, as (file, class index).
    fn supertypes_of(&self, entry: &Arc<FileEntry>, index: u32) -> Vec<(String, u32)> {
        let named = |entry: &Arc<FileEntry>, base: &str| match self.imported_classes(entry, base, true) {
            found if found.is_empty() => self.nested_classes(entry, base),
            found => found,
        };
        let ancestors = self.ancestors(entry, index, named);
        ancestors.into_iter().map(|(e, i)| (e.rel.clone(), i)).collect()
    }

    /// The classes above class `index` of `entry`'s file, each once, following its supertypes `MAX_DEPTH`
    /// levels up, each supertype's name resolved by `named` in the file that writes it.
    fn ancestors(
        &self,
        entry: &Arc<FileEntry>,
        index: u32,
        named: impl Fn(&Arc<FileEntry>, &str) -> Classes,
    ) -> Classes {
        let mut out: Classes = Vec::new();
        let mut stack = vec![(entry.clone(), index, 0)];
        while let Some((entry, index, depth)) = stack.pop() {
            for (e, i) in entry.symbols.supertype_names(index).flat_map(|base| named(&entry, base)).collect::<Vec<_>>()
            {
                if out.iter().any(|(o, j)| o.rel == e.rel && *j == i) {
                    continue;
                }
                out.push((e.clone(), i));
                if depth < MAX_DEPTH {
                    stack.push((e, i, depth + 1));
                }
            }
        }
        out
    }

    /// The classes nested in another class (Java's `JCTree.Visitor`) that a supertype `name` written in
    /// `entry`'s file means: those whose enclosing class the file sees by its name and writes them through
    /// (`JCTree.Visitor`) or imports the members of (`import a.JCTree.*;`).
    fn nested_classes(&self, entry: &Arc<FileEntry>, name: &str) -> Classes {
        let Some(text) = self.declared.text(entry) else { return Vec::new() };
        let mut out = Vec::new();
        for e in self.definers(name).unwrap_or_default() {
            for i in classes(&e, e.symbols.walk_preorder(), name) {
                let Some(parent) = e.symbols.owning_type(i) else { continue };
                let outer = e.symbols.get(parent).name.as_str();
                let written = [format!("{outer}.{name}"), format!(".{outer}.*;")];
                let sees =
                    || self.imported_classes(entry, outer, true).iter().any(|(o, j)| o.rel == e.rel && *j == parent);
                if written.iter().any(|w| text.contains(w.as_str())) && sees() {
                    out.push((e.clone(), i));
                }
            }
        }
        out
    }

    /// Whether the target's class is an interface.
    fn target_in_interface(&self) -> bool {
        self.owner_entry().is_some_and(|e| is_interface(e, self.owner))
    }

    fn owner_entry(&self) -> Option<&Arc<FileEntry>> {
        self.owner_entry.get_or_init(|| self.entry_of(self.owner_rel)).as_ref()
    }

    /// Whether the target's type, not an interface, implements interface `index` of `entry`'s file.
    fn target_implements(&self, entry: &Arc<FileEntry>, index: u32) -> bool {
        let Some(owner) = self.owner_entry().filter(|_| self.structural && !self.target_in_interface()) else {
            return false;
        };
        self.implements(owner, self.owner, entry, index)
    }

    /// Whether type `index` of `entry`'s file implements the target's interface.
    fn implements_target(&self, entry: &Arc<FileEntry>, index: u32) -> bool {
        let Some(owner) = self.owner_entry().filter(|_| self.structural && self.target_in_interface()) else {
            return false;
        };
        self.implements(entry, index, owner, self.owner)
    }

    /// Whether type `class` of `e` has a method of every name of interface `interface` of `ie` (its
    /// embedded interfaces' too): false when one of them is not known (another module's, a built-in), and
    /// for a type of another package when one is unexported (lower-case: the interface's package's own).
    fn implements(&self, e: &Arc<FileEntry>, class: u32, ie: &Arc<FileEntry>, interface: u32) -> bool {
        kept(&self.implemented, (e.rel.clone(), class, ie.rel.clone(), interface), || {
            let wanted = self.interface_methods(ie, interface, 0);
            let same_package = package_of(&e.rel) == package_of(&ie.rel);
            let exported = |m: &String| m.starts_with(|c: char| c.is_uppercase());
            wanted.filter(|w| same_package || w.iter().all(exported)).is_some_and(|wanted| {
                let have = self.package_methods(e, class);
                !wanted.is_empty() && wanted.iter().all(|m| have.contains(m.as_str()))
            })
        })
    }

    /// The method names of interface `interface` of `e`'s file, with those of the interfaces it embeds;
    /// None when an embedded one is not found as one interface of the project.
    fn interface_methods(&self, e: &Arc<FileEntry>, interface: u32, depth: usize) -> Option<Vec<String>> {
        let fs = &e.symbols;
        let mut out = Vec::new();
        for &c in fs.children(interface) {
            let s = fs.get(c);
            match s.kind {
                SymbolKind::Method => out.push(s.name.to_string()),
                // an embedded interface, named by its type
                SymbolKind::Field if depth < MAX_DEPTH => {
                    let named = self.imported_classes(e, &s.name, true);
                    let [(ee, ei)] = named.as_slice() else { return None };
                    out.extend(self.interface_methods(ee, *ei, depth + 1).filter(|_| is_interface(ee, *ei))?);
                }
                SymbolKind::Field => return None,
                _ => {}
            }
        }
        Some(out)
    }

    /// The names of the methods type `class` of `e`'s file declares in its package (the files of its
    /// directory, where Go declares a type's methods, each file's under the type's name).
    fn package_methods(&self, e: &Arc<FileEntry>, class: u32) -> HashSet<String> {
        let name = e.symbols.get(class).name.as_str();
        let package = package_of(&e.rel);
        let mut files = self.definers(name).unwrap_or_default();
        files.retain(|f| f.rel != e.rel && package_of(&f.rel) == package && std::ptr::eq(f.lang, e.lang));
        files.push(e.clone());
        let mut out = HashSet::new();
        for f in &files {
            for (_, t) in top_level(f, name, SymbolKind::can_own_members) {
                let fs = &f.symbols;
                let methods = fs.children(t).iter().map(|&m| fs.get(m)).filter(|m| m.kind == SymbolKind::Method);
                out.extend(methods.map(|m| m.name.to_string()));
            }
        }
        out
    }

    /// The target's class and its bases that declare the member (walked up once per query).
    fn declaring_bases(&self) -> &[(String, u32)] {
        self.declaring_bases.get_or_init(|| {
            let mut out = vec![(self.owner_rel.to_string(), self.owner)];
            let Some(owner) = self.owner_entry() else { return out };
            let ancestors = self.ancestors(owner, self.owner, |entry, base| self.classes_named(entry, base));
            let declaring = ancestors.into_iter().filter(|(e, i)| declares(e, *i, self.member));
            out.extend(declaring.map(|(e, i)| (e.rel.clone(), i)));
            out
        })
    }

    /// The member as all of `classes` have it.
    fn in_classes(&self, classes: Option<Classes>) -> Found {
        classes.map_or(Found::Unknown, |classes| self.in_all(classes.iter().map(|(e, i)| (e, *i)), 0))
    }

    /// The member as all of `classes` have it, where a type whose methods are in blocks of several files
    /// (Go) has it when one of its blocks does: a block (or the type) without it then says nothing.
    fn in_all<'a>(&self, classes: impl Iterator<Item = (&'a Arc<FileEntry>, u32)>, depth: usize) -> Found {
        let mut spread = false;
        let found: Vec<Found> = classes
            .map(|(e, i)| {
                spread |= e.symbols.get(i).is_type_block();
                self.in_class(e, i, depth)
            })
            .collect();
        match found.iter().all(|f| *f == Found::Absent) {
            true if !found.is_empty() => Found::Absent,
            _ => agreed(found.into_iter().filter(|f| !(spread && *f == Found::Absent))),
        }
    }

    /// The classes a value of type `receiver` in `entry`'s file may be; None when the tree does not say
    /// (a declaration without a type, a class not found, classes of a name that disagree are still all).
    fn classes_of(&self, entry: &Arc<FileEntry>, receiver: &ReceiverType, depth: usize) -> Option<Classes> {
        if depth > MAX_CHAIN {
            return None;
        }
        match receiver {
            ReceiverType::Class(i) => Some(vec![(entry.clone(), *i)]),
            ReceiverType::Named(name) => match self.imported_classes(entry, name, true) {
                classes if classes.is_empty() => self.variable_or_nested_classes(entry, name, depth),
                classes => Some(classes),
            },
            ReceiverType::Returned(owner, name) => match self.called(entry, owner.as_deref(), name, depth) {
                Some(functions) => union(functions, |(e, f)| self.returned_by(&e, f, depth)),
                // `self.storage_class(...)`: a field that holds a class makes an instance of it
                None => match owner.as_deref() {
                    // `self.items.first().unwrap()`: an element of a collection the tree types
                    Some(owner) if collection_call(entry.lang, name) == Some(1) => {
                        self.collection_elements(entry, owner, 1, depth + 1)
                    }
                    // `Kind::Bytes(x)`: a tuple variant makes a value of its enum
                    Some(owner) => {
                        let owners = self.classes_of(entry, owner, depth + 1)?;
                        enums_with_variant(&owners, name).or_else(|| self.made_by_field(owners, name, depth))
                    }
                    // `Reg(i)`, `Wrapper(x)`: a conversion to, or a constructor of, a type named bare; `One(x)`
                    // under `use self::Seq::*;`: a variant the glob brings
                    None => Some(self.imported_classes(entry, name, true))
                        .filter(|c| !c.is_empty())
                        .or_else(|| self.globbed_variant_enums(entry, name)),
                },
            },
            ReceiverType::Qualified(qualifier, name) => {
                Some(self.qualified_classes(entry, qualifier, name)).filter(|c| !c.is_empty())
            }
            ReceiverType::Field(..) | ReceiverType::VariantField(..) | ReceiverType::Callback(_) => {
                self.elements(entry, receiver, 0, depth)
            }
            ReceiverType::Element(_) => {
                let (base, layers) = receiver.peeled();
                self.elements(entry, base, layers, depth)
            }
            // a member of a collection itself (`xs.append`) is the collection type's
            ReceiverType::Union(types) => union(types, |t| self.classes_of(entry, t, depth + 1)),
            ReceiverType::Collection(..)
            | ReceiverType::Map(_)
            | ReceiverType::Bases(_)
            | ReceiverType::Object(_)
            | ReceiverType::Unknown => None,
        }
    }

    /// The classes of a value of type `receiver` (a field, a call's result, a callback's parameter) as its
    /// declaration declares it, or with `layers` > 0, of the elements that many collections deep in it;
    /// None when the declaration is not a collection that deep.
    fn elements(&self, entry: &Arc<FileEntry>, receiver: &ReceiverType, layers: u8, depth: usize) -> Option<Classes> {
        let declared = |e: &Arc<FileEntry>, t: Option<TypeRef>| {
            let (e, t) = self.collection_layers(e, t?, layers)?;
            self.declared_classes(&e, &t)
        };
        match receiver {
            ReceiverType::Field(owner, name) => {
                // a property of an object type written out, in this file
                if let ReceiverType::Object(properties) = &**owner {
                    let (_, t) = properties.iter().find(|(property, _)| property == name)?;
                    return declared(entry, Some(t.clone()));
                }
                // else as declared by the type's definition, not by a block of its methods
                let Some(owners) = self.classes_of(entry, owner, depth + 1) else {
                    // `models.Model`, `DateUtils_1.DateUtils`: a class of the module a name is bound to
                    return self.module_classes(entry, owner, name).filter(|_| layers == 0);
                };
                // `Kind::Empty`: a variant is a value of its enum
                if layers == 0
                    && let Some(enums) = enums_with_variant(&owners, name)
                {
                    return Some(enums);
                }
                let defined = owners.into_iter().filter(|(e, class)| !e.symbols.get(*class).is_type_block());
                // as the class declares it, else assigns it, else as the first base that has it does
                let in_class = |(e, class): (Arc<FileEntry>, u32)| {
                    let found = declared(&e, self.declared.field_type(&e, class, name));
                    found.or_else(|| self.assigned_field(&e, class, name, layers, depth))
                };
                union(defined, |(e, class)| {
                    in_class((e.clone(), class))
                        .or_else(|| union(self.field_holders(&e, class, name, 0, depth)?, in_class))
                })
            }
            // of the enums among the owner's classes (not their impl blocks)
            ReceiverType::VariantField(owner, variant, position) => {
                let variant_of = |(e, enumeration): &(Arc<FileEntry>, u32)| {
                    let fs = &e.symbols;
                    let found = fs.children(*enumeration).iter().copied().find(|&v| fs.get(v).name == variant.as_str());
                    found.map(|v| (e.clone(), v))
                };
                let variants: Vec<_> =
                    self.classes_of(entry, owner, depth + 1)?.iter().filter_map(variant_of).collect();
                union((!variants.is_empty()).then_some(variants)?, |(e, v)| {
                    declared(&e, self.declared.variant_field(&e, v, *position))
                })
            }
            ReceiverType::Callback(c) => match self.called(entry, c.owner.as_ref(), &c.callee, depth) {
                Some(functions) => union(functions, |(e, f)| {
                    declared(&e, self.declared.callback_parameter(&e, f, c.argument, c.parameter))
                }),
                // `lits.dedup_by(|a, b| ...)`: a function given the elements of a collection the tree types
                None => {
                    let given = entry.lang.entry.element_callbacks.get(&c.callee)?;
                    given.contains(&c.parameter?).then_some(())?;
                    self.collection_elements(entry, c.owner.as_ref()?, layers + 1, depth + 1)
                }
            },
            ReceiverType::Returned(owner, name) => match self.called(entry, owner.as_deref(), name, depth) {
                Some(functions) => union(functions, |(e, f)| declared(&e, self.declared.return_type(&e, f))),
                // `self.items.iter()`, `self.items.pop()`: what holds the elements of a collection the tree types
                None => {
                    let deeper = collection_call(entry.lang, name)?;
                    self.collection_elements(entry, owner.as_deref()?, layers + deeper, depth + 1)
                }
            },
            ReceiverType::Named(_) | ReceiverType::Qualified(..) if layers > 0 => {
                declared(entry, receiver.as_declared())
            }
            _ => None,
        }
    }

    /// The classes `layers` collections deep in a value of type `owner`: of a collection the file types
    /// itself (`Vec<Lit>` of a parameter), or as `elements` finds them.
    fn collection_elements(
        &self,
        entry: &Arc<FileEntry>,
        owner: &ReceiverType,
        layers: u8,
        depth: usize,
    ) -> Option<Classes> {
        match owner.peeled() {
            (ReceiverType::Collection(t), peeled) if t.layers == layers + peeled => {
                self.declared_classes(entry, &TypeRef { layers: 0, ..t.clone() })
            }
            (base, peeled) => self.elements(entry, base, layers + peeled, depth),
        }
    }

    /// A type declared in `e`'s file that is a collection `layers` deep: itself, or what the named type
    /// it names is defined as in its own file (Go's `Args` of `type Args [4]Arg`), with that file; None
    /// when it is not that deep.
    fn collection_layers(&self, e: &Arc<FileEntry>, t: TypeRef, layers: u8) -> Option<(Arc<FileEntry>, TypeRef)> {
        let (mut e, mut t) = (e.clone(), t);
        for _ in 0..MAX_CHAIN {
            if t.layers >= layers {
                break;
            }
            let named = TypeRef { layers: 0, ..t.clone() };
            let [(de, di)] = self.declared_classes(&e, &named)?.try_into().ok()?;
            let iterated = || self.iterator_item(&de, di).map(|item| TypeRef { layers: item.layers + 1, ..item });
            let underlying = self.declared.underlying_type(&de, di).or_else(iterated)?;
            (e, t) = (de, TypeRef { layers: underlying.layers + t.layers, ..underlying });
        }
        (t.layers == layers).then_some((e, t))
    }

    /// The type of the items a class of `e`'s file iterates over, as an iterator implementation of it
    /// there declares it (Rust's `type Item = Utf8Sequence;` in `impl Iterator for Utf8Sequences`, the
    /// language's `iterator_item`).
    fn iterator_item(&self, e: &Arc<FileEntry>, class: u32) -> Option<TypeRef> {
        let item = e.lang.entry.iterator_item.as_deref()?;
        let fs = &e.symbols;
        let name = fs.get(class).name;
        let of_class = |i: &u32| fs.get(*i).parent().is_some_and(|p| fs.get(p).name == name);
        let items =
            (0..fs.len() as u32).filter(|&i| fs.get(i).name == item && fs.get(i).kind == SymbolKind::TypeParameter);
        let [index] = items.filter(of_class).collect::<Vec<_>>().try_into().ok()?;
        self.declared.underlying_type(e, index)
    }

    /// The top-level classes `name` of the module that `owner`, a name, is bound to by `entry`'s imports
    /// (`models` of `from django.db import models`, `m_1` of `const m_1 = require('./m')`); None when the
    /// name is not a module's or the module has no such class.
    fn module_classes(&self, entry: &Arc<FileEntry>, owner: &ReceiverType, name: &str) -> Option<Classes> {
        let ReceiverType::Named(module) = owner else { return None };
        let resolver = Resolver::new(self.engine);
        let imports = resolver.imports_of(&entry.rel)?;
        let others = self.imported_files(entry, name, |e| e.rel != entry.rel);
        let of_module =
            others.iter().filter(|e| imports.qualified_use(module, name, &e.rel, &resolver) == Verdict::Target);
        let found: Classes = of_module.flat_map(|e| top_level(e, name, SymbolKind::can_own_members)).collect();
        (!found.is_empty()).then_some(found)
    }

    /// The classes whose own declarations and assignments of field `name` class `class` of `e`'s file has:
    /// itself when it has one, else those of its first base that has one (in the order the bases are
    /// written: Python's method resolution, Go's embedded structs), as many as that base's name means;
    /// empty when none has one, None when a base is not found (or the file cannot be read).
    fn field_holders(&self, e: &Arc<FileEntry>, class: u32, name: &str, up: usize, depth: usize) -> Option<Classes> {
        if !self.field_values(e, class, name, depth)?.is_empty() {
            return Some(vec![(e.clone(), class)]);
        }
        if up >= MAX_DEPTH {
            return None;
        }
        for base in e.symbols.supertype_names(class) {
            let named = self.imported_classes(e, base, false);
            if named.is_empty() {
                return None;
            }
            let mut held = Vec::new();
            for (be, bi) in named {
                held.extend(self.field_holders(&be, bi, name, up + 1, depth)?);
            }
            if !held.is_empty() {
                return Some(held);
            }
        }
        Some(Vec::new())
    }

    /// The classes of field `name` of class `class` of `e`'s file (`layers` collections deep in it) as
    /// the values its class assigns it show (`self.storage = self.storage_class()`, `widget = TimeInput`),
    /// all of them together; None when one shows nothing known, or there is none.
    fn assigned_field(&self, e: &Arc<FileEntry>, class: u32, name: &str, layers: u8, depth: usize) -> Option<Classes> {
        union(self.field_values(e, class, name, depth)?.iter(), |value| {
            let element = (0..layers).fold(value.clone(), |t, _| t.element());
            self.classes_of(e, &element, depth + 1)
        })
    }

    /// What each declaration and assignment of field `name` of class `class` of `e`'s file gives it, as that
    /// file types it (kept across queries).
    fn field_values(&self, e: &Arc<FileEntry>, class: u32, name: &str, depth: usize) -> Option<TypedValues> {
        let asked = Typed::FieldValues { class, name: name.to_string(), depth };
        self.declared.typed(e, asked, |file| {
            let receivers = Receivers { locals: file.locals()?, entry: e, text: &file.text };
            let origins = field_origins(file, e, class, name)?;
            Some(origins.map(|origin| receivers.origin_type(origin, name, file.root(), depth + 1)).collect())
        })
    }

    /// The classes of the instances a call of field `name` of a value of one of classes `owners` makes, when
    /// every assignment of the field in each of them gives it a class named directly (`storage_class =
    /// FileSystemStorage`, `self.factory = models.Manager`); None otherwise.
    fn made_by_field(&self, owners: Classes, name: &str, depth: usize) -> Option<Classes> {
        let holders = union(owners, |(e, class)| self.field_holders(&e, class, name, 0, depth))?;
        union(holders, |(e, class)| {
            let asked = Typed::ClassesAssigned { class, name: name.to_string() };
            let named = self.declared.typed(&e, asked, |file| {
                let named = |origin: &Origin| {
                    let value = file.node_at(origin.value.clone().filter(|_| origin.declared.is_none())?)?;
                    let named = matches!(shape(e.lang, value, &file.text)?, Shape::Leaf | Shape::Member(_));
                    let class = declared_type(e.lang, &file.text[value.byte_range()]);
                    class.filter(|t| named && t.layers == 0).map(|t| ReceiverType::declared(&t))
                };
                field_origins(file, &e, class, name)?.map(named).collect()
            })?;
            union(named.iter(), |class| self.declared_classes(&e, &class.as_declared()?))
        })
    }

    /// The definitions a call of `name` (on a value of type `owner`) in `entry`'s file may reach: the
    /// method of each of the owner's classes, else the top-level functions of the name (called bare or
    /// through a module or package, `pkg.New()`); None when one class has no such method.
    fn called(
        &self,
        entry: &Arc<FileEntry>,
        owner: Option<&ReceiverType>,
        name: &str,
        depth: usize,
    ) -> Option<Classes> {
        let owners = owner.and_then(|o| self.classes_of(entry, o, depth + 1));
        let method_of = |(e, class): &(Arc<FileEntry>, u32)| self.method_in(e, *class, name, 0);
        let functions: Classes = match owners {
            // a type whose methods are in blocks of several files (Go): the method is in one of them
            Some(owners) if owners.iter().any(|(e, class)| e.symbols.get(*class).is_type_block()) => {
                owners.iter().filter_map(method_of).collect()
            }
            Some(owners) => owners.iter().map(|o| method_of(o).ok_or(())).collect::<Result<_, _>>().ok()?,
            // a function, called bare or through a module or package (`pkg.New()`)
            None if owner.is_none_or(|o| matches!(o, ReceiverType::Named(_))) => {
                self.top_level_named(entry, name, SymbolKind::is_callable)
            }
            None => return None,
        };
        (!functions.is_empty()).then_some(functions)
    }

    /// Method `name` of class `class` of `e`'s file: its own, else the first base's that has it.
    fn method_in(&self, e: &Arc<FileEntry>, class: u32, name: &str, depth: usize) -> Option<(Arc<FileEntry>, u32)> {
        let fs = &e.symbols;
        if let Some(method) = own_method(fs, class, name) {
            return Some((e.clone(), method));
        }
        if depth >= MAX_DEPTH {
            return None;
        }
        e.symbols.supertype_names(class).find_map(|base| {
            let named = self.classes_named(e, base);
            named.into_iter().find_map(|(be, bi)| self.method_in(&be, bi, name, depth + 1))
        })
    }

    /// The classes function `function` of `e`'s file returns: those its declared return type names (`Self`:
    /// its class), else those of every value its `return` statements return.
    fn returned_by(&self, e: &Arc<FileEntry>, function: u32, depth: usize) -> Option<Classes> {
        if let Some(declared) = self.declared.return_type(e, function) {
            return match declared.name.as_str() {
                _ if declared.layers > 0 => None,
                "Self" => e.symbols.get(function).parent().map(|class| vec![(e.clone(), class)]),
                _ => self.declared_classes(e, &declared),
            };
        }
        union(self.returned_values(e, function, depth)?.iter(), |t| self.classes_of(e, t, depth + 1))
    }

    /// The types of the values the `return` statements of function `function` of `e`'s file return.
    fn returned_values(&self, e: &Arc<FileEntry>, function: u32, depth: usize) -> Option<TypedValues> {
        self.declared.typed(e, Typed::Returned { function, depth }, |file| {
            let receivers = Receivers { locals: file.locals()?, entry: e, text: &file.text };
            let values = returned_values(file.definition(&e.symbols.get(function))?);
            Some(values.into_iter().map(|v| receivers.type_of(v, depth + 1)).collect())
        })
    }

    /// The classes of the top-level variables named `name` a use in `entry`'s file may mean (the file's
    /// own, else the project's its imports leave possible): what each is annotated or assigned as.
    fn variable_classes(&self, entry: &Arc<FileEntry>, name: &str, depth: usize) -> Option<Classes> {
        union(self.top_level_named(entry, name, SymbolKind::is_variable_like), |(e, _)| {
            let asked = Typed::TopLevel { name: name.to_string(), depth };
            let values = self.declared.typed(&e, asked, |file| {
                let locals = file.locals()?;
                let binding = locals.top_level(name)?;
                let receivers = Receivers { locals, entry: &e, text: &file.text };
                Some(vec![receivers.origin_type(&binding.origin, name, file.root(), depth + 1)])
            })?;
            self.classes_of(&e, values.first()?, depth + 1)
        })
    }

    /// The classes of a name that no top-level class of the project has in `entry`'s file: of the
    /// top-level variables of the name, else the classes of the name nested in a class the file sees
    /// (Java's `JCTypeUnion` of `import ...JCTree.*;`).
    fn variable_or_nested_classes(&self, entry: &Arc<FileEntry>, name: &str, depth: usize) -> Option<Classes> {
        let nested = || Some(self.nested_classes(entry, name)).filter(|c| !c.is_empty());
        self.variable_classes(entry, name, depth).or_else(nested)
    }

    /// The classes a type declared in `entry`'s file names: a qualified name (`pkg.Owner`, `zip.File`) is
    /// another module's, never the file's own class.
    fn declared_classes(&self, entry: &Arc<FileEntry>, declared: &TypeRef) -> Option<Classes> {
        if !declared.alternatives.is_empty() {
            return union(declared.union_members(), |t| self.declared_classes(entry, &t));
        }
        let found = match &declared.qualifier {
            None => self.imported_classes(entry, &declared.name, true),
            Some(qualifier) => self.qualified_classes(entry, qualifier, &declared.name),
        };
        (!found.is_empty()).then_some(found)
    }

    /// The classes `qualifier.name` in `entry`'s file may mean: of another file's top-level classes of the
    /// name that the file's imports leave possible, those of the module `qualifier` is known to name
    /// (`models` of `from django.db import models`, through its package's re-export), else those it may
    /// name.
    fn qualified_classes(&self, entry: &Arc<FileEntry>, qualifier: &str, name: &str) -> Classes {
        let others = self.imported_files(entry, name, |e| e.rel != entry.rel);
        let resolver = Resolver::new(self.engine);
        let verdict = match resolver.imports_of(&entry.rel) {
            Some(imports) => others.iter().map(|e| imports.qualified_use(qualifier, name, &e.rel, &resolver)).collect(),
            None => vec![Verdict::Unknown; others.len()],
        };
        let known = verdict.contains(&Verdict::Target);
        let kept = |v: &Verdict| if known { *v == Verdict::Target } else { *v != Verdict::Other };
        let files = others.iter().zip(&verdict).filter(|(_, v)| kept(v));
        let found: Classes = files.flat_map(|(e, _)| top_level(e, name, SymbolKind::can_own_members)).collect();
        if !found.is_empty() {
            return found;
        }
        // a class nested in a class the file sees (Java's `Attribute.TypeCompound`)
        let outers = self.imported_classes(entry, qualifier, true);
        let nested = |(e, outer): (Arc<FileEntry>, u32)| {
            let inner = classes(&e, e.symbols.children(outer).to_vec(), name);
            inner.into_iter().map(move |i| (e.clone(), i))
        };
        outers.into_iter().flat_map(nested).collect()
    }

    /// The top-level symbols named `name` of a kind `wanted` that a use in `entry`'s file may mean: the
    /// file's own, else the project's that its imports leave possible.
    fn top_level_named(&self, entry: &Arc<FileEntry>, name: &str, wanted: fn(SymbolKind) -> bool) -> Classes {
        let local = top_level(entry, name, wanted);
        if !local.is_empty() {
            return local;
        }
        let files = self.imported_files(entry, name, |_| true);
        let found: Classes = files.iter().flat_map(|e| top_level(e, name, wanted)).collect();
        if !found.is_empty() {
            return found;
        }
        self.aliased_top_level(entry, name, wanted)
    }

    /// The top-level symbols that `name`, an alias an import of `entry`'s file binds (`zipStatic` of
    /// `import { zip as zipStatic } from './zip'`), stands for in the module it imports from.
    fn aliased_top_level(&self, entry: &Arc<FileEntry>, name: &str, wanted: fn(SymbolKind) -> bool) -> Classes {
        let resolver = Resolver::new(self.engine);
        let Some(imports) = resolver.imports_of(&entry.rel) else { return Vec::new() };
        let mut found = Vec::new();
        for (original, definers) in imports.aliases_to(name).map(|o| (o, self.definers(o).unwrap_or_default())) {
            for e in definers.iter().filter(|e| imports.alias_brings(name, original, &e.rel, &resolver)) {
                found.extend(top_level(e, original, wanted));
            }
        }
        found
    }

    /// The files of those (`keep`) defining `name` that `entry`'s imports leave possible.
    fn imported_files(
        &self,
        entry: &Arc<FileEntry>,
        name: &str,
        keep: impl Fn(&FileEntry) -> bool,
    ) -> Vec<Arc<FileEntry>> {
        let definers = self.definers(name).unwrap_or_default().into_iter().filter(|e| keep(e)).collect();
        self.imported_definers(entry, name, definers)
    }

    /// The classes a use of `name` in `entry`'s file means: the file's own (at any depth), else (also
    /// when the file has only blocks of its members, Go's methods of a type defined elsewhere) the
    /// project's top-level ones that its imports leave possible, and, for a name written `bare` (not a
    /// base class, which is kept by its last name also when written through its module:
    /// `QueryBuilder_1.QueryBuilder`), its file's scoping.
    fn imported_classes(&self, entry: &Arc<FileEntry>, name: &str, bare: bool) -> Classes {
        let key = (entry.rel.clone(), name.to_string(), bare);
        kept(&self.imported, key, || self.find_imported_classes(entry, name, bare))
    }

    fn find_imported_classes(&self, entry: &Arc<FileEntry>, name: &str, bare: bool) -> Classes {
        let local = classes(entry, entry.symbols.walk_preorder(), name);
        let blocks_only = local.iter().all(|&i| entry.symbols.get(i).is_type_block());
        let mut out: Classes = local.into_iter().map(|i| (entry.clone(), i)).collect();
        if blocks_only {
            let files = self.imported_files(entry, name, |e| e.rel != entry.rel);
            let files = self.in_scope_of_use(entry, name, files, bare);
            out.extend(files.iter().flat_map(|e| top_level(e, name, SymbolKind::can_own_members)));
        }
        out
    }

    /// The classes a use of `name` in `entry`'s file means: the file's own, else the project's top-level
    /// ones (within the searches allowed before the index is ready).
    fn classes_named(&self, entry: &Arc<FileEntry>, name: &str) -> Vec<(Arc<FileEntry>, u32)> {
        let local = classes(entry, entry.symbols.walk_preorder(), name);
        if !local.is_empty() {
            return local.into_iter().map(|i| (entry.clone(), i)).collect();
        }
        let project = self.definers(name).into_iter().flatten();
        project
            .flat_map(|e| classes(&e, e.symbols.roots.iter().copied(), name).into_iter().map(move |i| (e.clone(), i)))
            .collect()
    }

    /// The enums of the project whose variant `name` a glob in `entry`'s file brings (`One` of `use
    /// self::Seq::*;`); None when there is none.
    fn globbed_variant_enums(&self, entry: &Arc<FileEntry>, name: &str) -> Option<Classes> {
        let resolver = Resolver::new(self.engine);
        let found = resolver.imports_of(&entry.rel)?.variant_enums(name, &resolver);
        (!found.is_empty()).then_some(found)
    }

    fn entry_of(&self, rel: &str) -> Option<Arc<FileEntry>> {
        let path = self.engine.project().resolve_file(rel).ok()?;
        self.engine.index().file(&path)
    }

    /// Whether any base of class `index` of `entry`'s file has the target as its member (not only the first
    /// base that has a member of the name: a member implements the member of its name of every supertype,
    /// Rust's `impl Interval for ClassUnicodeRange` after its `impl Debug`).
    fn some_base_has_target(&self, entry: &Arc<FileEntry>, index: u32, depth: usize) -> bool {
        entry.symbols.supertype_names(index).any(|base| self.in_named(entry, base, depth + 1, false) == Found::Target)
    }

    /// The member as the bases of class `index` have it, the first base that has it winning.
    fn in_bases(&self, entry: &Arc<FileEntry>, index: u32, depth: usize) -> Found {
        for base in entry.symbols.supertype_names(index) {
            match self.in_named(entry, base, depth + 1, false) {
                Found::Absent => continue,
                decided => return decided,
            }
        }
        Found::Absent
    }

    /// The member as the classes named `name` that a use in `entry`'s file means have it: the file's own
    /// (at any depth: a test's local class), else the project's top-level ones; Unknown when there is
    /// none or they disagree (another module's class named like the target's is not the target's).
    /// `bare`: the name is written bare, not a base class (see `imported_classes`).
    fn in_named(&self, entry: &Arc<FileEntry>, name: &str, depth: usize, bare: bool) -> Found {
        if depth > MAX_DEPTH {
            return Found::Unknown;
        }
        let local = classes(entry, entry.symbols.walk_preorder(), name);
        if !local.is_empty() {
            return self.in_all(local.into_iter().map(|i| (entry, i)), depth);
        }
        kept(&self.by_name, (entry.rel.clone(), name.to_string(), bare), || self.lookup(entry, name, depth, bare))
    }

    /// The member as the project's top-level classes named `name` that a use in `from`'s file may mean
    /// have it.
    fn lookup(&self, from: &FileEntry, name: &str, depth: usize, bare: bool) -> Found {
        let Some(entries) = self.definers(name) else { return Found::Unknown };
        let entries = self.imported_definers(from, name, entries);
        let entries = self.in_scope_of_use(from, name, entries, bare);
        let classes =
            entries.iter().flat_map(|e| classes(e, e.symbols.roots.clone(), name).into_iter().map(move |i| (e, i)));
        self.in_all(classes, depth)
    }

    /// Of the files defining a class `name`, those that `from`'s imports leave possible (`from .base import
    /// Storage` rules out another module's `Storage`); none when the file imports the name from outside
    /// them (`import java.util.List;` is not the project's `List`).
    fn imported_definers(&self, from: &FileEntry, name: &str, entries: Vec<Arc<FileEntry>>) -> Vec<Arc<FileEntry>> {
        if entries.is_empty() {
            return entries;
        }
        // (made only when an answer is not kept yet)
        let (resolver, imports) = (std::cell::OnceCell::new(), std::cell::OnceCell::new());
        let ruled_out = |def_rel: &str| {
            let key = (from.rel.clone(), name.to_string(), def_rel.to_string());
            kept(&self.ruled_out, key, || {
                let resolver = resolver.get_or_init(|| Resolver::new(self.engine));
                let imports = imports.get_or_init(|| resolver.imports_of(&from.rel));
                imports.as_ref().is_some_and(|i| i.imports_other(name, def_rel, resolver))
            })
        };
        entries.into_iter().filter(|e| !ruled_out(&e.rel)).collect()
    }

    /// Of the files defining `name`, those whose definition a use of the name in `from`'s file can mean:
    /// for a name written `bare`, by the language's scoping (a Go file sees its own package's, a Java file
    /// its package's and its imports'); all of them where scoping does not say (Python), and for a base
    /// class (kept by its last name, see `imported_classes`).
    fn in_scope_of_use(
        &self,
        from: &FileEntry,
        name: &str,
        entries: Vec<Arc<FileEntry>>,
        bare: bool,
    ) -> Vec<Arc<FileEntry>> {
        if !bare || entries.is_empty() {
            return entries;
        }
        let resolver = Resolver::new(self.engine);
        let Some(imports) = resolver.imports_of(&from.rel) else { return entries };
        entries.into_iter().filter(|e| imports.bare_use(name, &e.rel, &resolver) != Verdict::Other).collect()
    }

    /// The files that may define a top-level class `name` (`find_definers`, once per name and query).
    fn definers(&self, name: &str) -> Option<Vec<Arc<FileEntry>>> {
        kept(&self.definers, name.to_string(), || self.find_definers(name))
    }

    /// The files that may define a top-level class `name`: from the index, a saved one before it is
    /// ready, or a search (at most `SEARCHES_BEFORE_INDEX` per query; None beyond).
    fn find_definers(&self, name: &str) -> Option<Vec<Arc<FileEntry>>> {
        let (Ok(pattern), Ok(root)) = (NamePattern::parse(name), self.engine.project().resolve("")) else {
            return None;
        };
        let index = self.engine.index();
        let saved = match index.is_ready() {
            true => None,
            false => index.saved_definers(name),
        };
        match saved {
            Some(entries) => Some(entries),
            None if !index.is_ready() && self.searches.fetch_add(1, Ordering::Relaxed) >= SEARCHES_BEFORE_INDEX => None,
            None => Some(index.candidates(self.engine.project(), &root, &pattern, false)),
        }
    }
}

/// The classes each of `items` gives, together; None when one of them gives none known.
fn union<T>(items: impl IntoIterator<Item = T>, mut each: impl FnMut(T) -> Option<Classes>) -> Option<Classes> {
    let mut out = Vec::new();
    for item in items {
        out.extend(each(item)?);
    }
    (!out.is_empty()).then_some(out)
}

/// The declarations and assignments of field `name` in class `class` of `e`'s file, parsed as `file`.
fn field_origins<'p>(
    file: &'p Parsed,
    e: &FileEntry,
    class: u32,
    name: &str,
) -> Option<impl Iterator<Item = &'p Origin>> {
    Some(file.locals()?.field_origins(e.symbols.own_bytes(class), name))
}

/// The symbols of `entry`'s file named `name` of a kind `wanted` at its top level or in its modules (Rust's
/// `mod tests { }`, a namespace), not in a type or a function.
fn top_level(entry: &Arc<FileEntry>, name: &str, wanted: fn(SymbolKind) -> bool) -> Classes {
    // a name never given to a symbol names none
    let Some(name) = Name::existing(name) else { return Vec::new() };
    let fs = &entry.symbols;
    let (mut out, mut stack) = (Vec::new(), fs.roots.clone());
    while let Some(i) = stack.pop() {
        let (named, kind) = fs.name_and_kind(i);
        if named == name && wanted(kind) {
            out.push((entry.clone(), i));
        }
        if matches!(kind, SymbolKind::Module | SymbolKind::Namespace) {
            stack.extend(fs.children(i).iter().copied());
        }
    }
    out.sort_by_key(|(_, i)| *i);
    out
}

/// Those of `classes` that are enums with a variant `name`; None when there is none.
fn enums_with_variant(classes: &[(Arc<FileEntry>, u32)], name: &str) -> Option<Classes> {
    let enums: Classes = classes.iter().filter(|(e, class)| e.symbols.has_variant(*class, name)).cloned().collect();
    (!enums.is_empty()).then_some(enums)
}

/// The classes (symbols that can own members) named `name` among `symbols` of `entry`'s file.
fn classes(entry: &FileEntry, symbols: impl IntoIterator<Item = u32>, name: &str) -> Vec<u32> {
    let Some(name) = Name::existing(name) else { return Vec::new() };
    let fs = &entry.symbols;
    symbols
        .into_iter()
        .filter(|&i| {
            let (named, kind) = fs.name_and_kind(i);
            named == name && kind.can_own_members()
        })
        .collect()
}

/// A query's answers so far, shared by its threads.
type Memo<K, V> = Mutex<foldhash::HashMap<K, V>>;

/// What `map` keeps for `key`, else what `work` finds (then kept).
fn kept<K: std::hash::Hash + Eq, V: Clone>(map: &Memo<K, V>, key: K, work: impl FnOnce() -> V) -> V {
    if let Some(known) = map.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
        return known.clone();
    }
    let found = work();
    map.lock().unwrap_or_else(|p| p.into_inner()).insert(key, found.clone());
    found
}

/// The package of a file where a package is a directory (Go): the directory.
fn package_of(rel: &str) -> &str {
    rel.rsplit_once('/').map_or("", |(dir, _)| dir)
}

fn is_interface(entry: &FileEntry, class: u32) -> bool {
    entry.symbols.get(class).kind == SymbolKind::Interface
}

/// Whether class `index` of `entry`'s file declares a member `name` itself.
fn declares(entry: &FileEntry, index: u32, name: &str) -> bool {
    let fs = &entry.symbols;
    fs.children(index).iter().any(|&c| fs.get(c).name == name)
}

/// The method (or other callable member) `name` that class `class` declares itself.
fn own_method(fs: &FileSymbols, class: u32, name: &str) -> Option<u32> {
    fs.children(class).iter().copied().find(|&c| fs.get(c).name == name && fs.get(c).kind.is_callable())
}

/// The qualified name `a.b.Name` a class header writes for `name` (`implements java.util.List<A>`), if any.
fn qualified_in(header: &str, name: &str) -> Option<String> {
    let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    header.match_indices(name).find_map(|(at, _)| {
        let after = header[at + name.len()..].chars().next();
        let prefix = header[..at].strip_suffix('.')?;
        let start = prefix.rfind(|c: char| !is_name(c) && c != '.').map_or(0, |i| i + 1);
        let qualifier = &prefix[start..];
        (!qualifier.is_empty() && after.is_none_or(|c| !is_name(c))).then(|| format!("{qualifier}.{name}"))
    })
}

/// What a value that is one of several (a union's) finds, from what each of them finds: the target when
/// all do; Dispatched when some reach the target (itself or dispatched: the language's server counts the use
/// for each class of the union, and renaming the target alone would break the others); the same when all
/// agree; else Unknown.
fn either(found: impl Iterator<Item = Found>) -> Found {
    let found: Vec<Found> = found.collect();
    let reaches = found.iter().any(|f| matches!(f, Found::Target | Found::Dispatched));
    match agreed(found.into_iter()) {
        Found::Target => Found::Target,
        _ if reaches => Found::Dispatched,
        found => found,
    }
}

/// What several classes of one name give: their common answer, else Unknown (also when there is none).
fn agreed(found: impl Iterator<Item = Found>) -> Found {
    let mut seen = None;
    for f in found {
        if seen.is_some_and(|s| s != f) {
            return Found::Unknown;
        }
        seen = Some(f);
    }
    seen.unwrap_or(Found::Unknown)
}

/// Whether the receiver of member use `node` has a shape the tree can type: a name, a keyword (`this`), a
/// call (`super()`, `Owner(...)`, `new Owner()`, `make()`, `a.make()`), a member of such (`self.storage`,
/// `a.b.c`), an element of such (`a.items[0]`); not an operator (`(a + b).name`). A member of an object
/// literal (`{ next }`) may be typed by where the literal is written.
pub fn receiver_may_be_typed(lang: &Language, node: Node, text: &str) -> bool {
    literal_of(node).is_some() || object_of(node).is_some_and(|r| shape(lang, r, text).is_some())
}

/// The shapes of expression the tree can type.
enum Shape<'t> {
    /// A name or a keyword (`this`).
    Leaf,
    /// `new Owner()`: the class it makes, when the locals query names it.
    Constructor,
    /// `(x)`, `x!`: the value it wraps.
    Wrapper,
    /// `c ? a : b`, `a if c else b`: one of its two branches.
    Choice(Node<'t>, Node<'t>),
    /// `x as Owner`, `<Owner>x`, `(Owner) x`.
    Cast,
    /// A call of the function or method of this name.
    Call(Node<'t>),
    /// An element of this collection (`xs[i]`).
    Index(Node<'t>),
    /// A list literal, of this first element.
    List(Node<'t>),
    /// The member of this name of a value.
    Member(Node<'t>),
}

/// The shape of expression `r`, when the tree can type it.
fn shape<'t>(lang: &Language, r: Node<'t>, text: &str) -> Option<Shape<'t>> {
    let kind = r.kind();
    if r.child_count() == 0 {
        Some(Shape::Leaf)
    } else if ["new", "creation"].iter().any(|k| kind.contains(k)) {
        Some(Shape::Constructor)
    } else if WRAPPERS.contains(&kind) {
        Some(Shape::Wrapper)
    } else if BRANCHES.contains(&kind) {
        let branch = |field: &str, i: u32| r.child_by_field_name(field).or_else(|| r.named_child(i));
        Some(Shape::Choice(branch("consequence", 0)?, branch("alternative", 2)?))
    } else if CASTS.contains(&kind) {
        Some(Shape::Cast)
    } else if INDEXES.contains(&kind) {
        r.named_child(0).map(Shape::Index)
    } else if LISTS.contains(&kind) {
        list_items(r).first().copied().map(Shape::List)
    } else if kind == MACRO_ARGUMENTS {
        // a call inside a macro's arguments, which the grammar leaves as tokens: `name` then `(...)`
        let callee = r.prev_sibling().filter(|p| lang.entry.identifier_nodes.iter().any(|k| k == p.kind()));
        callee.map(Shape::Call)
    } else {
        callee_of(lang, r, text).map(Shape::Call).or_else(|| member_of(lang, r, text).map(Shape::Member))
    }
}

/// The type a cast names (`x as Owner`, `(Owner) x`, `<Owner>x`: the type arguments' one type; Go's
/// `x.(*pkg.Owner)`).
fn cast_type(lang: &Language, r: Node, text: &str) -> Option<TypeRef> {
    let cast = r.child_by_field_name("type").or_else(|| r.named_child(1).filter(|_| r.kind() != "type_assertion"));
    let written = |t: Node| text[t.byte_range()].strip_prefix('<').and_then(|t| t.strip_suffix('>'));
    match cast {
        Some(t) => declared_type(lang, &text[t.byte_range()]),
        None => r.named_child(0).and_then(|t| declared_type(lang, written(t)?)),
    }
}

/// The member's name of `object.name` (`object->name`, `Type::name`, `object?.name`) when `node` is one.
fn member_of<'t>(lang: &Language, node: Node<'t>, text: &str) -> Option<Node<'t>> {
    let name = node.named_child(node.named_child_count().checked_sub(1)? as u32)?;
    let object = object_of(name)?;
    let member = object.prev_named_sibling().is_none() && name.child_count() == 0 && is_member_use(lang, &name, text);
    member.then_some(name)
}

/// What member name `name` is a member of: the named node before it, past an optional chain (`?.`).
fn object_of(name: Node) -> Option<Node> {
    let mut object = name.prev_named_sibling()?;
    while object.kind() == "optional_chain" {
        object = object.prev_named_sibling()?;
    }
    Some(object)
}

/// The name a call calls (`make` in `make(x)`, `a.make(x)`, `Owner::make(x)`) when `node` is a call.
fn callee_of<'t>(lang: &Language, node: Node<'t>, text: &str) -> Option<Node<'t>> {
    if !["call", "invocation"].iter().any(|k| node.kind().contains(k)) {
        return None;
    }
    let function = node.child_by_field_name("function").or_else(|| node.child_by_field_name("name"))?;
    match function.child_count() {
        0 => Some(function),
        _ => member_of(lang, function, text),
    }
}

/// The type of `object.attribute` when the object is the instance a method runs on (`self`, `this`) and
/// every assignment of the attribute in that class shows the same type (`self.storage = Storage()`).
fn field_type<'l>(
    locals: &'l Locals,
    entry: &FileEntry,
    object: Node,
    attribute: &str,
    text: &str,
) -> Option<&'l TypeRef> {
    let receiver = |n: Node| locals.resolve(n, &text[n.byte_range()]).is_some_and(|b| b.kind == BindingKind::Receiver);
    let on_instance = match locals.is_receiver_keyword(object) {
        true => {
            entry.lang.entry.unbound_this_functions.is_empty()
                || !this_function(object).is_some_and(|f| binds_this_per_call(entry.lang, f))
        }
        false => object.child_count() == 0 && receiver(object),
    };
    let class = entry.symbols.innermost_type_at(object.start_byte()).filter(|_| on_instance)?;
    locals.declared_field(&entry.symbols.own_bytes(class), attribute)
}

/// The class the receiver of member use `node` (the member's name in `receiver.name`) in `entry`'s file
/// is known to be. The receiver of a member of an object literal (`next` in `{ next: f }`, `{ next }`,
/// `{ next() {} }`) is the literal, of the type it is written as.
pub fn receiver_type(locals: &Locals, entry: &FileEntry, node: Node, text: &str) -> ReceiverType {
    let receivers = Receivers { locals, entry, text };
    if let Some(object) = literal_of(node) {
        return receivers.literal_type(object, 0);
    }
    match object_of(node).filter(|r| shape(entry.lang, *r, text).is_some()) {
        Some(receiver) => receivers.type_of(receiver, 0),
        None => ReceiverType::Unknown,
    }
}

/// The object literal whose member `name` names (a pair's key, a shorthand property, a method), when
/// it is one.
fn literal_of(name: Node) -> Option<Node> {
    let parent = name.parent()?;
    let member = match parent.kind() {
        "pair" if parent.child_by_field_name("key") == Some(name) => parent,
        "method_definition" if parent.child_by_field_name("name") == Some(name) => parent,
        _ if name.kind() == "shorthand_property_identifier" => name,
        _ => return None,
    };
    member.parent().filter(|object| OBJECTS.contains(&object.kind()))
}

/// What types one file's receiver expressions.
struct Receivers<'a> {
    locals: &'a Locals,
    entry: &'a FileEntry,
    text: &'a str,
}

impl Receivers<'_> {
    /// The type of expression `r`, as far as the file shows it.
    fn type_of(&self, r: Node, depth: usize) -> ReceiverType {
        let (locals, entry, text, lang) = (self.locals, self.entry, self.text, self.entry.lang);
        let class_at = |byte| entry.symbols.innermost_type_at(byte);
        if depth > MAX_CHAIN {
            return ReceiverType::Unknown;
        }
        if locals.is_receiver_keyword(r) {
            let function = this_function(r);
            let declared = function.and_then(this_parameter).and_then(|t| declared_type(lang, &text[t.byte_range()]));
            if let Some(declared) = declared {
                return ReceiverType::declared(&declared);
            }
            if function.is_some_and(|f| binds_this_per_call(lang, f)) {
                return ReceiverType::Unknown;
            }
            return class_at(r.start_byte()).map_or(ReceiverType::Unknown, ReceiverType::Class);
        }
        if let Some(class) = locals.instance_type(r) {
            return ReceiverType::declared(class);
        }
        if locals.is_super(r) {
            return class_at(r.start_byte()).map_or(ReceiverType::Unknown, ReceiverType::Bases);
        }
        let name = |r: Node| lang.entry.identifier_nodes.iter().any(|k| k == r.kind());
        match shape(lang, r, text) {
            Some(Shape::Leaf) if name(r) => self.name_type(r, depth),
            Some(Shape::Wrapper) => {
                let inner = r.child_by_field_name("value").or_else(|| r.named_child(0));
                inner.map_or(ReceiverType::Unknown, |inner| self.type_of(inner, depth + 1))
            }
            Some(Shape::Choice(a, b)) => {
                ReceiverType::Union(vec![self.type_of(a, depth + 1), self.type_of(b, depth + 1)])
            }
            Some(Shape::Index(collection)) => self.type_of(collection, depth + 1).indexed(),
            Some(Shape::List(first)) => self.type_of(first, depth + 1).list_of(),
            Some(Shape::Cast) => {
                cast_type(self.entry.lang, r, text).map_or(ReceiverType::Unknown, |t| ReceiverType::declared(&t))
            }
            Some(Shape::Call(callee)) => self.returned(callee, depth),
            Some(Shape::Member(member)) => self.member_type(member, depth),
            Some(Shape::Leaf | Shape::Constructor) | None => ReceiverType::Unknown,
        }
    }

    /// The type of member `name` of a value (`object.name`): the field's type its class declares.
    fn member_type(&self, name: Node, depth: usize) -> ReceiverType {
        let Some(object) = object_of(name) else { return ReceiverType::Unknown };
        self.property_type(object, &self.text[name.byte_range()], depth)
    }

    /// The type of property `attribute` of `object`'s value: the field's type its class declares; of a
    /// Rust module path's item (`crate::hir::print::Printer`), the class it names there.
    fn property_type(&self, object: Node, attribute: &str, depth: usize) -> ReceiverType {
        if let Some(path) = module_path(object, self.text) {
            return ReceiverType::Qualified(path.to_string(), attribute.to_string());
        }
        if let Some(declared) = field_type(self.locals, self.entry, object, attribute, self.text) {
            return self.bounded(ReceiverType::declared(declared), object);
        }
        // `Owner.prototype`: an instance's shape, whose members are Owner's
        if self.entry.lang.entry.instance_properties.iter().any(|p| p == attribute) {
            return self.type_of(object, depth + 1);
        }
        match self.type_of(object, depth + 1) {
            ReceiverType::Unknown => ReceiverType::Unknown,
            owner => ReceiverType::Field(Box::new(owner), attribute.to_string()),
        }
    }

    /// The type of the value name `r` stands for.
    fn name_type(&self, r: Node, depth: usize) -> ReceiverType {
        let (locals, entry, text) = (self.locals, self.entry, self.text);
        let name = &text[r.byte_range()];
        let class_at = |byte| entry.symbols.innermost_type_at(byte);
        // Rust's `Self` (`Self::default()`): the type of the impl block or trait around
        if name == "Self"
            && let Some(block) = class_at(r.start_byte())
        {
            return ReceiverType::Named(entry.symbols.get(block).name.to_string());
        }
        match locals.resolve(r, name) {
            // the class the method is in, else the type the receiver declares (a Go method in another file
            // than its type)
            Some(b) if b.kind == BindingKind::Receiver => match class_at(b.def.start) {
                Some(class) => ReceiverType::Class(class),
                None => self.origin_type(&b.origin, name, root_of(r), depth),
            },
            // a module (`const m = require('./m')`) or a name imported inside a function: named directly
            Some(b) if b.kind == BindingKind::Import => ReceiverType::Named(name.to_string()),
            Some(b) if !b.origin.is_unknown() => self.bounded(self.origin_type(&b.origin, name, root_of(r), depth), r),
            Some(b) if b.kind == BindingKind::Local && b.scope.is_some() => {
                let def = root_of(r).descendant_for_byte_range(b.def.start, b.def.end);
                let typed = |d: Node| self.callback(d, depth).or_else(|| self.variant_field(d));
                def.and_then(typed).unwrap_or(ReceiverType::Unknown)
            }
            // a field of the enclosing class, or of a class around it (an inner class sees its outer
            // class's), where members are used bare (Java's `parser.parse()`)
            None if entry.lang.entry.member_calls == MemberCalls::Implicit => {
                let fs = &entry.symbols;
                let mut class = class_at(r.start_byte());
                while let Some(c) = class {
                    if let Some(declared) = locals.declared_field(&fs.own_bytes(c), name) {
                        return self.bounded(ReceiverType::declared(declared), r);
                    }
                    class = fs.enclosing_type(c);
                }
                ReceiverType::Named(name.to_string())
            }
            // imported, defined at the top level, or not bound in the file: a class named directly (`Owner.method`)
            _ => ReceiverType::Named(name.to_string()),
        }
    }

    /// The type of a value named `name` bound in this file (whose tree has root `root`), from where the
    /// tree shows it comes: its declared type, the expression it is given, an element of the collection
    /// a loop takes it from, the property of its name of a value destructured.
    fn origin_type(&self, origin: &Origin, name: &str, root: Node, depth: usize) -> ReceiverType {
        let node = |range: &std::ops::Range<usize>| root.descendant_for_byte_range(range.start, range.end);
        let typed = |range: &std::ops::Range<usize>, how: &dyn Fn(Node) -> ReceiverType| {
            node(range).map_or(ReceiverType::Unknown, how)
        };
        match origin {
            Origin { declared: Some(t), .. } => ReceiverType::declared(t),
            Origin { value: Some(v), .. } => typed(v, &|v| self.type_of(v, depth + 1)),
            Origin { iterated: Some(c), .. } => typed(c, &|c| self.type_of(c, depth + 1).element()),
            Origin { destructured: Some(o), .. } => typed(o, &|o| self.property_type(o, name, depth + 1)),
            _ => ReceiverType::Unknown,
        }
    }

    /// A type named after a type parameter of a generic around `at` (`V` of Rust's `fn walk<V: Visitor>`
    /// or `where V: Visitor`, `T` of `<T extends Owner>`): the first type its bound names; any other type
    /// as it is.
    fn bounded(&self, t: ReceiverType, at: Node) -> ReceiverType {
        let ReceiverType::Named(name) = &t else { return t };
        let named = |p: &Node| {
            let written =
                p.child_by_field_name("name").or_else(|| p.child_by_field_name("left")).or_else(|| p.named_child(0));
            written.is_some_and(|w| self.text[w.byte_range()] == *name)
        };
        let mut around = at.parent();
        while let Some(n) = around {
            around = n.parent();
            // only a generic declares type parameters (and a `where` clause names only those)
            if n.child_by_field_name("type_parameters").is_none() {
                continue;
            }
            let mut cursor = n.walk();
            let lists = n.children(&mut cursor).filter(|c| GENERIC_PARAMETERS.contains(&c.kind()));
            let parameters: Vec<Node> = lists
                .flat_map(|l| {
                    let mut cursor = l.walk();
                    l.named_children(&mut cursor).collect::<Vec<_>>()
                })
                .filter(named)
                .collect();
            // the generic that declares it: its bound there or in a `where` clause
            if !parameters.is_empty() {
                let first = parameters.iter().find_map(|p| bound_of(*p)).and_then(|b| b.named_child(0));
                let first =
                    first.map(|f| if f.kind() == "intersection_type" { f.named_child(0).unwrap_or(f) } else { f });
                return match first.and_then(|f| declared_type(self.entry.lang, &self.text[f.byte_range()])) {
                    Some(declared) => ReceiverType::declared(&declared),
                    None => t,
                };
            }
        }
        t
    }

    /// The type of parameter `def` of a function passed as an argument (`subscriber` in `operate((source,
    /// subscriber) => ...)`): what the called function declares for it.
    fn callback(&self, def: Node, depth: usize) -> Option<ReceiverType> {
        let mut function = def.parent()?;
        for _ in 0..3 {
            if is_function_like(function.kind()) {
                break;
            }
            function = function.parent()?;
        }
        let parameter = match function.child_by_field_name("parameters") {
            _ if function.child_by_field_name("parameter") == Some(def) => 0,
            Some(list) => {
                let mut param = def;
                while param.parent()? != list {
                    param = param.parent().filter(|p| *p != function)?;
                }
                position(list, param)?
            }
            None => return None,
        };
        if let Some(local) = self.local_callback(function, parameter) {
            return local;
        }
        let argument = self.argument(function, depth)?;
        Some(ReceiverType::Callback(Box::new(Callback { parameter: Some(parameter), ..argument })))
    }

    /// The type a function of an enclosing scope (a nested `function each(cb: (o: Owner) => void)`, a
    /// `const notify = (cb: ...) => ...`) declares for parameter `parameter` of the function `value`
    /// passed to it: Some(None) when it declares none, or the callee is bound there to something else (a
    /// parameter); None when the callee is not bound in an enclosing scope.
    fn local_callback(&self, value: Node, parameter: usize) -> Option<Option<ReceiverType>> {
        let (call, argument) = call_of(value)?;
        let callee = callee_of(self.entry.lang, call, self.text)?;
        let function = self.local_function(callee)?;
        let declared = function.and_then(|f| parameter_type(f, argument)).and_then(|d| parameter_type(d, parameter));
        let declared = declared.and_then(|d| declared_type(self.entry.lang, &self.text[d.byte_range()]));
        Some(declared.map(|t| ReceiverType::declared(&t)))
    }

    /// The signature of the function bare callee `callee` is bound to in an enclosing scope (not the
    /// module's): a nested function, a variable's function value, a parameter's function type (`factory:
    /// () => Owner`). Some(None) when it is bound there to something else; None when it is not bound in
    /// an enclosing scope.
    fn local_function<'t>(&self, callee: Node<'t>) -> Option<Option<Node<'t>>> {
        if is_member_use(self.entry.lang, &callee, self.text) {
            return None;
        }
        let binding = self.locals.resolve(callee, &self.text[callee.byte_range()]).filter(|b| b.scope.is_some())?;
        let def = root_of(callee).descendant_for_byte_range(binding.def.start, binding.def.end);
        Some(def.and_then(|d| d.parent()).and_then(signature))
    }

    /// What a call of bare callee `callee` bound in an enclosing scope returns, as its signature there
    /// declares it (`local_function`), Unknown when it is bound there to something else; None when it is
    /// not bound in an enclosing scope, or is a function that declares no return type (its `return`s
    /// tell, as any function's).
    fn local_returned(&self, callee: Node) -> Option<ReceiverType> {
        let Some(function) = self.local_function(callee)? else { return Some(ReceiverType::Unknown) };
        let fields = &self.entry.lang.entry.return_type_fields;
        let written = fields.iter().find_map(|r| function.child_by_field_name(r))?;
        declared_type(self.entry.lang, &self.text[written.byte_range()]).map(|t| ReceiverType::declared(&t))
    }

    /// The argument `value` is, or is a branch of (`cond ? (s) => ... : (s) => ...`): its call's callee and
    /// the callee's owner type, and its position (the parameter left None). None for a call of a function
    /// bound in an enclosing scope (not the module's function of its name).
    fn argument(&self, value: Node, depth: usize) -> Option<Callback> {
        let (call, argument) = call_of(value)?;
        let (owner, callee) = match self.locals.instance_type(call) {
            // `new Owner(callback)`: the class's constructor
            Some(class) => (Some(ReceiverType::declared(class)), CONSTRUCTOR.to_string()),
            None => {
                let callee = callee_of(self.entry.lang, call, self.text)?;
                if self.local_function(callee).is_some() {
                    return None;
                }
                (self.call_owner(callee, depth)?, self.text[callee.byte_range()].to_string())
            }
        };
        Some(Callback { owner, callee, argument, parameter: None })
    }

    /// The type object literal `object` is written as, from where it is written: a cast (`{...} as
    /// Owner`), a variable declared with a type, an assignment to a typed value, an argument of a
    /// parameter the called function declares a type for.
    fn literal_type(&self, object: Node, depth: usize) -> ReceiverType {
        let mut value = object;
        while let Some(p) = value.parent().filter(|p| CHOICES.contains(&p.kind())) {
            value = p;
        }
        let Some(parent) = value.parent() else { return ReceiverType::Unknown };
        let is = |field: &str| parent.child_by_field_name(field) == Some(value);
        let written = |t: Node| declared_type(self.entry.lang, &self.text[t.byte_range()]);
        let declared = |t: Option<TypeRef>| t.map_or(ReceiverType::Unknown, |t| ReceiverType::declared(&t));
        match parent.kind() {
            kind if CASTS.contains(&kind) => declared(cast_type(self.entry.lang, parent, self.text)),
            "variable_declarator" if is("value") => declared(parent.child_by_field_name("type").and_then(written)),
            "assignment_expression" if is("right") => match parent.child_by_field_name("left") {
                Some(left) => self.type_of(left, depth + 1),
                None => ReceiverType::Unknown,
            },
            _ => match self.argument(value, depth) {
                Some(argument) => ReceiverType::Callback(Box::new(argument)),
                None => ReceiverType::Unknown,
            },
        }
    }

    /// The type of a name a tuple variant's pattern binds (`x` in Rust's `Class::Bytes(ref x)`, `Self::Bytes(x)`):
    /// the variant's field there, of the enum the pattern's path names.
    fn variant_field(&self, def: Node) -> Option<ReceiverType> {
        let mut field = def;
        while let Some(p) = field.parent().filter(|p| PATTERN_WRAPPERS.contains(&p.kind())) {
            field = p;
        }
        let pattern = field.parent().filter(|p| p.kind() == TUPLE_VARIANT_PATTERN)?;
        let path = pattern.child_by_field_name("type")?;
        let (owner, variant) = (path.child_by_field_name("path")?, path.child_by_field_name("name")?);
        // the fields before it, `_` among them; none after a `..`
        let mut cursor = pattern.walk();
        let fields: Vec<Node> =
            pattern.children(&mut cursor).filter(|c| *c != path && !matches!(c.kind(), "(" | ")" | ",")).collect();
        let position = fields.iter().position(|c| *c == field)?;
        if fields[..position].iter().any(|c| c.kind() == "remaining_field_pattern") {
            return None;
        }
        let owner = match &self.text[owner.byte_range()] {
            // the enum the impl block around is of
            "Self" => {
                let fs = &self.entry.symbols;
                let block = fs.innermost_type_at(pattern.start_byte())?;
                ReceiverType::Named(fs.get(block).name.to_string())
            }
            written => ReceiverType::declared(&declared_type(self.entry.lang, written)?),
        };
        let variant = self.text[variant.byte_range()].to_string();
        Some(ReceiverType::VariantField(Box::new(owner), variant, position))
    }

    /// The type of what calling `callee` returns: a method's of the receiver's type (an element of a
    /// collection for its `element_methods`, `xs.pop()`; what holds its elements for its `holding_methods`,
    /// Rust's `xs.iter()`), else a function's.
    fn returned(&self, callee: Node, depth: usize) -> ReceiverType {
        let name = &self.text[callee.byte_range()];
        let listed = |methods: &[String]| methods.iter().any(|m| m == name);
        let entry = &self.entry.lang.entry;
        if let Some(local) = self.local_returned(callee) {
            return local;
        }
        let collection = collection_call(self.entry.lang, name);
        match self.call_owner(callee, depth) {
            Some(Some(owner @ ReceiverType::Collection(..))) if collection == Some(1) => owner.element(),
            Some(Some(owner @ ReceiverType::Collection(..))) if collection == Some(0) => owner,
            Some(Some(owner @ ReceiverType::Map(_))) if listed(&entry.map_value_methods) => owner.indexed(),
            Some(Some(owner)) if listed(&entry.self_type_methods) => owner,
            Some(owner) => ReceiverType::Returned(owner.map(Box::new), name.to_string()),
            None => ReceiverType::Unknown,
        }
    }

    /// The class a bare call of `callee` calls a method of, where members are called bare (Java's `make()`
    /// inside a class that has a method `make`): the enclosing class, when it has one of the name itself.
    fn own_method_owner(&self, callee: Node) -> Option<ReceiverType> {
        let (lang, fs) = (self.entry.lang, &self.entry.symbols);
        if lang.entry.member_calls != MemberCalls::Implicit {
            return None;
        }
        let class = fs.innermost_type_at(callee.start_byte())?;
        let name = &self.text[callee.byte_range()];
        own_method(fs, class, name).map(|_| ReceiverType::Class(class))
    }

    /// The type of the receiver a call of `callee` is made on: None when it has one of unknown type, Some(None)
    /// when it has none (`make()`), or the enclosing class when it calls the class's own method bare.
    fn call_owner(&self, callee: Node, depth: usize) -> Option<Option<ReceiverType>> {
        if !is_member_use(self.entry.lang, &callee, self.text) {
            return Some(self.own_method_owner(callee));
        }
        let owner = self.type_of(object_of(callee)?, depth + 1);
        (owner != ReceiverType::Unknown).then_some(Some(owner))
    }
}

/// A Rust path of modules written before `::` (`crate`, `crate::hir::print`, `super::ast`, `regex_syntax`):
/// it names a module, never a value.
fn module_path<'t>(object: Node, text: &'t str) -> Option<&'t str> {
    let in_path = object.parent().is_some_and(|p| p.kind().starts_with("scoped_"));
    let path = &text[object.byte_range()];
    let module = |segment: &str| {
        matches!(segment, "crate" | "self" | "super") || segment.starts_with(|c: char| c.is_lowercase() || c == '_')
    };
    (in_path && path.split("::").all(module)).then_some(path)
}

/// The call whose argument `value` is, or is a branch of (`cond ? (s) => ... : (s) => ...`), and its position
/// among the arguments.
fn call_of(value: Node) -> Option<(Node, usize)> {
    let mut passed = value;
    while let Some(p) = passed.parent().filter(|p| CHOICES.contains(&p.kind())) {
        passed = p;
    }
    let arguments = passed.parent()?;
    let call = arguments.parent().filter(|c| c.child_by_field_name("arguments") == Some(arguments))?;
    Some((call, position(arguments, passed)?))
}

/// How many collection layers down a call of method `name` on a collection takes: 1 for the language's
/// `element_methods` (`pop`, Rust's `unwrap`), 0 for its `holding_methods` (Rust's `iter`, `pop`: an
/// iterator or `Option` over the elements); None for another method.
fn collection_call(lang: &Language, name: &str) -> Option<u8> {
    let listed = |methods: &[String]| methods.iter().any(|m| m == name);
    match (listed(&lang.entry.element_methods), listed(&lang.entry.holding_methods)) {
        (true, _) => Some(1),
        (false, true) => Some(0),
        (false, false) => None,
    }
}

/// Whether a node kind is a function (a declaration, an expression, a lambda, an arrow, a closure), not
/// one's parameter list (Rust's `closure_parameters`, Python's `lambda_parameters`).
fn is_function_like(kind: &str) -> bool {
    ["function", "lambda", "arrow", "closure", "method"].iter().any(|k| kind.contains(k))
        && !kind.ends_with("parameters")
}

/// The type `function` (the one a `this` keyword is of, `this_function`) declares for `this` (TypeScript's
/// `function (this: Owner) { this.add() }`), when its first parameter is `this` with a type; None
/// otherwise (a method's `this` is its class's).
fn this_parameter(function: Node) -> Option<Node> {
    let first = function.child_by_field_name("parameters")?.named_child(0)?;
    first.child_by_field_name("pattern").filter(|p| p.kind() == "this")?;
    first.child_by_field_name("type")
}

/// The function whose `this` the keyword `this` is: the nearest enclosing function that is not an arrow
/// function (those see their enclosing function's).
fn this_function(this: Node) -> Option<Node> {
    let mut at = this.parent()?;
    while !is_function_like(at.kind()) || at.kind() == "arrow_function" {
        at = at.parent()?;
    }
    Some(at)
}

/// Whether `this` in `function` (the one a `this` keyword is of, `this_function`) is the value it was
/// called on rather than an instance of the class around it: a function the language binds `this` for at
/// each call (`unbound_this_functions`, JavaScript's `function` expressions inside a method), not a method.
fn binds_this_per_call(lang: &Language, function: Node) -> bool {
    lang.entry.unbound_this_functions.iter().any(|k| k == function.kind())
}

/// The place of `node` among the named children of `list`, comments left out.
fn position(list: Node, node: Node) -> Option<usize> {
    list_items(list).iter().position(|c| c.id() == node.id())
}

/// The root of the tree `node` is in.
fn root_of(node: Node) -> Node {
    let mut at = node;
    while let Some(parent) = at.parent() {
        at = parent;
    }
    at
}
