/* -sdy-reshard-to-collectives: replaces each sdy.reshard by the sequence
 * of sdy collectives (all-slice, collective-permute, all-to-all,
 * all-gather) that turns its input's sharding into its own, as Shardy's
 * CollectiveInserter decides them, under the legality Shardy's partial
 * conversion gives reshards. */
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"
#include "transforms/sdy/export/export_utils.h"
#include "transforms/sdy/propagation/utils.h"
#include "rewrite/create_op.h"
#include "rewrite/conversion.h"

#include <string.h>

typedef struct r2c_options {
  bool keep_redundant_reshards;
} r2c_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(r2c_options, keep_redundant_reshards, "keep-redundant-reshards", SHARC_OPT_BOOL,
                 "false", "Whether it keeps redundant reshards or removes."),
};

/* ---- small list helpers (Shardy's AxisList operations) ------------------------ */

static void list_insert(sharc_sdy_axis_vec *v, unsigned i, sharc_attr *axis) {
  sharc_vec_push(v, axis);
  memmove(&v->items[i + 1], &v->items[i], (v->len - 1 - i) * sizeof *v->items);
  v->items[i] = axis;
}

static void list_erase(sharc_sdy_axis_vec *v, unsigned i) {
  memmove(&v->items[i], &v->items[i + 1], (v->len - 1 - i) * sizeof *v->items);
  v->len--;
}

static bool list_contains(const sharc_sdy_axis_vec *v, const sharc_attr *axis) {
  return sharc_sdy_axes_index_of(v->items, v->len, axis) >= 0;
}

/* A set of axes: the refs are uniqued, so pointer equality is equality. */
static void set_insert(sharc_sdy_axis_vec *set, sharc_attr *axis) {
  if (!list_contains(set, axis))
    sharc_vec_push(set, axis);
}

static void set_erase(sharc_sdy_axis_vec *set, const sharc_attr *axis) {
  int i = sharc_sdy_axes_index_of(set->items, set->len, axis);
  if (i >= 0)
    set->items[i] = set->items[--set->len];
}

static int64_t sharded_size(const sharc_sdy_axis_vec *axes, const sharc_attr *mesh) {
  return sharc_sdy_axes_total_size(axes->items, axes->len, mesh);
}

static bool are_divisible(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return false;
  return a % b == 0 || b % a == 0;
}

static int64_t gcd(int64_t a, int64_t b) {
  if (a < 0)
    a = -a;
  if (b < 0)
    b = -b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* ---- the inserter ---------------------------------------------------------------- */

/* Where an out axis sits: dimension and position in outAxesPerDim. */
typedef struct dim_and_index {
  sharc_attr *axis;
  int64_t dim, index;
} dim_and_index;

typedef SHARC_VEC(dim_and_index) dim_index_map;

/* The state of one reshard's decomposition (Shardy's CollectiveInserter):
 * `in`/`out` are the per-dimension differences between the current and the
 * target sharding (common prefixes removed), `current` the current axes. */
typedef struct inserter {
  sharc_rewriter *rw;
  sharc_context *ctx;
  sharc_attr *loc;
  sharc_value *result;
  const sharc_attr *mesh;
  sharc_attr *cur_mesh_or_ref, *out_mesh_or_ref;
  sharc_attr *const *unreduced;
  unsigned num_unreduced;
  unsigned rank;
  sharc_sdy_axis_vec *in, *out, *current;
  int64_t *capacity;
  sharc_attr **collective_axes; /* AxisRefListAttr per dimension */
  sharc_sdy_axis_vec in_set;
  dim_index_map out_map;
} inserter;

static const dim_and_index *map_find(const inserter *s, const sharc_attr *axis) {
  for (unsigned i = 0; i < s->out_map.len; i++)
    if (s->out_map.items[i].axis == axis)
      return &s->out_map.items[i];
  return NULL;
}

/* getAxisToDimAndIndex: the first occurrence of an axis wins. */
static void rebuild_out_map(inserter *s) {
  sharc_vec_clear(&s->out_map);
  for (unsigned d = 0; d < s->rank; d++)
    for (unsigned i = 0; i < s->out[d].len; i++)
      if (!map_find(s, s->out[d].items[i]))
        sharc_vec_push(&s->out_map, ((dim_and_index){s->out[d].items[i], d, i}));
}

static void rebuild_in_set(inserter *s) {
  sharc_vec_clear(&s->in_set);
  for (unsigned d = 0; d < s->rank; d++)
    for (unsigned i = 0; i < s->in[d].len; i++)
      set_insert(&s->in_set, s->in[d].items[i]);
}

static void add_or_merge(inserter *s, sharc_sdy_axis_vec *v, sharc_attr *axis) {
  sharc_sdy_axes_add_or_merge(s->ctx, v, axis, s->mesh);
}

static sharc_attr *current_sharding(const inserter *s) {
  sharc_attr **dims = sharc_xmalloc_array(s->rank + 1, sizeof *dims);
  for (unsigned d = 0; d < s->rank; d++)
    dims[d] = sharc_sdy_dim_sharding_get(s->ctx, s->current[d].items, s->current[d].len, true, -1);
  sharc_sdy_tensor_sharding_parts parts = {
      .mesh_or_ref = s->cur_mesh_or_ref,
      .dims = dims,
      .num_dims = s->rank,
      .unreduced = s->unreduced,
      .num_unreduced = s->num_unreduced,
      .reduction = SHARC_SDY_REDUCTION_SUM,
  };
  sharc_attr *sharding = sharc_sdy_tensor_sharding_get(s->ctx, &parts);
  free(dims);
  return sharding;
}

/* Creates a collective of kind `def` on the current result, with `axes_name`
 * = `axes` (none when NULL), whose result carries the current sharding. */
static void create_collective(inserter *s, const sharc_op_def *def, const char *axes_name,
                              sharc_attr *axes) {
  sharc_named_attr attrs[2];
  unsigned n = 0;
  if (axes_name)
    attrs[n++] = (sharc_named_attr){sharc_ident_get(s->ctx, sharc_str_from_cstr(axes_name)), axes};
  attrs[n++] =
      (sharc_named_attr){sharc_ident_get(s->ctx, SHARC_STR("out_sharding")), current_sharding(s)};
  sharc_type *type = sharc_value_type(s->result);
  sharc_attr *dict = sharc_attr_dictionary(s->ctx, attrs, n);
  s->result = sharc_op_result(
      sharc_rw_create_named(s->rw, sharc_op_def_name(def), s->loc, &s->result, 1, &type, 1, dict, 0),
      0);
}

static sharc_attr *collective_axes_attr(inserter *s) {
  return sharc_sdy_list_of_axis_ref_lists_get(s->ctx, s->collective_axes, s->rank);
}

static bool is_done(const inserter *s) {
  if (s->cur_mesh_or_ref != s->out_mesh_or_ref)
    return false;
  for (unsigned d = 0; d < s->rank; d++)
    if (s->in[d].len || s->out[d].len)
      return false;
  return true;
}

/* popBackFromCurrentAxes: removes in[start..] from the back of `current`,
 * last first; a piece of a merged current axis only shortens it. */
static void pop_back_from_current(inserter *s, sharc_sdy_axis_vec *current,
                                  const sharc_sdy_axis_vec *to_pop, unsigned start) {
  for (unsigned i = to_pop->len; i-- > start;) {
    if (!current->len)
      return;
    sharc_attr *prefix =
        sharc_sdy_axis_prefix_without_overlap(s->ctx, sharc_vec_last(current), to_pop->items[i]);
    if (prefix)
      sharc_vec_last(current) = prefix;
    else
      current->len--;
  }
}

/* getAxisWithinCapacity: the part of `axis` that fits `*capacity` (and the
 * rest, if any); `*capacity` is divided by what fits. */
static sharc_attr *axis_within_capacity(inserter *s, sharc_attr *axis, int64_t *capacity,
                                        sharc_attr **remainder) {
  *remainder = NULL;
  int64_t size = sharc_sdy_axis_ref_size(axis, s->mesh);
  if (*capacity <= 1 || !are_divisible(size, *capacity))
    return NULL;
  if (*capacity >= size) {
    *capacity /= size;
    return axis;
  }
  sharc_str name = sharc_sdy_axis_ref_name(axis);
  sharc_attr *within = sharc_sdy_axis_ref_get(
      s->ctx, name, sharc_sdy_sub_axis_info_get(s->ctx, sharc_sdy_axis_pre_size(axis), *capacity));
  *remainder = sharc_sdy_axis_ref_get(
      s->ctx, name,
      sharc_sdy_sub_axis_info_get(s->ctx, sharc_sdy_axis_next_pre_size(within, s->mesh),
                                  size / *capacity));
  *capacity = 1;
  return within;
}

/* ---- all-gather -------------------------------------------------------------------- */

/* getGatheringAxes. Shardy steps its reverse iterator the wrong way: when
 * the last in axis is not an out axis, the step from rbegin reaches rend at
 * once, so the whole dimension is gathered and only that last axis leaves
 * the in-axis set; when it is an out axis nothing is gathered. */
static void gathering_axes(inserter *s, unsigned dim, sharc_sdy_axis_vec *gathering) {
  sharc_vec_clear(gathering);
  sharc_sdy_axis_vec *in = &s->in[dim];
  if (!in->len || map_find(s, sharc_vec_last(in)))
    return;
  set_erase(&s->in_set, sharc_vec_last(in));
  pop_back_from_current(s, &s->current[dim], in, 0);
  for (unsigned i = 0; i < in->len; i++)
    add_or_merge(s, gathering, in->items[i]);
  sharc_vec_clear(in);
}

static void try_all_gather(inserter *s) {
  bool any = false;
  sharc_sdy_axis_vec gathering = {0};
  for (unsigned d = 0; d < s->rank; d++) {
    gathering_axes(s, d, &gathering);
    any = any || gathering.len;
    s->collective_axes[d] = sharc_sdy_axis_ref_list_get(s->ctx, gathering.items, gathering.len);
  }
  sharc_vec_free(&gathering);
  if (any)
    create_collective(s, &sharc_sdy_all_gather_def, "gathering_axes", collective_axes_attr(s));
}

/* ---- distributing axes within capacity -------------------------------------------- */

typedef void (*consume_fn)(inserter *s, sharc_attr *axis, unsigned dim, void *user);

/* distributeInAxesWithinCapacity: for each dimension with capacity left,
 * moves what fits of the axes `available[dim]` (the same list for every
 * dimension when `shared`) into its in axes, at the front or the back. */
static void distribute_within_capacity(inserter *s, bool add_to_front,
                                       sharc_sdy_axis_vec *available, bool shared,
                                       consume_fn consume, void *user) {
  sharc_sdy_axis_vec split_added = {0};
  for (unsigned d = 0; d < s->rank; d++) {
    sharc_sdy_axis_vec *in = &s->in[d];
    sharc_sdy_axis_vec *avail = shared ? available : &available[d];
    unsigned insert_pos = add_to_front ? 0 : in->len;
    unsigned i = 0;
    while (i < avail->len && s->capacity[d] > 1) {
      sharc_attr *remainder;
      sharc_attr *within = axis_within_capacity(s, avail->items[i], &s->capacity[d], &remainder);
      if (!within) {
        i++;
        continue;
      }
      list_erase(avail, i);
      if (add_to_front)
        list_insert(in, insert_pos++, within);
      else
        sharc_vec_push(in, within);
      set_insert(&s->in_set, within);
      if (consume)
        consume(s, within, d, user);
      if (remainder) {
        sharc_vec_push(&split_added, within);
        list_insert(avail, 0, remainder);
        i++; /* the iterator still points past the erased axis */
      }
    }
  }
  /* an axis split for capacity may cut out axes, which must be aligned */
  sharc_sdy_axes_sort(split_added.items, split_added.len, NULL);
  sharc_sdy_align_sub_axes_per_dim(s->ctx, s->out, s->rank, split_added.items, split_added.len,
                                   s->mesh);
  sharc_vec_free(&split_added);
}

/* ---- all-slice --------------------------------------------------------------------- */

/* getAxesToSliceForAllToAll: the range [*begin, *end) of out axes of
 * `*tgt_dim` to slice on `src_dim` ahead of an all-to-all to `*tgt_dim`, when
 * that avoids a collective-permute; borrows the capacity of `*tgt_dim`. */
static bool axes_to_slice_for_all_to_all(inserter *s, unsigned src_dim, unsigned *tgt_dim,
                                         unsigned *begin, unsigned *end) {
  sharc_sdy_axis_vec *src_in = &s->in[src_dim];
  if (!src_in->len || s->out[src_dim].len)
    return false;
  sharc_attr *last = sharc_vec_last(src_in);
  const dim_and_index *entry = map_find(s, last);
  if (!entry)
    return false;
  unsigned tgt = (unsigned)entry->dim;
  if (s->in[tgt].len)
    return false;
  sharc_sdy_axis_vec *tgt_out = &s->out[tgt];
  int pos = sharc_sdy_axes_index_of(tgt_out->items, tgt_out->len, last);
  /* stepping past a missing axis wraps around std::list's sentinel */
  unsigned start = pos < 0 ? 0 : (unsigned)pos + 1;
  if (start >= tgt_out->len || list_contains(&s->in_set, tgt_out->items[start]))
    return false;
  int64_t common_size = 1;
  int i = (int)src_in->len - 1, j = (int)start - 1;
  while (i >= 0 && j >= 0 && src_in->items[i] == tgt_out->items[j]) {
    common_size *= sharc_sdy_axis_ref_size(src_in->items[i], s->mesh);
    i--;
    j--;
  }
  for (; i >= 0; i--) {
    const dim_and_index *e = map_find(s, src_in->items[i]);
    if (e && e->dim == (int64_t)tgt)
      return false;
  }
  unsigned cur = start;
  int64_t added_size = 1;
  while (cur < tgt_out->len && !list_contains(&s->in_set, tgt_out->items[cur]))
    added_size *= sharc_sdy_axis_ref_size(tgt_out->items[cur++], s->mesh);
  int64_t new_size = sharded_size(&s->current[src_dim], s->mesh) * added_size;
  int64_t dim_size = sharc_type_shape(sharc_value_type(s->result))[src_dim];
  if (new_size == 0 || dim_size % new_size != 0)
    return false;
  int64_t divisor = common_size * added_size;
  s->capacity[tgt] = divisor ? s->capacity[tgt] / divisor : 0;
  *tgt_dim = tgt;
  *begin = start;
  *end = cur;
  return true;
}

typedef struct slicing_state {
  sharc_sdy_axis_vec *slicing;
  bool has;
} slicing_state;

static void consume_slice(inserter *s, sharc_attr *axis, unsigned dim, void *user) {
  slicing_state *st = user;
  st->has = true;
  add_or_merge(s, &st->slicing[dim], axis);
  add_or_merge(s, &s->current[dim], axis);
}

/* getSlicingAxesPerDim: slices for future all-to-alls first, then each out
 * axis on its own dimension while capacity allows, then the rest on the
 * first dimension with capacity. */
static bool slicing_axes_per_dim(inserter *s, sharc_sdy_axis_vec *slicing) {
  slicing_state st = {slicing, false};
  for (unsigned d = 0; d < s->rank; d++) {
    int64_t in_size = sharded_size(&s->in[d], s->mesh);
    int64_t out_size = sharded_size(&s->out[d], s->mesh);
    int64_t g = gcd(in_size, out_size);
    s->capacity[d] = g ? out_size / g : 0;
  }
  for (unsigned src = 0; src < s->rank; src++) {
    unsigned tgt, begin, end;
    if (!axes_to_slice_for_all_to_all(s, src, &tgt, &begin, &end))
      continue;
    st.has = true;
    for (unsigned k = begin; k < end; k++) {
      sharc_attr *axis = s->out[tgt].items[k];
      sharc_vec_push(&s->in[src], axis);
      set_insert(&s->in_set, axis);
      add_or_merge(s, &slicing[src], axis);
      add_or_merge(s, &s->current[src], axis);
    }
  }
  sharc_sdy_axis_vec available = {0};
  for (unsigned d = 0; d < s->rank; d++) {
    sharc_sdy_axis_vec *in = &s->in[d], *out = &s->out[d];
    unsigned i = 0;
    while (i < out->len) {
      sharc_attr *axis = out->items[i];
      if (list_contains(&s->in_set, axis)) {
        i++;
        continue;
      }
      sharc_attr *remainder;
      sharc_attr *within = axis_within_capacity(s, axis, &s->capacity[d], &remainder);
      if (!within) {
        /* another dimension may take it in the last stage */
        sharc_vec_push(&available, axis);
        i++;
        continue;
      }
      st.has = true;
      add_or_merge(s, &slicing[d], within);
      add_or_merge(s, &s->current[d], within);
      if (!in->len && i == 0) {
        list_erase(out, i); /* already where it belongs */
      } else {
        set_insert(&s->in_set, within);
        sharc_vec_push(in, within);
        out->items[i++] = within;
      }
      if (remainder) {
        list_insert(out, i++, remainder);
        sharc_vec_push(&available, remainder);
      }
    }
  }
  distribute_within_capacity(s, false, &available, true, consume_slice, &st);
  sharc_vec_free(&available);
  rebuild_out_map(s);
  return st.has;
}

static void try_all_slice(inserter *s) {
  sharc_sdy_axis_vec *slicing = sharc_xcalloc(s->rank + 1, sizeof *slicing);
  if (slicing_axes_per_dim(s, slicing)) {
    for (unsigned d = 0; d < s->rank; d++)
      s->collective_axes[d] = sharc_sdy_axis_ref_list_get(s->ctx, slicing[d].items, slicing[d].len);
    create_collective(s, &sharc_sdy_all_slice_def, "slicing_axes", collective_axes_attr(s));
  }
  for (unsigned d = 0; d < s->rank; d++)
    sharc_vec_free(&slicing[d]);
  free(slicing);
}

/* ---- collective-permute ------------------------------------------------------------ */

/* shouldCollectivePermute: in axes can be replaced by out axes in place
 * (#1, #2), or reordered so that all-to-alls and all-gathers need no other
 * permute later (#3, #4, #5). */
static bool should_collective_permute(inserter *s) {
  sharc_attr *available_in = NULL, *available_out = NULL;
  bool *seen = sharc_xcalloc(s->rank + 1, sizeof *seen);
  bool yes = false;
  for (unsigned d = 0; d < s->rank && !yes; d++) {
    sharc_sdy_axis_vec *in = &s->in[d], *out = &s->out[d];
    if (in->len && out->len &&
        are_divisible(sharc_sdy_axis_ref_size(in->items[0], s->mesh),
                      sharc_sdy_axis_ref_size(out->items[0], s->mesh))) {
      yes = true;
      break;
    }
    for (unsigned i = 0; i < out->len; i++)
      if (!list_contains(&s->in_set, out->items[i]))
        available_out = out->items[i];
    memset(seen, 0, s->rank * sizeof *seen);
    int64_t last_dim = -1, last_index = 0;
    for (unsigned i = 0; i < in->len && !yes; i++) {
      const dim_and_index *e = map_find(s, in->items[i]);
      int64_t cur_dim = -1;
      if (e) {
        cur_dim = e->dim;
        if ((cur_dim == (int64_t)d || seen[cur_dim]) &&
            (last_dim != cur_dim || e->index != last_index + 1)) {
          yes = true;
          break;
        }
        seen[cur_dim] = true;
        last_index = e->index;
      } else if (last_dim >= 0 && !out->len) {
        yes = true;
        break;
      } else {
        available_in = in->items[i];
      }
      last_dim = cur_dim;
    }
  }
  free(seen);
  if (yes)
    return true;
  return available_out && available_in &&
         are_divisible(sharc_sdy_axis_ref_size(available_out, s->mesh),
                       sharc_sdy_axis_ref_size(available_in, s->mesh));
}

/* performCollectivePermute: refills every dimension's capacity (its in
 * size) with out axes in place first, then other out axes, then the axes
 * to gather, in their old dimension and then anywhere. */
static void perform_collective_permute(inserter *s) {
  sharc_sdy_axis_vec available_out = {0};
  sharc_sdy_axis_vec *available_in = sharc_xcalloc(s->rank + 1, sizeof *available_in);
  sharc_vec_clear(&s->in_set);
  for (unsigned d = 0; d < s->rank; d++) {
    sharc_sdy_axis_vec *in = &s->in[d], *out = &s->out[d], *current = &s->current[d];
    s->capacity[d] = sharded_size(in, s->mesh);
    int64_t used = s->capacity[d];
    pop_back_from_current(s, current, in, 0);
    while (s->capacity[d] > 1 && out->len) {
      sharc_attr *remainder;
      sharc_attr *within = axis_within_capacity(s, out->items[0], &s->capacity[d], &remainder);
      if (!within)
        break;
      list_erase(out, 0);
      add_or_merge(s, current, within);
      if (remainder)
        list_insert(out, 0, remainder);
    }
    sharc_sdy_axes_append(&available_out, out->items, out->len);
    used = s->capacity[d] ? used / s->capacity[d] : 0;
    /* in axes that are also out axes are placed with the out axes */
    unsigned m = 0;
    for (unsigned i = 0; i < in->len; i++)
      if (!map_find(s, in->items[i]))
        in->items[m++] = in->items[i];
    in->len = m;
    while (used > 1 && in->len) {
      sharc_attr *remainder;
      sharc_attr *within = axis_within_capacity(s, in->items[0], &used, &remainder);
      if (!within)
        break;
      list_erase(in, 0);
      sharc_vec_push(&available_in[d], within);
      if (remainder)
        list_insert(in, 0, remainder);
    }
    /* what capacity did not cover goes first, back where it was */
    for (unsigned i = in->len; i-- > 0;)
      list_insert(&available_in[d], 0, in->items[i]);
    sharc_vec_clear(in);
  }
  distribute_within_capacity(s, false, &available_out, true, NULL, NULL);
  distribute_within_capacity(s, true, available_in, false, NULL, NULL);
  sharc_sdy_axis_vec rest = {0};
  for (unsigned d = 0; d < s->rank; d++)
    sharc_sdy_axes_append(&rest, available_in[d].items, available_in[d].len);
  distribute_within_capacity(s, true, &rest, true, NULL, NULL);
  rebuild_out_map(s);
  for (unsigned d = 0; d < s->rank; d++)
    for (unsigned i = 0; i < s->in[d].len; i++)
      add_or_merge(s, &s->current[d], s->in[d].items[i]);
  sharc_vec_free(&rest);
  sharc_vec_free(&available_out);
  for (unsigned d = 0; d < s->rank; d++)
    sharc_vec_free(&available_in[d]);
  free(available_in);
}

static void try_collective_permute(inserter *s) {
  if (should_collective_permute(s))
    perform_collective_permute(s);
  else if (s->cur_mesh_or_ref == s->out_mesh_or_ref)
    return;
  /* a mesh with other device ids needs a permute even with the same axes */
  s->cur_mesh_or_ref = s->out_mesh_or_ref;
  create_collective(s, &sharc_sdy_collective_permute_def, NULL, NULL);
}

/* ---- all-to-all ---------------------------------------------------------------------- */

/* getAllToAllInfo: the suffix of `src_dim`'s in axes that all go to one
 * other dimension, moved there (in place, or appended to its in axes). */
static bool all_to_all_info(inserter *s, unsigned src_dim, bool allow_out_of_order,
                            sharc_sdy_axis_vec *axes, unsigned *tgt_dim) {
  sharc_sdy_axis_vec *src_in = &s->in[src_dim];
  int i = (int)src_in->len - 1;
  int64_t tgt = -1;
  for (; i >= 0; i--) {
    const dim_and_index *e = map_find(s, src_in->items[i]);
    if (!e || e->dim == (int64_t)src_dim || (tgt >= 0 && e->dim != tgt))
      break;
    tgt = e->dim;
  }
  if (tgt < 0)
    return false;
  unsigned start = (unsigned)(i + 1);
  sharc_sdy_axis_vec *tgt_out = &s->out[tgt];
  if (!allow_out_of_order) {
    unsigned len = src_in->len - start;
    if (tgt_out->len < len ||
        memcmp(&src_in->items[start], tgt_out->items, len * sizeof *tgt_out->items) != 0)
      return false;
  }
  sharc_vec_clear(axes);
  *tgt_dim = (unsigned)tgt;
  pop_back_from_current(s, &s->current[src_dim], src_in, start);
  sharc_sdy_axis_vec *tgt_in = &s->in[tgt];
  while (start < src_in->len) {
    sharc_attr *axis = src_in->items[start];
    add_or_merge(s, axes, axis);
    add_or_merge(s, &s->current[tgt], axis);
    list_erase(src_in, start);
    set_erase(&s->in_set, axis);
    if (!tgt_in->len && tgt_out->len && tgt_out->items[0] == axis) {
      list_erase(tgt_out, 0);
    } else {
      sharc_vec_push(tgt_in, axis);
      set_insert(&s->in_set, axis);
    }
  }
  return true;
}

static void try_all_to_alls(inserter *s, bool allow_out_of_order) {
  sharc_sdy_axis_vec axes = {0};
  for (unsigned src = 0; src < s->rank; src++) {
    unsigned tgt;
    while (all_to_all_info(s, src, allow_out_of_order, &axes, &tgt)) {
      sharc_attr *param = sharc_sdy_all_to_all_param_get(s->ctx, axes.items, axes.len, src, tgt);
      create_collective(s, &sharc_sdy_all_to_all_def, "params",
                        sharc_sdy_all_to_all_param_list_get(s->ctx, &param, 1));
    }
  }
  sharc_vec_free(&axes);
}

/* ---- driving one reshard ------------------------------------------------------------- */

static void remove_common_prefix(inserter *s) {
  for (unsigned d = 0; d < s->rank; d++) {
    unsigned k = 0;
    while (k < s->in[d].len && k < s->out[d].len && s->in[d].items[k] == s->out[d].items[k])
      k++;
    if (!k)
      continue;
    memmove(s->in[d].items, s->in[d].items + k, (s->in[d].len - k) * sizeof *s->in[d].items);
    s->in[d].len -= k;
    memmove(s->out[d].items, s->out[d].items + k, (s->out[d].len - k) * sizeof *s->out[d].items);
    s->out[d].len -= k;
  }
}

/* Emits the collectives from `in_sharding` to `out_sharding` on `input`
 * before the insertion point; returns the last result (`input` if none). */
static sharc_value *insert_collectives(sharc_rewriter *rw, sharc_op *op, sharc_value *input,
                                       sharc_attr *in_sharding, sharc_attr *out_sharding) {
  inserter s = {0};
  s.rw = rw;
  s.ctx = rw->ctx;
  s.loc = sharc_op_loc(op);
  s.result = input;
  s.mesh = sharc_sdy_sharding_mesh(in_sharding, op);
  s.cur_mesh_or_ref = sharc_sdy_tensor_sharding_mesh_or_ref(in_sharding);
  s.out_mesh_or_ref = sharc_sdy_tensor_sharding_mesh_or_ref(out_sharding);
  sharc_sdy_tensor_sharding_parts out_parts;
  sharc_sdy_tensor_sharding_parts_of(out_sharding, &out_parts);
  s.unreduced = out_parts.unreduced;
  s.num_unreduced = out_parts.num_unreduced;
  s.rank = sharc_sdy_tensor_sharding_rank(in_sharding);
  unsigned slots = s.rank + 1;
  s.in = sharc_xcalloc(slots, sizeof *s.in);
  s.out = sharc_xcalloc(slots, sizeof *s.out);
  s.current = sharc_xcalloc(slots, sizeof *s.current);
  s.capacity = sharc_xcalloc(slots, sizeof *s.capacity);
  s.collective_axes = sharc_xcalloc(slots, sizeof *s.collective_axes);
  sharc_sdy_axes_per_dim(in_sharding, s.in);
  sharc_sdy_axes_per_dim(out_sharding, s.out);
  sharc_sdy_axes_per_dim(in_sharding, s.current);
  for (unsigned d = 0; d < s.rank; d++)
    s.capacity[d] = 1;
  /* with sub-axes aligned, overlapping axes are equal and can be keys */
  sharc_sdy_align_sub_axes_in_out(s.ctx, s.in, s.rank, s.out, s.rank, s.mesh);
  remove_common_prefix(&s);
  rebuild_in_set(&s);
  rebuild_out_map(&s);
  for (int i = 0; i < 2 && !is_done(&s); i++) {
    try_all_slice(&s);
    try_collective_permute(&s);
    try_all_to_alls(&s, false);
    try_all_to_alls(&s, true);
    try_all_gather(&s);
  }
  for (unsigned d = 0; d < s.rank; d++) {
    sharc_vec_free(&s.in[d]);
    sharc_vec_free(&s.out[d]);
    sharc_vec_free(&s.current[d]);
  }
  free(s.in);
  free(s.out);
  free(s.current);
  free(s.capacity);
  free(s.collective_axes);
  sharc_vec_free(&s.in_set);
  sharc_vec_free(&s.out_map);
  return s.result;
}

/* ---- the conversion ------------------------------------------------------------------ */

static sharc_value *bypass_barriers(sharc_value *v) {
  for (sharc_op *def = sharc_value_defining_op(v);
       def && sharc_op_isa(def, &sharc_sdy_propagation_barrier_def);
       def = sharc_value_defining_op(v))
    v = sharc_op_operand(def, 0);
  return v;
}

static bool is_maximal(const sharc_attr *sharding, sharc_op *op) {
  if (!sharding)
    return false;
  const sharc_attr *mesh = sharc_sdy_sharding_mesh(sharding, op);
  return mesh && sharc_sdy_mesh_is_maximal(mesh);
}

/* isEquivalentOnMesh: the same mesh, or meshes that differ in device ids. */
static bool equivalent_on_mesh(const sharc_attr *in, const sharc_attr *out, sharc_op *op) {
  if (sharc_sdy_tensor_sharding_mesh_or_ref(in) == sharc_sdy_tensor_sharding_mesh_or_ref(out))
    return true;
  return sharc_sdy_mesh_equals(sharc_sdy_sharding_mesh(in, op), sharc_sdy_sharding_mesh(out, op),
                               true);
}

typedef struct r2c_state {
  const r2c_options *opts;
  sharc_rewriter rw;
  /* Reshards converted so far, kept in place until the end as the
   * conversion framework keeps them: a later reshard's operand still reads
   * the old reshard's sharding, while the pattern reads the replacement. */
  sharc_ptr_vec replaced;
  sharc_ptrmap replacement; /* old result -> new value */
  bool failed;
} r2c_state;

/* The value the conversion maps `v` to (OpAdaptor's operand). */
static sharc_value *mapped(r2c_state *st, sharc_value *v) {
  for (;;) {
    sharc_value *to = sharc_ptrmap_get(&st->replacement, v);
    if (!to)
      return v;
    v = to;
  }
}

/* The target's dynamic legality of a reshard (true: left alone). */
static bool is_legal(r2c_state *st, sharc_op *op) {
  sharc_attr *in = sharc_sdy_get_sharding_bypassing_barriers(sharc_op_operand(op, 0));
  sharc_attr *out = sharc_op_attr(op, "sharding");
  if (st->opts->keep_redundant_reshards && sharc_sdy_is_equivalent(in, out))
    return true;
  if (is_maximal(in, op) || is_maximal(out, op))
    return true;
  if (sharc_sdy_tensor_sharding_is_fully_replicated(out))
    return false;
  return in && !equivalent_on_mesh(in, out, op);
}

/* ReshardPattern: the replacement value, or NULL when it does not apply. */
static sharc_value *rewrite_reshard(r2c_state *st, sharc_op *op) {
  sharc_value *input = mapped(st, sharc_op_operand(op, 0));
  sharc_attr *out = sharc_op_attr(op, "sharding");
  sharc_value *bypassed = bypass_barriers(input);
  sharc_attr *in =
      sharc_sdy_get_or_create_sharding(bypassed, sharc_sdy_tensor_sharding_mesh_or_ref(out), false);
  if (is_maximal(in, op) || is_maximal(out, op))
    return NULL;
  if (sharc_sdy_tensor_sharding_rank(in) != sharc_sdy_tensor_sharding_rank(out))
    return NULL;
  if (sharc_sdy_tensor_sharding_is_fully_replicated(out)) {
    if (sharc_sdy_tensor_sharding_is_fully_replicated(in))
      return input;
    out = sharc_sdy_sharding_fully_closed_like(st->rw.ctx, in);
  }
  if (!equivalent_on_mesh(in, out, op))
    return NULL;
  sharc_rw_set_before(&st->rw, op);
  return insert_collectives(&st->rw, op, bypassed, in, out);
}

static sharc_walk_result visit(sharc_op *op, void *user) {
  r2c_state *st = user;
  if (!sharc_op_isa(op, &sharc_sdy_reshard_def) || is_legal(st, op))
    return SHARC_WALK_ADVANCE;
  sharc_value *to = rewrite_reshard(st, op);
  if (!to) {
    /* what the partial conversion reports for an illegal op it cannot convert */
    sharc_rw_emit_not_legalized(op);
    st->failed = true;
    return SHARC_WALK_INTERRUPT;
  }
  sharc_ptrmap_put(&st->replacement, sharc_op_result(op, 0), to);
  sharc_vec_push(&st->replaced, op);
  return SHARC_WALK_ADVANCE;
}

static bool visit_op_tree(sharc_op *op, r2c_state *st);

/* The ops of a region as the conversion collects them (a pre-order walk
 * with MLIR's ForwardDominanceIterator): blocks in depth-first order of the
 * control flow from the entry block, so unreachable blocks are skipped. */
static bool visit_region(sharc_region *r, r2c_state *st) {
  sharc_block *entry = sharc_region_first_block(r);
  if (!entry)
    return true;
  if (!sharc_block_next(entry)) {
    for (sharc_op *op = sharc_block_first_op(entry), *next; op; op = next) {
      next = sharc_op_next(op);
      if (!visit_op_tree(op, st))
        return false;
    }
    return true;
  }
  typedef struct frame {
    sharc_block *block;
    unsigned next_succ;
  } frame;
  SHARC_VEC(frame) stack = {0};
  sharc_ptrmap seen = {0};
  bool ok = true;
  sharc_ptrmap_put(&seen, entry, entry);
  sharc_vec_push(&stack, ((frame){entry, 0}));
  for (sharc_op *op = sharc_block_first_op(entry), *next; ok && op; op = next) {
    next = sharc_op_next(op);
    ok = visit_op_tree(op, st);
  }
  while (ok && stack.len) {
    frame *top = &stack.items[stack.len - 1];
    /* MLIR's block successors: those of the last op, whatever it is */
    sharc_op *term = sharc_block_last_op(top->block);
    unsigned n = term ? sharc_op_num_successors(term) : 0;
    if (top->next_succ >= n) {
      stack.len--;
      continue;
    }
    sharc_block *succ = sharc_op_successor(term, top->next_succ++);
    if (sharc_ptrmap_get(&seen, succ))
      continue;
    sharc_ptrmap_put(&seen, succ, succ);
    sharc_vec_push(&stack, ((frame){succ, 0}));
    for (sharc_op *op = sharc_block_first_op(succ), *next; ok && op; op = next) {
      next = sharc_op_next(op);
      ok = visit_op_tree(op, st);
    }
  }
  sharc_vec_free(&stack);
  sharc_ptrmap_free(&seen);
  return ok;
}

static bool visit_op_tree(sharc_op *op, r2c_state *st) {
  if (visit(op, st) == SHARC_WALK_INTERRUPT)
    return false;
  for (unsigned i = 0; i < sharc_op_num_regions(op); i++)
    if (!visit_region(sharc_op_region(op, i), st))
      return false;
  return true;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  r2c_state st = {.opts = opts};
  sharc_pass_rewriter(run, &st.rw, NULL);
  visit_op_tree(func, &st);
  if (!st.failed) {
    /* finalize: uses move to the replacements, the old reshards go */
    for (unsigned i = 0; i < st.replaced.len; i++) {
      sharc_op *op = st.replaced.items[i];
      sharc_value *to = mapped(&st, sharc_op_result(op, 0));
      sharc_rw_replace_all_uses(&st.rw, sharc_op_result(op, 0), to);
    }
    for (unsigned i = st.replaced.len; i-- > 0;)
      sharc_rw_erase_op(&st.rw, st.replaced.items[i]);
  }
  sharc_vec_free(&st.replaced);
  sharc_ptrmap_free(&st.replacement);
  return !st.failed;
}

const sharc_pass_def sharc_pass_sdy_reshard_to_collectives = {
    .flag = "sdy-reshard-to-collectives",
    .display_name = "ReshardToCollectivesPass",
    .summary = "Converts ReshardOp into various Shardy collective ops.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(r2c_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
