/* Helpers XLA's Shardy bridge passes share; see xla_utils.h. */
#include "transforms/xla/common/xla_utils.h"

#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "sharc/asm.h"
#include "support/vec.h"

#include <string.h>
#include "dialect/sdy/utils.h"

sharc_op *sharc_xla_create_copy(sharc_rewriter *rw, sharc_value *v, sharc_attr *sharding,
                                sharc_attr *loc, void *manual_axes) {
  sharc_context *ctx = rw->ctx;
  sharc_type *type = sharc_value_type(v);
  sharc_named_attr attrs[2] = {
      {sharc_ident_get(ctx, SHARC_STR(SHARC_SDY_SHARDING_ATTR)),
       sharc_sdy_sharding_per_value_get(ctx, &sharding, 1)},
      {sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_MANUAL_AXES_ATTR)), manual_axes},
  };
  sharc_op_state st = {.name = sharc_ident_get(ctx, SHARC_STR("mhlo.copy")),
                       .loc = loc,
                       .operands = &v,
                       .num_operands = 1,
                       .result_types = &type,
                       .num_results = 1,
                       .attrs = sharc_attr_dictionary(ctx, attrs, manual_axes ? 2 : 1)};
  return sharc_rw_create(rw, &st);
}

bool sharc_xla_is_custom_call_to(const sharc_op *op, const char *target) {
  return sharc_str_eq_cstr(sharc_xla_custom_call_target(op), target);
}

sharc_str sharc_xla_custom_call_target(const sharc_op *op) {
  if (!sharc_op_isa(op, SHARC_SHLO(custom_call)))
    return SHARC_STR("");
  sharc_attr *a = sharc_op_attr(op, "call_target_name");
  if (!a || sharc_attr_get_kind(a) != SHARC_ATTR_STRING)
    return SHARC_STR("");
  return sharc_attr_string_value(a);
}

bool sharc_xla_is_python_callback(const sharc_op *op) {
  static const char *const names[] = {
      "xla_python_cpu_callback",     "xla_python_gpu_callback",
      "xla_ffi_python_cpu_callback", "xla_ffi_python_gpu_callback",
      "xla_ffi_partitioned_python_cpu_callback", "xla_ffi_partitioned_python_gpu_callback",
  };
  sharc_str target = sharc_xla_custom_call_target(op);
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (sharc_str_eq_cstr(target, names[i]))
      return true;
  return false;
}

static sharc_attr *as_dict(sharc_attr *a) {
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_DICTIONARY ? a : NULL;
}

sharc_attr *sharc_xla_frontend_attrs(const sharc_op *op) {
  return as_dict(sharc_op_attr(op, SHARC_XLA_FRONTEND_ATTRS));
}

sharc_attr *sharc_xla_arg_frontend_attrs(const sharc_op *func, unsigned i) {
  return as_dict(sharc_func_arg_attr(func, i, SHARC_XLA_FRONTEND_ATTRS));
}

sharc_attr *sharc_xla_result_frontend_attrs(const sharc_op *func, unsigned i) {
  return as_dict(sharc_func_result_attr(func, i, SHARC_XLA_FRONTEND_ATTRS));
}

sharc_attr *sharc_xla_dict_with(sharc_context *ctx, const sharc_attr *dict, const char *name,
                                sharc_attr *value) {
  sharc_attr *out = sharc_func_dict_with(ctx, dict, name, value);
  return out && sharc_attr_count(out) ? out : NULL;
}

void sharc_xla_set_frontend_attr(sharc_rewriter *rw, sharc_op *op, const char *name,
                                 sharc_attr *value) {
  sharc_attr *dict = sharc_xla_frontend_attrs(op);
  if (!dict && !value)
    return;
  sharc_rw_set_attr(rw, op, SHARC_XLA_FRONTEND_ATTRS,
                    sharc_xla_dict_with(sharc_op_context(op), dict, name, value));
}

void sharc_xla_set_arg_frontend_attr(sharc_op *func, unsigned i, const char *name,
                                     sharc_attr *value) {
  sharc_attr *dict = sharc_xla_arg_frontend_attrs(func, i);
  if (!dict && !value)
    return;
  sharc_func_set_arg_attr(func, i, SHARC_XLA_FRONTEND_ATTRS,
                          sharc_xla_dict_with(sharc_op_context(func), dict, name, value));
}

void sharc_xla_set_result_frontend_attr(sharc_op *func, unsigned i, const char *name,
                                        sharc_attr *value) {
  sharc_attr *dict = sharc_xla_result_frontend_attrs(func, i);
  if (!dict && !value)
    return;
  sharc_func_set_result_attr(func, i, SHARC_XLA_FRONTEND_ATTRS,
                             sharc_xla_dict_with(sharc_op_context(func), dict, name, value));
}

sharc_attr *sharc_xla_parse_string_attr(const sharc_attr *dict, const char *name, sharc_op *at,
                                        bool *failed) {
  sharc_attr *s = dict ? sharc_attr_dict_get(dict, name) : NULL;
  if (!s)
    return NULL;
  if (sharc_attr_get_kind(s) != SHARC_ATTR_STRING) {
    sharc_emit_op_error(at, "expected the frontend attribute '%s' to be a string", name);
    *failed = true;
    return NULL;
  }
  sharc_str text = sharc_attr_string_value(s);
  sharc_attr *a = sharc_parse_attr_text(sharc_op_context(at), text);
  if (!a) {
    sharc_emit_op_error(at, "cannot parse the frontend attribute '%s': %.*s", name,
                        (int)text.len, text.data);
    *failed = true;
  }
  return a;
}

sharc_attr *sharc_xla_attr_to_string(sharc_context *ctx, const sharc_attr *a) {
  sharc_buf buf = {0};
  sharc_print_attr(a, &buf);
  sharc_attr *s = sharc_attr_string(ctx, (sharc_str){buf.data ? buf.data : "", buf.len});
  sharc_buf_free(&buf);
  return s;
}

/* Appends `s` with single quotes turned into double ones (axis names). */
static void put_requoted(sharc_buf *out, sharc_str s) {
  for (size_t i = 0; i < s.len; i++)
    sharc_buf_printf(out, "%c", s.data[i] == '\'' ? '"' : s.data[i]);
}

static bool has_prefix(sharc_str s, const char *p, sharc_str *rest) {
  if (!sharc_str_starts_with(s, p))
    return false;
  size_t n = strlen(p);
  *rest = (sharc_str){s.data + n, s.len - n};
  return true;
}

/* The index just past the bracket that closes the one at `open`, or 0. */
static size_t closing(sharc_str s, size_t open) {
  int depth = 0;
  for (size_t i = open; i < s.len; i++) {
    char c = s.data[i];
    if (c == '[' || c == '{' || c == '<' || c == '(')
      depth++;
    else if (c == ']' || c == '}' || c == '>' || c == ')')
      if (--depth == 0)
        return i + 1;
  }
  return 0;
}

/* One element, without its braces, as `<mesh, dims...>` (the inside of a
 * #sdy.sharding). */
static bool v3_element(sharc_buf *out, sharc_str s, unsigned rank) {
  sharc_str rest;
  if (sharc_str_eq_cstr(s, "replicated")) {
    sharc_buf_puts(out, "mesh<[]>, [");
    for (unsigned i = 0; i < rank; i++)
      sharc_buf_puts(out, i ? ", {}" : "{}");
    sharc_buf_puts(out, "]");
    return true;
  }
  if (has_prefix(s, "single_device[device_id=", &rest) ||
      has_prefix(s, "maximal_mesh[device_id=", &rest)) {
    if (!rest.len || rest.data[rest.len - 1] != ']')
      return false;
    sharc_buf_puts(out, "mesh<[], device_ids=[");
    sharc_buf_put_str(out, (sharc_str){rest.data, rest.len - 1});
    sharc_buf_puts(out, "]>, []");
    return true;
  }
  if (!has_prefix(s, "mesh", &rest) || !rest.len || rest.data[0] != '[')
    return false;
  size_t end = closing(rest, 0);
  if (!end)
    return false;
  sharc_buf_puts(out, "mesh<");
  sharc_str axes = {rest.data, end};
  sharc_str tail = {rest.data + end, rest.len - end};
  /* a device list stays inside the mesh */
  sharc_str devices;
  put_requoted(out, axes);
  if (has_prefix(tail, ", device_ids=", &devices) || has_prefix(tail, ",device_ids=", &devices)) {
    size_t dend = closing(devices, 0);
    if (!dend)
      return false;
    sharc_buf_puts(out, ", device_ids=");
    sharc_buf_put_str(out, (sharc_str){devices.data, dend});
    tail = (sharc_str){devices.data + dend, devices.len - dend};
  }
  sharc_buf_puts(out, ">");
  put_requoted(out, tail);
  return true;
}

typedef SHARC_VEC(sharc_str) str_vec;

/* The elements of `{...}` (a tuple's, or the one of a plain sharding). */
static bool v3_split(sharc_str s, str_vec *elems, bool *tuple) {
  if (s.len < 2 || s.data[0] != '{' || s.data[s.len - 1] != '}')
    return false;
  sharc_str inner = {s.data + 1, s.len - 2};
  *tuple = inner.len && inner.data[0] == '{';
  if (!*tuple) {
    sharc_vec_push(elems, inner);
    return true;
  }
  size_t i = 0;
  while (i < inner.len) {
    while (i < inner.len && (inner.data[i] == ' ' || inner.data[i] == ','))
      i++;
    if (i == inner.len)
      break;
    if (inner.data[i] != '{')
      return false;
    size_t end = closing(inner, i);
    if (!end)
      return false;
    sharc_vec_push(elems, ((sharc_str){inner.data + i + 1, end - i - 2}));
    i = end;
  }
  return true;
}

sharc_attr *sharc_hlo_sharding_v3_to_sdy(sharc_context *ctx, sharc_str text, sharc_op *at,
                                         unsigned nvalues, bool per_value, unsigned rank) {
  str_vec elems = {0};
  bool tuple = false;
  sharc_buf buf = {0};
  bool ok = v3_split(text, &elems, &tuple);
  if (ok && per_value) {
    sharc_buf_puts(&buf, "#sdy.sharding_per_value<[");
    /* a single sharding applies to every value (an empty tuple has none) */
    unsigned n = tuple ? elems.len : nvalues;
    for (unsigned i = 0; ok && i < n; i++) {
      sharc_buf_puts(&buf, i ? ", <" : "<");
      ok = v3_element(&buf, elems.items[tuple ? i : 0], rank);
      sharc_buf_puts(&buf, ">");
    }
    sharc_buf_puts(&buf, "]>");
  } else if (ok) {
    ok = !tuple && elems.len == 1;
    sharc_buf_puts(&buf, "#sdy.sharding<");
    ok = ok && v3_element(&buf, elems.items[0], rank);
    sharc_buf_puts(&buf, ">");
  }
  sharc_attr *out = ok ? sharc_parse_attr_text(ctx, (sharc_str){buf.data, buf.len}) : NULL;
  if (!out)
    sharc_emit_op_error(at, "cannot read the sharding '%.*s'", (int)text.len, text.data);
  sharc_buf_free(&buf);
  sharc_vec_free(&elems);
  return out;
}
