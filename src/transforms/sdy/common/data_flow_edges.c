/* Data flow edges and single-value sdy ops; see data_flow_edges.h. */
#include "transforms/sdy/common/data_flow_edges.h"

#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/op_common.h"
#include "dialect/sdy/utils.h"
#include "ir/created_defs.h"
#include "rewrite/create_op.h"

sharc_op *sharc_sdy_create_unary_op(sharc_rewriter *rw, const sharc_op_def *def, sharc_attr *loc,
                                    sharc_value *input, sharc_attr *attrs) {
  sharc_type *type = sharc_value_type(input);
  return sharc_rw_create_named(rw, sharc_op_def_name(def), loc, &input, 1, &type, 1, attrs, 0);
}

static bool not_user(const sharc_use *u, void *user) { return sharc_use_owner(u) != user; }

void sharc_sdy_add_data_flow_edges(sharc_rewriter *rw, sharc_value *const *owners, unsigned n) {
  /* last owner first: each edge goes right after its owner, so for block
   * arguments (all at the block start) this keeps them in owner order */
  for (unsigned k = n; k-- > 0;) {
    sharc_value *owner = owners[k];
    if (!sharc_sdy_type_is_static(sharc_value_type(owner)))
      continue;
    sharc_rw_set_after_value(rw, owner);
    sharc_attr *sharding = sharc_sdy_get_sharding(owner);
    sharc_attr *attrs = NULL;
    if (sharding) {
      sharc_named_attr e = {sharc_ident_get(rw->ctx, sharc_str_from_cstr("sharding")), sharding};
      attrs = sharc_attr_dictionary(rw->ctx, &e, 1);
    }
    sharc_op *edge = sharc_sdy_create_unary_op(rw, &sharc_sdy_data_flow_edge_def,
                                               sharc_sdy_value_loc(owner), owner, attrs);
    sharc_rw_replace_uses_if(rw, owner, sharc_op_result(edge, 0), not_user, edge);
  }
}

void sharc_sdy_add_data_flow_edges_of_op(sharc_rewriter *rw, sharc_op *op) {
  sharc_ptrvec owners = {0};
  sharc_sdy_block_arg_owners(op, &owners);
  sharc_sdy_add_data_flow_edges(rw, (sharc_value *const *)owners.items, owners.len);
  owners.len = 0;
  sharc_sdy_result_owners(op, &owners);
  sharc_sdy_add_data_flow_edges(rw, (sharc_value *const *)owners.items, owners.len);
  sharc_ptrvec_free(&owners);
}

static bool has_data_flow(const sharc_op_def *def) { return def->data_flow != NULL; }

bool sharc_sdy_may_hold_data_flow_ops(const sharc_context *ctx) {
  return sharc_context_may_hold_def(ctx, &sharc_sdy_data_flow_edge_def) ||
         sharc_context_may_hold_any(ctx, has_data_flow);
}
