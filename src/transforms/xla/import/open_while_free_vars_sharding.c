/* -xla-sdy-open-while-free-vars-sharding: a value a stablehlo.while uses
 * inside its regions but defines outside them, and that has a sharding,
 * reaches the loop through a fully open sharding constraint (same mesh,
 * every dimension open) placed before the loop. When the module goes to
 * HLO such free variables become pass-through operands of the loop; the
 * open constraint lets their uses inside be sharded further. A value that
 * is already fully open and replicated is left alone, so running the pass
 * twice changes nothing. */
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/region_utils.h"
#include "pass/pass_registry.h"

typedef struct open_state {
  sharc_rewriter rw;
  sharc_op *loop;
} open_state;

static bool inside_loop(const sharc_use *u, void *user) {
  open_state *st = user;
  sharc_op *owner = sharc_use_owner(u);
  return owner != st->loop && sharc_op_is_ancestor(st->loop, owner);
}

static sharc_walk_result open_free_vars(sharc_op *loop, void *user) {
  open_state *st = user;
  sharc_ptr_vec free_vars = {0};
  sharc_used_values_defined_above(loop, &free_vars);
  st->loop = loop;
  for (unsigned i = 0; i < free_vars.len; i++) {
    sharc_value *v = free_vars.items[i];
    sharc_attr *sharding = sharc_sdy_get_sharding(v);
    if (!sharding || !sharc_sdy_tensor_sharding_rank(sharding) ||
        sharc_sdy_sharding_is_fully_replicated_and_open(sharding))
      continue;
    sharc_attr *open = sharc_sdy_sharding_fully_open(
        st->rw.ctx, sharc_sdy_tensor_sharding_mesh_or_ref(sharding),
        sharc_sdy_tensor_sharding_rank(sharding), false);
    sharc_rw_set_before(&st->rw, loop);
    sharc_op *sc = sharc_sdy_create_sharding_constraint(&st->rw, v, open, sharc_sdy_value_loc(v));
    sharc_rw_replace_uses_if(&st->rw, v, sharc_op_result(sc, 0), inside_loop, st);
  }
  sharc_vec_free(&free_vars);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  open_state st = {0};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk_isa(func, SHARC_POST_ORDER, SHARC_SHLO(while), open_free_vars, &st);
  return true;
}

const sharc_pass_def sharc_pass_xla_sdy_open_while_free_vars_sharding = {
    .flag = "xla-sdy-open-while-free-vars-sharding",
    .display_name = "OpenWhileFreeVarsShardingPass",
    .summary = "Adds a fully open sharding constraint to free variables of while op that "
               "already have a user-defined sharding.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};
