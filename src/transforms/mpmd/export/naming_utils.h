/* Shardy's export/naming_utils: names for the functions fragments are
 * lowered to, made of the fragments' user origins, stage ids, phases
 * (fwd/bwd/transpose<N>) and call counters. */
#ifndef SHARC_TRANSFORMS_MPMD_EXPORT_NAMING_UTILS_H
#define SHARC_TRANSFORMS_MPMD_EXPORT_NAMING_UTILS_H

#include "sharc/ir.h"
#include "support/vec.h"

/* Truncate: `str` cut to `max_length` (at least 32) bytes, the last five
 * being "<...>", when it is longer. */
void sharc_mpmd_truncate_name(sharc_buf *str, size_t max_length);

/* GetFullNameFromMetadata: "stage<id>", "inferred" (no origin) or the most
 * frequent origin name with its counters (e.g. "block_1:3", "..." appended
 * when other names occur), then, unless the program is forward-only, the
 * phases of the origins ("fwd", "bwd", "transpose<N>"), joined by "_".
 * `origins` is an array of user origins; `stage_id` NULL for none. */
void sharc_mpmd_full_name_from_metadata(const sharc_attr *origins, const int64_t *stage_id,
                                        bool all_forward, sharc_buf *out);

/* A call site: a fragment's name and its call counter, if any. */
typedef struct sharc_mpmd_call_site {
  char *name; /* owned */
  bool has_counter;
  uint32_t counter;
} sharc_mpmd_call_site;
typedef SHARC_VEC(sharc_mpmd_call_site) sharc_mpmd_call_site_vec;

/* GetCallSitesSummaryName: the smallest of the meshes' first call-site
 * names, with "_call<c>", "_calls<a>to<b>" or "_calls<b>from<a>" when every
 * mesh summarises its call counters the same way. `meshes` holds `n` lists
 * of call sites in program order, one per mesh, none empty. */
void sharc_mpmd_call_sites_summary_name(const sharc_mpmd_call_site_vec *meshes, unsigned n,
                                        sharc_buf *out);

#endif
