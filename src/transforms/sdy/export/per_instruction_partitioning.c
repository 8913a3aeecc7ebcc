/* -sdy-per-instruction-partitioning: each selected sharded op is outlined
 * into a module of its own, run through the partitioner (resolve
 * permutation factors, explicit reshards, collectives, padding, global to
 * local, drop shardings) and put back as an sdy.manual_computation over
 * every axis it uses, with non-divisible operands padded before and
 * results sliced after (Shardy's per_instruction_partitioning.cc). */
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "transforms/sdy/export/export_utils.h"
#include "transforms/sdy/export/halo_exchange.h"
#include "transforms/sdy/rules/projection.h"
#include "rewrite/create_op.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pip_options {
  bool enable_halo_exchange;
  const char *filter;
  int64_t partition_count;
  int64_t replica_count;
} pip_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(pip_options, enable_halo_exchange, "enable-halo-exchange", SHARC_OPT_BOOL, "true",
                 "Implement halo exchange logic for windowed operations inside the sub-pipeline."),
    SHARC_OPTION(pip_options, filter, "filter", SHARC_OPT_STRING, NULL,
                 "Filter string for selective partitioning. Can be empty (all sharded ops), "
                 "comma-separated op name substrings (e.g. 'dot, pad'), or key-values like "
                 "'selectLow=0, selectHigh=10'."),
    SHARC_OPTION(pip_options, partition_count, "partition-count", SHARC_OPT_INT64, "1",
                 "Number of partitions (model parallelism)."),
    SHARC_OPTION(pip_options, replica_count, "replica-count", SHARC_OPT_INT64, "1",
                 "Number of replicas (data parallelism)."),
};

/* ---- the filter ------------------------------------------------------------------- */

typedef struct filter_config {
  int64_t select_low, select_high;
  sharc_str *names;
  unsigned num_names;
  bool select_all;
} filter_config;

static sharc_str trim(sharc_str s) {
  while (s.len && isspace((unsigned char)s.data[0])) {
    s.data++;
    s.len--;
  }
  while (s.len && isspace((unsigned char)s.data[s.len - 1]))
    s.len--;
  return s;
}

static bool consume_prefix(sharc_str *s, const char *prefix) {
  size_t n = strlen(prefix);
  if (s->len < n || memcmp(s->data, prefix, n) != 0)
    return false;
  s->data += n;
  s->len -= n;
  return true;
}

/* StringRef::getAsInteger(10): the whole text a decimal integer. */
static bool as_integer(sharc_str s, int64_t *out) {
  if (!s.len)
    return false;
  size_t i = s.data[0] == '-' ? 1 : 0;
  if (i == s.len)
    return false;
  int64_t v = 0;
  for (; i < s.len; i++) {
    if (!isdigit((unsigned char)s.data[i]) || v > (INT64_MAX - 9) / 10)
      return false;
    v = v * 10 + (s.data[i] - '0');
  }
  *out = s.data[0] == '-' ? -v : v;
  return true;
}

/* parseFilter. */
static void parse_filter(const char *text, sharc_arena *arena, filter_config *c) {
  *c = (filter_config){.select_low = -1, .select_high = -1};
  sharc_str s = trim(sharc_str_from_cstr(text ? text : ""));
  if (!s.len) {
    c->select_all = true;
    return;
  }
  if (s.len >= 2 && ((s.data[0] == '\'' && s.data[s.len - 1] == '\'') ||
                     (s.data[0] == '"' && s.data[s.len - 1] == '"')))
    s = trim((sharc_str){s.data + 1, s.len - 2});
  size_t max_tokens = 1;
  for (size_t i = 0; i < s.len; i++)
    max_tokens += s.data[i] == ',';
  c->names = sharc_arena_alloc(arena, (max_tokens + 1) * sizeof *c->names);
  size_t start = 0;
  for (size_t i = 0; i <= s.len; i++) {
    if (i < s.len && s.data[i] != ',')
      continue;
    sharc_str token = trim((sharc_str){s.data + start, i - start});
    start = i + 1;
    if (!token.len)
      continue;
    int64_t v;
    if (consume_prefix(&token, "selectLow=")) {
      if (as_integer(trim(token), &v))
        c->select_low = v;
    } else if (consume_prefix(&token, "selectHigh=")) {
      if (as_integer(trim(token), &v))
        c->select_high = v;
    } else {
      c->names[c->num_names++] = token;
    }
  }
}

static bool matches_filter(sharc_op *op, int64_t id, const filter_config *c) {
  if (c->select_all)
    return true;
  if (c->select_low >= 0 && id < c->select_low)
    return false;
  if (c->select_high >= 0 && id > c->select_high)
    return false;
  if (!c->num_names)
    return true;
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  for (unsigned i = 0; i < c->num_names; i++)
    if (sharc_str_contains(name, c->names[i]))
      return true;
  return false;
}

/* ---- selection ----------------------------------------------------------------------- */

static bool sharded(sharc_value *v) {
  sharc_attr *s = sharc_sdy_get_sharding(v);
  return s && !sharc_sdy_tensor_sharding_is_fully_replicated(s);
}

static bool has_sharded_value(sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    if (sharded(sharc_op_result(op, i)))
      return true;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (sharded(sharc_op_operand(op, i)))
      return true;
  return false;
}

static bool skipped(sharc_op *op) {
  if (sharc_op_has_trait(op, SHARC_TRAIT_TERMINATOR) || sharc_sdy_is_collective(op) ||
      sharc_op_isa(op, &sharc_sdy_data_flow_edge_def) ||
      sharc_op_isa(op, &sharc_sdy_manual_computation_def) ||
      sharc_op_isa(op, &sharc_sdy_mesh_op_def) ||
      sharc_op_isa(op, &sharc_sdy_propagation_barrier_def) ||
      sharc_op_isa(op, &sharc_sdy_return_def) ||
      sharc_op_isa(op, &sharc_sdy_sharding_constraint_def) ||
      sharc_op_isa(op, &sharc_sdy_sharding_group_def))
    return true;
  if (sharc_op_isa(op, SHARC_SHLO(custom_call))) {
    sharc_attr *target = sharc_op_attr(op, "call_target_name");
    sharc_str t = {"", 0};
    if (target && sharc_attr_get_kind(target) == SHARC_ATTR_STRING)
      t = sharc_attr_string_value(target);
    if (sharc_str_eq_cstr(t, "Sharding") || sharc_str_eq_cstr(t, "mhlo.sharding"))
      return true;
  }
  return !has_sharded_value(op);
}

/* ---- one instruction ------------------------------------------------------------------- */

typedef struct pip_state {
  const pip_options *opts;
  sharc_rewriter rw;
  sharc_context *ctx;
  sharc_op *module;
  sharc_arena arena;
} pip_state;

typedef struct instr_info {
  sharc_attr **in, **out;
  unsigned n_in, n_out;
  sharc_str *manual;
  unsigned n_manual;
} instr_info;

/* A sharding on `mesh_or_ref` with the parts of `s`, unreduced axes
 * dropped when `clear_unreduced`. */
static sharc_attr *with_mesh(pip_state *st, const sharc_attr *s, sharc_attr *mesh_or_ref,
                             bool clear_unreduced) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(s, &parts);
  parts.mesh_or_ref = mesh_or_ref;
  if (clear_unreduced)
    parts.num_unreduced = 0;
  return sharc_sdy_tensor_sharding_get(st->ctx, &parts);
}

static void add_axis_name(pip_state *st, instr_info *info, sharc_str name, unsigned cap) {
  for (unsigned i = 0; i < info->n_manual; i++)
    if (sharc_str_eq(info->manual[i], name))
      return;
  if (info->n_manual < cap)
    info->manual[info->n_manual++] = name;
  (void)st;
}

static void collect_axes(pip_state *st, instr_info *info, const sharc_attr *s, unsigned cap) {
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(s); d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(s, d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      add_axis_name(st, info, sharc_sdy_axis_ref_name(sharc_sdy_dim_sharding_axis(dim, i)), cap);
  }
  for (unsigned i = 0; i < sharc_sdy_tensor_sharding_num_replicated(s); i++)
    add_axis_name(st, info, sharc_sdy_axis_ref_name(sharc_sdy_tensor_sharding_replicated(s, i)),
                  cap);
  for (unsigned i = 0; i < sharc_sdy_tensor_sharding_num_unreduced(s); i++)
    add_axis_name(st, info, sharc_sdy_axis_ref_name(sharc_sdy_tensor_sharding_unreduced(s, i)),
                  cap);
}

static unsigned num_axes_of(const sharc_attr *s) {
  unsigned n = sharc_sdy_tensor_sharding_num_replicated(s) + sharc_sdy_tensor_sharding_num_unreduced(s);
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(s); d++)
    n += sharc_sdy_dim_sharding_num_axes(sharc_sdy_tensor_sharding_dim(s, d));
  return n;
}

/* getInstructionShardingInfo. */
static void sharding_info(pip_state *st, sharc_op *op, bool has_symbol, sharc_attr *target,
                          instr_info *info) {
  info->n_in = sharc_op_num_operands(op);
  info->n_out = sharc_op_num_results(op);
  info->in = sharc_arena_alloc(&st->arena, (info->n_in + 1) * sizeof *info->in);
  info->out = sharc_arena_alloc(&st->arena, (info->n_out + 1) * sizeof *info->out);
  unsigned cap = 0;
  for (unsigned i = 0; i < info->n_in; i++) {
    sharc_attr *s = sharc_sdy_get_or_create_sharding(sharc_op_operand(op, i), target, true);
    if (has_symbol && sharc_sdy_is_mesh(sharc_sdy_tensor_sharding_mesh_or_ref(s)))
      s = with_mesh(st, s, target, false);
    info->in[i] = s;
    cap += num_axes_of(s);
  }
  for (unsigned i = 0; i < info->n_out; i++) {
    sharc_attr *s = sharc_sdy_get_or_create_sharding(sharc_op_result(op, i), target, true);
    info->out[i] = with_mesh(st, s, target, true);
    cap += num_axes_of(info->out[i]);
  }
  info->manual = sharc_arena_alloc(&st->arena, (cap + 1) * sizeof *info->manual);
  info->n_manual = 0;
  for (unsigned i = 0; i < info->n_in; i++)
    collect_axes(st, info, info->in[i], cap);
  for (unsigned i = 0; i < info->n_out; i++)
    collect_axes(st, info, info->out[i], cap);
}

static sharc_type *padded(sharc_op *op, sharc_type *t, const sharc_attr *s,
                          const instr_info *info) {
  return sharc_sdy_divisible_padded_type(t, s, op, info->manual, info->n_manual);
}

/* getUnifiedPaddedTypeForReshard: an sdy.reshard keeps one type on both
 * sides, the larger padding of the two. */
static sharc_type *unified_reshard_type(pip_state *st, sharc_op *op, const instr_info *info) {
  if (!sharc_op_isa(op, &sharc_sdy_reshard_def) || !info->n_in || !info->n_out)
    return NULL;
  sharc_type *orig = sharc_value_type(sharc_op_operand(op, 0));
  sharc_type *a = padded(op, orig, info->in[0], info);
  sharc_type *b = padded(op, orig, info->out[0], info);
  if (a == orig && b == orig)
    return NULL;
  unsigned rank = sharc_type_rank(orig);
  int64_t *shape = sharc_arena_alloc(&st->arena, (rank + 1) * sizeof *shape);
  for (unsigned d = 0; d < rank; d++) {
    int64_t m = sharc_type_shape(orig)[d];
    if (sharc_type_shape(a)[d] > m)
      m = sharc_type_shape(a)[d];
    if (sharc_type_shape(b)[d] > m)
      m = sharc_type_shape(b)[d];
    shape[d] = m;
  }
  return sharc_type_tensor(st->ctx, shape, rank, sharc_type_element(orig), NULL);
}

static sharc_named_attr named(sharc_context *ctx, const char *name, sharc_attr *value) {
  return (sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(name)), value};
}

static sharc_op *create(pip_state *st, const char *name, sharc_attr *loc, sharc_value *const *ops,
                        unsigned n, sharc_type *const *types, unsigned nt,
                        const sharc_named_attr *attrs, unsigned na, unsigned regions) {
  return sharc_rw_create_named(&st->rw, name, loc, ops, n, types, nt,
                               na ? sharc_attr_dictionary(st->ctx, attrs, na) : NULL, regions);
}

/* padIndivisibleOperands: operands padded with zeros to divisible types. */
static void pad_operands(pip_state *st, sharc_op *op, const instr_info *info, sharc_type *unified,
                         sharc_value **operands, sharc_type **types) {
  sharc_attr *loc = sharc_op_loc(op);
  for (unsigned i = 0; i < info->n_in; i++) {
    sharc_value *v = sharc_op_operand(op, i);
    sharc_type *orig = sharc_value_type(v);
    sharc_type *t = unified ? unified : padded(op, orig, info->in[i], info);
    operands[i] = v;
    types[i] = t;
    if (t == orig)
      continue;
    unsigned rank = sharc_type_rank(t);
    sharc_type *scalar = sharc_type_tensor(st->ctx, NULL, 0, sharc_type_element(t), NULL);
    sharc_named_attr z = named(st->ctx, "value", sharc_sdy_zero_elements(st->ctx, scalar));
    sharc_value *zero = sharc_op_result(create(st, "stablehlo.constant", loc, NULL, 0, &scalar, 1,
                                               &z, 1, 0),
                                        0);
    int64_t *zeros = sharc_arena_alloc(&st->arena, (rank + 1) * sizeof *zeros);
    int64_t *high = sharc_arena_alloc(&st->arena, (rank + 1) * sizeof *high);
    for (unsigned d = 0; d < rank; d++)
      high[d] = sharc_type_shape(t)[d] - sharc_type_shape(orig)[d];
    sharc_named_attr attrs[3] = {
        named(st->ctx, "edge_padding_high", sharc_attr_dense_i64_array(st->ctx, high, rank)),
        named(st->ctx, "edge_padding_low", sharc_attr_dense_i64_array(st->ctx, zeros, rank)),
        named(st->ctx, "interior_padding", sharc_attr_dense_i64_array(st->ctx, zeros, rank)),
    };
    sharc_value *ops[2] = {v, zero};
    sharc_value *p = sharc_op_result(create(st, "stablehlo.pad", loc, ops, 2, &t, 1, attrs, 3, 0), 0);
    sharc_sdy_set_sharding(p, info->in[i]);
    operands[i] = p;
  }
}

/* outlineInstruction: a module with the meshes and a private function
 * holding a copy of the op. */
static sharc_op *outline(pip_state *st, sharc_op *op, const instr_info *info,
                         sharc_type *const *arg_types, sharc_type *const *result_types,
                         sharc_op **func_out) {
  sharc_context *ctx = st->ctx;
  sharc_attr *loc = sharc_op_loc(op);
  sharc_op_state ms = {.name = sharc_ident_get(ctx, SHARC_STR("builtin.module")),
                       .loc = loc,
                       .num_regions = 1};
  sharc_op *module = sharc_op_create(ctx, &ms);
  sharc_block *body = sharc_block_create(ctx);
  sharc_region_append_block(sharc_op_region(module, 0), body);
  sharc_insert_point saved = st->rw.ip;
  sharc_rewriter rw;
  sharc_rewriter_init(&rw, ctx, NULL);
  sharc_rw_set_block_end(&rw, body);
  sharc_block *top = sharc_region_first_block(sharc_op_region(st->module, 0));
  for (sharc_op *m = sharc_block_first_op(top); m; m = sharc_op_next(m))
    if (sharc_op_isa(m, &sharc_sdy_mesh_op_def))
      sharc_rw_clone(&rw, m, NULL);
  sharc_type *ft = sharc_type_function(ctx, arg_types, info->n_in, result_types, info->n_out);
  sharc_named_attr fattrs[3] = {
      named(ctx, "function_type", sharc_attr_type_attr(ctx, ft)),
      named(ctx, "sym_name", sharc_attr_string(ctx, SHARC_STR("outlined_op"))),
      named(ctx, "sym_visibility", sharc_attr_string(ctx, SHARC_STR("private"))),
  };
  sharc_op_state fs = {.name = sharc_ident_get(ctx, SHARC_STR("func.func")),
                       .loc = loc,
                       .attrs = sharc_attr_dictionary(ctx, fattrs, 3),
                       .num_regions = 1};
  sharc_op *func = sharc_rw_create(&rw, &fs);
  for (unsigned i = 0; i < info->n_in; i++)
    sharc_sdy_set_func_arg_sharding(func, i, info->in[i]);
  for (unsigned i = 0; i < info->n_out; i++)
    sharc_sdy_set_func_result_sharding(func, i, info->out[i]);
  sharc_attr **locs = sharc_arena_alloc(&st->arena, (info->n_in + 1) * sizeof *locs);
  for (unsigned i = 0; i < info->n_in; i++)
    locs[i] = loc;
  sharc_block *entry =
      sharc_rw_create_block(&rw, sharc_op_region(func, 0), NULL, arg_types, info->n_in, locs);
  sharc_rw_set_block_end(&rw, entry);
  sharc_op *copy = sharc_rw_clone(&rw, op, NULL);
  for (unsigned i = 0; i < sharc_op_num_operands(copy); i++)
    sharc_op_set_operand(copy, i, sharc_block_arg(entry, i));
  for (unsigned i = 0; i < info->n_out; i++) {
    sharc_value *r = sharc_op_result(copy, i);
    sharc_type *orig = sharc_value_type(sharc_op_result(op, i));
    if (orig == result_types[i])
      continue;
    const char *attr = sharc_op_isa(copy, SHARC_SHLO(slice)) ? "limit_indices"
                       : sharc_op_isa(copy, SHARC_SHLO(pad)) ? "edge_padding_high"
                                                              : NULL;
    sharc_attr *a = attr ? sharc_op_attr(copy, attr) : NULL;
    if (a && sharc_attr_get_kind(a) == SHARC_ATTR_DENSE_ARRAY) {
      unsigned rank = sharc_darray_n(a);
      int64_t *v = sharc_arena_alloc(&st->arena, (rank + 1) * sizeof *v);
      for (unsigned d = 0; d < rank && d < sharc_type_rank(orig); d++)
        v[d] = (int64_t)sharc_darray_raw(a)[d] + sharc_type_shape(result_types[i])[d] -
               sharc_type_shape(orig)[d];
      sharc_op_set_attr(copy, attr, sharc_attr_dense_i64_array(ctx, v, rank));
    }
    sharc_value_set_type(r, result_types[i]);
  }
  sharc_value **results = sharc_arena_alloc(&st->arena, (info->n_out + 1) * sizeof *results);
  for (unsigned i = 0; i < info->n_out; i++)
    results[i] = sharc_op_result(copy, i);
  sharc_op_state rs = {.name = sharc_ident_get(ctx, SHARC_STR("func.return")),
                       .loc = loc,
                       .operands = results,
                       .num_operands = info->n_out};
  sharc_rw_create(&rw, &rs);
  st->rw.ip = saved;
  *func_out = func;
  return module;
}

/* runPartitionerPipeline. */
static bool run_partitioner(pip_state *st, sharc_op *module) {
  char text[512];
  snprintf(text, sizeof text,
           "builtin.module(sdy-resolve-permutation-factors{enable-halo-exchange=%s "
           "partition-count=%lld replica-count=%lld}, "
           "func.func(sdy-insert-explicit-reshards{enable-full-version=true}), "
           "func.func(sdy-reshard-to-collectives), func.func(sdy-pad-for-divisibility), "
           "sdy-convert-global-to-local{partition-count=%lld replica-count=%lld}, "
           "sdy-drop-sharding-and-mesh)",
           st->opts->enable_halo_exchange ? "true" : "false",
           (long long)st->opts->partition_count, (long long)st->opts->replica_count,
           (long long)st->opts->partition_count, (long long)st->opts->replica_count);
  /* a pass manager of its own, as Shardy's: none of the tool's IR printing
   * or timing */
  sharc_pipeline_flags flags = {.tool_mask = SHARC_TOOL_ANY, .tool_name = "sdy_opt"};
  sharc_pipeline *pl = sharc_pipeline_create(&flags);
  sharc_buf err = {0};
  bool ok = sharc_pipeline_parse(pl, text, &err);
  if (!ok)
    sharc_emit(st->ctx, SHARC_SEV_ERROR, sharc_op_loc(module), "%.*s", (int)err.len,
               err.data ? err.data : "");
  ok = ok && sharc_pipeline_run(pl, module);
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
  return ok;
}

static sharc_attr *manual_axes_attr(pip_state *st, const instr_info *info) {
  return sharc_sdy_manual_axes_get(st->ctx, info->manual, info->n_manual);
}

/* createManualComputationFromFunc and sliceIndivisibleResults. */
static void wrap(pip_state *st, sharc_op *op, sharc_op *func, const instr_info *info,
                 sharc_value *const *operands, sharc_type *const *result_types) {
  sharc_context *ctx = st->ctx;
  sharc_attr *loc = sharc_op_loc(op);
  sharc_named_attr attrs[3] = {
      named(ctx, "in_shardings", sharc_sdy_sharding_per_value_get(ctx, info->in, info->n_in)),
      named(ctx, "manual_axes", manual_axes_attr(st, info)),
      named(ctx, "out_shardings", sharc_sdy_sharding_per_value_get(ctx, info->out, info->n_out)),
  };
  sharc_op *mc = create(st, "sdy.manual_computation", loc, operands, info->n_in, result_types,
                        info->n_out, attrs, 3, 1);
  sharc_region *from = sharc_op_region(func, 0);
  sharc_rw_inline_region_before(&st->rw, from, sharc_op_region(mc, 0), NULL);
  for (sharc_block *b = sharc_region_first_block(sharc_op_region(mc, 0)); b; b = sharc_block_next(b)) {
    sharc_op *term = sharc_block_terminator(b);
    if (!term || sharc_op_isa(term, &sharc_sdy_return_def))
      continue;
    sharc_insert_point saved = st->rw.ip;
    sharc_rw_set_block_end(&st->rw, b);
    unsigned n = sharc_op_num_operands(term);
    sharc_value **vals = sharc_arena_alloc(&st->arena, (n + 1) * sizeof *vals);
    for (unsigned i = 0; i < n; i++)
      vals[i] = sharc_op_operand(term, i);
    create(st, "sdy.return", sharc_op_loc(term), vals, n, NULL, 0, NULL, 0, 0);
    sharc_rw_erase_op(&st->rw, term);
    st->rw.ip = saved;
  }
  for (unsigned j = 0; j < info->n_out; j++) {
    sharc_value *res = sharc_op_result(mc, j);
    sharc_type *orig = sharc_value_type(sharc_op_result(op, j));
    if (orig != result_types[j]) {
      unsigned rank = sharc_type_rank(orig);
      int64_t *zeros = sharc_arena_alloc(&st->arena, (rank + 1) * sizeof *zeros);
      int64_t *ones = sharc_arena_alloc(&st->arena, (rank + 1) * sizeof *ones);
      for (unsigned d = 0; d < rank; d++)
        ones[d] = 1;
      sharc_named_attr sa[3] = {
          named(ctx, "limit_indices",
                sharc_attr_dense_i64_array(ctx, sharc_type_shape(orig), rank)),
          named(ctx, "start_indices", sharc_attr_dense_i64_array(ctx, zeros, rank)),
          named(ctx, "strides", sharc_attr_dense_i64_array(ctx, ones, rank)),
      };
      res = sharc_op_result(create(st, "stablehlo.slice", loc, &res, 1, &orig, 1, sa, 3, 0), 0);
      sharc_sdy_set_sharding(res, info->out[j]);
    }
    sharc_rw_replace_all_uses(&st->rw, sharc_op_result(op, j), res);
  }
  sharc_rw_erase_op(&st->rw, op);
}

/* partitionAndWrapInstruction. */
static bool partition(pip_state *st, sharc_op *op) {
  unsigned n = sharc_op_num_operands(op) + sharc_op_num_results(op);
  sharc_attr **all = sharc_projection_op_shardings(op, false);
  sharc_attr *mesh_or_ref = sharc_sdy_common_mesh_or_ref(all, n, op, false);
  free(all);
  if (!mesh_or_ref) {
    sharc_emit_op_error(op, "has no mesh common to its operand and result shardings");
    return false;
  }
  sharc_rw_set_before(&st->rw, op);
  sharc_attr *symbol = sharc_sdy_get_or_create_mesh_symbol(&st->rw, st->module, mesh_or_ref,
                                                           sharc_op_loc(op));
  sharc_attr *target = symbol ? symbol : mesh_or_ref;
  sharc_rw_set_before(&st->rw, op);
  instr_info info;
  sharding_info(st, op, symbol != NULL, target, &info);
  sharc_type *unified = unified_reshard_type(st, op, &info);
  sharc_value **operands = sharc_arena_alloc(&st->arena, (info.n_in + 1) * sizeof *operands);
  sharc_type **arg_types = sharc_arena_alloc(&st->arena, (info.n_in + 1) * sizeof *arg_types);
  pad_operands(st, op, &info, unified, operands, arg_types);
  sharc_type **result_types = sharc_arena_alloc(&st->arena, (info.n_out + 1) * sizeof *result_types);
  for (unsigned i = 0; i < info.n_out; i++)
    result_types[i] = unified ? unified
                              : padded(op, sharc_value_type(sharc_op_result(op, i)),
                                       info.out[i], &info);
  sharc_op *func;
  sharc_op *module = outline(st, op, &info, arg_types, result_types, &func);
  bool ok = run_partitioner(st, module);
  if (ok)
    wrap(st, op, func, &info, operands, result_types);
  sharc_op_erase(module);
  return ok;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  pip_state st = {.opts = opts, .ctx = sharc_op_context(module), .module = module};
  sharc_pass_rewriter(run, &st.rw, NULL);
  filter_config config;
  parse_filter(st.opts->filter, &st.arena, &config);
  sharc_ptrvec selected = {0};
  int64_t id = 0;
  sharc_block *top = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *f = top ? sharc_block_first_op(top) : NULL; f; f = sharc_op_next(f)) {
    if (!sharc_op_isa(f, &sharc_func_func_def) || sharc_func_is_declaration(f))
      continue;
    for (sharc_block *b = sharc_region_first_block(sharc_op_region(f, 0)); b;
         b = sharc_block_next(b))
      for (sharc_op *op = sharc_block_first_op(b); op; op = sharc_op_next(op)) {
        if (skipped(op))
          continue;
        if (matches_filter(op, id++, &config))
          sharc_ptrvec_push(&selected, op);
      }
  }
  bool ok = true;
  for (unsigned i = 0; i < selected.len && ok; i++)
    ok = partition(&st, selected.items[i]);
  sharc_ptrvec_free(&selected);
  sharc_arena_free(&st.arena);
  return ok;
}

const sharc_pass_def sharc_pass_sdy_per_instruction_partitioning = {
    .flag = "sdy-per-instruction-partitioning",
    .display_name = "PerInstructionPartitioningPass",
    .summary = "Selectively extracts target instructions, runs the partitioner pipeline on them "
               "to generate device-local code, and wraps them in sdy.manual_computation.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(pip_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
