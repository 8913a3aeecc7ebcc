/* The call graph of a module: its callable ops (func.func) and the call ops
 * (CallOpInterface) in their bodies, with callers and callees indexed so
 * passes never rescan the module per call. */
#include "ir/ir_internal.h"
#include "sharc/pass.h"
#include "support/ptrmap.h"
#include "support/vec.h"

#include <stdlib.h>

typedef SHARC_VEC(sharc_op *) op_vec;

typedef struct cg_node {
  sharc_op *func;
  op_vec calls;   /* call ops inside the function, in walk order */
  op_vec callers; /* call ops calling it */
} cg_node;

struct sharc_call_graph {
  SHARC_VEC(cg_node) nodes;
  sharc_ptrmap index;  /* func -> index + 1 */
  sharc_ptrmap callee; /* call op -> callee func */
};

static sharc_walk_result collect_call(sharc_op *op, void *user) {
  op_vec *calls = user;
  if (sharc_op_has_trait(op, SHARC_TRAIT_CALL))
    sharc_vec_push(calls, op);
  return SHARC_WALK_ADVANCE;
}

sharc_call_graph *sharc_call_graph_build(sharc_op *module) {
  sharc_call_graph *cg = calloc(1, sizeof *cg);
  if (!cg)
    abort();
  for (unsigned r = 0; r < module->num_regions; r++)
    for (sharc_block *b = module->regions[r].first; b; b = b->next)
      for (sharc_op *op = b->first; op; op = op->next) {
        if (!sharc_op_has_trait(op, SHARC_TRAIT_CALLABLE))
          continue;
        cg_node n = {op, {0}, {0}};
        sharc_walk_nested(op, SHARC_PRE_ORDER, collect_call, &n.calls);
        sharc_vec_push(&cg->nodes, n);
        sharc_ptrmap_put(&cg->index, op, (void *)(uintptr_t)cg->nodes.len);
      }
  for (unsigned i = 0; i < cg->nodes.len; i++)
    for (unsigned k = 0; k < cg->nodes.items[i].calls.len; k++) {
      sharc_op *call = cg->nodes.items[i].calls.items[k];
      sharc_attr *ref = sharc_op_attr(call, "callee");
      sharc_op *target = ref ? sharc_symbol_lookup_ref(call, ref) : NULL;
      uintptr_t j = target ? (uintptr_t)sharc_ptrmap_get(&cg->index, target) : 0;
      if (!j)
        continue;
      sharc_ptrmap_put(&cg->callee, call, target);
      sharc_vec_push(&cg->nodes.items[j - 1].callers, call);
    }
  return cg;
}

void sharc_call_graph_destroy(sharc_call_graph *cg) {
  if (!cg)
    return;
  for (unsigned i = 0; i < cg->nodes.len; i++) {
    sharc_vec_free(&cg->nodes.items[i].calls);
    sharc_vec_free(&cg->nodes.items[i].callers);
  }
  sharc_vec_free(&cg->nodes);
  sharc_ptrmap_free(&cg->index);
  sharc_ptrmap_free(&cg->callee);
  free(cg);
}

unsigned sharc_call_graph_size(const sharc_call_graph *cg) { return cg->nodes.len; }
sharc_op *sharc_call_graph_func(const sharc_call_graph *cg, unsigned i) {
  return cg->nodes.items[i].func;
}

int sharc_call_graph_index(const sharc_call_graph *cg, const sharc_op *func) {
  return (int)(uintptr_t)sharc_ptrmap_get(&cg->index, func) - 1;
}

unsigned sharc_call_graph_num_calls(const sharc_call_graph *cg, unsigned i) {
  return cg->nodes.items[i].calls.len;
}

sharc_op *sharc_call_graph_call(const sharc_call_graph *cg, unsigned i, unsigned k) {
  return cg->nodes.items[i].calls.items[k];
}

unsigned sharc_call_graph_num_callers(const sharc_call_graph *cg, unsigned i) {
  return cg->nodes.items[i].callers.len;
}

sharc_op *sharc_call_graph_caller(const sharc_call_graph *cg, unsigned i, unsigned k) {
  return cg->nodes.items[i].callers.items[k];
}

sharc_op *sharc_call_graph_callee(const sharc_call_graph *cg, const sharc_op *call) {
  return sharc_ptrmap_get(&cg->callee, call);
}

/* Iterative DFS: 0 unvisited, 1 on the stack, 2 done. */
typedef struct dfs_frame {
  unsigned node, next_call;
} dfs_frame;

static bool visit_from(const sharc_call_graph *cg, unsigned root, unsigned char *state,
                       sharc_op **out, unsigned *n_out, sharc_op **cycle) {
  SHARC_VEC(dfs_frame) stack = {0};
  dfs_frame f0 = {root, 0};
  sharc_vec_push(&stack, f0);
  state[root] = 1;
  bool ok = true;
  while (stack.len) {
    dfs_frame *f = &sharc_vec_last(&stack);
    const cg_node *n = &cg->nodes.items[f->node];
    if (f->next_call == n->calls.len) {
      state[f->node] = 2;
      out[(*n_out)++] = n->func;
      stack.len--;
      continue;
    }
    sharc_op *target = sharc_call_graph_callee(cg, n->calls.items[f->next_call++]);
    if (!target)
      continue;
    unsigned j = (unsigned)sharc_call_graph_index(cg, target);
    if (state[j] == 1 && ok) {
      ok = false;
      *cycle = target;
    }
    if (state[j])
      continue;
    state[j] = 1;
    dfs_frame next = {j, 0};
    sharc_vec_push(&stack, next);
  }
  sharc_vec_free(&stack);
  return ok;
}

bool sharc_call_graph_post_order(const sharc_call_graph *cg, sharc_op **out, sharc_op **cycle) {
  unsigned n = cg->nodes.len, n_out = 0;
  unsigned char *state = calloc(n ? n : 1, 1);
  if (!state)
    abort();
  bool ok = true;
  *cycle = NULL;
  for (int pass = 0; pass < 2; pass++)
    for (unsigned i = 0; i < n; i++) {
      /* roots first: functions nobody calls, then whatever a cycle hid */
      if (state[i] || (pass == 0 && cg->nodes.items[i].callers.len))
        continue;
      ok &= visit_from(cg, i, state, out, &n_out, ok ? cycle : &(sharc_op *){NULL});
    }
  free(state);
  return ok;
}

/* A function MLIR's call graph has a node for: one with a body. */
static bool has_body(const sharc_op *func) {
  return func->num_regions && func->regions[0].first;
}

unsigned sharc_call_graph_reverse_post_order(const sharc_call_graph *cg, sharc_op **out) {
  unsigned n = cg->nodes.len, n_out = 0;
  unsigned char *seen = calloc(n ? n : 1, 1);
  if (!seen)
    abort();
  SHARC_VEC(dfs_frame) stack = {0};
  for (unsigned root = 0; root < n; root++) {
    if (seen[root] || !has_body(cg->nodes.items[root].func))
      continue;
    seen[root] = 1;
    dfs_frame f0 = {root, 0};
    sharc_vec_push(&stack, f0);
    while (stack.len) {
      dfs_frame *f = &sharc_vec_last(&stack);
      const cg_node *node = &cg->nodes.items[f->node];
      if (f->next_call == node->calls.len) {
        out[n_out++] = node->func;
        stack.len--;
        continue;
      }
      sharc_op *target = sharc_call_graph_callee(cg, node->calls.items[f->next_call++]);
      if (!target || !has_body(target))
        continue;
      unsigned j = (unsigned)sharc_call_graph_index(cg, target);
      if (seen[j])
        continue;
      seen[j] = 1;
      dfs_frame next = {j, 0};
      sharc_vec_push(&stack, next);
    }
  }
  sharc_vec_free(&stack);
  free(seen);
  for (unsigned i = 0; i < n_out / 2; i++) {
    sharc_op *t = out[i];
    out[i] = out[n_out - 1 - i];
    out[n_out - 1 - i] = t;
  }
  return n_out;
}
