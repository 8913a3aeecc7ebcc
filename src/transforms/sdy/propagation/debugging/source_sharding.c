/* Propagation debugging: sharding origins and propagation edges; see
 * source_sharding.h. Maps keep insertion order where Shardy's DenseMaps
 * leave the order to hashing and the output does not sort it away (two
 * edge sources of the same axis at one step). */
#include "transforms/sdy/propagation/debugging/source_sharding.h"

#include "dialect/func/func.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "transforms/sdy/rules/rules.h"

#include <stdlib.h>
#include <string.h>

typedef enum origin_type {
  ORIGIN_INPUT,
  ORIGIN_CONSTRAINT,
  ORIGIN_OUTPUT,
  ORIGIN_MC_INPUT,
  ORIGIN_MC_OUTPUT,
} origin_type;

typedef struct origin {
  origin_type type;
  int64_t index, source_id;
} origin;

typedef struct axis_origin {
  sharc_attr *axis;
  origin origin;
} axis_origin;
typedef SHARC_VEC(axis_origin) axis_origins; /* AxisToOriginShardingMap */

typedef struct edge_node {
  sharc_sdy_edge_node_type type;
  int64_t index;
} edge_node;

typedef struct prop_edge {
  edge_node source, target;
  int64_t step;
} prop_edge;

typedef struct axis_edge {
  sharc_attr *axis;
  prop_edge edge;
} axis_edge;
typedef SHARC_VEC(axis_edge) axis_edge_map; /* AxisToEdgeMap: one edge per axis */
typedef SHARC_VEC(axis_edge) axis_edges;    /* AxisToEdgesMap, flattened */

typedef struct func_result_edges {
  sharc_op *func;
  axis_edges *results;
  unsigned num_results;
} func_result_edges;

struct sharc_sdy_source_sharding {
  bool origins, edges;
  int64_t step;
  sharc_ptrmap value_slot; /* shardable value -> slot + 1 */
  SHARC_VEC(sharc_value *) values;
  SHARC_VEC(axis_origins) value_origins;
  sharc_ptrmap op_slot; /* op -> slot + 1 */
  SHARC_VEC(sharc_op *) ops;
  SHARC_VEC(axis_edges) op_edges;
  sharc_ptrmap func_slot; /* function -> slot + 1 */
  SHARC_VEC(func_result_edges) funcs;
};

sharc_sdy_source_sharding *sharc_sdy_source_sharding_create(bool debug_sharding_origins,
                                                            bool debug_propagation_edges) {
  sharc_sdy_source_sharding *h = calloc(1, sizeof *h);
  if (!h)
    abort();
  h->origins = debug_sharding_origins;
  h->edges = debug_propagation_edges;
  return h;
}

void sharc_sdy_source_sharding_destroy(sharc_sdy_source_sharding *h) {
  if (!h)
    return;
  for (unsigned i = 0; i < h->value_origins.len; i++)
    sharc_vec_free(&h->value_origins.items[i]);
  for (unsigned i = 0; i < h->op_edges.len; i++)
    sharc_vec_free(&h->op_edges.items[i]);
  for (unsigned i = 0; i < h->funcs.len; i++) {
    for (unsigned r = 0; r < h->funcs.items[i].num_results; r++)
      sharc_vec_free(&h->funcs.items[i].results[r]);
    free(h->funcs.items[i].results);
  }
  sharc_vec_free(&h->values);
  sharc_vec_free(&h->value_origins);
  sharc_vec_free(&h->ops);
  sharc_vec_free(&h->op_edges);
  sharc_vec_free(&h->funcs);
  sharc_ptrmap_free(&h->value_slot);
  sharc_ptrmap_free(&h->op_slot);
  sharc_ptrmap_free(&h->func_slot);
  free(h);
}

bool sharc_sdy_source_sharding_active(const sharc_sdy_source_sharding *h) {
  return h && (h->origins || h->edges);
}

/* ---- the maps ------------------------------------------------------------------ */

/* The origins of the value whose sharding stands for `v`, or NULL. */
static axis_origins *origins_of(sharc_sdy_source_sharding *h, sharc_value *v, bool create) {
  v = v ? sharc_sdy_shardable_value(v) : NULL;
  if (!v)
    return NULL;
  uintptr_t slot = (uintptr_t)sharc_ptrmap_get(&h->value_slot, v);
  if (!slot) {
    if (!create)
      return NULL;
    sharc_vec_push(&h->values, v);
    axis_origins empty = {0};
    sharc_vec_push(&h->value_origins, empty);
    slot = h->values.len;
    sharc_ptrmap_put(&h->value_slot, v, (void *)slot);
  }
  return &h->value_origins.items[slot - 1];
}

static const origin *find_origin(const axis_origins *m, const sharc_attr *axis) {
  for (unsigned i = 0; i < m->len; i++)
    if (m->items[i].axis == axis)
      return &m->items[i].origin;
  return NULL;
}

/* try_emplace: an axis keeps its first origin. */
static void add_origin(axis_origins *m, sharc_attr *axis, origin o) {
  if (!find_origin(m, axis))
    sharc_vec_push(m, ((axis_origin){axis, o}));
}

static axis_edges *edges_of_op(sharc_sdy_source_sharding *h, sharc_op *op) {
  uintptr_t slot = (uintptr_t)sharc_ptrmap_get(&h->op_slot, op);
  if (!slot) {
    sharc_vec_push(&h->ops, op);
    axis_edges empty = {0};
    sharc_vec_push(&h->op_edges, empty);
    slot = h->ops.len;
    sharc_ptrmap_put(&h->op_slot, op, (void *)slot);
  }
  return &h->op_edges.items[slot - 1];
}

static axis_edges *edges_of_func_result(sharc_sdy_source_sharding *h, sharc_op *func,
                                        unsigned result) {
  uintptr_t slot = (uintptr_t)sharc_ptrmap_get(&h->func_slot, func);
  if (!slot) {
    unsigned n = sharc_func_num_results(func);
    func_result_edges e = {func, calloc(n + 1, sizeof(axis_edges)), n};
    if (!e.results)
      abort();
    sharc_vec_push(&h->funcs, e);
    slot = h->funcs.len;
    sharc_ptrmap_put(&h->func_slot, func, (void *)slot);
  }
  func_result_edges *e = &h->funcs.items[slot - 1];
  return result < e->num_results ? &e->results[result] : NULL;
}

/* saveShardingOrigins: every dimension axis of `sharding` came from `o`. */
static void save_origins(sharc_sdy_source_sharding *h, const sharc_attr *sharding, origin o,
                         sharc_value *value) {
  if (!sharding)
    return;
  axis_origins *m = origins_of(h, value, true);
  if (!m)
    return;
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding); d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      add_origin(m, sharc_sdy_dim_sharding_axis(dim, i), o);
  }
}

/* ---- names ----------------------------------------------------------------------- */

static void origin_name(origin o, sharc_buf *out) {
  switch (o.type) {
  case ORIGIN_INPUT:
    sharc_buf_printf(out, "input: %lld", (long long)o.index);
    return;
  case ORIGIN_OUTPUT:
    sharc_buf_printf(out, "output: %lld", (long long)o.index);
    return;
  case ORIGIN_CONSTRAINT:
    sharc_buf_printf(out, "constraint_%lld", (long long)o.source_id);
    return;
  case ORIGIN_MC_INPUT:
  case ORIGIN_MC_OUTPUT:
    sharc_buf_printf(out, "mc_%lld_%s: %lld", (long long)o.source_id,
                     o.type == ORIGIN_MC_INPUT ? "input" : "output", (long long)o.index);
    return;
  }
}

static sharc_attr *origin_attr(sharc_context *ctx, origin o) {
  sharc_buf b = {0};
  origin_name(o, &b);
  sharc_attr *a = sharc_attr_string(ctx, (sharc_str){b.data, b.len});
  sharc_buf_free(&b);
  return a;
}

/* The axis as AxisRefAttr::toString writes it, without its quotes. */
static sharc_ident *axis_key(sharc_context *ctx, const sharc_attr *axis) {
  sharc_buf b = {0};
  sharc_sdy_axis_ref_to_string(axis, &b);
  size_t n = 0;
  for (size_t i = 0; i < b.len; i++)
    if (b.data[i] != '"')
      b.data[n++] = b.data[i];
  sharc_ident *id = sharc_ident_get(ctx, (sharc_str){b.data, n});
  sharc_buf_free(&b);
  return id;
}

static sharc_attr *origins_dict(sharc_context *ctx, const axis_origins *m) {
  sharc_named_attr *entries = malloc((m->len + 1) * sizeof *entries);
  if (!entries)
    abort();
  for (unsigned i = 0; i < m->len; i++)
    entries[i] = (sharc_named_attr){axis_key(ctx, m->items[i].axis), origin_attr(ctx, m->items[i].origin)};
  sharc_attr *dict = sharc_attr_dictionary(ctx, entries, m->len);
  free(entries);
  return dict;
}

/* ---- preparing --------------------------------------------------------------------- */

static int64_t max_step_in(sharc_op *op) {
  int64_t max = -1;
  sharc_attr *edges = sharc_op_attr(op, SHARC_SDY_PROPAGATION_EDGES_ATTR);
  if (edges && sharc_sdy_is_propagation_edges(edges))
    for (unsigned i = 0; i < sharc_sdy_list_size(edges); i++) {
      int64_t step = sharc_sdy_propagation_one_step_index(sharc_sdy_list_at(edges, i));
      if (step > max)
        max = step;
    }
  return max;
}

static sharc_walk_result find_max_step(sharc_op *op, void *user) {
  int64_t *max = user, step = max_step_in(op);
  if (step > *max)
    *max = step;
  return SHARC_WALK_ADVANCE;
}

typedef struct prepare_walk {
  sharc_sdy_source_sharding *h;
  int64_t source_id;
} prepare_walk;

static sharc_walk_result prepare_constraint(sharc_op *op, void *user) {
  prepare_walk *w = user;
  sharc_context *ctx = sharc_op_context(op);
  origin o = {ORIGIN_CONSTRAINT, 0, w->source_id++};
  save_origins(w->h, sharc_op_attr(op, "sharding"), o, sharc_op_result(op, 0));
  sharc_op_set_attr(op, SHARC_SDY_SHARDING_ORIGIN_NAME_ATTR, origin_attr(ctx, o));
  sharc_value *operand = sharc_op_operand(op, 0);
  save_origins(w->h, sharc_sdy_get_sharding(operand), o, operand);
  return SHARC_WALK_ADVANCE;
}

static sharc_attr *list_at(sharc_op *op, const char *name, unsigned i) {
  return sharc_sdy_sharding_per_value_at(sharc_op_attr(op, name), i);
}

/* The body's block arguments and the results carry their edges' origins;
 * a manual computation whose edges were not added has none to carry. */
static sharc_walk_result prepare_manual(sharc_op *op, void *user) {
  prepare_walk *w = user;
  sharc_context *ctx = sharc_op_context(op);
  int64_t id = w->source_id++;
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  for (unsigned i = 0; body && i < sharc_block_num_args(body); i++) {
    sharc_op *edge = sharc_sdy_data_flow_edge_of_target(sharc_block_arg(body, i));
    if (!edge)
      continue;
    origin o = {ORIGIN_MC_INPUT, i, id};
    save_origins(w->h, list_at(op, "in_shardings", i), o, sharc_op_result(edge, 0));
    sharc_ptrvec sources = {0};
    sharc_sdy_data_flow_edge_sources(edge, &sources);
    if (sources.len)
      save_origins(w->h, sharc_sdy_get_sharding(sources.items[0]), o, sources.items[0]);
    sharc_ptrvec_free(&sources);
  }
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_op *edge = sharc_sdy_data_flow_edge_of_target(sharc_op_result(op, i));
    if (edge)
      save_origins(w->h, list_at(op, "out_shardings", i), (origin){ORIGIN_MC_OUTPUT, i, id},
                   sharc_op_result(edge, 0));
  }
  sharc_buf name = {0};
  sharc_buf_printf(&name, "mc_%lld", (long long)id);
  sharc_op_set_attr(op, SHARC_SDY_SHARDING_ORIGIN_NAME_ATTR,
                    sharc_attr_string(ctx, (sharc_str){name.data, name.len}));
  sharc_buf_free(&name);
  return SHARC_WALK_ADVANCE;
}

static sharc_op *first_op(sharc_op *module) {
  sharc_block *b = sharc_region_first_block(sharc_op_region(module, 0));
  return b ? sharc_block_first_op(b) : NULL;
}

/* Function inputs and outputs, after the walks that may have given their
 * values origins already. */
static void prepare_funcs(sharc_sdy_source_sharding *h, sharc_op *module) {
  for (sharc_op *func = first_op(module); func; func = sharc_op_next(func)) {
    sharc_block *body = sharc_func_body(func);
    if (!sharc_op_isa(func, &sharc_func_func_def) || !body)
      continue;
    for (unsigned i = 0; i < sharc_block_num_args(body); i++) {
      sharc_value *arg = sharc_block_arg(body, i);
      save_origins(h, sharc_sdy_get_sharding(arg), (origin){ORIGIN_INPUT, i, 0}, arg);
    }
    sharc_op *ret = sharc_block_terminator(body);
    for (unsigned i = 0; ret && i < sharc_op_num_operands(ret); i++)
      save_origins(h, sharc_sdy_func_result_sharding(func, i), (origin){ORIGIN_OUTPUT, i, 0},
                   sharc_op_operand(ret, i));
  }
}

void sharc_sdy_source_sharding_prepare(sharc_sdy_source_sharding *h, sharc_op *module) {
  if (!sharc_sdy_source_sharding_active(h))
    return;
  int64_t max = -1;
  sharc_walk(module, SHARC_POST_ORDER, find_max_step, &max);
  h->step = max + 1;
  if (h->origins) {
    prepare_walk w = {h, 0};
    sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_sharding_constraint_def,
                   prepare_constraint, &w);
    w.source_id = 0;
    sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_manual_computation_def, prepare_manual,
                   &w);
    prepare_funcs(h, module);
  }
  if (h->edges)
    for (sharc_op *func = first_op(module); func; func = sharc_op_next(func))
      if (sharc_op_isa(func, &sharc_func_func_def))
        (void)edges_of_func_result(h, func, 0);
}

/* ---- recording an update ---------------------------------------------------------- */

static bool factor_axes_equal(const sharc_factor_sharding *a, const sharc_factor_sharding *b) {
  return sharc_sdy_axes_equal(a->axes.items, a->axes.len, b->axes.items, b->axes.len);
}

/* findNewAxisRefMatch: the first tensor of `first..first+n` whose factor
 * sharding the new axes are a prefix of, or -1. */
static int64_t find_match(const sharc_projection *before, unsigned first, unsigned n,
                          unsigned factor, const sharc_factor_sharding *now) {
  for (unsigned t = 0; t < n; t++) {
    const sharc_factor_sharding *fs = &before->tensors[first + t].factors[factor];
    if (fs->present && sharc_sdy_axes_prefix_of(now->axes.items, now->axes.len, fs->axes.items,
                                                fs->axes.len) != SHARC_SDY_PREFIX_NONE)
      return t;
  }
  return -1;
}

static void emplace_edge(axis_edge_map *m, sharc_attr *axis, prop_edge e) {
  for (unsigned i = 0; i < m->len; i++)
    if (m->items[i].axis == axis)
      return;
  sharc_vec_push(m, ((axis_edge){axis, e}));
}

static void erase_edge(axis_edge_map *m, const sharc_attr *axis) {
  for (unsigned i = 0; i < m->len; i++)
    if (m->items[i].axis == axis) {
      memmove(&m->items[i], &m->items[i + 1], (m->len - i - 1) * sizeof *m->items);
      m->len--;
      return;
    }
}

/* saveEdges: only the new trailing axes (and a last old axis that grew). */
static void save_edges(axis_edge_map *m, sharc_attr *const *now, unsigned n_now,
                       sharc_attr *const *old, unsigned n_old, prop_edge e) {
  if (n_old && n_old <= n_now && old[n_old - 1] != now[n_old - 1])
    emplace_edge(m, now[n_old - 1], e);
  for (unsigned i = n_old; i < n_now; i++)
    emplace_edge(m, now[i], e);
}

typedef struct source_map_ctx {
  const sharc_projection *before, *after;
  const sharc_attr *rule, *mesh;
  int64_t step;
} source_map_ctx;

/* createSourceMap's visitValue for tensor `t` (operand or result `index`). */
static void visit_tensor(const source_map_ctx *c, unsigned t, edge_node target,
                         axis_edge_map *m) {
  sharc_context *ctx = c->after->ctx;
  const sharc_projection *before = c->before;
  unsigned rank = sharc_rule_tensor_rank(c->rule, t);
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *previous = NULL;
    for (unsigned k = 0; k < sharc_rule_dim_num_factors(c->rule, t, d); k++) {
      unsigned f = sharc_rule_dim_factor(c->rule, t, d, k);
      const sharc_factor_sharding *old = &before->tensors[t].factors[f];
      const sharc_factor_sharding *now = &c->after->tensors[t].factors[f];
      if (factor_axes_equal(old, now) || !now->axes.len)
        continue;
      sharc_attr *last = sharc_vec_last(&now->axes);
      if (previous && sharc_sdy_axis_ref_can_merge(previous, last)) {
        erase_edge(m, previous);
        last = sharc_sdy_axis_merge(ctx, previous, last, c->mesh);
      }
      previous = sharc_vec_last(&now->axes);
      sharc_sdy_axis_vec introduced = {0};
      sharc_sdy_axes_assign(&introduced, now->axes.items, now->axes.len);
      sharc_vec_last(&introduced) = last;
      int64_t src = find_match(before, 0, before->num_operands, f, now);
      sharc_sdy_edge_node_type src_type = SHARC_SDY_EDGE_OPERAND;
      if (src < 0) {
        src = find_match(before, before->num_operands, before->num_results, f, now);
        src_type = SHARC_SDY_EDGE_RESULT;
      }
      if (src >= 0)
        save_edges(m, introduced.items, introduced.len, old->axes.items, old->axes.len,
                   (prop_edge){{src_type, src}, target, c->step});
      sharc_vec_free(&introduced);
    }
  }
}

/* lookUpValueOriginSharding: the axis's origin on the value, or that of an
 * axis containing it or contained in it (split or merged by a reshape). */
static const origin *lookup_origin(sharc_sdy_source_sharding *h, sharc_value *v,
                                   const sharc_attr *axis) {
  axis_origins *m = origins_of(h, v, false);
  if (!m)
    return NULL;
  const origin *o = find_origin(m, axis);
  for (unsigned i = 0; !o && i < m->len; i++)
    if (sharc_sdy_axis_contains(m->items[i].axis, axis) ||
        sharc_sdy_axis_contains(axis, m->items[i].axis))
      o = &m->items[i].origin;
  return o;
}

typedef struct action_values {
  sharc_op *op;
  sharc_value *const *operands, *const *results;
} action_values;

static void update_mappings(sharc_sdy_source_sharding *h, const action_values *a, unsigned i,
                            const axis_edge *ae, sharc_value *value) {
  if (h->edges) {
    axis_edges *list = sharc_op_isa(a->op, &sharc_func_func_def)
                           ? edges_of_func_result(h, a->op, i)
                           : edges_of_op(h, a->op);
    if (list)
      sharc_vec_push(list, *ae);
  }
  if (!h->origins)
    return;
  axis_origins *m = origins_of(h, value, true);
  if (!m || find_origin(m, ae->axis))
    return;
  sharc_value *from = ae->edge.source.type == SHARC_SDY_EDGE_OPERAND
                          ? a->operands[ae->edge.source.index]
                          : a->results[ae->edge.source.index];
  const origin *o = lookup_origin(h, from, ae->axis);
  /* origins_of may have grown the table: look the destination up again */
  m = origins_of(h, value, true);
  if (o && m) {
    origin copy = *o;
    add_origin(m, ae->axis, copy);
  }
}

void sharc_sdy_source_sharding_record(sharc_sdy_source_sharding *h, sharc_op *op,
                                      sharc_value *const *operands, unsigned num_operands,
                                      sharc_value *const *results, unsigned num_results,
                                      const sharc_attr *mesh, const sharc_attr *rule,
                                      const sharc_projection *before,
                                      const sharc_projection *after) {
  if (!sharc_sdy_source_sharding_active(h) || before->num_operands != num_operands ||
      before->num_results != num_results)
    return;
  source_map_ctx c = {before, after, rule, mesh, h->step++};
  unsigned n = num_operands + num_results;
  axis_edge_map *maps = calloc(n + 1, sizeof *maps);
  if (!maps)
    abort();
  for (unsigned t = 0; t < n; t++) {
    bool is_operand = t < num_operands;
    edge_node target = {is_operand ? SHARC_SDY_EDGE_OPERAND : SHARC_SDY_EDGE_RESULT,
                        is_operand ? t : t - num_operands};
    visit_tensor(&c, t, target, &maps[t]);
  }
  action_values a = {op, operands, results};
  for (unsigned t = 0; t < n; t++) {
    bool is_operand = t < num_operands;
    unsigned i = is_operand ? t : t - num_operands;
    for (unsigned k = 0; k < maps[t].len; k++)
      update_mappings(h, &a, i, &maps[t].items[k], is_operand ? operands[i] : results[i]);
    sharc_vec_free(&maps[t]);
  }
  free(maps);
}

/* ---- saving origins ------------------------------------------------------------------ */

static sharc_op *enclosing_func(sharc_op *op) {
  while (op && !sharc_op_isa(op, &sharc_func_func_def))
    op = sharc_op_parent_op(op);
  return op;
}

/* getTerminatorOperand: the first use (in use-list order, as MLIR keeps
 * it) of `v` by the function's return, as a result number, or -1. */
static int returned_at(sharc_value *v, sharc_op *func) {
  sharc_block *body = func ? sharc_func_body(func) : NULL;
  sharc_op *ret = body ? sharc_block_terminator(body) : NULL;
  for (sharc_use *u = sharc_value_first_use(v); ret && u; u = sharc_use_next(u))
    if (sharc_use_owner(u) == ret)
      return (int)sharc_use_operand_index(u);
  return -1;
}

/* One dictionary per result of a generic op, empty until set. */
static void set_result_origins(sharc_op *op, unsigned index, sharc_attr *dict) {
  sharc_context *ctx = sharc_op_context(op);
  unsigned n = sharc_op_num_results(op);
  if (index >= n)
    return;
  sharc_attr *old = sharc_op_attr(op, SHARC_SDY_SHARDING_ORIGINS_ATTR);
  sharc_attr **dicts = malloc((n + 1) * sizeof *dicts);
  if (!dicts)
    abort();
  bool usable = old && sharc_attr_get_kind(old) == SHARC_ATTR_ARRAY && sharc_attr_count(old) == n;
  for (unsigned i = 0; i < n; i++)
    dicts[i] = usable ? sharc_attr_at(old, i) : sharc_attr_dictionary(ctx, NULL, 0);
  dicts[index] = dict;
  sharc_op_set_attr(op, SHARC_SDY_SHARDING_ORIGINS_ATTR, sharc_attr_array(ctx, dicts, n));
  free(dicts);
}

static void save_value_origins(sharc_value *v, const axis_origins *m) {
  sharc_op *owner = sharc_sdy_owning_op(v);
  if (!owner)
    return;
  sharc_context *ctx = sharc_op_context(owner);
  sharc_attr *dict = origins_dict(ctx, m);
  sharc_op *func = enclosing_func(owner);
  int result = returned_at(v, func);
  if (result >= 0)
    sharc_func_set_result_attr(func, (unsigned)result, SHARC_SDY_SHARDING_ORIGINS_ATTR, dict);
  if (sharc_op_isa(owner, &sharc_func_func_def)) {
    if (sharc_value_is_block_arg(v))
      sharc_func_set_arg_attr(owner, sharc_value_index(v), SHARC_SDY_SHARDING_ORIGINS_ATTR, dict);
  } else if (sharc_op_isa(owner, &sharc_sdy_sharding_constraint_def) ||
             sharc_op_isa(owner, &sharc_sdy_data_flow_edge_def)) {
    sharc_op_set_attr(owner, SHARC_SDY_SHARDING_ORIGINS_ATTR, dict);
  } else if (!sharc_value_is_block_arg(v)) {
    set_result_origins(owner, sharc_value_index(v), dict);
  }
}

/* `dict` with every entry naming `name` renamed "self". */
static sharc_attr *origins_to_self(sharc_context *ctx, sharc_attr *dict, sharc_str name) {
  if (!dict || sharc_attr_get_kind(dict) != SHARC_ATTR_DICTIONARY)
    return NULL;
  unsigned n = sharc_attr_count(dict);
  sharc_named_attr *entries = malloc((n + 1) * sizeof *entries);
  if (!entries)
    abort();
  memcpy(entries, sharc_attr_dict_entries(dict), n * sizeof *entries);
  sharc_attr *self = sharc_attr_string(ctx, sharc_str_from_cstr("self"));
  for (unsigned i = 0; i < n; i++)
    if (sharc_attr_get_kind(entries[i].value) == SHARC_ATTR_STRING &&
        sharc_str_eq(sharc_attr_string_value(entries[i].value), name))
      entries[i].value = self;
  sharc_attr *out = sharc_attr_dictionary(ctx, entries, n);
  free(entries);
  return out;
}

static void op_origins_to_self(sharc_op *op, sharc_str name) {
  sharc_attr *dict = op ? origins_to_self(sharc_op_context(op),
                                          sharc_op_attr(op, SHARC_SDY_SHARDING_ORIGINS_ATTR), name)
                        : NULL;
  if (dict)
    sharc_op_set_attr(op, SHARC_SDY_SHARDING_ORIGINS_ATTR, dict);
}

static sharc_str string_attr(sharc_op *op, const char *name) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_STRING ? sharc_attr_string_value(a)
                                                          : (sharc_str){NULL, 0};
}

static sharc_walk_result constraint_to_self(sharc_op *op, void *user) {
  (void)user;
  sharc_str name = string_attr(op, SHARC_SDY_SHARDING_ORIGIN_NAME_ATTR);
  if (name.data)
    op_origins_to_self(op, name);
  return SHARC_WALK_ADVANCE;
}

static sharc_walk_result manual_to_self(sharc_op *op, void *user) {
  (void)user;
  sharc_str mc = string_attr(op, SHARC_SDY_SHARDING_ORIGIN_NAME_ATTR);
  if (!mc.data)
    return SHARC_WALK_ADVANCE;
  sharc_buf name = {0};
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  for (unsigned i = 0; body && i < sharc_block_num_args(body); i++) {
    name.len = 0;
    sharc_buf_printf(&name, "%.*s_input: %u", (int)mc.len, mc.data, i);
    op_origins_to_self(sharc_sdy_data_flow_edge_of_target(sharc_block_arg(body, i)),
                       (sharc_str){name.data, name.len});
  }
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    name.len = 0;
    sharc_buf_printf(&name, "%.*s_output: %u", (int)mc.len, mc.data, i);
    op_origins_to_self(sharc_sdy_data_flow_edge_of_target(sharc_op_result(op, i)),
                       (sharc_str){name.data, name.len});
  }
  sharc_buf_free(&name);
  return SHARC_WALK_ADVANCE;
}

/* overrideOriginsToSelf: a user sharding's own axes come from "self". */
static void origins_of_user_shardings_to_self(sharc_op *module) {
  sharc_context *ctx = sharc_op_context(module);
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_sharding_constraint_def, constraint_to_self,
                 NULL);
  sharc_buf name = {0};
  for (sharc_op *func = first_op(module); func; func = sharc_op_next(func)) {
    if (!sharc_op_isa(func, &sharc_func_func_def))
      continue;
    for (unsigned i = 0; i < sharc_func_num_args(func); i++) {
      name.len = 0;
      origin_name((origin){ORIGIN_INPUT, i, 0}, &name);
      sharc_attr *dict = origins_to_self(
          ctx, sharc_func_arg_attr(func, i, SHARC_SDY_SHARDING_ORIGINS_ATTR),
          (sharc_str){name.data, name.len});
      if (dict)
        sharc_func_set_arg_attr(func, i, SHARC_SDY_SHARDING_ORIGINS_ATTR, dict);
    }
    for (unsigned i = 0; i < sharc_func_num_results(func); i++) {
      name.len = 0;
      origin_name((origin){ORIGIN_OUTPUT, i, 0}, &name);
      sharc_attr *dict = origins_to_self(
          ctx, sharc_func_result_attr(func, i, SHARC_SDY_SHARDING_ORIGINS_ATTR),
          (sharc_str){name.data, name.len});
      if (dict)
        sharc_func_set_result_attr(func, i, SHARC_SDY_SHARDING_ORIGINS_ATTR, dict);
    }
  }
  sharc_buf_free(&name);
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_manual_computation_def, manual_to_self,
                 NULL);
}

/* ---- saving edges ---------------------------------------------------------------------- */

static bool same_node(edge_node a, edge_node b) { return a.type == b.type && a.index == b.index; }

static int node_cmp(const void *x, const void *y) {
  const edge_node *a = x, *b = y;
  if (a->type != b->type)
    return a->type < b->type ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

typedef struct step_entry {
  sharc_attr *details;
  sharc_attr *axis;
  unsigned order; /* for a stable sort */
} step_entry;

static int entry_cmp(const void *x, const void *y) {
  const step_entry *a = x, *b = y;
  if (sharc_sdy_axis_less(a->axis, b->axis))
    return -1;
  if (sharc_sdy_axis_less(b->axis, a->axis))
    return 1;
  return a->order < b->order ? -1 : a->order > b->order;
}

static int step_cmp(const void *x, const void *y) {
  int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
  return a < b ? -1 : a > b;
}

/* The targets that (axis, source) reach at `step`, sorted and unique. */
static unsigned targets_of(const axis_edges *edges, unsigned k, int64_t step, edge_node *out) {
  unsigned n = 0;
  const axis_edge *key = &edges->items[k];
  for (unsigned i = 0; i < edges->len; i++) {
    const axis_edge *e = &edges->items[i];
    if (e->axis == key->axis && same_node(e->edge.source, key->edge.source) && e->edge.step == step)
      out[n++] = e->edge.target;
  }
  qsort(out, n, sizeof *out, node_cmp);
  unsigned unique = 0;
  for (unsigned i = 0; i < n; i++)
    if (!unique || !same_node(out[unique - 1], out[i]))
      out[unique++] = out[i];
  return unique;
}

/* Whether edge `k` is the first (axis, source) pair at its step. */
static bool first_of_pair(const axis_edges *edges, unsigned k) {
  const axis_edge *key = &edges->items[k];
  for (unsigned i = 0; i < k; i++) {
    const axis_edge *e = &edges->items[i];
    if (e->axis == key->axis && same_node(e->edge.source, key->edge.source) &&
        e->edge.step == key->edge.step)
      return false;
  }
  return true;
}

/* createPropagationEdges: each (axis, source, target) at its earliest
 * step, grouped by step, the entries of a step by axis, steps ascending;
 * NULL when there is none. */
static sharc_attr *propagation_edges(sharc_context *ctx, const axis_edges *recorded) {
  /* keep the earliest step of each (axis, source, target) */
  axis_edges edges = {0};
  for (unsigned i = 0; i < recorded->len; i++) {
    const axis_edge *e = &recorded->items[i];
    bool merged = false;
    for (unsigned j = 0; !merged && j < edges.len; j++) {
      axis_edge *f = &edges.items[j];
      if (f->axis == e->axis && same_node(f->edge.source, e->edge.source) &&
          same_node(f->edge.target, e->edge.target)) {
        if (e->edge.step < f->edge.step)
          f->edge = e->edge;
        merged = true;
      }
    }
    if (!merged)
      sharc_vec_push(&edges, *e);
  }
  if (!edges.len)
    return NULL;
  int64_t *steps = malloc(edges.len * sizeof *steps);
  edge_node *targets = malloc(edges.len * sizeof *targets);
  sharc_attr **target_attrs = malloc(edges.len * sizeof *target_attrs);
  step_entry *entries = malloc(edges.len * sizeof *entries);
  sharc_attr **one_steps = malloc(edges.len * sizeof *one_steps);
  if (!steps || !targets || !target_attrs || !entries || !one_steps)
    abort();
  unsigned n_steps = 0;
  for (unsigned i = 0; i < edges.len; i++)
    steps[n_steps++] = edges.items[i].edge.step;
  qsort(steps, n_steps, sizeof *steps, step_cmp);
  unsigned unique = 0;
  for (unsigned i = 0; i < n_steps; i++)
    if (!unique || steps[unique - 1] != steps[i])
      steps[unique++] = steps[i];
  for (unsigned s = 0; s < unique; s++) {
    unsigned n_entries = 0;
    for (unsigned k = 0; k < edges.len; k++) {
      const axis_edge *e = &edges.items[k];
      if (e->edge.step != steps[s] || !first_of_pair(&edges, k))
        continue;
      unsigned n = targets_of(&edges, k, steps[s], targets);
      for (unsigned t = 0; t < n; t++)
        target_attrs[t] = sharc_sdy_edge_value_ref_get(ctx, targets[t].type, targets[t].index);
      sharc_attr *source = sharc_sdy_edge_value_ref_get(ctx, e->edge.source.type, e->edge.source.index);
      entries[n_entries] = (step_entry){
          sharc_sdy_axis_to_propagation_details_get(ctx, e->axis, source, target_attrs, n), e->axis,
          n_entries};
      n_entries++;
    }
    qsort(entries, n_entries, sizeof *entries, entry_cmp);
    for (unsigned i = 0; i < n_entries; i++)
      target_attrs[i] = entries[i].details;
    one_steps[s] = sharc_sdy_propagation_one_step_get(ctx, steps[s], target_attrs, n_entries);
  }
  sharc_attr *out = sharc_sdy_propagation_edges_get(ctx, one_steps, unique);
  free(steps);
  free(targets);
  free(target_attrs);
  free(entries);
  free(one_steps);
  sharc_vec_free(&edges);
  return out;
}

void sharc_sdy_source_sharding_save(sharc_sdy_source_sharding *h, sharc_op *module) {
  if (!sharc_sdy_source_sharding_active(h))
    return;
  sharc_context *ctx = sharc_op_context(module);
  if (h->origins) {
    for (unsigned i = 0; i < h->values.len; i++)
      save_value_origins(h->values.items[i], &h->value_origins.items[i]);
    origins_of_user_shardings_to_self(module);
  }
  if (!h->edges)
    return;
  for (unsigned i = 0; i < h->ops.len; i++) {
    sharc_op *op = h->ops.items[i];
    sharc_attr *edges = sharc_op_isa(op, &sharc_func_func_def)
                            ? NULL
                            : propagation_edges(ctx, &h->op_edges.items[i]);
    if (edges)
      sharc_op_set_attr(op, SHARC_SDY_PROPAGATION_EDGES_ATTR, edges);
  }
  for (unsigned i = 0; i < h->funcs.len; i++) {
    func_result_edges *f = &h->funcs.items[i];
    for (unsigned r = 0; r < f->num_results; r++) {
      sharc_attr *edges = propagation_edges(ctx, &f->results[r]);
      if (edges)
        sharc_func_set_result_attr(f->func, r, SHARC_SDY_PROPAGATION_EDGES_ATTR, edges);
    }
  }
}
