/* XLA's HloSharding text form: parser and printer (see hlo_sharding.h).
 * The grammar follows HloParser's sharding attribute; validation follows
 * HloSharding::FromProto's checks on tile assignments. Every failure is a
 * message and the byte offset where it was found, never a crash. */
#include "dialect/mhlo/hlo_sharding.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NESTING 64
#define MAX_DEVICES (1 << 24)

typedef struct lexer {
  const char *s;
  size_t len, pos;
  const char *err;
  size_t err_pos;
  unsigned depth;
} lexer;

static bool fail(lexer *lx, const char *msg) {
  if (!lx->err) {
    lx->err = msg;
    lx->err_pos = lx->pos < lx->len ? lx->pos : lx->len;
  }
  return false;
}

static void skip_space(lexer *lx) {
  while (lx->pos < lx->len && isspace((unsigned char)lx->s[lx->pos]))
    lx->pos++;
}

static bool eat(lexer *lx, char c) {
  skip_space(lx);
  if (lx->pos < lx->len && lx->s[lx->pos] == c) {
    lx->pos++;
    return true;
  }
  return false;
}

static bool expect(lexer *lx, char c, const char *msg) {
  return eat(lx, c) || fail(lx, msg);
}

static bool peek(lexer *lx, char c) {
  skip_space(lx);
  return lx->pos < lx->len && lx->s[lx->pos] == c;
}

/* An identifier ([a-z_][a-z0-9_]*); empty when there is none. */
static sharc_str ident(lexer *lx) {
  skip_space(lx);
  size_t start = lx->pos;
  while (lx->pos < lx->len &&
         (isalnum((unsigned char)lx->s[lx->pos]) || lx->s[lx->pos] == '_'))
    lx->pos++;
  return (sharc_str){lx->s + start, lx->pos - start};
}

static bool integer(lexer *lx, int64_t *out) {
  skip_space(lx);
  size_t start = lx->pos;
  bool neg = lx->pos < lx->len && lx->s[lx->pos] == '-';
  if (neg)
    lx->pos++;
  int64_t v = 0;
  size_t digits = 0;
  while (lx->pos < lx->len && isdigit((unsigned char)lx->s[lx->pos])) {
    if (v > (INT64_MAX - 9) / 10) {
      lx->pos = start;
      return fail(lx, "integer out of range");
    }
    v = v * 10 + (lx->s[lx->pos++] - '0');
    digits++;
  }
  if (!digits) {
    lx->pos = start;
    return fail(lx, "expected an integer");
  }
  *out = neg ? -v : v;
  return true;
}

/* `[a,b,...]` of positive integers (at most SHARC_HLO_MAX_DIMS). */
static bool dim_list(lexer *lx, int64_t *dims, unsigned *n) {
  if (!expect(lx, '[', "expected '['"))
    return false;
  *n = 0;
  if (eat(lx, ']'))
    return true;
  do {
    if (*n == SHARC_HLO_MAX_DIMS)
      return fail(lx, "too many dimensions");
    size_t at = lx->pos;
    if (!integer(lx, &dims[*n]))
      return false;
    if (dims[*n] <= 0) {
      lx->pos = at;
      return fail(lx, "dimension sizes must be positive");
    }
    (*n)++;
  } while (eat(lx, ','));
  return expect(lx, ']', "expected ']'");
}

static bool product(const int64_t *dims, unsigned n, int64_t *out) {
  int64_t p = 1;
  for (unsigned i = 0; i < n; i++) {
    if (dims[i] > MAX_DEVICES || p > MAX_DEVICES / dims[i])
      return false;
    p *= dims[i];
  }
  *out = p;
  return true;
}

/* `<=[reshape]` with an optional `T(perm)`, after `devices=[...]`. */
static bool iota_assignment(lexer *lx, sharc_hlo_sharding *s) {
  s->iota = true;
  if (!dim_list(lx, s->reshape, &s->nreshape))
    return false;
  if (s->nreshape == 0)
    return fail(lx, "iota reshape dimensions must not be empty");
  skip_space(lx);
  bool seen[SHARC_HLO_MAX_DIMS] = {false};
  if (lx->pos < lx->len && lx->s[lx->pos] == 'T') {
    lx->pos++;
    if (!expect(lx, '(', "expected '(' after T"))
      return false;
    for (unsigned i = 0; i < s->nreshape; i++) {
      if (i && !expect(lx, ',', "expected ','"))
        return false;
      size_t at = lx->pos;
      if (!integer(lx, &s->perm[i]))
        return false;
      if (s->perm[i] < 0 || s->perm[i] >= (int64_t)s->nreshape || seen[s->perm[i]]) {
        lx->pos = at;
        return fail(lx, "transpose permutation is not a permutation of the reshape dimensions");
      }
      seen[s->perm[i]] = true;
    }
    if (!expect(lx, ')', "expected ')'"))
      return false;
  } else {
    for (unsigned i = 0; i < s->nreshape; i++)
      s->perm[i] = (int64_t)i;
  }
  int64_t tiles, devices;
  if (!product(s->dims, s->ndims, &tiles) || !product(s->reshape, s->nreshape, &devices))
    return fail(lx, "too many devices");
  if (tiles != devices)
    return fail(lx, "iota reshape dimensions do not have as many devices as the tile assignment");
  return true;
}

/* The explicit device list after `devices=[...]`. */
static bool device_list(lexer *lx, sharc_hlo_sharding *s) {
  int64_t n;
  if (!product(s->dims, s->ndims, &n))
    return fail(lx, "too many devices");
  s->devices = malloc((size_t)n * sizeof *s->devices);
  if (!s->devices)
    return fail(lx, "out of memory");
  for (int64_t i = 0; i < n; i++) {
    if (i && !expect(lx, ',', "expected as many devices as the tile assignment has tiles"))
      return false;
    size_t at = lx->pos;
    if (!integer(lx, &s->devices[i]))
      return false;
    if (s->devices[i] < 0) {
      lx->pos = at;
      return fail(lx, "device ids must not be negative");
    }
  }
  if (peek(lx, ','))
    return fail(lx, "more devices than the tile assignment has tiles");
  return true;
}

static bool devices_attr(lexer *lx, sharc_hlo_sharding *s) {
  if (!expect(lx, '=', "expected '=' after devices") || !dim_list(lx, s->dims, &s->ndims))
    return false;
  if (s->ndims == 0)
    return fail(lx, "the tile assignment needs at least one dimension");
  skip_space(lx);
  if (lx->pos + 1 < lx->len && lx->s[lx->pos] == '<' && lx->s[lx->pos + 1] == '=') {
    lx->pos += 2;
    return iota_assignment(lx, s);
  }
  return device_list(lx, s);
}

static bool subgroup_types(lexer *lx, sharc_hlo_sharding *s) {
  if (!expect(lx, '=', "expected '=' after last_tile_dims") ||
      !expect(lx, '{', "expected '{' after last_tile_dims="))
    return false;
  if (eat(lx, '}'))
    return true;
  do {
    if (s->nsubgroups == SHARC_HLO_MAX_DIMS)
      return fail(lx, "too many subgroup types");
    size_t at = lx->pos;
    sharc_str t = ident(lx);
    sharc_hlo_subgroup g;
    if (sharc_str_eq_cstr(t, "replicated"))
      g = SHARC_HLO_SUBGROUP_REPLICATED;
    else if (sharc_str_eq_cstr(t, "manual"))
      g = SHARC_HLO_SUBGROUP_MANUAL;
    else if (sharc_str_eq_cstr(t, "unreduced"))
      g = SHARC_HLO_SUBGROUP_UNREDUCED;
    else {
      lx->pos = at;
      return fail(lx, "expected a subgroup type (replicated, manual or unreduced)");
    }
    s->subgroups[s->nsubgroups++] = g;
  } while (eat(lx, ','));
  return expect(lx, '}', "expected '}'");
}

/* Skips a `{...}` (metadata), strings and nested braces included. */
static bool skip_braced(lexer *lx) {
  if (!expect(lx, '{', "expected '{'"))
    return false;
  unsigned depth = 1;
  while (lx->pos < lx->len && depth) {
    char c = lx->s[lx->pos++];
    if (c == '"') {
      while (lx->pos < lx->len && lx->s[lx->pos] != '"')
        lx->pos += lx->s[lx->pos] == '\\' && lx->pos + 1 < lx->len ? 2 : 1;
      if (lx->pos >= lx->len)
        return fail(lx, "unterminated string");
      lx->pos++;
    } else if (c == '{') {
      depth++;
    } else if (c == '}') {
      depth--;
    }
  }
  return depth == 0 || fail(lx, "expected '}'");
}

static bool parse_sharding(lexer *lx, sharc_hlo_sharding *s);

static bool tuple_elements(lexer *lx, sharc_hlo_sharding *s) {
  s->kind = SHARC_HLO_TUPLE;
  unsigned cap = 0;
  do {
    if (s->nelems == cap) {
      unsigned ncap = cap ? cap * 2 : 4;
      sharc_hlo_sharding *e = realloc(s->elems, ncap * sizeof *e);
      if (!e)
        return fail(lx, "out of memory");
      s->elems = e;
      cap = ncap;
    }
    sharc_hlo_sharding *e = &s->elems[s->nelems++];
    memset(e, 0, sizeof *e);
    if (!parse_sharding(lx, e))
      return false;
  } while (eat(lx, ','));
  return expect(lx, '}', "expected '}' after the tuple elements");
}

typedef struct sharding_flags {
  bool replicated, manual, unknown, maximal, has_device, has_devices, last_replicate;
  bool has_subgroups;
} sharding_flags;

/* Sets a flag an attribute may set once. */
static bool once(lexer *lx, size_t at, bool *flag) {
  if (*flag) {
    lx->pos = at;
    return fail(lx, "sharding attribute given twice");
  }
  return (*flag = true);
}

static bool single_attr(lexer *lx, sharc_hlo_sharding *s, sharding_flags *f) {
  size_t at = lx->pos;
  sharc_str w = ident(lx);
  if (sharc_str_eq_cstr(w, "replicated"))
    return once(lx, at, &f->replicated);
  if (sharc_str_eq_cstr(w, "manual"))
    return once(lx, at, &f->manual);
  if (sharc_str_eq_cstr(w, "unknown"))
    return once(lx, at, &f->unknown);
  if (sharc_str_eq_cstr(w, "maximal"))
    return once(lx, at, &f->maximal);
  if (sharc_str_eq_cstr(w, "last_tile_dim_replicate"))
    return once(lx, at, &f->last_replicate);
  if (sharc_str_eq_cstr(w, "device"))
    return once(lx, at, &f->has_device) && expect(lx, '=', "expected '=' after device") &&
           integer(lx, &s->device);
  if (sharc_str_eq_cstr(w, "devices"))
    return once(lx, at, &f->has_devices) && devices_attr(lx, s);
  if (sharc_str_eq_cstr(w, "last_tile_dims"))
    return once(lx, at, &f->has_subgroups) && subgroup_types(lx, s);
  if (sharc_str_eq_cstr(w, "metadata"))
    return expect(lx, '=', "expected '=' after metadata") && skip_braced(lx);
  if (sharc_str_eq_cstr(w, "shard_as") || sharc_str_eq_cstr(w, "shard_like")) {
    int64_t group;
    return integer(lx, &group);
  }
  lx->pos = at;
  return fail(lx, w.len ? "unknown sharding attribute" : "expected a sharding attribute");
}

/* HloSharding's own checks on the attributes a single sharding had. */
static bool finish_single(lexer *lx, sharc_hlo_sharding *s, const sharding_flags *f) {
  unsigned kinds = f->replicated + f->manual + f->unknown + f->maximal + f->has_devices;
  if (kinds != 1)
    return fail(lx, kinds ? "a sharding is one of replicated, manual, unknown, maximal or "
                            "devices=[...]"
                          : "expected a sharding");
  if (f->maximal && !f->has_device)
    return fail(lx, "maximal sharding needs device=N");
  if (!f->maximal && f->has_device)
    return fail(lx, "device=N only goes with maximal");
  if (f->maximal && s->device < 0)
    return fail(lx, "device ids must not be negative");
  if ((f->last_replicate || f->has_subgroups) && !f->has_devices)
    return fail(lx, "last tile dimensions need devices=[...]");
  if (f->last_replicate && f->has_subgroups)
    return fail(lx, "last_tile_dim_replicate and last_tile_dims cannot both be given");
  if (f->last_replicate) {
    s->last_tile_dim_replicate = true;
    s->nsubgroups = 1;
    s->subgroups[0] = SHARC_HLO_SUBGROUP_REPLICATED;
  }
  if (f->has_devices && s->nsubgroups > s->ndims)
    return fail(lx, "more last tile dimensions than the tile assignment has");
  s->kind = f->replicated  ? SHARC_HLO_REPLICATED
            : f->manual    ? SHARC_HLO_MANUAL
            : f->unknown   ? SHARC_HLO_UNKNOWN
            : f->maximal   ? SHARC_HLO_MAXIMAL
                           : SHARC_HLO_TILED;
  return true;
}

static bool parse_sharding(lexer *lx, sharc_hlo_sharding *s) {
  if (++lx->depth > MAX_NESTING)
    return fail(lx, "shardings nested too deeply");
  if (!expect(lx, '{', "expected '{'"))
    return false;
  bool ok;
  if (peek(lx, '{')) {
    ok = tuple_elements(lx, s);
  } else if (eat(lx, '}')) {
    s->kind = SHARC_HLO_TUPLE; /* the empty tuple sharding `{}` */
    ok = true;
  } else {
    sharding_flags f = {0};
    ok = true;
    while (ok && !peek(lx, '}')) {
      if (lx->pos >= lx->len)
        return fail(lx, "expected '}'");
      ok = single_attr(lx, s, &f);
      eat(lx, ',');
    }
    ok = ok && finish_single(lx, s, &f) && expect(lx, '}', "expected '}'");
  }
  lx->depth--;
  return ok;
}

bool sharc_hlo_sharding_parse(sharc_str text, sharc_hlo_sharding *out, const char **err,
                              size_t *err_offset) {
  memset(out, 0, sizeof *out);
  lexer lx = {.s = text.data, .len = text.len};
  bool ok = parse_sharding(&lx, out);
  skip_space(&lx);
  if (ok && lx.pos != lx.len)
    ok = fail(&lx, "unexpected text after the sharding");
  if (!ok) {
    *err = lx.err ? lx.err : "invalid sharding";
    *err_offset = lx.err_pos;
  }
  return ok;
}

void sharc_hlo_sharding_free(sharc_hlo_sharding *s) {
  for (unsigned i = 0; i < s->nelems; i++)
    sharc_hlo_sharding_free(&s->elems[i]);
  free(s->elems);
  free(s->devices);
  s->elems = NULL;
  s->devices = NULL;
  s->nelems = 0;
}

int64_t sharc_hlo_sharding_num_tiles(const sharc_hlo_sharding *s) {
  int64_t n = 1;
  for (unsigned i = 0; i < s->ndims; i++)
    n *= s->dims[i];
  return n;
}

int64_t sharc_hlo_sharding_device_at(const sharc_hlo_sharding *s, int64_t i) {
  if (!s->iota)
    return s->devices[i];
  /* the tile index in the transposed shape, mapped back to the reshape
   * shape's row-major order */
  int64_t coord[SHARC_HLO_MAX_DIMS];
  for (unsigned k = s->nreshape; k-- > 0;) {
    int64_t extent = s->reshape[s->perm[k]];
    coord[s->perm[k]] = i % extent;
    i /= extent;
  }
  int64_t id = 0;
  for (unsigned k = 0; k < s->nreshape; k++)
    id = id * s->reshape[k] + coord[k];
  return id;
}

bool sharc_hlo_sharding_make_iota(sharc_hlo_sharding *s) {
  if (s->kind != SHARC_HLO_TILED || s->iota)
    return s->kind == SHARC_HLO_TILED;
  int64_t n = sharc_hlo_sharding_num_tiles(s);
  for (int64_t i = 0; i < n; i++)
    if (s->devices[i] != i)
      return false;
  free(s->devices);
  s->devices = NULL;
  s->iota = true;
  s->nreshape = 1;
  s->reshape[0] = n;
  s->perm[0] = 0;
  return true;
}

static void print_ints(sharc_buf *out, const int64_t *v, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    sharc_buf_printf(out, "%s%" PRId64, i ? "," : "", v[i]);
}

static bool identity_perm(const sharc_hlo_sharding *s) {
  for (unsigned i = 0; i < s->nreshape; i++)
    if (s->perm[i] != (int64_t)i)
      return false;
  return true;
}

static const char *subgroup_name(sharc_hlo_subgroup g) {
  switch (g) {
  case SHARC_HLO_SUBGROUP_MANUAL:
    return "manual";
  case SHARC_HLO_SUBGROUP_UNREDUCED:
    return "unreduced";
  case SHARC_HLO_SUBGROUP_REPLICATED:
    break;
  }
  return "replicated";
}

static void print_tiled(const sharc_hlo_sharding *s, sharc_buf *out) {
  SHARC_BUF_LIT(out, "{devices=[");
  print_ints(out, s->dims, s->ndims);
  SHARC_BUF_LIT(out, "]");
  if (s->iota) {
    SHARC_BUF_LIT(out, "<=[");
    print_ints(out, s->reshape, s->nreshape);
    SHARC_BUF_LIT(out, "]");
    if (!identity_perm(s)) {
      SHARC_BUF_LIT(out, "T(");
      print_ints(out, s->perm, s->nreshape);
      SHARC_BUF_LIT(out, ")");
    }
  } else {
    print_ints(out, s->devices, (unsigned)sharc_hlo_sharding_num_tiles(s));
  }
  if (s->nsubgroups == 1 && s->subgroups[0] == SHARC_HLO_SUBGROUP_REPLICATED) {
    SHARC_BUF_LIT(out, " last_tile_dim_replicate");
  } else if (s->nsubgroups) {
    SHARC_BUF_LIT(out, " last_tile_dims={");
    for (unsigned i = 0; i < s->nsubgroups; i++)
      sharc_buf_printf(out, "%s%s", i ? ", " : "", subgroup_name(s->subgroups[i]));
    SHARC_BUF_LIT(out, "}");
  }
  SHARC_BUF_LIT(out, "}");
}

void sharc_hlo_sharding_print(const sharc_hlo_sharding *s, sharc_buf *out) {
  switch (s->kind) {
  case SHARC_HLO_REPLICATED:
    SHARC_BUF_LIT(out, "{replicated}");
    return;
  case SHARC_HLO_MANUAL:
    SHARC_BUF_LIT(out, "{manual}");
    return;
  case SHARC_HLO_UNKNOWN:
    SHARC_BUF_LIT(out, "{unknown}");
    return;
  case SHARC_HLO_MAXIMAL:
    sharc_buf_printf(out, "{maximal device=%" PRId64 "}", s->device);
    return;
  case SHARC_HLO_TILED:
    print_tiled(s, out);
    return;
  case SHARC_HLO_TUPLE:
    SHARC_BUF_LIT(out, "{");
    for (unsigned i = 0; i < s->nelems; i++) {
      if (i)
        SHARC_BUF_LIT(out, ", ");
      sharc_hlo_sharding_print(&s->elems[i], out);
    }
    SHARC_BUF_LIT(out, "}");
    return;
  }
}
