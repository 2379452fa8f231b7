//! What a project's definitions declare about the types of values, read from the defining file's tree: the
//! class a function or method says it returns (`-> Owner`, `func New() *Owner`, `Owner make()`), the
//! class it gives a parameter of a callback it takes, and the class a field is declared or assigned as.
//! Each file is parsed once per reference query; the answers are kept across queries, by the content
//! hash of the file they were read from.

use crate::engine::Engine;
use crate::index::FileEntry;
use crate::members::ReceiverType;
use crate::project::ProjectPath;
use arborist_syntax::language::Language;
use arborist_syntax::locals::{Locals, TypeRef, declared_type};
use arborist_syntax::symbols::Symbol;
use arborist_syntax::syntax::{list_items, parse_within};
use arborist_syntax::text::ContentHash;
use std::collections::HashMap;
use std::hash::Hash;
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};
use tree_sitter::{Node, Tree};

/// One defining file, parsed at the version its index entry describes.
pub struct Parsed {
    pub text: Arc<str>,
    tree: Tree,
    lang: &'static Language,
    locals: OnceLock<Option<Locals>>,
}

impl Parsed {
    /// The file's scopes and bindings (worked out on first use).
    pub fn locals(&self) -> Option<&Locals> {
        self.locals.get_or_init(|| Locals::of(self.lang, &self.tree, &self.text)).as_ref()
    }

    /// The tree's root node.
    pub fn root(&self) -> Node<'_> {
        self.tree.root_node()
    }

    /// The node of a symbol's definition.
    pub fn definition(&self, symbol: &Symbol) -> Option<Node<'_>> {
        let (start, end) = (symbol.range.start as usize, symbol.range.end as usize);
        self.tree.root_node().descendant_for_byte_range(start, end)
    }

    /// The function a function symbol defines: its definition, or the function a variable is declared
    /// with (`const notify = (cb: (o: Observer) => void) => ...`, whose symbol is the declaration).
    pub fn function(&self, symbol: &Symbol) -> Option<Node<'_>> {
        let definition = self.definition(symbol)?;
        let declarator = [Some(definition), definition.named_child(0)].into_iter().flatten();
        Some(declarator.filter_map(signature).next().unwrap_or(definition))
    }

    /// The node spanning exactly `range`, or the smallest one around it.
    pub fn node_at(&self, range: Range<usize>) -> Option<Node<'_>> {
        self.tree.root_node().descendant_for_byte_range(range.start, range.end)
    }
}

/// What is asked of a definition (a symbol, by its position in its file's symbols).
#[derive(Clone, PartialEq, Eq, Hash)]
enum Question {
    Returns(u32),
    Field(u32, String),
    Callback(u32, usize, Option<usize>),
    Underlying(u32),
    VariantField(u32, usize),
    Parameters(u32),
}

/// `Declared`'s answers across queries, by the content hash of the file and the question.
#[derive(Default)]
pub struct DeclaredAnswers {
    types: Kept<Question, TypeRef>,
    counts: Kept<Question, usize>,
    typed: Kept<Typed, TypedValues>,
}

/// Answers to questions of kind `Q` by the content hash of the file asked about (None: the file has no
/// answer); emptied when it holds `MAX_ANSWERS`.
struct Kept<Q, A>(Mutex<HashMap<(ContentHash, Q), Option<A>>>);

impl<Q, A> Default for Kept<Q, A> {
    fn default() -> Self {
        Kept(Mutex::new(HashMap::new()))
    }
}

impl<Q: Eq + Hash, A: Clone> Kept<Q, A> {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(ContentHash, Q), Option<A>>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn keep(&self, key: (ContentHash, Q), answer: Option<A>) {
        let mut kept = self.lock();
        if kept.len() >= MAX_ANSWERS {
            kept.clear();
        }
        kept.insert(key, answer);
    }
}

/// What a file's own tree says of some values' types: a receiver type of that file for each value.
pub type TypedValues = Arc<[ReceiverType]>;

/// What is asked of a definition's values, typed by its own file's tree (at a depth of receiver chains).
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Typed {
    /// What each declaration and assignment of field `name` of a class gives it.
    FieldValues { class: u32, name: String, depth: usize },
    /// The class each assignment of field `name` of a class names directly (`storage_class = Storage`);
    /// None when one is not a class's name.
    ClassesAssigned { class: u32, name: String },
    /// What each `return` of a function returns.
    Returned { function: u32, depth: usize },
    /// What the file's top-level variable `name` is annotated or assigned as (one value; no answer when
    /// the file binds no such variable).
    TopLevel { name: String, depth: usize },
}

/// Answers kept beyond this many empty the cache.
const MAX_ANSWERS: usize = 65_536;

/// The files read so far for one query, by path (None: unreadable, changed or over the parse budget).
pub struct Declared<'e> {
    engine: &'e Engine,
    files: Mutex<HashMap<String, Option<Arc<Parsed>>>>,
}

impl<'e> Declared<'e> {
    pub fn new(engine: &'e Engine) -> Self {
        Declared { engine, files: Mutex::new(HashMap::new()) }
    }

    /// The type that function or method symbol `index` of `entry`'s file declares it returns (the first
    /// result of several); None when it declares none the tree can name.
    pub fn return_type(&self, entry: &FileEntry, index: u32) -> Option<TypeRef> {
        let fields = &entry.lang.entry.return_type_fields;
        if fields.is_empty() {
            return None;
        }
        self.answer(entry, Question::Returns(index), |parsed| {
            let symbol = entry.symbols.get(index);
            let (start, end) = (symbol.range.start as usize, symbol.range.end as usize);
            let mut node = parsed.function(&symbol)?;
            loop {
                if let Some(written) = fields.iter().find_map(|f| node.child_by_field_name(f)) {
                    return declared_type(entry.lang, &parsed.text[first_result(written).byte_range()]);
                }
                node = node.parent().filter(|p| p.start_byte() == start && p.end_byte() == end)?;
            }
        })
    }

    /// The type that field `name` of class symbol `class` of `entry`'s file is declared or assigned as,
    /// when every declaration and assignment of it in the class agrees.
    pub fn field_type(&self, entry: &FileEntry, class: u32, name: &str) -> Option<TypeRef> {
        self.answer(entry, Question::Field(class, name.to_string()), |file| {
            file.locals()?.declared_field(&entry.symbols.own_bytes(class), name).cloned()
        })
    }

    /// The type that a named type, symbol `index` of `entry`'s file, is defined as (Go's `type Args [4]Arg`,
    /// TypeScript's `type Args = Arg[]`).
    pub fn underlying_type(&self, entry: &FileEntry, index: u32) -> Option<TypeRef> {
        self.answer(entry, Question::Underlying(index), |file| {
            let definition = file.definition(&entry.symbols.get(index))?;
            let spec = match definition.named_child_count() {
                // `type Args [4]Arg` ungrouped: the declaration holds one spec
                1 => definition.named_child(0).filter(|c| c.child_by_field_name("type").is_some()),
                _ => None,
            };
            let spec = spec.unwrap_or(definition);
            let written = spec.child_by_field_name("type").or_else(|| spec.child_by_field_name("value"))?;
            declared_type(entry.lang, &file.text[written.byte_range()])
        })
    }

    /// The type of field `position` of tuple variant `index` of `entry`'s file (`ClassBytes` of Rust's
    /// `Bytes(ClassBytes)`).
    pub fn variant_field(&self, entry: &FileEntry, index: u32, position: usize) -> Option<TypeRef> {
        self.answer(entry, Question::VariantField(index, position), |file| {
            let variant = file.definition(&entry.symbols.get(index))?;
            let fields = variant.child_by_field_name("body")?;
            let written = fields.children_by_field_name("type", &mut fields.walk()).nth(position)?;
            declared_type(entry.lang, &file.text[written.byte_range()])
        })
    }

    /// How many parameters function or method symbol `index` of `entry`'s file declares; None for a
    /// variable number (Java's `String... args`).
    pub fn parameter_count(&self, entry: &FileEntry, index: u32) -> Option<usize> {
        let counts = &self.engine.declared().counts;
        self.kept_answer(counts, entry, Question::Parameters(index), |file| {
            let list = file.function(&entry.symbols.get(index))?.child_by_field_name("parameters")?;
            let parameters = list_items(list);
            let variadic = parameters.iter().any(|p| p.kind().contains("spread") || p.kind().contains("variadic"));
            (!variadic).then_some(parameters.len())
        })
    }

    /// The type that function symbol `index` of `entry`'s file declares for parameter `parameter` of the
    /// function its parameter `argument` takes (`subscriber: Subscriber<R>` in `operate(init: (source:
    /// Observable<T>, subscriber: Subscriber<R>) => void)`); without `parameter`, the type it declares for
    /// its parameter `argument` itself (`observer: Partial<Observer<T>>`, for an object literal passed).
    pub fn callback_parameter(
        &self,
        entry: &FileEntry,
        index: u32,
        argument: usize,
        parameter: Option<usize>,
    ) -> Option<TypeRef> {
        self.answer(entry, Question::Callback(index, argument, parameter), |file| {
            let function = file.function(&entry.symbols.get(index))?;
            let declared = parameter_type(function, argument)?;
            let written = match parameter {
                Some(parameter) => parameter_type(declared, parameter)?,
                None => declared,
            };
            declared_type(entry.lang, &file.text[written.byte_range()])
        })
    }

    /// The answer to `question` about `entry`'s file: kept from an earlier query, or worked out from the
    /// parsed file (and kept; not when the file cannot be read at `entry`'s version).
    fn answer(
        &self,
        entry: &FileEntry,
        question: Question,
        work: impl FnOnce(&Parsed) -> Option<TypeRef>,
    ) -> Option<TypeRef> {
        self.kept_answer(&self.engine.declared().types, entry, question, work)
    }

    /// The answer to `asked` about `entry`'s file, as `answer` keeps and works it out.
    pub fn typed(
        &self,
        entry: &FileEntry,
        asked: Typed,
        work: impl FnOnce(&Parsed) -> Option<Vec<ReceiverType>>,
    ) -> Option<TypedValues> {
        self.kept_answer(&self.engine.declared().typed, entry, asked, |file| work(file).map(Arc::from))
    }

    fn kept_answer<Q: Eq + Hash, A: Clone>(
        &self,
        kept: &Kept<Q, A>,
        entry: &FileEntry,
        question: Q,
        work: impl FnOnce(&Parsed) -> Option<A>,
    ) -> Option<A> {
        let key = (entry.hash, question);
        if let Some(known) = kept.lock().get(&key) {
            return known.clone();
        }
        let answer = work(&*self.file(entry)?);
        kept.keep(key, answer.clone());
        answer
    }

    /// `entry`'s file parsed (once per query); None when it changed since `entry` was read, is unreadable
    /// or over the parse budget.
    pub fn file(&self, entry: &FileEntry) -> Option<Arc<Parsed>> {
        if let Some(known) = self.lock().get(&entry.rel) {
            return known.clone();
        }
        let parsed = self.parse(entry).map(Arc::new);
        self.lock().insert(entry.rel.clone(), parsed.clone());
        parsed
    }

    /// `entry`'s file's text: the parsed file's when it was parsed for this query, else read (not parsed).
    pub fn text(&self, entry: &FileEntry) -> Option<Arc<str>> {
        if let Some(known) = self.lock().get(&entry.rel) {
            return known.as_ref().map(|p| p.text.clone());
        }
        Some(Arc::from(self.document(entry)?.text()))
    }

    /// `entry`'s file at the version `entry` describes (None when it changed since, or is unreadable).
    fn document(&self, entry: &FileEntry) -> Option<crate::cache::Document> {
        let p = ProjectPath { rel: entry.rel.clone(), abs: self.engine.project().root().join(&entry.rel) };
        self.engine.cache().load(&p).ok().filter(|d| d.hash == entry.hash)
    }

    fn parse(&self, entry: &FileEntry) -> Option<Parsed> {
        let doc = self.document(entry)?;
        let text: Arc<str> = Arc::from(doc.text());
        let tree = parse_within(entry.lang, &text, &self.engine.parse_budget()).ok()?;
        Some(Parsed { text, tree, lang: entry.lang, locals: OnceLock::new() })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Option<Arc<Parsed>>>> {
        self.files.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The values a function's `return` statements return, outside the functions and classes nested in it;
/// empty when one returns nothing.
pub fn returned_values(function: Node) -> Vec<Node> {
    let nested =
        |kind: &str| ["function", "lambda", "method", "arrow", "closure", "class"].iter().any(|k| kind.contains(k));
    let (mut out, mut stack) = (Vec::new(), Vec::new());
    let mut cursor = function.walk();
    stack.extend(function.named_children(&mut cursor));
    while let Some(node) = stack.pop() {
        if node.kind().starts_with("return") {
            match node.named_child(0) {
                Some(list) if list.kind() == "expression_list" => out.extend(list.named_child(0)),
                Some(value) => out.push(value),
                None => return Vec::new(),
            }
        } else if !nested(node.kind()) {
            let mut cursor = node.walk();
            stack.extend(node.named_children(&mut cursor));
        }
    }
    out
}

/// The function or function type that declaration `node` gives its parameters and result: itself (a
/// function), its value's (`const f = (x: T) => ...`) or its annotation's (`factory: () => Owner`).
pub fn signature(node: Node) -> Option<Node> {
    let annotation = node.child_by_field_name("type").and_then(|t| match t.kind() {
        "type_annotation" => t.named_child(0),
        _ => Some(t),
    });
    let candidates = [Some(node), node.child_by_field_name("value"), annotation];
    candidates.into_iter().flatten().find(|f| f.child_by_field_name("parameters").is_some())
}

/// The type node of parameter `i` of a function or a function type (a type annotation unwrapped).
pub fn parameter_type(function: Node, i: usize) -> Option<Node> {
    let list = function.child_by_field_name("parameters")?;
    // TypeScript's `this: T` pseudo-parameter is not one of the arguments
    let this = |p: &Node| p.child_by_field_name("pattern").is_some_and(|t| t.kind() == "this");
    let parameter = list_items(list).into_iter().filter(|p| !this(p)).nth(i)?;
    let declared = parameter.child_by_field_name("type")?;
    match declared.kind() {
        "type_annotation" => declared.named_child(0),
        _ => Some(declared),
    }
}

/// The first result's type of a result list (Go's `(*Owner, error)`), else the declared type itself.
fn first_result(declared: Node) -> Node {
    let first = (declared.kind() == "parameter_list").then(|| declared.named_child(0)).flatten();
    first.and_then(|p| p.child_by_field_name("type")).unwrap_or(declared)
}
