/* StableHLO's host and channel transfer ops (TypeInference.cpp's
 * verifyInfeedOp, verifyRecvOp, inferSendOp, inferOutfeedOp): the token
 * last among the results, the layouts, the channel types; and composite's
 * name and decomposition (verifyCompositeOp). */
#include "dialect/func/func.h"
#include "dialect/stablehlo/shlo.h"
#include "sharc/symbols.h"

static bool is_token(const sharc_type *t) {
  return t->kind == SHARC_TYPE_DIALECT && t->def == &sharc_shlo_token_def;
}

static bool is_tensor(const sharc_type *t) {
  return t->kind == SHARC_TYPE_TENSOR || t->kind == SHARC_TYPE_UNRANKED_TENSOR;
}

/* Tensors, then a token: `everything` names the rule as each op words it. */
static bool tensors_then_token(sharc_op *op, const char *everything) {
  unsigned n = sharc_op_num_results(op);
  if (n == 0) {
    sharc_shlo_error(op, "result is expected to be at least of size 1, but got 0");
    return false;
  }
  for (unsigned i = 0; i + 1 < n; i++) {
    const sharc_type *t = sharc_value_type(sharc_op_result(op, i));
    if (!is_tensor(t)) {
      sharc_shlo_error(op, "%s, but got %s", everything, sharc_shlo_type_str(t));
      return false;
    }
  }
  const sharc_type *last = sharc_value_type(sharc_op_result(op, n - 1));
  if (!is_token(last)) {
    sharc_shlo_error(op, "last element of result types is expected to be of token type, but got %s",
                     sharc_shlo_type_str(last));
    return false;
  }
  return true;
}

bool sharc_shlo_verify_infeed(sharc_op *op) {
  if (!tensors_then_token(op, "all elements of result types, except the last element, are "
                              "expected to be of tensor type"))
    return false;
  sharc_attr *layout = sharc_op_attr(op, "layout");
  if (!layout)
    return true;
  if (layout->kind != SHARC_ATTR_ARRAY) {
    sharc_shlo_error(op, "layout-attribute expected to be of array-type.");
    return false;
  }
  unsigned expected = sharc_op_num_results(op) - 1;
  if (sharc_attr_count(layout) != expected) {
    sharc_shlo_error(op, "layout-attribute size must be %u (which is the number of op-results - 1 "
                     "(for token result)), but got %u", expected, sharc_attr_count(layout));
    return false;
  }
  for (unsigned i = 0; i < sharc_attr_count(layout); i++) {
    sharc_attr *child = sharc_attr_at(layout, i);
    if (child->kind != SHARC_ATTR_ARRAY) {
      sharc_shlo_error(op, "layout-attribute expected to have elements of type array, but got %s",
                       sharc_shlo_attr_str(child));
      return false;
    }
    for (unsigned k = 0; k < sharc_attr_count(child); k++) {
      sharc_attr *leaf = sharc_attr_at(child, k);
      if (leaf->kind != SHARC_ATTR_INTEGER) {
        sharc_shlo_error(op, "layout-attribute's leaf elements are expected to be of type integer, "
                         "but got %s", sharc_shlo_attr_str(leaf));
        return false;
      }
    }
  }
  return true;
}

static int64_t channel_type(const sharc_op *op) {
  sharc_attr *a = sharc_op_attr(op, "channel_handle");
  return a && sharc_shlo_struct_field(a, &sharc_shlo_channel_handle_def, 1)
             ? sharc_shlo_struct_int(a, &sharc_shlo_channel_handle_def, 1)
             : 0;
}

static bool host_transfer(const sharc_op *op) {
  sharc_attr *a = sharc_op_attr(op, "is_host_transfer");
  return a && ((a->kind == SHARC_ATTR_BOOL && sharc_attr_bool_value(a)) || a->kind == SHARC_ATTR_UNIT);
}

/* The channel type against is_host_transfer: `host_type` is what a host
 * transfer must use (2 DEVICE_TO_HOST for send, 3 HOST_TO_DEVICE for recv). */
static bool check_channel(sharc_op *op, int64_t host_type, const char *host_name) {
  int64_t type = channel_type(op);
  bool host = host_transfer(op);
  if (!host && type != 1) {
    sharc_shlo_error(op, "channel_type should be DEVICE_TO_DEVICE when is_host_transfer is false");
    return false;
  }
  if (host && type != host_type) {
    sharc_shlo_error(op, "channel_type should be %s when is_host_transfer is true", host_name);
    return false;
  }
  return true;
}

bool sharc_shlo_verify_recv(sharc_op *op) {
  return check_channel(op, 3, "HOST_TO_DEVICE") &&
         tensors_then_token(op, "everything but the last element of result types is expected to "
                                "be of tensor type");
}

bool sharc_shlo_infer_send(sharc_op *op) {
  if (!check_channel(op, 2, "DEVICE_TO_HOST"))
    return false;
  return sharc_shlo_check_inferred(op, sharc_shlo_token_type(sharc_op_context(op)));
}

bool sharc_shlo_infer_token(sharc_op *op) {
  return sharc_shlo_check_inferred(op, sharc_shlo_token_type(sharc_op_context(op)));
}

/* ^[a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+$ */
static bool namespaced_name(sharc_str s) {
  size_t i = 0;
  bool alpha = i < s.len && ((s.data[i] | 32) >= 'a' && (s.data[i] | 32) <= 'z');
  if (!alpha)
    return false;
  for (i = 1; i < s.len && s.data[i] != '.'; i++) {
    char c = s.data[i];
    if (!((c | 32) >= 'a' && (c | 32) <= 'z') && !(c >= '0' && c <= '9') && c != '_')
      return false;
  }
  unsigned parts = 0;
  while (i < s.len) {
    i++; /* the dot */
    size_t start = i;
    for (; i < s.len && s.data[i] != '.'; i++) {
      char c = s.data[i];
      if (!((c | 32) >= 'a' && (c | 32) <= 'z') && !(c >= '0' && c <= '9') && c != '_' && c != '$')
        return false;
    }
    if (i == start)
      return false;
    parts++;
  }
  return parts > 0;
}

/* The op's operand (or result) types are the decomposition's inputs (or
 * results), one for one. */
static bool matches_decomposition(sharc_op *op, sharc_type *fn_type, bool results) {
  const char *what = results ? "result" : "operand";
  unsigned n = results ? sharc_op_num_results(op) : sharc_op_num_operands(op);
  unsigned fn_n =
      results ? sharc_type_func_num_results(fn_type) : sharc_type_func_num_inputs(fn_type);
  if (n != fn_n) {
    sharc_shlo_error(op, "has %u %s(s), but decomposition has %u", n, what, fn_n);
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    sharc_type *t = sharc_value_type(results ? sharc_op_result(op, i) : sharc_op_operand(op, i));
    sharc_type *d = results ? sharc_type_func_result(fn_type, i) : sharc_type_func_input(fn_type, i);
    if (t != d) {
      sharc_shlo_error(op, "%s at index %u has type %s, but decomposition has type %s", what, i,
                       sharc_shlo_type_str(t), sharc_shlo_type_str(d));
      return false;
    }
  }
  return true;
}

/* verifyCompositeOp (MLIR runs it as the op's symbol-use check). */
bool sharc_shlo_verify_composite(sharc_op *op) {
  sharc_attr *name = sharc_op_attr(op, "name");
  sharc_attr *decomp = sharc_op_attr(op, "decomposition");
  if (!name || name->kind != SHARC_ATTR_STRING || !decomp || decomp->kind != SHARC_ATTR_SYMBOL_REF)
    return true;
  if (!namespaced_name(sharc_attr_string_value(name))) {
    sharc_shlo_error(op, "name must be a valid namespaced op name, i.e. it must match the following "
                     "regular expression: ^[a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+$ e.g. "
                     "\"my_namespace.my_op\"");
    return false;
  }
  sharc_op *fn = sharc_symbol_lookup_ref(op, decomp);
  if (!fn || !sharc_op_isa(fn, &sharc_func_func_def)) {
    sharc_str n = sharc_ident_str(sharc_attr_symbol_root(decomp));
    sharc_shlo_error(op, "'%.*s' does not reference a valid function", (int)n.len, n.data);
    return false;
  }
  sharc_type *fn_type = sharc_func_type(fn);
  return matches_decomposition(op, fn_type, false) && matches_decomposition(op, fn_type, true);
}
