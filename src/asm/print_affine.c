/* MLIR's text for affine expressions, affine maps, integer sets and strided
 * layouts: the AsmPrinter's parenthesisation (operands of `*`, `floordiv`,
 * `ceildiv` and `mod` bind tightly) and its pretty forms for subtraction. */
#include "ir/affine.h"
#include "support/vec.h"

/* The printer works from an explicit stack of pieces rather than by
 * recursion, so that however deep an expression is it cannot exhaust the
 * C stack. */
typedef enum { PIECE_EXPR, PIECE_TEXT, PIECE_NEGATED } piece_kind;

typedef struct piece {
  piece_kind kind;
  bool strong;  /* PIECE_EXPR: the enclosing operator binds tighter than `+` */
  const sharc_affine_expr *e;
  const char *text;
  int64_t value; /* PIECE_NEGATED: printed as -value */
} piece;

typedef SHARC_VEC(piece) piece_stack;

static piece expr_piece(const sharc_affine_expr *e, bool strong) {
  return (piece){.kind = PIECE_EXPR, .strong = strong, .e = e};
}

static piece text_piece(const char *text) { return (piece){.kind = PIECE_TEXT, .text = text}; }

static const char *op_spelling(sharc_affine_kind k) {
  switch (k) {
  case SHARC_AFFINE_MUL:
    return " * ";
  case SHARC_AFFINE_FLOORDIV:
    return " floordiv ";
  case SHARC_AFFINE_CEILDIV:
    return " ceildiv ";
  default:
    return " mod ";
  }
}

static bool is_const_below(const sharc_affine_expr *e, int64_t v) {
  return e->kind == SHARC_AFFINE_CONST && e->value < v;
}

/* The pieces of a binary expression in print order, into `out` (at most 7).
 * MLIR prints `x * -1` as `-x`, and an addition of `y * -1`, `y * -c` or
 * `-c` as a subtraction. */
static size_t binary_pieces(const sharc_affine_expr *e, bool strong, piece *out) {
  size_t n = 0;
  const sharc_affine_expr *l = e->lhs, *r = e->rhs;
  if (strong)
    out[n++] = text_piece("(");
  if (e->kind != SHARC_AFFINE_ADD) {
    if (e->kind == SHARC_AFFINE_MUL && r->kind == SHARC_AFFINE_CONST && r->value == -1) {
      out[n++] = text_piece("-");
      out[n++] = expr_piece(l, true);
    } else {
      out[n++] = expr_piece(l, true);
      out[n++] = text_piece(op_spelling(e->kind));
      out[n++] = expr_piece(r, true);
    }
  } else if (r->kind == SHARC_AFFINE_MUL && is_const_below(r->rhs, 0)) {
    out[n++] = expr_piece(l, false);
    out[n++] = text_piece(" - ");
    if (r->rhs->value == -1) {
      out[n++] = expr_piece(r->lhs, r->lhs->kind == SHARC_AFFINE_ADD);
    } else {
      out[n++] = expr_piece(r->lhs, true);
      out[n++] = text_piece(" * ");
      out[n++] = (piece){.kind = PIECE_NEGATED, .value = r->rhs->value};
    }
  } else if (is_const_below(r, 0)) {
    out[n++] = expr_piece(l, false);
    out[n++] = text_piece(" - ");
    out[n++] = (piece){.kind = PIECE_NEGATED, .value = r->value};
  } else {
    out[n++] = expr_piece(l, false);
    out[n++] = text_piece(" + ");
    out[n++] = expr_piece(r, false);
  }
  if (strong)
    out[n++] = text_piece(")");
  return n;
}

static void print_leaf(sharc_buf *b, const sharc_affine_expr *e) {
  if (e->kind == SHARC_AFFINE_DIM)
    sharc_buf_putc(b, 'd');
  else if (e->kind == SHARC_AFFINE_SYMBOL)
    sharc_buf_putc(b, 's');
  sharc_buf_put_i64(b, e->value);
}

void sharc_affine_print_expr(sharc_buf *b, const sharc_affine_expr *e) {
  piece_stack st = {0};
  sharc_vec_push(&st, expr_piece(e, false));
  while (st.len) {
    piece p = sharc_vec_pop(&st);
    if (p.kind == PIECE_TEXT) {
      sharc_buf_puts(b, p.text);
    } else if (p.kind == PIECE_NEGATED) {
      /* MLIR negates with wrap-around, so INT64_MIN prints as itself */
      sharc_buf_put_i64(b, (int64_t)(0 - (uint64_t)p.value));
    } else if (p.e->kind >= SHARC_AFFINE_CONST) {
      print_leaf(b, p.e);
    } else {
      piece parts[8];
      size_t n = binary_pieces(p.e, p.strong, parts);
      while (n)
        sharc_vec_push(&st, parts[--n]);
    }
  }
  sharc_vec_free(&st);
}

/* `(d0, d1)[s0]`; the symbol list only when there are symbols. */
static void print_ids(sharc_buf *b, unsigned ndims, unsigned nsyms) {
  sharc_buf_putc(b, '(');
  for (unsigned i = 0; i < ndims; i++)
    sharc_buf_printf(b, i ? ", d%u" : "d%u", i);
  sharc_buf_putc(b, ')');
  if (!nsyms)
    return;
  sharc_buf_putc(b, '[');
  for (unsigned i = 0; i < nsyms; i++)
    sharc_buf_printf(b, i ? ", s%u" : "s%u", i);
  sharc_buf_putc(b, ']');
}

void sharc_affine_print_map_body(sharc_buf *b, const sharc_attr *map) {
  print_ids(b, map->affine.ndims, map->affine.nsyms);
  SHARC_BUF_LIT(b, " -> (");
  for (unsigned i = 0; i < map->affine.n; i++) {
    if (i)
      SHARC_BUF_LIT(b, ", ");
    sharc_affine_print_expr(b, map->affine.exprs[i]);
  }
  sharc_buf_putc(b, ')');
}

void sharc_affine_print_set_body(sharc_buf *b, const sharc_attr *set) {
  print_ids(b, set->affine.ndims, set->affine.nsyms);
  SHARC_BUF_LIT(b, " : (");
  for (unsigned i = 0; i < set->affine.n; i++) {
    if (i)
      SHARC_BUF_LIT(b, ", ");
    sharc_affine_print_expr(b, set->affine.exprs[i]);
    sharc_buf_puts(b, sharc_affine_set_eq(set)[i] ? " == 0" : " >= 0");
  }
  sharc_buf_putc(b, ')');
}

static void put_stride(sharc_buf *b, int64_t v) {
  if (v == SHARC_DYNAMIC)
    sharc_buf_putc(b, '?');
  else
    sharc_buf_put_i64(b, v);
}

/* strided<[s, ...]> with `, offset: o` only for a non-zero offset. */
static void print_strided(sharc_buf *b, const sharc_attr *a) {
  SHARC_BUF_LIT(b, "strided<[");
  for (unsigned i = 0; i < a->strided.n; i++) {
    if (i)
      SHARC_BUF_LIT(b, ", ");
    put_stride(b, a->strided.strides[i]);
  }
  sharc_buf_putc(b, ']');
  if (a->strided.offset != 0) {
    SHARC_BUF_LIT(b, ", offset: ");
    put_stride(b, a->strided.offset);
  }
  sharc_buf_putc(b, '>');
}

void sharc_affine_print_attr(sharc_buf *b, const sharc_attr *a) {
  switch (a->kind) {
  case SHARC_ATTR_AFFINE_MAP:
    SHARC_BUF_LIT(b, "affine_map<");
    sharc_affine_print_map_body(b, a);
    sharc_buf_putc(b, '>');
    return;
  case SHARC_ATTR_INTEGER_SET:
    SHARC_BUF_LIT(b, "affine_set<");
    sharc_affine_print_set_body(b, a);
    sharc_buf_putc(b, '>');
    return;
  default:
    print_strided(b, a);
    return;
  }
}
