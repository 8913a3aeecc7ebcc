/* Affine expressions (uniqued in the context, simplified on construction as
 * MLIR's AffineExpr operators do) and the affine map, integer set and
 * strided layout attributes built from them. */
#include "ir/affine.h"
#include "ir/context.h"

enum { EXPR_TAG = SHARC_AFFINE_KEY_TAG };

static int64_t known_divisor(const sharc_affine_expr *e);

static const sharc_affine_expr *intern_expr(sharc_context *ctx, sharc_affine_kind kind,
                                            int64_t value, const sharc_affine_expr *l,
                                            const sharc_affine_expr *r) {
  sharc_key k;
  sharc_key_init(&k, EXPR_TAG + (unsigned)kind);
  sharc_key_u64(&k, (uint64_t)value);
  sharc_key_ptr(&k, l);
  sharc_key_ptr(&k, r);
  sharc_affine_expr e = {.kind = kind, .value = value, .lhs = l, .rhs = r};
  e.symbolic = kind != SHARC_AFFINE_DIM && (!l || (l->symbolic && r->symbolic));
  e.divisor = known_divisor(&e);
  return sharc_context_intern(ctx, &ctx->attrs, &k, &e, sizeof e, NULL);
}

const sharc_affine_expr *sharc_affine_const(sharc_context *ctx, int64_t v) {
  return intern_expr(ctx, SHARC_AFFINE_CONST, v, NULL, NULL);
}

const sharc_affine_expr *sharc_affine_dim(sharc_context *ctx, unsigned pos) {
  return intern_expr(ctx, SHARC_AFFINE_DIM, pos, NULL, NULL);
}

const sharc_affine_expr *sharc_affine_symbol(sharc_context *ctx, unsigned pos) {
  return intern_expr(ctx, SHARC_AFFINE_SYMBOL, pos, NULL, NULL);
}

/* ---- 64-bit arithmetic as MLIR does it ------------------------------------ */

/* MLIR's C++ wraps where these do; C must not overflow, so wrap by hand. */
static int64_t wrap_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t wrap_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static int64_t wrap_neg(int64_t a) { return (int64_t)(0 - (uint64_t)a); }

static bool add_overflows(int64_t a, int64_t b) {
  return (b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b);
}

static bool mul_overflows(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return false;
  if (a == -1 || b == -1)
    return a == INT64_MIN || b == INT64_MIN;
  return wrap_mul(a, b) / b != a;
}

/* `a % b` and `a / b` without the one trapping case, INT64_MIN by -1. */
static int64_t safe_rem(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }
static int64_t safe_div(int64_t a, int64_t b) { return b == -1 ? wrap_neg(a) : a / b; }

static int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = safe_div(a, b);
  return safe_rem(a, b) != 0 && (a < 0) != (b < 0) ? q - 1 : q;
}

static int64_t ceil_div(int64_t a, int64_t b) {
  int64_t q = safe_div(a, b);
  return safe_rem(a, b) != 0 && (a < 0) == (b < 0) ? q + 1 : q;
}

/* Mathematical modulo for a positive divisor. */
static int64_t pos_mod(int64_t a, int64_t b) {
  int64_t r = a % b;
  return r < 0 ? r + b : r;
}

static uint64_t gcd_u64(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* ---- predicates ------------------------------------------------------------- */

static bool is_binary(const sharc_affine_expr *e) { return e->kind < SHARC_AFFINE_CONST; }
static bool is_const(const sharc_affine_expr *e) { return e->kind == SHARC_AFFINE_CONST; }
static bool is_const_val(const sharc_affine_expr *e, int64_t v) {
  return is_const(e) && e->value == v;
}
static bool is_leaf_id(const sharc_affine_expr *e) {
  return e->kind == SHARC_AFFINE_DIM || e->kind == SHARC_AFFINE_SYMBOL;
}

/* Binary of `kind` whose right operand is a constant. */
static bool is_op_by_const(const sharc_affine_expr *e, sharc_affine_kind kind) {
  return e->kind == kind && is_const(e->rhs);
}

bool sharc_affine_is_symbolic_or_const(const sharc_affine_expr *e) { return e->symbolic; }

/* MLIR's getLargestKnownDivisor of a node, from its operands' ones. */
static int64_t known_divisor(const sharc_affine_expr *e) {
  switch (e->kind) {
  case SHARC_AFFINE_CONST:
    return e->value < 0 ? wrap_neg(e->value) : e->value;
  case SHARC_AFFINE_MUL:
    return wrap_mul(e->lhs->divisor, e->rhs->divisor);
  case SHARC_AFFINE_ADD:
  case SHARC_AFFINE_MOD:
    return (int64_t)gcd_u64((uint64_t)e->lhs->divisor, (uint64_t)e->rhs->divisor);
  case SHARC_AFFINE_FLOORDIV:
  case SHARC_AFFINE_CEILDIV:
    /* a known multiple divided by a constant that divides it */
    if (is_const(e->rhs) && e->rhs->value != 0 && safe_rem(e->lhs->divisor, e->rhs->value) == 0)
      return safe_div(e->lhs->divisor, e->rhs->value);
    return 1;
  default:
    return 1;
  }
}

/* ---- construction ------------------------------------------------------------ */

/* Dims before symbols, then by position: MLIR orders the two operands of a
 * commutative operation this way when both are plain identifiers. */
static bool id_after(const sharc_affine_expr *a, const sharc_affine_expr *b) {
  if (a->kind != b->kind)
    return a->kind == SHARC_AFFINE_SYMBOL;
  return a->value > b->value;
}

static const sharc_affine_expr *make_binary(sharc_context *ctx, sharc_affine_kind kind,
                                            const sharc_affine_expr *l,
                                            const sharc_affine_expr *r) {
  bool commutative = kind == SHARC_AFFINE_ADD || kind == SHARC_AFFINE_MUL;
  if (commutative && is_leaf_id(l) && is_leaf_id(r) && id_after(l, r)) {
    const sharc_affine_expr *t = l;
    l = r;
    r = t;
  }
  return intern_expr(ctx, kind, 0, l, r);
}

static const sharc_affine_expr *simplify_add(sharc_context *ctx, const sharc_affine_expr *l,
                                             const sharc_affine_expr *r);

/* Sums whose last term is a multiple of a floordiv: `expr - (expr floordiv
 * q) * q`, in either of the two shapes MLIR builds for it, becomes `expr mod
 * q`; and in `a + b + (x floordiv c) * k`, `b` is combined with the last
 * term when that simplifies. NULL when nothing applies. Like MLIR, the first
 * shape is matched without checking that the term is a product, so
 * `x + ((x floordiv q) * q - 1)` becomes `x mod q` as well. */
static const sharc_affine_expr *simplify_add_floordiv_term(sharc_context *ctx,
                                                           const sharc_affine_expr *l,
                                                           const sharc_affine_expr *r) {
  if (!is_binary(r))
    return NULL;
  const sharc_affine_expr *rl = r->lhs, *rr = r->rhs;
  if (is_const_val(rr, -1) && rl->kind == SHARC_AFFINE_MUL) {
    /* ((expr floordiv q) * q) * -1 */
    const sharc_affine_expr *fd = rl->lhs, *q = rl->rhs;
    if (fd->kind != SHARC_AFFINE_FLOORDIV)
      return NULL;
    if (fd->rhs == q && l == fd->lhs)
      return sharc_affine_mod(ctx, l, q);
  }
  if (r->kind != SHARC_AFFINE_MUL || rl->kind != SHARC_AFFINE_FLOORDIV)
    return NULL;
  /* (expr floordiv c) * -c, for a positive constant c */
  const sharc_affine_expr *c = rl->rhs;
  if (is_const(c) && c->value > 0 && l == rl->lhs && c == sharc_affine_neg(ctx, rr))
    return sharc_affine_mod(ctx, l, c);
  if (l->kind == SHARC_AFFINE_ADD) {
    const sharc_affine_expr *s = simplify_add(ctx, l->rhs, r);
    if (s)
      return sharc_affine_add(ctx, l->lhs, s);
  }
  return NULL;
}

/* `c1 * x + c2 * x` (a bare operand counting as `1 * x`) is `(c1 + c2) * x`. */
static const sharc_affine_expr *merge_like_terms(sharc_context *ctx, const sharc_affine_expr *l,
                                                 const sharc_affine_expr *r) {
  const sharc_affine_expr *x1 = l, *x2 = r;
  int64_t c1 = 1, c2 = 1;
  if (is_op_by_const(l, SHARC_AFFINE_MUL)) {
    c1 = l->rhs->value;
    x1 = l->lhs;
  }
  if (is_op_by_const(r, SHARC_AFFINE_MUL)) {
    c2 = r->rhs->value;
    x2 = r->lhs;
  }
  if (x1 != x2)
    return NULL;
  return sharc_affine_mul(ctx, x1, sharc_affine_const(ctx, wrap_add(c1, c2)));
}

static const sharc_affine_expr *simplify_add(sharc_context *ctx, const sharc_affine_expr *l,
                                             const sharc_affine_expr *r) {
  if (is_const(l) && is_const(r))
    return add_overflows(l->value, r->value) ? NULL
                                             : sharc_affine_const(ctx, l->value + r->value);
  /* constants, then symbolic terms, go to the right */
  if (is_const(l) || (l->symbolic && !r->symbolic))
    return sharc_affine_add(ctx, r, l);
  if (is_const_val(r, 0))
    return l;
  if (is_const(r) && is_op_by_const(l, SHARC_AFFINE_ADD))
    return sharc_affine_add(ctx, l->lhs,
                            sharc_affine_const(ctx, wrap_add(l->rhs->value, r->value)));
  const sharc_affine_expr *merged = merge_like_terms(ctx, l, r);
  if (merged)
    return merged;
  /* (x + c) + y is (x + y) + c */
  if (is_op_by_const(l, SHARC_AFFINE_ADD))
    return sharc_affine_add(ctx, sharc_affine_add(ctx, l->lhs, r), l->rhs);
  return simplify_add_floordiv_term(ctx, l, r);
}

static const sharc_affine_expr *simplify_mul(sharc_context *ctx, const sharc_affine_expr *l,
                                             const sharc_affine_expr *r) {
  if (is_const(l) && is_const(r))
    return mul_overflows(l->value, r->value) ? NULL
                                             : sharc_affine_const(ctx, l->value * r->value);
  if (!l->symbolic && !r->symbolic)
    return NULL;
  if (!r->symbolic || is_const(l)) /* the constant or symbolic factor goes right */
    return sharc_affine_mul(ctx, r, l);
  if (is_const_val(r, 1))
    return l;
  if (is_const_val(r, 0))
    return r;
  if (is_const(r) && is_op_by_const(l, SHARC_AFFINE_MUL))
    return sharc_affine_mul(ctx, l->lhs,
                            sharc_affine_const(ctx, wrap_mul(l->rhs->value, r->value)));
  /* (x * c) * y is (x * y) * c */
  if (is_op_by_const(l, SHARC_AFFINE_MUL))
    return sharc_affine_mul(ctx, sharc_affine_mul(ctx, l->lhs, r), l->rhs);
  return NULL;
}

/* (x * c) div d with d dividing c is x * (c / d); shared by both divisions. */
static const sharc_affine_expr *div_of_scaled(sharc_context *ctx, const sharc_affine_expr *l,
                                              int64_t d) {
  if (is_op_by_const(l, SHARC_AFFINE_MUL) && safe_rem(l->rhs->value, d) == 0)
    return sharc_affine_mul(ctx, l->lhs, sharc_affine_const(ctx, safe_div(l->rhs->value, d)));
  return NULL;
}

/* The folds both divisions share: a constant dividend divided out (not
 * INT64_MIN by -1), x div 1, (x * c) div d. True when the answer is final
 * (*out: the simplified form, or NULL for none). */
static bool simplify_div(sharc_context *ctx, const sharc_affine_expr *l,
                         const sharc_affine_expr *r, bool ceil, const sharc_affine_expr **out) {
  *out = NULL;
  if (!is_const(r) || r->value == 0)
    return true;
  int64_t d = r->value;
  if (is_const(l)) {
    if (l->value != INT64_MIN || d != -1)
      *out = sharc_affine_const(ctx, ceil ? ceil_div(l->value, d) : floor_div(l->value, d));
    return true;
  }
  *out = d == 1 ? l : div_of_scaled(ctx, l, d);
  return *out != NULL;
}

static const sharc_affine_expr *simplify_floordiv(sharc_context *ctx, const sharc_affine_expr *l,
                                                  const sharc_affine_expr *r) {
  const sharc_affine_expr *s;
  if (simplify_div(ctx, l, r, false, &s))
    return s;
  /* (x + y) floordiv d splits when d divides one of the terms */
  int64_t d = r->value;
  if (l->kind == SHARC_AFFINE_ADD && (safe_rem(l->lhs->divisor, d) == 0 ||
                                      safe_rem(l->rhs->divisor, d) == 0))
    return sharc_affine_add(ctx, sharc_affine_floordiv(ctx, l->lhs, r),
                            sharc_affine_floordiv(ctx, l->rhs, r));
  return NULL;
}

static const sharc_affine_expr *simplify_ceildiv(sharc_context *ctx, const sharc_affine_expr *l,
                                                 const sharc_affine_expr *r) {
  const sharc_affine_expr *s;
  simplify_div(ctx, l, r, true, &s);
  return s;
}

static const sharc_affine_expr *simplify_mod(sharc_context *ctx, const sharc_affine_expr *l,
                                             const sharc_affine_expr *r) {
  if (!is_const(r) || r->value < 1) /* mod by a non-positive value stays as written */
    return NULL;
  int64_t m = r->value;
  if (is_const(l))
    return sharc_affine_const(ctx, pos_mod(l->value, m));
  if (l->divisor % m == 0)
    return sharc_affine_const(ctx, 0);
  if (l->kind == SHARC_AFFINE_ADD) {
    if (l->lhs->divisor % m == 0)
      return sharc_affine_mod(ctx, l->rhs, r);
    if (l->rhs->divisor % m == 0)
      return sharc_affine_mod(ctx, l->lhs, r);
  }
  /* (x mod a) mod b is x mod b when b divides a */
  if (is_op_by_const(l, SHARC_AFFINE_MOD) && l->rhs->value >= 1 &&
      pos_mod(l->rhs->value, m) == 0)
    return sharc_affine_mod(ctx, l->lhs, r);
  return NULL;
}

/* The simplified form MLIR's AffineExpr operators build, else the plain
 * binary expression. */
static const sharc_affine_expr *binary(sharc_context *ctx, sharc_affine_kind kind,
                                       const sharc_affine_expr *l, const sharc_affine_expr *r) {
  const sharc_affine_expr *s = NULL;
  switch (kind) {
  case SHARC_AFFINE_ADD:
    s = simplify_add(ctx, l, r);
    break;
  case SHARC_AFFINE_MUL:
    s = simplify_mul(ctx, l, r);
    break;
  case SHARC_AFFINE_FLOORDIV:
    s = simplify_floordiv(ctx, l, r);
    break;
  case SHARC_AFFINE_CEILDIV:
    s = simplify_ceildiv(ctx, l, r);
    break;
  default:
    s = simplify_mod(ctx, l, r);
  }
  return s ? s : make_binary(ctx, kind, l, r);
}

/* The public binary constructors: each simplifies as MLIR's operator of
 * its kind, through binary(). */
#define AFFINE_BINARY_CTOR(name, kind)                                                         \
  const sharc_affine_expr *sharc_affine_##name(sharc_context *ctx, const sharc_affine_expr *l, \
                                               const sharc_affine_expr *r) {                   \
    return binary(ctx, kind, l, r);                                                            \
  }
AFFINE_BINARY_CTOR(add, SHARC_AFFINE_ADD)
AFFINE_BINARY_CTOR(mul, SHARC_AFFINE_MUL)
AFFINE_BINARY_CTOR(floordiv, SHARC_AFFINE_FLOORDIV)
AFFINE_BINARY_CTOR(ceildiv, SHARC_AFFINE_CEILDIV)
AFFINE_BINARY_CTOR(mod, SHARC_AFFINE_MOD)
#undef AFFINE_BINARY_CTOR

const sharc_affine_expr *sharc_affine_neg(sharc_context *ctx, const sharc_affine_expr *e) {
  return sharc_affine_mul(ctx, e, sharc_affine_const(ctx, -1));
}

const sharc_affine_expr *sharc_affine_sub(sharc_context *ctx, const sharc_affine_expr *l,
                                          const sharc_affine_expr *r) {
  return sharc_affine_add(ctx, l, sharc_affine_neg(ctx, r));
}

const sharc_affine_expr *sharc_affine_binary(sharc_context *ctx, sharc_affine_kind kind,
                                             const sharc_affine_expr *l,
                                             const sharc_affine_expr *r) {
  switch (kind) {
  case SHARC_AFFINE_ADD:
    return sharc_affine_add(ctx, l, r);
  case SHARC_AFFINE_MUL:
    return sharc_affine_mul(ctx, l, r);
  case SHARC_AFFINE_FLOORDIV:
    return sharc_affine_floordiv(ctx, l, r);
  case SHARC_AFFINE_CEILDIV:
    return sharc_affine_ceildiv(ctx, l, r);
  default:
    return sharc_affine_mod(ctx, l, r);
  }
}

/* ---- attributes ---------------------------------------------------------------- */

/* The arrays of a new attribute point into its key (see attrs.c): they sit
 * there at fixed offsets after the 8-byte fields written before them. */
static void map_own(sharc_context *ctx, void *obj) {
  (void)ctx;
  sharc_attr *a = obj;
  a->affine.exprs = (const void *)(sharc_uniq_key(&a->u) + 24);
}

static void set_own(sharc_context *ctx, void *obj) {
  (void)ctx;
  sharc_attr *a = obj;
  a->affine.exprs = (const void *)(sharc_uniq_key(&a->u) + 32);
}

static void strided_own(sharc_context *ctx, void *obj) {
  (void)ctx;
  sharc_attr *a = obj;
  a->strided.strides = (const void *)(sharc_uniq_key(&a->u) + 16);
}

sharc_attr *sharc_attr_affine_map(sharc_context *ctx, unsigned ndims, unsigned nsyms,
                                  const sharc_affine_expr *const *results, unsigned n) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_AFFINE_MAP);
  sharc_key_u64(&k, ndims);
  sharc_key_u64(&k, nsyms);
  sharc_key_put(&k, results, n * sizeof *results);
  sharc_attr a = {.kind = SHARC_ATTR_AFFINE_MAP, .affine = {ndims, nsyms, n, NULL}};
  return sharc_context_intern(ctx, &ctx->attrs, &k, &a, sizeof a, map_own);
}

sharc_attr *sharc_attr_integer_set(sharc_context *ctx, unsigned ndims, unsigned nsyms,
                                   const sharc_affine_expr *const *constraints, const bool *eq,
                                   unsigned n) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_INTEGER_SET);
  sharc_key_u64(&k, ndims);
  sharc_key_u64(&k, nsyms);
  sharc_key_u64(&k, n);
  sharc_key_put(&k, constraints, n * sizeof *constraints);
  for (unsigned i = 0; i < n; i++) {
    bool b = eq[i]; /* one byte each, whatever the caller's bools hold */
    sharc_key_put(&k, &b, sizeof b);
  }
  sharc_attr a = {.kind = SHARC_ATTR_INTEGER_SET, .affine = {ndims, nsyms, n, NULL}};
  return sharc_context_intern(ctx, &ctx->attrs, &k, &a, sizeof a, set_own);
}

sharc_attr *sharc_attr_strided_layout(sharc_context *ctx, int64_t offset, const int64_t *strides,
                                      unsigned n) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_STRIDED_LAYOUT);
  sharc_key_u64(&k, (uint64_t)offset);
  sharc_key_put(&k, strides, n * sizeof *strides);
  sharc_attr a = {.kind = SHARC_ATTR_STRIDED_LAYOUT, .strided = {offset, n, NULL}};
  return sharc_context_intern(ctx, &ctx->attrs, &k, &a, sizeof a, strided_own);
}

bool sharc_affine_map_is_identity(const sharc_attr *map) {
  if (map->kind != SHARC_ATTR_AFFINE_MAP || map->affine.n != map->affine.ndims)
    return false;
  for (unsigned i = 0; i < map->affine.n; i++) {
    const sharc_affine_expr *e = map->affine.exprs[i];
    if (e->kind != SHARC_AFFINE_DIM || e->value != (int64_t)i)
      return false;
  }
  return true;
}
