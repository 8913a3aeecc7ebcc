/* -mpmd-map-input-output-to-mesh: the user's input and output assignments
 * (`index@mesh[#memory_kind]`) put the entry-point functions' arguments
 * and results on meshes: an argument becomes a mesh tensor unassigned
 * before use, a result is assigned before it is returned. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "transforms/mpmd/import/import_options.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "transforms/mpmd/import/mesh_assignment_map.h"
#include "transforms/mpmd/import/mesh_inference.h"
#include "support/log.h"

static const sharc_option_def options[] = {
    SHARC_OPTION_CUSTOM(sharc_mpmd_map_io_options, input_assignment, "input-assignment",
                        sharc_mpmd_parse_indexed_assignment, "IndexedAssignmentMapOption", NULL,
                        "Mapping between function input indices and assigned mesh names.E.g., "
                        "'0@m0,1@m1' defines that input with index 0 will be assigned to mesh m0 "
                        "and input with index 1 will be assigned to mesh m1."),
    SHARC_OPTION_CUSTOM(sharc_mpmd_map_io_options, output_assignment, "output-assignment",
                        sharc_mpmd_parse_indexed_assignment, "IndexedAssignmentMapOption", NULL,
                        "Mapping between function output indices and assigned mesh names.E.g., "
                        "'0@m0,1@m1' defines that output with index 0 will be assigned to mesh m0 "
                        "and output with index 1 will be assigned to mesh m1."),
};

/* `tensor` on `mesh`, with the memory kind the name may carry. */
static sharc_type *mesh_type(sharc_context *ctx, sharc_type *tensor, const char *mesh) {
  sharc_str name, kind;
  sharc_mpmd_split_memory_kind(sharc_str_from_cstr(mesh), &name, &kind);
  return sharc_mpmd_mesh_tensor(ctx, name, tensor, NULL,
                                kind.len ? sharc_attr_string(ctx, kind) : NULL);
}

static bool except_op(const sharc_use *u, void *user) { return sharc_use_owner(u) != user; }

/* CleanUpMemoryKindAttributes: a `mhlo.memory_kind` attribute goes once the
 * type carries a memory kind. */
/* The attribute's kind differs from the type's: Shardy warns (one day an
 * error). */
static void warn_kind_mismatch(sharc_attr *attr, sharc_type *t, const char *what, unsigned i,
                               int line) {
  sharc_attr *kind = sharc_mpmd_mesh_tensor_memory_kind(t);
  if (kind == attr || sharc_attr_get_kind(attr) != SHARC_ATTR_STRING)
    return;
  sharc_str a = sharc_attr_string_value(attr), k = sharc_attr_string_value(kind);
  sharc_log(SHARC_LOG_WARNING, "shardy/dialect/mpmd/transforms/import/map_input_output_to_mesh.cc",
            line, "Memory kind attribute %.*s on function %s %u does not match the memory kind %.*s "
            "in its type.", (int)a.len, a.data, what, i, (int)k.len, k.data);
}

/* One side of the signature: its types, dictionaries and batch setter. */
typedef struct signature_side {
  const char *what;
  int line; /* where Shardy warns from */
  unsigned n;
  sharc_type *(*type)(const sharc_type *, unsigned);
  sharc_attr *(*dict)(const sharc_op *, unsigned);
  void (*store_all)(sharc_op *, sharc_attr *const *);
} signature_side;

/* Drops the attribute on every argument (result) whose mesh tensor type has
 * a memory kind, rebuilding the attribute array once: one rebuild per
 * index would be quadratic in the arity. */
static void clean_side(sharc_op *func, const signature_side *side) {
  sharc_context *ctx = sharc_op_context(func);
  sharc_type *ft = sharc_func_type(func);
  SHARC_VEC(sharc_attr *) dicts = {0};
  bool changed = false;
  for (unsigned i = 0; i < side->n; i++) {
    sharc_type *t = side->type(ft, i);
    sharc_attr *dict = side->dict(func, i);
    sharc_attr *attr = sharc_attr_dict_get(dict, SHARC_MPMD_MEMORY_KIND_ATTR);
    if (attr && sharc_mpmd_is_mesh_tensor(t) && sharc_mpmd_mesh_tensor_memory_kind(t)) {
      warn_kind_mismatch(attr, t, side->what, i, side->line);
      dict = sharc_func_dict_with(ctx, dict, SHARC_MPMD_MEMORY_KIND_ATTR, NULL);
      changed = true;
    }
    sharc_vec_push(&dicts, dict);
  }
  if (changed)
    side->store_all(func, dicts.items);
  sharc_vec_free(&dicts);
}

static void clean_memory_kinds(sharc_op *func) {
  sharc_type *ft = sharc_func_type(func);
  signature_side args = {"argument", 57, sharc_type_func_num_inputs(ft), sharc_type_func_input,
                         sharc_func_arg_attrs, sharc_func_set_all_arg_attrs};
  signature_side results = {"result", 82, sharc_type_func_num_results(ft),
                            sharc_type_func_result, sharc_func_result_attrs,
                            sharc_func_set_all_result_attrs};
  clean_side(func, &args);
  clean_side(func, &results);
}

static bool map_func(sharc_op *func, const void *opts, sharc_rewriter *rw) {
  const sharc_mpmd_map_io_options *o = opts;
  sharc_context *ctx = rw->ctx;
  sharc_block *body = sharc_func_body(func);
  if (!body)
    return true;
  sharc_rw_set_block_start(rw, body);
  for (unsigned k = 0; k < o->input_assignment.n; k++) {
    sharc_mpmd_index_assignment a = o->input_assignment.items[k];
    if (a.index < 0) {
      sharc_emit_op_error(func, "Input index must be non-negative.");
      return false;
    }
    if ((unsigned)a.index >= sharc_block_num_args(body)) {
      sharc_emit_op_error(func, "Input index out of bounds.");
      return false;
    }
    sharc_value *arg = sharc_block_arg(body, (unsigned)a.index);
    if (!sharc_mpmd_is_ranked_tensor(sharc_value_type(arg))) {
      sharc_emit_op_error(func, "Input %d is not a ranked tensor.", a.index);
      return false;
    }
    sharc_value_set_type(arg, mesh_type(ctx, sharc_value_type(arg), a.mesh));
    sharc_op *un = sharc_mpmd_create_unassign(rw, sharc_value_loc(arg), arg, SHARC_MI_USER_IN);
    sharc_rw_set_after(rw, un);
    sharc_rw_replace_uses_if(rw, arg, sharc_op_result(un, 0), except_op, un);
  }
  sharc_op *ret = sharc_block_last_op(sharc_region_last_block(sharc_op_region(func, 0)));
  for (unsigned k = 0; k < o->output_assignment.n; k++) {
    sharc_mpmd_index_assignment a = o->output_assignment.items[k];
    if (a.index < 0) {
      sharc_emit_op_error(func, "Output index must be non-negative.");
      return false;
    }
    if (!ret || (unsigned)a.index >= sharc_op_num_operands(ret)) {
      sharc_emit_op_error(func, "Output index must be less than the number of results.");
      return false;
    }
    sharc_value *out = sharc_op_operand(ret, (unsigned)a.index);
    if (!sharc_mpmd_is_ranked_tensor(sharc_value_type(out))) {
      sharc_emit_op_error(func, "Output %d is not a ranked tensor.", a.index);
      return false;
    }
    sharc_rw_set_before(rw, ret);
    sharc_attr *loc = sharc_mpmd_result_info_loc(func, (unsigned)a.index);
    sharc_op *assign =
        sharc_mpmd_create_assign(rw, loc ? loc : sharc_mpmd_value_loc(out), out,
                                 mesh_type(ctx, sharc_value_type(out), a.mesh), SHARC_MI_USER_OUT);
    sharc_rw_set_operand(rw, ret, (unsigned)a.index, sharc_op_result(assign, 0));
  }
  sharc_mpmd_update_function_type(func);
  clean_memory_kinds(func);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  return sharc_mpmd_rewrite_entry_points(module, run, opts, map_func);
}

const sharc_pass_def sharc_pass_mpmd_map_input_output_to_mesh = {
    .flag = "mpmd-map-input-output-to-mesh",
    .display_name = "MapInputOutputToMeshPass",
    .summary = "Assigns meshes to function inputs and output.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_map_io_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
