/* The call graph, built once per use and shared by every pass that walks
 * calls. Two shapes of the same graph: the module's (its top-level callable
 * ops, func.func, and the call ops (CallOpInterface) in their bodies, with
 * callers and callees indexed so passes never rescan the module per call)
 * and MLIR's CallGraph (a node per callable region at any depth, an
 * external and an unknown-callee node, edges in insertion order), which the
 * inliner walks by strongly connected components. The depth-first walks
 * and the SCC walk live here once. */
#include "pass/call_graph.h"

#include "ir/ir_internal.h"
#include "sharc/pass.h"
#include "sharc/symbols.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdlib.h>

typedef SHARC_VEC(sharc_op *) op_vec;

typedef struct cg_edge {
  unsigned target;
  sharc_cg_edge_kind kind;
} cg_edge;

typedef struct cg_node {
  sharc_op *func; /* NULL for the external and unknown nodes */
  op_vec calls;   /* call ops inside the function, in walk order */
  op_vec callers; /* call ops calling it */
  /* MLIR's shape only */
  sharc_region *region; /* the callable region */
  int parent;           /* the enclosing callable's node, -1 */
  SHARC_VEC(cg_edge) edges;
  sharc_ptrmap edge_set; /* target * 3 + kind + 1 -> present */
  bool has_children;
} cg_node;

struct sharc_call_graph {
  SHARC_VEC(cg_node) nodes;
  sharc_ptrmap index;     /* func -> index + 1 */
  sharc_ptrmap callee;    /* call op -> callee func */
  sharc_ptrmap by_region; /* MLIR's shape: callable region -> index + 1 */
};

static sharc_walk_result collect_call(sharc_op *op, void *user) {
  op_vec *calls = user;
  if (sharc_op_has_trait(op, SHARC_TRAIT_CALL))
    sharc_vec_push(calls, op);
  return SHARC_WALK_ADVANCE;
}

sharc_call_graph *sharc_call_graph_build(sharc_op *module) {
  sharc_call_graph *cg = sharc_xcalloc(1, sizeof *cg);
  /* a module without call ops (a transformer is one function) needs no
   * walk of every op for them: the functions are all there is */
  bool may_call = sharc_context_created_trait(sharc_op_context(module), SHARC_TRAIT_CALL);
  for (unsigned r = 0; r < module->num_regions; r++)
    for (sharc_block *b = sharc_op_regions_of(module)[r].first; b; b = b->next)
      for (sharc_op *op = b->first; op; op = op->next) {
        if (!sharc_op_has_trait(op, SHARC_TRAIT_CALLABLE))
          continue;
        cg_node n = {.func = op, .parent = -1};
        if (may_call)
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
    sharc_vec_free(&cg->nodes.items[i].edges);
    sharc_ptrmap_free(&cg->nodes.items[i].edge_set);
  }
  sharc_vec_free(&cg->nodes);
  sharc_ptrmap_free(&cg->index);
  sharc_ptrmap_free(&cg->callee);
  sharc_ptrmap_free(&cg->by_region);
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

/* ---- depth-first walks of the module's graph ------------------------------------ */

typedef struct dfs_frame {
  unsigned node, next_call;
} dfs_frame;

sharc_op *sharc_call_graph_dfs(const sharc_call_graph *cg, unsigned root, unsigned char *state,
                               sharc_call_graph_follow_fn follow, sharc_op **post,
                               unsigned *n_post) {
  SHARC_VEC(dfs_frame) stack = {0};
  dfs_frame f0 = {root, 0};
  sharc_vec_push(&stack, f0);
  state[root] = 1;
  sharc_op *back = NULL;
  while (stack.len) {
    dfs_frame *f = &sharc_vec_last(&stack);
    const cg_node *n = &cg->nodes.items[f->node];
    if (f->next_call == n->calls.len) {
      state[f->node] = 2;
      if (post)
        post[(*n_post)++] = n->func;
      stack.len--;
      continue;
    }
    sharc_op *call = n->calls.items[f->next_call++];
    sharc_op *target = sharc_call_graph_callee(cg, call);
    if (!target || (follow && !follow(call, target)))
      continue;
    unsigned j = (unsigned)sharc_call_graph_index(cg, target);
    if (state[j] == 1 && !back)
      back = call;
    if (state[j])
      continue;
    state[j] = 1;
    dfs_frame next = {j, 0};
    sharc_vec_push(&stack, next);
  }
  sharc_vec_free(&stack);
  return back;
}

static unsigned char *new_dfs_state(const sharc_call_graph *cg) {
  unsigned char *state = sharc_xcalloc(cg->nodes.len ? cg->nodes.len : 1, 1);
  return state;
}

bool sharc_call_graph_post_order(const sharc_call_graph *cg, sharc_op **out, sharc_op **cycle) {
  unsigned n = cg->nodes.len, n_out = 0;
  unsigned char *state = new_dfs_state(cg);
  *cycle = NULL;
  for (int pass = 0; pass < 2; pass++)
    for (unsigned i = 0; i < n; i++) {
      /* roots first: functions nobody calls, then whatever a cycle hid */
      if (state[i] || (pass == 0 && cg->nodes.items[i].callers.len))
        continue;
      sharc_op *back = sharc_call_graph_dfs(cg, i, state, NULL, out, &n_out);
      if (back && !*cycle)
        *cycle = sharc_call_graph_callee(cg, back);
    }
  free(state);
  return !*cycle;
}

/* A function MLIR's call graph has a node for: one with a body. */
static bool has_body(const sharc_op *func) {
  return func->num_regions && sharc_op_regions_of(func)[0].first;
}

static bool callee_has_body(sharc_op *call, sharc_op *callee) {
  (void)call;
  return has_body(callee);
}

unsigned sharc_call_graph_reverse_post_order(const sharc_call_graph *cg, sharc_op **out) {
  unsigned n = cg->nodes.len, n_out = 0;
  unsigned char *state = new_dfs_state(cg);
  for (unsigned root = 0; root < n; root++)
    if (!state[root] && has_body(cg->nodes.items[root].func))
      sharc_call_graph_dfs(cg, root, state, callee_has_body, out, &n_out);
  free(state);
  for (unsigned i = 0; i < n_out / 2; i++) {
    sharc_op *t = out[i];
    out[i] = out[n_out - 1 - i];
    out[n_out - 1 - i] = t;
  }
  return n_out;
}

sharc_op *sharc_call_graph_find_cycle(const sharc_call_graph *cg, sharc_call_graph_follow_fn follow) {
  unsigned n = cg->nodes.len;
  unsigned char *state = new_dfs_state(cg);
  sharc_op *found = NULL;
  for (unsigned i = 0; i < n && !found; i++)
    if (!state[i] && has_body(cg->nodes.items[i].func))
      found = sharc_call_graph_dfs(cg, i, state, follow, NULL, NULL);
  free(state);
  return found;
}

/* ---- MLIR's CallGraph -------------------------------------------------------------- */

sharc_region *sharc_callable_region(sharc_op *op) {
  if (!sharc_op_has_trait(op, SHARC_TRAIT_CALLABLE) || !op->num_regions || !sharc_op_regions_of(op)[0].first)
    return NULL;
  return &sharc_op_regions_of(op)[0];
}

static unsigned add_region_node(sharc_call_graph *cg, sharc_op *callable, sharc_region *region,
                                int parent) {
  cg_node n = {.func = callable, .region = region, .parent = parent};
  sharc_vec_push(&cg->nodes, n);
  unsigned idx = cg->nodes.len - 1;
  if (region)
    sharc_ptrmap_put(&cg->by_region, region, (void *)(uintptr_t)(idx + 1));
  return idx;
}

/* An edge is added once per (target, kind), as MLIR's SetVector of edges. */
static void add_edge(sharc_call_graph *cg, unsigned from, unsigned to, sharc_cg_edge_kind kind) {
  cg_node *n = &cg->nodes.items[from];
  uintptr_t key = (uintptr_t)to * 3 + kind + 1;
  if (sharc_ptrmap_get(&n->edge_set, (void *)key))
    return;
  sharc_ptrmap_put(&n->edge_set, (void *)key, (void *)1);
  cg_edge e = {to, kind};
  sharc_vec_push(&n->edges, e);
  if (kind == SHARC_CG_EDGE_CHILD)
    n->has_children = true;
}

int sharc_call_graph_node_of_region(const sharc_call_graph *cg, const sharc_region *r) {
  return (int)(uintptr_t)sharc_ptrmap_get(&cg->by_region, r) - 1;
}

int sharc_call_graph_node_of_callable(const sharc_call_graph *cg, sharc_op *op) {
  sharc_region *r = op ? sharc_callable_region(op) : NULL;
  return r ? sharc_call_graph_node_of_region(cg, r) : -1;
}

unsigned sharc_call_graph_resolve_call(const sharc_call_graph *cg, sharc_op *call) {
  sharc_attr *ref = sharc_op_attr(call, "callee");
  int idx = sharc_call_graph_node_of_callable(cg, ref ? sharc_symbol_resolve_nearest(call, ref) : NULL);
  return idx < 0 ? SHARC_CG_UNKNOWN_NODE : (unsigned)idx;
}

/* Whether every callable below `top` sits in top's body, in verified IR:
 * a callable (func.func) is a symbol, and top is the one symbol table, so
 * the walk for callables needs to enter no other op's regions (most of a
 * module's ops). */
static bool callables_only_in_tables(sharc_op *top) {
  return sharc_context_symbols_in_one_table(sharc_op_ctx_of(top)) &&
         sharc_op_has_trait(top, SHARC_TRAIT_SYMBOL_TABLE);
}

/* Two passes as MLIR: nodes first (a call may precede its callee), then
 * the call edges. `tables_only`: the nodes' pass enters symbol tables only
 * (see callables_only_in_tables). */
static void visit_for_graph(sharc_call_graph *cg, sharc_op *op, int parent, bool calls,
                            bool tables_only) {
  if (sharc_op_has_trait(op, SHARC_TRAIT_CALL)) {
    if (calls && parent >= 0)
      add_edge(cg, (unsigned)parent, sharc_call_graph_resolve_call(cg, op), SHARC_CG_EDGE_CALL);
    return;
  }
  if (sharc_op_has_trait(op, SHARC_TRAIT_CALLABLE)) {
    sharc_region *r = sharc_callable_region(op);
    if (!r)
      return;
    int idx = sharc_call_graph_node_of_region(cg, r);
    if (idx < 0) {
      idx = (int)add_region_node(cg, op, r, parent);
      add_edge(cg, parent >= 0 ? (unsigned)parent : SHARC_CG_EXTERNAL_NODE, (unsigned)idx,
               parent >= 0 ? SHARC_CG_EDGE_CHILD : SHARC_CG_EDGE_ABSTRACT);
    }
    parent = idx;
  }
  if (tables_only && !sharc_op_has_trait(op, SHARC_TRAIT_SYMBOL_TABLE))
    return;
  for (unsigned i = 0; i < op->num_regions; i++)
    for (sharc_block *b = sharc_op_regions_of(op)[i].first; b; b = b->next)
      for (sharc_op *o = b->first; o; o = o->next)
        visit_for_graph(cg, o, parent, calls, tables_only);
}

sharc_call_graph *sharc_call_graph_build_regions(sharc_op *top) {
  sharc_call_graph *cg = sharc_xcalloc(1, sizeof *cg);
  add_region_node(cg, NULL, NULL, -1);
  add_region_node(cg, NULL, NULL, -1);
  visit_for_graph(cg, top, -1, false, callables_only_in_tables(top));
  /* only call ops add edges: with none ever made, the second walk of
   * every op has none to find */
  if (sharc_context_created_trait(sharc_op_ctx_of(top), SHARC_TRAIT_CALL))
    visit_for_graph(cg, top, -1, true, false);
  return cg;
}

sharc_region *sharc_call_graph_region(const sharc_call_graph *cg, unsigned i) {
  return cg->nodes.items[i].region;
}

int sharc_call_graph_parent(const sharc_call_graph *cg, unsigned i) {
  return cg->nodes.items[i].parent;
}

bool sharc_call_graph_has_children(const sharc_call_graph *cg, unsigned i) {
  return cg->nodes.items[i].has_children;
}

unsigned sharc_call_graph_num_edges(const sharc_call_graph *cg, unsigned i) {
  return cg->nodes.items[i].edges.len;
}

unsigned sharc_call_graph_edge_target(const sharc_call_graph *cg, unsigned i, unsigned k) {
  return cg->nodes.items[i].edges.items[k].target;
}

sharc_cg_edge_kind sharc_call_graph_edge_kind(const sharc_call_graph *cg, unsigned i, unsigned k) {
  return cg->nodes.items[i].edges.items[k].kind;
}

/* Tarjan's algorithm from the external node, as llvm::scc_iterator runs it,
 * so components come callees first and in the order MLIR visits them. */
typedef struct tarjan_frame {
  unsigned node, next_edge, min;
} tarjan_frame;

unsigned sharc_call_graph_sccs(const sharc_call_graph *cg, unsigned *nodes, unsigned *ends) {
  unsigned n = cg->nodes.len, counter = 0, n_nodes = 0, n_sccs = 0;
  unsigned *number = sharc_xcalloc(n ? n : 1, sizeof *number);
  SHARC_VEC(tarjan_frame) frames = {0};
  SHARC_VEC(unsigned) stack = {0};
  number[SHARC_CG_EXTERNAL_NODE] = ++counter;
  sharc_vec_push(&stack, SHARC_CG_EXTERNAL_NODE);
  tarjan_frame root = {SHARC_CG_EXTERNAL_NODE, 0, counter};
  sharc_vec_push(&frames, root);
  while (frames.len) {
    tarjan_frame *f = &sharc_vec_last(&frames);
    const cg_node *node = &cg->nodes.items[f->node];
    if (f->next_edge < node->edges.len) {
      unsigned child = node->edges.items[f->next_edge++].target;
      if (number[child]) {
        if (f->min > number[child])
          f->min = number[child];
        continue;
      }
      number[child] = ++counter;
      sharc_vec_push(&stack, child);
      tarjan_frame next = {child, 0, counter};
      sharc_vec_push(&frames, next);
      continue;
    }
    unsigned v = f->node, min = f->min;
    frames.len--;
    if (frames.len && sharc_vec_last(&frames).min > min)
      sharc_vec_last(&frames).min = min;
    if (min != number[v])
      continue;
    unsigned w;
    do {
      w = sharc_vec_pop(&stack);
      nodes[n_nodes++] = w;
      number[w] = UINT32_MAX;
    } while (w != v);
    ends[n_sccs++] = n_nodes;
  }
  sharc_vec_free(&frames);
  sharc_vec_free(&stack);
  free(number);
  return n_sccs;
}
