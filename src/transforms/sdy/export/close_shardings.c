/* -sdy-close-shardings: every sharding of the module is closed and loses its
 * replicated axes (TensorShardingAttr::getClosedLike). */
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"
#include "ir/static_names.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "transforms/sdy/common/sharding_walker.h"

typedef struct close_state {
  sharc_rewriter rw;
  /* sharding -> its closed form: shardings are uniqued, and most values
   * of a model share a few */
  sharc_ptrmap closed;
  /* an op's `sdy.sharding` list -> the list it becomes (closed_list) */
  sharc_ptrmap lists;
} close_state;

static sharc_attr *build_closed(close_state *st, sharc_attr *sharding) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  SHARC_VEC(sharc_attr *) dims = {0};
  for (unsigned d = 0; d < parts.num_dims; d++) {
    const sharc_attr *dim = parts.dims[d];
    sharc_vec_push(&dims, sharc_sdy_dim_sharding_get(st->rw.ctx, sharc_sdy_list_items(dim),
                                                     sharc_sdy_list_size(dim), true,
                                                     sharc_sdy_dim_sharding_has_priority(dim)
                                                         ? sharc_sdy_dim_sharding_priority(dim)
                                                         : -1));
  }
  parts.dims = dims.items;
  parts.replicated = NULL;
  parts.num_replicated = 0;
  sharc_attr *closed = sharc_sdy_tensor_sharding_get(st->rw.ctx, &parts);
  sharc_vec_free(&dims);
  return closed;
}

static sharc_attr *closed_like(sharc_attr *sharding, const sharc_sdy_sharding_site *site,
                               void *user) {
  (void)site;
  close_state *st = user;
  sharc_attr *closed = sharc_ptrmap_get(&st->closed, sharding);
  if (!closed) {
    closed = build_closed(st, sharding);
    sharc_ptrmap_put(&st->closed, sharding, closed);
  }
  return closed;
}

/* Whether `op` holds its one result's sharding as the only entry it reads
 * of `sdy.sharding` and stores it back there (most ops): not an sdy op,
 * not a data flow op, the result not the target of a data flow edge. */
static bool holds_one_in_list(sharc_op *op) {
  if (sharc_op_num_results(op) != 1)
    return false;
  const sharc_op_def *def = sharc_op_get_def(op);
  if (def && (def->data_flow || def->dialect == &sharc_sdy_dialect))
    return false;
  sharc_value *result = sharc_op_result(op, 0);
  return sharc_sdy_shardable_value(result) == result;
}

/* The list `sdy.sharding` of such an op becomes after closing: itself when
 * its sharding is closed already, else the one closed sharding (as the
 * walker stores it). Lists are uniqued and a model's ops share a few. */
static sharc_attr *closed_list(close_state *st, sharc_attr *list) {
  sharc_attr *known = sharc_ptrmap_get(&st->lists, list);
  if (known)
    return known;
  sharc_attr *sharding = sharc_sdy_list_at(list, 0);
  sharc_attr *closed = closed_like(sharding, NULL, st);
  sharc_attr *out =
      closed == sharding ? list : sharc_sdy_sharding_per_value_get(st->rw.ctx, &closed, 1);
  sharc_ptrmap_put(&st->lists, list, out);
  return out;
}

static sharc_walk_result visit(sharc_op *op, void *user) {
  close_state *st = user;
  sharc_rw_modified(&st->rw, op);
  if (!holds_one_in_list(op)) {
    sharc_sdy_transform_op_shardings(op, closed_like, st);
    return SHARC_WALK_ADVANCE;
  }
  sharc_attr *list = sharc_op_attr_static(op, SHARC_SDY_SHARDING_ATTR);
  if (!list || !sharc_sdy_is_sharding_per_value(list) || sharc_sdy_list_size(list) == 0)
    return SHARC_WALK_ADVANCE;
  sharc_attr *closed = closed_list(st, list);
  if (closed != list)
    sharc_op_set_attr_static(op, SHARC_SDY_SHARDING_ATTR, closed);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  close_state st = {.closed = {0}};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk(module, SHARC_PRE_ORDER, visit, &st);
  sharc_ptrmap_free(&st.closed);
  sharc_ptrmap_free(&st.lists);
  return true;
}

const sharc_pass_def sharc_pass_sdy_close_shardings = {
    .flag = "sdy-close-shardings",
    .display_name = "CloseShardingsPass",
    .summary = "Closes tensor shardings and drops replicated axes.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
