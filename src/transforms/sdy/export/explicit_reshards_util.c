/* Explicit reshards and the unreduced-axes collectives around them; see
 * explicit_reshards_util.h. */
#include "transforms/sdy/export/explicit_reshards_util.h"

#include <stdlib.h>
#include <string.h>

#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "support/xalloc.h"
#include "transforms/sdy/propagation/utils.h"
#include "transforms/sdy/rules/rules.h"

typedef sharc_sdy_axis_vec attr_vec;

/* ---- small pieces ------------------------------------------------------------ */

void sharc_sdy_axes_per_factor_init(sharc_sdy_axes_per_factor *a, unsigned n) {
  a->n = n;
  a->axes = sharc_xcalloc(n + 1, sizeof *a->axes);
}

void sharc_sdy_axes_per_factor_free(sharc_sdy_axes_per_factor *a) {
  for (unsigned i = 0; i < a->n; i++)
    sharc_vec_free(&a->axes[i]);
  free(a->axes);
  a->axes = NULL;
  a->n = 0;
}

sharc_attr *const *sharc_sdy_get_unreduced_axes(const sharc_attr *sharding, unsigned *n) {
  sharc_sdy_tensor_sharding_parts parts = {0};
  if (sharding)
    sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  *n = parts.num_unreduced;
  return parts.unreduced;
}

/* dynCastStaticShapedType(type).getNumElements(), 0 without a static shape. */
static int64_t static_num_elements(const sharc_type *t) {
  sharc_type *shaped = sharc_type_shaped_view(t);
  if (!shaped || !sharc_type_has_rank(shaped))
    return 0;
  int64_t n = sharc_type_num_elements(shaped);
  return n < 0 ? 0 : n;
}

void sharc_sdy_get_tensor_sizes(sharc_op *op, int64_t *out) {
  unsigned n_ops = sharc_op_num_operands(op);
  for (unsigned i = 0; i < n_ops; i++)
    out[i] = static_num_elements(sharc_value_type(sharc_op_operand(op, i)));
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    out[n_ops + i] = static_num_elements(sharc_value_type(sharc_op_result(op, i)));
}

static sharc_attr *mesh_of_op(sharc_op *mesh_op) { return sharc_op_attr(mesh_op, "mesh"); }

static sharc_attr *mesh_ref_of_op(sharc_op *mesh_op) {
  return sharc_sdy_mesh_ref(sharc_op_context(mesh_op), sharc_op_symbol_name(mesh_op));
}

static bool meshes_equal(const sharc_attr *a, const sharc_attr *b) {
  return a == b || (a && b && sharc_sdy_mesh_equals(a, b, false));
}

static bool not_owned_by(const sharc_use *u, void *except) {
  return sharc_use_owner(u) != (sharc_op *)except;
}

/* replaceAllUsesExcept(from, to, except). */
static void replace_uses_except(sharc_rewriter *rw, sharc_value *from, sharc_value *to,
                                sharc_op *except) {
  sharc_rw_replace_uses_if(rw, from, to, not_owned_by, except);
}

static sharc_attr *replace_unreduced(sharc_context *ctx, const sharc_attr *sharding,
                                     sharc_attr *const *axes, unsigned n) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  parts.unreduced = axes;
  parts.num_unreduced = n;
  return sharc_sdy_tensor_sharding_get(ctx, &parts);
}

static bool vec_equals(const sharc_sdy_axis_vec *v, sharc_attr *const *axes, unsigned n) {
  return sharc_sdy_axes_equal(v->items, v->len, axes, n);
}

/* ---- all-reduce where unreduced axes become replicated ---------------------- */

bool sharc_sdy_insert_all_reduce_if_unreduced_to_replicated(sharc_rewriter *rw, sharc_op *user,
                                                            unsigned index, sharc_attr *source,
                                                            sharc_attr *user_sharding,
                                                            sharc_attr **result) {
  *result = source;
  unsigned n_source = 0, n_target = 0;
  sharc_attr *const *source_unreduced = sharc_sdy_get_unreduced_axes(source, &n_source);
  if (!source || !n_source)
    return true;
  sharc_attr *mesh = sharc_sdy_sharding_mesh(source, user);
  sharc_attr *const *target_unreduced = NULL;
  if (user_sharding) {
    target_unreduced = sharc_sdy_get_unreduced_axes(user_sharding, &n_target);
    if (!meshes_equal(mesh, sharc_sdy_sharding_mesh(user_sharding, user))) {
      sharc_emit_op_error(user, "source and user shardings have different meshes for unreduced "
                                "axes");
      return false;
    }
  }
  sharc_context *ctx = rw->ctx;
  attr_vec reduce = {0}, keep = {0};
  sharc_sdy_axes_set_diff(ctx, source_unreduced, n_source, target_unreduced, n_target, mesh,
                          &reduce);
  if (reduce.len) {
    sharc_sdy_axes_set_diff(ctx, source_unreduced, n_source, reduce.items, reduce.len, mesh, &keep);
    sharc_attr *sharding = replace_unreduced(ctx, source, keep.items, keep.len);
    sharc_value *operand = sharc_op_operand(user, index);
    sharc_op *all_reduce =
        sharc_sdy_create_all_reduce(rw, operand, reduce.items, reduce.len,
                                    sharc_sdy_tensor_sharding_reduction(source), sharding,
                                    sharc_sdy_value_loc(operand));
    sharc_rw_set_operand(rw, user, index, sharc_op_result(all_reduce, 0));
    *result = sharding;
  }
  sharc_vec_free(&reduce);
  sharc_vec_free(&keep);
  return true;
}

/* ---- reshards towards the projected shardings ------------------------------- */

/* shouldReshardToCommonMesh: a sharded tensor whose mesh orders devices
 * differently from the op's mesh. */
static bool should_reshard_to_common_mesh(const sharc_attr *sharding, sharc_op *mesh_op,
                                          sharc_op *from) {
  if (sharc_sdy_is_fully_replicated(sharding))
    return false;
  sharc_attr *mesh = sharc_sdy_sharding_mesh(sharding, from);
  return mesh && !sharc_sdy_mesh_same_device_ids(mesh, mesh_of_op(mesh_op));
}

void sharc_sdy_insert_explicit_reshards(sharc_rewriter *rw, sharc_op *op, sharc_attr *const *in,
                                        sharc_attr *const *out, const sharc_projection *p,
                                        const bool *update, sharc_op *mesh_op) {
  sharc_attr *mesh_ref = mesh_ref_of_op(mesh_op);
  unsigned n_ops = sharc_op_num_operands(op), n_res = sharc_op_num_results(op);
  sharc_rw_set_before(rw, op);
  for (unsigned i = 0; i < n_ops && i < p->num_operands; i++) {
    if (!update[i] && !should_reshard_to_common_mesh(in[i], mesh_op, op))
      continue;
    sharc_value *operand = sharc_op_operand(op, i);
    sharc_attr *sharding = sharc_projection_tensor_sharding(p, i, mesh_ref);
    sharc_op *reshard =
        sharc_sdy_create_reshard(rw, operand, sharding, sharc_sdy_value_loc(operand));
    sharc_rw_set_operand(rw, op, i, sharc_op_result(reshard, 0));
  }
  sharc_rw_set_after(rw, op);
  for (unsigned i = 0; i < n_res && i < p->num_results; i++) {
    if (!update[p->num_operands + i] && !should_reshard_to_common_mesh(out[i], mesh_op, op))
      continue;
    sharc_value *result = sharc_op_result(op, i);
    sharc_attr *sharding = sharc_projection_tensor_sharding(p, p->num_operands + i, mesh_ref);
    sharc_op *reshard = sharc_sdy_create_reshard(
        rw, result, sharc_sdy_get_or_create_sharding(result, mesh_ref, true), sharc_op_loc(op));
    replace_uses_except(rw, result, sharc_op_result(reshard, 0), reshard);
    sharc_sdy_set_sharding(result, sharding);
    sharc_rw_modified(rw, op);
  }
}

/* ---- the factor shardings every tensor can agree on ------------------------- */

bool sharc_sdy_compatible_factor_sharding(const sharc_projection *p, unsigned factor,
                                          sharc_attr *const **axes, unsigned *n) {
  bool seen = false;
  *axes = NULL;
  *n = 0;
  for (unsigned t = 0; t < sharc_projection_num_tensors(p); t++) {
    const sharc_factor_sharding *fs = &p->tensors[t].factors[factor];
    if (!fs->present)
      continue;
    if (!seen) {
      *axes = fs->axes.items;
      *n = fs->axes.len;
      seen = true;
    } else if (!vec_equals(&fs->axes, *axes, *n)) {
      return false;
    }
  }
  return true;
}

/* getCompatibleFactorShardings: every factor sharded alike everywhere, no
 * need-replication factor sharded, no axis used by two factors; `out` stays
 * empty otherwise. */
static bool compatible_factor_shardings(const sharc_projection *p, sharc_sdy_axes_per_factor *out) {
  sharc_sdy_axes_per_factor_init(out, p->num_factors);
  attr_vec seen = {0};
  bool ok = true;
  for (unsigned f = 0; f < p->num_factors && ok; f++) {
    sharc_attr *const *axes;
    unsigned n;
    if (!sharc_sdy_compatible_factor_sharding(p, f, &axes, &n)) {
      ok = false;
    } else if (sharc_rule_factor_is(p->rule, f, SHARC_RULE_IS_NEED_REPLICATION)) {
      ok = n == 0;
    } else if (sharc_sdy_axes_overlap(axes, n, seen.items, seen.len)) {
      ok = false;
    } else {
      sharc_sdy_axes_assign(&out->axes[f], axes, n);
      sharc_sdy_axes_append(&seen, axes, n);
    }
  }
  sharc_vec_free(&seen);
  /* with no factor at all, Shardy's empty result reads as "not compatible" */
  if (!ok || !out->n)
    sharc_sdy_axes_per_factor_free(out);
  return ok && p->num_factors;
}

/* ---- unary ops: keep one tensor's sharding ----------------------------------- */

static bool has_sharded_permutation_factors(const sharc_projection *p, unsigned tensor) {
  for (unsigned f = 0; f < p->num_factors; f++) {
    const sharc_factor_sharding *fs = &p->tensors[tensor].factors[f];
    if (fs->present && fs->axes.len && sharc_rule_factor_is(p->rule, f, SHARC_RULE_IS_PERMUTATION))
      return true;
  }
  return false;
}

/* Whether tensor `a` is preferred to (or as good as) tensor `b`: without
 * sharded permutation factors, then larger, then more sharded. */
static bool preferred_or_equal(const sharc_projection *p, const int64_t *sizes, unsigned a,
                               unsigned b) {
  bool pa = !has_sharded_permutation_factors(p, a), pb = !has_sharded_permutation_factors(p, b);
  if (pa != pb)
    return pa;
  if (sizes[a] != sizes[b])
    return sizes[a] > sizes[b];
  return sharc_projection_sharding_size(p, a) >= sharc_projection_sharding_size(p, b);
}

static void common_axes_on_unary_op(const sharc_projection *p, const int64_t *sizes,
                                    sharc_sdy_axes_per_factor *out) {
  unsigned *tensors = sharc_xmalloc_array(sharc_projection_num_tensors(p) + 1, sizeof *tensors);
  sharc_rule_non_scalar_tensors(p->rule, tensors);
  unsigned preferred = tensors[0], other = tensors[1];
  if (!preferred_or_equal(p, sizes, preferred, other)) {
    preferred = tensors[1];
    other = tensors[0];
  }
  free(tensors);
  sharc_sdy_axes_per_factor_init(out, p->num_factors);
  attr_vec in_preferred = {0};
  const sharc_factor_sharding *pref = p->tensors[preferred].factors;
  const sharc_factor_sharding *oth = p->tensors[other].factors;
  for (unsigned f = 0; f < p->num_factors; f++) {
    if (!pref[f].present)
      continue;
    sharc_sdy_axes_assign(&out->axes[f], pref[f].axes.items, pref[f].axes.len);
    sharc_sdy_axes_append(&in_preferred, pref[f].axes.items, pref[f].axes.len);
  }
  for (unsigned f = 0; f < p->num_factors; f++) {
    if (!oth[f].present || pref[f].present)
      continue;
    sharc_sdy_axes_assign(&out->axes[f], oth[f].axes.items, oth[f].axes.len);
    sharc_sdy_axes_truncate_overlaps(p->ctx, &out->axes[f], in_preferred.items, in_preferred.len);
  }
  sharc_vec_free(&in_preferred);
}

/* ---- the greedy heuristic ---------------------------------------------------- */

/* Shardy's AxisListRef: the first `n_base` refs of an array, then `tail`
 * (which may be a sub-axis prefix of the array's next ref); empty when
 * `tail` is NULL. A view: it never owns memory. */
typedef struct axis_list_ref {
  sharc_attr *const *base;
  unsigned n_base;
  sharc_attr *tail;
} axis_list_ref;

static axis_list_ref alr_of(sharc_attr *const *axes, unsigned n) {
  axis_list_ref r = {axes, n ? n - 1 : 0, n ? axes[n - 1] : NULL};
  return r;
}

static unsigned alr_size(const axis_list_ref *a) { return a->tail ? a->n_base + 1 : 0; }

static sharc_attr *alr_at(const axis_list_ref *a, unsigned i) {
  return i < a->n_base ? a->base[i] : a->tail;
}

static bool alr_equal(const axis_list_ref *a, const axis_list_ref *b) {
  if (a->n_base != b->n_base || a->tail != b->tail)
    return false;
  for (unsigned i = 0; i < a->n_base; i++)
    if (a->base[i] != b->base[i])
      return false;
  return true;
}

/* AxisListRef::operator<: shorter first, then the first differing ref. */
static bool alr_less(const axis_list_ref *a, const axis_list_ref *b) {
  unsigned na = alr_size(a), nb = alr_size(b);
  if (na != nb)
    return na < nb;
  for (unsigned i = 0; i < na; i++) {
    sharc_attr *x = alr_at(a, i), *y = alr_at(b, i);
    if (x != y)
      return sharc_sdy_axis_less(x, y);
  }
  return false;
}

static bool alr_strict_prefix_of(const axis_list_ref *a, const axis_list_ref *b) {
  if (!a->tail)
    return b->tail != NULL;
  unsigned na = alr_size(a), nb = alr_size(b);
  if (na > nb)
    return false;
  for (unsigned i = 0; i < a->n_base; i++)
    if (a->base[i] != b->base[i])
      return false;
  if (na == nb)
    return sharc_sdy_axis_strict_prefix_of(a->tail, b->tail);
  return sharc_sdy_axis_prefix_of(a->tail, b->base[a->n_base]);
}

static int64_t alr_sharding_size(const axis_list_ref *a, const sharc_attr *mesh) {
  int64_t size = 1;
  for (unsigned i = 0; i < alr_size(a); i++)
    size = sharc_mul_wrap(size, sharc_sdy_axis_ref_size(alr_at(a, i), mesh));
  return size;
}

/* getPrefixWithoutOverlap(axis, list): NULL when nothing is left. */
static sharc_attr *alr_prefix_without_overlap(sharc_context *ctx, sharc_attr *axis,
                                              const axis_list_ref *others) {
  sharc_attr *prefix = axis;
  for (unsigned i = 0; prefix && i < alr_size(others); i++)
    prefix = sharc_sdy_axis_prefix_without_overlap(ctx, prefix, alr_at(others, i));
  return prefix;
}

/* truncateWithoutOverlap: cuts `a` to its longest prefix that does not
 * overlap `rhs`; whether it changed. */
static bool alr_truncate_without_overlap(sharc_context *ctx, axis_list_ref *a,
                                         const axis_list_ref *rhs) {
  for (unsigned i = 0; i < alr_size(a); i++) {
    sharc_attr *axis = alr_at(a, i);
    sharc_attr *prefix = alr_prefix_without_overlap(ctx, axis, rhs);
    if (prefix == axis)
      continue;
    if (prefix) {
      a->n_base = i;
      a->tail = prefix;
    } else if (i == 0) {
      *a = (axis_list_ref){NULL, 0, NULL};
    } else {
      a->tail = a->base[i - 1];
      a->n_base = i - 1;
    }
    return true;
  }
  return false;
}

typedef struct candidate {
  int64_t factor; /* -1: none */
  axis_list_ref axes;
  int64_t total_source_size;
  int64_t precedence;
  int64_t sharding_size;
} candidate;

/* FactorAxesCandidate::precedence: pass-through factors first, then
 * reduction, permutation and need-replication ones. */
static int64_t factor_precedence(const sharc_attr *rule, unsigned factor) {
  if (sharc_rule_factor_is(rule, factor, SHARC_RULE_IS_REDUCTION))
    return 2;
  if (sharc_rule_factor_is(rule, factor, SHARC_RULE_IS_NEED_REPLICATION))
    return 0;
  if (sharc_rule_factor_is(rule, factor, SHARC_RULE_IS_PERMUTATION))
    return 1;
  return 3;
}

/* FactorAxesCandidate::operator<: by source tensor size, precedence,
 * sharding size, factor, then axes. */
static bool candidate_less(const candidate *a, const candidate *b) {
  if (a->total_source_size != b->total_source_size)
    return a->total_source_size < b->total_source_size;
  if (a->precedence != b->precedence)
    return a->precedence < b->precedence;
  if (a->sharding_size != b->sharding_size)
    return a->sharding_size < b->sharding_size;
  if (a->factor != b->factor)
    return a->factor < b->factor;
  return alr_less(&a->axes, &b->axes);
}

/* FactorAxesCandidateBag: the candidates in no particular order (the best
 * one is found by a scan), and for each factor the factors that must be
 * fully sharded before it may be (those right before it in a dimension). */
typedef struct candidate_bag {
  SHARC_VEC(candidate) items;
  const sharc_attr *mesh;
  unsigned num_factors;
  bool *depends;            /* depends[f * num_factors + g]: f waits for g */
  bool *has_dependencies;   /* f is a key of Shardy's factorDependenciesMap */
  unsigned *num_depends_on; /* set bits of f's row */
} candidate_bag;

static void bag_init(candidate_bag *bag, const sharc_attr *rule, const sharc_attr *mesh) {
  memset(bag, 0, sizeof *bag);
  bag->mesh = mesh;
  unsigned nf = bag->num_factors = sharc_rule_num_factors(rule);
  bag->depends = sharc_xcalloc((size_t)nf * nf + 1, sizeof *bag->depends);
  bag->has_dependencies = sharc_xcalloc(nf + 1, sizeof *bag->has_dependencies);
  bag->num_depends_on = sharc_xcalloc(nf + 1, sizeof *bag->num_depends_on);
  for (unsigned t = 0; t < sharc_rule_num_tensors(rule); t++)
    for (unsigned d = 0; d < sharc_rule_tensor_rank(rule, t); d++)
      for (unsigned k = 1; k < sharc_rule_dim_num_factors(rule, t, d); k++) {
        unsigned f = sharc_rule_dim_factor(rule, t, d, k);
        unsigned g = sharc_rule_dim_factor(rule, t, d, k - 1);
        if (f >= nf || g >= nf)
          continue;
        bag->has_dependencies[f] = true;
        if (!bag->depends[(size_t)f * nf + g]) {
          bag->depends[(size_t)f * nf + g] = true;
          bag->num_depends_on[f]++;
        }
      }
}

static void bag_free(candidate_bag *bag) {
  sharc_vec_free(&bag->items);
  free(bag->depends);
  free(bag->has_dependencies);
  free(bag->num_depends_on);
}

static bool bag_is_valid(const candidate_bag *bag, const candidate *c) {
  return !bag->has_dependencies[c->factor] || bag->num_depends_on[c->factor] == 0;
}

static void bag_drop_factor_dependencies(candidate_bag *bag, unsigned factor) {
  unsigned nf = bag->num_factors;
  for (unsigned f = 0; f < nf; f++)
    if (bag->depends[(size_t)f * nf + factor]) {
      bag->depends[(size_t)f * nf + factor] = false;
      bag->num_depends_on[f]--;
    }
}

static candidate bag_best(const candidate_bag *bag) {
  candidate best = {.factor = -1};
  for (unsigned i = 0; i < bag->items.len; i++) {
    const candidate *c = &bag->items.items[i];
    if (bag_is_valid(bag, c) && candidate_less(&best, c))
      best = *c;
  }
  return best;
}

static void bag_remove_at(candidate_bag *bag, unsigned i) {
  bag->items.items[i] = sharc_vec_last(&bag->items);
  bag->items.len--;
}

/* updateShardingSizeAt: the size the candidate adds beyond `prefix`. */
static void bag_update_sharding_size(candidate_bag *bag, unsigned i, const axis_list_ref *prefix) {
  candidate *c = &bag->items.items[i];
  int64_t prefix_size = prefix ? alr_sharding_size(prefix, bag->mesh) : 1;
  int64_t size = alr_sharding_size(&c->axes, bag->mesh);
  c->sharding_size = prefix_size ? size / prefix_size : size;
}

/* One tensor's sharding of one factor, as a source of candidates. */
typedef struct factor_source {
  unsigned factor;
  sharc_attr *const *axes;
  unsigned n;
  int64_t tensor_size;
} factor_source;

/* Orders (factor, axes) pairs so that equal ones are adjacent; the order
 * itself does not matter (the bag is unordered). */
static int pair_cmp(const void *x, const void *y) {
  const candidate *a = x, *b = y;
  if (a->factor != b->factor)
    return a->factor < b->factor ? -1 : 1;
  unsigned na = alr_size(&a->axes), nb = alr_size(&b->axes);
  if (na != nb)
    return na < nb ? -1 : 1;
  for (unsigned i = 0; i < na; i++) {
    uintptr_t pa = (uintptr_t)alr_at(&a->axes, i), pb = (uintptr_t)alr_at(&b->axes, i);
    if (pa != pb)
      return pa < pb ? -1 : 1;
  }
  return 0;
}

/* findFactorAxesCandidates: every non-empty prefix (whole refs) of every
 * factor sharding, once, with the total size of the tensors whose sharding
 * of that factor it is, or a strict prefix of. */
static void find_candidates(const sharc_projection *p, const int64_t *sizes, candidate_bag *bag) {
  SHARC_VEC(factor_source) sources = {0};
  for (unsigned t = 0; t < sharc_projection_num_tensors(p); t++)
    for (unsigned f = 0; f < p->num_factors; f++) {
      const sharc_factor_sharding *fs = &p->tensors[t].factors[f];
      if (fs->present && fs->axes.len)
        sharc_vec_push(&sources, ((factor_source){f, fs->axes.items, fs->axes.len, sizes[t]}));
    }
  for (unsigned s = 0; s < sources.len; s++)
    for (unsigned k = 1; k <= sources.items[s].n; k++) {
      candidate c = {.factor = sources.items[s].factor,
                     .axes = alr_of(sources.items[s].axes, k)};
      sharc_vec_push(&bag->items, c);
    }
  if (bag->items.len > 1)
    qsort(bag->items.items, bag->items.len, sizeof *bag->items.items, pair_cmp);
  unsigned kept = 0;
  for (unsigned i = 0; i < bag->items.len; i++) {
    candidate *c = &bag->items.items[i];
    if (kept && pair_cmp(&bag->items.items[kept - 1], c) == 0)
      continue;
    c->precedence = factor_precedence(p->rule, (unsigned)c->factor);
    c->sharding_size = alr_sharding_size(&c->axes, bag->mesh);
    bag->items.items[kept++] = *c;
  }
  bag->items.len = kept;
  for (unsigned s = 0; s < sources.len; s++) {
    const factor_source *src = &sources.items[s];
    axis_list_ref full = alr_of(src->axes, src->n);
    for (unsigned i = 0; i < bag->items.len; i++) {
      candidate *c = &bag->items.items[i];
      if (c->factor == src->factor &&
          (alr_equal(&full, &c->axes) || alr_strict_prefix_of(&c->axes, &full)))
        c->total_source_size =
            (int64_t)((uint64_t)c->total_source_size + (uint64_t)src->tensor_size);
    }
  }
  sharc_vec_free(&sources);
}

/* findCommonAxesHeuristic: repeatedly give the best candidate's axes to
 * its factor, then drop or cut the candidates that conflict with it. */
static void common_axes_heuristic(const sharc_projection *p, const int64_t *sizes,
                                  sharc_sdy_axes_per_factor *out) {
  unsigned nf = p->num_factors;
  axis_list_ref *assigned = sharc_xcalloc(nf + 1, sizeof *assigned);
  candidate_bag bag;
  bag_init(&bag, p->rule, p->mesh);
  find_candidates(p, sizes, &bag);
  while (bag.items.len) {
    candidate best = bag_best(&bag);
    if (best.factor < 0)
      break;
    unsigned bf = (unsigned)best.factor;
    assigned[bf] = best.axes;
    if (alr_sharding_size(&best.axes, p->mesh) == sharc_rule_factor_size(p->rule, bf))
      bag_drop_factor_dependencies(&bag, bf);
    unsigned i = 0;
    while (i < bag.items.len) {
      candidate *c = &bag.items.items[i];
      if (c->factor == best.factor) {
        /* only candidates extending the new assignment stay */
        if (!alr_strict_prefix_of(&best.axes, &c->axes))
          bag_remove_at(&bag, i);
        else
          bag_update_sharding_size(&bag, i++, &best.axes);
        continue;
      }
      if (alr_truncate_without_overlap(p->ctx, &c->axes, &best.axes)) {
        if (alr_equal(&c->axes, &assigned[c->factor]))
          bag_remove_at(&bag, i);
        else
          bag_update_sharding_size(&bag, i++, &assigned[c->factor]);
        continue;
      }
      bag_update_sharding_size(&bag, i++, NULL);
    }
  }
  sharc_sdy_axes_per_factor_init(out, nf);
  for (unsigned f = 0; f < nf; f++)
    for (unsigned i = 0; i < alr_size(&assigned[f]); i++)
      sharc_vec_push(&out->axes[f], alr_at(&assigned[f], i));
  bag_free(&bag);
  free(assigned);
}

/* ---- need-replication axes onto batching factors ---------------------------- */

static void distribute_to_batching_factors(sharc_context *ctx, const sharc_attr *rule,
                                           const sharc_attr *mesh, sharc_attr *const *axes,
                                           unsigned n, sharc_sdy_axes_per_factor *common) {
  unsigned next = 0;
  for (unsigned f = 0; f < common->n && next < n; f++) {
    if (!sharc_rule_is_batching_factor(rule, f))
      continue;
    int64_t factor_size = sharc_rule_factor_size(rule, f);
    if (factor_size == 0)
      continue;
    sharc_sdy_axis_vec *sharding = &common->axes[f];
    int64_t sharded = sharc_sdy_axes_total_size(sharding->items, sharding->len, mesh);
    /* an axis can only be appended when the factor divides evenly so far */
    if (sharded <= 0 || factor_size % sharded != 0)
      continue;
    int64_t capacity = factor_size / sharded;
    while (next < n) {
      int64_t axis_size = sharc_sdy_axis_ref_size(axes[next], mesh);
      if (axis_size <= 0 || capacity % axis_size != 0)
        break;
      sharc_sdy_axes_add_or_merge(ctx, sharding, axes[next], mesh);
      capacity /= axis_size;
      next++;
    }
  }
}

/* The common prefix of each need-replication factor's sharding moves to the
 * batching factors that have room for it. */
static void distribute_need_replication_axes(sharc_context *ctx, const sharc_attr *rule,
                                             const sharc_attr *mesh,
                                             sharc_sdy_axes_per_factor *common) {
  unsigned n = sharc_sdy_rule_list_size(rule, SHARC_SDY_RULE_NEED_REPLICATION);
  attr_vec moving = {0};
  for (unsigned i = 0; i < n; i++) {
    int64_t f = sharc_sdy_rule_int_at(rule, SHARC_SDY_RULE_NEED_REPLICATION, i);
    if (f < 0 || (unsigned)f >= common->n)
      continue;
    sharc_sdy_axes_assign(&moving, common->axes[f].items, common->axes[f].len);
    sharc_vec_clear(&common->axes[f]);
    if (moving.len && sharc_rule_factor_in_all_non_scalar_tensors(rule, (unsigned)f))
      distribute_to_batching_factors(ctx, rule, mesh, moving.items, moving.len, common);
  }
  sharc_vec_free(&moving);
}

void sharc_sdy_find_common_axes(const sharc_projection *p, const int64_t *tensor_sizes,
                                sharc_sdy_axes_per_factor *out) {
  if (compatible_factor_shardings(p, out))
    return;
  const sharc_attr *rule = p->rule;
  bool no_need_replication = sharc_sdy_rule_list_size(rule, SHARC_SDY_RULE_NEED_REPLICATION) == 0;
  if (sharc_rule_non_scalar_tensors(rule, NULL) == 2 && no_need_replication &&
      !sharc_rule_has_dims_with_multiple_factors(rule)) {
    common_axes_on_unary_op(p, tensor_sizes, out);
    return;
  }
  common_axes_heuristic(p, tensor_sizes, out);
  if (!no_need_replication)
    distribute_need_replication_axes(p->ctx, rule, p->mesh, out);
}

/* ---- all-reduces over reduction factors ------------------------------------- */

/* getReductionAxes: the axes of every reduction factor (in the rule's
 * order), from `common` with the full version; else only when the results
 * are unreduced, from the factors' common sharding. */
static bool reduction_axes(sharc_op *op, const sharc_projection *p,
                           const sharc_sdy_axes_per_factor *common, bool on_full_version,
                           attr_vec *out) {
  const sharc_attr *rule = p->rule;
  unsigned n = sharc_sdy_rule_list_size(rule, SHARC_SDY_RULE_REDUCTION);
  if (on_full_version) {
    for (unsigned i = 0; i < n; i++) {
      int64_t f = sharc_sdy_rule_int_at(rule, SHARC_SDY_RULE_REDUCTION, i);
      if (f >= 0 && (unsigned)f < common->n)
        sharc_sdy_axes_append(out, common->axes[f].items, common->axes[f].len);
    }
    return true;
  }
  unsigned n_unreduced;
  sharc_sdy_get_unreduced_axes(sharc_sdy_get_sharding(sharc_op_result(op, 0)), &n_unreduced);
  if (!n_unreduced)
    return true;
  for (unsigned i = 0; i < n; i++) {
    int64_t f = sharc_sdy_rule_int_at(rule, SHARC_SDY_RULE_REDUCTION, i);
    if (f < 0 || (unsigned)f >= p->num_factors)
      continue;
    sharc_attr *const *axes;
    unsigned k;
    if (!sharc_sdy_compatible_factor_sharding(p, (unsigned)f, &axes, &k)) {
      sharc_emit_op_error(op, "the result has unreduced axes while the operand has incompatible "
                              "sharding along reduction factors");
      return false;
    }
    sharc_sdy_axes_append(out, axes, k);
  }
  return true;
}

bool sharc_sdy_insert_all_reduces_for_reduction_factors(sharc_rewriter *rw, sharc_op *op,
                                                        const sharc_projection *p,
                                                        const sharc_sdy_axes_per_factor *common,
                                                        sharc_op *mesh_op, bool on_full_version) {
  unsigned n_res = sharc_op_num_results(op);
  if (!n_res)
    return true;
  attr_vec reduction = {0}, all_reduce = {0};
  if (!reduction_axes(op, p, common, on_full_version, &reduction)) {
    sharc_vec_free(&reduction);
    return false;
  }
  const sharc_attr *mesh = mesh_of_op(mesh_op);
  unsigned n_unreduced;
  sharc_attr *const *unreduced =
      sharc_sdy_get_unreduced_axes(sharc_sdy_get_sharding(sharc_op_result(op, 0)), &n_unreduced);
  if (reduction.len)
    sharc_sdy_axes_set_diff(rw->ctx, reduction.items, reduction.len, unreduced, n_unreduced, mesh,
                            &all_reduce);
  if (all_reduce.len) {
    sharc_sdy_axes_sort_and_merge(rw->ctx, &all_reduce, mesh);
    sharc_attr *mesh_ref = mesh_ref_of_op(mesh_op);
    sharc_rw_set_after(rw, op);
    for (unsigned i = 0; i < n_res; i++) {
      sharc_value *result = sharc_op_result(op, i);
      sharc_attr *sharding = sharc_sdy_get_or_create_sharding(result, mesh_ref, true);
      sharc_op *ar = sharc_sdy_create_all_reduce(rw, result, all_reduce.items, all_reduce.len,
                                                 sharc_sdy_tensor_sharding_reduction(sharding),
                                                 sharding, sharc_op_loc(op));
      replace_uses_except(rw, result, sharc_op_result(ar, 0), ar);
    }
  }
  sharc_vec_free(&reduction);
  sharc_vec_free(&all_reduce);
  return true;
}

/* ---- replicated/sharded-to-unreduced ----------------------------------------- */

/* One dimension of insertUnreducedCollectives: when the output keeps a
 * strict prefix of the input's axes and everything after it becomes
 * unreduced, that rest is sharded-to-unreduced (`s2u_dim`, appended to
 * `s2u`) and the dimension keeps the input's sharding; otherwise the
 * dimension needs a reshard to the output's (returns true). */
static bool unreduced_dim(sharc_context *ctx, const sharc_attr *in_dim, const sharc_attr *out_dim,
                          const sharc_attr *mesh, const attr_vec *r2u_and_s2u, attr_vec *s2u,
                          attr_vec *s2u_dim, bool *keep_input_dim) {
  unsigned n_in = sharc_sdy_dim_sharding_num_axes(in_dim);
  unsigned n_out = sharc_sdy_dim_sharding_num_axes(out_dim);
  sharc_attr *const *in_axes = sharc_sdy_list_items(in_dim);
  sharc_attr *const *out_axes = sharc_sdy_list_items(out_dim);
  *keep_input_dim = false;
  sharc_sdy_prefix_status status = sharc_sdy_axes_prefix_of(out_axes, n_out, in_axes, n_in);
  if (status == SHARC_SDY_PREFIX_EQUAL)
    return false;
  if (status == SHARC_SDY_PREFIX_NONE)
    return true;
  attr_vec diff = {0}, left = {0};
  if (n_out && out_axes[n_out - 1] != in_axes[n_out - 1]) {
    sharc_attr *suffix =
        sharc_sdy_axis_suffix_without_overlap(ctx, in_axes[n_out - 1], out_axes[n_out - 1], mesh);
    if (suffix)
      sharc_vec_push(&diff, suffix);
  }
  sharc_sdy_axes_append(&diff, in_axes + n_out, n_in - n_out);
  sharc_sdy_axes_set_diff(ctx, diff.items, diff.len, r2u_and_s2u->items, r2u_and_s2u->len, mesh,
                          &left);
  bool need_reshard = left.len != 0;
  if (!need_reshard) {
    sharc_sdy_axes_assign(s2u_dim, diff.items, diff.len);
    sharc_sdy_axes_append(s2u, diff.items, diff.len);
    *keep_input_dim = true;
  }
  sharc_vec_free(&diff);
  sharc_vec_free(&left);
  return need_reshard;
}

bool sharc_sdy_insert_unreduced_collectives(sharc_rewriter *rw, sharc_op *user, unsigned index,
                                            sharc_attr *out_sharding, sharc_attr **last) {
  *last = NULL;
  sharc_context *ctx = rw->ctx;
  sharc_value *input = sharc_op_operand(user, index);
  sharc_attr *in_sharding = sharc_sdy_get_sharding(input);
  if (!in_sharding || !out_sharding)
    return true;
  unsigned n_in_u, n_out_u;
  sharc_attr *const *in_u = sharc_sdy_get_unreduced_axes(in_sharding, &n_in_u);
  sharc_attr *const *out_u = sharc_sdy_get_unreduced_axes(out_sharding, &n_out_u);
  if (!n_out_u)
    return true;
  sharc_attr *mesh = sharc_sdy_sharding_mesh(in_sharding, user);
  if (!meshes_equal(mesh, sharc_sdy_sharding_mesh(out_sharding, user))) {
    sharc_emit_op_error(user, "input and output shardings have different meshes while the output "
                              "has unreduced axes");
    return false;
  }
  attr_vec r2u_and_s2u = {0}, dropped = {0};
  /* out = in + r2u + s2u */
  sharc_sdy_axes_set_diff(ctx, out_u, n_out_u, in_u, n_in_u, mesh, &r2u_and_s2u);
  if (!r2u_and_s2u.len)
    return true;
  sharc_sdy_axes_set_diff(ctx, in_u, n_in_u, out_u, n_out_u, mesh, &dropped);
  if (dropped.len) {
    sharc_vec_free(&dropped);
    sharc_vec_free(&r2u_and_s2u);
    sharc_emit_op_error(user, "both input and output have unreduced axes that do not appear in "
                              "the other");
    return false;
  }
  unsigned rank = sharc_sdy_tensor_sharding_rank(in_sharding);
  if (sharc_sdy_tensor_sharding_rank(out_sharding) < rank)
    rank = sharc_sdy_tensor_sharding_rank(out_sharding);
  sharc_sdy_tensor_sharding_parts out_parts, in_parts;
  sharc_sdy_tensor_sharding_parts_of(out_sharding, &out_parts);
  sharc_sdy_tensor_sharding_parts_of(in_sharding, &in_parts);
  sharc_attr **tmp_dims = sharc_xmalloc_array(out_parts.num_dims + 1, sizeof *tmp_dims);
  sharc_attr **per_dim = sharc_xmalloc_array(rank + 1, sizeof *per_dim);
  memcpy(tmp_dims, out_parts.dims, out_parts.num_dims * sizeof *tmp_dims);
  attr_vec s2u = {0}, s2u_dim = {0};
  bool need_reshard = false;
  for (unsigned d = 0; d < rank; d++) {
    bool keep_input_dim;
    sharc_vec_clear(&s2u_dim);
    need_reshard |= unreduced_dim(ctx, in_parts.dims[d], out_parts.dims[d], mesh, &r2u_and_s2u,
                                  &s2u, &s2u_dim, &keep_input_dim);
    if (keep_input_dim)
      tmp_dims[d] = in_parts.dims[d];
    per_dim[d] = sharc_sdy_axis_ref_list_get(ctx, s2u_dim.items, s2u_dim.len);
  }
  sharc_value *result = input;
  sharc_attr *loc = sharc_sdy_value_loc(input);
  if (need_reshard) {
    sharc_sdy_tensor_sharding_parts parts = in_parts;
    parts.dims = tmp_dims;
    sharc_attr *aligned = sharc_sdy_tensor_sharding_get(ctx, &parts);
    result = sharc_op_result(sharc_sdy_create_reshard(rw, result, aligned, loc), 0);
  }
  sharc_attr *last_sharding = sharc_sdy_get_sharding(result);
  attr_vec r2u = {0};
  sharc_sdy_axes_set_diff(ctx, r2u_and_s2u.items, r2u_and_s2u.len, s2u.items, s2u.len, mesh, &r2u);
  if (r2u.len) {
    attr_vec in_plus_r2u = {0};
    sharc_sdy_axes_assign(&in_plus_r2u, in_u, n_in_u);
    sharc_sdy_axes_append(&in_plus_r2u, r2u.items, r2u.len);
    sharc_sdy_axes_sort_and_merge(ctx, &in_plus_r2u, mesh);
    sharc_sdy_tensor_sharding_parts parts = {
        .mesh_or_ref = in_parts.mesh_or_ref,
        .dims = tmp_dims,
        .num_dims = out_parts.num_dims,
        .replicated = out_parts.replicated,
        .num_replicated = out_parts.num_replicated,
        .unreduced = in_plus_r2u.items,
        .num_unreduced = in_plus_r2u.len,
        .reduction = out_parts.reduction,
    };
    last_sharding = sharc_sdy_tensor_sharding_get(ctx, &parts);
    result = sharc_op_result(
        sharc_sdy_create_replicated_to_unreduced(rw, result, r2u.items, r2u.len, last_sharding, loc),
        0);
    sharc_vec_free(&in_plus_r2u);
  }
  if (s2u.len) {
    sharc_attr *axes = sharc_sdy_list_of_axis_ref_lists_get(ctx, per_dim, rank);
    result = sharc_op_result(
        sharc_sdy_create_sharded_to_unreduced(rw, result, axes, out_sharding, loc), 0);
    last_sharding = out_sharding;
  }
  if (result != input) {
    sharc_rw_set_operand(rw, user, index, result);
    *last = last_sharding;
  }
  sharc_vec_free(&r2u);
  sharc_vec_free(&s2u);
  sharc_vec_free(&s2u_dim);
  sharc_vec_free(&r2u_and_s2u);
  free(tmp_dims);
  free(per_dim);
  return true;
}

bool sharc_sdy_convert_reshard_to_unreduced_collectives(sharc_rewriter *rw, sharc_op *op,
                                                        bool *converted) {
  *converted = false;
  if (!sharc_op_isa(op, &sharc_sdy_reshard_def) || sharc_op_num_operands(op) != 1)
    return true;
  sharc_attr *sharding = sharc_op_attr(op, "sharding");
  if (!sharding || !sharc_sdy_is_tensor_sharding(sharding))
    return true;
  sharc_rw_set_before(rw, op);
  sharc_attr *last;
  if (!sharc_sdy_insert_unreduced_collectives(rw, op, 0, sharding, &last))
    return false;
  if (!last)
    return true;
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_rw_replace_op(rw, op, &input, 1);
  *converted = true;
  return true;
}
