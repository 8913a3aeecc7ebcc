/* What StableHLO's aggressive folder and simplification patterns share:
 * reading constant operands element by element, evaluating elements with
 * APInt/APFloat's semantics, building constants (splat when all elements
 * are equal, as DenseElementsAttr::get), and the ops they create. */
#ifndef SHARC_TRANSFORMS_STABLEHLO_SHLO_FOLD_H
#define SHARC_TRANSFORMS_STABLEHLO_SHLO_FOLD_H

#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "transforms/stablehlo/stablehlo_passes.h"

/* The dense elements attribute of a constant-like defining op (m_Constant),
 * or NULL. */
sharc_attr *sharc_shlo_const_attr(sharc_value *v);
/* Its splat attribute, or NULL when it is no splat constant. */
sharc_attr *sharc_shlo_splat_attr(sharc_value *v);
bool sharc_shlo_defined_by(sharc_value *v, const sharc_op_def *def);

/* Element i of a dense attribute of one word per element. */
uint64_t sharc_shlo_elem(const sharc_attr *a, size_t i);
/* Whether the element type is an int (<= 64 bits) or float (<= 64 bits)
 * stored as one word an element. */
bool sharc_shlo_scalar_elem(const sharc_type *elem);
bool sharc_shlo_is_int(const sharc_type *elem);
bool sharc_shlo_is_unsigned(const sharc_type *elem);
uint64_t sharc_shlo_int_mask(const sharc_type *elem);
int64_t sharc_shlo_sext(const sharc_type *elem, uint64_t bits);
/* A float element as a double, and a double rounded to the element type
 * (false where APFloat's conversion is not defined). */
double sharc_shlo_to_double(const sharc_type *elem, uint64_t bits);
bool sharc_shlo_from_double(const sharc_type *elem, double v, uint64_t *bits);

/* Dense elements of `type` from one word per element (n of them). */
sharc_attr *sharc_shlo_make_elems(sharc_context *ctx, sharc_type *type, const uint64_t *words,
                                  size_t n);
/* The splat of one element word (or of the words of one element). */
sharc_attr *sharc_shlo_make_splat(sharc_context *ctx, sharc_type *type, const uint64_t *elem,
                                  unsigned wps);
/* `a`'s splat value resized to `type` (resizeSplat). */
sharc_attr *sharc_shlo_resize_splat(sharc_context *ctx, const sharc_attr *a, sharc_type *type);
/* The zero of a type (getZeroAttr), NULL for types it does not handle. */
sharc_attr *sharc_shlo_zero_attr(sharc_context *ctx, sharc_type *type);

/* Ops the patterns create, before the rewriter's insertion point. */
sharc_op *sharc_shlo_create(sharc_rewriter *rw, const char *name, sharc_attr *loc,
                            sharc_value *const *operands, unsigned n, sharc_type *const *types,
                            unsigned n_types, const sharc_named_attr *attrs, unsigned n_attrs);
sharc_value *sharc_shlo_constant(sharc_rewriter *rw, sharc_attr *loc, sharc_attr *value);
/* replaceOpWithNewOp<ConstantOp>(op, value). */
void sharc_shlo_replace_with_constant(sharc_rewriter *rw, sharc_op *op, sharc_attr *value);
void sharc_shlo_replace_with_value(sharc_rewriter *rw, sharc_op *op, sharc_value *v);
/* Replaces the `n` results of `op` by the first `n` operands of `from` (`op`
 * itself, or the return of its body); returns true. */
bool sharc_shlo_replace_with_operands(sharc_rewriter *rw, sharc_op *op, sharc_op *from, unsigned n);
/* Replaces `op` by the constant of `type` whose `n` elements (one word
 * each) are `on_true`'s where `pred`'s are set and `on_false`'s elsewhere:
 * a select of constants folded; returns true. */
bool sharc_shlo_replace_with_selected(sharc_rewriter *rw, sharc_op *op, sharc_type *type,
                                      int64_t n, const sharc_attr *pred,
                                      const sharc_attr *on_true, const sharc_attr *on_false);
/* Whether `v` is a block argument of `region` or the result of an op right
 * in it (a region returning it does not just forward an outside value). */
bool sharc_shlo_defined_in(sharc_value *v, const sharc_region *region);
/* A new op of the same name as `op` with its attributes, replacing it. */
sharc_op *sharc_shlo_replace_with_new(sharc_rewriter *rw, sharc_op *op, const char *name,
                                      sharc_value *const *operands, unsigned n, sharc_type *type,
                                      const sharc_named_attr *attrs, unsigned n_attrs);

/* mergeDiscardableAttributes(source, dest): dest gets source's
 * discardable attributes (source's win, but for the frontend attributes'
 * xla_metadata_payload dest already has). */
void sharc_shlo_merge_discardable(sharc_rewriter *rw, sharc_op *source, sharc_op *dest);

bool sharc_shlo_static(const sharc_type *t);
bool sharc_shlo_is_iota(const sharc_attr *dims);

/* The options of StablehloTargetIndependentOptimizationPass, one row each,
 * for the three passes that take them (the folder and simplification
 * passes take a subset). */
#define SHARC_SHLO_OPTION_ASSUME_NO_UNDECLARED_SIDE_EFFECTS                                        \
  SHARC_OPTION(sharc_stablehlo_tio_options, assume_no_undeclared_side_effects,                     \
               "assume-no-undeclared-side-effects", SHARC_OPT_BOOL, "false",                       \
               "Allow dead code to be eliminated in some situations (e.g. dead while loops) "      \
               "under the assumption that ops are pure unless declared with explicit MLIR "        \
               "`MemoryEffects`. Notably, this means `func.call` ops will be assumed pure.")
#define SHARC_SHLO_OPTION_FOLD_OP_ELEMENT_LIMIT                                                    \
  SHARC_OPTION(sharc_stablehlo_tio_options, fold_op_element_limit, "fold-op-element-limit",        \
               SHARC_OPT_INT64, "65536",                                                           \
               "Folding an op into a constant can sometimes come at the cost of memory "           \
               "overhead. (This occurs if the op's inputs are reused, meaning that they can't be " \
               "deleted after the op is folded to a constant, or when folding operations like "    \
               "`concat` whose outputs take up more memory than their inputs.) In such cases, "    \
               "this config option sets an upper limit on how many elements an op's result may "   \
               "have before the op is no longer folded. Splat folds are exempt from this limit.")
#define SHARC_SHLO_OPTION_OPTIMIZE_FLOAT                                                           \
  SHARC_OPTION(sharc_stablehlo_tio_options, optimize_float, "optimize-float", SHARC_OPT_BOOL,      \
               "true",                                                                             \
               "Allow float optimizations that, though mathematically equivalent, may result in "  \
               "slightly different quantization of floating-point values (e.g. `log(sqrt(x))` -> " \
               "`0.5 * log(x)`). Float optimizations that can't affect numerical results are "     \
               "always enabled.")

/* The pattern arrays, for the target-independent optimization pass. */
extern const sharc_pattern sharc_shlo_folder_patterns[];
extern const sharc_pattern sharc_shlo_simplification_patterns[];
/* Runs the folder and/or simplification patterns greedily on `func`, then
 * reports an op an unported pattern could rewrite as not implemented. */
bool sharc_shlo_run_patterns(sharc_op *func, const sharc_stablehlo_tio_options *opts, bool folder,
                             bool simplification, const char *pass_flag, sharc_pass_run *run);
/* Whether a pattern this port does not have yet could rewrite `op`. */
bool sharc_shlo_unported_pattern_applies(sharc_op *op, bool folder, bool simplification);

#endif
