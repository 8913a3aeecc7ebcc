/* Shardy's fragment_execution_rules: the FragmentInfo of a fragment (its
 * sorted user origins, stage, call counter, split type and mesh), rules
 * that merge or order fragments named by their infos, and the parsers of
 * the pass options that carry those rules (`FragmentMergeRule(...)`,
 * `FragmentScheduleRule(...)`), with Shardy's messages. */
#ifndef SHARC_DIALECT_MPMD_FRAGMENT_EXECUTION_RULES_H
#define SHARC_DIALECT_MPMD_FRAGMENT_EXECUTION_RULES_H

#include "dialect/mpmd/utils.h"

typedef struct sharc_mpmd_fragment_origin {
  sharc_str name;
  int64_t transpose_count;
} sharc_mpmd_fragment_origin;

typedef enum sharc_mpmd_split_type {
  SHARC_MPMD_SPLIT_NONE,
  SHARC_MPMD_SPLIT_KEEP_TRANSFERRED,
  SHARC_MPMD_SPLIT_DROP_TRANSFERRED,
} sharc_mpmd_split_type;

typedef struct sharc_mpmd_fragment_info {
  sharc_mpmd_fragment_origin *origins;
  unsigned n_origins;
  bool has_stage, has_call_counter;
  int stage, call_counter;
  sharc_mpmd_split_type split;
  sharc_str mesh_name;
} sharc_mpmd_fragment_info;

typedef struct sharc_mpmd_fragment_merge_rule {
  const sharc_mpmd_fragment_info *sources;
  unsigned n_sources;
  sharc_mpmd_fragment_info target;
} sharc_mpmd_fragment_merge_rule;

typedef struct sharc_mpmd_fragment_schedule_rule {
  const sharc_mpmd_fragment_info *fragments;
  unsigned n_fragments;
} sharc_mpmd_fragment_schedule_rule;

/* The storage of `list<FragmentMergeRule>` / `list<FragmentScheduleRule>`
 * pass options. */
typedef struct sharc_mpmd_fragment_merge_rules {
  unsigned n;
  const sharc_mpmd_fragment_merge_rule *items;
} sharc_mpmd_fragment_merge_rules;

typedef struct sharc_mpmd_fragment_schedule_rules {
  unsigned n;
  const sharc_mpmd_fragment_schedule_rule *items;
} sharc_mpmd_fragment_schedule_rules;

/* GetSplitFragmentType. */
sharc_mpmd_split_type sharc_mpmd_split_type_of(const sharc_op *fragment);
/* GetFragmentInfo: origins sorted by (name, transpose count); free with
 * sharc_mpmd_fragment_info_free. */
void sharc_mpmd_get_fragment_info(const sharc_op *fragment, sharc_mpmd_fragment_info *out);
void sharc_mpmd_fragment_info_free(sharc_mpmd_fragment_info *info);
/* SetFragmentInfo: origins, stage, call counter, split type and mesh
 * overwritten. */
void sharc_mpmd_set_fragment_info(sharc_op *fragment, const sharc_mpmd_fragment_info *info,
                                  sharc_rewriter *rw);
/* `FragmentInfo(origins=["f"(1)],stage=0,call_counter=2,mesh_name="m")`. */
void sharc_mpmd_fragment_info_print(const sharc_mpmd_fragment_info *info, sharc_buf *out);
/* An interned key that two infos share exactly when they are equal (as
 * FragmentInfo's ==: origins in order). */
sharc_ident *sharc_mpmd_fragment_info_key(sharc_context *ctx, const sharc_mpmd_fragment_info *info);

/* Option parsers (sharc_option_parse_fn) of the rule lists. */
bool sharc_mpmd_parse_merge_rules(void *dst, const char *text, sharc_buf *err, void *owner);
bool sharc_mpmd_parse_schedule_rules(void *dst, const char *text, sharc_buf *err, void *owner);

#endif
