//! The definition walk: which nodes can start a tags pattern (read from the query's patterns) and which
//! subtrees can hold such a node (read from the grammar's `node-types.json`), so symbol extraction runs
//! the query only where a definition can start and never walks into an expression, a string or a call.

use crate::query::{MODULE_SCOPE, ModuleScopes, parent_allowed};
use crate::shape::{Grammar, Kids, Shape, StartShapes};
use std::collections::{HashMap, HashSet};
use tree_sitter::{Language, Node, Query};

/// Per node kind id: whether a pattern can start at it (and under which parents, when every pattern that
/// starts there checks its root's parent with `#parent-is?`; and what the node must look like, when every
/// such pattern says), and whether its subtree can hold such a node.
pub struct DefinitionWalk {
    starts: Vec<bool>,
    start_parents: Vec<Option<Vec<u16>>>,
    start_shapes: Vec<Option<StartShapes>>,
    descends: Vec<bool>,
}

impl DefinitionWalk {
    /// The walk for the patterns of `query` (source `source`) that `enabled` keeps, over a grammar with the
    /// given node types; None when a pattern's root cannot be read (a wildcard), a pattern is a sequence
    /// of siblings, or the node types do not parse: then the query runs over the whole tree.
    /// `root_parents(pattern, capture)`: the parent kinds a `#parent-is?` of the pattern allows `capture`.
    pub fn new(
        language: &Language,
        query: &Query,
        source: &str,
        node_types: &str,
        enabled: impl Fn(usize) -> bool,
        root_parents: impl Fn(usize, &str) -> Option<Vec<u16>>,
    ) -> Option<DefinitionWalk> {
        let types = NodeTypes::parse(node_types)?;
        // each root kind with the parents it may start under, and the shapes it must have (None: any)
        let mut roots: HashMap<(String, bool), Option<Vec<u16>>> = HashMap::new();
        let mut shapes: HashMap<(String, bool), Option<Vec<Shape>>> = HashMap::new();
        let ids = KindIds::of(language);
        let kinds = |name: &str, named: bool| types.step_ids(&ids, name, named);
        let required = |id: u16, field| types.required(&ids, language, id, field);
        let grammar = Grammar { language, kinds: &kinds, required: &required };
        for pattern in (0..query.pattern_count()).filter(|&p| enabled(p)) {
            let text = &source[query.start_byte_for_pattern(pattern)..query.end_byte_for_pattern(pattern)];
            if !query.is_pattern_rooted(pattern) {
                return None;
            }
            let parents = root_capture(text).and_then(|capture| root_parents(pattern, capture));
            let shape = Shape::of_pattern(text, &grammar);
            for root in pattern_roots(text)? {
                for kind in types.concrete(&root) {
                    narrow(roots.entry(kind.clone()).or_insert_with(|| Some(Vec::new())), parents.clone());
                    // a shape every node of the kind has asks nothing of it
                    let of_kind = ids.get(&kind.0, kind.1);
                    let asks = shape.as_ref().filter(|s| !of_kind.iter().all(|&id| s.implied(id, &grammar)));
                    narrow(shapes.entry(kind).or_insert_with(|| Some(Vec::new())), asks.cloned().map(|s| vec![s]));
                }
            }
        }
        let holders = entered(language, &types, &roots);
        let count = language.node_kind_count();
        let (mut starts, mut start_parents, mut descends) = (vec![false; count], vec![None; count], vec![false; count]);
        let mut start_shapes: Vec<Option<StartShapes>> = (0..count).map(|_| None).collect();
        for id in 0..count {
            let Some(kind) = language.node_kind_for_id(id as u16) else { continue };
            let key = (kind.to_string(), language.node_kind_is_named(id as u16));
            if let Some(parents) = roots.get(&key) {
                starts[id] = true;
                start_parents[id] = parents.clone();
                start_shapes[id] = shapes.get(&key).cloned().flatten().map(StartShapes::new);
            }
            // ERROR nodes hold anything; a named kind the node types do not list is not ruled out.
            descends[id] = holders.contains(&key) || kind == "ERROR" || (key.1 && !types.known.contains(&key));
        }
        Some(DefinitionWalk { starts, start_parents, start_shapes, descends })
    }

    /// The same walk, its shape checks' trials not begun: two such walks over the same nodes start at
    /// the same nodes.
    #[cfg(test)]
    pub(crate) fn untried(&self) -> DefinitionWalk {
        DefinitionWalk {
            starts: self.starts.clone(),
            start_parents: self.start_parents.clone(),
            start_shapes: self.start_shapes.iter().map(|s| s.as_ref().map(StartShapes::untried)).collect(),
            descends: self.descends.clone(),
        }
    }

    /// Whether a pattern can start at `node` under `parent` (`scopes`: the module scopes found so far;
    /// `kids`: buffers for a look at its children).
    fn starts_at<'t>(&self, node: Node<'t>, parent: Option<Node>, scopes: &ModuleScopes, kids: &mut Kids<'t>) -> bool {
        let id = node.kind_id() as usize;
        let placed = match (self.starts.get(id), self.start_parents.get(id)) {
            (Some(false), _) => false,
            (Some(true), Some(Some(kinds))) => parent.is_some_and(|p| parent_allowed(kinds, p, scopes)),
            _ => true,
        };
        placed && self.start_shapes.get(id).and_then(Option::as_ref).is_none_or(|s| s.may_match(node, kids))
    }

    /// Calls `visit` for every node under `root` (itself included) at which a pattern can start, in
    /// document order, with its neighbours; with `range`, only nodes that intersect it. Subtrees that
    /// cannot hold such a node are skipped, unless they contain a syntax error. `scopes`: the module
    /// scopes that `visit` has found so far (a node's ancestors are visited before it).
    pub fn for_each_start<'t>(
        &self,
        root: Node<'t>,
        range: Option<&std::ops::Range<usize>>,
        scopes: &ModuleScopes,
        visit: impl FnMut(Node<'t>, Near<'_, 't>),
    ) {
        match range {
            None => self.by_subtrees::<fn(u16, std::ops::Range<usize>)>(root, scopes, visit, None),
            Some(range) => self.for_each_start_by_cursor(root, range, scopes, visit),
        }
    }

    /// `for_each_start` over the whole tree that also calls `leaf` with the kind id and byte range of every
    /// leaf whose kind id `k` has `wanted[k] != 0`: one walk where two would each read the tree.
    pub fn for_each_start_and_leaf<'t>(
        &self,
        root: Node<'t>,
        scopes: &ModuleScopes,
        visit: impl FnMut(Node<'t>, Near<'_, 't>),
        wanted: &[u8],
        leaf: impl FnMut(u16, std::ops::Range<usize>),
    ) {
        self.by_subtrees(root, scopes, visit, Some((wanted, leaf)));
    }

    /// The walk of the whole tree, over tree-sitter's subtrees (`subtrees::each_start`).
    fn by_subtrees<'t, G: FnMut(u16, std::ops::Range<usize>)>(
        &self,
        root: Node<'t>,
        scopes: &ModuleScopes,
        mut visit: impl FnMut(Node<'t>, Near<'_, 't>),
        leaves: Option<(&[u8], G)>,
    ) {
        let mut kids = Kids::new(root);
        let start = |node: Node<'t>, parent: Option<Node<'t>>, earlier: &[Node<'t>]| {
            if self.starts_at(node, parent, scopes, &mut kids) {
                visit(node, Near { node, earlier, parent });
            }
        };
        crate::subtrees::each_start(root, bytes(&self.starts), bytes(&self.descends), start, leaves);
    }

    /// `for_each_start` with a tree cursor, over the nodes that intersect `range` (the walk of the whole
    /// tree reads tree-sitter's subtrees instead, in `subtrees::each_start`, and meets the same nodes).
    fn for_each_start_by_cursor<'t>(
        &self,
        root: Node<'t>,
        range: &std::ops::Range<usize>,
        scopes: &ModuleScopes,
        mut visit: impl FnMut(Node<'t>, Near<'_, 't>),
    ) {
        let intersects = |n: &Node| n.start_byte() <= range.end && range.start <= n.end_byte();
        let mut cursor = root.walk();
        // The ancestors of the cursor's node up to `root`; the earlier siblings of every node on that path,
        // level after level, and where each level starts.
        let mut parents: Vec<Node<'t>> = Vec::new();
        let mut earlier: Vec<Node<'t>> = Vec::new();
        let mut levels: Vec<usize> = vec![0];
        let mut kids = Kids::new(root);
        loop {
            let node = cursor.node();
            let id = node.kind_id() as usize;
            let inside = intersects(&node);
            let level = *levels.last().expect("the root's level is never left");
            if inside && self.starts_at(node, parents.last().copied(), scopes, &mut kids) {
                visit(node, Near { node, earlier: &earlier[level..], parent: parents.last().copied() });
            }
            let descend = inside && (self.descends.get(id).copied().unwrap_or(true) || node.has_error());
            if descend && cursor.goto_first_child() {
                parents.push(node);
                levels.push(earlier.len());
                continue;
            }
            loop {
                let here = cursor.node();
                if cursor.goto_next_sibling() {
                    earlier.push(here);
                    break;
                }
                if !cursor.goto_parent() {
                    return;
                }
                parents.pop();
                earlier.truncate(levels.pop().expect("a level per parent"));
            }
        }
    }
}

/// Adds what one more pattern asks of a kind (`more`) to what its patterns ask (`known`): a kind is
/// constrained only while every pattern starting at it is (None: one asks nothing, so nothing is asked).
fn narrow<T>(known: &mut Option<Vec<T>>, more: Option<Vec<T>>) {
    match (known.as_mut(), more) {
        (Some(known), Some(more)) => known.extend(more),
        _ => *known = None,
    }
}

/// A table of booleans as bytes (0 or 1), as the C walks read it.
fn bytes(table: &[bool]) -> &[u8] {
    // SAFETY: a bool is one byte, 0 or 1.
    unsafe { std::slice::from_raw_parts(table.as_ptr() as *const u8, table.len()) }
}

/// A node's neighbours as the walk met them: what `Node::prev_sibling` (repeatedly) and `Node::parent`
/// would answer (those search down from the root and along the siblings at each call; here they cost
/// nothing). `parent` is None at the walk's root, whose parent the walk did not see.
#[derive(Clone, Copy)]
pub struct Near<'a, 't> {
    pub node: Node<'t>,
    /// The siblings before `node`, in document order.
    pub earlier: &'a [Node<'t>],
    pub parent: Option<Node<'t>>,
}

/// The grammar's node types: which kinds each kind can have as children (fields included), and the
/// subtypes of each supertype.
struct NodeTypes {
    children: HashMap<(String, bool), Vec<(String, bool)>>,
    /// Per kind, its required fields and the kinds each may hold.
    required: HashMap<Kind, HashMap<String, Vec<Kind>>>,
    subtypes: HashMap<(String, bool), Vec<(String, bool)>>,
    known: HashSet<(String, bool)>,
}

/// A node kind's name, and whether it is named.
type Kind = (String, bool);

#[derive(serde::Deserialize)]
struct NodeType {
    #[serde(rename = "type")]
    kind: String,
    named: bool,
    #[serde(default)]
    fields: HashMap<String, ChildTypes>,
    children: Option<ChildTypes>,
    subtypes: Option<Vec<TypeRef>>,
}

#[derive(serde::Deserialize)]
struct ChildTypes {
    #[serde(default)]
    required: bool,
    types: Vec<TypeRef>,
}

#[derive(serde::Deserialize)]
struct TypeRef {
    #[serde(rename = "type")]
    kind: String,
    named: bool,
}

impl NodeTypes {
    fn parse(json: &str) -> Option<NodeTypes> {
        let entries: Vec<NodeType> = serde_json::from_str(json)
            .inspect_err(|e| tracing::error!("a grammar's node-types.json does not parse: {e}"))
            .ok()?;
        let key = |t: &TypeRef| (t.kind.clone(), t.named);
        let mut types = NodeTypes {
            children: HashMap::new(),
            required: HashMap::new(),
            subtypes: HashMap::new(),
            known: HashSet::new(),
        };
        for e in entries {
            let me = (e.kind, e.named);
            types.known.insert(me.clone());
            if let Some(subs) = e.subtypes {
                types.subtypes.insert(me, subs.iter().map(key).collect());
                continue;
            }
            let kids = e.fields.values().chain(e.children.as_ref()).flat_map(|c| c.types.iter().map(key));
            types.children.insert(me.clone(), kids.collect());
            let required = e.fields.iter().filter(|(_, c)| c.required);
            types.required.insert(me, required.map(|(f, c)| (f.clone(), c.types.iter().map(key).collect())).collect());
        }
        Some(types)
    }

    /// The kind ids a query step of kind (`name`, `named`) matches: its own, or a supertype's subtypes';
    /// None when the grammar has none.
    fn step_ids(&self, ids: &KindIds, name: &str, named: bool) -> Option<Vec<u16>> {
        let of =
            |kind: &Kind| self.concrete(kind).iter().flat_map(|(k, n)| ids.get(k, *n)).copied().collect::<Vec<_>>();
        let found = of(&(name.to_string(), named));
        (!found.is_empty()).then_some(found)
    }

    /// The kind ids a node of kind `id` always has in its `field` (None: the field may be empty).
    fn required(&self, ids: &KindIds, language: &Language, id: u16, field: std::num::NonZeroU16) -> Option<Vec<u16>> {
        let kind = (language.node_kind_for_id(id)?.to_string(), language.node_kind_is_named(id));
        let types = self.required.get(&kind)?.get(language.field_name_for_id(field.get())?)?;
        Some(types.iter().flat_map(|(k, n)| self.step_ids(ids, k, *n).unwrap_or_default()).collect())
    }

    /// The kinds a node of `kind` can be in a tree: itself, or every concrete subtype of a supertype.
    fn concrete(&self, kind: &(String, bool)) -> Vec<(String, bool)> {
        let (mut out, mut stack, mut seen) = (Vec::new(), vec![kind.clone()], HashSet::new());
        while let Some(k) = stack.pop() {
            if !seen.insert(k.clone()) {
                continue;
            }
            match self.subtypes.get(&k) {
                Some(subs) => stack.extend(subs.iter().cloned()),
                None => out.push(k),
            }
        }
        out
    }

    /// Every kind whose subtree can hold a node of one of `kinds` below it.
    fn holders_of(&self, kinds: &HashSet<(String, bool)>) -> HashSet<(String, bool)> {
        let mut parents: HashMap<(String, bool), Vec<&(String, bool)>> = HashMap::new();
        for (parent, kids) in &self.children {
            for kid in kids.iter().flat_map(|k| self.concrete(k)) {
                parents.entry(kid).or_default().push(parent);
            }
        }
        let mut holders = HashSet::new();
        let mut stack: Vec<&(String, bool)> = kinds.iter().collect();
        while let Some(k) = stack.pop() {
            for p in parents.get(k).into_iter().flatten() {
                if holders.insert((*p).clone()) {
                    stack.push(p);
                }
            }
        }
        holders
    }
}

/// The kinds whose subtrees the walk enters: those that can hold a root kind allowed anywhere, and the
/// parents a root kind must be under (when all its patterns say so), with the kinds that can hold them. A
/// function's body can hold a `const` of its own, but the walk need not enter it to find the module's.
fn entered(
    language: &Language,
    types: &NodeTypes,
    roots: &HashMap<(String, bool), Option<Vec<u16>>>,
) -> HashSet<(String, bool)> {
    let mut targets = HashSet::new();
    let mut parents = HashSet::new();
    for (kind, under) in roots {
        // (a module scope may be any block: the kind is looked for anywhere)
        let Some(under) = under.as_ref().filter(|under| !under.contains(&MODULE_SCOPE)) else {
            targets.insert(kind.clone());
            continue;
        };
        for &id in under {
            if let Some(name) = language.node_kind_for_id(id) {
                parents.insert((name.to_string(), language.node_kind_is_named(id)));
            }
        }
    }
    targets.extend(parents.iter().cloned());
    let mut holders = types.holders_of(&targets);
    holders.extend(parents);
    holders
}

/// Every id of the node kind `name` (named or a token): aliases give one name several ids.
pub(crate) fn kind_ids(language: &Language, name: &str, named: bool) -> Vec<u16> {
    if name == "ERROR" && named {
        return vec![ERROR_KIND]; // a syntax error's node, which is no kind of the grammar's table
    }
    (0..language.node_kind_count() as u16)
        .filter(|&id| language.node_kind_for_id(id) == Some(name) && language.node_kind_is_named(id) == named)
        .collect()
}

/// Every kind id of each kind name of a grammar, tokens' and named kinds' apart (`kind_ids`, read once
/// for many lookups).
struct KindIds([HashMap<String, Vec<u16>>; 2]);

impl KindIds {
    fn of(language: &Language) -> KindIds {
        let mut ids: [HashMap<String, Vec<u16>>; 2] = Default::default();
        for id in 0..language.node_kind_count() as u16 {
            if let Some(name) = language.node_kind_for_id(id) {
                ids[usize::from(language.node_kind_is_named(id))].entry(name.to_string()).or_default().push(id);
            }
        }
        ids[1].insert("ERROR".to_string(), vec![ERROR_KIND]);
        KindIds(ids)
    }

    fn get(&self, name: &str, named: bool) -> &[u16] {
        self.0[usize::from(named)].get(name).map_or(&[], Vec::as_slice)
    }
}

/// The kind id of a syntax error's node (`Node::kind_id` of an `ERROR`).
const ERROR_KIND: u16 = u16::MAX;

/// The capture right after a grouped pattern's root (`([…] @definition.function (#parent-is? …))`).
fn root_capture(text: &str) -> Option<&str> {
    let inner = skip_trivia(skip_trivia(text).strip_prefix('(')?);
    if !inner.starts_with(['(', '[']) {
        return None;
    }
    let capture = skip_trivia(skip_expression(inner)?).strip_prefix('@')?;
    Some(&capture[..capture.find(|c: char| c.is_whitespace() || "()[]".contains(c)).unwrap_or(capture.len())])
}

/// The node kinds a pattern can start at, read from its source: `(kind …`, `((kind …) (#pred …))`,
/// `(supertype/kind …`, `"token"`, or each alternative of `[ … ]`; None for a wildcard.
pub(crate) fn pattern_roots(text: &str) -> Option<Vec<(String, bool)>> {
    let text = skip_trivia(text);
    let mut chars = text.chars();
    match chars.next()? {
        '(' => {
            let inner = skip_trivia(chars.as_str());
            if inner.starts_with(['(', '[', '"']) {
                return pattern_roots(inner);
            }
            let name: String = inner.chars().take_while(|c| !c.is_whitespace() && !"()[]@\"".contains(*c)).collect();
            let name = name.rsplit('/').next().unwrap_or_default().to_string();
            (!name.is_empty() && name != "_" && !name.starts_with('#')).then(|| vec![(name, true)])
        }
        '"' => Some(vec![(string_literal(text)?.0, false)]),
        '[' => {
            let mut roots = Vec::new();
            let mut rest = skip_trivia(chars.as_str());
            while !rest.starts_with(']') {
                roots.extend(pattern_roots(rest)?);
                rest = skip_trivia(after_suffixes(skip_expression(rest)?));
                if rest.is_empty() {
                    return None;
                }
            }
            Some(roots)
        }
        _ => None,
    }
}

/// `source` with each top-level pattern that `drop` picks (given its text) blanked out, its line breaks
/// kept (so the lines of compile errors stay right); None when the source does not split into patterns.
pub(crate) fn without_patterns(source: &str, drop: impl Fn(&str) -> bool) -> Option<String> {
    let mut out = String::with_capacity(source.len());
    let mut rest = source;
    loop {
        let start = skip_trivia(rest);
        out.push_str(&rest[..rest.len() - start.len()]);
        if start.is_empty() {
            return Some(out);
        }
        let end = after_suffixes(skip_expression(start)?);
        let pattern = &start[..start.len() - end.len()];
        match drop(pattern) {
            true => out.extend(pattern.chars().map(|c| if c == '\n' { c } else { ' ' })),
            false => out.push_str(pattern),
        }
        rest = end;
    }
}

/// The text after the captures and quantifiers (`@name`, `?`, `*`, `+`) that follow an expression, at the
/// start of `s`; the trivia after the last of them is left.
pub(crate) fn after_suffixes(s: &str) -> &str {
    let mut end = s;
    loop {
        let Some(tail) = skip_trivia(end).strip_prefix(['@', '?', '*', '+']) else { return end };
        end = &tail[tail.find(|c: char| c.is_whitespace() || "()[]\";".contains(c)).unwrap_or(tail.len())..];
    }
}

pub(crate) fn skip_trivia(mut s: &str) -> &str {
    loop {
        s = s.trim_start();
        match s.strip_prefix(';') {
            Some(comment) => s = comment.split_once('\n').map_or("", |(_, rest)| rest),
            None => return s,
        }
    }
}

/// A string literal at the start of `s` (unescaped) and the text after it.
pub(crate) fn string_literal(s: &str) -> Option<(String, &str)> {
    let mut out = String::new();
    let mut chars = s.strip_prefix('"')?.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => out.push(match chars.next()?.1 {
                'n' => '\n',
                't' => '\t',
                other => other,
            }),
            '"' => return Some((out, &s[i + 2..])),
            c => out.push(c),
        }
    }
    None
}

/// The text after one parenthesised, bracketed, quoted or bare expression at the start of `s`.
pub(crate) fn skip_expression(s: &str) -> Option<&str> {
    if s.starts_with('"') {
        return string_literal(s).map(|(_, rest)| rest);
    }
    if !s.starts_with(['(', '[']) {
        let end = s.find(|c: char| c.is_whitespace() || "()[]".contains(c)).unwrap_or(s.len());
        return Some(&s[end..]);
    }
    let mut depth = 0usize;
    let mut rest = s;
    loop {
        rest = skip_trivia(rest);
        let c = rest.chars().next()?;
        match c {
            '"' => {
                rest = string_literal(rest)?.1;
                continue;
            }
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&rest[1..]);
                }
            }
            _ => {}
        }
        rest = &rest[c.len_utf8()..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roots(s: &str) -> Option<Vec<String>> {
        pattern_roots(s).map(|r| r.into_iter().map(|(k, named)| if named { k } else { format!("\"{k}\"") }).collect())
    }

    #[test]
    fn a_syntax_errors_node_has_the_error_kind() {
        let lang = crate::language::by_name("c").unwrap();
        let tree = crate::syntax::parse(lang, "static int g = 1;\n}}\nstatic int k = 2;\n").unwrap();
        let root = tree.root_node();
        let error = (0..root.child_count()).filter_map(|i| root.child(i)).find(|n| n.is_error()).expect("an ERROR");
        assert_eq!(kind_ids(&lang.grammar, "ERROR", true), [error.kind_id()]);
        assert!(kind_ids(&lang.grammar, "ERROR", false).is_empty());
    }

    #[test]
    fn the_capture_of_a_grouped_root_is_read_from_the_source() {
        let grouped = "([(lexical_declaration) (variable_declaration)] @definition.variable\n  (#parent-is? @definition.variable program))";
        assert_eq!(root_capture(grouped), Some("definition.variable"));
        assert_eq!(root_capture("((expression_statement (call)) @_top (#eq? @_top \"x\"))"), Some("_top"));
        assert_eq!(root_capture("(function_definition name: (identifier) @name) @definition.function"), None);
        assert_eq!(root_capture("((call) (#eq? @c \"x\"))"), None);
    }

    /// A kind that patterns start at only with `#parent-is?` on their root starts only under those parents.
    #[test]
    fn a_root_checked_by_parent_is_starts_only_under_those_parents() {
        let lang = crate::language::by_name("typescript").unwrap();
        let walk = lang.tags().unwrap().walk.as_ref().unwrap();
        let text = "const a = 1;\nfunction f() {\n  const b = 2;\n}\n";
        let tree = crate::syntax::parse(lang, text).unwrap();
        let mut started = Vec::new();
        walk.for_each_start(tree.root_node(), None, &ModuleScopes::default(), |node, _| {
            if node.kind() == "lexical_declaration" {
                started.push(&text[node.byte_range()]);
            }
        });
        assert_eq!(started, ["const a = 1;"], "the nested declaration is no module-level variable");
    }

    /// A fresh walk of `language`'s tags query (the language's own keeps what its checks learnt).
    fn fresh_walk(language: &str) -> (&'static crate::language::Language, DefinitionWalk) {
        let lang = crate::language::by_name(language).unwrap();
        let tags = crate::query::compile_tags(&lang.grammar, lang.query_source("tags"), lang.sources.node_types);
        (lang, tags.unwrap().walk.unwrap())
    }

    /// JavaScript's expression statements start sixteen patterns; the cursor runs only at those whose
    /// shape one of them can match.
    #[test]
    fn statements_that_no_pattern_can_match_are_not_started_at() {
        let (lang, walk) = fresh_walk("javascript");
        let text = "'use strict';\nfoo(a, b);\na.b = 1;\nexports.x = core.x;\nexports.f = function () {};\n\
                    Foo.prototype.bar = baz;\nf(function named() {});\nx = y;\n";
        let tree = crate::syntax::parse(lang, text).unwrap();
        let mut started = Vec::new();
        walk.for_each_start(tree.root_node(), None, &ModuleScopes::default(), |node, _| {
            started.push(&text[node.byte_range()]);
        });
        assert_eq!(started, ["exports.f = function () {};", "Foo.prototype.bar = baz;", "f(function named() {});"]);
    }

    /// A pattern whose shape every node of its root kind has (`(function_definition name: (identifier))`)
    /// leaves that kind unchecked: the cursor runs at each anyway.
    #[test]
    fn a_shape_the_grammar_guarantees_is_not_checked() {
        let (lang, walk) = fresh_walk("python");
        let id = |kind: &str| kind_ids(&lang.grammar, kind, true)[0] as usize;
        assert!(walk.start_shapes[id("function_definition")].is_none());
        assert!(walk.start_shapes[id("class_definition")].is_none());
        assert!(walk.start_shapes[id("expression_statement")].is_some(), "only some assignments define a name");
    }

    #[test]
    fn pattern_roots_are_read_from_the_source() {
        assert_eq!(
            roots("(function_definition name: (identifier) @name) @definition.function").unwrap(),
            ["function_definition"]
        );
        assert_eq!(roots("; c\n((call) @c (#eq? @c \"x\"))").unwrap(), ["call"]);
        assert_eq!(roots("(expression/identifier) @x").unwrap(), ["identifier"]);
        assert_eq!(roots("[ (a (b)) @x \"tok\" (c \")\")* ] @y").unwrap(), ["a", "\"tok\"", "c"]);
        assert_eq!(roots("\"fn\" @kw").unwrap(), ["\"fn\""]);
        assert_eq!(roots("(_ (identifier) @name)"), None);
        assert_eq!(roots("[ (a) _ ]"), None);
    }

    #[test]
    fn holders_follow_fields_children_and_supertypes() {
        let json = r#"[
          {"type": "statement", "named": true, "subtypes": [{"type": "def", "named": true}, {"type": "expr", "named": true}]},
          {"type": "module", "named": true, "children": {"multiple": true, "required": false, "types": [{"type": "statement", "named": true}]}},
          {"type": "def", "named": true, "fields": {"body": {"multiple": true, "required": false, "types": [{"type": "block", "named": true}]}}},
          {"type": "block", "named": true, "children": {"multiple": true, "required": false, "types": [{"type": "statement", "named": true}]}},
          {"type": "expr", "named": true, "children": {"multiple": true, "required": false, "types": [{"type": "string", "named": true}]}},
          {"type": "string", "named": true}
        ]"#;
        let types = NodeTypes::parse(json).unwrap();
        let roots: HashSet<_> = types.concrete(&("def".to_string(), true)).into_iter().collect();
        let holders = types.holders_of(&roots);
        let mut names: Vec<&str> = holders.iter().map(|(k, _)| k.as_str()).collect();
        names.sort();
        assert_eq!(names, ["block", "def", "module"]);
        let via_supertype: Vec<_> = types.concrete(&("statement".to_string(), true));
        assert_eq!(via_supertype.len(), 2);
    }
}
