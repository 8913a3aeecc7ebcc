/* -xla-sdy-import-sdy-custom-calls: the custom calls that carry Shardy ops
 * through HLO become those ops again: `@Sharding` with an sdy.sharding a
 * sdy.sharding_constraint, `@xla.sdy.ShardingGroup` (its group id a
 * frontend attribute, its result unused) a sdy.sharding_group, and
 * `@xla.sdy.PropagationBarrier` (its allowed direction a frontend
 * attribute) a sdy.propagation_barrier. Errors are reported as MLIR's
 * conversion framework reports an illegal op it could not rewrite. */
#include <string.h>

#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"
#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "ir/pick_each.h"
#include "transforms/xla/common/xla_utils.h"
#include "rewrite/conversion.h"

typedef struct import_state {
  sharc_rewriter rw;
} import_state;

static bool fail(sharc_op *op, const char *message) {
  sharc_emit_op_error(op, "%s", message);
  sharc_rw_emit_not_legalized(op);
  return false;
}

/* The dimensions `backend_config = "unspecified_dims=[1,3]"` leaves open
 * (JAX's sharding constraints with unconstrained dimensions). */
static bool is_unspecified_dim(const sharc_op *op, unsigned dim) {
  sharc_attr *config = sharc_op_attr(op, "backend_config");
  if (!config || sharc_attr_get_kind(config) != SHARC_ATTR_STRING)
    return false;
  sharc_str s = sharc_attr_string_value(config);
  if (!sharc_str_starts_with(s, "unspecified_dims=["))
    return false;
  size_t i = strlen("unspecified_dims=[");
  while (i < s.len && s.data[i] != ']') {
    unsigned long long v = 0;
    bool digits = false;
    while (i < s.len && s.data[i] >= '0' && s.data[i] <= '9') {
      v = v * 10 + (unsigned)(s.data[i++] - '0');
      digits = true;
    }
    if (digits && v == dim)
      return true;
    while (i < s.len && (s.data[i] == ',' || s.data[i] == ' '))
      i++;
    if (!digits && i < s.len && s.data[i] != ']')
      return false;
  }
  return false;
}

/* `sharding` with the unspecified dimensions open. */
static sharc_attr *open_unspecified(sharc_context *ctx, const sharc_op *op, sharc_attr *sharding) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  SHARC_VEC(sharc_attr *) dims = {0};
  bool changed = false;
  for (unsigned i = 0; i < parts.num_dims; i++) {
    sharc_attr *d = parts.dims[i];
    if (is_unspecified_dim(op, i) && sharc_sdy_dim_sharding_is_closed(d)) {
      SHARC_VEC(sharc_attr *) axes = {0};
      for (unsigned j = 0; j < sharc_sdy_dim_sharding_num_axes(d); j++)
        sharc_vec_push(&axes, sharc_sdy_dim_sharding_axis(d, j));
      int64_t priority = sharc_sdy_dim_sharding_has_priority(d) ? sharc_sdy_dim_sharding_priority(d) : -1;
      d = sharc_sdy_dim_sharding_get(ctx, axes.items, axes.len, false, priority);
      sharc_vec_free(&axes);
      changed = true;
    }
    sharc_vec_push(&dims, d);
  }
  parts.dims = dims.items;
  sharc_attr *out = changed ? sharc_sdy_tensor_sharding_get(ctx, &parts) : sharding;
  sharc_vec_free(&dims);
  return out;
}

static bool import_sharding(import_state *st, sharc_op *op) {
  sharc_attr *per_value = sharc_op_attr(op, SHARC_SDY_SHARDING_ATTR);
  if (!per_value)
    return true; /* a GSPMD sharding: the stablehlo import's business */
  if (sharc_op_num_operands(op) != 1 || sharc_op_num_results(op) != 1)
    return fail(op, "expected CustomCallOp with sharding to have exactly one operand and result");
  if (!sharc_sdy_is_sharding_per_value(per_value) || sharc_sdy_list_size(per_value) != 1)
    return fail(op, "expected CustomCallOp with sharding to have a single sharding");
  sharc_rw_set_before(&st->rw, op);
  sharc_op *sc = sharc_sdy_create_sharding_constraint(&st->rw, sharc_op_operand(op, 0),
                                                      open_unspecified(st->rw.ctx, op, sharc_sdy_list_at(per_value, 0)),
                                                      sharc_op_loc(op));
  sharc_rw_replace_op_with_op(&st->rw, op, sc);
  return true;
}

/* The integer a frontend attribute's text holds ("21 : i64"), or NULL. */
static sharc_attr *int_frontend_attr(sharc_op *op, const char *name, bool *failed) {
  sharc_attr *a = sharc_xla_parse_string_attr(sharc_xla_frontend_attrs(op), name, op, failed);
  if (a && sharc_attr_get_kind(a) != SHARC_ATTR_INTEGER) {
    sharc_emit_op_error(op, "expected the frontend attribute '%s' to hold an integer", name);
    *failed = true;
    return NULL;
  }
  return a;
}

static bool import_sharding_group(import_state *st, sharc_op *op) {
  bool failed = false;
  sharc_attr *id = int_frontend_attr(op, SHARC_XLA_SHARDING_GROUP_ID, &failed);
  if (failed)
    return false;
  if (!id)
    return fail(op, "expected CustomCallOp with a sharding group id.");
  if (sharc_op_has_result_uses(op))
    return fail(op, SHARC_XLA_SHARDING_GROUP " CustomCallOp should have no uses.");
  if (sharc_op_num_operands(op) != 1)
    return fail(op, "expected CustomCallOp with a sharding group to have exactly one operand");
  sharc_context *ctx = st->rw.ctx;
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_named_attr attr = {sharc_ident_get(ctx, SHARC_STR("group_id")),
                           sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS),
                                              sharc_attr_int_value(id))};
  sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("sdy.sharding_group")),
                          .loc = sharc_op_loc(op),
                          .operands = &input,
                          .num_operands = 1,
                          .attrs = sharc_attr_dictionary(ctx, &attr, 1)};
  sharc_rw_set_before(&st->rw, op);
  sharc_rw_create(&st->rw, &state);
  sharc_rw_erase_op(&st->rw, op);
  return true;
}

static bool import_barrier(import_state *st, sharc_op *op) {
  bool failed = false;
  sharc_attr *dir = int_frontend_attr(op, SHARC_XLA_ALLOWED_DIRECTION, &failed);
  if (failed)
    return false;
  if (!dir)
    return fail(op, "expected CustomCallOp with a propagation barrier allowed direction.");
  if (sharc_op_num_operands(op) != 1 || sharc_op_num_results(op) != 1)
    return fail(op, "expected CustomCallOp with a propagation barrier to have exactly one "
                    "operand and result");
  sharc_context *ctx = st->rw.ctx;
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_type *type = sharc_value_type(sharc_op_result(op, 0));
  sharc_named_attr attr = {sharc_ident_get(ctx, SHARC_STR("allowed_direction")),
                           sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_SIGNLESS),
                                              sharc_attr_int_value(dir))};
  sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("sdy.propagation_barrier")),
                          .loc = sharc_op_loc(op),
                          .operands = &input,
                          .num_operands = 1,
                          .result_types = &type,
                          .num_results = 1,
                          .attrs = sharc_attr_dictionary(ctx, &attr, 1)};
  sharc_rw_set_before(&st->rw, op);
  sharc_rw_replace_op_with_new(&st->rw, op, &state);
  return true;
}

static bool is_sdy_custom_call(sharc_op *op, void *user) {
  (void)user;
  return sharc_xla_is_custom_call_to(op, SHARC_XLA_SHARDING_TARGET) ||
         sharc_xla_is_custom_call_to(op, SHARC_XLA_SHARDING_GROUP) ||
         sharc_xla_is_custom_call_to(op, SHARC_XLA_PROPAGATION_BARRIER);
}

static bool import_one(sharc_op *op, void *user) {
  if (sharc_xla_is_custom_call_to(op, SHARC_XLA_SHARDING_TARGET))
    return import_sharding(user, op);
  if (sharc_xla_is_custom_call_to(op, SHARC_XLA_SHARDING_GROUP))
    return import_sharding_group(user, op);
  return import_barrier(user, op);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  import_state st;
  sharc_pass_rewriter(run, &st.rw, NULL);
  return sharc_pick_each(module, SHARC_PRE_ORDER, NULL, is_sdy_custom_call, import_one, &st);
}

const sharc_pass_def sharc_pass_xla_sdy_import_sdy_custom_calls = {
    .flag = "xla-sdy-import-sdy-custom-calls",
    .display_name = "ImportSdyCustomCallsPass",
    .summary = "Converts a CustomCall with target name Sharding into a ShardingConstraintOp and "
               "with target name `xla.sdy.ShardingGroup` into a ShardingGroupOp.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};
