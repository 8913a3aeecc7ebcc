/* Outlining an sdy.named_computation into a private function; see
 * named_computation_utils.h. */
#include "transforms/sdy/export/named_computation_utils.h"

#include "dialect/sdy/utils.h"
#include "sharc/symbols.h"
#include "support/vec.h"

typedef SHARC_VEC(sharc_value *) value_vec;
typedef SHARC_VEC(sharc_named_attr) named_vec;
typedef SHARC_VEC(sharc_type *) type_vec;

/* Each block's sdy.return becomes a func.return. */
static void convert_terminators(sharc_rewriter *rw, sharc_region *body) {
  sharc_ident *name = sharc_ident_get(rw->ctx, SHARC_STR("func.return"));
  for (sharc_block *b = sharc_region_first_block(body); b; b = sharc_block_next(b)) {
    sharc_op *ret = sharc_block_last_op(b);
    if (!ret)
      continue;
    value_vec operands = {0};
    for (unsigned i = 0; i < sharc_op_num_operands(ret); i++)
      sharc_vec_push(&operands, sharc_op_operand(ret, i));
    sharc_op_state state = {.name = name,
                            .loc = sharc_op_loc(ret),
                            .operands = operands.items,
                            .num_operands = operands.len};
    sharc_rw_set_block_end(rw, b);
    sharc_rw_create(rw, &state);
    sharc_rw_erase_op(rw, ret);
    sharc_vec_free(&operands);
  }
}

static sharc_type *function_type(sharc_context *ctx, sharc_op *nc) {
  sharc_block *entry = sharc_region_first_block(sharc_op_region(nc, 0));
  type_vec inputs = {0}, results = {0};
  for (unsigned i = 0; entry && i < sharc_block_num_args(entry); i++)
    sharc_vec_push(&inputs, sharc_value_type(sharc_block_arg(entry, i)));
  for (unsigned i = 0; i < sharc_op_num_results(nc); i++)
    sharc_vec_push(&results, sharc_value_type(sharc_op_result(nc, i)));
  sharc_type *type = sharc_type_function(ctx, inputs.items, inputs.len, results.items, results.len);
  sharc_vec_free(&inputs);
  sharc_vec_free(&results);
  return type;
}

sharc_op *sharc_sdy_outline_named_computation(sharc_rewriter *rw, sharc_op *nc, sharc_op *module,
                                              unsigned *counter, const sharc_named_attr *extra,
                                              unsigned n_extra) {
  sharc_context *ctx = rw->ctx;
  sharc_attr *name = sharc_op_attr(nc, "name");
  named_vec attrs = {0};
  sharc_named_attr a[] = {
      {sharc_ident_get(ctx, SHARC_STR("sym_name")), name},
      {sharc_ident_get(ctx, SHARC_STR("function_type")),
       sharc_attr_type_attr(ctx, function_type(ctx, nc))},
      {sharc_ident_get(ctx, SHARC_STR("sym_visibility")),
       sharc_attr_string(ctx, SHARC_STR("private"))},
      {sharc_ident_get(ctx, SHARC_STR(SHARC_SDY_ORIGINAL_FUNC_NAME_ATTR)), name},
  };
  for (unsigned i = 0; i < sizeof a / sizeof a[0]; i++)
    sharc_vec_push(&attrs, a[i]);
  for (unsigned i = 0; i < n_extra; i++)
    sharc_vec_push(&attrs, extra[i]);
  sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("func.func")),
                          .loc = sharc_op_loc(nc),
                          .attrs = sharc_attr_dictionary(ctx, attrs.items, attrs.len),
                          .num_regions = 1};
  sharc_vec_free(&attrs);
  sharc_op *func = sharc_op_create(ctx, &state);
  sharc_region *func_body = sharc_op_region(func, 0);
  sharc_rw_inline_region_before(rw, sharc_op_region(nc, 0), func_body, NULL);
  convert_terminators(rw, func_body);
  sharc_symbol_uniquify(module, func, counter);
  sharc_rw_set_block_end(rw, sharc_region_first_block(sharc_op_region(module, 0)));
  sharc_rw_insert(rw, func);
  return func;
}


sharc_op *sharc_sdy_replace_with_call(sharc_rewriter *rw, sharc_op *op, sharc_str callee,
                                      const sharc_ident *skip, const sharc_named_attr *extra) {
  sharc_context *ctx = rw->ctx;
  const sharc_op_def *def = sharc_op_get_def(op);
  named_vec attrs = {0};
  sharc_named_attr c = {sharc_ident_get(ctx, SHARC_STR("callee")),
                        sharc_attr_symbol_ref(ctx, sharc_ident_get(ctx, callee), NULL, 0)};
  sharc_vec_push(&attrs, c);
  sharc_attr *dict = sharc_op_attrs(op);
  const sharc_named_attr *entries = sharc_attr_dict_entries(dict);
  for (unsigned i = 0; i < sharc_attr_count(dict); i++)
    if (entries[i].name != skip && !sharc_op_def_is_inherent(def, entries[i].name))
      sharc_vec_push(&attrs, entries[i]);
  if (extra)
    sharc_vec_push(&attrs, *extra);
  value_vec operands = {0};
  type_vec types = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    sharc_vec_push(&operands, sharc_op_operand(op, i));
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    sharc_vec_push(&types, sharc_value_type(sharc_op_result(op, i)));
  sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("func.call")),
                          .loc = sharc_op_loc(op),
                          .operands = operands.items,
                          .num_operands = operands.len,
                          .result_types = types.items,
                          .num_results = types.len,
                          .attrs = sharc_attr_dictionary(ctx, attrs.items, attrs.len)};
  sharc_op *call = sharc_rw_replace_op_with_new(rw, op, &state);
  sharc_vec_free(&attrs);
  sharc_vec_free(&operands);
  sharc_vec_free(&types);
  return call;
}
