/* interpreter.run_parallel and the collectives between its devices:
 * all_gather, all_reduce, reduce_scatter, all_to_all, collective_permute,
 * collective_broadcast, replica_id, partition_id, infeed and outfeed. Each
 * collective computes the process group the spec's mode gives (cross
 * replica, cross partition, cross replica and partition, flattened ids),
 * exchanges values at a rendezvous, and computes its own result from the
 * group's values in group order. */
#include <pthread.h>
#include <stdlib.h>

#include "dialect/func/func.h"
#include "dialect/stablehlo/shlo.h"
#include "interpret/body.h"
#include "interpret/collective_count.h"
#include "interpret/device_internal.h"
#include "interpret/kernel_util.h"
#include "sharc/symbols.h"

typedef enum group_mode { CROSS_REPLICA, CROSS_PARTITION, CROSS_REPLICA_AND_PARTITION, FLATTENED } group_mode;

/* A process group: members as flattened ids (replica * partitions + partition). */
typedef struct pgroup {
  unsigned size, pos;
  uint64_t *members;
} pgroup;

static void my_ids(const sharc_interp *ip, uint32_t *r, uint32_t *p, uint32_t *nr, uint32_t *np) {
  if (ip->device) {
    sharc_device_ids(ip->device, r, p, nr, np);
    return;
  }
  *r = *p = 0;
  *nr = *np = 1;
}

static int64_t channel_id(const sharc_op *op) {
  sharc_attr *ch = sharc_op_attr(op, "channel_handle");
  return ch ? sharc_shlo_struct_int(ch, &sharc_shlo_channel_handle_def, 0) : 0;
}

static group_mode reduce_like_mode(const sharc_op *op) {
  bool global = sharc_op_attr(op, "use_global_device_ids") != NULL;
  if (channel_id(op) <= 0 && !global)
    return CROSS_REPLICA;
  return global ? FLATTENED : CROSS_REPLICA_AND_PARTITION;
}

static group_mode split_mode(const sharc_op *op) {
  return channel_id(op) <= 0 ? CROSS_REPLICA : CROSS_PARTITION;
}

static void push(pgroup *g, uint64_t id, uint64_t me) {
  if (id == me)
    g->pos = g->size;
  g->members[g->size++] = id;
}

/* The group of the running device under `mode` and `groups` (a 2-D dense
 * attribute, -1 padding; empty or absent: everyone). */
static bool process_group(sharc_interp *ip, sharc_op *op, group_mode mode, const sharc_attr *groups,
                          pgroup *g) {
  uint32_t r, p, nr, np;
  my_ids(ip, &r, &p, &nr, &np);
  uint64_t me = (uint64_t)r * np + p;
  g->size = 0;
  g->pos = UINT32_MAX;
  g->members = malloc((size_t)nr * np * sizeof *g->members);
  int64_t rows = 0, cols = 0;
  if (groups && sharc_attr_get_kind(groups) == SHARC_ATTR_DENSE_ELEMENTS &&
      sharc_type_rank(sharc_attr_type(groups)) == 2) {
    rows = sharc_type_shape(sharc_attr_type(groups))[0];
    cols = sharc_type_shape(sharc_attr_type(groups))[1];
  }
  uint32_t limit = mode == CROSS_REPLICA || mode == CROSS_REPLICA_AND_PARTITION ? nr
                   : mode == CROSS_PARTITION                                   ? np
                                                                               : nr * np;
  uint32_t mine = mode == CROSS_REPLICA || mode == CROSS_REPLICA_AND_PARTITION ? r
                  : mode == CROSS_PARTITION                                   ? p
                                                                              : (uint32_t)me;
  int64_t found = -1;
  for (int64_t i = 0; i < rows * cols; i++) {
    int64_t id = sharc_interp_attr_i64(groups, (unsigned)i);
    if (id >= (int64_t)limit) {
      free(g->members);
      return sharc_interp_fail(ip, op, "replica_groups: id %lld is out of range for %u devices",
                               (long long)id, limit);
    }
    if (id == (int64_t)mine)
      found = i / cols;
  }
  bool everyone = rows * cols == 0;
  if (!everyone && found < 0) {
    free(g->members);
    return sharc_interp_fail(ip, op, "device (replica %u, partition %u) is in no replica group", r,
                             p);
  }
  /* cross_replica_and_partition: the group's replicas in every partition,
   * partition by partition (the spec's order) */
  uint32_t parts = mode == CROSS_REPLICA_AND_PARTITION ? np : 1;
  for (uint32_t q = 0; q < parts; q++)
    for (int64_t k = 0; k < (everyone ? (int64_t)limit : cols); k++) {
      int64_t id = everyone ? k : sharc_interp_attr_i64(groups, (unsigned)(found * cols + k));
      if (id < 0)
        continue;
      switch (mode) {
      case CROSS_REPLICA:
        push(g, (uint64_t)id * np + p, me);
        break;
      case CROSS_PARTITION:
        push(g, (uint64_t)r * np + (uint64_t)id, me);
        break;
      case CROSS_REPLICA_AND_PARTITION:
        push(g, (uint64_t)id * np + q, me);
        break;
      case FLATTENED:
        push(g, (uint64_t)id, me);
        break;
      }
    }
  return true;
}

/* Every member's value (new references), in group order. */
static bool exchange(sharc_interp *ip, sharc_op *op, const pgroup *g, sharc_tensor *mine,
                     sharc_tensor **all) {
  if (!ip->device) {
    all[0] = mine;
    sharc_tensor_retain(mine);
    return true;
  }
  return sharc_device_exchange(ip, op, g->members[0], g->size, g->pos, mine, all);
}

/* The op's operands as one tuple value (what a device deposits). */
static sharc_tensor *pack_operands(sharc_op *op, sharc_tensor **in) {
  unsigned n = sharc_op_num_operands(op);
  for (unsigned i = 0; i < n; i++)
    sharc_tensor_retain(in[i]);
  return sharc_tensor_tuple(NULL, in, n);
}

typedef struct gathered {
  pgroup g;
  sharc_tensor **all; /* g.size tuples */
} gathered;

static void gathered_free(gathered *x) {
  for (unsigned i = 0; x->all && i < x->g.size; i++)
    sharc_tensor_release(x->all[i]);
  free(x->all);
  free(x->g.members);
}

static bool gather_group(sharc_interp *ip, sharc_op *op, group_mode mode, sharc_tensor **in,
                         gathered *x) {
  memset(x, 0, sizeof *x);
  if (!process_group(ip, op, mode, sharc_op_attr(op, "replica_groups"), &x->g))
    return false;
  x->all = calloc(x->g.size ? x->g.size : 1, sizeof *x->all);
  sharc_tensor *mine = pack_operands(op, in);
  bool ok = exchange(ip, op, &x->g, mine, x->all);
  sharc_tensor_release(mine);
  if (!ok) {
    free(x->all);
    x->all = NULL;
    free(x->g.members);
  }
  return ok;
}

/* ---- all_reduce / reduce_scatter ------------------------------------------------------ */

/* out[k] = fold of the body over the members' operand k, in group order. */
static bool reduce_group(sharc_interp *ip, sharc_op *op, sharc_scope *sc, gathered *x,
                         sharc_tensor **acc, unsigned n) {
  for (unsigned k = 0; k < n; k++) {
    sharc_tensor *v0 = x->all[0]->elems[k];
    acc[k] = sharc_tensor_new_at(ip, op, v0->type);
    if (!acc[k])
      return false;
    memcpy(acc[k]->data.p, v0->data.p, (size_t)v0->n * sharc_storage_size(v0->st));
  }
  /* a variadic all_reduce whose computation takes one pair of scalars
   * reduces each operand on its own with it */
  sharc_region *region = sharc_op_region(op, 0);
  sharc_block *entry = sharc_region_first_block(region);
  unsigned per = n > 1 && entry && sharc_block_num_args(entry) == 2 ? 1 : n;
  bool ok = true;
  for (unsigned k0 = 0; ok && k0 < n; k0 += per) {
    sharc_body body;
    if (!sharc_body_init(&body, ip, op, region, sc, per))
      return false;
    for (unsigned m = 1; ok && m < x->g.size; m++)
      for (int64_t i = 0; ok && i < acc[k0]->n; i++)
        ok = sharc_body_accumulate(&body, acc + k0, i, x->all[m]->elems + k0, i);
    sharc_body_free(&body);
  }
  return ok;
}

static bool k_all_reduce(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                         sharc_scope *sc) {
  gathered x;
  if (!gather_group(ip, op, reduce_like_mode(op), in, &x))
    return false;
  bool ok = reduce_group(ip, op, sc, &x, out, sharc_op_num_operands(op));
  if (ok)
    sharc_interp_count_collective(ip, op, x.g.size, x.g.pos, in, out);
  gathered_free(&x);
  return ok;
}

/* collective_reduce: the group's reduction lands on its first member (the
 * root); every other member's results are zeros. */
static bool k_collective_reduce(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                sharc_tensor **out, sharc_scope *sc) {
  gathered x;
  if (!gather_group(ip, op, reduce_like_mode(op), in, &x))
    return false;
  unsigned n = sharc_op_num_operands(op);
  bool ok = true;
  if (x.g.pos == 0) {
    ok = reduce_group(ip, op, sc, &x, out, n);
  } else {
    for (unsigned k = 0; ok && k < n; k++) {
      out[k] = sharc_result_new(ip, op, k);
      ok = out[k] != NULL;
    }
  }
  if (ok)
    sharc_interp_count_collective(ip, op, x.g.size, x.g.pos, in, out);
  gathered_free(&x);
  return ok;
}

/* Block `pos` along `dim` of `whole` (as large there as `part`) copied
 * into `part`, or from it when `put`. */
static void copy_block(const sharc_tensor *whole, const sharc_tensor *part, int64_t dim,
                       int64_t pos, bool put) {
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; d++)
    outer *= whole->shape[d];
  for (unsigned d = (unsigned)dim + 1; d < whole->rank; d++)
    inner *= whole->shape[d];
  size_t esz = sharc_storage_size(whole->st);
  int64_t blk = part->shape[dim] * inner, row = whole->shape[dim] * inner;
  for (int64_t o = 0; o < outer; o++) {
    char *in_whole = (char *)whole->data.p + (o * row + pos * blk) * esz;
    char *in_part = (char *)part->data.p + o * blk * esz;
    if (put)
      memcpy(in_whole, in_part, (size_t)blk * esz);
    else
      memcpy(in_part, in_whole, (size_t)blk * esz);
  }
}

/* The `pos`-th of the equal blocks of `t` along `dim`, into `r`. */
static void take_block(sharc_tensor *r, const sharc_tensor *t, int64_t dim, int64_t pos) {
  copy_block(t, r, dim, pos, false);
}

/* Writes `t` as block `pos` along `dim` of `r`. */
static void put_block(sharc_tensor *r, const sharc_tensor *t, int64_t dim, int64_t pos) {
  copy_block(r, t, dim, pos, true);
}

static bool type_fits_result(sharc_op *op, unsigned i, const sharc_tensor *t) {
  sharc_type *want = sharc_value_type(sharc_op_result(op, i));
  if (t->type == want)
    return true;
  return t->kind == SHARC_IV_TENSOR && sharc_type_get_kind(want) == SHARC_TYPE_TENSOR &&
         sharc_type_element(want) == t->elem && sharc_tensor_shape_fits(t, want);
}

static int64_t int_attr(const sharc_op *op, const char *name, int64_t dflt) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a ? sharc_attr_int_value(a) : dflt;
}

static bool k_reduce_scatter(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                             sharc_tensor **out, sharc_scope *sc) {
  gathered x;
  if (!gather_group(ip, op, reduce_like_mode(op), in, &x))
    return false;
  sharc_tensor *acc[1] = {NULL};
  bool ok = reduce_group(ip, op, sc, &x, acc, 1);
  int64_t dim = int_attr(op, "scatter_dimension", 0);
  if (ok) {
    out[0] = sharc_result_new(ip, op, 0);
    ok = out[0] != NULL;
  }
  if (ok) {
    take_block(out[0], acc[0], dim, x.g.pos);
    sharc_interp_count_collective(ip, op, x.g.size, x.g.pos, in, out);
  }
  sharc_tensor_release(acc[0]);
  gathered_free(&x);
  return ok;
}

/* Puts member m's operand `src` into result `r`; dims: the op's dimension
 * attributes. */
typedef bool (*member_placer)(sharc_interp *ip, sharc_op *op, sharc_tensor *r,
                              const sharc_tensor *src, const gathered *x, unsigned m,
                              const int64_t *dims);

/* The group's operands gathered, each result made and filled from every
 * member's operand of the same index by `place`. */
static bool fill_from_members(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                              sharc_tensor **out, group_mode mode, member_placer place,
                              const int64_t *dims) {
  gathered x;
  if (!gather_group(ip, op, mode, in, &x))
    return false;
  bool ok = true;
  for (unsigned k = 0; ok && k < sharc_op_num_results(op); k++) {
    out[k] = sharc_result_new(ip, op, k);
    ok = out[k] != NULL;
    for (unsigned m = 0; ok && m < x.g.size; m++)
      ok = place(ip, op, out[k], x.all[m]->elems[k], &x, m, dims);
  }
  if (ok)
    sharc_interp_count_collective(ip, op, x.g.size, x.g.pos, in, out);
  gathered_free(&x);
  return ok;
}

/* all_gather: member m's operand is block m along all_gather_dim. */
static bool place_gathered(sharc_interp *ip, sharc_op *op, sharc_tensor *r,
                           const sharc_tensor *src, const gathered *x, unsigned m,
                           const int64_t *dims) {
  (void)ip, (void)op, (void)x;
  put_block(r, src, dims[0], m);
  return true;
}

static bool k_all_gather(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                         sharc_scope *sc) {
  (void)sc;
  int64_t dim = int_attr(op, "all_gather_dim", 0);
  return fill_from_members(ip, op, in, out, reduce_like_mode(op), place_gathered, &dim);
}

/* all_to_all: the block this device gets from member m, m's split block
 * number pos, goes to block m along concat_dimension. */
static bool place_exchanged(sharc_interp *ip, sharc_op *op, sharc_tensor *r,
                            const sharc_tensor *src, const gathered *x, unsigned m,
                            const int64_t *dims) {
  int64_t split = dims[0], concat = dims[1];
  int64_t shape[SHARC_MAX_RANK];
  memcpy(shape, src->shape, src->rank * sizeof *shape);
  shape[split] /= x->g.size;
  sharc_type *bt = sharc_interp_tensor_type(ip, shape, src->rank, src->elem);
  sharc_tensor *blk = sharc_tensor_new_at(ip, op, bt);
  if (!blk)
    return false;
  take_block(blk, src, split, x->g.pos);
  put_block(r, blk, concat, m);
  sharc_tensor_release(blk);
  return true;
}

static bool k_all_to_all(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                         sharc_scope *sc) {
  (void)sc;
  int64_t dims[2] = {int_attr(op, "split_dimension", 0), int_attr(op, "concat_dimension", 0)};
  return fill_from_members(ip, op, in, out, split_mode(op), place_exchanged, dims);
}

/* ---- collective_permute / collective_broadcast ----------------------------------------- */

static bool k_collective_permute(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                 sharc_tensor **out, sharc_scope *sc) {
  (void)sc;
  uint32_t r, p, nr, np;
  my_ids(ip, &r, &p, &nr, &np);
  group_mode mode = split_mode(op);
  gathered x;
  memset(&x, 0, sizeof x);
  if (!process_group(ip, op, mode, NULL, &x.g))
    return false;
  x.all = calloc(x.g.size, sizeof *x.all);
  if (!exchange(ip, op, &x.g, in[0], x.all)) {
    free(x.all);
    free(x.g.members);
    return false;
  }
  sharc_tensor *res = sharc_result_new(ip, op, 0);
  out[0] = res;
  sharc_attr *pairs = sharc_op_attr(op, "source_target_pairs");
  unsigned n = pairs ? sharc_interp_attr_len(pairs) / 2 : 0;
  int64_t me = mode == CROSS_REPLICA ? r : p;
  for (unsigned i = 0; res && i < n; i++) {
    int64_t s = sharc_interp_attr_i64(pairs, 2 * i), t = sharc_interp_attr_i64(pairs, 2 * i + 1);
    if (t != me || s < 0 || s >= (int64_t)x.g.size)
      continue;
    memcpy(res->data.p, x.all[s]->data.p, (size_t)res->n * sharc_storage_size(res->st));
  }
  if (res)
    sharc_interp_count_collective(ip, op, x.g.size, me, in, out);
  gathered_free(&x);
  return res != NULL;
}

static bool k_collective_broadcast(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                   sharc_tensor **out, sharc_scope *sc) {
  (void)sc;
  gathered x;
  if (!gather_group(ip, op, split_mode(op), in, &x))
    return false;
  sharc_tensor *src = x.all[0]->elems[0];
  out[0] = sharc_result_new(ip, op, 0);
  if (out[0])
    memcpy(out[0]->data.p, src->data.p, (size_t)src->n * sharc_storage_size(src->st));
  if (out[0])
    sharc_interp_count_collective(ip, op, x.g.size, x.g.pos, in, out);
  gathered_free(&x);
  return out[0] != NULL;
}

/* ---- ids, infeed, outfeed ---------------------------------------------------------------- */

static bool k_id(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                 sharc_scope *sc) {
  (void)in, (void)sc;
  uint32_t r, p, nr, np;
  my_ids(ip, &r, &p, &nr, &np);
  out[0] = sharc_result_new(ip, op, 0);
  if (out[0])
    out[0]->data.i[0] = sharc_kernel_arg(ip, op) ? p : r;
  return out[0] != NULL;
}

static bool k_infeed(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                     sharc_scope *sc) {
  (void)in, (void)sc;
  unsigned n = sharc_op_num_results(op);
  for (unsigned i = 0; i + 1 < n; i++) {
    sharc_op *f = ip->device ? sharc_device_next_infeed(ip->device) : NULL;
    if (!f)
      return sharc_interp_fail(ip, op, "stablehlo.infeed: the infeed queue is empty");
    unsigned got = 0;
    if (!sharc_interp_call(ip, f, NULL, 0, &out[i], &got))
      return false;
  }
  out[n - 1] = sharc_interp_token(ip);
  return true;
}

static bool k_outfeed(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                      sharc_scope *sc) {
  (void)op, (void)in, (void)sc;
  out[0] = sharc_interp_token(ip);
  return true;
}

/* ---- send / recv ------------------------------------------------------------------------ */

/* send: the operands (but the token) go to the channel's receiver. */
static bool k_send(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                   sharc_scope *sc) {
  (void)sc;
  unsigned n = sharc_op_num_operands(op);
  if (!ip->device)
    return sharc_interp_fail(ip, op, "stablehlo.send: needs interpreter.run_parallel's devices");
  for (unsigned i = 0; i + 1 < n; i++)
    sharc_tensor_retain(in[i]);
  sharc_tensor *values = sharc_tensor_tuple(NULL, in, n ? n - 1 : 0);
  bool ok = sharc_device_send(ip, op, channel_id(op), values);
  sharc_tensor_release(values);
  if (ok)
    out[0] = sharc_interp_token(ip);
  return ok;
}

/* recv: the values the channel's sender sent, then a token. */
static bool k_recv(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                   sharc_scope *sc) {
  (void)in, (void)sc;
  unsigned n = sharc_op_num_results(op);
  if (!ip->device)
    return sharc_interp_fail(ip, op, "stablehlo.recv: needs interpreter.run_parallel's devices");
  sharc_tensor *values = NULL;
  if (!sharc_device_recv(ip, op, channel_id(op), &values))
    return false;
  bool ok = values->count + 1 == n;
  for (unsigned i = 0; ok && i + 1 < n; i++) {
    ok = type_fits_result(op, i, values->elems[i]);
    out[i] = values->elems[i];
    sharc_tensor_retain(out[i]);
  }
  sharc_tensor_release(values);
  if (!ok)
    return sharc_interp_fail(ip, op, "stablehlo.recv: the values sent do not match the results");
  out[n - 1] = sharc_interp_token(ip);
  return true;
}

/* ---- run_parallel ---------------------------------------------------------------------------- */

typedef struct device_run {
  sharc_device dev;
  sharc_op *func;
  sharc_region *body; /* instead of func: a region isolated from above */
  sharc_tensor **args;
  unsigned n_args;
  sharc_tensor **results;
  unsigned n_results;
  const sharc_interpret_options *opts;
  sharc_context *ctx;
  _Atomic int64_t *probes; /* the run's probe numbering, shared */
  bool ok;
} device_run;

static void *device_main(void *arg) {
  device_run *d = arg;
  sharc_interp ip;
  sharc_interp_init(&ip, d->ctx, d->opts);
  ip.device = &d->dev;
  ip.shared_probe_counter = d->probes;
  sharc_running_region running = {d->body ? sharc_region_parent_op(d->body) : NULL, NULL};
  if (d->body)
    ip.running = &running;
  unsigned got = 0;
  d->ok = d->body ? sharc_interp_run_region(&ip, d->body, NULL, d->args, d->n_args, d->results,
                                            &got)
                  : sharc_interp_call(&ip, d->func, d->args, d->n_args, d->results, &got);
  if (d->ok && got != d->n_results)
    d->ok = sharc_interp_fail(&ip, d->func ? d->func : sharc_region_parent_op(d->body),
                              "program returned %u values, expected %u", got, d->n_results);
  sharc_interp_dispose(&ip);
  return NULL;
}

static sharc_type *func_type_of(sharc_op *f) {
  sharc_attr *t = sharc_op_attr(f, "function_type");
  return t ? sharc_attr_type_value(t) : NULL;
}

static bool report_errors(sharc_interp *ip, device_run *runs, unsigned n) {
  device_run *first = NULL;
  for (unsigned i = 0; i < n; i++)
    if (!runs[i].ok && (!first || (first->dev.timed_out && !runs[i].dev.timed_out)))
      first = &runs[i];
  if (!first)
    return true;
  sharc_op *at = first->dev.error_op ? first->dev.error_op : first->func;
  if (!at)
    at = sharc_region_parent_op(first->body);
  sharc_emit(ip->ctx, SHARC_SEV_ERROR, sharc_op_loc(at), "%s",
             first->dev.error.data ? first->dev.error.data : "device failed");
  return false;
}

/* Runs funcs[r * np + p] (or, without funcs, the region `body` of
 * `at`) on device (r, p), one thread each, the devices' arguments and
 * results laid out one after the other in `in` and `out`; errors are
 * reported at `at` (or the failing op) once all have stopped. */
static bool run_devices(sharc_interp *ip, sharc_op *at, unsigned nr, unsigned np,
                        sharc_op *const *funcs, sharc_region *body, sharc_op **queue,
                        unsigned queue_len, sharc_tensor **in, unsigned n_in, sharc_tensor **out,
                        unsigned n_out) {
  unsigned n = nr * np;
  sharc_grid *g = calloc(1, sizeof *g);
  g->num_replicas = nr;
  g->num_partitions = np;
  g->timeout_s = ip->opts->collective_timeout_s > 0 ? ip->opts->collective_timeout_s : 10.0;
  pthread_mutex_init(&g->mu, NULL);
  pthread_cond_init(&g->cv, NULL);
  g->infeed_len = queue_len;
  g->infeed = queue;
  device_run *runs = calloc(n, sizeof *runs);
  unsigned next_in = 0, next_out = 0;
  bool ok = true;
  for (unsigned i = 0; i < n && ok; i++) {
    device_run *d = &runs[i];
    d->dev.grid = g;
    d->dev.replica = i / np;
    d->dev.partition = i % np;
    d->ctx = ip->ctx;
    d->opts = ip->opts;
    d->probes = ip->shared_probe_counter;
    if (!funcs) {
      d->body = body;
      d->n_args = n_in / n;
      d->n_results = n_out / n;
    } else {
      d->func = funcs[i];
      sharc_type *ft = d->func ? func_type_of(d->func) : NULL;
      if (!ft) {
        ok = sharc_interp_fail(ip, at, "interpreter.run_parallel: program not found");
        break;
      }
      d->n_args = sharc_type_func_num_inputs(ft);
      d->n_results = sharc_type_func_num_results(ft);
    }
    if (next_in + d->n_args > n_in || next_out + d->n_results > n_out) {
      ok = sharc_interp_fail(ip, at, "interpreter.run_parallel: operands do not match programs");
      break;
    }
    d->args = in + next_in;
    d->results = out + next_out;
    next_in += d->n_args;
    next_out += d->n_results;
  }
  pthread_t *threads = calloc(n, sizeof *threads);
  bool *started = calloc(n, sizeof *started);
  for (unsigned i = 0; ok && i < n; i++)
    started[i] = pthread_create(&threads[i], NULL, device_main, &runs[i]) == 0;
  for (unsigned i = 0; i < n; i++)
    if (started[i])
      pthread_join(threads[i], NULL);
  for (unsigned i = 0; ok && i < n; i++)
    if (!started[i]) {
      runs[i].ok = false;
      sharc_buf_puts(&runs[i].dev.error, "could not start a device thread");
    }
  ok = ok && report_errors(ip, runs, n);
  for (unsigned i = 0; i < n; i++) {
    sharc_buf_free(&runs[i].dev.error);
    sharc_ptrmap_free(&runs[i].dev.executions);
  }
  sharc_device_drop_mail(g);
  for (unsigned i = 0; i < SHARC_GRID_SLOTS; i++) {
    sharc_rendezvous *s = &g->slots[i];
    for (unsigned k = 0; s->used && k < s->expected; k++)
      sharc_tensor_release(s->values[k]);
    if (s->used)
      free(s->values);
  }
  pthread_mutex_destroy(&g->mu);
  pthread_cond_destroy(&g->cv);
  free(threads);
  free(started);
  free(runs);
  free(g);
  return ok;
}

static bool k_run_parallel(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                           sharc_scope *sc) {
  (void)sc;
  if (ip->device)
    return sharc_interp_fail(ip, op, "interpreter.run_parallel cannot run inside a device");
  sharc_attr *programs = sharc_op_attr(op, "programs");
  unsigned nr = programs ? sharc_attr_count(programs) : 0;
  unsigned np = nr ? sharc_attr_count(sharc_attr_at(programs, 0)) : 0;
  if (!nr || !np || (uint64_t)nr * np > 4096)
    return sharc_interp_fail(ip, op, "interpreter.run_parallel: bad programs");
  sharc_attr *infeed = sharc_op_attr(op, "infeed");
  unsigned queue_len = infeed ? sharc_attr_count(infeed) : 0;
  sharc_op **queue = queue_len ? calloc(queue_len, sizeof *queue) : NULL;
  for (unsigned i = 0; i < queue_len; i++)
    queue[i] = sharc_symbol_lookup_ref(op, sharc_attr_at(infeed, i));
  sharc_op **funcs = calloc((size_t)nr * np, sizeof *funcs);
  for (unsigned r = 0; r < nr; r++)
    for (unsigned p = 0; p < np; p++) {
      sharc_attr *row = sharc_attr_at(programs, r);
      funcs[r * np + p] = p < sharc_attr_count(row)
                              ? sharc_symbol_lookup_ref(op, sharc_attr_at(row, p))
                              : NULL;
    }
  bool ok = run_devices(ip, op, nr, np, funcs, NULL, queue, queue_len, in,
                        sharc_op_num_operands(op), out, sharc_op_num_results(op));
  free(funcs);
  free(queue);
  return ok;
}

bool sharc_interpret_parallel(sharc_op *module, unsigned num_replicas, unsigned num_partitions,
                              sharc_tensor *const *args, unsigned num_args,
                              const sharc_interpret_options *options, sharc_tensor **results,
                              unsigned num_results) {
  static const sharc_interpret_options defaults = {0};
  const sharc_interpret_options *o = options ? options : &defaults;
  sharc_context *ctx = sharc_op_context(module);
  unsigned n = num_replicas * num_partitions;
  sharc_op *func = sharc_interp_find_entry(module, o->entry);
  if (!func || !n || (uint64_t)num_replicas * num_partitions > 4096) {
    sharc_emit(ctx, SHARC_SEV_ERROR, sharc_op_loc(module), "%s",
               func ? "cannot run on that many devices" : "module has no entry function to run");
    return false;
  }
  sharc_op **funcs = calloc(n, sizeof *funcs);
  for (unsigned i = 0; i < n; i++)
    funcs[i] = func;
  sharc_interp ip;
  sharc_interp_init(&ip, ctx, o);
  bool ok = run_devices(&ip, func, num_replicas, num_partitions, funcs, NULL, NULL, 0,
                        (sharc_tensor **)args, num_args, results, num_results);
  sharc_interp_dispose(&ip);
  for (unsigned i = 0; !ok && i < num_results; i++) {
    sharc_tensor_release(results[i]);
    results[i] = NULL;
  }
  free(funcs);
  return ok;
}

bool sharc_device_run_region(sharc_interp *ip, sharc_op *at, unsigned num_partitions,
                             sharc_region *body, sharc_tensor **in, unsigned n_in,
                             sharc_tensor **out, unsigned n_out) {
  return run_devices(ip, at, 1, num_partitions, NULL, body, NULL, 0, in, n_in, out, n_out);
}

const sharc_kernel sharc_kernels_collective[] = {
    {"interpreter.run_parallel", k_run_parallel, 0},
    {"stablehlo.all_reduce", k_all_reduce, 0},
    {"stablehlo.reduce_scatter", k_reduce_scatter, 0},
    {"stablehlo.collective_reduce", k_collective_reduce, 0},
    {"stablehlo.all_gather", k_all_gather, 0},
    {"stablehlo.all_to_all", k_all_to_all, 0},
    {"stablehlo.collective_permute", k_collective_permute, 0},
    {"stablehlo.collective_broadcast", k_collective_broadcast, 0},
    {"stablehlo.replica_id", k_id, 0},
    {"stablehlo.partition_id", k_id, 1},
    {"stablehlo.infeed", k_infeed, 0},
    {"stablehlo.send", k_send, 0},
    {"stablehlo.recv", k_recv, 0},
    {"stablehlo.outfeed", k_outfeed, 0},
    {NULL, NULL, 0},
};
