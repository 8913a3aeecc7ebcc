/* Axis-reference and axis-list arithmetic (Shardy's AxisRefAttr methods and
 * the AxisRefAttr list helpers of sdy/ir/utils): the one place verifiers,
 * canonicalization, sharding rules, propagation and export get it from.
 *
 * A full axis behaves as the sub-axis (1)size of its mesh axis. Axis refs
 * are uniqued attributes, so `==` on pointers is AxisRefAttr equality.
 * Sizes come from the input, so every product wraps (as Shardy's int64
 * arithmetic does in practice) instead of overflowing into C's undefined
 * behaviour; see sharc_mul_wrap in support/checked.h (the verifiers refuse
 * meshes and sub-axes whose products overflow). Functions that build refs
 * return NULL where Shardy returns std::nullopt. */
#ifndef SHARC_DIALECT_SDY_AXES_H
#define SHARC_DIALECT_SDY_AXES_H

#include "sharc/sdy.h"
#include "support/checked.h"
#include "support/vec.h"

/* ---- one axis ref ----------------------------------------------------------
 * Declared in sharc/sdy.h and defined in axes.c, part of this module:
 *   sharc_sdy_axis_ref_size       getSize(mesh) (-1 when the mesh is NULL or
 *                                 lacks the axis)
 *   sharc_sdy_axis_ref_overlaps   overlaps
 *   sharc_sdy_axis_ref_can_merge  canMerge
 *   sharc_sdy_axis_ref_less       getMeshComparator(mesh); names the mesh
 *                                 lacks compare equal (the verifier reports
 *                                 them as unknown axes) */

/* getSubAxisPreSize: 1 for a full axis. */
int64_t sharc_sdy_axis_pre_size(const sharc_attr *axis);
/* getNextPreSizeOrFullSize: pre-size times size. */
int64_t sharc_sdy_axis_next_pre_size(const sharc_attr *axis, const sharc_attr *mesh);
/* Whether `a` covers all of `b` (a full axis contains each of its sub-axes). */
bool sharc_sdy_axis_contains(const sharc_attr *a, const sharc_attr *b);
bool sharc_sdy_axis_strictly_contains(const sharc_attr *a, const sharc_attr *b);
/* Whether `a` is contained in `b` and starts where `b` starts. */
bool sharc_sdy_axis_prefix_of(const sharc_attr *a, const sharc_attr *b);
bool sharc_sdy_axis_strict_prefix_of(const sharc_attr *a, const sharc_attr *b);
/* Whether `a` is contained in `b` and ends where `b` ends. */
bool sharc_sdy_axis_suffix_of(const sharc_attr *a, const sharc_attr *b, const sharc_attr *mesh);
bool sharc_sdy_axis_strict_suffix_of(const sharc_attr *a, const sharc_attr *b,
                                     const sharc_attr *mesh);
/* canCoexist: two refs can shard one tensor together; when they overlap, the
 * overlap and both remainders must be valid sub-axes too. */
bool sharc_sdy_axis_can_coexist(const sharc_attr *a, const sharc_attr *b);
/* getOverlap: the part `a` and `b` share (NULL if none or they cannot
 * coexist). */
sharc_attr *sharc_sdy_axis_overlap(sharc_context *ctx, const sharc_attr *a, const sharc_attr *b);
/* getPrefixWithoutOverlap: `a` itself when it does not overlap `b`, else the
 * part of `a` before `b` (NULL if none or they cannot coexist). */
sharc_attr *sharc_sdy_axis_prefix_without_overlap(sharc_context *ctx, const sharc_attr *a,
                                                  const sharc_attr *b);
/* getSuffixWithoutOverlap: likewise, the part of `a` after `b`. */
sharc_attr *sharc_sdy_axis_suffix_without_overlap(sharc_context *ctx, const sharc_attr *a,
                                                  const sharc_attr *b, const sharc_attr *mesh);
/* getGreatestCommonPrefix of two refs: whichever is a prefix of the other,
 * or NULL. */
sharc_attr *sharc_sdy_axis_common_prefix(const sharc_attr *a, const sharc_attr *b);
/* merge: `a` followed by `b` (sharc_sdy_axis_ref_can_merge(a, b)) as one ref,
 * the full axis when they cover it. */
sharc_attr *sharc_sdy_axis_merge(sharc_context *ctx, const sharc_attr *a, const sharc_attr *b,
                                 const sharc_attr *mesh);
/* AxisRefAttr::operator<: by name, then by position within the axis (a full
 * axis sorts after sub-axes at pre-size 1, before the others). */
bool sharc_sdy_axis_less(const sharc_attr *a, const sharc_attr *b);
/* sharc_sdy_axis_ref_less as -1, 0 or 1. */
int sharc_sdy_axis_cmp(const sharc_attr *a, const sharc_attr *b, const sharc_attr *mesh);
/* The ref `name`:(pre)size; the full axis when `mesh` (may be NULL) says that
 * covers all of it. */
sharc_attr *sharc_sdy_axis_make(sharc_context *ctx, sharc_str name, int64_t pre, int64_t size,
                                const sharc_attr *mesh);
/* getFirstOverlapping: the index of the first ref of `sorted` (in
 * sharc_sdy_axis_less order, no two overlapping) that overlaps `axis`, or
 * `n`. */
unsigned sharc_sdy_axis_first_overlapping(const sharc_attr *axis, sharc_attr *const *sorted,
                                          unsigned n);

/* ---- axis lists -------------------------------------------------------------
 * Lists are sharc_sdy_axis_vec when they grow (push and free with vec.h's
 * sharc_vec_push / sharc_vec_free), `items, n` arrays when only read. */
typedef SHARC_VEC(sharc_attr *) sharc_sdy_axis_vec;

/* `v` becomes a copy of `axes[0..n)`. */
void sharc_sdy_axes_assign(sharc_sdy_axis_vec *v, sharc_attr *const *axes, unsigned n);
void sharc_sdy_axes_append(sharc_sdy_axis_vec *v, sharc_attr *const *axes, unsigned n);
bool sharc_sdy_axes_equal(sharc_attr *const *a, unsigned na, sharc_attr *const *b, unsigned nb);
/* Position of `axis` (the same attribute) in `axes`, or -1. */
int sharc_sdy_axes_index_of(sharc_attr *const *axes, unsigned n, const sharc_attr *axis);
/* getTotalAxesSize: the product of the sizes (1 for none). */
int64_t sharc_sdy_axes_total_size(sharc_attr *const *axes, unsigned n, const sharc_attr *mesh);
/* Stable sort by sharc_sdy_axis_ref_less in `mesh`, or by
 * sharc_sdy_axis_less when `mesh` is NULL. */
void sharc_sdy_axes_sort(sharc_attr **axes, unsigned n, const sharc_attr *mesh);
/* addAxisOrMerge: appends `axis`, merged into the last ref when that one can
 * merge with it. */
void sharc_sdy_axes_add_or_merge(sharc_context *ctx, sharc_sdy_axis_vec *v, sharc_attr *axis,
                                 const sharc_attr *mesh);
/* sortAndMergeAxes, in place: sorted w.r.t. the mesh, consecutive sub-axes
 * merged. */
void sharc_sdy_axes_sort_and_merge(sharc_context *ctx, sharc_sdy_axis_vec *v,
                                   const sharc_attr *mesh);

typedef enum sharc_sdy_prefix_status {
  SHARC_SDY_PREFIX_EQUAL,
  SHARC_SDY_PREFIX_STRICT,
  SHARC_SDY_PREFIX_NONE,
} sharc_sdy_prefix_status;
/* isAxisListPrefixOf: whether `first` is `second` or a strict prefix of it
 * (its last ref may be a prefix of the ref at that position). */
sharc_sdy_prefix_status sharc_sdy_axes_prefix_of(sharc_attr *const *first, unsigned n_first,
                                                 sharc_attr *const *second, unsigned n_second);
/* getGreatestCommonPrefix of two lists, into `out` (cleared first; it may
 * not be either input). */
void sharc_sdy_axes_common_prefix(sharc_attr *const *a, unsigned na, sharc_attr *const *b,
                                  unsigned nb, sharc_sdy_axis_vec *out);
/* getAxisSetDiff: the parts of the refs of `a` (in their order) that no ref
 * of `b` covers, appended to `out`. */
void sharc_sdy_axes_set_diff(sharc_context *ctx, sharc_attr *const *a, unsigned na,
                             sharc_attr *const *b, unsigned nb, const sharc_attr *mesh,
                             sharc_sdy_axis_vec *out);
/* overlaps(ArrayRef, ArrayRef): whether any ref of `a` overlaps one of `b`. */
bool sharc_sdy_axes_overlap(sharc_attr *const *a, unsigned na, sharc_attr *const *b, unsigned nb);
/* getPrefixWithoutOverlap(axis, range): the longest prefix of `axis`
 * overlapping none of `others`, or NULL. */
sharc_attr *sharc_sdy_axes_prefix_without_overlap(sharc_context *ctx, const sharc_attr *axis,
                                                  sharc_attr *const *others, unsigned n);
/* truncateAxesByRemovingOverlaps: cuts `v` at its first ref that overlaps
 * `others`, keeping that ref's non-overlapping prefix if any. */
void sharc_sdy_axes_truncate_overlaps(sharc_context *ctx, sharc_sdy_axis_vec *v,
                                      sharc_attr *const *others, unsigned n);
/* getOrderedAxisRefs: every axis of `mesh` in mesh order, split into sub-axes
 * at the boundaries of the sub-axes in `used` (axes of other names are
 * ignored), appended to `out`. */
void sharc_sdy_axes_ordered_refs(sharc_context *ctx, const sharc_attr *mesh,
                                 sharc_attr *const *used, unsigned n, sharc_sdy_axis_vec *out);

#endif
