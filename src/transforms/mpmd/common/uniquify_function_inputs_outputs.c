/* -mpmd-uniquify-function-inputs-outputs: every value the function returns
 * more than once, and every argument it returns, goes through an identity
 * fragment of its mesh (one per mesh, returning each such value once per
 * use), so each result has a buffer of its own; or, with
 * use-transfer-instead-of-fragment, through a transfer per extra use (per
 * use, for arguments). */
#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/mpmd/utils.h"
#include "pass/pass_registry.h"

#include <stdlib.h>

typedef struct uniquify_options {
  bool use_transfer_instead_of_fragment;
} uniquify_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(uniquify_options, use_transfer_instead_of_fragment,
                 "use-transfer-instead-of-fragment", SHARC_OPT_BOOL, "false",
                 "Whether to use mpmd.transfer or mpmd.fragment for uniquification"),
};

static void uniquify_with_transfers(sharc_op *ret, sharc_rewriter *rw) {
  sharc_ptrmap seen = {0};
  sharc_rw_set_before(rw, ret);
  for (unsigned i = 0; i < sharc_op_num_operands(ret); i++) {
    sharc_value *v = sharc_op_operand(ret, i);
    if (!sharc_ptrmap_get(&seen, v)) {
      sharc_ptrmap_put(&seen, v, v);
      if (!sharc_value_is_block_arg(v))
        continue;
    }
    sharc_op *t = sharc_mpmd_create_transfer(rw, sharc_op_loc(ret), v, sharc_value_type(v));
    sharc_rw_set_operand(rw, ret, i, sharc_op_result(t, 0));
  }
  sharc_ptrmap_free(&seen);
}

/* A returned value of one mesh and the return operands it fills. */
typedef struct returned {
  sharc_value *value;
  SHARC_VEC(unsigned) indices;
} returned;

typedef struct mesh_returns {
  sharc_str mesh;
  SHARC_VEC(returned) values;
  sharc_ptrmap index; /* value -> position in values + 1 */
} mesh_returns;

static bool fragment_for_mesh(mesh_returns *m, sharc_op *ret, sharc_rewriter *rw) {
  /* values used once that are not arguments need nothing */
  unsigned kept = 0;
  for (unsigned i = 0; i < m->values.len; i++) {
    returned *r = &m->values.items[i];
    if (r->indices.len == 1 && !sharc_value_is_block_arg(r->value))
      sharc_vec_free(&r->indices);
    else
      m->values.items[kept++] = *r;
  }
  m->values.len = kept;
  if (!kept)
    return true;
  sharc_ptr_vec operands = {0}, types = {0};
  for (unsigned i = 0; i < kept; i++) {
    returned *r = &m->values.items[i];
    sharc_vec_push(&operands, r->value);
    for (unsigned k = 0; k < r->indices.len; k++)
      sharc_vec_push(&types, sharc_value_type(r->value));
  }
  sharc_attr *loc = sharc_op_loc(ret);
  sharc_rw_set_before(rw, ret);
  sharc_attr *no_origin = sharc_attr_array(rw->ctx, NULL, 0);
  sharc_op *fragment = sharc_mpmd_create_fragment(
      rw, loc, (sharc_value *const *)operands.items, operands.len,
      (sharc_type *const *)types.items, types.len, no_origin, m->mesh, NULL);
  sharc_mpmd_set_inferred_by(rw, fragment, "uniquify");
  sharc_vec_free(&operands);
  sharc_vec_free(&types);
  if (!sharc_mpmd_mesh_for_name(fragment, m->mesh)) /* GetMeshOrFail */
    return false;
  sharc_region *region = sharc_op_region(fragment, 0);
  sharc_block *block = sharc_rw_create_block(rw, region, NULL, NULL, 0, NULL);
  sharc_ptr_vec results = {0};
  unsigned next = 0;
  for (unsigned i = 0; i < kept; i++) {
    returned *r = &m->values.items[i];
    sharc_type *global = sharc_mpmd_mesh_tensor_global_type(sharc_value_type(r->value));
    sharc_value *arg = sharc_block_add_arg(block, global, sharc_mpmd_value_loc(r->value));
    for (unsigned k = 0; k < r->indices.len; k++) {
      sharc_vec_push(&results, arg);
      sharc_rw_set_operand(rw, ret, r->indices.items[k], sharc_op_result(fragment, next++));
    }
  }
  sharc_rw_set_block_end(rw, block);
  sharc_mpmd_create_return(rw, loc, (sharc_value *const *)results.items, results.len);
  sharc_vec_free(&results);
  return true;
}

static bool uniquify_with_fragments(sharc_op *ret, sharc_rewriter *rw) {
  SHARC_VEC(mesh_returns) meshes = {0};
  sharc_ptrmap by_mesh = {0}; /* mesh name ident -> position + 1 */
  for (unsigned i = 0; i < sharc_op_num_operands(ret); i++) {
    sharc_value *v = sharc_op_operand(ret, i);
    sharc_str mesh = sharc_mpmd_value_mesh(v);
    sharc_ident *key = sharc_ident_get(rw->ctx, mesh);
    uintptr_t m = (uintptr_t)sharc_ptrmap_get(&by_mesh, key);
    if (!m) {
      sharc_vec_push(&meshes, ((mesh_returns){sharc_ident_str(key), {0}, {0}}));
      m = meshes.len;
      sharc_ptrmap_put(&by_mesh, key, (void *)m);
    }
    mesh_returns *mr = &meshes.items[m - 1];
    uintptr_t r = (uintptr_t)sharc_ptrmap_get(&mr->index, v);
    if (!r) {
      sharc_vec_push(&mr->values, ((returned){v, {0}}));
      r = mr->values.len;
      sharc_ptrmap_put(&mr->index, v, (void *)r);
    }
    sharc_vec_push(&mr->values.items[r - 1].indices, i);
  }
  bool ok = true;
  for (unsigned m = 0; m < meshes.len; m++) {
    ok = ok && fragment_for_mesh(&meshes.items[m], ret, rw);
    for (unsigned i = 0; i < meshes.items[m].values.len; i++)
      sharc_vec_free(&meshes.items[m].values.items[i].indices);
    sharc_vec_free(&meshes.items[m].values);
    sharc_ptrmap_free(&meshes.items[m].index);
  }
  sharc_vec_free(&meshes);
  sharc_ptrmap_free(&by_mesh);
  return ok;
}

static bool all_mesh_tensors(sharc_op *ret) {
  for (unsigned i = 0; i < sharc_op_num_operands(ret); i++)
    if (!sharc_mpmd_is_mesh_tensor(sharc_value_type(sharc_op_operand(ret, i)))) {
      sharc_mpmd_error(ret, "Check failed: mesh_type");
      return false;
    }
  return true;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  const uniquify_options *o = opts;
  if (!sharc_mpmd_is_distributed_function(func) || !sharc_mpmd_is_mpmd_function(func))
    return true;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_op *ret = sharc_block_last_op(sharc_func_body(func));
  if (o->use_transfer_instead_of_fragment) {
    uniquify_with_transfers(ret, &rw);
    return true;
  }
  if (!all_mesh_tensors(ret))
    return false;
  return uniquify_with_fragments(ret, &rw);
}

const sharc_pass_def sharc_pass_mpmd_uniquify_function_inputs_outputs = {
    .flag = "mpmd-uniquify-function-inputs-outputs",
    .display_name = "UniquifyFunctionInputsOutputsPass",
    .summary = "Uniquifies any value returned multiple times or any block argument directly "
               "returned by the function.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(uniquify_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
