/* Why a value has its sharding, from propagation's debugging information:
 * `sdy.sharding_origins` says which user sharding each axis came from,
 * `sdy.propagation_edges` through which operand or result of which op it
 * arrived at each step. One walk indexes both (value -> its origins;
 * (value, axis) -> the edge that brought the axis); explaining follows
 * the edges back from the value to the user's sharding. */
#include "report/report_internal.h"

#include "dialect/func/func.h"
#include "dialect/sdy/utils.h"
#include "ir/ir_internal.h"
#include "support/oa_table.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define NONE UINT32_MAX

typedef struct node {
  sharc_value *value; /* a function result: the returned value (may be NULL) */
  sharc_op *func;
  bool func_result;
  unsigned index;     /* function result number */
  const sharc_attr *origins; /* dictionary axis -> origin text, or NULL */
} node;

/* An axis arriving at `to` from `from` through an edge recorded on `op`. */
typedef struct record {
  uint32_t to, from, next; /* next record for the same node and axis name */
  const sharc_attr *axis;
  sharc_op *op;
  int64_t step;
  const sharc_attr *source, *target; /* #sdy.edge_value_ref */
} record;

typedef struct slot {
  uint32_t node;
  const void *name; /* interned axis name */
  uint32_t record;  /* first record + 1; 0: empty slot */
} slot;

struct sharc_report_debug {
  SHARC_VEC(node) nodes;
  SHARC_VEC(record) records;
  sharc_ptrmap node_of;    /* value -> node + 1 */
  sharc_ptrmap results_of; /* function -> its first result node + 1 */
  sharc_ptrmap named;      /* interned origin name ("constraint_0", "mc_1") -> op */
  sharc_oa_table slots;    /* (node, axis name) -> records, slot entries */
};

void sharc_report_debug_free(sharc_report_debug *d) {
  if (!d)
    return;
  sharc_vec_free(&d->nodes);
  sharc_vec_free(&d->records);
  sharc_ptrmap_free(&d->node_of);
  sharc_ptrmap_free(&d->results_of);
  sharc_ptrmap_free(&d->named);
  sharc_oa_free(&d->slots);
  free(d);
}

/* ---- the (node, axis name) table ---------------------------------------------- */

static uint64_t slot_hash(const void *entry) {
  const slot *s = entry;
  uint64_t h = (uint64_t)(uintptr_t)s->name * 0x9E3779B97F4A7C15ull ^
               (uint64_t)s->node * 0xC2B2AE3D27D4EB4Full;
  return h ^ (h >> 29);
}

static bool slot_same_key(const void *entry, const void *key) {
  const slot *a = entry, *b = key;
  return a->node == b->node && a->name == b->name;
}

static bool slot_is_empty(const void *entry) { return !((const slot *)entry)->record; }

static const sharc_oa_kind slot_kind = {sizeof(slot), 50, slot_hash, slot_same_key, slot_is_empty};

static slot *slot_find(const sharc_report_debug *d, uint32_t n, const void *name) {
  slot key = {n, name, 0};
  return sharc_oa_find(&d->slots, &slot_kind, &key);
}

static void add_record(sharc_report_debug *d, record rec, const void *name) {
  sharc_oa_reserve_one(&d->slots, &slot_kind);
  slot *s = slot_find(d, rec.to, name);
  rec.next = s->record ? s->record - 1 : NONE;
  sharc_vec_push(&d->records, rec);
  if (!s->record)
    d->slots.used++;
  *s = (slot){rec.to, name, d->records.len};
}

/* ---- nodes ------------------------------------------------------------------------ */

static uint32_t value_node(sharc_report_debug *d, sharc_value *v, sharc_op *func) {
  if (!v)
    return NONE;
  uintptr_t id = (uintptr_t)sharc_ptrmap_get(&d->node_of, v);
  if (id)
    return (uint32_t)(id - 1);
  sharc_vec_push(&d->nodes, ((node){v, func, false, 0, NULL}));
  sharc_ptrmap_put(&d->node_of, v, (void *)(uintptr_t)d->nodes.len);
  return d->nodes.len - 1;
}

static const sharc_attr *as_dict(const sharc_attr *a) {
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_DICTIONARY ? a : NULL;
}

/* Element `i` of an array of dictionaries (or the dictionary itself for
 * an op with one sharding). */
static const sharc_attr *dict_at(const sharc_attr *a, unsigned i) {
  if (!a)
    return NULL;
  if (sharc_attr_get_kind(a) == SHARC_ATTR_DICTIONARY)
    return i == 0 ? a : NULL;
  if (sharc_attr_get_kind(a) != SHARC_ATTR_ARRAY || i >= sharc_attr_count(a))
    return NULL;
  return as_dict(sharc_attr_at(a, i));
}

typedef struct builder {
  sharc_report *r;
  sharc_report_debug *d;
  sharc_op *func;
} builder;

/* The node an edge end names on `op` (`operand-i`, `result-i`); for a
 * function, result-0 is its result `fres` and operand-0 the value it
 * returns. */
static uint32_t edge_end(builder *b, sharc_op *op, const sharc_attr *ref, uint32_t fres,
                         sharc_value *returned) {
  if (!ref || !sharc_sdy_is_edge_value_ref(ref))
    return NONE;
  int64_t i = sharc_sdy_edge_value_ref_index(ref);
  bool operand = sharc_sdy_edge_value_ref_type(ref) == SHARC_SDY_EDGE_OPERAND;
  if (fres != NONE)
    return i != 0 ? NONE : operand ? value_node(b->d, returned, b->func) : fres;
  if (i < 0)
    return NONE;
  if (operand)
    return i < sharc_op_num_operands(op) ? value_node(b->d, sharc_op_operand(op, (unsigned)i), b->func)
                                         : NONE;
  return i < sharc_op_num_results(op) ? value_node(b->d, sharc_op_result(op, (unsigned)i), b->func)
                                      : NONE;
}

/* Indexes an `sdy.propagation_edges` attribute recorded on `op`. */
static void add_edges(builder *b, sharc_op *op, const sharc_attr *edges, uint32_t fres,
                      sharc_value *returned) {
  if (!edges || !sharc_sdy_is_propagation_edges(edges))
    return;
  for (unsigned s = 0; s < sharc_sdy_list_size(edges); s++) {
    const sharc_attr *step = sharc_sdy_list_at(edges, s);
    if (!sharc_sdy_is_propagation_one_step(step))
      continue;
    int64_t index = sharc_sdy_propagation_one_step_index(step);
    for (unsigned k = 0; k < sharc_sdy_list_size(step); k++) {
      const sharc_attr *det = sharc_sdy_list_at(step, k);
      if (!sharc_sdy_is_axis_to_propagation_details(det))
        continue;
      const sharc_attr *axis = sharc_sdy_axis_to_propagation_details_axis(det);
      const sharc_attr *src = sharc_sdy_axis_to_propagation_details_source(det);
      if (!axis || !sharc_sdy_is_axis_ref(axis))
        continue;
      uint32_t from = edge_end(b, op, src, fres, returned);
      sharc_context *ctx = sharc_op_context(op);
      const void *name = sharc_ident_get(ctx, sharc_sdy_axis_ref_name(axis));
      for (unsigned t = 0; t < sharc_sdy_list_size(det); t++) {
        const sharc_attr *tgt = sharc_sdy_list_at(det, t);
        uint32_t to = edge_end(b, op, tgt, fres, returned);
        if (to == NONE || to == from)
          continue;
        add_record(b->d, (record){to, from, NONE, axis, op, index, src, tgt}, name);
      }
    }
  }
}

static sharc_value *result_at(void *op, unsigned i) { return sharc_op_result(op, i); }
static sharc_value *block_arg_at(void *block, unsigned i) { return sharc_block_arg(block, i); }

/* Of the `n` values at(owner, i), those whose sharding has axes take the
 * dictionaries of `origins` in order. */
static void take_origins(builder *b, const sharc_attr *origins,
                         sharc_value *(*at)(void *owner, unsigned i), void *owner, unsigned n) {
  unsigned next = 0;
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v = at(owner, i);
    if (!sharc_report_has_axes(sharc_report_value_sharding(v)))
      continue;
    /* value_node may grow the node array: index it only after the call */
    uint32_t node = value_node(b->d, v, b->func);
    b->d->nodes.items[node].origins = dict_at(origins, next++);
  }
}

static sharc_walk_result index_op(sharc_op *op, void *user) {
  builder *b = user;
  sharc_report_debug *d = b->d;
  const sharc_attr *origins = sharc_op_attr(op, "sdy.sharding_origins");
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    uint32_t n = value_node(d, sharc_op_result(op, i), b->func);
    d->nodes.items[n].origins = dict_at(origins, i);
  }
  /* data flow edges sunk into their owner: one dictionary per edge that
   * had origins, in order, so they go to the values with axes, in order */
  const sharc_attr *edge_origins = sharc_op_attr(op, "sdy.result_sharding_origins");
  if (edge_origins)
    take_origins(b, edge_origins, result_at, op, sharc_op_num_results(op));
  const sharc_attr *arg_origins = sharc_op_attr(op, "sdy.block_arg_sharding_origins");
  for (unsigned k = 0; arg_origins && k < sharc_op_num_regions(op); k++) {
    sharc_block *entry = sharc_region_first_block(sharc_op_region(op, k));
    if (entry)
      take_origins(b, arg_origins, block_arg_at, entry, sharc_block_num_args(entry));
  }
  const sharc_attr *name = sharc_op_attr(op, "sdy.sharding_origin_name");
  if (name && sharc_attr_get_kind(name) == SHARC_ATTR_STRING)
    sharc_ptrmap_put(&d->named, sharc_ident_get(sharc_op_context(op), sharc_attr_string_value(name)),
                     op);
  add_edges(b, op, sharc_op_attr(op, "sdy.propagation_edges"), NONE, NULL);
  return SHARC_WALK_ADVANCE;
}

static void index_func(builder *b, sharc_op *func) {
  sharc_report_debug *d = b->d;
  b->func = func;
  sharc_block *body = sharc_func_body(func);
  for (unsigned i = 0; i < sharc_block_num_args(body); i++) {
    uint32_t n = value_node(d, sharc_block_arg(body, i), func);
    d->nodes.items[n].origins = as_dict(sharc_func_arg_attr(func, i, "sdy.sharding_origins"));
  }
  sharc_walk_nested(func, SHARC_PRE_ORDER, index_op, b);
  sharc_op *ret = sharc_block_terminator(sharc_region_last_block(sharc_op_region(func, 0)));
  unsigned nres = sharc_func_num_results(func);
  uint32_t first = d->nodes.len;
  for (unsigned i = 0; i < nres; i++) {
    sharc_value *v = ret && i < sharc_op_num_operands(ret) ? sharc_op_operand(ret, i) : NULL;
    const sharc_attr *o = as_dict(sharc_func_result_attr(func, i, "sdy.sharding_origins"));
    sharc_vec_push(&d->nodes, ((node){v, func, true, i, o}));
  }
  if (nres)
    sharc_ptrmap_put(&d->results_of, func, (void *)(uintptr_t)(first + 1));
  for (unsigned i = 0; i < nres; i++) {
    sharc_value *v = d->nodes.items[first + i].value;
    add_edges(b, func, sharc_func_result_attr(func, i, "sdy.propagation_edges"), first + i, v);
  }
}

sharc_report_debug *sharc_report_debug_build(sharc_report *r) {
  builder b = {r, sharc_xcalloc(1, sizeof(sharc_report_debug)), NULL};
  sharc_block *body = sharc_report_module_body(r->module);
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_func_func_def) && !sharc_func_is_declaration(op))
      index_func(&b, op);
  return b.d;
}

/* ---- explaining ------------------------------------------------------------------------ */

typedef struct explainer {
  sharc_report *r;
  sharc_report_debug *d;
  sharc_value_namer *namer;
  sharc_buf *out;
  sharc_buf tmp;
} explainer;

static uint32_t node_of_entry(const explainer *x, const sharc_report_value *v) {
  if (v->kind == SHARC_REPORT_RESULT) {
    uintptr_t first = (uintptr_t)sharc_ptrmap_get(&x->d->results_of, v->func);
    return first ? (uint32_t)(first - 1 + v->index) : NONE;
  }
  uintptr_t id = (uintptr_t)sharc_ptrmap_get(&x->d->node_of, v->value);
  return id ? (uint32_t)(id - 1) : NONE;
}

/* The name of a node, as the printed module has it. */
static const char *node_name(explainer *x, uint32_t n) {
  x->tmp.len = 0;
  const node *nd = &x->d->nodes.items[n];
  if (nd->func_result)
    sharc_buf_printf(&x->tmp, "result%u", nd->index);
  else
    sharc_value_namer_name(x->namer, nd->value, &x->tmp);
  return x->tmp.data;
}

static const char *op_short(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_get_def(op);
  const char *name = def ? sharc_op_def_name(def) : "op";
  return strncmp(name, "stablehlo.", 10) == 0 ? name + 10 : name;
}

static void put_loc(explainer *x, const sharc_attr *loc) {
  const sharc_attr *f = sharc_loc_find_file(loc);
  if (!f)
    return;
  sharc_str file = sharc_loc_file_name(f);
  sharc_buf_printf(x->out, " at %.*s:%u:%u", (int)file.len, file.data, sharc_loc_line(f),
                   sharc_loc_col(f));
}

static void put_edge_ref(sharc_buf *out, const sharc_attr *ref) {
  if (!ref || !sharc_sdy_is_edge_value_ref(ref)) {
    SHARC_BUF_LIT(out, "?");
    return;
  }
  sharc_buf_printf(out, "%s %" PRId64,
                   sharc_sdy_edge_value_ref_type(ref) == SHARC_SDY_EDGE_OPERAND ? "operand"
                                                                                 : "result",
                   sharc_sdy_edge_value_ref_index(ref));
}

/* The record that brought `axis` to node `n` (the exact axis, else one
 * with the same name), with a step below `before`. */
static const record *arrival(const explainer *x, uint32_t n, const sharc_attr *axis,
                             int64_t before) {
  const void *name = sharc_ident_get(sharc_op_context(x->r->module), sharc_sdy_axis_ref_name(axis));
  slot *s = slot_find(x->d, n, name);
  const record *best = NULL;
  for (uint32_t i = s && s->record ? s->record - 1 : NONE; i != NONE; i = x->d->records.items[i].next) {
    const record *rec = &x->d->records.items[i];
    if (rec->step >= before)
      continue;
    if (rec->axis == axis)
      return rec;
    if (!best || rec->step > best->step)
      best = rec;
  }
  return best;
}

/* `x` or `x:(1)2`, the key of the origins dictionary. */
static void axis_key(const sharc_attr *axis, sharc_buf *out) {
  out->len = 0;
  sharc_buf_put_str(out, sharc_sdy_axis_ref_name(axis));
  const sharc_attr *info = sharc_sdy_axis_ref_sub_axis_info(axis);
  if (info)
    sharc_buf_printf(out, ":(%" PRId64 ")%" PRId64, sharc_sdy_sub_axis_info_pre_size(info),
                     sharc_sdy_sub_axis_info_size(info));
  if (!out->data)
    sharc_buf_reserve(out, 1);
}

/* The function "input: N" and "output: N" refer to: the value's own when
 * it is public, else the main one (the flattened call graph propagation
 * ran on). */
static sharc_op *origin_func(const explainer *x, sharc_op *func) {
  return func && !sharc_func_is_private(func) ? func : x->r->main_func;
}

/* Whether axis ref `big` holds all of `small` (the same axis, or a
 * sub-axis inside it). */
static bool covers(const sharc_attr *big, const sharc_attr *small) {
  if (big == small)
    return true;
  if (!sharc_str_eq(sharc_sdy_axis_ref_name(big), sharc_sdy_axis_ref_name(small)))
    return false;
  const sharc_attr *b = sharc_sdy_axis_ref_sub_axis_info(big);
  const sharc_attr *s = sharc_sdy_axis_ref_sub_axis_info(small);
  if (!b)
    return true;
  if (!s)
    return false;
  int64_t bp = sharc_sdy_sub_axis_info_pre_size(b), sp = sharc_sdy_sub_axis_info_pre_size(s);
  return bp <= sp && sp * sharc_sdy_sub_axis_info_size(s) <= bp * sharc_sdy_sub_axis_info_size(b);
}

/* Whether `sharding` has `axis` (or an axis holding it) anywhere. */
static bool sharding_holds(const sharc_attr *sharding, const sharc_attr *axis) {
  if (!sharding)
    return false;
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding); d++) {
    const sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      if (covers(sharc_sdy_dim_sharding_axis(dim, i), axis))
        return true;
  }
  for (unsigned i = 0; i < sharc_sdy_tensor_sharding_num_unreduced(sharding); i++)
    if (covers(sharc_sdy_tensor_sharding_unreduced(sharding, i), axis))
      return true;
  return false;
}

/* When the origin (an argument or result as it is now) lacks `axis`, the
 * user's sharding it came from and what the pipeline did to it: the
 * origin never contradicts the sharding shown. */
static void put_origin_change(explainer *x, const sharc_report_value *e, const sharc_attr *axis) {
  if (!axis || sharding_holds(e->sharding, axis))
    return;
  const sharc_report_change *ch = sharc_report_change_of(x->r, e->func, e->kind, e->index);
  if (!ch) {
    sharc_buf_printf(x->out, "\n  (it is %s now: the pipeline changed it after propagation)",
                     e->spec);
    return;
  }
  sharc_buf_printf(x->out, "\n  the user sharded it %s; it is %s now:", ch->user_spec, e->spec);
  sharc_str name = sharc_sdy_axis_ref_name(axis);
  for (unsigned k = 0; k < ch->num_axes; k++) {
    const sharc_report_axis_change *a = &ch->axes[k];
    /* the user's axis text is `'name'` or `'name:(p)s'` */
    if (strncmp(a->axis + 1, name.data, name.len) != 0 ||
        (a->axis[1 + name.len] != '\'' && a->axis[1 + name.len] != ':'))
      continue;
    sharc_buf_printf(x->out, " %s %s (%s: %s)", a->axis, *a->kept ? "narrowed" : "dropped",
                     a->reason, a->detail);
  }
}

/* Describes origin text `o` ("input: 0", "constraint_1", ...) of `axis`. */
static void put_origin(explainer *x, const char *o, sharc_op *func, const sharc_attr *axis) {
  sharc_report *r = x->r;
  long n = -1;
  sharc_op *f = origin_func(x, func);
  sharc_str fname = f ? sharc_op_symbol_name(f) : (sharc_str){"?", 1};
  if (strcmp(o, "self") == 0) {
    SHARC_BUF_LIT(x->out, "the user's sharding of this value");
    return;
  }
  if (sscanf(o, "input: %ld", &n) == 1 && f && n >= 0 && (unsigned long)n < sharc_func_num_args(f)) {
    sharc_value *arg = sharc_block_arg(sharc_func_body(f), (unsigned)n);
    const sharc_report_value *e =
        sharc_report_entry(r, SHARC_REPORT_ARGUMENT, f, f, arg, (unsigned)n, "");
    sharc_buf_printf(x->out, "argument %ld of @%.*s (", n, (int)fname.len, fname.data);
    sharc_value_namer_name(x->namer, arg, x->out);
    if (*e->label)
      sharc_buf_printf(x->out, " '%s'", e->label);
    sharc_buf_printf(x->out, ", %s)", e->spec);
    put_origin_change(x, e, axis);
    return;
  }
  if (sscanf(o, "output: %ld", &n) == 1 && f && n >= 0 &&
      (unsigned long)n < sharc_func_num_results(f)) {
    const sharc_report_value *e =
        sharc_report_entry(r, SHARC_REPORT_RESULT, f, f, NULL, (unsigned)n, "");
    sharc_buf_printf(x->out, "result %ld of @%.*s (", n, (int)fname.len, fname.data);
    if (*e->label)
      sharc_buf_printf(x->out, "'%s', ", e->label);
    sharc_buf_printf(x->out, "%s)", e->spec);
    put_origin_change(x, e, axis);
    return;
  }
  /* constraint_N, mc_N_input: i, mc_N_output: i */
  const char *colon = strchr(o, '_');
  size_t name_len = strlen(o);
  if (strncmp(o, "mc_", 3) == 0 && colon && (colon = strchr(colon + 1, '_')))
    name_len = (size_t)(colon - o);
  sharc_op *op = sharc_ptrmap_get(
      &x->d->named, sharc_ident_get(sharc_op_context(r->module), (sharc_str){o, name_len}));
  if (op && strncmp(o, "constraint_", 11) == 0 && sharc_op_num_results(op)) {
    SHARC_BUF_LIT(x->out, "the sharding constraint ");
    sharc_value_namer_name(x->namer, sharc_op_result(op, 0), x->out);
    const sharc_attr *s = sharc_report_value_sharding(sharc_op_result(op, 0));
    x->tmp.len = 0;
    sharc_report_partition_spec(s, &x->tmp);
    sharc_buf_printf(x->out, " (%s)", x->tmp.data);
    put_loc(x, sharc_op_loc(op));
    return;
  }
  if (op) {
    bool input = strstr(o, "_input: ") != NULL;
    const char *idx = strchr(o, ':');
    sharc_buf_printf(x->out, "%s %s of the manual computation ", input ? "operand" : "result",
                     idx ? idx + 2 : "?");
    if (sharc_op_num_results(op))
      sharc_value_namer_name(x->namer, sharc_op_result(op, 0), x->out);
    put_loc(x, sharc_op_loc(op));
    return;
  }
  if (strncmp(o, "constraint_", 11) == 0 || strncmp(o, "mc_", 3) == 0)
    sharc_buf_printf(x->out, "%s '%s' (no longer in the module: the export rewrote it)",
                     o[0] == 'c' ? "the sharding constraint" : "the manual computation", o);
  else
    sharc_buf_printf(x->out, "'%s'", o);
}

static bool is_func_arg(const node *nd) {
  return nd->value && sharc_value_is_block_arg(nd->value) &&
         sharc_block_parent_op(sharc_value_owner_block(nd->value)) == nd->func;
}

/* The origin of axis `key` in an origins dictionary; failing that, as
 * Shardy's lookUpValueOriginSharding, one of a (sub-)axis of the same
 * axis (reshapes split and merge sub-axes, non-divisible shardings are
 * cut to sub-axes). */
static const sharc_attr *origin_of(const sharc_attr *origins, const char *key, sharc_str name) {
  if (!origins)
    return NULL;
  const sharc_attr *o = sharc_attr_dict_get(origins, key);
  if (o)
    return o;
  const sharc_named_attr *e = sharc_attr_dict_entries(origins);
  for (unsigned i = 0; i < sharc_attr_count(origins); i++) {
    sharc_str k = sharc_ident_str(e[i].name);
    if (k.len >= name.len && memcmp(k.data, name.data, name.len) == 0 &&
        (k.len == name.len || k.data[name.len] == ':'))
      return e[i].value;
  }
  return NULL;
}

/* One axis: where it came from, then the steps from there to the value. */
static void explain_axis(explainer *x, uint32_t start, const sharc_attr *axis, const char *where) {
  sharc_buf key = {0};
  axis_key(axis, &key);
  sharc_buf_printf(x->out, "\naxis '%s' %s: ", key.data, where);
  const node *nd = &x->d->nodes.items[start];
  const sharc_attr *o = origin_of(nd->origins, key.data, sharc_sdy_axis_ref_name(axis));
  bool self = false;
  if (o && sharc_attr_get_kind(o) == SHARC_ATTR_STRING) {
    sharc_str s = sharc_attr_string_value(o);
    self = sharc_str_eq_cstr(s, "self");
    char *text = sharc_arena_strndup(&x->r->arena, s.data, s.len);
    SHARC_BUF_LIT(x->out, "from ");
    put_origin(x, text, nd->func, axis);
  } else {
    SHARC_BUF_LIT(x->out, "no origin recorded");
  }
  sharc_buf_putc(x->out, '\n');
  /* the chain back, at most one step per record */
  SHARC_VEC(const record *) chain = {0};
  uint32_t cur = start;
  int64_t before = INT64_MAX;
  for (unsigned guard = 0; guard <= x->d->records.len; guard++) {
    const record *rec = arrival(x, cur, axis, before);
    if (!rec || rec->from == NONE)
      break;
    sharc_vec_push(&chain, rec);
    cur = rec->from;
    before = rec->step;
  }
  for (unsigned i = chain.len; i-- > 0;) {
    const record *rec = chain.items[i];
    sharc_buf_printf(x->out, "  step %-4" PRId64 " %s", rec->step, node_name(x, rec->from));
    sharc_buf_printf(x->out, " -> %s  through ", node_name(x, rec->to));
    if (sharc_op_isa(rec->op, &sharc_func_func_def)) {
      sharc_str f = sharc_op_symbol_name(rec->op);
      sharc_buf_printf(x->out, "the return of @%.*s", (int)f.len, f.data);
    } else {
      sharc_buf_puts(x->out, op_short(rec->op));
      if (sharc_op_num_results(rec->op)) {
        SHARC_BUF_LIT(x->out, " ");
        sharc_value_namer_name(x->namer, sharc_op_result(rec->op, 0), x->out);
      }
    }
    SHARC_BUF_LIT(x->out, " (");
    put_edge_ref(x->out, rec->source);
    SHARC_BUF_LIT(x->out, " -> ");
    put_edge_ref(x->out, rec->target);
    sharc_buf_putc(x->out, ')');
    put_loc(x, sharc_op_loc(rec->op));
    sharc_buf_putc(x->out, '\n');
  }
  /* a function's arguments and results take theirs at the boundary */
  if (!chain.len && !self && !nd->func_result && !is_func_arg(nd))
    SHARC_BUF_LIT(x->out, "  (no step into this value is recorded: it came through a data flow "
                          "edge, such as a loop's)\n");
  sharc_vec_free(&chain);
  sharc_buf_free(&key);
}

static void value_header(explainer *x, const sharc_report_value *v) {
  sharc_buf_printf(x->out, "%s", v->name);
  if (*v->label)
    sharc_buf_printf(x->out, " '%s'", v->label);
  sharc_buf_printf(x->out, ": %s %s", v->op_name, v->type);
  if (*v->location)
    sharc_buf_printf(x->out, " at %s", v->location);
  sharc_buf_printf(x->out, "\n  sharding %s", v->spec);
  if (*v->mesh_name)
    sharc_buf_printf(x->out, " on @%s", v->mesh_name);
  if (*v->replicated)
    sharc_buf_printf(x->out, ", replicated over %s", v->replicated);
  sharc_buf_putc(x->out, '\n');
}

/* Explains one value; false when it has no record (an op made after
 * propagation) so the caller goes on with its operand. */
static bool explain_one(explainer *x, const sharc_report_value *v) {
  value_header(x, v);
  const sharc_attr *s = v->sharding;
  if (!sharc_report_has_axes(s)) {
    SHARC_BUF_LIT(x->out, "\nno axis shards it: every device holds all of it\n");
    return true;
  }
  uint32_t n = node_of_entry(x, v);
  bool recorded = n != NONE && x->d->nodes.items[n].origins;
  if (!recorded && v->kind == SHARC_REPORT_OP_RESULT && sharc_op_num_operands(v->op))
    return false;
  if (n == NONE) {
    SHARC_BUF_LIT(x->out, "\nno propagation record for this value\n");
    return true;
  }
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(s); d++) {
    const sharc_attr *dim = sharc_sdy_tensor_sharding_dim(s, d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++) {
      char where[48];
      snprintf(where, sizeof where, "(dimension %u)", d);
      explain_axis(x, n, sharc_sdy_dim_sharding_axis(dim, i), where);
    }
  }
  for (unsigned i = 0; i < sharc_sdy_tensor_sharding_num_unreduced(s); i++)
    explain_axis(x, n, sharc_sdy_tensor_sharding_unreduced(s, i), "(unreduced)");
  return true;
}

bool sharc_report_explain(sharc_report *r, const sharc_report_value *v, sharc_buf *out) {
  if (!r->debug) {
    SHARC_BUF_LIT(out, "the report has no propagation debugging information "
                       "(create it with debug_origins)");
    return false;
  }
  explainer x = {r, r->debug, sharc_value_namer_create(r->module, false), out, {0}};
  /* ops the partitioner inserted have no record: explain what they got */
  for (unsigned depth = 0; v && depth < 16; depth++) {
    if (explain_one(&x, v))
      break;
    /* a loop's or barrier's result i stands for its operand i */
    unsigned k = sharc_op_num_operands(v->op) == sharc_op_num_results(v->op) ? v->index : 0;
    sharc_value *operand = sharc_op_operand(v->op, k);
    x.tmp.len = 0;
    sharc_value_namer_name(x.namer, operand, &x.tmp);
    sharc_buf_printf(out,
                     "\nno propagation record for %s (%s: made after propagation, or sharded "
                     "by no user sharding); its operand %u:\n\n",
                     v->name, v->op_name, k);
    const char *name = sharc_report_strdup(r, x.tmp.data, x.tmp.len);
    sharc_op *def = sharc_value_defining_op(operand);
    sharc_op *owner = def ? def : sharc_block_parent_op(sharc_value_owner_block(operand));
    sharc_report_value_kind kind = def                  ? SHARC_REPORT_OP_RESULT
                                   : owner == v->func   ? SHARC_REPORT_ARGUMENT
                                                        : SHARC_REPORT_BLOCK_ARG;
    v = sharc_report_entry(r, kind, v->func, owner, operand, sharc_value_index(operand), name);
  }
  sharc_value_namer_destroy(x.namer);
  sharc_buf_free(&x.tmp);
  return true;
}
