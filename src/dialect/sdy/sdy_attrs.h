/* The sdy attributes as other dialect code sees them: the pieces of sdy
 * syntax that ops (sdy's own and mpmd's) parse and print inline, without the
 * `#sdy.name` prefix, plus typed access for verifiers and passes.
 *
 * Every parse function starts at the attribute's first token (usually `<`)
 * and reports errors with Shardy's messages at Shardy's positions; every
 * print function writes exactly what Shardy's printer writes for that piece.
 * The public, stable C API over the same attributes is include/sharc/sdy.h. */
#ifndef SHARC_DIALECT_SDY_ATTRS_H
#define SHARC_DIALECT_SDY_ATTRS_H

#include "asm/parser.h"
#include "asm/printer.h"
#include "sharc/sdy.h"
#include "support/vec.h"

/* The elements of a list-like attribute (sharc_sdy_list_size of them) in
 * place, for the axis-list functions of axes.h. */
sharc_attr *const *sharc_sdy_list_items(const sharc_attr *list);

/* The attribute definitions, for `a->def == &sharc_sdy_..._def` tests. */
extern const sharc_attr_def sharc_sdy_mesh_def;            /* #sdy.mesh */
extern const sharc_attr_def sharc_sdy_tensor_sharding_def; /* #sdy.sharding */
/* The fact (ir/created_defs.h) that a tensor sharding with unreduced axes
 * was made: passes about unreduced axes skip their walk without it. */
extern const char sharc_sdy_unreduced_axes_made;
/* The fact that a tensor sharding naming its mesh inline (not by
 * reference) was made: lifting inlined meshes has nothing to lift without. */
extern const char sharc_sdy_inline_mesh_sharding_made;
/* The fact that a dimension sharding with a priority was made: without
 * it no sharding has one, and user-priority propagation need not look. */
extern const char sharc_sdy_dim_priority_made;
extern const sharc_attr_def sharc_sdy_sharding_per_value_def; /* #sdy.sharding_per_value */
extern const sharc_attr_def sharc_sdy_manual_axes_def;     /* #sdy.manual_axes */
extern const sharc_attr_def sharc_sdy_op_sharding_rule_def; /* #sdy.op_sharding_rule */
extern const sharc_attr_def sharc_sdy_mesh_axis_def;
extern const sharc_attr_def sharc_sdy_sub_axis_info_def;
extern const sharc_attr_def sharc_sdy_axis_ref_def;
extern const sharc_attr_def sharc_sdy_axis_ref_list_def;
extern const sharc_attr_def sharc_sdy_list_of_axis_ref_lists_def;
extern const sharc_attr_def sharc_sdy_dim_sharding_def;
extern const sharc_attr_def sharc_sdy_dim_mapping_def;
extern const sharc_attr_def sharc_sdy_tensor_mapping_def;
extern const sharc_attr_def sharc_sdy_all_to_all_param_def;
extern const sharc_attr_def sharc_sdy_all_to_all_param_list_def;
extern const sharc_attr_def sharc_sdy_edge_value_ref_def;
extern const sharc_attr_def sharc_sdy_axis_to_propagation_details_def;
extern const sharc_attr_def sharc_sdy_propagation_one_step_def;
extern const sharc_attr_def sharc_sdy_propagation_edges_def;

/* `<["a"=2, "b"=4], device_ids=[...]>`, `<[]>`, `<[], device_ids=[0]>` */
bool sharc_sdy_parse_mesh(sharc_parser *p, sharc_attr **out);
void sharc_sdy_print_mesh(sharc_printer *p, const sharc_attr *mesh);

/* `<@mesh, [{"a", ?}p1, {}], replicated={"b"}, unreduced={"c"}>`, or with an
 * inline mesh `<mesh<["a"=2]>, [...]>`. */
bool sharc_sdy_parse_tensor_sharding(sharc_parser *p, sharc_attr **out);
void sharc_sdy_print_tensor_sharding(sharc_printer *p, const sharc_attr *sharding);

/* `[<@mesh, [...]>, <@mesh, [...]>]` (one tensor sharding per value). */
bool sharc_sdy_parse_sharding_per_value(sharc_parser *p, sharc_attr **out);
void sharc_sdy_print_sharding_per_value(sharc_printer *p, const sharc_attr *shardings);
/* `<sep>name=[...]` when `op` has the sharding-per-value attribute `name`
 * (the in/out shardings of region ops), nothing otherwise. */
void sharc_sdy_print_op_shardings(sharc_printer *p, const sharc_op *op, const char *sep,
                                  const char *name);

/* `{"a", "b"}` */
bool sharc_sdy_parse_manual_axes(sharc_parser *p, sharc_attr **out);
void sharc_sdy_print_manual_axes(sharc_printer *p, const sharc_attr *axes);

/* `([i, j],[j, k])->([i, k]) {i=8, j=8, k=8} ...`: the body of #sdy.op_sharding_rule<...>. */
bool sharc_sdy_parse_op_sharding_rule(sharc_parser *p, sharc_attr **out);
void sharc_sdy_print_op_sharding_rule(sharc_printer *p, const sharc_attr *rule);

/* ---- verification (Shardy's verifiers.cc) ---------------------------------
 * Shardy composes error prefixes with lambdas (EmitErrorFn); an emitter is
 * that: the op errors are reported on, plus the text that goes between
 * "'name' op " and the message, e.g. "arg 0 - " or "result ". */
typedef struct sharc_sdy_emitter {
  sharc_op *op;
  /* the prefix, rendered only when an error is emitted (verification runs
   * after every pass; formatting every value's prefix up front dominated it):
   * base's prefix, head, the index when `indexed`, then tail; all-zero is
   * the empty prefix */
  const struct sharc_sdy_emitter *base;
  const char *head;
  bool indexed;
  unsigned index;
  const char *tail;
} sharc_sdy_emitter;

/* An emitter for `op` whose prefix is `head` then `tail` (either may be NULL). */
sharc_sdy_emitter sharc_sdy_emitter_make(sharc_op *op, const char *head, const char *tail);
/* The same with `index` between them, e.g. "arg ", 0, " - ". */
sharc_sdy_emitter sharc_sdy_emitter_indexed(sharc_op *op, const char *head, unsigned index,
                                            const char *tail);
/* getEmitValueInRangeErrorFn: "- msg" with one value, "<index> - msg" else. */
sharc_sdy_emitter sharc_sdy_emitter_value(const sharc_sdy_emitter *base, unsigned num_values,
                                          unsigned index);
/* Emits "'op' op <prefix><message>"; notes can be attached to the result. */
sharc_diag *sharc_sdy_emit(const sharc_sdy_emitter *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The `sdy.mesh` op named `name` in the module enclosing `from` (or `from`
 * itself when it is the module), or NULL. */
sharc_op *sharc_sdy_lookup_mesh_op(sharc_op *from, sharc_str name);
/* getMeshSafe: a sharding's inline mesh, or the mesh its `@name` refers to
 * in the module enclosing `op`; NULL when there is no such mesh. */
sharc_attr *sharc_sdy_sharding_mesh(const sharc_attr *sharding, sharc_op *op);
/* Mesh of an inline mesh or `@name` reference (NULL if unknown). */
sharc_attr *sharc_sdy_mesh_or_ref_mesh(const sharc_attr *mesh_or_ref, sharc_op *op);

/* The axis refs verifying one sharding (or one collective's axes) has seen
 * so far, across its lists (Shardy's seenAxisRefs and axisNameToSubAxes). */
typedef struct sharc_sdy_seen_axes {
  sharc_ptrvec refs; /* uniqued axis refs */
  sharc_ptrvec subs; /* the sub-axes among them, in order of appearance */
} sharc_sdy_seen_axes;
void sharc_sdy_seen_axes_free(sharc_sdy_seen_axes *seen);
/* verifyAxisRefList: names in `mesh`, no ref seen before, no two consecutive
 * sub-axes that could be one; adds the refs to `seen`. */
bool sharc_sdy_verify_axis_ref_list(sharc_attr *const *refs, unsigned n, const sharc_attr *mesh,
                                    sharc_sdy_seen_axes *seen, const sharc_sdy_emitter *e);
/* verifySortedAxisRefList: the same after "<what> axes are not ordered
 * w.r.t. mesh" unless `refs` are in the mesh's order. */
bool sharc_sdy_verify_sorted_axis_ref_list(sharc_attr *const *refs, unsigned n,
                                           const sharc_attr *mesh, sharc_sdy_seen_axes *seen,
                                           const sharc_sdy_emitter *e, const char *what);
/* verifyTensorShardingAttr: `sharding` against `type` (NULL: no type, as for
 * an op without results) and `mesh` (NULL reports "unknown mesh: @name"),
 * with axes bound by enclosing sdy.manual_computation ops (found from e->op)
 * rejected. `check_divisibility` also requires dims divisible by their
 * sharded size. */
bool sharc_sdy_verify_tensor_sharding(const sharc_attr *sharding, sharc_type *type,
                                      const sharc_attr *mesh, const sharc_sdy_emitter *e,
                                      bool check_divisibility);
/* The same with the mesh looked up from e->op (getMeshSafe). */
bool sharc_sdy_verify_tensor_sharding_for_op(const sharc_attr *sharding, sharc_type *type,
                                             const sharc_sdy_emitter *e);
/* verifyTensorShardingPerValueAttr: one sharding per type (with Shardy's
 * exception of a single maximal or fully replicated sharding for no values);
 * per-value errors get the "- " / "<i> - " prefix. */
bool sharc_sdy_verify_sharding_per_value(const sharc_attr *shardings, sharc_type *const *types,
                                         unsigned num_types, const sharc_sdy_emitter *e);
/* verifyOpShardingRuleAttr against op's operands and results. */
bool sharc_sdy_verify_op_sharding_rule(const sharc_attr *rule, sharc_op *op);

/* Shardy's getSharding(Value) for values outside the data flow interfaces:
 * a function argument's `sdy.sharding`, an sdy op's `sharding` or
 * `out_sharding`, or the defining op's `sdy.sharding` per result; NULL when
 * none. (The sdy ops' sharc_sdy_get_sharding adds the data flow edges.) */
sharc_attr *sharc_sdy_value_sharding(sharc_value *v);
/* The same for result `index` of `op`, an op outside the sdy dialect:
 * its entry in the op's `sdy.sharding` list (the hot case of both). */
sharc_attr *sharc_sdy_result_sharding_in_list(const sharc_op *op, unsigned index);

#endif
