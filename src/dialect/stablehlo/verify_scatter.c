/* StableHLO's scatter rules (verifyScatterOp, validateScatterDimensionNumbers
 * and inferScatterOp of TypeInference.cpp), with StableHLO's messages. */
#include "dialect/stablehlo/shlo.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>

static bool list_error(sharc_op *op, const char *what, const sharc_shlo_dims *d) {
  sharc_buf m = {0};
  sharc_shlo_append_dims(&m, d->v, d->n);
  sharc_shlo_error(op, "Expects %s to %s; got: [%s].", d->name, what, m.data ? m.data : "");
  sharc_buf_free(&m);
  return false;
}

static bool compatible_dims(int64_t a, int64_t b) {
  return a == SHARC_DYNAMIC || b == SHARC_DYNAMIC || a == b;
}

enum { UPDATE_WINDOW, INSERTED, INPUT_BATCHING, INDICES_BATCHING, TO_OPERAND, N_LISTS };

typedef struct scatter {
  sharc_op *op;
  unsigned n;
  const sharc_type **inputs, **updates, **inits, *indices;
  sharc_shlo_dims d[N_LISTS];
  int64_t ivd;
  int64_t *expanded; /* scatter_indices' shape, with a trailing 1 when ivd == rank */
  unsigned n_expanded;
} scatter;

static bool batching_dims(scatter *s, const sharc_type *operand) {
  const sharc_shlo_dims *ib = &s->d[INPUT_BATCHING], *sb = &s->d[INDICES_BATCHING];
  int64_t dup;
  if (sharc_shlo_dims_repeat(sb, NULL, &dup))
    return list_error(s->op, "not repeat", sb);
  if (!sharc_shlo_dims_in_bounds(s->op, sb, s->n_expanded, "rank-of('scatter_indices')"))
    return false;
  return sharc_shlo_check_batching_pairs(s->op, ib, "input_batching_dims", operand->shaped.shape,
                                         sb, "scatter_indices_batching_dims", s->expanded, s->ivd,
                                         ".");
}

static bool index_vector_bound(scatter *s) {
  const sharc_shlo_dims *to = &s->d[TO_OPERAND];
  int64_t bound = 1;
  if ((uint64_t)s->ivd == s->n_expanded) {
    if (to->n == 1)
      return true;
  } else {
    bound = s->expanded[s->ivd];
    if (bound == SHARC_DYNAMIC || (int64_t)to->n == bound)
      return true;
  }
  sharc_shlo_error(s->op,
                   "Scatter op has %u elements in scatter_dims_to_operand_dims and the bound "
                   "of dimension index_vector_dim=%lld of scatter_indices is %lld. These two "
                   "numbers must be equal.",
                   to->n, (long long)s->ivd, (long long)bound);
  return false;
}

/* validateScatterDimensionNumbers. */
static bool dimension_numbers(scatter *s, const sharc_type *operand, const sharc_type *update) {
  sharc_shlo_dims *d = s->d;
  int64_t rank = operand->shaped.rank, dup;
  unsigned window = d[UPDATE_WINDOW].n + d[INSERTED].n + d[INPUT_BATCHING].n;
  if (rank != (int64_t)window) {
    sharc_shlo_error(s->op,
                     "Expects rank-of operand to match size-of('update_window_dims') + "
                     "size-of('inserted_window_dims') + size-of('input_batching_dims') i.e. %u but "
                     "got %lld.",
                     window, (long long)rank);
    return false;
  }
  if (!sharc_shlo_dims_sorted(&d[UPDATE_WINDOW]))
    return list_error(s->op, "be sorted", &d[UPDATE_WINDOW]);
  if (sharc_shlo_dims_repeat(&d[UPDATE_WINDOW], NULL, &dup))
    return list_error(s->op, "not repeat", &d[UPDATE_WINDOW]);
  return sharc_shlo_dims_in_bounds(s->op, &d[UPDATE_WINDOW], update->shaped.rank, "rank-of('updates')") &&
         sharc_shlo_dims_distinct(s->op, &d[INSERTED], &d[INPUT_BATCHING]) &&
         (sharc_shlo_dims_sorted(&d[INSERTED]) || list_error(s->op, "be sorted", &d[INSERTED])) &&
         sharc_shlo_dims_in_bounds(s->op, &d[INSERTED], rank, "rank-of('operand')") &&
         (sharc_shlo_dims_sorted(&d[INPUT_BATCHING]) || list_error(s->op, "be sorted", &d[INPUT_BATCHING])) &&
         sharc_shlo_dims_in_bounds(s->op, &d[INPUT_BATCHING], rank, "rank-of('operand')") &&
         batching_dims(s, operand) && index_vector_bound(s) &&
         sharc_shlo_dims_distinct(s->op, &d[TO_OPERAND], &d[INPUT_BATCHING]) &&
         sharc_shlo_dims_in_bounds(s->op, &d[TO_OPERAND], rank, "rank-of('operand')");
}

/* The operand dimensions that are neither inserted nor batching bound the
 * update window dimensions, in order. */
static bool window_bounds(scatter *s, const sharc_type *operand, const sharc_type *update) {
  const sharc_shlo_dims *ins = &s->d[INSERTED], *bat = &s->d[INPUT_BATCHING], *uw = &s->d[UPDATE_WINDOW];
  int64_t *max = sharc_xmalloc_array(operand->shaped.rank + 1, sizeof *max);
  unsigned n_max = 0, seen_ins = 0, seen_bat = 0;
  for (unsigned i = 0; i < operand->shaped.rank; i++) {
    if (seen_ins < ins->n && ins->v[seen_ins] == i)
      seen_ins++;
    else if (seen_bat < bat->n && bat->v[seen_bat] == i)
      seen_bat++;
    else
      max[n_max++] = operand->shaped.shape[i];
  }
  bool ok = true;
  for (unsigned i = 0; ok && i < uw->n && i < n_max; i++) {
    int64_t got = update->shaped.shape[uw->v[i]];
    if (got == SHARC_DYNAMIC || max[i] == SHARC_DYNAMIC || got <= max[i])
      continue;
    sharc_shlo_error(s->op,
                     "expects bounds of the window dimensions of updates to not exceed the "
                     "bounds of the corresponding dimensions of operand. For dimension %lld, "
                     "updates bound is %lld, operand bound is %lld.",
                     (long long)uw->v[i], (long long)got, (long long)max[i]);
    ok = false;
  }
  free(max);
  return ok;
}

static bool scatter_bounds(scatter *s, const sharc_type *update) {
  int64_t seen = 0;
  for (unsigned i = 0; i < update->shaped.rank; i++) {
    if (sharc_shlo_dims_contains(&s->d[UPDATE_WINDOW], i))
      continue;
    if (seen == s->ivd)
      seen++;
    if (seen >= (int64_t)s->n_expanded)
      return true;
    int64_t got = update->shaped.shape[i], want = s->expanded[seen];
    if (!compatible_dims(got, want)) {
      sharc_shlo_error(s->op,
                       "expects bounds of the scatter dimensions of updates to be same as "
                       "the bounds of the corresponding dimensions of scatter indices. For scatter "
                       "dimension %u, updates bound is %lld , scatter_indices bound is %lld.",
                       i, (long long)got, (long long)want);
      return false;
    }
    seen++;
  }
  return true;
}

static bool shapes_agree(scatter *s) {
  for (unsigned i = 0; i < s->n; i++)
    if (!sharc_shlo_compatible_shapes(s->inputs[0], s->inputs[i])) {
      sharc_shlo_error(s->op, "Not all inputs have compatible shapes.");
      return false;
    }
  for (unsigned i = 0; i < s->n; i++)
    if (!sharc_shlo_compatible_shapes(s->updates[0], s->updates[i])) {
      sharc_shlo_error(s->op, "Not all updates have compatible shapes.");
      return false;
    }
  int64_t rank = s->indices->shaped.rank;
  if (s->ivd < 0 || s->ivd > rank) {
    sharc_shlo_error(s->op,
                     "Expects index_vector_dim to be in range [0, "
                     "rank-of('scatter_indices')] i.e. [0, %lld]. got: %lld.",
                     (long long)rank, (long long)s->ivd);
    return false;
  }
  return true;
}

static bool update_ranks(scatter *s) {
  int64_t want = (int64_t)s->n_expanded - 1 + s->d[UPDATE_WINDOW].n;
  for (unsigned i = 0; i < s->n; i++)
    if (s->updates[i]->shaped.rank != want) {
      sharc_shlo_error(s->op,
                       "expects updates tensor must be of rank %lld ( == "
                       "rank-of('scatter_indices') - 1 + size-of('update_window_dims'), where "
                       "'scatter_indices' is expanded by a trailing 1 dimension if "
                       "'index_vector_dim' == rank-of('scatter_indices')), but got %u.",
                       (long long)want, s->updates[i]->shaped.rank);
      return false;
    }
  return true;
}

static bool verify(scatter *s) {
  if (!shapes_agree(s) ||
      !sharc_shlo_verify_reducer(s->op, sharc_region_first_block(sharc_op_region(s->op, 0)),
                                 s->inputs, s->inits, s->n, NULL, 0) ||
      !update_ranks(s))
    return false;
  for (unsigned i = 0; i < s->n; i++)
    if (!dimension_numbers(s, s->inputs[i], s->updates[i]))
      return false;
  for (unsigned i = 0; i < s->n; i++)
    if (!window_bounds(s, s->inputs[i], s->updates[i]) || !scatter_bounds(s, s->updates[i]))
      return false;
  return true;
}

/* inferScatterOp: each input's shape with the reducer's element type. */
static bool check_results(scatter *s) {
  sharc_context *ctx = sharc_op_context(s->op);
  sharc_type **inferred = sharc_xmalloc_array(s->n + 1, sizeof *inferred);
  for (unsigned i = 0; i < s->n; i++) {
    const sharc_type *in = s->inputs[i];
    inferred[i] = sharc_type_tensor(ctx, in->shaped.shape, in->shaped.rank,
                                    sharc_shlo_accumulator_elem(sharc_op_region(s->op, 0), i, in),
                                    in->shaped.encoding);
  }
  bool ok =
      sharc_shlo_check_inferred_all(s->op, inferred, s->n) || sharc_shlo_failed_to_infer(s->op);
  free(inferred);
  return ok;
}

static bool load(scatter *s) {
  sharc_context *ctx = sharc_op_context(s->op);
  s->indices = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(s->op, s->n)));
  bool ranked = s->indices != NULL;
  for (unsigned i = 0; i < s->n; i++) {
    s->inputs[i] = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(s->op, i)));
    s->updates[i] = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(s->op, s->n + 1 + i)));
    ranked &= s->inputs[i] && s->updates[i];
    if (s->updates[i])
      s->inits[i] = sharc_type_tensor(ctx, NULL, 0, s->updates[i]->shaped.elem, NULL);
  }
  return ranked;
}

bool sharc_shlo_verify_scatter(sharc_op *op) {
  sharc_attr *dn = sharc_op_attr(op, "scatter_dimension_numbers");
  unsigned n_ops = sharc_op_num_operands(op);
  if (!sharc_shlo_sized_region(op, 0, "update_computation"))
    return false;
  if (!dn || n_ops % 2 == 0)
    return true;
  scatter s = {0};
  s.op = op;
  s.n = n_ops / 2;
  s.inputs = sharc_xcalloc(s.n + 1, sizeof *s.inputs);
  s.updates = sharc_xcalloc(s.n + 1, sizeof *s.updates);
  s.inits = sharc_xcalloc(s.n + 1, sizeof *s.inits);
  static const char *const names[N_LISTS] = {"update_window_dims", "inserted_window_dims",
                                             "input_batching_dims", "scatter_indices_batching_dims",
                                             "scatter_dims_to_operand_dims"};
  for (unsigned i = 0; i < N_LISTS; i++)
    sharc_shlo_dims_load(&s.d[i], dn, &sharc_shlo_scatter_def, i, names[i]);
  sharc_attr *ivd = sharc_shlo_struct_field(dn, &sharc_shlo_scatter_def, 5);
  s.ivd = ivd ? sharc_attr_int_value(ivd) : 0;
  bool ok = true;
  if (s.n && load(&s)) {
    unsigned rank = s.indices->shaped.rank;
    s.expanded = sharc_xmalloc_array(rank + 2, sizeof *s.expanded);
    for (unsigned i = 0; i < rank; i++)
      s.expanded[i] = s.indices->shaped.shape[i];
    s.n_expanded = rank;
    if (s.ivd == (int64_t)rank)
      s.expanded[s.n_expanded++] = 1;
    ok = verify(&s) && check_results(&s);
  }
  for (unsigned i = 0; i < N_LISTS; i++)
    free(s.d[i].v);
  free(s.inputs);
  free(s.updates);
  free(s.inits);
  free(s.expanded);
  return ok;
}
