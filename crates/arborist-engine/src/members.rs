//! Member typing for heuristic references: the class a `receiver.member` use's receiver is known to be from
//! the tree (a method's `self`/`cls`, `this`, `super()`, a local assigned from a constructor call, an
//! annotated parameter or variable, a class named directly), and whether that class's member of the name is
//! the target (the target's class, or a project subclass that inherits it), another symbol, or unknown.

use crate::engine::Engine;
use crate::index::FileEntry;
use arborist_syntax::locals::{BindingKind, Locals};
use arborist_syntax::symbols::NamePattern;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use tree_sitter::Node;

/// What a member use is, as far as the tree shows its receiver's type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Typing {
    /// The receiver's class is the target's class or inherits the target from it.
    Target,
    /// The receiver's class has another member of that name.
    Other,
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
    /// No member of that name in a hierarchy known to its roots.
    Absent,
    /// Some base class is not in the project (or the lookup went too deep).
    Unknown,
}

/// Bases are followed this many levels up.
const MAX_DEPTH: usize = 12;

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
    by_name: Mutex<HashMap<String, Found>>,
    searches: AtomicUsize,
}

/// The class a member use's receiver is, as far as its file's tree shows: a class symbol of that file,
/// or a class known by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReceiverType {
    Class(u32),
    /// `super()` inside this class of the file: its bases.
    Bases(u32),
    Named(String),
    Unknown,
}

impl<'e> Hierarchy<'e> {
    /// The hierarchy question for `member` of the class symbol `owner` in `owner_rel`.
    pub fn new(engine: &'e Engine, owner_rel: &'e str, owner: u32, member: &'e str) -> Self {
        let by_name = Mutex::new(HashMap::new());
        Hierarchy { engine, owner_rel, owner, member, by_name, searches: AtomicUsize::new(0) }
    }

    /// The typing of a member use in `entry`'s file whose receiver is `receiver`.
    pub fn typing(&self, entry: &FileEntry, receiver: &ReceiverType) -> Typing {
        let found = match receiver {
            ReceiverType::Class(i) => self.in_class(entry, *i, 0),
            ReceiverType::Bases(i) => self.in_bases(entry, *i, 0),
            ReceiverType::Named(name) => self.in_named(entry, name, 0),
            ReceiverType::Unknown => Found::Unknown,
        };
        match found {
            Found::Target => Typing::Target,
            Found::OtherMember => Typing::Other,
            // a class without the member may get it at run time (a mixin's partner, `__getattr__`)
            Found::Absent | Found::Unknown => Typing::Unknown,
        }
    }

    /// The member as class `index` of `entry` has it: its own, else its bases'.
    fn in_class(&self, entry: &FileEntry, index: u32, depth: usize) -> Found {
        if entry.rel == self.owner_rel && index == self.owner {
            return Found::Target;
        }
        let fs = &entry.symbols;
        if fs.get(index).children.iter().any(|&c| fs.get(c).name == self.member) {
            return Found::OtherMember;
        }
        self.in_bases(entry, index, depth)
    }

    /// The member as the bases of class `index` have it, the first base that has it winning.
    fn in_bases(&self, entry: &FileEntry, index: u32, depth: usize) -> Found {
        let bases = entry.symbols.supertypes.iter().filter(|(owner, _)| *owner == index);
        for (_, base) in bases {
            match self.in_named(entry, base, depth + 1) {
                Found::Absent => continue,
                decided => return decided,
            }
        }
        Found::Absent
    }

    /// The member as the classes named `name` that a use in `entry`'s file means have it: the file's own
    /// (at any depth: a test's local class), else the project's top-level ones; Unknown when there is
    /// none or they disagree (another module's class named like the target's is not the target's).
    fn in_named(&self, entry: &FileEntry, name: &str, depth: usize) -> Found {
        if depth > MAX_DEPTH {
            return Found::Unknown;
        }
        let fs = &entry.symbols;
        let local: Vec<u32> =
            fs.preorder().into_iter().filter(|&i| fs.get(i).name == name && fs.get(i).kind.is_type_like()).collect();
        if !local.is_empty() {
            return agreed(local.into_iter().map(|i| self.in_class(entry, i, depth)));
        }
        if let Some(&found) = self.by_name.lock().unwrap_or_else(|e| e.into_inner()).get(name) {
            return found;
        }
        let found = self.lookup(name, depth);
        self.by_name.lock().unwrap_or_else(|e| e.into_inner()).insert(name.to_string(), found);
        found
    }

    fn lookup(&self, name: &str, depth: usize) -> Found {
        let (Ok(pattern), Ok(root)) = (NamePattern::parse(name), self.engine.project().resolve("")) else {
            return Found::Unknown;
        };
        let index = self.engine.index();
        let saved = match index.is_ready() {
            true => None,
            false => index.saved_definers(name),
        };
        let entries = match saved {
            Some(entries) => entries,
            None if !index.is_ready() && self.searches.fetch_add(1, Ordering::Relaxed) >= SEARCHES_BEFORE_INDEX => {
                return Found::Unknown;
            }
            None => index.candidates(self.engine.project(), &root, &pattern, false),
        };
        agreed(entries.iter().flat_map(|entry| {
            let fs = &entry.symbols;
            let roots = fs.roots.iter().copied().filter(|&i| fs.get(i).name == name && fs.get(i).kind.is_type_like());
            roots.map(|i| self.in_class(entry, i, depth)).collect::<Vec<_>>()
        }))
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
/// call (`super()`, `Owner(...)`, `new Owner()`); not an attribute chain or an index (`a.b.name`).
pub fn receiver_may_be_typed(node: Node) -> bool {
    let call = |kind: &str| ["call", "new", "creation"].iter().any(|k| kind.contains(k));
    node.prev_named_sibling().is_some_and(|r| r.child_count() == 0 || call(r.kind()))
}

/// The class the receiver of member use `node` (the member's name in `receiver.name`) in `entry`'s file
/// is known to be.
pub fn receiver_type(locals: &Locals, entry: &FileEntry, node: Node, text: &str) -> ReceiverType {
    let Some(r) = node.prev_named_sibling().filter(|_| receiver_may_be_typed(node)) else {
        return ReceiverType::Unknown;
    };
    let class_at = |byte| entry.symbols.innermost_type_at(byte);
    if locals.is_receiver_keyword(r) {
        return class_at(r.start_byte()).map_or(ReceiverType::Unknown, ReceiverType::Class);
    }
    if let Some(class) = locals.instance_type(r) {
        return ReceiverType::Named(class.to_string());
    }
    if locals.is_super(r) {
        return class_at(r.start_byte()).map_or(ReceiverType::Unknown, ReceiverType::Bases);
    }
    if r.child_count() > 0 || !entry.lang.entry.identifier_nodes.iter().any(|k| k == r.kind()) {
        return ReceiverType::Unknown;
    }
    let name = &text[r.byte_range()];
    match locals.resolve(r, name) {
        Some(b) if b.kind == BindingKind::Receiver => {
            class_at(b.def.start).map_or(ReceiverType::Unknown, ReceiverType::Class)
        }
        Some(b) if b.type_name.is_some() => ReceiverType::Named(b.type_name.clone().unwrap_or_default()),
        Some(b) if b.kind == BindingKind::Local && b.scope.is_some() => ReceiverType::Unknown,
        // imported, defined at the top level, or not bound in the file: a class named directly (`Owner.method`)
        _ => ReceiverType::Named(name.to_string()),
    }
}
