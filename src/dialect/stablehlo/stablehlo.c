/* The StableHLO dialect's attributes (enums such as
 * #stablehlo<comparison_direction LT>, structs such as #stablehlo.gather<...>)
 * and types (!stablehlo.token, !stablehlo.future<...>), with the parse hooks
 * the dialect record in ops_table.c points at. */
#include "dialect/stablehlo/shlo.h"
#include "ir/created_defs.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- enums -------------------------------------------------------------- */

static void print_enum(sharc_printer *p, const sharc_attr *a) {
  const shlo_enum_def *def = (const shlo_enum_def *)sharc_attr_def_of(a);
  sharc_pr_puts(p, "<");
  if (!def->base.name) {
    sharc_pr_puts(p, def->mnemonic);
    sharc_pr_puts(p, " ");
  }
  sharc_pr_puts(p, sharc_shlo_enum_name(a));
  sharc_pr_puts(p, ">");
}

#define SHLO_ENUM(var, mn, cpp, ...)                                                      \
  static const char *const var##_cases[] = {__VA_ARGS__, NULL};                          \
  const shlo_enum_def var = {                                                            \
      {NULL, &sharc_stablehlo_dialect, print_enum, NULL, sharc_attr_never_alias, NULL}, mn, cpp, var##_cases}

SHLO_ENUM(sharc_shlo_comparison_direction, "comparison_direction", "ComparisonDirection", "EQ", "NE",
          "GE", "GT", "LE", "LT");
SHLO_ENUM(sharc_shlo_comparison_type, "comparison_type", "ComparisonType", "NOTYPE", "FLOAT",
          "TOTALORDER", "SIGNED", "UNSIGNED");
SHLO_ENUM(sharc_shlo_precision, "precision", "Precision", "DEFAULT", "HIGH", "HIGHEST");
SHLO_ENUM(sharc_shlo_fft_type, "fft_type", "FftType", "FFT", "IFFT", "RFFT", "IRFFT");
SHLO_ENUM(sharc_shlo_transpose, "transpose", "Transpose", "TRANSPOSE_INVALID", "NO_TRANSPOSE",
          "TRANSPOSE", "ADJOINT");
SHLO_ENUM(sharc_shlo_rng_distribution, "rng_distribution", "RngDistribution", "UNIFORM", "NORMAL");
SHLO_ENUM(sharc_shlo_rng_algorithm, "rng_algorithm", "RngAlgorithm", "DEFAULT", "THREE_FRY", "PHILOX");

/* The one enum with its own mnemonic: #stablehlo.result_accuracy_mode<DEFAULT>. */
static const char *const result_accuracy_mode_cases[] = {"DEFAULT", "HIGHEST", "TOLERANCE", NULL};
const shlo_enum_def sharc_shlo_result_accuracy_mode = {
    {"result_accuracy_mode", &sharc_stablehlo_dialect, print_enum, NULL, sharc_attr_never_alias, NULL},
    "result_accuracy_mode", "ResultAccuracyMode", result_accuracy_mode_cases};

static const shlo_enum_def *const bare_enums[] = {
    &sharc_shlo_comparison_direction, &sharc_shlo_comparison_type, &sharc_shlo_precision,      &sharc_shlo_fft_type,
    &sharc_shlo_transpose,            &sharc_shlo_rng_distribution, &sharc_shlo_rng_algorithm,
};

sharc_attr *sharc_shlo_enum_get(sharc_context *ctx, const shlo_enum_def *def, unsigned index) {
  uintptr_t w = index;
  return sharc_attr_dialect(ctx, &def->base, &w, 1, NULL);
}

int sharc_shlo_enum_index(const sharc_attr *a, const shlo_enum_def *def) {
  if (!a || a->kind != SHARC_ATTR_DIALECT || sharc_attr_def_of(a) != &def->base)
    return -1;
  return (int)a->params.words[0];
}

const char *sharc_shlo_enum_name(const sharc_attr *a) {
  /* any attribute may sit where an enum belongs (an opaque one, say) */
  if (!a || a->kind != SHARC_ATTR_DIALECT || sharc_attr_def_of(a)->print != print_enum)
    return NULL;
  const shlo_enum_def *def = (const shlo_enum_def *)sharc_attr_def_of(a);
  return def->cases[a->params.words[0]];
}

/* ODS's EnumAttr parser: a keyword, one of the cases; on failure its error
 * and then the generated "failed to parse ... parameter 'value'" one. */
bool sharc_shlo_parse_enum_case(sharc_parser *p, const shlo_enum_def *def, sharc_attr **out) {
  const sharc_token *t = sharc_p_tok(p);
  if (t->kind != TOK_BARE_ID) {
    sharc_p_error_at(p, t, "expected valid keyword");
  } else {
    for (unsigned i = 0; def->cases[i]; i++) {
      if (sharc_tok_is_keyword(t, def->cases[i])) {
        sharc_p_next(p);
        *out = sharc_shlo_enum_get(sharc_p_context(p), def, i);
        return true;
      }
    }
    sharc_token at = *t;
    sharc_p_next(p);
    sharc_buf msg = {0};
    sharc_buf_printf(&msg, "expected ::mlir::stablehlo::%s to be one of: ", def->cpp_name);
    for (unsigned i = 0; def->cases[i]; i++)
      sharc_buf_printf(&msg, "%s%s", i ? ", " : "", def->cases[i]);
    sharc_p_error_at(p, &at, "%s", msg.data);
    sharc_buf_free(&msg);
  }
  return sharc_p_error_chained_at(p, sharc_p_tok(p),
                                  "failed to parse StableHLO_%sAttr parameter 'value' which is "
                                  "to be a `::mlir::stablehlo::%s`",
                                  def->cpp_name, def->cpp_name);
}

/* ---- structs ------------------------------------------------------------ */

/* Every field of a struct attribute is an attribute, NULL when absent. */
static void walk_struct_fields(const sharc_attr *a, const sharc_subelement_fns *f) {
  for (unsigned i = 0; i < a->params.n; i++)
    if (a->params.words[i] && f->attr)
      f->attr((sharc_attr *)a->params.words[i], f->user);
}

const char sharc_shlo_replica_group_mesh_axes_made = 1;

sharc_attr *sharc_shlo_struct_get(sharc_context *ctx, const shlo_struct_def *def,
                            sharc_attr *const *fields) {
  if (def == &sharc_shlo_replica_group_mesh_axes_def)
    sharc_context_note_fact(ctx, &sharc_shlo_replica_group_mesh_axes_made);
  uintptr_t words[16];
  for (unsigned i = 0; i < def->num_fields; i++)
    words[i] = (uintptr_t)fields[i];
  return sharc_attr_dialect(ctx, &def->base, words, def->num_fields, NULL);
}

sharc_attr *sharc_shlo_struct_field(const sharc_attr *a, const shlo_struct_def *def, unsigned i) {
  if (!a || a->kind != SHARC_ATTR_DIALECT || sharc_attr_def_of(a) != &def->base || i >= a->params.n)
    return NULL;
  return (sharc_attr *)a->params.words[i];
}

int64_t sharc_shlo_struct_int(const sharc_attr *a, const shlo_struct_def *def, unsigned i) {
  sharc_attr *f = sharc_shlo_struct_field(a, def, i);
  return f ? sharc_attr_int_value(f) : 0;
}

static bool parse_dim_element(sharc_parser *p, void *dims) {
  if (sharc_p_eat(p, '?')) {
    sharc_vec_push((sharc_i64_vec *)dims, SHARC_DYNAMIC);
    return true;
  }
  return sharc_p_parse_int(p, sharc_vec_push_slot((sharc_i64_vec *)dims));
}

/* `[1, ?, 3]` (or `<...>`) into a dense i64 array; `?` is dynamic
 * (StableHLO's parseDimSizes: parseCommaSeparatedList). */
static bool parse_dim_list(sharc_parser *p, sharc_p_delimiter delimiter, sharc_attr **out) {
  sharc_i64_vec dims = {0};
  bool ok = sharc_p_parse_comma_list(p, delimiter, parse_dim_element, &dims, NULL);
  if (ok)
    *out = sharc_attr_dense_i64_array(sharc_p_context(p), dims.items, dims.len);
  sharc_vec_free(&dims);
  return ok;
}

bool sharc_shlo_parse_dim_sizes(sharc_parser *p, sharc_attr **out) {
  return parse_dim_list(p, SHARC_P_DELIM_SQUARE, out);
}

static void print_int_list(sharc_printer *p, const sharc_attr *dims, bool question) {
  unsigned n = dims ? sharc_attr_count(dims) : 0;
  for (unsigned i = 0; i < n; i++) {
    int64_t v = sharc_attr_dense_array_i64(dims, i);
    if (i)
      sharc_pr_puts(p, ", ");
    if (question && v == SHARC_DYNAMIC)
      sharc_pr_puts(p, "?");
    else
      sharc_buf_put_i64(p->out, v);
  }
}

void sharc_shlo_print_dim_sizes(sharc_printer *p, const sharc_attr *dims) {
  sharc_pr_puts(p, "[");
  print_int_list(p, dims, true);
  sharc_pr_puts(p, "]");
}

static void print_field_value(sharc_printer *p, const shlo_field *f, const sharc_attr *v) {
  switch (f->kind) {
  case SHLO_F_DIMS:
    sharc_shlo_print_dim_sizes(p, v);
    return;
  case SHLO_F_INT:
  case SHLO_F_BOOL:
  case SHLO_F_STRING:
    sharc_pr_attr_no_type(p, v);
    return;
  case SHLO_F_TYPE:
    sharc_pr_type(p, sharc_attr_type_value(v));
    return;
  case SHLO_F_ATTR:
    sharc_pr_attr(p, v);
    return;
  case SHLO_F_NESTED:
    sharc_shlo_print_struct_body(p, v);
    return;
  }
}

static bool field_is_empty(const shlo_field *f, const sharc_attr *v) {
  if (!v)
    return true;
  if (f->kind == SHLO_F_DIMS)
    return sharc_attr_count(v) == 0;
  if (f->kind == SHLO_F_INT)
    return sharc_attr_int_value(v) == 0;
  return false;
}

static void print_struct_fields(sharc_printer *p, const sharc_attr *a) {
  const shlo_struct_def *def = (const shlo_struct_def *)sharc_attr_def_of(a);
  const char *sep = "";
  sharc_pr_puts(p, "<");
  for (unsigned i = 0; i < def->num_fields; i++) {
    const shlo_field *f = &def->fields[i];
    const sharc_attr *v = (const sharc_attr *)a->params.words[i];
    if (def->style == SHLO_SPARSE ? field_is_empty(f, v) : !v)
      continue;
    sharc_pr_puts(p, sep);
    sharc_pr_puts(p, f->name);
    sharc_pr_puts(p, " = ");
    /* printStruct prints raw numbers, the ODS dims printer `?` */
    if (def->style == SHLO_SPARSE && f->kind == SHLO_F_DIMS) {
      sharc_pr_puts(p, "[");
      print_int_list(p, v, false);
      sharc_pr_puts(p, "]");
    } else {
      print_field_value(p, f, v);
    }
    sep = ", ";
  }
  sharc_pr_puts(p, ">");
}

void sharc_shlo_print_struct_body(sharc_printer *p, const sharc_attr *a) { sharc_attr_def_of(a)->print(p, a); }

static bool parse_field_value(sharc_parser *p, const shlo_field *f, sharc_attr **out) {
  sharc_context *ctx = sharc_p_context(p);
  switch (f->kind) {
  case SHLO_F_DIMS:
    return sharc_shlo_parse_dim_sizes(p, out);
  case SHLO_F_INT: {
    int64_t v;
    if (!sharc_p_parse_int(p, &v))
      return false;
    *out = sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), v);
    return true;
  }
  case SHLO_F_BOOL:
    if (sharc_p_eat_keyword(p, "true"))
      return (*out = sharc_attr_bool(ctx, true)), true;
    if (sharc_p_eat_keyword(p, "false"))
      return (*out = sharc_attr_bool(ctx, false)), true;
    return sharc_p_error(p, "expected 'true' or 'false'");
  case SHLO_F_STRING: {
    sharc_str s;
    if (sharc_p_tok(p)->kind != TOK_STRING)
      return sharc_p_error(p, "expected string");
    if (!sharc_p_parse_string(p, &s))
      return false;
    *out = sharc_attr_string(ctx, s);
    return true;
  }
  case SHLO_F_TYPE: {
    sharc_type *t;
    if (!sharc_p_parse_type(p, &t))
      return false;
    *out = sharc_attr_type_attr(ctx, t);
    return true;
  }
  case SHLO_F_ATTR:
    return sharc_p_parse_attr(p, NULL, out);
  case SHLO_F_NESTED:
    return sharc_shlo_parse_struct_or_full(p, f->nested, out);
  }
  return false;
}

static int field_index(const shlo_struct_def *def, const sharc_token *t) {
  for (unsigned i = 0; i < def->num_fields; i++)
    if (sharc_tok_is_keyword(t, def->fields[i].name))
      return (int)i;
  return -1;
}

static bool expected_one_of(sharc_parser *p, const shlo_struct_def *def) {
  sharc_buf msg = {0};
  SHARC_BUF_LIT(&msg, "expected one of: ");
  for (unsigned i = 0; i < def->num_fields; i++)
    sharc_buf_printf(&msg, "%s`%s`", i ? ", " : "", def->fields[i].name);
  sharc_p_error(p, "%s", msg.data);
  sharc_buf_free(&msg);
  return false;
}

/* `<a = x, b = y>` in any order (StableHLO's parseStruct and ODS struct()). */
static bool parse_struct_any_order(sharc_parser *p, const shlo_struct_def *def,
                                   sharc_attr **fields) {
  bool seen[16] = {0};
  while (!sharc_p_eat(p, '>')) {
    int i = field_index(def, sharc_p_tok(p));
    if (i < 0)
      return expected_one_of(p, def);
    sharc_p_next(p);
    if (seen[i])
      return sharc_p_error(p, "duplicated `%s` entry", def->fields[i].name);
    seen[i] = true;
    if (!sharc_p_expect(p, '=') || !parse_field_value(p, &def->fields[i], &fields[i]))
      return false;
    if (!sharc_p_eat(p, ','))
      return sharc_p_expect(p, '>');
  }
  return true;
}

static bool parse_struct_fixed(sharc_parser *p, const shlo_struct_def *def, sharc_attr **fields) {
  for (unsigned i = 0; i < def->num_fields; i++) {
    if ((i && !sharc_p_expect(p, ',')) || !sharc_p_expect_keyword(p, def->fields[i].name) ||
        !sharc_p_expect(p, '=') || !parse_field_value(p, &def->fields[i], &fields[i]))
      return false;
  }
  return sharc_p_expect(p, '>');
}

static sharc_attr *int_attr(sharc_context *ctx, int64_t v) {
  return sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), v);
}

/* Missing fields of sparse structs read as empty lists and zeros. */
static void fill_sparse_defaults(sharc_context *ctx, const shlo_struct_def *def,
                                 sharc_attr **fields) {
  for (unsigned i = 0; i < def->num_fields; i++) {
    if (fields[i])
      continue;
    if (def->fields[i].kind == SHLO_F_DIMS)
      fields[i] = sharc_attr_dense_i64_array(ctx, NULL, 0);
    else if (def->fields[i].kind == SHLO_F_INT)
      fields[i] = int_attr(ctx, 0);
  }
}

static bool check_params_given(sharc_parser *p, const shlo_struct_def *def, sharc_attr **fields,
                               const sharc_token *start) {
  for (unsigned i = 0; i < def->num_fields; i++)
    if (!fields[i] && !def->fields[i].optional)
      return sharc_p_error_at(p, start, "struct is missing required parameter: %s",
                              def->fields[i].name);
  return true;
}

/* The body after the mnemonic, from `<`. */
static bool parse_struct_body(sharc_parser *p, const shlo_struct_def *def, sharc_attr **out) {
  sharc_context *ctx = sharc_p_context(p);
  sharc_attr *fields[16] = {0};
  sharc_token start = *sharc_p_tok(p);
  if (!sharc_p_expect(p, '<'))
    return false;
  bool ok;
  switch (def->style) {
  case SHLO_SPARSE:
    ok = parse_struct_any_order(p, def, fields);
    if (!ok && def->what) /* StableHLO adds this to the first error */
      sharc_emit(ctx, SHARC_SEV_ERROR, sharc_p_tok_loc(p, sharc_p_tok(p)),
                 "failed parsing %s attribute", def->what);
    if (ok)
      fill_sparse_defaults(ctx, def, fields);
    break;
  case SHLO_PARAMS:
    ok = parse_struct_any_order(p, def, fields) && check_params_given(p, def, fields, &start);
    break;
  default:
    ok = parse_struct_fixed(p, def, fields);
    break;
  }
  if (ok)
    *out = sharc_shlo_struct_get(ctx, def, fields);
  return ok;
}

#define FIELDS(a) a, sizeof a / sizeof a[0]

static const shlo_field gather_fields[] = {
    {"offset_dims", SHLO_F_DIMS, true, NULL},
    {"collapsed_slice_dims", SHLO_F_DIMS, true, NULL},
    {"operand_batching_dims", SHLO_F_DIMS, true, NULL},
    {"start_indices_batching_dims", SHLO_F_DIMS, true, NULL},
    {"start_index_map", SHLO_F_DIMS, true, NULL},
    {"index_vector_dim", SHLO_F_INT, true, NULL},
};
const shlo_struct_def sharc_shlo_gather_def = {
    {"gather", &sharc_stablehlo_dialect, print_struct_fields, NULL, sharc_attr_never_alias, walk_struct_fields},
    FIELDS(gather_fields), SHLO_SPARSE, "gather dimension numbers"};

static const shlo_field scatter_fields[] = {
    {"update_window_dims", SHLO_F_DIMS, true, NULL},
    {"inserted_window_dims", SHLO_F_DIMS, true, NULL},
    {"input_batching_dims", SHLO_F_DIMS, true, NULL},
    {"scatter_indices_batching_dims", SHLO_F_DIMS, true, NULL},
    {"scatter_dims_to_operand_dims", SHLO_F_DIMS, true, NULL},
    {"index_vector_dim", SHLO_F_INT, true, NULL},
};
const shlo_struct_def sharc_shlo_scatter_def = {
    {"scatter", &sharc_stablehlo_dialect, print_struct_fields, NULL, sharc_attr_never_alias, walk_struct_fields},
    FIELDS(scatter_fields), SHLO_SPARSE, "scatter dimension numbers"};

static const shlo_field dot_fields[] = {
    {"lhs_batching_dimensions", SHLO_F_DIMS, true, NULL},
    {"rhs_batching_dimensions", SHLO_F_DIMS, true, NULL},
    {"lhs_contracting_dimensions", SHLO_F_DIMS, true, NULL},
    {"rhs_contracting_dimensions", SHLO_F_DIMS, true, NULL},
};
const shlo_struct_def sharc_shlo_dot_def = {
    {"dot", &sharc_stablehlo_dialect, print_struct_fields, NULL, sharc_attr_never_alias, walk_struct_fields},
    FIELDS(dot_fields), SHLO_SPARSE, "dot dimension numbers"};

static const shlo_field dot_algorithm_fields[] = {
    {"lhs_precision_type", SHLO_F_TYPE, false, NULL},
    {"rhs_precision_type", SHLO_F_TYPE, false, NULL},
    {"accumulation_type", SHLO_F_TYPE, false, NULL},
    {"lhs_component_count", SHLO_F_INT, false, NULL},
    {"rhs_component_count", SHLO_F_INT, false, NULL},
    {"num_primitive_operations", SHLO_F_INT, false, NULL},
    {"allow_imprecise_accumulation", SHLO_F_BOOL, false, NULL},
};
const shlo_struct_def sharc_shlo_dot_algorithm_def = {
    {"dot_algorithm", &sharc_stablehlo_dialect, print_struct_fields, NULL, NULL,
     walk_struct_fields},
    FIELDS(dot_algorithm_fields), SHLO_FIXED, NULL};

static const shlo_field output_operand_alias_fields[] = {
    {"output_tuple_indices", SHLO_F_DIMS, false, NULL},
    {"operand_index", SHLO_F_INT, false, NULL},
    {"operand_tuple_indices", SHLO_F_DIMS, false, NULL},
};
const shlo_struct_def sharc_shlo_output_operand_alias_def = {
    {"output_operand_alias", &sharc_stablehlo_dialect, print_struct_fields, NULL, sharc_attr_never_alias,
     walk_struct_fields},
    FIELDS(output_operand_alias_fields), SHLO_FIXED, NULL};

static const shlo_field channel_handle_fields[] = {
    {"handle", SHLO_F_INT, false, NULL},
    {"type", SHLO_F_INT, false, NULL},
};
const shlo_struct_def sharc_shlo_channel_handle_def = {
    {"channel_handle", &sharc_stablehlo_dialect, print_struct_fields, NULL, sharc_attr_never_alias,
     walk_struct_fields},
    FIELDS(channel_handle_fields), SHLO_PARAMS, NULL};

/* `(1)2`: a sub-axis of pre-size 1 and size 2 */
static void print_sub_axis_info(sharc_printer *p, const sharc_attr *a) {
  sharc_buf_printf(p->out, "(%lld)%lld", (long long)sharc_shlo_struct_int(a, &sharc_shlo_sub_axis_info_def, 0),
                   (long long)sharc_shlo_struct_int(a, &sharc_shlo_sub_axis_info_def, 1));
}

static const shlo_field sub_axis_info_fields[] = {
    {"pre_size", SHLO_F_INT, false, NULL},
    {"size", SHLO_F_INT, false, NULL},
};
const shlo_struct_def sharc_shlo_sub_axis_info_def = {
    {"sub_axis_info", &sharc_stablehlo_dialect, print_sub_axis_info, NULL, sharc_attr_never_alias,
     walk_struct_fields},
    FIELDS(sub_axis_info_fields), SHLO_FIXED, NULL};

static bool parse_sub_axis_info(sharc_parser *p, sharc_attr **out) {
  sharc_context *ctx = sharc_p_context(p);
  int64_t pre, size;
  if (!sharc_p_expect(p, '(') || !sharc_p_parse_int(p, &pre) || !sharc_p_expect(p, ')') ||
      !sharc_p_parse_int(p, &size))
    return false;
  sharc_attr *fields[2] = {int_attr(ctx, pre), int_attr(ctx, size)};
  *out = sharc_shlo_struct_get(ctx, &sharc_shlo_sub_axis_info_def, fields);
  return true;
}

static const shlo_field axis_ref_fields[] = {
    {"name", SHLO_F_STRING, false, NULL},
    {"sub_axis_info", SHLO_F_NESTED, true, &sharc_shlo_sub_axis_info_def},
};
const shlo_struct_def sharc_shlo_axis_ref_def = {
    {"axis_ref", &sharc_stablehlo_dialect, print_struct_fields, NULL, sharc_attr_never_alias, walk_struct_fields},
    FIELDS(axis_ref_fields), SHLO_PARAMS, NULL};

static const shlo_field mesh_axis_fields[] = {
    {"name", SHLO_F_STRING, false, NULL},
    {"size", SHLO_F_INT, false, NULL},
};
const shlo_struct_def sharc_shlo_mesh_axis_def = {
    {"mesh_axis", &sharc_stablehlo_dialect, print_struct_fields, NULL, sharc_attr_never_alias,
     walk_struct_fields},
    FIELDS(mesh_axis_fields), SHLO_PARAMS, NULL};

static const shlo_field replica_group_mesh_axes_fields[] = {
    {"mesh", SHLO_F_ATTR, false, NULL},
    {"axes", SHLO_F_ATTR, false, NULL},
};
const shlo_struct_def sharc_shlo_replica_group_mesh_axes_def = {
    {"replica_group_mesh_axes", &sharc_stablehlo_dialect, print_struct_fields, NULL, NULL,
     walk_struct_fields},
    FIELDS(replica_group_mesh_axes_fields), SHLO_PARAMS, NULL};

/* Mesh: `<axes=[<name = "x", size = 2>], device_ids=dense<...> : tensor<...>>`;
 * fields: an array of mesh axes, the optional device ids. */
static void print_mesh(sharc_printer *p, const sharc_attr *a) {
  const sharc_attr *axes = sharc_shlo_struct_field(a, &sharc_shlo_mesh_def, 0);
  const sharc_attr *ids = sharc_shlo_struct_field(a, &sharc_shlo_mesh_def, 1);
  sharc_pr_puts(p, "<axes=[");
  for (unsigned i = 0; i < sharc_attr_count(axes); i++) {
    if (i)
      sharc_pr_puts(p, ", ");
    sharc_shlo_print_struct_body(p, sharc_attr_at(axes, i));
  }
  sharc_pr_puts(p, "]");
  if (ids) {
    sharc_pr_puts(p, ", device_ids=");
    sharc_pr_attr(p, ids);
  }
  sharc_pr_puts(p, ">");
}

static const shlo_field mesh_fields[] = {
    {"axes", SHLO_F_ATTR, false, NULL},
    {"device_ids", SHLO_F_ATTR, true, NULL},
};
const shlo_struct_def sharc_shlo_mesh_def = {
    {"mesh", &sharc_stablehlo_dialect, print_mesh, NULL, NULL, walk_struct_fields},
    FIELDS(mesh_fields), SHLO_FIXED, NULL};

static bool parse_mesh_axis(sharc_parser *p, void *axes) {
  sharc_attr *axis;
  if (!sharc_shlo_parse_struct_or_full(p, &sharc_shlo_mesh_axis_def, &axis))
    return false;
  sharc_ptrvec_push(axes, axis);
  return true;
}

static bool parse_mesh(sharc_parser *p, sharc_attr **out) {
  sharc_context *ctx = sharc_p_context(p);
  sharc_ptrvec axes = {0};
  sharc_attr *fields[2] = {NULL, NULL};
  bool ok = sharc_p_expect(p, '<') && sharc_p_expect_keyword(p, "axes") &&
            sharc_p_expect(p, '=') &&
            sharc_p_parse_comma_list(p, SHARC_P_DELIM_SQUARE, parse_mesh_axis, &axes, NULL);
  if (ok && sharc_p_eat(p, ','))
    ok = sharc_p_expect_keyword(p, "device_ids") && sharc_p_expect(p, '=') &&
         sharc_p_parse_attr(p, NULL, &fields[1]);
  ok = ok && sharc_p_expect(p, '>');
  if (ok) {
    fields[0] = sharc_attr_array(ctx, (sharc_attr *const *)axes.items, axes.len);
    *out = sharc_shlo_struct_get(ctx, &sharc_shlo_mesh_def, fields);
  }
  sharc_ptrvec_free(&axes);
  return ok;
}

/* Type extensions print as #stablehlo.bounds<?, 4>. */
static void print_type_extensions(sharc_printer *p, const sharc_attr *a) {
  sharc_pr_puts(p, "<");
  print_int_list(p, sharc_shlo_struct_field(a, &sharc_shlo_type_extensions_def, 0), true);
  sharc_pr_puts(p, ">");
}

static const shlo_field type_extensions_fields[] = {
    {"bounds", SHLO_F_DIMS, false, NULL},
};
const shlo_struct_def sharc_shlo_type_extensions_def = {
    {"bounds", &sharc_stablehlo_dialect, print_type_extensions, NULL, sharc_attr_never_alias, walk_struct_fields},
    FIELDS(type_extensions_fields), SHLO_FIXED, NULL};

static bool parse_bounds(sharc_parser *p, sharc_attr **out) {
  sharc_attr *fields[1];
  if (!parse_dim_list(p, SHARC_P_DELIM_LESS_GREATER, &fields[0]))
    return false;
  *out = sharc_shlo_struct_get(sharc_p_context(p), &sharc_shlo_type_extensions_def, fields);
  return true;
}

/* `#stablehlo.type_extensions<bounds = [?, 4]>`, the declarative spelling. */
static bool parse_type_extensions(sharc_parser *p, sharc_attr **out) {
  sharc_context *ctx = sharc_p_context(p);
  sharc_attr *fields[1];
  if (!sharc_p_expect(p, '<') || !sharc_p_expect_keyword(p, "bounds") || !sharc_p_expect(p, '=') ||
      !sharc_shlo_parse_dim_sizes(p, &fields[0]) || !sharc_p_expect(p, '>'))
    return false;
  *out = sharc_shlo_struct_get(ctx, &sharc_shlo_type_extensions_def, fields);
  return true;
}

/* Result accuracy: `<atol = 1.0e-05, rtol = ..., ulps = 1, mode = #stablehlo.result_accuracy_mode<...>>`,
 * zero tolerances left out. Fields: atol, rtol (f64), ulps, mode. */
static void print_result_accuracy(sharc_printer *p, const sharc_attr *a) {
  const shlo_struct_def *d = &sharc_shlo_result_accuracy_def;
  sharc_attr *atol = sharc_shlo_struct_field(a, d, 0), *rtol = sharc_shlo_struct_field(a, d, 1);
  sharc_pr_puts(p, "<");
  if (!shlo_float_is_zero(atol)) {
    sharc_pr_puts(p, "atol = ");
    sharc_pr_attr_no_type(p, atol);
    sharc_pr_puts(p, ", ");
  }
  if (!shlo_float_is_zero(rtol)) {
    sharc_pr_puts(p, "rtol = ");
    sharc_pr_attr_no_type(p, rtol);
    sharc_pr_puts(p, ", ");
  }
  if (sharc_shlo_struct_int(a, d, 2)) {
    sharc_buf_printf(p->out, "ulps = %lld, ", (long long)sharc_shlo_struct_int(a, d, 2));
  }
  sharc_pr_puts(p, "mode = ");
  sharc_pr_attr(p, sharc_shlo_struct_field(a, d, 3));
  sharc_pr_puts(p, ">");
}

static const shlo_field result_accuracy_fields[] = {
    {"atol", SHLO_F_ATTR, true, NULL},
    {"rtol", SHLO_F_ATTR, true, NULL},
    {"ulps", SHLO_F_INT, true, NULL},
    {"mode", SHLO_F_ATTR, false, NULL},
};
const shlo_struct_def sharc_shlo_result_accuracy_def = {
    {"result_accuracy", &sharc_stablehlo_dialect, print_result_accuracy, NULL, sharc_attr_never_alias,
     walk_struct_fields},
    FIELDS(result_accuracy_fields), SHLO_PARAMS, NULL};

static bool parse_float_value(sharc_parser *p, sharc_attr **out) {
  sharc_context *ctx = sharc_p_context(p);
  return sharc_p_parse_attr(p, sharc_type_float(ctx, SHARC_F64), out);
}

/* ResultAccuracyAttr::verify, which MLIR's parser runs as it builds the
 * attribute: no negative tolerance, and all zero in DEFAULT and HIGHEST. */
static bool verify_result_accuracy(sharc_parser *p, const sharc_token *at, sharc_attr *const *f) {
  const uint64_t sign = (uint64_t)1 << 63;
  bool atol_neg = f[0] && f[0]->kind == SHARC_ATTR_FLOAT && (sharc_attr_float_lo(f[0]) & sign);
  bool rtol_neg = f[1] && f[1]->kind == SHARC_ATTR_FLOAT && (sharc_attr_float_lo(f[1]) & sign);
  int64_t ulps = f[2] && f[2]->kind == SHARC_ATTR_INTEGER ? sharc_attr_int_value(f[2]) : 0;
  if (atol_neg || rtol_neg || ulps < 0)
    return sharc_p_error_at(p, at, "Negative tolerance");
  int mode = sharc_shlo_enum_index(f[3], &sharc_shlo_result_accuracy_mode);
  if (mode != 0 && mode != 1)
    return true;
  if (!shlo_float_is_zero(f[0]) || !shlo_float_is_zero(f[1]) || ulps != 0)
    return sharc_p_error_at(p, at, "Invalid tolerances for ResultAccuracyAttr with mode %s, must "
                            "be all zero.", mode ? "HIGHEST" : "DEFAULT");
  return true;
}

static bool parse_result_accuracy(sharc_parser *p, sharc_attr **out) {
  sharc_context *ctx = sharc_p_context(p);
  sharc_type *f64 = sharc_type_float(ctx, SHARC_F64);
  sharc_attr *fields[4] = {sharc_attr_float_bits(ctx, f64, 0, 0), sharc_attr_float_bits(ctx, f64, 0, 0),
                           int_attr(ctx, 0), NULL};
  sharc_token start = *sharc_p_tok(p);
  if (!sharc_p_expect(p, '<'))
    return false;
  while (!sharc_p_eat(p, '>')) {
    bool ok;
    if (sharc_p_eat_keyword(p, "atol"))
      ok = sharc_p_expect(p, '=') && parse_float_value(p, &fields[0]);
    else if (sharc_p_eat_keyword(p, "rtol"))
      ok = sharc_p_expect(p, '=') && parse_float_value(p, &fields[1]);
    else if (sharc_p_eat_keyword(p, "ulps"))
      ok = sharc_p_expect(p, '=') && parse_field_value(p, &result_accuracy_fields[2], &fields[2]);
    else if (sharc_p_eat_keyword(p, "mode"))
      ok = sharc_p_expect(p, '=') && sharc_p_parse_attr(p, NULL, &fields[3]);
    else
      return expected_one_of(p, &sharc_shlo_result_accuracy_def);
    if (!ok)
      return false;
    if (!sharc_p_eat(p, ','))
      {
        if (!sharc_p_expect(p, '>'))
          return false;
        break;
      }
  }
  if (!fields[3])
    fields[3] = sharc_shlo_enum_get(ctx, &sharc_shlo_result_accuracy_mode, 0);
  if (!verify_result_accuracy(p, &start, fields))
    return false;
  *out = sharc_shlo_struct_get(ctx, &sharc_shlo_result_accuracy_def, fields);
  return true;
}

/* ---- convolution dimension numbers ------------------------------------- */

static void print_conv_attr(sharc_printer *p, const sharc_attr *a) {
  sharc_pr_puts(p, "<");
  sharc_shlo_print_conv_dims(p, a);
  sharc_pr_puts(p, ">");
}

static const shlo_field conv_fields[] = {
    {"input_batch_dimension", SHLO_F_INT, true, NULL},
    {"input_feature_dimension", SHLO_F_INT, true, NULL},
    {"input_spatial_dimensions", SHLO_F_DIMS, true, NULL},
    {"kernel_input_feature_dimension", SHLO_F_INT, true, NULL},
    {"kernel_output_feature_dimension", SHLO_F_INT, true, NULL},
    {"kernel_spatial_dimensions", SHLO_F_DIMS, true, NULL},
    {"output_batch_dimension", SHLO_F_INT, true, NULL},
    {"output_feature_dimension", SHLO_F_INT, true, NULL},
    {"output_spatial_dimensions", SHLO_F_DIMS, true, NULL},
};
const shlo_struct_def sharc_shlo_conv_def = {
    {"conv", &sharc_stablehlo_dialect, print_conv_attr, NULL, sharc_attr_never_alias, walk_struct_fields},
    FIELDS(conv_fields), SHLO_SPARSE, "dot dimension numbers"};

static const char conv_letters[3][2] = {{'b', 'f'}, {'i', 'o'}, {'b', 'f'}};

/* One `[b, 0, 1, f]` group: letters where the two non-spatial dims are. */
static void print_conv_group(sharc_printer *p, const sharc_attr *a, unsigned g) {
  int64_t first = sharc_shlo_struct_int(a, &sharc_shlo_conv_def, g * 3);
  int64_t second = sharc_shlo_struct_int(a, &sharc_shlo_conv_def, g * 3 + 1);
  const sharc_attr *spatial = sharc_shlo_struct_field(a, &sharc_shlo_conv_def, g * 3 + 2);
  unsigned ns = sharc_attr_count(spatial), rank = ns + 2;
  sharc_pr_puts(p, "[");
  for (unsigned d = 0; d < rank; d++) {
    if (d)
      sharc_pr_puts(p, ", ");
    if ((int64_t)d == first) {
      sharc_buf_putc(p->out, conv_letters[g][0]);
      continue;
    }
    if ((int64_t)d == second) {
      sharc_buf_putc(p->out, conv_letters[g][1]);
      continue;
    }
    for (unsigned s = 0; s < ns; s++)
      if (sharc_attr_dense_array_i64(spatial, s) == (int64_t)d)
        sharc_buf_put_u64(p->out, s);
  }
  sharc_pr_puts(p, "]");
}

void sharc_shlo_print_conv_dims(sharc_printer *p, const sharc_attr *a) {
  print_conv_group(p, a, 0);
  sharc_pr_puts(p, "x");
  print_conv_group(p, a, 1);
  sharc_pr_puts(p, "->");
  print_conv_group(p, a, 2);
}

/* The spatial dimensions of one group: dimension number -> position in the
 * list, kept in a hash map since the numbers are unbounded. */
typedef struct conv_spatial {
  sharc_ptrmap at; /* dim + 1 -> index + 1 */
  int64_t max;
  size_t count;
} conv_spatial;

/* dim >= 0, so the unsigned successor is never zero nor overflows. */
static const void *spatial_key(int64_t dim) { return (const void *)((uintptr_t)dim + 1); }

static bool parse_conv_spatial_dim(sharc_parser *p, conv_spatial *sp, int64_t index) {
  sharc_token at = *sharc_p_tok(p);
  int64_t dim;
  if (!sharc_p_parse_int(p, &dim))
    return false;
  if (dim < 0)
    return sharc_p_error_at(p, &at, "Unexpected dimension %lld", (long long)dim);
  if (sharc_ptrmap_get(&sp->at, spatial_key(dim)))
    return sharc_p_error_at(p, &at, "Duplicate entries for spatial dimension %lld",
                            (long long)dim);
  sharc_ptrmap_put(&sp->at, spatial_key(dim), (void *)(uintptr_t)(index + 1));
  sp->count++;
  if (dim > sp->max)
    sp->max = dim;
  return true;
}

/* `b, f` or whichever of the group's two letters are still allowed. */
static void append_letters(sharc_buf *b, unsigned g, const int64_t *letter_at) {
  bool first = true;
  for (int k = 0; k < 2; k++) {
    if (letter_at[k] >= 0)
      continue;
    sharc_buf_printf(b, "%s%c", first ? "" : ", ", conv_letters[g][k]);
    first = false;
  }
}

static bool parse_conv_letter(sharc_parser *p, unsigned g, int64_t *letter_at, int64_t index) {
  sharc_token at = *sharc_p_tok(p);
  sharc_str kw;
  if (!sharc_p_parse_keyword(p, &kw, "expected valid keyword"))
    return false;
  bool any_left = letter_at[0] < 0 || letter_at[1] < 0;
  if (kw.len != 1 || !any_left)
    return sharc_p_error_at(p, &at, "Unexpected keyword %.*s", (int)kw.len, kw.data);
  for (int k = 0; k < 2; k++)
    if (letter_at[k] < 0 && kw.data[0] == conv_letters[g][k]) {
      letter_at[k] = index;
      return true;
    }
  sharc_buf msg = {0};
  sharc_buf_printf(&msg, "Unexpected dimension %.*s, expecting ", (int)kw.len, kw.data);
  append_letters(&msg, g, letter_at);
  sharc_p_error_at(p, &at, "%s", msg.data);
  sharc_buf_free(&msg);
  return false;
}

/* Every spatial dimension from 0 to the largest must be given; the first
 * ten missing are named. */
static bool conv_spatial_list(sharc_parser *p, const conv_spatial *sp, sharc_attr **out) {
  if ((uint64_t)sp->count != (uint64_t)sp->max + 1) {
    sharc_buf missing = {0};
    unsigned n = 0;
    for (int64_t d = 0; d <= sp->max && n < 10; d++)
      if (!sharc_ptrmap_get(&sp->at, spatial_key(d)))
        sharc_buf_printf(&missing, "%s%lld", n++ ? ", " : "", (long long)d);
    sharc_p_error(p, "Expected spatial dimensions %s not specified", missing.data);
    sharc_buf_free(&missing);
    return false;
  }
  int64_t *spatial = sharc_xmalloc_array(sp->count + 1, sizeof *spatial);
  for (size_t d = 0; d < sp->count; d++)
    spatial[d] = (int64_t)(uintptr_t)sharc_ptrmap_get(&sp->at, spatial_key((int64_t)d)) - 1;
  *out = sharc_attr_dense_i64_array(sharc_p_context(p), spatial, (unsigned)sp->count);
  free(spatial);
  return true;
}

/* `[b, 0, 1, f]`: fills the two letter positions and the spatial list. */
static bool parse_conv_group_items(sharc_parser *p, unsigned g, sharc_attr **fields,
                                   conv_spatial *sp) {
  int64_t letter_at[2] = {-1, -1};
  if (!sharc_p_expect(p, '['))
    return false;
  int64_t index = 0;
  do {
    const sharc_token *t = sharc_p_tok(p);
    bool ok = t->kind == TOK_INTEGER || sharc_tok_is(t, '-')
                  ? parse_conv_spatial_dim(p, sp, index)
                  : parse_conv_letter(p, g, letter_at, index);
    if (!ok)
      return false;
    index++;
  } while (sharc_p_eat(p, ','));
  if (letter_at[0] < 0 || letter_at[1] < 0) {
    sharc_buf msg = {0};
    SHARC_BUF_LIT(&msg, "Expected dimensions ");
    append_letters(&msg, g, letter_at);
    SHARC_BUF_LIT(&msg, " not specified");
    sharc_p_error(p, "%s", msg.data);
    sharc_buf_free(&msg);
    return false;
  }
  if (!sharc_p_expect(p, ']') || !conv_spatial_list(p, sp, &fields[g * 3 + 2]))
    return false;
  fields[g * 3] = int_attr(sharc_p_context(p), letter_at[0]);
  fields[g * 3 + 1] = int_attr(sharc_p_context(p), letter_at[1]);
  return true;
}

static bool parse_conv_group(sharc_parser *p, unsigned g, sharc_attr **fields) {
  conv_spatial sp = {{0}, -1, 0};
  bool ok = parse_conv_group_items(p, g, fields, &sp);
  sharc_ptrmap_free(&sp.at);
  return ok;
}

bool sharc_shlo_parse_conv_dims(sharc_parser *p, sharc_attr **out) {
  sharc_attr *fields[9] = {0};
  if (!parse_conv_group(p, 0, fields) || !sharc_p_expect_keyword(p, "x") ||
      !parse_conv_group(p, 1, fields) || !sharc_p_expect_arrow(p) ||
      !parse_conv_group(p, 2, fields))
    return false;
  *out = sharc_shlo_struct_get(sharc_p_context(p), &sharc_shlo_conv_def, fields);
  return true;
}

static bool parse_conv_attr(sharc_parser *p, sharc_attr **out) {
  if (!sharc_p_expect(p, '<'))
    return false;
  if (sharc_p_eat_keyword(p, "raw")) {
    sharc_attr *fields[16] = {0};
    if (!parse_struct_any_order(p, &sharc_shlo_conv_def, fields))
      return false;
    fill_sparse_defaults(sharc_p_context(p), &sharc_shlo_conv_def, fields);
    *out = sharc_shlo_struct_get(sharc_p_context(p), &sharc_shlo_conv_def, fields);
    return true;
  }
  return sharc_shlo_parse_conv_dims(p, out) && sharc_p_expect(p, '>');
}

/* ---- dispatch by mnemonic ---------------------------------------------- */

typedef struct attr_parser {
  const char *mnemonic;
  const shlo_struct_def *def;       /* generic struct syntax ... */
  bool (*parse)(sharc_parser *p, sharc_attr **out); /* ... or its own */
} attr_parser;

static bool parse_result_accuracy_mode(sharc_parser *p, sharc_attr **out) {
  return sharc_p_expect(p, '<') && sharc_shlo_parse_enum_case(p, &sharc_shlo_result_accuracy_mode, out) &&
         sharc_p_expect(p, '>');
}

/* DotAlgorithmAttr's parser builds it checked: its verifier reports at the
 * `<` that opens it. */
static bool parse_dot_algorithm(sharc_parser *p, sharc_attr **out) {
  sharc_token at = *sharc_p_tok(p);
  if (!parse_struct_body(p, &sharc_shlo_dot_algorithm_def, out))
    return false;
  sharc_buf msg = {0};
  bool ok = sharc_shlo_check_dot_algorithm(*out, &msg);
  if (!ok)
    sharc_p_error_at(p, &at, "%s", msg.data);
  sharc_buf_free(&msg);
  return ok;
}

static bool parse_replica_group_mesh_axes(sharc_parser *p, sharc_attr **out) {
  sharc_token at = *sharc_p_tok(p);
  if (!parse_struct_body(p, &sharc_shlo_replica_group_mesh_axes_def, out))
    return false;
  sharc_buf msg = {0};
  bool ok = sharc_shlo_check_replica_group_mesh_axes(*out, &msg);
  if (!ok)
    sharc_p_error_at(p, &at, "%s", msg.data);
  sharc_buf_free(&msg);
  return ok;
}

static const attr_parser attr_parsers[] = {
    {"gather", &sharc_shlo_gather_def, NULL},
    {"scatter", &sharc_shlo_scatter_def, NULL},
    {"dot", &sharc_shlo_dot_def, NULL},
    {"dot_algorithm", NULL, parse_dot_algorithm},
    {"output_operand_alias", &sharc_shlo_output_operand_alias_def, NULL},
    {"channel_handle", &sharc_shlo_channel_handle_def, NULL},
    {"axis_ref", &sharc_shlo_axis_ref_def, NULL},
    {"mesh_axis", &sharc_shlo_mesh_axis_def, NULL},
    {"replica_group_mesh_axes", NULL, parse_replica_group_mesh_axes},
    {"sub_axis_info", NULL, parse_sub_axis_info},
    {"mesh", NULL, parse_mesh},
    {"bounds", NULL, parse_bounds},
    {"type_extensions", NULL, parse_type_extensions},
    {"result_accuracy", NULL, parse_result_accuracy},
    {"result_accuracy_mode", NULL, parse_result_accuracy_mode},
    {"conv", NULL, parse_conv_attr},
};

static const attr_parser *find_attr_parser(sharc_str mnemonic) {
  for (size_t i = 0; i < sizeof attr_parsers / sizeof attr_parsers[0]; i++)
    if (sharc_str_eq_cstr(mnemonic, attr_parsers[i].mnemonic))
      return &attr_parsers[i];
  return NULL;
}

static bool run_attr_parser(sharc_parser *p, const attr_parser *ap, sharc_attr **out) {
  return ap->def ? parse_struct_body(p, ap->def, out) : ap->parse(p, out);
}

bool sharc_shlo_parse_struct_or_full(sharc_parser *p, const shlo_struct_def *def, sharc_attr **out) {
  if (sharc_p_tok(p)->kind == TOK_HASH_ID)
    return sharc_p_parse_dialect_attr_of(p, &def->base, out);
  const attr_parser *ap = find_attr_parser((sharc_str){def->base.name, strlen(def->base.name)});
  return run_attr_parser(p, ap, out);
}

/* `#stablehlo<comparison_direction LT>`: we are at `<`. */
static sharc_attr *parse_bare_enum(sharc_parser *p) {
  sharc_str kw;
  sharc_token at;
  if (!sharc_p_expect(p, '<'))
    return NULL;
  at = *sharc_p_tok(p);
  if (!sharc_p_parse_keyword(p, &kw, "expected valid keyword"))
    return NULL;
  for (size_t i = 0; i < sizeof bare_enums / sizeof bare_enums[0]; i++) {
    if (!sharc_str_eq_cstr(kw, bare_enums[i]->mnemonic))
      continue;
    sharc_attr *a;
    if (!sharc_shlo_parse_enum_case(p, bare_enums[i], &a) || !sharc_p_expect(p, '>'))
      return NULL;
    return a;
  }
  sharc_p_error_at(p, &at, "unknown attribute `%.*s` in dialect `stablehlo`", (int)kw.len,
                   kw.data);
  return NULL;
}

sharc_attr *sharc_shlo_parse_attr_hook(sharc_parser *p, sharc_str mnemonic, sharc_type *type) {
  (void)type;
  if (mnemonic.len == 0)
    return parse_bare_enum(p);
  const attr_parser *ap = find_attr_parser(mnemonic);
  if (!ap) {
    sharc_p_error(p, "unknown attribute `%.*s` in dialect `stablehlo`", (int)mnemonic.len,
                  mnemonic.data);
    return NULL;
  }
  sharc_attr *a = NULL;
  return run_attr_parser(p, ap, &a) ? a : NULL;
}

/* ---- the token type ----------------------------------------------------- */

static void print_token(sharc_printer *p, const sharc_type *t) {
  (void)p;
  (void)t;
}

const sharc_type_def sharc_shlo_token_def = {
    .name = "token",
    .dialect = &sharc_stablehlo_dialect,
    .print = print_token,
    .may_alias = sharc_type_never_alias,
};

sharc_type *sharc_shlo_token_type(sharc_context *ctx) {
  return sharc_type_dialect(ctx, &sharc_shlo_token_def, NULL, 0);
}

/* !stablehlo.future<T, U>: the results of an async_start. */
static void print_future(sharc_printer *p, const sharc_type *t) {
  sharc_pr_puts(p, "<");
  for (unsigned i = 0; i < t->params.n; i++) {
    if (i)
      sharc_pr_puts(p, ", ");
    sharc_pr_type(p, (const sharc_type *)t->params.words[i]);
  }
  sharc_pr_puts(p, ">");
}

static void walk_future(const sharc_type *t, const sharc_subelement_fns *f) {
  for (unsigned i = 0; i < t->params.n && f->type; i++)
    f->type((sharc_type *)t->params.words[i], f->user);
}

const sharc_type_def sharc_shlo_future_def = {
    .name = "future",
    .dialect = &sharc_stablehlo_dialect,
    .print = print_future,
    .walk = walk_future,
};

static sharc_type *parse_future(sharc_parser *p) {
  sharc_ptrvec types = {0};
  sharc_token at = *sharc_p_tok(p); /* ODS's getChecked reports where the parameters start */
  bool ok = sharc_p_expect(p, '<') && sharc_p_parse_type_list(p, &types) &&
            sharc_p_expect(p, '>');
  for (unsigned i = 0; ok && i < types.len; i++) {
    const sharc_type *t = types.items[i];
    if (t->kind == SHARC_TYPE_TENSOR)
      continue;
    sharc_buf b = {0};
    sharc_print_type(t, &b);
    ok = sharc_p_error_at(p, &at, "future element type must be a ranked tensor, but got '%s'",
                          b.data);
    sharc_buf_free(&b);
  }
  sharc_type *res = NULL;
  if (ok) {
    uintptr_t *words = sharc_xmalloc_array(types.len + 1, sizeof *words);
    for (unsigned i = 0; i < types.len; i++)
      words[i] = (uintptr_t)types.items[i];
    res = sharc_type_dialect(sharc_p_context(p), &sharc_shlo_future_def, words, types.len);
    free(words);
  }
  sharc_ptrvec_free(&types);
  return res;
}

sharc_type *sharc_shlo_parse_type_hook(sharc_parser *p, sharc_str mnemonic) {
  if (sharc_str_eq_cstr(mnemonic, "token"))
    return sharc_shlo_token_type(sharc_p_context(p));
  if (sharc_str_eq_cstr(mnemonic, "future"))
    return parse_future(p);
  sharc_p_error_at(p, sharc_p_dialect_type_tok(p), "unknown stablehlo type: %.*s",
                   (int)mnemonic.len, mnemonic.data);
  return NULL;
}

bool sharc_shlo_verify_encoding(sharc_parser *p, const sharc_token *at, const sharc_attr *encoding,
                                const int64_t *shape, unsigned rank, sharc_type *elem) {
  sharc_attr *bounds = sharc_shlo_struct_field(encoding, &sharc_shlo_type_extensions_def, 0);
  if (!bounds)
    return true;
  sharc_type *plain = sharc_type_tensor(sharc_p_context(p), shape, rank, elem, NULL);
  unsigned n = sharc_attr_count(bounds);
  if (n != rank)
    return sharc_p_error_at(p, at, "Bounds length is %u, expected to be equal to rank(%u) of the "
                            "tensor %s", n, rank, sharc_shlo_type_str(plain));
  for (unsigned d = 0; d < rank; d++)
    if (sharc_attr_dense_array_i64(bounds, d) != SHARC_DYNAMIC && shape[d] != SHARC_DYNAMIC)
      return sharc_p_error_at(p, at, "Static dimension %u cannot have a bound, use "
                              "ShapedType::kDynamic to indicate a missing bound in tensor %s", d,
                              sharc_shlo_type_str(plain));
  return true;
}
