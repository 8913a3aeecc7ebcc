/* `sharc auto`'s cost model: the estimated step time of one device and its
 * peak memory, read from a module after propagation and explicit
 * collectives (docs/auto.md).
 *
 * Compute: FLOPs of dots and convolutions on the shard shapes (the same
 * count as `sharc pipeline`'s model, report/op_work.c) over the FLOP rate,
 * plus the bytes every other op reads and writes over the memory
 * bandwidth. Communication: each collective the report lists, with the
 * bytes each device receives as `sharc propagate` shows them (one source
 * of truth), over the bandwidth of the slowest axis it works along plus
 * that axis's latency, times its executions. Memory: the shards of the
 * entry function's arguments for the whole step, plus every value from the
 * op that makes it to its last use. */
#include "report/auto/auto_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const sharc_auto_kind_names[SHARC_AUTO_NUM_KINDS] = {
    "reshard",        "sharding_constraint", "all_gather",          "all_slice",
    "all_reduce",     "all_to_all",          "collective_permute",  "reduce_scatter",
    "sharded_to_unreduced", "replicated_to_unreduced",
};

/* ---- per-axis figures ------------------------------------------------------------- */

static bool parse_positive(const char *s, size_t n, double *out) {
  char tmp[64];
  if (n == 0 || n >= sizeof tmp)
    return false;
  memcpy(tmp, s, n);
  tmp[n] = 0;
  char *end;
  double v = strtod(tmp, &end);
  if (*end || !(v > 0) || isinf(v))
    return false;
  *out = v;
  return true;
}

bool sharc_auto_parse_axis_figures(const char *text, const char *flag, const sharc_attr *mesh,
                                   double *values, sharc_buf *err) {
  for (const char *p = text; p && *p;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    const char *eq = memchr(p, '=', len);
    if (!eq) {
      sharc_buf_printf(err, "%s: '%.*s' is not AXIS=NUMBER", flag, (int)len, p);
      return false;
    }
    sharc_str name = {p, (size_t)(eq - p)};
    int axis = sharc_sdy_mesh_axis_index(mesh, name);
    if (axis < 0) {
      sharc_buf_printf(err, "%s: the mesh has no axis '%.*s'", flag, (int)name.len, name.data);
      return false;
    }
    if (!parse_positive(eq + 1, len - name.len - 1, &values[axis])) {
      sharc_buf_printf(err, "%s: '%.*s' is not a number > 0", flag, (int)(len - name.len - 1),
                       eq + 1);
      return false;
    }
    p = comma ? comma + 1 : p + len;
  }
  return true;
}

/* ---- shard shapes ------------------------------------------------------------------- */

#define SHAPE_SLOTS 4
#define SHAPE_MAX_RANK 32

typedef struct pricer {
  const sharc_attr *mesh;
  const sharc_auto_machine *m;
  int64_t slots[SHAPE_SLOTS][SHAPE_MAX_RANK];
  unsigned next_slot;
  sharc_auto_cost *cost;
  sharc_ptrmap last_use; /* value -> index of the top-level op that reads it last, plus 1 */
  unsigned top_index;
} pricer;

/* The shard shape of `v` (a ring of slots: a caller holds up to four). */
static const int64_t *shard_shape(sharc_value *v, unsigned *rank, void *user) {
  pricer *p = user;
  const sharc_type *t = sharc_value_type(v);
  if (!t || !sharc_type_is_shaped(t) || !sharc_type_has_rank(t) ||
      sharc_type_rank(t) > SHAPE_MAX_RANK)
    return NULL;
  int64_t *out = p->slots[p->next_slot++ % SHAPE_SLOTS];
  *rank = sharc_type_rank(t);
  const int64_t *shape = sharc_type_shape(t);
  for (unsigned d = 0; d < *rank; d++)
    if (shape[d] < 0)
      return NULL;
  sharc_report_shard_shape(shape, *rank, sharc_report_value_sharding(v), p->mesh, out);
  return out;
}

static int64_t shard_bytes(pricer *p, sharc_value *v) {
  unsigned rank = 0;
  const int64_t *shape = shard_shape(v, &rank, p);
  if (!shape)
    return 0;
  int64_t n = sharc_report_num_elements(shape, rank);
  return n < 0 ? 0 : sharc_report_bytes_of(n, sharc_report_element_bits(sharc_value_type(v)));
}

/* ---- compute ------------------------------------------------------------------------ */

static bool is_data_movement_only(const sharc_op *op) {
  const char *name = sharc_op_def_name(sharc_op_get_def(op));
  return !name || strncmp(name, "sdy.", 4) == 0 || strncmp(name, "func.", 5) == 0;
}

static sharc_walk_result price_op(sharc_op *op, void *user) {
  pricer *p = user;
  if (is_data_movement_only(op))
    return SHARC_WALK_ADVANCE;
  double flops = sharc_report_op_flops(op, shard_shape, p);
  if (flops >= 0) {
    p->cost->flops += flops;
    return SHARC_WALK_ADVANCE;
  }
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    p->cost->other_bytes += (double)shard_bytes(p, sharc_op_operand(op, i));
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    p->cost->other_bytes += (double)shard_bytes(p, sharc_op_result(op, i));
  return SHARC_WALK_ADVANCE;
}

/* ---- communication ------------------------------------------------------------------ */

static int kind_index(const char *kind) {
  for (int i = 0; i < SHARC_AUTO_NUM_KINDS; i++)
    if (strcmp(sharc_auto_kind_names[i], kind) == 0)
      return i;
  return 0;
}

/* The slowest link and longest start-up among the axes of `axes`
 * ("'data', 'model:(1)2'"); the defaults when it names none. */
static void link_of(const sharc_auto_machine *m, const char *axes, double *bw, double *lat) {
  *bw = 0;
  *lat = 0;
  for (const char *q = strchr(axes, '\''); q; q = strchr(q + 1, '\'')) {
    const char *start = q + 1, *end = strchr(start, '\'');
    if (!end)
      break;
    size_t n = strcspn(start, ":'");
    for (unsigned a = 0; a < m->num_axes; a++)
      if (sharc_str_eq(m->axis_names[a], (sharc_str){start, n})) {
        *bw = *bw == 0 || m->bandwidth[a] < *bw ? m->bandwidth[a] : *bw;
        *lat = m->latency[a] > *lat ? m->latency[a] : *lat;
      }
    q = end;
  }
  if (*bw == 0) {
    *bw = m->default_bandwidth;
    *lat = m->default_latency;
  }
}

static void price_collectives(sharc_op *module, const sharc_auto_machine *m, sharc_auto_cost *c) {
  sharc_report_options o = sharc_report_options_default();
  sharc_report *r = sharc_report_create(module, &o);
  for (unsigned i = 0; i < sharc_report_num_collectives(r); i++) {
    const sharc_report_collective *col = sharc_report_collective_at(r, i);
    double bytes = col->bytes_moved >= 0 ? (double)col->bytes_moved
                                          : (double)col->value->bytes_per_device;
    if (bytes <= 0 && col->bytes_moved >= 0)
      continue; /* local: all_slice, *_to_unreduced, a constraint already met */
    double runs = col->executions > 0 ? (double)col->executions : 1;
    double bw, lat;
    link_of(m, col->axes ? col->axes : "", &bw, &lat);
    int k = kind_index(col->kind);
    c->kind_count[k]++;
    c->kind_bytes[k] += bytes * runs;
    c->kind_s[k] += runs * (lat + (bytes > 0 ? bytes / bw : 0));
  }
  sharc_report_destroy(r);
  for (int k = 0; k < SHARC_AUTO_NUM_KINDS; k++)
    c->comm_s += c->kind_s[k];
}

/* ---- memory --------------------------------------------------------------------------- */

static sharc_walk_result note_uses(sharc_op *op, void *user) {
  pricer *p = user;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    sharc_ptrmap_put(&p->last_use, sharc_op_operand(op, i), (void *)(uintptr_t)(p->top_index + 1));
  return SHARC_WALK_ADVANCE;
}

static int64_t peak_memory(pricer *p, sharc_op *func) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(func, 0));
  if (!body)
    return 0;
  int64_t live = 0;
  for (unsigned i = 0; i < sharc_block_num_args(body); i++)
    live += shard_bytes(p, sharc_block_arg(body, i));
  unsigned n = 0;
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op), n++) {
    p->top_index = n;
    sharc_walk(op, SHARC_PRE_ORDER, note_uses, p);
  }
  int64_t *dies = calloc(n ? n : 1, sizeof *dies), peak = live;
  unsigned i = 0;
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op), i++) {
    for (unsigned r = 0; r < sharc_op_num_results(op); r++) {
      sharc_value *v = sharc_op_result(op, r);
      int64_t b = shard_bytes(p, v);
      uintptr_t last = (uintptr_t)sharc_ptrmap_get(&p->last_use, v);
      live += b;
      dies[last ? last - 1 : i] += b;
    }
    peak = live > peak ? live : peak;
    live -= dies[i];
  }
  free(dies);
  return peak;
}

/* ---- the estimate ---------------------------------------------------------------------- */

bool sharc_auto_propagate(sharc_op *module) {
  sharc_report_options o = sharc_report_options_default();
  o.explicit_collectives = true;
  return sharc_report_propagate_quick(module, &o);
}

void sharc_auto_price(sharc_op *module, sharc_op *func, const sharc_attr *mesh,
                      const sharc_auto_machine *m, sharc_auto_cost *out) {
  memset(out, 0, sizeof *out);
  pricer p = {.mesh = mesh, .m = m, .cost = out};
  sharc_walk_nested(func, SHARC_PRE_ORDER, price_op, &p);
  out->compute_s = out->flops / m->flop_rate + out->other_bytes / m->memory_bandwidth;
  price_collectives(module, m, out);
  out->peak_bytes = peak_memory(&p, func);
  sharc_ptrmap_free(&p.last_use);
  out->step_s = out->compute_s + out->comm_s;
}

double sharc_auto_score(const sharc_auto_cost *c, int64_t memory_limit) {
  if (c->failed)
    return INFINITY;
  if (memory_limit > 0 && c->peak_bytes > memory_limit)
    return 1e30 * (1 + (double)c->peak_bytes / (double)memory_limit);
  return c->step_s;
}
