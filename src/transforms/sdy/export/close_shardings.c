/* -sdy-close-shardings: every sharding of the module is closed and loses its
 * replicated axes (TensorShardingAttr::getClosedLike). */
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "transforms/sdy/common/sharding_walker.h"

typedef struct close_state {
  sharc_rewriter rw;
  /* sharding -> its closed form: shardings are uniqued, and most values
   * of a model share a few */
  sharc_ptrmap closed;
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

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  close_state st = {.closed = {0}};
  sharc_pass_rewriter(run, &st.rw, NULL);
  /* the ops changed are not told to the run's listener one by one: it
   * only drops a call graph the pass never builds */
  sharc_sdy_transform_shardings_by_value(module, closed_like, NULL, &st);
  sharc_ptrmap_free(&st.closed);
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
