/* VHLO's attributes (VhloAttrs.td, VhloEnums.td): the versioned wrappers of
 * builtin attributes (#vhlo.integer_v1<1 : i64>, #vhlo.tensor_v1<dense<..>>),
 * the struct attributes printed as ODS `struct(params)`, and the enums
 * (#vhlo<comparison_direction_v1 EQ>), with their parsing and printing. */
#include "dialect/vhlo/vhlo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool attr_may_alias(const sharc_attr *a) {
  (void)a;
  return true;
}

/* Attribute-valued words of the kinds that hold attributes. */
static void walk_attr(const sharc_attr *a, const sharc_subelement_fns *f) {
  const vhlo_attr_info *info = (const vhlo_attr_info *)a->def;
  const uintptr_t *w = a->params.words;
  switch (info->kind) {
  case VHLO_A_ARRAY:
    for (unsigned i = 1; i < a->params.n && f->attr; i++)
      f->attr((sharc_attr *)w[i], f->user);
    return;
  case VHLO_A_DICT:
    for (unsigned i = 1; i < a->params.n && f->attr; i++)
      f->attr((sharc_attr *)w[i], f->user);
    return;
  case VHLO_A_FLOAT:
  case VHLO_A_INTEGER:
  case VHLO_A_TENSOR:
    if (f->attr)
      f->attr((sharc_attr *)w[0], f->user);
    if (f->type)
      f->type((sharc_type *)w[1], f->user);
    return;
  case VHLO_A_STRING:
    if (f->attr)
      f->attr((sharc_attr *)w[0], f->user);
    return;
  case VHLO_A_TYPE:
    if (f->type)
      f->type((sharc_type *)w[0], f->user);
    return;
  case VHLO_A_STRUCT:
    for (unsigned i = 0; i < a->params.n && f->attr; i++)
      if (w[i])
        f->attr((sharc_attr *)w[i], f->user);
    return;
  case VHLO_A_BOOL:
  case VHLO_A_ENUM:
    return;
  }
}

/* ---- printing ---------------------------------------------------------------- */

static void print_dims(sharc_printer *p, const sharc_attr *dims) {
  char buf[32];
  sharc_pr_puts(p, "[");
  for (unsigned i = 0; i < sharc_attr_count(dims); i++) {
    int64_t v = sharc_attr_dense_array_i64(dims, i);
    if (i)
      sharc_pr_puts(p, ", ");
    if (v == SHARC_DYNAMIC)
      sharc_pr_puts(p, "?");
    else {
      snprintf(buf, sizeof buf, "%lld", (long long)v);
      sharc_pr_puts(p, buf);
    }
  }
  sharc_pr_puts(p, "]");
}

static void print_struct(sharc_printer *p, const vhlo_attr_info *info, const sharc_attr *a) {
  bool first = true;
  sharc_pr_puts(p, "<");
  for (unsigned i = 0; i < info->num_fields; i++) {
    const sharc_attr *f = (const sharc_attr *)a->params.words[i];
    if (!f)
      continue;
    if (!first)
      sharc_pr_puts(p, ", ");
    first = false;
    sharc_pr_puts(p, info->fields[i].name);
    sharc_pr_puts(p, " = ");
    if (info->fields[i].kind == VHLO_F_DIMS)
      print_dims(p, f);
    else if (info->fields[i].kind == VHLO_F_ATTR)
      sharc_pr_attr(p, f);
    else
      sharc_pr_attr_no_type(p, f);
  }
  sharc_pr_puts(p, ">");
}

static void print_attr(sharc_printer *p, const sharc_attr *a) {
  const vhlo_attr_info *info = (const vhlo_attr_info *)a->def;
  const uintptr_t *w = a->params.words;
  switch (info->kind) {
  case VHLO_A_STRUCT:
    print_struct(p, info, a);
    return;
  default:
    break;
  }
  sharc_pr_puts(p, "<");
  switch (info->kind) {
  case VHLO_A_ARRAY:
    sharc_pr_puts(p, "[");
    for (unsigned i = 1; i < a->params.n; i++) {
      if (i > 1)
        sharc_pr_puts(p, ", ");
      sharc_pr_attr(p, (const sharc_attr *)w[i]);
    }
    sharc_pr_puts(p, "]");
    break;
  case VHLO_A_BOOL:
    sharc_pr_puts(p, w[0] ? "true" : "false");
    break;
  case VHLO_A_DICT:
    sharc_pr_puts(p, "{");
    for (unsigned i = 1; i + 1 < a->params.n; i += 2) {
      if (i > 1)
        sharc_pr_puts(p, ", ");
      sharc_pr_attr(p, (const sharc_attr *)w[i]);
      sharc_pr_puts(p, " = ");
      sharc_pr_attr(p, (const sharc_attr *)w[i + 1]);
    }
    sharc_pr_puts(p, "}");
    break;
  case VHLO_A_FLOAT:
    sharc_pr_attr_no_type(p, (const sharc_attr *)w[0]);
    sharc_pr_puts(p, " : ");
    sharc_pr_type(p, (const sharc_type *)w[1]);
    break;
  case VHLO_A_INTEGER:
  case VHLO_A_TENSOR:
  case VHLO_A_STRING:
    sharc_pr_attr(p, (const sharc_attr *)w[0]);
    break;
  case VHLO_A_TYPE:
    sharc_pr_type(p, (const sharc_type *)w[0]);
    break;
  default:
    break;
  }
  sharc_pr_puts(p, ">");
}

/* #vhlo<comparison_direction_v1 EQ>: the def has no name, the hook prints
 * everything after `#vhlo`. */
static void print_enum(sharc_printer *p, const sharc_attr *a) {
  const vhlo_attr_info *info = (const vhlo_attr_info *)a->def;
  sharc_pr_puts(p, "<");
  sharc_pr_puts(p, ((const char *const *)info->fields)[0]);
  sharc_pr_puts(p, " ");
  sharc_pr_puts(p, info->cases[a->params.words[0]]);
  sharc_pr_puts(p, ">");
}

/* ---- the definitions ----------------------------------------------------------- */

#define VHLO_ATTR(var, mn, kind, min)                                                          \
  const vhlo_attr_info var = {{{mn, &sharc_vhlo_dialect, print_attr, NULL, attr_may_alias,    \
                                walk_attr},                                                  \
                               min,                                                          \
                               "current"},                                                   \
                              kind,                                                          \
                              NULL,                                                          \
                              0,                                                             \
                              NULL,                                                          \
                              NULL}

VHLO_ATTR(sharc_vhlo_array_v1, "array_v1", VHLO_A_ARRAY, "0.9.0");
VHLO_ATTR(sharc_vhlo_bool_v1, "bool_v1", VHLO_A_BOOL, "0.9.0");
VHLO_ATTR(sharc_vhlo_dict_v1, "dict_v1", VHLO_A_DICT, "0.9.0");
VHLO_ATTR(sharc_vhlo_float_v1, "float_v1", VHLO_A_FLOAT, "0.9.0");
VHLO_ATTR(sharc_vhlo_integer_v1, "integer_v1", VHLO_A_INTEGER, "0.9.0");
VHLO_ATTR(sharc_vhlo_string_v1, "string_v1", VHLO_A_STRING, "0.9.0");
VHLO_ATTR(sharc_vhlo_tensor_v1, "tensor_v1", VHLO_A_TENSOR, "0.9.0");
VHLO_ATTR(sharc_vhlo_type_v1, "type_v1", VHLO_A_TYPE, "0.9.0");

#define FIELDS(var, ...) static const vhlo_field var[] = {__VA_ARGS__}
#define VHLO_STRUCT(var, mn, fields, min)                                                      \
  const vhlo_attr_info var = {{{mn, &sharc_vhlo_dialect, print_attr, NULL, attr_may_alias,    \
                                walk_attr},                                                  \
                               min,                                                          \
                               "current"},                                                   \
                              VHLO_A_STRUCT,                                                 \
                              fields,                                                        \
                              sizeof fields / sizeof fields[0],                              \
                              NULL,                                                          \
                              NULL}

FIELDS(type_extensions_fields, {"bounds", VHLO_F_DIMS, false});
FIELDS(output_operand_alias_fields, {"outputTupleIndices", VHLO_F_DIMS, false},
       {"operandIndex", VHLO_F_INT, false}, {"operandTupleIndices", VHLO_F_DIMS, false});
FIELDS(result_accuracy_fields, {"atol", VHLO_F_FLOAT, false}, {"rtol", VHLO_F_FLOAT, false},
       {"ulps", VHLO_F_INT, false}, {"mode", VHLO_F_ATTR, false});
FIELDS(sub_axis_info_fields, {"pre_size", VHLO_F_INT, false}, {"size", VHLO_F_INT, false});
FIELDS(axis_ref_fields, {"name", VHLO_F_ATTR, false}, {"sub_axis_info", VHLO_F_ATTR, true});
FIELDS(replica_group_mesh_axes_fields, {"mesh", VHLO_F_ATTR, false}, {"axes", VHLO_F_ATTR, false});
FIELDS(mesh_axis_fields, {"name", VHLO_F_ATTR, false}, {"size", VHLO_F_INT, false});
FIELDS(mesh_fields, {"axes", VHLO_F_ATTR, false}, {"device_ids", VHLO_F_ATTR, true});

VHLO_STRUCT(sharc_vhlo_type_extensions_v1, "type_extensions_v1", type_extensions_fields, "0.9.0");
VHLO_STRUCT(sharc_vhlo_output_operand_alias_v1, "output_operand_alias_v1",
            output_operand_alias_fields, "0.9.0");
VHLO_STRUCT(sharc_vhlo_result_accuracy_v1, "result_accuracy_v1", result_accuracy_fields, "1.9.0");
VHLO_STRUCT(sharc_vhlo_sub_axis_info_v1, "sub_axis_info_v1", sub_axis_info_fields, "1.16.0");
VHLO_STRUCT(sharc_vhlo_axis_ref_v1, "axis_ref_v1", axis_ref_fields, "1.16.0");
VHLO_STRUCT(sharc_vhlo_replica_group_mesh_axes_v1, "replica_group_mesh_axes_v1",
            replica_group_mesh_axes_fields, "1.16.0");
VHLO_STRUCT(sharc_vhlo_mesh_axis_v1, "mesh_axis_v1", mesh_axis_fields, "1.16.0");
VHLO_STRUCT(sharc_vhlo_mesh_v1, "mesh_v1", mesh_fields, "1.16.0");

/* Enums keep their mnemonic in a one-entry "fields" slot (the def's name is
 * NULL: they print as #vhlo<mnemonic CASE>). */
#define VHLO_ENUM(var, mn, min, shlo, ...)                                                     \
  static const char *const var##_cases[] = {__VA_ARGS__, NULL};                              \
  static const char *const var##_mnemonic[] = {mn};                                          \
  const vhlo_attr_info var = {{{NULL, &sharc_vhlo_dialect, print_enum, NULL, NULL, NULL},     \
                               min,                                                          \
                               "current"},                                                   \
                              VHLO_A_ENUM,                                                   \
                              (const vhlo_field *)var##_mnemonic,                            \
                              0,                                                             \
                              var##_cases,                                                   \
                              shlo}

VHLO_ENUM(sharc_vhlo_comparison_direction_v1, "comparison_direction_v1", "0.9.0",
          &sharc_shlo_comparison_direction, "EQ", "NE", "GE", "GT", "LE", "LT");
VHLO_ENUM(sharc_vhlo_comparison_type_v1, "comparison_type_v1", "0.9.0",
          &sharc_shlo_comparison_type, "NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED");
VHLO_ENUM(sharc_vhlo_api_version_v1, "api_version_v1", "0.9.0", NULL, "API_VERSION_UNSPECIFIED",
          "API_VERSION_ORIGINAL", "API_VERSION_STATUS_RETURNING",
          "API_VERSION_STATUS_RETURNING_UNIFIED", "API_VERSION_TYPED_FFI");
VHLO_ENUM(sharc_vhlo_fft_type_v1, "fft_type_v1", "0.9.0", &sharc_shlo_fft_type, "FFT", "IFFT",
          "RFFT", "IRFFT");
VHLO_ENUM(sharc_vhlo_precision_v1, "precision_v1", "0.9.0", &sharc_shlo_precision, "DEFAULT",
          "HIGH", "HIGHEST");
VHLO_ENUM(sharc_vhlo_rng_algorithm_v1, "rng_algorithm_v1", "0.9.0", &sharc_shlo_rng_algorithm,
          "DEFAULT", "THREE_FRY", "PHILOX");
VHLO_ENUM(sharc_vhlo_rng_distribution_v1, "rng_distribution_v1", "0.9.0",
          &sharc_shlo_rng_distribution, "UNIFORM", "NORMAL");
VHLO_ENUM(sharc_vhlo_transpose_v1, "transpose_v1", "0.9.0", &sharc_shlo_transpose,
          "TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT");
VHLO_ENUM(sharc_vhlo_result_accuracy_mode_v1, "result_accuracy_mode_v1", "1.9.0",
          &sharc_shlo_result_accuracy_mode, "DEFAULT", "HIGHEST", "TOLERANCE");

static const vhlo_attr_info *const named_attrs[] = {
    &sharc_vhlo_array_v1,           &sharc_vhlo_bool_v1,          &sharc_vhlo_dict_v1,
    &sharc_vhlo_float_v1,           &sharc_vhlo_integer_v1,       &sharc_vhlo_string_v1,
    &sharc_vhlo_tensor_v1,          &sharc_vhlo_type_v1,          &sharc_vhlo_type_extensions_v1,
    &sharc_vhlo_output_operand_alias_v1, &sharc_vhlo_result_accuracy_v1,
    &sharc_vhlo_sub_axis_info_v1,   &sharc_vhlo_axis_ref_v1,
    &sharc_vhlo_replica_group_mesh_axes_v1, &sharc_vhlo_mesh_axis_v1, &sharc_vhlo_mesh_v1,
};

static const vhlo_attr_info *const enums[] = {
    &sharc_vhlo_comparison_direction_v1, &sharc_vhlo_comparison_type_v1,
    &sharc_vhlo_api_version_v1,          &sharc_vhlo_fft_type_v1,
    &sharc_vhlo_precision_v1,            &sharc_vhlo_rng_algorithm_v1,
    &sharc_vhlo_rng_distribution_v1,     &sharc_vhlo_transpose_v1,
    &sharc_vhlo_result_accuracy_mode_v1,
};

static const char *enum_mnemonic(const vhlo_attr_info *info) {
  return ((const char *const *)info->fields)[0];
}

const vhlo_attr_info *sharc_vhlo_attr_info(const sharc_attr *a) {
  if (!sharc_vhlo_is_attr(a))
    return NULL;
  return (const vhlo_attr_info *)a->def;
}

bool sharc_vhlo_is_attr(const sharc_attr *a) {
  return a && a->kind == SHARC_ATTR_DIALECT && a->def->dialect == &sharc_vhlo_dialect;
}

sharc_attr *sharc_vhlo_attr_get(sharc_context *ctx, const vhlo_attr_info *info,
                                const uintptr_t *words, unsigned n) {
  return sharc_attr_dialect(ctx, &info->def.base, words, n, NULL);
}

const vhlo_attr_info *sharc_vhlo_enum_for(const shlo_enum_def *stablehlo) {
  for (size_t i = 0; i < sizeof enums / sizeof enums[0]; i++)
    if (enums[i]->stablehlo == stablehlo)
      return enums[i];
  return NULL;
}

static sharc_vhlo_version version_of(const char *s) {
  if (strcmp(s, "current") == 0)
    return sharc_vhlo_current_version();
  sharc_vhlo_version v = {0, 0, 0};
  sharc_vhlo_version_parse((sharc_str){s, strlen(s)}, &v);
  return v;
}

bool sharc_vhlo_attr_versions(const sharc_attr *a, sharc_vhlo_version *min,
                              sharc_vhlo_version *max) {
  const vhlo_attr_info *info = sharc_vhlo_attr_info(a);
  if (!info)
    return false;
  *min = version_of(info->def.min_version);
  *max = version_of(info->def.max_version);
  return true;
}

const char *sharc_vhlo_attr_mnemonic(const sharc_attr *a) {
  const vhlo_attr_info *info = sharc_vhlo_attr_info(a);
  if (!info)
    return NULL;
  return info->kind == VHLO_A_ENUM ? enum_mnemonic(info) : info->def.base.name;
}

/* ---- parsing ------------------------------------------------------------------------ */

static sharc_attr *make(sharc_parser *p, const vhlo_attr_info *info, const uintptr_t *w,
                        unsigned n) {
  return sharc_vhlo_attr_get(sharc_p_context(p), info, w, n);
}

/* [1, ?, 3] into a dense i64 array. */
static bool parse_dims(sharc_parser *p, sharc_attr **out) {
  sharc_i64_vec v = {0};
  bool ok = sharc_p_expect(p, '[');
  if (ok && !sharc_p_eat(p, ']')) {
    do {
      int64_t d;
      if (sharc_p_eat(p, '?'))
        d = SHARC_DYNAMIC;
      else
        ok = sharc_p_parse_int(p, &d);
      if (ok)
        sharc_vec_push(&v, d);
    } while (ok && sharc_p_eat(p, ','));
    ok = ok && sharc_p_expect(p, ']');
  }
  if (ok)
    *out = sharc_attr_dense_i64_array(sharc_p_context(p), v.items, v.len);
  sharc_vec_free(&v);
  return ok;
}

static bool parse_field(sharc_parser *p, const vhlo_field *f, sharc_attr **out) {
  sharc_context *ctx = sharc_p_context(p);
  int64_t v;
  switch (f->kind) {
  case VHLO_F_DIMS:
    return parse_dims(p, out);
  case VHLO_F_INT:
    if (!sharc_p_parse_int(p, &v))
      return false;
    *out = sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), v);
    return true;
  case VHLO_F_FLOAT:
    return sharc_p_parse_attr(p, sharc_type_float(ctx, SHARC_F64), out);
  case VHLO_F_ATTR:
    return sharc_p_parse_attr(p, NULL, out);
  }
  return false;
}

/* `<name = value, ...>` in declaration order, optional fields may be left out. */
static sharc_attr *parse_struct(sharc_parser *p, const vhlo_attr_info *info) {
  uintptr_t w[8] = {0};
  sharc_token start = *sharc_p_tok(p);
  if (!sharc_p_expect(p, '<'))
    return NULL;
  bool first = true;
  for (unsigned i = 0; i < info->num_fields; i++) {
    const vhlo_field *f = &info->fields[i];
    const sharc_token *t = sharc_p_tok(p);
    if (f->optional && !(t->kind == TOK_BARE_ID && sharc_tok_is_keyword(t, f->name)))
      continue;
    if (!first && !sharc_p_expect(p, ','))
      return NULL;
    first = false;
    sharc_attr *a = NULL;
    if (!sharc_p_expect_keyword(p, f->name) || !sharc_p_expect(p, '=') || !parse_field(p, f, &a))
      return NULL;
    w[i] = (uintptr_t)a;
    if (f->optional && sharc_tok_is(sharc_p_tok(p), ','))
      continue;
  }
  if (!sharc_p_expect(p, '>'))
    return NULL;
  if (info == &sharc_vhlo_result_accuracy_v1 && !sharc_vhlo_is_attr((sharc_attr *)w[3])) {
    sharc_p_error_at(p, &start, "expected VHLO result accuracy mode");
    return NULL;
  }
  return make(p, info, w, info->num_fields);
}

static sharc_attr *parse_array(sharc_parser *p) {
  sharc_ptrvec elems = {0};
  sharc_ptrvec_push(&elems, NULL);
  bool ok = sharc_p_expect(p, '<') && sharc_p_expect(p, '[');
  if (ok && !sharc_p_eat(p, ']')) {
    do {
      sharc_attr *a;
      ok = sharc_p_parse_attr(p, NULL, &a);
      if (ok)
        sharc_ptrvec_push(&elems, a);
    } while (ok && sharc_p_eat(p, ','));
    ok = ok && sharc_p_expect(p, ']');
  }
  ok = ok && sharc_p_expect(p, '>');
  sharc_attr *res = NULL;
  if (ok) {
    elems.items[0] = (void *)(uintptr_t)(elems.len - 1);
    res = make(p, &sharc_vhlo_array_v1, (const uintptr_t *)elems.items, elems.len);
  }
  sharc_ptrvec_free(&elems);
  return res;
}

static sharc_attr *parse_dict(sharc_parser *p) {
  sharc_ptrvec elems = {0};
  sharc_ptrvec_push(&elems, NULL);
  sharc_token at = *sharc_p_tok(p);
  bool ok = sharc_p_expect(p, '<') && sharc_p_expect(p, '{');
  if (ok && !sharc_p_eat(p, '}')) {
    do {
      sharc_attr *k = NULL, *v = NULL;
      ok = sharc_p_parse_attr(p, NULL, &k) && sharc_p_expect(p, '=') &&
           sharc_p_parse_attr(p, NULL, &v);
      if (ok) {
        sharc_ptrvec_push(&elems, k);
        sharc_ptrvec_push(&elems, v);
      }
    } while (ok && sharc_p_eat(p, ','));
    ok = ok && sharc_p_expect(p, '}');
  }
  ok = ok && sharc_p_expect(p, '>');
  /* DictionaryV1Attr::verify */
  for (unsigned i = 1; ok && i < elems.len; i += 2)
    if (!sharc_vhlo_is_attr(elems.items[i]))
      ok = sharc_p_error_at(p, &at, "expected VHLO key attribute");
  for (unsigned i = 2; ok && i < elems.len; i += 2)
    if (!sharc_vhlo_is_attr(elems.items[i]))
      ok = sharc_p_error_at(p, &at, "expected VHLO value attribute");
  sharc_attr *res = NULL;
  if (ok) {
    elems.items[0] = (void *)(uintptr_t)((elems.len - 1) / 2);
    res = make(p, &sharc_vhlo_dict_v1, (const uintptr_t *)elems.items, elems.len);
  }
  sharc_ptrvec_free(&elems);
  return res;
}

/* integer_v1 / tensor_v1: a builtin attribute with its builtin type, whose
 * type VHLO keeps in its own spelling too. */
static sharc_attr *parse_wrapped(sharc_parser *p, const vhlo_attr_info *info) {
  sharc_token at = *sharc_p_tok(p);
  sharc_attr *a = NULL;
  if (!sharc_p_expect(p, '<') || !sharc_p_parse_attr(p, NULL, &a))
    return NULL;
  sharc_attr_kind want = info->kind == VHLO_A_INTEGER ? SHARC_ATTR_INTEGER : SHARC_ATTR_DENSE_ELEMENTS;
  if (a->kind == SHARC_ATTR_BOOL && info->kind == VHLO_A_INTEGER) {
    sharc_context *ctx = sharc_p_context(p);
    a = sharc_attr_integer(ctx, sharc_type_integer(ctx, 1, SHARC_SIGNLESS), sharc_attr_bool_value(a));
  } else if (a->kind != want && !(info == &sharc_vhlo_tensor_v1 && a->kind == SHARC_ATTR_DENSE_STRING)) {
    sharc_p_error_at(p, &at, "invalid %s attribute", info->def.base.name);
    return NULL;
  }
  sharc_type *vt = sharc_vhlo_type_from_builtin(sharc_p_context(p), sharc_attr_type(a));
  if (!vt) {
    sharc_p_error_at(p, &at, "expected VHLO type");
    return NULL;
  }
  if (!sharc_p_expect(p, '>'))
    return NULL;
  uintptr_t w[2] = {(uintptr_t)a, (uintptr_t)vt};
  return make(p, info, w, 2);
}

static sharc_attr *parse_float(sharc_parser *p) {
  sharc_context *ctx = sharc_p_context(p);
  sharc_attr *v = NULL;
  sharc_type *vt = NULL;
  sharc_token at;
  if (!sharc_p_expect(p, '<') || !sharc_p_parse_attr(p, sharc_type_float(ctx, SHARC_F64), &v) ||
      !sharc_p_expect(p, ':'))
    return NULL;
  at = *sharc_p_tok(p);
  if (!sharc_p_parse_type(p, &vt) || !sharc_p_expect(p, '>'))
    return NULL;
  sharc_type *bt = sharc_vhlo_type_to_builtin(ctx, vt);
  if (!bt || bt->kind != SHARC_TYPE_FLOAT) {
    sharc_p_error_at(p, &at, "expected a VHLO float type");
    return NULL;
  }
  uintptr_t w[2] = {(uintptr_t)sharc_attr_float(ctx, bt, sharc_attr_float_value(v)), (uintptr_t)vt};
  return make(p, &sharc_vhlo_float_v1, w, 2);
}

static sharc_attr *parse_simple(sharc_parser *p, const vhlo_attr_info *info) {
  sharc_context *ctx = sharc_p_context(p);
  if (!sharc_p_expect(p, '<'))
    return NULL;
  uintptr_t w = 0;
  if (info->kind == VHLO_A_BOOL) {
    if (sharc_p_eat_keyword(p, "true"))
      w = 1;
    else if (!sharc_p_expect_keyword(p, "false"))
      return NULL;
  } else if (info->kind == VHLO_A_STRING) {
    sharc_str s;
    if (!sharc_p_parse_string(p, &s))
      return NULL;
    w = (uintptr_t)sharc_attr_string(ctx, s);
  } else {
    sharc_type *t;
    sharc_token at = *sharc_p_tok(p);
    if (!sharc_p_parse_type(p, &t))
      return NULL;
    if (!sharc_vhlo_is_type(t)) {
      sharc_p_error_at(p, &at, "expected VHLO type");
      return NULL;
    }
    w = (uintptr_t)t;
  }
  if (!sharc_p_expect(p, '>'))
    return NULL;
  return make(p, info, &w, 1);
}

/* `#vhlo<comparison_direction_v1 EQ>`: we are at `<`. */
static sharc_attr *parse_enum(sharc_parser *p) {
  sharc_str kw, c;
  if (!sharc_p_expect(p, '<'))
    return NULL;
  sharc_token at = *sharc_p_tok(p);
  if (!sharc_p_parse_keyword(p, &kw, "expected valid keyword"))
    return NULL;
  for (size_t i = 0; i < sizeof enums / sizeof enums[0]; i++) {
    if (!sharc_str_eq_cstr(kw, enum_mnemonic(enums[i])))
      continue;
    sharc_token ct = *sharc_p_tok(p);
    if (!sharc_p_parse_keyword(p, &c, "expected valid keyword"))
      return NULL;
    for (uintptr_t k = 0; enums[i]->cases[k]; k++)
      if (sharc_str_eq_cstr(c, enums[i]->cases[k]))
        return sharc_p_expect(p, '>') ? make(p, enums[i], &k, 1) : NULL;
    sharc_p_error_at(p, &ct, "invalid %s value: %.*s", enum_mnemonic(enums[i]), (int)c.len,
                     c.data);
    return NULL;
  }
  sharc_p_error_at(p, &at, "unknown attribute `%.*s` in dialect `vhlo`", (int)kw.len, kw.data);
  return NULL;
}

sharc_attr *sharc_vhlo_parse_attr_hook(sharc_parser *p, sharc_str mnemonic, sharc_type *type) {
  (void)type;
  if (mnemonic.len == 0)
    return parse_enum(p);
  for (size_t i = 0; i < sizeof named_attrs / sizeof named_attrs[0]; i++) {
    const vhlo_attr_info *info = named_attrs[i];
    if (!sharc_str_eq_cstr(mnemonic, info->def.base.name))
      continue;
    switch (info->kind) {
    case VHLO_A_ARRAY:
      return parse_array(p);
    case VHLO_A_DICT:
      return parse_dict(p);
    case VHLO_A_INTEGER:
    case VHLO_A_TENSOR:
      return parse_wrapped(p, info);
    case VHLO_A_FLOAT:
      return parse_float(p);
    case VHLO_A_STRUCT:
      return parse_struct(p, info);
    default:
      return parse_simple(p, info);
    }
  }
  sharc_p_error(p, "unknown attribute `%.*s` in dialect `vhlo`", (int)mnemonic.len, mnemonic.data);
  return NULL;
}
