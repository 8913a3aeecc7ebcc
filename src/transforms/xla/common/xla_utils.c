/* Helpers XLA's Shardy bridge passes share; see xla_utils.h. */
#include "transforms/xla/common/xla_utils.h"

#include "dialect/func/func.h"
#include "dialect/mhlo/hlo_sharding.h"
#include "dialect/mhlo/mhlo.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/context.h"
#include "sharc/asm.h"
#include "support/vec.h"
#include "support/xalloc.h"
#include "transforms/stablehlo/stablehlo_passes.h"

#include <stdlib.h>
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

sharc_op *sharc_xla_outline_manual_body(sharc_rewriter *rw, sharc_op *module, sharc_op *mc,
                                        const char *name, unsigned *counter, sharc_str *out_name) {
  sharc_context *ctx = rw->ctx;
  sharc_region *region = sharc_op_region(mc, 0);
  sharc_block *entry = sharc_region_first_block(region);
  SHARC_VEC(sharc_type *) inputs = {0}, outputs = {0};
  for (unsigned i = 0; i < sharc_block_num_args(entry); i++)
    sharc_vec_push(&inputs, sharc_value_type(sharc_block_arg(entry, i)));
  sharc_op *ret = sharc_block_last_op(entry);
  for (unsigned i = 0; ret && i < sharc_op_num_operands(ret); i++)
    sharc_vec_push(&outputs, sharc_value_type(sharc_op_operand(ret, i)));
  sharc_type *ftype = sharc_type_function(ctx, inputs.items, inputs.len, outputs.items, outputs.len);
  sharc_named_attr attrs[2] = {
      {sharc_ident_get(ctx, SHARC_STR("function_type")), sharc_attr_type_attr(ctx, ftype)},
      {sharc_ident_get(ctx, SHARC_STR("sym_name")),
       sharc_attr_string(ctx, sharc_str_from_cstr(name))},
  };
  sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("func.func")),
                          .loc = sharc_op_loc(mc),
                          .attrs = sharc_attr_dictionary(ctx, attrs, 2),
                          .num_regions = 1};
  sharc_op *func = sharc_op_create(ctx, &state);
  *out_name = sharc_rw_insert_symbol(rw, module, func, counter);
  sharc_rw_inline_region_before(rw, region, sharc_op_region(func, 0), NULL);
  if (ret) {
    SHARC_VEC(sharc_value *) values = {0};
    for (unsigned i = 0; i < sharc_op_num_operands(ret); i++)
      sharc_vec_push(&values, sharc_op_operand(ret, i));
    sharc_rw_set_before(rw, ret);
    sharc_op_state rs = {.name = sharc_ident_get(ctx, SHARC_STR("func.return")),
                         .loc = sharc_op_loc(ret),
                         .operands = values.items,
                         .num_operands = values.len};
    sharc_rw_create(rw, &rs);
    sharc_rw_erase_op(rw, ret);
    sharc_vec_free(&values);
  }
  sharc_vec_free(&inputs);
  sharc_vec_free(&outputs);
  return func;
}

bool sharc_xla_is_custom_call_to(const sharc_op *op, const char *target) {
  return sharc_str_eq_cstr(sharc_xla_custom_call_target(op), target);
}

sharc_str sharc_xla_custom_call_target(const sharc_op *op) {
  if (!sharc_op_isa(op, SHARC_SHLO(custom_call)) && !sharc_op_isa(op, sharc_mhlo_custom_call_def))
    return SHARC_STR("");
  sharc_attr *a = sharc_op_attr(op, "call_target_name");
  if (!a || sharc_attr_get_kind(a) != SHARC_ATTR_STRING)
    return SHARC_STR("");
  return sharc_attr_string_value(a);
}

sharc_op *sharc_xla_clone_custom_call(sharc_rewriter *rw, sharc_op *op, sharc_type *const *types,
                                      unsigned n, sharc_attr *attrs) {
  SHARC_VEC(sharc_value *) operands = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    sharc_vec_push(&operands, sharc_op_operand(op, i));
  sharc_op_state s = {.name = sharc_op_name(op),
                      .loc = sharc_op_loc(op),
                      .operands = operands.items,
                      .num_operands = operands.len,
                      .result_types = types,
                      .num_results = n,
                      .attrs = attrs};
  sharc_rw_set_before(rw, op);
  sharc_op *clone = sharc_rw_create(rw, &s);
  sharc_vec_free(&operands);
  return clone;
}

bool sharc_xla_is_exported_sdy_op(const sharc_op *op) {
  return sharc_op_isa(op, &sharc_sdy_constant_def) ||
         sharc_op_isa(op, &sharc_sdy_sharding_constraint_def) ||
         sharc_op_isa(op, &sharc_sdy_reshard_def) || sharc_op_isa(op, &sharc_sdy_sharding_group_def) ||
         sharc_op_isa(op, &sharc_sdy_propagation_barrier_def);
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
  if (!dict) {
    if (!value)
      return NULL;
    sharc_named_attr entry = {sharc_ident_get(ctx, sharc_str_from_cstr(name)), value};
    return sharc_attr_dictionary(ctx, &entry, 1);
  }
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

/* absl::CUnescape: what HLO's text form escaped (`\"`, `\\`, `\n`,
 * octal and hex escapes) back to the characters. */
static void c_unescape(sharc_str in, sharc_buf *out) {
  for (size_t i = 0; i < in.len; i++) {
    char c = in.data[i];
    if (c != '\\' || i + 1 == in.len) {
      sharc_buf_printf(out, "%c", c);
      continue;
    }
    char e = in.data[++i];
    unsigned v = 0, n = 0;
    switch (e) {
    case 'n': sharc_buf_puts(out, "\n"); break;
    case 't': sharc_buf_puts(out, "\t"); break;
    case 'r': sharc_buf_puts(out, "\r"); break;
    case 'x':
      while (n < 2 && i + 1 < in.len && strchr("0123456789abcdefABCDEF", in.data[i + 1]) &&
             in.data[i + 1]) {
        char h = in.data[++i];
        v = v * 16 + (unsigned)(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
        n++;
      }
      sharc_buf_printf(out, "%c", (char)v);
      break;
    default:
      if (e >= '0' && e <= '7') {
        v = (unsigned)(e - '0');
        while (n < 2 && i + 1 < in.len && in.data[i + 1] >= '0' && in.data[i + 1] <= '7') {
          v = v * 8 + (unsigned)(in.data[++i] - '0');
          n++;
        }
        sharc_buf_printf(out, "%c", (char)v);
      } else {
        sharc_buf_printf(out, "%c", e); /* \" \' \\ \? */
      }
    }
  }
}

static void drop_diag(const sharc_diag *d, void *user) {
  (void)d;
  (void)user;
}

/* The attribute `text` holds, parsed with the parser's own diagnostics
 * (located in the string, not in the file) held back: the caller reports
 * the failure at the op. */
static sharc_attr *parse_quietly(sharc_context *ctx, sharc_str text) {
  sharc_diag_flush(ctx);
  sharc_diag_handler saved = ctx->diag_handler;
  void *saved_user = ctx->diag_user;
  unsigned errors = ctx->error_count;
  sharc_context_set_diag_handler(ctx, drop_diag, NULL);
  sharc_attr *a = sharc_parse_attr_text(ctx, text);
  sharc_diag_flush(ctx);
  sharc_context_set_diag_handler(ctx, saved, saved_user);
  ctx->error_count = errors;
  return a;
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
  sharc_buf unescaped = {0};
  c_unescape(text, &unescaped);
  sharc_attr *a = parse_quietly(sharc_op_context(at),
                                (sharc_str){unescaped.data ? unescaped.data : "", unescaped.len});
  sharc_buf_free(&unescaped);
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

/* `[{}, {}, ...]`: `rank` closed, empty dimensions. */
static void put_closed_empty_dims(sharc_buf *out, unsigned rank) {
  sharc_buf_puts(out, "[");
  for (unsigned i = 0; i < rank; i++)
    sharc_buf_puts(out, i ? ", {}" : "{}");
  sharc_buf_puts(out, "]");
}

/* One element, without its braces, as `<mesh, dims...>` (the inside of a
 * #sdy.sharding). */
static bool v3_element(sharc_buf *out, sharc_str s, unsigned rank) {
  sharc_str rest;
  if (sharc_str_eq_cstr(s, "replicated") || sharc_str_eq_cstr(s, "mesh[], replicated")) {
    sharc_buf_puts(out, "mesh<[]>, ");
    put_closed_empty_dims(out, rank);
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
    /* HloShardingV3 writes the list in parentheses, sdy in brackets */
    sharc_buf_puts(out, ", device_ids=[");
    sharc_buf_put_str(out, (sharc_str){devices.data + 1, dend - 2});
    sharc_buf_puts(out, "]");
    tail = (sharc_str){devices.data + dend, devices.len - dend};
  }
  sharc_buf_puts(out, ">");
  /* a fully manual (or replicated) sharding omits its dimensions: one
   * closed empty dimension per dimension of the value it is on */
  if (sharc_str_eq_cstr(tail, ", manual") || sharc_str_eq_cstr(tail, ",manual") ||
      sharc_str_eq_cstr(tail, ", replicated") || sharc_str_eq_cstr(tail, ",replicated")) {
    sharc_buf_puts(out, ", ");
    put_closed_empty_dims(out, rank);
    return true;
  }
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
  sharc_attr *out = ok ? parse_quietly(ctx, (sharc_str){buf.data, buf.len}) : NULL;
  if (!out)
    sharc_emit_op_error(at, "cannot read the sharding '%.*s'", (int)text.len, text.data);
  sharc_buf_free(&buf);
  sharc_vec_free(&elems);
  return out;
}

static void put_axis_v3(sharc_buf *out, const sharc_attr *ref) {
  sharc_buf tmp = {0};
  sharc_sdy_axis_ref_to_string(ref, &tmp);
  for (size_t i = 0; i < tmp.len; i++)
    sharc_buf_printf(out, "%c", tmp.data[i] == '"' ? '\'' : tmp.data[i]);
  sharc_buf_free(&tmp);
}

static void put_axes_v3(sharc_buf *out, const char *key, sharc_attr *const *axes, unsigned n) {
  if (!n)
    return;
  sharc_buf_printf(out, ", %s%s{", key, strchr(key, '=') ? "" : "=");
  for (unsigned i = 0; i < n; i++) {
    if (i)
      sharc_buf_puts(out, ", ");
    put_axis_v3(out, axes[i]);
  }
  sharc_buf_puts(out, "}");
}

/* `, manual={'a', 'b'}`: the manual axes by name. */
static void put_manual_v3(sharc_buf *out, const sharc_str *manual_axes, unsigned num_manual) {
  if (!num_manual)
    return;
  sharc_buf_puts(out, ", manual={");
  for (unsigned i = 0; i < num_manual; i++)
    sharc_buf_printf(out, "%s'%.*s'", i ? ", " : "", (int)manual_axes[i].len, manual_axes[i].data);
  sharc_buf_puts(out, "}");
}

void sharc_sdy_to_hlo_sharding_v3(const sharc_attr *sharding, const sharc_attr *mesh,
                                  const sharc_str *manual_axes, unsigned num_manual,
                                  sharc_buf *out) {
  if (mesh && sharc_sdy_mesh_is_maximal(mesh)) {
    sharc_buf_printf(out, "{single_device[device_id=%lld]}", (long long)sharc_sdy_mesh_device_id(mesh, 0));
    return;
  }
  sharc_buf_puts(out, "{mesh[");
  unsigned num_axes = mesh ? sharc_sdy_mesh_num_axes(mesh) : 0;
  for (unsigned i = 0; i < num_axes; i++) {
    sharc_attr *axis = sharc_sdy_mesh_axis(mesh, i);
    sharc_str name = sharc_sdy_mesh_axis_name(axis);
    sharc_buf_printf(out, "%s'%.*s'=%lld", i ? "," : "", (int)name.len, name.data,
                     (long long)sharc_sdy_mesh_axis_size(axis));
  }
  sharc_buf_puts(out, "]");
  if (mesh && sharc_sdy_mesh_num_device_ids(mesh)) {
    sharc_buf_puts(out, ", device_ids=(");
    for (unsigned i = 0; i < sharc_sdy_mesh_num_device_ids(mesh); i++)
      sharc_buf_printf(out, "%s%lld", i ? "," : "", (long long)sharc_sdy_mesh_device_id(mesh, i));
    sharc_buf_puts(out, ")");
  }
  /* every axis manual: NamedSharding::Manual, no dimensions */
  if (num_axes && num_manual == num_axes) {
    sharc_buf_puts(out, ", manual}");
    return;
  }
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  /* a scalar with no axis anywhere is the replicated sharding */
  if (!parts.num_dims && !parts.num_replicated && !parts.num_unreduced && !num_manual) {
    sharc_buf_puts(out, ", replicated}");
    return;
  }
  sharc_buf_puts(out, ", [");
  for (unsigned d = 0; d < parts.num_dims; d++) {
    const sharc_attr *dim = parts.dims[d];
    unsigned n = sharc_sdy_dim_sharding_num_axes(dim);
    sharc_buf_puts(out, d ? ", {" : "{");
    for (unsigned i = 0; i < n; i++) {
      if (i)
        sharc_buf_puts(out, ", ");
      put_axis_v3(out, sharc_sdy_dim_sharding_axis(dim, i));
    }
    if (!sharc_sdy_dim_sharding_is_closed(dim))
      sharc_buf_puts(out, n ? ", ?" : "?");
    sharc_buf_puts(out, "}");
  }
  sharc_buf_puts(out, "]");
  put_axes_v3(out, "replicated", parts.replicated, parts.num_replicated);
  /* a reduction other than the default sum is named before the axes, as
   * in the sdy text (`unreduced=max{'x'}`) */
  static const char *const unreduced_keys[] = {"unreduced", "unreduced=max", "unreduced=min"};
  put_axes_v3(out, unreduced_keys[parts.reduction], parts.unreduced, parts.num_unreduced);
  put_manual_v3(out, manual_axes, num_manual);
  sharc_buf_puts(out, "}");
}

/* One piece of a mesh axis: the part [pre, pre*size) of its index. */
typedef struct axis_piece {
  unsigned axis;
  int64_t pre, size;
  bool used;
} axis_piece;

#define MAX_PIECES SHARC_HLO_MAX_DIMS

typedef struct piece_set {
  unsigned n;
  axis_piece p[MAX_PIECES];
} piece_set;

static unsigned mesh_axis_index(const sharc_attr *mesh, sharc_str name) {
  for (unsigned i = 0; i < sharc_sdy_mesh_num_axes(mesh); i++)
    if (sharc_str_eq(sharc_sdy_mesh_axis_name(sharc_sdy_mesh_axis(mesh, i)), name))
      return i;
  return (unsigned)-1;
}

static void ref_range(const sharc_attr *ref, const sharc_attr *mesh, unsigned axis, int64_t *lo,
                      int64_t *hi) {
  sharc_attr *info = sharc_sdy_axis_ref_sub_axis_info(ref);
  int64_t size = sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, axis));
  *lo = info ? sharc_sdy_sub_axis_info_pre_size(info) : 1;
  *hi = info ? *lo * sharc_sdy_sub_axis_info_size(info) : size;
}

typedef sharc_xla_attr_vec cref_vec;

/* The pieces every axis splits into (major to minor within an axis). */
static bool build_pieces(const sharc_attr *mesh, const cref_vec *refs, piece_set *ps) {
  ps->n = 0;
  for (unsigned a = 0; a < sharc_sdy_mesh_num_axes(mesh); a++) {
    int64_t size = sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, a));
    int64_t points[MAX_PIECES + 2];
    unsigned np = 0;
    points[np++] = 1;
    points[np++] = size;
    for (unsigned r = 0; r < refs->len; r++) {
      if (mesh_axis_index(mesh, sharc_sdy_axis_ref_name(refs->items[r])) != a)
        continue;
      int64_t lo, hi;
      ref_range(refs->items[r], mesh, a, &lo, &hi);
      int64_t cand[2] = {lo, hi};
      for (unsigned c = 0; c < 2; c++) {
        bool seen = false;
        for (unsigned k = 0; k < np; k++)
          seen = seen || points[k] == cand[c];
        if (!seen && np < MAX_PIECES)
          points[np++] = cand[c];
      }
    }
    /* sort ascending by pre-size: the major piece (pre-size 1) first, as
     * getOrderedAxisRefs orders the sub-axes of an axis */
    for (unsigned i = 1; i < np; i++)
      for (unsigned j = i; j > 0 && points[j] < points[j - 1]; j--) {
        int64_t t = points[j];
        points[j] = points[j - 1];
        points[j - 1] = t;
      }
    for (unsigned k = 0; k + 1 < np; k++) {
      if (ps->n == MAX_PIECES || points[k + 1] % points[k])
        return false;
      ps->p[ps->n++] = (axis_piece){a, points[k], points[k + 1] / points[k], false};
    }
  }
  return true;
}

static void push_ref_pieces(piece_set *ps, const sharc_attr *mesh, const sharc_attr *ref,
                            int64_t *perm, unsigned *nperm, int64_t *tile) {
  unsigned a = mesh_axis_index(mesh, sharc_sdy_axis_ref_name(ref));
  int64_t lo, hi;
  if (a == (unsigned)-1)
    return;
  ref_range(ref, mesh, a, &lo, &hi);
  for (unsigned i = 0; i < ps->n; i++) {
    axis_piece *p = &ps->p[i];
    if (p->axis == a && p->pre >= lo && p->pre < hi && !p->used && *nperm < MAX_PIECES) {
      p->used = true;
      perm[(*nperm)++] = i;
      *tile *= p->size;
    }
  }
}

/* Drops size-1 reshape dimensions and merges those the permutation keeps
 * adjacent and in order (IotaTileAssignment's canonical form). */
static void canonicalize_iota(int64_t *reshape, unsigned *nreshape, int64_t *perm, unsigned n) {
  int64_t r[MAX_PIECES], p[MAX_PIECES];
  unsigned nr = 0;
  int64_t map[MAX_PIECES];
  for (unsigned i = 0; i < *nreshape; i++) {
    map[i] = reshape[i] == 1 ? -1 : (int64_t)nr;
    if (reshape[i] != 1)
      r[nr++] = reshape[i];
  }
  unsigned np = 0;
  for (unsigned i = 0; i < n; i++)
    if (map[perm[i]] >= 0)
      p[np++] = map[perm[i]];
  /* merge runs p[i], p[i]+1 */
  int64_t merged_r[MAX_PIECES], merged_p[MAX_PIECES];
  int64_t newidx[MAX_PIECES];
  bool starts[MAX_PIECES] = {0};
  for (unsigned i = 0; i < np; i++)
    starts[i] = i == 0 || p[i] != p[i - 1] + 1;
  /* each run becomes one dimension; order dims by their first original index */
  unsigned nruns = 0;
  int64_t run_first[MAX_PIECES], run_size[MAX_PIECES];
  for (unsigned i = 0; i < np; i++) {
    if (starts[i]) {
      run_first[nruns] = p[i];
      run_size[nruns] = 1;
      nruns++;
    }
    run_size[nruns - 1] *= r[p[i]];
  }
  for (unsigned i = 0; i < nruns; i++) {
    unsigned rank = 0;
    for (unsigned j = 0; j < nruns; j++)
      rank += run_first[j] < run_first[i];
    newidx[i] = rank;
    merged_r[rank] = run_size[i];
  }
  for (unsigned i = 0; i < nruns; i++)
    merged_p[i] = newidx[i];
  if (!nruns) {
    merged_r[0] = 1;
    merged_p[0] = 0;
    nruns = 1;
  }
  for (unsigned i = 0; i < nruns; i++) {
    reshape[i] = merged_r[i];
    perm[i] = merged_p[i];
  }
  *nreshape = nruns;
}

/* The device at row-major position `i` of iota(reshape).transpose(perm). */
static int64_t transposed_index(const int64_t *reshape, const int64_t *perm, unsigned n, int64_t i) {
  int64_t coords[MAX_PIECES];
  for (int k = (int)n - 1; k >= 0; k--) {
    int64_t dim = reshape[perm[k]];
    coords[k] = i % dim;
    i /= dim;
  }
  int64_t idx = 0;
  for (unsigned d = 0; d < n; d++) {
    int64_t c = 0;
    for (unsigned k = 0; k < n; k++)
      if (perm[k] == (int64_t)d)
        c = coords[k];
    idx = idx * reshape[d] + c;
  }
  return idx;
}

static int compare_int64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

static bool iota_ids(const sharc_attr *mesh) {
  for (unsigned i = 0; i < sharc_sdy_mesh_num_device_ids(mesh); i++)
    if (sharc_sdy_mesh_device_id(mesh, i) != (int64_t)i)
      return false;
  return true;
}

/* How unreduced axes are to be reduced travels in the sharding's metadata
 * (`metadata={op_type="sdy::reduction_op" op_name="SUM"}`), inside the
 * closing brace HloSharding::ToString ends with. */
static void put_reduction_metadata(sharc_buf *out, sharc_sdy_reduction_op reduction) {
  static const char *const names[] = {"SUM", "MAX", "MIN"};
  if (out->len && out->data[out->len - 1] == '}')
    out->len--;
  sharc_buf_printf(out, " metadata={op_type=\"sdy::reduction_op\" op_name=\"%s\"}}",
                   names[reduction]);
}

bool sharc_sdy_to_hlo_sharding(const sharc_attr *sharding, const sharc_attr *mesh,
                               const sharc_str *manual_axes, unsigned num_manual, sharc_buf *out) {
  if (!mesh || sharc_sdy_mesh_is_maximal(mesh)) {
    if (mesh)
      sharc_buf_printf(out, "{maximal device=%lld}", (long long)sharc_sdy_mesh_device_id(mesh, 0));
    else
      sharc_buf_puts(out, "{replicated}");
    return true;
  }
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  cref_vec refs = {0};
  sharc_xla_sharding_axis_refs(sharding, true, &refs);
  piece_set ps;
  bool ok = build_pieces(mesh, &refs, &ps);
  sharc_vec_free(&refs);
  if (!ok)
    return false;
  sharc_hlo_sharding hs;
  memset(&hs, 0, sizeof hs);
  hs.kind = SHARC_HLO_TILED;
  unsigned nperm = 0;
  bool sharded = false;
  for (unsigned d = 0; d < parts.num_dims; d++) {
    int64_t tile = 1;
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(parts.dims[d]); i++)
      push_ref_pieces(&ps, mesh, sharc_sdy_dim_sharding_axis(parts.dims[d], i), hs.perm, &nperm, &tile);
    hs.dims[hs.ndims++] = tile;
    sharded = sharded || tile > 1;
  }
  int64_t manual = 1;
  for (unsigned m = 0; m < num_manual; m++) {
    unsigned a = mesh_axis_index(mesh, manual_axes[m]);
    for (unsigned i = 0; i < ps.n; i++)
      if (ps.p[i].axis == a && !ps.p[i].used) {
        ps.p[i].used = true;
        hs.perm[nperm++] = i;
        manual *= ps.p[i].size;
      }
  }
  /* unreduced axes: a trailing subgroup dimension of their own, after the
   * manual one */
  int64_t unreduced = 1;
  for (unsigned i = 0; i < parts.num_unreduced; i++)
    push_ref_pieces(&ps, mesh, parts.unreduced[i], hs.perm, &nperm, &unreduced);
  int64_t rest = 1;
  for (unsigned i = 0; i < ps.n; i++)
    if (!ps.p[i].used) {
      hs.perm[nperm++] = i;
      rest *= ps.p[i].size;
    }
  if (!sharded && manual == 1 && unreduced == 1) {
    sharc_buf_puts(out, "{replicated}");
    return true;
  }
  /* every device in one unreduced group: HloSharding::Unreduced */
  if (!sharded && rest == 1 && manual == 1 && unreduced > 1) {
    sharc_buf_puts(out, "{unreduced}");
    put_reduction_metadata(out, parts.reduction);
    return true;
  }
  if (num_manual && num_manual == sharc_sdy_mesh_num_axes(mesh)) {
    sharc_buf_puts(out, "{manual}");
    return true;
  }
  if (manual > 1) {
    hs.dims[hs.ndims++] = manual;
    hs.subgroups[hs.nsubgroups++] = SHARC_HLO_SUBGROUP_MANUAL;
  }
  if (unreduced > 1) {
    hs.dims[hs.ndims++] = unreduced;
    hs.subgroups[hs.nsubgroups++] = SHARC_HLO_SUBGROUP_UNREDUCED;
  }
  if (rest > 1) {
    hs.dims[hs.ndims++] = rest;
    hs.subgroups[hs.nsubgroups++] = SHARC_HLO_SUBGROUP_REPLICATED;
  }
  hs.nreshape = ps.n;
  for (unsigned i = 0; i < ps.n; i++)
    hs.reshape[i] = ps.p[i].size;
  if (sharc_sdy_mesh_num_device_ids(mesh) && !iota_ids(mesh)) {
    int64_t total = 1;
    for (unsigned i = 0; i < ps.n; i++)
      total *= ps.p[i].size;
    hs.iota = false;
    hs.devices = sharc_xmalloc_array((size_t)(total ? total : 1), sizeof *hs.devices);
    for (int64_t i = 0; i < total; i++)
      hs.devices[i] = sharc_sdy_mesh_device_id(mesh, (unsigned)transposed_index(hs.reshape, hs.perm, ps.n, i));
    /* HloSharding::PartialTile keeps each replication group sorted */
    if (rest > 1 && manual == 1 && unreduced == 1)
      for (int64_t g = 0; g < total; g += rest)
        qsort(hs.devices + g, (size_t)rest, sizeof *hs.devices, compare_int64);
  } else {
    hs.iota = true;
    canonicalize_iota(hs.reshape, &hs.nreshape, hs.perm, nperm);
  }
  sharc_hlo_sharding_print(&hs, out);
  if (unreduced > 1)
    put_reduction_metadata(out, parts.reduction);
  free(hs.devices);
  return true;
}

typedef struct func_sharding_move {
  const char *from, *to;
  sharc_xla_sharding_converter convert;
  void *user;
} func_sharding_move;

/* One side (arguments or results) of sharc_xla_convert_func_shardings. */
static bool convert_side_shardings(sharc_op *func, bool results, const func_sharding_move *m) {
  sharc_type *ft = sharc_func_type(func);
  unsigned n = results ? sharc_func_num_results(func) : sharc_func_num_args(func);
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *old = results ? sharc_func_result_attr(func, i, m->from)
                              : sharc_func_arg_attr(func, i, m->from);
    if (!old)
      continue;
    sharc_type *type = results ? sharc_type_func_result(ft, i) : sharc_type_func_input(ft, i);
    sharc_attr *fresh = m->convert(m->user, func, old, sharc_sdy_tensor_rank(type));
    if (!fresh)
      return false;
    if (results) {
      sharc_func_set_result_attr(func, i, m->to, fresh);
      sharc_func_set_result_attr(func, i, m->from, NULL);
    } else {
      sharc_func_set_arg_attr(func, i, m->to, fresh);
      sharc_func_set_arg_attr(func, i, m->from, NULL);
    }
  }
  return true;
}

bool sharc_xla_convert_func_shardings(sharc_op *func, const char *from, const char *to,
                                      sharc_xla_sharding_converter convert, void *user) {
  func_sharding_move m = {from, to, convert, user};
  return convert_side_shardings(func, false, &m) && convert_side_shardings(func, true, &m);
}

void sharc_xla_sharding_axis_refs(const sharc_attr *sharding, bool with_unreduced,
                                  sharc_xla_attr_vec *refs) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  for (unsigned d = 0; d < parts.num_dims; d++)
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(parts.dims[d]); i++)
      sharc_vec_push(refs, sharc_sdy_dim_sharding_axis(parts.dims[d], i));
  for (unsigned i = 0; i < parts.num_replicated; i++)
    sharc_vec_push(refs, parts.replicated[i]);
  for (unsigned i = 0; i < with_unreduced * parts.num_unreduced; i++)
    sharc_vec_push(refs, parts.unreduced[i]);
}

bool sharc_xla_add_import_simplification(sharc_pass_manager *pm, sharc_buf *err) {
  static sharc_greedy_config config;
  config = sharc_greedy_config_default();
  config.top_down = true;
  config.region_simplify = SHARC_SIMPLIFY_DISABLED;
  config.fold = false;
  config.cse_constants = false;
  sharc_stablehlo_tio_options o = {.fold_op_element_limit = 65536, /* StableHLO's default */
                                   .greedy = &config};
  return sharc_pm_add_def(sharc_pm_nest(pm, "func.func"),
                          &sharc_pass_stablehlo_aggressive_simplification, &o, err);
}
