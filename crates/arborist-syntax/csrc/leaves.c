// The leaf nodes of a syntax tree, read from tree-sitter's subtrees directly.
//
// A `TSTreeCursor` walks visible nodes only: every step descends through hidden rules, tracks rows and
// columns, and re-reads alias sequences, so a full walk of a large tree costs nearly a quarter of its
// parse. This walk reads the same subtrees with a byte offset and an explicit stack (no recursion, so no
// depth limit), and reports the leaves a cursor would stop at (visible nodes, aliases included, with no
// visible descendant) whose public kind id the caller asked for. It is compiled against the internal
// headers of the very tree-sitter crate that is linked (`build.rs`), so the layouts agree.
//
// `emit` returns nonzero to stop the walk.

#include <stdint.h>
#include <stdlib.h>
#include "tree_sitter/api.h"
#include "language.h"
#include "subtree.h"
#include "tree.h"

typedef int (*arborist_leaf_fn)(void *context, uint16_t kind, uint32_t start, uint32_t end);

typedef struct {
  const Subtree *children;
  uint32_t count;
  uint32_t index;
  uint32_t structural_index;
  // where the next child's padding starts
  uint32_t position;
  const TSSymbol *aliases;
} Frame;


static int has_visible_descendants(Subtree node) {
  return ts_subtree_child_count(node) > 0 && node.ptr->visible_descendant_count > 0;
}

// Calls `emit` for each leaf under `root` (itself, when it is one) whose kind id `k` has `wanted[k]`
// set, in document order. Returns 0; 1 when `emit` stopped the walk; -1 when memory ran out (some
// leaves then went unreported).
int arborist_each_leaf(TSNode root, const uint8_t *wanted, uint32_t wanted_len, arborist_leaf_fn emit,
                       void *context) {
  const TSLanguage *language = root.tree->language;
  Subtree top = *(const Subtree *)root.id;
  uint32_t top_position = ts_node_start_byte(root) - ts_subtree_padding(top).bytes;
  if (!has_visible_descendants(top)) {
    TSSymbol kind = ts_node_symbol(root);
    if (kind < wanted_len && wanted[kind]) return emit(context, kind, ts_node_start_byte(root), ts_node_end_byte(root)) ? 1 : 0;
    return 0;
  }
  uint32_t capacity = 64, depth = 0;
  Frame *stack = malloc(capacity * sizeof(Frame));
  if (!stack) return -1;
  stack[depth++] = (Frame){ts_subtree_children(top), ts_subtree_child_count(top), 0, 0, top_position,
                           ts_language_alias_sequence(language, top.ptr->production_id)};
  while (depth > 0) {
    Frame *frame = &stack[depth - 1];
    if (frame->index == frame->count) {
      depth--;
      continue;
    }
    Subtree child = frame->children[frame->index++];
    uint32_t position = frame->position;
    frame->position += ts_subtree_total_bytes(child);
    TSSymbol alias = 0;
    if (!ts_subtree_extra(child)) {
      if (frame->aliases) alias = frame->aliases[frame->structural_index];
      frame->structural_index++;
    }
    if (!has_visible_descendants(child)) {
      if (!alias && !ts_subtree_visible(child)) continue;
      TSSymbol kind = ts_language_public_symbol(language, alias ? alias : ts_subtree_symbol(child));
      if (kind >= wanted_len || !wanted[kind]) continue;
      uint32_t start = position + ts_subtree_padding(child).bytes;
      if (emit(context, kind, start, start + ts_subtree_size(child).bytes)) {
        free(stack);
        return 1;
      }
      continue;
    }
    if (depth == capacity) {
      Frame *grown = realloc(stack, 2 * capacity * sizeof(Frame));
      if (!grown) {
        free(stack);
        return -1;
      }
      stack = grown;
      capacity *= 2;
    }
    stack[depth++] = (Frame){ts_subtree_children(child), ts_subtree_child_count(child), 0, 0, position,
                             ts_language_alias_sequence(language, child.ptr->production_id)};
  }
  free(stack);
  return 0;
}
