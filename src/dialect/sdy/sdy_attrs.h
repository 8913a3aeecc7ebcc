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

/* The attribute definitions, for `a->def == &sharc_sdy_..._def` tests. */
extern const sharc_attr_def sharc_sdy_mesh_def;            /* #sdy.mesh */
extern const sharc_attr_def sharc_sdy_tensor_sharding_def; /* #sdy.sharding */
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

/* `{"a", "b"}` */
bool sharc_sdy_parse_manual_axes(sharc_parser *p, sharc_attr **out);
void sharc_sdy_print_manual_axes(sharc_printer *p, const sharc_attr *axes);

/* `([i, j],[j, k])->([i, k]) {i=8, j=8, k=8} ...`: the body of #sdy.op_sharding_rule<...>. */
bool sharc_sdy_parse_op_sharding_rule(sharc_parser *p, sharc_attr **out);
void sharc_sdy_print_op_sharding_rule(sharc_printer *p, const sharc_attr *rule);

#endif
