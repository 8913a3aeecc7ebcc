/* sharc_xla_import_shardings (include/sharc/xla_import.h): which of XLA's
 * sharding forms a module is in, read from the attributes and custom calls
 * each form leaves, and the import pipeline XLA registers for it. The
 * detection only looks; the passes do the reading, so a bad attribute is
 * reported by the pass that reads it, located. */
#include "sharc/xla_import.h"

#include "dialect/func/func.h"
#include "ir/ir_internal.h"
#include "report/report_internal.h"
#include "sharc/pass.h"
#include "sharc/report.h"
#include "transforms/xla/common/xla_utils.h"

#include <string.h>

typedef struct detect_state {
  bool round_trip, v3, gspmd;
} detect_state;

static bool is_round_trip_name(sharc_str name) { return sharc_str_starts_with(name, "xla.sdy."); }

/* A frontend-attribute dictionary with a round-trip entry. */
static bool has_round_trip_entry(const sharc_attr *dict) {
  if (!dict)
    return false;
  const sharc_named_attr *entries = sharc_attr_dict_entries(dict);
  for (unsigned i = 0; i < sharc_attr_count(dict); i++)
    if (is_round_trip_name(sharc_ident_str(entries[i].name)))
      return true;
  return false;
}

/* HloShardingV3 text starts (after a tuple's braces) with a mesh. */
static bool is_v3_text(sharc_str s) {
  size_t i = 0;
  while (i < s.len && (s.data[i] == '{' || s.data[i] == ' '))
    i++;
  sharc_str rest = {s.data + i, s.len - i};
  return sharc_str_starts_with(rest, "mesh[") || sharc_str_starts_with(rest, "single_device[") ||
         sharc_str_starts_with(rest, "maximal_mesh[");
}

static void note_mhlo_sharding(detect_state *st, const sharc_attr *a) {
  if (!a || sharc_attr_get_kind(a) != SHARC_ATTR_STRING)
    return;
  if (is_v3_text(sharc_attr_string_value(a)))
    st->v3 = true;
  else
    st->gspmd = true;
}

static bool is_gspmd_custom_call(const sharc_op *op) {
  sharc_str target = sharc_xla_custom_call_target(op);
  return sharc_str_eq_cstr(target, SHARC_XLA_SHARDING_TARGET) ||
         sharc_str_eq_cstr(target, "SPMDFullToShardShape") ||
         sharc_str_eq_cstr(target, "SPMDShardToFullShape");
}

static void detect_func(detect_state *st, const sharc_op *func) {
  for (unsigned i = 0; i < sharc_func_num_args(func); i++) {
    st->round_trip |= has_round_trip_entry(sharc_xla_arg_frontend_attrs(func, i));
    note_mhlo_sharding(st, sharc_func_arg_attr(func, i, SHARC_XLA_SHARDING_ATTR));
  }
  for (unsigned i = 0; i < sharc_func_num_results(func); i++) {
    st->round_trip |= has_round_trip_entry(sharc_xla_result_frontend_attrs(func, i));
    note_mhlo_sharding(st, sharc_func_result_attr(func, i, SHARC_XLA_SHARDING_ATTR));
  }
}

static sharc_walk_result detect_op(sharc_op *op, void *user) {
  detect_state *st = user;
  if (sharc_op_isa(op, &sharc_func_func_def))
    detect_func(st, op);
  st->round_trip |= has_round_trip_entry(sharc_xla_frontend_attrs(op)) ||
                    is_round_trip_name(sharc_xla_custom_call_target(op));
  note_mhlo_sharding(st, sharc_op_attr(op, SHARC_XLA_SHARDING_ATTR));
  st->gspmd |= is_gspmd_custom_call(op);
  /* the round trip decides; nothing after it can change the answer */
  return st->round_trip ? SHARC_WALK_INTERRUPT : SHARC_WALK_ADVANCE;
}

/* A function of the module carries `topology = #mpmd.topology<...>`. */
static bool is_mpmd_program(sharc_op *module) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_func_func_def) && sharc_op_attr(op, "topology"))
      return true;
  return false;
}

sharc_xla_sharding_form sharc_xla_sharding_form_of(sharc_op *module) {
  if (!module || sharc_report_has_mesh(module) || is_mpmd_program(module))
    return SHARC_XLA_FORM_NONE;
  detect_state st = {0};
  sharc_walk(module, SHARC_PRE_ORDER, detect_op, &st);
  if (st.round_trip)
    return SHARC_XLA_FORM_ROUND_TRIP;
  if (st.v3)
    return SHARC_XLA_FORM_ROUND_TRIP_V3;
  return st.gspmd ? SHARC_XLA_FORM_GSPMD : SHARC_XLA_FORM_NONE;
}

const char *sharc_xla_import_flag(sharc_xla_sharding_form form) {
  switch (form) {
  case SHARC_XLA_FORM_ROUND_TRIP:
  case SHARC_XLA_FORM_ROUND_TRIP_V3:
    return "xla-sdy-round-trip-import-pipeline";
  case SHARC_XLA_FORM_GSPMD:
    return "xla-sdy-stablehlo-import-pipeline";
  case SHARC_XLA_FORM_NONE:
    break;
  }
  return NULL;
}

const char *sharc_xla_import_options(sharc_xla_sharding_form form) {
  return form == SHARC_XLA_FORM_ROUND_TRIP_V3 ? "enable-hlo-sharding-v3=true" : NULL;
}

const char *sharc_xla_sharding_form_name(sharc_xla_sharding_form form) {
  switch (form) {
  case SHARC_XLA_FORM_ROUND_TRIP:
    return "XLA round-trip shardings (mhlo.frontend_attributes xla.sdy.*)";
  case SHARC_XLA_FORM_ROUND_TRIP_V3:
    return "XLA round-trip shardings (mhlo.sharding in the mesh-and-axes form)";
  case SHARC_XLA_FORM_GSPMD:
    return "GSPMD shardings (mhlo.sharding, @Sharding and @SPMD* custom calls)";
  case SHARC_XLA_FORM_NONE:
    break;
  }
  return "no XLA shardings";
}

bool sharc_xla_import_shardings(sharc_op *module, sharc_xla_sharding_form *imported) {
  sharc_xla_sharding_form form = sharc_xla_sharding_form_of(module);
  if (imported)
    *imported = form;
  if (form == SHARC_XLA_FORM_NONE)
    return true;
  sharc_pipeline_flags flags = {0};
  flags.tool_mask = SHARC_TOOL_SDY_OPT;
  flags.tool_name = "sharc";
  sharc_pipeline *pl = sharc_pipeline_create(&flags);
  sharc_buf err = {0};
  bool ok = sharc_pipeline_add(pl, sharc_xla_import_flag(form), sharc_xla_import_options(form), &err) &&
            sharc_pipeline_run(pl, module);
  sharc_pipeline_destroy(pl);
  sharc_buf_free(&err);
  return ok;
}
