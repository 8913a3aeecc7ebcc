/* Printing the sdy attributes exactly as Shardy's printers and its ODS
 * assembly formats do: `#sdy.name` is written by the core printer, these
 * write the body; the sharc_sdy_print_* entry points write the stripped
 * forms custom op syntax embeds. */
#include "dialect/sdy/attrs_internal.h"

#include <string.h>

typedef void (*print_elem_fn)(sharc_printer *p, const sharc_attr *a);

static void print_elems(sharc_printer *p, sharc_attr *const *items, unsigned n, print_elem_fn fn) {
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    if (!items[i]) /* a null entry (mpmd-enforce-user-shardings leaves some) */
      SHARC_PR_LIT(p, "<<NULL ATTRIBUTE>>");
    else
      fn(p, items[i]);
  }
}

static void print_list(sharc_printer *p, const sharc_attr *list, print_elem_fn fn) {
  unsigned fixed = sharc_sdy_list_fixed_words(list);
  print_elems(p, (sharc_attr *const *)(list->params.words + fixed), list->params.n - fixed, fn);
}

void sharc_sdy_factor_symbol(sharc_buf *b, int64_t index) {
  if (index < 'z' - 'i') {
    sharc_buf_putc(b, (char)('i' + index));
    return;
  }
  sharc_buf_putc(b, 'z');
  if (index == 'z' - 'i')
    return;
  sharc_buf_putc(b, '_');
  sharc_buf_put_i64(b, index - ('z' - 'i'));
}

/* ---- pieces -------------------------------------------------------------- */

static void print_sub_axis_info(sharc_printer *p, const sharc_attr *info) {
  SHARC_PR_LIT(p, "(");
  sharc_buf_put_i64(p->out, sharc_sdy_sub_axis_info_pre_size(info));
  SHARC_PR_LIT(p, ")");
  sharc_buf_put_i64(p->out, sharc_sdy_sub_axis_info_size(info));
}

static void print_axis_ref(sharc_printer *p, const sharc_attr *ref) {
  sharc_pr_string(p, sharc_sdy_axis_ref_name(ref));
  const sharc_attr *sub = sharc_sdy_axis_ref_sub_axis_info(ref);
  if (!sub)
    return;
  SHARC_PR_LIT(p, ":");
  print_sub_axis_info(p, sub);
}

void sharc_sdy_axis_ref_to_string(const sharc_attr *ref, sharc_buf *out) {
  /* the axis-ref printer only writes text: a bare printer over `out` will do */
  sharc_printer p;
  memset(&p, 0, sizeof p);
  p.out = out;
  print_axis_ref(&p, ref);
}

static void print_axis_refs(sharc_printer *p, sharc_attr *const *refs, unsigned n) {
  print_elems(p, refs, n, print_axis_ref);
}

/* `{"a", "b"}` */
static void print_braced_axis_list(sharc_printer *p, const sharc_attr *list) {
  SHARC_PR_LIT(p, "{");
  print_list(p, list, print_axis_ref);
  SHARC_PR_LIT(p, "}");
}

static void print_mesh_axis(sharc_printer *p, const sharc_attr *axis) {
  sharc_pr_string(p, sharc_sdy_mesh_axis_name(axis));
  SHARC_PR_LIT(p, "=");
  sharc_buf_put_i64(p->out, sharc_sdy_mesh_axis_size(axis));
}

void sharc_sdy_print_mesh(sharc_printer *p, const sharc_attr *mesh) {
  sdy_seg axes = sharc_sdy_attr_seg(mesh, 0, 0), ids = sharc_sdy_attr_seg(mesh, 0, 1);
  SHARC_PR_LIT(p, "<[");
  print_elems(p, (sharc_attr *const *)axes.w, axes.n, print_mesh_axis);
  SHARC_PR_LIT(p, "]");
  if (ids.n) {
    SHARC_PR_LIT(p, ", device_ids=[");
    for (unsigned i = 0; i < ids.n; i++) {
      if (i)
        SHARC_PR_LIT(p, ", ");
      sharc_buf_put_i64(p->out, sdy_word_i64(ids.w[i]));
    }
    SHARC_PR_LIT(p, "]");
  }
  SHARC_PR_LIT(p, ">");
}

static void print_dim_sharding(sharc_printer *p, const sharc_attr *dim) {
  SHARC_PR_LIT(p, "{");
  print_list(p, dim, print_axis_ref);
  if (!sharc_sdy_dim_sharding_is_closed(dim)) {
    if (sharc_sdy_dim_sharding_num_axes(dim))
      SHARC_PR_LIT(p, ", ");
    SHARC_PR_LIT(p, "?");
  }
  SHARC_PR_LIT(p, "}");
  if (!sharc_sdy_dim_sharding_has_priority(dim))
    return;
  SHARC_PR_LIT(p, "p");
  sharc_buf_put_i64(p->out, sharc_sdy_dim_sharding_priority(dim));
}

static void print_named_axis_list(sharc_printer *p, const char *keyword, sharc_attr *const *refs,
                                  unsigned n, sharc_sdy_reduction_op reduction) {
  if (!n)
    return;
  SHARC_PR_LIT(p, ", ");
  sharc_pr_puts(p, keyword);
  SHARC_PR_LIT(p, "=");
  if (reduction != SHARC_SDY_REDUCTION_SUM)
    sharc_pr_puts(p, sharc_sdy_reduction_op_name(reduction));
  SHARC_PR_LIT(p, "{");
  print_axis_refs(p, refs, n);
  SHARC_PR_LIT(p, "}");
}

static void print_tensor_sharding_text(sharc_printer *p, const sharc_attr *sharding) {
  sharc_sdy_tensor_sharding_parts s;
  sharc_sdy_tensor_sharding_parts_of(sharding, &s);
  SHARC_PR_LIT(p, "<");
  if (sharc_sdy_is_mesh(s.mesh_or_ref)) {
    SHARC_PR_LIT(p, "mesh");
    sharc_sdy_print_mesh(p, s.mesh_or_ref);
  } else {
    sharc_pr_attr(p, s.mesh_or_ref);
  }
  SHARC_PR_LIT(p, ", [");
  print_elems(p, s.dims, s.num_dims, print_dim_sharding);
  SHARC_PR_LIT(p, "]");
  print_named_axis_list(p, "replicated", s.replicated, s.num_replicated, SHARC_SDY_REDUCTION_SUM);
  print_named_axis_list(p, "unreduced", s.unreduced, s.num_unreduced, s.reduction);
  SHARC_PR_LIT(p, ">");
}

/* A sharding's text depends on nothing but the sharding (its mesh is
 * inline or a symbol name; neither is aliased): printed once per printer,
 * then replayed, as a module holds the same few shardings on every op. */
void sharc_sdy_print_tensor_sharding(sharc_printer *p, const sharc_attr *sharding) {
  if (sharc_pr_replay_text(p, sharding))
    return;
  sharc_buf *out = p->out;
  size_t start = out ? out->len : 0;
  print_tensor_sharding_text(p, sharding);
  sharc_pr_remember_text(p, sharding, out, start);
}

void sharc_sdy_print_sharding_per_value(sharc_printer *p, const sharc_attr *shardings) {
  if (sharc_pr_replay_text(p, shardings))
    return;
  sharc_buf *out = p->out;
  size_t start = out ? out->len : 0;
  SHARC_PR_LIT(p, "[");
  print_list(p, shardings, sharc_sdy_print_tensor_sharding);
  SHARC_PR_LIT(p, "]");
  sharc_pr_remember_text(p, shardings, out, start);
}

void sharc_sdy_print_op_shardings(sharc_printer *p, const sharc_op *op, const char *sep,
                                  const char *name) {
  sharc_attr *shardings = sharc_op_attr(op, name);
  if (!shardings)
    return;
  sharc_pr_puts(p, sep);
  sharc_pr_puts(p, name);
  SHARC_PR_LIT(p, "=");
  sharc_sdy_print_sharding_per_value(p, shardings);
}

static void print_string_attr(sharc_printer *p, const sharc_attr *s) {
  sharc_pr_string(p, sharc_attr_string_value(s));
}

void sharc_sdy_print_manual_axes(sharc_printer *p, const sharc_attr *axes) {
  SHARC_PR_LIT(p, "{");
  print_list(p, axes, print_string_attr);
  SHARC_PR_LIT(p, "}");
}

/* ---- sharding rules ------------------------------------------------------ */

static void print_dim_mapping(sharc_printer *p, const sharc_attr *dim) {
  for (unsigned i = 0; i < sharc_sdy_list_size(dim); i++)
    sharc_sdy_factor_symbol(p->out, sharc_sdy_list_int_at(dim, i));
}

static void print_tensor_mapping(sharc_printer *p, const sharc_attr *t) {
  SHARC_PR_LIT(p, "[");
  print_list(p, t, print_dim_mapping);
  SHARC_PR_LIT(p, "]");
}

static void print_mappings(sharc_printer *p, const sharc_attr *rule, sharc_sdy_rule_list which) {
  sdy_seg s = sharc_sdy_attr_seg(rule, 1, which);
  SHARC_PR_LIT(p, "(");
  print_elems(p, (sharc_attr *const *)s.w, s.n, print_tensor_mapping);
  SHARC_PR_LIT(p, ")");
}

static void print_factor_list(sharc_printer *p, const sharc_attr *rule, sharc_sdy_rule_list which,
                              const char *keyword) {
  sdy_seg s = sharc_sdy_attr_seg(rule, 1, which);
  if (!s.n)
    return;
  SHARC_PR_LIT(p, " ");
  sharc_pr_puts(p, keyword);
  SHARC_PR_LIT(p, "={");
  for (unsigned i = 0; i < s.n; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    sharc_sdy_factor_symbol(p->out, sdy_word_i64(s.w[i]));
  }
  SHARC_PR_LIT(p, "}");
}

static const char *const special_factor_names[] = {"reduction", "need_replication", "permutation",
                                                   "blocked_propagation"};

void sharc_sdy_print_op_sharding_rule(sharc_printer *p, const sharc_attr *rule) {
  print_mappings(p, rule, SHARC_SDY_RULE_OPERANDS);
  SHARC_PR_LIT(p, "->");
  print_mappings(p, rule, SHARC_SDY_RULE_RESULTS);
  sdy_seg sizes = sharc_sdy_attr_seg(rule, 1, SHARC_SDY_RULE_FACTOR_SIZES);
  if (sizes.n) {
    SHARC_PR_LIT(p, " {");
    for (unsigned i = 0; i < sizes.n; i++) {
      if (i)
        SHARC_PR_LIT(p, ", ");
      sharc_sdy_factor_symbol(p->out, i);
      SHARC_PR_LIT(p, "=");
      sharc_buf_put_i64(p->out, sdy_word_i64(sizes.w[i]));
    }
    SHARC_PR_LIT(p, "}");
  }
  for (unsigned k = 0; k < 4; k++)
    print_factor_list(p, rule, (sharc_sdy_rule_list)(SHARC_SDY_RULE_REDUCTION + k),
                      special_factor_names[k]);
  if (sharc_sdy_rule_is_custom(rule))
    SHARC_PR_LIT(p, ", custom");
}

/* ---- collectives and propagation edges ----------------------------------- */

static void print_all_to_all_param(sharc_printer *p, const sharc_attr *param) {
  SHARC_PR_LIT(p, "{");
  print_list(p, param, print_axis_ref);
  SHARC_PR_LIT(p, "}: ");
  sharc_buf_put_i64(p->out, sharc_sdy_all_to_all_param_src_dim(param));
  SHARC_PR_LIT(p, "->");
  sharc_buf_put_i64(p->out, sharc_sdy_all_to_all_param_tgt_dim(param));
}

static void print_edge_value_ref(sharc_printer *p, const sharc_attr *ref) {
  sharc_pr_puts(p, sharc_sdy_edge_node_type_name(sharc_sdy_edge_value_ref_type(ref)));
  SHARC_PR_LIT(p, "-");
  sharc_buf_put_i64(p->out, sharc_sdy_edge_value_ref_index(ref));
}

static void print_axis_details(sharc_printer *p, const sharc_attr *d) {
  SHARC_PR_LIT(p, "{");
  print_axis_ref(p, sharc_sdy_axis_to_propagation_details_axis(d));
  SHARC_PR_LIT(p, " = ");
  print_edge_value_ref(p, sharc_sdy_axis_to_propagation_details_source(d));
  SHARC_PR_LIT(p, " -> [");
  print_list(p, d, print_edge_value_ref);
  SHARC_PR_LIT(p, "]}");
}

static void print_one_step(sharc_printer *p, const sharc_attr *step) {
  SHARC_PR_LIT(p, "{step-");
  sharc_buf_put_i64(p->out, sharc_sdy_propagation_one_step_index(step));
  SHARC_PR_LIT(p, " = [");
  print_list(p, step, print_axis_details);
  SHARC_PR_LIT(p, "]}");
}

/* ---- dispatch ------------------------------------------------------------ */

static void print_bracketed(sharc_printer *p, const sharc_attr *a, print_elem_fn fn) {
  SHARC_PR_LIT(p, "[");
  print_list(p, a, fn);
  SHARC_PR_LIT(p, "]");
}

void sharc_sdy_print_attr_body(sharc_printer *p, const sharc_attr *a) {
  const sharc_attr_def *d = sharc_attr_def_of(a);
  if (d == &sharc_sdy_mesh_def) {
    sharc_sdy_print_mesh(p, a);
  } else if (d == &sharc_sdy_tensor_sharding_def) {
    sharc_sdy_print_tensor_sharding(p, a);
  } else if (d == &sharc_sdy_sharding_per_value_def) {
    SHARC_PR_LIT(p, "<");
    sharc_sdy_print_sharding_per_value(p, a);
    SHARC_PR_LIT(p, ">");
  } else if (d == &sharc_sdy_op_sharding_rule_def) {
    SHARC_PR_LIT(p, "<");
    sharc_sdy_print_op_sharding_rule(p, a);
    SHARC_PR_LIT(p, ">");
  } else if (d == &sharc_sdy_propagation_edges_def) {
    SHARC_PR_LIT(p, "<");
    print_bracketed(p, a, print_one_step);
    SHARC_PR_LIT(p, ">");
  } else if (d == &sharc_sdy_manual_axes_def) {
    sharc_sdy_print_manual_axes(p, a);
  } else if (d == &sharc_sdy_axis_ref_list_def) {
    print_braced_axis_list(p, a);
  } else if (d == &sharc_sdy_list_of_axis_ref_lists_def) {
    print_bracketed(p, a, print_braced_axis_list);
  } else if (d == &sharc_sdy_all_to_all_param_list_def) {
    print_bracketed(p, a, print_all_to_all_param);
  } else if (d == &sharc_sdy_mesh_axis_def) {
    print_mesh_axis(p, a);
  } else if (d == &sharc_sdy_sub_axis_info_def) {
    print_sub_axis_info(p, a);
  } else if (d == &sharc_sdy_axis_ref_def) {
    print_axis_ref(p, a);
  } else if (d == &sharc_sdy_dim_sharding_def) {
    print_dim_sharding(p, a);
  } else if (d == &sharc_sdy_dim_mapping_def) {
    print_dim_mapping(p, a);
  } else if (d == &sharc_sdy_tensor_mapping_def) {
    print_tensor_mapping(p, a);
  } else if (d == &sharc_sdy_all_to_all_param_def) {
    print_all_to_all_param(p, a);
  } else if (d == &sharc_sdy_edge_value_ref_def) {
    print_edge_value_ref(p, a);
  } else if (d == &sharc_sdy_axis_to_propagation_details_def) {
    print_axis_details(p, a);
  } else if (d == &sharc_sdy_propagation_one_step_def) {
    print_one_step(p, a);
  }
}
