/* -sdy-resolve-permutation-factors: an op whose sharding rule has
 * permutation factors (pad, slice, reverse, windows, convolutions...) and
 * that shards them needs data from other devices. With halo exchange on,
 * pad, slice and reverse get explicit exchanges; otherwise (and for every
 * other op) the permutation factors are resharded to replicated around the
 * op. Reshapes of non-divisibly sharded dimensions are resolved too. */
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/sdy/export/explicit_reshards_util.h"
#include "transforms/sdy/export/export_utils.h"
#include "transforms/sdy/export/halo_exchange.h"
#include "transforms/sdy/propagation/utils.h"
#include "transforms/sdy/rules/projection.h"
#include "transforms/sdy/rules/rules.h"

#include <stdlib.h>
#include <string.h>

typedef struct rpf_options {
  bool enable_halo_exchange;
  int64_t partition_count;
  int64_t replica_count;
} rpf_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(rpf_options, enable_halo_exchange, "enable-halo-exchange", SHARC_OPT_BOOL, "true",
                 "Implement halo exchange logic for windowed operations."),
    SHARC_OPTION(rpf_options, partition_count, "partition-count", SHARC_OPT_INT64, "1",
                 "Number of partitions (model parallelism)."),
    SHARC_OPTION(rpf_options, replica_count, "replica-count", SHARC_OPT_INT64, "1",
                 "Number of replicas (data parallelism)."),
};

/* ---- resolution by replication -------------------------------------------------------- */

static void shardings_of(sharc_op *op, bool results, sharc_attr **out) {
  unsigned n = results ? sharc_op_num_results(op) : sharc_op_num_operands(op);
  for (unsigned i = 0; i < n; i++)
    out[i] = sharc_sdy_get_sharding(results ? sharc_op_result(op, i) : sharc_op_operand(op, i));
}

/* `factor` of a slice or pad is a dimension that stays within its shards
 * under the operand's `sharding` (none: nothing is sharded, where Shardy
 * would dereference a null sharding). */
static bool communication_free(sharc_op *op, unsigned factor, const sharc_attr *sharding,
                               const sharc_attr *mesh) {
  bool slice = sharc_op_isa(op, SHARC_SHLO(slice)), pad = sharc_op_isa(op, SHARC_SHLO(pad));
  if (!slice && !pad)
    return false;
  if (!sharding)
    return true;
  return slice ? sharc_sdy_is_comm_free_slice_dim(factor, op, sharding, mesh)
               : sharc_sdy_is_comm_free_pad_dim(factor, op, sharding, mesh);
}

/* resolvePermutationFactorsViaReplication. */
static void resolve_via_replication(sharc_halo_state *s, sharc_op *op, const sharc_attr *rule) {
  unsigned n_in = sharc_op_num_operands(op), n_out = sharc_op_num_results(op);
  sharc_attr **shardings = sharc_xcalloc(n_in + n_out + 1, sizeof *shardings);
  bool *updated = sharc_xcalloc(n_in + n_out + 1, sizeof *updated);
  bool *changed = sharc_xcalloc(n_in + n_out + 1, sizeof *changed);
  shardings_of(op, false, shardings);
  shardings_of(op, true, shardings + n_in);
  sharc_attr *mesh_or_ref = sharc_sdy_common_mesh_or_ref(shardings, n_in + n_out, op, true);
  /* the common mesh must be a named one */
  sharc_op *mesh_op = NULL;
  if (mesh_or_ref && sharc_attr_get_kind(mesh_or_ref) == SHARC_ATTR_SYMBOL_REF) {
    mesh_op = sharc_symbol_lookup(s->module, sharc_ident_str(sharc_attr_symbol_root(mesh_or_ref)));
    if (mesh_op && !sharc_op_isa(mesh_op, &sharc_sdy_mesh_op_def))
      mesh_op = NULL;
  }
  const sharc_attr *mesh = mesh_op ? sharc_op_attr(mesh_op, "mesh") : NULL;
  if (!mesh || sharc_sdy_mesh_is_maximal(mesh))
    goto done;
  sharc_projection p;
  sharc_projection_build(&p, s->ctx, shardings, shardings + n_in, rule, mesh, true);
  bool any = false;
  for (unsigned f = 0; f < sharc_rule_num_factors(rule); f++) {
    if (!sharc_rule_factor_is(rule, f, SHARC_RULE_IS_PERMUTATION))
      continue;
    if (communication_free(op, f, shardings[0], mesh))
      continue;
    sharc_projection_update(&p, f, NULL, 0, NULL, 0, changed);
    for (unsigned t = 0; t < n_in + n_out; t++) {
      updated[t] = updated[t] || changed[t];
      any = any || changed[t];
    }
  }
  if (any)
    sharc_sdy_insert_explicit_reshards(&s->rw, op, shardings, shardings + n_in, &p, updated,
                                       mesh_op);
  sharc_projection_free(&p);
done:
  free(shardings);
  free(updated);
  free(changed);
}

/* ---- the walk ---------------------------------------------------------------------------- */

typedef struct rpf_state {
  sharc_halo_state halo;
  const rpf_options *opts;
} rpf_state;

static bool in_stablehlo(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_get_def(op);
  if (def)
    return def->dialect == &sharc_stablehlo_dialect;
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  return name.len > 10 && !memcmp(name.data, "stablehlo.", 10);
}

static bool is_terminator(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_get_def(op);
  return def && (def->traits & SHARC_TRAIT_TERMINATOR);
}

static bool has_permutation_factor(const sharc_attr *rule) {
  for (unsigned f = 0; f < sharc_rule_num_factors(rule); f++)
    if (sharc_rule_factor_is(rule, f, SHARC_RULE_IS_PERMUTATION))
      return true;
  return false;
}

static sharc_walk_result visit(sharc_op *op, void *user) {
  rpf_state *st = user;
  sharc_halo_state *s = &st->halo;
  if (s->failed)
    return SHARC_WALK_INTERRUPT;
  if (is_terminator(op) || !in_stablehlo(op))
    return SHARC_WALK_ADVANCE;
  /* a reshape has no permutation factor but may need a halo exchange */
  if (sharc_op_isa(op, SHARC_SHLO(reshape))) {
    sharc_halo_handle_reshape(s, op, st->opts->enable_halo_exchange);
    return SHARC_WALK_ADVANCE;
  }
  sharc_attr *rule = sharc_sdy_get_or_create_sharding_rule(op, false, false);
  if (!rule || sharc_sdy_rule_is_custom(rule) || !has_permutation_factor(rule))
    return SHARC_WALK_ADVANCE;
  if (st->opts->enable_halo_exchange) {
    bool resolved = false;
    if (sharc_op_isa(op, SHARC_SHLO(pad)))
      resolved = sharc_halo_handle_pad(s, op);
    else if (sharc_op_isa(op, SHARC_SHLO(reverse)))
      resolved = sharc_halo_handle_reverse(s, op);
    else if (sharc_op_isa(op, SHARC_SHLO(slice)))
      resolved = sharc_halo_handle_slice(s, op);
    if (resolved || s->failed)
      return SHARC_WALK_ADVANCE;
  }
  resolve_via_replication(s, op, rule);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  rpf_state st = {.opts = opts};
  sharc_halo_state *s = &st.halo;
  sharc_pass_rewriter(run, &s->rw, NULL);
  s->ctx = sharc_op_context(module);
  s->module = module;
  s->replica_count = st.opts->replica_count;
  s->partition_count = st.opts->partition_count;
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_sdy_mesh_op_def) && sharc_op_attr(op, "mesh"))
      sharc_ptrmap_put(&s->mesh_cache, sharc_op_attr(op, "mesh"), op);
  s->next_channel_id = sharc_sdy_next_channel_id(module);
  sharc_walk(module, SHARC_POST_ORDER, visit, &st);
  sharc_ptrmap_free(&s->mesh_cache);
  return !s->failed;
}

const sharc_pass_def sharc_pass_sdy_resolve_permutation_factors = {
    .flag = "sdy-resolve-permutation-factors",
    .display_name = "ShardyResolvePermutationFactorsPass",
    .summary = "Resolves sharding on dimensions mapped to kPermutation factors.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(rpf_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
