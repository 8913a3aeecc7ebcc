/* MLIR's affine expressions, affine maps, integer sets and strided layouts.
 * Expressions are uniqued in the context, so equal expressions are the same
 * pointer, and are simplified as they are built exactly as MLIR's
 * AffineExpr operators do: the printed form of a map depends on it. */
#ifndef SHARC_IR_AFFINE_H
#define SHARC_IR_AFFINE_H

#include "ir/ir_internal.h"

typedef enum sharc_affine_kind {
  /* the binary operations come first: code tests `kind < SHARC_AFFINE_CONST` */
  SHARC_AFFINE_ADD,
  SHARC_AFFINE_MUL,
  SHARC_AFFINE_MOD,
  SHARC_AFFINE_FLOORDIV,
  SHARC_AFFINE_CEILDIV,
  SHARC_AFFINE_CONST,
  SHARC_AFFINE_DIM,
  SHARC_AFFINE_SYMBOL,
} sharc_affine_kind;

/* Expressions live in the context's attribute table under key tags from
 * this one up, which no attribute kind uses: they can never be mistaken
 * for attributes, and SHARC_STATS tells them apart (context.c). */
#define SHARC_AFFINE_KEY_TAG 0x41460000u

typedef struct sharc_affine_expr sharc_affine_expr;
struct sharc_affine_expr {
  sharc_uniq u;
  sharc_affine_kind kind;
  /* Derived from the operands when the node is made, so that the
   * simplifications never walk a whole tree. */
  bool symbolic;    /* no dimension inside */
  int64_t value; /* constant value, or dim / symbol position */
  const sharc_affine_expr *lhs, *rhs;
  int64_t divisor;  /* MLIR's getLargestKnownDivisor */
};

const sharc_affine_expr *sharc_affine_const(sharc_context *ctx, int64_t v);
const sharc_affine_expr *sharc_affine_dim(sharc_context *ctx, unsigned pos);
const sharc_affine_expr *sharc_affine_symbol(sharc_context *ctx, unsigned pos);
/* Binary operations with MLIR's construction-time simplifications. */
const sharc_affine_expr *sharc_affine_add(sharc_context *ctx, const sharc_affine_expr *l,
                                          const sharc_affine_expr *r);
const sharc_affine_expr *sharc_affine_mul(sharc_context *ctx, const sharc_affine_expr *l,
                                          const sharc_affine_expr *r);
const sharc_affine_expr *sharc_affine_floordiv(sharc_context *ctx, const sharc_affine_expr *l,
                                               const sharc_affine_expr *r);
const sharc_affine_expr *sharc_affine_ceildiv(sharc_context *ctx, const sharc_affine_expr *l,
                                              const sharc_affine_expr *r);
const sharc_affine_expr *sharc_affine_mod(sharc_context *ctx, const sharc_affine_expr *l,
                                          const sharc_affine_expr *r);
const sharc_affine_expr *sharc_affine_neg(sharc_context *ctx, const sharc_affine_expr *e);
const sharc_affine_expr *sharc_affine_sub(sharc_context *ctx, const sharc_affine_expr *l,
                                          const sharc_affine_expr *r);
const sharc_affine_expr *sharc_affine_binary(sharc_context *ctx, sharc_affine_kind kind,
                                             const sharc_affine_expr *l,
                                             const sharc_affine_expr *r);
bool sharc_affine_is_symbolic_or_const(const sharc_affine_expr *e);

/* affine_map<(d0, ...)[s0, ...] -> (exprs)> */
sharc_attr *sharc_attr_affine_map(sharc_context *ctx, unsigned ndims, unsigned nsyms,
                                  const sharc_affine_expr *const *results, unsigned n);
/* affine_set<(d0, ...)[s0, ...] : (c >= 0, c == 0, ...)>; eq[i] marks `==`. */
sharc_attr *sharc_attr_integer_set(sharc_context *ctx, unsigned ndims, unsigned nsyms,
                                   const sharc_affine_expr *const *constraints, const bool *eq,
                                   unsigned n);
/* Whether each constraint of integer set `set` is an equality: one byte per
 * constraint, stored in the set's key after its kind, dimension and symbol
 * counts, constraint count and constraints (see sharc_attr_integer_set). */
static inline const bool *sharc_affine_set_eq(const sharc_attr *set) {
  return (const bool *)(sharc_uniq_key(&set->u) + 32 + set->affine.n * sizeof(void *));
}
/* strided<[strides], offset: offset>; SHARC_DYNAMIC stands for `?`. */
sharc_attr *sharc_attr_strided_layout(sharc_context *ctx, int64_t offset, const int64_t *strides,
                                      unsigned n);
/* Whether an affine map sends each dimension to itself (symbols aside), the
 * layout memref types leave out. */
bool sharc_affine_map_is_identity(const sharc_attr *map);

/* MLIR's text of an expression, a map or set body, and the three attributes. */
void sharc_affine_print_expr(sharc_buf *b, const sharc_affine_expr *e);
void sharc_affine_print_map_body(sharc_buf *b, const sharc_attr *map);
void sharc_affine_print_set_body(sharc_buf *b, const sharc_attr *set);
void sharc_affine_print_attr(sharc_buf *b, const sharc_attr *a);

#endif
