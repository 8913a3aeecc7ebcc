/* -inline: MLIR's inliner. The call graph's strongly connected components
 * are visited callees first; in each, every callable is cleaned up by the
 * default pipeline (canonicalize), then the calls in it are inlined when the
 * dialects allow it, new calls brought in by inlining included, until none
 * is left or max-iterations is reached. Symbol uses of discardable
 * (private) callables are counted as MLIR's inliner counts them: the last
 * call of one is inlined in place, and those left without uses are erased. */
#include "ir/ir_internal.h"
#include "pass/call_graph.h"
#include "pass/pass_registry.h"
#include "sharc/symbols.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <string.h>

typedef struct inline_options {
  const char *default_pipeline;
  unsigned inlining_threshold;
  unsigned max_iterations;
  sharc_string_list op_pipelines;
} inline_options;

static bool parse_pipeline_list(void *dst, const char *text, sharc_buf *err, void *owner);

static const sharc_option_def options[] = {
    SHARC_OPTION(inline_options, default_pipeline, "default-pipeline", SHARC_OPT_STRING,
                 "canonicalize",
                 "The optimizer pipeline used for callables that do not have a dedicated optimizer "
                 "pipeline in opPipelineList"),
    SHARC_OPTION(inline_options, inlining_threshold, "inlining-threshold", SHARC_OPT_UINT,
                 "4294967295",
                 "If the ratio between the number of the operations in the callee and the number "
                 "of the operations in the caller exceeds this value (in percentage), then the "
                 "callee is not inlined even if it is legal to inline it"),
    SHARC_OPTION(inline_options, max_iterations, "max-iterations", SHARC_OPT_UINT, "4",
                 "Maximum number of iterations when inlining within an SCC"),
    SHARC_OPTION_CUSTOM(inline_options, op_pipelines, "op-pipelines", parse_pipeline_list,
                        "pass-manager", NULL,
                        "Callable operation specific optimizer pipelines (in the form of "
                        "`dialect.op(pipeline)`)"),
};

/* The text of a pipeline parse error as MLIR's parser prints it, without
 * the location sharc_pipeline_parse puts in front for --pass-pipeline. */
static void put_pipeline_error(sharc_buf *out, const sharc_buf *err) {
  static const char prefix[] = "<unknown>:0: error: ";
  const char *text = err->data ? err->data : "";
  if (strncmp(text, prefix, sizeof prefix - 1) == 0)
    text += sizeof prefix - 1;
  size_t n = strlen(text);
  if (n >= 2 && text[n - 1] == '\n' && text[n - 2] == '\n')
    n--; /* the caret line ends the message */
  sharc_buf_put(out, text, n);
}

/* `op-pipelines`: comma-separated `op.name(passes)` pipelines, each checked
 * when the option is read (MLIR parses them there and prints its errors). */
typedef struct pipeline_items {
  SHARC_VEC(const char *) kept;
  void *owner;
  sharc_buf *err;
} pipeline_items;

static bool check_pipeline_item(const char *item, void *user) {
  pipeline_items *l = user;
  sharc_pipeline *pl = sharc_pipeline_create(NULL);
  sharc_buf why = {0};
  bool ok = sharc_pipeline_parse(pl, item, &why);
  if (!ok)
    put_pipeline_error(l->err, &why);
  sharc_buf_free(&why);
  sharc_pipeline_destroy(pl);
  sharc_vec_push(&l->kept, sharc_pass_option_strdup(l->owner, item, strlen(item)));
  return ok;
}

static bool parse_pipeline_list(void *dst, const char *text, sharc_buf *err, void *owner) {
  pipeline_items l = {{0}, owner, err};
  bool ok = sharc_option_for_each_list_item(text, check_pipeline_item, &l);
  if (ok && dst) {
    const char **kept = sharc_pass_owner_alloc(owner, (l.kept.len + 1) * sizeof *kept);
    for (unsigned i = 0; i < l.kept.len; i++)
      kept[i] = l.kept.items[i];
    *(sharc_string_list *)dst = (sharc_string_list){l.kept.len, kept};
  }
  sharc_vec_free(&l.kept);
  return ok;
}

/* ---- per-node state ------------------------------------------------------------
 * The call graph is MLIR's CallGraph from pass/call_graph.h (a node per
 * callable region, nested ones included, the external and unknown-callee
 * nodes, edges in insertion order); the inliner keeps its own state per
 * node beside it. */

typedef struct inner_use {
  unsigned node;
  int count;
} inner_use;

typedef SHARC_VEC(unsigned) index_vec;

typedef struct node_state {
  /* MLIR's CGUseList, map semantics included: `discardable` says whether
   * the node has an entry among the discardable nodes, `uses` its count. */
  bool discardable;
  int uses;
  bool has_record;            /* an entry in the per-node use records */
  index_vec top_level;        /* nodes referenced by the callable's own attributes */
  SHARC_VEC(inner_use) inner; /* nodes referenced from inside its body */
  sharc_ptrmap inner_index;   /* node + 1 -> index + 1 in `inner` */
  long op_count;              /* ops in the region for the threshold, -1: unknown */
  bool dead;                  /* marked for erasure at the end */
} node_state;

typedef struct resolved_call {
  sharc_op *call;
  unsigned source, target;
} resolved_call;

typedef struct pipeline_entry {
  const sharc_ident *op_name;
  sharc_pipeline *pl; /* NULL: none for this op */
} pipeline_entry;

typedef struct inliner {
  sharc_op *top;
  sharc_pass_run *run;
  const inline_options *opts;
  sharc_rewriter rw;
  sharc_call_graph *cg;
  SHARC_VEC(node_state) nodes; /* per node of `cg` */
  SHARC_VEC(resolved_call) calls;
  SHARC_VEC(pipeline_entry) op_pipelines; /* parsed `op-pipelines` */
  SHARC_VEC(pipeline_entry) pipelines;    /* per callable op name, resolved */
  index_vec dead_order;                   /* nodes to erase at the end */
  /* nodes with an entry among the discardable ones: while none has, no
   * symbol use can count, and a body's uses are not walked for */
  unsigned num_discardable;
  sharc_symbol_uses uses;                 /* scratch */
  sharc_ptrmap resolved;                  /* scratch: symbol ref -> node + 2, 1: none */
} inliner;

#define NODE(in, i) (&(in)->nodes.items[(i)])

static sharc_op *callable_of(const inliner *in, unsigned node) {
  return sharc_call_graph_func(in->cg, node);
}

static sharc_region *region_of(const inliner *in, unsigned node) {
  return sharc_call_graph_region(in->cg, node);
}

static void build_call_graph(inliner *in) {
  in->cg = sharc_call_graph_build_regions(in->top);
  unsigned n = sharc_call_graph_size(in->cg);
  for (unsigned i = 0; i < n; i++) {
    node_state st = {0};
    st.op_count = -1;
    sharc_vec_push(&in->nodes, st);
  }
}

typedef SHARC_VEC(index_vec) scc_list;

/* The components in the order MLIR's inliner visits them, each a list of
 * its own that the inliner shrinks as callables die. */
static void compute_sccs(const inliner *in, scc_list *out) {
  unsigned n = sharc_call_graph_size(in->cg);
  unsigned *nodes = sharc_xmalloc_array(n, sizeof *nodes),
           *ends = sharc_xmalloc_array(n, sizeof *ends);
  unsigned count = sharc_call_graph_sccs(in->cg, nodes, ends);
  for (unsigned k = 0, start = 0; k < count; start = ends[k++]) {
    index_vec scc = {0};
    for (unsigned i = start; i < ends[k]; i++)
      sharc_vec_push(&scc, nodes[i]);
    sharc_vec_push(out, scc);
  }
  free(nodes);
  free(ends);
}

/* ---- symbol uses of callables (MLIR's CGUseList) ----------------------------------- */

/* The node a symbol reference from `table` names, memoized per walk. */
static int referenced_node(inliner *in, sharc_op *table, sharc_attr *ref, sharc_ptrmap *memo) {
  uintptr_t known = (uintptr_t)sharc_ptrmap_get(memo, ref);
  if (known)
    return (int)known - 2;
  sharc_op *symbol = table ? sharc_symbol_resolve_nearest(table, ref) : NULL;
  int idx = sharc_call_graph_node_of_callable(in->cg, symbol);
  sharc_ptrmap_put(memo, ref, (void *)(uintptr_t)(idx + 2));
  return idx;
}

typedef void (*node_use_fn)(inliner *in, unsigned node, sharc_op *user, void *ctx);

/* Every callable node referenced from `op` or inside it, resolved from the
 * op's parent. An op whose uses cannot be known counts none (MLIR asserts). */
static void walk_referenced_nodes(inliner *in, sharc_op *op, sharc_ptrmap *memo, node_use_fn fn,
                                  void *ctx) {
  in->uses.len = 0;
  if (!sharc_symbol_collect_uses(op, &in->uses))
    return;
  sharc_op *table = sharc_op_parent_op(op);
  for (unsigned i = 0; i < in->uses.len; i++) {
    int idx = referenced_node(in, table, in->uses.items[i].ref, memo);
    if (idx >= 0)
      fn(in, (unsigned)idx, in->uses.items[i].user, ctx);
  }
}

/* `discardableSymNodeUses[node] += delta`, creating the entry as C++'s
 * operator[] does. */
static void add_uses(inliner *in, unsigned node, int delta) {
  node_state *n = NODE(in, node);
  if (!n->discardable) {
    n->discardable = true;
    n->uses = 0;
    in->num_discardable++;
  }
  n->uses += delta;
}

static void forget_discardable(inliner *in, unsigned node) {
  node_state *n = NODE(in, node);
  if (n->discardable)
    in->num_discardable--;
  n->discardable = false;
  n->uses = 0;
}

static inner_use *inner_entry(node_state *n, unsigned node, bool create) {
  uintptr_t i = (uintptr_t)sharc_ptrmap_get(&n->inner_index, (void *)(uintptr_t)(node + 1));
  if (i)
    return &n->inner.items[i - 1];
  if (!create)
    return NULL;
  inner_use u = {node, 0};
  sharc_vec_push(&n->inner, u);
  sharc_ptrmap_put(&n->inner_index, (void *)(uintptr_t)(node + 1), (void *)(uintptr_t)n->inner.len);
  return &sharc_vec_last(&n->inner);
}

static void clear_record(node_state *n) {
  sharc_vec_free(&n->top_level);
  sharc_vec_free(&n->inner);
  sharc_ptrmap_free(&n->inner_index);
}

static void decrement_record(inliner *in, unsigned node) {
  node_state *n = NODE(in, node);
  for (unsigned i = 0; i < n->top_level.len; i++)
    add_uses(in, n->top_level.items[i], -1);
  for (unsigned i = 0; i < n->inner.len; i++)
    add_uses(in, n->inner.items[i].node, -n->inner.items[i].count);
}

static void count_use(inliner *in, unsigned ref, sharc_op *user, void *ctx) {
  unsigned node = *(const unsigned *)ctx;
  node_state *n = NODE(in, node);
  if (!NODE(in, ref)->discardable)
    return;
  if (user != callable_of(in, node)) {
    inner_entry(n, ref, true)->count++;
  } else {
    for (unsigned i = 0; i < n->top_level.len; i++)
      if (n->top_level.items[i] == ref)
        return;
    sharc_vec_push(&n->top_level, ref);
  }
  NODE(in, ref)->uses++;
}

static void recompute_uses(inliner *in, unsigned node) {
  decrement_record(in, node);
  node_state *n = NODE(in, node);
  clear_record(n);
  n->has_record = true;
  /* count_use counts references to discardable nodes only; the records
   * are empty while there are none (nothing else makes one) */
  if (!in->num_discardable)
    return;
  sharc_ptrmap memo = {0};
  walk_referenced_nodes(in, callable_of(in, node), &memo, count_use, &node);
  sharc_ptrmap_free(&memo);
}

static void drop_use(inliner *in, unsigned ref, sharc_op *user, void *ctx) {
  (void)user;
  unsigned node = *(const unsigned *)ctx;
  inner_use *u = inner_entry(NODE(in, node), ref, false);
  if (!u)
    return;
  u->count--;
  add_uses(in, ref, -1);
}

/* The call is gone: its references no longer count for its caller. */
static void drop_call_uses(inliner *in, unsigned user, sharc_op *call) {
  sharc_ptrmap memo = {0};
  NODE(in, user)->has_record = true;
  walk_referenced_nodes(in, call, &memo, drop_use, &user);
  sharc_ptrmap_free(&memo);
}

/* A copy of `from`'s body now sits in `into`: so do its references. */
static void merge_uses(inliner *in, unsigned from, unsigned into) {
  NODE(in, from)->has_record = NODE(in, into)->has_record = true;
  for (unsigned i = 0; i < NODE(in, from)->inner.len; i++) {
    inner_use u = NODE(in, from)->inner.items[i];
    inner_entry(NODE(in, into), u.node, true)->count += u.count;
    add_uses(in, u.node, u.count);
  }
}

static void erase_node_uses(inliner *in, unsigned node) {
  for (unsigned i = 0; i < sharc_call_graph_num_edges(in->cg, node); i++)
    if (sharc_call_graph_edge_kind(in->cg, node, i) == SHARC_CG_EDGE_CHILD)
      erase_node_uses(in, sharc_call_graph_edge_target(in->cg, node, i));
  node_state *n = NODE(in, node);
  if (n->has_record) {
    decrement_record(in, node);
    clear_record(NODE(in, node));
    NODE(in, node)->has_record = false;
  }
  forget_discardable(in, node);
}

static bool is_symbol(const sharc_op *op) { return sharc_op_has_trait(op, SHARC_TRAIT_SYMBOL); }

static bool can_discard(const sharc_op *op, bool all_uses_visible) {
  sharc_symbol_visibility v = sharc_symbol_visibility_of(op);
  return is_symbol(op) && v != SHARC_SYMBOL_PUBLIC &&
         (all_uses_visible || v == SHARC_SYMBOL_PRIVATE);
}

/* Resolving is all it takes: the memo then names the nodes referenced. */
static void note_always_live(inliner *in, unsigned ref, sharc_op *user, void *ctx) {
  (void)in, (void)ref, (void)user, (void)ctx;
}

/* Whether all uses of the symbols of table `op` are visible, given
 * whether those of its enclosing table's are. */
static bool table_uses_visible(const sharc_op *op, bool all_visible) {
  return all_visible || !is_symbol(op) || sharc_symbol_visibility_of(op) == SHARC_SYMBOL_PRIVATE;
}

/* The callables of symbol table `op` that may go once unused; references
 * from anything that is not a callable keep their targets alive. */
static void scan_table(inliner *in, sharc_op *op, bool all_visible, sharc_ptrmap *live) {
  for (sharc_block *b = sharc_op_regions_of(op)[0].first; b; b = b->next)
    for (sharc_op *o = b->first; o; o = o->next) {
      int idx = sharc_call_graph_node_of_callable(in->cg, o);
      if (idx >= 0) {
        if (can_discard(o, all_visible))
          add_uses(in, (unsigned)idx, 0);
        continue;
      }
      walk_referenced_nodes(in, o, live, note_always_live, NULL);
    }
}

/* scan_table for every symbol table at or below `op`, nested ones first. */
static void find_discardable(inliner *in, sharc_op *op, bool all_visible, sharc_ptrmap *live) {
  bool table = sharc_op_has_trait(op, SHARC_TRAIT_SYMBOL_TABLE);
  all_visible = table ? table_uses_visible(op, all_visible) : true;
  for (unsigned i = 0; i < op->num_regions; i++)
    for (sharc_block *b = sharc_op_regions_of(op)[i].first; b; b = b->next)
      for (sharc_op *o = b->first; o; o = o->next)
        find_discardable(in, o, all_visible, live);
  if (table)
    scan_table(in, op, all_visible, live);
}

static void init_uses(inliner *in) {
  sharc_ptrmap live = {0}; /* symbol ref -> node + 2 */
  bool visible = !sharc_op_block(in->top);
  /* the top (a symbol table: run checks) as the only table ever made has
   * none below it to find, and the walk of every op for them is left out */
  if (sharc_context_table_like_ops(sharc_op_ctx_of(in->top)) == 1)
    scan_table(in, in->top, table_uses_visible(in->top, visible), &live);
  else
    find_discardable(in, in->top, visible, &live);
  for (size_t i = 0; i < live.cap; i++)
    if (live.keys && live.keys[i] && (uintptr_t)live.vals[i] >= 2)
      forget_discardable(in, (unsigned)((uintptr_t)live.vals[i] - 2));
  sharc_ptrmap_free(&live);
  for (unsigned i = SHARC_CG_UNKNOWN_NODE + 1; i < in->nodes.len; i++)
    recompute_uses(in, i);
}

static bool is_dead(const inliner *in, unsigned node) {
  const node_state *n = &in->nodes.items[node];
  sharc_op *callable = callable_of(in, node);
  if (!is_symbol(callable))
    return sharc_op_is_memory_effect_free(callable) && !callable->num_results;
  return n->discardable && n->uses == 0;
}

static bool one_use_and_discardable(const inliner *in, unsigned node) {
  const node_state *n = &in->nodes.items[node];
  if (!is_symbol(callable_of(in, node)))
    return false; /* an SSA value with one use: no such callable in sharc */
  return n->discardable && n->uses == 1;
}

/* ---- the pipelines run on callables ------------------------------------------------ */

static const char *anchor_end(const char *text) {
  const char *p = strchr(text, '(');
  return p ? p : text + strlen(text);
}

/* `op-pipelines` are parsed once; a pipeline with nothing in it is ignored. */
static bool parse_op_pipelines(inliner *in) {
  for (unsigned i = 0; i < in->opts->op_pipelines.n; i++) {
    const char *text = in->opts->op_pipelines.items[i];
    sharc_pipeline *pl = sharc_pass_pipeline_create(in->run);
    sharc_buf err = {0};
    if (!sharc_pipeline_parse(pl, text, &err)) {
      sharc_buf msg = {0};
      put_pipeline_error(&msg, &err);
      fputs(msg.data ? msg.data : "", stderr);
      sharc_buf_free(&msg);
      sharc_buf_free(&err);
      sharc_pipeline_destroy(pl);
      return false;
    }
    sharc_buf_free(&err);
    const char *start = text, *end = anchor_end(text);
    while (start < end && *start == ' ')
      start++;
    while (end > start && end[-1] == ' ')
      end--;
    sharc_str name = {start, (size_t)(end - start)};
    pipeline_entry e = {sharc_ident_get(sharc_op_context(in->top), name), pl};
    if (!sharc_pipeline_size(pl)) {
      sharc_pipeline_destroy(pl);
      continue;
    }
    sharc_vec_push(&in->op_pipelines, e);
  }
  return true;
}

static sharc_pipeline *default_pipeline_for(inliner *in, const sharc_ident *op_name) {
  const char *text = in->opts->default_pipeline;
  if (!text || !*text)
    return NULL;
  sharc_buf full = {0}, err = {0};
  sharc_str name = sharc_ident_str(op_name);
  sharc_buf_printf(&full, "%.*s(%s)", (int)name.len, name.data, text);
  sharc_pipeline *pl = sharc_pass_pipeline_create(in->run);
  if (!sharc_pipeline_parse(pl, full.data, &err)) {
    /* MLIR prints the error and goes on without the pipeline */
    sharc_buf msg = {0};
    put_pipeline_error(&msg, &err);
    fputs(msg.data ? msg.data : "", stderr);
    sharc_buf_free(&msg);
    sharc_pipeline_destroy(pl);
    pl = NULL;
  }
  sharc_buf_free(&full);
  sharc_buf_free(&err);
  return pl;
}

static sharc_pipeline *pipeline_for(inliner *in, const sharc_ident *op_name) {
  for (unsigned i = 0; i < in->op_pipelines.len; i++)
    if (in->op_pipelines.items[i].op_name == op_name)
      return in->op_pipelines.items[i].pl;
  for (unsigned i = 0; i < in->pipelines.len; i++)
    if (in->pipelines.items[i].op_name == op_name)
      return in->pipelines.items[i].pl;
  pipeline_entry e = {op_name, default_pipeline_for(in, op_name)};
  sharc_vec_push(&in->pipelines, e);
  return e.pl;
}

static void free_pipelines(inliner *in) {
  for (unsigned i = 0; i < in->op_pipelines.len; i++)
    sharc_pipeline_destroy(in->op_pipelines.items[i].pl);
  for (unsigned i = 0; i < in->pipelines.len; i++)
    sharc_pipeline_destroy(in->pipelines.items[i].pl);
  sharc_vec_free(&in->op_pipelines);
  sharc_vec_free(&in->pipelines);
}

/* Runs the pipeline on each callable of the component that can have one
 * scheduled (isolated, holding no other callable), then recounts their
 * uses. */
static bool optimize_scc(inliner *in, const index_vec *scc) {
  index_vec visit = {0};
  bool ok = true;
  for (unsigned i = 0; i < scc->len && ok; i++) {
    unsigned node = scc->items[i];
    sharc_op *callable = callable_of(in, node);
    if (!callable || sharc_call_graph_has_children(in->cg, node) ||
        !sharc_op_has_trait(callable, SHARC_TRAIT_ISOLATED))
      continue;
    sharc_vec_push(&visit, node);
    sharc_pipeline *pl = pipeline_for(in, sharc_op_name(callable));
    if (pl)
      ok = sharc_pipeline_run(pl, callable);
    for (int k = (int)node; k >= 0; k = sharc_call_graph_parent(in->cg, (unsigned)k))
      NODE(in, k)->op_count = -1;
  }
  for (unsigned i = 0; i < visit.len && ok; i++)
    recompute_uses(in, visit.items[i]);
  sharc_vec_free(&visit);
  return ok;
}

/* ---- finding calls ------------------------------------------------------------------ */

typedef struct call_scan {
  sharc_block *block;
  sharc_op *first, *stop; /* ops [first, stop) of the block */
  unsigned node;
} call_scan;

typedef SHARC_VEC(call_scan) scan_list;

static void push_region(scan_list *work, sharc_region *r, unsigned node) {
  for (sharc_block *b = r->first; b; b = b->next) {
    call_scan s = {b, b->first, NULL, node};
    sharc_vec_push(work, s);
  }
}

static bool flat_callee(const sharc_op *call) {
  sharc_attr *ref = sharc_op_attr(call, "callee");
  return ref && sharc_attr_get_kind(ref) == SHARC_ATTR_SYMBOL_REF &&
         sharc_attr_symbol_num_nested(ref) == 0;
}

/* MLIR's collectCallOps: blocks taken last first, calls to callables with
 * a body recorded, nested callables entered only when `nested` is set. */
static void collect_calls(inliner *in, scan_list *work, bool nested) {
  while (work->len) {
    call_scan s = sharc_vec_pop(work);
    for (sharc_op *op = s.first; op && op != s.stop; op = op->next) {
      if (sharc_op_has_trait(op, SHARC_TRAIT_CALL)) {
        unsigned target =
            flat_callee(op) ? sharc_call_graph_resolve_call(in->cg, op) : SHARC_CG_UNKNOWN_NODE;
        if (target != SHARC_CG_UNKNOWN_NODE) {
          resolved_call c = {op, s.node, target};
          sharc_vec_push(&in->calls, c);
        }
        continue;
      }
      for (unsigned i = 0; i < op->num_regions; i++) {
        int node = sharc_call_graph_node_of_region(in->cg, &sharc_op_regions_of(op)[i]);
        if (nested || node < 0)
          push_region(work, &sharc_op_regions_of(op)[i], node >= 0 ? (unsigned)node : s.node);
      }
    }
  }
}

/* ---- legality (the dialects' inliner interfaces) ----------------------------------- */

/* A registered op of the dialect named `prefix` (op definitions do not all
 * point at their dialect, their names do). */
static bool in_dialect(const sharc_op *op, const char *prefix) {
  if (!sharc_op_def_of(op))
    return false;
  size_t n = strlen(prefix);
  return strncmp(sharc_op_def_of(op)->name, prefix, n) == 0 && sharc_op_def_of(op)->name[n] == '.';
}

/* func, tensor, stablehlo, sdy and mpmd let any of their ops be inlined
 * and any of their regions receive inlined code; an unregistered op has no
 * interface, so no. */
static bool dialect_takes_region(const sharc_op *op) {
  return in_dialect(op, "func") || in_dialect(op, "tensor") || in_dialect(op, "stablehlo") ||
         in_dialect(op, "sdy") || in_dialect(op, "mpmd");
}

/* arith and complex let their ops be inlined, though their regions (they
 * have none) would not take code; builtin only its casts (MLIR
 * special-cases unrealized_conversion_cast). */
static bool op_inlinable(const sharc_op *op) {
  return dialect_takes_region(op) || in_dialect(op, "arith") || in_dialect(op, "complex") ||
         sharc_op_is(op, "builtin.unrealized_conversion_cast");
}

static bool region_inlinable(const sharc_region *r) {
  for (sharc_block *b = r->first; b; b = b->next)
    for (sharc_op *op = b->first; op; op = op->next) {
      if (!op_inlinable(op))
        return false;
      for (unsigned i = 0; i < op->num_regions; i++)
        if (!region_inlinable(&sharc_op_regions_of(op)[i]))
          return false;
    }
  return true;
}

/* The call's dialect decides: func.call unless it or its callee says
 * no_inline; mpmd's calls never (Shardy inlines them with its own pass). */
static bool call_inlinable(const sharc_op *call, const sharc_op *callee) {
  if (!in_dialect(call, "func"))
    return false;
  if (sharc_op_is(callee, "func.func") && sharc_op_attr(callee, "no_inline"))
    return false;
  return !(sharc_op_is(call, "func.call") && sharc_op_attr(call, "no_inline"));
}

static bool region_is_ancestor(const sharc_region *ancestor, const sharc_region *r) {
  while (r && r != ancestor) {
    sharc_op *parent = r->parent;
    r = parent && parent->block ? parent->block->parent : NULL;
  }
  return r == ancestor;
}

static sharc_walk_result count_one(sharc_op *op, void *user) {
  (void)op;
  (*(long *)user)++;
  return SHARC_WALK_ADVANCE;
}

static long region_op_count(inliner *in, unsigned node) {
  node_state *n = NODE(in, node);
  if (n->op_count < 0) {
    long count = 0;
    sharc_walk_region(region_of(in, node), SHARC_PRE_ORDER, count_one, &count);
    n->op_count = count;
  }
  return n->op_count;
}

/* The inlining-threshold option: the callee's size in percent of the
 * caller's, in MLIR's unsigned arithmetic. */
static bool profitable(inliner *in, const resolved_call *c) {
  unsigned threshold = in->opts->inlining_threshold;
  if (threshold == 0)
    return false;
  if (threshold == UINT32_MAX)
    return true;
  unsigned caller_ops = (unsigned)region_op_count(in, c->source);
  if (caller_ops == 0)
    return true;
  unsigned ratio = (unsigned)region_op_count(in, c->target) * 100u / caller_ops;
  return ratio <= threshold;
}

static bool might_be_single_block(const sharc_op *op) {
  return !sharc_op_def_of(op) || (sharc_op_def_of(op)->traits & SHARC_TRAIT_SINGLE_BLOCK);
}

static bool should_inline(inliner *in, const resolved_call *c) {
  if (sharc_op_has_trait(c->call, SHARC_TRAIT_TERMINATOR))
    return false;
  /* recursion: the callee calls itself or its caller (by the call graph as
   * it was built, as MLIR) */
  for (unsigned i = 0; i < sharc_call_graph_num_edges(in->cg, c->target); i++) {
    unsigned to = sharc_call_graph_edge_target(in->cg, c->target, i);
    if (to == c->target || to == c->source)
      return false;
  }
  sharc_region *region = region_of(in, c->target);
  if (region_is_ancestor(region, sharc_op_parent_region(c->call)))
    return false;
  sharc_op *caller_op = sharc_op_parent_op(c->call);
  if (region->first != region->last && callable_of(in, c->target)->name != caller_op->name &&
      might_be_single_block(caller_op))
    return false;
  return profitable(in, c);
}

/* ---- inlining one call -------------------------------------------------------------- */

/* Call-site locations for inlined ops: MLIR's stackLocations, where a
 * location that already is a call-site chain gets the caller appended at
 * its innermost end: stack(callsite(a at r)) = callsite(a at stack(r)),
 * stack(l) = callsite(l at call) otherwise. Chains share their tails (the
 * attributes are uniqued), so the results are memoized per link: a chain
 * inlined again and again costs its new links, not its whole depth per op. */
typedef struct loc_remap {
  sharc_context *ctx;
  sharc_attr *call_loc;
  sharc_ptrmap memo;             /* location -> its stacked form */
  SHARC_VEC(sharc_attr *) chain; /* scratch */
} loc_remap;

static sharc_attr *remap_loc(loc_remap *m, sharc_attr *loc) {
  if (!loc)
    return NULL;
  m->chain.len = 0;
  sharc_attr *tail = loc, *done;
  while (!(done = sharc_ptrmap_get(&m->memo, tail)) && tail->kind == SHARC_ATTR_LOC_CALLSITE) {
    sharc_vec_push(&m->chain, tail);
    tail = tail->callsite.caller;
  }
  if (!done) {
    done = sharc_loc_callsite(m->ctx, tail, m->call_loc);
    sharc_ptrmap_put(&m->memo, tail, done);
  }
  while (m->chain.len) {
    sharc_attr *link = sharc_vec_pop(&m->chain);
    done = sharc_loc_callsite(m->ctx, link->callsite.callee, done);
    sharc_ptrmap_put(&m->memo, link, done);
  }
  return done;
}

static sharc_walk_result remap_op_locs(sharc_op *op, void *user) {
  loc_remap *m = user;
  sharc_op_loc_store(op, remap_loc(m, sharc_op_loc(op)));
  for (unsigned i = 0; i < op->num_regions; i++)
    for (sharc_block *b = sharc_op_regions_of(op)[i].first; b; b = b->next)
      for (unsigned k = 0; k < b->num_args; k++)
        *sharc_value_loc_slot(b->args[k]) = remap_loc(m, sharc_value_loc(b->args[k]));
  return SHARC_WALK_ADVANCE;
}

/* The ops [first, stop) of the caller's block came from the callee: their
 * locations become call sites of the call's (unless it has none), and the
 * calls among them join the list. */
static void process_inlined(inliner *in, sharc_op *call, sharc_op *first, sharc_op *stop) {
  if (sharc_op_loc(call) && sharc_op_loc(call)->kind != SHARC_ATTR_LOC_UNKNOWN) {
    loc_remap m = {sharc_op_ctx_of(call), sharc_op_loc(call), {0}, {0}};
    for (sharc_op *op = first; op && op != stop; op = op->next)
      sharc_walk(op, SHARC_PRE_ORDER, remap_op_locs, &m);
    sharc_ptrmap_free(&m.memo);
    sharc_vec_free(&m.chain);
  }
  sharc_region *r = sharc_op_parent_region(call);
  int node = -1;
  while (r && (node = sharc_call_graph_node_of_region(in->cg, r)) < 0)
    r = r->parent && r->parent->block ? r->parent->block->parent : NULL;
  if (node < 0 || !first || first == stop)
    return;
  scan_list work = {0};
  call_scan s = {call->block, first, stop, (unsigned)node};
  sharc_vec_push(&work, s);
  collect_calls(in, &work, true);
  sharc_vec_free(&work);
}

/* Signatures must agree: func's interface makes no conversions. */
static bool signature_matches(const sharc_op *call, const sharc_block *entry,
                              const sharc_op *callee) {
  if (call->num_operands != entry->num_args)
    return false;
  sharc_attr *fn_type = sharc_op_attr(callee, "function_type");
  sharc_type *t = fn_type ? sharc_attr_type_value(fn_type) : NULL;
  if (!t || sharc_type_get_kind(t) != SHARC_TYPE_FUNCTION ||
      sharc_type_func_num_results(t) != call->num_results)
    return false;
  for (unsigned i = 0; i < call->num_operands; i++)
    if (sharc_op_operands_of(call)[i].value->type != entry->args[i]->type)
      return false;
  for (unsigned i = 0; i < call->num_results; i++)
    if (sharc_op_results_of(call)[i].type != sharc_type_func_result(t, i))
      return false;
  return true;
}

static bool inline_call(inliner *in, const resolved_call *c, bool clone) {
  sharc_region *region = region_of(in, c->target);
  sharc_op *call = c->call, *callee = callable_of(in, c->target);
  sharc_block *entry = region->first;
  /* a callee of several blocks would need a branch dialect sharc lacks; one
   * already moved away (uses MLIR could not count) has none */
  if (!entry || entry != region->last)
    return false;
  if (!signature_matches(call, entry, callee) || !call_inlinable(call, callee) ||
      !dialect_takes_region(sharc_op_parent_op(call)) || !region_inlinable(region))
    return false;
  sharc_op *ret = sharc_block_last_op(entry);
  if (!ret || !sharc_op_is(ret, "func.return") || ret->num_operands != call->num_results)
    return false;
  sharc_op *stop = call->next, *first = NULL;
  sharc_value **results = NULL;
  if (clone) {
    sharc_mapping *map = sharc_mapping_create();
    for (unsigned i = 0; i < entry->num_args; i++)
      sharc_mapping_map_value(map, entry->args[i], sharc_op_operands_of(call)[i].value);
    sharc_rw_set_after(&in->rw, call);
    for (sharc_op *op = entry->first; op && op != ret; op = op->next) {
      sharc_op *copy = sharc_rw_clone(&in->rw, op, map);
      if (!first)
        first = copy;
    }
    results = sharc_xmalloc_array(ret->num_operands + 1, sizeof *results);
    for (unsigned i = 0; i < ret->num_operands; i++)
      results[i] = sharc_mapping_value_or_self(map, sharc_op_operands_of(ret)[i].value);
    sharc_mapping_destroy(map);
  } else {
    sharc_value **args = sharc_xmalloc_array(call->num_operands + 1, sizeof *args);
    for (unsigned i = 0; i < call->num_operands; i++)
      args[i] = sharc_op_operands_of(call)[i].value;
    first = entry->first != ret ? entry->first : NULL;
    sharc_rw_inline_block_before(&in->rw, entry, call->block, stop, args, call->num_operands);
    free(args);
    results = sharc_xmalloc_array(ret->num_operands + 1, sizeof *results);
    for (unsigned i = 0; i < ret->num_operands; i++)
      results[i] = sharc_op_operands_of(ret)[i].value;
  }
  sharc_op *inlined_end = clone ? stop : ret;
  process_inlined(in, call, first ? first : inlined_end, inlined_end);
  for (unsigned i = 0; i < call->num_results; i++)
    sharc_rw_replace_all_uses(&in->rw, &sharc_op_results_of(call)[i], results[i]);
  free(results);
  if (!clone)
    sharc_rw_erase_op(&in->rw, ret);
  return true;
}

/* ---- the components ------------------------------------------------------------------ */

/* MLIR's inline history: calls that inlining brought in remember which
 * callee they came from, so a callee is never inlined into a copy of
 * itself. */
typedef struct history_entry {
  unsigned node;
  int parent; /* -1: an original call */
} history_entry;

typedef SHARC_VEC(history_entry) history_vec;
typedef SHARC_VEC(int) int_vec;

static bool in_history(const history_vec *h, int id, unsigned node) {
  for (; id >= 0; id = h->items[id].parent)
    if (h->items[id].node == node)
      return true;
  return false;
}

static bool index_contains(const index_vec *v, unsigned x) {
  for (unsigned i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return true;
  return false;
}

static void index_remove(index_vec *v, unsigned x) {
  for (unsigned i = 0; i < v->len; i++)
    if (v->items[i] == x) {
      memmove(&v->items[i], &v->items[i + 1], (v->len - i - 1) * sizeof *v->items);
      v->len--;
      return;
    }
}

/* Grows the caller's cached size by what inlining adds (the callee's ops
 * but its return, less the call); enclosing callables are recounted. */
static void note_inlined_size(inliner *in, unsigned source, unsigned target) {
  node_state *s = NODE(in, source);
  long delta = NODE(in, target)->op_count >= 0 ? NODE(in, target)->op_count - 2 : 0;
  s->op_count = s->op_count >= 0 && NODE(in, target)->op_count >= 0 ? s->op_count + delta : -1;
  for (int p = sharc_call_graph_parent(in->cg, source); p >= 0;
       p = sharc_call_graph_parent(in->cg, (unsigned)p))
    NODE(in, p)->op_count = -1;
}

static void inline_one(inliner *in, unsigned i, history_vec *history, int_vec *call_history,
                       index_vec *dead, bool *inlined_any) {
  resolved_call c = in->calls.items[i];
  if (index_contains(dead, c.source) || sharc_op_is_erased(c.call))
    return;
  int id = call_history->items[i];
  if (in_history(history, id, c.target) || !should_inline(in, &c))
    return;
  unsigned before = in->calls.len;
  bool in_place = one_use_and_discardable(in, c.target);
  if (!inline_call(in, &c, !in_place))
    return;
  *inlined_any = true;
  history_entry h = {c.target, id};
  sharc_vec_push(history, h);
  for (unsigned k = before; k < in->calls.len; k++)
    sharc_vec_push(call_history, (int)history->len - 1);
  drop_call_uses(in, c.source, c.call);
  merge_uses(in, c.target, c.source);
  note_inlined_size(in, c.source, c.target);
  sharc_rw_erase_op(&in->rw, c.call);
  if (in_place) {
    erase_node_uses(in, c.target);
    if (!index_contains(dead, c.target))
      sharc_vec_push(dead, c.target);
  }
}

/* Returns whether any call was inlined. */
static bool inline_calls_in_scc(inliner *in, index_vec *scc) {
  index_vec dead = {0};
  in->calls.len = 0;
  /* collect_calls records ops with the call trait only: with no such op
   * ever made, a walk of the bodies would find none */
  bool may_call = sharc_context_created_trait(sharc_op_context(in->top), SHARC_TRAIT_CALL);
  for (unsigned i = 0; i < scc->len; i++) {
    unsigned node = scc->items[i];
    if (!callable_of(in, node))
      continue;
    if (is_dead(in, node)) {
      sharc_vec_push(&dead, node);
      continue;
    }
    if (!may_call)
      continue;
    scan_list work = {0};
    push_region(&work, region_of(in, node), node);
    collect_calls(in, &work, false);
    sharc_vec_free(&work);
  }
  history_vec history = {0};
  int_vec call_history = {0};
  for (unsigned i = 0; i < in->calls.len; i++)
    sharc_vec_push(&call_history, -1);
  bool inlined_any = false;
  for (unsigned i = 0; i < in->calls.len; i++)
    inline_one(in, i, &history, &call_history, &dead, &inlined_any);
  for (unsigned i = 0; i < dead.len; i++) {
    index_remove(scc, dead.items[i]);
    if (!NODE(in, dead.items[i])->dead) {
      NODE(in, dead.items[i])->dead = true;
      sharc_vec_push(&in->dead_order, dead.items[i]);
    }
  }
  sharc_vec_free(&dead);
  sharc_vec_free(&history);
  sharc_vec_free(&call_history);
  in->calls.len = 0;
  return inlined_any;
}

static bool inline_scc(inliner *in, index_vec *scc) {
  for (unsigned iteration = 0;;) {
    if (!optimize_scc(in, scc))
      return false;
    if (!inline_calls_in_scc(in, scc) || ++iteration >= in->opts->max_iterations)
      return true;
  }
}

/* A dead callable inside another dead one goes with it. */
static bool inside_erased(const sharc_op *op) {
  for (; op; op = sharc_op_parent_op(op))
    if (sharc_op_is_erased(op))
      return true;
  return false;
}

static void erase_dead_callables(inliner *in) {
  for (unsigned i = 0; i < in->dead_order.len; i++) {
    sharc_op *op = callable_of(in, in->dead_order.items[i]);
    if (!inside_erased(op))
      sharc_rw_erase_op(&in->rw, op);
  }
}

static void free_inliner(inliner *in) {
  for (unsigned i = 0; i < in->nodes.len; i++)
    clear_record(NODE(in, i));
  sharc_vec_free(&in->nodes);
  sharc_call_graph_destroy(in->cg);
  sharc_vec_free(&in->calls);
  sharc_vec_free(&in->dead_order);
  sharc_symbol_uses_free(&in->uses);
  free_pipelines(in);
}

static bool run(sharc_op *op, const void *opts, sharc_pass_run *run) {
  if (!sharc_op_has_trait(op, SHARC_TRAIT_SYMBOL_TABLE)) {
    sharc_emit_op_error(op, " was scheduled to run under the inliner, but does not define a "
                            "symbol table");
    return false;
  }
  inliner in = {0};
  in.top = op;
  in.run = run;
  in.opts = opts;
  sharc_pass_rewriter(run, &in.rw, NULL);
  bool ok = parse_op_pipelines(&in);
  if (ok) {
    build_call_graph(&in);
    init_uses(&in);
    scc_list sccs = {0};
    compute_sccs(&in, &sccs);
    for (unsigned i = 0; i < sccs.len && ok; i++)
      ok = inline_scc(&in, &sccs.items[i]);
    for (unsigned i = 0; i < sccs.len; i++)
      sharc_vec_free(&sccs.items[i]);
    sharc_vec_free(&sccs);
    if (ok)
      erase_dead_callables(&in);
  }
  free_inliner(&in);
  return ok;
}

const sharc_pass_def sharc_pass_inline = {
    .flag = "inline",
    .display_name = "Inliner",
    .summary = "Inline function calls",
    .anchor = NULL,
    SHARC_OPTIONS(options),
    .options_size = sizeof(inline_options),
    .tools = SHARC_TOOL_ANY | SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};
