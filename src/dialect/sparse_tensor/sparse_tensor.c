/* MLIR's sparse_tensor dialect as far as a tensor type's encoding needs it:
 * `#sparse_tensor.encoding<{ map = ..., posWidth = ..., crdWidth = ...,
 * explicitVal = ..., implicitVal = ... }>` and the dimension slices
 * `#sparse_tensor<slice(offset, size, stride)>` its map may carry. StableHLO
 * ops accept tensors with such an encoding (ops_sparse.mlir); the dialect's
 * ops and storage types are not here. Parsing, printing and verification
 * follow SparseTensorDialect.cpp, DimLvlMapParser.cpp and LvlTypeParser.cpp:
 * the same syntax, the same canonical print, the same errors. */
#include "asm/parse_affine.h"
#include "asm/parser.h"
#include "asm/printer.h"
#include "ir/affine.h"
#include "sharc/asm.h"
#include "support/vec.h"

#include <stdlib.h>
#include <string.h>



extern const sharc_dialect sharc_sparse_tensor_dialect;

/* ---- level types ----------------------------------------------------------
 * One word: the format in bits 0-7, the properties in bits 8-15, and for
 * `structured[n, m]` (n_out_of_m) n in bits 16-31 and m in bits 32-47. */

enum { LT_DENSE = 1, LT_BATCH, LT_COMPRESSED, LT_LOOSE_COMPRESSED, LT_SINGLETON, LT_STRUCTURED };
enum { LP_NONUNIQUE = 1, LP_NONORDERED = 2, LP_SOA = 4 };

static const char *const format_names[] = {NULL,          "dense",     "batch",     "compressed",
                                           "loose_compressed", "singleton", "structured"};
static const char *const property_names[] = {"nonunique", "nonordered", "soa"};

static unsigned lt_format(uint64_t lt) { return (unsigned)(lt & 0xff); }
static unsigned lt_props(uint64_t lt) { return (unsigned)((lt >> 8) & 0xff); }
static unsigned lt_n(uint64_t lt) { return (unsigned)((lt >> 16) & 0xffff); }
static unsigned lt_m(uint64_t lt) { return (unsigned)((lt >> 32) & 0xffff); }

/* toMLIRString(LevelType): `compressed(nonunique, nonordered)`, `structured[2, 4]`. */
static void print_level_type(sharc_buf *b, uint64_t lt) {
  sharc_buf_printf(b, "%s", format_names[lt_format(lt)]);
  if (lt_format(lt) == LT_STRUCTURED)
    sharc_buf_printf(b, "[%u, %u]", lt_n(lt), lt_m(lt));
  const char *sep = "(";
  for (unsigned i = 0; i < 3; i++)
    if (lt_props(lt) & (1u << i)) {
      sharc_buf_printf(b, "%s%s", sep, property_names[i]);
      sep = ", ";
    }
  if (sep[0] != '(')
    sharc_buf_printf(b, ")");
}

/* LvlTypeParser::parseProperty */
static bool parse_property(sharc_parser *p, void *state) {
  unsigned *props = state;
  const sharc_token *t = sharc_p_tok(p);
  if (t->kind != TOK_BARE_ID)
    return sharc_p_error(p, "expected valid level property (e.g. nonordered, nonunique or high)");
  for (unsigned i = 0; i < 3; i++)
    if (sharc_tok_is_keyword(t, property_names[i])) {
      *props |= 1u << i;
      sharc_p_next(p);
      return true;
    }
  sharc_str s = sharc_tok_str(t);
  return sharc_p_error(p, "unknown level property: %.*s", (int)s.len, s.data);
}

/* The sizes of `structured[n, m]` read so far (only the first two kept). */
typedef struct structured_sizes {
  int64_t sizes[2];
  unsigned n;
} structured_sizes;

/* LvlTypeParser::parseStructured: one size of `structured[n, m]`. */
static bool parse_structured_size(sharc_parser *p, void *state) {
  structured_sizes *s = state;
  const sharc_token *t = sharc_p_tok(p);
  if (t->kind != TOK_INTEGER && !sharc_tok_is(t, '-'))
    return sharc_p_error(p, "expected valid integer for structured size");
  sharc_token at = *t;
  int64_t v;
  if (!sharc_p_parse_int(p, &v))
    return false;
  if (v < 0)
    return sharc_p_error_at(p, &at, "expected structured size to be >= 0");
  if (v > 0xffff)
    return sharc_p_error_at(p, &at, "failed to parse structured size");
  if (s->n < 2)
    s->sizes[s->n] = v;
  s->n++;
  return true;
}

static bool parse_structured(sharc_parser *p, const sharc_token *at, uint64_t *lt) {
  structured_sizes s = {{0, 0}, 0};
  if (!sharc_p_parse_comma_list(p, SHARC_P_DELIM_OPTIONAL_SQUARE, parse_structured_size, &s,
                                " in structured n out of m"))
    return false;
  int64_t *sizes = s.sizes;
  if (s.n != 2)
    return sharc_p_error_at(p, at, "expected exactly 2 structured sizes");
  if (sizes[0] > sizes[1])
    return sharc_p_error_at(p, at, "expected n <= m in n_out_of_m");
  *lt |= ((uint64_t)sizes[0] << 16) | ((uint64_t)sizes[1] << 32);
  return true;
}

/* LvlTypeParser::parseLvlType: a format keyword, `[n, m]` for structured,
 * then an optional `(property, ...)` list. */
static bool parse_level_type(sharc_parser *p, uint64_t *out) {
  sharc_token at = *sharc_p_tok(p);
  if (at.kind != TOK_BARE_ID)
    return sharc_p_error(p, "expected valid level format (e.g. dense, compressed or singleton)");
  sharc_p_next(p);
  unsigned fmt = 0;
  for (unsigned i = 1; i <= LT_STRUCTURED && !fmt; i++)
    if (sharc_tok_is_keyword(&at, format_names[i]))
      fmt = i;
  uint64_t lt = 0;
  if (fmt == LT_STRUCTURED && !parse_structured(p, &at, &lt))
    return false;
  unsigned props = 0;
  if (!sharc_p_parse_comma_list(p, SHARC_P_DELIM_OPTIONAL_PAREN, parse_property, &props,
                                " in level property list"))
    return false;
  if (!fmt) {
    sharc_str s = sharc_tok_str(&at);
    return sharc_p_error_at(p, &at, "unknown level format: %.*s", (int)s.len, s.data);
  }
  /* isValidLT: dense, batch and n_out_of_m levels are unique and ordered */
  if (props && (fmt == LT_DENSE || fmt == LT_BATCH || fmt == LT_STRUCTURED))
    return sharc_p_error_at(p, &at,
                            "invalid level type: level format doesn't support the properties");
  *out = lt | fmt | ((uint64_t)props << 8);
  return true;
}

/* ---- #sparse_tensor<slice(offset, size, stride)> ------------------------ */

static void print_slice_value(sharc_buf *b, int64_t v) {
  if (v == SHARC_DYNAMIC)
    sharc_buf_printf(b, "?");
  else
    sharc_buf_printf(b, "%lld", (long long)v);
}

/* SparseTensorDimSliceAttr::print: `(offset, size, stride)`. */
static void slice_text(sharc_buf *b, const sharc_attr *a) {
  sharc_buf_printf(b, "(");
  print_slice_value(b, (int64_t)a->params.words[0]);
  sharc_buf_printf(b, ", ");
  print_slice_value(b, (int64_t)a->params.words[1]);
  sharc_buf_printf(b, ", ");
  print_slice_value(b, (int64_t)a->params.words[2]);
  sharc_buf_printf(b, ")");
}

static void print_slice(sharc_printer *p, const sharc_attr *a) {
  sharc_buf b = {0};
  SHARC_BUF_LIT(&b, "<slice");
  slice_text(&b, a);
  sharc_buf_printf(&b, ">");
  sharc_pr_puts(p, b.data);
  sharc_buf_free(&b);
}

static const sharc_attr_def slice_def = {NULL, &sharc_sparse_tensor_dialect, print_slice, NULL,
                                         sharc_attr_never_alias, NULL};

static sharc_attr *slice_get(sharc_context *ctx, int64_t offset, int64_t size, int64_t stride) {
  uintptr_t w[3] = {(uintptr_t)offset, (uintptr_t)size, (uintptr_t)stride};
  return sharc_attr_dialect(ctx, &slice_def, w, 3, NULL);
}

/* parseOptionalStaticSlice: a non-negative integer or `?`. */
static bool parse_slice_value(sharc_parser *p, int64_t *out) {
  const sharc_token *t = sharc_p_tok(p);
  if (t->kind == TOK_INTEGER || sharc_tok_is(t, '-')) {
    if (!sharc_p_parse_int(p, out))
      return false;
    return *out >= 0 || sharc_p_error(p, "expect positive value or ? for slice offset/size/stride");
  }
  *out = SHARC_DYNAMIC;
  return sharc_p_expect(p, '?');
}

/* SparseTensorDimSliceAttr::verify, reported at the attribute. */
static bool verify_slice(sharc_parser *p, const sharc_token *at, const int64_t *v) {
  if (v[0] != SHARC_DYNAMIC && v[0] < 0)
    return sharc_p_error_at(p, at, "expect non-negative value or ? for slice offset");
  if (v[1] != SHARC_DYNAMIC && v[1] <= 0)
    return sharc_p_error_at(p, at, "expect positive value or ? for slice size");
  if (v[2] != SHARC_DYNAMIC && v[2] <= 0)
    return sharc_p_error_at(p, at, "expect positive value or ? for slice stride");
  return true;
}

static sharc_attr *parse_slice(sharc_parser *p, const sharc_token *at) {
  int64_t v[3] = {0, 0, 0};
  if (!sharc_p_expect(p, '('))
    return NULL;
  for (unsigned i = 0; i < 3; i++)
    if ((i && !sharc_p_expect(p, ',')) || !parse_slice_value(p, &v[i]))
      return NULL;
  if (!sharc_p_expect(p, ')') || !sharc_p_expect(p, '>') || !verify_slice(p, at, v))
    return NULL;
  return slice_get(sharc_p_context(p), v[0], v[1], v[2]);
}

/* ---- the encoding's storage ----------------------------------------------
 * words: dimToLvl, lvlToDim (affine maps or NULL), posWidth, crdWidth,
 * explicitVal, implicitVal (attributes or NULL), the level count, the slice
 * count (0 or the dimension rank), then the level types, then the slices. */

enum { W_DIM_TO_LVL, W_LVL_TO_DIM, W_POS, W_CRD, W_EXPLICIT, W_IMPLICIT, W_NLVL, W_NSLICE, W_HEAD };

typedef struct encoding {
  sharc_attr *dim_to_lvl, *lvl_to_dim, *explicit_val, *implicit_val;
  int64_t pos_width, crd_width;
  SHARC_VEC(uint64_t) lvls;
  SHARC_VEC(sharc_attr *) slices; /* NULL entries: no slice given */
} encoding;

static void encoding_free(encoding *e) {
  sharc_vec_free(&e->lvls);
  sharc_vec_free(&e->slices);
}

static unsigned enc_nlvl(const sharc_attr *a) { return (unsigned)a->params.words[W_NLVL]; }
static unsigned enc_nslice(const sharc_attr *a) { return (unsigned)a->params.words[W_NSLICE]; }
static uint64_t enc_lvl(const sharc_attr *a, unsigned i) { return a->params.words[W_HEAD + i]; }
static const sharc_attr *enc_slice(const sharc_attr *a, unsigned i) {
  return (const sharc_attr *)a->params.words[W_HEAD + enc_nlvl(a) + i];
}
static const sharc_attr *enc_word_attr(const sharc_attr *a, unsigned w) {
  return (const sharc_attr *)a->params.words[w];
}

/* The dimension rank: the map's, or the level rank without one. */
static unsigned enc_dim_rank(const sharc_attr *a) {
  const sharc_attr *m = enc_word_attr(a, W_DIM_TO_LVL);
  return m ? m->affine.ndims : enc_nlvl(a);
}

/* ---- printing ------------------------------------------------------------ */

/* SparseTensorEncodingAttr::print: the map in its canonical `d`/`s` names,
 * the other members only when not the default. */
static void print_encoding(sharc_printer *p, const sharc_attr *a) {
  const sharc_attr *map = enc_word_attr(a, W_DIM_TO_LVL);
  unsigned nlvl = enc_nlvl(a), ndims = map ? map->affine.ndims : nlvl;
  unsigned nsyms = map ? map->affine.nsyms : 0;
  sharc_buf b = {0};
  SHARC_BUF_LIT(&b, "<{ map = ");
  for (unsigned i = 0; i < nsyms; i++)
    sharc_buf_printf(&b, "%ss%u", i ? ", " : "[", i);
  if (nsyms)
    sharc_buf_printf(&b, "]");
  sharc_buf_printf(&b, "(");
  sharc_pr_puts(p, b.data);
  b.len = 0;
  for (unsigned i = 0; i < ndims; i++) {
    sharc_buf_printf(&b, "%sd%u", i ? ", " : "", i);
    if (enc_nslice(a)) {
      sharc_buf_printf(&b, " : ");
      sharc_pr_puts(p, b.data);
      b.len = 0;
      sharc_pr_attr(p, enc_slice(a, i));
    }
  }
  sharc_buf_printf(&b, ") -> (");
  for (unsigned i = 0; i < nlvl; i++) {
    if (i)
      sharc_buf_printf(&b, ", ");
    if (map)
      sharc_affine_print_expr(&b, map->affine.exprs[i]);
    else
      sharc_buf_printf(&b, "d%u", i);
    sharc_buf_printf(&b, " : ");
    print_level_type(&b, enc_lvl(a, i));
  }
  sharc_buf_printf(&b, ")");
  if (a->params.words[W_POS])
    sharc_buf_printf(&b, ", posWidth = %u", (unsigned)a->params.words[W_POS]);
  if (a->params.words[W_CRD])
    sharc_buf_printf(&b, ", crdWidth = %u", (unsigned)a->params.words[W_CRD]);
  static const char *const val_names[] = {", explicitVal = ", ", implicitVal = "};
  for (unsigned i = 0; i < 2; i++) {
    const sharc_attr *v = enc_word_attr(a, W_EXPLICIT + i);
    if (!v)
      continue;
    sharc_buf_printf(&b, "%s", val_names[i]);
    sharc_pr_puts(p, b.data);
    b.len = 0;
    sharc_pr_attr(p, v);
  }
  sharc_buf_printf(&b, " }>");
  sharc_pr_puts(p, b.data);
  sharc_buf_free(&b);
}

static void walk_encoding(const sharc_attr *a, const sharc_subelement_fns *f) {
  if (!f->attr)
    return;
  for (unsigned w = W_DIM_TO_LVL; w <= W_IMPLICIT; w++)
    if (w != W_POS && w != W_CRD && a->params.words[w])
      f->attr((sharc_attr *)a->params.words[w], f->user);
  for (unsigned i = 0; i < enc_nslice(a); i++)
    f->attr((sharc_attr *)enc_slice(a, i), f->user);
}

/* The encoding is aliased `#sparse`, as SparseTensorAsmDialectInterface does. */
static const sharc_attr_def encoding_def = {"encoding", &sharc_sparse_tensor_dialect,
                                            print_encoding, "sparse", NULL, walk_encoding};

/* ---- lvlToDim inference --------------------------------------------------- */

static bool is_dim(const sharc_affine_expr *e) { return e->kind == SHARC_AFFINE_DIM; }

/* AffineMap::isPermutation */
static bool is_permutation(const sharc_attr *m) {
  if (m->affine.n != m->affine.ndims || m->affine.nsyms)
    return false;
  uint64_t seen_small = 0;
  bool *seen = m->affine.ndims > 64 ? calloc(m->affine.ndims, sizeof *seen) : NULL;
  bool ok = true;
  for (unsigned i = 0; i < m->affine.n && ok; i++) {
    const sharc_affine_expr *e = m->affine.exprs[i];
    ok = is_dim(e);
    if (!ok)
      break;
    unsigned d = (unsigned)e->value;
    if (seen) {
      ok = !seen[d];
      seen[d] = true;
    } else {
      ok = !(seen_small & (1ull << d));
      seen_small |= 1ull << d;
    }
  }
  free(seen);
  return ok;
}

/* The binary result `d floordiv c` / `d mod c` of a block map, or false. */
static bool block_part(const sharc_affine_expr *e, unsigned *dim, int64_t *c) {
  if (e->kind != SHARC_AFFINE_FLOORDIV && e->kind != SHARC_AFFINE_MOD)
    return false;
  if (!is_dim(e->lhs) || e->rhs->kind != SHARC_AFFINE_CONST)
    return false;
  *dim = (unsigned)e->lhs->value;
  *c = e->rhs->value;
  return true;
}

/* isBlockSparsity: each blocked dimension as `d floordiv c` before
 * `d mod c` with the same c, everything else a plain dimension. */
static bool is_block_sparsity(const sharc_attr *m) {
  if (!m)
    return false;
  unsigned nd = m->affine.ndims;
  int64_t *coef = calloc(nd ? nd : 1, sizeof *coef); /* 0: no floordiv seen */
  bool any = false, ok = true;
  for (unsigned i = 0; i < m->affine.n && ok; i++) {
    const sharc_affine_expr *e = m->affine.exprs[i];
    if (e->kind >= SHARC_AFFINE_CONST)
      continue;
    unsigned d;
    int64_t c;
    ok = block_part(e, &d, &c) && d < nd;
    if (!ok)
      break;
    if (e->kind == SHARC_AFFINE_FLOORDIV) {
      ok = coef[d] == 0 && c != 0;
      coef[d] = c;
      any = true;
    } else {
      ok = coef[d] != 0 && coef[d] == c;
    }
  }
  free(coef);
  return ok && any;
}

/* inverseBlockSparsity: plain levels first as themselves, then for each
 * blocked dimension in order `floordiv level * c + mod level`. */
static sharc_attr *inverse_block_sparsity(sharc_context *ctx, const sharc_attr *m) {
  unsigned nl = m->affine.n, nd = m->affine.ndims;
  SHARC_VEC(const sharc_affine_expr *) out = {0};
  int *div_lvl = malloc((nd ? nd : 1) * sizeof *div_lvl), *mod_lvl = malloc((nd ? nd : 1) * sizeof *mod_lvl);
  int64_t *coef = calloc(nd ? nd : 1, sizeof *coef);
  for (unsigned d = 0; d < nd; d++)
    div_lvl[d] = mod_lvl[d] = -1;
  for (unsigned i = 0; i < nl; i++) {
    const sharc_affine_expr *e = m->affine.exprs[i];
    unsigned d;
    int64_t c;
    if (!block_part(e, &d, &c)) {
      sharc_vec_push(&out, sharc_affine_dim(ctx, i));
    } else if (e->kind == SHARC_AFFINE_FLOORDIV) {
      div_lvl[d] = (int)i;
      coef[d] = c;
    } else {
      mod_lvl[d] = (int)i;
    }
  }
  for (unsigned d = 0; d < nd; d++) {
    if (div_lvl[d] < 0 || mod_lvl[d] < 0)
      continue;
    const sharc_affine_expr *mul =
        sharc_affine_mul(ctx, sharc_affine_dim(ctx, (unsigned)div_lvl[d]), sharc_affine_const(ctx, coef[d]));
    sharc_vec_push(&out, sharc_affine_add(ctx, mul, sharc_affine_dim(ctx, (unsigned)mod_lvl[d])));
  }
  sharc_attr *r = sharc_attr_affine_map(ctx, nl, 0, out.items, out.len);
  sharc_vec_free(&out);
  free(div_lvl);
  free(mod_lvl);
  free(coef);
  return r;
}

/* inferLvlToDim: the inverse of a permutation or a block map; NULL when it
 * cannot be inferred (symbols, other maps). */
static sharc_attr *infer_lvl_to_dim(sharc_context *ctx, const sharc_attr *m) {
  if (!m || m->affine.nsyms)
    return NULL;
  if (is_permutation(m)) {
    const sharc_affine_expr **res = malloc((m->affine.n ? m->affine.n : 1) * sizeof *res);
    for (unsigned i = 0; i < m->affine.n; i++)
      res[m->affine.exprs[i]->value] = sharc_affine_dim(ctx, i);
    sharc_attr *r = sharc_attr_affine_map(ctx, m->affine.n, 0, res, m->affine.n);
    free(res);
    return r;
  }
  return is_block_sparsity(m) ? inverse_block_sparsity(ctx, m) : NULL;
}

/* ---- verification ---------------------------------------------------------- */

static bool accept_bit_width(int64_t w) { return w == 0 || w == 8 || w == 16 || w == 32 || w == 64; }

/* The singleton levels: after a (loose) compressed one, only singletons
 * following, all stored alike (SoA or AoS). */
static const char *verify_singletons(const encoding *e) {
  unsigned n = e->lvls.len, i = 0;
  while (i < n && lt_format(e->lvls.items[i]) != LT_SINGLETON)
    i++;
  if (i == n)
    return NULL;
  unsigned prev = i ? lt_format(e->lvls.items[i - 1]) : 0;
  if (prev != LT_COMPRESSED && prev != LT_LOOSE_COMPRESSED)
    return "expected compressed or loose_compressed level before singleton level";
  bool soa = lt_props(e->lvls.items[i]) & LP_SOA;
  for (unsigned j = i; j < n && lt_format(e->lvls.items[j]) == LT_SINGLETON; j++)
    if (((lt_props(e->lvls.items[j]) & LP_SOA) != 0) != soa)
      return "expected all singleton lvlTypes stored in the same memory layout (SoA vs AoS).";
  return NULL;
}

static const char *verify_batch_and_soa(const encoding *e) {
  unsigned n = e->lvls.len;
  int last_batch = -1;
  for (unsigned i = 0; i < n; i++)
    if (lt_format(e->lvls.items[i]) == LT_BATCH)
      last_batch = (int)i;
  for (int i = 0; i < last_batch; i++)
    if (lt_format(e->lvls.items[i]) != LT_BATCH)
      return "Batch lvlType can only be leading levels.";
  for (unsigned i = 0; i < n; i++)
    if ((lt_props(e->lvls.items[i]) & LP_SOA) && lt_format(e->lvls.items[i]) != LT_SINGLETON)
      return "SoA is only applicable to singleton lvlTypes.";
  return NULL;
}

/* The n_out_of_m level: last, after dense levels only, and a blocked map's
 * block size its m. */
static const char *verify_n_out_of_m(const encoding *e) {
  unsigned n = e->lvls.len, i = 0;
  while (i < n && lt_format(e->lvls.items[i]) != LT_STRUCTURED)
    i++;
  if (i == n)
    return NULL;
  if (i != n - 1)
    return "expected n_out_of_m to be the last level type";
  for (unsigned j = 0; j < i; j++)
    if (lt_format(e->lvls.items[j]) != LT_DENSE)
      return "expected all dense lvlTypes before a n_out_of_m level";
  const sharc_attr *m = e->dim_to_lvl;
  if (!m || m->affine.ndims == m->affine.n)
    return NULL;
  if (!is_block_sparsity(m))
    return "expected 1xm block structure for n_out_of_m level";
  int64_t coefficient = 0;
  for (unsigned j = 0; j < m->affine.n; j++) {
    const sharc_affine_expr *x = m->affine.exprs[j];
    if (x->kind != SHARC_AFFINE_MOD)
      continue;
    if (coefficient && x->rhs->value != coefficient)
      return "expected only one blocked level with the same coefficients";
    coefficient = x->rhs->value;
  }
  if (coefficient != (int64_t)lt_m(e->lvls.items[i]))
    return "expected coeffiencts of Affine expressions to be equal to m of n_out_of_m level";
  return NULL;
}

/* SparseTensorEncodingAttr::verify */
static bool verify_encoding_attr(sharc_parser *p, const sharc_token *at, const encoding *e) {
  sharc_context *ctx = sharc_p_context(p);
  if (!accept_bit_width(e->pos_width))
    return sharc_p_error_at(p, at, "unexpected position bitwidth: %lld", (long long)e->pos_width);
  if (!accept_bit_width(e->crd_width))
    return sharc_p_error_at(p, at, "unexpected coordinate bitwidth: %lld", (long long)e->crd_width);
  const char *msg = verify_singletons(e);
  if (!msg)
    msg = verify_batch_and_soa(e);
  if (!msg)
    msg = verify_n_out_of_m(e);
  if (msg)
    return sharc_p_error_at(p, at, "%s", msg);
  unsigned nlvl = e->lvls.len;
  if (nlvl == 0)
    return sharc_p_error_at(p, at, "expected a non-empty array for lvlTypes");
  const sharc_attr *m = e->dim_to_lvl;
  unsigned dim_rank = m ? m->affine.ndims : nlvl;
  if (m) {
    if (m->affine.n != nlvl)
      return sharc_p_error_at(p, at, "level-rank mismatch between dimToLvl and lvlTypes: %u != %u",
                              m->affine.n, nlvl);
    sharc_attr *inferred = infer_lvl_to_dim(ctx, m);
    if (!inferred && m->affine.nsyms == 0)
      return sharc_p_error_at(p, at, "failed to infer lvlToDim from dimToLvl");
    if (e->lvl_to_dim && inferred != e->lvl_to_dim)
      return sharc_p_error_at(p, at, "expected lvlToDim to be an inverse of dimToLvl");
    if (dim_rank > nlvl)
      return sharc_p_error_at(p, at, "unexpected dimToLvl mapping from %u to %u", dim_rank, nlvl);
  }
  if (e->slices.len && e->slices.len != dim_rank)
    return sharc_p_error_at(p, at, "dimension-rank mismatch between dimSlices and dimToLvl: %u != %u",
                            (unsigned)e->slices.len, dim_rank);
  if (e->slices.len && dim_rank != nlvl)
    return sharc_p_error_at(p, at, "dimSlices expected dimension-rank to match level-rank: %u != %u",
                            dim_rank, nlvl);
  return true;
}

/* ---- the dim-level map: `[s..] {l..} (d.. ) -> (expr : level, ...)` ------- */

typedef struct name_list {
  SHARC_VEC(sharc_str) names;
  SHARC_VEC(const sharc_affine_expr *) ids;
} name_list;

static void names_free(name_list *l) {
  sharc_vec_free(&l->names);
  sharc_vec_free(&l->ids);
}

static bool names_has(const name_list *l, sharc_str s) {
  for (unsigned i = 0; i < l->names.len; i++)
    if (sharc_str_eq(l->names.items[i], s))
      return true;
  return false;
}

typedef struct map_parser {
  sharc_parser *p;
  name_list syms, dims, lvls; /* lvls: the forward-declared level variables */
  SHARC_VEC(const sharc_affine_expr *) dim_exprs; /* NULL: none given */
  SHARC_VEC(const sharc_affine_expr *) lvl_exprs;
  encoding *e; /* what the specifiers fill in */
} map_parser;

/* A new variable named by the current bare identifier; any variable of the
 * map already named so is a redefinition. */
static bool bind_var(map_parser *mp, name_list *into, const sharc_affine_expr *id) {
  sharc_parser *p = mp->p;
  const sharc_token *t = sharc_p_tok(p);
  if (t->kind != TOK_BARE_ID)
    return sharc_p_error(p, "expected bare identifier");
  sharc_str s = sharc_tok_str(t);
  if (names_has(&mp->syms, s) || names_has(&mp->dims, s) || names_has(&mp->lvls, s))
    return sharc_p_error(p, "redefinition of identifier '%.*s'", (int)s.len, s.data);
  sharc_vec_push(&into->names, s);
  sharc_vec_push(&into->ids, id);
  sharc_p_next(p);
  return true;
}

/* One name of the `[s0, ...]` symbol binding list. */
static bool bind_symbol(sharc_parser *p, void *state) {
  map_parser *mp = state;
  return bind_var(mp, &mp->syms, sharc_affine_symbol(sharc_p_context(p), mp->syms.names.len));
}

/* One name of the `{l0, ...}` level declaration list. */
static bool bind_level(sharc_parser *p, void *state) {
  map_parser *mp = state;
  return bind_var(mp, &mp->lvls, sharc_affine_dim(sharc_p_context(p), mp->lvls.names.len));
}

/* An affine expression over `a` then the symbols. */
static const sharc_affine_expr *parse_expr_over(map_parser *mp, const name_list *a) {
  SHARC_VEC(sharc_str) names = {0};
  SHARC_VEC(const sharc_affine_expr *) ids = {0};
  for (unsigned i = 0; i < a->names.len; i++) {
    sharc_vec_push(&names, a->names.items[i]);
    sharc_vec_push(&ids, a->ids.items[i]);
  }
  for (unsigned i = 0; i < mp->syms.names.len; i++) {
    sharc_vec_push(&names, mp->syms.names.items[i]);
    sharc_vec_push(&ids, mp->syms.ids.items[i]);
  }
  const sharc_affine_expr *e = sharc_p_parse_affine_expr(mp->p, names.items, ids.items, names.len);
  sharc_vec_free(&names);
  sharc_vec_free(&ids);
  return e;
}

/* `d [= expr] [: #sparse_tensor<slice(...)>]` */
static bool parse_dim_spec(sharc_parser *p, void *state) {
  map_parser *mp = state;
  encoding *e = mp->e;
  sharc_context *ctx = sharc_p_context(p);
  if (!bind_var(mp, &mp->dims, sharc_affine_dim(ctx, mp->dims.names.len)))
    return false;
  const sharc_affine_expr *expr = NULL;
  if (sharc_p_eat(p, '=') && !(expr = parse_expr_over(mp, &mp->lvls)))
    return false;
  sharc_vec_push(&mp->dim_exprs, expr);
  sharc_attr *slice = NULL;
  if (sharc_p_eat(p, ':')) {
    sharc_token at = *sharc_p_tok(p);
    if (!sharc_p_parse_attr(p, NULL, &slice))
      return false;
    if (slice->kind != SHARC_ATTR_DIALECT || sharc_attr_def_of(slice) != &slice_def)
      return sharc_p_error_at(p, &at, "expected SparseTensorDimSliceAttr");
  }
  sharc_vec_push(&e->slices, slice);
  return true;
}

/* `[l =] expr : level-type`; the binding is required (and must name a
 * declared level variable) when level variables were declared. */
static bool parse_lvl_spec(sharc_parser *p, void *state) {
  map_parser *mp = state;
  encoding *e = mp->e;
  if (mp->lvls.names.len) {
    const sharc_token *t = sharc_p_tok(p);
    if (t->kind != TOK_BARE_ID)
      return sharc_p_error(p, "expected bare identifier");
    sharc_str s = sharc_tok_str(t);
    if (!names_has(&mp->lvls, s))
      return sharc_p_error(p, "use of undeclared identifier '%.*s'", (int)s.len, s.data);
    sharc_p_next(p);
    if (!sharc_p_expect(p, '='))
      return false;
  }
  const sharc_affine_expr *expr = parse_expr_over(mp, &mp->dims);
  uint64_t lt = 0;
  if (!expr || !sharc_p_expect(p, ':') || !parse_level_type(p, &lt))
    return false;
  sharc_vec_push(&mp->lvl_exprs, expr);
  sharc_vec_push(&e->lvls, lt);
  return true;
}

static bool parse_dim_specs(map_parser *mp) {
  return sharc_p_parse_comma_list(mp->p, SHARC_P_DELIM_PAREN, parse_dim_spec, mp,
                                  " in dimension-specifier list");
}

static bool parse_lvl_specs(map_parser *mp, encoding *e) {
  sharc_parser *p = mp->p;
  sharc_token at = *sharc_p_tok(p);
  if (!sharc_p_parse_comma_list(p, SHARC_P_DELIM_PAREN, parse_lvl_spec, mp,
                                " in level-specifier list"))
    return false;
  if (mp->lvls.names.len && mp->lvls.names.len != e->lvls.len)
    return sharc_p_error_at(p, &at,
                            "Level-rank mismatch between forward-declarations and specifiers. "
                            "Declared %u level-variables; but got %u level-specifiers.",
                            (unsigned)mp->lvls.names.len, (unsigned)e->lvls.len);
  return true;
}

/* DimLvlMap::getDimToLvlMap / getLvlToDimMap, and the all-or-nothing slices. */
static void finish_map(map_parser *mp, encoding *e) {
  sharc_context *ctx = sharc_p_context(mp->p);
  unsigned nsyms = mp->syms.names.len;
  e->dim_to_lvl = sharc_attr_affine_map(ctx, mp->dims.names.len, nsyms, mp->lvl_exprs.items,
                                        mp->lvl_exprs.len);
  SHARC_VEC(const sharc_affine_expr *) given = {0};
  for (unsigned i = 0; i < mp->dim_exprs.len; i++)
    if (mp->dim_exprs.items[i])
      sharc_vec_push(&given, mp->dim_exprs.items[i]);
  e->lvl_to_dim = given.len ? sharc_attr_affine_map(ctx, e->lvls.len, nsyms, given.items, given.len)
                            : NULL;
  sharc_vec_free(&given);
  bool any = false;
  for (unsigned i = 0; i < e->slices.len; i++)
    any = any || e->slices.items[i];
  if (!any) {
    sharc_vec_clear(&e->slices);
    return;
  }
  for (unsigned i = 0; i < e->slices.len; i++)
    if (!e->slices.items[i])
      e->slices.items[i] = slice_get(ctx, 0, SHARC_DYNAMIC, 1);
}

static bool parse_dim_lvl_map(sharc_parser *p, encoding *e) {
  map_parser mp = {.p = p, .e = e};
  sharc_vec_clear(&e->lvls);
  sharc_vec_clear(&e->slices);
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_OPTIONAL_SQUARE, bind_symbol, &mp,
                                     " in symbol binding list") &&
            sharc_p_parse_comma_list(p, SHARC_P_DELIM_OPTIONAL_BRACES, bind_level, &mp,
                                     " in level declaration list") &&
            parse_dim_specs(&mp) && sharc_p_expect_arrow(p) && parse_lvl_specs(&mp, e);
  if (ok)
    finish_map(&mp, e);
  names_free(&mp.syms);
  names_free(&mp.dims);
  names_free(&mp.lvls);
  sharc_vec_free(&mp.dim_exprs);
  sharc_vec_free(&mp.lvl_exprs);
  return ok;
}

/* ---- #sparse_tensor.encoding<{...}> ----------------------------------------- */

static const char *const encoding_keys[] = {"map", "posWidth", "crdWidth", "explicitVal", "implicitVal"};

/* A numeric value: an integer, a float (complex numbers have no attribute here). */
static bool is_numeric(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_INTEGER || a->kind == SHARC_ATTR_BOOL || a->kind == SHARC_ATTR_FLOAT;
}

static bool parse_width(sharc_parser *p, const sharc_token *name, const char *what, int64_t *out) {
  sharc_attr *a;
  if (!sharc_p_parse_attr(p, NULL, &a))
    return false;
  if (a->kind == SHARC_ATTR_BOOL) { /* `true` is an i1 IntegerAttr */
    *out = a->b;
    return true;
  }
  if (a->kind != SHARC_ATTR_INTEGER)
    return sharc_p_error_at(p, name, "expected an integral %s bitwidth", what);
  *out = sharc_attr_int_value(a);
  return true;
}

static bool parse_value(sharc_parser *p, const sharc_token *name, const char *key, sharc_attr **out) {
  if (!sharc_p_parse_attr(p, NULL, out))
    return false;
  return is_numeric(*out) || sharc_p_error_at(p, name, "expected a numeric value for %s", key);
}

static bool parse_entry(sharc_parser *p, const sharc_token *name, unsigned key, encoding *e) {
  switch (key) {
  case 0:
    return parse_dim_lvl_map(p, e);
  case 1:
    return parse_width(p, name, "position", &e->pos_width);
  case 2:
    return parse_width(p, name, "index", &e->crd_width);
  case 3:
    return parse_value(p, name, "explicitVal", &e->explicit_val);
  default:
    return parse_value(p, name, "implicitVal", &e->implicit_val);
  }
}

static bool parse_entries(sharc_parser *p, const sharc_token *name, encoding *e) {
  if (!sharc_p_expect(p, '<') || !sharc_p_expect(p, '{'))
    return false;
  while (sharc_p_tok(p)->kind == TOK_BARE_ID) {
    const sharc_token *t = sharc_p_tok(p);
    unsigned key = 0;
    while (key < 5 && !sharc_tok_is_keyword(t, encoding_keys[key]))
      key++;
    if (key == 5) {
      sharc_str s = sharc_tok_str(t);
      return sharc_p_error_at(p, name, "unexpected key: %.*s", (int)s.len, s.data);
    }
    sharc_p_next(p);
    if (!sharc_p_expect(p, '=') || !parse_entry(p, name, key, e))
      return false;
    if (!sharc_p_eat(p, ','))
      break;
  }
  return sharc_p_expect(p, '}') && sharc_p_expect(p, '>');
}

static sharc_attr *encoding_get(sharc_context *ctx, encoding *e) {
  SHARC_VEC(uintptr_t) w = {0};
  uintptr_t head[W_HEAD] = {(uintptr_t)e->dim_to_lvl,   (uintptr_t)e->lvl_to_dim,
                            (uintptr_t)e->pos_width,    (uintptr_t)e->crd_width,
                            (uintptr_t)e->explicit_val, (uintptr_t)e->implicit_val,
                            (uintptr_t)e->lvls.len,     (uintptr_t)e->slices.len};
  for (unsigned i = 0; i < W_HEAD; i++)
    sharc_vec_push(&w, head[i]);
  for (unsigned i = 0; i < e->lvls.len; i++)
    sharc_vec_push(&w, (uintptr_t)e->lvls.items[i]);
  for (unsigned i = 0; i < e->slices.len; i++)
    sharc_vec_push(&w, (uintptr_t)e->slices.items[i]);
  sharc_attr *a = sharc_attr_dialect(ctx, &encoding_def, w.items, w.len, NULL);
  sharc_vec_free(&w);
  return a;
}

static sharc_attr *parse_encoding(sharc_parser *p, const sharc_token *name) {
  encoding e = {0};
  sharc_attr *a = NULL;
  if (parse_entries(p, name, &e)) {
    if (!e.lvl_to_dim)
      e.lvl_to_dim = infer_lvl_to_dim(sharc_p_context(p), e.dim_to_lvl);
    if (verify_encoding_attr(p, name, &e))
      a = encoding_get(sharc_p_context(p), &e);
  }
  encoding_free(&e);
  return a;
}

/* `#sparse_tensor<slice(...)>` (no mnemonic) or `#sparse_tensor.encoding<...>` */
/* MLIR's getNameLoc for a dialect attribute: where its mnemonic starts
 * (the `<` after it when the two are on different lines). */
static sharc_token name_loc(const sharc_parser *p, sharc_str mnemonic) {
  sharc_token t = *sharc_p_tok(p);
  const char *m = mnemonic.data;
  if (!mnemonic.len || m > t.start || memchr(m, '\n', (size_t)(t.start - m)) ||
      (size_t)(t.start - m) >= t.col)
    return t;
  t.col -= (unsigned)(t.start - m);
  t.start = m;
  t.len = mnemonic.len;
  return t;
}

static sharc_attr *parse_attr(sharc_parser *p, sharc_str mnemonic, sharc_type *type) {
  (void)type;
  sharc_token name = name_loc(p, mnemonic);
  if (sharc_str_eq_cstr(mnemonic, "encoding"))
    return parse_encoding(p, &name);
  if (mnemonic.len == 0) {
    if (!sharc_p_expect(p, '<'))
      return NULL;
    sharc_token tag = *sharc_p_tok(p);
    if (sharc_tok_is_keyword(&tag, "slice")) {
      sharc_p_next(p);
      return parse_slice(p, &tag);
    }
    sharc_str s = tag.kind == TOK_BARE_ID ? sharc_tok_str(&tag) : (sharc_str){"", 0};
    sharc_p_error_at(p, &tag, "unknown attribute `%.*s` in dialect `sparse_tensor`", (int)s.len,
                     s.data);
    return NULL;
  }
  sharc_p_error_at(p, &name, "unknown attribute `%.*s` in dialect `sparse_tensor`",
                   (int)mnemonic.len, mnemonic.data);
  return NULL;
}

/* ---- VerifiableTensorEncoding ------------------------------------------------ */

static bool float_is_zero(const sharc_attr *a) {
  unsigned w = sharc_type_bit_width(a->type);
  uint64_t lo = sharc_attr_float_lo(a);
  if (w > 0 && w < 64)
    lo &= ~(1ull << (w - 1)); /* -0.0 is zero too */
  else if (w == 64)
    lo &= ~(1ull << 63);
  uint64_t hi = w > 64 ? sharc_attr_float_hi(a) & ~(1ull << (w - 65)) : 0;
  return lo == 0 && hi == 0;
}

static bool value_type_matches(sharc_parser *p, const sharc_token *at, const sharc_attr *v,
                               sharc_type *elem, const char *which) {
  if (v->type == elem)
    return true;
  sharc_buf a = {0}, b = {0};
  sharc_print_type(v->type, &a);
  sharc_print_type(elem, &b);
  sharc_p_error_at(p, at, "%s value type mismatch between encoding and tensor element type: '%s' != '%s'",
                   which, a.data, b.data);
  sharc_buf_free(&a);
  sharc_buf_free(&b);
  return false;
}

/* SparseTensorEncodingAttr::verifyEncoding: a non-scalar tensor of the
 * encoding's dimension rank, values of its element type, a zero implicit
 * value. The structure was verified when the attribute was made. */
static bool verify_encoding(sharc_parser *p, const sharc_token *kw, const sharc_attr *enc,
                            const int64_t *shape, unsigned rank, sharc_type *elem) {
  (void)shape;
  (void)kw;
  /* MLIR's parseTensorType reports at the token after the encoding */
  const sharc_token *at = sharc_p_tok(p);
  if (sharc_attr_def_of(enc) != &encoding_def)
    return true;
  if (rank == 0)
    return sharc_p_error_at(p, at, "expected non-scalar sparse tensor");
  if (enc_dim_rank(enc) != rank)
    return sharc_p_error_at(p, at, "dimension-rank mismatch between encoding and tensor shape: %u != %u",
                            enc_dim_rank(enc), rank);
  const sharc_attr *ev = enc_word_attr(enc, W_EXPLICIT), *iv = enc_word_attr(enc, W_IMPLICIT);
  if (ev && !value_type_matches(p, at, ev, elem, "explicit"))
    return false;
  if (!iv)
    return true;
  if (!value_type_matches(p, at, iv, elem, "implicit"))
    return false;
  bool zero = iv->kind == SHARC_ATTR_FLOAT ? float_is_zero(iv) : sharc_attr_is_zero_int(iv);
  return zero || sharc_p_error_at(p, at, "implicit value must be zero");
}

const sharc_dialect sharc_sparse_tensor_dialect = {
    .name = "sparse_tensor",
    .parse_attr = parse_attr,
    .verify_encoding = verify_encoding,
};
