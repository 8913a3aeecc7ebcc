/* VHLO's attributes (VhloAttrs.td, VhloEnums.td): the versioned wrappers of
 * builtin attributes (#vhlo.integer_v1<1 : i64>, #vhlo.tensor_v1<dense<..>>),
 * the struct attributes printed as ODS `struct(params)`, and the enums
 * (#vhlo<comparison_direction_v1 EQ>), with their parsing and printing. */
#include "dialect/vhlo/vhlo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Attribute-valued words of the kinds that hold attributes. */
static void walk_attr(const sharc_attr *a, const sharc_subelement_fns *f) {
  const vhlo_attr_info *info = (const vhlo_attr_info *)sharc_attr_def_of(a);
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
  const vhlo_attr_info *info = (const vhlo_attr_info *)sharc_attr_def_of(a);
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
  const vhlo_attr_info *info = (const vhlo_attr_info *)sharc_attr_def_of(a);
  sharc_pr_puts(p, "<");
  sharc_pr_puts(p, ((const char *const *)info->fields)[0]);
  sharc_pr_puts(p, " ");
  sharc_pr_puts(p, info->cases[a->params.words[0]]);
  sharc_pr_puts(p, ">");
}

/* ---- the definitions ----------------------------------------------------------- */

#define VHLO_ATTR(var, mn, kind, min)                                                          \
  const vhlo_attr_info var = {{{mn, &sharc_vhlo_dialect, print_attr, NULL, NULL,              \
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
  const vhlo_attr_info var = {{{mn, &sharc_vhlo_dialect, print_attr, NULL, NULL,              \
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
  return (const vhlo_attr_info *)sharc_attr_def_of(a);
}

bool sharc_vhlo_is_attr(const sharc_attr *a) {
  return a && a->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(a)->dialect == &sharc_vhlo_dialect;
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

bool sharc_vhlo_attr_versions(const sharc_attr *a, sharc_vhlo_version *min,
                              sharc_vhlo_version *max) {
  const vhlo_attr_info *info = sharc_vhlo_attr_info(a);
  if (!info)
    return false;
  *min = sharc_vhlo_version_of_def(info->def.min_version);
  *max = sharc_vhlo_version_of_def(info->def.max_version);
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

/* One size of a dims list: an integer or `?`. */
static bool parse_dim(sharc_parser *p, void *dims) {
  int64_t d = SHARC_DYNAMIC;
  if (!sharc_p_eat(p, '?') && !sharc_p_parse_int(p, &d))
    return false;
  sharc_vec_push((sharc_i64_vec *)dims, d);
  return true;
}

/* [1, ?, 3] into a dense i64 array. */
static bool parse_dims(sharc_parser *p, sharc_attr **out) {
  sharc_i64_vec v = {0};
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_SQUARE, parse_dim, &v, NULL);
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
  bool first = true, comma = false; /* comma: eaten, its field not yet parsed */
  for (unsigned i = 0; i < info->num_fields; i++) {
    const vhlo_field *f = &info->fields[i];
    if (!first && !comma) {
      if (!sharc_p_eat(p, ',')) {
        if (f->optional)
          continue;
        sharc_p_expect(p, ','); /* reports the missing comma */
        return NULL;
      }
      comma = true;
    }
    const sharc_token *t = sharc_p_tok(p);
    if (f->optional && !(t->kind == TOK_BARE_ID && sharc_tok_is_keyword(t, f->name)))
      continue;
    first = false;
    comma = false;
    sharc_attr *a = NULL;
    if (!sharc_p_expect_keyword(p, f->name) || !sharc_p_expect(p, '=') || !parse_field(p, f, &a))
      return NULL;
    w[i] = (uintptr_t)a;
  }
  if (comma) {
    sharc_p_error(p, "expected a field of %s", info->def.base.name);
    return NULL;
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
  if (ok && !sharc_p_eat(p, ']'))
    ok = sharc_p_parse_attr_list(p, &elems) && sharc_p_expect(p, ']');
  ok = ok && sharc_p_expect(p, '>');
  sharc_attr *res = NULL;
  if (ok) {
    elems.items[0] = (void *)(uintptr_t)(elems.len - 1);
    res = make(p, &sharc_vhlo_array_v1, (const uintptr_t *)elems.items, elems.len);
  }
  sharc_ptrvec_free(&elems);
  return res;
}

/* One `key = value` of a dictionary, appended to it as two attributes. */
static bool parse_dict_entry(sharc_parser *p, void *elems) {
  sharc_attr *k, *v;
  if (!sharc_p_parse_attr(p, NULL, &k) || !sharc_p_expect(p, '=') ||
      !sharc_p_parse_attr(p, NULL, &v))
    return false;
  sharc_ptrvec_push(elems, k);
  sharc_ptrvec_push(elems, v);
  return true;
}

static sharc_attr *parse_dict(sharc_parser *p) {
  sharc_ptrvec elems = {0};
  sharc_ptrvec_push(&elems, NULL);
  sharc_token at = *sharc_p_tok(p);
  bool ok = sharc_p_expect(p, '<') &&
            sharc_p_parse_comma_list(p, SHARC_P_DELIM_BRACES, parse_dict_entry, &elems, NULL) &&
            sharc_p_expect(p, '>');
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
  if (!sharc_p_expect(p, '<'))
    return NULL;
  at = *sharc_p_tok(p);
  if (!sharc_p_parse_attr(p, sharc_type_float(ctx, SHARC_F64), &v))
    return NULL;
  /* any attribute parses here; only a float literal has a value to keep */
  if (v->kind != SHARC_ATTR_FLOAT) {
    sharc_p_error_at(p, &at, "expected floating point literal");
    return NULL;
  }
  if (!sharc_p_expect(p, ':'))
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

/* ---- bytecode (VhloBytecode.cpp) --------------------------------------------------- */

/* Each attribute's code (AttributeCode); enums are written as their I32
 * value, the case index plus `first_value`. */
typedef struct bc_code {
  const vhlo_attr_info *info;
  unsigned code;
  unsigned first_value;
} bc_code;

static const bc_code bc_codes[] = {
    {&sharc_vhlo_array_v1, 1, 0},
    {&sharc_vhlo_bool_v1, 2, 0},
    {&sharc_vhlo_comparison_direction_v1, 3, 0},
    {&sharc_vhlo_comparison_type_v1, 4, 0},
    {&sharc_vhlo_api_version_v1, 5, 0},
    {&sharc_vhlo_dict_v1, 6, 0},
    {&sharc_vhlo_fft_type_v1, 7, 0},
    {&sharc_vhlo_float_v1, 8, 0},
    {&sharc_vhlo_integer_v1, 9, 0},
    {&sharc_vhlo_output_operand_alias_v1, 10, 0},
    {&sharc_vhlo_precision_v1, 11, 0},
    {&sharc_vhlo_rng_algorithm_v1, 12, 0},
    {&sharc_vhlo_rng_distribution_v1, 13, 1}, /* UNIFORM = 1, NORMAL = 2 */
    {&sharc_vhlo_string_v1, 14, 0},
    {&sharc_vhlo_tensor_v1, 15, 0},
    {&sharc_vhlo_transpose_v1, 16, 0},
    {&sharc_vhlo_type_v1, 17, 0},
    {&sharc_vhlo_type_extensions_v1, 18, 0},
    {&sharc_vhlo_result_accuracy_mode_v1, 19, 0},
    {&sharc_vhlo_result_accuracy_v1, 20, 0},
    {&sharc_vhlo_sub_axis_info_v1, 21, 0},
    {&sharc_vhlo_axis_ref_v1, 22, 0},
    {&sharc_vhlo_replica_group_mesh_axes_v1, 23, 0},
    {&sharc_vhlo_mesh_axis_v1, 24, 0},
    {&sharc_vhlo_mesh_v1, 25, 0},
};

static const bc_code *bc_code_of_info(const vhlo_attr_info *info) {
  for (size_t i = 0; i < sizeof bc_codes / sizeof bc_codes[0]; i++)
    if (bc_codes[i].info == info)
      return &bc_codes[i];
  return NULL;
}

static const bc_code *bc_code_of(uint64_t code) {
  for (size_t i = 0; i < sizeof bc_codes / sizeof bc_codes[0]; i++)
    if (bc_codes[i].code == code)
      return &bc_codes[i];
  return NULL;
}

/* Bits of a builtin integer, index or float type's scalar. */
static unsigned scalar_width(const sharc_type *t) {
  return t && (t->kind == SHARC_TYPE_INTEGER || t->kind == SHARC_TYPE_INDEX ||
               t->kind == SHARC_TYPE_FLOAT)
             ? sharc_type_bit_width(t)
             : 0;
}

static void bc_write_attr_list(sharc_bc_writer *w, const uintptr_t *attrs, unsigned n) {
  sharc_bc_write_varint(w, n);
  for (unsigned i = 0; i < n; i++)
    sharc_bc_write_attr(w, (const sharc_attr *)attrs[i]);
}

static void bc_write_dims_field(sharc_bc_writer *w, const sharc_attr *dims) {
  unsigned n = sharc_attr_count(dims);
  sharc_bc_write_varint(w, n);
  for (unsigned i = 0; i < n; i++)
    sharc_bc_write_signed(w, sharc_attr_dense_array_i64(dims, i));
}

static void bc_write_f64_field(sharc_bc_writer *w, const sharc_attr *f) {
  uint64_t bits = sharc_attr_float_lo(f);
  sharc_bc_write_apint(w, &bits, 64);
}

static bool bc_write_struct(sharc_bc_writer *w, const vhlo_attr_info *info, const uintptr_t *p) {
  const sharc_attr *f0 = (const sharc_attr *)p[0], *f1 = (const sharc_attr *)p[1];
  if (info == &sharc_vhlo_type_extensions_v1) {
    bc_write_dims_field(w, f0);
  } else if (info == &sharc_vhlo_output_operand_alias_v1) {
    bc_write_dims_field(w, f0);
    sharc_bc_write_signed(w, sharc_attr_int_value(f1));
    bc_write_dims_field(w, (const sharc_attr *)p[2]);
  } else if (info == &sharc_vhlo_result_accuracy_v1) {
    bc_write_f64_field(w, f0);
    bc_write_f64_field(w, f1);
    sharc_bc_write_signed(w, sharc_attr_int_value((const sharc_attr *)p[2]));
    sharc_bc_write_attr(w, (const sharc_attr *)p[3]);
  } else if (info == &sharc_vhlo_sub_axis_info_v1) {
    sharc_bc_write_signed(w, sharc_attr_int_value(f0));
    sharc_bc_write_signed(w, sharc_attr_int_value(f1));
  } else if (info == &sharc_vhlo_axis_ref_v1) {
    sharc_bc_write_attr(w, f0);
    sharc_bc_write_varint(w, f1 != NULL);
    if (f1)
      sharc_bc_write_attr(w, f1);
  } else if (info == &sharc_vhlo_replica_group_mesh_axes_v1) {
    sharc_bc_write_attr(w, f0);
    sharc_bc_write_attr(w, f1);
  } else if (info == &sharc_vhlo_mesh_axis_v1) {
    sharc_bc_write_attr(w, f0);
    sharc_bc_write_signed(w, sharc_attr_int_value(f1));
  } else if (info == &sharc_vhlo_mesh_v1) {
    sharc_bc_write_attr(w, f0);
    sharc_bc_write_optional_attr(w, f1);
  } else {
    return false;
  }
  return true;
}

/* TensorV1Attr's data: the raw data, except that booleans are packed 8 to a
 * byte, a splat of more than one element as one byte 0xff or 0. */
static bool bc_write_tensor_data(sharc_bc_writer *w, const sharc_attr *dense) {
  const sharc_type *elem = sharc_type_element(dense->type);
  int64_t n = sharc_type_num_elements(dense->type);
  if (elem && elem->kind == SHARC_TYPE_INTEGER && sharc_type_bit_width(elem) == 1 && n == 1) {
    uint8_t byte = sharc_dense_raw(dense)[0] & 1;
    sharc_bc_write_blob(w, &byte, 1);
    return true;
  }
  sharc_buf raw = {0};
  bool ok = sharc_bc_dense_raw_bytes(dense, &raw);
  if (ok)
    sharc_bc_write_blob(w, raw.data, raw.len);
  sharc_buf_free(&raw);
  return ok;
}

/* Whether the attribute has a bytecode encoding sharc can write: enum
 * values, builtin payloads of the kinds StableHLO's writer handles. */
static bool bc_writable(const vhlo_attr_info *info, const sharc_attr *a) {
  const uintptr_t *p = a->params.words;
  const sharc_attr *inner = (const sharc_attr *)p[0];
  switch (info->kind) {
  case VHLO_A_INTEGER:
    return inner->kind == SHARC_ATTR_INTEGER && scalar_width(inner->type) > 1;
  case VHLO_A_FLOAT:
    return inner->kind == SHARC_ATTR_FLOAT && scalar_width(inner->type) > 0;
  case VHLO_A_TENSOR: {
    if (inner->kind != SHARC_ATTR_DENSE_ELEMENTS)
      return false;
    const sharc_type *e = sharc_type_element(inner->type);
    if (e && e->kind == SHARC_TYPE_COMPLEX)
      e = e->elem;
    return scalar_width(e) > 0;
  }
  default:
    return true;
  }
}

bool sharc_vhlo_bc_write_attr(sharc_bc_writer *w, const sharc_attr *a) {
  const vhlo_attr_info *info = sharc_vhlo_attr_info(a);
  const bc_code *c = info ? bc_code_of_info(info) : NULL;
  if (!c || !bc_writable(info, a))
    return false;
  const uintptr_t *p = a->params.words;
  sharc_bc_write_varint(w, c->code);
  switch (info->kind) {
  case VHLO_A_ARRAY:
    bc_write_attr_list(w, p + 1, a->params.n - 1);
    return true;
  case VHLO_A_DICT:
    sharc_bc_write_varint(w, (a->params.n - 1) / 2);
    for (unsigned i = 1; i + 1 < a->params.n; i += 2) {
      sharc_bc_write_attr(w, (const sharc_attr *)p[i]);
      sharc_bc_write_attr(w, (const sharc_attr *)p[i + 1]);
    }
    return true;
  case VHLO_A_BOOL:
    sharc_bc_write_varint(w, p[0] ? 1 : 0);
    return true;
  case VHLO_A_ENUM:
    sharc_bc_write_varint(w, (uint64_t)p[0] + c->first_value);
    return true;
  case VHLO_A_STRING:
    sharc_bc_write_string(w, sharc_attr_string_value((const sharc_attr *)p[0]));
    return true;
  case VHLO_A_TYPE:
    sharc_bc_write_type(w, (const sharc_type *)p[0]);
    return true;
  case VHLO_A_INTEGER: {
    const sharc_attr *v = (const sharc_attr *)p[0];
    sharc_bc_write_type(w, (const sharc_type *)p[1]);
    sharc_bc_write_apint(w, sharc_attr_int_words(v), scalar_width(v->type));
    return true;
  }
  case VHLO_A_FLOAT: {
    const sharc_attr *v = (const sharc_attr *)p[0];
    uint64_t words[2] = {sharc_attr_float_lo(v), sharc_attr_float_hi(v)};
    sharc_bc_write_type(w, (const sharc_type *)p[1]);
    sharc_bc_write_apint(w, words, scalar_width(v->type));
    return true;
  }
  case VHLO_A_TENSOR:
    sharc_bc_write_type(w, (const sharc_type *)p[1]);
    return bc_write_tensor_data(w, (const sharc_attr *)p[0]);
  case VHLO_A_STRUCT:
    return bc_write_struct(w, info, p);
  }
  return false;
}

/* ---- reading ---- */

static sharc_attr *bc_make(sharc_bc_reader *r, const vhlo_attr_info *info, const uintptr_t *w,
                           unsigned n) {
  return sharc_vhlo_attr_get(sharc_bc_reader_context(r), info, w, n);
}

/* A count, then `per` attributes per entry, after a leading count word. */
static sharc_attr *bc_read_attr_list(sharc_bc_reader *r, const vhlo_attr_info *info,
                                     unsigned per) {
  uint64_t count;
  if (!sharc_bc_read_varint(r, &count))
    return NULL;
  sharc_ptrvec w = {0};
  sharc_ptrvec_push(&w, NULL);
  bool ok = true;
  for (uint64_t i = 0; ok && i < count * per; i++) {
    sharc_attr *a;
    ok = sharc_bc_read_attr(r, &a);
    if (ok && info == &sharc_vhlo_dict_v1 && !sharc_vhlo_is_attr(a))
      ok = sharc_bc_error(r, "expected VHLO %s attribute", i % 2 ? "value" : "key");
    if (ok)
      sharc_ptrvec_push(&w, a);
  }
  sharc_attr *res = NULL;
  if (ok) {
    w.items[0] = (void *)(uintptr_t)count;
    res = bc_make(r, info, (const uintptr_t *)w.items, w.len);
  }
  sharc_ptrvec_free(&w);
  return res;
}

static sharc_attr *bc_read_enum(sharc_bc_reader *r, const bc_code *c) {
  uint64_t v;
  if (!sharc_bc_read_varint(r, &v))
    return NULL;
  uint64_t n = 0;
  while (c->info->cases[n])
    n++;
  if (v < c->first_value || v - c->first_value >= n) {
    sharc_bc_error(r, "invalid %s value: %llu", enum_mnemonic(c->info), (unsigned long long)v);
    return NULL;
  }
  uintptr_t w = (uintptr_t)(v - c->first_value);
  return bc_make(r, c->info, &w, 1);
}

static sharc_attr *bc_read_bool(sharc_bc_reader *r) {
  uint64_t v;
  if (!sharc_bc_read_varint(r, &v))
    return NULL;
  if (v > 1) {
    sharc_bc_error(r, "unsupported value: %llu", (unsigned long long)v);
    return NULL;
  }
  uintptr_t w = (uintptr_t)v;
  return bc_make(r, &sharc_vhlo_bool_v1, &w, 1);
}

static sharc_attr *bc_read_string(sharc_bc_reader *r) {
  sharc_str s;
  if (!sharc_bc_read_string(r, &s))
    return NULL;
  uintptr_t w = (uintptr_t)sharc_attr_string(sharc_bc_reader_context(r), s);
  return bc_make(r, &sharc_vhlo_string_v1, &w, 1);
}

static sharc_attr *bc_read_type_attr(sharc_bc_reader *r) {
  sharc_type *t;
  if (!sharc_bc_read_type(r, &t))
    return NULL;
  uintptr_t w = (uintptr_t)t;
  return bc_make(r, &sharc_vhlo_type_v1, &w, 1);
}

/* The VHLO type and the builtin type it stands for, which must be of `kind`. */
static bool bc_read_payload_type(sharc_bc_reader *r, const char *what, sharc_type **vt,
                                 sharc_type **bt) {
  if (!sharc_bc_read_type(r, vt))
    return false;
  *bt = sharc_vhlo_type_to_builtin(sharc_bc_reader_context(r), *vt);
  if (!*bt)
    return sharc_bc_error(r, "expected a VHLO type for %s", what);
  return true;
}

static sharc_attr *bc_read_integer(sharc_bc_reader *r) {
  sharc_type *vt, *bt;
  if (!bc_read_payload_type(r, "IntegerV1Attr", &vt, &bt))
    return NULL;
  unsigned width = bt->kind == SHARC_TYPE_FLOAT ? 0 : scalar_width(bt);
  if (width < 2 || width > 64) {
    sharc_bc_error(r, "unsupported integer type");
    return NULL;
  }
  uint64_t word = 0;
  if (!sharc_bc_read_apint(r, width, &word))
    return NULL;
  if (width < 64)
    word &= (UINT64_C(1) << width) - 1;
  uintptr_t w[2] = {(uintptr_t)sharc_attr_integer_words(sharc_bc_reader_context(r), bt, &word, 1),
                    (uintptr_t)vt};
  return bc_make(r, &sharc_vhlo_integer_v1, w, 2);
}

static sharc_attr *bc_read_float(sharc_bc_reader *r) {
  sharc_type *vt, *bt;
  if (!bc_read_payload_type(r, "FloatV1Attr", &vt, &bt))
    return NULL;
  if (bt->kind != SHARC_TYPE_FLOAT) {
    sharc_bc_error(r, "unsupported floating-point type");
    return NULL;
  }
  unsigned width = scalar_width(bt);
  uint64_t words[2];
  if (!sharc_bc_read_float_bits(r, width, words))
    return NULL;
  uintptr_t w[2] = {
      (uintptr_t)sharc_attr_float_bits(sharc_bc_reader_context(r), bt, words[0], words[1]),
      (uintptr_t)vt};
  return bc_make(r, &sharc_vhlo_float_v1, w, 2);
}

static sharc_attr *bc_read_tensor(sharc_bc_reader *r) {
  sharc_type *vt, *bt;
  const uint8_t *blob;
  size_t len;
  if (!bc_read_payload_type(r, "TensorV1Attr", &vt, &bt) || !sharc_bc_read_blob(r, &blob, &len))
    return NULL;
  sharc_attr *dense = sharc_bc_dense_from_blob(r, bt, blob, len);
  if (!dense)
    return NULL;
  uintptr_t w[2] = {(uintptr_t)dense, (uintptr_t)vt};
  return bc_make(r, &sharc_vhlo_tensor_v1, w, 2);
}

static bool bc_read_dims_field(sharc_bc_reader *r, uintptr_t *out) {
  int64_t *v = NULL;
  unsigned n = 0;
  if (!sharc_vhlo_bc_read_signed_list(r, &v, &n))
    return false;
  *out = (uintptr_t)sharc_attr_dense_i64_array(sharc_bc_reader_context(r), v, n);
  free(v);
  return true;
}

static bool bc_read_int_field(sharc_bc_reader *r, uintptr_t *out) {
  int64_t v;
  if (!sharc_bc_read_signed(r, &v))
    return false;
  sharc_context *ctx = sharc_bc_reader_context(r);
  *out = (uintptr_t)sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), v);
  return true;
}

static bool bc_read_f64_field(sharc_bc_reader *r, uintptr_t *out) {
  uint64_t bits = 0;
  if (!sharc_bc_read_apint(r, 64, &bits))
    return false;
  sharc_context *ctx = sharc_bc_reader_context(r);
  *out = (uintptr_t)sharc_attr_float_bits(ctx, sharc_type_float(ctx, SHARC_F64), bits, 0);
  return true;
}

static bool bc_read_attr_field(sharc_bc_reader *r, uintptr_t *out) {
  sharc_attr *a;
  if (!sharc_bc_read_attr(r, &a))
    return false;
  *out = (uintptr_t)a;
  return true;
}

static sharc_attr *bc_read_struct(sharc_bc_reader *r, const vhlo_attr_info *info) {
  uintptr_t w[8] = {0};
  bool ok;
  if (info == &sharc_vhlo_type_extensions_v1) {
    ok = bc_read_dims_field(r, &w[0]);
  } else if (info == &sharc_vhlo_output_operand_alias_v1) {
    ok = bc_read_dims_field(r, &w[0]) && bc_read_int_field(r, &w[1]) &&
         bc_read_dims_field(r, &w[2]);
  } else if (info == &sharc_vhlo_result_accuracy_v1) {
    ok = bc_read_f64_field(r, &w[0]) && bc_read_f64_field(r, &w[1]) &&
         bc_read_int_field(r, &w[2]) && bc_read_attr_field(r, &w[3]);
    if (ok && sharc_vhlo_attr_info((sharc_attr *)w[3]) != &sharc_vhlo_result_accuracy_mode_v1)
      ok = sharc_bc_error(r, "expected VHLO result accuracy mode");
  } else if (info == &sharc_vhlo_sub_axis_info_v1) {
    ok = bc_read_int_field(r, &w[0]) && bc_read_int_field(r, &w[1]);
  } else if (info == &sharc_vhlo_axis_ref_v1) {
    uint64_t has_sub = 0;
    ok = bc_read_attr_field(r, &w[0]) && sharc_bc_read_varint(r, &has_sub);
    if (ok && has_sub)
      ok = bc_read_attr_field(r, &w[1]);
  } else if (info == &sharc_vhlo_replica_group_mesh_axes_v1) {
    ok = bc_read_attr_field(r, &w[0]) && bc_read_attr_field(r, &w[1]);
  } else if (info == &sharc_vhlo_mesh_axis_v1) {
    ok = bc_read_attr_field(r, &w[0]) && bc_read_int_field(r, &w[1]);
  } else {
    sharc_attr *dev = NULL;
    ok = bc_read_attr_field(r, &w[0]) && sharc_bc_read_optional_attr(r, &dev);
    w[1] = (uintptr_t)dev;
  }
  return ok ? bc_make(r, info, w, info->num_fields) : NULL;
}

sharc_attr *sharc_vhlo_bc_read_attr(sharc_bc_reader *r) {
  uint64_t code;
  if (!sharc_bc_read_varint(r, &code))
    return NULL;
  const bc_code *c = bc_code_of(code);
  if (!c) {
    sharc_bc_error(r, "unknown vhlo attribute code: %llu", (unsigned long long)code);
    return NULL;
  }
  switch (c->info->kind) {
  case VHLO_A_ARRAY:
    return bc_read_attr_list(r, c->info, 1);
  case VHLO_A_DICT:
    return bc_read_attr_list(r, c->info, 2);
  case VHLO_A_BOOL:
    return bc_read_bool(r);
  case VHLO_A_ENUM:
    return bc_read_enum(r, c);
  case VHLO_A_STRING:
    return bc_read_string(r);
  case VHLO_A_TYPE:
    return bc_read_type_attr(r);
  case VHLO_A_INTEGER:
    return bc_read_integer(r);
  case VHLO_A_FLOAT:
    return bc_read_float(r);
  case VHLO_A_TENSOR:
    return bc_read_tensor(r);
  case VHLO_A_STRUCT:
    return bc_read_struct(r, c->info);
  }
  return NULL;
}
