/* What the StableHLO dialect's files share: the attribute definitions (enums
 * and structs) with typed access for verifiers, the op-table row type with
 * its format description, and the helpers the format engine offers to the
 * ops that have hand-written syntax. */
#ifndef SHARC_DIALECT_STABLEHLO_SHLO_H
#define SHARC_DIALECT_STABLEHLO_SHLO_H

#include "asm/bytecode.h"
#include "asm/parser.h"
#include "asm/printer.h"
#include "sharc/rewrite.h"

/* ---- enum attributes: #stablehlo<comparison_direction LT> ------------- */
typedef struct shlo_enum_def {
  sharc_attr_def base; /* base.name NULL: printed as #stablehlo<mnemonic CASE> */
  const char *mnemonic;
  const char *cpp_name;     /* for MLIR's "expected ::mlir::stablehlo::X to be one of" */
  const char *const *cases; /* NULL-terminated */
} shlo_enum_def;

extern const shlo_enum_def sharc_shlo_comparison_direction;
extern const shlo_enum_def sharc_shlo_comparison_type;
extern const shlo_enum_def sharc_shlo_precision;
extern const shlo_enum_def sharc_shlo_fft_type;
extern const shlo_enum_def sharc_shlo_transpose;
extern const shlo_enum_def sharc_shlo_rng_distribution;
extern const shlo_enum_def sharc_shlo_rng_algorithm;
extern const shlo_enum_def sharc_shlo_result_accuracy_mode;

sharc_attr *sharc_shlo_enum_get(sharc_context *ctx, const shlo_enum_def *def, unsigned index);
/* Index of the case, or -1 when `a` is not an attribute of this enum. */
int sharc_shlo_enum_index(const sharc_attr *a, const shlo_enum_def *def);
/* The case name of a StableHLO enum attribute; NULL for any other attribute. */
const char *sharc_shlo_enum_name(const sharc_attr *a);
/* A bare case keyword (`LT`) into the enum's attribute, MLIR's error if none. */
bool sharc_shlo_parse_enum_case(sharc_parser *p, const shlo_enum_def *def, sharc_attr **out);
/* Bytecode of an enum attribute (StableHLO's and CHLO's writeEnumAttribute):
 * `code`, then the case's value as a varint; false when `a` is not of `def`.
 * The reader takes the value after the code; NULL after sharc_bc_error. */
bool sharc_shlo_bc_write_enum(sharc_bc_writer *w, uint64_t code, const sharc_attr *a,
                              const shlo_enum_def *def);
sharc_attr *sharc_shlo_bc_read_enum(sharc_bc_reader *r, const shlo_enum_def *def);
/* StableHLO's bytecode interface (bytecode.c), for the dialect record. */
extern const sharc_bytecode_dialect sharc_shlo_bytecode;

/* ---- struct attributes: #stablehlo.gather<...>, #stablehlo.dot<...> ---- */
typedef enum shlo_field_kind {
  SHLO_F_DIMS, /* [1, ?, 3]: dense i64 array */
  SHLO_F_INT,  /* 42: i64 integer attribute */
  SHLO_F_BOOL,
  SHLO_F_TYPE,
  SHLO_F_STRING, /* "x" */
  SHLO_F_ATTR,   /* any attribute, printed in full */
  SHLO_F_NESTED, /* a stablehlo struct attribute printed without its #stablehlo.name */
} shlo_field_kind;

typedef struct shlo_field {
  const char *name;
  shlo_field_kind kind;
  bool optional;
  const struct shlo_struct_def *nested; /* SHLO_F_NESTED */
} shlo_field;

typedef enum shlo_struct_style {
  SHLO_SPARSE, /* StableHLO's printStruct: any order, empty fields left out */
  SHLO_PARAMS, /* ODS struct(params): any order, all given, absent optionals left out */
  SHLO_FIXED,  /* a declarative format: every field in order */
} shlo_struct_style;

typedef struct shlo_struct_def {
  sharc_attr_def base;
  const shlo_field *fields;
  unsigned num_fields;
  shlo_struct_style style;
  const char *what; /* "gather dimension numbers": the parse-failure message */
} shlo_struct_def;

extern const shlo_struct_def sharc_shlo_gather_def;
extern const shlo_struct_def sharc_shlo_scatter_def;
extern const shlo_struct_def sharc_shlo_dot_def;
extern const shlo_struct_def sharc_shlo_dot_algorithm_def;
extern const shlo_struct_def sharc_shlo_output_operand_alias_def;
extern const shlo_struct_def sharc_shlo_channel_handle_def;
extern const shlo_struct_def sharc_shlo_sub_axis_info_def;
extern const shlo_struct_def sharc_shlo_axis_ref_def;
extern const shlo_struct_def sharc_shlo_mesh_axis_def;
extern const shlo_struct_def sharc_shlo_mesh_def;
extern const shlo_struct_def sharc_shlo_replica_group_mesh_axes_def;
/* The fact (ir/created_defs.h) that a #stablehlo.replica_group_mesh_axes
 * was made: inlining meshes into replica groups skips its walk without. */
extern const char sharc_shlo_replica_group_mesh_axes_made;
extern const shlo_struct_def sharc_shlo_type_extensions_def;
extern const shlo_struct_def sharc_shlo_result_accuracy_def;
/* Fields in the order of StableHLO's raw form: input batch, input feature,
 * input spatial, kernel input feature, kernel output feature, kernel spatial,
 * output batch, output feature, output spatial. */
extern const shlo_struct_def sharc_shlo_conv_def;
extern const sharc_type_def sharc_shlo_token_def;
extern const sharc_type_def sharc_shlo_future_def;

sharc_attr *sharc_shlo_struct_get(sharc_context *ctx, const shlo_struct_def *def,
                            sharc_attr *const *fields);
/* Field `i` of a struct attribute (NULL when absent or not that struct). */
sharc_attr *sharc_shlo_struct_field(const sharc_attr *a, const shlo_struct_def *def, unsigned i);
int64_t sharc_shlo_struct_int(const sharc_attr *a, const shlo_struct_def *def, unsigned i);

/* Whether an f64 float attribute is +0 or -0 (APFloat::isZero). */
/* `n` bytes of `s` as a string in `out` (of `size` bytes), cut to fit:
 * what snprintf's "%.*s" gives, without formatting per op. */
static inline void sharc_shlo_copy_bounded(char *out, size_t size, const char *s, size_t n) {
  if (n >= size)
    n = size - 1;
  memcpy(out, s, n);
  out[n] = 0;
}

static inline bool shlo_float_is_zero(const sharc_attr *a) {
  return a && (sharc_attr_float_lo(a) & ~((uint64_t)1 << 63)) == 0 && sharc_attr_float_hi(a) == 0;
}

/* `[b, 0, f]x[0, i, o]->[b, 0, f]`: the compact convolution dimensions. */
bool sharc_shlo_parse_conv_dims(sharc_parser *p, sharc_attr **out);
void sharc_shlo_print_conv_dims(sharc_printer *p, const sharc_attr *a);
/* A stablehlo attribute of `def`, either in full (#stablehlo.name<...>) or
 * stripped (<...>), as MLIR's parseCustomAttributeWithFallback accepts. */
bool sharc_shlo_parse_struct_or_full(sharc_parser *p, const shlo_struct_def *def, sharc_attr **out);
void sharc_shlo_print_struct_body(sharc_printer *p, const sharc_attr *a);

sharc_type *sharc_shlo_token_type(sharc_context *ctx);

/* `[1, ?, 3]` into a dense i64 array. */
bool sharc_shlo_parse_dim_sizes(sharc_parser *p, sharc_attr **out);
void sharc_shlo_print_dim_sizes(sharc_printer *p, const sharc_attr *dims);

/* TypeExtensionsAttr::verifyEncoding (verifyBounds) as a tensor type with
 * #stablehlo.bounds is parsed; for the dialect record. */
bool sharc_shlo_verify_encoding(sharc_parser *p, const sharc_token *at, const sharc_attr *encoding,
                                const int64_t *shape, unsigned rank, sharc_type *elem);
/* The dialect's type and attribute parsers, for the dialect record. */
sharc_type *sharc_shlo_parse_type_hook(sharc_parser *p, sharc_str mnemonic);
sharc_attr *sharc_shlo_parse_attr_hook(sharc_parser *p, sharc_str mnemonic, sharc_type *type);

/* Shardy's StableHLO extensions (sdy_extensions.c): the data flow edges of
 * while, case and optimization_barrier, hung on their op definitions
 * (sharc_sdy_data_flow_iface, declared in dialect/sdy/sdy_interfaces.h). */
extern const struct sharc_sdy_data_flow_iface sharc_shlo_while_data_flow;
extern const struct sharc_sdy_data_flow_iface sharc_shlo_case_data_flow;
extern const struct sharc_sdy_data_flow_iface sharc_shlo_optimization_barrier_data_flow;

/* ---- ops ---------------------------------------------------------------- */
/* One row of the op table: the op definition plus the declarative format its
 * custom syntax follows (see ops_format.c for the format language). */
typedef struct shlo_op_def {
  sharc_op_def def;
  const char *format;
  /* `name=value ...`: attributes ODS leaves out of the printed attr-dict
   * when they hold their default value */
  const char *defaults;
  /* `operands:results:regions`, each a count, `N+` (at least N) or `*`:
   * the counts ODS's traits check before anything else */
  const char *arity;
  bool (*check)(sharc_op *op); /* StableHLO's own verifier, after the counts */
  /* ODS result names MLIR prints for ops with several fixed results
   * (`%output_state, %output = ...`), space-separated; or NULL */
  const char *result_names;
  /* `name:kind ...`: attributes ODS requires (`?name:kind`: constrains
   * when present), checked after the counts; verify.c's attr_has_kind
   * names the kinds and their ODS summaries, `any` constrains nothing */
  const char *required;
  /* `A B *C -> D`: the ODS type constraint of each operand group, then of
   * each result group (`*` variadic, `?` unchecked); see verify_types.c */
  const char *types;
  /* InferTypeOpInterface: StableHLO's inferReturnTypes with the check of the
   * inferred types against the results. MLIR verifies it with the region
   * invariants: after the traits and the op's verifier (`check`), and after
   * the nested ops (ops with regions set .verify_regions =
   * sharc_shlo_verify_op_regions, which runs it). When it fails MLIR follows
   * its error with "failed to infer returned types". NULL: no inference. */
  bool (*infer)(sharc_op *op);
  /* The op's ODS traits (element type and shape agreements), verified
   * before its verifier. */
  bool (*pre_infer)(sharc_op *op);
} shlo_op_def;

/* The verify hook of every row: counts, required attributes, type
 * constraints, traits (pre_infer), the op's verifier (check), then for ops
 * without regions the inference (infer, with its companion). */
bool sharc_shlo_verify_op(sharc_op *op);
/* The verify_regions hook of the rows with regions and an infer hook. */
bool sharc_shlo_verify_op_regions(sharc_op *op);
/* sharc_dialect.op_checks_local of the dialect record. */
bool sharc_shlo_op_checks_local(const sharc_op_def *def);
/* The companion error MLIR's InferTypeOpInterface verifier adds after a
 * failed inference ("'stablehlo.X' op failed to infer returned types");
 * returns false. For checks that must report an inference failure from
 * inside a combined verifier. */
bool sharc_shlo_failed_to_infer(sharc_op *op);

/* ODS's attribute constraints as a row's `required` spec spells them
 * (`name:kind`, `?name:kind` when optional), in order: a missing required
 * attribute or one of another kind is an error on `op`. The chlo dialect
 * shares it. `spec` is a string literal: its items are remembered by
 * address (verify.c's read_spec_item). */
bool sharc_shlo_check_attr_spec(sharc_op *op, const char *spec);
/* ODS's I32Attr/I64Attr (`width`): an integer attribute of that signless type. */
bool sharc_shlo_is_signless_int(const sharc_attr *a, unsigned width);
/* MLIR's verifyInherentAttrs, run by declarative formats after their
 * attr-dict: the first of the row's constrained attributes among `attrs`
 * that fails its constraint (with the constraint's summary), or NULL. */
const char *sharc_shlo_bad_inherent_attr(const shlo_op_def *row, const sharc_named_attr *attrs,
                                         unsigned n, const char **what);
/* The same for a `required`-style spec of an op outside the table. */
const char *sharc_shlo_bad_attr_of_spec(const char *spec, const sharc_named_attr *attrs,
                                        unsigned n, const char **what);
bool sharc_shlo_format_parse(sharc_parser *p, sharc_op_builder *b);
void sharc_shlo_format_print(sharc_printer *p, sharc_op *op);
/* Pieces of the format engine the hand-written forms share. */
bool sharc_shlo_parse_i64_array(sharc_parser *p, sharc_attr **out);           /* [1, 2] */
void sharc_shlo_print_types_of(sharc_printer *p, sharc_op *op, bool results); /* T, U */
void sharc_shlo_print_functional_type(sharc_printer *p, sharc_op *op);        /* (T, U) -> V */
/* MLIR's error for a type that should have been a function type. */
bool sharc_shlo_not_function_type(sharc_parser *p, const sharc_token *at, const sharc_type *t);

/* Hand-written syntax (ops_custom.c). */
bool sharc_shlo_constant_parse(sharc_parser *p, sharc_op_builder *b);
/* The usual form `{attrs} dense<...>` of stablehlo.constant (and
 * sdy.constant): an elements value whose type is the result's. */
bool sharc_shlo_parse_dense_constant(sharc_parser *p, sharc_op_builder *b);
void sharc_shlo_constant_print(sharc_printer *p, sharc_op *op);
bool sharc_shlo_while_parse(sharc_parser *p, sharc_op_builder *b);
void sharc_shlo_while_print(sharc_printer *p, sharc_op *op);
bool sharc_shlo_reduce_parse(sharc_parser *p, sharc_op_builder *b);
void sharc_shlo_reduce_print(sharc_printer *p, sharc_op *op);
void sharc_shlo_constant_names(const sharc_op *op, sharc_set_name_fn set, void *state);
/* canonicalize.c */
sharc_fold_status sharc_shlo_constant_fold(sharc_op *op, sharc_fold_result *results);
sharc_op *sharc_shlo_materialize_constant(sharc_rewriter *rw, sharc_attr *value, sharc_type *type,
                                          sharc_attr *loc);
extern const sharc_pattern sharc_shlo_case_patterns[];
void sharc_shlo_ods_result_names(const sharc_op *op, sharc_set_name_fn set, void *state);
void sharc_shlo_while_arg_names(const sharc_op *op, const sharc_region *r, sharc_set_name_fn set,
                          void *state);
bool sharc_shlo_barrier_parse(sharc_parser *p, sharc_op_builder *b);
void sharc_shlo_barrier_print(sharc_printer *p, sharc_op *op);

/* Verifiers (verify_*.c). */
bool sharc_shlo_verify_elementwise(sharc_op *op);
bool sharc_shlo_verify_compatible_elementwise(sharc_op *op);
bool sharc_shlo_verify_broadcast_in_dim(sharc_op *op);
bool sharc_shlo_verify_reshape(sharc_op *op);
bool sharc_shlo_verify_iota(sharc_op *op);
bool sharc_shlo_verify_while(sharc_op *op);
bool sharc_shlo_verify_dot_general(sharc_op *op);
bool sharc_shlo_verify_reduce(sharc_op *op);
bool sharc_shlo_verify_dynamic_slice(sharc_op *op);
bool sharc_shlo_verify_compare(sharc_op *op);
bool sharc_shlo_verify_reverse(sharc_op *op);
bool sharc_shlo_verify_get_tuple_element(sharc_op *op);
bool sharc_shlo_verify_custom_call(sharc_op *op);
bool sharc_shlo_verify_sort(sharc_op *op);
bool sharc_shlo_verify_clamp(sharc_op *op);
bool sharc_shlo_verify_cholesky(sharc_op *op);
bool sharc_shlo_verify_triangular_solve(sharc_op *op);
bool sharc_shlo_verify_dynamic_update_slice(sharc_op *op);
bool sharc_shlo_verify_bitcast_convert(sharc_op *op);
bool sharc_shlo_verify_fft(sharc_op *op);
bool sharc_shlo_verify_gather(sharc_op *op);
bool sharc_shlo_verify_optimization_barrier(sharc_op *op);
bool sharc_shlo_verify_rng_bit_generator(sharc_op *op);
bool sharc_shlo_verify_batch_norm_grad(sharc_op *op);
bool sharc_shlo_verify_batch_norm_inference(sharc_op *op);
bool sharc_shlo_verify_batch_norm_training(sharc_op *op);
bool sharc_shlo_verify_all_gather(sharc_op *op);
bool sharc_shlo_verify_all_reduce(sharc_op *op);
bool sharc_shlo_verify_reduce_scatter(sharc_op *op);
bool sharc_shlo_verify_collective_reduce(sharc_op *op);
bool sharc_shlo_verify_all_to_all(sharc_op *op);
bool sharc_shlo_verify_collective_permute(sharc_op *op);
bool sharc_shlo_verify_reduce_window(sharc_op *op);
bool sharc_shlo_verify_scatter(sharc_op *op);
bool sharc_shlo_verify_convolution(sharc_op *op);
bool sharc_shlo_verify_dynamic_conv(sharc_op *op);
bool sharc_shlo_verify_async_start(sharc_op *op);
bool sharc_shlo_verify_async_done(sharc_op *op);

/* verify_reduce.c: the reducer body rules of the reduce-like ops
 * (verifyReducerShape): `n` inputs and init values, the dimensions the
 * reducer's arguments may take. */
bool sharc_shlo_verify_reducer(sharc_op *op, sharc_block *block, const sharc_type *const *inputs,
                               const sharc_type *const *inits, unsigned n, const int64_t *allowed,
                               unsigned n_allowed);
/* The element type of the reducer's i-th returned value, or of `input`
 * when the region has none (getAccumulatorTypesOrInputTypes). */
sharc_type *sharc_shlo_accumulator_elem(const sharc_region *r, unsigned i, const sharc_type *input);
/* ODS's SizedRegion<1> on region `i`, named `name`. */
bool sharc_shlo_sized_region(sharc_op *op, unsigned i, const char *name);
/* compatibleShapeAndElementType. */
bool sharc_shlo_compatible_shape_and_elem(const sharc_type *a, const sharc_type *b, bool ignore_fp);
/* 'T', as MLIR streams a type into a diagnostic. */
void sharc_shlo_quote_type(sharc_buf *b, const sharc_type *t);
/* The bounds of a #stablehlo.bounds encoding (NULL when none), and back. */
const sharc_attr *sharc_shlo_type_bounds(const sharc_type *t);
sharc_attr *sharc_shlo_bounds_encoding(sharc_context *ctx, const int64_t *bounds, unsigned n);

/* verify_window.c: the window attributes of convolution, reduce_window and
 * select_and_scatter. */
typedef struct shlo_window_dim {
  int64_t size, stride, base_dilation, window_dilation, pad_lo, pad_hi;
} shlo_window_dim;
typedef struct shlo_window_attrs {
  const sharc_attr *strides, *lhs_dilation, *rhs_dilation; /* dense i64 arrays or NULL */
  const int64_t *pads; /* low, high pairs */
  unsigned n_pads, n_reversal;
} shlo_window_attrs;
/* convertPaddingAttribute: the {N, 2} pairs (none when absent). */
bool sharc_shlo_padding(sharc_op *op, const sharc_attr *padding, int64_t **pairs, unsigned *n);
/* verifyWindowAttributesAndInferWindowDimensions: a malloc'ed window of `n`
 * dimensions, or NULL after the error. */
shlo_window_dim *sharc_shlo_window(sharc_op *op, const int64_t *dims, unsigned n,
                                   const shlo_window_attrs *w);
/* inferWindowOutputShape. */
void sharc_shlo_window_output(const int64_t *base, const shlo_window_dim *w, unsigned n,
                              int64_t *out);
/* `1, 2, 3`: a dimension list as MLIR streams an ArrayRef<int64_t>. */
void sharc_shlo_append_dims(sharc_buf *b, const int64_t *v, unsigned n);

/* verify_dot_algorithm.c: DotAlgorithmAttr::verify; false with the
 * message in `msg` when the attribute is invalid. */
bool sharc_shlo_check_dot_algorithm(const sharc_attr *a, sharc_buf *msg);

/* verify_replica_groups.c: ReplicaGroupMeshAxesAttr::verify (false with
 * the message in `msg`), and the collectives' verifySymbolUses of a mesh
 * symbol in their replica_groups. */
bool sharc_shlo_check_replica_group_mesh_axes(const sharc_attr *a, sharc_buf *msg);
bool sharc_shlo_verify_replica_group_symbols(sharc_op *op);

/* Result type inference (infer.c), the rows' `infer` hooks, and what they
 * share. A type as MLIR streams it into a diagnostic ('tensor<2xf32>'), and
 * an i64 list as it streams an ArrayRef ("2, 3"): valid for a few calls. */
const char *sharc_shlo_type_str(const sharc_type *t);
const char *sharc_shlo_dims_str(const int64_t *v, unsigned n);
/* An attribute as printed, unquoted (a ring of two: two per message at most). */
const char *sharc_shlo_attr_str(const sharc_attr *a);
/* The bounds of a tensor's #stablehlo.bounds encoding, or NULL. */
sharc_attr *sharc_shlo_bounds(const sharc_type *t);
/* isCompatibleForHloTypeInference (elements: sharc_shlo_compatible_element). */
bool sharc_shlo_compatible_for_inference(const sharc_type *a, const sharc_type *b);
/* Quantization (verify_quant.c). Base.td's quantized element classes:
 * uniform per tensor (or per axis) with a 2/4/8/16/32-bit storage type and
 * zero points within the storage range. */
bool sharc_shlo_quant_elem_ok(const sharc_type *elem, bool per_axis);
/* IsValidQuantizedDimension of a ranked tensor (true unless per axis). */
bool sharc_shlo_quant_dim_ok(const sharc_type *tensor);
/* Whether any of the (possibly NULL) types has a quantized element type. */
bool sharc_shlo_any_quantized(const sharc_type *a, const sharc_type *b, const sharc_type *c);
/* isCompatibleElementTypeForHloTypeInference: equal, or both quantized with
 * the same storage, range, expressed type and granularity. */
bool sharc_shlo_compatible_element(const sharc_type *a, const sharc_type *b);
/* hlo::getBitWidth (quantized: the storage width; complex: twice). */
unsigned sharc_shlo_bit_width(const sharc_type *elem);
/* isPromotableElementType of two shaped types. */
bool sharc_shlo_promotable(const sharc_type *a, const sharc_type *b, bool ignore_fp_precision);
/* verifyQPerTensor/PerAxisScaleAndZeroPointConstraints of two types. */
bool sharc_shlo_quant_same_per_tensor(sharc_op *op, const sharc_type *a, const sharc_type *b);
bool sharc_shlo_quant_same_per_axis(sharc_op *op, const sharc_type *a, const sharc_type *b);
/* Op-level quantization rules, each hooked where StableHLO checks it. */
bool sharc_shlo_verify_add(sharc_op *op);
bool sharc_shlo_verify_uniform_quantize(sharc_op *op);
bool sharc_shlo_verify_constant(sharc_op *op);
bool sharc_shlo_verify_uniform_dequantize(sharc_op *op);
bool sharc_shlo_verify_transpose_quant(sharc_op *op);
bool sharc_shlo_verify_reshape_quant(sharc_op *op);
bool sharc_shlo_verify_broadcast_quant_head(sharc_op *op);
bool sharc_shlo_verify_broadcast_quant_tail(sharc_op *op, const char *dims_name);
bool sharc_shlo_verify_dot_general_quant(sharc_op *op, sharc_attr *rhs_contracting);
bool sharc_shlo_verify_convolution_quant(sharc_op *op, int64_t kernel_out_feature,
                                         int64_t out_feature);
/* Result type inference (infer.c), the rows' `infer` hooks. */
bool sharc_shlo_infer_broadcast(sharc_op *op);
bool sharc_shlo_infer_all_reduce(sharc_op *op);
/* verify_dynamic.c */
/* matchInts: the integers of a constant-defined value; *out is malloc'ed. */
bool sharc_shlo_match_ints(const sharc_value *v, int64_t **out, unsigned *n);
/* The dense integer elements a constant-like op defines `v` with, as
 * m_Constant matches them (index elements too when `with_index`); else NULL. */
sharc_attr *sharc_shlo_constant_ints(const sharc_value *v, bool with_index);
bool sharc_shlo_verify_dynamic_broadcast_in_dim(sharc_op *op);
bool sharc_shlo_verify_dynamic_iota(sharc_op *op);
bool sharc_shlo_dynamic_pad_traits(sharc_op *op);
bool sharc_shlo_verify_dynamic_pad(sharc_op *op);
bool sharc_shlo_verify_dynamic_reshape(sharc_op *op);
bool sharc_shlo_infer_rng(sharc_op *op);
bool sharc_shlo_infer_constant(sharc_op *op);
bool sharc_shlo_real_dynamic_slice_traits(sharc_op *op);
bool sharc_shlo_verify_real_dynamic_slice(sharc_op *op);
bool sharc_shlo_infer_ui32_scalar(sharc_op *op);
bool sharc_shlo_infer_tuple(sharc_op *op);
bool sharc_shlo_complex_traits(sharc_op *op);
bool sharc_shlo_infer_complex(sharc_op *op);
bool sharc_shlo_infer_compare(sharc_op *op);
/* verify_io.c */
bool sharc_shlo_verify_infeed(sharc_op *op);
bool sharc_shlo_verify_recv(sharc_op *op);
bool sharc_shlo_infer_send(sharc_op *op);
bool sharc_shlo_verify_composite(sharc_op *op);
/* A single token result (outfeed, after_all, create_token). */
bool sharc_shlo_infer_token(sharc_op *op);
bool sharc_shlo_infer_map(sharc_op *op);
bool sharc_shlo_infer_slice(sharc_op *op);
bool sharc_shlo_infer_pad(sharc_op *op);
bool sharc_shlo_pad_traits(sharc_op *op);
bool sharc_shlo_infer_select(sharc_op *op);
bool sharc_shlo_slice_traits(sharc_op *op);
bool sharc_shlo_trait_operand_result_elements(sharc_op *op);
bool sharc_shlo_trait_operand_update_result_elements(sharc_op *op);
/* "inferred shape '[2, ?]' is incompatible with return type of operation":
 * the check of an inferred result shape against a ranked result 0 (dot,
 * dot_general, convolution). */
bool sharc_shlo_verify_inferred_shape(sharc_op *op, const int64_t *dims, unsigned n);
/* verifyPrecisionConfig: at most two precisions. */
bool sharc_shlo_verify_precision_config(sharc_op *op);
bool sharc_shlo_verify_dot(sharc_op *op);
/* verifyDotGeneralOp's comparison of the inferred dimensions with the
 * result, after the dimension numbers have been checked. */
bool sharc_shlo_dot_general_result(sharc_op *op, const sharc_type *lhs, const sharc_type *rhs,
                                   const sharc_attr *lb, const sharc_attr *rb,
                                   const sharc_attr *lc, const sharc_attr *rc);
bool sharc_shlo_infer_operand_types(sharc_op *op);
/* The types of the first `n` operands, inferred as the results'. */
bool sharc_shlo_infer_first_operand_types(sharc_op *op, unsigned n);
bool sharc_shlo_infer_dynamic_gather(sharc_op *op);
bool sharc_shlo_infer_concatenate(sharc_op *op);
bool sharc_shlo_infer_conditional(sharc_op *op);
bool sharc_shlo_infer_get_dimension_size(sharc_op *op);
bool sharc_shlo_infer_set_dimension_size(sharc_op *op);
bool sharc_shlo_infer_real_part(sharc_op *op);
bool sharc_shlo_infer_is_finite(sharc_op *op);
bool sharc_shlo_infer_compatible_operands(sharc_op *op);
bool sharc_shlo_infer_transpose(sharc_op *op);
/* inferMostSpecificType: NULL after the error. */
sharc_type *sharc_shlo_most_specific(sharc_op *op, sharc_type *const *types, unsigned n);
/* ODS traits: SameOperandsAndResultElementType, Elementwise,
 * HLO_CompatibleOperandsAndResultElementType. */
bool sharc_shlo_trait_same_element_type(sharc_op *op);
bool sharc_shlo_trait_elementwise(sharc_op *op);
bool sharc_shlo_trait_compatible_element_type(sharc_op *op);
bool sharc_shlo_infer_collective_broadcast(sharc_op *op);
bool sharc_shlo_infer_collective_reduce(sharc_op *op);
bool sharc_shlo_verify_collective_broadcast(sharc_op *op);
bool sharc_shlo_verify_select_and_scatter(sharc_op *op);
bool sharc_shlo_infer_select_and_scatter(sharc_op *op);
/* HLO_PairwiseSameOperandAndResultElementType. */
bool sharc_shlo_pairwise_same_element_type(sharc_op *op);

/* The operand and result type constraints of the row's `types`. */
bool sharc_shlo_verify_type_constraints(sharc_op *op, const char *types);

/* Verifier helpers shared across families. */
sharc_diag *sharc_shlo_error(sharc_op *op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The ranked tensor type of `t` or NULL. */
const sharc_type *sharc_shlo_ranked(const sharc_type *t);
/* Attribute `name` of op as a dense i64 array, or NULL. */
sharc_attr *sharc_shlo_i64_array(const sharc_op *op, const char *name);
/* verifyCompatibleShape: same rank, each dimension equal or dynamic (true
 * when either is not a ranked tensor). */
bool sharc_shlo_compatible_shapes(const sharc_type *a, const sharc_type *b);
/* Every operand and result type after the first `like` it, else `msg` as
 * the op's error (the traits that relate all of an op's values). */
bool sharc_shlo_all_values_like_first(sharc_op *op,
                                      bool (*like)(const sharc_type *first, const sharc_type *t),
                                      const char *msg);
/* MLIR's "inferred type(s) ... are incompatible with return type(s)" check
 * of result #0 against the type StableHLO infers for it. */
bool sharc_shlo_check_inferred(sharc_op *op, sharc_type *inferred);
/* The same for every result: `n` inferred types against the results. */
bool sharc_shlo_check_inferred_all(sharc_op *op, sharc_type *const *inferred, unsigned n);

/* A field of gather's or scatter's dimension numbers as a list (absent:
 * empty), for validateGather/ScatterDimensionNumbers (verify_common.c). */
typedef struct sharc_shlo_dims {
  const char *name;
  unsigned n;
  int64_t *v; /* malloc'd: free it */
} sharc_shlo_dims;
void sharc_shlo_dims_load(sharc_shlo_dims *d, const sharc_attr *dn, const shlo_struct_def *def,
                          unsigned field, const char *name);
bool sharc_shlo_dims_contains(const sharc_shlo_dims *d, int64_t x);
/* Gather's and scatter's batching dimension pairs: the indices' list
 * (`ib`, sizes from `indices_shape`) leaves out index_vector_dim, both
 * lists have one size, paired dimensions have compatible sizes. `end`
 * closes each message ("" for gather, "." for scatter, as StableHLO). */
bool sharc_shlo_check_batching_pairs(sharc_op *op, const sharc_shlo_dims *ob, const char *ob_name,
                                     const int64_t *operand_shape, const sharc_shlo_dims *ib,
                                     const char *ib_name, const int64_t *indices_shape,
                                     int64_t ivd, const char *end);
bool sharc_shlo_dims_sorted(const sharc_shlo_dims *d);
/* The first value seen twice in `a` followed by `b` (NULL: none); lists are
 * bounded by ranks, so the pairwise scan stays small. */
bool sharc_shlo_dims_repeat(const sharc_shlo_dims *a, const sharc_shlo_dims *b, int64_t *dup);
/* "has duplicated dimension from A and B" unless `a` and `b` share none
 * (and neither repeats one). */
bool sharc_shlo_dims_distinct(sharc_op *op, const sharc_shlo_dims *a, const sharc_shlo_dims *b);
/* "Expects each element of D to be in range [0, BOUND_NAME)" unless every
 * value of `d` is in [0, bound). */
bool sharc_shlo_dims_in_bounds(sharc_op *op, const sharc_shlo_dims *d, int64_t bound,
                               const char *bound_name);

#endif
