/* What the mpmd dialect's files share: the type/attribute definitions, the
 * inline (stripped) parse/print of the pieces ops embed in their syntax, the
 * topology lookups verifiers use, and each op family's table rows. */
#ifndef SHARC_DIALECT_MPMD_INTERNAL_H
#define SHARC_DIALECT_MPMD_INTERNAL_H

#include "asm/parser.h"
#include "dialect/mpmd/mpmd_ops.h"
#include "asm/printer.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "sharc/mpmd.h"
#include "sharc/rewrite.h"

extern const sharc_type_def sharc_mpmd_mesh_tensor_def;
extern const sharc_attr_def sharc_mpmd_named_mesh_def;
extern const sharc_attr_def sharc_mpmd_topology_def;
extern const sharc_attr_def sharc_mpmd_user_origin_def;
extern const sharc_attr_def sharc_mpmd_origin_def;
extern const sharc_attr_def sharc_mpmd_mesh_with_origins_def;
extern const sharc_attr_def sharc_mpmd_meshes_with_origins_def;
extern const sharc_attr_def sharc_mpmd_reduction_def;

/* A #mpmd.mesh_with_origins by its mesh name's identifier, and that
 * identifier: mesh inference builds and reads hundreds of thousands of
 * them, and the name is stored interned already, so no hashing of it. */
sharc_attr *sharc_mpmd_mesh_with_origins_of(sharc_context *ctx, sharc_ident *mesh,
                                            sharc_attr *const *origins, unsigned n);
sharc_ident *sharc_mpmd_mesh_with_origins_mesh(const sharc_attr *a);
/* A mesh tensor's mesh name, interned; a mesh tensor by that identifier. */
sharc_ident *sharc_mpmd_mesh_tensor_mesh(const sharc_type *t);
sharc_type *sharc_mpmd_mesh_tensor_of(sharc_context *ctx, sharc_ident *mesh, sharc_type *tensor,
                                      sharc_attr *sharding, sharc_attr *memory_kind);

/* Dialect hooks (mpmd_types.c). */
sharc_type *sharc_mpmd_parse_type(sharc_parser *p, sharc_str mnemonic);
sharc_attr *sharc_mpmd_parse_attr(sharc_parser *p, sharc_str mnemonic, sharc_type *type);

/* `"name"` or `"name"(N)`: the short form of a user origin in op syntax. */
bool sharc_mpmd_parse_user_origin_short(sharc_parser *p, sharc_attr **out);
/* `raw`: the name unescaped, as Shardy's raw_ostream printing in op syntax. */
void sharc_mpmd_print_user_origin_short(sharc_printer *p, const sharc_attr *origin, bool raw);
/* `"text"` without escaping. */
void sharc_mpmd_print_raw_quoted(sharc_printer *p, sharc_str s);
/* `<add>`: a reduction as `mpmd.reduce` spells it. */
bool sharc_mpmd_parse_reduction_body(sharc_parser *p, sharc_attr **out);

/* ---- topology lookups (mpmd_verify.c), with Shardy's diagnostics on `op` ---- */
/* The enclosing func.func of `op`, or NULL. */
sharc_op *sharc_mpmd_enclosing_func(const sharc_op *op);
/* The sdy mesh called `name` in the enclosing function's topology; emits
 * Shardy's error on `op` and returns NULL when there is none. */
sharc_attr *sharc_mpmd_mesh_for_name(sharc_op *op, sharc_str name);
/* The mesh a function runs on (`mesh_shape`) or a fragment's mesh. */
sharc_attr *sharc_mpmd_mesh_of(sharc_op *op);
/* A mesh tensor's sharding checked against `mesh`, errors on `op`. */
bool sharc_mpmd_verify_mesh_tensor_for_mesh(sharc_op *op, const sharc_type *t,
                                            const sharc_attr *mesh);
bool sharc_mpmd_verify_mesh_tensor_for_topology(sharc_op *op, const sharc_type *t);
/* "number of <inner>s must match the number of <outer>s respectively". */
bool sharc_mpmd_verify_same_count(sharc_op *op, unsigned n_inner, unsigned n_outer,
                                  const char *inner_name, const char *outer_name);
/* "expected the type of the <inner> to <relation><outer>: 'want', got:
 * 'got'"; always false. */
bool sharc_mpmd_type_mismatch(sharc_op *op, const char *inner_name, const char *relation,
                              const char *outer_name, const sharc_type *want,
                              const sharc_type *got);
/* Checks inner (region or callee) types against outer mesh tensor types,
 * as Shardy does for fragments and fragment calls. */
bool sharc_mpmd_verify_fragment_types(sharc_op *op, sharc_str mesh_name, sharc_type *const *inner,
                                      unsigned n_inner, sharc_type *const *outer, unsigned n_outer,
                                      const char *inner_name, const char *outer_name);
/* `op`'s operand/result types collected into `out` (at least `n` slots). */
void sharc_mpmd_operand_types(const sharc_op *op, sharc_type **out);
void sharc_mpmd_result_types(const sharc_op *op, sharc_type **out);
/* "tensor<4xf32>" etc. into a caller-freed buffer, for messages. */
char *sharc_mpmd_type_str(const sharc_type *t);
char *sharc_mpmd_attr_str(const sharc_attr *a);

/* ODS summaries of the type constraints, and HasParent lists. */
#define SHARC_MPMD_ANY_TENSOR "tensor of any type values"
#define SHARC_MPMD_MESH_TENSOR "mesh tensor type"
extern const sharc_op_def *const sharc_mpmd_func_or_for[]; /* HasParent<FuncOp, ForOp> */
extern const sharc_op_def *const sharc_mpmd_func_only[];   /* HasParent<FuncOp> */

/* MLIR traits and ODS constraints, with MLIR's messages. `names` is
 * NULL-terminated; `summary` is the constraint's ODS summary. */
bool sharc_mpmd_verify_parent(sharc_op *op, const sharc_op_def *const *defs);
bool sharc_mpmd_is_any_tensor(const sharc_type *t);
bool sharc_mpmd_is_token(const sharc_type *t);
bool sharc_mpmd_check_operands(sharc_op *op, bool (*ok)(const sharc_type *), const char *summary,
                               bool variadic);
bool sharc_mpmd_check_results(sharc_op *op, bool (*ok)(const sharc_type *), const char *summary,
                              bool variadic);
/* Operands, then results, under one constraint. */
bool sharc_mpmd_check_values(sharc_op *op, bool (*ok)(const sharc_type *), const char *summary,
                             bool variadic);
/* MLIR's OneOperand / OneResult traits. */
bool sharc_mpmd_check_one(sharc_op *op, bool results);
bool sharc_mpmd_verify_same_operands_and_result_type(sharc_op *op);
bool sharc_mpmd_verify_return_terminator(sharc_op *op);
/* SingleBlock + SingleBlockImplicitTerminator<mpmd.return> (structural
 * traits, verified before the ODS constraints). */
bool sharc_mpmd_verify_single_block_terminator(sharc_op *op);

/* ---- shared op syntax (mpmd_syntax.c) ---- */
/* `: (T, ...) -> R` or `-> (R, ...)`, resolving `refs` against the inputs. */
/* Gives each reference its type, as MLIR's resolveOperands does; a count
 * mismatch is reported at `at`. */
bool sharc_mpmd_resolve_refs(sharc_parser *p, sharc_op_builder *b, const sharc_ptrvec *refs,
                             sharc_type *const *types, unsigned n, const sharc_token *at);
bool sharc_mpmd_parse_functional_type(sharc_parser *p, sharc_op_builder *b,
                                      const sharc_ptrvec *refs);
/* `(%a, %b)` into `refs` (sharc_operand_ref*, freed by the caller). */
bool sharc_mpmd_parse_operand_refs(sharc_parser *p, sharc_ptrvec *refs, bool parens);
void sharc_mpmd_free_refs(sharc_ptrvec *refs);
/* `(%a, %b) attr-dict : (T, ...) -> R`: the tail of call and fragment_call. */
bool sharc_mpmd_parse_call_operands(sharc_parser *p, sharc_op_builder *b);
/* ODS's FlatSymbolRefAttr constraint on a call's `callee` (NULL passes: the
 * required-attribute check reports it). */
bool sharc_mpmd_check_flat_callee(sharc_op *op, const sharc_attr *callee);
/* Shardy's single-block region without block id, pushed into the builder. */
bool sharc_mpmd_parse_region_no_block_id(sharc_parser *p, sharc_op_builder *b, bool isolated);
/* ` (%a, %b) {attrs} (%arg: T) { ... } : `, the part before the types. */
void sharc_mpmd_print_operands_and_region(sharc_printer *p, sharc_op *op,
                                          const char *const *elided);
/* ` (%a, %b) {attrs} (%arg: T) { ... } : (T) -> R` with `elided` left out of the dictionary. */
bool sharc_mpmd_parse_single_block_region_op(sharc_parser *p, sharc_op_builder *b);
void sharc_mpmd_print_single_block_region_op(sharc_printer *p, sharc_op *op,
                                             const char *const *elided);


/* Shardy's op interfaces (mpmd_interfaces.c). */
extern const sharc_sdy_data_flow_iface sharc_mpmd_fragment_data_flow;
extern const sharc_sdy_data_flow_iface sharc_mpmd_for_data_flow;
extern const sharc_sdy_sharding_rule_iface sharc_mpmd_transfer_sharding_rule;

/* Canonicalization patterns (mpmd_canonicalize.c). */
extern const sharc_pattern sharc_mpmd_transfer_patterns[];
extern const sharc_pattern sharc_mpmd_broadcast_patterns[];
extern const sharc_pattern sharc_mpmd_reduce_patterns[];
extern const sharc_pattern sharc_mpmd_fragment_patterns[];

#endif
