/* Unit tests of the sdy attribute C API (include/sharc/sdy.h): building
 * every attribute, reading it back, uniquing, kind tests, and agreement
 * with the parser and printer. */
#include "check.h"

#include "sharc/asm.h"
#include "sharc/ir.h"
#include "sharc/sdy.h"

#include <stdlib.h>

static sharc_str S(const char *s) { return (sharc_str){s, strlen(s)}; }

/* Prints `a` and compares with `want`. */
static void check_prints(const sharc_attr *a, const char *want) {
  sharc_buf b = {0};
  sharc_print_attr(a, &b);
  CHECK_STR(b.data, want);
  sharc_buf_free(&b);
}

/* Parses `text`, checks it is `want` (same pointer) and prints as `text`. */
static void check_round_trip(sharc_context *ctx, const char *text, const sharc_attr *want) {
  sharc_attr *a = sharc_parse_attr_text(ctx, S(text));
  CHECK(a == want);
  check_prints(a, text);
}

static sharc_attr *axis(sharc_context *ctx, const char *name) {
  return sharc_sdy_axis_ref_get(ctx, S(name), NULL);
}

static sharc_attr *sub_axis(sharc_context *ctx, const char *name, int64_t pre, int64_t size) {
  return sharc_sdy_axis_ref_get(ctx, S(name), sharc_sdy_sub_axis_info_get(ctx, pre, size));
}

static sharc_attr *mesh_xy(sharc_context *ctx) {
  sharc_attr *axes[2] = {sharc_sdy_mesh_axis_get(ctx, S("x"), 4),
                         sharc_sdy_mesh_axis_get(ctx, S("y"), 2)};
  return sharc_sdy_mesh_get(ctx, axes, 2, NULL, 0);
}

static void test_mesh(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  sharc_attr *m = mesh_xy(ctx);
  CHECK(sharc_sdy_is_mesh(m) && !sharc_sdy_is_mesh_axis(m));
  CHECK(m == mesh_xy(ctx));
  CHECK(sharc_sdy_mesh_num_axes(m) == 2);
  CHECK(sharc_str_eq_cstr(sharc_sdy_mesh_axis_name(sharc_sdy_mesh_axis(m, 1)), "y"));
  CHECK(sharc_sdy_mesh_size_of(m, S("x")) == 4 && sharc_sdy_mesh_size_of(m, S("q")) == -1);
  CHECK(sharc_sdy_mesh_axis_index(m, S("y")) == 1);
  CHECK(sharc_sdy_mesh_total_size(m) == 8);
  CHECK(!sharc_sdy_mesh_is_maximal(m) && !sharc_sdy_mesh_is_empty(m));
  check_round_trip(ctx, "#sdy.mesh<[\"x\"=4, \"y\"=2]>", m);

  /* iota device ids are dropped, others kept */
  sharc_attr *x2 = sharc_sdy_mesh_axis_get(ctx, S("x"), 2);
  int64_t iota[2] = {0, 1}, swapped[2] = {1, 0};
  CHECK(sharc_sdy_mesh_get(ctx, &x2, 1, iota, 2) == sharc_sdy_mesh_get(ctx, &x2, 1, NULL, 0));
  sharc_attr *explicit_ids = sharc_sdy_mesh_get(ctx, &x2, 1, swapped, 2);
  CHECK(sharc_sdy_mesh_num_device_ids(explicit_ids) == 2);
  CHECK(sharc_sdy_mesh_device_id(explicit_ids, 0) == 1);
  check_round_trip(ctx, "#sdy.mesh<[\"x\"=2], device_ids=[1, 0]>", explicit_ids);

  int64_t three = 3;
  sharc_attr *maximal = sharc_sdy_mesh_get(ctx, NULL, 0, &three, 1);
  CHECK(sharc_sdy_mesh_is_maximal(maximal));
  check_round_trip(ctx, "#sdy.mesh<[], device_ids=[3]>", maximal);
  sharc_attr *empty = sharc_sdy_mesh_get(ctx, NULL, 0, NULL, 0);
  CHECK(sharc_sdy_mesh_is_empty(empty));
  check_round_trip(ctx, "#sdy.mesh<[]>", empty);
  sharc_context_destroy(ctx);
}

static void test_axis_refs(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  sharc_attr *m = mesh_xy(ctx);
  sharc_attr *x = axis(ctx, "x"), *x12 = sub_axis(ctx, "x", 1, 2), *x22 = sub_axis(ctx, "x", 2, 2);
  CHECK(sharc_sdy_is_axis_ref(x) && x == axis(ctx, "x") && x12 != x22);
  CHECK(sharc_sdy_axis_ref_sub_axis_info(x) == NULL);
  const sharc_attr *info = sharc_sdy_axis_ref_sub_axis_info(x22);
  CHECK(sharc_sdy_is_sub_axis_info(info));
  CHECK(sharc_sdy_sub_axis_info_pre_size(info) == 2 && sharc_sdy_sub_axis_info_size(info) == 2);
  CHECK(sharc_sdy_axis_ref_size(x, m) == 4 && sharc_sdy_axis_ref_size(x22, m) == 2);
  CHECK(sharc_sdy_axis_ref_can_merge(x12, x22) && !sharc_sdy_axis_ref_can_merge(x22, x12));
  CHECK(sharc_sdy_axis_ref_overlaps(x, x22) && !sharc_sdy_axis_ref_overlaps(x12, x22));
  /* mesh order first, then full axis before its later sub-axes */
  CHECK(sharc_sdy_axis_ref_less(x22, axis(ctx, "y"), m));
  CHECK(sharc_sdy_axis_ref_less(x12, x, m) && sharc_sdy_axis_ref_less(x, x22, m));
  sharc_buf b = {0};
  sharc_sdy_axis_ref_to_string(x22, &b);
  CHECK_STR(b.data, "\"x\":(2)2");
  sharc_buf_free(&b);

  sharc_attr *refs[2] = {x12, axis(ctx, "y")};
  sharc_attr *list = sharc_sdy_axis_ref_list_get(ctx, refs, 2);
  CHECK(sharc_sdy_is_axis_ref_list(list) && sharc_sdy_list_size(list) == 2);
  CHECK(sharc_sdy_list_at(list, 0) == x12);
  check_round_trip(ctx, "#sdy<axis_ref_list{\"x\":(1)2, \"y\"}>", list);
  sharc_attr *lists[2] = {list, sharc_sdy_axis_ref_list_get(ctx, NULL, 0)};
  sharc_attr *lol = sharc_sdy_list_of_axis_ref_lists_get(ctx, lists, 2);
  CHECK(sharc_sdy_is_list_of_axis_ref_lists(lol));
  check_round_trip(ctx, "#sdy<list_of_axis_ref_lists[{\"x\":(1)2, \"y\"}, {}]>", lol);
  sharc_context_destroy(ctx);
}

static void test_shardings(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  sharc_attr *m = mesh_xy(ctx);
  sharc_attr *x = axis(ctx, "x"), *y = axis(ctx, "y");
  sharc_attr *open_x = sharc_sdy_dim_sharding_get(ctx, &x, 1, false, 1);
  sharc_attr *closed_empty = sharc_sdy_dim_sharding_get(ctx, NULL, 0, true, -1);
  CHECK(sharc_sdy_is_dim_sharding(open_x));
  CHECK(!sharc_sdy_dim_sharding_is_closed(open_x) && sharc_sdy_dim_sharding_priority(open_x) == 1);
  CHECK(!sharc_sdy_dim_sharding_has_priority(closed_empty));
  CHECK(sharc_sdy_dim_sharding_sharded_size(open_x, m) == 4);
  check_prints(open_x, "#sdy<dimension_sharding{\"x\", ?}p1>");

  sharc_attr *dims[2] = {open_x, closed_empty};
  sharc_sdy_tensor_sharding_parts parts = {
      .mesh_or_ref = sharc_attr_symbol_ref(ctx, sharc_ident_get(ctx, S("m")), NULL, 0),
      .dims = dims,
      .num_dims = 2,
      .replicated = &y,
      .num_replicated = 1,
  };
  sharc_attr *s = sharc_sdy_tensor_sharding_get(ctx, &parts);
  CHECK(sharc_sdy_is_tensor_sharding(s) && s == sharc_sdy_tensor_sharding_get(ctx, &parts));
  CHECK(sharc_sdy_tensor_sharding_rank(s) == 2 &&
        sharc_sdy_tensor_sharding_dim(s, 1) == closed_empty);
  CHECK(sharc_sdy_tensor_sharding_num_replicated(s) == 1 &&
        sharc_sdy_tensor_sharding_replicated(s, 0) == y);
  CHECK(sharc_sdy_tensor_sharding_num_unreduced(s) == 0);
  CHECK(sharc_str_eq_cstr(sharc_sdy_tensor_sharding_mesh_name(s), "m"));
  CHECK(!sharc_sdy_tensor_sharding_is_fully_replicated(s));
  check_round_trip(ctx, "#sdy.sharding<@m, [{\"x\", ?}p1, {}], replicated={\"y\"}>", s);

  parts.mesh_or_ref = m;
  parts.num_replicated = 0;
  parts.unreduced = &y;
  parts.num_unreduced = 1;
  parts.reduction = SHARC_SDY_REDUCTION_MAX;
  sharc_attr *inl = sharc_sdy_tensor_sharding_get(ctx, &parts);
  CHECK(sharc_sdy_tensor_sharding_reduction(inl) == SHARC_SDY_REDUCTION_MAX);
  CHECK(sharc_sdy_tensor_sharding_mesh_name(inl).len == 0);
  check_round_trip(
      ctx, "#sdy.sharding<mesh<[\"x\"=4, \"y\"=2]>, [{\"x\", ?}p1, {}], unreduced=max{\"y\"}>",
      inl);

  sharc_attr *both[2] = {s, inl};
  sharc_attr *pv = sharc_sdy_sharding_per_value_get(ctx, both, 2);
  CHECK(sharc_sdy_is_sharding_per_value(pv) && sharc_sdy_list_size(pv) == 2);
  CHECK(sharc_sdy_list_at(pv, 1) == inl);

  sharc_str names[2] = {S("x"), S("y")};
  sharc_attr *manual = sharc_sdy_manual_axes_get(ctx, names, 2);
  CHECK(sharc_sdy_is_manual_axes(manual) && sharc_sdy_list_size(manual) == 2);
  CHECK(sharc_str_eq_cstr(sharc_attr_string_value(sharc_sdy_list_at(manual, 1)), "y"));
  check_round_trip(ctx, "#sdy<manual_axes{\"x\", \"y\"}>", manual);
  sharc_context_destroy(ctx);
}

static void test_rules(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  int64_t i = 0, j = 1, ij[2] = {0, 1}, z3 = 20;
  sharc_attr *dim_i = sharc_sdy_dim_mapping_get(ctx, &i, 1);
  sharc_attr *dim_j = sharc_sdy_dim_mapping_get(ctx, &j, 1);
  sharc_attr *dim_ij = sharc_sdy_dim_mapping_get(ctx, ij, 2);
  CHECK(sharc_sdy_is_dim_mapping(dim_ij) && sharc_sdy_list_int_at(dim_ij, 1) == 1);
  check_prints(sharc_sdy_dim_mapping_get(ctx, &z3, 1), "#sdy.dim_mappingz_3");
  sharc_attr *in_dims[2] = {dim_i, dim_j};
  sharc_attr *in = sharc_sdy_tensor_mapping_get(ctx, in_dims, 2);
  sharc_attr *out = sharc_sdy_tensor_mapping_get(ctx, &dim_ij, 1);
  CHECK(sharc_sdy_is_tensor_mapping(in) && sharc_sdy_list_size(in) == 2);
  int64_t sizes[2] = {2, 4};
  sharc_sdy_rule_parts r = {
      .factor_sizes = sizes,
      .num_factors = 2,
      .operands = &in,
      .num_operands = 1,
      .results = &out,
      .num_results = 1,
      .special = {NULL, &j},
      .num_special = {0, 1},
      .is_custom = true,
  };
  sharc_attr *rule = sharc_sdy_op_sharding_rule_get(ctx, &r);
  CHECK(sharc_sdy_is_op_sharding_rule(rule) && sharc_sdy_rule_is_custom(rule));
  CHECK(sharc_sdy_rule_list_size(rule, SHARC_SDY_RULE_FACTOR_SIZES) == 2);
  CHECK(sharc_sdy_rule_int_at(rule, SHARC_SDY_RULE_FACTOR_SIZES, 1) == 4);
  CHECK(sharc_sdy_rule_mapping_at(rule, SHARC_SDY_RULE_RESULTS, 0) == out);
  CHECK(sharc_sdy_rule_list_size(rule, SHARC_SDY_RULE_REDUCTION) == 0);
  CHECK(sharc_sdy_rule_int_at(rule, SHARC_SDY_RULE_NEED_REPLICATION, 0) == 1);
  check_round_trip(
      ctx, "#sdy.op_sharding_rule<([i, j])->([ij]) {i=2, j=4} need_replication={j}, custom>", rule);
  sharc_context_destroy(ctx);
}

static void test_collectives_and_edges(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  sharc_attr *x = axis(ctx, "x");
  sharc_attr *param = sharc_sdy_all_to_all_param_get(ctx, &x, 1, 0, 1);
  CHECK(sharc_sdy_is_all_to_all_param(param) && sharc_sdy_list_at(param, 0) == x);
  CHECK(sharc_sdy_all_to_all_param_src_dim(param) == 0 &&
        sharc_sdy_all_to_all_param_tgt_dim(param) == 1);
  sharc_attr *params = sharc_sdy_all_to_all_param_list_get(ctx, &param, 1);
  CHECK(sharc_sdy_is_all_to_all_param_list(params));
  check_round_trip(ctx, "#sdy<all_to_all_param_list[{\"x\"}: 0->1]>", params);

  sharc_attr *src = sharc_sdy_edge_value_ref_get(ctx, SHARC_SDY_EDGE_OPERAND, 1);
  sharc_attr *dst = sharc_sdy_edge_value_ref_get(ctx, SHARC_SDY_EDGE_RESULT, 0);
  CHECK(sharc_sdy_is_edge_value_ref(src) && sharc_sdy_edge_value_ref_index(src) == 1);
  CHECK(sharc_sdy_edge_value_ref_type(dst) == SHARC_SDY_EDGE_RESULT);
  sharc_attr *details = sharc_sdy_axis_to_propagation_details_get(ctx, x, src, &dst, 1);
  CHECK(sharc_sdy_is_axis_to_propagation_details(details));
  CHECK(sharc_sdy_axis_to_propagation_details_axis(details) == x);
  CHECK(sharc_sdy_axis_to_propagation_details_source(details) == src);
  CHECK(sharc_sdy_list_size(details) == 1 && sharc_sdy_list_at(details, 0) == dst);
  sharc_attr *step = sharc_sdy_propagation_one_step_get(ctx, 7, &details, 1);
  CHECK(sharc_sdy_is_propagation_one_step(step) && sharc_sdy_propagation_one_step_index(step) == 7);
  sharc_attr *edges = sharc_sdy_propagation_edges_get(ctx, &step, 1);
  CHECK(sharc_sdy_is_propagation_edges(edges));
  check_round_trip(ctx, "#sdy.propagation_edges<[{step-7 = [{\"x\" = operand-1 -> [result-0]}]}]>",
                   edges);
  sharc_context_destroy(ctx);
}

static void test_enums(void) {
  sharc_context *ctx = sharc_context_create();
  CHECK_STR(sharc_sdy_propagation_direction_name(SHARC_SDY_PROPAGATION_BACKWARD), "BACKWARD");
  CHECK(sharc_sdy_propagation_direction_from_name(S("BOTH")) == SHARC_SDY_PROPAGATION_BOTH);
  CHECK(sharc_sdy_propagation_direction_from_name(S("both")) == -1);
  CHECK_STR(sharc_sdy_edge_node_type_name(SHARC_SDY_EDGE_RESULT), "result");
  CHECK(sharc_sdy_reduction_op_from_name(S("min")) == SHARC_SDY_REDUCTION_MIN);
  sharc_attr *e = sharc_sdy_enum_attr(ctx, SHARC_SDY_PROPAGATION_FORWARD);
  check_prints(e, "1 : i32");
  sharc_context_destroy(ctx);
}

int main(void) {
  test_mesh();
  test_axis_refs();
  test_shardings();
  test_rules();
  test_collectives_and_edges();
  test_enums();
  return check_summary("test_sdy_attrs");
}
