/* sdy.manual_computation in the interpreter (JAX's shard_map): the global
 * program's meaning of a manual computation. Its body runs once per device
 * of the mesh, one simulated device each (partition id = device id, so the
 * body's collectives name the devices the partitioned program has), on the
 * device's block of every operand along the manual axes of in_shardings
 * (free axes leave the dimension whole); every device's results are its
 * blocks of the op's results along the manual axes of out_shardings, and
 * each block is taken from one device (devices that differ only on axes a
 * result does not use hold the same block) or, for manual axes a result is
 * unreduced over, combined over those devices by the sharding's reduction.
 * A manual computation nested in another runs on the devices the outer one
 * started: each device runs the body on its own block, and the devices
 * exchange their results so that each assembles the blocks of the devices
 * that share its coordinates on the outer manual axes. Blocks come from
 * dialect/sdy/device_block.h, as the partitioner's. */
#include <stdlib.h>

#include "dialect/sdy/device_block.h"
#include "dialect/sdy/op_verify.h"
#include "interpret/device.h"
#include "interpret/kernel_util.h"
#include "support/xalloc.h"

#define MAX_DEVICES 4096

typedef struct manual_run {
  sharc_interp *ip;
  sharc_op *op;
  sharc_attr *mesh; /* NULL: one device, every block whole */
  unsigned num_devices;
  int64_t *pos;     /* mesh position of each device */
  /* the manual part of each in and out sharding (NULL: whole) */
  sharc_attr **in_shardings, **out_shardings;
  uint64_t outer_axes; /* mesh axes an enclosing manual computation made manual */
  int64_t self;        /* inside a device: its number; else -1 */
} manual_run;

/* A block of a value: per dimension its first index and its size. */
typedef struct block {
  int64_t off[SHARC_MAX_RANK], size[SHARC_MAX_RANK];
} block;

/* Device d's block of a tensor of `t`'s shape along the manual axes of
 * `sharding` (NULL: the whole tensor). */
static bool block_of(const manual_run *m, unsigned d, sharc_attr *sharding, const sharc_tensor *t,
                     block *b) {
  if (!m->mesh || !sharding) {
    for (unsigned k = 0; k < t->rank; k++) {
      b->off[k] = 0;
      b->size[k] = t->shape[k];
    }
    return true;
  }
  return sharc_sdy_device_block(sharding, m->mesh, m->pos[d], t->shape, t->rank, b->off, b->size,
                                NULL);
}

/* Whether `local` (a device's value) has exactly the block's shape. */
static bool fits_block(const sharc_tensor *local, const sharc_tensor *global, const block *b) {
  if (local->kind != SHARC_IV_TENSOR || local->rank != global->rank || local->st != global->st)
    return false;
  for (unsigned k = 0; k < local->rank; k++)
    if (local->shape[k] != b->size[k])
      return false;
  return true;
}

/* The flat index in `global` of the block's first element, and the
 * global tensor's strides. */
static int64_t block_base(const sharc_tensor *global, const block *b, int64_t *strides) {
  sharc_strides(global->shape, global->rank, strides);
  int64_t base = 0;
  for (unsigned k = 0; k < global->rank; k++)
    base += b->off[k] * strides[k];
  return base;
}

/* Copies the block between `global` and the dense `local`: into the
 * global tensor (`to_global`) or out of it. */
static void copy_block(sharc_tensor *global, const sharc_tensor *local, const block *b,
                       bool to_global) {
  int64_t strides[SHARC_MAX_RANK];
  int64_t base = block_base(global, b, strides);
  size_t esz = sharc_storage_size(global->st);
  if (to_global)
    sharc_strided_scatter(global->data.p, local->data.p, esz, b->size, global->rank, base,
                          strides);
  else
    sharc_strided_gather(local->data.p, global->data.p, esz, b->size, global->rank, base, strides);
}

/* ---- operands ------------------------------------------------------------------------ */

/* Device d's block of operand `i` (a new reference), typed as the body's
 * argument; NULL with an error at the op. */
static sharc_tensor *operand_block(manual_run *m, unsigned d, unsigned i, sharc_tensor *global,
                                   sharc_attr *sharding) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(m->op, 0));
  if (global->kind != SHARC_IV_TENSOR) { /* a token is every device's */
    sharc_tensor_retain(global);
    return global;
  }
  block b;
  if (!block_of(m, d, sharding, global, &b)) {
    sharc_interp_fail(m->ip, m->op, "in_shardings %u: an axis is not in the mesh", i);
    return NULL;
  }
  sharc_tensor *local =
      sharc_tensor_new_at(m->ip, m->op, sharc_value_type(sharc_block_arg(body, i)));
  if (!local)
    return NULL;
  if (!fits_block(local, global, &b)) {
    sharc_tensor_release(local);
    sharc_interp_fail(m->ip, m->op,
                      "operand %u: device %u's block does not have the type of the body's "
                      "argument",
                      i, d);
    return NULL;
  }
  copy_block(global, local, &b, false);
  return local;
}

/* ---- results --------------------------------------------------------------------------- */

/* The part of the coordinate along mesh axis `a` at `pos` that the axis
 * references `refs` (on any axes) cover, at its place in the coordinate:
 * the whole coordinate for the full axis, a sub-axis's digit times the
 * size of the sub-axes minor to it. */
static int64_t covered_coord(const sharc_attr *mesh, int64_t pos, unsigned a,
                             sharc_attr *const *refs, unsigned n) {
  sharc_attr *axis = sharc_sdy_mesh_axis(mesh, a);
  sharc_str name = sharc_sdy_mesh_axis_name(axis);
  int64_t size = sharc_sdy_mesh_axis_size(axis), c = 0;
  for (unsigned i = 0; i < n; i++) {
    if (!sharc_str_eq(sharc_sdy_axis_ref_name(refs[i]), name))
      continue;
    int64_t digit = sharc_sdy_axis_coord(mesh, pos, refs[i]);
    const sharc_attr *info = sharc_sdy_axis_ref_sub_axis_info(refs[i]);
    if (!info)
      return digit;
    int64_t span = sharc_sdy_sub_axis_info_pre_size(info) * sharc_sdy_sub_axis_info_size(info);
    if (digit < 0 || span <= 0 || size % span)
      continue;
    c += digit * (size / span);
  }
  return c;
}

/* The refs a result's manual sharding places (and, with `unreduced`,
 * reduces over). */
static unsigned result_refs(const sharc_attr *sharding, bool unreduced, sharc_attr **refs,
                            unsigned max) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  unsigned n = 0;
  for (unsigned d = 0; d < parts.num_dims; d++)
    for (unsigned k = 0; k < sharc_sdy_dim_sharding_num_axes(parts.dims[d]) && n < max; k++)
      refs[n++] = sharc_sdy_dim_sharding_axis(parts.dims[d], k);
  for (unsigned k = 0; unreduced && k < parts.num_unreduced && n < max; k++)
    refs[n++] = parts.unreduced[k];
  return n;
}

/* Whether device d is the one whose block of a result counts: the device,
 * among those differing only on axes the result's manual sharding does
 * not name (with `unreduced`, its unreduced axes count as named), with
 * coordinate 0 on all of those. */
static bool is_representative(const manual_run *m, unsigned d, const sharc_attr *sharding,
                              bool unreduced) {
  if (!m->mesh)
    return d == 0;
  sharc_attr *refs[64];
  unsigned n = sharding ? result_refs(sharding, unreduced, refs, 64) : 0;
  int64_t canonical = 0, stride = 1;
  for (unsigned a = sharc_sdy_mesh_num_axes(m->mesh); a-- > 0;) {
    int64_t c;
    if (m->outer_axes >> a & 1) { /* only the running device's own outer block */
      c = sharc_sdy_mesh_coord(m->mesh, m->pos[d], a);
      if (m->self >= 0 && c != sharc_sdy_mesh_coord(m->mesh, m->pos[m->self], a))
        return false;
    } else {
      c = covered_coord(m->mesh, m->pos[d], a, refs, n);
    }
    canonical += c * stride;
    stride *= sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(m->mesh, a));
  }
  return canonical == m->pos[d];
}

static double combine_real(double a, double b, sharc_sdy_reduction_op r) {
  switch (r) {
  case SHARC_SDY_REDUCTION_MAX:
    return a > b ? a : b;
  case SHARC_SDY_REDUCTION_MIN:
    return a < b ? a : b;
  default:
    return a + b;
  }
}

/* global[g] = global[g] (reduction) local[l]. */
static void combine_elem(sharc_tensor *global, int64_t g, const sharc_tensor *local, int64_t l,
                         sharc_sdy_reduction_op r) {
  switch (global->st) {
  case SHARC_ST_INT:
    global->data.i[g] =
        sharc_int_wrap(r == SHARC_SDY_REDUCTION_SUM   ? global->data.i[g] + local->data.i[l]
                       : r == SHARC_SDY_REDUCTION_MAX ? (global->data.i[g] > local->data.i[l]
                                                             ? global->data.i[g]
                                                             : local->data.i[l])
                       : global->data.i[g] < local->data.i[l] ? global->data.i[g]
                                                              : local->data.i[l],
                       global->bits, global->uns);
    return;
  case SHARC_ST_F32:
    global->data.f[g] = (float)combine_real(global->data.f[g], local->data.f[l], r);
    if (global->narrow)
      global->data.f[g] = sharc_round_narrow(global->data.f[g], global->fk);
    return;
  case SHARC_ST_F64:
    global->data.d[g] = combine_real(global->data.d[g], local->data.d[l], r);
    return;
  case SHARC_ST_C64:
    global->data.c[g] += local->data.c[l]; /* complex values only sum */
    return;
  case SHARC_ST_C128:
    global->data.z[g] += local->data.z[l];
    return;
  }
}

/* Combines a device's block into the result, element by element. */
static void combine_block(sharc_tensor *global, const sharc_tensor *local, const block *b,
                          sharc_sdy_reduction_op r) {
  int64_t strides[SHARC_MAX_RANK], idx[SHARC_MAX_RANK] = {0};
  int64_t base = block_base(global, b, strides);
  if (local->n == 0)
    return;
  int64_t l = 0;
  do {
    int64_t g = base;
    for (unsigned k = 0; k < global->rank; k++)
      g += idx[k] * strides[k];
    combine_elem(global, g, local, l++, r);
  } while (sharc_idx_next(idx, b->size, global->rank));
}

/* Device d's block of result `j` into `global`: set, or (`combine`)
 * combined by `r` into what is there. */
static bool place_block(manual_run *m, unsigned j, unsigned d, const sharc_tensor *local,
                        sharc_attr *sharding, sharc_tensor *global, bool combine,
                        sharc_sdy_reduction_op r) {
  block b;
  if (!block_of(m, d, sharding, global, &b))
    return sharc_interp_fail(m->ip, m->op, "out_shardings %u: an axis is not in the mesh", j);
  if (!fits_block(local, global, &b))
    return sharc_interp_fail(m->ip, m->op,
                             "result %u: device %u returned a value that is not its block", j, d);
  if (combine) {
    combine_block(global, local, &b, r);
    return true;
  }
  copy_block(global, local, &b, true);
  return true;
}

/* Result `j` from every device's values `locals` (one per device, `stride`
 * apart): each block set by its representative device and, over unreduced
 * axes, the other devices' values combined into it. */
static bool assemble_result(manual_run *m, unsigned j, sharc_tensor *const *locals,
                            unsigned stride, sharc_attr *sharding, sharc_tensor **out) {
  if (locals[0]->kind != SHARC_IV_TENSOR) {
    sharc_tensor_retain(locals[0]);
    *out = locals[0];
    return true;
  }
  sharc_tensor *global = sharc_result_new(m->ip, m->op, j);
  if (!global)
    return false;
  *out = global;
  bool ok = true;
  for (unsigned d = 0; ok && d < m->num_devices; d++)
    if (is_representative(m, d, sharding, false))
      ok = place_block(m, j, d, locals[(size_t)d * stride], sharding, global, false,
                       SHARC_SDY_REDUCTION_SUM);
  if (!sharding || !sharc_sdy_tensor_sharding_num_unreduced(sharding))
    return ok;
  sharc_sdy_reduction_op r = sharc_sdy_tensor_sharding_reduction(sharding);
  for (unsigned d = 0; ok && d < m->num_devices; d++)
    if (is_representative(m, d, sharding, true) && !is_representative(m, d, sharding, false))
      ok = place_block(m, j, d, locals[(size_t)d * stride], sharding, global, true, r);
  return ok;
}

/* ---- the op ------------------------------------------------------------------------------- */

/* The mesh axes the manual computations running around `op` made manual:
 * the chain of bodies this device runs, not `op`'s parents, since a call
 * from a body leaves them behind. */
static bool outer_manual_axes(manual_run *m) {
  for (const sharc_running_region *r = m->ip->running; r; r = r->outer) {
    if (!sharc_op_isa(r->op, &sharc_sdy_manual_computation_def))
      continue;
    sharc_attr *axes = sharc_op_attr(r->op, "manual_axes");
    for (unsigned i = 0; axes && i < sharc_sdy_list_size(axes); i++) {
      int a = sharc_sdy_mesh_axis_index(m->mesh, sharc_attr_string_value(sharc_sdy_list_at(axes, i)));
      if (a < 0 || a >= 64)
        return sharc_interp_fail(m->ip, m->op,
                                 "sdy.manual_computation: an enclosing manual computation's "
                                 "axes are not in its mesh");
      m->outer_axes |= UINT64_C(1) << a;
    }
  }
  return true;
}

/* The manual part of entry i of a sharding list (NULL when absent). */
static sharc_attr *manual_sharding(sharc_op *op, const char *list, unsigned i) {
  sharc_attr *l = sharc_op_attr(op, list);
  if (!l || i >= sharc_sdy_list_size(l))
    return NULL;
  return sharc_sdy_keep_manual_axes(op, sharc_sdy_list_at(l, i));
}

/* The mesh, each device's position in it and the manual part of every
 * sharding; false with an error. Makes attributes: the caller holds the
 * context's lock. */
static bool plan_devices(manual_run *m) {
  m->mesh = sharc_sdy_manual_computation_mesh(m->op);
  sharc_attr *axes = sharc_op_attr(m->op, "manual_axes");
  if (!m->mesh && axes && sharc_sdy_list_size(axes))
    return sharc_interp_fail(m->ip, m->op,
                             "sdy.manual_computation: its shardings are bound to no one mesh");
  int64_t n = m->mesh ? sharc_sdy_mesh_total_size(m->mesh) : 1;
  if (n < 1 || n > MAX_DEVICES || (m->mesh && sharc_sdy_mesh_num_axes(m->mesh) > 64))
    return sharc_interp_fail(m->ip, m->op,
                             "sdy.manual_computation: cannot run on a mesh of %lld devices",
                             (long long)n);
  if (m->mesh && !outer_manual_axes(m))
    return false;
  m->num_devices = (unsigned)n;
  m->pos = sharc_xcalloc((size_t)n, sizeof *m->pos);
  unsigned n_in = sharc_op_num_operands(m->op), n_out = sharc_op_num_results(m->op);
  m->in_shardings = sharc_xcalloc(n_in + n_out + 1, sizeof *m->in_shardings);
  m->out_shardings = m->in_shardings + n_in;
  for (unsigned d = 0; d < m->num_devices; d++) {
    /* partition d is device id d, at its place in the mesh */
    int64_t pos = m->mesh ? sharc_sdy_mesh_position_of(m->mesh, d) : d;
    m->pos[d] = pos >= 0 ? pos : d;
  }
  for (unsigned i = 0; i < n_in; i++)
    m->in_shardings[i] = manual_sharding(m->op, "in_shardings", i);
  for (unsigned j = 0; j < n_out; j++)
    m->out_shardings[j] = manual_sharding(m->op, "out_shardings", j);
  return true;
}

static void release_n(sharc_tensor **t, size_t n) {
  for (size_t i = 0; t && i < n; i++)
    sharc_tensor_release(t[i]);
  free(t);
}

/* At the top of the program: a device a thread, started here. */
static bool run_on_new_devices(manual_run *m, sharc_tensor **in, sharc_tensor **out) {
  sharc_op *op = m->op;
  unsigned n_in = sharc_op_num_operands(op), n_out = sharc_op_num_results(op);
  unsigned nd = m->num_devices;
  sharc_tensor **args = sharc_xcalloc((size_t)nd * n_in + 1, sizeof *args);
  sharc_tensor **res = sharc_xcalloc((size_t)nd * n_out + 1, sizeof *res);
  bool ok = true;
  for (unsigned i = 0; ok && i < n_in; i++)
    for (unsigned d = 0; ok && d < nd; d++)
      ok = (args[(size_t)d * n_in + i] = operand_block(m, d, i, in[i], m->in_shardings[i])) != NULL;
  ok = ok && sharc_device_run_region(m->ip, op, nd, sharc_op_region(op, 0), args, nd * n_in, res,
                                     nd * n_out);
  for (unsigned j = 0; ok && j < n_out; j++)
    ok = assemble_result(m, j, res + j, n_out, m->out_shardings[j], &out[j]);
  release_n(args, (size_t)nd * n_in);
  release_n(res, (size_t)nd * n_out);
  return ok;
}

/* Inside a device (a manual computation nested in another): the body runs
 * here on this device's block, and every device's results are exchanged. */
static bool run_on_this_device(manual_run *m, sharc_tensor **in, sharc_tensor **out) {
  sharc_op *op = m->op;
  uint32_t r, p, nr, np;
  sharc_device_ids(m->ip->device, &r, &p, &nr, &np);
  if ((uint64_t)nr * np != m->num_devices)
    return sharc_interp_fail(m->ip, op,
                             "sdy.manual_computation: its mesh has %u devices but it runs on %u",
                             m->num_devices, nr * np);
  unsigned me = r * np + p, n_in = sharc_op_num_operands(op), n_out = sharc_op_num_results(op);
  m->self = me;
  sharc_tensor **args = sharc_xcalloc(n_in + 1, sizeof *args);
  sharc_tensor **res = sharc_xcalloc(n_out + 1, sizeof *res);
  sharc_tensor **all = sharc_xcalloc(m->num_devices, sizeof *all);
  bool ok = true;
  for (unsigned i = 0; ok && i < n_in; i++)
    ok = (args[i] = operand_block(m, me, i, in[i], m->in_shardings[i])) != NULL;
  unsigned got = 0;
  const sharc_running_region *outer = m->ip->running;
  sharc_running_region running = {op, outer};
  m->ip->running = &running;
  ok = ok && sharc_interp_run_region(m->ip, sharc_op_region(op, 0), NULL, args, n_in, res, &got);
  m->ip->running = outer;
  if (ok && got != n_out)
    ok = sharc_interp_fail(m->ip, op, "sdy.manual_computation: the body returned %u values", got);
  for (unsigned j = 0; ok && j < n_out; j++) {
    ok = sharc_device_exchange(m->ip, op, 0, m->num_devices, me, res[j], all) &&
         assemble_result(m, j, all, 1, m->out_shardings[j], &out[j]);
    for (unsigned d = 0; d < m->num_devices; d++) {
      sharc_tensor_release(all[d]);
      all[d] = NULL;
    }
  }
  free(all);
  release_n(args, n_in);
  release_n(res, got);
  return ok;
}

static bool k_manual_computation(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                 sharc_tensor **out, sharc_scope *sc) {
  (void)sc;
  sharc_block *entry = sharc_region_first_block(sharc_op_region(op, 0));
  if (!entry || sharc_block_num_args(entry) != sharc_op_num_operands(op))
    return sharc_interp_fail(ip, op, "sdy.manual_computation: the body does not take the operands");
  manual_run m = {.ip = ip, .op = op, .self = -1};
  /* the devices share the context, whose attributes the plan makes */
  sharc_interp_lock_output(ip);
  bool ok = plan_devices(&m);
  sharc_interp_unlock_output(ip);
  ok = ok && (ip->device ? run_on_this_device(&m, in, out) : run_on_new_devices(&m, in, out));
  free(m.pos);
  free(m.in_shardings);
  return ok;
}

const sharc_kernel sharc_kernels_sdy[] = {
    {"sdy.manual_computation", k_manual_computation, 0},
    {NULL, NULL, 0},
};
