/* Helpers XLA's Shardy bridge passes share (xla/service/spmd/shardy/utils
 * and constants): the attribute names of the round trip and the mhlo.copy
 * XLA inserts where a value changes sharding. */
#ifndef SHARC_TRANSFORMS_XLA_COMMON_XLA_UTILS_H
#define SHARC_TRANSFORMS_XLA_COMMON_XLA_UTILS_H

#include "ir/ir_internal.h"
#include "sharc/pass.h"
#include "sharc/rewrite.h"
#include "support/vec.h"

#define SHARC_XLA_MANUAL_AXES_ATTR "xla.sdy.manual_axes"
#define SHARC_XLA_INLINABLE_MANUAL_BODY "xla.sdy.inlinable_manual_computation_body"

/* An mhlo.copy of `v` carrying `sharding` (as its sdy.sharding), at the
 * rewriter's insertion point (a sharc_sdy_reshard_fn); `manual_axes`, when
 * not NULL, is the #sdy.manual_axes it also carries (the call's it serves). */
sharc_op *sharc_xla_create_copy(sharc_rewriter *rw, sharc_value *v, sharc_attr *sharding,
                                sharc_attr *loc, void *manual_axes);

/* The body of manual computation `mc` moved into a new function `name`
 * (made unique with `*counter`, its final name in `*out_name`) at the end of
 * `module`, its sdy.return now a func.return; `mc` is left with an empty
 * region. Returns the function. */
sharc_op *sharc_xla_outline_manual_body(sharc_rewriter *rw, sharc_op *module, sharc_op *mc,
                                        const char *name, unsigned *counter, sharc_str *out_name);

#define SHARC_XLA_FRONTEND_ATTRS "mhlo.frontend_attributes"
#define SHARC_XLA_SHARDING_ATTR "mhlo.sharding"
#define SHARC_XLA_SDY_SHARDING "xla.sdy.sharding"
#define SHARC_XLA_SDY_SHARDING_RULE "xla.sdy.sharding_rule"
#define SHARC_XLA_SDY_MESHES "xla.sdy.meshes"
#define SHARC_XLA_IN_SHARDINGS "xla.sdy.in_shardings"
#define SHARC_XLA_OUT_SHARDINGS "xla.sdy.out_shardings"
#define SHARC_XLA_FUNC_RESULT_SHARDING "xla.sdy.FuncResultSharding"
#define SHARC_XLA_GLOBAL_TO_LOCAL "xla.sdy.GlobalToLocalShape"
#define SHARC_XLA_LOCAL_TO_GLOBAL "xla.sdy.LocalToGlobalShape"
#define SHARC_XLA_MANUAL_BODY "xla.sdy.manual_computation_body"
#define SHARC_XLA_SHARDING_GROUP "xla.sdy.ShardingGroup"
#define SHARC_XLA_SHARDING_GROUP_ID "xla.sdy.sharding_group_id"
#define SHARC_XLA_PROPAGATION_BARRIER "xla.sdy.PropagationBarrier"
#define SHARC_XLA_ALLOWED_DIRECTION "xla.sdy.allowed_direction"
#define SHARC_XLA_IN_TUPLE_SHARDINGS "xla.sdy.tuple_args_shardings"
#define SHARC_XLA_OUT_TUPLE_SHARDINGS "xla.sdy.tuple_results_shardings"
#define SHARC_XLA_SHARDING_TARGET "Sharding"

/* Whether `op` is a stablehlo.custom_call to `target`. */
bool sharc_xla_is_custom_call_to(const sharc_op *op, const char *target);
/* The custom call's target name (empty for another op). */
sharc_str sharc_xla_custom_call_target(const sharc_op *op);
/* isPythonCallbackCustomCall: the CPU/GPU/FFI Python callbacks. */
bool sharc_xla_is_python_callback(const sharc_op *op);
/* The sdy ops both export passes (ExportOpsPass and the round trip's)
 * rewrite: constant, sharding_constraint, reshard, sharding_group and
 * propagation_barrier. */
bool sharc_xla_is_exported_sdy_op(const sharc_op *op);
/* cloneCustomCallWithNewResultTypes: `op` with its operands and `attrs`,
 * returning the `n` `types` instead, created before `op`. */
sharc_op *sharc_xla_clone_custom_call(sharc_rewriter *rw, sharc_op *op, sharc_type *const *types,
                                      unsigned n, sharc_attr *attrs);

/* The op's (func argument's, result's) `mhlo.frontend_attributes`
 * dictionary, or NULL. */
sharc_attr *sharc_xla_frontend_attrs(const sharc_op *op);
sharc_attr *sharc_xla_arg_frontend_attrs(const sharc_op *func, unsigned i);
sharc_attr *sharc_xla_result_frontend_attrs(const sharc_op *func, unsigned i);
/* `dict` (may be NULL) with `name` set to `value` (removed when NULL);
 * NULL when the result is empty (removeFrontendAttribute drops an empty
 * dictionary). */
sharc_attr *sharc_xla_dict_with(sharc_context *ctx, const sharc_attr *dict, const char *name,
                                sharc_attr *value);
/* Sets (NULL: removes) one frontend attribute of the op / argument /
 * result, dropping the dictionary when it becomes empty. */
void sharc_xla_set_frontend_attr(sharc_rewriter *rw, sharc_op *op, const char *name,
                                 sharc_attr *value);
void sharc_xla_set_arg_frontend_attr(sharc_op *func, unsigned i, const char *name,
                                     sharc_attr *value);
void sharc_xla_set_result_frontend_attr(sharc_op *func, unsigned i, const char *name,
                                        sharc_attr *value);

/* parseStringAttr: the attribute whose text is the string `name` of
 * `dict` holds; NULL when absent. `*failed` is set (after a located error
 * at `at`) when the text is not an attribute. */
sharc_attr *sharc_xla_parse_string_attr(const sharc_attr *dict, const char *name, sharc_op *at,
                                        bool *failed);

typedef SHARC_VEC(sharc_attr *) sharc_xla_attr_vec;

/* The axis refs `sharding` names, dimension by dimension, then its
 * replicated axes and, with `with_unreduced`, its unreduced ones, appended
 * to `refs`. */
void sharc_xla_sharding_axis_refs(const sharc_attr *sharding, bool with_unreduced,
                                  sharc_xla_attr_vec *refs);

/* Turns one sharding of a func argument or result (`at` the func, `rank`
 * the value's) into its other form (an `mhlo.sharding` into an
 * #sdy.sharding, or back); NULL after a located error. */
typedef sharc_attr *(*sharc_xla_sharding_converter)(void *user, sharc_op *at,
                                                    sharc_attr *sharding, unsigned rank);

/* Every `from` attribute on `func`'s arguments, then its results, replaced
 * by the `to` attribute `convert` makes of it: the GSPMD and round-trip
 * imports (mhlo.sharding to sdy.sharding, differing only in how they read
 * the text) and the StableHLO export (back). False at the first conversion
 * that fails. */
bool sharc_xla_convert_func_shardings(sharc_op *func, const char *from, const char *to,
                                      sharc_xla_sharding_converter convert, void *user);

/* The attribute's text as a string attribute (what the export stores). */
sharc_attr *sharc_xla_attr_to_string(sharc_context *ctx, const sharc_attr *a);

/* HloShardingV3, the mesh-and-axes form of `mhlo.sharding`
 * (`{mesh['a'=2,'b'=2], [{'a'}, {}]}`, `{replicated}`,
 * `{single_device[device_id=N]}`, `{maximal_mesh[device_id=N]}`, tuples
 * `{{...}, {...}}`), as a #sdy.sharding with an inline mesh (`per_value`:
 * a #sdy.sharding_per_value of `nvalues` shardings; `rank` is what a
 * replicated sharding spans). NULL after a located error at `at`. */
sharc_attr *sharc_hlo_sharding_v3_to_sdy(sharc_context *ctx, sharc_str text, sharc_op *at,
                                         unsigned nvalues, bool per_value, unsigned rank);

/* A sharding (`mesh` its mesh) as HloShardingV3 text, the form
 * sharc_hlo_sharding_v3_to_sdy reads (priorities are not kept); `manual_axes`
 * (n of them) are written as `manual={...}`, or as `manual` alone when they
 * are every axis of the mesh. */
void sharc_sdy_to_hlo_sharding_v3(const sharc_attr *sharding, const sharc_attr *mesh,
                                  const sharc_str *manual_axes, unsigned num_manual,
                                  sharc_buf *out);

/* convertToHloSharding: a sharding on `mesh` as GSPMD's HloSharding text
 * (`{replicated}`, `{maximal device=N}`, or a tile assignment in its
 * canonical iota form, or with the device list when the mesh's device ids
 * are not an iota; axes no dimension uses replicate through a trailing
 * tile dimension). `manual_axes` (n of them) go to a trailing manual
 * dimension. False when the sharding has too many sub-axes to describe. */
bool sharc_sdy_to_hlo_sharding(const sharc_attr *sharding, const sharc_attr *mesh,
                               const sharc_str *manual_axes, unsigned num_manual, sharc_buf *out);

/* StableHLO's aggressive simplification as the round-trip import pipelines
 * run it on each function: top-down, without folding, constant CSE or
 * region simplification, so that imported sdy.constants stay where they
 * are (XLA's addCommonPreImportPasses). */
bool sharc_xla_add_import_simplification(sharc_pass_manager *pm, sharc_buf *err);

#endif
