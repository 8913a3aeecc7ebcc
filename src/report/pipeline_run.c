/* The MPMD flow behind `sharc pipeline`: a program of named computations
 * (as JAX exports it) is optionally made into N microbatches — its body
 * moved into a private function that the entry function calls N times with
 * `call_counter` 0..N-1, the way JAX's microbatching loop reaches Shardy,
 * the results accumulated —
 * then imported with Shardy's import pipeline, scheduled with one of
 * Shardy's schedules and its shardings propagated, each pipeline composed
 * as mpmd_opt composes it. */
#include "sharc/pipeline.h"

#include "report/pipeline_internal.h"
#include "report/report_internal.h"

#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_ops.h"
#include "dialect/mpmd/utils.h"
#include "sharc/mpmd.h"
#include "sharc/pass.h"
#include "sharc/rewrite.h"
#include "transforms/mpmd/optimize/pipeline_schedule.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

sharc_pipeline_options sharc_pipeline_options_default(void) {
  sharc_pipeline_options o = {0};
  o.cost.device_flops = 1e15;
  o.cost.memory_bandwidth = 2e12;
  o.cost.link_bandwidth = 1e11;
  o.cost.link_latency = 1e-5;
  o.cost.fragment_overhead = 0;
  return o;
}

unsigned sharc_pipeline_num_schedules(void) { return SHARC_MPMD_SCHEDULE_COUNT; }

const char *sharc_pipeline_schedule_name(unsigned i) {
  return i < SHARC_MPMD_SCHEDULE_COUNT ? sharc_mpmd_schedules[i].name : NULL;
}

int sharc_pipeline_find_schedule(const char *name) {
  sharc_mpmd_pipeline_schedule s = SHARC_MPMD_SCHEDULE_1F1B;
  if (name && !sharc_mpmd_parse_pipeline_schedule(name, &s))
    return -1;
  return (int)s;
}

sharc_op *sharc_pipeline_entry_function(sharc_op *module) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_is(op, "func.func") && !sharc_func_is_declaration(op) &&
        sharc_mpmd_is_topology(sharc_op_attr(op, "topology")))
      return op;
  return NULL;
}

sharc_attr *sharc_pipeline_module_loc(sharc_op *module) {
  const sharc_attr *f = sharc_loc_find_file(sharc_op_loc(module));
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  sharc_op *first = body ? sharc_block_first_op(body) : NULL;
  if ((!f || !sharc_loc_line(f)) && first)
    return sharc_op_loc(first);
  return sharc_op_loc(module);
}

static bool no_entry_error(sharc_op *module) {
  sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, sharc_pipeline_module_loc(module),
             "the module has no function with an MPMD topology (`attributes {topology = "
             "#mpmd.topology<<\"m0\" : <[\"x\"=2]>>, ...>}`, as JAX writes on the entry point)");
  sharc_diag_flush(sharc_op_context(module));
  return false;
}

static bool holds_fragments(sharc_op *func) {
  for (sharc_op *op = sharc_block_first_op(sharc_func_body(func)); op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_mpmd_fragment_def))
      return true;
  return false;
}

/* Every op of the entry block erased, users first. */
static void clear_body(sharc_rewriter *rw, sharc_block *body) {
  sharc_op *op = sharc_block_last_op(body);
  while (op) {
    sharc_op *prev = sharc_op_prev(op);
    sharc_rw_erase_op(rw, op);
    op = prev;
  }
}

/* Whether a result is summed over the microbatches (gradients, losses:
 * tensors of numbers) rather than taken from the last one. */
static bool accumulates(const sharc_type *t) {
  if (!t || !sharc_type_is_shaped(t) || !sharc_type_has_rank(t))
    return false;
  sharc_type *e = sharc_type_element(t);
  return sharc_type_is_float(e) || (sharc_type_is_integer(e, 0) && sharc_type_int_width(e) > 1);
}

static sharc_value *create_add(sharc_rewriter *rw, sharc_attr *loc, sharc_value *a, sharc_value *b) {
  sharc_value *operands[2] = {a, b};
  sharc_type *type = sharc_value_type(a);
  sharc_op_state st = {0};
  st.name = sharc_ident_get(rw->ctx, sharc_str_from_cstr("stablehlo.add"));
  st.loc = loc;
  st.operands = operands;
  st.num_operands = 2;
  st.result_types = &type;
  st.num_results = 1;
  return sharc_op_result(sharc_rw_create(rw, &st), 0);
}

/* A private copy of the entry function named <entry><suffix>, inserted
 * into the module; its symbol reference. */
static sharc_attr *insert_copy(sharc_rewriter *rw, sharc_op *module, sharc_op *entry,
                               const char *suffix, sharc_op **copy) {
  sharc_context *ctx = rw->ctx;
  sharc_op *callee = sharc_op_clone(entry, true);
  sharc_op_set_attr(callee, "topology", NULL);
  sharc_op_set_attr(callee, "arg_attrs", NULL);
  sharc_op_set_attr(callee, "res_attrs", NULL);
  sharc_func_set_private(callee, true);
  sharc_buf name = {0};
  sharc_buf_put_str(&name, sharc_op_symbol_name(entry));
  sharc_buf_puts(&name, suffix);
  sharc_op_set_attr(callee, "sym_name", sharc_attr_string(ctx, sharc_str_from_cstr(name.data)));
  sharc_buf_free(&name);
  sharc_str callee_name = sharc_rw_insert_symbol(rw, module, callee, NULL);
  *copy = callee;
  return sharc_attr_symbol_ref(ctx, sharc_ident_get(ctx, callee_name), NULL, 0);
}

/* The accumulating copy takes one more argument per summed result and
 * returns argument + result: the accumulation is part of the microbatch,
 * as in a microbatching loop, so each microbatch's results die with it. */
static void add_accumulators(sharc_rewriter *rw, sharc_op *callee) {
  sharc_block *body = sharc_func_body(callee);
  sharc_op *ret = sharc_block_terminator(body);
  unsigned nargs = sharc_func_num_args(callee);
  for (unsigned r = 0; r < sharc_op_num_operands(ret); r++) {
    sharc_value *v = sharc_op_operand(ret, r);
    if (!accumulates(sharc_value_type(v)))
      continue;
    sharc_value *acc = sharc_func_insert_arg(callee, nargs++, sharc_value_type(v), NULL,
                                             sharc_op_loc(ret));
    sharc_rw_set_before(rw, ret);
    sharc_rw_set_operand(rw, ret, r, create_add(rw, sharc_op_loc(ret), acc, v));
  }
}

/* The entry's body becomes @<entry>_microbatch (and an accumulating
 * @<entry>_microbatch_acc); the entry calls them `n` times, as a
 * microbatching loop unrolled, carrying the sums. */
static void wrap_microbatches(sharc_op *module, sharc_op *entry, int n) {
  sharc_context *ctx = sharc_op_context(module);
  sharc_rewriter rw;
  sharc_rewriter_init(&rw, ctx, NULL);
  sharc_op *first, *rest = NULL;
  sharc_attr *first_ref = insert_copy(&rw, module, entry, "_microbatch", &first);
  sharc_attr *rest_ref = NULL;
  if (n > 1) {
    rest_ref = insert_copy(&rw, module, entry, "_microbatch_acc", &rest);
    add_accumulators(&rw, rest);
  }
  sharc_type *ft = sharc_func_type(entry);
  unsigned nargs = sharc_type_func_num_inputs(ft), nres = sharc_type_func_num_results(ft);
  sharc_block *body = sharc_func_body(entry);
  sharc_attr *loc = sharc_op_loc(entry);
  clear_body(&rw, body);
  sharc_rw_set_block_end(&rw, body);
  sharc_value **args = calloc(nargs + nres + 1, sizeof *args);
  sharc_value **acc = calloc(nres + 1, sizeof *acc);
  for (unsigned i = 0; i < nargs; i++)
    args[i] = sharc_block_arg(body, i);
  sharc_type *counter_type = sharc_type_integer(ctx, 32, SHARC_UNSIGNED);
  for (int m = 0; m < n; m++) {
    unsigned n_in = nargs;
    for (unsigned r = 0; m && r < nres; r++)
      if (accumulates(sharc_type_func_result(ft, r)))
        args[n_in++] = acc[r];
    sharc_op *call = sharc_mpmd_create_call(&rw, loc, args, n_in, sharc_type_func_results(ft),
                                            nres, m ? rest_ref : first_ref);
    sharc_op_set_attr(call, SHARC_MPMD_CALL_COUNTER_ATTR, sharc_attr_integer(ctx, counter_type, m));
    for (unsigned r = 0; r < nres; r++)
      acc[r] = sharc_op_result(call, r);
  }
  sharc_op_state st = {0};
  st.name = sharc_ident_get(ctx, sharc_str_from_cstr("func.return"));
  st.loc = loc;
  st.operands = acc;
  st.num_operands = nres;
  sharc_rw_create(&rw, &st);
  free(args);
  free(acc);
}

static sharc_pipeline *new_pipeline(void) {
  return sharc_report_new_pipeline(SHARC_TOOL_MPMD_OPT, true);
}

static bool run(sharc_pipeline *pl, bool built, sharc_op *module, sharc_buf *err) {
  return sharc_report_run_pipeline(pl, built, module, sharc_pipeline_module_loc(module), err);
}

bool sharc_pipeline_import(sharc_op *module, const sharc_pipeline_options *o) {
  sharc_op *entry = sharc_pipeline_entry_function(module);
  if (!entry)
    return no_entry_error(module);
  if (holds_fragments(entry)) {
    if (o->microbatches > 0) {
      sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, sharc_op_loc(entry),
                 "--microbatches applies to a program of named computations; this function "
                 "already holds fragments, with their own call counters");
      sharc_diag_flush(sharc_op_context(module));
      return false;
    }
    return true;
  }
  if (o->microbatches > 0)
    wrap_microbatches(module, entry, o->microbatches);
  sharc_buf opts = {0}, err = {0};
  if (o->assignment && *o->assignment) {
    sharc_buf_puts(&opts, "name-to-mesh-assignment=");
    sharc_buf_puts(&opts, o->assignment);
  }
  sharc_pipeline *pl = new_pipeline();
  bool built = sharc_pm_add(sharc_pipeline_root(pl), "mpmd-import-pipeline",
                            opts.data ? opts.data : NULL, &err);
  sharc_buf_free(&opts);
  return run(pl, built, module, &err);
}

bool sharc_pipeline_schedule(sharc_op *module, const sharc_pipeline_options *o) {
  int s = sharc_pipeline_find_schedule(o->schedule);
  if (s < 0) {
    sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, sharc_pipeline_module_loc(module),
               "unknown pipeline schedule '%s'", o->schedule);
    sharc_diag_flush(sharc_op_context(module));
    return false;
  }
  if (!sharc_pipeline_entry_function(module))
    return no_entry_error(module);
  char scheduler[128];
  snprintf(scheduler, sizeof scheduler, "must-happen-before=%s remove-control-dependencies=true",
           sharc_mpmd_schedules[s].name);
  sharc_buf err = {0};
  sharc_pipeline *pl = new_pipeline();
  sharc_pass_manager *funcs = sharc_pm_nest(sharc_pipeline_root(pl), "func.func");
  /* the ZeroBubble schedules order input-gradient and weight-gradient
   * fragments apart: backward fragments are split first, as Shardy's
   * optimize pipeline does with split_bwd_fragments */
  bool zero_bubble = s >= SHARC_MPMD_SCHEDULE_ZERO_BUBBLE_H1 &&
                     s <= SHARC_MPMD_SCHEDULE_ZERO_BUBBLE_H2_FULL_TX_LATENCY;
  bool built = (!zero_bubble || sharc_pm_add(funcs, "mpmd-split-bwd-fragments", NULL, &err)) &&
               sharc_pm_add(funcs, "mpmd-pipeline-scheduler", scheduler, &err) &&
               sharc_pm_add(funcs, "mpmd-verify-stage-merging", NULL, &err) &&
               sharc_pm_add(sharc_pipeline_root(pl), "mpmd-sharding-propagation-pipeline", NULL,
                            &err);
  return run(pl, built, module, &err);
}
