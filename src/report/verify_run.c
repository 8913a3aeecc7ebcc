/* `sharc verify`: runs a sharded module as it is (the global program) and
 * partitioned (the per-device program, on as many simulated devices as it
 * was partitioned for, one thread each) on the same inputs, cuts each
 * global input into each device's block and checks every device's block of
 * every result against the global result: bit-exact, or within a stated
 * tolerance where a collective reduces floats (sums in another order).
 * Blocks come from dialect/sdy/device_block.h, as the partitioner's. */
#include "report/partition_figures.h"
#include "report/report_internal.h"
#include "support/xalloc.h"

#include "dialect/func/func.h"
#include "interpret/interp.h"
#include "sharc/interpret.h"
#include "sharc/partition.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

sharc_verify_options sharc_verify_options_default(void) {
  sharc_verify_options o = {0};
  o.rtol = o.atol = -1;
  o.partition = sharc_partition_options_default();
  return o;
}

/* ---- the global program ------------------------------------------------------------ */

static sharc_walk_result collect_sdy_values_ops(sharc_op *op, void *user) {
  sharc_ptrvec *ops = user;
  if (sharc_op_is(op, "sdy.sharding_constraint") || sharc_op_is(op, "sdy.reshard") ||
      sharc_op_is(op, "sdy.constant"))
    sharc_vec_push(ops, op);
  return SHARC_WALK_ADVANCE;
}

/* sdy.constant (what XLA's import makes of constants, so that they stay
 * where they are) is the stablehlo.constant the interpreter runs. */
static sharc_value *as_stablehlo_constant(sharc_op *op) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_type *type = sharc_value_type(sharc_op_result(op, 0));
  sharc_named_attr value = {sharc_ident_get(ctx, SHARC_STR("value")), sharc_op_attr(op, "value")};
  sharc_op_state st = {.name = sharc_ident_get(ctx, SHARC_STR("stablehlo.constant")),
                       .loc = sharc_op_loc(op),
                       .result_types = &type,
                       .num_results = 1,
                       .attrs = sharc_attr_dictionary(ctx, &value, 1)};
  sharc_op *c = sharc_op_create(ctx, &st);
  sharc_block_insert_before(op, c);
  return sharc_op_result(c, 0);
}

/* Sharding constraints and reshards say where a value lives, not what it
 * is: the global program runs without them (and with plain constants). */
static void drop_sharding_ops(sharc_op *module) {
  sharc_ptrvec ops = {0};
  sharc_walk(module, SHARC_PRE_ORDER, collect_sdy_values_ops, &ops);
  for (size_t i = 0; i < ops.len; i++) {
    sharc_op *op = ops.items[i];
    sharc_value *v = sharc_op_is(op, "sdy.constant") ? as_stablehlo_constant(op)
                                                     : sharc_op_operand(op, 0);
    sharc_value_replace_all_uses(sharc_op_result(op, 0), v);
    sharc_op_erase(op);
  }
  sharc_vec_free(&ops);
}

/* ---- inputs ---------------------------------------------------------------------- */

static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* A float in [-1, 1), on a 1/1024 grid so that every format holds it. */
static double random_float(uint64_t *state) {
  return (double)(int64_t)(next_random(state) % 2048) / 1024.0 - 1.0;
}

/* Booleans 0/1, unsigned integers in [0, 8], signed ones in [-4, 4]. */
static int64_t random_int(uint64_t *state, const sharc_tensor *t) {
  uint64_t r = next_random(state);
  if (t->bits == 1)
    return (int64_t)(r & 1);
  if (t->uns)
    return (int64_t)(r % 9);
  return (int64_t)(r % 9) - 4;
}

static void fill_random(sharc_tensor *t, uint64_t *state) {
  for (int64_t i = 0; i < t->n; i++) {
    switch (t->st) {
    case SHARC_ST_INT:
      t->data.i[i] = random_int(state, t);
      break;
    case SHARC_ST_F32:
      t->data.f[i] = (float)random_float(state);
      break;
    case SHARC_ST_F64:
      t->data.d[i] = random_float(state);
      break;
    case SHARC_ST_C64: {
      float re = (float)random_float(state), im = (float)random_float(state);
      t->data.c[i] = re + im * I;
      break;
    }
    case SHARC_ST_C128: {
      double re = random_float(state), im = random_float(state);
      t->data.z[i] = re + im * I;
      break;
    }
    }
  }
}

typedef struct run {
  sharc_context *ctx;
  const sharc_verify_options *o;
  const char *title;
  sharc_buf *out;
  sharc_op *global_func;
  sharc_tensor **inputs;
  unsigned num_inputs;
} run;

/* A located error at `at` naming what could not be made; returns false. */
static bool fail_at(run *r, sharc_op *at, const char *what, sharc_type *t) {
  sharc_buf b = {0};
  if (t)
    sharc_print_type(t, &b);
  sharc_emit(r->ctx, SHARC_SEV_ERROR, sharc_op_loc(at), "%s%s%s", what, t ? " " : "",
             b.data ? b.data : "");
  sharc_buf_free(&b);
  return false;
}

static bool random_inputs(run *r) {
  sharc_type *ft = sharc_attr_type_value(sharc_op_attr(r->global_func, "function_type"));
  uint64_t state = r->o->seed;
  for (unsigned i = 0; i < r->num_inputs; i++) {
    sharc_type *t = sharc_type_func_input(ft, i);
    sharc_tensor *v = sharc_type_get_kind(t) == SHARC_TYPE_TENSOR ? sharc_tensor_new(t) : NULL;
    if (!v || v->q.quantized) {
      sharc_tensor_release(v);
      return fail_at(r, r->global_func, "cannot make random inputs of type", t);
    }
    fill_random(v, &state);
    r->inputs[i] = v;
  }
  return true;
}

/* `inputs:line:col` of the inputs file, for its errors. */
static sharc_attr *inputs_loc(run *r, unsigned line, unsigned col) {
  const char *name = r->o->inputs_name ? r->o->inputs_name : "<inputs>";
  sharc_ident *file = sharc_ident_get(r->ctx, (sharc_str){name, strlen(name)});
  return sharc_loc_file(r->ctx, file, line, col);
}

/* --inputs: one dense literal (`dense<...> : tensor<...>`) a line, in the
 * order of the arguments; blank lines and `//` comments are skipped. */
static bool given_inputs(run *r) {
  sharc_type *ft = sharc_attr_type_value(sharc_op_attr(r->global_func, "function_type"));
  const char *p = r->o->inputs_text, *end = p + r->o->inputs_len;
  unsigned i = 0, line = 0;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *stop = nl ? nl : end;
    line++;
    const char *s = p, *line_start = p;
    p = nl ? nl + 1 : end;
    while (s < stop && (*s == ' ' || *s == '\t' || *s == '\r'))
      s++;
    if (s == stop || (stop - s >= 2 && s[0] == '/' && s[1] == '/'))
      continue;
    if (i >= r->num_inputs) {
      sharc_emit(r->ctx, SHARC_SEV_ERROR, inputs_loc(r, line, 1),
                 "more inputs than the %u arguments of the function", r->num_inputs);
      return false;
    }
    sharc_attr *a = sharc_parse_attr_text_at(
        r->ctx, r->o->inputs_name ? r->o->inputs_name : "<inputs>",
        (sharc_str){s, (size_t)(stop - s)}, line, (unsigned)(s - line_start) + 1);
    sharc_tensor *v = a ? sharc_tensor_from_attr(r->ctx, a) : NULL;
    sharc_type *want = sharc_type_func_input(ft, i);
    if (!v || sharc_tensor_type(v) != want) {
      sharc_buf b = {0};
      sharc_print_type(want, &b);
      if (a) /* a parse error was reported at its place */
        sharc_emit(r->ctx, SHARC_SEV_ERROR, inputs_loc(r, line, (unsigned)(s - line_start) + 1),
                   "input %u must be a dense literal of type %s", i, b.data);
      sharc_buf_free(&b);
      sharc_tensor_release(v);
      return false;
    }
    r->inputs[i++] = v;
  }
  if (i == r->num_inputs)
    return true;
  sharc_emit(r->ctx, SHARC_SEV_ERROR, inputs_loc(r, line + 1, 1),
             "%u inputs for the %u arguments of the function", i, r->num_inputs);
  return false;
}

/* ---- blocks --------------------------------------------------------------------- */

/* Calls `fn` for every element of the block at `off` of `size` in a
 * global tensor of `gshape` and the local tensor of `lshape` holding it at
 * its origin, with both flat indices; stops when `fn` returns false. */
typedef bool (*elem_fn)(int64_t global, int64_t local, void *user);

static bool for_each_in_block(const int64_t *gshape, const int64_t *lshape, unsigned rank,
                              const int64_t *off, const int64_t *size, elem_fn fn, void *user) {
  int64_t idx[64] = {0};
  if (rank > 64)
    return false;
  for (unsigned d = 0; d < rank; d++)
    if (size[d] <= 0)
      return true;
  for (;;) {
    int64_t g = 0, l = 0;
    for (unsigned d = 0; d < rank; d++) {
      g = g * gshape[d] + off[d] + idx[d];
      l = l * lshape[d] + idx[d];
    }
    if (!fn(g, l, user))
      return false;
    unsigned d = rank;
    while (d > 0) {
      d--;
      if (++idx[d] < size[d])
        break;
      idx[d] = 0;
      if (d == 0)
        return true;
    }
    if (rank == 0)
      return true;
  }
}

typedef struct copy_ctx {
  const sharc_tensor *from;
  sharc_tensor *to;
  size_t elem;
} copy_ctx;

static bool copy_elem(int64_t g, int64_t l, void *user) {
  copy_ctx *c = user;
  memcpy((char *)c->to->data.p + (size_t)l * c->elem, (const char *)c->from->data.p + (size_t)g * c->elem,
         c->elem);
  return true;
}

/* ---- comparing --------------------------------------------------------------------- */

typedef struct compare_ctx {
  const sharc_tensor *global, *local;
  double tol; /* < 0: bit-exact */
  int64_t bad_global, bad_local;
} compare_ctx;

static bool close_enough(double a, double b, double tol) {
  if (isnan(a) || isnan(b))
    return isnan(a) && isnan(b);
  if (a == b)
    return true;
  return tol >= 0 && fabs(a - b) <= tol;
}

static bool compare_elem(int64_t g, int64_t l, void *user) {
  compare_ctx *c = user;
  const sharc_tensor *x = c->global, *y = c->local;
  bool eq;
  switch (x->st) {
  case SHARC_ST_INT:
    eq = x->data.i[g] == y->data.i[l];
    break;
  case SHARC_ST_F32:
    eq = close_enough(x->data.f[g], y->data.f[l], c->tol);
    break;
  case SHARC_ST_F64:
    eq = close_enough(x->data.d[g], y->data.d[l], c->tol);
    break;
  case SHARC_ST_C64:
    eq = close_enough(crealf(x->data.c[g]), crealf(y->data.c[l]), c->tol) &&
         close_enough(cimagf(x->data.c[g]), cimagf(y->data.c[l]), c->tol);
    break;
  default:
    eq = close_enough(creal(x->data.z[g]), creal(y->data.z[l]), c->tol) &&
         close_enough(cimag(x->data.z[g]), cimag(y->data.z[l]), c->tol);
    break;
  }
  if (eq)
    return true;
  c->bad_global = g;
  c->bad_local = l;
  return false;
}

/* The relative tolerance for floats of kind `k` whose sums were reordered. */
static double default_rtol(const sharc_tensor *t) {
  if (t->st == SHARC_ST_F64 || t->st == SHARC_ST_C128)
    return 1e-9;
  switch (t->fk) {
  case SHARC_F32:
  case SHARC_TF32:
    return 1e-4;
  case SHARC_F16:
    return 1e-2;
  case SHARC_BF16:
    return 5e-2;
  default:
    return t->narrow ? 0.25 : 1e-4;
  }
}

static double max_abs(const sharc_tensor *t) {
  double m = 0;
  for (int64_t i = 0; i < t->n; i++) {
    double a = t->st == SHARC_ST_INT ? 0 : cabs(sharc_tensor_get_complex(t, i));
    if (a > m && isfinite(a))
      m = a;
  }
  return m;
}

static void put_index(sharc_buf *out, int64_t flat, const int64_t *shape, unsigned rank) {
  int64_t idx[64];
  for (unsigned d = rank; d-- > 0;) {
    idx[d] = shape[d] ? flat % shape[d] : 0;
    flat = shape[d] ? flat / shape[d] : 0;
  }
  sharc_buf_putc(out, '[');
  for (unsigned d = 0; d < rank && d < 64; d++)
    sharc_buf_printf(out, "%s%lld", d ? ", " : "", (long long)idx[d]);
  sharc_buf_putc(out, ']');
}

static void put_elem(sharc_buf *out, const sharc_tensor *t, int64_t i) {
  if (t->st == SHARC_ST_INT) {
    sharc_buf_printf(out, "%lld", (long long)t->data.i[i]);
    return;
  }
  double complex z = sharc_tensor_get_complex(t, i);
  if (t->st == SHARC_ST_C64 || t->st == SHARC_ST_C128)
    sharc_buf_printf(out, "(%.9g, %.9g)", creal(z), cimag(z));
  else
    sharc_buf_printf(out, "%.9g", creal(z));
}

/* ---- the run ------------------------------------------------------------------------- */

static const char *json_or(const sharc_verify_options *o, const char *json, const char *text) {
  return o->json ? json : text;
}

/* The verdict on one mismatch: value, device, index, what the sharding said. */
static void report_mismatch(run *r, const sharc_partition_value *v, unsigned device,
                            const compare_ctx *c, double tol) {
  const sharc_type *gt = sharc_type_shaped_view(v->global_type);
  const sharc_type *lt = sharc_type_shaped_view(v->local_type);
  sharc_buf m = {0};
  sharc_buf_printf(&m, "%s differs on device %u at local index ", v->name, device);
  put_index(&m, c->bad_local, sharc_type_shape(lt), sharc_type_rank(lt));
  SHARC_BUF_LIT(&m, " (global index ");
  put_index(&m, c->bad_global, sharc_type_shape(gt), sharc_type_rank(gt));
  SHARC_BUF_LIT(&m, "): partitioned ");
  put_elem(&m, c->local, c->bad_local);
  SHARC_BUF_LIT(&m, ", global ");
  put_elem(&m, c->global, c->bad_global);
  sharc_buf_printf(&m, "; its sharding %s", v->spec);
  if (tol >= 0)
    sharc_buf_printf(&m, ", tolerance %.3g", tol);
  if (r->o->json) {
    SHARC_BUF_LIT(r->out, ", \"mismatch\": ");
    sharc_report_put_json_string(r->out, m.data);
  } else {
    sharc_buf_printf(r->out, "mismatch: %s\n", m.data);
  }
  sharc_buf_free(&m);
}

/* Checks every device's block of result value `v` against the global one. */
static bool check_result(run *r, const sharc_partition *p, const sharc_partition_value *v,
                         const sharc_tensor *global, sharc_tensor *const *locals, unsigned stride,
                         unsigned offset, double *tol_used) {
  *tol_used = -1;
  if (global->kind != SHARC_IV_TENSOR)
    return true;
  bool floats = global->st != SHARC_ST_INT;
  double tol = -1;
  if (floats && sharc_partition_reduces_floats(p)) {
    double rtol = r->o->rtol >= 0 ? r->o->rtol : default_rtol(global);
    double atol = r->o->atol >= 0 ? r->o->atol : 0;
    double scale = max_abs(global);
    tol = atol + rtol * (scale > 1 ? scale : 1);
  }
  *tol_used = tol;
  unsigned rank = global->rank;
  sharc_report_block blk = sharc_report_block_alloc(rank);
  int64_t *off = blk.off, *size = blk.size, *local = blk.local;
  bool ok = true;
  for (unsigned d = 0; ok && d < sharc_partition_num_devices(p); d++) {
    const sharc_tensor *l = locals[d * stride + offset];
    if (!sharc_partition_block(v, d, off, size, local))
      continue;
    compare_ctx c = {global, l, tol, -1, -1};
    if (l->kind != SHARC_IV_TENSOR || l->rank != rank || l->st != global->st) {
      if (r->o->json)
        SHARC_BUF_LIT(r->out, ", \"mismatch\": \"a device returned another type\"");
      else
        sharc_buf_printf(r->out, "mismatch: device %u returned %s as another type\n", d, v->name);
      ok = false;
      break;
    }
    for (unsigned k = 0; k < rank; k++)
      if (size[k] > l->shape[k])
        size[k] = l->shape[k];
    if (!for_each_in_block(global->shape, l->shape, rank, off, size, compare_elem, &c)) {
      report_mismatch(r, v, d, &c, tol);
      ok = false;
    }
  }
  free(off);
  return ok;
}

/* Each device's arguments: its block of every global input. */
static bool slice_inputs(run *r, const sharc_partition *p, sharc_tensor **args, unsigned na) {
  unsigned n = sharc_partition_num_devices(p);
  for (unsigned d = 0; d < n; d++)
    for (unsigned i = 0; i < na; i++) {
      const sharc_partition_value *v = sharc_partition_value_at(p, i);
      const sharc_tensor *g = r->inputs[i];
      sharc_type *lt = v->local_type;
      sharc_tensor *l = lt && sharc_type_get_kind(lt) == SHARC_TYPE_TENSOR ? sharc_tensor_new(lt)
                                                                            : NULL;
      if (!l || l->rank != g->rank || l->st != g->st) {
        sharc_tensor_release(l);
        return fail_at(r, r->global_func, "cannot hold a device's block of type", lt);
      }
      int64_t *off = sharc_xcalloc(3 * (g->rank + 1), sizeof *off), *size = off + g->rank + 1,
              *local = size + g->rank + 1;
      if (sharc_partition_block(v, d, off, size, local)) {
        for (unsigned k = 0; k < g->rank; k++)
          if (size[k] > l->shape[k])
            size[k] = l->shape[k];
        copy_ctx c = {g, l, sharc_storage_size(g->st)};
        for_each_in_block(g->shape, l->shape, g->rank, off, size, copy_elem, &c);
      }
      free(off);
      args[d * na + i] = l;
    }
  return true;
}

static void release_all(sharc_tensor **t, size_t n) {
  for (size_t i = 0; t && i < n; i++)
    sharc_tensor_release(t[i]);
  free(t);
}

/* Parts of the output before the per-value lines. */
static void write_header(run *r, const sharc_partition *p) {
  if (r->o->json) {
    SHARC_BUF_LIT(r->out, "{\"file\": ");
    sharc_report_put_json_string(r->out, r->title);
    sharc_buf_printf(r->out,
                     ", \"devices\": %u, \"replica_count\": %lld, \"partition_count\": %lld, "
                     "\"seed\": %llu, \"inputs\": %s, \"values\": [",
                     sharc_partition_num_devices(p), (long long)sharc_partition_replica_count(p),
                     (long long)sharc_partition_partition_count(p),
                     (unsigned long long)r->o->seed, r->o->inputs_text ? "\"given\"" : "\"random\"");
    return;
  }
  sharc_buf_printf(r->out, "%s: the partitioned program on %u devices (%lld replicas x %lld "
                           "partitions) against the global program\n",
                   r->title ? r->title : "", sharc_partition_num_devices(p),
                   (long long)sharc_partition_replica_count(p),
                   (long long)sharc_partition_partition_count(p));
  if (r->o->inputs_text)
    sharc_buf_printf(r->out, "inputs: %s\n", r->o->inputs_name ? r->o->inputs_name : "given");
  else
    sharc_buf_printf(r->out, "inputs: random, seed %llu (integers in [-4, 4], unsigned in "
                             "[0, 8], floats in [-1, 1))\n",
                     (unsigned long long)r->o->seed);
}

static void write_value(run *r, const sharc_partition_value *v, bool first) {
  if (r->o->json) {
    sharc_buf_puts(r->out, first ? "\n  {\"value\": " : ",\n  {\"value\": ");
    sharc_report_put_json_string(r->out, v->name);
    SHARC_BUF_LIT(r->out, ", \"sharding\": ");
    sharc_report_put_json_string(r->out, v->spec);
    SHARC_BUF_LIT(r->out, ", \"type\": \"");
    sharc_print_type(v->global_type, r->out);
    SHARC_BUF_LIT(r->out, "\", \"local_type\": \"");
    if (v->local_type)
      sharc_print_type(v->local_type, r->out);
    SHARC_BUF_LIT(r->out, "\"");
    return;
  }
  sharc_buf_printf(r->out, "  %-8s ", v->name);
  sharc_print_type(v->global_type, r->out);
  sharc_buf_printf(r->out, "  %s  local ", v->spec);
  if (v->local_type)
    sharc_print_type(v->local_type, r->out);
}

static void write_verdict(run *r, const char *verdict, double tol) {
  if (r->o->json) {
    SHARC_BUF_LIT(r->out, ", \"verdict\": ");
    sharc_report_put_json_string(r->out, verdict);
    if (tol >= 0)
      sharc_buf_printf(r->out, ", \"tolerance\": %.6g", tol);
    SHARC_BUF_LIT(r->out, "}");
    return;
  }
  sharc_buf_printf(r->out, ": %s", verdict);
  if (tol >= 0)
    sharc_buf_printf(r->out, " (within %.3g: a collective reduces floats, sums are reordered)",
                     tol);
  sharc_buf_putc(r->out, '\n');
}

/* Runs the global program, partitions a copy of `module` and runs it,
 * and compares. */
static int compare_programs(run *r, sharc_op *global, sharc_op *module) {
  unsigned na = r->num_inputs;
  sharc_interpret_options io = {0};
  io.max_tensor_bytes = (uint64_t)1 << 32;
  sharc_tensor **gres = NULL;
  unsigned ngot = 0;
  if (!sharc_interpret_module(global, r->inputs, na, &io, &gres, &ngot)) {
    sharc_emit(r->ctx, SHARC_SEV_NOTE, sharc_op_loc(module),
               "the global program could not be run: nothing to compare with");
    return 2;
  }
  sharc_op *local = sharc_op_clone(module, true);
  sharc_partition_options po = r->o->partition;
  po.record_figures = true;
  sharc_partition *p = sharc_partition_module(local, &po);
  if (!p || sharc_partition_num_values(p) < na) {
    if (p)
      fail_at(r, r->global_func, "the partitioned entry function differs from the global one",
              NULL);
    sharc_partition_destroy(p);
    sharc_op_erase(local);
    release_all(gres, ngot);
    return 2;
  }
  unsigned nvals = sharc_partition_num_values(p), nr = nvals - na;
  unsigned nd = sharc_partition_num_devices(p);
  sharc_tensor **args = calloc((size_t)nd * na + 1, sizeof *args);
  sharc_tensor **lres = calloc((size_t)nd * nr + 1, sizeof *lres);
  sharc_verify_counts counts;
  sharc_verify_counts_init(&counts, nd);
  sharc_interpret_options counted = io;
  counted.on_collective = sharc_verify_count;
  counted.on_collective_user = &counts;
  int rc = 2;
  if (ngot != nr) {
    sharc_emit(r->ctx, SHARC_SEV_ERROR, sharc_op_loc(r->global_func),
               "the global program returned %u values, the partitioned one %u", ngot, nr);
  } else if (slice_inputs(r, p, args, na) &&
             sharc_interpret_parallel(local, (unsigned)sharc_partition_replica_count(p),
                                      (unsigned)sharc_partition_partition_count(p), args,
                                      nd * na, &counted, lres, nd * nr)) {
    rc = 0;
    write_header(r, p);
    sharc_buf why = {0};
    for (unsigned i = 0; i < nvals; i++) {
      const sharc_partition_value *v = sharc_partition_value_at(p, i);
      write_value(r, v, i == 0);
      why.len = 0;
      if (!sharc_partition_report_agrees(p, i, &why)) {
        if (r->o->json) {
          SHARC_BUF_LIT(r->out, ", \"mismatch\": ");
          sharc_report_put_json_string(r->out, why.data);
          SHARC_BUF_LIT(r->out, "}");
        } else {
          sharc_buf_printf(r->out, "\nmismatch: %s\n", why.data);
        }
        rc = 1;
        continue;
      }
      if (!v->is_result) {
        write_verdict(r, json_or(r->o, "sliced", "sliced into each device's block"), -1);
        continue;
      }
      double tol;
      if (!r->o->json)
        sharc_buf_putc(r->out, '\n');
      if (!check_result(r, p, v, gres[v->index], lres, nr, v->index, &tol)) {
        if (r->o->json)
          SHARC_BUF_LIT(r->out, "}");
        rc = 1;
        continue;
      }
      if (!r->o->json)
        r->out->len--; /* the verdict goes on the value's line */
      write_verdict(r, json_or(r->o, tol >= 0 ? "equal within tolerance" : "equal",
                               tol >= 0 ? "equal on every device" : "equal on every device, bit-exact"),
                    tol);
    }
    sharc_buf_free(&why);
    if (r->o->json)
      SHARC_BUF_LIT(r->out, "]");
    bool values_ok = rc == 0;
    if (!sharc_verify_figures(p, &counts, args, na, lres, nr, r->o->json, r->out))
      rc = 1;
    const char *limitation = rc ? sharc_partition_shardy_limitation(p) : NULL;
    if (r->o->json) {
      SHARC_BUF_LIT(r->out, ",\n");
      if (limitation)
        sharc_buf_printf(r->out, " \"shardy_limitation\": \"%s\",\n", limitation);
      sharc_buf_printf(r->out, " \"ok\": %s}\n", rc == 0 ? "true" : "false");
    } else {
      sharc_buf_printf(r->out, "%s\n", rc == 0 ? "ok: every device's blocks equal the global "
                                                 "program's, and the report agrees"
                       : values_ok ? "FAILED: the report's figures disagree with the run"
                                   : "FAILED: the partitioned program differs");
      if (limitation)
        sharc_buf_printf(r->out, "note: a limitation of Shardy's partitioner, kept for byte "
                                 "identity: %s (tests/partitioner/README.md)\n",
                         limitation);
    }
  }
  sharc_verify_counts_free(&counts);
  release_all(gres, ngot);
  release_all(args, (size_t)nd * na);
  release_all(lres, (size_t)nd * nr);
  sharc_partition_destroy(p);
  sharc_op_erase(local);
  return rc;
}

int sharc_verify_module(sharc_op *module, const sharc_verify_options *options, const char *title,
                        sharc_buf *out) {
  sharc_verify_options o = options ? *options : sharc_verify_options_default();
  run r = {0};
  r.ctx = sharc_op_context(module);
  r.o = &o;
  r.title = title;
  r.out = out;
  sharc_op *global = sharc_op_clone(module, true);
  drop_sharding_ops(global);
  r.global_func = sharc_interp_find_entry(global, "main");
  if (!r.global_func) {
    sharc_emit(r.ctx, SHARC_SEV_ERROR, sharc_op_loc(module), "the module has no @main to run");
    sharc_op_erase(global);
    return 2;
  }
  r.num_inputs = sharc_func_num_args(r.global_func);
  r.inputs = calloc(r.num_inputs + 1, sizeof *r.inputs);
  int rc = 2;
  bool made = o.inputs_text ? given_inputs(&r) : random_inputs(&r);
  if (made)
    rc = compare_programs(&r, global, module);
  release_all(r.inputs, r.num_inputs);
  sharc_op_erase(global);
  return rc;
}
