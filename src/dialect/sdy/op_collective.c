/* The sdy collectives: all_gather, all_slice, all_reduce, all_to_all,
 * collective_permute, reduce_scatter, sharded_to_unreduced and
 * replicated_to_unreduced. Each takes a tensor and an out_sharding that must
 * equal what the collective makes of the operand's sharding; the verifiers
 * recompute it with Shardy's rules and messages. */
#include "dialect/sdy/op_common.h"
#include "dialect/sdy/op_verify.h"
#include "support/xalloc.h"

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
  sharc_diag_note(d, sharc_value_loc(tensor), "%s", text.data);
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

/* The elements of a sdy list attribute in place (none for NULL). */
static sharc_attr *const *items_of(const sharc_attr *list, unsigned *n) {
  *n = list ? sharc_sdy_list_size(list) : 0;
  return list ? sharc_sdy_list_items(list) : NULL;
}

static sharc_attr *const *dim_axes(const sharc_attr *sharding, unsigned d, unsigned *n) {
  return items_of(sharc_sdy_tensor_sharding_dim(sharding, d), n);
}

static bool dim_equals(const sharc_attr *sharding, unsigned d, sharc_attr *const *axes,
                       unsigned n) {
  unsigned have_n;
  sharc_attr *const *have = dim_axes(sharding, d, &have_n);
  return sharc_sdy_axes_equal(have, have_n, axes, n);
}

/* The collectives' axis lists report errors without a prefix. */
static bool verify_axis_list(collective *c, sharc_attr *const *axes, unsigned n,
                             sharc_sdy_seen_axes *seen) {
  sharc_sdy_emitter e = {.op = c->op};
  return sharc_sdy_verify_axis_ref_list(axes, n, c->mesh, seen, &e);
}

/* "result sharding doesn't match expected sharding [...] on dimension d" */
static bool verify_dim_matches(collective *c, unsigned d, sharc_attr *const *expected,
                               unsigned n) {
  if (dim_equals(c->out, d, expected, n))
    return true;
  sharc_buf text = {0};
  sharc_buf_putc(&text, '[');
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_BUF_LIT(&text, ", ");
    sharc_sdy_axis_ref_to_string(expected[i], &text);
  }
  sharc_buf_putc(&text, ']');
  sharc_emit_op_error(c->op, "result sharding doesn't match expected sharding %s on dimension %u",
                      text.data, d);
  sharc_buf_free(&text);
  return false;
}

/* Removes `axes` from the end of dimension `d`'s axes (gatherAxesAlongDim). */
static bool gather_along_dim(collective *c, unsigned d, sharc_attr *const *axes, unsigned n,
                             const char *kind, sharc_sdy_axis_vec *expected) {
  unsigned n_in;
  sharc_attr *const *in_axes = dim_axes(c->in, d, &n_in);
  sharc_sdy_axes_assign(expected, in_axes, n_in);
  for (unsigned i = n; i-- > 0;) {
    sharc_attr *axis = axes[i];
    if (!expected->len || !sharc_sdy_axis_suffix_of(axis, sharc_vec_last(expected), c->mesh)) {
      sharc_buf text = {0};
      sharc_sdy_axis_ref_to_string(axis, &text);
      sharc_emit_op_error(c->op, "can't apply %s axis %s to operand sharding on dimension %u", kind,
                          text.data, d);
      sharc_buf_free(&text);
      return false;
    }
    sharc_attr *last = sharc_vec_pop(expected);
    sharc_attr *prefix = sharc_sdy_axis_prefix_without_overlap(c->ctx, last, axis);
    if (prefix)
      sharc_vec_push(expected, prefix);
  }
  return true;
}

/* Appends `axes` to dimension `d`'s axes (sliceAxesAlongDim). */
static void slice_along_dim(collective *c, unsigned d, sharc_attr *const *axes, unsigned n,
                            sharc_sdy_axis_vec *expected) {
  unsigned n_in;
  sharc_attr *const *in_axes = dim_axes(c->in, d, &n_in);
  sharc_sdy_axes_assign(expected, in_axes, n_in);
  for (unsigned i = 0; i < n; i++)
    sharc_sdy_axes_add_or_merge(c->ctx, expected, axes[i], c->mesh);
}

typedef enum { GATHER, SLICE } per_dim_kind;

/* verifyCollectiveWithAxesPerDim: every list valid, ranks agree, and each
 * dimension gathers or slices to out_sharding. */
static bool verify_axes_per_dim(collective *c, const sharc_attr *per_dim, per_dim_kind kind,
                                const char *gather_kind) {
  unsigned n, k;
  sharc_attr *const *lists = items_of(per_dim, &n);
  sharc_sdy_seen_axes seen = {{0}, {0}};
  bool ok = true;
  for (unsigned d = 0; ok && d < n; d++) {
    sharc_attr *const *axes = items_of(lists[d], &k);
    ok = verify_axis_list(c, axes, k, &seen);
  }
  sharc_sdy_seen_axes_free(&seen);
  if (ok && c->rank != n) {
    sharc_emit_op_error(c->op, "result sharding has rank %u but collective axes has rank %u",
                        c->rank, n);
    ok = false;
  }
  sharc_sdy_axis_vec expected = {0};
  for (unsigned d = 0; ok && d < n; d++) {
    sharc_attr *const *axes = items_of(lists[d], &k);
    if (kind == GATHER)
      ok = gather_along_dim(c, d, axes, k, gather_kind, &expected);
    else
      slice_along_dim(c, d, axes, k, &expected);
    ok = ok && verify_dim_matches(c, d, expected.items, expected.len);
  }
  sharc_vec_free(&expected);
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

/* Whether out_sharding's unreduced axes are the operand's followed by
 * `extra`, sorted and merged. */
static bool out_unreduced_adds(collective *c, sharc_attr *const *extra, unsigned n_extra) {
  sharc_sdy_tensor_sharding_parts in, out;
  sharc_sdy_tensor_sharding_parts_of(c->in, &in);
  sharc_sdy_tensor_sharding_parts_of(c->out, &out);
  sharc_sdy_axis_vec expected = {0};
  sharc_sdy_axes_assign(&expected, in.unreduced, in.num_unreduced);
  sharc_sdy_axes_append(&expected, extra, n_extra);
  sharc_sdy_axes_sort_and_merge(c->ctx, &expected, c->mesh);
  bool same = sharc_sdy_axes_equal(out.unreduced, out.num_unreduced, expected.items, expected.len);
  sharc_vec_free(&expected);
  return same;
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
  unsigned n, k;
  sharc_attr *const *lists = items_of(per_dim, &n);
  sharc_sdy_axis_vec moved = {0};
  for (unsigned d = 0; d < n; d++) {
    sharc_attr *const *axes = items_of(lists[d], &k);
    sharc_sdy_axes_append(&moved, axes, k);
  }
  bool ok = out_unreduced_adds(&c, moved.items, moved.len);
  if (!ok)
    sharc_emit_op_error(op, "out_unreduced_axes should be in_unreduced_axes + "
                            "sharded_to_unreduced_axes");
  sharc_vec_free(&moved);
  return ok;
}

/* ---- all_reduce / replicated_to_unreduced -------------------------------- */

/* verifySortedAxisRefList with the collectives' unprefixed messages. */
static bool verify_sorted_axes(collective *c, sharc_attr *const *axes, unsigned n,
                               const char *what) {
  sharc_sdy_emitter e = {.op = c->op};
  sharc_sdy_seen_axes seen = {{0}, {0}};
  bool ok = sharc_sdy_verify_sorted_axis_ref_list(axes, n, c->mesh, &seen, &e, what);
  sharc_sdy_seen_axes_free(&seen);
  return ok;
}

static bool overlaps_any(sharc_attr *axis, sharc_attr *const *axes, unsigned n) {
  return sharc_sdy_axes_overlap(&axis, 1, axes, n);
}

static bool dims_overlap(const sharc_attr *sharding, sharc_attr *axis) {
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding); d++) {
    unsigned n;
    sharc_attr *const *axes = dim_axes(sharding, d, &n);
    if (overlaps_any(axis, axes, n))
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

/* The reduction axes touch none of the operand's dimension or replicated
 * axes nor the result's unreduced ones. */
static bool verify_reduction_axes_free(collective *c, sharc_attr *const *axes, unsigned n) {
  sharc_sdy_tensor_sharding_parts in, out;
  sharc_sdy_tensor_sharding_parts_of(c->in, &in);
  sharc_sdy_tensor_sharding_parts_of(c->out, &out);
  for (unsigned i = 0; i < n; i++) {
    if (dims_overlap(c->in, axes[i]) || overlaps_any(axes[i], in.replicated, in.num_replicated)) {
      emit_axis_error(c->op, "reduction axis ", axes[i],
                      " overlaps with operand dimension sharding or replicated axes");
      return false;
    }
    if (overlaps_any(axes[i], out.unreduced, out.num_unreduced)) {
      emit_axis_error(c->op, "reduction axis ", axes[i], " overlaps with result unreduced axes");
      return false;
    }
  }
  return true;
}

static bool all_reduce_verify(sharc_op *op) {
  collective c;
  if (!verify_collective_common(op, &c, true, false))
    return false;
  if (!sharc_sdy_shardings_equivalent(c.in, c.out, true)) {
    sharc_emit_op_error(op, "operand and result shardings are not equivalent");
    return false;
  }
  unsigned n;
  sharc_attr *const *axes = items_of(sharc_op_attr(op, "reduction_axes"), &n);
  return verify_sorted_axes(&c, axes, n, "reduction") && verify_reduction_axes_free(&c, axes, n) &&
         verify_reduced_with(&c, reduction_of(op));
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

/* The r2u axes touch none of the operand's dimension or unreduced axes. */
static bool verify_r2u_axes_free(collective *c, sharc_attr *const *axes, unsigned n) {
  sharc_sdy_tensor_sharding_parts in;
  sharc_sdy_tensor_sharding_parts_of(c->in, &in);
  for (unsigned i = 0; i < n; i++) {
    if (dims_overlap(c->in, axes[i])) {
      emit_axis_error(c->op, "r2u axis ", axes[i], " overlaps with operand dimension sharding");
      return false;
    }
    if (overlaps_any(axes[i], in.unreduced, in.num_unreduced)) {
      emit_axis_error(c->op, "r2u axis ", axes[i], " overlaps with operand unreduced axes");
      return false;
    }
  }
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
  unsigned n;
  sharc_attr *const *axes = items_of(sharc_op_attr(op, "axes"), &n);
  if (!n) {
    sharc_emit_op_error(op, "r2u axes must not be empty");
    return false;
  }
  if (!verify_sorted_axes(&c, axes, n, "r2u") || !verify_r2u_axes_free(&c, axes, n))
    return false;
  if (out_unreduced_adds(&c, axes, n))
    return true;
  sharc_emit_op_error(op, "out_unreduced_axes should be in_unreduced_axes + r2u_axes");
  return false;
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
static bool verify_all_to_all_params(collective *c, sharc_attr *const *params, unsigned n_params,
                                     bool *seen_dims) {
  sharc_sdy_seen_axes seen = {{0}, {0}};
  int64_t prev_src = -1;
  bool ok = true;
  for (unsigned i = 0; ok && i < n_params; i++) {
    int64_t src = sharc_sdy_all_to_all_param_src_dim(params[i]);
    int64_t tgt = sharc_sdy_all_to_all_param_tgt_dim(params[i]);
    unsigned n;
    sharc_attr *const *axes = items_of(params[i], &n);
    ok = verify_axis_list(c, axes, n, &seen) && verify_dim_in_range(c, src, "source") &&
         verify_dim_in_range(c, tgt, "target");
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
  sharc_sdy_seen_axes_free(&seen);
  return ok;
}

static bool verify_all_to_all_moves(collective *c, sharc_attr *const *params, unsigned n_params) {
  bool ok = true;
  sharc_sdy_axis_vec expected = {0};
  for (unsigned i = 0; ok && i < n_params; i++) {
    unsigned src = (unsigned)sharc_sdy_all_to_all_param_src_dim(params[i]);
    unsigned tgt = (unsigned)sharc_sdy_all_to_all_param_tgt_dim(params[i]);
    unsigned n;
    sharc_attr *const *axes = items_of(params[i], &n);
    ok = gather_along_dim(c, src, axes, n, "all-to-all", &expected) &&
         verify_dim_matches(c, src, expected.items, expected.len);
    if (ok) {
      slice_along_dim(c, tgt, axes, n, &expected);
      ok = verify_dim_matches(c, tgt, expected.items, expected.len);
    }
  }
  sharc_vec_free(&expected);
  return ok;
}

static bool all_to_all_verify(sharc_op *op) {
  collective c;
  if (!verify_collective_common(op, &c, false, false))
    return false;
  unsigned n_params;
  sharc_attr *const *params = items_of(sharc_op_attr(op, "params"), &n_params);
  if (!n_params) {
    sharc_emit_op_error(op, "parameter list is empty");
    return false;
  }
  bool *seen_dims = sharc_xcalloc(c.rank + 1, sizeof *seen_dims);
  bool ok = verify_all_to_all_params(&c, params, n_params, seen_dims) &&
            verify_all_to_all_moves(&c, params, n_params);
  for (unsigned d = 0; ok && d < c.rank; d++) {
    if (seen_dims[d])
      continue;
    unsigned n;
    sharc_attr *const *same = dim_axes(c.in, d, &n);
    ok = verify_dim_matches(&c, d, same, n);
  }
  free(seen_dims);
  return ok;
}

/* ---- collective_permute ---------------------------------------------------- */

static bool permute_verify(sharc_op *op) {
  collective c;
  if (!verify_collective_common(op, &c, false, true))
    return false;
  sharc_value *tensor = sharc_op_operand(op, 0);
  if (!c.in_mesh || !c.mesh)
    return true;
  if (!sharc_sdy_mesh_same_axes(c.mesh, c.in_mesh)) {
    emit_mesh_note(sharc_emit_op_error(op, "result mesh has different axes than operand mesh"),
                   tensor, c.in_mesh);
    return false;
  }
  if (sharc_sdy_tensor_sharding_mesh_or_ref(c.in) != sharc_sdy_tensor_sharding_mesh_or_ref(c.out) &&
      sharc_sdy_mesh_same_device_ids(c.mesh, c.in_mesh)) {
    emit_mesh_note(sharc_emit_op_error(op, "result mesh name is different but same device ids as "
                                           "operand"),
                   tensor, c.in_mesh);
    return false;
  }
  for (unsigned d = 0; d < c.rank; d++) {
    unsigned n;
    sharc_attr *const *in_axes = dim_axes(c.in, d, &n);
    if (dim_equals(c.out, d, in_axes, n))
      continue;
    sharc_attr *in_dim = sharc_sdy_tensor_sharding_dim(c.in, d);
    sharc_attr *out_dim = sharc_sdy_tensor_sharding_dim(c.out, d);
    int64_t in_size = sharc_sdy_dim_sharding_sharded_size(in_dim, c.mesh);
    int64_t out_size = sharc_sdy_dim_sharding_sharded_size(out_dim, c.mesh);
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
    return sharc_verify_one_result_operand(op, true, true) && sharc_sdy_verify_attrs(op, prefix##_attrs) &&            \
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
      .verify_symbol_uses = prefix##_verify,                                                           \
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
