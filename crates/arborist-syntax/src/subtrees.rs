//! Walks over a syntax tree in `csrc/walks.c`, which read tree-sitter's subtrees directly: the leaves
//! of chosen kinds (for the identifier index, which reads every leaf of every file) and the nodes where
//! a definition can start (symbol extraction). They cost a fraction of a tree cursor's walk (every leaf of
//! Django's 3,358 files: 258 ms against 404) and meet the nodes a cursor meets, in the same order.

use std::any::Any;
use std::ffi::{c_int, c_void};
use std::ops::Range;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use tree_sitter::Node;

use tree_sitter::ffi::TSNode;

type Emit = unsafe extern "C" fn(context: *mut c_void, kind: u16, start: u32, end: u32) -> c_int;
type VisitStart = unsafe extern "C" fn(
    context: *mut c_void,
    node: TSNode,
    parent: *const TSNode,
    earlier: *const TSNode,
    earlier_len: u32,
) -> c_int;

unsafe extern "C" {
    fn arborist_ends_with_content(node: TSNode) -> bool;
    fn arborist_each_leaf(root: TSNode, wanted: *const u8, wanted_len: u32, emit: Emit, context: *mut c_void) -> c_int;
    fn arborist_each_start(
        root: TSNode,
        starts: *const u8,
        descends: *const u8,
        len: u32,
        visit: VisitStart,
        context: *mut c_void,
        wanted: *const u8,
        wanted_len: u32,
        emit: Emit,
        leaf_context: *mut c_void,
    ) -> c_int;
}

/// What a C walk calls back into: the caller's function, and the panic that stopped it, if one did.
struct Visit<F> {
    call: F,
    panic: Option<Box<dyn Any + Send>>,
}

unsafe extern "C" fn emit<F: FnMut(u16, Range<usize>)>(context: *mut c_void, kind: u16, start: u32, end: u32) -> c_int {
    // SAFETY: `context` is the `Visit<F>` that `each_leaf` passed, borrowed mutably for the walk.
    unsafe { call_back::<F>(context, |leaf| leaf(kind, start as usize..end as usize)) }
}

/// Runs `call` on the `Visit` behind `context`; a panic is kept there and stops the walk (nonzero).
///
/// # Safety
/// `context` is a `Visit<F>` borrowed mutably for the walk.
unsafe fn call_back<F>(context: *mut c_void, call: impl FnOnce(&mut F)) -> c_int {
    // SAFETY: the caller's promise.
    let visit = unsafe { &mut *(context as *mut Visit<F>) };
    match catch_unwind(AssertUnwindSafe(|| call(&mut visit.call))) {
        Ok(()) => 0,
        Err(panic) => {
            visit.panic = Some(panic);
            1
        }
    }
}

unsafe extern "C" fn visit_start<'t, F: FnMut(Node<'t>, Option<Node<'t>>, &[Node<'t>])>(
    context: *mut c_void,
    node: TSNode,
    parent: *const TSNode,
    earlier: *const TSNode,
    earlier_len: u32,
) -> c_int {
    // SAFETY: the nodes are of the tree `each_start` walks, which outlives the walk; `parent` is null or
    // points to a node, `earlier` to `earlier_len` nodes, both alive during this call; `Node` is a
    // transparent `TSNode`; `context` is the `Visit<F>` that `each_start` passed.
    unsafe {
        let node = Node::from_raw(node);
        let parent = parent.as_ref().map(|p| Node::from_raw(*p));
        let earlier: &[Node<'t>] = if earlier_len == 0 {
            &[]
        } else {
            std::slice::from_raw_parts(earlier as *const Node<'t>, earlier_len as usize)
        };
        call_back::<F>(context, |visit| visit(node, parent, earlier))
    }
}

/// Calls `visit` with each node under `root` (itself included) whose kind id `k` has `starts[k] != 0`,
/// in document order, with its parent (None for `root`) and the siblings before it; enters the children
/// of a node whose kind has `descends[k] != 0` or that holds a syntax error. A kind id at or beyond the
/// tables' length (a syntax error's node) is in both. With `leaves` (`wanted` and `leaf`), also does what
/// `each_leaf` does, in the same walk (which reads the tree from memory once, not twice). A panic in a
/// callback stops the walk and resumes once it is back in Rust.
pub fn each_start<'t, F: FnMut(Node<'t>, Option<Node<'t>>, &[Node<'t>]), G: FnMut(u16, Range<usize>)>(
    root: Node<'t>,
    starts: &[u8],
    descends: &[u8],
    visit: F,
    leaves: Option<(&[u8], G)>,
) {
    assert_eq!(starts.len(), descends.len(), "one table length");
    let mut visit = Visit { call: visit, panic: None };
    let len = u32::try_from(starts.len()).unwrap_or(u32::MAX);
    let (wanted, leaf) = match leaves {
        Some((wanted, leaf)) => (Some(wanted), Some(leaf)),
        None => (None, None),
    };
    let mut leaf = Visit { call: leaf, panic: None };
    let wanted_len = wanted.map_or(0, |w| u32::try_from(w.len()).unwrap_or(u32::MAX));
    // SAFETY: the node belongs to a live tree borrowed for 't; the tables outlive the call and hold the
    // lengths given; `visit_start::<F>` and `emit_some::<G>` receive the `Visit` pointers they expect.
    let status = unsafe {
        let context = &mut visit as *mut Visit<F> as *mut c_void;
        let leaf_context = &mut leaf as *mut Visit<Option<G>> as *mut c_void;
        let wanted = wanted.map_or(std::ptr::null(), |w| w.as_ptr());
        arborist_each_start(
            root.into_raw(),
            starts.as_ptr(),
            descends.as_ptr(),
            len,
            visit_start::<F>,
            context,
            wanted,
            wanted_len,
            emit_some::<G>,
            leaf_context,
        )
    };
    if let Some(panic) = visit.panic.or(leaf.panic) {
        resume_unwind(panic);
    }
    assert!(status >= 0, "out of memory walking a syntax tree");
}

unsafe extern "C" fn emit_some<G: FnMut(u16, Range<usize>)>(
    context: *mut c_void,
    kind: u16,
    start: u32,
    end: u32,
) -> c_int {
    // SAFETY: `context` is the `Visit<Option<G>>` that `each_start` passed, borrowed mutably for
    // the walk (and called only when it holds a function: the walk reports leaves only then).
    unsafe {
        call_back::<Option<G>>(context, |leaf| {
            if let Some(leaf) = leaf {
                leaf(kind, start as usize..end as usize)
            }
        })
    }
}

/// Calls `leaf` with the kind id and byte range of each leaf under `root` (itself, when it has no
/// visible child) whose kind id `k` has `wanted[k] != 0`, in document order. A panic in `leaf` stops
/// the walk and resumes once it is back in Rust.
pub fn each_leaf<F: FnMut(u16, Range<usize>)>(root: Node, wanted: &[u8], leaf: F) {
    let mut visit = Visit { call: leaf, panic: None };
    let len = u32::try_from(wanted.len()).unwrap_or(u32::MAX);
    // SAFETY: the node belongs to a live tree borrowed for this call; `wanted` outlives the call and holds
    // `len` bytes; `emit::<F>` receives the `visit` pointer it expects.
    let status = unsafe {
        arborist_each_leaf(root.into_raw(), wanted.as_ptr(), len, emit::<F>, &mut visit as *mut Visit<F> as *mut c_void)
    };
    if let Some(panic) = visit.panic {
        resume_unwind(panic);
    }
    assert!(status >= 0, "out of memory walking a syntax tree");
}

/// Whether `node`'s last leaf ends it with nothing but content before: no comment or other extra, no
/// empty token and no hidden token down its last children. Then its content ends where it does.
pub fn ends_with_content(node: Node) -> bool {
    // SAFETY: the node belongs to a live tree borrowed for this call; the walk only reads its subtrees.
    unsafe { arborist_ends_with_content(node.into_raw()) }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The leaves a tree cursor stops at, with their kind ids and byte ranges.
    fn cursor_leaves(root: Node) -> Vec<(u16, Range<usize>)> {
        let mut out = Vec::new();
        each_node(root, |node| {
            if node.child_count() == 0 {
                out.push((node.kind_id(), node.byte_range()));
            }
        });
        out
    }

    /// Calls `f` with every node under `root` (itself included) that a tree cursor stops at, each before
    /// its children.
    pub(crate) fn each_node<'t>(root: Node<'t>, mut f: impl FnMut(Node<'t>)) {
        let mut cursor = root.walk();
        loop {
            f(cursor.node());
            if cursor.goto_first_child() {
                continue;
            }
            while !cursor.goto_next_sibling() {
                if !cursor.goto_parent() {
                    return;
                }
            }
        }
    }

    /// Every fixture of a language compiled in: its path, language and text.
    pub(crate) fn fixtures() -> Vec<(String, &'static crate::language::Language, String)> {
        let mut paths = Vec::new();
        files(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"), &mut paths);
        let read = |path: std::path::PathBuf| {
            let name = path.to_string_lossy().into_owned();
            Some((name.clone(), crate::language::for_file(&name, &path)?, std::fs::read_to_string(&path).ok()?))
        };
        paths.into_iter().filter_map(read).collect()
    }

    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("the fixtures are readable").flatten() {
            let path = entry.path();
            if path.is_dir() { files(&path, out) } else { out.push(path) }
        }
    }

    #[test]
    fn the_leaves_are_a_cursors_leaves_in_every_fixture() {
        let mut languages = std::collections::BTreeSet::new();
        for (name, lang, text) in fixtures() {
            let Ok(tree) = crate::syntax::parse(lang, &text) else { continue };
            let every = vec![1u8; lang.grammar.node_kind_count()];
            let some: Vec<u8> = (0..every.len()).map(|k| (k % 3 == 0) as u8).collect();
            let mut roots = vec![tree.root_node()];
            roots.extend(tree.root_node().named_child(0));
            for root in roots {
                let mut walked = Vec::new();
                each_leaf(root, &every, |kind, range| walked.push((kind, range)));
                let mut expected = cursor_leaves(root);
                // an ERROR leaf's id (u16::MAX) is in no table
                expected.retain(|(kind, _)| (*kind as usize) < every.len());
                assert_eq!(walked, expected, "{name}");
                let mut chosen = Vec::new();
                each_leaf(root, &some, |kind, range| chosen.push((kind, range)));
                walked.retain(|(kind, _)| kind % 3 == 0);
                assert_eq!(chosen, walked, "{name}");
            }
            languages.insert(lang.name());
        }
        assert!(languages.len() >= 30, "fixtures of {} languages read", languages.len());
    }

    /// The definition walk of the whole tree (in C) meets the nodes, parents and earlier siblings that its
    /// walk with a cursor (over a range) meets (each walk's shape checks starting their trials afresh:
    /// when a trial ends depends on the nodes checked before).
    #[test]
    fn the_starts_are_a_cursors_starts_in_every_fixture() {
        type Met = Vec<(usize, Option<usize>, Vec<usize>)>;
        let (mut languages, mut starts) = (std::collections::BTreeSet::new(), 0);
        for (name, lang, text) in fixtures() {
            let Some(walk) = lang.tags().and_then(|t| t.walk.as_ref()) else { continue };
            let Ok(tree) = crate::syntax::parse(lang, &text) else { continue };
            let mut roots = vec![tree.root_node()];
            roots.extend(tree.root_node().named_child(0));
            for root in roots {
                let met = |range: Option<&Range<usize>>| {
                    let walk = walk.untried();
                    let mut met: Met = Vec::new();
                    let scopes = crate::query::ModuleScopes::default();
                    walk.for_each_start(root, range, &scopes, |node, near| {
                        let earlier = near.earlier.iter().map(|n| n.id()).collect();
                        met.push((node.id(), near.parent.map(|p| p.id()), earlier));
                    });
                    met
                };
                let by_subtrees = met(None);
                assert_eq!(by_subtrees, met(Some(&(0..usize::MAX))), "{name}");
                starts += by_subtrees.len();
            }
            languages.insert(lang.name());
        }
        assert!(languages.len() >= 30 && starts > 1000, "{} languages, {starts} starts", languages.len());
    }

    #[test]
    fn a_panic_in_the_callback_comes_back_as_a_panic() {
        let lang = crate::language::by_name("python").unwrap();
        let tree = crate::syntax::parse(lang, "a = b\n").unwrap();
        let every = vec![1u8; lang.grammar.node_kind_count()];
        let caught = std::panic::catch_unwind(|| each_leaf(tree.root_node(), &every, |_, _| panic!("stop")));
        assert!(caught.is_err());
    }
}
