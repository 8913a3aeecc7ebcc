/* The sdy (Shardy) dialect's attributes as a C API: constructors, getters
 * and kind tests for meshes, axis references, shardings, sharding rules and
 * the propagation-debugging attributes. All attributes are uniqued in the
 * context (equal values, same pointer). Getters expect an attribute of the
 * right kind (test with the matching `sharc_sdy_is_...` first). */
#ifndef SHARC_SDY_H
#define SHARC_SDY_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sharc_sdy_reduction_op {
  SHARC_SDY_REDUCTION_SUM,
  SHARC_SDY_REDUCTION_MAX,
  SHARC_SDY_REDUCTION_MIN,
} sharc_sdy_reduction_op;

typedef enum sharc_sdy_propagation_direction {
  SHARC_SDY_PROPAGATION_NONE,
  SHARC_SDY_PROPAGATION_FORWARD,
  SHARC_SDY_PROPAGATION_BACKWARD,
  SHARC_SDY_PROPAGATION_BOTH,
} sharc_sdy_propagation_direction;

typedef enum sharc_sdy_edge_node_type {
  SHARC_SDY_EDGE_OPERAND,
  SHARC_SDY_EDGE_RESULT,
} sharc_sdy_edge_node_type;

/* ---- meshes ----------------------------------------------------------- */
/* `"name"=size` */
SHARC_API sharc_attr *sharc_sdy_mesh_axis_get(sharc_context *ctx, sharc_str name, int64_t size);
SHARC_API bool sharc_sdy_is_mesh_axis(const sharc_attr *a);
SHARC_API sharc_str sharc_sdy_mesh_axis_name(const sharc_attr *axis);
SHARC_API int64_t sharc_sdy_mesh_axis_size(const sharc_attr *axis);

/* Device ids equal to iota(product of axis sizes) are dropped, as Shardy's
 * builder does. */
SHARC_API sharc_attr *sharc_sdy_mesh_get(sharc_context *ctx, sharc_attr *const *axes, unsigned num_axes,
                               const int64_t *device_ids, unsigned num_device_ids);
SHARC_API bool sharc_sdy_is_mesh(const sharc_attr *a);
SHARC_API unsigned sharc_sdy_mesh_num_axes(const sharc_attr *mesh);
SHARC_API sharc_attr *sharc_sdy_mesh_axis(const sharc_attr *mesh, unsigned i);
SHARC_API unsigned sharc_sdy_mesh_num_device_ids(const sharc_attr *mesh);
SHARC_API int64_t sharc_sdy_mesh_device_id(const sharc_attr *mesh, unsigned i);
/* Size of the named axis, or -1 when the mesh has no such axis. */
SHARC_API int64_t sharc_sdy_mesh_size_of(const sharc_attr *mesh, sharc_str axis_name);
/* Position of the named axis in the mesh, or -1. */
SHARC_API int sharc_sdy_mesh_axis_index(const sharc_attr *mesh, sharc_str axis_name);
SHARC_API int64_t sharc_sdy_mesh_total_size(const sharc_attr *mesh);
SHARC_API bool sharc_sdy_mesh_is_maximal(const sharc_attr *mesh); /* no axes, one device id */
SHARC_API bool sharc_sdy_mesh_is_empty(const sharc_attr *mesh);   /* no axes, no device ids */

/* ---- axis references -------------------------------------------------- */
/* `(pre_size)size` */
SHARC_API sharc_attr *sharc_sdy_sub_axis_info_get(sharc_context *ctx, int64_t pre_size, int64_t size);
SHARC_API bool sharc_sdy_is_sub_axis_info(const sharc_attr *a);
SHARC_API int64_t sharc_sdy_sub_axis_info_pre_size(const sharc_attr *info);
SHARC_API int64_t sharc_sdy_sub_axis_info_size(const sharc_attr *info);

/* `"name"` or `"name":(pre)size`; sub_axis_info may be NULL. */
SHARC_API sharc_attr *sharc_sdy_axis_ref_get(sharc_context *ctx, sharc_str name, sharc_attr *sub_axis_info);
SHARC_API bool sharc_sdy_is_axis_ref(const sharc_attr *a);
SHARC_API sharc_str sharc_sdy_axis_ref_name(const sharc_attr *ref);
SHARC_API sharc_attr *sharc_sdy_axis_ref_sub_axis_info(const sharc_attr *ref); /* or NULL */
/* The axis size the reference covers in `mesh` (sub-axis size or full);
 * -1 for a full axis `mesh` lacks or when `mesh` is NULL. */
SHARC_API int64_t sharc_sdy_axis_ref_size(const sharc_attr *ref, const sharc_attr *mesh);

/* Axis-ref relations as Shardy defines them; `mesh` orders axis names
 * (AxisRefAttr::getMeshComparator). */
SHARC_API bool sharc_sdy_axis_ref_less(const sharc_attr *a, const sharc_attr *b, const sharc_attr *mesh);
SHARC_API bool sharc_sdy_axis_ref_overlaps(const sharc_attr *a, const sharc_attr *b);
SHARC_API bool sharc_sdy_axis_ref_can_merge(const sharc_attr *a, const sharc_attr *b);
/* `"a"` or `"a":(1)2` as Shardy's AxisRefAttr::toString writes it. */
SHARC_API void sharc_sdy_axis_ref_to_string(const sharc_attr *ref, sharc_buf *out);
/* Product of the axis sizes of a dimension sharding in `mesh`. */
SHARC_API int64_t sharc_sdy_dim_sharding_sharded_size(const sharc_attr *dim, const sharc_attr *mesh);
/* Whether every dimension sharding of `sharding` is empty. */
SHARC_API bool sharc_sdy_tensor_sharding_is_fully_replicated(const sharc_attr *sharding);

/* `{"a", "b":(2)2}` */
SHARC_API sharc_attr *sharc_sdy_axis_ref_list_get(sharc_context *ctx, sharc_attr *const *refs, unsigned n);
SHARC_API bool sharc_sdy_is_axis_ref_list(const sharc_attr *a);
SHARC_API sharc_attr *sharc_sdy_list_of_axis_ref_lists_get(sharc_context *ctx, sharc_attr *const *lists,
                                                 unsigned n);
SHARC_API bool sharc_sdy_is_list_of_axis_ref_lists(const sharc_attr *a);

/* Elements of every list-like sdy attribute: axis ref lists, lists of
 * them, manual axes, sharding per value, tensor and dim mappings,
 * all-to-all parameter lists, propagation edges. */
SHARC_API unsigned sharc_sdy_list_size(const sharc_attr *list);
SHARC_API sharc_attr *sharc_sdy_list_at(const sharc_attr *list, unsigned i);
/* Integer elements of a dim mapping. */
SHARC_API int64_t sharc_sdy_list_int_at(const sharc_attr *list, unsigned i);

/* ---- shardings -------------------------------------------------------- */
/* `{"a", ?}p1`; priority < 0 means none. */
SHARC_API sharc_attr *sharc_sdy_dim_sharding_get(sharc_context *ctx, sharc_attr *const *axes, unsigned n,
                                       bool is_closed, int64_t priority);
SHARC_API bool sharc_sdy_is_dim_sharding(const sharc_attr *a);
SHARC_API unsigned sharc_sdy_dim_sharding_num_axes(const sharc_attr *dim);
SHARC_API sharc_attr *sharc_sdy_dim_sharding_axis(const sharc_attr *dim, unsigned i);
SHARC_API bool sharc_sdy_dim_sharding_is_closed(const sharc_attr *dim);
SHARC_API bool sharc_sdy_dim_sharding_has_priority(const sharc_attr *dim);
SHARC_API int64_t sharc_sdy_dim_sharding_priority(const sharc_attr *dim);

typedef struct sharc_sdy_tensor_sharding_parts {
  sharc_attr *mesh_or_ref; /* an sdy mesh or a flat symbol reference */
  sharc_attr *const *dims;
  unsigned num_dims;
  sharc_attr *const *replicated;
  unsigned num_replicated;
  sharc_attr *const *unreduced;
  unsigned num_unreduced;
  sharc_sdy_reduction_op reduction;
} sharc_sdy_tensor_sharding_parts;

SHARC_API sharc_attr *sharc_sdy_tensor_sharding_get(sharc_context *ctx,
                                          const sharc_sdy_tensor_sharding_parts *parts);
SHARC_API bool sharc_sdy_is_tensor_sharding(const sharc_attr *a);
SHARC_API void sharc_sdy_tensor_sharding_parts_of(const sharc_attr *sharding,
                                        sharc_sdy_tensor_sharding_parts *out);
SHARC_API sharc_attr *sharc_sdy_tensor_sharding_mesh_or_ref(const sharc_attr *sharding);
/* The referenced mesh's name, or an empty string for an inline mesh. */
SHARC_API sharc_str sharc_sdy_tensor_sharding_mesh_name(const sharc_attr *sharding);
SHARC_API unsigned sharc_sdy_tensor_sharding_rank(const sharc_attr *sharding);
SHARC_API sharc_attr *sharc_sdy_tensor_sharding_dim(const sharc_attr *sharding, unsigned i);
SHARC_API unsigned sharc_sdy_tensor_sharding_num_replicated(const sharc_attr *sharding);
SHARC_API sharc_attr *sharc_sdy_tensor_sharding_replicated(const sharc_attr *sharding, unsigned i);
SHARC_API unsigned sharc_sdy_tensor_sharding_num_unreduced(const sharc_attr *sharding);
SHARC_API sharc_attr *sharc_sdy_tensor_sharding_unreduced(const sharc_attr *sharding, unsigned i);
SHARC_API sharc_sdy_reduction_op sharc_sdy_tensor_sharding_reduction(const sharc_attr *sharding);

SHARC_API sharc_attr *sharc_sdy_sharding_per_value_get(sharc_context *ctx, sharc_attr *const *shardings,
                                             unsigned n);
SHARC_API bool sharc_sdy_is_sharding_per_value(const sharc_attr *a);

/* `{"a", "b"}` (axis names as string attributes) */
SHARC_API sharc_attr *sharc_sdy_manual_axes_get(sharc_context *ctx, const sharc_str *names, unsigned n);
SHARC_API bool sharc_sdy_is_manual_axes(const sharc_attr *a);

/* ---- sharding rules --------------------------------------------------- */
SHARC_API sharc_attr *sharc_sdy_dim_mapping_get(sharc_context *ctx, const int64_t *factors, unsigned n);
SHARC_API bool sharc_sdy_is_dim_mapping(const sharc_attr *a);
SHARC_API sharc_attr *sharc_sdy_tensor_mapping_get(sharc_context *ctx, sharc_attr *const *dims, unsigned n);
SHARC_API bool sharc_sdy_is_tensor_mapping(const sharc_attr *a);

/* The integer lists of a rule, in the order of `sharc_sdy_rule_list`. */
typedef enum sharc_sdy_rule_list {
  SHARC_SDY_RULE_FACTOR_SIZES,
  SHARC_SDY_RULE_OPERANDS,       /* tensor mappings */
  SHARC_SDY_RULE_RESULTS,        /* tensor mappings */
  SHARC_SDY_RULE_REDUCTION,
  SHARC_SDY_RULE_NEED_REPLICATION,
  SHARC_SDY_RULE_PERMUTATION,
  SHARC_SDY_RULE_BLOCKED_PROPAGATION,
  SHARC_SDY_RULE_NUM_LISTS,
} sharc_sdy_rule_list;

typedef struct sharc_sdy_rule_parts {
  const int64_t *factor_sizes;
  unsigned num_factors;
  sharc_attr *const *operands;
  unsigned num_operands;
  sharc_attr *const *results;
  unsigned num_results;
  const int64_t *special[4]; /* reduction, need_replication, permutation, blocked */
  unsigned num_special[4];
  bool is_custom;
} sharc_sdy_rule_parts;

SHARC_API sharc_attr *sharc_sdy_op_sharding_rule_get(sharc_context *ctx, const sharc_sdy_rule_parts *parts);
SHARC_API bool sharc_sdy_is_op_sharding_rule(const sharc_attr *a);
SHARC_API unsigned sharc_sdy_rule_list_size(const sharc_attr *rule, sharc_sdy_rule_list which);
/* Integer element (factor size or factor index) of an integer list. */
SHARC_API int64_t sharc_sdy_rule_int_at(const sharc_attr *rule, sharc_sdy_rule_list which, unsigned i);
/* Tensor mapping of an operand or result. */
SHARC_API sharc_attr *sharc_sdy_rule_mapping_at(const sharc_attr *rule, sharc_sdy_rule_list which,
                                      unsigned i);
SHARC_API bool sharc_sdy_rule_is_custom(const sharc_attr *rule);

/* ---- collectives ------------------------------------------------------ */
/* `{"a"}: 0->1` */
SHARC_API sharc_attr *sharc_sdy_all_to_all_param_get(sharc_context *ctx, sharc_attr *const *axes,
                                           unsigned n, int64_t src_dim, int64_t tgt_dim);
SHARC_API bool sharc_sdy_is_all_to_all_param(const sharc_attr *a);
SHARC_API int64_t sharc_sdy_all_to_all_param_src_dim(const sharc_attr *param);
SHARC_API int64_t sharc_sdy_all_to_all_param_tgt_dim(const sharc_attr *param);
SHARC_API sharc_attr *sharc_sdy_all_to_all_param_list_get(sharc_context *ctx, sharc_attr *const *params,
                                                unsigned n);
SHARC_API bool sharc_sdy_is_all_to_all_param_list(const sharc_attr *a);
/* Axes of an all-to-all param (as a list: sharc_sdy_list_size/at work on it). */

/* ---- propagation debugging -------------------------------------------- */
SHARC_API sharc_attr *sharc_sdy_edge_value_ref_get(sharc_context *ctx, sharc_sdy_edge_node_type type,
                                         int64_t index);
SHARC_API bool sharc_sdy_is_edge_value_ref(const sharc_attr *a);
SHARC_API sharc_sdy_edge_node_type sharc_sdy_edge_value_ref_type(const sharc_attr *ref);
SHARC_API int64_t sharc_sdy_edge_value_ref_index(const sharc_attr *ref);

SHARC_API sharc_attr *sharc_sdy_axis_to_propagation_details_get(sharc_context *ctx, sharc_attr *axis_ref,
                                                      sharc_attr *source,
                                                      sharc_attr *const *targets, unsigned n);
SHARC_API bool sharc_sdy_is_axis_to_propagation_details(const sharc_attr *a);
SHARC_API sharc_attr *sharc_sdy_axis_to_propagation_details_axis(const sharc_attr *d);
SHARC_API sharc_attr *sharc_sdy_axis_to_propagation_details_source(const sharc_attr *d);

SHARC_API sharc_attr *sharc_sdy_propagation_one_step_get(sharc_context *ctx, int64_t step_index,
                                               sharc_attr *const *entries, unsigned n);
SHARC_API bool sharc_sdy_is_propagation_one_step(const sharc_attr *a);
SHARC_API int64_t sharc_sdy_propagation_one_step_index(const sharc_attr *step);

SHARC_API sharc_attr *sharc_sdy_propagation_edges_get(sharc_context *ctx, sharc_attr *const *steps,
                                            unsigned n);
SHARC_API bool sharc_sdy_is_propagation_edges(const sharc_attr *a);

/* ---- enums ------------------------------------------------------------ */
/* Shardy's enums are I32EnumAttrs: as attributes they are `N : i32`
 * integers. Keyword spellings: NONE/FORWARD/BACKWARD/BOTH, operand/result,
 * sum/max/min. */
SHARC_API sharc_attr *sharc_sdy_enum_attr(sharc_context *ctx, int value);
SHARC_API const char *sharc_sdy_propagation_direction_name(sharc_sdy_propagation_direction d);
SHARC_API const char *sharc_sdy_edge_node_type_name(sharc_sdy_edge_node_type t);
SHARC_API const char *sharc_sdy_reduction_op_name(sharc_sdy_reduction_op r);
/* Keyword to value; -1 when the keyword is not one of the enum's. */
SHARC_API int sharc_sdy_propagation_direction_from_name(sharc_str s);
SHARC_API int sharc_sdy_edge_node_type_from_name(sharc_str s);
SHARC_API int sharc_sdy_reduction_op_from_name(sharc_str s);

#ifdef __cplusplus
}
#endif
#endif
