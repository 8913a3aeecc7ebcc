/* -xla-sdy-import-shardings: GSPMD shardings (`mhlo.sharding` strings on
 * function arguments, results and ops) become one global `sdy.mesh @mesh`
 * plus one maximal mesh per device a `{maximal device=N}` names
 * (`@single_device_N`), and `sdy.sharding` attributes on them.
 *
 * The global mesh is the shortest common factorization of the local meshes
 * of every tiled sharding: a tile assignment `<=[reshape]T(perm)` splits
 * its devices into sub-dimensions, each a factor shared by a tile dimension
 * and a (transposed) reshape dimension, ordered by reshape dimension (major
 * to minor); the axes are named `_axis_0`, `_axis_1`, ... (the leading
 * underscore marks them as made up; the import pipelines of the XLA
 * version whose tests name them `axis_0`, ... drop it: option
 * `fake-axis-names=false`). Each local axis
 * maps onto consecutive global axes (or sub-axes when the global ones are
 * finer than it splits), and a tile dimension's axes are its sub-dimensions
 * major to minor. */
#include <stdio.h>
#include <stdlib.h>

#include "dialect/func/func.h"
#include "dialect/mhlo/hlo_sharding.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/vec.h"
#include "transforms/xla/common/xla_utils.h"

#define GLOBAL_MESH_NAME "mesh"
#define MAXIMAL_MESH_PREFIX "single_device_"
#define MAX_AXES SHARC_HLO_MAX_DIMS

typedef SHARC_VEC(int64_t) i64_vec;
typedef SHARC_VEC(sharc_attr *) attr_vec;

/* One factor of the tile assignment (xla's SubDimInfo). */
typedef struct sub_dim {
  int64_t tile_dim, tile_sub_dim, reshape_dim, size;
} sub_dim;

typedef struct analysis {
  unsigned n;
  sub_dim sub[MAX_AXES];
} analysis;

typedef struct import_state {
  sharc_rewriter rw;
  sharc_op *module;
  i64_vec axes;         /* the global mesh's axis sizes */
  bool have_axes;
  i64_vec maximal;      /* device ids of maximal shardings, sorted, unique */
  sharc_attr *mesh;     /* the global mesh attribute */
  bool failed;
  const char *axis_prefix;
} import_state;

typedef struct import_options {
  bool fake_axis_names;
} import_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(import_options, fake_axis_names, "fake-axis-names", SHARC_OPT_BOOL, "true",
                 "Whether the made-up axis names start with an underscore."),
};

/* shortestCommonFactorization: the shortest sequence whose prefix products
 * include every prefix product of both (ones skipped); n == 0 when there is
 * none. */
static unsigned common_factorization(const int64_t *a, unsigned na, const int64_t *b,
                                     unsigned nb, int64_t *out) {
  unsigned i = 0, j = 0, n = 0;
  while (i < na && a[i] == 1)
    i++;
  while (j < nb && b[j] == 1)
    j++;
  int64_t next_a = 1, next_b = 1, acc = 1;
  while (i < na || j < nb) {
    if (i < na && next_a == acc)
      next_a *= a[i++];
    if (j < nb && next_b == acc)
      next_b *= b[j++];
    int64_t fa = next_a / acc, fb = next_b / acc;
    int64_t small = fa < fb ? fa : fb, large = fa < fb ? fb : fa;
    if (small == 1 || large % small != 0 || n == MAX_AXES)
      return 0;
    out[n++] = small;
    acc *= small;
    while (i < na && a[i] == 1)
      i++;
    while (j < nb && b[j] == 1)
      j++;
  }
  return n;
}

static int compare_sub_dims(const void *x, const void *y) {
  const sub_dim *a = x, *b = y;
  if (a->reshape_dim != b->reshape_dim)
    return a->reshape_dim < b->reshape_dim ? -1 : 1;
  return (a->tile_dim > b->tile_dim) - (a->tile_dim < b->tile_dim);
}

/* getOrderedSubDimsFromIotaTileAssignment; false when the tile assignment
 * and its device order share no factorization. */
static bool analyze(const sharc_hlo_sharding *s, analysis *out) {
  int64_t device_shape[SHARC_HLO_MAX_DIMS], sizes[MAX_AXES];
  for (unsigned k = 0; k < s->nreshape; k++)
    device_shape[k] = s->reshape[s->perm[k]];
  unsigned n = common_factorization(s->dims, s->ndims, device_shape, s->nreshape, sizes);
  if (!n)
    return false;
  int64_t tile_dim = (int64_t)s->ndims - 1, perm_index = (int64_t)s->nreshape - 1;
  int64_t acc_tile = 1, acc_device = 1, sub = 0;
  out->n = 0;
  for (unsigned k = n; k-- > 0;) {
    while (tile_dim >= 0 && s->dims[tile_dim] == 1)
      tile_dim--;
    if (tile_dim < 0 || perm_index < 0)
      return false;
    out->sub[out->n++] = (sub_dim){tile_dim, sub++, s->perm[perm_index], sizes[k]};
    acc_tile *= sizes[k];
    acc_device *= sizes[k];
    if (s->dims[tile_dim] == acc_tile) {
      tile_dim--;
      acc_tile = 1;
      sub = 0;
    }
    if (device_shape[perm_index] == acc_device) {
      acc_device = 1;
      perm_index--;
    }
  }
  qsort(out->sub, out->n, sizeof out->sub[0], compare_sub_dims);
  return true;
}

/* ---- reading the shardings ------------------------------------------------ */

static bool parse_at(import_state *st, sharc_op *at, sharc_attr *attr, sharc_hlo_sharding *out) {
  if (sharc_attr_get_kind(attr) != SHARC_ATTR_STRING) {
    sharc_emit_op_error(at, "expected '" SHARC_XLA_SHARDING_ATTR "' to be a string attribute");
    return false;
  }
  sharc_str text = sharc_attr_string_value(attr);
  const char *err;
  size_t offset;
  if (sharc_hlo_sharding_parse(text, out, &err, &offset))
    return true;
  sharc_hlo_sharding_free(out);
  sharc_emit_op_error(at, "cannot parse " SHARC_XLA_SHARDING_ATTR " \"%.*s\": %s at offset %zu",
                      (int)text.len, text.data, err, offset);
  (void)st;
  return false;
}

static void add_maximal(import_state *st, int64_t device) {
  unsigned i = 0;
  while (i < st->maximal.len && st->maximal.items[i] < device)
    i++;
  if (i < st->maximal.len && st->maximal.items[i] == device)
    return;
  sharc_vec_push(&st->maximal, 0);
  for (unsigned k = st->maximal.len - 1; k > i; k--)
    st->maximal.items[k] = st->maximal.items[k - 1];
  st->maximal.items[i] = device;
}

/* Folds one leaf sharding into the global axes (findMeshAxesAndIds). */
static bool collect_leaf(import_state *st, sharc_op *at, sharc_hlo_sharding *s) {
  if (s->kind == SHARC_HLO_MAXIMAL) {
    add_maximal(st, s->device);
    return true;
  }
  if (s->kind != SHARC_HLO_TILED)
    return true;
  analysis a;
  if (!sharc_hlo_sharding_make_iota(s) || !analyze(s, &a)) {
    sharc_emit_op_error(at, "cannot import a GSPMD tile assignment that is not an iota "
                            "over a common factorization of its devices");
    return false;
  }
  int64_t local[MAX_AXES], common[MAX_AXES];
  for (unsigned i = 0; i < a.n; i++)
    local[i] = a.sub[i].size;
  unsigned n = a.n;
  if (st->have_axes) {
    n = common_factorization(local, a.n, st->axes.items, st->axes.len, common);
    if (!n) {
      sharc_emit_op_error(at, "the GSPMD shardings of this module have no common mesh");
      return false;
    }
  } else {
    for (unsigned i = 0; i < n; i++)
      common[i] = local[i];
  }
  st->axes.len = 0;
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(&st->axes, common[i]);
  st->have_axes = true;
  return true;
}

static bool collect_attr(import_state *st, sharc_op *at, sharc_attr *attr) {
  sharc_hlo_sharding s;
  if (!parse_at(st, at, attr, &s))
    return false;
  bool ok = true;
  if (s.kind == SHARC_HLO_TUPLE)
    for (unsigned i = 0; ok && i < s.nelems; i++)
      ok = collect_leaf(st, at, &s.elems[i]);
  else
    ok = collect_leaf(st, at, &s);
  sharc_hlo_sharding_free(&s);
  return ok;
}

static sharc_walk_result collect_op(sharc_op *op, void *user) {
  import_state *st = user;
  sharc_attr *attr = sharc_op_attr(op, SHARC_XLA_SHARDING_ATTR);
  if (attr && !collect_attr(st, op, attr)) {
    st->failed = true;
    return SHARC_WALK_INTERRUPT;
  }
  return SHARC_WALK_ADVANCE;
}

static bool collect_func(import_state *st, sharc_op *func) {
  for (unsigned i = 0; i < sharc_func_num_args(func); i++) {
    sharc_attr *a = sharc_func_arg_attr(func, i, SHARC_XLA_SHARDING_ATTR);
    if (a && !collect_attr(st, func, a))
      return false;
  }
  for (unsigned i = 0; i < sharc_func_num_results(func); i++) {
    sharc_attr *a = sharc_func_result_attr(func, i, SHARC_XLA_SHARDING_ATTR);
    if (a && !collect_attr(st, func, a))
      return false;
  }
  sharc_region *body = sharc_op_region(func, 0);
  for (sharc_block *b = sharc_region_first_block(body); b; b = sharc_block_next(b))
    for (sharc_op *op = sharc_block_first_op(b); op; op = sharc_op_next(op))
      if (sharc_walk(op, SHARC_PRE_ORDER, collect_op, st) == SHARC_WALK_INTERRUPT || st->failed)
        return false;
  return true;
}

/* ---- building the sdy shardings ----------------------------------------- */

static sharc_attr *mesh_ref(import_state *st, const char *name) {
  return sharc_sdy_mesh_ref(st->rw.ctx, sharc_str_from_cstr(name));
}

static sharc_attr *uniform_sharding(import_state *st, sharc_attr *ref, unsigned rank, bool closed) {
  sharc_context *ctx = st->rw.ctx;
  sharc_attr *dim = sharc_sdy_dim_sharding_get(ctx, NULL, 0, closed, -1);
  attr_vec dims = {0};
  for (unsigned i = 0; i < rank; i++)
    sharc_vec_push(&dims, dim);
  sharc_sdy_tensor_sharding_parts parts = {.mesh_or_ref = ref, .dims = dims.items,
                                           .num_dims = rank};
  sharc_attr *s = sharc_sdy_tensor_sharding_get(ctx, &parts);
  sharc_vec_free(&dims);
  return s;
}

/* The global axes (or sub-axes) each local axis spans, appended to
 * `refs`; `starts[i]..starts[i+1]` are local axis i's. */
static bool map_local_axes(import_state *st, const analysis *a, attr_vec *refs, unsigned *starts) {
  sharc_context *ctx = st->rw.ctx;
  unsigned global = 0;
  int64_t pre = 1;
  for (unsigned i = 0; i < a->n; i++) {
    starts[i] = refs->len;
    int64_t remaining = a->sub[i].size;
    while (remaining > 1) {
      if (global >= st->axes.len)
        return false;
      int64_t size = st->axes.items[global];
      int64_t global_remaining = size / pre;
      if (global_remaining == 1) {
        global++;
        pre = 1;
        continue;
      }
      int64_t x = remaining, y = global_remaining;
      while (y) {
        int64_t t = x % y;
        x = y;
        y = t;
      }
      if (x == 1)
        return false;
      char name[32];
      snprintf(name, sizeof name, "%saxis_%u", st->axis_prefix, global);
      sharc_attr *sub = x == global_remaining && pre == 1
                            ? NULL
                            : sharc_sdy_sub_axis_info_get(ctx, pre, x);
      sharc_vec_push(refs, sharc_sdy_axis_ref_get(ctx, sharc_str_from_cstr(name), sub));
      pre *= x;
      remaining /= x;
    }
  }
  starts[a->n] = refs->len;
  return true;
}

static sharc_attr *tiled_sharding(import_state *st, sharc_op *at, sharc_hlo_sharding *s,
                                  unsigned rank, bool open) {
  sharc_context *ctx = st->rw.ctx;
  analysis a;
  attr_vec refs = {0};
  unsigned starts[MAX_AXES + 1];
  if (!sharc_hlo_sharding_make_iota(s) || !analyze(s, &a) || !map_local_axes(st, &a, &refs, starts)) {
    sharc_vec_free(&refs);
    sharc_emit_op_error(at, "cannot map a GSPMD tile assignment onto the module's mesh");
    return NULL;
  }
  attr_vec dims = {0}, axes = {0}, replicated = {0};
  for (unsigned d = 0; d < rank; d++) {
    axes.len = 0;
    /* sub-dimensions are minor to major: walk them from the most major */
    for (int64_t sub = MAX_AXES - 1; sub >= 0; sub--)
      for (unsigned i = 0; i < a.n; i++)
        if (a.sub[i].tile_dim == (int64_t)d && a.sub[i].tile_sub_dim == sub)
          for (unsigned k = starts[i]; k < starts[i + 1]; k++)
            sharc_vec_push(&axes, refs.items[k]);
    sharc_vec_push(&dims, sharc_sdy_dim_sharding_get(ctx, axes.items, axes.len, !open, -1));
  }
  for (unsigned i = 0; i < a.n; i++) {
    int64_t group = a.sub[i].tile_dim - (int64_t)(s->ndims - s->nsubgroups);
    if (a.sub[i].tile_dim < (int64_t)rank || s->last_tile_dim_replicate || group < 0 ||
        group >= (int64_t)s->nsubgroups || s->subgroups[group] != SHARC_HLO_SUBGROUP_REPLICATED)
      continue;
    for (unsigned k = starts[i]; k < starts[i + 1]; k++)
      sharc_vec_push(&replicated, refs.items[k]);
  }
  sharc_sdy_tensor_sharding_parts parts = {.mesh_or_ref = mesh_ref(st, GLOBAL_MESH_NAME),
                                           .dims = dims.items,
                                           .num_dims = rank,
                                           .replicated = replicated.items,
                                           .num_replicated = replicated.len};
  sharc_attr *out = sharc_sdy_tensor_sharding_get(ctx, &parts);
  sharc_vec_free(&refs);
  sharc_vec_free(&dims);
  sharc_vec_free(&axes);
  sharc_vec_free(&replicated);
  return out;
}

/* convertToSdySharding for one leaf; NULL after an error at `at`. */
static sharc_attr *convert(import_state *st, sharc_op *at, sharc_hlo_sharding *s, unsigned rank,
                           bool open) {
  switch (s->kind) {
  case SHARC_HLO_MAXIMAL: {
    char name[48];
    snprintf(name, sizeof name, MAXIMAL_MESH_PREFIX "%lld", (long long)s->device);
    return uniform_sharding(st, mesh_ref(st, name), 0, true);
  }
  case SHARC_HLO_REPLICATED:
  case SHARC_HLO_MANUAL:
    return uniform_sharding(st, mesh_ref(st, GLOBAL_MESH_NAME), rank, !open);
  case SHARC_HLO_UNKNOWN:
    return uniform_sharding(st, mesh_ref(st, GLOBAL_MESH_NAME), rank, false);
  case SHARC_HLO_TILED:
    return tiled_sharding(st, at, s, rank, open);
  case SHARC_HLO_TUPLE:
    break;
  }
  sharc_emit_op_error(at, "expected a non-tuple GSPMD sharding");
  return NULL;
}

/* A func argument's or result's sharding (a sharc_xla_sharding_converter). */
static sharc_attr *convert_attr(void *user, sharc_op *at, sharc_attr *attr, unsigned rank) {
  import_state *st = user;
  sharc_hlo_sharding s;
  if (!parse_at(st, at, attr, &s))
    return NULL;
  sharc_attr *out = convert(st, at, &s, rank, false);
  sharc_hlo_sharding_free(&s);
  return out;
}

static bool import_op(import_state *st, sharc_op *op) {
  sharc_attr *attr = sharc_op_attr(op, SHARC_XLA_SHARDING_ATTR);
  sharc_hlo_sharding s;
  if (!parse_at(st, op, attr, &s))
    return false;
  sharc_hlo_sharding *leaves = s.kind == SHARC_HLO_TUPLE ? s.elems : &s;
  unsigned n = s.kind == SHARC_HLO_TUPLE ? s.nelems : 1;
  unsigned results = sharc_op_num_results(op);
  attr_vec out = {0};
  bool ok = true;
  if (results == 0) {
    sharc_attr *one = n ? convert(st, op, &leaves[0], 0, false) : NULL;
    ok = one != NULL;
    if (ok)
      sharc_vec_push(&out, one);
  } else if (n != results) {
    sharc_emit_op_error(op, "has %u results but its " SHARC_XLA_SHARDING_ATTR " has %u shardings",
                        results, n);
    ok = false;
  }
  for (unsigned i = 0; ok && results && i < n; i++) {
    sharc_type *t = sharc_value_type(sharc_op_result(op, i));
    sharc_attr *one = convert(st, op, &leaves[i], sharc_sdy_tensor_rank(t), false);
    ok = one != NULL;
    if (ok)
      sharc_vec_push(&out, one);
  }
  if (ok) {
    sharc_rw_set_attr(&st->rw, op, SHARC_SDY_SHARDING_ATTR,
                      sharc_sdy_sharding_per_value_get(st->rw.ctx, out.items, out.len));
    sharc_rw_set_attr(&st->rw, op, SHARC_XLA_SHARDING_ATTR, NULL);
  }
  sharc_vec_free(&out);
  sharc_hlo_sharding_free(&s);
  return ok;
}

static sharc_walk_result import_walk(sharc_op *op, void *user) {
  import_state *st = user;
  if (!sharc_op_attr(op, SHARC_XLA_SHARDING_ATTR))
    return SHARC_WALK_ADVANCE;
  if (import_op(st, op))
    return SHARC_WALK_ADVANCE;
  st->failed = true;
  return SHARC_WALK_INTERRUPT;
}

static bool import_func(import_state *st, sharc_op *func) {
  if (!sharc_xla_convert_func_shardings(func, SHARC_XLA_SHARDING_ATTR, SHARC_SDY_SHARDING_ATTR,
                                        convert_attr, st))
    return false;
  sharc_region *body = sharc_op_region(func, 0);
  for (sharc_block *b = sharc_region_first_block(body); b; b = sharc_block_next(b))
    for (sharc_op *op = sharc_block_first_op(b), *next; op; op = next) {
      next = sharc_op_next(op);
      if (sharc_walk(op, SHARC_PRE_ORDER, import_walk, st) == SHARC_WALK_INTERRUPT || st->failed)
        return false;
    }
  return true;
}

/* The meshes, first in the module in this order: the global one, then the
 * maximal ones by device id. */
static void create_meshes(import_state *st) {
  sharc_context *ctx = st->rw.ctx;
  attr_vec axes = {0};
  for (unsigned i = 0; i < st->axes.len; i++) {
    char name[32];
    snprintf(name, sizeof name, "%saxis_%u", st->axis_prefix, i);
    sharc_vec_push(&axes, sharc_sdy_mesh_axis_get(ctx, sharc_str_from_cstr(name), st->axes.items[i]));
  }
  sharc_block *body = sharc_region_first_block(sharc_op_region(st->module, 0));
  sharc_op *first = sharc_block_first_op(body);
  for (unsigned i = 0; i <= st->maximal.len; i++) {
    char name[48];
    sharc_attr *mesh;
    if (i == 0) {
      snprintf(name, sizeof name, GLOBAL_MESH_NAME);
      mesh = sharc_sdy_mesh_get(ctx, axes.items, axes.len, NULL, 0);
    } else {
      int64_t id = st->maximal.items[i - 1];
      snprintf(name, sizeof name, MAXIMAL_MESH_PREFIX "%lld", (long long)id);
      mesh = sharc_sdy_mesh_get(ctx, NULL, 0, &id, 1);
    }
    if (first)
      sharc_rw_set_before(&st->rw, first);
    else
      sharc_rw_set_block_end(&st->rw, body);
    sharc_rw_insert(&st->rw, sharc_sdy_mesh_op_create(ctx, sharc_str_from_cstr(name), mesh,
                                                      sharc_op_loc(st->module)));
  }
  sharc_vec_free(&axes);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const import_options *o = opts;
  import_state st = {.module = module, .axis_prefix = o->fake_axis_names ? "_" : ""};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  bool ok = true;
  for (sharc_op *op = sharc_block_first_op(body); ok && op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_func_func_def))
      ok = collect_func(&st, op);
  if (ok && (st.axes.len || st.maximal.len)) {
    create_meshes(&st);
    for (sharc_op *op = sharc_block_first_op(body); ok && op; op = sharc_op_next(op))
      if (sharc_op_isa(op, &sharc_func_func_def))
        ok = import_func(&st, op);
  }
  sharc_vec_free(&st.axes);
  sharc_vec_free(&st.maximal);
  return ok;
}

const sharc_pass_def sharc_pass_xla_sdy_import_shardings = {
    .flag = "xla-sdy-import-shardings",
    .display_name = "ImportShardingsPass",
    .summary = "Builds the mesh and converts the shardings from kXlaShardingAttr to "
               "kShardingAttr.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(import_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};
