/* StableHLO's dot_general rules (DotGeneralOp::verify, verifyDotGeneralOp,
 * checkDotGeneralConstraints, inferDotGeneralOp) and its algorithm attribute
 * (DotAlgorithmAttr::verify through verifyDotAlgorithmAttr and
 * getKnownDotAlgorithm: positive counts, and a combination of precisions
 * known to be supported by some hardware). */
#include "dialect/stablehlo/shlo.h"
#include "dialect/quant/quant.h"
#include "support/xalloc.h"

#include <stdlib.h>

static bool is_float(const sharc_type *t, sharc_float_kind k) {
  return t && t->kind == SHARC_TYPE_FLOAT && t->fkind == k;
}

static bool is_any_f8(const sharc_type *t) {
  if (!t || t->kind != SHARC_TYPE_FLOAT)
    return false;
  switch (t->fkind) {
  case SHARC_F8E3M4:
  case SHARC_F8E4M3:
  case SHARC_F8E4M3FN:
  case SHARC_F8E5M2:
  case SHARC_F8E4M3FNUZ:
  case SHARC_F8E4M3B11FNUZ:
  case SHARC_F8E5M2FNUZ:
    return true;
  default:
    return false;
  }
}

/* The precision combinations of StableHLO's table of known algorithms. */
static bool known(const sharc_type *lhs, const sharc_type *rhs, const sharc_type *acc,
                  int64_t lhs_n, int64_t rhs_n, int64_t ops, bool imprecise) {
  if (lhs_n != 1 || rhs_n != 1)
    return false;
  if (is_any_f8(lhs) && is_any_f8(rhs) && is_float(acc, SHARC_F32) && ops == 1)
    return true;
  if (imprecise)
    return false;
  static const struct {
    sharc_float_kind lhs, rhs, acc;
    int64_t ops;
  } table[] = {
      {SHARC_F16, SHARC_F16, SHARC_F16, 1},    {SHARC_F16, SHARC_F16, SHARC_F32, 1},
      {SHARC_BF16, SHARC_BF16, SHARC_BF16, 1}, {SHARC_BF16, SHARC_BF16, SHARC_F32, 1},
      {SHARC_BF16, SHARC_BF16, SHARC_F32, 3},  {SHARC_BF16, SHARC_BF16, SHARC_F32, 6},
      {SHARC_BF16, SHARC_BF16, SHARC_F32, 9},  {SHARC_TF32, SHARC_TF32, SHARC_F32, 1},
      {SHARC_TF32, SHARC_TF32, SHARC_F32, 3},  {SHARC_F32, SHARC_F32, SHARC_F32, 1},
      {SHARC_F64, SHARC_F64, SHARC_F64, 1},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (is_float(lhs, table[i].lhs) && is_float(rhs, table[i].rhs) && is_float(acc, table[i].acc) &&
        ops == table[i].ops)
      return true;
  return false;
}

static const sharc_type *type_field(const sharc_attr *a, unsigned i) {
  const sharc_attr *f = sharc_shlo_struct_field(a, &sharc_shlo_dot_algorithm_def, i);
  return f && f->kind == SHARC_ATTR_TYPE ? sharc_attr_type_value(f) : NULL;
}

bool sharc_shlo_check_dot_algorithm(const sharc_attr *a, sharc_buf *msg) {
  const sharc_type *lhs = type_field(a, 0), *rhs = type_field(a, 1), *acc = type_field(a, 2);
  int64_t lhs_n = sharc_shlo_struct_int(a, &sharc_shlo_dot_algorithm_def, 3);
  int64_t rhs_n = sharc_shlo_struct_int(a, &sharc_shlo_dot_algorithm_def, 4);
  int64_t ops = sharc_shlo_struct_int(a, &sharc_shlo_dot_algorithm_def, 5);
  const sharc_attr *imp = sharc_shlo_struct_field(a, &sharc_shlo_dot_algorithm_def, 6);
  bool imprecise = imp && imp->kind == SHARC_ATTR_BOOL && sharc_attr_bool_value(imp);
  if (lhs_n < 1) {
    SHARC_BUF_LIT(msg, "lhs component count must be positive");
    return false;
  }
  if (rhs_n < 1) {
    SHARC_BUF_LIT(msg, "rhs component count must be positive");
    return false;
  }
  if (ops < 1) {
    SHARC_BUF_LIT(msg, "num primitive operations must be positive");
    return false;
  }
  if (!lhs || !rhs || !acc || known(lhs, rhs, acc, lhs_n, rhs_n, ops, imprecise))
    return true;
  SHARC_BUF_LIT(msg, "dot algorithm not known to be supported on any hardware: {lhs:");
  sharc_shlo_quote_type(msg, lhs);
  SHARC_BUF_LIT(msg, ", rhs:");
  sharc_shlo_quote_type(msg, rhs);
  SHARC_BUF_LIT(msg, ", accum:");
  sharc_shlo_quote_type(msg, acc);
  sharc_buf_printf(msg,
                   ", lhs_components:%lld, rhs_components:%lld, primitive_ops:%lld, "
                   "imprecise:%d}",
                   (long long)lhs_n, (long long)rhs_n, (long long)ops, imprecise);
  return false;
}

/* ---- dot_general -------------------------------------------------------- */

enum { LHS_BATCH, RHS_BATCH, LHS_CONTRACT, RHS_CONTRACT, N_DIMS };

static const char *const dim_names[N_DIMS] = {"lhs_batching_dimensions", "rhs_batching_dimensions",
                                              "lhs_contracting_dimensions",
                                              "rhs_contracting_dimensions"};

typedef struct dot {
  sharc_op *op;
  const sharc_type *lhs, *rhs;
  sharc_shlo_dims d[N_DIMS];
} dot;

static bool in_range(dot *g, unsigned which, unsigned rank) {
  const sharc_shlo_dims *d = &g->d[which];
  for (unsigned i = 0; i < d->n; i++)
    if (d->v[i] < 0 || d->v[i] >= (int64_t)rank) {
      sharc_shlo_error(g->op, "%s value: %lld is out of range: [0, %u)", d->name,
                       (long long)d->v[i], rank);
      return false;
    }
  return true;
}

static bool sizes_match(dot *g, unsigned l, unsigned r, const char *what) {
  for (unsigned i = 0; i < g->d[l].n; i++) {
    int64_t a = g->lhs->shaped.shape[g->d[l].v[i]], b = g->rhs->shaped.shape[g->d[r].v[i]];
    if (a != SHARC_DYNAMIC && b != SHARC_DYNAMIC && a != b) {
      sharc_shlo_error(g->op, "%s dimension sizes must match for lhs/rhs", what);
      return false;
    }
  }
  return true;
}

/* checkDotGeneralConstraints. */
static bool constraints(dot *g) {
  sharc_attr *prec = sharc_op_attr(g->op, "precision_config");
  if (prec && prec->kind == SHARC_ATTR_ARRAY && sharc_attr_count(prec) > 2) {
    sharc_shlo_error(g->op, "expects precision config to be empty or have <= 2 elements, got %u",
                     sharc_attr_count(prec));
    return false;
  }
  if (g->d[LHS_BATCH].n != g->d[RHS_BATCH].n) {
    sharc_shlo_error(g->op, "lhs and rhs should have the same number of batching dimensions");
    return false;
  }
  if (g->d[LHS_CONTRACT].n != g->d[RHS_CONTRACT].n) {
    sharc_shlo_error(g->op, "lhs and rhs should have the same number of contracting dimensions");
    return false;
  }
  return sharc_shlo_dims_distinct(g->op, &g->d[LHS_BATCH], &g->d[LHS_CONTRACT]) &&
         sharc_shlo_dims_distinct(g->op, &g->d[RHS_BATCH], &g->d[RHS_CONTRACT]) &&
         in_range(g, LHS_BATCH, g->lhs->shaped.rank) &&
         in_range(g, LHS_CONTRACT, g->lhs->shaped.rank) &&
         in_range(g, RHS_BATCH, g->rhs->shaped.rank) &&
         in_range(g, RHS_CONTRACT, g->rhs->shaped.rank) &&
         sizes_match(g, LHS_BATCH, RHS_BATCH, "batching") &&
         sizes_match(g, LHS_CONTRACT, RHS_CONTRACT, "contracting");
}

static int64_t bound_at(const sharc_attr *bounds, int64_t i) {
  return bounds ? sharc_attr_dense_array_i64(bounds, (unsigned)i) : SHARC_DYNAMIC;
}

/* inferMostSpecificDimAndBound for one batching dimension. */
static bool batch_dim(dot *g, unsigned i, int64_t *size) {
  int64_t l = g->lhs->shaped.shape[g->d[LHS_BATCH].v[i]];
  int64_t r = g->rhs->shaped.shape[g->d[RHS_BATCH].v[i]];
  int64_t lb = bound_at(sharc_shlo_type_bounds(g->lhs), g->d[LHS_BATCH].v[i]);
  int64_t rb = bound_at(sharc_shlo_type_bounds(g->rhs), g->d[RHS_BATCH].v[i]);
  *size = SHARC_DYNAMIC;
  if (l == SHARC_DYNAMIC && r == SHARC_DYNAMIC)
    return true;
  if (l != SHARC_DYNAMIC && r != SHARC_DYNAMIC && l != r) {
    sharc_shlo_error(g->op, "Mismatched dimension sizes %lld and %lld in dimension %u",
                     (long long)l, (long long)r, i);
    return false;
  }
  *size = l != SHARC_DYNAMIC ? l : r;
  int64_t bound = lb != SHARC_DYNAMIC ? lb : rb;
  if (bound != SHARC_DYNAMIC && *size > bound) {
    sharc_shlo_error(g->op, "Mismatched dimension size %lld and bound %lld in dimension %u",
                     (long long)*size, (long long)bound, i);
    return false;
  }
  return true;
}

/* The inferred shape: batching, then lhs free, then rhs free dimensions. */
static bool infer_shape(dot *g, int64_t *shape, unsigned *rank) {
  unsigned n = 0;
  for (unsigned i = 0; i < g->d[LHS_BATCH].n; i++)
    if (!batch_dim(g, i, &shape[n++]))
      return false;
  for (unsigned i = 0; i < g->lhs->shaped.rank; i++)
    if (!sharc_shlo_dims_contains(&g->d[LHS_BATCH], i) && !sharc_shlo_dims_contains(&g->d[LHS_CONTRACT], i))
      shape[n++] = g->lhs->shaped.shape[i];
  for (unsigned i = 0; i < g->rhs->shaped.rank; i++)
    if (!sharc_shlo_dims_contains(&g->d[RHS_BATCH], i) && !sharc_shlo_dims_contains(&g->d[RHS_CONTRACT], i))
      shape[n++] = g->rhs->shaped.shape[i];
  *rank = n;
  return true;
}

static bool default_precision(const sharc_op *op) {
  sharc_attr *prec = sharc_op_attr(op, "precision_config");
  if (!prec || prec->kind != SHARC_ATTR_ARRAY)
    return true;
  for (unsigned i = 0; i < sharc_attr_count(prec); i++)
    if (sharc_shlo_enum_index(sharc_attr_at(prec, i), &sharc_shlo_precision) != 0)
      return false;
  return true;
}

/* DotAlgorithmAttr::verify, reported at the op. */
static bool check_algorithm(sharc_op *op) {
  sharc_attr *algo = sharc_op_attr(op, "algorithm");
  if (!algo || algo->kind != SHARC_ATTR_DIALECT || sharc_attr_def_of(algo) != &sharc_shlo_dot_algorithm_def.base)
    return true;
  sharc_buf msg = {0};
  bool ok = sharc_shlo_check_dot_algorithm(algo, &msg);
  if (!ok)
    sharc_shlo_error(op, "%s", msg.data);
  sharc_buf_free(&msg);
  return ok;
}

static bool verify(dot *g) {
  if (!check_algorithm(g->op) || !constraints(g))
    return false;
  int64_t *shape =
      sharc_xmalloc_array(g->lhs->shaped.rank + g->rhs->shaped.rank + 1, sizeof *shape);
  unsigned rank = 0;
  bool ok = infer_shape(g, shape, &rank) && sharc_shlo_verify_inferred_shape(g->op, shape, rank);
  free(shape);
  if (ok && sharc_op_attr(g->op, "algorithm") && !default_precision(g->op)) {
    sharc_shlo_error(g->op, "must specify DEFAULT precision config when algorithm is set.");
    return false;
  }
  /* verifyDotGeneralOpQuantizationConstraints */
  ok = ok && sharc_shlo_verify_dot_general_quant(
                 g->op, sharc_shlo_struct_field(sharc_op_attr(g->op, "dot_dimension_numbers"),
                                                &sharc_shlo_dot_def, RHS_CONTRACT));
  return ok;
}

bool sharc_shlo_verify_dot_general(sharc_op *op) {
  dot g = {.op = op,
           .lhs = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 0))),
           .rhs = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 1)))};
  sharc_attr *dn = sharc_op_attr(op, "dot_dimension_numbers");
  if (!g.lhs || !g.rhs || !dn || dn->kind != SHARC_ATTR_DIALECT ||
      sharc_attr_def_of(dn) != &sharc_shlo_dot_def.base)
    return true;
  for (unsigned i = 0; i < N_DIMS; i++)
    sharc_shlo_dims_load(&g.d[i], dn, &sharc_shlo_dot_def, i, dim_names[i]);
  bool ok = verify(&g);
  for (unsigned i = 0; i < N_DIMS; i++)
    free(g.d[i].v);
  return ok;
}
