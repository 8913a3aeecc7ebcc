/* Propagation debugging: sharding origins and propagation edges; see
 * source_sharding.h. */
#include "transforms/sdy/propagation/debugging/source_sharding.h"

#include "dialect/func/func.h"
#include "dialect/sdy/axes.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"
#include "transforms/sdy/rules/rules.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- what is recorded ------------------------------------------------------------ */

typedef enum origin_type {
  ORIGIN_INPUT,      /* a function argument */
  ORIGIN_CONSTRAINT, /* an sdy.sharding_constraint */
  ORIGIN_OUTPUT,     /* a function result */
  ORIGIN_MC_INPUT,   /* a manual computation's in_shardings */
  ORIGIN_MC_OUTPUT,  /* a manual computation's out_shardings */
} origin_type;

typedef struct origin {
  origin_type type;
  int64_t index;
  int64_t source_id; /* constraints and manual computations are numbered */
} origin;

typedef struct axis_origin {
  sharc_attr *axis;
  origin origin;
} axis_origin;

typedef SHARC_VEC(axis_origin) axis_origin_vec;

/* The origin of each axis of a value's sharding, in the order recorded
 * (the first origin of an axis stays). */
typedef struct value_origins {
  sharc_value *value;
  axis_origin_vec axes;
} value_origins;

typedef struct edge_node {
  sharc_sdy_edge_node_type type;
  int64_t index;
} edge_node;

typedef struct prop_edge {
  edge_node source, target;
  int64_t step;
} prop_edge;

typedef SHARC_VEC(prop_edge) prop_edge_vec;

typedef struct axis_edges {
  sharc_attr *axis;
  prop_edge_vec edges;
} axis_edges;

typedef SHARC_VEC(axis_edges) axis_edges_map;

typedef struct op_edges {
  sharc_op *op;
  axis_edges_map map;
} op_edges;

/* A function's result edges, one map per result (Shardy records every edge
 * of a function under result 0: each result is propagated on its own as
 * the only result of an identity op). */
typedef struct func_edges {
  sharc_op *func;
  SHARC_VEC(axis_edges_map) results;
} func_edges;

struct sharc_source_sharding {
  bool origins, edges;
  int64_t step; /* the next propagation step */
  SHARC_VEC(value_origins) values;
  sharc_ptrmap value_slot; /* value -> index + 1 */
  SHARC_VEC(op_edges) ops;
  sharc_ptrmap op_slot;
  SHARC_VEC(func_edges) funcs;
  sharc_ptrmap func_slot;
};

struct sharc_source_sharding_step {
  sharc_op *op;
  sharc_projection old;
};

/* ---- small helpers ------------------------------------------------------------------ */

static void *slot_of(sharc_ptrmap *slots, const void *key, void *items, size_t item_size) {
  uintptr_t k = (uintptr_t)sharc_ptrmap_get(slots, key);
  return k ? (char *)items + (k - 1) * item_size : NULL;
}

static axis_origin_vec *origins_of(sharc_source_sharding *s, sharc_value *v, bool create) {
  value_origins *vo = slot_of(&s->value_slot, v, s->values.items, sizeof *s->values.items);
  if (vo || !create)
    return vo ? &vo->axes : NULL;
  value_origins fresh = {v, {0}};
  sharc_vec_push(&s->values, fresh);
  sharc_ptrmap_put(&s->value_slot, v, (void *)(uintptr_t)s->values.len);
  return &sharc_vec_last(&s->values).axes;
}

static void add_origin(axis_origin_vec *vec, sharc_attr *axis, origin o) {
  for (unsigned i = 0; i < vec->len; i++)
    if (vec->items[i].axis == axis)
      return;
  axis_origin ao = {axis, o};
  sharc_vec_push(vec, ao);
}

/* saveShardingOrigins: every axis of `sharding` came from `o`. */
static void save_origins(sharc_source_sharding *s, const sharc_attr *sharding, sharc_value *value,
                         origin o) {
  if (!sharding)
    return;
  sharc_value *shardable = sharc_sdy_shardable_value(value);
  if (!shardable)
    return;
  /* a value gets an entry with its first axis only */
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding); d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      add_origin(origins_of(s, shardable, true), sharc_sdy_dim_sharding_axis(dim, i), o);
  }
}

static axis_edges_map *op_edge_map(sharc_source_sharding *s, sharc_op *op) {
  op_edges *oe = slot_of(&s->op_slot, op, s->ops.items, sizeof *s->ops.items);
  if (oe)
    return &oe->map;
  op_edges fresh = {op, {0}};
  sharc_vec_push(&s->ops, fresh);
  sharc_ptrmap_put(&s->op_slot, op, (void *)(uintptr_t)s->ops.len);
  return &sharc_vec_last(&s->ops).map;
}

static void add_edge(axis_edges_map *map, sharc_attr *axis, prop_edge e) {
  for (unsigned i = 0; i < map->len; i++)
    if (map->items[i].axis == axis) {
      sharc_vec_push(&map->items[i].edges, e);
      return;
    }
  axis_edges ae = {axis, {0}};
  sharc_vec_push(&ae.edges, e);
  sharc_vec_push(map, ae);
}

static void free_edge_map(axis_edges_map *map) {
  for (unsigned i = 0; i < map->len; i++)
    sharc_vec_free(&map->items[i].edges);
  sharc_vec_free(map);
}

static sharc_op *enclosing_func(sharc_op *op) {
  while (op && !sharc_op_isa(op, &sharc_func_func_def))
    op = sharc_op_parent_op(op);
  return op;
}

static sharc_op *func_terminator(const sharc_op *func) {
  sharc_block *body = sharc_func_body(func);
  return body ? sharc_block_terminator(body) : NULL;
}

static sharc_attr *str_attr(sharc_context *ctx, const char *text) {
  return sharc_attr_string(ctx, sharc_str_from_cstr(text));
}

/* ---- origin names ------------------------------------------------------------------- */

/* shardingOriginToString */
static void origin_name(origin o, char *out, size_t size) {
  switch (o.type) {
  case ORIGIN_INPUT:
    snprintf(out, size, "input: %lld", (long long)o.index);
    return;
  case ORIGIN_OUTPUT:
    snprintf(out, size, "output: %lld", (long long)o.index);
    return;
  case ORIGIN_CONSTRAINT:
    snprintf(out, size, "constraint_%lld", (long long)o.source_id);
    return;
  case ORIGIN_MC_INPUT:
    snprintf(out, size, "mc_%lld_input: %lld", (long long)o.source_id, (long long)o.index);
    return;
  case ORIGIN_MC_OUTPUT:
    snprintf(out, size, "mc_%lld_output: %lld", (long long)o.source_id, (long long)o.index);
    return;
  }
}

/* ---- preparing -------------------------------------------------------------------------- */

static int64_t max_recorded_step(sharc_op *module);

typedef struct prepare_state {
  sharc_source_sharding *s;
  int64_t next_id;
} prepare_state;

static sharc_walk_result name_constraint(sharc_op *op, void *user) {
  prepare_state *ps = user;
  origin o = {ORIGIN_CONSTRAINT, 0, ps->next_id++};
  sharc_attr *sharding = sharc_op_attr(op, "sharding");
  if (sharding && sharc_sdy_is_tensor_sharding(sharding))
    save_origins(ps->s, sharding, sharc_op_result(op, 0), o);
  char name[64];
  origin_name(o, name, sizeof name);
  sharc_op_set_attr(op, SHARC_SDY_SHARDING_ORIGIN_NAME_ATTR, str_attr(sharc_op_context(op), name));
  sharc_value *operand = sharc_op_operand(op, 0);
  save_origins(ps->s, sharc_sdy_get_sharding(operand), operand, o);
  return SHARC_WALK_ADVANCE;
}

static sharc_attr *list_at(sharc_op *op, const char *key, unsigned i) {
  sharc_attr *list = sharc_op_attr(op, key);
  return list ? sharc_sdy_sharding_per_value_at(list, i) : NULL;
}

static sharc_walk_result name_manual_computation(sharc_op *op, void *user) {
  prepare_state *ps = user;
  int64_t id = ps->next_id++;
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  sharc_attr *in = sharc_op_attr(op, "in_shardings");
  for (unsigned i = 0; in && body && i < sharc_sdy_list_size(in); i++) {
    sharc_op *edge =
        i < sharc_block_num_args(body) ? sharc_sdy_data_flow_edge_of_target(sharc_block_arg(body, i))
                                       : NULL;
    if (!edge)
      continue;
    origin o = {ORIGIN_MC_INPUT, i, id};
    save_origins(ps->s, list_at(op, "in_shardings", i), sharc_op_result(edge, 0), o);
    sharc_ptrvec sources = {0};
    sharc_sdy_data_flow_edge_sources(edge, &sources);
    if (sources.len)
      save_origins(ps->s, sharc_sdy_get_sharding(sources.items[0]), sources.items[0], o);
    sharc_ptrvec_free(&sources);
  }
  sharc_attr *out = sharc_op_attr(op, "out_shardings");
  for (unsigned i = 0; out && i < sharc_sdy_list_size(out) && i < sharc_op_num_results(op); i++) {
    sharc_op *edge = sharc_sdy_data_flow_edge_of_target(sharc_op_result(op, i));
    if (edge)
      save_origins(ps->s, list_at(op, "out_shardings", i), sharc_op_result(edge, 0),
                   (origin){ORIGIN_MC_OUTPUT, i, id});
  }
  char name[32];
  snprintf(name, sizeof name, "mc_%lld", (long long)id);
  sharc_op_set_attr(op, SHARC_SDY_SHARDING_ORIGIN_NAME_ATTR, str_attr(sharc_op_context(op), name));
  return SHARC_WALK_ADVANCE;
}

/* Function inputs and outputs go last: the walks above may have recorded
 * their axes already (as constraint or manual computation origins). */
static void prepare_func_origins(sharc_source_sharding *s, sharc_op *func) {
  sharc_block *body = sharc_func_body(func);
  for (unsigned i = 0; body && i < sharc_block_num_args(body); i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    save_origins(s, sharc_sdy_get_sharding(arg), arg, (origin){ORIGIN_INPUT, i, 0});
  }
  sharc_op *term = func_terminator(func);
  for (unsigned i = 0; term && i < sharc_op_num_operands(term); i++)
    save_origins(s, sharc_sdy_func_result_sharding(func, i), sharc_op_operand(term, i),
                 (origin){ORIGIN_OUTPUT, i, 0});
}

static sharc_block *module_body(sharc_op *module) {
  return sharc_region_first_block(sharc_op_region(module, 0));
}

#define FOR_EACH_FUNC(func, module)                                                                \
  for (sharc_op *func = module_body(module) ? sharc_block_first_op(module_body(module)) : NULL;    \
       func; func = sharc_op_next(func))                                                           \
    if (sharc_op_isa(func, &sharc_func_func_def))

sharc_source_sharding *sharc_source_sharding_create(sharc_op *module, bool origins, bool edges) {
  sharc_source_sharding *s = sharc_xcalloc(1, sizeof *s);
  s->origins = origins;
  s->edges = edges;
  s->step = max_recorded_step(module) + 1;
  if (origins) {
    prepare_state ps = {s, 0};
    sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_sharding_constraint_def, name_constraint,
                   &ps);
    ps.next_id = 0;
    sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_manual_computation_def,
                   name_manual_computation, &ps);
    FOR_EACH_FUNC(func, module)
    prepare_func_origins(s, func);
  }
  if (edges) {
    FOR_EACH_FUNC(func, module) {
      func_edges fe = {func, {0}};
      for (unsigned r = 0; r < sharc_func_num_results(func); r++) {
        axis_edges_map empty = {0};
        sharc_vec_push(&fe.results, empty);
      }
      sharc_vec_push(&s->funcs, fe);
      sharc_ptrmap_put(&s->func_slot, func, (void *)(uintptr_t)s->funcs.len);
    }
  }
  return s;
}

void sharc_source_sharding_destroy(sharc_source_sharding *s) {
  if (!s)
    return;
  for (unsigned i = 0; i < s->values.len; i++)
    sharc_vec_free(&s->values.items[i].axes);
  sharc_vec_free(&s->values);
  sharc_ptrmap_free(&s->value_slot);
  for (unsigned i = 0; i < s->ops.len; i++)
    free_edge_map(&s->ops.items[i].map);
  sharc_vec_free(&s->ops);
  sharc_ptrmap_free(&s->op_slot);
  for (unsigned i = 0; i < s->funcs.len; i++) {
    for (unsigned r = 0; r < s->funcs.items[i].results.len; r++)
      free_edge_map(&s->funcs.items[i].results.items[r]);
    sharc_vec_free(&s->funcs.items[i].results);
  }
  sharc_vec_free(&s->funcs);
  sharc_ptrmap_free(&s->func_slot);
  free(s);
}

/* ---- one step: where the new axes came from ----------------------------------------- */

/* The new axes of one tensor, each with its edge (AxisToEdgeMap: the first
 * edge of an axis stays). */
typedef struct axis_edge {
  sharc_attr *axis;
  prop_edge edge;
} axis_edge;
typedef SHARC_VEC(axis_edge) axis_edge_vec;

static void put_edge(axis_edge_vec *v, sharc_attr *axis, prop_edge e) {
  for (unsigned i = 0; i < v->len; i++)
    if (v->items[i].axis == axis)
      return;
  axis_edge ae = {axis, e};
  sharc_vec_push(v, ae);
}

static void erase_edge(axis_edge_vec *v, const sharc_attr *axis) {
  for (unsigned i = 0; i < v->len; i++)
    if (v->items[i].axis == axis) {
      memmove(&v->items[i], &v->items[i + 1], (v->len - i - 1) * sizeof *v->items);
      v->len--;
      return;
    }
}

/* findNewAxisRefMatch: the first of `count` tensors from `first` whose old
 * axes along `factor` start with all of `axes`, or -1. */
static int find_source(const sharc_projection *old, unsigned first, unsigned count,
                       unsigned factor, const sharc_sdy_axis_vec *axes) {
  for (unsigned t = 0; t < count; t++) {
    const sharc_factor_sharding *fs = &old->tensors[first + t].factors[factor];
    if (fs->present && sharc_sdy_axes_prefix_of(axes->items, axes->len, fs->axes.items,
                                                fs->axes.len) != SHARC_SDY_PREFIX_NONE)
      return (int)t;
  }
  return -1;
}

/* saveEdges: the last old axis when it grew, and every axis after it. */
static void save_edges(const sharc_sdy_axis_vec *new_axes, const sharc_sdy_axis_vec *old_axes,
                       prop_edge e, axis_edge_vec *out) {
  unsigned n_old = old_axes->len;
  if (n_old && n_old <= new_axes->len && old_axes->items[n_old - 1] != new_axes->items[n_old - 1])
    put_edge(out, new_axes->items[n_old - 1], e);
  for (unsigned i = n_old; i < new_axes->len; i++)
    put_edge(out, new_axes->items[i], e);
}

typedef struct source_map_ctx {
  sharc_context *ctx;
  const sharc_projection *old, *now;
  const sharc_attr *rule, *mesh;
  int64_t step;
} source_map_ctx;

/* One tensor (createSourceMap's visitValue): along every factor whose axes
 * changed, the tensor (operands first) that already had them is the
 * source. Sub-axes meeting at a boundary between two factors of a
 * dimension count as one axis. */
static void visit_tensor(const source_map_ctx *c, unsigned tensor, edge_node target,
                         axis_edge_vec *out) {
  sharc_sdy_axis_vec introduced = {0};
  unsigned rank = sharc_rule_tensor_rank(c->rule, tensor);
  unsigned n_ops = c->old->num_operands, n_res = c->old->num_results;
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *previous = NULL;
    unsigned n = sharc_rule_dim_num_factors(c->rule, tensor, d);
    for (unsigned k = 0; k < n; k++) {
      unsigned f = sharc_rule_dim_factor(c->rule, tensor, d, k);
      if (f >= c->old->num_factors)
        continue;
      const sharc_factor_sharding *before = &c->old->tensors[tensor].factors[f];
      const sharc_factor_sharding *after = &c->now->tensors[tensor].factors[f];
      if (sharc_sdy_axes_equal(before->axes.items, before->axes.len, after->axes.items,
                               after->axes.len) ||
          !after->axes.len)
        continue;
      sharc_attr *last = sharc_vec_last(&after->axes);
      if (previous && sharc_sdy_axis_ref_can_merge(previous, last)) {
        erase_edge(out, previous);
        last = sharc_sdy_axis_merge(c->ctx, previous, last, c->mesh);
      }
      previous = sharc_vec_last(&after->axes);
      sharc_sdy_axes_assign(&introduced, after->axes.items, after->axes.len);
      introduced.items[introduced.len - 1] = last;
      int src = find_source(c->old, 0, n_ops, f, &after->axes);
      edge_node source = {SHARC_SDY_EDGE_OPERAND, src};
      if (src < 0) {
        src = find_source(c->old, n_ops, n_res, f, &after->axes);
        source = (edge_node){SHARC_SDY_EDGE_RESULT, src};
      }
      if (src >= 0)
        save_edges(&introduced, &before->axes, (prop_edge){source, target, c->step}, out);
    }
  }
  sharc_vec_free(&introduced);
}

sharc_source_sharding_step *sharc_source_sharding_begin(sharc_source_sharding *s, sharc_op *op,
                                                        const sharc_projection *p) {
  (void)s;
  sharc_source_sharding_step *step = sharc_xmalloc(sizeof *step);
  step->op = op;
  sharc_projection_copy(&step->old, p);
  return step;
}

/* lookUpValueOriginSharding: the origin of `axis` on `v`, or of an axis
 * containing it or contained in it (split or merged by a reshape). */
static bool find_origin(sharc_source_sharding *s, sharc_value *v, const sharc_attr *axis,
                        origin *out) {
  sharc_value *shardable = v ? sharc_sdy_shardable_value(v) : NULL;
  axis_origin_vec *vec = shardable ? origins_of(s, shardable, false) : NULL;
  if (!vec)
    return false;
  for (unsigned i = 0; i < vec->len; i++)
    if (vec->items[i].axis == axis) {
      *out = vec->items[i].origin;
      return true;
    }
  for (unsigned i = 0; i < vec->len; i++)
    if (sharc_sdy_axis_contains(vec->items[i].axis, axis) ||
        sharc_sdy_axis_contains(axis, vec->items[i].axis)) {
      *out = vec->items[i].origin;
      return true;
    }
  return false;
}

typedef struct step_values {
  sharc_value *const *operands;
  unsigned num_operands;
  sharc_value *const *results;
  unsigned num_results;
} step_values;

static void record(sharc_source_sharding *s, sharc_op *op, unsigned index, const axis_edge *ae,
                   sharc_value *value, const step_values *sv) {
  if (s->edges) {
    if (sharc_op_isa(op, &sharc_func_func_def)) {
      func_edges *fe = slot_of(&s->func_slot, op, s->funcs.items, sizeof *s->funcs.items);
      if (fe && index < fe->results.len)
        add_edge(&fe->results.items[index], ae->axis, ae->edge);
    } else {
      add_edge(op_edge_map(s, op), ae->axis, ae->edge);
    }
  }
  if (!s->origins)
    return;
  edge_node src = ae->edge.source;
  sharc_value *source = NULL;
  if (src.type == SHARC_SDY_EDGE_OPERAND && src.index < sv->num_operands)
    source = sv->operands[src.index];
  else if (src.type == SHARC_SDY_EDGE_RESULT && src.index < sv->num_results)
    source = sv->results[src.index];
  origin o;
  sharc_value *shardable = sharc_sdy_shardable_value(value);
  /* an axis whose source holds no origin (a sharding on an intermediate op
   * of the input) has none to record; Shardy does not expect it */
  if (shardable && find_origin(s, source, ae->axis, &o))
    add_origin(origins_of(s, shardable, true), ae->axis, o);
}

void sharc_source_sharding_end(sharc_source_sharding *s, sharc_source_sharding_step *step,
                               sharc_value *const *operands, unsigned num_operands,
                               sharc_value *const *results, unsigned num_results,
                               const sharc_attr *mesh, const sharc_attr *rule,
                               const sharc_projection *p, bool any_updated) {
  if (!step)
    return;
  if (any_updated) {
    source_map_ctx c = {p->ctx, &step->old, p, rule, mesh, s->step};
    unsigned n = sharc_projection_num_tensors(p);
    axis_edge_vec *maps = sharc_xcalloc(n + 1, sizeof *maps);
    for (unsigned t = 0; t < n; t++) {
      bool is_operand = t < p->num_operands;
      edge_node target = {is_operand ? SHARC_SDY_EDGE_OPERAND : SHARC_SDY_EDGE_RESULT,
                          is_operand ? t : t - p->num_operands};
      visit_tensor(&c, t, target, &maps[t]);
    }
    s->step++;
    step_values sv = {operands, num_operands, results, num_results};
    for (unsigned t = 0; t < n; t++) {
      bool is_operand = t < p->num_operands;
      unsigned index = is_operand ? t : t - p->num_operands;
      sharc_value *value = is_operand ? (index < num_operands ? operands[index] : NULL)
                                      : (index < num_results ? results[index] : NULL);
      for (unsigned i = 0; value && i < maps[t].len; i++)
        record(s, step->op, index, &maps[t].items[i], value, &sv);
      sharc_vec_free(&maps[t]);
    }
    free(maps);
  }
  sharc_projection_free(&step->old);
  free(step);
}

/* ---- propagation edges as an attribute -------------------------------------------------- */

typedef struct flat_edge {
  sharc_attr *axis;
  edge_node source, target;
  int64_t step;
} flat_edge;

static int cmp_i64(int64_t a, int64_t b) { return a < b ? -1 : a > b; }

static int cmp_axis(const sharc_attr *a, const sharc_attr *b) {
  if (a == b)
    return 0;
  return sharc_sdy_axis_less(a, b) ? -1 : sharc_sdy_axis_less(b, a) ? 1 : 0;
}

static int cmp_node(edge_node a, edge_node b) {
  return a.type != b.type ? cmp_i64(a.type, b.type) : cmp_i64(a.index, b.index);
}

/* axis, source, target, then step: the first of each triple has the
 * minimum step */
static int by_triple(const void *x, const void *y) {
  const flat_edge *a = x, *b = y;
  int c = cmp_axis(a->axis, b->axis);
  if (!c)
    c = cmp_node(a->source, b->source);
  if (!c)
    c = cmp_node(a->target, b->target);
  return c ? c : cmp_i64(a->step, b->step);
}

/* step, then axis (AxisRefAttr's order, as Shardy sorts the entries of a
 * step), then source (where Shardy keeps its hash order), then target */
static int by_step(const void *x, const void *y) {
  const flat_edge *a = x, *b = y;
  int c = cmp_i64(a->step, b->step);
  if (!c)
    c = cmp_axis(a->axis, b->axis);
  if (!c)
    c = cmp_node(a->source, b->source);
  return c ? c : cmp_node(a->target, b->target);
}

static sharc_attr *node_attr(sharc_context *ctx, edge_node n) {
  return sharc_sdy_edge_value_ref_get(ctx, n.type, n.index);
}

/* createPropagationEdges: the edges of one op grouped by step, axis and
 * source, each (axis, source, target) only at its earliest step; NULL
 * when there is none. */
static sharc_attr *propagation_edges(sharc_context *ctx, const axis_edges_map *map) {
  SHARC_VEC(flat_edge) all = {0};
  for (unsigned i = 0; i < map->len; i++)
    for (unsigned k = 0; k < map->items[i].edges.len; k++) {
      const prop_edge *e = &map->items[i].edges.items[k];
      flat_edge fe = {map->items[i].axis, e->source, e->target, e->step};
      sharc_vec_push(&all, fe);
    }
  if (!all.len)
    return NULL;
  qsort(all.items, all.len, sizeof *all.items, by_triple);
  unsigned kept = 0;
  for (unsigned i = 0; i < all.len; i++) {
    const flat_edge *prev = kept ? &all.items[kept - 1] : NULL;
    if (prev && prev->axis == all.items[i].axis && !cmp_node(prev->source, all.items[i].source) &&
        !cmp_node(prev->target, all.items[i].target))
      continue;
    all.items[kept++] = all.items[i];
  }
  all.len = kept;
  qsort(all.items, all.len, sizeof *all.items, by_step);
  SHARC_VEC(sharc_attr *) steps = {0}, entries = {0}, targets = {0};
  for (unsigned i = 0; i < all.len;) {
    int64_t step = all.items[i].step;
    sharc_vec_clear(&entries);
    while (i < all.len && all.items[i].step == step) {
      const flat_edge *head = &all.items[i];
      sharc_vec_clear(&targets);
      while (i < all.len && all.items[i].step == step && all.items[i].axis == head->axis &&
             !cmp_node(all.items[i].source, head->source)) {
        sharc_vec_push(&targets, node_attr(ctx, all.items[i].target));
        i++;
      }
      sharc_vec_push(&entries,
                     sharc_sdy_axis_to_propagation_details_get(ctx, head->axis,
                                                               node_attr(ctx, head->source),
                                                               targets.items, targets.len));
    }
    sharc_vec_push(&steps, sharc_sdy_propagation_one_step_get(ctx, step, entries.items,
                                                              entries.len));
  }
  sharc_attr *edges = sharc_sdy_propagation_edges_get(ctx, steps.items, steps.len);
  sharc_vec_free(&steps);
  sharc_vec_free(&entries);
  sharc_vec_free(&targets);
  sharc_vec_free(&all);
  return edges;
}

static sharc_walk_result max_step_of(sharc_op *op, void *user) {
  int64_t *max = user;
  sharc_attr *edges = sharc_op_attr(op, SHARC_SDY_PROPAGATION_EDGES_ATTR);
  if (!edges || !sharc_sdy_is_propagation_edges(edges))
    return SHARC_WALK_ADVANCE;
  for (unsigned i = 0; i < sharc_sdy_list_size(edges); i++) {
    int64_t step = sharc_sdy_propagation_one_step_index(sharc_sdy_list_at(edges, i));
    if (step > *max)
      *max = step;
  }
  return SHARC_WALK_ADVANCE;
}

/* maximumPropagationStep: -1 when no op records a step. */
static int64_t max_recorded_step(sharc_op *module) {
  int64_t max = -1;
  sharc_walk(module, SHARC_POST_ORDER, max_step_of, &max);
  return max;
}

/* ---- saving ------------------------------------------------------------------------------- */

/* Function argument and result attributes are written once per function
 * at the end (each write rebuilds the attributes of all of them). */
typedef struct func_attrs {
  sharc_op *func;
  sharc_attr **args, **results;
} func_attrs;

typedef struct func_attr_batch {
  SHARC_VEC(func_attrs) funcs;
  sharc_ptrmap slot;
} func_attr_batch;

static func_attrs *batch_of(func_attr_batch *b, sharc_op *func) {
  func_attrs *fa = slot_of(&b->slot, func, b->funcs.items, sizeof *b->funcs.items);
  if (fa)
    return fa;
  func_attrs fresh = {func, sharc_xcalloc(sharc_func_num_args(func) + 1, sizeof(sharc_attr *)),
                      sharc_xcalloc(sharc_func_num_results(func) + 1, sizeof(sharc_attr *))};
  sharc_vec_push(&b->funcs, fresh);
  sharc_ptrmap_put(&b->slot, func, (void *)(uintptr_t)b->funcs.len);
  return &sharc_vec_last(&b->funcs);
}

static void batch_flush(func_attr_batch *b, const char *name) {
  for (unsigned i = 0; i < b->funcs.len; i++) {
    func_attrs *fa = &b->funcs.items[i];
    sharc_func_set_each_arg_attr(fa->func, name, fa->args);
    sharc_func_set_each_result_attr(fa->func, name, fa->results);
    free(fa->args);
    free(fa->results);
  }
  sharc_vec_free(&b->funcs);
  sharc_ptrmap_free(&b->slot);
}

/* createOriginShardingEntries: `{a = "input: 0", "b":(1)2 ...}` keyed by
 * the axis without its quotes. */
static sharc_attr *origins_dict(sharc_context *ctx, const axis_origin_vec *vec) {
  SHARC_VEC(sharc_named_attr) entries = {0};
  sharc_buf key = {0};
  for (unsigned i = 0; i < vec->len; i++) {
    key.len = 0;
    if (key.data)
      key.data[0] = 0;
    sharc_sdy_axis_ref_to_string(vec->items[i].axis, &key);
    char *w = key.data;
    for (const char *r = key.data; r && *r; r++)
      if (*r != '"')
        *w++ = *r;
    char name[96];
    origin_name(vec->items[i].origin, name, sizeof name);
    sharc_named_attr e = {sharc_ident_get(ctx, (sharc_str){key.data, (size_t)(w - key.data)}),
                          str_attr(ctx, name)};
    sharc_vec_push(&entries, e);
  }
  sharc_attr *dict = sharc_attr_dictionary(ctx, entries.items, entries.len);
  sharc_buf_free(&key);
  sharc_vec_free(&entries);
  return dict;
}

/* The first use of `v` (in use-list order) by `term`, or NULL. */
static sharc_use *use_by(sharc_value *v, const sharc_op *term) {
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u))
    if (sharc_use_owner(u) == term)
      return u;
  return NULL;
}

/* Per result, the op's `sdy.sharding_origins` array with `dict` at `index`. */
static void set_result_origins(sharc_op *op, unsigned index, sharc_attr *dict) {
  sharc_context *ctx = sharc_op_context(op);
  unsigned n = sharc_op_num_results(op);
  sharc_attr *old = sharc_op_attr(op, SHARC_SDY_SHARDING_ORIGINS_ATTR);
  bool reuse = old && sharc_attr_get_kind(old) == SHARC_ATTR_ARRAY;
  unsigned count = reuse ? sharc_attr_count(old) : n;
  sharc_attr **dicts = sharc_xmalloc_array(count + 1, sizeof *dicts);
  for (unsigned i = 0; i < count; i++)
    dicts[i] = reuse ? sharc_attr_at(old, i) : sharc_attr_dictionary(ctx, NULL, 0);
  if (index < count)
    dicts[index] = dict;
  sharc_op_set_attr(op, SHARC_SDY_SHARDING_ORIGINS_ATTR, sharc_attr_array(ctx, dicts, count));
  free(dicts);
}

/* saveShardingOriginsOnModule */
static void save_origins_on_module(sharc_source_sharding *s, func_attr_batch *batch) {
  for (unsigned i = 0; i < s->values.len; i++) {
    sharc_value *v = s->values.items[i].value;
    sharc_op *owner = sharc_sdy_owning_op(v);
    if (!owner || sharc_op_is_erased(owner))
      continue;
    sharc_context *ctx = sharc_op_context(owner);
    sharc_attr *dict = origins_dict(ctx, &s->values.items[i].axes);
    sharc_op *func = enclosing_func(owner);
    sharc_op *term = func ? func_terminator(func) : NULL;
    sharc_use *use = term ? use_by(v, term) : NULL;
    if (use && sharc_use_operand_index(use) < sharc_func_num_results(func))
      batch_of(batch, func)->results[sharc_use_operand_index(use)] = dict;
    if (sharc_op_isa(owner, &sharc_func_func_def)) {
      if (sharc_value_is_block_arg(v) && sharc_value_index(v) < sharc_func_num_args(owner))
        batch_of(batch, owner)->args[sharc_value_index(v)] = dict;
    } else if (sharc_op_isa(owner, &sharc_sdy_sharding_constraint_def) ||
               sharc_op_isa(owner, &sharc_sdy_data_flow_edge_def)) {
      sharc_op_set_attr(owner, SHARC_SDY_SHARDING_ORIGINS_ATTR, dict);
    } else if (!sharc_value_is_block_arg(v)) {
      set_result_origins(owner, sharc_value_index(v), dict);
    }
  }
}

/* `dict` with the entries whose value is `name` said to come from `self`. */
static sharc_attr *origins_to_self(sharc_context *ctx, const sharc_attr *dict, const char *name) {
  unsigned n = sharc_attr_count(dict);
  const sharc_named_attr *entries = sharc_attr_dict_entries(dict);
  sharc_named_attr *out = sharc_xmalloc_array(n + 1, sizeof *out);
  for (unsigned i = 0; i < n; i++) {
    out[i] = entries[i];
    sharc_attr *v = entries[i].value;
    if (sharc_attr_get_kind(v) == SHARC_ATTR_STRING &&
        sharc_str_eq_cstr(sharc_attr_string_value(v), name))
      out[i].value = str_attr(ctx, "self");
  }
  sharc_attr *r = sharc_attr_dictionary(ctx, out, n);
  free(out);
  return r;
}

/* setOpOriginsToSelf */
static void op_origins_to_self(sharc_op *op, const char *name) {
  sharc_attr *dict = op ? sharc_op_attr(op, SHARC_SDY_SHARDING_ORIGINS_ATTR) : NULL;
  if (dict && sharc_attr_get_kind(dict) == SHARC_ATTR_DICTIONARY)
    sharc_op_set_attr(op, SHARC_SDY_SHARDING_ORIGINS_ATTR,
                      origins_to_self(sharc_op_context(op), dict, name));
}

static sharc_walk_result constraint_to_self(sharc_op *op, void *user) {
  (void)user;
  sharc_attr *name = sharc_op_attr(op, SHARC_SDY_SHARDING_ORIGIN_NAME_ATTR);
  /* constraints made after the origins were recorded have no name */
  if (name && sharc_attr_get_kind(name) == SHARC_ATTR_STRING) {
    sharc_str text = sharc_attr_string_value(name);
    char buf[128];
    snprintf(buf, sizeof buf, "%.*s", (int)text.len, text.data);
    op_origins_to_self(op, buf);
  }
  return SHARC_WALK_ADVANCE;
}

static sharc_walk_result manual_computation_to_self(sharc_op *op, void *user) {
  (void)user;
  sharc_attr *name = sharc_op_attr(op, SHARC_SDY_SHARDING_ORIGIN_NAME_ATTR);
  if (!name || sharc_attr_get_kind(name) != SHARC_ATTR_STRING)
    return SHARC_WALK_ADVANCE;
  sharc_str text = sharc_attr_string_value(name);
  char buf[160];
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  for (unsigned i = 0; body && i < sharc_block_num_args(body); i++) {
    snprintf(buf, sizeof buf, "%.*s_input: %u", (int)text.len, text.data, i);
    op_origins_to_self(sharc_sdy_data_flow_edge_of_target(sharc_block_arg(body, i)), buf);
  }
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    snprintf(buf, sizeof buf, "%.*s_output: %u", (int)text.len, text.data, i);
    op_origins_to_self(sharc_sdy_data_flow_edge_of_target(sharc_op_result(op, i)), buf);
  }
  return SHARC_WALK_ADVANCE;
}

/* overrideOriginsToSelf: a user sharding's own axes come from `self`. */
static void origins_to_self_on_module(sharc_op *module) {
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_sharding_constraint_def, constraint_to_self,
                 NULL);
  func_attr_batch batch = {0};
  char name[48];
  FOR_EACH_FUNC(func, module) {
    sharc_context *ctx = sharc_op_context(func);
    for (unsigned i = 0; i < sharc_func_num_args(func); i++) {
      sharc_attr *dict = sharc_func_arg_attr(func, i, SHARC_SDY_SHARDING_ORIGINS_ATTR);
      if (!dict || sharc_attr_get_kind(dict) != SHARC_ATTR_DICTIONARY)
        continue;
      snprintf(name, sizeof name, "input: %u", i);
      batch_of(&batch, func)->args[i] = origins_to_self(ctx, dict, name);
    }
    for (unsigned i = 0; i < sharc_func_num_results(func); i++) {
      sharc_attr *dict = sharc_func_result_attr(func, i, SHARC_SDY_SHARDING_ORIGINS_ATTR);
      if (!dict || sharc_attr_get_kind(dict) != SHARC_ATTR_DICTIONARY)
        continue;
      snprintf(name, sizeof name, "output: %u", i);
      batch_of(&batch, func)->results[i] = origins_to_self(ctx, dict, name);
    }
  }
  batch_flush(&batch, SHARC_SDY_SHARDING_ORIGINS_ATTR);
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_manual_computation_def,
                 manual_computation_to_self, NULL);
}

/* saveEdgesOnModule and saveEdgesOnFuncResults */
static void save_edges_on_module(sharc_source_sharding *s) {
  for (unsigned i = 0; i < s->ops.len; i++) {
    sharc_op *op = s->ops.items[i].op;
    if (sharc_op_is_erased(op) || sharc_op_isa(op, &sharc_func_func_def))
      continue;
    sharc_attr *edges = propagation_edges(sharc_op_context(op), &s->ops.items[i].map);
    if (edges)
      sharc_op_set_attr(op, SHARC_SDY_PROPAGATION_EDGES_ATTR, edges);
  }
  func_attr_batch batch = {0};
  for (unsigned i = 0; i < s->funcs.len; i++) {
    func_edges *fe = &s->funcs.items[i];
    for (unsigned r = 0; r < fe->results.len && r < sharc_func_num_results(fe->func); r++) {
      sharc_attr *edges = propagation_edges(sharc_op_context(fe->func), &fe->results.items[r]);
      if (edges)
        batch_of(&batch, fe->func)->results[r] = edges;
    }
  }
  batch_flush(&batch, SHARC_SDY_PROPAGATION_EDGES_ATTR);
}

void sharc_source_sharding_save(sharc_source_sharding *s, sharc_op *module) {
  if (s->origins) {
    func_attr_batch batch = {0};
    save_origins_on_module(s, &batch);
    batch_flush(&batch, SHARC_SDY_SHARDING_ORIGINS_ATTR);
    origins_to_self_on_module(module);
  }
  if (s->edges)
    save_edges_on_module(s);
}

/* ---- sinking from data flow edges ---------------------------------------------------------- */

void sharc_source_sharding_sink_from_data_flow_edges(sharc_value *const *owners, unsigned n,
                                                     sharc_op *op, bool sink_origins,
                                                     bool sink_edges, bool block_args) {
  if (!sink_origins && !sink_edges)
    return;
  SHARC_VEC(sharc_attr *) origins = {0}, edges = {0};
  for (unsigned i = 0; i < n; i++) {
    sharc_op *edge = sharc_sdy_data_flow_edge_of_target(owners[i]);
    if (!edge)
      continue;
    sharc_attr *dict = sharc_op_attr(edge, SHARC_SDY_SHARDING_ORIGINS_ATTR);
    if (sink_origins && dict && sharc_attr_get_kind(dict) == SHARC_ATTR_DICTIONARY)
      sharc_vec_push(&origins, dict);
    sharc_attr *pe = sharc_op_attr(edge, SHARC_SDY_PROPAGATION_EDGES_ATTR);
    if (sink_edges && pe && sharc_sdy_is_propagation_edges(pe) && sharc_sdy_list_size(pe))
      sharc_vec_push(&edges, pe);
  }
  sharc_context *ctx = sharc_op_context(op);
  if (sink_origins)
    sharc_op_set_attr(op,
                      block_args ? SHARC_SDY_BLOCK_ARG_SHARDING_ORIGINS_ATTR
                                 : SHARC_SDY_RESULT_SHARDING_ORIGINS_ATTR,
                      sharc_attr_array(ctx, origins.items, origins.len));
  if (sink_edges)
    sharc_op_set_attr(op,
                      block_args ? SHARC_SDY_BLOCK_ARG_PROPAGATION_EDGES_ATTR
                                 : SHARC_SDY_RESULT_PROPAGATION_EDGES_ATTR,
                      sharc_attr_array(ctx, edges.items, edges.len));
  sharc_vec_free(&origins);
  sharc_vec_free(&edges);
}
