/* The per-value report: one walk of the module listing each function's
 * arguments, results and op results with their shardings, shard shapes and
 * bytes per device, the reshards and collectives with the bytes they
 * move, and the totals. Texts that repeat (types, PartitionSpecs) are made
 * once per uniqued type or sharding. */
#include "report/report_internal.h"

#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "ir/ir_internal.h"
#include "support/xalloc.h"
#include "transforms/sdy/common/sharding_walker.h"

#include <stdio.h>
#include <stdlib.h>

sharc_report_options sharc_report_options_default(void) {
  sharc_report_options o = {0};
  o.explicit_collectives = true; /* a report without its communication would mislead */
  return o;
}

char *sharc_report_strdup(sharc_report *r, const char *s, size_t n) {
  return sharc_arena_strndup(&r->arena, s ? s : "", s ? n : 0);
}

static const char *buf_dup(sharc_report *r, const sharc_buf *b) {
  return sharc_report_strdup(r, b->data, b->len);
}

/* The text in `b`, kept by the report; `b` is freed. */
static const char *buf_take(sharc_report *r, sharc_buf *b) {
  const char *s = buf_dup(r, b);
  sharc_buf_free(b);
  return s;
}

/* ---- cached texts -------------------------------------------------------------- */

/* Writes the text of (x, y) into `out`. */
typedef void (*text_writer)(const void *x, const void *y, sharc_buf *out);

/* The text `write` makes of (x, y), made once per `key` and kept in `cache`. */
static const char *cached_text(sharc_report *r, sharc_ptrmap *cache, const void *key,
                               text_writer write, const void *x, const void *y) {
  const char *s = sharc_ptrmap_get(cache, key);
  if (s)
    return s;
  sharc_buf b = {0};
  write(x, y, &b);
  s = buf_take(r, &b);
  sharc_ptrmap_put(cache, key, (void *)s);
  return s;
}

static void write_type(const void *type, const void *unused, sharc_buf *out) {
  (void)unused;
  sharc_print_type(type, out);
}

static void write_spec(const void *sharding, const void *unused, sharc_buf *out) {
  (void)unused;
  sharc_report_partition_spec(sharding, out);
}

static void write_replicated(const void *sharding, const void *mesh, sharc_buf *out) {
  sharc_report_replicated_axes(sharding, mesh, out);
}

static const char *type_text(sharc_report *r, const sharc_type *t) {
  return cached_text(r, &r->type_text, t, write_type, t, NULL);
}

static const char *spec_text(sharc_report *r, const sharc_attr *sharding) {
  if (!sharding)
    return "P()";
  return cached_text(r, &r->spec_text, sharding, write_spec, sharding, NULL);
}

/* The replicated axes of `sharding` (NULL: on the main mesh). */
static const char *replicated_text(sharc_report *r, const sharc_attr *sharding,
                                   const sharc_attr *mesh) {
  const void *key = sharding ? (const void *)sharding : (const void *)mesh;
  if (!key)
    return "";
  return cached_text(r, &r->repl_text, key, write_replicated, sharding, mesh);
}

static const char *unreduced_text(sharc_report *r, const sharc_attr *sharding) {
  unsigned n = sharding ? sharc_sdy_tensor_sharding_num_unreduced(sharding) : 0;
  if (!n)
    return "";
  sharc_buf b = {0};
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  sharc_report_axes_text(parts.unreduced, parts.num_unreduced, &b);
  return buf_take(r, &b);
}

const sharc_attr *sharc_report_mesh(sharc_report *r, const sharc_attr *sharding, sharc_op *from) {
  if (!sharding)
    return NULL;
  const sharc_attr *m = sharc_ptrmap_get(&r->mesh_of, sharding);
  if (m)
    return m;
  m = sharc_sdy_sharding_mesh(sharding, from);
  if (!m)
    return NULL;
  sharc_ptrmap_put(&r->mesh_of, sharding, (void *)m);
  if (!sharc_ptrmap_get(&r->mesh_name, m)) {
    /* an inline mesh: counted, named by its place */
    r->summary.num_meshes++;
    sharc_ptrmap_put(&r->mesh_name, m, "");
  }
  return m;
}

const char *sharc_report_loc_text(sharc_report *r, const sharc_attr *loc) {
  const sharc_attr *f = sharc_loc_find_file(loc);
  if (!f)
    return "";
  sharc_str file = sharc_loc_file_name(f);
  sharc_buf b = {0};
  sharc_buf_printf(&b, "%.*s:%u:%u", (int)file.len, file.data, sharc_loc_line(f),
                   sharc_loc_col(f));
  return buf_take(r, &b);
}

/* The outermost name of a name location (`loc("x")`), or "". */
static const char *loc_label(sharc_report *r, const sharc_attr *loc) {
  if (!loc || sharc_attr_get_kind(loc) != SHARC_ATTR_LOC_NAME)
    return "";
  sharc_str s = sharc_ident_str(loc->name.name);
  return sharc_report_strdup(r, s.data, s.len);
}

static const char *string_attr_text(sharc_report *r, const sharc_attr *a) {
  if (!a || sharc_attr_get_kind(a) != SHARC_ATTR_STRING)
    return "";
  sharc_str s = sharc_attr_string_value(a);
  return sharc_report_strdup(r, s.data, s.len);
}

/* ---- shardings of values ------------------------------------------------------- */

const sharc_attr *sharc_report_value_sharding(sharc_value *v) {
  const sharc_attr *s = sharc_sdy_get_sharding(v);
  return s && sharc_sdy_is_tensor_sharding(s) ? s : NULL;
}

static const sharc_attr *func_result_sharding(sharc_op *func, unsigned i) {
  const sharc_attr *s = sharc_sdy_func_result_sharding(func, i);
  return s && sharc_sdy_is_tensor_sharding(s) ? s : NULL;
}

/* Whether the sharding puts any axis on a dimension or as unreduced (a
 * sharding without one lays the tensor out as no sharding does). */
bool sharc_report_has_axes(const sharc_attr *s) {
  if (!s)
    return false;
  if (sharc_sdy_tensor_sharding_num_unreduced(s))
    return true;
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(s); d++)
    if (sharc_sdy_dim_sharding_num_axes(sharc_sdy_tensor_sharding_dim(s, d)))
      return true;
  return false;
}

/* The same layout: mesh, each dimension's axes and the unreduced axes
 * (replicated axes, open dimensions and priorities aside). */
static bool same_layout(const sharc_attr *a, const sharc_attr *b) {
  if (a == b)
    return true;
  if (!sharc_report_has_axes(a) || !sharc_report_has_axes(b))
    return !sharc_report_has_axes(a) && !sharc_report_has_axes(b);
  if (sharc_sdy_tensor_sharding_mesh_or_ref(a) != sharc_sdy_tensor_sharding_mesh_or_ref(b))
    return false;
  unsigned rank = sharc_sdy_tensor_sharding_rank(a);
  if (rank != sharc_sdy_tensor_sharding_rank(b))
    return false;
  for (unsigned d = 0; d < rank; d++) {
    const sharc_attr *da = sharc_sdy_tensor_sharding_dim(a, d);
    const sharc_attr *db = sharc_sdy_tensor_sharding_dim(b, d);
    unsigned n = sharc_sdy_dim_sharding_num_axes(da);
    if (n != sharc_sdy_dim_sharding_num_axes(db))
      return false;
    for (unsigned i = 0; i < n; i++)
      if (sharc_sdy_dim_sharding_axis(da, i) != sharc_sdy_dim_sharding_axis(db, i))
        return false;
  }
  unsigned nu = sharc_sdy_tensor_sharding_num_unreduced(a);
  if (nu != sharc_sdy_tensor_sharding_num_unreduced(b))
    return false;
  for (unsigned i = 0; i < nu; i++)
    if (sharc_sdy_tensor_sharding_unreduced(a, i) != sharc_sdy_tensor_sharding_unreduced(b, i))
      return false;
  return true;
}

/* ---- sizes of one value ----------------------------------------------------------- */

/* Devices of a mesh, saturating (a maximal mesh has one). */
static int64_t mesh_devices(const sharc_attr *mesh) {
  if (!mesh)
    return 1;
  int64_t n = 1;
  for (unsigned a = 0; a < sharc_sdy_mesh_num_axes(mesh); a++) {
    int64_t s = sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, a));
    if (s > 0 && n > INT64_MAX / s)
      return INT64_MAX;
    n *= s > 0 ? s : 1;
  }
  return n;
}

typedef struct sizes {
  const sharc_attr *mesh; /* the value's mesh, the main mesh without a sharding */
  unsigned rank;
  const int64_t *shape;
  int64_t *shard;        /* arena, when asked for */
  unsigned bits;
  int64_t bytes, per_device;
  bool padded;
} sizes;

/* Sizes of a value of `type` sharded by `sharding`; `shard_out` receives
 * the shard shape in the arena when true. */
static void value_sizes(sharc_report *r, const sharc_type *type, const sharc_attr *sharding,
                        sharc_op *from, bool shard_out, sizes *z) {
  memset(z, 0, sizeof *z);
  z->bytes = z->per_device = -1;
  z->mesh = sharding ? sharc_report_mesh(r, sharding, from) : r->main_mesh;
  const sharc_type *shaped = sharc_type_shaped_view(type);
  z->bits = sharc_report_element_bits(type);
  if (!z->bits)
    return;
  if (shaped && !sharc_type_has_rank(shaped))
    return;
  z->rank = shaped ? sharc_type_rank(shaped) : 0;
  z->shape = shaped ? sharc_type_shape(shaped) : NULL;
  int64_t small[8];
  int64_t *shard = shard_out || z->rank > 8
                       ? sharc_arena_alloc(&r->arena, (z->rank + 1) * sizeof(int64_t))
                       : small;
  const sharc_attr *on = sharding && z->mesh ? sharding : NULL;
  z->padded = !sharc_report_shard_shape(z->shape, z->rank, on, z->mesh, shard);
  if (shard_out)
    z->shard = shard;
  z->bytes = sharc_report_bytes_of(sharc_report_num_elements(z->shape, z->rank), z->bits);
  z->per_device = sharc_report_bytes_of(sharc_report_num_elements(shard, z->rank), z->bits);
}

static const char *op_text(const sharc_op *op, sharc_report *r) {
  const sharc_op_def *def = sharc_op_get_def(op);
  if (def)
    return sharc_op_def_name(def);
  sharc_str s = sharc_ident_str(sharc_op_name(op));
  return sharc_report_strdup(r, s.data, s.len);
}

sharc_report_value *sharc_report_entry(sharc_report *r, sharc_report_value_kind kind,
                                       sharc_op *func, sharc_op *op, sharc_value *value,
                                       unsigned index, const char *name) {
  sharc_report_value *e = sharc_arena_alloc(&r->arena, sizeof *e);
  e->kind = kind;
  e->func = func;
  e->op = op;
  e->value = value;
  e->index = index;
  e->name = name ? name : "";
  const sharc_type *type = NULL;
  const sharc_attr *loc = NULL;
  if (kind == SHARC_REPORT_RESULT) {
    /* A declared result: its type and attributes live on the function. */
    type = sharc_type_func_result(sharc_func_type(func), index);
    e->sharding = func_result_sharding(func, index);
    e->op_name = "result";
    e->label = string_attr_text(r, sharc_func_result_attr(func, index, "jax.result_info"));
    loc = value ? sharc_sdy_value_loc(value) : sharc_op_loc(func);
  } else {
    /* An argument, op result or block argument: the value carries all of it. */
    type = sharc_value_type(value);
    e->sharding = sharc_report_value_sharding(value);
    e->op_name = kind == SHARC_REPORT_OP_RESULT ? op_text(op, r)
                 : kind == SHARC_REPORT_ARGUMENT ? "argument"
                                                 : "block argument";
    loc = kind == SHARC_REPORT_OP_RESULT ? sharc_op_loc(op) : sharc_value_loc(value);
    e->label = loc_label(r, loc);
  }
  e->location = sharc_report_loc_text(r, loc);
  e->type = type ? type_text(r, type) : "";
  sizes z;
  value_sizes(r, type, e->sharding, op ? op : func, true, &z);
  e->mesh = z.mesh;
  e->mesh_name = z.mesh ? (const char *)sharc_ptrmap_get(&r->mesh_name, z.mesh) : "";
  if (!e->mesh_name)
    e->mesh_name = "";
  e->spec = z.bits ? spec_text(r, e->sharding) : "-";
  e->replicated = z.bits ? replicated_text(r, e->sharding, z.mesh) : "";
  e->unreduced = unreduced_text(r, e->sharding);
  e->rank = z.rank;
  e->shape = z.shape;
  e->shard_shape = z.shard;
  e->element_bits = z.bits;
  e->bytes = z.bytes;
  e->bytes_per_device = z.per_device;
  e->num_devices = mesh_devices(z.mesh);
  e->padded = z.padded;
  return e;
}

/* ---- the walk -------------------------------------------------------------------------- */

/* Bytes of arguments or results per mesh, spread over devices at the end. */
typedef struct mesh_bytes {
  const sharc_attr *mesh;
  int64_t args, results;
} mesh_bytes;

typedef struct walk {
  sharc_report *r;
  sharc_op *func;
  sharc_value_namer *namer;
  sharc_buf name;
  SHARC_VEC(mesh_bytes) buckets;
  sharc_ptrmap bucket_of; /* mesh -> index + 1 */
  sharc_ptrmap kind_of;   /* kind text -> index + 1 into r->kinds */
  sharc_ptrmap loop_of;   /* while op -> index + 1 into r->loops */
} walk;

static const char *value_name(walk *w, const sharc_value *v) {
  w->name.len = 0;
  sharc_value_namer_name(w->namer, v, &w->name);
  return buf_dup(w->r, &w->name);
}

static int64_t add_sat(int64_t a, int64_t b) { return a > INT64_MAX - b ? INT64_MAX : a + b; }

static int64_t mul_sat(int64_t a, int64_t b) {
  return b && a > INT64_MAX / b ? INT64_MAX : a * b;
}

/* Memory held for the entry function's arguments or results (a callee's
 * are the caller's values again). */
static void add_bytes(walk *w, const sharc_report_value *e, bool result) {
  if (w->func != w->r->main_func)
    return;
  sharc_report_bytes *b = result ? &w->r->summary.results : &w->r->summary.arguments;
  b->count++;
  if (e->bytes < 0)
    b->unknown = true;
  else
    b->global = add_sat(b->global, e->bytes);
  if (e->bytes_per_device < 0) {
    b->unknown = true;
    return;
  }
  const sharc_attr *mesh = e->mesh;
  uintptr_t slot = (uintptr_t)sharc_ptrmap_get(&w->bucket_of, mesh ? (const void *)mesh : w);
  if (!slot) {
    sharc_vec_push(&w->buckets, ((mesh_bytes){mesh, 0, 0}));
    slot = w->buckets.len;
    sharc_ptrmap_put(&w->bucket_of, mesh ? (const void *)mesh : w, (void *)slot);
  }
  mesh_bytes *mb = &w->buckets.items[slot - 1];
  int64_t *sum = result ? &mb->results : &mb->args;
  *sum = add_sat(*sum, e->bytes_per_device);
}

static void count_value(walk *w, const sharc_report_value *e) {
  w->r->summary.num_values++;
  if (e->padded)
    w->r->summary.num_padded++;
}

static void list(walk *w, sharc_report_value *e) { sharc_vec_push(&w->r->values, e); }

/* The user's sharding `i` of a recorded side, or NULL. */
static const sharc_attr *user_sharding(const sharc_attr *side, unsigned i) {
  return side && i < sharc_attr_count(side) ? sharc_attr_at(side, i) : NULL;
}

static void visit_func_signature(walk *w, sharc_op *func) {
  sharc_report *r = w->r;
  const sharc_attr *user_args = sharc_report_user_side(r, func, false);
  const sharc_attr *user_results = sharc_report_user_side(r, func, true);
  sharc_block *body = sharc_func_body(func);
  for (unsigned i = 0; i < sharc_block_num_args(body); i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    sharc_report_value *e =
        sharc_report_entry(r, SHARC_REPORT_ARGUMENT, func, func, arg, i, value_name(w, arg));
    sharc_report_note_change(r, e, user_sharding(user_args, i));
    count_value(w, e);
    add_bytes(w, e, false);
    list(w, e);
  }
  sharc_op *ret = sharc_block_terminator(sharc_region_last_block(sharc_op_region(func, 0)));
  for (unsigned i = 0; i < sharc_func_num_results(func); i++) {
    char name[32];
    snprintf(name, sizeof name, "result%u", i);
    sharc_value *v = ret && i < sharc_op_num_operands(ret) ? sharc_op_operand(ret, i) : NULL;
    sharc_report_value *e = sharc_report_entry(r, SHARC_REPORT_RESULT, func, func, v, i,
                                               sharc_report_strdup(r, name, strlen(name)));
    sharc_report_note_change(r, e, user_sharding(user_results, i));
    count_value(w, e);
    add_bytes(w, e, true);
    list(w, e);
  }
}

/* ---- collectives ----------------------------------------------------------------------- */

typedef enum coll_kind {
  COLL_NONE,
  COLL_RESHARD,
  COLL_CONSTRAINT,
  COLL_ALL_GATHER,
  COLL_ALL_SLICE,
  COLL_ALL_REDUCE,
  COLL_ALL_TO_ALL,
  COLL_PERMUTE,
  COLL_REDUCE_SCATTER,
  COLL_SHARDED_TO_UNREDUCED,
  COLL_REPLICATED_TO_UNREDUCED,
} coll_kind;

static const char *const coll_names[] = {
    "",           "reshard",           "sharding_constraint", "all_gather",
    "all_slice",  "all_reduce",        "all_to_all",          "collective_permute",
    "reduce_scatter", "sharded_to_unreduced", "replicated_to_unreduced",
};

static coll_kind coll_kind_of(const sharc_op *op) {
  static const struct {
    const sharc_op_def *def;
    coll_kind kind;
  } table[] = {
      {&sharc_sdy_reshard_def, COLL_RESHARD},
      {&sharc_sdy_sharding_constraint_def, COLL_CONSTRAINT},
      {&sharc_sdy_all_gather_def, COLL_ALL_GATHER},
      {&sharc_sdy_all_slice_def, COLL_ALL_SLICE},
      {&sharc_sdy_all_reduce_def, COLL_ALL_REDUCE},
      {&sharc_sdy_all_to_all_def, COLL_ALL_TO_ALL},
      {&sharc_sdy_collective_permute_def, COLL_PERMUTE},
      {&sharc_sdy_reduce_scatter_def, COLL_REDUCE_SCATTER},
      {&sharc_sdy_sharded_to_unreduced_def, COLL_SHARDED_TO_UNREDUCED},
      {&sharc_sdy_replicated_to_unreduced_def, COLL_REPLICATED_TO_UNREDUCED},
  };
  const sharc_op_def *def = sharc_op_get_def(op);
  if (!def)
    return COLL_NONE;
  for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
    if (def == table[i].def)
      return table[i].kind;
  return COLL_NONE;
}

/* Appends the axes of a list of axis-ref lists (or of one list). */
static void put_axes_of(const sharc_attr *a, sharc_buf *out, int64_t *product,
                        const sharc_attr *mesh) {
  if (!a)
    return;
  if (sharc_sdy_is_axis_ref(a)) {
    if (out->len)
      SHARC_BUF_LIT(out, ", ");
    sharc_attr *ref = (sharc_attr *)a;
    sharc_report_axes_text(&ref, 1, out);
    int64_t s = sharc_sdy_axis_ref_size(a, mesh);
    if (s > 0 && *product <= INT64_MAX / s)
      *product *= s;
    return;
  }
  if (sharc_sdy_is_all_to_all_param(a) || sharc_sdy_is_axis_ref_list(a) ||
      sharc_sdy_is_list_of_axis_ref_lists(a) || sharc_sdy_is_all_to_all_param_list(a))
    for (unsigned i = 0; i < sharc_sdy_list_size(a); i++)
      put_axes_of(sharc_sdy_list_at(a, i), out, product, mesh);
}

/* Axes that sit on a dimension of one sharding but not of the other. */
static void changed_axes(const sharc_attr *from, const sharc_attr *to, sharc_buf *out) {
  unsigned rank = to ? sharc_sdy_tensor_sharding_rank(to) : 0;
  unsigned frank = from ? sharc_sdy_tensor_sharding_rank(from) : 0;
  for (int side = 0; side < 2; side++) {
    const sharc_attr *a = side ? from : to, *b = side ? to : from;
    unsigned ra = side ? frank : rank, rb = side ? rank : frank;
    for (unsigned d = 0; d < ra; d++) {
      const sharc_attr *da = sharc_sdy_tensor_sharding_dim(a, d);
      const sharc_attr *db = d < rb ? sharc_sdy_tensor_sharding_dim(b, d) : NULL;
      for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(da); i++) {
        sharc_attr *ref = sharc_sdy_dim_sharding_axis(da, i);
        bool found = false;
        for (unsigned k = 0; db && k < sharc_sdy_dim_sharding_num_axes(db); k++)
          found = found || sharc_sdy_dim_sharding_axis(db, k) == ref;
        if (found)
          continue;
        /* each axis once, whichever side it is on */
        sharc_buf one = {0};
        sharc_report_axes_text(&ref, 1, &one);
        if (!strstr(out->data ? out->data : "", one.data)) {
          if (out->len)
            SHARC_BUF_LIT(out, ", ");
          sharc_buf_put(out, one.data, one.len);
        }
        sharc_buf_free(&one);
      }
    }
  }
}

/* The axes of the dimensions a permutation reorders. */
static void permuted_axes(const sharc_attr *from, const sharc_attr *to, sharc_buf *out) {
  unsigned rank = to ? sharc_sdy_tensor_sharding_rank(to) : 0;
  unsigned frank = from ? sharc_sdy_tensor_sharding_rank(from) : 0;
  for (unsigned d = 0; d < rank; d++) {
    const sharc_attr *td = sharc_sdy_tensor_sharding_dim(to, d);
    const sharc_attr *fd = d < frank ? sharc_sdy_tensor_sharding_dim(from, d) : NULL;
    unsigned n = sharc_sdy_dim_sharding_num_axes(td);
    bool same = fd && sharc_sdy_dim_sharding_num_axes(fd) == n;
    for (unsigned i = 0; same && i < n; i++)
      same = sharc_sdy_dim_sharding_axis(fd, i) == sharc_sdy_dim_sharding_axis(td, i);
    for (unsigned i = 0; !same && i < n; i++) {
      if (out->len)
        SHARC_BUF_LIT(out, ", ");
      sharc_attr *ref = sharc_sdy_dim_sharding_axis(td, i);
      sharc_report_axes_text(&ref, 1, out);
    }
  }
}

static int64_t scale(int64_t bytes, int64_t num, int64_t den) {
  if (bytes < 0 || den <= 0)
    return -1;
  /* bytes * num / den without overflow for any realistic tensor */
  return (int64_t)((long double)bytes * (long double)num / (long double)den);
}

/* How often the collective runs: the trip counts of the loops around it,
 * each loop also counting what one of its iterations moves. */
static void count_executions(walk *w, sharc_op *op, sharc_report_collective *c) {
  sharc_report *r = w->r;
  int64_t times = 1;
  bool unknown = false;
  c->loop = -1;
  for (sharc_op *p = sharc_op_parent_op(op); p && p != w->func; p = sharc_op_parent_op(p)) {
    uintptr_t slot = (uintptr_t)sharc_ptrmap_get(&w->loop_of, p);
    if (!slot)
      continue;
    sharc_report_loop *l = &r->loops.items[slot - 1];
    if (c->loop < 0)
      c->loop = (int)(slot - 1);
    l->num_collectives++;
    if (c->bytes_moved > 0)
      l->bytes_moved_per_iteration = add_sat(
          l->bytes_moved_per_iteration, unknown ? c->bytes_moved : mul_sat(c->bytes_moved, times));
    if (l->trip_count < 0)
      unknown = true;
    else
      times = mul_sat(times, l->trip_count);
  }
  c->executions = unknown ? -1 : times;
}

/* The collective's bytes into its kind's total and the summary: times its
 * executions, once when a loop's count is not known. */
static void add_to_totals(walk *w, const sharc_report_collective *c) {
  sharc_report *r = w->r;
  uintptr_t slot = (uintptr_t)sharc_ptrmap_get(&w->kind_of, c->kind);
  if (!slot) {
    sharc_vec_push(&r->kinds, ((sharc_report_kind_total){c->kind, 0, 0, false}));
    slot = r->kinds.len;
    sharc_ptrmap_put(&w->kind_of, c->kind, (void *)slot);
  }
  sharc_report_kind_total *t = &r->kinds.items[slot - 1];
  t->count++;
  if (c->bytes_moved <= 0)
    return;
  int64_t total = c->executions < 0 ? c->bytes_moved : mul_sat(c->bytes_moved, c->executions);
  if (c->executions < 0)
    t->per_iteration = r->summary.bytes_moved_per_iteration = true;
  t->bytes_moved = add_sat(t->bytes_moved, total);
  r->summary.bytes_moved = add_sat(r->summary.bytes_moved, total);
}

/* A while loop: listed (with its trip count) before anything inside it. */
static void add_loop(walk *w, sharc_op *op) {
  sharc_report *r = w->r;
  if (!sharc_op_num_results(op))
    return;
  sharc_value *res = sharc_op_result(op, 0);
  sharc_report_loop l = {0};
  l.value = sharc_report_entry(r, SHARC_REPORT_OP_RESULT, w->func, op, res, 0, value_name(w, res));
  l.trip_count = sharc_report_trip_count(op);
  sharc_vec_push(&r->loops, l);
  sharc_ptrmap_put(&w->loop_of, op, (void *)(uintptr_t)r->loops.len);
}

static int64_t dim_shards(const sharc_attr *sharding, unsigned d, const sharc_attr *mesh) {
  if (!sharding || !mesh || d >= sharc_sdy_tensor_sharding_rank(sharding))
    return 1;
  return sharc_report_dim_shards(sharc_sdy_tensor_sharding_dim(sharding, d), mesh);
}

/* Bytes of one device's operand of an all_to_all from `from` to `to`:
 * -sdy-pad-for-divisibility pads each dimension to a multiple of the
 * larger of its two shard counts first (one divides the other). */
static int64_t all_to_all_operand_bytes(const sizes *z, const sharc_attr *from,
                                        const sharc_attr *to) {
  if (z->per_device < 0 || !z->mesh)
    return z->per_device;
  int64_t n = 1;
  for (unsigned d = 0; d < z->rank; d++) {
    int64_t in = dim_shards(from, d, z->mesh), out = dim_shards(to, d, z->mesh);
    int64_t most = in > out ? in : out;
    if (z->shape[d] < 0 || in < 1 || most < 1)
      return z->per_device;
    n *= (z->shape[d] + most - 1) / most * (most / in);
  }
  return sharc_report_bytes_of(n, z->bits);
}

/* Lists collective `op` of kind `kind` with the bytes it moves per device. */
static void push_collective(walk *w, sharc_op *op, const char *kind, const sharc_attr *from,
                            sharc_buf *axes, int64_t moved) {
  sharc_report *r = w->r;
  sharc_value *res = sharc_op_result(op, 0);
  sharc_report_collective c = {0};
  c.kind = kind;
  c.value = sharc_report_entry(r, SHARC_REPORT_OP_RESULT, w->func, op, res, 0, value_name(w, res));
  c.from_spec = spec_text(r, from);
  c.axes = axes->data ? buf_dup(r, axes) : "";
  c.bytes_moved = moved;
  count_executions(w, op, &c);
  sharc_vec_push(&r->collectives, c);
  add_to_totals(w, &c);
}

static void add_collective(walk *w, sharc_op *op, coll_kind kind) {
  sharc_report *r = w->r;
  if (!sharc_op_num_results(op) || !sharc_op_num_operands(op))
    return;
  sharc_value *in = sharc_op_operand(op, 0), *res = sharc_op_result(op, 0);
  const sharc_attr *from = sharc_report_value_sharding(in);
  const sharc_attr *to = sharc_report_value_sharding(res);
  /* a constraint its operand already meets moves nothing and is no reshard */
  if (kind == COLL_CONSTRAINT && same_layout(from, to))
    return;
  sizes zi, zo;
  value_sizes(r, sharc_value_type(in), from, op, false, &zi);
  value_sizes(r, sharc_value_type(res), to, op, false, &zo);
  sharc_buf axes = {0};
  int64_t n = 1;
  const sharc_attr *mesh = zo.mesh ? zo.mesh : zi.mesh;
  int64_t moved = -1;
  switch (kind) {
  case COLL_ALL_GATHER:
    put_axes_of(sharc_op_attr(op, "gathering_axes"), &axes, &n, mesh);
    /* the other n - 1 shards, padded as the partitioner pads them (out -
     * in only when the dimension divides) */
    moved = scale(zi.per_device, n - 1, 1);
    break;
  case COLL_ALL_SLICE:
    put_axes_of(sharc_op_attr(op, "slicing_axes"), &axes, &n, mesh);
    moved = 0;
    break;
  case COLL_ALL_REDUCE:
    put_axes_of(sharc_op_attr(op, "reduction_axes"), &axes, &n, mesh);
    moved = scale(zi.per_device, 2 * (n - 1), n);
    break;
  case COLL_REDUCE_SCATTER:
    put_axes_of(sharc_op_attr(op, "reduce_scatter_axes"), &axes, &n, mesh);
    /* the other n - 1 members' part of its padded block */
    moved = scale(zo.per_device, n - 1, 1);
    break;
  case COLL_ALL_TO_ALL:
    put_axes_of(sharc_op_attr(op, "params"), &axes, &n, mesh);
    moved = scale(all_to_all_operand_bytes(&zi, from, to), n - 1, n);
    break;
  case COLL_PERMUTE:
    permuted_axes(from, to, &axes);
    moved = zi.per_device;
    break;
  case COLL_SHARDED_TO_UNREDUCED:
  case COLL_REPLICATED_TO_UNREDUCED:
    put_axes_of(sharc_op_attr(op, "axes"), &axes, &n, mesh);
    moved = 0;
    break;
  default: /* reshard, constraint */
    changed_axes(from, to, &axes);
    moved = sharc_report_reshard_bytes(sharc_value_type(res), from, zi.mesh, to, zo.mesh);
    break;
  }
  push_collective(w, op, coll_names[kind], from, &axes, moved);
  sharc_buf_free(&axes);
}

/* StableHLO collectives the module already has (a shard_map's psum, the
 * halo exchange's permutes) work on each device's own values: their
 * operand is what one device holds, and n the size of their groups. */
static const char *device_collective_kind(const sharc_op *op) {
  static const char *const kinds[] = {"all_gather", "all_reduce", "reduce_scatter",
                                      "all_to_all", "collective_permute", NULL};
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  if (name.len < 10 || memcmp(name.data, "stablehlo.", 10) != 0)
    return NULL;
  for (unsigned i = 0; kinds[i]; i++)
    if (name.len - 10 == strlen(kinds[i]) && memcmp(name.data + 10, kinds[i], name.len - 10) == 0)
      return kinds[i];
  return NULL;
}

/* The size of the op's process groups (its replica_groups' rows); -1 when
 * it names none (then every device, which the module does not say). */
static int64_t group_size(const sharc_op *op) {
  const sharc_attr *g = sharc_op_attr(op, "replica_groups");
  const sharc_type *t = g ? sharc_attr_type(g) : NULL;
  if (t && sharc_type_has_rank(t) && sharc_type_rank(t) == 2 && sharc_type_shape(t)[1] > 0)
    return sharc_type_shape(t)[1];
  return -1;
}

static void add_device_collective(walk *w, sharc_op *op, const char *kind) {
  if (!sharc_op_num_results(op) || !sharc_op_num_operands(op))
    return;
  /* inside a manual computation the operand can still be sharded along
   * the free axes: a device holds that shard */
  sharc_value *operand = sharc_op_operand(op, 0);
  sizes zi;
  value_sizes(w->r, sharc_value_type(operand), sharc_report_value_sharding(operand), op, false,
              &zi);
  int64_t in = zi.per_device, n = group_size(op), moved = -1;
  if (strcmp(kind, "collective_permute") == 0)
    moved = in;
  else if (n < 1 || in < 0)
    moved = -1;
  else if (strcmp(kind, "all_gather") == 0)
    moved = scale(in, n - 1, 1);
  else if (strcmp(kind, "all_reduce") == 0)
    moved = scale(in, 2 * (n - 1), n);
  else
    moved = scale(in, n - 1, n);
  sharc_buf axes = {0};
  push_collective(w, op, kind, sharc_report_value_sharding(operand), &axes, moved);
}

/* ---- ops ------------------------------------------------------------------------------------ */

/* Whether result `res` of `op` is sharded otherwise than each operand. */
static bool differs_from_operands(sharc_op *op, const sharc_attr *sharding) {
  unsigned n = sharc_op_num_operands(op);
  if (!n)
    return sharc_report_has_axes(sharding);
  for (unsigned i = 0; i < n; i++)
    if (same_layout(sharc_report_value_sharding(sharc_op_operand(op, i)), sharding))
      return false;
  return true;
}

static sharc_walk_result visit_op(sharc_op *op, void *user) {
  walk *w = user;
  sharc_report *r = w->r;
  coll_kind kind = coll_kind_of(op);
  const char *device_kind = kind == COLL_NONE ? device_collective_kind(op) : NULL;
  if (kind != COLL_NONE)
    add_collective(w, op, kind);
  else if (device_kind)
    add_device_collective(w, op, device_kind);
  if (sharc_report_is_loop(op))
    add_loop(w, op);
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_value *res = sharc_op_result(op, i);
    const sharc_attr *sharding = sharc_report_value_sharding(res);
    bool changed = differs_from_operands(op, sharding);
    r->summary.num_values++;
    if (!changed && !r->opts.all_values) {
      /* not listed: only the padded count needs its sizes */
      if (sharding && sharc_report_has_axes(sharding)) {
        sizes z;
        value_sizes(r, sharc_value_type(res), sharding, op, false, &z);
        r->summary.num_padded += z.padded;
      }
      continue;
    }
    sharc_report_value *e =
        sharc_report_entry(r, SHARC_REPORT_OP_RESULT, w->func, op, res, i, value_name(w, res));
    e->changed = changed;
    r->summary.num_padded += e->padded;
    list(w, e);
  }
  if (!r->opts.all_values)
    return SHARC_WALK_ADVANCE;
  for (unsigned k = 0; k < sharc_op_num_regions(op); k++)
    for (sharc_block *b = sharc_region_first_block(sharc_op_region(op, k)); b;
         b = sharc_block_next(b))
      for (unsigned i = 0; i < sharc_block_num_args(b); i++) {
        sharc_value *arg = sharc_block_arg(b, i);
        sharc_report_value *e = sharc_report_entry(r, SHARC_REPORT_BLOCK_ARG, w->func, op, arg,
                                                   i, value_name(w, arg));
        count_value(w, e);
        list(w, e);
      }
  return SHARC_WALK_ADVANCE;
}

/* ---- totals ------------------------------------------------------------------------------------ */

typedef struct device_bytes {
  int64_t device, args, results;
} device_bytes;

static int by_device(const void *a, const void *b) {
  const device_bytes *x = a, *y = b;
  return (x->device > y->device) - (x->device < y->device);
}

/* Spreads each mesh's bytes over its devices: totals, and the most one
 * device holds. */
static void spread(walk *w) {
  sharc_report_summary *s = &w->r->summary;
  bool walkable = true;
  int64_t args = 0, results = 0;
  for (unsigned i = 0; i < w->buckets.len; i++) {
    const mesh_bytes *mb = &w->buckets.items[i];
    int64_t devices = mesh_devices(mb->mesh);
    s->arguments.all_devices = add_sat(s->arguments.all_devices, mul_sat(mb->args, devices));
    s->results.all_devices = add_sat(s->results.all_devices, mul_sat(mb->results, devices));
    args = add_sat(args, mb->args);
    results = add_sat(results, mb->results);
    walkable = walkable && mb->mesh && devices <= SHARC_REPORT_MAX_WALKED_DEVICES;
  }
  if (!walkable) {
    /* one device, or meshes too large to walk: as if they all shared one */
    s->arguments.per_device_peak = args;
    s->results.per_device_peak = results;
    return;
  }
  SHARC_VEC(device_bytes) per = {0};
  for (unsigned i = 0; i < w->buckets.len; i++) {
    const mesh_bytes *mb = &w->buckets.items[i];
    for (int64_t pos = 0; pos < mesh_devices(mb->mesh); pos++)
      sharc_vec_push(&per, ((device_bytes){sharc_report_device_id(mb->mesh, pos), mb->args,
                                           mb->results}));
  }
  if (per.len)
    qsort(per.items, per.len, sizeof *per.items, by_device);
  for (unsigned i = 0; i < per.len;) {
    int64_t a = 0, b = 0;
    unsigned j = i;
    for (; j < per.len && per.items[j].device == per.items[i].device; j++) {
      a = add_sat(a, per.items[j].args);
      b = add_sat(b, per.items[j].results);
    }
    if (a > s->arguments.per_device_peak)
      s->arguments.per_device_peak = a;
    if (b > s->results.per_device_peak)
      s->results.per_device_peak = b;
    i = j;
  }
  sharc_vec_free(&per);
}

/* ---- entry points ----------------------------------------------------------------------------- */

sharc_block *sharc_report_module_body(sharc_op *module) {
  return sharc_op_num_regions(module) ? sharc_region_first_block(sharc_op_region(module, 0)) : NULL;
}

/* The sdy.mesh ops: their names, and the mesh with the most devices. */
static void collect_meshes(sharc_report *r) {
  int64_t best = 0;
  sharc_block *body = sharc_report_module_body(r->module);
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      continue;
    const sharc_attr *mesh = sharc_op_attr(op, "mesh");
    if (!mesh || !sharc_sdy_is_mesh(mesh))
      continue;
    r->summary.num_meshes++;
    if (!sharc_ptrmap_get(&r->mesh_name, mesh)) {
      sharc_str name = sharc_op_symbol_name(op);
      sharc_ptrmap_put(&r->mesh_name, mesh, sharc_report_strdup(r, name.data, name.len));
    }
    int64_t n = mesh_devices(mesh);
    if (n > best) {
      best = n;
      r->main_mesh = mesh;
    }
  }
  r->summary.num_devices = best ? best : 1;
}

/* The function "input: N" origins refer to: @main, else the first public
 * function, else the first one. */
sharc_op *sharc_report_entry_function(sharc_op *module, bool with_body) {
  sharc_block *body = sharc_report_module_body(module);
  sharc_op *first = NULL, *first_public = NULL;
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_func_func_def) || (with_body && sharc_func_is_declaration(op)))
      continue;
    if (sharc_str_eq_cstr(sharc_op_symbol_name(op), "main"))
      return op;
    if (!first)
      first = op;
    if (!first_public && !sharc_func_is_private(op))
      first_public = op;
  }
  return first_public ? first_public : first;
}

static void find_main(sharc_report *r) {
  r->main_func = sharc_report_entry_function(r->module, false);
}

sharc_report *sharc_report_create(sharc_op *module, const sharc_report_options *options) {
  sharc_report *r = sharc_xcalloc(1, sizeof *r);
  r->module = module;
  r->opts = options ? *options : sharc_report_options_default();
  r->user_record = sharc_report_user_record(module);
  collect_meshes(r);
  find_main(r);
  walk w = {0};
  w.r = r;
  w.namer = sharc_value_namer_create(module, false);
  sharc_block *body = sharc_report_module_body(module);
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_func_func_def))
      continue;
    w.func = op;
    /* a declaration has no values to place */
    if (sharc_func_is_declaration(op))
      continue;
    r->summary.num_functions++;
    visit_func_signature(&w, op);
    sharc_walk_nested(op, SHARC_PRE_ORDER, visit_op, &w);
  }
  spread(&w);
  /* read: the module goes on without the record */
  sharc_report_forget_user_shardings(module);
  r->summary.num_changed_user_shardings = r->changes.len;
  r->summary.kinds = r->kinds.items;
  r->summary.num_kinds = r->kinds.len;
  sharc_value_namer_destroy(w.namer);
  sharc_buf_free(&w.name);
  sharc_vec_free(&w.buckets);
  sharc_ptrmap_free(&w.bucket_of);
  sharc_ptrmap_free(&w.kind_of);
  sharc_ptrmap_free(&w.loop_of);
  if (r->opts.debug_origins)
    r->debug = sharc_report_debug_build(r);
  return r;
}

void sharc_report_destroy(sharc_report *r) {
  if (!r)
    return;
  sharc_report_debug_free(r->debug);
  sharc_report_names_free(r->names);
  sharc_vec_free(&r->values);
  sharc_vec_free(&r->collectives);
  sharc_vec_free(&r->kinds);
  sharc_vec_free(&r->changes);
  sharc_vec_free(&r->loops);
  sharc_ptrmap_free(&r->type_text);
  sharc_ptrmap_free(&r->spec_text);
  sharc_ptrmap_free(&r->repl_text);
  sharc_ptrmap_free(&r->mesh_of);
  sharc_ptrmap_free(&r->mesh_name);
  sharc_arena_free(&r->arena);
  free(r);
}

unsigned sharc_report_num_values(const sharc_report *r) { return r->values.len; }

const sharc_report_value *sharc_report_value_at(const sharc_report *r, unsigned i) {
  return i < r->values.len ? r->values.items[i] : NULL;
}

unsigned sharc_report_num_collectives(const sharc_report *r) { return r->collectives.len; }

const sharc_report_collective *sharc_report_collective_at(const sharc_report *r, unsigned i) {
  return i < r->collectives.len ? &r->collectives.items[i] : NULL;
}

const sharc_report_summary *sharc_report_get_summary(const sharc_report *r) { return &r->summary; }

unsigned sharc_report_num_loops(const sharc_report *r) { return r->loops.len; }

const sharc_report_loop *sharc_report_loop_at(const sharc_report *r, unsigned i) {
  return i < r->loops.len ? &r->loops.items[i] : NULL;
}

static sharc_attr *note_inline_mesh(sharc_attr *sharding, const sharc_sdy_sharding_site *site,
                                    void *user) {
  (void)site;
  if (sharding && sharc_sdy_is_tensor_sharding(sharding) &&
      sharc_sdy_is_mesh(sharc_sdy_tensor_sharding_mesh_or_ref(sharding)))
    *(bool *)user = true;
  return sharding;
}

bool sharc_report_has_mesh(sharc_op *module) {
  sharc_block *body = sharc_report_module_body(module);
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      return true;
  bool found = false;
  sharc_sdy_walk_shardings(module, note_inline_mesh, NULL, &found);
  return found;
}
