/* -mpmd-extract-reshards-from-inter-mesh-transfers: a transfer whose
 * operand and result shardings differ no longer reshards. The reshard moves
 * to whichever side holds the smaller shards: the producer (its result
 * retyped, or an inferred identity fragment when the value is an argument,
 * a transfer result or also used by other transfers or the return) or the
 * consumers (the transfer keeps the operand's sharding, fragment users take
 * it, and transfer and return users go through an identity fragment). Only
 * MPMD functions of a homogeneous topology are changed. */
#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/mpmd/utils.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/sharding_propagation/utils.h"
#include "transforms/sdy/propagation/utils.h"

#define INFERRED_BY "extract_reshards"

typedef struct extract_state {
  sharc_rewriter rw;
  sharc_attr *mesh; /* the topology's first mesh: all are equivalent */
  bool failed;
} extract_state;

static bool is_transfer_or_return(const sharc_op *op) {
  return sharc_op_isa(op, &sharc_mpmd_transfer_def) || sharc_op_isa(op, &sharc_func_return_def);
}

/* hasAnyUserOfTypeExcept<TransferOp, func::ReturnOp>. */
static bool has_transfer_or_return_user_except(sharc_value *v, const sharc_op *except) {
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u))
    if (sharc_use_owner(u) != except && is_transfer_or_return(sharc_use_owner(u)))
      return true;
  return false;
}

typedef struct use_filter {
  const sharc_op *except;
} use_filter;

static bool transfer_or_return_use(const sharc_use *u, void *user) {
  const use_filter *f = user;
  const sharc_op *owner = sharc_use_owner(u);
  return owner != f->except && is_transfer_or_return(owner);
}

/* An inferred fragment on `mesh` returning `v` as it is, typed `type`, its
 * result sharded by `sharding` (unless NULL), created at the insertion
 * point. */
static sharc_op *identity_fragment(extract_state *st, sharc_attr *loc, sharc_str mesh,
                                   sharc_value *v, sharc_type *type, sharc_attr *sharding) {
  sharc_insert_point outer = st->rw.ip;
  sharc_op *frag = sharc_mpmd_create_global_fragment(&st->rw, loc, mesh, &v, 1, &type, 1);
  sharc_block *body = sharc_region_first_block(sharc_op_region(frag, 0));
  sharc_value *arg = sharc_block_arg(body, 0);
  sharc_mpmd_create_return(&st->rw, loc, &arg, 1);
  st->rw.ip = outer;
  sharc_mpmd_set_inferred_by(&st->rw, frag, INFERRED_BY);
  sharc_sdy_set_result_owner_sharding(frag, 0, sharding);
  return frag;
}

/* ReshardAtProducerSite: to host, or from a device where the shards are
 * bigger than at the destination. */
static bool reshard_at_producer(const extract_state *st, sharc_type *src, sharc_type *dst,
                                sharc_attr *src_sharding, sharc_attr *dst_sharding) {
  if (sharc_mpmd_is_on_host(dst))
    return true;
  if (sharc_mpmd_is_on_host(src))
    return false;
  return sharc_mpmd_local_num_elements(src, src_sharding, st->mesh) >
         sharc_mpmd_local_num_elements(dst, dst_sharding, st->mesh);
}

/* The operand takes the destination's shape and sharding before the
 * transfer. */
static void reshard_producer(extract_state *st, sharc_op *transfer, sharc_type *src,
                             sharc_type *dst, sharc_attr *src_sharding, sharc_attr *dst_sharding) {
  sharc_value *value = sharc_op_operand(transfer, 0);
  sharc_context *ctx = st->rw.ctx;
  sharc_str src_mesh = sharc_mpmd_mesh_tensor_mesh_name(src);
  /* as Shardy, the new type carries neither sharding nor memory kind */
  sharc_type *new_type =
      sharc_mpmd_mesh_tensor(ctx, src_mesh, sharc_mpmd_mesh_tensor_global_type(dst), NULL, NULL);
  sharc_op *def = sharc_value_defining_op(value);
  if (!def || sharc_op_isa(def, &sharc_mpmd_transfer_def)) {
    /* an argument's type is the signature's: leave it alone */
    sharc_rw_set_before(&st->rw, transfer);
    sharc_op *reshard = identity_fragment(st, sharc_mpmd_value_loc(value), src_mesh, value,
                                          new_type, dst_sharding);
    sharc_rw_set_operand(&st->rw, transfer, 0, sharc_op_result(reshard, 0));
    return;
  }
  if (!sharc_op_isa(def, &sharc_mpmd_fragment_def)) {
    /* Shardy's SDY_CHECK: only a fragment's result can be retyped */
    sharc_mpmd_error(transfer, "expected the operand of a resharding transfer to be produced by "
                               "a fragment, a transfer or to be a block argument");
    st->failed = true;
    return;
  }
  if (has_transfer_or_return_user_except(value, transfer)) {
    /* other transfers and the return keep the value as it was */
    sharc_rw_set_before(&st->rw, transfer);
    sharc_op *reshard = identity_fragment(st, sharc_mpmd_value_loc(value), src_mesh, value,
                                          sharc_value_type(value), src_sharding);
    use_filter f = {transfer};
    sharc_rw_replace_uses_if(&st->rw, value, sharc_op_result(reshard, 0), transfer_or_return_use,
                             &f);
  }
  sharc_value_set_type(value, new_type);
  sharc_sdy_set_sharding(value, dst_sharding);
}

/* The transfer keeps the source's shape and sharding; consumers reshard. */
static void reshard_consumer(extract_state *st, sharc_op *transfer, sharc_type *src,
                             sharc_type *dst, sharc_attr *src_sharding, sharc_attr *dst_sharding) {
  sharc_context *ctx = st->rw.ctx;
  sharc_str dst_mesh = sharc_mpmd_mesh_tensor_mesh_name(dst);
  sharc_type *type =
      sharc_mpmd_mesh_tensor(ctx, dst_mesh, sharc_mpmd_mesh_tensor_global_type(src), NULL, NULL);
  sharc_rw_set_after(&st->rw, transfer);
  /* a bare new transfer: Shardy's builder copies no attribute */
  sharc_op *moved = sharc_mpmd_create_transfer(&st->rw, sharc_op_loc(transfer),
                                               sharc_op_operand(transfer, 0), type);
  sharc_value *result = sharc_op_result(moved, 0);
  sharc_rw_replace_op_with_op(&st->rw, transfer, moved);
  if (src_sharding)
    sharc_sdy_set_sharding(result, src_sharding);
  sharc_mpmd_update_value_user_in_shardings(result, src_sharding);
  if (has_transfer_or_return_user_except(result, NULL)) {
    sharc_type *dst_type =
        sharc_mpmd_mesh_tensor(ctx, dst_mesh, sharc_mpmd_mesh_tensor_global_type(dst), NULL, NULL);
    sharc_op *reshard =
        identity_fragment(st, sharc_op_loc(moved), dst_mesh, result, dst_type, dst_sharding);
    use_filter f = {reshard};
    sharc_rw_replace_uses_if(&st->rw, result, sharc_op_result(reshard, 0), transfer_or_return_use,
                             &f);
  }
  for (sharc_use *u = sharc_value_first_use(result); u; u = sharc_use_next(u))
    if (!sharc_op_isa(sharc_use_owner(u), &sharc_mpmd_fragment_def)) {
      /* Shardy's SDY_CHECK: only fragments may consume the moved transfer */
      sharc_mpmd_error(moved, "expected only fragments to use a transfer whose reshard moved to "
                              "its consumers");
      st->failed = true;
      return;
    }
}

static sharc_walk_result handle_transfer(sharc_op *transfer, void *user) {
  extract_state *st = user;
  sharc_type *src = sharc_value_type(sharc_op_operand(transfer, 0));
  sharc_type *dst = sharc_value_type(sharc_op_result(transfer, 0));
  if (!sharc_mpmd_is_mesh_tensor(src) || !sharc_mpmd_is_mesh_tensor(dst))
    return SHARC_WALK_ADVANCE;
  if (sharc_mpmd_is_on_host(src) && sharc_mpmd_is_on_host(dst)) {
    /* reported without failing the pass, as Shardy does */
    sharc_mpmd_error(transfer, "Resharding on host not supported with an mpmd.transfer.");
    return SHARC_WALK_ADVANCE;
  }
  sharc_attr *src_sharding = sharc_sdy_get_sharding(sharc_op_operand(transfer, 0));
  sharc_attr *dst_sharding = sharc_sdy_get_sharding(sharc_op_result(transfer, 0));
  if (sharc_sdy_is_equivalent(src_sharding, dst_sharding))
    return SHARC_WALK_ADVANCE;
  static bool warned; /* once per process, as Shardy's once_flag */
  if (!warned) {
    warned = true;
    /* Shardy's emitOpWarningOnce: the transfer as a note, unverified */
    sharc_diag_note_op(sharc_emit(st->rw.ctx, SHARC_SEV_WARNING, sharc_op_loc(transfer),
                                  "Found a resharding transfer in the module. This may cause "
                                  "performance issues."),
                       transfer);
  }
  if (reshard_at_producer(st, src, dst, src_sharding, dst_sharding))
    reshard_producer(st, transfer, src, dst, src_sharding, dst_sharding);
  else
    reshard_consumer(st, transfer, src, dst, src_sharding, dst_sharding);
  return st->failed ? SHARC_WALK_INTERRUPT : SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  if (!sharc_mpmd_is_distributed_function(func))
    return true;
  if (!sharc_mpmd_is_mpmd_function(func)) {
    /* Shardy's SDY_CHECK, reported instead of aborting */
    sharc_emit_op_error(func, "Expected pass to be applied on MPMD partitioning code path.");
    return false;
  }
  /* pushing a sharding into an argument's mesh type is only well-formed
   * when every mesh has the same shape */
  if (!sharc_mpmd_has_homogeneous_topology(func))
    return true;
  extract_state st = {.failed = false};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_attr *topology = sharc_mpmd_func_topology(func);
  st.mesh = sharc_mpmd_topology_num_meshes(topology)
                ? sharc_mpmd_named_mesh_mesh(sharc_mpmd_topology_mesh_at(topology, 0))
                : NULL;
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_transfer_def, handle_transfer, &st);
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_extract_reshards_from_inter_mesh_transfers = {
    .flag = "mpmd-extract-reshards-from-inter-mesh-transfers",
    .display_name = "ExtractReshardsFromInterMeshTransfersPass",
    .summary = "Moves SPMD resharding around an inter-mesh transfer to inside a fragment.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
