/* Per-operand / per-result dictionaries of fragments (arg_attrs,
 * res_attrs). */
#include "dialect/mpmd/fragment_arg_res_attrs.h"

#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"

static void load(const sharc_op *op, const char *array_name, unsigned n, sharc_mpmd_dict_vec *out) {
  sharc_vec_clear(out);
  sharc_attr *arr = sharc_op_attr(op, array_name);
  if (arr && sharc_attr_get_kind(arr) == SHARC_ATTR_ARRAY) {
    for (unsigned i = 0; i < sharc_attr_count(arr); i++)
      sharc_vec_push(out, sharc_attr_at(arr, i));
    return;
  }
  sharc_attr *empty = sharc_attr_dictionary(sharc_op_context(op), NULL, 0);
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(out, empty);
}

void sharc_mpmd_arg_attrs_or_default(const sharc_op *op, sharc_mpmd_dict_vec *out) {
  load(op, SHARC_MPMD_ARG_ATTRS, sharc_op_num_operands(op), out);
}

void sharc_mpmd_res_attrs_or_default(const sharc_op *op, sharc_mpmd_dict_vec *out) {
  load(op, SHARC_MPMD_RES_ATTRS, sharc_op_num_results(op), out);
}

static sharc_attr *entry(const sharc_op *op, const char *array_name, unsigned index,
                         const char *name) {
  sharc_attr *arr = sharc_op_attr(op, array_name);
  if (!arr || sharc_attr_get_kind(arr) != SHARC_ATTR_ARRAY || index >= sharc_attr_count(arr))
    return NULL;
  sharc_attr *dict = sharc_attr_at(arr, index);
  return sharc_attr_get_kind(dict) == SHARC_ATTR_DICTIONARY ? sharc_attr_dict_get(dict, name)
                                                             : NULL;
}

sharc_attr *sharc_mpmd_arg_attr(const sharc_op *op, unsigned index, const char *name) {
  return entry(op, SHARC_MPMD_ARG_ATTRS, index, name);
}

sharc_attr *sharc_mpmd_res_attr(const sharc_op *op, unsigned index, const char *name) {
  return entry(op, SHARC_MPMD_RES_ATTRS, index, name);
}

void sharc_mpmd_set_arg_attrs(sharc_rewriter *rw, sharc_op *op, const sharc_mpmd_dict_vec *dicts) {
  sharc_rw_set_attr(rw, op, SHARC_MPMD_ARG_ATTRS, sharc_attr_array(rw->ctx, dicts->items, dicts->len));
}

void sharc_mpmd_set_res_attrs(sharc_rewriter *rw, sharc_op *op, const sharc_mpmd_dict_vec *dicts) {
  sharc_rw_set_attr(rw, op, SHARC_MPMD_RES_ATTRS, sharc_attr_array(rw->ctx, dicts->items, dicts->len));
}

void sharc_mpmd_dict_insert(sharc_context *ctx, sharc_mpmd_dict_vec *dicts, unsigned index,
                            const char *name, sharc_attr *value) {
  if (index < dicts->len)
    dicts->items[index] = sharc_func_dict_with(ctx, dicts->items[index], name, value);
}

bool sharc_mpmd_dict_remove(sharc_context *ctx, sharc_mpmd_dict_vec *dicts, unsigned index,
                            const char *name) {
  if (index >= dicts->len || !sharc_attr_dict_get(dicts->items[index], name))
    return false;
  dicts->items[index] = sharc_func_dict_with(ctx, dicts->items[index], name, NULL);
  return true;
}
