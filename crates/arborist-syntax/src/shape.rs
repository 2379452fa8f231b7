//! What a node must look like for a tags pattern to match at it, read from the pattern's source: the kinds,
//! fields and children its steps ask for, a few levels down. The definition walk asks this before the
//! query cursor runs at a start node: most of JavaScript's expression statements (26,000 in
//! `typescript.js`, 56 of them definitions) start sixteen patterns that cannot match them, and the cursor
//! costs 4-13 µs at each, where the check reads the children of a few nodes. The reading is conservative:
//! a step it does not understand, or an optional one, asks nothing, so a node it rules out is one that no
//! pattern matches.

use crate::walk::{after_suffixes, skip_expression, skip_trivia, string_literal};
use std::num::NonZeroU16 as FieldId;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use tree_sitter::{Language, Node, TreeCursor};

/// How many levels below the root a shape looks: deeper steps ask nothing (the check stays cheap).
const DEPTH: usize = 4;
/// A check reads the children of at most this many nodes, of at most `WIDE` children each, and takes
/// whatever else it would have to read as fitting: its cost stays below the cursor's at any start (a Go
/// `const (...)` group of hundreds of specs, a struct of hundreds of fields).
const READS: usize = 24;
const WIDE: usize = 16;

/// The necessary shape of a node that a pattern step matches.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Shape {
    /// The kind ids the node may have; None: any.
    kinds: Option<Vec<u16>>,
    /// For each field a child step names: the node needs a child in that field that fits one of the shapes.
    fields: Vec<(FieldId, Vec<Shape>)>,
    /// For each child step without a field: the node needs a child that fits one of the shapes.
    children: Vec<Vec<Shape>>,
}

/// The shapes of the patterns that start at one node kind, and whether checking them pays: a check costs
/// a few reads of the tree, the cursor's run at a start it spares up to 13 µs. The first `TRIAL` checks of a
/// kind count how many nodes they rule out; when fewer than a quarter, the kind is no longer checked
/// (every Go type declaration, Rust function item, Java class body fits its patterns' shapes). The
/// answer does not depend on it, only the cost.
pub(crate) struct StartShapes {
    shapes: Vec<Shape>,
    checks: AtomicU32,
    ruled_out: AtomicU32,
}

const TRIAL: u32 = 128;

impl StartShapes {
    pub(crate) fn new(shapes: Vec<Shape>) -> StartShapes {
        StartShapes { shapes, checks: AtomicU32::new(0), ruled_out: AtomicU32::new(0) }
    }

    /// The same shapes, their trial not begun.
    #[cfg(test)]
    pub(crate) fn untried(&self) -> StartShapes {
        StartShapes::new(self.shapes.clone())
    }

    /// Whether a pattern may match at `node` (true when checking no longer pays).
    pub(crate) fn may_match<'t>(&self, node: Node<'t>, kids: &mut Kids<'t>) -> bool {
        let checks = self.checks.load(Relaxed);
        if checks >= TRIAL && self.ruled_out.load(Relaxed) < TRIAL / 4 {
            return true;
        }
        let fits = Shape::any_fits(&self.shapes, node, kids);
        if checks < TRIAL {
            self.checks.fetch_add(1, Relaxed);
            self.ruled_out.fetch_add(u32::from(!fits), Relaxed);
        }
        fits
    }
}

/// What reading a pattern needs of its grammar.
pub(crate) struct Grammar<'a> {
    pub language: &'a Language,
    /// The kind ids a step of kind (name, named) matches (a supertype's: its subtypes'); None when unknown.
    pub kinds: &'a dyn Fn(&str, bool) -> Option<Vec<u16>>,
    /// The kind ids a node of a kind (id) always has in a field; None when the field may be empty.
    pub required: &'a dyn Fn(u16, FieldId) -> Option<Vec<u16>>,
}

/// The children (with their fields) of the nodes one check has looked into, each read once however many
/// shapes ask about it, into buffers kept from check to check (a walk checks thousands of nodes).
pub(crate) struct Kids<'t> {
    cursor: TreeCursor<'t>,
    /// (node id, where its children are in `kids`)
    read: Vec<(usize, std::ops::Range<usize>)>,
    kids: Vec<(Option<FieldId>, Node<'t>)>,
}

impl<'t> Kids<'t> {
    /// Buffers for the nodes of `node`'s tree.
    pub(crate) fn new(node: Node<'t>) -> Kids<'t> {
        Kids { cursor: node.walk(), read: Vec::new(), kids: Vec::new() }
    }

    /// Where `node`'s children are in `kids`, read now if they are not there yet; None when they are too
    /// many to read (see `READS`).
    fn of(&mut self, node: Node<'t>) -> Option<std::ops::Range<usize>> {
        if let Some((_, at)) = self.read.iter().find(|(id, _)| *id == node.id()) {
            return Some(at.clone());
        }
        if self.read.len() >= READS || node.child_count() as usize > WIDE {
            return None;
        }
        let start = self.kids.len();
        self.cursor.reset(node);
        if self.cursor.goto_first_child() {
            loop {
                self.kids.push((self.cursor.field_id(), self.cursor.node()));
                if !self.cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        self.read.push((node.id(), start..self.kids.len()));
        Some(start..self.kids.len())
    }
}

impl Shape {
    /// A shape that asks nothing.
    fn any() -> Shape {
        Shape { kinds: None, fields: Vec::new(), children: Vec::new() }
    }

    fn asks_nothing(&self) -> bool {
        self.kinds.is_none() && self.fields.is_empty() && self.children.is_empty()
    }

    /// The shape of a pattern's root (its source as the query holds it: `(root …) @capture` or `((root …)
    /// @capture (#predicate …))`), the root's own kind left to the walk; None when it asks nothing.
    pub(crate) fn of_pattern(text: &str, grammar: &Grammar) -> Option<Shape> {
        let text = skip_trivia(text);
        let inner = skip_trivia(text.strip_prefix('(')?);
        let root = match inner.starts_with(['(', '[']) {
            false => text,
            true => {
                // the group's one expression that is not a predicate
                let (mut rest, mut roots) = (inner, Vec::new());
                while !rest.is_empty() && !rest.starts_with(')') {
                    if !rest.starts_with("(#") {
                        roots.push(rest);
                    }
                    rest = skip_trivia(after_suffixes(skip_expression(rest)?));
                }
                match roots[..] {
                    [root] => root,
                    _ => return None,
                }
            }
        };
        if !root.starts_with('(') {
            return None; // an alternation of roots, a token
        }
        let shape = Shape { kinds: None, ..node(root, grammar, 0)? };
        (!shape.asks_nothing()).then_some(shape)
    }

    /// Whether every node of kind `kind` fits: the grammar gives each such node every child this shape
    /// asks for (`(function_definition name: (identifier))`). Children without a field are not looked
    /// at: a shape that asks for one is not implied.
    pub(crate) fn implied(&self, kind: u16, grammar: &Grammar) -> bool {
        if self.kinds.as_ref().is_some_and(|kinds| !kinds.contains(&kind)) {
            return false;
        }
        self.children.is_empty()
            && self.fields.iter().all(|(field, shapes)| {
                let Some(held) = (grammar.required)(kind, *field) else { return false };
                !held.is_empty() && held.iter().all(|&k| shapes.iter().any(|s| s.implied(k, grammar)))
            })
    }

    /// Whether `node` may be what the step of one of `shapes` matches.
    pub(crate) fn any_fits<'t>(shapes: &[Shape], node: Node<'t>, kids: &mut Kids<'t>) -> bool {
        kids.read.clear();
        kids.kids.clear();
        shapes.iter().any(|s| s.fits(node, kids))
    }

    fn fits<'t>(&self, node: Node<'t>, kids: &mut Kids<'t>) -> bool {
        if self.kinds.as_ref().is_some_and(|kinds| !kinds.contains(&node.kind_id())) {
            return false;
        }
        self.fields.iter().all(|(field, shapes)| has_child(node, Some(*field), shapes, kids))
            && self.children.iter().all(|shapes| has_child(node, None, shapes, kids))
    }
}

/// Whether one of `node`'s children (in `field`, when given) fits one of `shapes` (true when they are too
/// many to read).
fn has_child<'t>(node: Node<'t>, field: Option<FieldId>, shapes: &[Shape], kids: &mut Kids<'t>) -> bool {
    let Some(mut read) = kids.of(node) else { return true };
    read.any(|k| {
        let (f, kid) = kids.kids[k];
        field.is_none_or(|field| f == Some(field)) && shapes.iter().any(|s| s.fits(kid, kids))
    })
}

/// The shapes a step at the start of `text` may take: its own, or each alternative's of `[ … ]`.
fn alternatives(text: &str, grammar: &Grammar, depth: usize) -> Option<Vec<Shape>> {
    let Some(list) = text.strip_prefix('[') else { return Some(vec![expression(text, grammar, depth)?]) };
    let mut rest = skip_trivia(list);
    let mut shapes = Vec::new();
    while !rest.starts_with(']') {
        if rest.is_empty() {
            return None;
        }
        shapes.extend(alternatives(rest, grammar, depth)?);
        rest = skip_trivia(after_suffixes(skip_expression(rest)?));
    }
    Some(shapes)
}

/// The shape of a node `( … )`, a token `"…"` or a wildcard `_` at the start of `text`.
fn expression(text: &str, grammar: &Grammar, depth: usize) -> Option<Shape> {
    match text.chars().next()? {
        '(' => node(text, grammar, depth),
        '"' => Some(Shape { kinds: (grammar.kinds)(&string_literal(text)?.0, false), ..Shape::any() }),
        _ => Some(Shape::any()),
    }
}

/// The shape of the node expression `(kind item…)` at the start of `text`.
fn node(text: &str, grammar: &Grammar, depth: usize) -> Option<Shape> {
    let inner = skip_trivia(text.strip_prefix('(')?);
    if inner.starts_with(['(', '[', '"', '#']) {
        return Some(Shape::any()); // a sequence of siblings, or a predicate
    }
    let head_end = inner.find(|c: char| c.is_whitespace() || "()[]@\"".contains(c)).unwrap_or(inner.len());
    // `supertype/kind` matches a `kind`
    let kinds = match inner[..head_end].rsplit('/').next().unwrap_or_default() {
        "_" => None,
        "ERROR" | "MISSING" | "" => return Some(Shape::any()),
        kind => (grammar.kinds)(kind, true),
    };
    let mut shape = Shape { kinds, ..Shape::any() };
    if depth >= DEPTH {
        return Some(shape);
    }
    let mut rest = skip_trivia(&inner[head_end..]);
    while !rest.starts_with(')') {
        if rest.is_empty() {
            return None;
        }
        rest = skip_trivia(item(rest, grammar, depth, &mut shape)?);
    }
    Some(shape)
}

/// Reads the item of a node's body at the start of `text` (a child step with or without a field, a
/// negated field, an anchor, a predicate) into `shape`; returns the text after it.
fn item<'t>(text: &'t str, grammar: &Grammar, depth: usize, shape: &mut Shape) -> Option<&'t str> {
    let word_end = text.find(|c: char| c.is_whitespace() || "()[]\"".contains(c)).unwrap_or(text.len());
    if text.starts_with(['.', '!']) {
        return Some(&text[word_end.max(1)..]); // an anchor, a negated field: they ask nothing more
    }
    let (field, step) = match text[..word_end].strip_suffix(':') {
        Some(name) => (Some(name), skip_trivia(&text[word_end..])),
        None => (None, text),
    };
    let expression_end = skip_expression(step)?;
    let after = after_suffixes(expression_end);
    let suffixes = &expression_end[..expression_end.len() - after.len()];
    let optional = suffixes.split_whitespace().any(|s| s.starts_with(['?', '*', '+']));
    if optional || step.starts_with("(#") {
        return Some(after);
    }
    let mut shapes = alternatives(step, grammar, depth + 1)?;
    let any = shapes.iter().any(Shape::asks_nothing);
    match field.map(|name| grammar.language.field_id_for_name(name)) {
        // a child in the field, whatever it is, is still asked for
        Some(Some(id)) if any => shape.fields.push((id, vec![Shape::any()])),
        Some(Some(id)) => shape.fields.push((id, shapes)),
        // a field the grammar lacks (the query would not compile): nothing asked
        Some(None) => {}
        None if any => {}
        None => shape.children.push(std::mem::take(&mut shapes)),
    }
    Some(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn javascript() -> &'static crate::language::Language {
        crate::language::by_name("javascript").unwrap()
    }

    fn shape(pattern: &str) -> Option<Shape> {
        let language = &javascript().grammar;
        let kinds = |name: &str, named: bool| {
            let ids = crate::walk::kind_ids(language, name, named);
            (!ids.is_empty()).then_some(ids)
        };
        Shape::of_pattern(pattern, &Grammar { language, kinds: &kinds, required: &|_, _| None })
    }

    /// Whether the shape of `pattern` lets the query run at each expression statement of `code`.
    fn fits(pattern: &str, code: &str) -> Vec<bool> {
        let shape = shape(pattern).expect("a shape that asks something");
        let tree = crate::syntax::parse(javascript(), code).unwrap();
        let root = tree.root_node();
        let mut kids = Kids::new(root);
        let mut walk = root.walk();
        let statements: Vec<Node> = root.named_children(&mut walk).collect();
        statements.into_iter().map(|s| Shape::any_fits(std::slice::from_ref(&shape), s, &mut kids)).collect()
    }

    #[test]
    fn kinds_fields_and_children_a_few_levels_down_are_asked() {
        let assigned = "(expression_statement (_ left: (_ object: (identifier) property: (property_identifier) @name) right: [(function_expression) (arrow_function)]) @_a (#not-kind? @_a binary_expression)) @definition.function";
        let code = "a.b = function () {};\na.b = 1;\na = () => 1;\na.b.c = () => 1;\nf(() => 1);\n";
        assert_eq!(fits(assigned, code), [true, false, false, false, false]);
        let passed = "(expression_statement (_ function: (_) arguments: (_ (function_expression name: (identifier) @name) @definition.function)))";
        let code = "f(function g() {});\nf(x, function g() {});\nf(function () {});\nf(g);\n";
        assert_eq!(fits(passed, code), [true, true, false, false]);
    }

    /// A kind whose first checks rule out too few nodes is not checked any more; one whose checks rule
    /// nodes out keeps being checked.
    #[test]
    fn checks_that_rule_out_too_little_stop() {
        let tree = crate::syntax::parse(javascript(), "a.b = 1;\n").unwrap();
        let statement = tree.root_node().named_child(0).unwrap();
        let mut kids = Kids::new(statement);
        let always = StartShapes::new(vec![shape("(expression_statement (assignment_expression)) @x").unwrap()]);
        let never = StartShapes::new(vec![shape("(expression_statement (call_expression)) @x").unwrap()]);
        for _ in 0..TRIAL * 2 {
            assert!(always.may_match(statement, &mut kids));
            assert!(!never.may_match(statement, &mut kids));
        }
        assert_eq!(always.checks.load(Relaxed), TRIAL);
        assert_eq!(never.ruled_out.load(Relaxed), TRIAL);
    }

    #[test]
    fn what_the_reading_does_not_understand_asks_nothing() {
        // optional steps, predicates, anchors and negated fields ask nothing
        let loose = "(expression_statement (call_expression)? . (#eq? @x \"y\") !left) @x";
        assert_eq!(shape(loose), None);
        // an alternation of roots, a token root, a wildcard among alternatives
        assert_eq!(shape("[(expression_statement (call_expression)) (lexical_declaration)] @x"), None);
        assert_eq!(shape("\"function\" @x"), None);
        assert_eq!(shape("(expression_statement [(call_expression) _]) @x"), None);
        // an unknown kind is any kind, an unknown field no field
        assert_eq!(shape("(expression_statement (no_such_kind)) @x"), None);
        assert_eq!(shape("(expression_statement (_ no_such_field: (identifier))) @x"), None);
        // deeper than DEPTH levels asks nothing more than the kinds there
        let deep = "(expression_statement (assignment_expression right: (call_expression arguments: (arguments (binary_expression left: (identifier))))))";
        let code = "a = f(1 + 2);\na = f(x + 1);\na = f(x);\n";
        assert_eq!(fits(deep, code), [true, true, false]);
    }
}
