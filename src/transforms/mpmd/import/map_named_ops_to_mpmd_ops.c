/* -mpmd-map-named-ops-to-mpmd-ops: with the user's assignment, every named
 * computation becomes a fragment on its mesh (and stage), its operands
 * assigned to the mesh and its results unassigned from it, and every named
 * tensor an assign-unassign pair on its mesh (or nothing when unassigned). */
#include "dialect/func/func.h"
#include "ir/static_names.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/mpmd/utils.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"
#include "transforms/mpmd/import/import_options.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "transforms/mpmd/import/named_ops.h"

#include "support/log.h"

#include <stdlib.h>

static const sharc_option_def options[] = {
    SHARC_OPTION_CUSTOM(sharc_mpmd_assignment_options, assignment, "assignment",
                        sharc_mpmd_parse_user_assignment, "UserAssignmentMapOption", NULL,
                        SHARC_MPMD_ASSIGNMENT_DESC),
};

/* The mesh tensor types made so far, by (mesh, global type): a program
 * asks for a few pairs thousands of times (a type per operand and result
 * of every named computation), and interning one hashes its words. */
enum { MESH_TYPE_BITS = 5 };
typedef struct mesh_type_slot {
  const sharc_ident *mesh;
  const sharc_type *tensor;
  sharc_type *made;
} mesh_type_slot;

typedef struct map_state {
  const sharc_mpmd_assignment_options *opts;
  sharc_rewriter rw;
  bool failed;
  mesh_type_slot mesh_types[1u << MESH_TYPE_BITS];
} map_state;

static sharc_type *mesh_tensor(map_state *st, sharc_ident *mesh, sharc_type *tensor) {
  mesh_type_slot *s = &st->mesh_types[sharc_ptr_slot(tensor, MESH_TYPE_BITS)];
  if (s->tensor != tensor || s->mesh != mesh)
    *s = (mesh_type_slot){mesh, tensor,
                          sharc_mpmd_mesh_tensor_of(st->rw.ctx, mesh, tensor, NULL, NULL)};
  return s->made;
}

/* MapNamedComputationToMesh. */
static bool map_computation(map_state *st, sharc_op *nc, const sharc_mpmd_name_assignment *a) {
  sharc_rewriter *rw = &st->rw;
  sharc_context *ctx = rw->ctx;
  sharc_str mesh, kind;
  sharc_mpmd_split_memory_kind(sharc_str_from_cstr(a->mesh), &mesh, &kind);
  if (kind.len) {
    sharc_str name = sharc_mpmd_named_op_name(nc);
    sharc_log(SHARC_LOG_WARNING, "shardy/dialect/mpmd/transforms/import/map_named_ops_to_mpmd_ops.cc",
              69, "Named computation %.*s has memory_kind=%.*s, which will be ignored by Shardy:MPMD.",
              (int)name.len, name.data, (int)kind.len, kind.data);
  }
  if (!sharc_mpmd_mesh_for_name(nc, mesh))
    return false;
  sharc_rw_set_before(rw, nc);
  sharc_attr *loc = sharc_op_loc(nc);
  sharc_str name = sharc_mpmd_named_op_name(nc);
  /* one attribute dictionary for all the assigns and unassigns made here */
  sharc_attr *attrs = sharc_mpmd_origin_attrs(ctx, sharc_attr_string(ctx, name));
  unsigned n = sharc_op_num_operands(nc), nr = sharc_op_num_results(nc);
  /* interned once: a mesh tensor type per operand and result */
  sharc_ident *mesh_id = sharc_ident_get(ctx, mesh);
  sharc_value **operands = sharc_xmalloc_array((size_t)n + 1, sizeof *operands);
  sharc_type **types = sharc_xmalloc_array((size_t)nr + 1, sizeof *types);
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v = sharc_op_operand(nc, i);
    operands[i] = NULL;
    for (unsigned j = 0; j < i && !operands[i]; j++)
      if (sharc_op_operand(nc, j) == v)
        operands[i] = operands[j]; /* repeated operands share one assign */
    if (!operands[i])
      operands[i] = sharc_op_result(
          sharc_mpmd_create_assign_with(rw, loc, v, mesh_tensor(st, mesh_id, sharc_value_type(v)),
                                        attrs),
          0);
  }
  for (unsigned i = 0; i < nr; i++)
    types[i] = mesh_tensor(st, mesh_id, sharc_value_type(sharc_op_result(nc, i)));
  sharc_attr *user_origin = sharc_op_attr_static(nc, "origin");
  sharc_attr *origins = sharc_attr_array(ctx, &user_origin, 1);
  sharc_attr *stage = a->has_stage
                          ? sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), a->stage)
                          : NULL;
  sharc_op *frag = sharc_mpmd_create_fragment(rw, loc, operands, n, types, nr, origins, mesh, stage);
  sharc_region_take_body(sharc_op_region(frag, 0), sharc_op_region(nc, 0));
  sharc_value **results = sharc_xmalloc_array((size_t)nr + 1, sizeof *results);
  for (unsigned i = 0; i < nr; i++)
    results[i] = sharc_op_result(
        sharc_mpmd_create_unassign_with(rw, loc, sharc_op_result(frag, i), attrs), 0);
  sharc_rw_replace_op(rw, nc, results, nr);
  free(results);
  free(types);
  free(operands);
  return true;
}

static void map_tensor(map_state *st, sharc_op *nt) {
  sharc_rewriter *rw = &st->rw;
  sharc_rw_set_before(rw, nt);
  sharc_type *t = sharc_mpmd_named_tensor_type(
      nt, sharc_mpmd_named_op_assignment(nt, &st->opts->assignment));
  sharc_value *operand = sharc_op_operand(nt, 0);
  if (!t) {
    sharc_rw_replace_op(rw, nt, &operand, 1);
    return;
  }
  sharc_attr *attrs = sharc_mpmd_origin_attrs(rw->ctx, sharc_op_attr_static(nt, "name"));
  sharc_op *assign = sharc_mpmd_create_assign_with(rw, sharc_op_loc(nt), operand, t, attrs);
  sharc_op *un =
      sharc_mpmd_create_unassign_with(rw, sharc_op_loc(nt), sharc_op_result(assign, 0), attrs);
  sharc_value *r = sharc_op_result(un, 0);
  sharc_rw_replace_op(rw, nt, &r, 1);
}

static sharc_walk_result map_op(sharc_op *op, void *user) {
  map_state *st = user;
  if (sharc_op_isa(op, &sharc_mpmd_named_computation_def)) {
    const sharc_mpmd_name_assignment *a = sharc_mpmd_named_op_assignment(op, &st->opts->assignment);
    if (a) {
      if (!map_computation(st, op, a))
        return SHARC_WALK_INTERRUPT;
    } else {
      sharc_str name = sharc_mpmd_named_op_name(op);
      sharc_mpmd_error(op,
                       "Top-level NamedComputation '%.*s' is not assigned to a mesh in the "
                       "user-defined named-to-mesh assignment.",
                       (int)name.len, name.data);
      st->failed = true;
    }
  } else if (sharc_op_isa(op, &sharc_mpmd_named_tensor_def)) {
    map_tensor(st, op);
  }
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  map_state st = {.opts = opts};
  if (!sharc_mpmd_distributed_func_rewriter(func, run, &st.rw))
    return true;
  /* Shardy walks the body in post-order */
  if (sharc_walk_region(sharc_op_region(func, 0), SHARC_POST_ORDER, map_op, &st) ==
      SHARC_WALK_INTERRUPT)
    return false;
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_map_named_ops_to_mpmd_ops = {
    .flag = "mpmd-map-named-ops-to-mpmd-ops",
    .display_name = "MapNamedOpsToMpmdOpsPass",
    .summary = "Assigns meshes to user defined operations.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_assignment_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
