// Walks over a syntax tree that read tree-sitter's subtrees directly: the leaves of chosen kinds, and
// the nodes where a definition can start.
//
// A `TSTreeCursor` moves between visible nodes only: every step descends through hidden rules, tracks
// rows and columns, and re-reads alias sequences, so a full walk of a large tree costs nearly a quarter
// of its parse. These walks read the same subtrees with an explicit stack (no recursion, so no depth
// limit) and see the nodes a cursor would (visible nodes, aliases included), in the same order. They are
// compiled against the internal headers of the very tree-sitter crate that is linked (`build.rs`), so
// the layouts agree.
//
// The callbacks return nonzero to stop a walk.

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include "tree_sitter/api.h"
#include "language.h"
#include "subtree.h"
#include "tree.h"

typedef int (*arborist_leaf_fn)(void *context, uint16_t kind, uint32_t start, uint32_t end);

// What a walk reports leaves to: the kinds wanted (`wanted[k]` set for kind id `k`) and the callback.
typedef struct {
  const uint8_t *wanted;
  uint32_t wanted_len;
  arborist_leaf_fn emit;
  void *context;
} Leaves;

typedef struct {
  const Subtree *children;
  uint32_t count;
  uint32_t index;
  uint32_t structural_index;
  // where the next child's padding starts
  uint32_t position;
  const TSSymbol *aliases;
} Frame;

// A growable array of `T`: `grow(&array, &capacity, size, sizeof(T))` before adding the `size`th element.
static bool grow(void **array, uint32_t *capacity, uint32_t size, size_t item) {
  if (size < *capacity) return true;
  uint32_t wanted = *capacity ? 2 * *capacity : 64;
  void *grown = realloc(*array, wanted * item);
  if (!grown) return false;
  *array = grown;
  *capacity = wanted;
  return true;
}

static bool has_visible_descendants(Subtree node) {
  return ts_subtree_child_count(node) > 0 && node.ptr->visible_descendant_count > 0;
}

// Reports the visible node `node` (kind `kind`, content from `start`) when it is a leaf of a wanted kind.
static int report_leaf(const Leaves *leaves, Subtree node, TSSymbol kind, uint32_t start) {
  if (kind >= leaves->wanted_len || !leaves->wanted[kind]) return 0;
  return leaves->emit(leaves->context, kind, start, start + ts_subtree_size(node).bytes) ? 1 : 0;
}

// A stack of frames that one walk reuses for every subtree it reads the leaves of.
typedef struct {
  Frame *frames;
  uint32_t len, capacity;
} LeafStack;

// Reports the leaves below `node` (which has visible descendants; its padding starts at `position`).
// Returns 0; 1 when the callback stopped the walk; -1 when memory ran out.
static int leaves_below(const TSLanguage *language, Subtree node, uint32_t position, const Leaves *leaves,
                        LeafStack *stack) {
  stack->len = 0;
  if (!grow((void **)&stack->frames, &stack->capacity, 0, sizeof(Frame))) return -1;
  stack->frames[stack->len++] = (Frame){ts_subtree_children(node), ts_subtree_child_count(node), 0, 0, position,
                                        ts_language_alias_sequence(language, node.ptr->production_id)};
  while (stack->len > 0) {
    Frame *frame = &stack->frames[stack->len - 1];
    if (frame->index == frame->count) {
      stack->len--;
      continue;
    }
    Subtree child = frame->children[frame->index++];
    uint32_t at = frame->position;
    frame->position += ts_subtree_total_bytes(child);
    TSSymbol alias = 0;
    if (!ts_subtree_extra(child)) {
      if (frame->aliases) alias = frame->aliases[frame->structural_index];
      frame->structural_index++;
    }
    if (!has_visible_descendants(child)) {
      if (!alias && !ts_subtree_visible(child)) continue;
      TSSymbol kind = ts_language_public_symbol(language, alias ? alias : ts_subtree_symbol(child));
      if (report_leaf(leaves, child, kind, at + ts_subtree_padding(child).bytes)) return 1;
      continue;
    }
    if (!grow((void **)&stack->frames, &stack->capacity, stack->len, sizeof(Frame))) return -1;
    stack->frames[stack->len++] = (Frame){ts_subtree_children(child), ts_subtree_child_count(child), 0, 0, at,
                                          ts_language_alias_sequence(language, child.ptr->production_id)};
  }
  return 0;
}

// Reports `node` (visible, of kind `kind`, content from `start`) when it is a leaf, else the leaves below it.
static int leaves_of(const TSLanguage *language, Subtree node, TSSymbol kind, uint32_t start, const Leaves *leaves,
                     LeafStack *stack) {
  if (!has_visible_descendants(node)) return report_leaf(leaves, node, kind, start);
  return leaves_below(language, node, start - ts_subtree_padding(node).bytes, leaves, stack);
}

// Calls `emit` for each leaf under `root` (itself, when it is one) whose kind id `k` has `wanted[k]`
// set, in document order. Returns 0; 1 when `emit` stopped the walk; -1 when memory ran out (some
// leaves then went unreported).
int arborist_each_leaf(TSNode root, const uint8_t *wanted, uint32_t wanted_len, arborist_leaf_fn emit,
                       void *context) {
  Leaves leaves = {wanted, wanted_len, emit, context};
  LeafStack stack = {0};
  Subtree top = *(const Subtree *)root.id;
  int status = leaves_of(root.tree->language, top, ts_node_symbol(root), ts_node_start_byte(root), &leaves, &stack);
  free(stack.frames);
  return status;
}

// ---- definition starts ---------------------------------------------------------------------------

typedef int (*arborist_start_fn)(void *context, TSNode node, const TSNode *parent, const TSNode *earlier,
                                 uint32_t earlier_len);

typedef struct {
  const Subtree *children;
  uint32_t count;
  uint32_t index;
  uint32_t structural_index;
  // where the content (after the padding) of the child at `index` starts
  Length position;
  const TSSymbol *aliases;
  // whether the frame lists the children of a visible node (a level of the walk), not of a hidden one
  bool opens_level;
} StartFrame;

typedef struct {
  StartFrame *frames;
  uint32_t frames_len, frames_cap;
  // the visible ancestors of the current level, innermost last
  TSNode *parents;
  uint32_t parents_len, parents_cap;
  // the visible siblings met before the current node, level after level, and where each level starts
  TSNode *earlier;
  uint32_t earlier_len, earlier_cap;
  uint32_t *levels;
  uint32_t levels_len, levels_cap;
} StartWalk;

static void start_walk_free(StartWalk *w) {
  free(w->frames);
  free(w->parents);
  free(w->earlier);
  free(w->levels);
}

static bool push_frame(StartWalk *w, const TSLanguage *language, Subtree node, Length position, bool opens_level) {
  if (!grow((void **)&w->frames, &w->frames_cap, w->frames_len, sizeof(StartFrame))) return false;
  w->frames[w->frames_len++] = (StartFrame){ts_subtree_children(node), ts_subtree_child_count(node), 0, 0, position,
                                            ts_language_alias_sequence(language, node.ptr->production_id), opens_level};
  return true;
}

static bool push_earlier(StartWalk *w, TSNode node) {
  if (!grow((void **)&w->earlier, &w->earlier_cap, w->earlier_len, sizeof(TSNode))) return false;
  w->earlier[w->earlier_len++] = node;
  return true;
}

// Opens the level of the children of the visible node `node` (its subtree `subtree`, content at `position`).
static bool open_level(StartWalk *w, const TSLanguage *language, TSNode node, Subtree subtree, Length position) {
  if (!grow((void **)&w->parents, &w->parents_cap, w->parents_len, sizeof(TSNode))) return false;
  if (!grow((void **)&w->levels, &w->levels_cap, w->levels_len, sizeof(uint32_t))) return false;
  w->parents[w->parents_len++] = node;
  w->levels[w->levels_len++] = w->earlier_len;
  return push_frame(w, language, subtree, position, true);
}

static bool in_table(const uint8_t *table, uint32_t len, TSSymbol kind) {
  // a kind beyond the table (a syntax error's node) is in every table
  return kind >= len || table[kind];
}

// Calls `visit` for each visible node under `root` (itself included) whose kind id `k` has `starts[k]`
// set, in document order, with its visible parent (NULL for `root`) and the visible siblings before it
// that the walk met. Enters the children of a node when `descends[k]` is set for its kind or it holds a
// syntax error. Kinds at or beyond `len` (a syntax error's node) are in both tables. With `wanted`
// (else NULL), also calls `emit` for every leaf of the tree whose kind id `k` has `wanted[k]` set, as
// `arborist_each_leaf` does: one walk where two would each read the tree from memory. Returns 0; 1
// when a callback stopped the walk; -1 when memory ran out.
int arborist_each_start(TSNode root, const uint8_t *starts, const uint8_t *descends, uint32_t len,
                        arborist_start_fn visit, void *context, const uint8_t *wanted, uint32_t wanted_len,
                        arborist_leaf_fn emit, void *leaf_context) {
  const TSTree *tree = root.tree;
  const TSLanguage *language = tree->language;
  Leaves leaves = {wanted, wanted_len, emit, leaf_context};
  LeafStack leaf_stack = {0};
  Subtree top = *(const Subtree *)root.id;
  TSSymbol root_kind = ts_node_symbol(root);
  if (in_table(starts, len, root_kind) && visit(context, root, NULL, NULL, 0)) return 1;
  bool enter = in_table(descends, len, root_kind) || ts_subtree_error_cost(top) > 0;
  if (!enter || !has_visible_descendants(top)) {
    int status = wanted ? leaves_of(language, top, root_kind, ts_node_start_byte(root), &leaves, &leaf_stack) : 0;
    free(leaf_stack.frames);
    return status;
  }
  StartWalk w = {0};
  Length root_position = {root.context[0], {root.context[1], root.context[2]}};
  int status = 0;
  if (!open_level(&w, language, root, top, root_position)) status = -1;
  while (status == 0 && w.frames_len > 0) {
    StartFrame *frame = &w.frames[w.frames_len - 1];
    if (frame->index == frame->count) {
      bool closes_level = frame->opens_level;
      w.frames_len--;
      if (closes_level) {
        // the node whose children were the level is now an earlier sibling at its own level
        w.earlier_len = w.levels[--w.levels_len];
        if (!push_earlier(&w, w.parents[--w.parents_len])) status = -1;
      }
      continue;
    }
    const Subtree *child = &frame->children[frame->index++];
    Length position = frame->position;
    frame->position = length_add(position, ts_subtree_size(*child));
    if (frame->index < frame->count) {
      frame->position = length_add(frame->position, ts_subtree_padding(frame->children[frame->index]));
    }
    TSSymbol alias = 0;
    if (!ts_subtree_extra(*child)) {
      if (frame->aliases) alias = frame->aliases[frame->structural_index];
      frame->structural_index++;
    }
    if (!alias && !ts_subtree_visible(*child)) {
      if (has_visible_descendants(*child) && !push_frame(&w, language, *child, position, false)) status = -1;
      continue;
    }
    TSNode node = ts_node_new(tree, child, position, alias);
    TSSymbol kind = ts_language_public_symbol(language, alias ? alias : ts_subtree_symbol(*child));
    if (in_table(starts, len, kind)) {
      uint32_t level = w.levels[w.levels_len - 1];
      if (visit(context, node, &w.parents[w.parents_len - 1], w.earlier + level, w.earlier_len - level)) {
        status = 1;
        break;
      }
    }
    enter = in_table(descends, len, kind) || ts_subtree_error_cost(*child) > 0;
    if (enter && has_visible_descendants(*child)) {
      if (!open_level(&w, language, node, *child, position)) status = -1;
      continue;
    }
    if (!push_earlier(&w, node)) status = -1;
    if (status == 0 && wanted) status = leaves_of(language, *child, kind, position.bytes, &leaves, &leaf_stack);
  }
  start_walk_free(&w);
  free(leaf_stack.frames);
  return status;
}

// Whether the last leaf of `node` ends it, with nothing after it but more of the node's content: down
// its last children (past hidden tokens that take no room, such as a dedent), none is an extra (a
// comment), empty (a MISSING token) or a hidden token, so the node's end is its content's end
// (`last_content` in symbols.rs, without reading the children before the last at each level).
bool arborist_ends_with_content(TSNode node) {
  Subtree subtree = *(const Subtree *)node.id;
  for (;;) {
    uint32_t count = ts_subtree_child_count(subtree);
    if (count == 0) return true;
    const Subtree *children = ts_subtree_children(subtree);
    while (count > 0 && !has_visible_descendants(children[count - 1]) &&
           !ts_subtree_visible(children[count - 1]) && ts_subtree_total_bytes(children[count - 1]) == 0) {
      count--;
    }
    if (count == 0) return false;
    Subtree last = children[count - 1];
    if (ts_subtree_extra(last) || ts_subtree_size(last).bytes == 0) return false;
    if (!ts_subtree_visible(last) && !has_visible_descendants(last)) return false;
    subtree = last;
  }
}
