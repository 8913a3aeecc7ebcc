/* StableHLO <-> VHLO conversion (see vhlo_convert.h): the attribute
 * mapping in both directions, the per-op special cases and defaults, and
 * the op-by-op rewrite both passes share. */
#include "transforms/vhlo/vhlo_convert.h"

#include "dialect/func/func.h"
#include "ir/op_values.h"
#include "ir/pick_each.h"
#include "rewrite/create_op.h"
#include "rewrite/conversion.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef SHARC_VEC(sharc_named_attr) attr_list;

typedef struct conv {
  sharc_context *ctx;
  attr_list out; /* the converted op's attributes */
} conv;

static sharc_type *i64_type(sharc_context *ctx) {
  return sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
}

static void push(conv *c, const char *name, sharc_attr *value) {
  sharc_named_attr na = {sharc_ident_get(c->ctx, (sharc_str){name, strlen(name)}), value};
  sharc_vec_push(&c->out, na);
}

static bool has_out(const conv *c, const char *name) {
  for (unsigned i = 0; i < c->out.len; i++)
    if (strcmp(c->out.items[i].name->data, name) == 0)
      return true;
  return false;
}

/* ---- StableHLO -> VHLO: generic ------------------------------------------------ */

static sharc_attr *vhlo_make(sharc_context *ctx, const vhlo_attr_info *info, uintptr_t a,
                             uintptr_t b, unsigned n) {
  uintptr_t w[2] = {a, b};
  return sharc_vhlo_attr_get(ctx, info, w, n);
}

/* A dense i64 (or i1) array as the rank-1 dense elements VHLO stores it as;
 * all-equal values become a splat, as DenseElementsAttr::get makes them. */
static sharc_attr *dense_from_values(sharc_context *ctx, const int64_t *v, unsigned n,
                                     unsigned width) {
  int64_t shape = n;
  sharc_type *t = sharc_type_tensor(ctx, &shape, 1, sharc_type_integer(ctx, width, SHARC_SIGNLESS),
                                    NULL);
  bool splat = n > 0;
  for (unsigned i = 1; i < n && splat; i++)
    splat = v[i] == v[0];
  uint64_t stack[16];
  uint64_t *raw = n <= 16 ? stack : sharc_xmalloc_array(n, sizeof *raw);
  for (unsigned i = 0; i < n; i++)
    raw[i] = (uint64_t)v[i];
  sharc_attr *a = sharc_attr_dense_elements(ctx, t, raw, splat ? 1 : n, splat);
  if (raw != stack)
    free(raw);
  return a;
}

static sharc_attr *to_vhlo(sharc_context *ctx, sharc_attr *a);

static sharc_attr *vhlo_tensor(sharc_context *ctx, sharc_attr *dense) {
  sharc_type *vt = sharc_vhlo_type_from_builtin(ctx, sharc_attr_type(dense));
  return vt ? vhlo_make(ctx, &sharc_vhlo_tensor_v1, (uintptr_t)dense, (uintptr_t)vt, 2) : NULL;
}

static sharc_attr *vhlo_int(sharc_context *ctx, int64_t v) {
  return to_vhlo(ctx, sharc_attr_integer(ctx, i64_type(ctx), v));
}

static sharc_attr *vhlo_ints(sharc_context *ctx, const sharc_attr *dims) {
  unsigned n = dims ? sharc_attr_count(dims) : 0;
  int64_t *v = sharc_xmalloc_array(n + 1, sizeof *v);
  for (unsigned i = 0; i < n; i++)
    v[i] = sharc_attr_dense_array_i64(dims, i);
  sharc_attr *res = vhlo_tensor(ctx, dense_from_values(ctx, v, n, 64));
  free(v);
  return res;
}

static sharc_attr *vhlo_string(sharc_context *ctx, sharc_str s) {
  return vhlo_make(ctx, &sharc_vhlo_string_v1, (uintptr_t)sharc_attr_string(ctx, s), 0, 1);
}

/* An array (or, with `dict`, a dictionary: each value after its name) of
 * converted elements; NULL when one does not convert. */
static sharc_attr *container_to_vhlo(sharc_context *ctx, sharc_attr *a, bool dict) {
  unsigned n = sharc_attr_count(a), per = dict ? 2 : 1;
  const sharc_named_attr *e = dict ? sharc_attr_dict_entries(a) : NULL;
  uintptr_t *w = sharc_xmalloc_array(per * n + 1, sizeof *w);
  w[0] = n;
  sharc_attr *res = NULL;
  unsigned i = 0;
  for (; i < n; i++) {
    sharc_attr *v = to_vhlo(ctx, dict ? e[i].value : sharc_attr_at(a, i));
    if (!v)
      break;
    if (dict)
      w[1 + 2 * i] = (uintptr_t)vhlo_string(ctx, (sharc_str){e[i].name->data, e[i].name->len});
    w[per * (i + 1)] = (uintptr_t)v;
  }
  if (i == n)
    res = sharc_vhlo_attr_get(ctx, dict ? &sharc_vhlo_dict_v1 : &sharc_vhlo_array_v1, w,
                              per * n + 1);
  free(w);
  return res;
}

static sharc_attr *enum_to_vhlo(sharc_context *ctx, sharc_attr *a) {
  const vhlo_attr_info *info = sharc_vhlo_enum_for((const shlo_enum_def *)sharc_attr_def_of(a));
  const char *name = sharc_shlo_enum_name(a);
  if (!info || !name)
    return NULL;
  for (uintptr_t k = 0; info->cases[k]; k++)
    if (strcmp(info->cases[k], name) == 0)
      return sharc_vhlo_attr_get(ctx, info, &k, 1);
  return NULL;
}

static bool is_struct(const sharc_attr *a, const shlo_struct_def *def) {
  return a && a->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(a) == &def->base;
}

static sharc_attr *field(const sharc_attr *a, const shlo_struct_def *def, unsigned i) {
  return sharc_shlo_struct_field(a, def, i);
}

/* A StableHLO struct whose fields map one to one onto a VHLO struct's. */
static sharc_attr *struct_to_vhlo(sharc_context *ctx, sharc_attr *a, const shlo_struct_def *def,
                                  const vhlo_attr_info *info) {
  uintptr_t w[8] = {0};
  for (unsigned i = 0; i < info->num_fields; i++) {
    sharc_attr *f = field(a, def, i);
    if (!f)
      continue;
    if (info->fields[i].kind == VHLO_F_ATTR) {
      f = def->fields[i].kind == SHLO_F_STRING ? vhlo_string(ctx, sharc_attr_string_value(f))
                                               : to_vhlo(ctx, f);
      if (!f)
        return NULL;
    }
    w[i] = (uintptr_t)f;
  }
  return sharc_vhlo_attr_get(ctx, info, w, info->num_fields);
}

static sharc_attr *result_accuracy_to_vhlo(sharc_context *ctx, sharc_attr *a) {
  const shlo_struct_def *def = &sharc_shlo_result_accuracy_def;
  sharc_type *f64 = sharc_type_float(ctx, SHARC_F64);
  sharc_attr *atol = field(a, def, 0), *rtol = field(a, def, 1), *ulps = field(a, def, 2);
  sharc_attr *mode = to_vhlo(ctx, field(a, def, 3));
  if (!mode)
    return NULL;
  uintptr_t w[4] = {
      (uintptr_t)(atol ? atol : sharc_attr_float(ctx, f64, 0.0)),
      (uintptr_t)(rtol ? rtol : sharc_attr_float(ctx, f64, 0.0)),
      (uintptr_t)(ulps ? ulps : sharc_attr_integer(ctx, i64_type(ctx), 0)), (uintptr_t)mode};
  return sharc_vhlo_attr_get(ctx, &sharc_vhlo_result_accuracy_v1, w, 4);
}

static sharc_attr *replica_group_mesh_axes_to_vhlo(sharc_context *ctx, sharc_attr *a) {
  const shlo_struct_def *def = &sharc_shlo_replica_group_mesh_axes_def;
  sharc_attr *mesh = field(a, def, 0), *axes = field(a, def, 1);
  sharc_attr *vmesh = mesh && mesh->kind == SHARC_ATTR_SYMBOL_REF
                          ? vhlo_string(ctx, (sharc_str){sharc_attr_symbol_root(mesh)->data,
                                                         sharc_attr_symbol_root(mesh)->len})
                          : to_vhlo(ctx, mesh);
  sharc_attr *vaxes = axes ? to_vhlo(ctx, axes) : NULL;
  if (!vmesh || !vaxes)
    return NULL;
  uintptr_t w[2] = {(uintptr_t)vmesh, (uintptr_t)vaxes};
  return sharc_vhlo_attr_get(ctx, &sharc_vhlo_replica_group_mesh_axes_v1, w, 2);
}

/* The StableHLO struct attributes and the VHLO attributes they map to
 * field by field, both ways (result_accuracy has its own way there). */
static const struct {
  const shlo_struct_def *shlo;
  const vhlo_attr_info *vhlo;
} struct_attrs[] = {
    {&sharc_shlo_output_operand_alias_def, &sharc_vhlo_output_operand_alias_v1},
    {&sharc_shlo_result_accuracy_def, &sharc_vhlo_result_accuracy_v1},
    {&sharc_shlo_sub_axis_info_def, &sharc_vhlo_sub_axis_info_v1},
    {&sharc_shlo_axis_ref_def, &sharc_vhlo_axis_ref_v1},
    {&sharc_shlo_mesh_axis_def, &sharc_vhlo_mesh_axis_v1},
    {&sharc_shlo_mesh_def, &sharc_vhlo_mesh_v1},
};

static sharc_attr *dialect_to_vhlo(sharc_context *ctx, sharc_attr *a) {
  if (sharc_vhlo_is_attr(a))
    return a;
  if (sharc_shlo_enum_name(a))
    return enum_to_vhlo(ctx, a);
  if (is_struct(a, &sharc_shlo_result_accuracy_def))
    return result_accuracy_to_vhlo(ctx, a);
  if (is_struct(a, &sharc_shlo_replica_group_mesh_axes_def))
    return replica_group_mesh_axes_to_vhlo(ctx, a);
  for (size_t i = 0; i < sizeof struct_attrs / sizeof struct_attrs[0]; i++)
    if (is_struct(a, struct_attrs[i].shlo))
      return struct_to_vhlo(ctx, a, struct_attrs[i].shlo, struct_attrs[i].vhlo);
  return NULL;
}

/* convertGeneric: the one-to-one mapping. */
static sharc_attr *to_vhlo(sharc_context *ctx, sharc_attr *a) {
  if (!a)
    return NULL;
  switch (a->kind) {
  case SHARC_ATTR_DIALECT:
    return dialect_to_vhlo(ctx, a);
  case SHARC_ATTR_ARRAY:
    return container_to_vhlo(ctx, a, false);
  case SHARC_ATTR_DENSE_ELEMENTS:
  case SHARC_ATTR_DENSE_STRING:
    return vhlo_tensor(ctx, a);
  case SHARC_ATTR_DENSE_ARRAY: {
    sharc_type *e = sharc_darray_elem(a);
    if (!sharc_type_is_integer(e, 64) && !sharc_type_is_integer(e, 1))
      return NULL;
    unsigned n = sharc_darray_n(a);
    int64_t *v = sharc_xmalloc_array(n + 1, sizeof *v);
    for (unsigned i = 0; i < n; i++)
      v[i] = (int64_t)sharc_darray_raw(a)[i];
    sharc_attr *res = vhlo_tensor(ctx, dense_from_values(ctx, v, n, sharc_type_int_width(e)));
    free(v);
    return res;
  }
  case SHARC_ATTR_DICTIONARY:
    return container_to_vhlo(ctx, a, true);
  case SHARC_ATTR_FLOAT:
  case SHARC_ATTR_INTEGER: {
    sharc_type *vt = sharc_vhlo_type_from_builtin(ctx, a->type);
    if (!vt)
      return NULL;
    return vhlo_make(ctx, a->kind == SHARC_ATTR_FLOAT ? &sharc_vhlo_float_v1 : &sharc_vhlo_integer_v1,
                     (uintptr_t)a, (uintptr_t)vt, 2);
  }
  case SHARC_ATTR_BOOL:
    return vhlo_make(ctx, &sharc_vhlo_bool_v1, sharc_attr_bool_value(a), 0, 1);
  case SHARC_ATTR_SYMBOL_REF:
    if (sharc_attr_symbol_num_nested(a))
      return NULL;
    return vhlo_string(ctx, (sharc_str){sharc_attr_symbol_root(a)->data,
                                        sharc_attr_symbol_root(a)->len});
  case SHARC_ATTR_STRING:
    if (a->type && a->type->kind != SHARC_TYPE_NONE)
      return NULL; /* strings with a type have no VHLO form */
    return vhlo_make(ctx, &sharc_vhlo_string_v1, (uintptr_t)a, 0, 1);
  case SHARC_ATTR_TYPE: {
    sharc_type *vt = sharc_vhlo_type_from_builtin(ctx, sharc_attr_type_value(a));
    return vt ? vhlo_make(ctx, &sharc_vhlo_type_v1, (uintptr_t)vt, 0, 1) : NULL;
  }
  default:
    return NULL;
  }
}

/* ---- StableHLO -> VHLO: special cases and defaults ------------------------------- */

static bool op_is(const char *name, const char *const *names) {
  for (; *names; names++)
    if (strcmp(name, *names) == 0)
      return true;
  return false;
}

static const char *const collectives[] = {"stablehlo.all_gather", "stablehlo.all_reduce",
                                          "stablehlo.all_to_all", "stablehlo.collective_permute",
                                          "stablehlo.reduce_scatter",
                                          "stablehlo.collective_broadcast",
                                          "stablehlo.collective_reduce", NULL};

/* A struct attribute spelled as one VHLO attribute per field (the field
 * names are VHLO's attribute names). */
static bool explode(conv *c, sharc_attr *a, const shlo_struct_def *def) {
  if (!is_struct(a, def))
    return false;
  for (unsigned i = 0; i < def->num_fields; i++) {
    sharc_attr *f = field(a, def, i);
    sharc_attr *v = NULL;
    switch (def->fields[i].kind) {
    case SHLO_F_DIMS:
      v = vhlo_ints(c->ctx, f);
      break;
    case SHLO_F_INT:
      v = vhlo_int(c->ctx, f ? sharc_attr_int_value(f) : 0);
      break;
    case SHLO_F_BOOL:
      v = vhlo_make(c->ctx, &sharc_vhlo_bool_v1, f ? sharc_attr_bool_value(f) : 0, 0, 1);
      break;
    default:
      v = f ? to_vhlo(c->ctx, f) : NULL;
      break;
    }
    if (!v)
      return false;
    push(c, def->fields[i].name, v);
  }
  return true;
}

typedef enum special { NOT_SPECIAL, SPECIAL_OK, SPECIAL_FAIL } special;

static special result_of(bool ok) { return ok ? SPECIAL_OK : SPECIAL_FAIL; }

static special channel_to_vhlo(conv *c, sharc_attr *a, bool with_type) {
  if (!is_struct(a, &sharc_shlo_channel_handle_def))
    return SPECIAL_FAIL;
  push(c, "channel_id", vhlo_int(c->ctx, sharc_attr_int_value(field(a, &sharc_shlo_channel_handle_def, 0))));
  if (with_type)
    push(c, "channel_type",
         vhlo_int(c->ctx, sharc_attr_int_value(field(a, &sharc_shlo_channel_handle_def, 1))));
  return SPECIAL_OK;
}

static special unit_to_true(conv *c, const char *name, sharc_attr *a) {
  if (a->kind != SHARC_ATTR_UNIT)
    return SPECIAL_FAIL;
  push(c, name, vhlo_make(c->ctx, &sharc_vhlo_bool_v1, 1, 0, 1));
  return SPECIAL_OK;
}

static special special_to_vhlo(conv *c, const char *op, const char *name, sharc_attr *a) {
  if (op_is(op, collectives)) {
    if (strcmp(name, "channel_handle") == 0)
      return channel_to_vhlo(c, a, false);
    if (strcmp(name, "use_global_device_ids") == 0 || strcmp(name, "has_dynamic_root") == 0)
      return unit_to_true(c, name, a);
  }
  if ((strcmp(op, "stablehlo.convolution") == 0 || strcmp(op, "stablehlo.dynamic_conv") == 0) &&
      strcmp(name, "dimension_numbers") == 0)
    return result_of(explode(c, a, &sharc_shlo_conv_def));
  if (strcmp(op, "stablehlo.custom_call") == 0) {
    if (strcmp(name, "api_version") == 0) {
      if (a->kind != SHARC_ATTR_INTEGER)
        return SPECIAL_FAIL;
      int64_t v = sharc_attr_int_value(a);
      if (v < 0 || v > 4)
        return SPECIAL_FAIL;
      uintptr_t k = (uintptr_t)v;
      push(c, name, sharc_vhlo_attr_get(c->ctx, &sharc_vhlo_api_version_v1, &k, 1));
      return SPECIAL_OK;
    }
    if (strcmp(name, "called_computations") == 0) {
      if (a->kind != SHARC_ATTR_ARRAY)
        return SPECIAL_FAIL;
      for (unsigned i = 0; i < sharc_attr_count(a); i++)
        if (sharc_attr_at(a, i)->kind != SHARC_ATTR_SYMBOL_REF)
          return SPECIAL_FAIL;
      sharc_attr *v = to_vhlo(c->ctx, a);
      if (v)
        push(c, name, v);
      return result_of(v != NULL);
    }
  }
  if (strcmp(op, "stablehlo.dot_general") == 0) {
    if (strcmp(name, "dot_dimension_numbers") == 0)
      return result_of(explode(c, a, &sharc_shlo_dot_def));
    if (strcmp(name, "algorithm") == 0)
      return result_of(explode(c, a, &sharc_shlo_dot_algorithm_def));
  }
  if ((strcmp(op, "stablehlo.gather") == 0 || strcmp(op, "stablehlo.dynamic_gather") == 0) &&
      strcmp(name, "dimension_numbers") == 0)
    return result_of(explode(c, a, &sharc_shlo_gather_def));
  if ((strcmp(op, "stablehlo.send") == 0 || strcmp(op, "stablehlo.recv") == 0) &&
      strcmp(name, "channel_handle") == 0)
    return channel_to_vhlo(c, a, true);
  if (strcmp(op, "stablehlo.scatter") == 0 && strcmp(name, "scatter_dimension_numbers") == 0)
    return result_of(explode(c, a, &sharc_shlo_scatter_def));
  if (strcmp(op, "func.call") == 0 && strcmp(name, "callee") == 0) {
    if (a->kind != SHARC_ATTR_SYMBOL_REF)
      return SPECIAL_FAIL;
    push(c, name, to_vhlo(c->ctx, a));
    return SPECIAL_OK;
  }
  return NOT_SPECIAL;
}

/* addDefaults: what StableHLO leaves out and VHLO spells. */
static void add_default(conv *c, sharc_op *op, const char *name, sharc_attr *stablehlo_value) {
  if (sharc_op_attr(op, name))
    return;
  push(c, name, to_vhlo(c->ctx, stablehlo_value));
}

static sharc_attr *i64_attr(conv *c, int64_t v) { return sharc_attr_integer(c->ctx, i64_type(c->ctx), v); }
static sharc_attr *bool_attr(conv *c, bool v) { return sharc_attr_bool(c->ctx, v); }
static sharc_attr *empty_array(conv *c) { return sharc_attr_array(c->ctx, NULL, 0); }
static sharc_attr *empty_string(conv *c) { return sharc_attr_string(c->ctx, (sharc_str){"", 0}); }

static sharc_attr *splat_i64s(conv *c, int64_t v, unsigned n) {
  int64_t *vals = sharc_xcalloc(n + 1, sizeof *vals); /* zeroed: n may be 0 */
  for (unsigned i = 0; i < n; i++)
    vals[i] = v;
  sharc_attr *a = dense_from_values(c->ctx, vals, n, 64);
  free(vals);
  return a;
}

static sharc_attr *zero_padding(conv *c, unsigned n) {
  int64_t shape[2] = {n, 2};
  sharc_type *t = sharc_type_tensor(c->ctx, shape, 2, i64_type(c->ctx), NULL);
  uint64_t zero = 0;
  return sharc_attr_dense_elements(c->ctx, t, &zero, n ? 1 : 0, n > 0);
}

static sharc_attr *default_precisions(conv *c) {
  sharc_attr *d = sharc_shlo_enum_get(c->ctx, &sharc_shlo_precision, 0);
  sharc_attr *two[2] = {d, d};
  return sharc_attr_array(c->ctx, two, 2);
}

static unsigned attr_len(sharc_attr *a) { return a ? sharc_attr_count(a) : 0; }

static const char *const accuracy_ops[] = {
    "stablehlo.cbrt",     "stablehlo.cosine",  "stablehlo.exponential",
    "stablehlo.exponential_minus_one", "stablehlo.log", "stablehlo.log_plus_one",
    "stablehlo.logistic", "stablehlo.rsqrt",   "stablehlo.sine",
    "stablehlo.sqrt",     "stablehlo.tan",     "stablehlo.tanh",  NULL};

static void add_conv_defaults(conv *c, sharc_op *op, const char *name) {
  sharc_attr *dims = sharc_op_attr(op, "dimension_numbers");
  unsigned n = attr_len(dims ? field(dims, &sharc_shlo_conv_def, 2) : NULL);
  add_default(c, op, "window_strides", splat_i64s(c, 1, n));
  if (strcmp(name, "stablehlo.convolution") == 0)
    add_default(c, op, "padding", zero_padding(c, n));
  add_default(c, op, "lhs_dilation", splat_i64s(c, 1, n));
  add_default(c, op, "rhs_dilation", splat_i64s(c, 1, n));
  if (!sharc_op_attr(op, "window_reversal")) {
    int64_t *zeros = sharc_xcalloc(n + 1, sizeof *zeros);
    push(c, "window_reversal", to_vhlo(c->ctx, dense_from_values(c->ctx, zeros, n, 1)));
    free(zeros);
  }
  add_default(c, op, "precision_config", default_precisions(c));
}

static void add_window_defaults(conv *c, sharc_op *op, bool dilations) {
  unsigned n = attr_len(sharc_op_attr(op, "window_dimensions"));
  add_default(c, op, "window_strides", splat_i64s(c, 1, n));
  if (dilations) {
    add_default(c, op, "base_dilations", splat_i64s(c, 1, n));
    add_default(c, op, "window_dilations", splat_i64s(c, 1, n));
  }
  add_default(c, op, "padding", zero_padding(c, n));
}

static void add_custom_call_defaults(conv *c, sharc_op *op) {
  add_default(c, op, "has_side_effect", bool_attr(c, false));
  /* getBackendConfigOrDefault: typed FFI calls take a dictionary */
  sharc_attr *api = sharc_op_attr(op, "api_version");
  bool typed_ffi = api && api->kind == SHARC_ATTR_INTEGER && sharc_attr_int_value(api) == 4;
  add_default(c, op, "backend_config",
              typed_ffi ? sharc_attr_dictionary(c->ctx, NULL, 0) : empty_string(c));
  if (!api) {
    uintptr_t k = 1; /* API_VERSION_ORIGINAL */
    push(c, "api_version", sharc_vhlo_attr_get(c->ctx, &sharc_vhlo_api_version_v1, &k, 1));
  }
  add_default(c, op, "called_computations", empty_array(c));
  add_default(c, op, "operand_layouts", empty_array(c));
  add_default(c, op, "result_layouts", empty_array(c));
  add_default(c, op, "output_operand_aliases", empty_array(c));
  add_default(c, op, "result_tilings", empty_array(c));
}

static void add_dot_algorithm_defaults(conv *c, sharc_op *op) {
  static const char *const names[] = {"lhs_precision_type",       "rhs_precision_type",
                                      "accumulation_type",        "lhs_component_count",
                                      "rhs_component_count",      "num_primitive_operations",
                                      "allow_imprecise_accumulation", NULL};
  if (sharc_op_attr(op, "algorithm"))
    return;
  sharc_attr *none = sharc_attr_type_attr(c->ctx, sharc_type_none(c->ctx));
  for (const char *const *n = names; *n; n++)
    push(c, *n, to_vhlo(c->ctx, none));
}

static void add_collective_defaults(conv *c, sharc_op *op, const char *name) {
  static const char *const with_global_ids[] = {"stablehlo.all_gather", "stablehlo.all_reduce",
                                                "stablehlo.reduce_scatter",
                                                "stablehlo.collective_reduce", NULL};
  static const char *const with_dynamic_root[] = {"stablehlo.collective_broadcast",
                                                  "stablehlo.collective_reduce", NULL};
  if (!sharc_op_attr(op, "channel_handle"))
    push(c, "channel_id", vhlo_int(c->ctx, 0));
  if (op_is(name, with_global_ids))
    add_default(c, op, "use_global_device_ids", bool_attr(c, false));
  if (op_is(name, with_dynamic_root))
    add_default(c, op, "has_dynamic_root", bool_attr(c, false));
}

static void add_defaults(conv *c, sharc_op *op, const char *name) {
  if (strcmp(name, "func.func") == 0) {
    add_default(c, op, "sym_visibility", empty_string(c));
    add_default(c, op, "arg_attrs", empty_array(c));
    add_default(c, op, "res_attrs", empty_array(c));
  } else if (op_is(name, collectives)) {
    add_collective_defaults(c, op, name);
  } else if (strcmp(name, "stablehlo.cholesky") == 0) {
    add_default(c, op, "lower", bool_attr(c, false));
  } else if (strcmp(name, "stablehlo.compare") == 0) {
    add_default(c, op, "compare_type", sharc_shlo_enum_get(c->ctx, &sharc_shlo_comparison_type, 0));
  } else if (strcmp(name, "stablehlo.composite") == 0) {
    add_default(c, op, "version", i64_attr(c, 0));
    add_default(c, op, "composite_attributes", sharc_attr_dictionary(c->ctx, NULL, 0));
  } else if (strcmp(name, "stablehlo.convolution") == 0 ||
             strcmp(name, "stablehlo.dynamic_conv") == 0) {
    add_conv_defaults(c, op, name);
  } else if (strcmp(name, "stablehlo.custom_call") == 0) {
    add_custom_call_defaults(c, op);
  } else if (strcmp(name, "stablehlo.dot_general") == 0 || strcmp(name, "stablehlo.dot") == 0) {
    add_default(c, op, "precision_config", default_precisions(c));
    if (strcmp(name, "stablehlo.dot_general") == 0)
      add_dot_algorithm_defaults(c, op);
  } else if (op_is(name, accuracy_ops)) {
    if (!sharc_op_attr(op, "result_accuracy")) {
      sharc_type *f64 = sharc_type_float(c->ctx, SHARC_F64);
      sharc_attr *f[4] = {sharc_attr_float(c->ctx, f64, 0.0), sharc_attr_float(c->ctx, f64, 0.0),
                          i64_attr(c, 0),
                          sharc_shlo_enum_get(c->ctx, &sharc_shlo_result_accuracy_mode, 0)};
      push(c, "result_accuracy",
           to_vhlo(c->ctx, sharc_shlo_struct_get(c->ctx, &sharc_shlo_result_accuracy_def, f)));
    }
  } else if (strcmp(name, "stablehlo.dynamic_broadcast_in_dim") == 0) {
    add_default(c, op, "known_expanding_dimensions", splat_i64s(c, 0, 0));
    add_default(c, op, "known_nonexpanding_dimensions", splat_i64s(c, 0, 0));
  } else if (strcmp(name, "stablehlo.gather") == 0 || strcmp(name, "stablehlo.dynamic_gather") == 0) {
    add_default(c, op, "indices_are_sorted", bool_attr(c, false));
  } else if (strcmp(name, "stablehlo.infeed") == 0) {
    add_default(c, op, "infeed_config", empty_string(c));
    add_default(c, op, "layout", empty_array(c));
  } else if (strcmp(name, "stablehlo.outfeed") == 0) {
    add_default(c, op, "outfeed_config", empty_string(c));
  } else if (strcmp(name, "stablehlo.send") == 0 || strcmp(name, "stablehlo.recv") == 0) {
    add_default(c, op, "is_host_transfer", bool_attr(c, false));
    add_default(c, op, "source_target_pairs", sharc_attr_dense_i64_array(c->ctx, NULL, 0));
  } else if (strcmp(name, "stablehlo.reduce_window") == 0) {
    add_window_defaults(c, op, true);
  } else if (strcmp(name, "stablehlo.scatter") == 0) {
    add_default(c, op, "indices_are_sorted", bool_attr(c, false));
    add_default(c, op, "unique_indices", bool_attr(c, false));
  } else if (strcmp(name, "stablehlo.select_and_scatter") == 0) {
    add_window_defaults(c, op, false);
  } else if (strcmp(name, "stablehlo.sort") == 0) {
    add_default(c, op, "dimension", i64_attr(c, -1));
    add_default(c, op, "is_stable", bool_attr(c, false));
  }
}

/* ---- VHLO -> StableHLO: generic ---------------------------------------------------- */

static sharc_attr *from_vhlo(sharc_context *ctx, sharc_attr *a);

static sharc_attr *list_from_vhlo(sharc_context *ctx, sharc_attr *a) {
  unsigned n = (unsigned)a->params.words[0];
  sharc_attr **e = sharc_xmalloc_array(n + 1, sizeof *e);
  sharc_attr *res = NULL;
  unsigned i = 0;
  for (; i < n; i++)
    if (!(e[i] = from_vhlo(ctx, (sharc_attr *)a->params.words[1 + i])))
      break;
  if (i == n)
    res = sharc_attr_array(ctx, e, n);
  free(e);
  return res;
}

static sharc_attr *dict_from_vhlo(sharc_context *ctx, sharc_attr *a) {
  unsigned n = (unsigned)a->params.words[0];
  sharc_named_attr *e = sharc_xmalloc_array(n + 1, sizeof *e);
  sharc_attr *res = NULL;
  unsigned i = 0;
  for (; i < n; i++) {
    sharc_attr *k = (sharc_attr *)a->params.words[1 + 2 * i];
    sharc_attr *v = from_vhlo(ctx, (sharc_attr *)a->params.words[2 + 2 * i]);
    if (sharc_vhlo_attr_info(k) != &sharc_vhlo_string_v1 || !v)
      break;
    sharc_str s = sharc_attr_string_value((sharc_attr *)k->params.words[0]);
    e[i] = (sharc_named_attr){sharc_ident_get(ctx, s), v};
  }
  if (i == n)
    res = sharc_attr_dictionary(ctx, e, n);
  free(e);
  return res;
}

static sharc_attr *enum_from_vhlo(sharc_context *ctx, const vhlo_attr_info *info, sharc_attr *a) {
  unsigned k = (unsigned)a->params.words[0];
  if (info == &sharc_vhlo_api_version_v1)
    return sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_SIGNLESS), k);
  const shlo_enum_def *def = info->stablehlo;
  for (unsigned i = 0; def->cases[i]; i++)
    if (strcmp(def->cases[i], info->cases[k]) == 0)
      return sharc_shlo_enum_get(ctx, def, i);
  return NULL;
}

/* A VHLO struct back into the StableHLO struct with the same fields. */
static sharc_attr *struct_from_vhlo(sharc_context *ctx, sharc_attr *a, const shlo_struct_def *def) {
  const vhlo_attr_info *info = sharc_vhlo_attr_info(a);
  sharc_attr *f[8] = {0};
  for (unsigned i = 0; i < info->num_fields; i++) {
    sharc_attr *v = (sharc_attr *)a->params.words[i];
    if (v && info->fields[i].kind == VHLO_F_ATTR) {
      if (def->fields[i].kind == SHLO_F_STRING) {
        if (sharc_vhlo_attr_info(v) != &sharc_vhlo_string_v1)
          return NULL;
        v = (sharc_attr *)v->params.words[0];
      } else if (!(v = from_vhlo(ctx, v))) {
        return NULL;
      }
    }
    f[i] = v;
  }
  return sharc_shlo_struct_get(ctx, def, f);
}

static sharc_attr *replica_group_mesh_axes_from_vhlo(sharc_context *ctx, sharc_attr *a) {
  sharc_attr *mesh = (sharc_attr *)a->params.words[0];
  sharc_attr *axes = from_vhlo(ctx, (sharc_attr *)a->params.words[1]);
  sharc_attr *smesh;
  if (sharc_vhlo_attr_info(mesh) == &sharc_vhlo_string_v1) {
    sharc_str s = sharc_attr_string_value((sharc_attr *)mesh->params.words[0]);
    smesh = sharc_attr_symbol_ref(ctx, sharc_ident_get(ctx, s), NULL, 0);
  } else {
    smesh = from_vhlo(ctx, mesh);
  }
  if (!smesh || !axes)
    return NULL;
  sharc_attr *f[2] = {smesh, axes};
  return sharc_shlo_struct_get(ctx, &sharc_shlo_replica_group_mesh_axes_def, f);
}

static sharc_attr *from_vhlo(sharc_context *ctx, sharc_attr *a) {
  const vhlo_attr_info *info = sharc_vhlo_attr_info(a);
  if (!info)
    return NULL;
  const uintptr_t *w = a->params.words;
  switch (info->kind) {
  case VHLO_A_ARRAY:
    return list_from_vhlo(ctx, a);
  case VHLO_A_BOOL:
    return sharc_attr_bool(ctx, w[0] != 0);
  case VHLO_A_DICT:
    return dict_from_vhlo(ctx, a);
  case VHLO_A_FLOAT:
  case VHLO_A_INTEGER:
  case VHLO_A_STRING:
  case VHLO_A_TENSOR:
    return (sharc_attr *)w[0];
  case VHLO_A_TYPE: {
    sharc_type *t = sharc_vhlo_type_to_builtin(ctx, (sharc_type *)w[0]);
    return t ? sharc_attr_type_attr(ctx, t) : NULL;
  }
  case VHLO_A_ENUM:
    return enum_from_vhlo(ctx, info, a);
  case VHLO_A_STRUCT:
    break;
  }
  for (size_t i = 0; i < sizeof struct_attrs / sizeof struct_attrs[0]; i++)
    if (info == struct_attrs[i].vhlo)
      return struct_from_vhlo(ctx, a, struct_attrs[i].shlo);
  if (info == &sharc_vhlo_replica_group_mesh_axes_v1)
    return replica_group_mesh_axes_from_vhlo(ctx, a);
  return NULL;
}

/* ---- VHLO -> StableHLO: special cases and defaults ----------------------------------- */

static sharc_attr *vattr(sharc_op *op, const char *name) { return sharc_op_attr(op, name); }

static bool v_is_bool(sharc_attr *a, bool v) {
  return sharc_vhlo_attr_info(a) == &sharc_vhlo_bool_v1 && (a->params.words[0] != 0) == v;
}

static bool v_is_int(sharc_attr *a, int64_t v) {
  return sharc_vhlo_attr_info(a) == &sharc_vhlo_integer_v1 &&
         sharc_attr_int_value((sharc_attr *)a->params.words[0]) == v;
}

static bool v_is_empty_array(sharc_attr *a) {
  return sharc_vhlo_attr_info(a) == &sharc_vhlo_array_v1 && a->params.words[0] == 0;
}

static bool v_is_empty_dict(sharc_attr *a) {
  return sharc_vhlo_attr_info(a) == &sharc_vhlo_dict_v1 && a->params.words[0] == 0;
}

static bool v_is_string(sharc_attr *a, const char *s) {
  return sharc_vhlo_attr_info(a) == &sharc_vhlo_string_v1 &&
         sharc_str_eq_cstr(sharc_attr_string_value((sharc_attr *)a->params.words[0]), s);
}

static bool v_is_enum(sharc_attr *a, const vhlo_attr_info *info, unsigned k) {
  return sharc_vhlo_attr_info(a) == info && a->params.words[0] == k;
}

/* The scalars of a tensor_v1 holding integers (splats expanded); false for
 * anything else. */
static bool v_ints(sharc_attr *a, sharc_i64_vec *out) {
  if (sharc_vhlo_attr_info(a) != &sharc_vhlo_tensor_v1)
    return false;
  sharc_attr *d = (sharc_attr *)a->params.words[0];
  if (d->kind != SHARC_ATTR_DENSE_ELEMENTS)
    return false;
  sharc_type *t = sharc_attr_type(d);
  sharc_type *e = sharc_type_element(t);
  if (!e || e->kind != SHARC_TYPE_INTEGER || e->integer.width > 64)
    return false;
  int64_t n = sharc_type_num_elements(t);
  if (n < 0)
    return false;
  unsigned width = e->integer.width;
  for (int64_t i = 0; i < n; i++) {
    uint64_t raw = sharc_dense_raw(d)[sharc_dense_splat(d) ? 0 : i];
    int64_t v = (int64_t)raw;
    if (width < 64 && width > 1 && e->integer.sign != SHARC_UNSIGNED && (raw >> (width - 1)) & 1)
      v = (int64_t)(raw | (~(uint64_t)0 << width));
    sharc_vec_push(out, v);
  }
  return true;
}

static bool v_is_splat(sharc_attr *a, int64_t v) {
  sharc_i64_vec vals = {0};
  bool ok = v_ints(a, &vals);
  for (unsigned i = 0; ok && i < vals.len; i++)
    ok = vals.items[i] == v;
  sharc_vec_free(&vals);
  return ok;
}

static bool v_is_empty_tensor(sharc_attr *a) {
  if (sharc_vhlo_attr_info(a) != &sharc_vhlo_tensor_v1)
    return false;
  return sharc_type_num_elements(sharc_attr_type((sharc_attr *)a->params.words[0])) == 0;
}

static bool v_is_splat_precision(sharc_attr *a) {
  if (sharc_vhlo_attr_info(a) != &sharc_vhlo_array_v1)
    return false;
  for (unsigned i = 0; i < a->params.words[0]; i++)
    if (!v_is_enum((sharc_attr *)a->params.words[1 + i], &sharc_vhlo_precision_v1, 0))
      return false;
  return true;
}

static bool v_is_default_accuracy(sharc_attr *a) {
  if (sharc_vhlo_attr_info(a) != &sharc_vhlo_result_accuracy_v1)
    return false;
  const uintptr_t *w = a->params.words;
  return sharc_attr_float_value((sharc_attr *)w[0]) == 0.0 &&
         sharc_attr_float_value((sharc_attr *)w[1]) == 0.0 &&
         sharc_attr_int_value((sharc_attr *)w[2]) == 0 &&
         v_is_enum((sharc_attr *)w[3], &sharc_vhlo_result_accuracy_mode_v1, 0);
}

/* Names of the attributes dropped or already converted: skipped by the
 * generic loop. */
typedef struct skip_set {
  const char *names[24];
  unsigned n;
} skip_set;

static void skip(skip_set *s, const char *name) {
  if (s->n < 24)
    s->names[s->n++] = name;
}

static bool skipped(const skip_set *s, const char *name) {
  for (unsigned i = 0; i < s->n; i++)
    if (strcmp(s->names[i], name) == 0)
      return true;
  return false;
}

static void drop_if(skip_set *s, sharc_op *op, const char *name, bool cond) {
  if (cond && vattr(op, name))
    skip(s, name);
}

static const char *const v_accuracy_ops[] = {
    "vhlo.cbrt_v2", "vhlo.cosine_v2",  "vhlo.exponential_v2", "vhlo.exponential_minus_one_v2",
    "vhlo.log_v2",  "vhlo.log_plus_one_v2", "vhlo.logistic_v2", "vhlo.rsqrt_v2",
    "vhlo.sine_v2", "vhlo.sqrt_v2",    "vhlo.tan_v2",         "vhlo.tanh_v2", NULL};

static void remove_conv_defaults(skip_set *s, sharc_op *op, bool with_padding) {
  drop_if(s, op, "window_strides", v_is_splat(vattr(op, "window_strides"), 1));
  if (with_padding)
    drop_if(s, op, "padding", v_is_splat(vattr(op, "padding"), 0));
  drop_if(s, op, "lhs_dilation", v_is_splat(vattr(op, "lhs_dilation"), 1));
  drop_if(s, op, "rhs_dilation", v_is_splat(vattr(op, "rhs_dilation"), 1));
  drop_if(s, op, "window_reversal", v_is_splat(vattr(op, "window_reversal"), 0));
  drop_if(s, op, "precision_config", v_is_splat_precision(vattr(op, "precision_config")));
}

static void remove_custom_call_defaults(skip_set *s, sharc_op *op) {
  drop_if(s, op, "has_side_effect", v_is_bool(vattr(op, "has_side_effect"), false));
  sharc_attr *bc = vattr(op, "backend_config");
  drop_if(s, op, "backend_config", v_is_string(bc, "") || v_is_empty_dict(bc));
  drop_if(s, op, "api_version", v_is_enum(vattr(op, "api_version"), &sharc_vhlo_api_version_v1, 1));
  drop_if(s, op, "called_computations", v_is_empty_array(vattr(op, "called_computations")));
  bool no_layouts = v_is_empty_array(vattr(op, "operand_layouts")) &&
                    v_is_empty_array(vattr(op, "result_layouts"));
  drop_if(s, op, "operand_layouts", no_layouts);
  drop_if(s, op, "result_layouts", no_layouts);
  drop_if(s, op, "output_operand_aliases", v_is_empty_array(vattr(op, "output_operand_aliases")));
  drop_if(s, op, "result_tilings", v_is_empty_array(vattr(op, "result_tilings")));
}

static void remove_collective_defaults(skip_set *s, sharc_op *op) {
  drop_if(s, op, "channel_id", v_is_int(vattr(op, "channel_id"), 0));
  drop_if(s, op, "use_global_device_ids", v_is_bool(vattr(op, "use_global_device_ids"), false));
  drop_if(s, op, "has_dynamic_root", v_is_bool(vattr(op, "has_dynamic_root"), false));
}

static const char *const v_collectives[] = {
    "vhlo.all_gather_v2", "vhlo.all_reduce_v2", "vhlo.all_to_all_v2",
    "vhlo.collective_permute_v1", "vhlo.reduce_scatter_v1", "vhlo.collective_broadcast_v2",
    "vhlo.collective_reduce_v1", NULL};

static void remove_defaults(skip_set *s, sharc_op *op, const char *name) {
  if (strcmp(name, "vhlo.func_v1") == 0) {
    drop_if(s, op, "sym_visibility", v_is_string(vattr(op, "sym_visibility"), ""));
    drop_if(s, op, "arg_attrs", v_is_empty_array(vattr(op, "arg_attrs")));
    drop_if(s, op, "res_attrs", v_is_empty_array(vattr(op, "res_attrs")));
  } else if (op_is(name, v_collectives)) {
    remove_collective_defaults(s, op);
  } else if (strcmp(name, "vhlo.cholesky_v1") == 0) {
    drop_if(s, op, "lower", v_is_bool(vattr(op, "lower"), false));
  } else if (strcmp(name, "vhlo.compare_v1") == 0) {
    drop_if(s, op, "compare_type",
            v_is_enum(vattr(op, "compare_type"), &sharc_vhlo_comparison_type_v1, 0));
  } else if (strcmp(name, "vhlo.composite_v2") == 0) {
    drop_if(s, op, "version", v_is_int(vattr(op, "version"), 0));
    drop_if(s, op, "composite_attributes", v_is_empty_dict(vattr(op, "composite_attributes")));
  } else if (strcmp(name, "vhlo.convolution_v1") == 0) {
    remove_conv_defaults(s, op, true);
  } else if (strcmp(name, "vhlo.dynamic_conv_v2") == 0) {
    remove_conv_defaults(s, op, false);
  } else if (strcmp(name, "vhlo.custom_call_v2") == 0) {
    remove_custom_call_defaults(s, op);
  } else if (strcmp(name, "vhlo.dot_general_v2") == 0 || strcmp(name, "vhlo.dot_v1") == 0) {
    drop_if(s, op, "precision_config", v_is_splat_precision(vattr(op, "precision_config")));
  } else if (strcmp(name, "vhlo.dynamic_broadcast_in_dim_v1") == 0) {
    drop_if(s, op, "known_expanding_dimensions",
            v_is_empty_tensor(vattr(op, "known_expanding_dimensions")));
    drop_if(s, op, "known_nonexpanding_dimensions",
            v_is_empty_tensor(vattr(op, "known_nonexpanding_dimensions")));
  } else if (strcmp(name, "vhlo.gather_v2") == 0 || strcmp(name, "vhlo.dynamic_gather_v2") == 0) {
    drop_if(s, op, "indices_are_sorted", v_is_bool(vattr(op, "indices_are_sorted"), false));
  } else if (strcmp(name, "vhlo.infeed_v1") == 0) {
    drop_if(s, op, "infeed_config", v_is_string(vattr(op, "infeed_config"), ""));
    drop_if(s, op, "layout", v_is_empty_array(vattr(op, "layout")));
  } else if (strcmp(name, "vhlo.outfeed_v1") == 0) {
    drop_if(s, op, "outfeed_config", v_is_string(vattr(op, "outfeed_config"), ""));
  } else if (strcmp(name, "vhlo.send_v2") == 0 || strcmp(name, "vhlo.recv_v2") == 0) {
    drop_if(s, op, "is_host_transfer", v_is_bool(vattr(op, "is_host_transfer"), false));
    drop_if(s, op, "source_target_pairs", v_is_empty_tensor(vattr(op, "source_target_pairs")));
  } else if (strcmp(name, "vhlo.reduce_window_v1") == 0) {
    drop_if(s, op, "window_strides", v_is_splat(vattr(op, "window_strides"), 1));
    drop_if(s, op, "base_dilations", v_is_splat(vattr(op, "base_dilations"), 1));
    drop_if(s, op, "window_dilations", v_is_splat(vattr(op, "window_dilations"), 1));
    drop_if(s, op, "padding", v_is_splat(vattr(op, "padding"), 0));
  } else if (strcmp(name, "vhlo.scatter_v2") == 0) {
    drop_if(s, op, "indices_are_sorted", v_is_bool(vattr(op, "indices_are_sorted"), false));
    drop_if(s, op, "unique_indices", v_is_bool(vattr(op, "unique_indices"), false));
  } else if (strcmp(name, "vhlo.select_and_scatter_v1") == 0) {
    drop_if(s, op, "window_strides", v_is_splat(vattr(op, "window_strides"), 1));
    drop_if(s, op, "padding", v_is_splat(vattr(op, "padding"), 0));
  } else if (strcmp(name, "vhlo.sort_v1") == 0) {
    drop_if(s, op, "dimension", v_is_int(vattr(op, "dimension"), -1));
    drop_if(s, op, "is_stable", v_is_bool(vattr(op, "is_stable"), false));
  } else if (op_is(name, v_accuracy_ops)) {
    drop_if(s, op, "result_accuracy", v_is_default_accuracy(vattr(op, "result_accuracy")));
  }
}

/* The VHLO attributes named like a StableHLO struct's fields, imploded into
 * it. A dot algorithm of none types means no algorithm at all. */
static bool implode(conv *c, skip_set *s, sharc_op *op, const char *name,
                    const shlo_struct_def *def) {
  sharc_attr *f[16] = {0};
  bool none = false;
  for (unsigned i = 0; i < def->num_fields; i++) {
    sharc_attr *v = vattr(op, def->fields[i].name);
    skip(s, def->fields[i].name);
    if (!v)
      return false;
    if (sharc_vhlo_attr_info(v) == &sharc_vhlo_type_v1 &&
        sharc_vhlo_type_mnemonic((sharc_type *)v->params.words[0]) &&
        strcmp(sharc_vhlo_type_mnemonic((sharc_type *)v->params.words[0]), "none_v1") == 0) {
      none = true;
      continue;
    }
    if (def->fields[i].kind == SHLO_F_DIMS) {
      sharc_i64_vec vals = {0};
      bool ok = v_ints(v, &vals);
      if (ok && (vals.len || !def->fields[i].optional))
        f[i] = sharc_attr_dense_i64_array(c->ctx, vals.items, vals.len);
      sharc_vec_free(&vals);
      if (!ok)
        return false;
    } else if (!(f[i] = from_vhlo(c->ctx, v))) {
      return false;
    }
  }
  if (!none)
    push(c, name, sharc_shlo_struct_get(c->ctx, def, f));
  return true;
}

static bool channel_from_vhlo(conv *c, skip_set *s, sharc_op *op, bool with_type) {
  sharc_attr *id = vattr(op, "channel_id");
  sharc_attr *type = with_type ? vattr(op, "channel_type") : NULL;
  skip(s, "channel_id");
  if (with_type)
    skip(s, "channel_type");
  if (!id)
    return !with_type;
  sharc_attr *f[2] = {from_vhlo(c->ctx, id),
                      type ? from_vhlo(c->ctx, type) : sharc_attr_integer(c->ctx, i64_type(c->ctx), 0)};
  if (!f[0] || !f[1])
    return false;
  push(c, "channel_handle", sharc_shlo_struct_get(c->ctx, &sharc_shlo_channel_handle_def, f));
  return true;
}

static bool implode_special(conv *c, skip_set *s, sharc_op *op, const char *name) {
  if (strcmp(name, "vhlo.convolution_v1") == 0 || strcmp(name, "vhlo.dynamic_conv_v2") == 0)
    return implode(c, s, op, "dimension_numbers", &sharc_shlo_conv_def);
  if (strcmp(name, "vhlo.dot_general_v2") == 0)
    return implode(c, s, op, "dot_dimension_numbers", &sharc_shlo_dot_def) &&
           implode(c, s, op, "algorithm", &sharc_shlo_dot_algorithm_def);
  if (strcmp(name, "vhlo.gather_v2") == 0 || strcmp(name, "vhlo.dynamic_gather_v2") == 0)
    return implode(c, s, op, "dimension_numbers", &sharc_shlo_gather_def);
  if (strcmp(name, "vhlo.scatter_v2") == 0)
    return implode(c, s, op, "scatter_dimension_numbers", &sharc_shlo_scatter_def);
  if (strcmp(name, "vhlo.send_v2") == 0 || strcmp(name, "vhlo.recv_v2") == 0)
    return channel_from_vhlo(c, s, op, true);
  return true;
}

/* The attributes StableHLO keeps as dense arrays (VHLO: tensors), by op. */
typedef struct dense_array_attrs {
  const char *op;
  const char *names[5];
  bool boolean; /* the last name is an i1 array */
} dense_array_attrs;

static const dense_array_attrs dense_arrays[] = {
    {"vhlo.fft_v1", {"fft_length"}, false},
    {"vhlo.broadcast_v1", {"broadcast_sizes"}, false},
    {"vhlo.dynamic_slice_v1", {"slice_sizes"}, false},
    {"vhlo.reverse_v1", {"dimensions"}, false},
    {"vhlo.transpose_v1", {"permutation"}, false},
    {"vhlo.pad_v1", {"edge_padding_low", "edge_padding_high", "interior_padding"}, false},
    {"vhlo.slice_v1", {"start_indices", "limit_indices", "strides"}, false},
    {"vhlo.broadcast_in_dim_v1", {"broadcast_dimensions"}, false},
    {"vhlo.dynamic_broadcast_in_dim_v1",
     {"broadcast_dimensions", "known_expanding_dimensions", "known_nonexpanding_dimensions"},
     false},
    {"vhlo.select_and_scatter_v1", {"window_dimensions", "window_strides"}, false},
    {"vhlo.reduce_window_v1",
     {"window_dimensions", "window_strides", "base_dilations", "window_dilations"},
     false},
    {"vhlo.map_v1", {"dimensions"}, false},
    {"vhlo.reduce_v1", {"dimensions"}, false},
    {"vhlo.gather_v2", {"slice_sizes"}, false},
    {"vhlo.convolution_v1", {"lhs_dilation", "rhs_dilation", "window_strides", "window_reversal"},
     true},
    {"vhlo.dynamic_conv_v2", {"lhs_dilation", "rhs_dilation", "window_strides", "window_reversal"},
     true},
};

/* 0: not a dense array attribute, 64 or 1: its element width. */
static unsigned dense_array_width(const char *op, const char *attr) {
  for (size_t i = 0; i < sizeof dense_arrays / sizeof dense_arrays[0]; i++) {
    if (strcmp(dense_arrays[i].op, op) != 0)
      continue;
    for (unsigned k = 0; k < 5 && dense_arrays[i].names[k]; k++)
      if (strcmp(dense_arrays[i].names[k], attr) == 0)
        return dense_arrays[i].boolean && strcmp(attr, "window_reversal") == 0 ? 1 : 64;
  }
  return 0;
}

static special special_from_vhlo(conv *c, const char *op, const char *name, sharc_attr *a) {
  if (op_is(op, v_collectives)) {
    if (strcmp(name, "channel_id") == 0) {
      sharc_attr *f[2] = {from_vhlo(c->ctx, a), sharc_attr_integer(c->ctx, i64_type(c->ctx), 0)};
      if (!f[0])
        return SPECIAL_FAIL;
      push(c, "channel_handle", sharc_shlo_struct_get(c->ctx, &sharc_shlo_channel_handle_def, f));
      return SPECIAL_OK;
    }
    if (strcmp(name, "use_global_device_ids") == 0 || strcmp(name, "has_dynamic_root") == 0) {
      if (sharc_vhlo_attr_info(a) != &sharc_vhlo_bool_v1)
        return SPECIAL_FAIL;
      if (a->params.words[0])
        push(c, name, sharc_attr_unit(c->ctx));
      return SPECIAL_OK;
    }
  }
  if ((strcmp(op, "vhlo.custom_call_v2") == 0 && strcmp(name, "called_computations") == 0) ||
      (strcmp(op, "vhlo.composite_v2") == 0 && strcmp(name, "decomposition") == 0) ||
      (strcmp(op, "vhlo.call_v1") == 0 && strcmp(name, "callee") == 0)) {
    /* symbol names: strings in VHLO */
    bool is_array = sharc_vhlo_attr_info(a) == &sharc_vhlo_array_v1;
    unsigned n = is_array ? (unsigned)a->params.words[0] : 1;
    sharc_attr **refs = sharc_xmalloc_array(n + 1, sizeof *refs);
    bool ok = true;
    for (unsigned i = 0; i < n && ok; i++) {
      sharc_attr *e = is_array ? (sharc_attr *)a->params.words[1 + i] : a;
      ok = sharc_vhlo_attr_info(e) == &sharc_vhlo_string_v1;
      if (ok)
        refs[i] = sharc_attr_symbol_ref(
            c->ctx, sharc_ident_get(c->ctx, sharc_attr_string_value((sharc_attr *)e->params.words[0])),
            NULL, 0);
    }
    if (ok)
      push(c, name, is_array ? sharc_attr_array(c->ctx, refs, n) : refs[0]);
    free(refs);
    return result_of(ok);
  }
  unsigned width = dense_array_width(op, name);
  if (width) {
    sharc_i64_vec vals = {0};
    bool ok = v_ints(a, &vals);
    if (ok) {
      if (width == 64)
        push(c, name, sharc_attr_dense_i64_array(c->ctx, vals.items, vals.len));
      else {
        uint64_t *raw = sharc_xmalloc_array(vals.len + 1, sizeof *raw);
        for (unsigned i = 0; i < vals.len; i++)
          raw[i] = vals.items[i] != 0;
        push(c, name,
             sharc_attr_dense_array(c->ctx, sharc_type_integer(c->ctx, 1, SHARC_SIGNLESS), raw,
                                    vals.len));
        free(raw);
      }
    }
    sharc_vec_free(&vals);
    return result_of(ok);
  }
  return NOT_SPECIAL;
}

/* ---- the op rewrite ------------------------------------------------------------------- */

/* "stablehlo.add" -> "vhlo.add_v1": the current version of the same name. */
static const vhlo_op_def *vhlo_target(const char *name) {
  const char *base = NULL;
  if (strncmp(name, "stablehlo.", 10) == 0)
    base = name + 10;
  else if (strcmp(name, "func.func") == 0)
    base = "func";
  else if (strcmp(name, "func.call") == 0)
    base = "call";
  else if (strcmp(name, "func.return") == 0)
    base = "return";
  if (!base)
    return NULL;
  char buf[96];
  for (int v = 1; v <= 9; v++) {
    snprintf(buf, sizeof buf, "vhlo.%s_v%d", base, v);
    const vhlo_op_def *d = sharc_vhlo_op_lookup(buf);
    if (d && strcmp(d->max_version, "current") == 0)
      return d;
  }
  return NULL;
}

/* "vhlo.add_v1" -> "stablehlo.add", only for the current version. */
static bool stablehlo_target(const sharc_op *op, char *buf, size_t size) {
  const vhlo_op_def *d = sharc_vhlo_op_of(op);
  if (!d || strcmp(d->max_version, "current") != 0)
    return false;
  const char *name = d->def.name + 5;
  const char *us = strrchr(name, '_');
  size_t len = (size_t)(us - name);
  if (strcmp(d->def.name, "vhlo.func_v1") == 0)
    snprintf(buf, size, "func.func");
  else if (strcmp(d->def.name, "vhlo.call_v1") == 0)
    snprintf(buf, size, "func.call");
  else if (strcmp(d->def.name, "vhlo.return_v1") == 0) {
    const sharc_op *parent = sharc_op_parent_op(op);
    bool in_func = parent && (sharc_op_is(parent, "vhlo.func_v1") || sharc_op_is(parent, "func.func"));
    snprintf(buf, size, in_func ? "func.return" : "stablehlo.return");
  } else
    snprintf(buf, size, "stablehlo.%.*s", (int)len, name);
  return true;
}

static bool convert_types(sharc_context *ctx, sharc_type *const *in, unsigned n, sharc_type **out,
                          bool to_v, bool allow_other) {
  for (unsigned i = 0; i < n; i++) {
    out[i] = to_v ? sharc_vhlo_type_from_builtin(ctx, in[i]) : sharc_vhlo_type_to_builtin(ctx, in[i]);
    if (!out[i] && allow_other)
      out[i] = in[i];
    if (!out[i])
      return false;
  }
  return true;
}

/* Block argument types of every block of the op's regions. */
static bool convert_region_types(sharc_op *op, bool to_v, bool allow_other) {
  sharc_context *ctx = sharc_op_context(op);
  for (unsigned r = 0; r < sharc_op_num_regions(op); r++)
    for (sharc_block *b = sharc_region_first_block(sharc_op_region(op, r)); b;
         b = sharc_block_next(b))
      for (unsigned i = 0; i < sharc_block_num_args(b); i++) {
        sharc_value *v = sharc_block_arg(b, i);
        sharc_type *t;
        if (!convert_types(ctx, (sharc_type *const *)&v->type, 1, &t, to_v, allow_other))
          return false;
        sharc_value_set_type(v, t);
      }
  return true;
}

static bool build_attrs(conv *c, sharc_op *op, const char *name, bool to_v) {
  sharc_attr *dict = sharc_op_attrs(op);
  const sharc_named_attr *e = sharc_attr_dict_entries(dict);
  unsigned n = sharc_attr_count(dict);
  skip_set s = {{0}, 0};
  if (to_v) {
    add_defaults(c, op, name);
  } else {
    remove_defaults(&s, op, name);
    if (!implode_special(c, &s, op, name))
      return false;
  }
  for (unsigned i = 0; i < n; i++) {
    const char *an = e[i].name->data;
    if (skipped(&s, an) || has_out(c, an))
      continue;
    special sp = to_v ? special_to_vhlo(c, name, an, e[i].value)
                      : special_from_vhlo(c, name, an, e[i].value);
    if (sp == SPECIAL_FAIL)
      return false;
    if (sp == SPECIAL_OK)
      continue;
    sharc_attr *v = to_v ? to_vhlo(c->ctx, e[i].value) : from_vhlo(c->ctx, e[i].value);
    if (!v)
      return false;
    push(c, an, v);
  }
  return true;
}

static bool convert_op(sharc_rewriter *rw, sharc_op *op, const char *target, bool to_v,
                       bool allow_other) {
  sharc_context *ctx = sharc_op_context(op);
  const char *name = sharc_op_name(op)->data;
  conv c = {ctx, {0}};
  unsigned nres = sharc_op_num_results(op);
  sharc_type **types = sharc_xmalloc_array(nres + 1, sizeof *types);
  sharc_type **in = sharc_op_result_types(op);
  bool ok = convert_types(ctx, in, nres, types, to_v, allow_other) && build_attrs(&c, op, name, to_v) &&
            convert_region_types(op, to_v, allow_other);
  if (ok) {
    sharc_vhlo_replace_op_renamed(rw, op, target, types,
                                  sharc_attr_dictionary(ctx, c.out.items, c.out.len));
  }
  sharc_vec_free(&c.out);
  free(types);
  free(in);
  return ok;
}

static bool legalize_error(sharc_op *op) {
  sharc_rw_emit_not_legalized(op);
  return false;
}

static bool is_illegal_for_vhlo(const sharc_op *op) {
  const char *name = sharc_op_name(op)->data;
  return strncmp(name, "stablehlo.", 10) == 0 || strncmp(name, "func.", 5) == 0;
}

typedef struct convert_state {
  sharc_rewriter *rw;
  sharc_op *root;
  bool allow_other_dialects;
} convert_state;

static bool op_from_stablehlo(sharc_op *op, void *user) {
  const convert_state *st = user;
  if (op == st->root || !is_illegal_for_vhlo(op))
    return true;
  const vhlo_op_def *target = vhlo_target(sharc_op_name(op)->data);
  if (!target || !convert_op(st->rw, op, target->def.name, true, st->allow_other_dialects))
    return legalize_error(op);
  return true;
}

bool sharc_vhlo_from_stablehlo(sharc_rewriter *rw, sharc_op *root, bool allow_other_dialects) {
  convert_state st = {rw, root, allow_other_dialects};
  return sharc_pick_each(root, SHARC_PRE_ORDER, NULL, NULL, op_from_stablehlo, &st);
}

static bool op_to_stablehlo(sharc_op *op, void *user) {
  const convert_state *st = user;
  if (op == st->root || !sharc_vhlo_op_of(op))
    return true;
  char target[96];
  if (!stablehlo_target(op, target, sizeof target) || !convert_op(st->rw, op, target, false, false))
    return legalize_error(op);
  return true;
}

bool sharc_vhlo_to_stablehlo(sharc_rewriter *rw, sharc_op *root) {
  convert_state st = {rw, root, false};
  return sharc_pick_each(root, SHARC_PRE_ORDER, NULL, NULL, op_to_stablehlo, &st);
}

sharc_op *sharc_vhlo_replace_op_renamed(sharc_rewriter *rw, sharc_op *op, const char *name,
                                        sharc_type *const *types, sharc_attr *attrs) {
  sharc_value **operands = sharc_op_operand_values(op);
  unsigned num_regions = sharc_op_num_regions(op);
  sharc_rw_set_before(rw, op);
  sharc_op *repl = sharc_rw_create_named(rw, name, sharc_op_loc(op), operands,
                                         sharc_op_num_operands(op), types,
                                         sharc_op_num_results(op), attrs, num_regions);
  for (unsigned r = 0; r < num_regions; r++)
    sharc_rw_inline_region_before(rw, sharc_op_region(op, r), sharc_op_region(repl, r), NULL);
  sharc_rw_replace_op_with_op(rw, op, repl);
  free(operands);
  return repl;
}
