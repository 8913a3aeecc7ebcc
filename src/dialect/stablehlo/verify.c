/* StableHLO's shape rules for the common ops, with the messages of
 * StableHLO's TypeInference.cpp (which reports them at the op, without the
 * "'op' op" prefix) and of MLIR's traits (with it). */
#include "asm/verify_internal.h"
#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/op_values.h"
#include "sharc/verify.h"
#include "support/checked.h"
#include "support/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const sharc_type *operand_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_operand(op, i));
}

static const sharc_type *result_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_result(op, i));
}

/* SameOperandsAndResultShape; the unary elementwise ops list the
 * Elementwise trait before it (convert names it first itself). */
bool sharc_shlo_verify_elementwise(sharc_op *op) {
  if (sharc_op_num_operands(op) == 1 && sharc_op_has_trait(op, SHARC_TRAIT_ELEMENTWISE) &&
      !sharc_op_isa(op, SHARC_SHLO(convert)) && !sharc_shlo_trait_elementwise(op))
    return false;
  return sharc_shlo_all_values_like_first(op, sharc_shlo_compatible_shapes,
                                          "requires the same shape for all operands and results");
}

bool sharc_shlo_verify_broadcast_in_dim(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *out = sharc_shlo_ranked(result_type(op, 0));
  sharc_attr *dims = sharc_shlo_i64_array(op, "broadcast_dimensions");
  if (!in || !out || !dims)
    return true;
  if (!sharc_shlo_verify_broadcast_quant_head(op))
    return false;
  unsigned n = sharc_attr_count(dims);
  if (n != in->shaped.rank) {
    sharc_shlo_error(op, "broadcast_dimensions size (%u) does not match operand rank (%u)", n,
               in->shaped.rank);
    return false;
  }
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = i + 1; j < n; j++)
      if (sharc_attr_dense_array_i64(dims, i) == sharc_attr_dense_array_i64(dims, j)) {
        sharc_shlo_error(op, "broadcast_dimensions should not have duplicates");
        return false;
      }
  for (unsigned i = 0; i < n; i++) {
    int64_t d = sharc_attr_dense_array_i64(dims, i);
    if (d < 0 || d >= (int64_t)out->shaped.rank) {
      sharc_shlo_error(op, "broadcast_dimensions contains invalid value %lld for result with rank %u",
                 (long long)d, out->shaped.rank);
      return false;
    }
    int64_t size = in->shaped.shape[i];
    if (size == SHARC_DYNAMIC)
      continue;
    int64_t res = out->shaped.shape[d];
    if (size != 1 && size != res) {
      sharc_shlo_error(op, "size of operand dimension %u (%lld) is not equal to 1 or size of result "
                 "dimension %lld (%lld)", i, (long long)size, (long long)d, (long long)res);
      return false;
    }
  }
  return sharc_shlo_verify_broadcast_quant_tail(op, "broadcast_dimensions");
}

bool sharc_shlo_verify_reshape(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *out = sharc_shlo_ranked(result_type(op, 0));
  if (!in || !out)
    return true;
  /* StableHLO's int64 counts would wrap (2^32 x 2^32 elements count as 0) */
  int64_t a, b;
  if (!sharc_product_checked(in->shaped.shape, in->shaped.rank, &a) ||
      !sharc_product_checked(out->shaped.shape, out->shaped.rank, &b)) {
    sharc_shlo_error(op, "integer overflow in element count computation");
    return false;
  }
  if (a < 0 || b < 0 || a == b)
    return sharc_shlo_verify_reshape_quant(op);
  sharc_shlo_error(op, "number of output elements (%lld) doesn't match expected number of elements "
             "(%lld)", (long long)b, (long long)a);
  return false;
}

bool sharc_shlo_verify_dynamic_slice(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  sharc_attr *sizes = sharc_shlo_i64_array(op, "slice_sizes");
  if (!in || !sizes)
    return true;
  unsigned n_sizes = sharc_attr_count(sizes), n_starts = sharc_op_num_operands(op) - 1;
  if (n_sizes != n_starts) {
    sharc_shlo_error(op, "has mismatched number of slice sizes (%u) and number of start indices (%u)",
               n_sizes, n_starts);
    return false;
  }
  if (n_starts != in->shaped.rank) {
    sharc_shlo_error(op, "has mismatched number of start indices (%u) and the rank of operand (%u)",
               n_starts, in->shaped.rank);
    return false;
  }
  for (unsigned i = 2; i <= n_starts; i++) {
    if (sharc_type_element(operand_type(op, i)) != sharc_type_element(operand_type(op, 1))) {
      sharc_shlo_error(op, "start indices must have same element type");
      return false;
    }
  }
  for (unsigned i = 0; i < n_sizes; i++) {
    int64_t size = sharc_attr_dense_array_i64(sizes, i), dim = in->shaped.shape[i];
    if (size < 0) {
      sharc_shlo_error(op, "has negative size index to dynamic slice: %lld", (long long)size);
      return false;
    }
    if (dim != SHARC_DYNAMIC && size > dim) {
      sharc_shlo_error(op, "has slice size %lld greater than dimension size %lld in dimension %u of "
                 "operand", (long long)size, (long long)dim, i);
      return false;
    }
  }
  int64_t *shape = sharc_xmalloc_array(n_sizes + 1, sizeof *shape);
  for (unsigned i = 0; i < n_sizes; i++)
    shape[i] = sharc_attr_dense_array_i64(sizes, i);
  bool ok = sharc_shlo_check_inferred(op, sharc_type_tensor(sharc_op_context(op), shape, n_sizes,
                                                 in->shaped.elem, NULL));
  free(shape);
  return ok;
}

bool sharc_shlo_verify_iota(sharc_op *op) {
  const sharc_type *out = sharc_shlo_ranked(result_type(op, 0));
  sharc_attr *d = sharc_op_attr(op, "iota_dimension");
  if (!out || !d)
    return true;
  if (out->shaped.rank == 0) {
    sharc_shlo_error(op, "does not support scalars.");
    return false;
  }
  if (sharc_attr_int_value(d) >= (int64_t)out->shaped.rank) {
    sharc_shlo_error(op, "iota dimension cannot go beyond the output rank.");
    return false;
  }
  return true;
}

/* "'tensor<i32>', 'tensor<f32>'": a type list as MLIR streams a TypeRange. */
static void append_types(sharc_buf *b, sharc_type *const *types, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    sharc_buf_printf(b, "%s%s", i ? ", " : "", sharc_shlo_type_str(types[i]));
}

/* isCompatibleForHloTypeInference over two type lists. */
static bool same_types(sharc_type *const *a, unsigned na, sharc_type *const *b, unsigned nb) {
  if (na != nb)
    return false;
  for (unsigned i = 0; i < na; i++)
    if (!sharc_shlo_compatible_for_inference(a[i], b[i]))
      return false;
  return true;
}

static bool while_mismatch(sharc_op *op, const char *what, sharc_type *const *ops, unsigned n,
                           sharc_type *const *other, unsigned m) {
  sharc_buf msg = {0};
  sharc_buf_printf(&msg, "expect operands to be compatible with %s but got ", what);
  append_types(&msg, ops, n);
  SHARC_BUF_LIT(&msg, " vs ");
  append_types(&msg, other, m);
  sharc_shlo_error(op, "%s", msg.data);
  sharc_buf_free(&msg);
  return false;
}

bool sharc_shlo_verify_while(sharc_op *op) {
  sharc_block *cond = sharc_region_first_block(sharc_op_region(op, 0));
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 1));
  if (!cond || !body)
    return true;
  unsigned n = sharc_op_num_operands(op);
  sharc_type **ops = sharc_op_operand_types(op);
  sharc_type **cargs = sharc_block_arg_types(cond);
  sharc_type **bargs = sharc_block_arg_types(body);
  bool ok = true;
  sharc_op *body_ret = sharc_block_last_op(body), *cond_ret = sharc_block_last_op(cond);
  if (!same_types(ops, n, cargs, sharc_block_num_args(cond))) {
    ok = while_mismatch(op, "condition block arguments", ops, n, cargs,
                        sharc_block_num_args(cond));
  } else if (!same_types(ops, n, bargs, sharc_block_num_args(body))) {
    ok = while_mismatch(op, "body block arguments", ops, n, bargs, sharc_block_num_args(body));
  } else if (body_ret) {
    unsigned nr = sharc_op_num_operands(body_ret);
    sharc_type **rets = sharc_op_operand_types(body_ret);
    if (!same_types(ops, n, rets, nr))
      ok = while_mismatch(op, "body block return types", ops, n, rets, nr);
    free(rets);
  }
  if (ok && cond_ret) {
    unsigned nr = sharc_op_num_operands(cond_ret);
    const sharc_type *t = nr == 1 ? operand_type(cond_ret, 0) : NULL;
    if (nr != 1) {
      sharc_shlo_error(op, "expect condition body returns a single value but got %u", nr);
      ok = false;
    } else if (!sharc_shlo_ranked(t) || t->shaped.rank != 0 ||
               !sharc_type_is_integer(t->shaped.elem, 1)) {
      sharc_shlo_error(op, "expect condition block return a zero-ranked tensor of i1 but got %s",
                       sharc_shlo_type_str(t));
      ok = false;
    }
  }
  free(ops);
  free(cargs);
  free(bargs);
  return ok;
}

/* HLO_CompatibleOperandsAndResultType, then SameOperandsAndResultShape. */
bool sharc_shlo_verify_compatible_elementwise(sharc_op *op) {
  const sharc_type *expected = sharc_op_num_operands(op) ? operand_type(op, 0)
                               : sharc_op_num_results(op) ? result_type(op, 0)
                                                          : NULL;
  unsigned n_in = sharc_op_num_operands(op), n = n_in + sharc_op_num_results(op);
  for (unsigned i = 0; expected && i < n; i++) {
    const sharc_type *t = i < n_in ? operand_type(op, i) : result_type(op, i - n_in);
    if (!sharc_shlo_compatible_for_inference(t, expected)) {
      sharc_emit_op_error(op, "requires compatible types for all operands and results");
      return false;
    }
  }
  return sharc_shlo_verify_elementwise(op);
}

/* One `N`, `N+` or `*` of a row's arity. */
typedef struct count_rule {
  unsigned n;
  bool at_least;
  bool any;
} count_rule;

static const char *read_rule(const char *s, count_rule *r) {
  memset(r, 0, sizeof *r);
  if (*s == '*') {
    r->any = true;
    s++;
  } else {
    while (*s >= '0' && *s <= '9')
      r->n = r->n * 10 + (unsigned)(*s++ - '0');
    if (*s == '+') {
      r->at_least = true;
      s++;
    }
  }
  return *s == ':' ? s + 1 : s;
}

/* MLIR's count traits (ZeroOperands, OneResult, NOperands<N>, ...). */
static bool check_count(sharc_op *op, const count_rule *r, unsigned got, const char *noun,
                        const char *one) {
  if (r->any)
    return true;
  if (r->at_least) {
    if (got >= r->n)
      return true;
    sharc_emit_op_error(op, "expected %u or more %ss, but found %u", r->n, noun, got);
    return false;
  }
  if (got == r->n)
    return true;
  if (r->n == 0)
    sharc_emit_op_error(op, "requires zero %ss", noun);
  else if (r->n == 1)
    sharc_emit_op_error(op, "requires %s %s", one, noun);
  else if (!strcmp(noun, "region"))
    sharc_emit_op_error(op, "expected %u regions", r->n);
  else
    sharc_emit_op_error(op, "expected %u %ss, but found %u", r->n, noun, got);
  return false;
}

static bool is_dialect_attr(const sharc_attr *a, const sharc_attr_def *def) {
  return a->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(a) == def;
}

static bool is_i64_elements(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_DENSE_ELEMENTS && sharc_type_is_integer(sharc_type_element(a->type), 64) &&
         sharc_type_int_signedness(sharc_type_element(a->type)) == SHARC_SIGNLESS;
}

static bool is_flat_symbol_ref(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_SYMBOL_REF && sharc_attr_symbol_num_nested(a) == 0;
}

/* StableHLO_1DIndexTensorAttrBase: index elements (a DenseIntElementsAttr)
 * of rank 1, as a layout or a tile is. */
static bool is_1d_index_elements(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_DENSE_ELEMENTS &&
         sharc_type_get_kind(sharc_type_element(a->type)) == SHARC_TYPE_INDEX &&
         sharc_type_has_rank(a->type) && sharc_type_rank(a->type) == 1;
}

static bool is_output_operand_alias(const sharc_attr *a) {
  return is_dialect_attr(a, &sharc_shlo_output_operand_alias_def.base);
}

/* TypedArrayAttrBase: an array each of whose elements passes `elem`. */
static bool is_array_of(const sharc_attr *a, bool (*elem)(const sharc_attr *)) {
  if (a->kind != SHARC_ATTR_ARRAY)
    return false;
  for (unsigned i = 0; i < sharc_attr_count(a); i++)
    if (!elem(sharc_attr_at(a, i)))
      return false;
  return true;
}

/* An attribute of MHLO's `mnemonic` (`#mhlo.mnemonic<...>`, or
 * `#mhlo<mnemonic ...>` for an enum): opaque wherever sharc reads one, as
 * no tool registers mhlo (sdy_opt carries mhlo ops for XLA's passes), so
 * its kind is all that is known of it. */
static bool is_mhlo_attr(const sharc_attr *a, const char *mnemonic) {
  if (a->kind != SHARC_ATTR_OPAQUE || !sharc_str_eq_cstr(sharc_ident_str(a->opaque.dialect), "mhlo"))
    return false;
  size_t n = strlen(mnemonic);
  sharc_str body = a->opaque.body;
  return body.len > n && memcmp(body.data, mnemonic, n) == 0 &&
         (body.data[n] == '<' || body.data[n] == ' ');
}

static bool is_mhlo_output_operand_alias(const sharc_attr *a) {
  return is_mhlo_attr(a, "output_operand_alias");
}

/* MHLO_CustomCallScheduleAttr, an enum */
static bool is_mhlo_custom_call_schedule(const sharc_attr *a) {
  return is_mhlo_attr(a, "custom_call_schedule");
}

/* StableHLO_TilingAttr: an array of 1D index tensors. */
static bool is_tiling(const sharc_attr *a) { return is_array_of(a, is_1d_index_elements); }

/* StableHLO_ReplicaGroups: AnyAttrOf<[I64ElementsAttr, ReplicaGroupMeshAxes]> */
static bool is_replica_groups(const sharc_attr *a) {
  return is_i64_elements(a) || is_dialect_attr(a, &sharc_shlo_replica_group_mesh_axes_def.base);
}

static bool is_dictionary(const sharc_attr *a) { return a->kind == SHARC_ATTR_DICTIONARY; }
static bool is_array(const sharc_attr *a) { return a->kind == SHARC_ATTR_ARRAY; }
static bool is_unit(const sharc_attr *a) { return a->kind == SHARC_ATTR_UNIT; }
static bool is_bool(const sharc_attr *a) { return a->kind == SHARC_ATTR_BOOL; }
static bool is_string(const sharc_attr *a) { return a->kind == SHARC_ATTR_STRING; }

static bool is_elements(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_DENSE_ELEMENTS || a->kind == SHARC_ATTR_DENSE_STRING ||
         a->kind == SHARC_ATTR_DENSE_RESOURCE;
}

static bool is_string_or_dictionary(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_STRING || a->kind == SHARC_ATTR_DICTIONARY;
}

/* An I32EnumAttr: a signless i32 among the cases. */
static bool is_api_version(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_INTEGER && sharc_type_is_integer(a->type, 32) &&
         sharc_type_int_signedness(a->type) == SHARC_SIGNLESS && sharc_attr_int_value(a) >= 0 &&
         sharc_attr_int_value(a) <= 4;
}

static bool is_i64_array(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_DENSE_ARRAY && sharc_type_is_integer(sharc_darray_elem(a), 64);
}

static bool is_bool_array(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_DENSE_ARRAY && sharc_type_is_integer(sharc_darray_elem(a), 1);
}

static bool is_f32(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_FLOAT && sharc_type_float_kind(a->type) == SHARC_F32;
}

static bool is_precision_config(const sharc_attr *a) {
  if (a->kind != SHARC_ATTR_ARRAY)
    return false;
  for (unsigned i = 0; i < sharc_attr_count(a); i++)
    if (sharc_shlo_enum_index(sharc_attr_at(a, i), &sharc_shlo_precision) < 0)
      return false;
  return true;
}

/* A signless integer attribute of `width` bits. */
bool sharc_shlo_is_signless_int(const sharc_attr *a, unsigned width) {
  return a->kind == SHARC_ATTR_INTEGER && sharc_type_is_integer(a->type, width) &&
         sharc_type_int_signedness(a->type) == SHARC_SIGNLESS;
}

static bool is_i64(const sharc_attr *a) { return sharc_shlo_is_signless_int(a, 64); }
static bool is_i32(const sharc_attr *a) { return sharc_shlo_is_signless_int(a, 32); }
static bool is_i64_nn(const sharc_attr *a) { return is_i64(a) && sharc_attr_int_value(a) >= 0; }
static bool is_i32_nn(const sharc_attr *a) { return is_i32(a) && sharc_attr_int_value(a) >= 0; }
static bool is_i64_pos(const sharc_attr *a) { return is_i64(a) && sharc_attr_int_value(a) > 0; }
static bool is_i32_pos(const sharc_attr *a) { return is_i32(a) && sharc_attr_int_value(a) > 0; }

/* One ODS attribute constraint: the kind's name in a row's spec, its
 * summary, and what passes it: `has`, or one of stablehlo's own
 * attributes (`def`), or a typed array of `elem` (TypedArrayAttrBase). */
typedef struct attr_kind {
  const char *kind;
  const char *what;
  bool (*has)(const sharc_attr *a);
  const sharc_attr_def *def;
  bool (*elem)(const sharc_attr *a);
} attr_kind;

#define KIND(k, pred, what) {k, what, pred, NULL, NULL}
#define DIALECT_KIND(k, d, what) {k, what, NULL, &d.base, NULL}
#define ARRAY_KIND(k, e, what) {k, what, NULL, NULL, e}

/* Sorted by kind (strcmp): find_kind searches it by halves, where a chain
 * of string compares before the common kinds cost ~575 instructions per
 * attribute checked. */
static const attr_kind attr_kinds[] = {
    ARRAY_KIND("aliases", is_output_operand_alias,
               "Aliasing attribute for outputs and operands of CustomCall"),
    KIND("apiver", is_api_version, "Custom call API version"),
    KIND("arr", is_i64_array, "i64 dense array attribute"),
    KIND("arrayattr", is_array, "array attribute"),
    KIND("bool", is_bool, "bool attribute"),
    KIND("boolarr", is_bool_array, "i1 dense array attribute"),
    DIALECT_KIND("chan", sharc_shlo_channel_handle_def, "two 64-bit integers 'handle' and 'type'"),
    DIALECT_KIND("cmpdir", sharc_shlo_comparison_direction, "Which comparison operation to perform."),
    DIALECT_KIND("cmptype", sharc_shlo_comparison_type, "Which comparison type to use."),
    DIALECT_KIND("conv", sharc_shlo_conv_def, "Structure of dimension information for conv op"),
    KIND("dict", is_dictionary, "dictionary of named attribute values"),
    DIALECT_KIND("dot", sharc_shlo_dot_def, "Attribute that models the dimension information for dot."),
    DIALECT_KIND("dotalg", sharc_shlo_dot_algorithm_def,
                 "Attribute that models the algorithm constraints to use for computing dot."),
    KIND("elems", is_elements, "constant vector/tensor attribute"),
    KIND("elemsi64", is_i64_elements, "64-bit signless integer elements attribute"),
    KIND("f32", is_f32, "32-bit float attribute"),
    DIALECT_KIND("fft", sharc_shlo_fft_type, "XLA fast fourier transform type."),
    KIND("flatsym", is_flat_symbol_ref, "flat symbol reference attribute"),
    DIALECT_KIND("gather", sharc_shlo_gather_def,
                 "Attribute that models the dimension information for gather"),
    KIND("groups", is_replica_groups,
         "64-bit signless integer elements attribute or mesh and axes based replica groups "
         "representation."),
    KIND("i32", is_i32, "32-bit signless integer attribute"),
    KIND("i32nn", is_i32_nn, "32-bit signless integer attribute whose value is non-negative"),
    KIND("i32pos", is_i32_pos, "32-bit signless integer attribute whose value is positive"),
    KIND("i64", is_i64, "64-bit signless integer attribute"),
    KIND("i64nn", is_i64_nn, "64-bit signless integer attribute whose value is non-negative"),
    KIND("i64pos", is_i64_pos, "64-bit signless integer attribute whose value is positive"),
    ARRAY_KIND("layouts", is_1d_index_elements,
               "Array of layout (1D tensor of index type) attributes"),
    ARRAY_KIND("mhloaliases", is_mhlo_output_operand_alias,
               "Aliasing attribute for outputs and operands of CustomCall"),
    KIND("mhlosched", is_mhlo_custom_call_schedule,
         "Specifies the desired schedule for the custom-call."),
    KIND("prec", is_precision_config, "Precision Config attribute"),
    DIALECT_KIND("resacc", sharc_shlo_result_accuracy_def,
                 "The requested accuracy for transcendental unary ops."),
    DIALECT_KIND("rngalg", sharc_shlo_rng_algorithm, "XLA PRNG algorithm to be used."),
    DIALECT_KIND("rngdist", sharc_shlo_rng_distribution, "XLA PRNG distribution to be used."),
    DIALECT_KIND("scatter", sharc_shlo_scatter_def,
                 "Attribute that models the dimension information for scatter"),
    KIND("str", is_string, "string attribute"),
    KIND("strdict", is_string_or_dictionary,
         "string attribute or dictionary of named attribute values"),
    ARRAY_KIND("symarr", is_flat_symbol_ref, "flat symbol ref array attribute"),
    ARRAY_KIND("tilings", is_tiling, "Array of tiling attributes"),
    DIALECT_KIND("transpose", sharc_shlo_transpose, "Transpose options"),
    KIND("typed", sharc_attr_is_typed, "TypedAttr instance"),
    KIND("unit", is_unit, "unit attribute"),
};

#undef KIND
#undef DIALECT_KIND
#undef ARRAY_KIND

static const attr_kind *find_kind(const char *kind) {
  size_t lo = 0, hi = sizeof attr_kinds / sizeof attr_kinds[0];
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(kind, attr_kinds[mid].kind);
    if (!c)
      return &attr_kinds[mid];
    if (c < 0)
      hi = mid;
    else
      lo = mid + 1;
  }
  return NULL;
}

/* One `name:kind` item of a spec as read: where its name ends and the
 * item ends, and its kind (`kind`, NULL when the table does not name it:
 * see item_has_kind). */
typedef struct spec_item {
  const char *at; /* the item's first character */
  const char *colon, *end;
  const attr_kind *kind;
  char kind_text[16];
} spec_item;

enum { SPEC_ITEMS = 128 };

/* Items read lately, by address. Specs are string literals (the op tables'
 * `required`, chlo's attr_spec), so one address always holds one text;
 * the parser checks every op's attributes against its spec, and reading
 * it again each time (two strchr, a copy, a search of the kinds) was most
 * of that check. Per thread: contexts may parse on several. */
static _Thread_local spec_item spec_items[SPEC_ITEMS];

static const spec_item *read_spec_item(const char *spec) {
  uintptr_t at = (uintptr_t)spec;
  spec_item *it = &spec_items[(at ^ (at >> 7)) % SPEC_ITEMS];
  if (it->at == spec)
    return it;
  const char *colon = strchr(spec, ':'), *end = strchr(spec, ' ');
  if (!end)
    end = spec + strlen(spec);
  sharc_shlo_copy_bounded(it->kind_text, sizeof it->kind_text, colon + 1,
                          (size_t)(end - colon - 1));
  it->kind = find_kind(it->kind_text);
  it->colon = colon;
  it->end = end;
  it->at = spec;
  return it;
}

/* The item after `it` (its spec's end when none). */
static const char *next_spec_item(const spec_item *it) {
  return *it->end ? it->end + 1 : it->end;
}

/* Whether `a` passes the item's constraint (with its summary in *what); a
 * kind the table does not name (`any`) constrains nothing, but for other
 * `i64...`/`i32...` spellings, read as the plain integer. */
static bool item_has_kind(const sharc_attr *a, const spec_item *it, const char **what) {
  const attr_kind *k = it->kind;
  if (k) {
    *what = k->what;
    return k->has ? k->has(a) : k->def ? is_dialect_attr(a, k->def) : is_array_of(a, k->elem);
  }
  const char *kind = it->kind_text;
  if (strncmp(kind, "i64", 3) && strncmp(kind, "i32", 3))
    return true;
  bool wide = kind[1] == '6';
  *what = wide ? "64-bit signless integer attribute" : "32-bit signless integer attribute";
  return sharc_shlo_is_signless_int(a, wide ? 64 : 32);
}

/* ODS's required attributes: present, and of the declared kind. */
bool sharc_shlo_check_attr_spec(sharc_op *op, const char *spec) {
  while (spec && *spec) {
    const spec_item *it = read_spec_item(spec);
    char name[64];
    sharc_shlo_copy_bounded(name, sizeof name, spec, (size_t)(it->colon - spec));
    /* `?name:kind`: optional, constrained when present */
    bool optional = name[0] == '?';
    sharc_attr *a = sharc_op_attr(op, name + optional);
    const char *what = NULL;
    if (!a && optional) {
      spec = next_spec_item(it);
      continue;
    }
    if (!a) {
      sharc_emit_op_error(op, "requires attribute '%s'", name);
      return false;
    }
    if (!item_has_kind(a, it, &what)) {
      sharc_emit_op_error(op, "attribute '%s' failed to satisfy constraint: %s", name + optional,
                          what);
      return false;
    }
    spec = next_spec_item(it);
  }
  return true;
}

const char *sharc_shlo_bad_inherent_attr(const shlo_op_def *row, const sharc_named_attr *attrs,
                                         unsigned n, const char **what) {
  return sharc_shlo_bad_attr_of_spec(row->required, attrs, n, what);
}

const char *sharc_shlo_bad_attr_of_spec(const char *spec, const sharc_named_attr *attrs,
                                        unsigned n, const char **what) {
  while (spec && *spec) {
    const spec_item *it = read_spec_item(spec);
    const char *first = spec + (*spec == '?'); /* `?name`: optional */
    size_t name_len = (size_t)(it->colon - first);
    for (unsigned i = 0; i < n; i++) {
      const sharc_ident *name = attrs[i].name;
      if (name->len == name_len && !memcmp(name->data, first, name_len) &&
          !item_has_kind(attrs[i].value, it, what))
        return name->data;
    }
    spec = next_spec_item(it);
  }
  return NULL;
}

static bool verify_op_checks(sharc_op *op) {
  const shlo_op_def *row = (const shlo_op_def *)sharc_op_get_def(op);
  count_rule operands, results, regions;
  const char *s = read_rule(row->arity, &operands);
  s = read_rule(s, &results);
  read_rule(s, &regions);
  if (!check_count(op, &regions, sharc_op_num_regions(op), "region", "one") ||
      !check_count(op, &results, sharc_op_num_results(op), "result", "one") ||
      !check_count(op, &operands, sharc_op_num_operands(op), "operand", "a single") ||
      !sharc_shlo_check_attr_spec(op, row->required) ||
      (row->types && !sharc_shlo_verify_type_constraints(op, row->types)))
    return false;
  if ((row->pre_infer && !row->pre_infer(op)) || (row->check && !row->check(op)))
    return false;
  /* ops with regions infer once their nested ops are verified
   * (sharc_shlo_verify_op_regions) */
  if (row->infer && sharc_op_num_regions(op) == 0 && !row->infer(op))
    return sharc_shlo_failed_to_infer(op);
  return true;
}

bool sharc_shlo_verify_op_regions(sharc_op *op) {
  const shlo_op_def *row = (const shlo_op_def *)sharc_op_get_def(op);
  if (row->infer && !row->infer(op))
    return sharc_shlo_failed_to_infer(op);
  return true;
}

/* The checks and inference of an op without regions read its name,
 * attributes and operand and result types only (keep it so: the verifier
 * remembers them per op alike during one verification). A reduce's checks
 * read of its body only the reducer's signature (sharc_shlo_verify_reduce:
 * the block count, the arguments, the terminator's operand types), and a
 * model repeats the same few reductions. */
bool sharc_shlo_verify_op(sharc_op *op) {
  if (sharc_op_num_regions(op) && sharc_op_isa(op, SHARC_SHLO(reduce)))
    return sharc_verify_memoized_entry_blocks(op, verify_op_checks);
  return sharc_verify_memoized(op, verify_op_checks);
}

/* The dialect's op_checks_local: a row's hooks read the op, its regions,
 * its operands' types and constant producers (above), all but a
 * composite's check, which looks its decomposition up among the symbols
 * around it. Rows of other hooks are not vouched for. */
bool sharc_shlo_op_checks_local(const sharc_op_def *def) {
  if (def->verify != sharc_shlo_verify_op ||
      (def->verify_regions && def->verify_regions != sharc_shlo_verify_op_regions))
    return false;
  return ((const shlo_op_def *)def)->check != sharc_shlo_verify_composite;
}

/* HLO_CompatibleOperandsElementType, then SameOperandsAndResultShape. */
bool sharc_shlo_verify_compare(sharc_op *op) {
  for (unsigned i = 1; i < sharc_op_num_operands(op); i++) {
    if (!sharc_shlo_compatible_element(operand_type(op, i), operand_type(op, 0))) {
      sharc_emit_op_error(op, "requires compatible element types for all operands");
      return false;
    }
  }
  return sharc_shlo_verify_elementwise(op);
}

bool sharc_shlo_verify_reverse(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  sharc_attr *dims = sharc_shlo_i64_array(op, "dimensions");
  if (!in || !dims)
    return true;
  unsigned n = sharc_attr_count(dims);
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = i + 1; j < n; j++)
      if (sharc_attr_dense_array_i64(dims, i) == sharc_attr_dense_array_i64(dims, j)) {
        sharc_buf msg = {0};
        for (unsigned k = 0; k < n; k++)
          sharc_buf_printf(&msg, "%s%lld", k ? ", " : "",
                           (long long)sharc_attr_dense_array_i64(dims, k));
        sharc_shlo_error(op, "dimensions should be unique. Got: %s", msg.data);
        sharc_buf_free(&msg);
        return false;
      }
  for (unsigned i = 0; i < n; i++) {
    int64_t d = sharc_attr_dense_array_i64(dims, i);
    if (d < 0) {
      sharc_shlo_error(op, "all dimensions should be non-negative. Got dimension: %lld.", (long long)d);
      return false;
    }
    if (d >= (int64_t)in->shaped.rank) {
      sharc_shlo_error(op, "all dimensions should be between [0, %u). Got dimension: %lld.",
                 in->shaped.rank, (long long)d);
      return false;
    }
  }
  return true;
}

bool sharc_shlo_verify_get_tuple_element(sharc_op *op) {
  const sharc_type *t = operand_type(op, 0);
  sharc_attr *index = sharc_op_attr(op, "index");
  if (sharc_type_get_kind(t) != SHARC_TYPE_TUPLE || !index)
    return true;
  int64_t i = sharc_attr_int_value(index);
  if (i < 0 || i >= (int64_t)sharc_type_count(t)) {
    sharc_shlo_error(op, "index %lld is out of bounds of operand with size %u", (long long)i,
               sharc_type_count(t));
    return false;
  }
  return sharc_shlo_check_inferred(op, sharc_type_at(t, (unsigned)i));
}


bool sharc_shlo_verify_sort(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  sharc_attr *dim_attr = sharc_op_attr(op, "dimension");
  const sharc_type *first = n ? sharc_shlo_ranked(operand_type(op, 0)) : NULL;
  if (first && dim_attr && sharc_attr_get_kind(dim_attr) == SHARC_ATTR_INTEGER) {
    int64_t dim = sharc_attr_int_value(dim_attr), rank = first->shaped.rank;
    if (dim < -rank || dim >= rank) {
      sharc_shlo_error(op, "dimension attribute value must be in range [-%lld, %lld), but found %lld",
                 (long long)rank, (long long)rank, (long long)dim);
      return false;
    }
  }
  sharc_block *block = sharc_region_first_block(sharc_op_region(op, 0));
  if (!block)
    return true;
  if (sharc_block_num_args(block) != 2 * n) {
    sharc_shlo_error(op, "comparator block should have %u arguments", 2 * n);
    return false;
  }
  sharc_context *ctx = sharc_op_context(op);
  for (unsigned i = 0; i < 2 * n; i++) {
    sharc_type *want = sharc_type_tensor(ctx, NULL, 0, sharc_type_element(operand_type(op, i / 2)),
                                         NULL);
    sharc_type *got = sharc_value_type(sharc_block_arg(block, i));
    if (got != want) {
      sharc_shlo_error(op, "comparator block argument #%u should be of type %s but got %s", i,
                       sharc_shlo_type_str(want), sharc_shlo_type_str(got));
      return false;
    }
  }
  sharc_op *ret = sharc_block_last_op(block);
  if (!ret)
    return true;
  if (sharc_op_num_operands(ret) != 1) {
    sharc_shlo_error(op, "comparator must return single output but got %u", sharc_op_num_operands(ret));
    return false;
  }
  const sharc_type *t = operand_type(ret, 0);
  if (!sharc_shlo_ranked(t) || t->shaped.rank != 0 || !sharc_type_is_integer(t->shaped.elem, 1)) {
    sharc_shlo_error(op, "comparator must return tensor<i1> but got %s", sharc_shlo_type_str(t));
    return false;
  }
  return true;
}

static bool is_dyn(int64_t d) { return d == SHARC_DYNAMIC; }

static bool mappable(const sharc_type *t) {
  return t->kind == SHARC_TYPE_TENSOR || t->kind == SHARC_TYPE_UNRANKED_TENSOR ||
         t->kind == SHARC_TYPE_VECTOR;
}

/* OpTrait::Elementwise. */
bool sharc_shlo_trait_elementwise(sharc_op *op) {
  unsigned n_in = sharc_op_num_operands(op), n_res = sharc_op_num_results(op);
  unsigned m_in = 0, m_res = 0;
  for (unsigned i = 0; i < n_in; i++)
    m_in += mappable(sharc_value_type(sharc_op_operand(op, i)));
  for (unsigned i = 0; i < n_res; i++)
    m_res += mappable(sharc_value_type(sharc_op_result(op, i)));
  if (!m_in && !m_res)
    return true;
  if (m_res && !m_in) {
    sharc_emit_op_error(op, "if a result is non-scalar, then at least one operand must be "
                        "non-scalar");
    return false;
  }
  if (!m_res) {
    sharc_emit_op_error(op, "if an operand is non-scalar, then there must be at least one "
                        "non-scalar result");
    return false;
  }
  if (m_res != n_res) {
    sharc_emit_op_error(op, "if an operand is non-scalar, then all results must be non-scalar");
    return false;
  }
  const sharc_type *first = NULL;
  bool ok = true;
  unsigned ranked_rank = 0;
  bool have_rank = false;
  for (unsigned i = 0; ok && i < n_in + n_res; i++) {
    const sharc_type *t = sharc_value_type(i < n_in ? sharc_op_operand(op, i)
                                                    : sharc_op_result(op, i - n_in));
    if (!mappable(t))
      continue;
    if (!first)
      first = t;
    /* the same TypeID: a ranked and an unranked tensor differ too */
    if (first->kind != t->kind)
      ok = false;
    if (t->kind == SHARC_TYPE_UNRANKED_TENSOR)
      continue;
    if (!have_rank) {
      have_rank = true;
      ranked_rank = t->shaped.rank;
    } else if (t->shaped.rank != ranked_rank) {
      ok = false;
    }
  }
  /* verifyCompatibleShapes: per dimension, all static sizes equal */
  for (unsigned d = 0; ok && have_rank && d < ranked_rank; d++) {
    int64_t seen = SHARC_DYNAMIC;
    for (unsigned i = 0; ok && i < n_in + n_res; i++) {
      const sharc_type *t = sharc_value_type(i < n_in ? sharc_op_operand(op, i)
                                                      : sharc_op_result(op, i - n_in));
      if (!mappable(t) || t->kind == SHARC_TYPE_UNRANKED_TENSOR)
        continue;
      int64_t s = t->shaped.shape[d];
      if (is_dyn(s))
        continue;
      if (!is_dyn(seen) && seen != s)
        ok = false;
      seen = s;
    }
  }
  if (!ok)
    sharc_emit_op_error(op, "all non-scalar operands/results must have the same shape and base "
                        "type");
  return ok;
}
