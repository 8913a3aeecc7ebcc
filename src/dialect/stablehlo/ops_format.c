/* The format engine: most StableHLO ops are declared with an ODS
 * assemblyFormat, and each table row carries the same format as a short
 * string that this file both parses and prints, with MLIR's spacing rules.
 *
 * Format tokens, separated by spaces:
 *   $          the next operand
 *   $*         all remaining operands, comma-separated (possibly none)
 *   $+,        remaining operands, each followed by `,`
 *   @name:kind an attribute (kinds below)
 *   attr-dict  the discardable attribute dictionary
 *   (regions)  ` (` the op's regions, comma-separated `)`, when it has any
 *   [? ... ?]  an optional group, present when its first attribute (or its
 *              operands) is set
 *   :same :fn :res :select :complex :tuple :vsame :types
 *              `:` and a type directive (SameOperandsAndResultType,
 *              functional-type, type(results), ...)
 *   ``         no space before the next element
 *   other      a literal keyword or punctuation
 * Attribute kinds: arr (DenseI64Array), int (i64), i32, bool, str, sym
 * (custom_call target), enum kinds (cmpdir, cmptype, fft, rngalg, rngdist),
 * and StableHLO's custom directives: slice, conv, window, prec, precalgo,
 * dotdims, expman. */
#include "dialect/stablehlo/format_compile.h"
#include "support/buf_copy.h"
#include "support/small_room.h"
#include "support/xalloc.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ======================================================================
 * parsing
 * ====================================================================== */

typedef struct parse_state {
  sharc_parser *p;
  sharc_op_builder *b;
  const shlo_op_def *row;
  const shlo_fmt_directive *dirs; /* the row's compiled format */
  SHARC_VEC(sharc_operand_ref) refs;
  sharc_token first_operand; /* where operand-count errors point */
} parse_state;

static bool add_ref(parse_state *st) {
  if (!st->refs.len)
    st->first_operand = *sharc_p_tok(st->p);
  return sharc_p_parse_operand(st->p, sharc_vec_push_slot(&st->refs));
}

static void set_attr(parse_state *st, const char *name, sharc_attr *v) {
  sharc_builder_set_attr(st->p, st->b, name, v);
}

static sharc_type *i64_type(sharc_context *ctx) {
  return sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
}

/* One list element: an integer, or with `bools` also `true` / `false`, which
 * MLIR's parseInteger reads as 1 and 0 (window lists; `reverse` is printed
 * with booleans). */
static bool parse_list_int(sharc_parser *p, int64_t *v, bool bools) {
  if (bools && sharc_p_eat_keyword(p, "true")) {
    *v = 1;
    return true;
  }
  if (bools && sharc_p_eat_keyword(p, "false")) {
    *v = 0;
    return true;
  }
  return sharc_p_parse_int(p, v);
}

/* The elements of an integer list (inline room for the common short one:
 * a `dims = [0, 1]` list costs no allocation), and whether they may be
 * booleans. */
enum { INT_LIST_SMALL = 16 };
typedef struct int_list {
  int64_t *items; /* NULL, `small`, or the heap once it outgrows it */
  unsigned len, cap;
  bool bools;
  bool element_failed; /* the list stopped at a bad element, not a delimiter */
  int64_t small[INT_LIST_SMALL];
} int_list;

static void int_list_start(int_list *l, bool bools) {
  l->items = NULL;
  l->len = l->cap = 0;
  l->bools = bools;
  l->element_failed = false;
}

static void int_list_free(int_list *l) {
  if (l->items != l->small)
    free(l->items);
}

static bool parse_int_element(sharc_parser *p, void *state) {
  int_list *l = state;
  l->items = sharc_small_room(l->items, l->small, INT_LIST_SMALL, l->len, &l->cap,
                              sizeof *l->items);
  l->element_failed = !parse_list_int(p, &l->items[l->len], l->bools);
  if (!l->element_failed)
    l->len++;
  return !l->element_failed;
}

static bool parse_int_items(sharc_parser *p, int_list *l) {
  return sharc_p_parse_comma_list(p, SHARC_P_DELIM_SQUARE, parse_int_element, l, NULL);
}

/* `[1, 2, 3]` (a DenseI64ArrayAttr without its `array<i64:` prefix) into
 * `vals`, emptied first. */
static bool parse_int_list(sharc_parser *p, sharc_i64_vec *vals, bool bools) {
  sharc_vec_clear(vals);
  int_list l;
  int_list_start(&l, bools);
  bool ok = parse_int_items(p, &l);
  for (unsigned i = 0; ok && i < l.len; i++)
    sharc_vec_push(vals, l.items[i]);
  int_list_free(&l);
  return ok;
}

bool sharc_shlo_parse_i64_array(sharc_parser *p, sharc_attr **out) {
  int_list l;
  int_list_start(&l, false);
  bool ok = parse_int_items(p, &l);
  if (ok)
    *out = sharc_attr_dense_i64_array(sharc_p_context(p), l.items, l.len);
  int_list_free(&l);
  return ok;
}

/* An ODS DenseI64ArrayAttr operand of the format (DenseArrayAttr::parse):
 * after a bad element it still asks for the `]`, which reports too unless
 * the bad element was that `]`. */
static bool parse_ods_i64_array(sharc_parser *p, sharc_attr **out) {
  int_list l;
  int_list_start(&l, false);
  bool ok = parse_int_items(p, &l);
  if (!ok && l.element_failed && !sharc_tok_is(sharc_p_tok(p), ']') &&
      sharc_p_tok(p)->kind != TOK_ERROR)
    sharc_p_wrong_token_error_chained(p, "expected ']'"); /* parseRSquare's */
  if (ok)
    *out = sharc_attr_dense_i64_array(sharc_p_context(p), l.items, l.len);
  int_list_free(&l);
  return ok;
}

/* [0:4, 1:8:2] */
static bool parse_slice_ranges(parse_state *st) {
  sharc_parser *p = st->p;
  sharc_context *ctx = sharc_p_context(p);
  sharc_i64_vec v[3] = {{0}}; /* start, limit and stride of each range */
  bool ok = sharc_p_expect(p, '[');
  if (ok && !sharc_p_eat(p, ']')) {
    do {
      int64_t *start = sharc_vec_push_slot(&v[0]), *limit = sharc_vec_push_slot(&v[1]);
      int64_t *stride = sharc_vec_push_slot(&v[2]);
      *stride = 1;
      ok = sharc_p_parse_int(p, start) && sharc_p_expect(p, ':') && sharc_p_parse_int(p, limit);
      if (ok && sharc_p_eat(p, ':'))
        ok = sharc_p_parse_int(p, stride);
      if (ok && sharc_p_eat(p, ']'))
        break;
      ok = ok && sharc_p_expect(p, ',');
    } while (ok);
  }
  for (int k = 0; ok && k < 3; k++)
    set_attr(st, sharc_shlo_fmt_slice_attrs[k], sharc_attr_dense_i64_array(ctx, v[k].items, v[k].len));
  for (int k = 0; k < 3; k++)
    sharc_vec_free(&v[k]);
  return ok;
}

/* The pairs of window padding, flattened. */
typedef struct pad_pairs {
  sharc_i64_vec *vals;
  sharc_i64_vec pair; /* scratch */
} pad_pairs;

static bool parse_pad_pair(sharc_parser *p, void *state) {
  pad_pairs *pp = state;
  if (!parse_int_list(p, &pp->pair, true))
    return false;
  if (pp->pair.len != 2)
    return sharc_p_error(p, "Expected array with 2 elements, got %u elements instead",
                         pp->pair.len);
  sharc_vec_push(pp->vals, pp->pair.items[0]);
  sharc_vec_push(pp->vals, pp->pair.items[1]);
  return true;
}

/* `[[0, 0], [1, 1]]` (window padding): the pairs, flattened into `vals`. */
static bool parse_pad_pairs(sharc_parser *p, sharc_i64_vec *vals) {
  pad_pairs pp = {vals, {0}};
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_SQUARE, parse_pad_pair, &pp, NULL);
  sharc_vec_free(&pp.pair);
  return ok;
}

/* stride = [2, 1], pad = [[0, 0], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1],
 * reverse = [0, 1] */
static bool parse_window(parse_state *st) {
  sharc_parser *p = st->p;
  sharc_context *ctx = sharc_p_context(p);
  static const char *const keys[] = {"stride", "pad", "lhs_dilate", "rhs_dilate", "reverse"};
  bool seen[5] = {0};
  while (sharc_p_tok(p)->kind == TOK_BARE_ID) {
    int which = -1;
    for (int k = 0; k < 5; k++)
      if (sharc_tok_is_keyword(sharc_p_tok(p), keys[k]))
        which = k;
    sharc_str kw = sharc_tok_str(sharc_p_tok(p));
    sharc_p_next(p);
    if (which < 0 || seen[which])
      return sharc_p_error(p, "Unexpected keyword %.*s", (int)kw.len, kw.data);
    seen[which] = true;
    if (!sharc_p_expect(p, '='))
      return false;
    sharc_i64_vec list = {0};
    bool ok = which == 1 ? parse_pad_pairs(p, &list) : parse_int_list(p, &list, true);
    const int64_t *vals = list.items;
    unsigned n = list.len;
    if (ok && which == 1) {
      int64_t shape[2] = {n / 2, 2};
      sharc_type *t = sharc_type_tensor(ctx, shape, 2, i64_type(ctx), NULL);
      /* equal values make a splat, as DenseIntElementsAttr::get does */
      bool splat = n > 0;
      for (unsigned i = 1; splat && i < n; i++)
        splat = vals[i] == vals[0];
      set_attr(st, "padding",
               sharc_attr_dense_elements(ctx, t, (const uint64_t *)vals, splat ? 1 : n, splat));
    } else if (ok && which == 4) {
      uint64_t *bits = sharc_xmalloc_array(n + 1, sizeof *bits);
      for (unsigned i = 0; i < n; i++)
        bits[i] = vals[i] != 0;
      set_attr(st, "window_reversal",
               sharc_attr_dense_array(ctx, sharc_type_integer(ctx, 1, SHARC_SIGNLESS), bits, n));
      free(bits);
    } else if (ok) {
      static const char *const names[] = {"window_strides", NULL, "lhs_dilation", "rhs_dilation"};
      set_attr(st, names[which], sharc_attr_dense_i64_array(ctx, vals, n));
    }
    sharc_vec_free(&list);
    if (!ok)
      return false;
    if (!sharc_p_eat(p, ','))
      break;
  }
  return true;
}

static bool parse_precision_element(sharc_parser *p, void *items) {
  sharc_attr *a;
  if (!sharc_shlo_parse_enum_case(p, &sharc_shlo_precision, &a))
    return false;
  sharc_ptrvec_push(items, a);
  return true;
}

/* precision = [DEFAULT, HIGH] (after the leading comma) */
static bool parse_precision_list(parse_state *st) {
  sharc_parser *p = st->p;
  sharc_ptrvec items = {0};
  bool ok = sharc_p_expect_keyword(p, "precision") && sharc_p_expect(p, '=') &&
            sharc_p_parse_comma_list(p, SHARC_P_DELIM_SQUARE, parse_precision_element, &items,
                                     NULL);
  if (ok)
    set_attr(st, "precision_config",
             sharc_attr_array(sharc_p_context(p), (sharc_attr *const *)items.items, items.len));
  sharc_ptrvec_free(&items);
  return ok;
}

static bool parse_algorithm(parse_state *st) {
  sharc_attr *a;
  if (!sharc_p_expect(st->p, '=') || !sharc_shlo_parse_struct_or_full(st->p, &sharc_shlo_dot_algorithm_def, &a))
    return false;
  set_attr(st, "algorithm", a);
  return true;
}

static bool parse_precalgo(parse_state *st, bool with_algorithm) {
  sharc_parser *p = st->p;
  if (!sharc_p_eat(p, ','))
    return true;
  if (with_algorithm && sharc_p_eat_keyword(p, "algorithm"))
    return parse_algorithm(st);
  if (!parse_precision_list(st))
    return false;
  if (!with_algorithm || !sharc_p_eat(p, ','))
    return true;
  return sharc_p_expect_keyword(p, "algorithm") && parse_algorithm(st);
}

/* batching_dims = [0] x [0], contracting_dims = [2] x [1] */
static bool parse_dot_dims(parse_state *st) {
  sharc_parser *p = st->p;
  sharc_context *ctx = sharc_p_context(p);
  sharc_attr *f[4] = {sharc_attr_dense_i64_array(ctx, NULL, 0),
                      sharc_attr_dense_i64_array(ctx, NULL, 0), NULL, NULL};
  if (sharc_p_eat_keyword(p, "batching_dims")) {
    if (!sharc_p_expect(p, '=') || !sharc_shlo_parse_i64_array(p, &f[0]) ||
        !sharc_p_expect_keyword(p, "x") || !sharc_shlo_parse_i64_array(p, &f[1]) ||
        !sharc_p_expect(p, ','))
      return false;
  }
  if (!sharc_p_expect_keyword(p, "contracting_dims") || !sharc_p_expect(p, '=') ||
      !sharc_shlo_parse_i64_array(p, &f[2]) || !sharc_p_expect_keyword(p, "x") ||
      !sharc_shlo_parse_i64_array(p, &f[3]))
    return false;
  set_attr(st, "dot_dimension_numbers", sharc_shlo_struct_get(ctx, &sharc_shlo_dot_def, f));
  return true;
}

/* e5m10 */
/* A run of decimal digits of `kw` from `*i` into an int, as StringRef's
 * getAsInteger does; false when it does not fit. */
static bool expman_digits(sharc_str kw, size_t *i, sharc_str *digits, long long *v) {
  size_t start = *i;
  *v = 0;
  bool fits = true;
  while (*i < kw.len && isdigit((unsigned char)kw.data[*i])) {
    *v = *v * 10 + (kw.data[(*i)++] - '0');
    if (*v > INT32_MAX) {
      fits = false;
      *v = INT32_MAX;
    }
  }
  *digits = (sharc_str){kw.data + start, *i - start};
  return fits;
}

/* `e5m10`: exponent and mantissa bits (parseExponentMantissa). */
static bool parse_expman(parse_state *st) {
  sharc_parser *p = st->p;
  sharc_context *ctx = sharc_p_context(p);
  sharc_token at = *sharc_p_tok(p);
  sharc_str kw, ed = {0}, md = {0};
  if (!sharc_p_parse_keyword(p, &kw, "expected valid keyword"))
    return false;
  size_t i = 0;
  long long e = 0, m = 0;
  bool ok = kw.len > 0 && kw.data[i++] == 'e';
  bool e_fits = ok && expman_digits(kw, &i, &ed, &e);
  ok = ok && ed.len > 0 && i < kw.len && kw.data[i++] == 'm';
  bool m_fits = ok && expman_digits(kw, &i, &md, &m);
  ok = ok && md.len > 0 && i == kw.len;
  if (!ok)
    return sharc_p_error_at(p, &at, "expected exponent mantissa in format e#m#, saw %.*s",
                            (int)kw.len, kw.data);
  if (!e_fits)
    return sharc_p_error_at(p, &at, "unable to parse exponent '%.*s'", (int)ed.len, ed.data);
  if (!m_fits)
    return sharc_p_error_at(p, &at, "unable to parse mantissa '%.*s'", (int)md.len, md.data);
  sharc_type *i32 = sharc_type_integer(ctx, 32, SHARC_SIGNLESS);
  set_attr(st, "exponent_bits", sharc_attr_integer(ctx, i32, e));
  set_attr(st, "mantissa_bits", sharc_attr_integer(ctx, i32, m));
  return true;
}

static bool parse_bool(sharc_parser *p, sharc_attr **out) {
  sharc_context *ctx = sharc_p_context(p);
  if (sharc_p_eat_keyword(p, "true"))
    return (*out = sharc_attr_bool(ctx, true)), true;
  if (sharc_p_eat_keyword(p, "false"))
    return (*out = sharc_attr_bool(ctx, false)), true;
  return sharc_p_error(p, "expected attribute value");
}

/* A plain attribute value of kind `kind` (the custom directives set their
 * attributes themselves). */
static bool parse_attr_value(sharc_parser *p, const shlo_fmt_directive *d, sharc_attr **a) {
  sharc_context *ctx = sharc_p_context(p);
  switch ((shlo_fmt_attr_kind)d->sub) {
  case SHLO_FA_ENUM:
    return sharc_shlo_parse_enum_case(p, d->enum_def, a);
  case SHLO_FA_ARR:
    return parse_ods_i64_array(p, a);
  case SHLO_FA_INT:
  case SHLO_FA_I32: {
    int64_t v;
    if (!sharc_p_parse_int(p, &v))
      return false;
    unsigned width = d->sub == SHLO_FA_INT ? 64 : 32;
    *a = sharc_attr_integer(ctx, sharc_type_integer(ctx, width, SHARC_SIGNLESS), v);
    return true;
  }
  case SHLO_FA_BOOL:
    return parse_bool(p, a);
  case SHLO_FA_STR: {
    sharc_str s;
    if (sharc_p_tok(p)->kind != TOK_STRING)
      return sharc_p_error(p, "expected attribute value");
    if (!sharc_p_parse_string(p, &s))
      return false;
    *a = sharc_attr_string(ctx, s);
    return true;
  }
  case SHLO_FA_SYM:
    return sharc_p_parse_symbol_name(p, a);
  case SHLO_FA_CONV:
    return sharc_shlo_parse_conv_dims(p, a);
  default:
    return sharc_p_parse_attr(p, NULL, a);
  }
}

static bool parse_attr_item(parse_state *st, const shlo_fmt_directive *d) {
  switch ((shlo_fmt_attr_kind)d->sub) {
  case SHLO_FA_SLICE:
    return parse_slice_ranges(st);
  case SHLO_FA_WINDOW:
    return parse_window(st);
  case SHLO_FA_PREC:
    return parse_precalgo(st, false);
  case SHLO_FA_PRECALGO:
    return parse_precalgo(st, true);
  case SHLO_FA_DOTDIMS:
    return parse_dot_dims(st);
  case SHLO_FA_EXPMAN:
    return parse_expman(st);
  default:
    break;
  }
  sharc_attr *a = NULL;
  if (!parse_attr_value(st->p, d, &a))
    return false;
  set_attr(st, d->name, a);
  return true;
}

/* ---- type directives ---- */

static bool resolve_all(parse_state *st, sharc_type *const *types, unsigned n) {
  if (n != st->refs.len)
    return sharc_p_error_at(st->p, st->refs.len ? &st->first_operand : sharc_p_tok(st->p),
                            "%u operands present, but expected %u", st->refs.len, n);
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v;
    if (!sharc_p_resolve_operand(st->p, &st->refs.items[i], types[i], &v))
      return false;
    sharc_ptrvec_push(&st->b->operands, v);
  }
  return true;
}

/* OpAsmParser::resolveOperands of a variadic group against a type list. */
static bool resolve_variadic(parse_state *st, sharc_type *const *types, unsigned n) {
  if (n != st->refs.len)
    return sharc_p_error_at(st->p, st->refs.len ? &st->first_operand : sharc_p_tok(st->p),
                            "number of operands and types do not match: got %u operands and "
                            "%u types",
                            st->refs.len, n);
  return resolve_all(st, types, n);
}

static bool resolve_same(parse_state *st, sharc_type *t) {
  for (unsigned i = 0; i < st->refs.len; i++) {
    sharc_value *v;
    if (!sharc_p_resolve_operand(st->p, &st->refs.items[i], t, &v))
      return false;
    sharc_ptrvec_push(&st->b->operands, v);
  }
  return true;
}

/* A function type: its inputs for the operands, its results for the op's. */
static bool take_function_type(parse_state *st, sharc_type *fn, bool single_result,
                               const sharc_token *at) {
  unsigned n_in = sharc_type_func_num_inputs(fn);
  /* ODS resolves them at the first operand */
  if (n_in != st->refs.len)
    return sharc_p_error_at(st->p, st->refs.len ? &st->first_operand : at,
                            "%u operands present, but expected %u", st->refs.len, n_in);
  if (single_result && sharc_type_func_num_results(fn) != 1)
    return sharc_p_error_at(st->p, at, "expected single output");
  if (!resolve_all(st, sharc_type_func_inputs(fn), n_in))
    return false;
  for (unsigned i = 0; i < sharc_type_func_num_results(fn); i++)
    sharc_ptrvec_push(&st->b->result_types, sharc_type_func_result(fn, i));
  return true;
}

bool sharc_shlo_not_function_type(sharc_parser *p, const sharc_token *at, const sharc_type *t) {
  sharc_buf s = {0};
  sharc_print_type(t, &s);
  sharc_p_error_at(p, at, "invalid kind of type specified: expected builtin.function, but found %s",
                   s.data);
  sharc_buf_free(&s);
  return false;
}

static sharc_type *real_of_complex_tensor(sharc_context *ctx, const sharc_type *t) {
  sharc_type *elem = sharc_type_element(sharc_type_element(t));
  if (t->kind == SHARC_TYPE_TENSOR)
    return sharc_type_tensor(ctx, t->shaped.shape, t->shaped.rank, elem, t->shaped.encoding);
  return sharc_type_unranked_tensor(ctx, elem);
}

static bool parse_type_element(sharc_parser *p, void *types) {
  sharc_type *t;
  if (!sharc_p_parse_type(p, &t))
    return false;
  sharc_ptrvec_push(types, t);
  return true;
}

static bool parse_type_directive(parse_state *st, shlo_fmt_type_kind kind) {
  sharc_parser *p = st->p;
  sharc_context *ctx = sharc_p_context(p);
  if (!sharc_p_expect(p, ':'))
    return false;
  sharc_token at = *sharc_p_tok(p);
  sharc_type *ty;
  if (kind == SHLO_FT_TYPES) {
    /* return: `: T, T` for as many operands */
    sharc_type **types = sharc_xmalloc_array(st->refs.len + 1, sizeof *types);
    bool ok = true;
    for (unsigned i = 0; ok && i < st->refs.len; i++)
      ok = (i == 0 || sharc_p_expect(p, ',')) && sharc_p_parse_type(p, &types[i]);
    ok = ok && resolve_all(st, types, st->refs.len);
    free(types);
    return ok;
  }
  if (kind == SHLO_FT_SELECT) {
    sharc_type *a, *b2;
    if (!sharc_p_parse_type(p, &a))
      return false;
    if (a->kind == SHARC_TYPE_FUNCTION && !sharc_tok_is(sharc_p_tok(p), ','))
      return take_function_type(st, a, true, &at);
    if (!sharc_p_eat(p, ','))
      return sharc_p_error_at(p, &at, "expected functional type or list of two types");
    if (!sharc_p_parse_type(p, &b2))
      return false;
    if (sharc_tok_is(sharc_p_tok(p), ','))
      return sharc_p_error_at(p, &at, "expected functional type or list of two types");
    sharc_type *types[3] = {a, b2, b2};
    if (!resolve_all(st, types, 3))
      return false;
    sharc_ptrvec_push(&st->b->result_types, b2);
    return true;
  }
  if (kind == SHLO_FT_PAIR) {
    /* parsePairwiseOpType: a type list, the results alike */
    sharc_token list_at = *sharc_p_tok(p);
    sharc_ptrvec types = {0};
    bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_NONE, parse_type_element, &types, NULL);
    if (!ok)
      sharc_p_error_chained_at(p, &list_at, "expected type list");
    ok = ok && resolve_variadic(st, (sharc_type *const *)types.items, types.len);
    for (unsigned i = 0; ok && i < types.len; i++)
      sharc_ptrvec_push(&st->b->result_types, types.items[i]);
    sharc_ptrvec_free(&types);
    return ok;
  }
  if (!sharc_p_parse_type(p, &ty))
    return false;
  if (kind == SHLO_FT_FN) {
    if (ty->kind != SHARC_TYPE_FUNCTION)
      return sharc_shlo_not_function_type(p, &at, ty);
    return take_function_type(st, ty, false, &at);
  }
  if (kind == SHLO_FT_RES) {
    sharc_ptrvec_push(&st->b->result_types, ty);
    return resolve_all(st, NULL, 0);
  }
  if (ty->kind == SHARC_TYPE_FUNCTION)
    return take_function_type(st, ty, true, &at);
  if (kind == SHLO_FT_TUPLE) {
    if (ty->kind != SHARC_TYPE_TUPLE)
      return sharc_p_error_at(p, &at, "expected tuple type");
    if (!resolve_variadic(st, ty->list.types, ty->list.n_in))
      return false;
    sharc_ptrvec_push(&st->b->result_types, ty);
    return true;
  }
  if (kind == SHLO_FT_COMPLEX) {
    sharc_type *elem = sharc_type_element(ty);
    if (!sharc_type_is_shaped(ty) || !elem || elem->kind != SHARC_TYPE_COMPLEX)
      return sharc_p_error_at(p, &at, "expected tensor with complex element type");
    sharc_type *real = real_of_complex_tensor(ctx, ty);
    if (!resolve_same(st, real))
      return false;
    sharc_ptrvec_push(&st->b->result_types, ty);
    return true;
  }
  /* :same, :vsame */
  if (!resolve_same(st, ty))
    return false;
  sharc_ptrvec_push(&st->b->result_types, ty);
  return true;
}

static bool parse_items(parse_state *st, const shlo_fmt_directive *d, const shlo_fmt_directive *end);

/* Whether the input holds the optional group whose first directive is
 * `first` (NULL: an empty group). */
static bool group_present(sharc_parser *p, const shlo_fmt_directive *first) {
  if (!first)
    return false;
  if (first->len == 1 && !isalpha((unsigned char)first->tok[0]))
    return sharc_tok_is(sharc_p_tok(p), first->tok[0]);
  if (first->tok[0] == '$')
    return sharc_p_at_operand(p);
  if (first->tok[0] == ':')
    return sharc_tok_is(sharc_p_tok(p), ':');
  return sharc_tok_is_keyword(sharc_p_tok(p), first->tok);
}

static bool parse_literal(sharc_parser *p, const shlo_fmt_directive *d) {
  if (d->len == 2 && d->tok[0] == '-' && d->tok[1] == '>')
    return sharc_p_expect_arrow(p);
  if (d->len == 1 && !isalpha((unsigned char)d->tok[0]))
    return sharc_p_expect(p, d->tok[0]);
  return sharc_p_expect_keyword(p, d->tok);
}

/* The attr-dict, then the constraints of the inherent attributes parsed so
 * far, reported at the dictionary as ODS's generated parsers do. */
static bool parse_attr_dict(parse_state *st) {
  sharc_token at = *sharc_p_tok(st->p);
  if (!sharc_p_parse_optional_attr_dict(st->p, st->b))
    return false;
  const char *what = NULL;
  const char *bad = sharc_shlo_bad_inherent_attr(st->row, st->b->attrs, st->b->num_attrs, &what);
  if (!bad)
    return true;
  return sharc_p_error_at(st->p, &at, "'%s' op attribute '%s' failed to satisfy constraint: %s",
                          st->row->def.name, bad, what);
}

/* `(` region (`,` region)* `)`: optional, anchored on the parenthesis. */
static bool parse_regions(parse_state *st) {
  if (!sharc_p_eat(st->p, '('))
    return true;
  do {
    sharc_region *r = NULL;
    if (!sharc_p_parse_region(st->p, &r, NULL, 0, false))
      return false;
    sharc_ptrvec_push(&st->b->regions, r);
  } while (sharc_p_eat(st->p, ','));
  return sharc_p_expect(st->p, ')');
}

static bool parse_operand_element(sharc_parser *p, void *st) {
  (void)p;
  return add_ref(st);
}

/* `$*`: operands, comma-separated, possibly none. */
static bool parse_operand_list(parse_state *st) {
  if (!sharc_p_at_operand(st->p))
    return true;
  return sharc_p_parse_comma_list(st->p, SHARC_P_DELIM_NONE, parse_operand_element, st, NULL);
}

static bool parse_item(parse_state *st, const shlo_fmt_directive *d) {
  sharc_parser *p = st->p;
  switch ((shlo_fmt_kind)d->kind) {
  case SHLO_FD_OPERAND:
    return add_ref(st);
  case SHLO_FD_OPERANDS:
    return parse_operand_list(st);
  case SHLO_FD_OPERANDS_COMMA:
    while (sharc_p_at_operand(p))
      if (!add_ref(st) || !sharc_p_expect(p, ','))
        return false;
    return true;
  case SHLO_FD_ATTR:
    return parse_attr_item(st, d);
  case SHLO_FD_ATTR_DICT:
    return parse_attr_dict(st);
  case SHLO_FD_REGIONS:
    return parse_regions(st);
  case SHLO_FD_NO_SPACE:
    return true;
  case SHLO_FD_TYPE:
    return parse_type_directive(st, (shlo_fmt_type_kind)d->sub);
  default:
    return parse_literal(p, d);
  }
}

static bool parse_items(parse_state *st, const shlo_fmt_directive *d, const shlo_fmt_directive *end) {
  while (d < end) {
    if (d->kind != SHLO_FD_GROUP) {
      if (!parse_item(st, d++))
        return false;
      continue;
    }
    const shlo_fmt_directive *g_end = st->dirs + d->end;
    if (group_present(st->p, d + 1 < g_end ? d + 1 : NULL) && !parse_items(st, d + 1, g_end))
      return false;
    d = g_end;
  }
  return true;
}

bool sharc_shlo_format_parse(sharc_parser *p, sharc_op_builder *b) {
  const shlo_op_def *row = (const shlo_op_def *)sharc_context_lookup_op_ident(b->name);
  const shlo_fmt_compiled *c = sharc_shlo_format_compiled(row);
  parse_state st = {.p = p, .b = b, .row = row, .dirs = c->dirs};
  bool ok = parse_items(&st, c->dirs, c->dirs + c->num_dirs);
  sharc_vec_free(&st.refs);
  return ok;
}

/* ======================================================================
 * printing
 * ====================================================================== */

typedef struct print_state {
  sharc_printer *p;
  sharc_op *op;
  unsigned next_operand;
  bool emit_space;     /* MLIR's shouldEmitSpace */
  bool last_was_punct; /* MLIR's lastWasPunctuation */
} print_state;

static void space_for_element(print_state *st) {
  if (st->emit_space)
    sharc_buf_putc(st->p->out, ' ');
  st->emit_space = true;
  st->last_was_punct = false;
}

/* What MLIR's literal printing asks of a token's first character: opening
 * or closing punctuation, or a word character (isalpha in the C locale,
 * or '_'); a switch, as every op prints a few literals. */
_Static_assert((int)SHLO_TOKEN_PAD >= (int)SHARC_PR_TEXT_PAD, "tokens are copied by sharc_pr_put_padded");

/* A literal token, spaced by its class (`cls`, SHLO_LIT_*) and what was
 * printed before it; `tok` has SHLO_TOKEN_PAD readable bytes. */
static void print_literal(print_state *st, const char *tok, size_t len, unsigned cls) {
  bool space_before = !(cls & SHLO_LIT_SINGLE) ||
                      (!(cls & SHLO_LIT_CLOSE) && (st->last_was_punct || !(cls & SHLO_LIT_OPEN)));
  if (st->emit_space && space_before)
    sharc_buf_putc(st->p->out, ' ');
  sharc_pr_put_padded(st->p->out, tok, len);
  st->emit_space = len != 1 || !(cls & SHLO_LIT_OPEN);
  st->last_was_punct = !(cls & SHLO_LIT_WORD);
}

static void print_i64_list(sharc_printer *p, const sharc_attr *a) {
  sharc_buf *b = p->out;
  sharc_buf_putc(b, '[');
  unsigned n = a ? sharc_attr_count(a) : 0;
  for (unsigned i = 0; i < n; i++) { /* the raw words, as sharc_attr_dense_array_i64 reads them */
    if (i)
      SHARC_BUF_LIT(b, ", ");
    sharc_buf_put_i64(b, (int64_t)sharc_darray_raw(a)[i]);
  }
  sharc_buf_putc(b, ']');
}

static void print_slice_ranges(sharc_printer *p, sharc_op *op) {
  sharc_attr *v[3];
  for (int k = 0; k < 3; k++)
    v[k] = sharc_shlo_i64_array(op, sharc_shlo_fmt_slice_attrs[k]);
  unsigned n[3];
  for (int k = 0; k < 3; k++)
    n[k] = v[k] ? sharc_attr_count(v[k]) : 0;
  if (n[0] != n[1] || n[0] != n[2]) {
    sharc_pr_puts(p, "[start_indices: ");
    for (int k = 0; k < 3; k++) {
      if (k == 1)
        sharc_pr_puts(p, ", limit_indices: ");
      if (k == 2)
        sharc_pr_puts(p, ", strides: ");
      for (unsigned i = 0; i < n[k]; i++) {
        sharc_pr_puts(p, i ? ", " : "");
        sharc_buf_put_i64(p->out, sharc_attr_dense_array_i64(v[k], i));
      }
    }
    sharc_pr_puts(p, "]");
    return;
  }
  sharc_pr_puts(p, "[");
  for (unsigned i = 0; i < n[0]; i++) {
    int64_t stride = sharc_attr_dense_array_i64(v[2], i);
    sharc_pr_puts(p, i ? ", " : "");
    sharc_buf_put_i64(p->out, sharc_attr_dense_array_i64(v[0], i));
    sharc_buf_putc(p->out, ':');
    sharc_buf_put_i64(p->out, sharc_attr_dense_array_i64(v[1], i));
    if (stride != 1) {
      sharc_buf_putc(p->out, ':');
      sharc_buf_put_i64(p->out, stride);
    }
  }
  sharc_pr_puts(p, "]");
}

static void print_window(sharc_printer *p, sharc_op *op) {
  static const char *const keys[] = {"stride", "pad", "lhs_dilate", "rhs_dilate", "reverse"};
  const char *sep = "";
  for (int k = 0; k < 5; k++) {
    sharc_attr *a = sharc_op_attr(op, sharc_shlo_fmt_window_attrs[k]);
    if (!a)
      continue;
    sharc_buf_printf(p->out, "%s%s = [", sep, keys[k]);
    sep = ", ";
    if (k == 1 && a->kind == SHARC_ATTR_DENSE_ELEMENTS) {
      int64_t n = sharc_type_num_elements(a->type);
      for (int64_t i = 0; i + 1 < n; i += 2) {
        sharc_pr_puts(p, i ? ", [" : "[");
        sharc_buf_put_i64(p->out, sharc_attr_dense_int(a, i));
        sharc_pr_puts(p, ", ");
        sharc_buf_put_i64(p->out, sharc_attr_dense_int(a, i + 1));
        sharc_pr_puts(p, "]");
      }
    } else if (a->kind == SHARC_ATTR_DENSE_ARRAY) {
      for (unsigned i = 0; i < sharc_darray_n(a); i++) {
        if (i)
          sharc_pr_puts(p, ", ");
        if (k == 4)
          sharc_pr_puts(p, sharc_darray_raw(a)[i] ? "true" : "false");
        else
          sharc_buf_put_i64(p->out, sharc_darray_raw(a)[i]);
      }
    }
    sharc_pr_puts(p, "]");
  }
}

static void print_precalgo(sharc_printer *p, sharc_op *op, bool with_algorithm) {
  sharc_attr *prec = sharc_op_attr(op, "precision_config");
  if (prec && prec->kind == SHARC_ATTR_ARRAY) {
    sharc_pr_puts(p, ", precision = [");
    for (unsigned i = 0; i < sharc_attr_count(prec); i++) {
      sharc_attr *e = sharc_attr_at(prec, i);
      if (i)
        sharc_pr_puts(p, ", ");
      if (sharc_shlo_enum_index(e, &sharc_shlo_precision) >= 0)
        sharc_pr_puts(p, sharc_shlo_enum_name(e));
      else
        sharc_pr_attr(p, e);
    }
    sharc_pr_puts(p, "]");
  }
  sharc_attr *algo = with_algorithm ? sharc_op_attr(op, "algorithm") : NULL;
  if (algo) {
    sharc_pr_puts(p, ", algorithm = ");
    if (algo->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(algo) == &sharc_shlo_dot_algorithm_def.base)
      sharc_shlo_print_struct_body(p, algo);
    else
      sharc_pr_attr(p, algo);
  }
}

static void print_dot_dims(sharc_printer *p, sharc_op *op) {
  sharc_attr *d = sharc_op_attr(op, "dot_dimension_numbers");
  sharc_attr *f[4];
  for (unsigned i = 0; i < 4; i++)
    f[i] = sharc_shlo_struct_field(d, &sharc_shlo_dot_def, i);
  if ((f[0] && sharc_attr_count(f[0])) || (f[1] && sharc_attr_count(f[1]))) {
    sharc_pr_puts(p, "batching_dims = ");
    print_i64_list(p, f[0]);
    sharc_pr_puts(p, " x ");
    print_i64_list(p, f[1]);
    sharc_pr_puts(p, ", ");
  }
  sharc_pr_puts(p, "contracting_dims = ");
  print_i64_list(p, f[2]);
  sharc_pr_puts(p, " x ");
  print_i64_list(p, f[3]);
}

/* A plain attribute value (the custom directives print their own). */
static void print_attr_value(sharc_printer *p, const shlo_fmt_directive *d, const sharc_attr *a) {
  switch ((shlo_fmt_attr_kind)d->sub) {
  case SHLO_FA_ARR:
    if (a->kind == SHARC_ATTR_DENSE_ARRAY)
      return print_i64_list(p, a);
    break;
  case SHLO_FA_SYM:
    if (a->kind == SHARC_ATTR_STRING)
      return sharc_pr_symbol(p, sharc_attr_string_value(a));
    break;
  case SHLO_FA_CONV:
    if (a->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(a) == &sharc_shlo_conv_def.base)
      return sharc_shlo_print_conv_dims(p, a);
    break;
  case SHLO_FA_INT:
  case SHLO_FA_I32:
  case SHLO_FA_BOOL:
    if (a->kind == SHARC_ATTR_INTEGER || a->kind == SHARC_ATTR_BOOL)
      return sharc_pr_attr_no_type(p, a);
    break;
  default:
    break;
  }
  sharc_pr_attr(p, a);
}

static void print_expman(sharc_printer *p, sharc_op *op) {
  sharc_attr *e = sharc_op_attr(op, "exponent_bits"), *m = sharc_op_attr(op, "mantissa_bits");
  sharc_buf_printf(p->out, "e%lldm%lld", e ? (long long)sharc_attr_int_value(e) : 0LL,
                   m ? (long long)sharc_attr_int_value(m) : 0LL);
}

static void print_attr_item(print_state *st, const shlo_fmt_directive *d) {
  sharc_printer *p = st->p;
  sharc_op *op = st->op;
  space_for_element(st);
  switch ((shlo_fmt_attr_kind)d->sub) {
  case SHLO_FA_SLICE:
    return print_slice_ranges(p, op);
  case SHLO_FA_WINDOW:
    return print_window(p, op);
  case SHLO_FA_PREC:
    return print_precalgo(p, op, false);
  case SHLO_FA_PRECALGO:
    return print_precalgo(p, op, true);
  case SHLO_FA_DOTDIMS:
    return print_dot_dims(p, op);
  case SHLO_FA_EXPMAN:
    return print_expman(p, op);
  default:
    break;
  }
  sharc_attr *a = sharc_op_attr(op, d->name);
  if (d->sub == SHLO_FA_ENUM) {
    /* an EnumAttr's own printer starts with a space */
    sharc_pr_puts(p, " ");
    if (a && sharc_shlo_enum_index(a, d->enum_def) >= 0)
      sharc_pr_puts(p, sharc_shlo_enum_name(a));
    else if (a)
      sharc_pr_attr(p, a);
    return;
  }
  if (a)
    print_attr_value(p, d, a);
}

void sharc_shlo_print_types_of(sharc_printer *p, sharc_op *op, bool results) {
  unsigned n = results ? sharc_op_num_results(op) : sharc_op_num_operands(op);
  for (unsigned i = 0; i < n; i++) {
    if (i)
      sharc_pr_puts(p, ", ");
    sharc_pr_type(p, sharc_value_type(results ? sharc_op_result(op, i) : sharc_op_operand(op, i)));
  }
}

void sharc_shlo_print_functional_type(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, "(");
  sharc_shlo_print_types_of(p, op, false);
  sharc_pr_puts(p, ") -> ");
  unsigned n = sharc_op_num_results(op);
  sharc_type *stack[8];
  sharc_type **types = n <= 8 ? stack : sharc_xmalloc_array(n, sizeof *types);
  for (unsigned i = 0; i < n; i++)
    types[i] = sharc_value_type(sharc_op_result(op, i));
  sharc_pr_function_result_types(p, types, n);
  if (types != stack)
    free(types);
}

static bool all_operands_are(sharc_op *op, const sharc_type *t) {
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (sharc_value_type(sharc_op_operand(op, i)) != t)
      return false;
  return true;
}

static void print_type_directive(print_state *st, shlo_fmt_type_kind kind) {
  sharc_printer *p = st->p;
  sharc_op *op = st->op;
  static const char colon[SHLO_TOKEN_PAD] = ":";
  print_literal(st, colon, 1, SHLO_LIT_SINGLE);
  space_for_element(st);
  sharc_type *res = sharc_op_num_results(op) ? sharc_value_type(sharc_op_result(op, 0)) : NULL;
  if (kind == SHLO_FT_FN)
    return sharc_shlo_print_functional_type(p, op);
  if (kind == SHLO_FT_RES || kind == SHLO_FT_TUPLE) {
    if (res)
      sharc_pr_type(p, res);
    return;
  }
  if (kind == SHLO_FT_TYPES || kind == SHLO_FT_PAIR)
    return sharc_shlo_print_types_of(p, op, false);
  if (kind == SHLO_FT_SELECT && sharc_op_num_operands(op) == 3) {
    sharc_type *on_true = sharc_value_type(sharc_op_operand(op, 1));
    sharc_type *on_false = sharc_value_type(sharc_op_operand(op, 2));
    if (on_true != res || on_false != res)
      return sharc_shlo_print_functional_type(p, op);
    sharc_pr_type(p, sharc_value_type(sharc_op_operand(op, 0)));
    sharc_pr_puts(p, ", ");
    sharc_pr_type(p, res);
    return;
  }
  sharc_type *res_elem = res ? sharc_type_element(res) : NULL;
  if (kind == SHLO_FT_COMPLEX && !(res_elem && sharc_type_get_kind(res_elem) == SHARC_TYPE_COMPLEX &&
                                 sharc_type_has_rank(res)))
    return sharc_shlo_print_functional_type(p, op);
  if (kind == SHLO_FT_COMPLEX) {
    sharc_type *real = real_of_complex_tensor(sharc_op_context(op), res);
    if (!all_operands_are(op, real))
      return sharc_shlo_print_functional_type(p, op);
    sharc_pr_type(p, res);
    return;
  }
  /* SameOperandsAndResultType */
  if (sharc_op_num_results(op) == 1 && all_operands_are(op, res)) {
    sharc_pr_type(p, res);
    return;
  }
  sharc_shlo_print_functional_type(p, op);
}

/* Whether an attribute holds its op's ODS default value (printers leave
 * those out of the attribute dictionary). */
static bool is_default_value(const sharc_attr *a, const shlo_fmt_default *d) {
  switch (d->kind) {
  case SHLO_DEFAULT_FALSE:
    return a->kind == SHARC_ATTR_BOOL && !a->b;
  case SHLO_DEFAULT_EMPTY_ARRAY:
    return a->kind == SHARC_ATTR_ARRAY && sharc_array_n(a) == 0;
  case SHLO_DEFAULT_EMPTY_DICT:
    return a->kind == SHARC_ATTR_DICTIONARY && sharc_dict_n(a) == 0;
  case SHLO_DEFAULT_ACCURACY: {
    const shlo_struct_def *s = &sharc_shlo_result_accuracy_def;
    sharc_attr *atol = sharc_shlo_struct_field(a, s, 0), *rtol = sharc_shlo_struct_field(a, s, 1);
    return shlo_float_is_zero(atol) && shlo_float_is_zero(rtol) && sharc_shlo_struct_int(a, s, 2) == 0 &&
           sharc_shlo_enum_index(sharc_shlo_struct_field(a, s, 3), &sharc_shlo_result_accuracy_mode) == 0;
  }
  case SHLO_DEFAULT_INT:
    return a->kind == SHARC_ATTR_INTEGER && sharc_attr_int_value(a) == d->value;
  }
  return false;
}

/* Names the format prints itself, then names at their default value, into
 * `out` (NULL-terminated; room for the row's owned and default names). */
static void collect_elided(const shlo_fmt_compiled *c, sharc_op *op, const char **out) {
  memcpy(out, c->owned, c->num_owned * sizeof *out);
  unsigned n = c->num_owned;
  for (unsigned i = 0; i < c->num_defaults; i++) {
    sharc_attr *a = sharc_op_attr(op, c->defaults[i].name);
    if (a && is_default_value(a, &c->defaults[i]))
      out[n++] = c->defaults[i].name;
  }
  out[n] = NULL;
}

/* Whether the group `g` prints: its anchor attribute is set (and not at its
 * default false), or its anchor operands exist. */
static bool group_anchor_set(sharc_op *op, const shlo_fmt_directive *dirs,
                             const shlo_fmt_directive *g) {
  if (g->sub == SHLO_ANCHOR_OPERANDS)
    return sharc_op_num_operands(op) > 0;
  if (g->sub != SHLO_ANCHOR_ATTR)
    return false;
  sharc_attr *a = sharc_op_attr(op, dirs[g->anchor].name);
  /* a default-valued anchor counts as absent */
  return a && !(a->kind == SHARC_ATTR_BOOL && !a->b);
}

static void print_regions(print_state *st) {
  unsigned n = sharc_op_num_regions(st->op);
  if (!n)
    return;
  sharc_pr_puts(st->p, " (");
  for (unsigned i = 0; i < n; i++) {
    if (i)
      sharc_pr_puts(st->p, ", ");
    sharc_pr_region(st->p, sharc_op_region(st->op, i), true, true);
  }
  sharc_pr_puts(st->p, ")");
  st->emit_space = true;
}

/* `$*` and `$+,`: the remaining operands, comma-separated; `$+,` with a
 * trailing comma. */
static void print_operand_list(print_state *st, bool trailing) {
  sharc_op *op = st->op;
  space_for_element(st);
  for (unsigned first = st->next_operand; st->next_operand < sharc_op_num_operands(op);) {
    if (st->next_operand > first)
      sharc_pr_puts(st->p, ", ");
    sharc_pr_value(st->p, sharc_op_operand(op, st->next_operand++));
  }
  if (trailing)
    sharc_pr_puts(st->p, ",");
}

static void print_item(print_state *st, const shlo_fmt_directive *d, const char **elided) {
  sharc_op *op = st->op;
  switch ((shlo_fmt_kind)d->kind) {
  case SHLO_FD_OPERAND:
    space_for_element(st);
    /* an op that failed verification may lack operands */
    if (st->next_operand < sharc_op_num_operands(op))
      sharc_pr_value(st->p, sharc_op_operand(op, st->next_operand++));
    return;
  case SHLO_FD_OPERANDS:
  case SHLO_FD_OPERANDS_COMMA:
    return print_operand_list(st, d->kind == SHLO_FD_OPERANDS_COMMA);
  case SHLO_FD_ATTR:
    return print_attr_item(st, d);
  case SHLO_FD_ATTR_DICT:
    return sharc_pr_attr_dict(st->p, sharc_op_attrs(op), elided, false);
  case SHLO_FD_REGIONS:
    return print_regions(st);
  case SHLO_FD_NO_SPACE:
    st->emit_space = false;
    return;
  case SHLO_FD_TYPE:
    return print_type_directive(st, (shlo_fmt_type_kind)d->sub);
  default:
    return print_literal(st, d->tok, d->len, d->sub);
  }
}

static void print_items(print_state *st, const shlo_fmt_directive *dirs,
                        const shlo_fmt_directive *d, const shlo_fmt_directive *end,
                        const char **elided) {
  while (d < end) {
    if (d->kind != SHLO_FD_GROUP) {
      print_item(st, d++, elided);
      continue;
    }
    const shlo_fmt_directive *g_end = dirs + d->end;
    if (group_anchor_set(st->op, dirs, d))
      print_items(st, dirs, d + 1, g_end, elided);
    d = g_end;
  }
}

/* The elided names of most rows fit here; others take the heap. */
enum { ELIDED_ON_STACK = 24 };

void sharc_shlo_format_print(sharc_printer *p, sharc_op *op) {
  const shlo_op_def *row = (const shlo_op_def *)sharc_op_get_def(op);
  const shlo_fmt_compiled *c = sharc_shlo_format_compiled(row);
  const char *stack[ELIDED_ON_STACK];
  unsigned need = c->num_owned + c->num_defaults + 1;
  const char **elided = need <= ELIDED_ON_STACK ? stack : sharc_xmalloc_array(need, sizeof *elided);
  collect_elided(c, op, elided);
  print_state st = {p, op, 0, true, false};
  print_items(&st, c->dirs, c->dirs, c->dirs + c->num_dirs, elided);
  if (elided != stack)
    free(elided);
}
