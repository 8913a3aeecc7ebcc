/* What mesh inference's validations share (Shardy's infer_mesh_validation):
 * the error limit, and the parts of their messages that explain where a
 * value's meshes come from: the inputs and unassigns its source set
 * originates from, the outputs and assigns its use set originates from,
 * each with its location. */
#ifndef SHARC_TRANSFORMS_MPMD_IMPORT_INFER_MESH_VALIDATION_H
#define SHARC_TRANSFORMS_MPMD_IMPORT_INFER_MESH_VALIDATION_H

#include "dialect/mpmd/utils.h"
#include "transforms/mpmd/import/mesh_inference.h"

#define SHARC_MI_ERROR_SEPARATOR "\n---------------------------------------------------\n"

/* GetValidatedMaxErrors: -1 is unlimited; 0 is refused with an error on
 * `module` (Shardy aborts). */
bool sharc_mi_max_errors(int error_limit, sharc_op *module, int *out);

/* The calls of each callee, found once on first need (error reporting
 * only). */
typedef struct sharc_mi_calls {
  sharc_op *module;
  bool built;
  sharc_mpmd_call_sites sites;
} sharc_mi_calls;
void sharc_mi_calls_free(sharc_mi_calls *c);
sharc_op *const *sharc_mi_calls_of(sharc_mi_calls *c, const sharc_op *callee, unsigned *n);

/* The error budget of a validation pass: the calls of each callee (for
 * its messages), the limit, the errors counted and those emitted. */
typedef struct sharc_mi_validation {
  sharc_mi_calls calls;
  int max_errors;
  int errors;
  int emitted;
} sharc_mi_validation;
/* Starts validating `module` under the pass's `error-limit` option
 * (a sharc_mpmd_error_limit_options); false when the limit is refused. */
bool sharc_mi_validation_begin(sharc_mi_validation *v, sharc_op *module, const void *opts);
/* Frees what the validation found; true when it counted no error. */
bool sharc_mi_validation_end(sharc_mi_validation *v);

/* The callee's name without Shardy's "shardy_mpmd" prefix. */
sharc_str sharc_mi_sanitized_call_name(const sharc_op *callee);

/* PrintMeshesWithOrigins: `m1[o1,o2], m2[o3]`. */
void sharc_mi_print_meshes_with_origins(sharc_attr *const *elems, unsigned n, sharc_buf *out);
void sharc_mi_print_set(sharc_context *ctx, const sharc_mesh_set *s, sharc_buf *out);

/* GetSrcOriginsWithLocs / GetUseOriginsWithLocs printed with
 * PrintLocToOrigins (`prefix - Input loc: m[o]`, `- named_computation
 * "o": ...`, ...). */
void sharc_mi_print_src_origins(sharc_value *const *roots, unsigned n, sharc_mi_calls *calls,
                                const char *prefix, bool is_input, sharc_buf *out);
void sharc_mi_print_use_origins(sharc_value *const *roots, unsigned n, sharc_mi_calls *calls,
                                const char *prefix, bool is_input, sharc_buf *out);

/* Ends the message in `b` with the op's stack trace and the error
 * separator, reports it on `op` and frees `b` (the meshless-op
 * validations' common tail). */
void sharc_mi_emit_op_error_with_trace(sharc_op *op, sharc_buf *b);

/* The end of an error about a callee's argument: the mpmd.call's stack
 * trace, each user of `arg` with its own, and the error separator. */
void sharc_mi_print_callee_arg_users(sharc_op *callee, sharc_value *arg, sharc_buf *out);

#endif
