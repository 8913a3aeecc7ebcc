/* `sharc partition`: Shardy's propagation, explicit reshards and
 * collectives, and the SPMD partitioner (pad for divisibility, global to
 * local), composed as Shardy's partitioner pipeline; then, for the entry
 * function's arguments and results, their global and local types and the
 * block each device holds, read from dialect/sdy/device_block.h as the
 * partitioner reads it. */
#include "report/partition_figures.h"
#include "report/report_internal.h"
#include "support/xalloc.h"

#include "dialect/func/func.h"
#include "dialect/sdy/axes.h"
#include "dialect/sdy/device_block.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"
#include "interpret/interp.h"
#include "sharc/partition.h"
#include "sharc/pass.h"
#include "sharc/rewrite.h"
#include "transforms/sdy/rules/op_access.h"
#include "transforms/sdy/rules/projection.h"
#include "transforms/sdy/rules/rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sharc_partition {
  sharc_op *module;
  sharc_arena arena;
  int64_t replica_count, partition_count;
  bool reduces_floats;
  const char *shardy_limitation; /* see find_shardy_limitation */
  unsigned num_values;
  sharc_partition_value *values;
  /* what the report (sharc_report_create on the module with global shapes
   * and collectives) says of each value: its P(...) and shard shape */
  const char **report_spec;
  int64_t **report_shard;
  /* with record_figures: the report's device figures, for sharc verify */
  bool has_figures;
  sharc_partition_figures figures;
};

sharc_partition_options sharc_partition_options_default(void) {
  sharc_partition_options o = {0};
  return o;
}

/* The devices of the largest mesh of the module (1 when it has none). */
static int64_t largest_mesh(sharc_op *module) {
  int64_t best = 1;
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op)) {
    sharc_attr *mesh = sharc_op_is(op, "sdy.mesh") ? sharc_op_attr(op, "mesh") : NULL;
    int64_t n = mesh ? sharc_sdy_mesh_total_size(mesh) : 0;
    if (n > best)
      best = n;
  }
  return best;
}

static bool run_text(sharc_op *module, const char *text) {
  sharc_pipeline_flags flags = {0};
  flags.tool_mask = SHARC_TOOL_ANY;
  flags.tool_name = "sharc";
  sharc_pipeline *pl = sharc_pipeline_create(&flags);
  sharc_buf err = {0};
  bool ok = sharc_pipeline_parse(pl, text, &err);
  if (!ok)
    sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, sharc_op_loc(module), "%s",
               err.data ? err.data : "the partitioner pipeline could not be built");
  ok = ok && sharc_pipeline_run(pl, module);
  sharc_diag_flush(sharc_op_context(module));
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
  return ok;
}

/* Whether dimension `d` of `v` (of `op`) is sharded into blocks that do
 * not divide it, by `sharding` (the value's own when NULL). */
static bool padded_dim(sharc_op *op, sharc_value *v, const sharc_attr *sharding, unsigned d) {
  const sharc_attr *s = sharding ? sharding : sharc_sdy_get_sharding(v);
  const sharc_type *t = sharc_type_shaped_view(sharc_value_type(v));
  sharc_attr *mesh = s ? sharc_sdy_sharding_mesh(s, op) : NULL;
  if (!mesh || !t || !sharc_type_has_rank(t) || d >= sharc_type_rank(t) ||
      d >= sharc_sdy_tensor_sharding_rank(s))
    return false;
  int64_t size = sharc_type_shape(t)[d];
  int64_t count = sharc_sdy_dim_sharding_sharded_size(sharc_sdy_tensor_sharding_dim(s, d), mesh);
  return size != SHARC_DYNAMIC && count > 1 && size % count != 0;
}

static bool reduces_padded_dim(sharc_op *op) {
  sharc_attr *dims = sharc_op_attr(op, "dimensions");
  unsigned n = dims ? sharc_attr_count(dims) : 0;
  for (unsigned i = 0; i < sharc_op_num_operands(op) / 2; i++)
    for (unsigned k = 0; k < n; k++) {
      int64_t d = sharc_attr_dense_array_i64(dims, k);
      if (d >= 0 && padded_dim(op, sharc_op_operand(op, i), NULL, (unsigned)d))
        return true;
    }
  return false;
}

/* ---- reductions that are not sums ----------------------------------------------- */
/* Shardy's partitioner all-reduces a reduction over sharded dimensions with
 * a sum whatever the op's body computes and whatever its init value is (a
 * bug of its algorithm: max, min, products, argmax, and sums that start from
 * a value other than 0 come out wrong). Until it says otherwise,
 * the operands of such reductions are resharded first so that the reduced
 * dimensions are whole on every device, and scatters and select-and-scatters
 * that do not add run replicated. */

/* Every value the body of region `r` returns is a stablehlo.add. */
static bool body_sums(sharc_op *op, unsigned r) {
  if (r >= sharc_op_num_regions(op))
    return false;
  sharc_block *b = sharc_region_first_block(sharc_op_region(op, r));
  sharc_op *ret = b ? sharc_block_last_op(b) : NULL;
  if (!ret || !sharc_op_num_operands(ret))
    return false;
  for (unsigned i = 0; i < sharc_op_num_operands(ret); i++) {
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(ret, i));
    if (!def || !sharc_op_is(def, "stablehlo.add"))
      return false;
  }
  return true;
}

/* `sharding` with the dimensions `drop` marks (all when NULL) whole. */
static sharc_attr *without_dims(sharc_context *ctx, const sharc_attr *sharding, const bool *drop) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  sharc_attr **dims = sharc_xmalloc_array(parts.num_dims + 1, sizeof *dims);
  bool changed = false;
  for (unsigned d = 0; d < parts.num_dims; d++) {
    dims[d] = parts.dims[d];
    if ((!drop || drop[d]) && sharc_sdy_dim_sharding_num_axes(dims[d])) {
      dims[d] = sharc_sdy_dim_sharding_get(ctx, NULL, 0, true, -1);
      changed = true;
    }
  }
  parts.dims = dims;
  sharc_attr *out = changed ? sharc_sdy_tensor_sharding_get(ctx, &parts) : NULL;
  free(dims);
  return out;
}

/* Reshards operand `i` of `op` to `sharding` (when not NULL). */
static void reshard_operand(sharc_rewriter *rw, sharc_op *op, unsigned i, sharc_attr *sharding) {
  if (!sharding)
    return;
  sharc_rw_set_before(rw, op);
  sharc_op *r = sharc_sdy_create_reshard(rw, sharc_op_operand(op, i), sharding, sharc_op_loc(op));
  sharc_op_set_operand(op, i, sharc_op_result(r, 0));
}

/* The dimensions of operand `i` that `op` reduces (reduce: `dimensions`;
 * reduce_window: those whose window is wider than one) into `drop`. */
static void reduced_dims(sharc_op *op, unsigned rank, bool *drop) {
  bool window = sharc_op_is(op, "stablehlo.reduce_window");
  sharc_attr *a = sharc_op_attr(op, window ? "window_dimensions" : "dimensions");
  unsigned n = a ? sharc_attr_count(a) : 0;
  for (unsigned k = 0; k < n; k++) {
    int64_t v = sharc_attr_dense_array_i64(a, k);
    if (window && (unsigned)k < rank)
      drop[k] = v > 1;
    else if (!window && v >= 0 && (unsigned)v < rank)
      drop[v] = true;
  }
}

/* Whether `v` is a constant whose every element is zero (the identity of a
 * sum: a sum's all-reduce counts the init value once per device). */
static bool is_zero_constant(sharc_value *v) {
  sharc_op *def = sharc_value_defining_op(v);
  bool constant = def && (sharc_op_is(def, "stablehlo.constant") || sharc_op_is(def, "sdy.constant"));
  sharc_attr *value = constant ? sharc_op_attr(def, "value") : NULL;
  sharc_tensor *t = value ? sharc_tensor_from_attr(sharc_op_context(def), value) : NULL;
  bool zero = t && t->kind == SHARC_IV_TENSOR;
  for (int64_t i = 0; zero && i < t->n; i++)
    zero = sharc_tensor_get_complex(t, i) == 0;
  sharc_tensor_release(t);
  return zero;
}

/* A reduce or reduce_window whose body adds and whose init values are 0. */
static bool reduce_sums(sharc_op *op) {
  if (!body_sums(op, 0))
    return false;
  unsigned n = sharc_op_num_operands(op) / 2;
  for (unsigned i = n; i < sharc_op_num_operands(op); i++)
    if (!is_zero_constant(sharc_op_operand(op, i)))
      return false;
  return true;
}

static sharc_walk_result collect_reductions(sharc_op *op, void *user) {
  sharc_ptrvec *ops = user;
  bool reduce = sharc_op_is(op, "stablehlo.reduce") || sharc_op_is(op, "stablehlo.reduce_window");
  /* a sum over a dimension -sdy-pad-for-divisibility pads adds the padding
   * too (Shardy masks nothing): its reduced dimensions run whole as well */
  bool padded = sharc_op_is(op, "stablehlo.reduce") && reduces_padded_dim(op);
  if (reduce ? !reduce_sums(op) || padded
             : sharc_op_is(op, "stablehlo.scatter") && !body_sums(op, 0))
    sharc_vec_push(ops, op);
  else if (sharc_op_is(op, "stablehlo.select_and_scatter") && !body_sums(op, 1))
    sharc_vec_push(ops, op);
  return SHARC_WALK_ADVANCE;
}

static void replicate_non_sum_reductions(sharc_op *module) {
  sharc_context *ctx = sharc_op_context(module);
  sharc_ptrvec ops = {0};
  sharc_walk(module, SHARC_PRE_ORDER, collect_reductions, &ops);
  sharc_rewriter rw;
  sharc_rewriter_init(&rw, ctx, NULL);
  for (size_t k = 0; k < ops.len; k++) {
    sharc_op *op = ops.items[k];
    bool reduce = sharc_op_is(op, "stablehlo.reduce") || sharc_op_is(op, "stablehlo.reduce_window");
    unsigned n = reduce ? sharc_op_num_operands(op) / 2 : sharc_op_num_operands(op);
    for (unsigned i = 0; i < n; i++) {
      sharc_attr *s = sharc_sdy_get_sharding(sharc_op_operand(op, i));
      unsigned rank = s ? sharc_sdy_tensor_sharding_rank(s) : 0;
      if (!rank)
        continue;
      bool *drop = sharc_xcalloc(rank, sizeof *drop);
      if (reduce)
        reduced_dims(op, rank, drop);
      reshard_operand(&rw, op, i, without_dims(ctx, s, reduce ? drop : NULL));
      free(drop);
    }
    for (unsigned i = 0; !reduce && i < sharc_op_num_results(op); i++) {
      sharc_attr *s = sharc_sdy_get_sharding(sharc_op_result(op, i));
      sharc_attr *whole = s ? without_dims(ctx, s, NULL) : NULL;
      if (whole)
        sharc_sdy_replace_sharding_at_index(op, i, whole);
    }
  }
  sharc_vec_free(&ops);
}

/* ---- ops Shardy's partitioner localises wrongly ----------------------------------- */
/* Two more ops whose sharding Shardy keeps but whose local op its
 * convert-global-to-local does not rewrite (sdy_opt's passes keep that,
 * byte for byte; tests/partitioner/README.md lists them):
 *  - a reshape whose sharded factor lives on one side only (2x3 -> 3x2 with
 *    the rows sharded: the rule ([i, k])->([j, l]) has no common factor, so
 *    insert-explicit-reshards finds it compatible and the local reshape
 *    either has the wrong element count or reads the wrong elements);
 *  - a dynamic_update_slice whose slicing dimensions (update smaller than
 *    the operand) stay sharded: the local op gets the global start indices;
 *  - a convolution whose input or kernel spatial dimensions are sharded (the
 *    window's part is a reduction factor of its rule): the local convolution keeps the global padding and
 *    dilations, so each device's windows read the wrong input (or the local
 *    shapes do not even agree), and after -sdy-pad-for-divisibility its
 *    all-reduce is no longer its only user (a failed check in Shardy);
 *  - a sharded dynamic_slice: convert-global-to-local has no pattern for it
 *    and keeps its global `slice_sizes` (as -sdy-pad-for-divisibility does
 *    when it pads its result), so the op no longer verifies: it runs whole;
 *  - a stablehlo.while with a sharded loop-carried value: its operands take
 *    local types, but the block arguments of its regions keep their global
 *    ones (only function, manual and named computation arguments are
 *    converted), and the while no longer verifies. Its values run whole.
 * `sharc partition` makes those dimensions whole first. */

/* A factor of `op`'s rule sharded in one tensor and absent from another. */
static bool has_one_sided_sharded_factor(sharc_op *op) {
  sharc_attr *s = sharc_sdy_get_sharding(sharc_op_operand(op, 0));
  if (!s)
    s = sharc_sdy_get_sharding(sharc_op_result(op, 0));
  sharc_attr *mesh = s ? sharc_sdy_sharding_mesh(s, op) : NULL;
  sharc_attr *rule = mesh ? sharc_sdy_create_sharding_rule(op, false) : NULL;
  if (!rule)
    return false;
  sharc_projection p;
  sharc_projection_build_for_op(&p, op, rule, mesh, false);
  bool one_sided = false;
  unsigned n = sharc_projection_num_tensors(&p);
  for (unsigned f = 0; f < p.num_factors && !one_sided; f++) {
    unsigned present = 0;
    bool sharded = false;
    for (unsigned t = 0; t < n; t++) {
      sharc_factor_sharding *fs = sharc_projection_factor(&p, t, f);
      present += fs != NULL;
      sharded = sharded || (fs && (fs->axes.len || fs->overflow.len));
    }
    one_sided = sharded && present < n;
  }
  sharc_projection_free(&p);
  return one_sided;
}

/* Marks in `drop` the dimensions where a dynamic_update_slice's update is
 * smaller than its operand; false when there is none. */
static bool dus_slicing_dims(sharc_op *op, unsigned rank, bool *drop) {
  const sharc_type *t = sharc_type_shaped_view(sharc_value_type(sharc_op_operand(op, 0)));
  const sharc_type *u = sharc_type_shaped_view(sharc_value_type(sharc_op_operand(op, 1)));
  if (!t || !u || !sharc_type_has_rank(t) || !sharc_type_has_rank(u) ||
      sharc_type_rank(t) != rank || sharc_type_rank(u) != rank)
    return false;
  bool any = false;
  for (unsigned d = 0; d < rank; d++) {
    drop[d] = sharc_type_shape(t)[d] != sharc_type_shape(u)[d];
    any = any || drop[d];
  }
  return any;
}

/* Operands `0..n_operands)` (of the result's rank) resharded and result 0
 * re-annotated with the dimensions `drop` marks (all when NULL) whole. */
static void make_dims_whole(sharc_rewriter *rw, sharc_op *op, unsigned n_operands,
                            const bool *drop) {
  sharc_context *ctx = sharc_op_context(op);
  for (unsigned i = 0; i < n_operands; i++) {
    sharc_attr *s = sharc_sdy_get_sharding(sharc_op_operand(op, i));
    if (s)
      reshard_operand(rw, op, i, without_dims(ctx, s, drop));
  }
  sharc_attr *r = sharc_sdy_get_sharding(sharc_op_result(op, 0));
  sharc_attr *whole = r ? without_dims(ctx, r, drop) : NULL;
  if (whole)
    sharc_sdy_replace_sharding_at_index(op, 0, whole);
}

/* Marks the spatial dimensions of convolution operand `which` (0 lhs, 1
 * rhs) in `drop`. */
static void conv_spatial_dims(sharc_op *op, unsigned which, unsigned rank, bool *drop) {
  static const char *const field[] = {"input_spatial_dimensions", "kernel_spatial_dimensions"};
  sharc_ints dims = {0};
  sharc_struct_ints(op, "dimension_numbers", field[which], &dims);
  for (unsigned k = 0; k < dims.n; k++) {
    int64_t d = sharc_ints_data(&dims)[k];
    if (d >= 0 && (uint64_t)d < rank)
      drop[d] = true;
  }
  sharc_ints_free(&dims);
}

/* Whether `sharding` has axes on a dimension `drop` marks. */
static bool sharded_on(const sharc_attr *sharding, const bool *drop) {
  unsigned rank = sharding ? sharc_sdy_tensor_sharding_rank(sharding) : 0;
  for (unsigned d = 0; d < rank; d++)
    if (drop[d] && sharc_sdy_dim_sharding_num_axes(sharc_sdy_tensor_sharding_dim(sharding, d)))
      return true;
  return false;
}

/* The spatial dimensions of a convolution's operands made whole when one
 * of them is sharded there (the result's, the number of windows, is left
 * to resolve-permutation-factors). */
static void conv_spatial_whole(sharc_rewriter *rw, sharc_op *op) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_attr *shardings[2];
  bool *drops[2];
  bool sharded = false;
  for (unsigned w = 0; w < 2; w++) {
    shardings[w] = sharc_sdy_get_sharding(sharc_op_operand(op, w));
    unsigned rank = shardings[w] ? sharc_sdy_tensor_sharding_rank(shardings[w]) : 0;
    drops[w] = sharc_xcalloc(rank + 1, sizeof *drops[w]);
    conv_spatial_dims(op, w, rank, drops[w]);
    sharded = sharded || sharded_on(shardings[w], drops[w]);
  }
  for (unsigned w = 0; w < 2; w++) {
    if (sharded && shardings[w])
      reshard_operand(rw, op, w, without_dims(ctx, shardings[w], drops[w]));
    free(drops[w]);
  }
}

/* Every result of a while whole (insert-explicit-reshards then reshards
 * its operands and its body's results to match, as for any data-flow op). */
static void while_whole(sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_attr *s = sharc_sdy_get_sharding(sharc_op_result(op, i));
    sharc_attr *whole = s ? without_dims(sharc_op_context(op), s, NULL) : NULL;
    if (whole)
      sharc_sdy_replace_sharding_at_index(op, i, whole);
  }
}

/* The ops of `module` that `pred` picks, in walk order: collected first,
 * as the rewrites that follow insert ops. */
typedef struct picked {
  bool (*pred)(sharc_op *op);
  sharc_ptrvec ops;
} picked;

static sharc_walk_result pick_op(sharc_op *op, void *user) {
  picked *p = user;
  if (p->pred(op))
    sharc_vec_push(&p->ops, op);
  return SHARC_WALK_ADVANCE;
}

/* Picks the ops `pred` accepts first and rewrites them after, so `fix` may
 * insert and erase ops without disturbing the walk. */
static void rewrite_where(sharc_op *module, bool (*pred)(sharc_op *op),
                          void (*fix)(sharc_rewriter *rw, sharc_op *op)) {
  picked p = {pred, {0}};
  sharc_walk(module, SHARC_PRE_ORDER, pick_op, &p);
  sharc_rewriter rw;
  sharc_rewriter_init(&rw, sharc_op_context(module), NULL);
  for (size_t k = 0; k < p.ops.len; k++)
    fix(&rw, p.ops.items[k]);
  sharc_vec_free(&p.ops);
}

static bool is_mislocalised(sharc_op *op) {
  return (sharc_op_is(op, "stablehlo.reshape") && has_one_sided_sharded_factor(op)) ||
         sharc_op_is(op, "stablehlo.dynamic_update_slice") ||
         sharc_op_is(op, "stablehlo.convolution") || sharc_op_is(op, "stablehlo.while") ||
         sharc_op_is(op, "stablehlo.dynamic_slice");
}

static void make_mislocalised_whole(sharc_rewriter *rw, sharc_op *op) {
  if (sharc_op_is(op, "stablehlo.reshape")) {
    make_dims_whole(rw, op, 1, NULL);
    return;
  }
  if (sharc_op_is(op, "stablehlo.convolution")) {
    conv_spatial_whole(rw, op);
    return;
  }
  if (sharc_op_is(op, "stablehlo.while")) {
    while_whole(op);
    return;
  }
  sharc_attr *s = sharc_sdy_get_sharding(sharc_op_result(op, 0));
  unsigned rank = s ? sharc_sdy_tensor_sharding_rank(s) : 0;
  bool *drop = rank ? calloc(rank, sizeof *drop) : NULL;
  if (rank && !drop)
    abort();
  if (sharc_op_is(op, "stablehlo.dynamic_slice"))
    make_dims_whole(rw, op, 1, NULL);
  else if (rank && sharc_op_is(op, "stablehlo.dynamic_update_slice") &&
           dus_slicing_dims(op, rank, drop))
    make_dims_whole(rw, op, 2, drop);
  free(drop);
}

static void whole_where_shardy_mislocalises(sharc_op *module) {
  rewrite_where(module, is_mislocalised, make_mislocalised_whole);
}

/* ---- reshards between sub-axes that cannot coexist ----------------------------------- */
/* Sub-axes of one axis that overlap but cannot coexist ("x":(1)2 and
 * "x":(1)3 of x=6, neither size dividing the other): Shardy's
 * reshard-to-collectives aligns only sub-axes that can coexist, slices the
 * new one in while the old one is still there, and makes an all_slice (or
 * a permute with duplicate targets) its verifier refuses
 * (tests/partitioner/README.md). `partition` makes such a reshard go
 * through the replicated value: a gather, then a slice. */

static bool dims_clash(const sharc_attr *from, const sharc_attr *to) {
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(from); d++) {
    const sharc_attr *fd = sharc_sdy_tensor_sharding_dim(from, d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(fd); i++) {
      const sharc_attr *a = sharc_sdy_dim_sharding_axis(fd, i);
      for (unsigned e = 0; e < sharc_sdy_tensor_sharding_rank(to); e++) {
        const sharc_attr *td = sharc_sdy_tensor_sharding_dim(to, e);
        for (unsigned k = 0; k < sharc_sdy_dim_sharding_num_axes(td); k++) {
          const sharc_attr *b = sharc_sdy_dim_sharding_axis(td, k);
          if (sharc_sdy_axis_ref_overlaps(a, b) && !sharc_sdy_axis_can_coexist(a, b))
            return true;
        }
      }
    }
  }
  return false;
}

static bool is_clashing_reshard(sharc_op *op) {
  if (!sharc_op_is(op, "sdy.reshard"))
    return false;
  const sharc_attr *from = sharc_sdy_get_sharding(sharc_op_operand(op, 0));
  const sharc_attr *to = sharc_sdy_get_sharding(sharc_op_result(op, 0));
  return from && to && dims_clash(from, to);
}

static void reshard_through_replicated(sharc_rewriter *rw, sharc_op *op) {
  const sharc_attr *from = sharc_sdy_get_sharding(sharc_op_operand(op, 0));
  reshard_operand(rw, op, 0, without_dims(sharc_op_context(op), from, NULL));
}

static void reshard_clashing_through_replicated(sharc_op *module) {
  rewrite_where(module, is_clashing_reshard, reshard_through_replicated);
}

/* ---- empty dimensions ------------------------------------------------------------ */
/* A dimension of size 0 holds nothing on any device, sharded or not, but the
 * all-gather that makes a sharded one whole has a zero-sized
 * `all_gather_dim`, which StableHLO's verifier refuses (Shardy's partitioner
 * emits it and its output fails to verify, sdy_opt's with it):
 * `sharc partition` unshards such dimensions before the explicit reshards. */

/* `sharding` with its dimensions of size 0 in `type` whole (NULL when none
 * is sharded). */
static sharc_attr *without_empty_dims(sharc_context *ctx, const sharc_attr *sharding,
                                      const sharc_type *type) {
  const sharc_type *t = sharc_type_shaped_view(type);
  unsigned rank = sharc_sdy_tensor_sharding_rank(sharding);
  if (!t || !sharc_type_has_rank(t) || sharc_type_rank(t) != rank)
    return NULL;
  bool *drop = sharc_xcalloc(rank + 1, sizeof *drop);
  bool any = false;
  for (unsigned d = 0; d < rank; d++)
    any |= drop[d] = sharc_type_shape(t)[d] == 0;
  sharc_attr *whole = any ? without_dims(ctx, sharding, drop) : NULL;
  free(drop);
  return whole;
}

static void unshard_empty_value(sharc_context *ctx, sharc_value *v) {
  sharc_attr *s = sharc_sdy_get_sharding(v);
  sharc_attr *whole = s ? without_empty_dims(ctx, s, sharc_value_type(v)) : NULL;
  if (whole)
    sharc_sdy_set_sharding(v, whole);
}

static sharc_walk_result unshard_empty_dims_of(sharc_op *op, void *user) {
  sharc_context *ctx = user;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    unshard_empty_value(ctx, sharc_op_result(op, i));
  if (!sharc_op_isa(op, &sharc_func_func_def))
    return SHARC_WALK_ADVANCE;
  sharc_block *body = sharc_func_body(op);
  for (unsigned i = 0; body && i < sharc_block_num_args(body); i++)
    unshard_empty_value(ctx, sharc_block_arg(body, i));
  sharc_type *ft = sharc_func_type(op);
  for (unsigned i = 0; i < sharc_func_num_results(op); i++) {
    sharc_attr *s = sharc_sdy_func_result_sharding(op, i);
    sharc_attr *whole = s ? without_empty_dims(ctx, s, sharc_type_func_result(ft, i)) : NULL;
    if (whole)
      sharc_sdy_set_func_result_sharding(op, i, whole);
  }
  return SHARC_WALK_ADVANCE;
}

/* After propagation (the module still ready for another round): Shardy's
 * export for partitioning, composed as its partitioner pipeline (the one
 * its executable tests run): explicit reshards, then permutation factors
 * resolved (halo exchange), then collectives; shapes stay global. */
static bool add_collectives(sharc_op *module, const sharc_partition_options *o) {
  char text[1024];
  snprintf(text, sizeof text,
           "builtin.module(sdy-remove-sharding-groups, "
           "func.func(sdy-sharding-constraint-to-reshard), "
           "func.func(sdy-verify-unreduced-axes), "
           "func.func(sdy-insert-explicit-reshards{enable-full-version=true}), "
           "sdy-resolve-permutation-factors{enable-halo-exchange=%s partition-count=%lld "
           "replica-count=%lld}, "
           "canonicalize{enable-patterns=sdy-reshard})",
           o->halo_exchange ? "true" : "false", (long long)o->partition_count,
           (long long)o->replica_count);
  if (!run_text(module, text))
    return false;
  reshard_clashing_through_replicated(module);
  return run_text(module, "builtin.module(func.func(sdy-reshard-to-collectives), "
                          "canonicalize{enable-patterns=sdy-collective})");
}

/* ---- Shardy's limitations left in the program ------------------------------------- */
/* Three patterns whose partitioned program Shardy computes differently from
 * the global one (tests/partitioner/README.md), and sharc with it, found on
 * the module with global shapes and sdy collectives, so that `sharc verify`
 * can name the cause of a mismatch. */
#define LIMIT_REDUCE                                                                        \
  "a reduce over a dimension -sdy-pad-for-divisibility pads: Shardy's partitioner does "    \
  "not mask the padding, which takes part in the reduction"
#define LIMIT_RESHAPE                                                                       \
  "a reshape of a dimension -sdy-pad-for-divisibility pads: Shardy's partitioner moves "    \
  "the padding into real positions"
#define LIMIT_SLICE                                                                         \
  "an all_slice or all_to_all onto a dimension already sharded that the new shard count "   \
  "does not divide: Shardy pads the input at the high end of the global dimension but "     \
  "realises the pad on each device's block, so data that should move between devices "     \
  "becomes padding"

static bool any_padded_dim(sharc_op *op, sharc_value *v) {
  const sharc_type *t = sharc_type_shaped_view(sharc_value_type(v));
  unsigned rank = t && sharc_type_has_rank(t) ? sharc_type_rank(t) : 0;
  for (unsigned d = 0; d < rank; d++)
    if (padded_dim(op, v, NULL, d))
      return true;
  return false;
}

/* An all_slice or all_to_all whose input is sharded on a dimension that
 * its result shards into blocks that do not divide it. */
static bool slices_sharded_padded_dim(sharc_op *op) {
  sharc_value *in = sharc_op_operand(op, 0), *out = sharc_op_result(op, 0);
  sharc_attr *in_s = sharc_sdy_get_sharding(in), *out_s = sharc_sdy_get_sharding(out);
  unsigned rank = in_s ? sharc_sdy_tensor_sharding_rank(in_s) : 0;
  for (unsigned d = 0; d < rank; d++)
    if (sharc_sdy_dim_sharding_num_axes(sharc_sdy_tensor_sharding_dim(in_s, d)) &&
        padded_dim(op, out, out_s, d))
      return true;
  return false;
}

static sharc_walk_result find_shardy_limitation(sharc_op *op, void *user) {
  const char **found = user;
  if (sharc_op_is(op, "stablehlo.reduce") && reduces_padded_dim(op))
    *found = LIMIT_REDUCE;
  else if (sharc_op_is(op, "stablehlo.reshape") &&
           (any_padded_dim(op, sharc_op_operand(op, 0)) || any_padded_dim(op, sharc_op_result(op, 0))))
    *found = LIMIT_RESHAPE;
  else if ((sharc_op_is(op, "sdy.all_slice") ||
            sharc_op_is(op, "sdy.all_to_all")) &&
           slices_sharded_padded_dim(op))
    *found = LIMIT_SLICE;
  return *found ? SHARC_WALK_INTERRUPT : SHARC_WALK_ADVANCE;
}

const char *sharc_partition_shardy_limitation(const sharc_partition *p) {
  return p->shardy_limitation;
}

/* ---- collective permutes of padded values ---------------------------------------- */
/* -sdy-pad-for-divisibility has no pattern for sdy.collective_permute (the
 * op is legal to it): one whose dimension its shard count does not divide
 * keeps its unpadded type behind a cast, and its verifier refuses the cast
 * as an operand without sharding (in Shardy as in sdy_opt). `sharc
 * partition` turns such a permute into a gather to replicated and a slice,
 * which the pass pads. */

static sharc_walk_result collect_padded_permutes(sharc_op *op, void *user) {
  if (sharc_op_is(op, "sdy.collective_permute") &&
      (any_padded_dim(op, sharc_op_operand(op, 0)) || any_padded_dim(op, sharc_op_result(op, 0))))
    sharc_vec_push((sharc_ptrvec *)user, op);
  return SHARC_WALK_ADVANCE;
}

static bool split_padded_permutes(sharc_op *module) {
  sharc_ptrvec ops = {0};
  sharc_walk(module, SHARC_PRE_ORDER, collect_padded_permutes, &ops);
  sharc_context *ctx = sharc_op_context(module);
  sharc_rewriter rw;
  sharc_rewriter_init(&rw, ctx, NULL);
  size_t split = 0;
  for (size_t k = 0; k < ops.len; k++) {
    sharc_op *op = ops.items[k];
    sharc_value *in = sharc_op_operand(op, 0);
    sharc_attr *in_sharding = sharc_sdy_get_sharding(in);
    sharc_attr *whole = in_sharding ? without_dims(ctx, in_sharding, NULL) : NULL;
    if (!whole)
      continue;
    sharc_rw_set_before(&rw, op);
    sharc_op *gather = sharc_sdy_create_reshard(&rw, in, whole, sharc_op_loc(op));
    sharc_op *slice = sharc_sdy_create_reshard(&rw, sharc_op_result(gather, 0),
                                               sharc_sdy_get_sharding(sharc_op_result(op, 0)),
                                               sharc_op_loc(op));
    sharc_value *v = sharc_op_result(slice, 0);
    sharc_rw_replace_op(&rw, op, &v, 1);
    split++;
  }
  sharc_vec_free(&ops);
  return !split || run_text(module, "builtin.module(func.func(sdy-reshard-to-collectives))");
}

/* Global shapes to each device's local ones. */
static bool localize(sharc_op *module, const sharc_partition_options *o) {
  char text[512];
  snprintf(text, sizeof text,
           "builtin.module(func.func(sdy-pad-for-divisibility), "
           "func.func(sdy-resolve-single-device-sharding{partition-count=%lld replica-count=%lld}), "
           "sdy-convert-global-to-local{partition-count=%lld replica-count=%lld "
           "per-dim-all-gather=%s}, sdy-drop-sharding-and-mesh)",
           (long long)o->partition_count, (long long)o->replica_count,
           (long long)o->partition_count, (long long)o->replica_count,
           o->per_dim_all_gather ? "true" : "false");
  return run_text(module, text);
}

static char *arena_text(sharc_partition *p, const char *s, size_t n) {
  char *c = sharc_arena_alloc(&p->arena, n + 1);
  memcpy(c, s, n);
  c[n] = 0;
  return c;
}

/* The entry's arguments and results with their global types and shardings,
 * taken before the partitioner drops them. */
static void record_values(sharc_partition *p, sharc_op *func) {
  unsigned na = sharc_func_num_args(func), nr = sharc_func_num_results(func);
  sharc_type *ft = sharc_func_type(func);
  p->num_values = na + nr;
  p->values = sharc_arena_alloc(&p->arena, (p->num_values + 1) * sizeof *p->values);
  memset(p->values, 0, (p->num_values + 1) * sizeof *p->values);
  sharc_buf b = {0};
  for (unsigned i = 0; i < p->num_values; i++) {
    sharc_partition_value *v = &p->values[i];
    v->is_result = i >= na;
    v->index = v->is_result ? i - na : i;
    v->global_type = v->is_result ? sharc_type_func_result(ft, v->index)
                                  : sharc_type_func_input(ft, v->index);
    sharc_attr *s = v->is_result ? sharc_sdy_func_result_sharding(func, v->index)
                                 : sharc_sdy_func_arg_sharding(func, v->index);
    v->mesh = s ? sharc_sdy_sharding_mesh(s, func) : NULL;
    v->sharding = v->mesh ? s : NULL;
    b.len = 0;
    sharc_buf_printf(&b, v->is_result ? "result%u" : "%%arg%u", v->index);
    v->name = arena_text(p, b.data, b.len);
    b.len = 0;
    sharc_report_partition_spec(v->sharding, &b);
    v->spec = arena_text(p, b.data, b.len);
  }
  sharc_buf_free(&b);
}

static unsigned rank_of(const sharc_partition_value *v) {
  const sharc_type *t = sharc_type_shaped_view(v->global_type);
  return t && sharc_type_has_rank(t) ? sharc_type_rank(t) : 0;
}

/* The report's view of the entry's arguments and results. */
static void record_report(sharc_partition *p, sharc_op *func) {
  sharc_report_options ro = sharc_report_options_default();
  ro.explicit_collectives = false;
  sharc_report *r = sharc_report_create(p->module, &ro);
  size_t n = p->num_values + 1;
  p->report_spec = sharc_arena_alloc(&p->arena, n * sizeof *p->report_spec);
  p->report_shard = sharc_arena_alloc(&p->arena, n * sizeof *p->report_shard);
  memset(p->report_spec, 0, n * sizeof *p->report_spec);
  memset(p->report_shard, 0, n * sizeof *p->report_shard);
  unsigned na = sharc_func_num_args(func);
  for (unsigned i = 0; r && i < sharc_report_num_values(r); i++) {
    const sharc_report_value *v = sharc_report_value_at(r, i);
    if (v->func != func || (v->kind != SHARC_REPORT_ARGUMENT && v->kind != SHARC_REPORT_RESULT))
      continue;
    unsigned k = v->kind == SHARC_REPORT_RESULT ? na + v->index : v->index;
    if (k >= p->num_values)
      continue;
    p->report_spec[k] = arena_text(p, v->spec, strlen(v->spec));
    p->report_shard[k] = sharc_arena_alloc(&p->arena, (v->rank + 1) * sizeof(int64_t));
    if (v->rank)
      memcpy(p->report_shard[k], v->shard_shape, v->rank * sizeof(int64_t));
  }
  if (p->has_figures)
    sharc_partition_figures_record(&p->figures, &p->arena, r, func, na, p->num_values,
                                   sharc_partition_num_devices(p));
  sharc_report_destroy(r);
}

bool sharc_partition_report_agrees(const sharc_partition *p, unsigned i, sharc_buf *why) {
  const sharc_partition_value *v = sharc_partition_value_at(p, i);
  if (!v)
    return false;
  if (!p->report_spec[i]) {
    sharc_buf_printf(why, "the report does not list %s", v->name);
    return false;
  }
  if (strcmp(p->report_spec[i], v->spec) != 0) {
    sharc_buf_printf(why, "the report says %s is sharded %s, the partitioner read %s", v->name,
                     p->report_spec[i], v->spec);
    return false;
  }
  const sharc_type *t = v->local_type ? sharc_type_shaped_view(v->local_type) : NULL;
  unsigned rank = rank_of(v);
  if (!t || !sharc_type_has_rank(t) || sharc_type_rank(t) != rank)
    return true; /* not a tensor: nothing is cut */
  for (unsigned d = 0; d < rank; d++)
    if (p->report_shard[i][d] != sharc_type_shape(t)[d]) {
      sharc_buf_printf(why, "the report says each device holds %lld of dimension %u of %s, "
                            "the partitioned program has ",
                       (long long)p->report_shard[i][d], d, v->name);
      sharc_print_type(v->local_type, why);
      return false;
    }
  return true;
}

static void record_local_types(sharc_partition *p, sharc_op *func) {
  sharc_type *ft = func ? sharc_func_type(func) : NULL;
  for (unsigned i = 0; i < p->num_values; i++) {
    sharc_partition_value *v = &p->values[i];
    unsigned n = v->is_result ? sharc_type_func_num_results(ft) : sharc_type_func_num_inputs(ft);
    if (ft && v->index < n)
      v->local_type = v->is_result ? sharc_type_func_result(ft, v->index)
                                   : sharc_type_func_input(ft, v->index);
  }
}

static bool is_float_type(const sharc_type *t) {
  const sharc_type *s = t ? sharc_type_shaped_view(t) : NULL;
  const sharc_type *e = s ? sharc_type_element(s) : t;
  return e && (sharc_type_get_kind(e) == SHARC_TYPE_FLOAT ||
               sharc_type_get_kind(e) == SHARC_TYPE_COMPLEX);
}

static sharc_walk_result find_float_reduction(sharc_op *op, void *user) {
  bool *found = user;
  if ((sharc_op_is(op, "stablehlo.all_reduce") || sharc_op_is(op, "stablehlo.reduce_scatter")) &&
      sharc_op_num_results(op) && is_float_type(sharc_value_type(sharc_op_result(op, 0))))
    *found = true;
  return SHARC_WALK_ADVANCE;
}

sharc_partition *sharc_partition_module(sharc_op *module, const sharc_partition_options *options) {
  sharc_partition_options o = options ? *options : sharc_partition_options_default();
  sharc_context *ctx = sharc_op_context(module);
  if (!sharc_report_has_mesh(module)) {
    sharc_emit(ctx, SHARC_SEV_ERROR, sharc_op_loc(module),
               "the module has no sdy.mesh: nothing in it is sharded");
    return NULL;
  }
  if (!o.partition_count && !o.replica_count)
    o.partition_count = largest_mesh(module);
  if (!o.partition_count)
    o.partition_count = 1;
  if (!o.replica_count)
    o.replica_count = 1;
  if (o.partition_count < 1 || o.replica_count < 1 ||
      (o.partition_count > 1 && o.replica_count > 1) || o.partition_count * o.replica_count > 4096) {
    sharc_emit(ctx, SHARC_SEV_ERROR, sharc_op_loc(module),
               "the partitioner needs replica-count or partition-count to be 1 (and at most "
               "4096 devices), not %lld x %lld",
               (long long)o.replica_count, (long long)o.partition_count);
    return NULL;
  }
  sharc_report_options ro = sharc_report_options_default();
  ro.explicit_collectives = false;
  /* the partitioner converts one function at a time: calls are inlined
   * first, as stablehlo-opt -inline does for the programs JAX exports */
  if (!run_text(module, "builtin.module(inline, symbol-dce)") ||
      !sharc_report_propagate(module, &ro))
    return NULL;
  replicate_non_sum_reductions(module);
  whole_where_shardy_mislocalises(module);
  sharc_walk(module, SHARC_PRE_ORDER, unshard_empty_dims_of, ctx);
  if (!add_collectives(module, &o) || !split_padded_permutes(module))
    return NULL;
  sharc_op *func = sharc_report_entry_function(module, true);
  if (!func) {
    sharc_emit(ctx, SHARC_SEV_ERROR, sharc_op_loc(module), "the module has no function");
    return NULL;
  }
  sharc_partition *p = sharc_xcalloc(1, sizeof *p);
  p->module = module;
  p->replica_count = o.replica_count;
  p->partition_count = o.partition_count;
  p->has_figures = o.record_figures;
  record_values(p, func);
  record_report(p, func);
  sharc_walk(module, SHARC_PRE_ORDER, find_shardy_limitation, &p->shardy_limitation);
  bool localized = localize(module, &o);
  if (p->has_figures)
    sharc_partition_figures_trace(&p->figures, module);
  if (!localized) {
    sharc_partition_destroy(p);
    return NULL;
  }
  record_local_types(p, sharc_report_entry_function(module, true));
  sharc_walk(module, SHARC_PRE_ORDER, find_float_reduction, &p->reduces_floats);
  return p;
}

void sharc_partition_destroy(sharc_partition *p) {
  if (!p)
    return;
  if (p->has_figures)
    sharc_partition_figures_free(&p->figures);
  sharc_arena_free(&p->arena);
  free(p);
}

unsigned sharc_partition_num_devices(const sharc_partition *p) {
  return (unsigned)(p->replica_count * p->partition_count);
}
int64_t sharc_partition_replica_count(const sharc_partition *p) { return p->replica_count; }
int64_t sharc_partition_partition_count(const sharc_partition *p) { return p->partition_count; }
unsigned sharc_partition_num_values(const sharc_partition *p) { return p->num_values; }
const sharc_partition_value *sharc_partition_value_at(const sharc_partition *p, unsigned i) {
  return i < p->num_values ? &p->values[i] : NULL;
}
bool sharc_partition_reduces_floats(const sharc_partition *p) { return p->reduces_floats; }

bool sharc_partition_block(const sharc_partition_value *v, int64_t device, int64_t *offsets,
                           int64_t *sizes, int64_t *local) {
  const sharc_type *t = sharc_type_shaped_view(v->global_type);
  if (!t || !sharc_type_has_rank(t))
    return false;
  int64_t pos = v->mesh ? sharc_sdy_mesh_position_of(v->mesh, device) : 0;
  if (pos < 0)
    return false;
  return sharc_sdy_device_block(v->sharding, v->mesh, pos, sharc_type_shape(t),
                                sharc_type_rank(t), offsets, sizes, local);
}

/* ---- writing ------------------------------------------------------------------------ */

static void put_type(sharc_buf *out, sharc_type *t) {
  if (t)
    sharc_print_type(t, out);
  else
    sharc_buf_putc(out, '-');
}

static void put_json_type(sharc_buf *out, sharc_type *t) {
  sharc_buf tb = {0};
  put_type(&tb, t);
  sharc_report_put_json_string(out, tb.data);
  sharc_buf_free(&tb);
}

static void put_ints(sharc_buf *out, const int64_t *v, unsigned n) {
  sharc_buf_putc(out, '[');
  for (unsigned i = 0; i < n; i++)
    sharc_buf_printf(out, "%s%lld", i ? ", " : "", (long long)v[i]);
  sharc_buf_putc(out, ']');
}

/* `[0:1, 2:4]` */
static void put_block(sharc_buf *out, const int64_t *off, const int64_t *size, unsigned rank) {
  sharc_buf_putc(out, '[');
  for (unsigned d = 0; d < rank; d++)
    sharc_buf_printf(out, "%s%lld:%lld", d ? ", " : "", (long long)off[d],
                     (long long)(off[d] + size[d]));
  sharc_buf_putc(out, ']');
}

sharc_report_block sharc_report_block_alloc(unsigned rank) {
  int64_t *off = sharc_xcalloc(3 * ((size_t)rank + 1), sizeof *off);
  return (sharc_report_block){off, off + rank + 1, off + 2 * ((size_t)rank + 1)};
}

static void write_value_json(const sharc_partition *p, const sharc_partition_value *v,
                             sharc_buf *out) {
  unsigned rank = rank_of(v);
  sharc_report_block blk = sharc_report_block_alloc(rank);
  int64_t *off = blk.off, *size = blk.size, *local = blk.local;
  SHARC_BUF_LIT(out, "{\"value\": ");
  sharc_report_put_json_string(out, v->name);
  SHARC_JSON_STRING_FIELD(out, "kind", v->is_result ? "result" : "argument");
  SHARC_JSON_FIELD(out, "type", put_json_type(out, v->global_type));
  SHARC_JSON_FIELD(out, "local_type", put_json_type(out, v->local_type));
  SHARC_JSON_STRING_FIELD(out, "sharding", v->spec);
  SHARC_BUF_LIT(out, ", \"blocks\": [");
  unsigned n = sharc_partition_num_devices(p);
  for (unsigned d = 0; d < n; d++) {
    bool ok = sharc_partition_block(v, d, off, size, local);
    sharc_buf_printf(out, "%s{\"device\": %u, ", d ? ", " : "", d);
    if (!ok) {
      SHARC_BUF_LIT(out, "\"offsets\": null, \"sizes\": null}");
      continue;
    }
    SHARC_BUF_LIT(out, "\"offsets\": ");
    put_ints(out, off, rank);
    SHARC_JSON_FIELD(out, "sizes", put_ints(out, size, rank));
    SHARC_BUF_LIT(out, "}");
  }
  SHARC_BUF_LIT(out, "]}");
  free(off);
}

static void write_value_table(const sharc_partition *p, const sharc_partition_value *v,
                              sharc_buf *out) {
  unsigned rank = rank_of(v);
  sharc_report_block blk = sharc_report_block_alloc(rank);
  int64_t *off = blk.off, *size = blk.size, *local = blk.local;
  sharc_buf_printf(out, "%-8s ", v->name);
  put_type(out, v->global_type);
  sharc_buf_printf(out, "  %s  local ", v->spec);
  put_type(out, v->local_type);
  sharc_buf_putc(out, '\n');
  unsigned n = sharc_partition_num_devices(p);
  for (unsigned d = 0; d < n; d++) {
    sharc_buf_printf(out, "  device %-3u ", d);
    if (sharc_partition_block(v, d, off, size, local))
      put_block(out, off, size, rank);
    else
      SHARC_BUF_LIT(out, "(not in the mesh)");
    sharc_buf_putc(out, '\n');
  }
  free(off);
}

void sharc_partition_write(const sharc_partition *p, bool json, const char *title,
                           sharc_buf *out) {
  if (json) {
    SHARC_BUF_LIT(out, "{\"file\": ");
    sharc_report_put_json_string(out, title ? title : "");
    sharc_buf_printf(out, ", \"replica_count\": %lld, \"partition_count\": %lld, \"values\": [",
                     (long long)p->replica_count, (long long)p->partition_count);
    for (unsigned i = 0; i < p->num_values; i++) {
      if (i)
        SHARC_BUF_LIT(out, ",\n  ");
      write_value_json(p, &p->values[i], out);
    }
    SHARC_BUF_LIT(out, "]}\n");
    return;
  }
  if (title)
    sharc_buf_printf(out, "%s\n", title);
  sharc_buf_printf(out, "%u devices (%lld replicas x %lld partitions); each device's block of "
                        "the entry function's arguments and results:\n",
                   sharc_partition_num_devices(p), (long long)p->replica_count,
                   (long long)p->partition_count);
  for (unsigned i = 0; i < p->num_values; i++)
    write_value_table(p, &p->values[i], out);
}

const sharc_partition_figures *sharc_partition_figures_of(const sharc_partition *p) {
  return p->has_figures ? &p->figures : NULL;
}
