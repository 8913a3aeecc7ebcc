/* -sdy-convert-global-to-local: every tensor from its global to its local
 * shape by its sharding, sdy collectives as StableHLO collectives, and the
 * StableHLO ops whose attributes hold global shapes rewritten to their
 * local form (Shardy's convert_global_to_local.cc).
 *
 * Shardy runs a partial dialect conversion: it collects every op but the
 * module and meshes in pre-order, then converts each in that order, new ops
 * going before the op they replace. Its patterns read the original op, so
 * operand shardings and global types come from the IR before any change;
 * here they are recorded per op first, and each op is then converted in
 * place (results retyped) or replaced, in the same order. */
#include "transforms/sdy/export/global_to_local.h"

#include "dialect/func/func.h"
#include "dialect/sdy/device_block.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "transforms/sdy/export/export_utils.h"
#include "rewrite/conversion.h"

#include <stdlib.h>
#include <string.h>

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_g2l_options, combine_multi_dimension_reduce_scatter,
                 "combine-multi-dimension-reduce-scatter", SHARC_OPT_BOOL, "false",
                 "Combine multi-dimension reduce-scatter into a single reduce-scatter."),
    SHARC_OPTION(sharc_g2l_options, enable_rgv3, "enable-rgv3", SHARC_OPT_BOOL, "false",
                 "Use StableHLO ReplicaGroupV3 (mesh-axes based) for collectives."),
    SHARC_OPTION(sharc_g2l_options, partition_count, "partition-count", SHARC_OPT_INT64, "1",
                 "Number of partitions (model parallelism)."),
    SHARC_OPTION(sharc_g2l_options, per_dim_all_gather, "per-dim-all-gather", SHARC_OPT_BOOL,
                 "false",
                 "Keep per-dimension all-gather without combining them into a single all-gather."),
    SHARC_OPTION(sharc_g2l_options, replica_count, "replica-count", SHARC_OPT_INT64, "1",
                 "Number of replicas (data parallelism)."),
};

/* ---- what the patterns read from the original IR ------------------------------- */

/* The rewrites build tables with an entry per device; a mesh with more
 * devices than this is refused rather than exhausting memory. */
#define MAX_DEVICES ((int64_t)1 << 20)

sharc_attr *sharc_g2l_mesh(sharc_g2l_state *s, const sharc_attr *sharding) {
  sharc_attr *mesh = sharding ? sharc_sdy_sharding_mesh(sharding, s->h.module) : NULL;
  int64_t devices = mesh ? sharc_sdy_mesh_total_size(mesh) : 0;
  return devices > 0 && devices <= MAX_DEVICES ? mesh : NULL;
}

/* Every sdy.mesh must be small enough for the device tables. */
static bool check_mesh_sizes(sharc_op *module) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op)) {
    sharc_attr *mesh = sharc_op_isa(op, &sharc_sdy_mesh_op_def) ? sharc_op_attr(op, "mesh") : NULL;
    int64_t devices = mesh ? sharc_sdy_mesh_total_size(mesh) : 0;
    if (devices > MAX_DEVICES || devices < 0) {
      sharc_emit_op_error(op, "has %lld devices, more than the %lld the partitioner supports",
                          (long long)devices, (long long)MAX_DEVICES);
      return false;
    }
  }
  return true;
}

bool sharc_g2l_fully_replicated(const sharc_attr *sharding) {
  return !sharding || sharc_sdy_tensor_sharding_is_fully_replicated(sharding);
}

/* GlobalToLocalTypeConverter::getSharding: block arguments only through
 * the shardings of functions and data-flow ops, collected up front. */
static sharc_attr *value_sharding(sharc_g2l_state *s, sharc_value *v) {
  if (sharc_value_is_block_arg(v))
    return sharc_ptrmap_get(&s->block_arg_shardings, v);
  return sharc_sdy_get_sharding(v);
}

sharc_attr *sharc_g2l_result_sharding(sharc_op *op, unsigned i) {
  return sharc_sdy_get_sharding(sharc_op_result(op, i));
}

static sharc_g2l_op_info *op_info(sharc_g2l_state *s, sharc_op *op) {
  return sharc_ptrmap_get(&s->infos, op);
}

sharc_attr **sharc_g2l_dim_axes(sharc_g2l_state *s, const sharc_attr *sharding, unsigned d,
                                unsigned *n) {
  *n = 0;
  if (!sharding || d >= sharc_sdy_tensor_sharding_rank(sharding))
    return NULL;
  sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
  *n = sharc_sdy_dim_sharding_num_axes(dim);
  sharc_attr **axes = sharc_arena_alloc(&s->arena, (*n + 1) * sizeof *axes);
  for (unsigned i = 0; i < *n; i++)
    axes[i] = sharc_sdy_dim_sharding_axis(dim, i);
  return axes;
}

sharc_attr *sharc_g2l_operand_sharding(sharc_g2l_state *s, sharc_op *op, unsigned i) {
  sharc_g2l_op_info *info = op_info(s, op);
  return info && i < info->num_operands ? info->shardings[i] : NULL;
}

sharc_type *sharc_g2l_operand_type(sharc_g2l_state *s, sharc_op *op, unsigned i) {
  sharc_g2l_op_info *info = op_info(s, op);
  return info && i < info->num_operands ? info->global_types[i]
                                        : sharc_value_type(sharc_op_operand(op, i));
}

sharc_type *sharc_g2l_local_type(sharc_g2l_state *s, sharc_op *op, sharc_type *type,
                                 const sharc_attr *sharding) {
  sharc_attr *mesh = sharc_g2l_mesh(s, sharding);
  if (!mesh || !sharc_sdy_tensor_sharding_rank(sharding) || !sharc_type_is_shaped(type) ||
      !sharc_type_has_rank(type))
    return type;
  unsigned rank = sharc_type_rank(type);
  if (rank != sharc_sdy_tensor_sharding_rank(sharding))
    return type; /* the verifier reports the mismatch */
  int64_t *shape = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *shape);
  /* every device's local tensor has the padded block size */
  sharc_sdy_device_block(sharding, mesh, 0, sharc_type_shape(type), rank, NULL, NULL, shape);
  for (unsigned d = 0; d < rank; d++) {
    int64_t size = sharc_type_shape(type)[d];
    int64_t count = sharc_sdy_dim_num_blocks(sharc_sdy_tensor_sharding_dim(sharding, d), mesh);
    if (size != SHARC_DYNAMIC && size % count) {
      /* Shardy's SDY_CHECK aborts here; the non-divisible dimension needs
       * -sdy-pad-for-divisibility first */
      sharc_emit_op_error(op,
                          "failed to compute local type due to non-divisible sharding: "
                          "dimension %u of size %lld is sharded %lld ways",
                          d, (long long)size, (long long)count);
      s->failed = true;
      return NULL;
    }
  }
  return sharc_type_tensor(s->h.ctx, shape, rank, sharc_type_element(type),
                           sharc_type_encoding(type));
}

sharc_type *sharc_g2l_local_result_type(sharc_g2l_state *s, sharc_op *op, unsigned i) {
  sharc_value *r = sharc_op_result(op, i);
  return sharc_g2l_local_type(s, op, sharc_value_type(r), sharc_g2l_result_sharding(op, i));
}

/* ---- recording the original IR ----------------------------------------------------- */

static void record_block_args(sharc_g2l_state *s, sharc_op *op) {
  if (sharc_op_isa(op, &sharc_func_func_def)) {
    sharc_block *body = sharc_func_body(op);
    for (unsigned i = 0; body && i < sharc_block_num_args(body); i++) {
      sharc_attr *sh = sharc_sdy_func_arg_sharding(op, i);
      if (sh)
        sharc_ptrmap_put(&s->block_arg_shardings, sharc_block_arg(body, i), sh);
    }
    return;
  }
  if (!sharc_op_isa(op, &sharc_sdy_manual_computation_def) &&
      !sharc_op_isa(op, &sharc_sdy_named_computation_def))
    return;
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  for (unsigned i = 0; body && i < sharc_block_num_args(body); i++) {
    sharc_attr *sh = sharc_sdy_block_arg_owner_sharding(op, i);
    if (sh && sharc_sdy_is_tensor_sharding(sh))
      sharc_ptrmap_put(&s->block_arg_shardings, sharc_block_arg(body, i), sh);
  }
}

typedef struct collect_state {
  sharc_g2l_state *s;
  sharc_ptrvec ops;
} collect_state;

static sharc_walk_result collect_block_args(sharc_op *op, void *user) {
  record_block_args(user, op);
  return SHARC_WALK_ADVANCE;
}

static sharc_walk_result collect_op(sharc_op *op, void *user) {
  collect_state *c = user;
  if (sharc_op_isa(op, &sharc_builtin_module_def) || sharc_op_isa(op, &sharc_sdy_mesh_op_def))
    return SHARC_WALK_ADVANCE;
  sharc_g2l_state *s = c->s;
  unsigned n = sharc_op_num_operands(op);
  sharc_g2l_op_info *info = sharc_arena_alloc(&s->arena, sizeof *info);
  info->num_operands = n;
  info->shardings = sharc_arena_alloc(&s->arena, (n + 1) * sizeof *info->shardings);
  info->global_types = sharc_arena_alloc(&s->arena, (n + 1) * sizeof *info->global_types);
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v = sharc_op_operand(op, i);
    info->shardings[i] = value_sharding(s, v);
    info->global_types[i] = sharc_value_type(v);
  }
  sharc_ptrmap_put(&s->infos, op, info);
  sharc_ptrvec_push(&c->ops, op);
  return SHARC_WALK_ADVANCE;
}

/* ---- generic conversions -------------------------------------------------------------- */

bool sharc_g2l_localize(sharc_g2l_state *s, sharc_op *op) {
  unsigned n = sharc_op_num_results(op);
  sharc_type **types = sharc_arena_alloc(&s->arena, (n + 1) * sizeof *types);
  for (unsigned i = 0; i < n; i++) {
    sharc_value *r = sharc_op_result(op, i);
    types[i] = sharc_g2l_local_type(s, op, sharc_value_type(r), value_sharding(s, r));
    if (!types[i])
      return false;
  }
  for (unsigned i = 0; i < n; i++)
    sharc_value_set_type(sharc_op_result(op, i), types[i]);
  sharc_rw_modified(&s->h.rw, op);
  return true;
}

void sharc_g2l_replace(sharc_g2l_state *s, sharc_op *op, sharc_value *v) {
  sharc_rw_replace_op(&s->h.rw, op, &v, 1);
}

/* FuncOpSignaturePattern: arguments by their shardings, results by the
 * result shardings. */
static bool convert_func(sharc_g2l_state *s, sharc_op *func) {
  sharc_type *type = sharc_func_type(func);
  unsigned n_in = sharc_type_func_num_inputs(type), n_out = sharc_type_func_num_results(type);
  sharc_type **ins = sharc_arena_alloc(&s->arena, (n_in + 1) * sizeof *ins);
  sharc_type **outs = sharc_arena_alloc(&s->arena, (n_out + 1) * sizeof *outs);
  sharc_block *body = sharc_func_body(func);
  for (unsigned i = 0; i < n_in; i++) {
    sharc_type *t = sharc_type_func_input(type, i);
    ins[i] = sharc_g2l_local_type(s, func, t, sharc_sdy_func_arg_sharding(func, i));
    if (!ins[i])
      return false;
  }
  for (unsigned i = 0; i < n_out; i++) {
    sharc_type *t = sharc_type_func_result(type, i);
    outs[i] = sharc_g2l_local_type(s, func, t, sharc_sdy_func_result_sharding(func, i));
    if (!outs[i])
      return false;
  }
  for (unsigned i = 0; body && i < n_in && i < sharc_block_num_args(body); i++)
    sharc_value_set_type(sharc_block_arg(body, i), ins[i]);
  sharc_func_set_type(func, sharc_type_function(s->h.ctx, ins, n_in, outs, n_out));
  sharc_rw_modified(&s->h.rw, func);
  return true;
}

/* The block arguments of a data-flow op's body take their local types. */
static bool convert_body_args(sharc_g2l_state *s, sharc_op *op) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  for (unsigned i = 0; body && i < sharc_block_num_args(body); i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    sharc_type *t = sharc_g2l_local_type(s, op, sharc_value_type(arg), value_sharding(s, arg));
    if (!t)
      return false;
    sharc_value_set_type(arg, t);
  }
  return true;
}

/* ManualComputationOpPattern: the body, retyped, is inlined in place of
 * the op. */
static bool convert_manual_computation(sharc_g2l_state *s, sharc_op *op) {
  if (!convert_body_args(s, op))
    return false;
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  sharc_op *ret = body ? sharc_block_terminator(body) : NULL;
  if (!ret || !sharc_op_isa(ret, &sharc_sdy_return_def))
    return true; /* the verifier reports it */
  unsigned n = sharc_op_num_operands(op);
  sharc_value **args = sharc_arena_alloc(&s->arena, (n + 1) * sizeof *args);
  for (unsigned i = 0; i < n; i++)
    args[i] = sharc_op_operand(op, i);
  sharc_rw_inline_block_before(&s->h.rw, body, sharc_op_block(op), op, args, n);
  /* read after inlining: a body argument returned as it is is the op's
   * operand by now */
  unsigned n_res = sharc_op_num_operands(ret);
  sharc_value **results = sharc_arena_alloc(&s->arena, (n_res + 1) * sizeof *results);
  for (unsigned i = 0; i < n_res; i++)
    results[i] = sharc_op_operand(ret, i);
  sharc_rw_replace_op(&s->h.rw, op, results, n_res);
  /* erased after the run: it is still in the list of ops to convert */
  sharc_ptrvec_push(&s->dead, ret);
  return true;
}

/* NamedComputationOpPattern: the op and its body arguments retyped. */
static bool convert_named_computation(sharc_g2l_state *s, sharc_op *op) {
  return convert_body_args(s, op) && sharc_g2l_localize(s, op);
}

/* The dialects Shardy's tools load; sharc's tools also load chlo and the
 * interpreter dialect for StableHLO's tests, whose ops Shardy sees as
 * unregistered ones. */
static bool shardy_dialect(sharc_context *ctx, sharc_str name) {
  static const char *const known[] = {"builtin", "func",  "sdy",   "mpmd",
                                      "tensor",  "arith", "quant", "complex"};
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (sharc_str_eq_cstr(name, known[i]))
      return sharc_context_dialect(ctx, name) != NULL || i < 2;
  return false;
}

/* GenericOpPattern's reach: StableHLO ops, sdy.return and ops of no
 * registered dialect. */
static bool is_generic(sharc_op *op) {
  if (sharc_op_isa(op, &sharc_sdy_return_def))
    return true;
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  size_t dot = 0;
  while (dot < name.len && name.data[dot] != '.')
    dot++;
  sharc_str dialect = {name.data, dot};
  if (sharc_str_eq(dialect, SHARC_STR("stablehlo")))
    return true;
  return !shardy_dialect(sharc_op_context(op), dialect);
}

static bool convert_op(sharc_g2l_state *s, sharc_op *op) {
  if (sharc_op_isa(op, &sharc_func_func_def))
    return convert_func(s, op);
  if (sharc_op_isa(op, &sharc_func_return_def))
    return true; /* its operands are the converted values already */
  if (sharc_op_isa(op, &sharc_sdy_all_gather_def))
    return sharc_g2l_all_gather(s, op);
  if (sharc_op_isa(op, &sharc_sdy_all_reduce_def))
    return sharc_g2l_all_reduce(s, op);
  if (sharc_op_isa(op, &sharc_sdy_all_slice_def))
    return sharc_g2l_all_slice(s, op);
  if (sharc_op_isa(op, &sharc_sdy_all_to_all_def))
    return sharc_g2l_all_to_all(s, op);
  if (sharc_op_isa(op, &sharc_sdy_collective_permute_def))
    return sharc_g2l_collective_permute(s, op);
  if (sharc_op_isa(op, &sharc_sdy_reduce_scatter_def))
    return sharc_g2l_reduce_scatter(s, op);
  if (sharc_op_isa(op, &sharc_sdy_constant_def))
    return sharc_g2l_constant(s, op);
  if (sharc_op_isa(op, &sharc_sdy_manual_computation_def))
    return convert_manual_computation(s, op);
  if (sharc_op_isa(op, &sharc_sdy_named_computation_def))
    return convert_named_computation(s, op);
  if (sharc_op_isa(op, &sharc_func_call_def))
    return true; /* its result types convert as types, which they stay */
  if (!is_generic(op))
    return false; /* no pattern converts it */
  bool handled = false;
  bool ok = sharc_g2l_stablehlo(s, op, &handled);
  if (handled)
    return ok;
  return sharc_g2l_localize(s, op);
}

/* What the dialect conversion adds when no pattern converted an op that
 * had to be. */
static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const sharc_g2l_options *o = opts;
  if (o->replica_count > 1 && o->partition_count > 1) {
    sharc_emit_op(module, SHARC_SEV_ERROR,
                  "Shardy partitioner convert_global_to_local does not support both "
                  "replica_count > 1 and partition_count > 1 yet.");
    return false;
  }
  if (!check_mesh_sizes(module))
    return false;
  sharc_g2l_state s = {.opts = o};
  sharc_pass_rewriter(run, &s.h.rw, NULL);
  s.h.ctx = sharc_op_context(module);
  s.h.module = module;
  s.h.replica_count = o->replica_count;
  s.h.partition_count = o->partition_count;
  sharc_walk(module, SHARC_PRE_ORDER, collect_block_args, &s);
  collect_state c = {&s, {0}};
  sharc_walk(module, SHARC_PRE_ORDER, collect_op, &c);
  s.h.next_channel_id = sharc_sdy_next_channel_id(module);
  for (size_t i = 0; i < c.ops.len && !s.failed; i++) {
    sharc_op *op = c.ops.items[i];
    sharc_rw_set_before(&s.h.rw, op);
    if (!convert_op(&s, op)) {
      sharc_rw_emit_not_legalized(op);
      s.failed = true;
    }
  }
  for (size_t i = 0; i < s.dead.len; i++)
    sharc_rw_erase_op(&s.h.rw, s.dead.items[i]);
  sharc_ptrvec_free(&s.dead);
  sharc_ptrvec_free(&c.ops);
  sharc_ptrmap_free(&s.infos);
  sharc_ptrmap_free(&s.block_arg_shardings);
  sharc_ptrmap_free(&s.h.mesh_cache);
  sharc_arena_free(&s.arena);
  return !s.failed;
}

const sharc_pass_def sharc_pass_sdy_convert_global_to_local = {
    .flag = "sdy-convert-global-to-local",
    .display_name = "ConvertGlobalToLocalPass",
    .summary = "Converts an SDY program from global shapes to local shapes.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_g2l_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
