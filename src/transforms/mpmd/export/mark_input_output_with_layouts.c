/* -mpmd-mark-input-output-with-layouts: mhlo.layout_mode goes from the
 * entry function's arguments to the fragments using them and to the
 * results returning them, and from fragment results to their users and
 * the function results (through transfers, which reset it to the default
 * layout when they go to a CPU mesh). Where the layout is still "auto" but
 * the value reaches several fragments or transfers, the default layout is
 * chosen, layouts not being propagated across fragments. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "transforms/mpmd/export/export_utils.h"

#include <stdlib.h>

#define LAYOUT_AUTO "auto"
#define LAYOUT_DEFAULT "default"

/* The function's and the fragments' attribute dictionaries are edited in
 * these copies and stored once at the end: setting them one by one
 * rebuilds a whole array each time. */
typedef struct layout_state {
  sharc_op *func;
  sharc_op *ret; /* the entry block's terminator */
  sharc_rewriter rw;
  sharc_attr *auto_layout, *default_layout;
  sharc_mpmd_dict_vec func_args, func_results;
  bool func_args_changed, func_results_changed;
  sharc_ptrmap fragment_args; /* fragment -> sharc_mpmd_dict_vec * of its arg_attrs */
  sharc_ptr_vec touched;      /* those fragments, in the order first met */
} layout_state;

static sharc_attr *func_arg_layout(const layout_state *st, unsigned i) {
  return i < st->func_args.len ? sharc_attr_dict_get(st->func_args.items[i], SHARC_MPMD_LAYOUT_MODE_ATTR)
                               : NULL;
}

static sharc_attr *func_result_layout(const layout_state *st, unsigned i) {
  return i < st->func_results.len
             ? sharc_attr_dict_get(st->func_results.items[i], SHARC_MPMD_LAYOUT_MODE_ATTR)
             : NULL;
}

/* GetArgAttrsOrCreateDefault of a fragment, read once. */
static sharc_mpmd_dict_vec *fragment_args(layout_state *st, sharc_op *fragment) {
  sharc_mpmd_dict_vec *dicts = sharc_ptrmap_get(&st->fragment_args, fragment);
  if (dicts)
    return dicts;
  dicts = sharc_xcalloc(1, sizeof *dicts);
  sharc_mpmd_arg_attrs_or_default(fragment, dicts);
  sharc_ptrmap_put(&st->fragment_args, fragment, dicts);
  sharc_vec_push(&st->touched, fragment);
  return dicts;
}

static bool is_auto(const layout_state *st, const sharc_attr *layout) {
  return layout && layout == st->auto_layout;
}

static bool is_default(const layout_state *st, const sharc_attr *layout) {
  return !layout || layout == st->default_layout;
}

/* Both default, the same custom layout, or one of them auto. */
static bool compatible(const layout_state *st, const sharc_attr *a, const sharc_attr *b) {
  if (is_default(st, a) && is_default(st, b))
    return true;
  if (is_auto(st, a) || is_auto(st, b))
    return true;
  return a == b;
}

/* A layout as MLIR streams an attribute ("{0}" quoted, or a null one). */
static void print_layout(const sharc_attr *layout, sharc_buf *out) {
  if (layout)
    sharc_print_attr(layout, out);
  else
    SHARC_BUF_LIT(out, "<<NULL ATTRIBUTE>>");
}

static sharc_attr *string_attr(const sharc_attr *a) {
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_STRING ? (sharc_attr *)a : NULL;
}

static void set_dict_layout(layout_state *st, sharc_mpmd_dict_vec *dicts, unsigned i,
                            sharc_attr *layout) {
  if (is_default(st, layout))
    sharc_mpmd_dict_remove(st->rw.ctx, dicts, i, SHARC_MPMD_LAYOUT_MODE_ATTR);
  else
    sharc_mpmd_dict_insert(st->rw.ctx, dicts, i, SHARC_MPMD_LAYOUT_MODE_ATTR, layout);
}

static void set_func_result_layout(layout_state *st, unsigned i, sharc_attr *layout) {
  set_dict_layout(st, &st->func_results, i, layout);
  st->func_results_changed = true;
}

static void set_func_arg_layout(layout_state *st, unsigned i, sharc_attr *layout) {
  set_dict_layout(st, &st->func_args, i, layout);
  st->func_args_changed = true;
}

/* isTransferOpWithoutCustomLayoutSupport: a transfer to a CPU mesh. */
static bool to_cpu(const sharc_op *transfer) {
  sharc_type *t = sharc_value_type(sharc_op_result(transfer, 0));
  return sharc_mpmd_is_mesh_tensor(t) && sharc_mpmd_is_cpu_mesh(sharc_mpmd_mesh_tensor_mesh_name(t));
}

/* setLayoutForUsers. */
static void set_layout_for_users(layout_state *st, sharc_value *v, sharc_attr *layout) {
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u)) {
    sharc_op *user = sharc_use_owner(u);
    unsigned index = sharc_use_operand_index(u);
    if (sharc_op_isa(user, &sharc_mpmd_fragment_def)) {
      set_dict_layout(st, fragment_args(st, user), index, layout);
    } else if (user == st->ret) {
      set_func_result_layout(st, index, layout);
    } else if (sharc_op_isa(user, &sharc_mpmd_transfer_def)) {
      set_layout_for_users(st, sharc_op_result(user, 0), to_cpu(user) ? st->default_layout : layout);
    }
  }
}

typedef struct common_layout {
  int uses_in_fragments;
  int uses_in_transfers;
  long long from_result; /* the function result the layout came from, or -1 */
  bool to_cpu;           /* a user is a transfer to a CPU mesh */
  sharc_attr *layout;
} common_layout;

/* extractCommonLayoutFromUsers; false after reporting two function results
 * of the value with incompatible layouts. */
static bool common_layout_of_users(layout_state *st, sharc_value *v, common_layout *out) {
  *out = (common_layout){0, 0, -1, false, st->auto_layout};
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u)) {
    sharc_op *user = sharc_use_owner(u);
    if (sharc_op_isa(user, &sharc_mpmd_transfer_def)) {
      out->uses_in_transfers++;
      out->to_cpu |= to_cpu(user);
      continue;
    }
    if (user != st->ret) {
      out->uses_in_fragments++;
      continue;
    }
    unsigned index = sharc_use_operand_index(u);
    sharc_attr *result_layout = string_attr(func_result_layout(st, index));
    if (!compatible(st, out->layout, result_layout)) {
      sharc_buf msg = {0};
      sharc_buf_printf(&msg, "Result #%lld is also returned as result #%u, but with incompatible "
                             "layouts: ", out->from_result, index);
      print_layout(out->layout, &msg);
      SHARC_BUF_LIT(&msg, " vs. ");
      print_layout(result_layout, &msg);
      sharc_emit(st->rw.ctx, SHARC_SEV_ERROR, sharc_op_loc(user), "%s", msg.data);
      sharc_buf_free(&msg);
      return false;
    }
    if (!is_auto(st, result_layout)) {
      out->layout = result_layout;
      out->from_result = index;
    }
  }
  return true;
}

/* Forcing the default layout on a value a transfer takes to a CPU mesh. */
static void warn_non_default(layout_state *st, const sharc_attr *loc, const char *what,
                             unsigned index, const sharc_attr *layout) {
  sharc_buf msg = {0};
  sharc_buf_printf(&msg, "%s #%u is used in a transfer op, but with a non-default layout: ", what,
                   index);
  print_layout(layout, &msg);
  SHARC_BUF_LIT(&msg, ". Forcing the layout to default.");
  sharc_emit(st->rw.ctx, SHARC_SEV_WARNING, loc, "%s", msg.data);
  sharc_buf_free(&msg);
}

/* propagateFragmentResultsToEverything. */
static bool propagate_result(layout_state *st, sharc_op *fragment, unsigned i,
                             sharc_mpmd_dict_vec *res_dicts) {
  sharc_value *r = sharc_op_result(fragment, i);
  if (!sharc_value_has_uses(r)) {
    /* nothing constrains an unused result */
    set_dict_layout(st, res_dicts, i, st->auto_layout);
    return true;
  }
  common_layout c;
  if (!common_layout_of_users(st, r, &c))
    return false;
  sharc_attr *chosen = c.layout;
  if (c.to_cpu) {
    if (!compatible(st, chosen, st->default_layout))
      warn_non_default(st, sharc_op_loc(fragment), "Result", i, chosen);
    chosen = st->default_layout;
  } else if (is_auto(st, chosen) && (c.uses_in_fragments > 0 || c.uses_in_transfers > 0)) {
    chosen = st->default_layout;
  }
  set_dict_layout(st, res_dicts, i, chosen);
  set_layout_for_users(st, r, chosen);
  return true;
}

/* propagateInputsToEverything. */
static bool propagate_arg(layout_state *st, sharc_value *arg) {
  if (!sharc_value_has_uses(arg))
    return true;
  unsigned index = sharc_value_index(arg);
  sharc_attr *chosen = string_attr(func_arg_layout(st, index));
  common_layout c;
  if (!common_layout_of_users(st, arg, &c))
    return false;
  if (!compatible(st, chosen, c.layout)) {
    sharc_buf msg = {0};
    sharc_buf_printf(&msg, "Arg #%u is returned as result #%lld, but with incompatible layouts: ",
                     index, c.from_result);
    print_layout(chosen, &msg);
    SHARC_BUF_LIT(&msg, " vs. ");
    print_layout(c.layout, &msg);
    sharc_emit(st->rw.ctx, SHARC_SEV_ERROR, sharc_op_loc(st->func), "%s", msg.data);
    sharc_buf_free(&msg);
    return false;
  }
  if (!is_auto(st, c.layout))
    chosen = c.layout;
  if (c.to_cpu) {
    if (!compatible(st, chosen, st->default_layout))
      warn_non_default(st, sharc_value_loc(arg), "Arg", index, chosen);
    chosen = st->default_layout;
  } else if (is_auto(st, chosen) && c.uses_in_fragments + c.uses_in_transfers > 1) {
    chosen = st->default_layout;
  }
  set_func_arg_layout(st, index, chosen);
  set_layout_for_users(st, arg, chosen);
  return true;
}

/* The edited dictionaries stored back. */
static void store(layout_state *st) {
  if (st->func_args_changed)
    sharc_func_set_all_arg_attrs(st->func, st->func_args.items);
  if (st->func_results_changed)
    sharc_func_set_all_result_attrs(st->func, st->func_results.items);
  if (st->func_args_changed || st->func_results_changed)
    sharc_rw_modified(&st->rw, st->func);
  for (unsigned i = 0; i < st->touched.len; i++)
    sharc_mpmd_set_arg_attrs(&st->rw, st->touched.items[i],
                             sharc_ptrmap_get(&st->fragment_args, st->touched.items[i]));
}

static void free_state(layout_state *st) {
  for (unsigned i = 0; i < st->touched.len; i++) {
    sharc_mpmd_dict_vec *dicts = sharc_ptrmap_get(&st->fragment_args, st->touched.items[i]);
    sharc_vec_free(dicts);
    free(dicts);
  }
  sharc_vec_free(&st->touched);
  sharc_ptrmap_free(&st->fragment_args);
  sharc_vec_free(&st->func_args);
  sharc_vec_free(&st->func_results);
}

/* Arguments first, then the results of each fragment. */
static bool propagate(layout_state *st, sharc_block *body) {
  for (unsigned i = 0; i < sharc_block_num_args(body); i++)
    if (!propagate_arg(st, sharc_block_arg(body, i)))
      return false;
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_mpmd_fragment_def))
      continue;
    sharc_mpmd_dict_vec dicts = {0};
    sharc_mpmd_res_attrs_or_default(op, &dicts);
    for (unsigned i = 0; i < sharc_op_num_results(op); i++)
      if (!propagate_result(st, op, i, &dicts)) {
        sharc_vec_free(&dicts);
        return false;
      }
    sharc_mpmd_set_res_attrs(&st->rw, op, &dicts);
    sharc_vec_free(&dicts);
  }
  return true;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_block *body = sharc_mpmd_any_entry_point_body(func);
  if (!body)
    return true;
  layout_state st = {.func = func, .ret = sharc_block_last_op(body)};
  sharc_pass_rewriter(run, &st.rw, NULL);
  st.auto_layout = sharc_attr_string(st.rw.ctx, SHARC_STR(LAYOUT_AUTO));
  st.default_layout = sharc_attr_string(st.rw.ctx, SHARC_STR(LAYOUT_DEFAULT));
  for (unsigned i = 0; i < sharc_func_num_args(func); i++)
    sharc_vec_push(&st.func_args, sharc_func_arg_attrs(func, i));
  for (unsigned i = 0; i < sharc_func_num_results(func); i++)
    sharc_vec_push(&st.func_results, sharc_func_result_attrs(func, i));
  bool ok = propagate(&st, body);
  if (ok)
    store(&st);
  free_state(&st);
  return ok;
}

const sharc_pass_def sharc_pass_mpmd_mark_input_output_with_layouts = {
    .flag = "mpmd-mark-input-output-with-layouts",
    .display_name = "MarkInputOutputWithLayoutsPass",
    .summary = "Propagates layouts from func args/results to fragment args/results.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
