/* -mpmd-mark-fragment-reserved-memory: walking the entry function in
 * program order, the bytes of live device buffers are tracked per mesh
 * (arguments not in host memory and not donated-but-unused, then every
 * used result not in host memory; an operand leaves at its last use,
 * program arguments only when donated). Each fragment gets
 * reserved_hbm_bytes: what is live on its mesh minus its own operands,
 * which XLA already accounts for. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/mpmd/export/export_utils.h"

#include <math.h>
#include <stdlib.h>

typedef struct memory_state {
  sharc_op *func;
  sharc_block *body;
  sharc_attr *topology;
  double *live;           /* bytes per topology mesh */
  sharc_ptrmap position;  /* op of the body -> 1 + its index */
  sharc_ptrmap last_user; /* value -> 1 + index of its last user in the body */
  sharc_ptrmap seen;      /* value -> stamp of the operand list that last met it */
  uintptr_t stamp;
  sharc_ptrmap sizes;     /* mesh tensor type -> its type_size */
  sharc_ptrmap mesh_slots; /* mesh name text -> 2 + its topology index (1: none) */
  sharc_ptr_vec size_list;
  bool failed;
} memory_state;

/* What a mesh tensor type weighs, and on which mesh (found once per type:
 * the types are uniqued and few). */
typedef struct type_size {
  double bytes;
  int slot; /* index of its mesh in the topology, -1 when not there */
} type_size;

/* GetMeshTensorSize: bytes of the per-device tensor. */
static double tensor_bytes(const sharc_type *t, sharc_op *op) {
  if (!sharc_mpmd_is_mesh_tensor(t))
    return 0;
  sharc_type *local = sharc_mpmd_local_tensor_type(t, op);
  if (!local)
    local = sharc_mpmd_mesh_tensor_global_type(t);
  int64_t n = sharc_type_num_elements(local);
  sharc_type *elem = sharc_type_element(local);
  if (n < 0 || !elem)
    return 0;
  sharc_type *scalar = sharc_type_get_kind(elem) == SHARC_TYPE_COMPLEX ? sharc_type_element(elem) : elem;
  double bits = (double)sharc_type_bit_width(scalar);
  if (scalar != elem)
    bits *= 2;
  return (double)n * (bits / 8);
}

/* The topology index of a mesh name, remembered per name (the names come
 * from uniqued attributes, so one text has one or two pointers). */
static int mesh_index(memory_state *st, sharc_str mesh) {
  uintptr_t known = mesh.data ? (uintptr_t)sharc_ptrmap_get(&st->mesh_slots, mesh.data) : 0;
  if (known)
    return (int)known - 2;
  int index = -1;
  for (unsigned i = 0; i < sharc_mpmd_topology_num_meshes(st->topology) && index < 0; i++)
    if (sharc_str_eq(sharc_mpmd_named_mesh_name(sharc_mpmd_topology_mesh_at(st->topology, i)), mesh))
      index = (int)i;
  if (mesh.data)
    sharc_ptrmap_put(&st->mesh_slots, mesh.data, (void *)(uintptr_t)(index + 2));
  return index;
}

static const type_size *size_of(memory_state *st, const sharc_type *t, sharc_op *op) {
  type_size *ts = sharc_ptrmap_get(&st->sizes, t);
  if (ts)
    return ts;
  ts = sharc_xmalloc(sizeof *ts);
  ts->bytes = tensor_bytes(t, op);
  ts->slot = mesh_index(st, sharc_mpmd_mesh_tensor_mesh_name(t));
  sharc_ptrmap_put(&st->sizes, t, ts);
  sharc_vec_push(&st->size_list, ts);
  return ts;
}

static void add_bytes(memory_state *st, const sharc_type *t, sharc_op *op, double sign) {
  if (!sharc_mpmd_is_mesh_tensor(t))
    return;
  const type_size *ts = size_of(st, t, op);
  if (ts->slot < 0) {
    sharc_str mesh = sharc_mpmd_mesh_tensor_mesh_name(t);
    sharc_mpmd_error(op, "Required mesh_name missing: %.*s", (int)mesh.len, mesh.data);
    st->failed = true;
    return;
  }
  st->live[ts->slot] += sign * ts->bytes;
}

/* Liveness::isDeadAfter for a value of the (single-block) body: no user
 * of it comes after `op`. */
static bool dead_after(memory_state *st, sharc_value *v, sharc_op *op) {
  uintptr_t last = (uintptr_t)sharc_ptrmap_get(&st->last_user, v);
  if (!last) {
    for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u)) {
      sharc_op *user = sharc_mpmd_ancestor_in_block(st->body, sharc_use_owner(u));
      uintptr_t pos = user ? (uintptr_t)sharc_ptrmap_get(&st->position, user) : 0;
      if (pos > last)
        last = pos;
    }
    sharc_ptrmap_put(&st->last_user, v, (void *)(last + 1));
    last++;
  }
  return last - 1 <= (uintptr_t)sharc_ptrmap_get(&st->position, op);
}

/* Whether `v` was met already in the operand list being gone through
 * (the one of the current stamp); marks it met. */
static bool seen_before(memory_state *st, const sharc_value *v) {
  if ((uintptr_t)sharc_ptrmap_get(&st->seen, v) == st->stamp)
    return true;
  sharc_ptrmap_put(&st->seen, v, (void *)st->stamp);
  return false;
}

/* GetLiveMemoryBytes: live bytes on the fragment's mesh but its operands
 * (each once, host ones aside). */
static void mark_fragment(memory_state *st, sharc_rewriter *rw, sharc_op *fragment) {
  sharc_attr *mesh = sharc_op_attr(fragment, "mesh_name");
  sharc_str mesh_name = mesh ? sharc_attr_string_value(mesh) : (sharc_str){"", 0};
  int slot = mesh_index(st, mesh_name);
  if (slot < 0) {
    sharc_mpmd_error(fragment, "Required mesh_name missing: %.*s", (int)mesh_name.len,
                     mesh_name.data);
    st->failed = true;
    return;
  }
  double bytes = st->live[slot];
  st->stamp++;
  for (unsigned i = 0; i < sharc_op_num_operands(fragment); i++) {
    sharc_value *v = sharc_op_operand(fragment, i);
    /* a host operand is skipped before it counts as seen */
    if (sharc_mpmd_is_operand_on_host(fragment, i) || seen_before(st, v))
      continue;
    sharc_type *t = sharc_value_type(v);
    if (sharc_mpmd_is_mesh_tensor(t))
      bytes -= size_of(st, t, fragment)->bytes;
  }
  sharc_context *ctx = rw->ctx;
  sharc_rw_set_attr(rw, fragment, SHARC_MPMD_RESERVED_HBM_BYTES_ATTR,
                    sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS),
                                       (int64_t)ceil(bytes)));
}

/* Operands used for the last time leave (program arguments only when
 * donated); used results not on host arrive. */
static void update_live(memory_state *st, sharc_op *op) {
  st->stamp++;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_value *v = sharc_op_operand(op, i);
    if (sharc_mpmd_is_operand_on_host(op, i) || seen_before(st, v) || !dead_after(st, v, op))
      continue;
    if (!sharc_value_is_block_arg(v) || sharc_mpmd_is_func_arg_donated(st->func, sharc_value_index(v)))
      add_bytes(st, sharc_value_type(v), op, -1);
  }
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_value *r = sharc_op_result(op, i);
    if (!sharc_mpmd_is_result_on_host(r) && sharc_value_has_uses(r))
      add_bytes(st, sharc_value_type(r), op, 1);
  }
}

static bool init_meshes(memory_state *st) {
  unsigned n = sharc_mpmd_topology_num_meshes(st->topology);
  st->live = sharc_xcalloc(n + 1, sizeof *st->live);
  for (unsigned i = 0; i < n; i++) {
    sharc_str name = sharc_mpmd_named_mesh_name(sharc_mpmd_topology_mesh_at(st->topology, i));
    for (unsigned j = 0; j < i; j++)
      if (sharc_str_eq(name, sharc_mpmd_named_mesh_name(sharc_mpmd_topology_mesh_at(st->topology, j)))) {
        sharc_mpmd_error(st->func, "Expected mapping to be empty, already saw mesh '%.*s'.",
                         (int)name.len, name.data);
        return false;
      }
  }
  return true;
}

static void count_arguments(memory_state *st) {
  for (unsigned i = 0; i < sharc_block_num_args(st->body); i++) {
    sharc_value *arg = sharc_block_arg(st->body, i);
    if (sharc_mpmd_is_func_arg_on_host(st->func, i))
      continue;
    if (sharc_mpmd_is_func_arg_donated(st->func, i) && !sharc_value_has_uses(arg))
      continue;
    add_bytes(st, sharc_value_type(arg), st->func, 1);
  }
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  if (!sharc_mpmd_is_distributed_function(func) || !sharc_mpmd_is_mpmd_function(func))
    return true;
  memory_state st = {.func = func, .body = sharc_func_body(func),
                     .topology = sharc_mpmd_func_topology(func)};
  if (!st.body || !st.topology)
    return true;
  if (!init_meshes(&st)) {
    free(st.live);
    return false;
  }
  uintptr_t index = 0;
  for (sharc_op *op = sharc_block_first_op(st.body); op; op = sharc_op_next(op))
    sharc_ptrmap_put(&st.position, op, (void *)++index);
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  count_arguments(&st);
  for (sharc_op *op = sharc_block_first_op(st.body); op; op = sharc_op_next(op)) {
    bool fragment = sharc_op_isa(op, &sharc_mpmd_fragment_def);
    if (fragment)
      mark_fragment(&st, &rw, op);
    if (fragment || sharc_op_isa(op, &sharc_mpmd_transfer_def)) {
      update_live(&st, op);
    } else if (!sharc_op_isa(op, &sharc_func_return_def)) {
      sharc_mpmd_error(op, "Expected only TransferOp, FragmentOp, FragmentCallOp and ReturnOp in "
                           "the function body.");
      st.failed = true;
    }
  }
  sharc_ptrmap_free(&st.position);
  sharc_ptrmap_free(&st.last_user);
  sharc_ptrmap_free(&st.seen);
  for (unsigned i = 0; i < st.size_list.len; i++)
    free(st.size_list.items[i]);
  sharc_vec_free(&st.size_list);
  sharc_ptrmap_free(&st.sizes);
  sharc_ptrmap_free(&st.mesh_slots);
  free(st.live);
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_mark_fragment_reserved_memory = {
    .flag = "mpmd-mark-fragment-reserved-memory",
    .display_name = "MarkFragmentReservedMemoryPass",
    .summary = "Mark each fragment with the amount of memory that needs to be reserved for "
               "compilation.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
