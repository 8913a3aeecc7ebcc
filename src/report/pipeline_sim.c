/* The simulated timeline and memory of a scheduled MPMD program.
 *
 * The entry function, once scheduled, is the program every mesh runs: each
 * mesh executes its fragments in the function's order, one at a time (one
 * lane per mesh), and a fragment starts when its mesh is free and every
 * value it reads is ready. Transfers run beside the lanes (links are not
 * shared: no contention), starting when their operand is ready. Since the
 * scheduled function is in a topological order, one walk in program order
 * times everything.
 *
 * Memory is per device, by the local shard shapes of the mesh tensors:
 * a value is live on its mesh from the step that makes it to the step of
 * its last use (a returned value to the end); the function's arguments,
 * whose buffers the caller owns, for the whole program. Each step's live
 * bytes are swept from sorted birth and death events. Values in pinned
 * host memory take no device memory. */
#include "sharc/pipeline.h"

#include "report/pipeline_internal.h"
#include "report/report_internal.h"

#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_ops.h"
#include "dialect/mpmd/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "sharc/mpmd.h"
#include "sharc/report.h"
#include "sharc/sdy.h"
#include "support/ptrmap.h"
#include "support/vec.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef enum category { CAT_PARAMETER, CAT_ACTIVATION, CAT_TRANSFER, CAT_OTHER } category;

/* A value's birth (+bytes) or death (-bytes) on a mesh at a step. */
typedef struct mem_event {
  size_t pos;
  unsigned mesh;
  category cat;
  int64_t bytes; /* signed */
  int64_t microbatch; /* activations: the call counter, else -1 */
} mem_event;

typedef struct builder {
  sharc_pipeline_sim *sim;
  sharc_arena *arena;
  sharc_op *entry;
  sharc_attr *topology;
  sharc_ptrmap op_pos;     /* op of the entry block -> position + 1 */
  sharc_ptrmap type_mesh;  /* mesh tensor type -> mesh index + 1 */
  sharc_ptrmap name_mesh;  /* mesh_name attribute -> mesh index + 1 (0: none) */
  double *finish;          /* per position: when its results are ready */
  int *fragment_at;        /* per position: fragment index or -1 */
  size_t num_ops;
} builder;

/* ---- small readers ----------------------------------------------------------------------- */

static int mesh_of_type(builder *b, const sharc_type *t) {
  if (!sharc_mpmd_is_mesh_tensor(t))
    return -1;
  uintptr_t cached = (uintptr_t)sharc_ptrmap_get(&b->type_mesh, t);
  if (cached)
    return (int)cached - 1;
  sharc_str name = sharc_mpmd_mesh_tensor_mesh_name(t);
  sharc_str mesh, kind;
  sharc_mpmd_split_memory_kind(name, &mesh, &kind);
  for (unsigned i = 0; i < b->sim->num_meshes; i++) {
    sharc_attr *nm = sharc_mpmd_topology_mesh_at(b->topology, i);
    if (sharc_str_eq(sharc_mpmd_named_mesh_name(nm), mesh) ||
        sharc_str_eq(sharc_mpmd_named_mesh_name(nm), name)) {
      sharc_ptrmap_put(&b->type_mesh, t, (void *)(uintptr_t)(i + 1));
      return (int)i;
    }
  }
  return -1;
}

/* The fragment's mesh among the topology's (-1: not one of them), looked
 * up once per uniqued `mesh_name` attribute. */
static int fragment_mesh_index(builder *b, sharc_op *fragment) {
  sharc_attr *attr = sharc_op_attr(fragment, "mesh_name");
  uintptr_t cached = attr ? (uintptr_t)sharc_ptrmap_get(&b->name_mesh, attr) : 0;
  if (cached)
    return (int)cached - 1;
  sharc_str name = sharc_mpmd_fragment_mesh(fragment);
  int found = -1;
  for (unsigned i = 0; i < b->sim->num_meshes && found < 0; i++)
    if (sharc_str_eq(sharc_mpmd_named_mesh_name(sharc_mpmd_topology_mesh_at(b->topology, i)), name))
      found = (int)i;
  if (attr)
    sharc_ptrmap_put(&b->name_mesh, attr, (void *)(uintptr_t)(found + 1));
  return found;
}

/* The most bytes one tensor is counted for (2^50, a pebibyte), so that
 * sums over a program cannot overflow. */
#define MAX_TENSOR_BYTES ((int64_t)1 << 50)

/* Bytes of a ranked tensor type with static shape; 0 otherwise. */
static int64_t tensor_bytes(const sharc_type *t) {
  if (!t || !sharc_type_is_shaped(t) || !sharc_type_has_rank(t))
    return 0;
  int64_t n;
  if (!sharc_type_try_num_elements(t, &n) || n < 0)
    return 0;
  double bytes = ceil((double)n * sharc_report_element_bits(t) / 8);
  return bytes < (double)MAX_TENSOR_BYTES ? (int64_t)bytes : MAX_TENSOR_BYTES;
}

/* Per-device bytes of a mesh tensor: its local (shard) type. */
static int64_t local_bytes(const sharc_type *t, sharc_op *at) {
  sharc_type *local = sharc_mpmd_local_tensor_type(t, at);
  return tensor_bytes(local ? local : sharc_mpmd_mesh_tensor_global_type(t));
}

/* ---- the cost model ------------------------------------------------------------------------ */

/* A fragment's values have their local types: the shape is the type's. */
static const int64_t *type_shape(sharc_value *v, unsigned *rank, void *user) {
  (void)user;
  const sharc_type *t = sharc_value_type(v);
  if (!t || !sharc_type_is_shaped(t) || !sharc_type_has_rank(t))
    return NULL;
  *rank = sharc_type_rank(t);
  return sharc_type_shape(t);
}

static double op_bytes(sharc_op *op) {
  double bytes = 0;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    bytes += (double)tensor_bytes(sharc_value_type(sharc_op_operand(op, i)));
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    bytes += (double)tensor_bytes(sharc_value_type(sharc_op_result(op, i)));
  return bytes;
}

typedef struct work {
  sharc_op *root;
  double flops, bytes;
} work;

static sharc_walk_result count_work(sharc_op *op, void *user) {
  work *w = user;
  if (op == w->root || sharc_op_isa(op, &sharc_mpmd_return_def))
    return SHARC_WALK_ADVANCE;
  double flops = sharc_report_op_flops(op, type_shape, NULL);
  if (flops >= 0)
    w->flops += flops;
  else if (sharc_op_num_operands(op) > 0)
    w->bytes += op_bytes(op);
  return SHARC_WALK_ADVANCE;
}

static double fragment_seconds(const sharc_pipeline_cost_model *c, const sharc_pipeline_fragment *f) {
  double t = c->fragment_overhead;
  if (c->device_flops > 0)
    t += f->flops / c->device_flops;
  if (c->memory_bandwidth > 0)
    t += f->bytes / c->memory_bandwidth;
  return t;
}

static double transfer_seconds(const sharc_pipeline_cost_model *c, int64_t bytes) {
  double t = c->link_latency;
  if (c->link_bandwidth > 0 && !isinf(c->link_bandwidth))
    t += (double)bytes / c->link_bandwidth;
  return t;
}

/* ---- reading the program ----------------------------------------------------------------- */

static const char *origin_name(builder *b, sharc_op *fragment) {
  sharc_attr *origin = sharc_op_attr(fragment, "origin");
  unsigned n = origin && sharc_attr_get_kind(origin) == SHARC_ATTR_ARRAY ? sharc_attr_count(origin)
                                                                        : 0;
  sharc_buf name = {0};
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *o = sharc_attr_at(origin, i);
    if (!sharc_mpmd_is_user_origin(o))
      continue;
    if (name.len)
      sharc_buf_putc(&name, '+');
    sharc_buf_put_str(&name, sharc_mpmd_user_origin_name(o));
    int64_t t = sharc_mpmd_user_origin_transpose_count(o);
    if (t)
      sharc_buf_printf(&name, "(%lld)", (long long)t);
  }
  const char *s = sharc_arena_strndup(b->arena, name.len ? name.data : "inferred",
                                      name.len ? name.len : strlen("inferred"));
  sharc_buf_free(&name);
  return s;
}

static size_t position_of(builder *b, sharc_op *op) {
  sharc_op *in_block = sharc_mpmd_ancestor_in_block(sharc_func_body(b->entry), op);
  uintptr_t p = in_block ? (uintptr_t)sharc_ptrmap_get(&b->op_pos, in_block) : 0;
  return p ? (size_t)(p - 1) : b->num_ops;
}

/* When every operand of `op` is ready. */
static double operands_ready(builder *b, sharc_op *op) {
  double t = 0;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(op, i));
    uintptr_t p = def ? (uintptr_t)sharc_ptrmap_get(&b->op_pos, def) : 0;
    if (p && b->finish[p - 1] > t)
      t = b->finish[p - 1];
  }
  return t;
}

static void add_fragment(builder *b, sharc_op *op, size_t pos, double *lane_free) {
  sharc_pipeline_sim *s = b->sim;
  int mesh = fragment_mesh_index(b, op);
  if (mesh < 0) /* not a mesh of the topology: timed, not drawn */
    mesh = 0;
  sharc_pipeline_fragment *f = &s->fragments[s->num_fragments];
  b->fragment_at[pos] = (int)s->num_fragments++;
  f->name = origin_name(b, op);
  f->mesh = (unsigned)mesh;
  sharc_attr *stage = sharc_op_attr(op, "stage_id");
  f->stage = stage && sharc_attr_get_kind(stage) == SHARC_ATTR_INTEGER ? sharc_attr_int_value(stage)
                                                                       : -1;
  if (!sharc_mpmd_call_counter(op, &f->microbatch))
    f->microbatch = -1;
  int64_t t;
  f->kind = !sharc_mpmd_single_transpose_count(op, &t) ? SHARC_PIPELINE_OTHER
            : t == 0                                     ? SHARC_PIPELINE_FORWARD
                                                         : SHARC_PIPELINE_BACKWARD;
  work w = {op, 0, 0};
  sharc_walk(op, SHARC_PRE_ORDER, count_work, &w);
  double devices = s->meshes[mesh].devices > 0 ? (double)s->meshes[mesh].devices : 1;
  f->flops = w.flops / devices;
  f->bytes = w.bytes / devices;
  double ready = operands_ready(b, op);
  f->start = ready > lane_free[mesh] ? ready : lane_free[mesh];
  f->end = f->start + fragment_seconds(&s->cost, f);
  lane_free[mesh] = f->end;
  b->finish[pos] = f->end;
  s->meshes[mesh].busy += f->end - f->start;
  s->meshes[mesh].fragments++;
  if (f->microbatch + 1 > s->microbatches)
    s->microbatches = f->microbatch + 1;
  if (f->stage + 1 > s->stages)
    s->stages = f->stage + 1;
}

static void add_transfer(builder *b, sharc_op *op, size_t pos) {
  sharc_pipeline_sim *s = b->sim;
  sharc_value *in = sharc_op_operand(op, 0), *out = sharc_op_result(op, 0);
  int from = mesh_of_type(b, sharc_value_type(in)), to = mesh_of_type(b, sharc_value_type(out));
  sharc_pipeline_transfer *x = &s->transfers[s->num_transfers++];
  x->from = from < 0 ? 0 : (unsigned)from;
  x->to = to < 0 ? 0 : (unsigned)to;
  sharc_op *def = sharc_value_defining_op(in);
  uintptr_t p = def ? (uintptr_t)sharc_ptrmap_get(&b->op_pos, def) : 0;
  x->from_fragment = p ? b->fragment_at[p - 1] : -1;
  sharc_type *t = sharc_value_type(out);
  x->bytes = sharc_mpmd_is_mesh_tensor(t) ? tensor_bytes(sharc_mpmd_mesh_tensor_global_type(t)) : 0;
  x->bytes_per_device = sharc_mpmd_is_mesh_tensor(t) ? local_bytes(t, op) : 0;
  x->start = operands_ready(b, op);
  x->end = x->start + transfer_seconds(&s->cost, x->bytes_per_device);
  b->finish[pos] = x->end;
}

/* ---- memory ------------------------------------------------------------------------------- */

static category category_of(builder *b, sharc_value *v, int64_t *mb) {
  *mb = -1;
  if (sharc_value_is_block_arg(v))
    return CAT_PARAMETER;
  sharc_op *def = sharc_value_defining_op(v);
  if (sharc_op_isa(def, &sharc_mpmd_transfer_def))
    return CAT_TRANSFER;
  uintptr_t p = (uintptr_t)sharc_ptrmap_get(&b->op_pos, def);
  int fi = p ? b->fragment_at[p - 1] : -1;
  if (fi >= 0 && b->sim->fragments[fi].kind == SHARC_PIPELINE_FORWARD) {
    /* without call counters the program is one microbatch */
    *mb = b->sim->fragments[fi].microbatch < 0 ? 0 : b->sim->fragments[fi].microbatch;
    return CAT_ACTIVATION;
  }
  return CAT_OTHER;
}

typedef SHARC_VEC(mem_event) mem_event_vec;

static void add_value_events(builder *b, sharc_value *v, size_t def_pos, mem_event_vec *events) {
  sharc_type *t = sharc_value_type(v);
  int mesh = mesh_of_type(b, t);
  if (mesh < 0 || sharc_mpmd_is_on_host(t))
    return;
  int64_t bytes = local_bytes(t, b->entry);
  if (bytes <= 0)
    return;
  /* the caller owns the arguments' buffers: they live to the end */
  size_t last = sharc_value_is_block_arg(v) ? b->num_ops : def_pos;
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u)) {
    size_t p = position_of(b, sharc_use_owner(u));
    if (p > last)
      last = p;
  }
  int64_t mb;
  category cat = category_of(b, v, &mb);
  sharc_vec_push(events, ((mem_event){def_pos, (unsigned)mesh, cat, bytes, mb}));
  sharc_vec_push(events, ((mem_event){last + 1, (unsigned)mesh, cat, -bytes, mb}));
}

static int by_position(const void *a, const void *b) {
  const mem_event *x = a, *y = b;
  if (x->pos != y->pos)
    return x->pos < y->pos ? -1 : 1;
  return (x->bytes > y->bytes) - (x->bytes < y->bytes); /* deaths first */
}

/* Live bytes in doubles: exact to 2^53, and no overflow however many
 * values a program has. */
typedef struct mesh_live {
  double bytes[4];
  double total;
  unsigned microbatches;
} mesh_live;

static int64_t to_bytes(double v) {
  return v <= 0 ? 0 : v < 9.0e18 ? (int64_t)v : INT64_MAX;
}

static void observe(sharc_pipeline_sim *s, unsigned mesh, const mesh_live *l);

/* Applies a birth or death, and after a birth takes the mesh's peak (deaths
 * at a step come first, so the largest total after a birth is the step's). */
static void apply_event(builder *b, const mem_event *e, mesh_live *live, unsigned *mb_counts,
                        int64_t mbs) {
  mesh_live *l = &live[e->mesh];
  l->bytes[e->cat] += (double)e->bytes;
  l->total += (double)e->bytes;
  if (e->cat != CAT_ACTIVATION || e->microbatch < 0 || e->microbatch >= mbs) {
    if (e->bytes > 0)
      observe(b->sim, e->mesh, l);
    return;
  }
  unsigned *c = &mb_counts[(size_t)e->mesh * (size_t)mbs + (size_t)e->microbatch];
  if (e->bytes > 0 && (*c)++ == 0)
    l->microbatches++;
  else if (e->bytes < 0 && --*c == 0)
    l->microbatches--;
  if (e->bytes > 0)
    observe(b->sim, e->mesh, l);
}

static void observe(sharc_pipeline_sim *s, unsigned mesh, const mesh_live *l) {
  sharc_pipeline_mesh *m = &s->meshes[mesh];
  if (to_bytes(l->total) > m->peak_bytes) {
    m->peak_bytes = to_bytes(l->total);
    m->peak_parameter_bytes = to_bytes(l->bytes[CAT_PARAMETER]);
    m->peak_activation_bytes = to_bytes(l->bytes[CAT_ACTIVATION]);
    m->peak_transfer_bytes = to_bytes(l->bytes[CAT_TRANSFER]);
  }
  if (l->microbatches > m->peak_microbatches)
    m->peak_microbatches = l->microbatches;
}

static void sweep_memory(builder *b, sharc_op *const *ops) {
  sharc_pipeline_sim *s = b->sim;
  mem_event_vec events = {0};
  sharc_block *body = sharc_func_body(b->entry);
  for (unsigned i = 0; i < sharc_block_num_args(body); i++)
    add_value_events(b, sharc_block_arg(body, i), 0, &events);
  for (size_t p = 0; p < b->num_ops; p++)
    for (unsigned r = 0; r < sharc_op_num_results(ops[p]); r++)
      add_value_events(b, sharc_op_result(ops[p], r), p, &events);
  qsort(events.items, events.len, sizeof *events.items, by_position);
  int64_t mbs = s->microbatches > 0 ? s->microbatches : 1;
  mesh_live *live = calloc(s->num_meshes + 1, sizeof *live);
  unsigned *mb_counts = calloc((size_t)(s->num_meshes + 1) * (size_t)mbs, sizeof *mb_counts);
  size_t e = 0;
  for (size_t p = 0; p < b->num_ops; p++) {
    while (e < events.len && events.items[e].pos <= p)
      apply_event(b, &events.items[e++], live, mb_counts, mbs);
    int fi = b->fragment_at[p];
    if (fi >= 0) {
      sharc_pipeline_fragment *f = &s->fragments[fi];
      f->live_bytes = to_bytes(live[f->mesh].total);
      f->live_microbatches = live[f->mesh].microbatches;
    }
  }
  free(live);
  free(mb_counts);
  sharc_vec_free(&events);
}

/* ---- the whole ------------------------------------------------------------------------------ */

static void init_meshes(builder *b) {
  sharc_pipeline_sim *s = b->sim;
  s->num_meshes = sharc_mpmd_topology_num_meshes(b->topology);
  s->meshes = sharc_arena_alloc(b->arena, (s->num_meshes + 1) * sizeof *s->meshes);
  for (unsigned i = 0; i < s->num_meshes; i++) {
    sharc_attr *nm = sharc_mpmd_topology_mesh_at(b->topology, i);
    sharc_str name = sharc_mpmd_named_mesh_name(nm);
    s->meshes[i].name = sharc_arena_strndup(b->arena, name.data, name.len);
    int64_t d = sharc_sdy_mesh_total_size(sharc_mpmd_named_mesh_mesh(nm));
    s->meshes[i].devices = d > 0 ? d : 1;
  }
}

sharc_pipeline_sim *sharc_pipeline_simulate(sharc_op *module, const char *schedule,
                                            const sharc_pipeline_cost_model *cost) {
  sharc_op *entry = sharc_pipeline_entry_function(module);
  if (!entry) {
    sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, sharc_pipeline_module_loc(module),
               "the module has no function with an MPMD topology to simulate");
    sharc_diag_flush(sharc_op_context(module));
    return NULL;
  }
  if (!sharc_mpmd_topology_num_meshes(sharc_op_attr(entry, "topology"))) {
    sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, sharc_op_loc(entry),
               "the topology has no meshes to simulate");
    sharc_diag_flush(sharc_op_context(module));
    return NULL;
  }
  sharc_pipeline_sim *s = calloc(1, sizeof *s);
  sharc_arena *arena = calloc(1, sizeof *arena);
  s->arena = arena;
  s->cost = cost ? *cost : sharc_pipeline_options_default().cost;
  s->schedule = sharc_arena_strndup(arena, schedule ? schedule : "", schedule ? strlen(schedule) : 0);
  builder b = {s, arena, entry, sharc_op_attr(entry, "topology"), {0}, {0}, {0}, NULL, NULL, 0};
  init_meshes(&b);

  SHARC_VEC(sharc_op *) ops = {0};
  size_t fragments = 0, transfers = 0;
  for (sharc_op *op = sharc_block_first_op(sharc_func_body(entry)); op; op = sharc_op_next(op)) {
    sharc_ptrmap_put(&b.op_pos, op, (void *)(uintptr_t)(ops.len + 1));
    sharc_vec_push(&ops, op);
    fragments += sharc_op_isa(op, &sharc_mpmd_fragment_def);
    transfers += sharc_op_isa(op, &sharc_mpmd_transfer_def);
  }
  b.num_ops = ops.len;
  b.finish = calloc(ops.len + 1, sizeof *b.finish);
  b.fragment_at = malloc((ops.len + 1) * sizeof *b.fragment_at);
  s->fragments = sharc_arena_alloc(arena, (fragments + 1) * sizeof *s->fragments);
  s->transfers = sharc_arena_alloc(arena, (transfers + 1) * sizeof *s->transfers);
  double *lane_free = calloc(s->num_meshes + 1, sizeof *lane_free);
  for (size_t p = 0; p < ops.len; p++) {
    b.fragment_at[p] = -1;
    if (sharc_op_isa(ops.items[p], &sharc_mpmd_fragment_def))
      add_fragment(&b, ops.items[p], p, lane_free);
    else if (sharc_op_isa(ops.items[p], &sharc_mpmd_transfer_def))
      add_transfer(&b, ops.items[p], p);
    else
      b.finish[p] = operands_ready(&b, ops.items[p]);
    if (b.finish[p] > s->makespan)
      s->makespan = b.finish[p];
  }
  if (!s->microbatches && s->num_fragments)
    s->microbatches = 1;
  for (unsigned m = 0; m < s->num_meshes; m++)
    s->meshes[m].bubble = s->makespan > 0 ? 1 - s->meshes[m].busy / s->makespan : 0;
  sweep_memory(&b, ops.items);
  free(lane_free);
  free(b.finish);
  free(b.fragment_at);
  sharc_vec_free(&ops);
  sharc_ptrmap_free(&b.op_pos);
  sharc_ptrmap_free(&b.type_mesh);
  sharc_ptrmap_free(&b.name_mesh);
  return s;
}

void sharc_pipeline_sim_destroy(sharc_pipeline_sim *s) {
  if (!s)
    return;
  sharc_arena_free(s->arena);
  free(s->arena);
  free(s);
}

double sharc_pipeline_sim_bubble(const sharc_pipeline_sim *s) {
  if (!s->num_meshes || s->makespan <= 0)
    return 0;
  double busy = 0;
  for (unsigned m = 0; m < s->num_meshes; m++)
    busy += s->meshes[m].busy;
  return 1 - busy / (s->makespan * s->num_meshes);
}

int64_t sharc_pipeline_sim_peak_bytes(const sharc_pipeline_sim *s) {
  int64_t peak = 0;
  for (unsigned m = 0; m < s->num_meshes; m++)
    if (s->meshes[m].peak_bytes > peak)
      peak = s->meshes[m].peak_bytes;
  return peak;
}
