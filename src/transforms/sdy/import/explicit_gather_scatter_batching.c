/* -sdy-explicit-gather-scatter-batching: a gather or scatter whose dimension
 * 0 is an implicit batch dimension (its index comes from an iota along
 * dimension 0 of the indices) gets it as an explicit batching dimension, the
 * iota component sliced out of the indices. */
#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_patterns.h"
#include "pass/pass_registry.h"
#include "support/vec.h"

typedef SHARC_VEC(sharc_value *) value_vec;

/* ---- dense i64 lists ---------------------------------------------------------------- */

static void i64s_of(const sharc_attr *a, sharc_i64_vec *out) {
  out->len = 0;
  for (unsigned i = 0; a && i < sharc_attr_count(a); i++)
    sharc_vec_push(out, sharc_attr_dense_array_i64(a, i));
}

/* The position of `x` in `v`, or -1. */
static int index_of(const sharc_i64_vec *v, int64_t x) {
  for (unsigned i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return (int)i;
  return -1;
}

static void erase_at(sharc_i64_vec *v, unsigned i) {
  for (unsigned k = i + 1; k < v->len; k++)
    v->items[k - 1] = v->items[k];
  v->len--;
}

static sharc_attr *i64_array(sharc_context *ctx, const sharc_i64_vec *v) {
  return sharc_attr_dense_i64_array(ctx, v->items, v->len);
}

static sharc_attr *i64_attr(sharc_context *ctx, int64_t v) {
  return sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), v);
}

static int64_t int_attr_or(const sharc_op *op, const char *name, int64_t dflt) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_INTEGER ? sharc_attr_int_value(a) : dflt;
}

/* ---- the indices -------------------------------------------------------------------- */

static sharc_op *defined_by(const sharc_value *v, const sharc_op_def *def) {
  sharc_op *op = sharc_value_defining_op(v);
  return op && sharc_op_isa(op, def) ? op : NULL;
}

/* `type` with dimension `dim` set to `size`, no encoding. */
static sharc_type *with_dim(sharc_context *ctx, const sharc_type *type, int64_t dim, int64_t size) {
  unsigned rank = sharc_type_rank(type);
  sharc_i64_vec shape = {0};
  for (unsigned i = 0; i < rank; i++)
    sharc_vec_push(&shape, sharc_type_shape(type)[i]);
  shape.items[dim] = size;
  sharc_type *t = sharc_type_tensor(ctx, shape.items, rank, sharc_type_element(type), NULL);
  sharc_vec_free(&shape);
  return t;
}

static sharc_value *create_concat(sharc_rewriter *rw, sharc_attr *loc, sharc_type *type,
                                  const value_vec *inputs, int64_t dim) {
  sharc_named_attr attrs[1] = {
      {sharc_ident_get(rw->ctx, SHARC_STR("dimension")), i64_attr(rw->ctx, dim)}};
  sharc_op_state st = {
      .name = sharc_ident_get(rw->ctx, SHARC_STR("stablehlo.concatenate")),
      .loc = loc,
      .operands = inputs->items,
      .num_operands = inputs->len,
      .result_types = &type,
      .num_results = 1,
      .attrs = sharc_attr_dictionary(rw->ctx, attrs, 1),
  };
  return sharc_op_result(sharc_rw_create(rw, &st), 0);
}

/* indices[..., start:end, ...] along `dim`. */
static sharc_value *create_slice(sharc_rewriter *rw, sharc_attr *loc, sharc_value *indices,
                                 int64_t dim, int64_t start, int64_t end) {
  sharc_context *ctx = rw->ctx;
  sharc_type *type = sharc_value_type(indices);
  unsigned rank = sharc_type_rank(type);
  sharc_i64_vec starts = {0}, limits = {0}, strides = {0};
  for (unsigned i = 0; i < rank; i++) {
    sharc_vec_push(&starts, 0);
    sharc_vec_push(&limits, sharc_type_shape(type)[i]);
    sharc_vec_push(&strides, 1);
  }
  starts.items[dim] = start;
  limits.items[dim] = end;
  sharc_type *result = with_dim(ctx, type, dim, end - start);
  sharc_named_attr attrs[3] = {
      {sharc_ident_get(ctx, SHARC_STR("limit_indices")), i64_array(ctx, &limits)},
      {sharc_ident_get(ctx, SHARC_STR("start_indices")), i64_array(ctx, &starts)},
      {sharc_ident_get(ctx, SHARC_STR("strides")), i64_array(ctx, &strides)},
  };
  sharc_op_state st = {
      .name = sharc_ident_get(ctx, SHARC_STR("stablehlo.slice")),
      .loc = loc,
      .operands = &indices,
      .num_operands = 1,
      .result_types = &result,
      .num_results = 1,
      .attrs = sharc_attr_dictionary(ctx, attrs, 3),
  };
  sharc_vec_free(&starts);
  sharc_vec_free(&limits);
  sharc_vec_free(&strides);
  return sharc_op_result(sharc_rw_create(rw, &st), 0);
}

/* The indices without component `removed` of the index vector dimension:
 * the other inputs of a concatenation that builds the index vector one
 * component per input, else slices of the indices around the component. */
static sharc_value *slice_out_component(sharc_rewriter *rw, sharc_attr *loc, sharc_value *indices,
                                        int64_t index_vector_dim, int64_t removed) {
  sharc_type *type = sharc_value_type(indices);
  int64_t total = sharc_type_shape(type)[index_vector_dim];
  sharc_type *result = with_dim(rw->ctx, type, index_vector_dim, total - 1);
  value_vec parts = {0};
  sharc_value *out;
  sharc_op *concat = defined_by(indices, SHARC_SHLO(concatenate));
  if (concat && int_attr_or(concat, "dimension", -1) == index_vector_dim &&
      (int64_t)sharc_op_num_operands(concat) == total) {
    for (unsigned i = 0; i < sharc_op_num_operands(concat); i++)
      if ((int64_t)i != removed)
        sharc_vec_push(&parts, sharc_op_operand(concat, i));
  } else {
    if (removed > 0)
      sharc_vec_push(&parts, create_slice(rw, loc, indices, index_vector_dim, 0, removed));
    if (removed + 1 < total)
      sharc_vec_push(&parts, create_slice(rw, loc, indices, index_vector_dim, removed + 1, total));
  }
  out = parts.len == 1 ? parts.items[0] : create_concat(rw, loc, result, &parts, index_vector_dim);
  sharc_vec_free(&parts);
  return out;
}

/* Through reshapes, broadcasts, clamps and selects (the false branch when an
 * iota defines it) to where the value comes from. */
static sharc_value *unwrap_reshapes(sharc_value *v) {
  for (sharc_op *op; (op = sharc_value_defining_op(v));) {
    if (sharc_op_isa(op, SHARC_SHLO(reshape)) || sharc_op_isa(op, SHARC_SHLO(broadcast_in_dim)))
      v = sharc_op_operand(op, 0);
    else if (sharc_op_isa(op, SHARC_SHLO(clamp)))
      v = sharc_op_operand(op, 1);
    else if (sharc_op_isa(op, SHARC_SHLO(select)))
      v = defined_by(sharc_op_operand(op, 2), SHARC_SHLO(iota)) ? sharc_op_operand(op, 2)
                                                               : sharc_op_operand(op, 1);
    else
      break;
  }
  return v;
}

/* Whether component `removed` of the index vector comes from an iota along
 * dimension 0 (an identity mapping of the batch dimension). */
static bool comes_from_iota(sharc_value *indices, int64_t index_vector_dim, int64_t removed) {
  sharc_value *candidate = indices;
  sharc_op *concat = defined_by(indices, SHARC_SHLO(concatenate));
  if (concat) {
    if (int_attr_or(concat, "dimension", -1) != index_vector_dim ||
        removed >= (int64_t)sharc_op_num_operands(concat))
      return false;
    candidate = sharc_op_operand(concat, (unsigned)removed);
  }
  sharc_op *iota = defined_by(unwrap_reshapes(candidate), SHARC_SHLO(iota));
  return iota && int_attr_or(iota, "iota_dimension", -1) == 0;
}

/* ---- the common part of both patterns ------------------------------------------------------ */

/* What both patterns find: the index-vector component that indexes the
 * batch dimension, and the dimension numbers without it. */
typedef struct batching {
  int64_t index_vector_dim;
  int64_t removed; /* position in the index vector */
  sharc_i64_vec index_map;   /* start_index_map / scatter_dims_to_operand_dims */
  sharc_i64_vec collapsed;   /* collapsed_slice_dims / inserted_window_dims */
} batching;

static void batching_free(batching *b) {
  sharc_vec_free(&b->index_map);
  sharc_vec_free(&b->collapsed);
}

/* Whether dimension 0 of `operand` is an implicit batch dimension of the
 * indices; fills `b` when it is. */
static bool find_implicit_batch(const sharc_type *operand, sharc_value *indices,
                                const sharc_attr *dims, const shlo_struct_def *def,
                                unsigned batching_field, unsigned map_field,
                                unsigned collapsed_field, batching *b) {
  sharc_type *indices_type = sharc_value_type(indices);
  sharc_attr *existing = sharc_shlo_struct_field(dims, def, batching_field);
  if (existing && sharc_attr_count(existing))
    return false;
  if (!sharc_type_has_rank(operand) || !sharc_type_has_rank(indices_type) ||
      sharc_type_rank(operand) == 0 || sharc_type_rank(indices_type) == 0)
    return false;
  b->index_vector_dim = sharc_shlo_struct_int(dims, def, 5);
  /* an index vector of one component cannot lose it */
  if (b->index_vector_dim < 0 || b->index_vector_dim >= (int64_t)sharc_type_rank(indices_type) ||
      sharc_type_shape(indices_type)[b->index_vector_dim] <= 1)
    return false;
  if (sharc_type_shape(indices_type)[0] != sharc_type_shape(operand)[0])
    return false;
  i64s_of(sharc_shlo_struct_field(dims, def, map_field), &b->index_map);
  b->removed = index_of(&b->index_map, 0);
  if (b->removed < 0 || !comes_from_iota(indices, b->index_vector_dim, b->removed))
    return false;
  erase_at(&b->index_map, (unsigned)b->removed);
  i64s_of(sharc_shlo_struct_field(dims, def, collapsed_field), &b->collapsed);
  int collapsed_zero = index_of(&b->collapsed, 0);
  if (collapsed_zero < 0)
    return false;
  erase_at(&b->collapsed, (unsigned)collapsed_zero);
  return true;
}

/* The new dimension numbers: fields 0 and 5 kept, `b`'s lists, batching
 * dimensions [0] and [0]. */
static sharc_attr *explicit_dims(sharc_context *ctx, const sharc_attr *dims,
                                 const shlo_struct_def *def, const batching *b) {
  int64_t zero = 0;
  sharc_attr *batch = sharc_attr_dense_i64_array(ctx, &zero, 1);
  sharc_attr *fields[6] = {
      sharc_shlo_struct_field(dims, def, 0),
      i64_array(ctx, &b->collapsed),
      batch,
      batch,
      i64_array(ctx, &b->index_map),
      sharc_shlo_struct_field(dims, def, 5),
  };
  return sharc_shlo_struct_get(ctx, def, fields);
}

/* The op's attributes with `dims_name` replaced and the flags spelled out
 * (the builder always sets them). */
static sharc_attr *new_attrs(sharc_context *ctx, const sharc_op *op, const char *dims_name,
                             sharc_attr *dims, const char *const *flags, unsigned num_flags) {
  sharc_attr *old = sharc_op_attrs(op);
  unsigned n = sharc_attr_count(old);
  SHARC_VEC(sharc_named_attr) attrs = {0};
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(&attrs, sharc_attr_dict_entries(old)[i]);
  sharc_named_attr dims_entry = {sharc_ident_get(ctx, sharc_str_from_cstr(dims_name)), dims};
  sharc_vec_push(&attrs, dims_entry);
  for (unsigned i = 0; i < num_flags; i++) {
    sharc_attr *flag = sharc_op_attr(op, flags[i]);
    bool set = flag && sharc_attr_get_kind(flag) == SHARC_ATTR_BOOL && sharc_attr_bool_value(flag);
    sharc_named_attr entry = {sharc_ident_get(ctx, sharc_str_from_cstr(flags[i])),
                              sharc_attr_bool(ctx, set)};
    sharc_vec_push(&attrs, entry);
  }
  /* a repeated name keeps the last value */
  sharc_attr *dict = sharc_attr_dictionary(ctx, attrs.items, attrs.len);
  sharc_vec_free(&attrs);
  return dict;
}

/* ---- the patterns ------------------------------------------------------------------------------ */

enum { GATHER_BATCHING = 2, GATHER_MAP = 4, GATHER_COLLAPSED = 1 };
enum { SCATTER_BATCHING = 2, SCATTER_MAP = 4, SCATTER_INSERTED = 1 };

static bool explicit_gather_batching(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  if (sharc_op_num_operands(op) != 2 || sharc_op_num_results(op) != 1)
    return false;
  sharc_attr *dims = sharc_op_attr(op, "dimension_numbers");
  if (!sharc_shlo_struct_field(dims, &sharc_shlo_gather_def, 0))
    return false;
  sharc_value *operand = sharc_op_operand(op, 0), *indices = sharc_op_operand(op, 1);
  batching b = {0};
  if (!find_implicit_batch(sharc_value_type(operand), indices, dims, &sharc_shlo_gather_def,
                           GATHER_BATCHING, GATHER_MAP, GATHER_COLLAPSED, &b)) {
    batching_free(&b);
    return false;
  }
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value *new_indices = slice_out_component(rw, loc, indices, b.index_vector_dim, b.removed);
  static const char *const flags[] = {"indices_are_sorted"};
  sharc_value *operands[2] = {operand, new_indices};
  sharc_type *result = sharc_value_type(sharc_op_result(op, 0));
  sharc_op_state st = {
      .name = sharc_op_name(op),
      .loc = loc,
      .operands = operands,
      .num_operands = 2,
      .result_types = &result,
      .num_results = 1,
      .attrs = new_attrs(rw->ctx, op, "dimension_numbers",
                         explicit_dims(rw->ctx, dims, &sharc_shlo_gather_def, &b), flags, 1),
  };
  batching_free(&b);
  sharc_rw_replace_op_with_new(rw, op, &st);
  return true;
}

static bool explicit_scatter_batching(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  unsigned num_operands = sharc_op_num_operands(op);
  if (num_operands < 3 || num_operands % 2 == 0 || sharc_op_num_regions(op) != 1)
    return false;
  unsigned num_inputs = (num_operands - 1) / 2;
  sharc_attr *dims = sharc_op_attr(op, "scatter_dimension_numbers");
  if (!sharc_shlo_struct_field(dims, &sharc_shlo_scatter_def, 0))
    return false;
  sharc_value *indices = sharc_op_operand(op, num_inputs);
  batching b = {0};
  if (!find_implicit_batch(sharc_value_type(sharc_op_operand(op, 0)), indices, dims,
                           &sharc_shlo_scatter_def, SCATTER_BATCHING, SCATTER_MAP,
                           SCATTER_INSERTED, &b)) {
    batching_free(&b);
    return false;
  }
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value *new_indices = slice_out_component(rw, loc, indices, b.index_vector_dim, b.removed);
  value_vec operands = {0};
  SHARC_VEC(sharc_type *) results = {0};
  for (unsigned i = 0; i < num_operands; i++)
    sharc_vec_push(&operands, i == num_inputs ? new_indices : sharc_op_operand(op, i));
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    sharc_vec_push(&results, sharc_value_type(sharc_op_result(op, i)));
  static const char *const flags[] = {"indices_are_sorted", "unique_indices"};
  sharc_op_state st = {
      .name = sharc_op_name(op),
      .loc = loc,
      .operands = operands.items,
      .num_operands = operands.len,
      .result_types = results.items,
      .num_results = results.len,
      .attrs = new_attrs(rw->ctx, op, "scatter_dimension_numbers",
                         explicit_dims(rw->ctx, dims, &sharc_shlo_scatter_def, &b), flags, 2),
      .num_regions = 1,
  };
  batching_free(&b);
  sharc_op *scatter = sharc_rw_create(rw, &st);
  sharc_vec_free(&operands);
  sharc_vec_free(&results);
  sharc_rw_inline_region_before(rw, sharc_op_region(op, 0), sharc_op_region(scatter, 0), NULL);
  sharc_rw_replace_op_with_op(rw, op, scatter);
  return true;
}

static const sharc_pattern patterns[] = {
    {"ExplicitGatherBatchingPattern", explicit_gather_batching, &sharc_shlo_op_gather.def, 1,
     NULL},
    {"ExplicitScatterBatchingPattern", explicit_scatter_batching, &sharc_shlo_op_scatter.def, 1,
     NULL},
    {NULL, NULL, NULL, 0, NULL},
};

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  /* like Shardy, a failure to converge fails the pass without a message */
  return sharc_pass_apply_patterns(func, patterns, NULL, NULL, run);
}

const sharc_pass_def sharc_pass_sdy_explicit_gather_scatter_batching = {
    .flag = "sdy-explicit-gather-scatter-batching",
    .display_name = "ExplicitGatherScatterBatchingPass",
    .summary = "Converts implicit batch dims in gather/scatter to explicit batching dims.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
