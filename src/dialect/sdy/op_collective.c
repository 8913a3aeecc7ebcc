/* The sdy collectives: all_gather, all_slice, all_reduce, all_to_all,
 * collective_permute, reduce_scatter, sharded_to_unreduced and
 * replicated_to_unreduced. Each takes a tensor and an out_sharding that must
 * equal what the collective makes of the operand's sharding; the verifiers
 * recompute it with Shardy's rules and messages. */
#include "dialect/sdy/op_common.h"
#include "dialect/sdy/op_verify.h"

#include <stdlib.h>
#include <string.h>

/* ---- syntax ---------------------------------------------------------------- */

/* How one collective is written: `[max] <axes> %x out_sharding=<...> : T`. */
typedef struct collective_form {
  const char *axes_name;     /* attribute holding the axes, NULL for none */
  const char *axes_mnemonic; /* its sdy attribute kind */
  bool has_reduction;        /* optional `sum|max|min` keyword first */
} collective_form;

static const char *const reduction_names[] = {"sum", "max", "min"};

/* `($reduction_op^)?`: present only when one of the enum's keywords follows. */
static bool parse_reduction(sharc_parser *p, sharc_op_builder *b) {
  int64_t kind = -1;
  for (unsigned i = 0; i < 3 && kind < 0; i++)
    if (sharc_tok_is_keyword(sharc_p_tok(p), reduction_names[i]))
      kind = i;
  if (kind < 0)
    return true;
  sharc_p_next(p);
  sharc_context *ctx = sharc_p_context(p);
  sharc_builder_set_attr(
      p, b, "reduction_op",
      sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_SIGNLESS), kind));
  return true;
}

static bool collective_parse_form(sharc_parser *p, sharc_op_builder *b, const collective_form *f) {
  if (f->has_reduction && !parse_reduction(p, b))
    return false;
  if (f->axes_name) {
    sharc_attr *axes;
    if (!sharc_sdy_parse_stripped(p, f->axes_mnemonic, &axes))
      return false;
    sharc_builder_set_attr(p, b, f->axes_name, axes);
  }
  sharc_operand_ref tensor;
  sharc_attr *out;
  if (!sharc_p_parse_operand(p, &tensor) || !sharc_sdy_expect_key_eq(p, "out_sharding") ||
      !sharc_sdy_parse_attr_or_stripped(p, sharc_sdy_parse_tensor_sharding, &out))
    return false;
  sharc_builder_set_attr(p, b, "out_sharding", out);
  return sharc_sdy_parse_dict_colon_type(p, b, &tensor, true);
}

static void collective_print_form(sharc_printer *p, sharc_op *op, const collective_form *f) {
  sharc_attr *red = f->has_reduction ? sharc_op_attr(op, "reduction_op") : NULL;
  if (red && !(sharc_attr_get_kind(red) == SHARC_ATTR_INTEGER && sharc_attr_int_value(red) == 0)) {
    SHARC_PR_LIT(p, " ");
    sharc_sdy_print_enum_keyword(p, red, reduction_names, 3);
  }
  if (f->axes_name) {
    SHARC_PR_LIT(p, " ");
    sharc_sdy_print_stripped(p, sharc_op_attr(op, f->axes_name));
  }
  SHARC_PR_LIT(p, " ");
  sharc_pr_value(p, sharc_op_operand(op, 0));
  SHARC_PR_LIT(p, " out_sharding=");
  sharc_sdy_print_tensor_sharding(p, sharc_op_attr(op, "out_sharding"));
  const char *elided[] = {"out_sharding", f->axes_name ? f->axes_name : "out_sharding",
                          "reduction_op", NULL};
  sharc_sdy_print_dict_colon_type(p, op, elided);
}

/* ---- shared verification ------------------------------------------------- */

/* The operand's and the result's sharding, with their meshes. */
typedef struct collective {
  sharc_op *op;
  sharc_context *ctx;
  sharc_attr *in, *out; /* in: NULL when the operand has none */
  sharc_attr *in_mesh, *mesh;
  unsigned rank; /* of out_sharding */
} collective;

static void emit_mesh_note(sharc_diag *d, sharc_value *tensor, const sharc_attr *mesh) {
  sharc_buf text = {0};
  SHARC_BUF_LIT(&text, "operand mesh: ");
  sharc_print_attr(mesh, &text);
  const sharc_attr *loc = sharc_value_is_block_arg(tensor)
                              ? sharc_value_loc(tensor)
                              : sharc_op_loc(sharc_value_defining_op(tensor));
  sharc_diag_note(d, loc, "%s", text.data);
  sharc_buf_free(&text);
}

/* Shardy's CollectiveOpInterface verifier (checked before the op's own):
 * the operand's sharding exists unless allowed, out_sharding is valid for the
 * type, both use one mesh unless allowed, and the ranks agree. */
static bool verify_collective_common(sharc_op *op, collective *c, bool allow_missing,
                                     bool allow_different_meshes) {
  c->op = op;
  c->ctx = sharc_op_context(op);
  c->out = sharc_op_attr(op, "out_sharding");
  if (!sharc_sdy_verify_value_type(op, "operand", 0, sharc_value_type(sharc_op_operand(op, 0)),
                             SDY_ANY_SHAPED) ||
      !sharc_sdy_verify_value_type(op, "result", 0, sharc_value_type(sharc_op_result(op, 0)),
                             SDY_ANY_SHAPED) ||
      !sharc_sdy_verify_same_operand_result_type(op))
    return false;
  sharc_value *tensor = sharc_op_operand(op, 0);
  c->in = sharc_sdy_get_sharding(tensor);
  if (!allow_missing && !c->in) {
    sharc_emit_op_error(op, "collective on operand without sharding");
    return false;
  }
  c->mesh = sharc_sdy_sharding_mesh(c->out, op);
  if (!sharc_sdy_verify_sharding_for_type(op, c->out, sharc_value_type(sharc_op_result(op, 0)), NULL))
    return false;
  c->in_mesh = c->in ? sharc_sdy_sharding_mesh(c->in, op) : NULL;
  if (!allow_different_meshes && c->in_mesh && c->in_mesh != c->mesh) {
    sharc_diag *d = sharc_emit_op_error(op, "result mesh does not match operand mesh");
    emit_mesh_note(d, tensor, c->in_mesh);
    return false;
  }
  c->rank = sharc_sdy_tensor_sharding_rank(c->out);
  if (c->in && sharc_sdy_tensor_sharding_rank(c->in) != c->rank) {
    sharc_emit_op_error(op, "result sharding has rank %u but operand sharding has rank %u", c->rank,
                        sharc_sdy_tensor_sharding_rank(c->in));
    return false;
  }
  if (!c->in)
    c->in = sharc_sdy_sharding_fully_open(c->ctx, sharc_sdy_tensor_sharding_mesh_or_ref(c->out), c->rank,
                                    false);
  return true;
}

static void copy_dim_axes(const sharc_attr *sharding, unsigned d, sdy_axes *out) {
  sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
  for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
    sharc_sdy_axes_push(out, sharc_sdy_dim_sharding_axis(dim, i));
}

static bool dim_equals(const sharc_attr *sharding, unsigned d, const sdy_axes *axes) {
  sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
  if (sharc_sdy_dim_sharding_num_axes(dim) != axes->n)
    return false;
  for (unsigned i = 0; i < axes->n; i++)
    if (sharc_sdy_dim_sharding_axis(dim, i) != axes->items[i])
      return false;
  return true;
}

/* "result sharding doesn't match expected sharding [...] on dimension d" */
static bool verify_dim_matches(collective *c, unsigned d, const sdy_axes *expected) {
  if (dim_equals(c->out, d, expected))
    return true;
  sharc_buf text = {0};
  sharc_buf_putc(&text, '[');
  for (unsigned i = 0; i < expected->n; i++) {
    if (i)
      SHARC_BUF_LIT(&text, ", ");
    sharc_sdy_axis_ref_to_string(expected->items[i], &text);
  }
  sharc_buf_putc(&text, ']');
  sharc_emit_op_error(c->op, "result sharding doesn't match expected sharding %s on dimension %u",
                      text.data, d);
  sharc_buf_free(&text);
  return false;
}

/* Removes `axes` from the end of dimension `d`'s axes (gatherAxesAlongDim). */
static bool gather_along_dim(collective *c, unsigned d, sharc_attr *const *axes, unsigned n,
                             const char *kind, sdy_axes *expected) {
  copy_dim_axes(c->in, d, expected);
  for (unsigned i = n; i-- > 0;) {
    sharc_attr *axis = axes[i];
    if (!expected->n || !sharc_sdy_axis_suffix_of(axis, expected->items[expected->n - 1], c->mesh)) {
      sharc_buf text = {0};
      sharc_sdy_axis_ref_to_string(axis, &text);
      sharc_emit_op_error(c->op, "can't apply %s axis %s to operand sharding on dimension %u", kind,
                          text.data, d);
      sharc_buf_free(&text);
      return false;
    }
    sharc_attr *last = expected->items[--expected->n];
    sharc_attr *prefix = sharc_sdy_axis_prefix_without_overlap(c->ctx, last, axis);
    if (prefix)
      sharc_sdy_axes_push(expected, prefix);
  }
  return true;
}

/* Appends `axes` to dimension `d`'s axes (sliceAxesAlongDim). */
static void slice_along_dim(collective *c, unsigned d, sharc_attr *const *axes, unsigned n,
                            sdy_axes *expected) {
  copy_dim_axes(c->in, d, expected);
  for (unsigned i = 0; i < n; i++)
    sharc_sdy_axes_add_or_merge(c->ctx, expected, axes[i], c->mesh);
}

/* Elements of a sdy list attribute as an array (arena-free: the list's own
 * storage is read one element at a time). */
static unsigned list_items(const sharc_attr *list, sdy_axes *out) {
  unsigned n = list ? sharc_sdy_list_size(list) : 0;
  for (unsigned i = 0; i < n; i++)
    sharc_sdy_axes_push(out, sharc_sdy_list_at(list, i));
  return n;
}

typedef enum { GATHER, SLICE } per_dim_kind;

/* verifyCollectiveWithAxesPerDim: every list valid, ranks agree, and each
 * dimension gathers or slices to out_sharding. */
static bool verify_axes_per_dim(collective *c, const sharc_attr *per_dim, per_dim_kind kind,
                                const char *gather_kind) {
  sdy_axes lists = {0}, seen = {0};
  unsigned n = list_items(per_dim, &lists);
  bool ok = true;
  for (unsigned d = 0; ok && d < n; d++) {
    sdy_axes axes = {0};
    list_items(lists.items[d], &axes);
    ok = sharc_sdy_verify_axis_list(c->op, NULL, axes.items, axes.n, c->mesh, &seen);
    sharc_sdy_axes_free(&axes);
  }
  if (ok && c->rank != n) {
    sharc_emit_op_error(c->op, "result sharding has rank %u but collective axes has rank %u",
                        c->rank, n);
    ok = false;
  }
  for (unsigned d = 0; ok && d < n; d++) {
    sdy_axes axes = {0}, expected = {0};
    list_items(lists.items[d], &axes);
    if (kind == GATHER)
      ok = gather_along_dim(c, d, axes.items, axes.n, gather_kind, &expected);
    else
      slice_along_dim(c, d, axes.items, axes.n, &expected);
    ok = ok && verify_dim_matches(c, d, &expected);
    sharc_sdy_axes_free(&axes);
    sharc_sdy_axes_free(&expected);
  }
  sharc_sdy_axes_free(&lists);
  sharc_sdy_axes_free(&seen);
  return ok;
}

/* ---- all_gather / all_slice / reduce_scatter / sharded_to_unreduced ----- */

static const collective_form all_gather_form = {"gathering_axes", "list_of_axis_ref_lists", false};
static const collective_form all_slice_form = {"slicing_axes", "list_of_axis_ref_lists", false};
static const collective_form reduce_scatter_form = {"reduce_scatter_axes", "list_of_axis_ref_lists",
                                                    true};
static const collective_form s2u_form = {"axes", "list_of_axis_ref_lists", false};
static const collective_form all_reduce_form = {"reduction_axes", "axis_ref_list", true};
static const collective_form r2u_form = {"axes", "axis_ref_list", false};
static const collective_form all_to_all_form = {"params", "all_to_all_param_list", false};
static const collective_form permute_form = {NULL, NULL, false};

#define FORM_HOOKS(prefix, form)                                                                   \
  static bool prefix##_parse(sharc_parser *p, sharc_op_builder *b) {                               \
    return collective_parse_form(p, b, &form);                                                     \
  }                                                                                                \
  static void prefix##_print(sharc_printer *p, sharc_op *op) {                                     \
    collective_print_form(p, op, &form);                                                           \
  }

FORM_HOOKS(all_gather, all_gather_form)
FORM_HOOKS(all_slice, all_slice_form)
FORM_HOOKS(reduce_scatter, reduce_scatter_form)
FORM_HOOKS(s2u, s2u_form)
FORM_HOOKS(all_reduce, all_reduce_form)
FORM_HOOKS(r2u, r2u_form)
FORM_HOOKS(all_to_all, all_to_all_form)
FORM_HOOKS(permute, permute_form)

static bool all_gather_verify(sharc_op *op) {
  collective c;
  return verify_collective_common(op, &c, false, false) &&
         verify_axes_per_dim(&c, sharc_op_attr(op, "gathering_axes"), GATHER, "gathering");
}

static bool all_slice_verify(sharc_op *op) {
  collective c;
  return verify_collective_common(op, &c, true, false) &&
         verify_axes_per_dim(&c, sharc_op_attr(op, "slicing_axes"), SLICE, NULL);
}

static int64_t reduction_of(sharc_op *op) {
  sharc_attr *red = sharc_op_attr(op, "reduction_op");
  return red ? sharc_attr_int_value(red) : 0;
}

/* Unreduced axes may only be reduced with the operator they carry. */
static bool verify_reduced_with(collective *c, int64_t reduction) {
  return sharc_sdy_verify_unreduced_transition(c->op, c->in, c->out, -1, reduction);
}

static bool reduce_scatter_verify(sharc_op *op) {
  collective c;
  return verify_collective_common(op, &c, true, false) &&
         verify_reduced_with(&c, reduction_of(op)) &&
         verify_axes_per_dim(&c, sharc_op_attr(op, "reduce_scatter_axes"), SLICE, NULL);
}

/* Unreduced axes of `sharding` plus `extra`, sorted and merged. */
static void unreduced_plus(collective *c, const sharc_attr *sharding, const sdy_axes *extra,
                           sdy_axes *out) {
  sdy_axes all = {0};
  for (unsigned i = 0; i < sharc_sdy_tensor_sharding_num_unreduced(sharding); i++)
    sharc_sdy_axes_push(&all, sharc_sdy_tensor_sharding_unreduced(sharding, i));
  for (unsigned i = 0; i < extra->n; i++)
    sharc_sdy_axes_push(&all, extra->items[i]);
  sharc_sdy_axes_sort_and_merge(c->ctx, &all, c->mesh, out);
  sharc_sdy_axes_free(&all);
}

static bool out_unreduced_equals(collective *c, const sdy_axes *expected) {
  unsigned n = sharc_sdy_tensor_sharding_num_unreduced(c->out);
  if (n != expected->n)
    return false;
  for (unsigned i = 0; i < n; i++)
    if (sharc_sdy_tensor_sharding_unreduced(c->out, i) != expected->items[i])
      return false;
  return true;
}

static bool verify_out_sum(collective *c) {
  if (sharc_sdy_tensor_sharding_reduction(c->out) == SHARC_SDY_REDUCTION_SUM)
    return true;
  sharc_emit_op_error(c->op, "out_sharding reduction_op must be SUM");
  return false;
}

static bool s2u_verify(sharc_op *op) {
  collective c;
  if (!verify_collective_common(op, &c, false, false) || !verify_out_sum(&c))
    return false;
  const sharc_attr *per_dim = sharc_op_attr(op, "axes");
  if (!verify_axes_per_dim(&c, per_dim, GATHER, "shard-to-unreduce"))
    return false;
  sdy_axes lists = {0}, moved = {0}, expected = {0};
  list_items(per_dim, &lists);
  for (unsigned d = 0; d < lists.n; d++)
    list_items(lists.items[d], &moved);
  unreduced_plus(&c, c.in, &moved, &expected);
  bool ok = out_unreduced_equals(&c, &expected);
  if (!ok)
    sharc_emit_op_error(op, "out_unreduced_axes should be in_unreduced_axes + "
                            "sharded_to_unreduced_axes");
  sharc_sdy_axes_free(&lists);
  sharc_sdy_axes_free(&moved);
  sharc_sdy_axes_free(&expected);
  return ok;
}

/* ---- all_reduce / replicated_to_unreduced -------------------------------- */

/* verifySortedAxisRefList: `what` axes sorted w.r.t. the mesh, then valid. */
static bool verify_sorted_axes(collective *c, const sdy_axes *axes, const char *what) {
  for (unsigned i = 1; i < axes->n; i++)
    if (sharc_sdy_axis_cmp(axes->items[i], axes->items[i - 1], c->mesh) < 0) {
      sharc_emit_op_error(c->op, "%s axes are not ordered w.r.t. mesh", what);
      return false;
    }
  sdy_axes seen = {0};
  bool ok = sharc_sdy_verify_axis_list(c->op, NULL, axes->items, axes->n, c->mesh, &seen);
  sharc_sdy_axes_free(&seen);
  return ok;
}

static bool any_overlap(sharc_attr *axis, sharc_attr *(*at)(const sharc_attr *, unsigned),
                        unsigned (*count)(const sharc_attr *), const sharc_attr *sharding) {
  for (unsigned i = 0; i < count(sharding); i++)
    if (sharc_sdy_axis_ref_overlaps(at(sharding, i), axis))
      return true;
  return false;
}

static bool dims_overlap(const sharc_attr *sharding, sharc_attr *axis) {
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding); d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      if (sharc_sdy_axis_ref_overlaps(sharc_sdy_dim_sharding_axis(dim, i), axis))
        return true;
  }
  return false;
}

static void emit_axis_error(sharc_op *op, const char *before, sharc_attr *axis, const char *after) {
  sharc_buf text = {0};
  sharc_sdy_axis_ref_to_string(axis, &text);
  sharc_emit_op_error(op, "%s%s%s", before, text.data, after);
  sharc_buf_free(&text);
}

static bool all_reduce_verify(sharc_op *op) {
  collective c;
  if (!verify_collective_common(op, &c, true, false))
    return false;
  if (!sharc_sdy_shardings_equivalent(c.in, c.out, true)) {
    sharc_emit_op_error(op, "operand and result shardings are not equivalent");
    return false;
  }
  sdy_axes axes = {0};
  list_items(sharc_op_attr(op, "reduction_axes"), &axes);
  bool ok = verify_sorted_axes(&c, &axes, "reduction");
  for (unsigned i = 0; ok && i < axes.n; i++) {
    sharc_attr *axis = axes.items[i];
    if (dims_overlap(c.in, axis) || any_overlap(axis, sharc_sdy_tensor_sharding_replicated,
                                                sharc_sdy_tensor_sharding_num_replicated, c.in)) {
      emit_axis_error(op, "reduction axis ", axis,
                      " overlaps with operand dimension sharding or replicated axes");
      ok = false;
    } else if (any_overlap(axis, sharc_sdy_tensor_sharding_unreduced,
                           sharc_sdy_tensor_sharding_num_unreduced, c.out)) {
      emit_axis_error(op, "reduction axis ", axis, " overlaps with result unreduced axes");
      ok = false;
    }
  }
  sharc_sdy_axes_free(&axes);
  return ok && verify_reduced_with(&c, reduction_of(op));
}

static bool same_dims(const sharc_attr *a, const sharc_attr *b) {
  unsigned rank = sharc_sdy_tensor_sharding_rank(a);
  if (rank != sharc_sdy_tensor_sharding_rank(b))
    return false;
  for (unsigned d = 0; d < rank; d++)
    if (sharc_sdy_tensor_sharding_dim(a, d) != sharc_sdy_tensor_sharding_dim(b, d))
      return false;
  return true;
}

static bool r2u_verify(sharc_op *op) {
  collective c;
  if (!verify_collective_common(op, &c, false, false) || !verify_out_sum(&c))
    return false;
  if (!same_dims(c.in, c.out)) {
    sharc_emit_op_error(op, "input and output must share the same dimension shardings");
    return false;
  }
  sdy_axes axes = {0}, expected = {0};
  list_items(sharc_op_attr(op, "axes"), &axes);
  bool ok = true;
  if (!axes.n) {
    sharc_emit_op_error(op, "r2u axes must not be empty");
    ok = false;
  }
  ok = ok && verify_sorted_axes(&c, &axes, "r2u");
  for (unsigned i = 0; ok && i < axes.n; i++) {
    sharc_attr *axis = axes.items[i];
    if (dims_overlap(c.in, axis)) {
      emit_axis_error(op, "r2u axis ", axis, " overlaps with operand dimension sharding");
      ok = false;
    } else if (any_overlap(axis, sharc_sdy_tensor_sharding_unreduced,
                           sharc_sdy_tensor_sharding_num_unreduced, c.in)) {
      emit_axis_error(op, "r2u axis ", axis, " overlaps with operand unreduced axes");
      ok = false;
    }
  }
  if (ok) {
    unreduced_plus(&c, c.in, &axes, &expected);
    if (!out_unreduced_equals(&c, &expected)) {
      sharc_emit_op_error(op, "out_unreduced_axes should be in_unreduced_axes + r2u_axes");
      ok = false;
    }
  }
  sharc_sdy_axes_free(&axes);
  sharc_sdy_axes_free(&expected);
  return ok;
}

/* ---- all_to_all ------------------------------------------------------------ */

static bool verify_dim_in_range(collective *c, int64_t dim, const char *which) {
  if (dim >= 0 && dim < (int64_t)c->rank)
    return true;
  sharc_emit_op_error(c->op, "%s dimension %lld is out of range [0, %u)", which, (long long)dim,
                      c->rank);
  return false;
}

/* Each parameter's axes valid, its dimensions in range, distinct and with
 * ascending sources. */
static bool verify_all_to_all_params(collective *c, const sdy_axes *params, bool *seen_dims) {
  sdy_axes seen = {0};
  int64_t prev_src = -1;
  bool ok = true;
  for (unsigned i = 0; ok && i < params->n; i++) {
    sharc_attr *param = params->items[i];
    int64_t src = sharc_sdy_all_to_all_param_src_dim(param);
    int64_t tgt = sharc_sdy_all_to_all_param_tgt_dim(param);
    sdy_axes axes = {0};
    list_items(param, &axes);
    ok = sharc_sdy_verify_axis_list(c->op, NULL, axes.items, axes.n, c->mesh, &seen) &&
         verify_dim_in_range(c, src, "source") && verify_dim_in_range(c, tgt, "target");
    sharc_sdy_axes_free(&axes);
    int64_t dims[2] = {src, tgt};
    for (unsigned k = 0; ok && k < 2; k++) {
      if (seen_dims[dims[k]]) {
        sharc_emit_op_error(c->op,
                            "overlapping source/target dimensions in all-to-all params: "
                            "%lld",
                            (long long)dims[k]);
        ok = false;
      }
      seen_dims[dims[k]] = true;
    }
    if (ok && prev_src >= src) {
      sharc_emit_op_error(c->op,
                          "source dimensions are not sorted in ascending order: %lld "
                          "appears after %lld",
                          (long long)src, (long long)prev_src);
      ok = false;
    }
    prev_src = src;
  }
  sharc_sdy_axes_free(&seen);
  return ok;
}

static bool verify_all_to_all_moves(collective *c, const sdy_axes *params) {
  bool ok = true;
  for (unsigned i = 0; ok && i < params->n; i++) {
    sharc_attr *param = params->items[i];
    unsigned src = (unsigned)sharc_sdy_all_to_all_param_src_dim(param);
    unsigned tgt = (unsigned)sharc_sdy_all_to_all_param_tgt_dim(param);
    sdy_axes axes = {0}, expected = {0};
    list_items(param, &axes);
    ok = gather_along_dim(c, src, axes.items, axes.n, "all-to-all", &expected) &&
         verify_dim_matches(c, src, &expected);
    expected.n = 0;
    if (ok) {
      slice_along_dim(c, tgt, axes.items, axes.n, &expected);
      ok = verify_dim_matches(c, tgt, &expected);
    }
    sharc_sdy_axes_free(&axes);
    sharc_sdy_axes_free(&expected);
  }
  return ok;
}

static bool all_to_all_verify(sharc_op *op) {
  collective c;
  if (!verify_collective_common(op, &c, false, false))
    return false;
  sdy_axes params = {0};
  list_items(sharc_op_attr(op, "params"), &params);
  if (!params.n) {
    sharc_emit_op_error(op, "parameter list is empty");
    return false;
  }
  bool *seen_dims = calloc(c.rank + 1, sizeof *seen_dims);
  if (!seen_dims)
    abort();
  bool ok =
      verify_all_to_all_params(&c, &params, seen_dims) && verify_all_to_all_moves(&c, &params);
  for (unsigned d = 0; ok && d < c.rank; d++) {
    if (seen_dims[d])
      continue;
    sdy_axes same = {0};
    copy_dim_axes(c.in, d, &same);
    ok = verify_dim_matches(&c, d, &same);
    sharc_sdy_axes_free(&same);
  }
  free(seen_dims);
  sharc_sdy_axes_free(&params);
  return ok;
}

/* ---- collective_permute ---------------------------------------------------- */

static int64_t sharded_size(const sharc_attr *dim, const sharc_attr *mesh) {
  int64_t size = 1;
  for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
    size *= sharc_sdy_axis_ref_size(sharc_sdy_dim_sharding_axis(dim, i), mesh);
  return size;
}

static bool same_mesh_axes(const sharc_attr *a, const sharc_attr *b) {
  unsigned n = sharc_sdy_mesh_num_axes(a);
  if (n != sharc_sdy_mesh_num_axes(b))
    return false;
  for (unsigned i = 0; i < n; i++)
    if (sharc_sdy_mesh_axis(a, i) != sharc_sdy_mesh_axis(b, i))
      return false;
  return true;
}

static bool same_device_ids(const sharc_attr *a, const sharc_attr *b) {
  unsigned n = sharc_sdy_mesh_num_device_ids(a);
  if (n != sharc_sdy_mesh_num_device_ids(b))
    return false;
  for (unsigned i = 0; i < n; i++)
    if (sharc_sdy_mesh_device_id(a, i) != sharc_sdy_mesh_device_id(b, i))
      return false;
  return true;
}

static bool permute_verify(sharc_op *op) {
  collective c;
  if (!verify_collective_common(op, &c, false, true))
    return false;
  sharc_value *tensor = sharc_op_operand(op, 0);
  if (!c.in_mesh || !c.mesh)
    return true;
  if (!same_mesh_axes(c.mesh, c.in_mesh)) {
    emit_mesh_note(sharc_emit_op_error(op, "result mesh has different axes than operand mesh"),
                   tensor, c.in_mesh);
    return false;
  }
  if (sharc_sdy_tensor_sharding_mesh_or_ref(c.in) != sharc_sdy_tensor_sharding_mesh_or_ref(c.out) &&
      same_device_ids(c.mesh, c.in_mesh)) {
    emit_mesh_note(sharc_emit_op_error(op, "result mesh name is different but same device ids as "
                                           "operand"),
                   tensor, c.in_mesh);
    return false;
  }
  for (unsigned d = 0; d < c.rank; d++) {
    sharc_attr *in_dim = sharc_sdy_tensor_sharding_dim(c.in, d);
    sharc_attr *out_dim = sharc_sdy_tensor_sharding_dim(c.out, d);
    sdy_axes in_axes = {0};
    copy_dim_axes(c.in, d, &in_axes);
    bool same = dim_equals(c.out, d, &in_axes);
    sharc_sdy_axes_free(&in_axes);
    if (same)
      continue;
    int64_t in_size = sharded_size(in_dim, c.mesh), out_size = sharded_size(out_dim, c.mesh);
    if (in_size != out_size) {
      sharc_emit_op_error(op,
                          "sharded size of result doesn't match operand on dimension %u: %lld "
                          "!= %lld",
                          d, (long long)out_size, (long long)in_size);
      return false;
    }
  }
  return true;
}

/* ---- definitions ----------------------------------------------------------- */

static const char *const all_gather_inherent[] = {"gathering_axes", "out_sharding", NULL};
static const char *const all_slice_inherent[] = {"out_sharding", "slicing_axes", NULL};
static const char *const reduce_scatter_inherent[] = {"out_sharding", "reduce_scatter_axes",
                                                      "reduction_op", NULL};
static const char *const axes_inherent[] = {"axes", "out_sharding", NULL};
static const char *const all_reduce_inherent[] = {"out_sharding", "reduction_axes", "reduction_op",
                                                  NULL};
static const char *const all_to_all_inherent[] = {"out_sharding", "params", NULL};
static const char *const permute_inherent[] = {"out_sharding", NULL};

extern const sharc_pattern sharc_sdy_all_gather_patterns[];
extern const sharc_pattern sharc_sdy_all_slice_patterns[];
extern const sharc_pattern sharc_sdy_all_reduce_patterns[];
extern const sharc_pattern sharc_sdy_all_to_all_patterns[];
extern const sharc_pattern sharc_sdy_collective_permute_patterns[];
extern const sharc_pattern sharc_sdy_reduce_scatter_patterns[];

/* The ODS attribute constraints and the CollectiveOpInterface checks run
 * with the op's own verification; the rest once the module is verified. */
#define COLLECTIVE_DEF(var, opname, prefix, inherent_list, pats, allow_missing, allow_meshes, ...) \
  static const sdy_attr_spec prefix##_attrs[] = {__VA_ARGS__, {NULL, 0, false}};                   \
  static bool prefix##_verify_attrs(sharc_op *op) {                                                \
    collective c;                                                                                  \
    return sharc_sdy_verify_counts(op, true, true) && sharc_sdy_verify_attrs(op, prefix##_attrs) &&            \
           verify_collective_common(op, &c, allow_missing, allow_meshes);                          \
  }                                                                                                \
  const sharc_op_def var = {                                                                       \
      .name = opname,                                                                              \
      .dialect = &sharc_sdy_dialect,                                                               \
      .traits = SHARC_TRAIT_ZERO_REGIONS,                                                          \
      .inherent = inherent_list,                                                                   \
      .parse = prefix##_parse,                                                                     \
      .print = prefix##_print,                                                                     \
      .verify = prefix##_verify_attrs,                                                             \
      .verify_regions = prefix##_verify,                                                           \
      .patterns = pats,                                                                            \
  }

#define OUT_SHARDING                                                                               \
  { "out_sharding", SDY_ATTR_TENSOR_SHARDING, false }
#define REDUCTION_OP                                                                               \
  { "reduction_op", SDY_ATTR_REDUCTION, true }

COLLECTIVE_DEF(sharc_sdy_all_gather_def, "sdy.all_gather", all_gather, all_gather_inherent,
               sharc_sdy_all_gather_patterns, false, false,
               {"gathering_axes", SDY_ATTR_LIST_OF_AXIS_REF_LISTS, false}, OUT_SHARDING);
COLLECTIVE_DEF(sharc_sdy_all_slice_def, "sdy.all_slice", all_slice, all_slice_inherent,
               sharc_sdy_all_slice_patterns, true, false,
               {"slicing_axes", SDY_ATTR_LIST_OF_AXIS_REF_LISTS, false}, OUT_SHARDING);
COLLECTIVE_DEF(sharc_sdy_reduce_scatter_def, "sdy.reduce_scatter", reduce_scatter,
               reduce_scatter_inherent, sharc_sdy_reduce_scatter_patterns, true, false,
               {"reduce_scatter_axes", SDY_ATTR_LIST_OF_AXIS_REF_LISTS, false}, REDUCTION_OP,
               OUT_SHARDING);
COLLECTIVE_DEF(sharc_sdy_sharded_to_unreduced_def, "sdy.sharded_to_unreduced", s2u, axes_inherent,
               NULL, false, false, {"axes", SDY_ATTR_LIST_OF_AXIS_REF_LISTS, false}, OUT_SHARDING);
COLLECTIVE_DEF(sharc_sdy_all_reduce_def, "sdy.all_reduce", all_reduce, all_reduce_inherent,
               sharc_sdy_all_reduce_patterns, true, false,
               {"reduction_axes", SDY_ATTR_AXIS_REF_LIST, false}, REDUCTION_OP, OUT_SHARDING);
COLLECTIVE_DEF(sharc_sdy_replicated_to_unreduced_def, "sdy.replicated_to_unreduced", r2u,
               axes_inherent, NULL, false, false, {"axes", SDY_ATTR_AXIS_REF_LIST, false},
               OUT_SHARDING);
COLLECTIVE_DEF(sharc_sdy_all_to_all_def, "sdy.all_to_all", all_to_all, all_to_all_inherent,
               sharc_sdy_all_to_all_patterns, false, false, {"params", SDY_ATTR_ALL_TO_ALL_PARAMS, false},
               OUT_SHARDING);
COLLECTIVE_DEF(sharc_sdy_collective_permute_def, "sdy.collective_permute", permute,
               permute_inherent, sharc_sdy_collective_permute_patterns, false, true, OUT_SHARDING);
