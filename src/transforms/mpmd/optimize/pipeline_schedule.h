/* Shardy's pipeline schedules: one table, each schedule a small rule that
 * tells whether one scheduling unit must run before another on their mesh
 * (PipelineSchedule, BuiltinFragmentComparator), and the parser of the
 * `must-happen-before` option that names one. */
#ifndef SHARC_TRANSFORMS_MPMD_OPTIMIZE_PIPELINE_SCHEDULE_H
#define SHARC_TRANSFORMS_MPMD_OPTIMIZE_PIPELINE_SCHEDULE_H

#include "dialect/mpmd/utils.h"

typedef enum sharc_mpmd_pipeline_schedule {
  SHARC_MPMD_SCHEDULE_NONE,
  SHARC_MPMD_SCHEDULE_1F1B,
  SHARC_MPMD_SCHEDULE_GPIPE,
  SHARC_MPMD_SCHEDULE_CIRCULAR,
  SHARC_MPMD_SCHEDULE_CIRCULAR_WITH_REVERSED_BACKWARD,
  SHARC_MPMD_SCHEDULE_GPIPE_BUT_1F1B_FOR_LAST_MESH,
  SHARC_MPMD_SCHEDULE_ZERO_BUBBLE_H1,
  SHARC_MPMD_SCHEDULE_ZERO_BUBBLE_H2_ZERO_TX_LATENCY,
  SHARC_MPMD_SCHEDULE_ZERO_BUBBLE_H2_HALF_TX_LATENCY,
  SHARC_MPMD_SCHEDULE_ZERO_BUBBLE_H2_FULL_TX_LATENCY,
  SHARC_MPMD_SCHEDULE_PARALLEL_PIPELINES_WITH_WRAP_AROUND,
  SHARC_MPMD_SCHEDULE_COUNT
} sharc_mpmd_pipeline_schedule;

/* What a schedule's rule reads of a scheduling unit. */
typedef struct sharc_mpmd_unit {
  sharc_op *op;
  int64_t call_counter, transpose_count;
  bool is_wgrad; /* split_drop_transferred: a parameter-gradient fragment */
  bool has_stage;
  int64_t stage;
  int mesh_index; /* among the schedulable meshes; -1: not one of them */
  int num_meshes;
  sharc_str mesh_name;
} sharc_mpmd_unit;

/* Whether `a` must happen before `b` (same mesh, neither depending on the
 * other): 1 or 0; -1 with a message in `err` where Shardy's rule checks
 * an assumption the units break. */
typedef int (*sharc_mpmd_must_happen_before_fn)(const sharc_mpmd_unit *a, const sharc_mpmd_unit *b,
                                                sharc_buf *err);

typedef struct sharc_mpmd_schedule_def {
  const char *name; /* as ToString spells it */
  sharc_mpmd_must_happen_before_fn must_happen_before;
} sharc_mpmd_schedule_def;

extern const sharc_mpmd_schedule_def sharc_mpmd_schedules[SHARC_MPMD_SCHEDULE_COUNT];

/* ParsePipelineSchedule: a schedule's name, in any case. */
bool sharc_mpmd_parse_pipeline_schedule(const char *text, sharc_mpmd_pipeline_schedule *out);
/* The `FragmentComparatorOption` parser (storage: an int schedule). */
bool sharc_mpmd_parse_fragment_comparator(void *dst, const char *text, sharc_buf *err, void *owner);
/* Fills a unit from a scheduling unit on a pipeline of `num_meshes`
 * schedulable meshes, its mesh's index among them `mesh_index` (-1: none). */
void sharc_mpmd_unit_of(sharc_op *fragment, int num_meshes, int mesh_index, sharc_mpmd_unit *out);

#endif
