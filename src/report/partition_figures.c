/* The report's figures of a partitioned program, recorded while the
 * partitioner's module still has global shapes and sdy collectives, and
 * the map from each of those collectives to the ops of the per-device
 * program that realise it. The map is made through locations: each listed
 * collective's op gets a name location `sharc.figure#N` around its own,
 * which the partitioner's patterns give the ops they make of it; once the
 * partitioner is done every op gets its own location back. */
#include "report/partition_figures.h"

#include "ir/ir_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAG_PREFIX "sharc.figure#"

static const char *arena_str(sharc_arena *a, const char *s) {
  size_t n = strlen(s);
  char *c = sharc_arena_alloc(a, n + 1);
  memcpy(c, s, n + 1);
  return c;
}

static void tag_op(sharc_context *ctx, sharc_op *op, unsigned index) {
  char name[48];
  int n = snprintf(name, sizeof name, TAG_PREFIX "%u", index);
  sharc_ident *id = sharc_ident_get(ctx, (sharc_str){name, (size_t)n});
  sharc_op_set_loc(op, sharc_loc_name(ctx, id, sharc_op_loc(op)));
}

/* Whether a branch of a conditional holds `op`, which may then not run. */
static bool in_branch(sharc_op *op, sharc_op *func) {
  for (sharc_op *p = sharc_op_parent_op(op); p && p != func; p = sharc_op_parent_op(p))
    if (sharc_op_is(p, "stablehlo.if") || sharc_op_is(p, "stablehlo.case"))
      return true;
  return false;
}

static void record_collectives(sharc_partition_figures *f, sharc_arena *a, const sharc_report *r) {
  unsigned n = sharc_report_num_collectives(r);
  f->collectives = sharc_arena_alloc(a, (n + 1) * sizeof *f->collectives);
  f->num_collectives = n;
  for (unsigned i = 0; i < n; i++) {
    const sharc_report_collective *c = sharc_report_collective_at(r, i);
    sharc_figure_collective *g = &f->collectives[i];
    g->kind = arena_str(a, c->kind);
    g->value = arena_str(a, c->value->name);
    g->location = arena_str(a, c->value->location);
    g->bytes_moved = c->bytes_moved;
    g->executions = c->executions;
    g->in_branch = in_branch(c->value->op, c->value->func);
    tag_op(f->ctx, c->value->op, i);
  }
}

static void record_value(sharc_partition_figures *f, sharc_arena *a, const sharc_report_value *v,
                         unsigned k) {
  sharc_figure_value *g = &f->values[k];
  g->listed = true;
  g->bytes_per_device = v->bytes_per_device;
  g->rank = v->rank;
  g->element_bits = v->element_bits;
  size_t cells = (size_t)f->num_devices * (v->rank ? v->rank : 1);
  int64_t *lo = sharc_arena_alloc(a, cells * sizeof *lo);
  int64_t *hi = sharc_arena_alloc(a, cells * sizeof *hi);
  for (size_t i = 0; i < cells; i++)
    lo[i] = hi[i] = -1;
  if (v->rank && sharc_report_show_blocks(v, f->num_devices, lo, hi)) {
    g->show_lo = lo;
    g->show_hi = hi;
  }
}

void sharc_partition_figures_record(sharc_partition_figures *f, sharc_arena *arena,
                                    const sharc_report *r, sharc_op *func, unsigned num_args,
                                    unsigned num_values, unsigned num_devices) {
  memset(f, 0, sizeof *f);
  f->ctx = sharc_op_context(func);
  f->num_devices = num_devices;
  f->num_values = num_values;
  f->values = sharc_arena_alloc(arena, (num_values + 1) * sizeof *f->values);
  if (!r)
    return;
  for (unsigned i = 0; i < sharc_report_num_values(r); i++) {
    const sharc_report_value *v = sharc_report_value_at(r, i);
    if (v->func != func || (v->kind != SHARC_REPORT_ARGUMENT && v->kind != SHARC_REPORT_RESULT))
      continue;
    unsigned k = v->kind == SHARC_REPORT_RESULT ? num_args + v->index : v->index;
    if (k < num_values)
      record_value(f, arena, v, k);
  }
  const sharc_report_summary *s = sharc_report_get_summary(r);
  f->arguments = s->arguments;
  f->results = s->results;
  record_collectives(f, arena, r);
}

/* The collective index a location marks, or -1 (and its own location). */
static long tag_of(sharc_attr *loc, sharc_attr **inner) {
  if (!loc || sharc_attr_get_kind(loc) != SHARC_ATTR_LOC_NAME)
    return -1;
  sharc_str s = sharc_ident_str(loc->name.name);
  size_t p = sizeof TAG_PREFIX - 1;
  if (s.len <= p || memcmp(s.data, TAG_PREFIX, p) != 0)
    return -1;
  long index = 0;
  for (size_t i = p; i < s.len; i++)
    index = index * 10 + (s.data[i] - '0');
  *inner = loc->name.child;
  return index;
}

static bool is_device_collective(const sharc_op *op) {
  static const char *const names[] = {
      "stablehlo.all_gather",         "stablehlo.all_reduce",           "stablehlo.reduce_scatter",
      "stablehlo.all_to_all",         "stablehlo.collective_permute",   "stablehlo.collective_broadcast",
      "stablehlo.collective_reduce",  NULL};
  for (unsigned i = 0; names[i]; i++)
    if (sharc_op_is(op, names[i]))
      return true;
  return false;
}

static sharc_walk_result trace_op(sharc_op *op, void *user) {
  sharc_partition_figures *f = user;
  sharc_attr *inner = NULL;
  long index = tag_of(sharc_op_loc(op), &inner);
  if (index < 0)
    return SHARC_WALK_ADVANCE;
  sharc_op_set_loc(op, inner ? inner : sharc_loc_unknown(f->ctx));
  if (index < (long)f->num_collectives && is_device_collective(op))
    sharc_ptrmap_put(&f->origin, op, (void *)(uintptr_t)(index + 1));
  return SHARC_WALK_ADVANCE;
}

void sharc_partition_figures_trace(sharc_partition_figures *f, sharc_op *module) {
  sharc_walk(module, SHARC_PRE_ORDER, trace_op, f);
}

void sharc_partition_figures_free(sharc_partition_figures *f) { sharc_ptrmap_free(&f->origin); }
