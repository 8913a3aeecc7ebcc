/* -xla-sdy-round-trip-stablehlo-to-hlo-to-stablehlo: XLA's testing
 * pipeline converts the exported module to HLO and back between the export
 * and import pipelines. sharc has no HLO; this pass applies what that trip
 * does to the ops it leaves visible, as XLA's HLO importer
 * (hlo_function_importer.cc) writes them back: a custom call gets its raw
 * `backend_config` string (empty when it had none; typed-FFI calls keep
 * their dictionary), and a custom call whose HLO shape is a tuple (any
 * result count but one) records that shape, with its default layouts, as
 * `xla_shape`; a function result without a sharding takes the sharding of
 * the op computing it (HLO's root instruction carries it). Everything else
 * it keeps as it is. */
#include "dialect/func/func.h"
#include "dialect/stablehlo/shlo.h"
#include "ir/pick_each.h"
#include "pass/pass_registry.h"
#include "transforms/xla/common/xla_utils.h"

enum { API_VERSION_TYPED_FFI = 4 };

/* XLA's PrimitiveType name of an element type, or NULL. */
static const char *float_name(const sharc_type *t) {
  static const struct {
    sharc_float_kind kind;
    const char *name;
  } names[] = {
      {SHARC_F16, "f16"},         {SHARC_BF16, "bf16"},
      {SHARC_F32, "f32"},         {SHARC_F64, "f64"},
      {SHARC_F8E5M2, "f8e5m2"},   {SHARC_F8E4M3FN, "f8e4m3fn"},
      {SHARC_F8E4M3, "f8e4m3"},   {SHARC_F8E3M4, "f8e3m4"},
      {SHARC_F8E5M2FNUZ, "f8e5m2fnuz"}, {SHARC_F8E4M3FNUZ, "f8e4m3fnuz"},
      {SHARC_F8E4M3B11FNUZ, "f8e4m3b11fnuz"}, {SHARC_F4E2M1FN, "f4e2m1fn"},
      {SHARC_F8E8M0FNU, "f8e8m0fnu"},
  };
  sharc_float_kind k = sharc_type_float_kind(t);
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (names[i].kind == k)
      return names[i].name;
  return NULL;
}

static bool append_element(sharc_buf *b, const sharc_type *t) {
  switch (sharc_type_get_kind(t)) {
  case SHARC_TYPE_INTEGER: {
    unsigned w = sharc_type_int_width(t);
    if (w == 1) {
      sharc_buf_printf(b, "pred");
      return true;
    }
    sharc_buf_printf(b, "%c%u", sharc_type_int_signedness(t) == SHARC_UNSIGNED ? 'u' : 's', w);
    return true;
  }
  case SHARC_TYPE_FLOAT: {
    const char *n = float_name(t);
    if (n)
      sharc_buf_printf(b, "%s", n);
    return n != NULL;
  }
  case SHARC_TYPE_COMPLEX: {
    unsigned w = sharc_type_bit_width(sharc_type_element(t));
    sharc_buf_printf(b, "c%u", 2 * w);
    return w == 32 || w == 64;
  }
  default:
    return false;
  }
}

/* Shape::ToString(print_layout=true): `f32[8,16]{1,0}`, `f32[]`, `token[]`. */
static bool append_shape(sharc_buf *b, const sharc_type *t) {
  if (sharc_type_get_kind(t) == SHARC_TYPE_DIALECT && t->def == &sharc_shlo_token_def) {
    sharc_buf_printf(b, "token[]");
    return true;
  }
  if (sharc_type_get_kind(t) != SHARC_TYPE_TENSOR || !append_element(b, sharc_type_element(t)))
    return false;
  unsigned rank = sharc_type_rank(t);
  const int64_t *shape = sharc_type_shape(t);
  sharc_buf_printf(b, "[");
  for (unsigned i = 0; i < rank; i++) {
    if (shape[i] == SHARC_DYNAMIC)
      sharc_buf_printf(b, "%s?", i ? "," : "");
    else
      sharc_buf_printf(b, "%s%lld", i ? "," : "", (long long)shape[i]);
  }
  sharc_buf_printf(b, "]");
  if (!rank)
    return true;
  sharc_buf_printf(b, "{");
  for (unsigned i = 0; i < rank; i++) /* the default layout: minor-to-major */
    sharc_buf_printf(b, "%s%u", i ? "," : "", rank - 1 - i);
  sharc_buf_printf(b, "}");
  return true;
}

/* The tuple shape of the results, or false for a type HLO has no name for. */
static bool tuple_shape(const sharc_op *op, sharc_buf *b) {
  sharc_buf_printf(b, "(");
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    if (i)
      sharc_buf_printf(b, ", ");
    if (!append_shape(b, sharc_value_type(sharc_op_result(op, i))))
      return false;
  }
  sharc_buf_printf(b, ")");
  return true;
}

static bool is_typed_ffi(const sharc_op *op) {
  sharc_attr *v = sharc_op_attr(op, "api_version");
  return v && sharc_attr_get_kind(v) == SHARC_ATTR_INTEGER &&
         sharc_attr_int_value(v) == API_VERSION_TYPED_FFI;
}

static bool reimport_custom_call(sharc_op *op, void *user) {
  (void)user;
  sharc_context *ctx = sharc_op_context(op);
  if (!is_typed_ffi(op) && !sharc_op_attr(op, "backend_config"))
    sharc_op_set_attr(op, "backend_config", sharc_attr_string(ctx, (sharc_str){"", 0}));
  if (sharc_op_num_results(op) == 1)
    return true;
  sharc_buf b = {0};
  if (tuple_shape(op, &b))
    sharc_op_set_attr(op, "xla_shape", sharc_attr_string(ctx, (sharc_str){b.data, b.len}));
  sharc_buf_free(&b);
  return true;
}

static bool is_custom_call(sharc_op *op, void *user) {
  (void)user;
  return sharc_str_eq_cstr(sharc_ident_str(sharc_op_name(op)), "stablehlo.custom_call");
}


/* HLO keeps no sharding of a computation's results apart from its root
 * instruction's: a result without `mhlo.sharding` comes back with the
 * sharding of the op that produced it (a single-result op; a tuple
 * sharding belongs to no one result). */
static void result_shardings_from_root(sharc_op *func) {
  sharc_block *body = sharc_func_body(func);
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  if (!ret || !sharc_op_isa(ret, &sharc_func_return_def))
    return;
  for (unsigned i = 0; i < sharc_op_num_operands(ret) && i < sharc_func_num_results(func); i++) {
    if (sharc_func_result_attr(func, i, SHARC_XLA_SHARDING_ATTR))
      continue;
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(ret, i));
    sharc_attr *s = def && sharc_op_num_results(def) == 1
                        ? sharc_op_attr(def, SHARC_XLA_SHARDING_ATTR)
                        : NULL;
    if (s && sharc_attr_get_kind(s) == SHARC_ATTR_STRING)
      sharc_func_set_result_attr(func, i, SHARC_XLA_SHARDING_ATTR, s);
  }
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  sharc_pick_each(module, SHARC_PRE_ORDER, NULL, is_custom_call, reimport_custom_call, NULL);
  sharc_block *top = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = top ? sharc_block_first_op(top) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_func_func_def))
      result_shardings_from_root(op);
  return true;
}

const sharc_pass_def sharc_pass_xla_sdy_round_trip_stablehlo_to_hlo_to_stablehlo = {
    .flag = "xla-sdy-round-trip-stablehlo-to-hlo-to-stablehlo",
    .display_name = "SdyRoundTripStablehloToHloToStablehloPass",
    .summary = "Round trips from StableHLO -> HLO -> StableHLO.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};
