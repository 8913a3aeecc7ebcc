/* Shardy's pipeline schedules, each a must-happen-before rule over two
 * scheduling units of one mesh, and the option parser naming them. */
#include "transforms/mpmd/optimize/pipeline_schedule.h"

#include "transforms/mpmd/optimize/utils.h"

#include "support/log.h"

#include <math.h>
#include <string.h>

void sharc_mpmd_unit_of(sharc_op *fragment, int num_meshes, int mesh_index, sharc_mpmd_unit *out) {
  memset(out, 0, sizeof *out);
  out->op = fragment;
  sharc_mpmd_call_counter(fragment, &out->call_counter);
  sharc_mpmd_single_transpose_count(fragment, &out->transpose_count);
  out->is_wgrad = sharc_mpmd_is_split_drop_transferred(fragment);
  sharc_attr *stage = sharc_op_attr(fragment, "stage_id");
  if (stage && sharc_attr_get_kind(stage) == SHARC_ATTR_INTEGER) {
    out->has_stage = true;
    out->stage = sharc_attr_int_value(stage);
  }
  out->mesh_name = sharc_mpmd_fragment_mesh(fragment);
  out->num_meshes = num_meshes;
  out->mesh_index = mesh_index;
}

/* GetMeshIndex's check: the unit's mesh is one of the pipeline's. */
static bool mesh_index(const sharc_mpmd_unit *u, int *out, sharc_buf *err) {
  if (u->mesh_index < 0) {
    sharc_buf_puts(err, "Mesh not found: ");
    sharc_buf_put_str(err, u->mesh_name);
    return false;
  }
  *out = u->mesh_index;
  return true;
}

static int none_rule(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b, sharc_buf *err) {
  (void)a, (void)b, (void)err;
  return 0;
}

/* 1F1B (PipeDream-2BW): after a warm-up of forwards, forward and backward
 * alternate; each kind keeps call-counter order. */
static int one_f_one_b(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b, sharc_buf *err) {
  int mesh;
  if (!mesh_index(a, &mesh, err))
    return -1;
  int64_t meshes = a->num_meshes;
  if (a->transpose_count == 1 && b->transpose_count == 0)
    return a->call_counter == b->call_counter - meshes + mesh;
  if (a->transpose_count == 0 && b->transpose_count == 1)
    return a->call_counter == b->call_counter + meshes - (mesh + 1);
  if (a->transpose_count == b->transpose_count)
    return a->call_counter < b->call_counter;
  return 0;
}

/* GPipe: every forward before every backward, call-counter order within. */
static int gpipe(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b, sharc_buf *err) {
  (void)err;
  int ca = (int)(uint32_t)a->call_counter, cb = (int)(uint32_t)b->call_counter;
  int ta = (int)a->transpose_count, tb = (int)b->transpose_count;
  if (ta == tb)
    return ca < cb;
  return ta < tb;
}

/* GPipe, but 1F1B on the last mesh (which then needs no remat). */
static int gpipe_but_1f1b_last(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b, sharc_buf *err) {
  int mesh;
  if (!mesh_index(a, &mesh, err))
    return -1;
  return mesh == a->num_meshes - 1 ? one_f_one_b(a, b, err) : gpipe(a, b, err);
}

/* ZeroBubble H1: 1F1B over forward and activation-gradient fragments, the
 * parameter-gradient ones (split_drop_transferred) placed after them. */
static int zero_bubble_h1(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b, sharc_buf *err) {
  int mesh;
  if (!mesh_index(a, &mesh, err))
    return -1;
  int64_t meshes = a->num_meshes, ca = a->call_counter, cb = b->call_counter;
  int64_t ta = a->transpose_count, tb = b->transpose_count;
  bool wa = a->is_wgrad, wb = b->is_wgrad;
  if (ta == 1 && !wa && tb == 0)
    return ca == cb - meshes + mesh;
  if (ta == 0 && tb == 1 && !wb)
    return ca == cb + meshes - (mesh + 1);
  if (ta == 1 && (wa || mesh == 0) && tb == 0)
    return cb - ca == meshes;
  if (ta == 1 && !wa && tb == 1 && wb)
    return ca - cb == mesh;
  if (ta == 1 && wa && tb == 1 && !wb)
    return cb - ca == mesh + 1;
  return 0;
}

/* How many forwards mesh `mesh` streams in before its first backward, when
 * a transfer takes `fraction` of a stage's compute time. */
static int init_forwards(int meshes, int mesh, float fraction) {
  float transfers = 2.0f * (float)(meshes - mesh - 1);
  float compute = 2.0f * (float)(meshes - mesh) - 1.0f;
  return (int)floorf(compute + transfers * fraction);
}

/* ZeroBubble H2, hiding transfer latency by a deeper warm-up. */
static int zero_bubble_h2(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b, float fraction,
                          sharc_buf *err) {
  int mesh;
  if (!mesh_index(a, &mesh, err))
    return -1;
  int64_t ca = a->call_counter, cb = b->call_counter;
  int64_t ta = a->transpose_count, tb = b->transpose_count;
  bool wa = a->is_wgrad, wb = b->is_wgrad;
  int init = init_forwards(a->num_meshes, mesh, fraction);
  int complement = init_forwards(a->num_meshes, a->num_meshes - mesh - 1, fraction);
  if (ta == 0 && tb == 1 && ca < init)
    return 1;
  if (ta == 1 && !wa && tb == 0 && cb >= init)
    return cb - ca == init;
  if (ta == 0 && ca >= init && tb == 1 && !wb)
    return ca - cb == init - 1;
  if (ta == 1 && !wa && tb == 1 && wb)
    return ca - cb == complement - 1;
  if (ta == 1 && wa && tb == 1 && !wb)
    return cb - ca == complement;
  return 0;
}

static int zero_bubble_h2_zero(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b, sharc_buf *err) {
  return zero_bubble_h2(a, b, 0.0f, err);
}

static int zero_bubble_h2_half(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b, sharc_buf *err) {
  return zero_bubble_h2(a, b, 0.5f, err);
}

static int zero_bubble_h2_full(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b, sharc_buf *err) {
  return zero_bubble_h2(a, b, 1.0f, err);
}

/* llvm::to_integer with radix 0 of the mesh name from its first digit. */
static bool mesh_number(sharc_str name, int64_t *out) {
  size_t i = 0;
  while (i < name.len && (name.data[i] < '0' || name.data[i] > '9'))
    i++;
  const char *s = name.data + i, *end = name.data + name.len;
  unsigned radix = 10;
  if (end - s >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    radix = 16, s += 2;
  else if (end - s >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
    radix = 2, s += 2;
  else if (end - s >= 2 && s[0] == '0' && s[1] == 'o')
    radix = 8, s += 2;
  else if (end - s >= 2 && s[0] == '0')
    radix = 8, s += 1;
  if (s == end)
    return false;
  uint64_t v = 0;
  for (; s < end; s++) {
    unsigned d = *s >= '0' && *s <= '9'   ? (unsigned)(*s - '0')
                 : *s >= 'a' && *s <= 'z' ? (unsigned)(*s - 'a' + 10)
                 : *s >= 'A' && *s <= 'Z' ? (unsigned)(*s - 'A' + 10)
                                          : 99u;
    if (d >= radix || v > ((uint64_t)INT64_MAX - d) / radix)
      return false;
    v = v * radix + d;
  }
  *out = (int64_t)v;
  return true;
}

/* Parallel pipelines entering at different meshes: on mesh i, microbatch i
 * first, then the others rotated around it. Forward units only. */
static int parallel_with_wrap_around(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b,
                                     sharc_buf *err) {
  if (a->transpose_count != 0 || b->transpose_count != 0) {
    sharc_buf_puts(err, "Check failed: IsForwardFragment(fragment1) && "
                        "IsForwardFragment(fragment2)");
    return -1;
  }
  int64_t ca = a->call_counter, cb = b->call_counter, pivot;
  if (ca == cb) {
    sharc_buf_puts(err, "Should not have duplicate call counter.");
    return -1;
  }
  if (!mesh_number(a->mesh_name, &pivot)) {
    sharc_buf_puts(err, "Check failed: the mesh name ");
    sharc_buf_put_str(err, a->mesh_name);
    sharc_buf_puts(err, " does not end in a mesh number");
    return -1;
  }
  if (ca == pivot || cb == pivot)
    return ca == pivot;
  if ((ca > pivot && cb > pivot) || (ca < pivot && cb < pivot))
    return ca > cb;
  return ca < cb;
}

static int lexicographic(const int *a, const int *b, bool ascending, sharc_buf *err) {
  for (unsigned i = 0; i < 3; i++) {
    if (ascending ? a[i] < b[i] : a[i] > b[i])
      return 1;
    if (a[i] != b[i])
      return 0;
  }
  sharc_buf_puts(err, "Unreachable. We expect f1 != f2.");
  return -1;
}

/* Circular: forwards before backwards; within each, phases of as many
 * microbatches as meshes, then stages, then call counters (backward stages
 * descending, or everything descending when reversed). */
static int circular_base(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b, bool reversed,
                         sharc_buf *err) {
  int ca = (int)(uint32_t)a->call_counter, cb = (int)(uint32_t)b->call_counter;
  int ta = (int)a->transpose_count, tb = (int)b->transpose_count;
  if (!a->has_stage || !b->has_stage) {
    sharc_log(SHARC_LOG_ERROR, "shardy/dialect/mpmd/transforms/optimize/pipeline_schedule.cc", 470,
              "Cannot schedule for circular pipelining without stages.");
    return 0; /* giving up */
  }
  int sa = (int)a->stage, sb = (int)b->stage;
  int meshes = a->num_meshes;
  if (ta != tb)
    return ta < tb;
  if (meshes == 0) {
    sharc_buf_puts(err, "Mesh not found: ");
    sharc_buf_put_str(err, a->mesh_name);
    return -1;
  }
  int fa[3] = {ca / meshes, sa, ca}, fb[3] = {cb / meshes, sb, cb};
  if (ta == 0)
    return lexicographic(fa, fb, true, err);
  if (reversed)
    return lexicographic(fa, fb, false, err);
  fa[1] = sb;
  fb[1] = sa;
  return lexicographic(fa, fb, true, err);
}

static int circular(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b, sharc_buf *err) {
  return circular_base(a, b, false, err);
}

static int circular_reversed(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b, sharc_buf *err) {
  return circular_base(a, b, true, err);
}

const sharc_mpmd_schedule_def sharc_mpmd_schedules[SHARC_MPMD_SCHEDULE_COUNT] = {
    [SHARC_MPMD_SCHEDULE_NONE] = {"none", none_rule},
    [SHARC_MPMD_SCHEDULE_1F1B] = {"1F1B", one_f_one_b},
    [SHARC_MPMD_SCHEDULE_GPIPE] = {"GPipe", gpipe},
    [SHARC_MPMD_SCHEDULE_CIRCULAR] = {"Circular", circular},
    [SHARC_MPMD_SCHEDULE_CIRCULAR_WITH_REVERSED_BACKWARD] = {"CircularWithReversedBackward",
                                                             circular_reversed},
    [SHARC_MPMD_SCHEDULE_GPIPE_BUT_1F1B_FOR_LAST_MESH] = {"GPipeBut1F1BForLastMesh",
                                                          gpipe_but_1f1b_last},
    [SHARC_MPMD_SCHEDULE_ZERO_BUBBLE_H1] = {"ZeroBubbleH1", zero_bubble_h1},
    [SHARC_MPMD_SCHEDULE_ZERO_BUBBLE_H2_ZERO_TX_LATENCY] = {"ZeroBubbleH2ZeroTxLatency",
                                                            zero_bubble_h2_zero},
    [SHARC_MPMD_SCHEDULE_ZERO_BUBBLE_H2_HALF_TX_LATENCY] = {"ZeroBubbleH2HalfTxLatency",
                                                            zero_bubble_h2_half},
    [SHARC_MPMD_SCHEDULE_ZERO_BUBBLE_H2_FULL_TX_LATENCY] = {"ZeroBubbleH2FullTxLatency",
                                                            zero_bubble_h2_full},
    [SHARC_MPMD_SCHEDULE_PARALLEL_PIPELINES_WITH_WRAP_AROUND] = {"ParallelPipelinesWithWrapAround",
                                                                 parallel_with_wrap_around},
};

/* StringRef::equals_insensitive: ASCII letters compared lower-cased. */
static bool equals_insensitive(const char *a, const char *b) {
  for (; *a && *b; a++, b++) {
    char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
    char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
    if (x != y)
      return false;
  }
  return *a == *b;
}

bool sharc_mpmd_parse_pipeline_schedule(const char *text, sharc_mpmd_pipeline_schedule *out) {
  for (int i = 0; i < SHARC_MPMD_SCHEDULE_COUNT; i++)
    if (equals_insensitive(text, sharc_mpmd_schedules[i].name)) {
      *out = (sharc_mpmd_pipeline_schedule)i;
      return true;
    }
  return false;
}

bool sharc_mpmd_parse_fragment_comparator(void *dst, const char *text, sharc_buf *err,
                                          void *owner) {
  (void)owner;
  sharc_mpmd_pipeline_schedule s;
  if (!sharc_mpmd_parse_pipeline_schedule(text, &s)) {
    sharc_buf_printf(err, "unknown PropagationSchedule: %s", text);
    return false;
  }
  if (dst)
    *(int *)dst = (int)s;
  return true;
}
