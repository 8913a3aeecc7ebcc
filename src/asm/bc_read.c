/* The MLIR bytecode reader: finds the sections, reads the string table,
 * dialects, op names, resources and properties up front, attributes and
 * types on first use (their own encodings through the dialect's table, or
 * their text through the parser), then builds the IR. Every read is bounds
 * checked: bad input is reported at its byte offset, never trusted. */
#include "asm/bc_internal.h"
#include "ir/context.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NESTING 512

typedef struct lazy_entry {
  const uint8_t *data;
  size_t len;
  unsigned dialect;
  bool custom, resolving;
  void *obj; /* sharc_attr* / sharc_type*, once read */
} lazy_entry;

typedef struct dialect_info {
  sharc_str name;
  const sharc_dialect *d;
  const sharc_bytecode_dialect *table;
  sharc_bc_version version;
  const uint8_t *version_data;
  size_t version_len;
} dialect_info;

typedef struct op_name_info {
  sharc_ident *name;
  const sharc_op_def *def;
  bool registered;
} op_name_info;

typedef struct span {
  const uint8_t *data;
  size_t len;
} span;

typedef struct inherent {
  const char *name;
  sharc_attr *value;
} inherent;

typedef struct bc_file {
  sharc_context *ctx;
  const char *name;
  const uint8_t *base;
  size_t size;
  int64_t version;
  sharc_str producer; /* set once read: MLIR notes it on every error after */
  span sections[SHARC_BC_NUM_SECTIONS];
  bool present[SHARC_BC_NUM_SECTIONS];
  SHARC_VEC(sharc_str) strings;
  SHARC_VEC(dialect_info) dialects;
  SHARC_VEC(op_name_info) names;
  SHARC_VEC(lazy_entry) attrs;
  SHARC_VEC(lazy_entry) types;
  SHARC_VEC(sharc_ident *) resources;
  SHARC_VEC(span) props;
  SHARC_VEC(inherent) inherents; /* of the op being read */
  sharc_arena scratch;
  unsigned depth;
  uint64_t next_distinct;
  bool failed;
} bc_file;

struct sharc_bc_reader {
  bc_file *f;
  const uint8_t *p, *end;
};

/* ---- primitives --------------------------------------------------------- */

static size_t offset_of(const sharc_bc_reader *r) { return (size_t)(r->p - r->f->base); }

bool sharc_bc_error(sharc_bc_reader *r, const char *fmt, ...) {
  bc_file *f = r->f;
  if (f->failed)
    return false;
  f->failed = true;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  sharc_attr *loc = sharc_loc_file(f->ctx, sharc_ident_get(f->ctx, sharc_str_from_cstr(f->name)), 0, 0);
  sharc_diag *d = sharc_emit(f->ctx, SHARC_SEV_ERROR, loc, "%s at byte offset %zu", msg, offset_of(r));
  if (d && f->producer.data)
    sharc_diag_note(d, loc, "in bytecode version %lld produced by: %.*s", (long long)f->version,
                    (int)f->producer.len, f->producer.data);
  return false;
}

static sharc_bc_reader sub_reader(bc_file *f, const uint8_t *p, size_t len) {
  return (sharc_bc_reader){f, p, p + len};
}

size_t sharc_bc_remaining(const sharc_bc_reader *r) { return (size_t)(r->end - r->p); }

void *sharc_bc_scratch(sharc_bc_reader *r, size_t n) {
  return sharc_arena_alloc(&r->f->scratch, n ? n : 1);
}

static bool read_byte(sharc_bc_reader *r, uint8_t *b) {
  if (r->p >= r->end)
    return sharc_bc_error(r, "unexpected end of data");
  *b = *r->p++;
  return true;
}

static bool read_bytes(sharc_bc_reader *r, size_t n, const uint8_t **out) {
  if (sharc_bc_remaining(r) < n)
    return sharc_bc_error(r, "unexpected end of data: %zu bytes wanted, %zu left", n,
                          sharc_bc_remaining(r));
  *out = r->p;
  r->p += n;
  return true;
}

bool sharc_bc_read_varint(sharc_bc_reader *r, uint64_t *v) {
  uint8_t first = 0;
  if (!read_byte(r, &first))
    return false;
  if (first & 1) {
    *v = first >> 1;
    return true;
  }
  if (first == 0) {
    const uint8_t *b = NULL;
    if (!read_bytes(r, 8, &b))
      return false;
    uint64_t x = 0;
    for (unsigned i = 0; i < 8; i++)
      x |= (uint64_t)b[i] << (8 * i);
    *v = x;
    return true;
  }
  unsigned extra = (unsigned)__builtin_ctz(first);
  const uint8_t *b = NULL;
  if (!read_bytes(r, extra, &b))
    return false;
  uint64_t x = first;
  for (unsigned i = 0; i < extra; i++)
    x |= (uint64_t)b[i] << (8 * (i + 1));
  *v = x >> (extra + 1);
  return true;
}

bool sharc_bc_read_signed(sharc_bc_reader *r, int64_t *v) {
  uint64_t u;
  if (!sharc_bc_read_varint(r, &u))
    return false;
  *v = (int64_t)((u >> 1) ^ (~(u & 1) + 1));
  return true;
}

static bool read_varint_flag(sharc_bc_reader *r, uint64_t *v, bool *flag) {
  uint64_t x = 0;
  if (!sharc_bc_read_varint(r, &x))
    return false;
  *flag = x & 1;
  *v = x >> 1;
  return true;
}

static bool read_index(sharc_bc_reader *r, size_t count, const char *what, uint64_t *ix) {
  if (!sharc_bc_read_varint(r, ix))
    return false;
  if (*ix >= count)
    return sharc_bc_error(r, "invalid %s index %llu (%zu known)", what, (unsigned long long)*ix,
                          count);
  return true;
}

bool sharc_bc_read_string(sharc_bc_reader *r, sharc_str *s) {
  uint64_t ix;
  if (!read_index(r, r->f->strings.len, "string", &ix))
    return false;
  *s = r->f->strings.items[ix];
  return true;
}

bool sharc_bc_read_blob(sharc_bc_reader *r, const uint8_t **data, size_t *len) {
  uint64_t n;
  if (!sharc_bc_read_varint(r, &n))
    return false;
  if (n > sharc_bc_remaining(r))
    return sharc_bc_error(r, "blob of %llu bytes exceeds the data", (unsigned long long)n);
  *len = (size_t)n;
  return read_bytes(r, *len, data);
}

bool sharc_bc_read_bool(sharc_bc_reader *r, bool *b) {
  uint8_t x = 0;
  if (!read_byte(r, &x))
    return false;
  *b = x != 0;
  return true;
}

bool sharc_bc_read_apint(sharc_bc_reader *r, unsigned width, uint64_t *words) {
  unsigned nw = width ? (width + 63) / 64 : 1;
  memset(words, 0, nw * sizeof *words);
  if (width <= 8) {
    uint8_t b = 0;
    if (!read_byte(r, &b))
      return false;
    words[0] = b;
    return true;
  }
  if (width <= 64) {
    int64_t v;
    if (!sharc_bc_read_signed(r, &v))
      return false;
    words[0] = (uint64_t)v;
    return true;
  }
  uint64_t active;
  if (!sharc_bc_read_varint(r, &active))
    return false;
  if (active == 0 || active > nw)
    return sharc_bc_error(r, "invalid word count %llu for a %u-bit integer",
                          (unsigned long long)active, width);
  for (uint64_t i = 0; i < active; i++) {
    int64_t v;
    if (!sharc_bc_read_signed(r, &v))
      return false;
    words[i] = (uint64_t)v;
  }
  return true;
}

bool sharc_bc_read_float_bits(sharc_bc_reader *r, unsigned width, uint64_t words[2]) {
  words[0] = words[1] = 0;
  if (!sharc_bc_read_apint(r, width, words))
    return false;
  if (width < 64)
    words[0] &= (UINT64_C(1) << width) - 1;
  else if (width > 64 && width < 128)
    words[1] &= (UINT64_C(1) << (width - 64)) - 1;
  return true;
}

int64_t sharc_bc_reader_version(const sharc_bc_reader *r) { return r->f->version; }

const sharc_bc_version *sharc_bc_reader_dialect_version(const sharc_bc_reader *r,
                                                        const char *dialect) {
  for (unsigned i = 0; i < r->f->dialects.len; i++) {
    const dialect_info *d = &r->f->dialects.items[i];
    if (d->version.n && sharc_str_eq(d->name, sharc_str_from_cstr(dialect)))
      return &d->version;
  }
  return NULL;
}

sharc_context *sharc_bc_reader_context(const sharc_bc_reader *r) { return r->f->ctx; }

void sharc_bc_add_inherent(sharc_bc_reader *r, const char *name, sharc_attr *a) {
  if (!a)
    return;
  inherent in = {name, a};
  sharc_vec_push(&r->f->inherents, in);
}

bool sharc_bc_read_resource(sharc_bc_reader *r, sharc_ident **key) {
  uint64_t ix;
  if (!read_index(r, r->f->resources.len, "resource", &ix))
    return false;
  *key = r->f->resources.items[ix];
  return true;
}

sharc_attr *sharc_bc_distinct(sharc_bc_reader *r, sharc_attr *referenced) {
  /* far above the ids text gives, so that both may share a context */
  uint64_t id = (UINT64_C(1) << 62) + r->f->next_distinct++;
  return sharc_attr_distinct(r->f->ctx, id, referenced);
}

/* ---- attributes and types ----------------------------------------------- */

/* Keeps the first message of the text parser, told at the byte offset. */
static void capture_first(const sharc_diag *d, void *user) {
  sharc_buf *first = user;
  if (!first->len)
    sharc_buf_puts(first, d->message);
}

/* An attribute or type written as text (the fallback for dialects without
 * encodings of their own), parsed with its errors reported as the file's. */
static void *parse_fallback(bc_file *f, sharc_str text, bool is_type, sharc_bc_reader *at) {
  sharc_diag_flush(f->ctx);
  sharc_diag_handler saved = f->ctx->diag_handler;
  void *saved_user = f->ctx->diag_user;
  sharc_buf first = {0};
  sharc_context_set_diag_handler(f->ctx, capture_first, &first);
  void *obj = is_type ? (void *)sharc_parse_type_text(f->ctx, text)
                      : (void *)sharc_parse_attr_text(f->ctx, text);
  sharc_diag_flush(f->ctx);
  sharc_context_set_diag_handler(f->ctx, saved, saved_user);
  if (!obj) {
    /* the text as far as it is printable: it is read from a file */
    size_t n = 0;
    while (n < text.len && n < 200 && text.data[n] >= 0x20 && text.data[n] < 0x7f)
      n++;
    sharc_bc_error(at, "cannot parse the %s '%.*s%s': %s", is_type ? "type" : "attribute",
                   (int)n, text.data, n < text.len ? "..." : "",
                   first.len ? first.data : "invalid text");
  }
  sharc_buf_free(&first);
  return obj;
}

static bool resolve_entry(sharc_bc_reader *r, lazy_entry *e, bool is_type) {
  bc_file *f = r->f;
  if (e->resolving)
    return sharc_bc_error(r, "%s refers to itself", is_type ? "type" : "attribute");
  if (f->depth >= MAX_NESTING)
    return sharc_bc_error(r, "attributes and types nested too deeply");
  sharc_bc_reader sub = sub_reader(f, e->data, e->len);
  dialect_info *d = &f->dialects.items[e->dialect];
  e->resolving = true;
  f->depth++;
  void *obj = NULL;
  if (e->custom) {
    const sharc_bytecode_dialect *tab = d->table;
    if (!tab || (is_type ? !tab->read_type : !tab->read_attr))
      sharc_bc_error(&sub, "dialect '%.*s' has no bytecode encoding for its %s", (int)d->name.len,
                     d->name.data, is_type ? "types" : "attributes");
    else if (is_type)
      obj = tab->read_type(&sub);
    else
      obj = tab->read_attr(&sub);
    if (obj && sub.p != sub.end)
      obj = NULL, sharc_bc_error(&sub, "trailing data after the %s", is_type ? "type" : "attribute");
  } else {
    if (!e->len || e->data[e->len - 1] != 0) {
      sharc_bc_error(&sub, "%s text is not NUL-terminated", is_type ? "type" : "attribute");
    } else {
      sharc_str text = {(const char *)e->data, e->len - 1};
      if (memchr(text.data, 0, text.len))
        sharc_bc_error(&sub, "%s text holds a NUL byte", is_type ? "type" : "attribute");
      else
        obj = parse_fallback(f, text, is_type, &sub);
    }
  }
  f->depth--;
  e->resolving = false;
  if (!obj)
    return sharc_bc_error(r, "invalid %s", is_type ? "type" : "attribute");
  e->obj = obj;
  return true;
}

/* The object of entry `e`, resolved on first use; NULL after an error. */
static void *entry_obj(sharc_bc_reader *r, lazy_entry *e, bool is_type) {
  return e->obj || resolve_entry(r, e, is_type) ? e->obj : NULL;
}

bool sharc_bc_read_attr(sharc_bc_reader *r, sharc_attr **a) {
  uint64_t ix;
  if (!read_index(r, r->f->attrs.len, "attribute", &ix))
    return false;
  *a = entry_obj(r, &r->f->attrs.items[ix], false);
  return *a != NULL;
}

bool sharc_bc_read_optional_attr(sharc_bc_reader *r, sharc_attr **a) {
  uint64_t x;
  if (!sharc_bc_read_varint(r, &x))
    return false;
  *a = NULL;
  if (!(x & 1))
    return true;
  uint64_t ix = x >> 1;
  if (ix >= r->f->attrs.len)
    return sharc_bc_error(r, "invalid attribute index %llu", (unsigned long long)ix);
  *a = entry_obj(r, &r->f->attrs.items[ix], false);
  return *a != NULL;
}

bool sharc_bc_read_type(sharc_bc_reader *r, sharc_type **t) {
  uint64_t ix;
  if (!read_index(r, r->f->types.len, "type", &ix))
    return false;
  *t = entry_obj(r, &r->f->types.items[ix], true);
  return *t != NULL;
}

/* ---- sections ----------------------------------------------------------- */

static bool align_to(sharc_bc_reader *r, uint64_t align) {
  if (align == 0 || (align & (align - 1)) || align > 4096)
    return sharc_bc_error(r, "invalid alignment %llu", (unsigned long long)align);
  while (offset_of(r) & (align - 1)) {
    uint8_t b = 0;
    if (!read_byte(r, &b))
      return false;
    if (b != 0xCB)
      return sharc_bc_error(r, "expected alignment byte 0xCB, got 0x%02X", b);
  }
  return true;
}

static bool read_section(sharc_bc_reader *r, unsigned *id, span *body) {
  uint8_t code = 0;
  uint64_t len;
  if (!read_byte(r, &code) || !sharc_bc_read_varint(r, &len))
    return false;
  *id = code & 0x7f;
  if (code & 0x80) {
    uint64_t align;
    if (!sharc_bc_read_varint(r, &align) || !align_to(r, align))
      return false;
  }
  if (*id >= SHARC_BC_NUM_SECTIONS)
    return sharc_bc_error(r, "invalid section id %u", *id);
  if (len > sharc_bc_remaining(r))
    return sharc_bc_error(r, "section %u of %llu bytes exceeds the file", *id,
                          (unsigned long long)len);
  body->data = r->p;
  body->len = (size_t)len;
  r->p += len;
  return true;
}

/* A section's reader past its leading element count, which cannot be more
 * than the section's bytes (each element takes one at least). */
static bool open_counted_section(bc_file *f, unsigned id, const char *what, sharc_bc_reader *r,
                                 uint64_t *n) {
  span s = f->sections[id];
  *r = sub_reader(f, s.data, s.len);
  if (!sharc_bc_read_varint(r, n))
    return false;
  if (*n > s.len)
    return sharc_bc_error(r, "%s count %llu exceeds the section", what, (unsigned long long)*n);
  return true;
}

static bool read_string_section(bc_file *f) {
  sharc_bc_reader r;
  uint64_t n;
  if (!open_counted_section(f, SHARC_BC_SEC_STRING, "string", &r, &n))
    return false;
  sharc_vec_reserve(&f->strings, (size_t)n);
  f->strings.len = (unsigned)n;
  uint64_t *sizes = sharc_bc_scratch(&r, n * sizeof *sizes);
  for (uint64_t i = 0; i < n; i++)
    if (!sharc_bc_read_varint(&r, &sizes[i]))
      return false;
  /* sizes run from the last string to the first; the data ends the section */
  const uint8_t *end = r.end;
  for (uint64_t i = 0; i < n; i++) {
    uint64_t sz = sizes[i];
    if (sz == 0 || sz > (uint64_t)(end - r.p))
      return sharc_bc_error(&r, "invalid string size %llu", (unsigned long long)sz);
    end -= sz;
    if (end[sz - 1] != 0) {
      r.p = end + sz - 1;
      return sharc_bc_error(&r, "string is not NUL-terminated");
    }
    f->strings.items[n - 1 - i] = (sharc_str){(const char *)end, (size_t)sz - 1};
  }
  if (end != r.p)
    return sharc_bc_error(&r, "unexpected data in the string section");
  return true;
}

static bool read_dialect_version(bc_file *f, sharc_bc_reader *r, dialect_info *d) {
  unsigned id;
  span body;
  if (!read_section(r, &id, &body))
    return false;
  if (id != SHARC_BC_SEC_DIALECT_VERSIONS)
    return sharc_bc_error(r, "expected a dialect version section, got section %u", id);
  d->version_data = body.data;
  d->version_len = body.len;
  if (!d->table || !d->table->read_version)
    return true;
  sharc_bc_reader vr = sub_reader(f, body.data, body.len);
  return d->table->read_version(&vr, &d->version);
}

static bool read_op_names(bc_file *f, sharc_bc_reader *r) {
  uint64_t expected = 0;
  bool counted = f->version >= SHARC_BC_ELIDE_UNKNOWN_BLOCK_ARG_LOC;
  if (counted && !sharc_bc_read_varint(r, &expected))
    return false;
  while (r->p < r->end) {
    uint64_t dialect, count;
    if (!read_index(r, f->dialects.len, "dialect", &dialect) || !sharc_bc_read_varint(r, &count))
      return false;
    if (count > sharc_bc_remaining(r))
      return sharc_bc_error(r, "op name count %llu exceeds the section", (unsigned long long)count);
    dialect_info *d = &f->dialects.items[dialect];
    for (uint64_t i = 0; i < count; i++) {
      uint64_t sid;
      bool registered = false;
      if (f->version >= SHARC_BC_NATIVE_PROPERTIES ? !read_varint_flag(r, &sid, &registered)
                                                   : !sharc_bc_read_varint(r, &sid))
        return false;
      if (sid >= f->strings.len)
        return sharc_bc_error(r, "invalid string index %llu", (unsigned long long)sid);
      sharc_str op = f->strings.items[sid];
      char *full = sharc_bc_scratch(r, d->name.len + op.len + 2);
      memcpy(full, d->name.data, d->name.len);
      full[d->name.len] = '.';
      memcpy(full + d->name.len + 1, op.data, op.len);
      sharc_str name = {full, d->name.len + 1 + op.len};
      op_name_info info = {sharc_ident_get(f->ctx, name), sharc_context_lookup_op(f->ctx, name),
                           registered};
      sharc_vec_push(&f->names, info);
    }
  }
  if (counted && expected != f->names.len)
    return sharc_bc_error(r, "expected %llu op names, found %u", (unsigned long long)expected,
                          f->names.len);
  return true;
}

static bool read_dialect_section(bc_file *f) {
  sharc_bc_reader r;
  uint64_t n;
  if (!open_counted_section(f, SHARC_BC_SEC_DIALECT, "dialect", &r, &n))
    return false;
  for (uint64_t i = 0; i < n; i++) {
    uint64_t sid;
    bool has_version = false;
    if (f->version >= SHARC_BC_DIALECT_VERSIONING ? !read_varint_flag(&r, &sid, &has_version)
                                                   : !sharc_bc_read_varint(&r, &sid))
      return false;
    if (sid >= f->strings.len)
      return sharc_bc_error(&r, "invalid string index %llu", (unsigned long long)sid);
    dialect_info d = {.name = f->strings.items[sid]};
    d.d = sharc_context_dialect(f->ctx, d.name);
    d.table = d.d ? sharc_bc_dialect_table(d.d) : NULL;
    if (has_version && !read_dialect_version(f, &r, &d))
      return false;
    sharc_vec_push(&f->dialects, d);
  }
  return read_op_names(f, &r);
}

static bool read_entries(bc_file *f, sharc_bc_reader *r, lazy_entry *entries, uint64_t count,
                         const uint8_t **data, const uint8_t *data_end) {
  uint64_t done = 0;
  while (done < count) {
    uint64_t dialect, n;
    if (!read_index(r, f->dialects.len, "dialect", &dialect) || !sharc_bc_read_varint(r, &n))
      return false;
    if (n > count - done)
      return sharc_bc_error(r, "too many attribute or type entries");
    for (uint64_t i = 0; i < n; i++, done++) {
      uint64_t size;
      bool custom;
      if (!read_varint_flag(r, &size, &custom))
        return false;
      if (size > (uint64_t)(data_end - *data))
        return sharc_bc_error(r, "attribute or type entry of %llu bytes exceeds its section",
                              (unsigned long long)size);
      entries[done] = (lazy_entry){*data, (size_t)size, (unsigned)dialect, custom, false, NULL};
      *data += size;
    }
  }
  return true;
}

static bool read_attr_type_sections(bc_file *f) {
  span off = f->sections[SHARC_BC_SEC_ATTR_TYPE_OFFSET];
  span data = f->sections[SHARC_BC_SEC_ATTR_TYPE];
  sharc_bc_reader r = sub_reader(f, off.data, off.len);
  uint64_t na, nt;
  if (!sharc_bc_read_varint(&r, &na) || !sharc_bc_read_varint(&r, &nt))
    return false;
  if (na > off.len || nt > off.len)
    return sharc_bc_error(&r, "attribute/type counts exceed the section");
  sharc_vec_reserve(&f->attrs, (size_t)na);
  sharc_vec_reserve(&f->types, (size_t)nt);
  f->attrs.len = (unsigned)na;
  f->types.len = (unsigned)nt;
  const uint8_t *p = data.data, *end = data.data + data.len;
  if (!read_entries(f, &r, f->attrs.items, na, &p, end) ||
      !read_entries(f, &r, f->types.items, nt, &p, end))
    return false;
  if (r.p != r.end)
    return sharc_bc_error(&r, "unexpected data in the attribute/type offset section");
  return true;
}

static bool read_props_section(bc_file *f) {
  if (!f->present[SHARC_BC_SEC_PROPERTIES])
    return true;
  sharc_bc_reader r;
  uint64_t n;
  if (!open_counted_section(f, SHARC_BC_SEC_PROPERTIES, "properties", &r, &n))
    return false;
  for (uint64_t i = 0; i < n; i++) {
    uint64_t len;
    const uint8_t *data;
    if (!sharc_bc_read_varint(&r, &len))
      return false;
    if (len > sharc_bc_remaining(&r))
      return sharc_bc_error(&r, "properties entry of %llu bytes exceeds the section",
                            (unsigned long long)len);
    read_bytes(&r, (size_t)len, &data);
    span sp = {data, (size_t)len};
    sharc_vec_push(&f->props, sp);
  }
  return true;
}

static char hexdigit(unsigned v) { return "0123456789ABCDEF"[v & 15]; }

/* Keeps a blob as the text form's `"0x<alignment LE><data>"` resource. */
static void add_blob_resource(bc_file *f, sharc_ident *key, uint64_t align, const uint8_t *data,
                              size_t len) {
  sharc_buf hex = {0};
  sharc_buf_reserve(&hex, 2 * len + 16);
  SHARC_BUF_LIT(&hex, "\"0x");
  for (unsigned i = 0; i < 4; i++) {
    unsigned byte = (unsigned)(align >> (8 * i)) & 0xff;
    sharc_buf_putc(&hex, hexdigit(byte >> 4));
    sharc_buf_putc(&hex, hexdigit(byte));
  }
  for (size_t i = 0; i < len; i++) {
    sharc_buf_putc(&hex, hexdigit(data[i] >> 4));
    sharc_buf_putc(&hex, hexdigit(data[i]));
  }
  sharc_buf_putc(&hex, '"');
  sharc_resource res = {sharc_ident_get(f->ctx, SHARC_STR("builtin")), key,
                        (sharc_str){hex.data, hex.len}, false};
  sharc_context_add_resource(f->ctx, &res);
  sharc_buf_free(&hex);
}

static bool read_resource_entry(bc_file *f, sharc_bc_reader *rr, sharc_bc_reader *data,
                                bool dialect_group) {
  uint64_t key, size;
  uint8_t kind = 0;
  if (!read_index(rr, f->strings.len, "string", &key) || !sharc_bc_read_varint(rr, &size) ||
      !read_byte(rr, &kind))
    return false;
  if (size > sharc_bc_remaining(data))
    return sharc_bc_error(rr, "resource of %llu bytes exceeds the resource section",
                          (unsigned long long)size);
  if (kind > SHARC_BC_RES_STRING)
    return sharc_bc_error(rr, "invalid resource kind %u", kind);
  sharc_bc_reader entry = sub_reader(f, data->p, (size_t)size);
  data->p += size;
  sharc_ident *name = sharc_ident_get(f->ctx, f->strings.items[key]);
  if (!dialect_group)
    return true; /* external resources sharc has no use for are dropped, as MLIR warns */
  sharc_vec_push(&f->resources, name);
  if (kind != SHARC_BC_RES_BLOB)
    return sharc_bc_error(rr, "builtin resources are blobs");
  if (!size)
    return true; /* a declaration: no data */
  uint64_t align, len;
  const uint8_t *bytes;
  if (!sharc_bc_read_varint(&entry, &align) || !sharc_bc_read_varint(&entry, &len) ||
      !align_to(&entry, align))
    return false;
  if (len != sharc_bc_remaining(&entry))
    return sharc_bc_error(&entry, "resource blob size %llu does not match its entry",
                          (unsigned long long)len);
  read_bytes(&entry, (size_t)len, &bytes);
  add_blob_resource(f, name, align, bytes, (size_t)len);
  return true;
}

static bool read_resource_sections(bc_file *f) {
  bool off = f->present[SHARC_BC_SEC_RESOURCE_OFFSET], res = f->present[SHARC_BC_SEC_RESOURCE];
  if (!off && !res)
    return true;
  if (off != res) {
    sharc_bc_reader r = sub_reader(f, f->base, f->size);
    r.p = r.end;
    return sharc_bc_error(&r, "resource and resource offset sections must come together");
  }
  span so = f->sections[SHARC_BC_SEC_RESOURCE_OFFSET], sd = f->sections[SHARC_BC_SEC_RESOURCE];
  sharc_bc_reader rr = sub_reader(f, so.data, so.len), data = sub_reader(f, sd.data, sd.len);
  uint64_t external;
  if (!sharc_bc_read_varint(&rr, &external))
    return false;
  for (uint64_t g = 0; g < external; g++) {
    uint64_t key, n;
    if (!read_index(&rr, f->strings.len, "string", &key) || !sharc_bc_read_varint(&rr, &n))
      return false;
    for (uint64_t i = 0; i < n; i++)
      if (!read_resource_entry(f, &rr, &data, false))
        return false;
  }
  while (rr.p < rr.end) {
    uint64_t dialect, n;
    if (!read_index(&rr, f->dialects.len, "dialect", &dialect) || !sharc_bc_read_varint(&rr, &n))
      return false;
    if (!sharc_str_eq(f->dialects.items[dialect].name, SHARC_STR("builtin")))
      return sharc_bc_error(&rr, "resources of dialect number %llu are not supported",
                          (unsigned long long)dialect);
    if (n > sharc_bc_remaining(&rr))
      return sharc_bc_error(&rr, "resource count exceeds the section");
    for (uint64_t i = 0; i < n; i++)
      if (!read_resource_entry(f, &rr, &data, true))
        return false;
  }
  return true;
}

/* ---- IR ----------------------------------------------------------------- */

/* The values of an isolated scope: each region takes the ids after those of
 * the regions around it, as the writer numbered them. */
typedef struct value_scope {
  SHARC_VEC(sharc_value *) values;
} value_scope;

/* `blocks` holds the blocks of every region being read, innermost last:
 * a successor names a block of its op's region by index, found in
 * blocks[block_base + index] (a walk of the region's list per successor
 * made a region of n branching blocks cost n^2). */
typedef struct ir_state {
  bc_file *f;
  value_scope *scope;
  SHARC_VEC(sharc_block *) blocks;
  unsigned block_base, block_count;
} ir_state;

static bool read_region(ir_state *s, sharc_bc_reader *r, sharc_region *region);

static sharc_value *placeholder(bc_file *f) {
  sharc_located_value *lv = sharc_arena_alloc(&f->scratch, sizeof *lv);
  lv->value.vkind = SHARC_VALUE_PLACEHOLDER;
  return &lv->value; /* located like a parsed forward reference, if ever asked */
}

/* Binds value `id` to `v`, resolving forward uses of it. */
static bool define_value(ir_state *s, sharc_bc_reader *r, uint64_t id, sharc_value *v) {
  if (id >= s->scope->values.len)
    return sharc_bc_error(r, "value id %llu outside its region", (unsigned long long)id);
  sharc_value *old = s->scope->values.items[id];
  if (old) {
    if (old->vkind != SHARC_VALUE_PLACEHOLDER)
      return sharc_bc_error(r, "value id %llu defined twice", (unsigned long long)id);
    sharc_value_replace_all_uses(old, v);
  }
  s->scope->values.items[id] = v;
  return true;
}

static bool use_value(ir_state *s, sharc_bc_reader *r, sharc_value **out) {
  uint64_t id;
  if (!read_index(r, s->scope->values.len, "value", &id))
    return false;
  sharc_value *v = s->scope->values.items[id];
  if (!v) {
    v = placeholder(s->f);
    s->scope->values.items[id] = v;
  }
  *out = v;
  return true;
}

/* Reads past the use-list orders: sharc keeps no use order a pass relies
 * on, and the order reading gives is the one MLIR builds before applying. */
static bool skip_use_lists(sharc_bc_reader *r, unsigned count) {
  uint64_t n = 1;
  if (count != 1 && !sharc_bc_read_varint(r, &n))
    return false;
  if (n > count)
    return sharc_bc_error(r, "invalid use-list count %llu", (unsigned long long)n);
  for (uint64_t i = 0; i < n; i++) {
    uint64_t ix, len, x;
    bool pairs;
    if (count != 1 && !read_index(r, count, "use-list value", &ix))
      return false;
    if (!read_varint_flag(r, &len, &pairs))
      return false;
    if (len > sharc_bc_remaining(r))
      return sharc_bc_error(r, "use-list of %llu entries exceeds the data",
                            (unsigned long long)len);
    for (uint64_t k = 0; k < len; k++)
      if (!sharc_bc_read_varint(r, &x))
        return false;
  }
  return true;
}

/* Inherent attributes of the properties entry `ix`, merged into `dict`. */
static bool read_props(bc_file *f, sharc_bc_reader *r, const op_name_info *name, uint64_t ix,
                       sharc_attr **dict, sharc_attr **props) {
  if (ix >= f->props.len)
    return sharc_bc_error(r, "invalid properties index %llu", (unsigned long long)ix);
  span sp = f->props.items[ix];
  sharc_bc_reader pr = sub_reader(f, sp.data, sp.len);
  if (!name->def) {
    if (name->registered)
      return sharc_bc_error(r, "cannot read the properties of '%s', an op sharc does not know",
                            name->name->data);
    return sharc_bc_read_attr(&pr, props);
  }
  const sharc_bc_op *ent = sharc_bc_op_entry(f->ctx, name->def);
  if (!ent)
    return sharc_bc_error(r, "cannot read the properties of '%s'", name->name->data);
  f->inherents.len = 0;
  if (ent->read) {
    if (!ent->read(&pr))
      return false;
  } else {
    for (const char *const *req = ent->required; req && *req; req++) {
      sharc_attr *a = NULL;
      if (!sharc_bc_read_attr(&pr, &a))
        return false;
      sharc_bc_add_inherent(&pr, *req, a);
    }
    for (unsigned i = 0; i < ent->num_props; i++) {
      sharc_attr *a = NULL;
      if (ent->props[i].optional ? !sharc_bc_read_optional_attr(&pr, &a)
                                 : !sharc_bc_read_attr(&pr, &a))
        return false;
      sharc_bc_add_inherent(&pr, ent->props[i].name, a);
    }
  }
  if (!f->inherents.len)
    return true;
  unsigned base = *dict ? sharc_dict_n(*dict) : 0, n = base + f->inherents.len;
  sharc_named_attr *all = sharc_bc_scratch(r, n * sizeof *all);
  if (base)
    memcpy(all, sharc_dict_entries(*dict), base * sizeof *all);
  for (unsigned i = 0; i < f->inherents.len; i++)
    all[base + i] = (sharc_named_attr){
        sharc_ident_get(f->ctx, sharc_str_from_cstr(f->inherents.items[i].name)),
        f->inherents.items[i].value};
  *dict = sharc_attr_dictionary(f->ctx, all, n);
  return true;
}

static bool read_count(sharc_bc_reader *r, uint64_t *n, const char *what) {
  if (!sharc_bc_read_varint(r, n))
    return false;
  if (*n > sharc_bc_remaining(r))
    return sharc_bc_error(r, "%s count %llu exceeds the data", what, (unsigned long long)*n);
  return true;
}

static bool read_successors(ir_state *s, sharc_bc_reader *r, sharc_op_state *st) {
  uint64_t n;
  if (!read_count(r, &n, "successor"))
    return false;
  if (n > SHARC_OP_MAX_SUCCESSORS)
    return sharc_bc_error(r, "successor count %llu exceeds the IR's limit", (unsigned long long)n);
  sharc_block **succ = sharc_bc_scratch(r, n * sizeof *succ);
  for (uint64_t i = 0; i < n; i++) {
    uint64_t b;
    if (!read_index(r, s->block_count, "block", &b))
      return false;
    succ[i] = s->blocks.items[s->block_base + b];
  }
  st->successors = succ;
  st->num_successors = (unsigned)n;
  return true;
}

static bool read_op(ir_state *s, sharc_bc_reader *r, sharc_block *block, uint64_t *next_value,
                    sharc_op **out) {
  bc_file *f = s->f;
  uint64_t name_ix, n;
  uint8_t mask = 0;
  sharc_attr *loc, *dict = NULL, *props = NULL;
  if (!read_index(r, f->names.len, "op name", &name_ix) || !read_byte(r, &mask) ||
      !sharc_bc_read_attr(r, &loc))
    return false;
  const op_name_info *name = &f->names.items[name_ix];
  if (mask & 0x80)
    return sharc_bc_error(r, "invalid op encoding mask 0x%02X", mask);
  if (!sharc_attr_is_location(loc))
    return sharc_bc_error(r, "expected a location for the op");
  if (!name->def && !sharc_context_allows_unregistered(f->ctx))
    return sharc_bc_error(r, "unregistered operation '%s' found in dialect ('%.*s') that does not "
                          "allow unknown operations", name->name->data,
                          (int)(strcspn(name->name->data, ".")), name->name->data);
  if ((mask & SHARC_BC_OP_ATTRS) && !sharc_bc_read_attr(r, &dict))
    return false;
  if (dict && dict->kind != SHARC_ATTR_DICTIONARY)
    return sharc_bc_error(r, "expected a dictionary of op attributes");
  if (mask & SHARC_BC_OP_PROPERTIES) {
    uint64_t ix;
    if (f->version < SHARC_BC_NATIVE_PROPERTIES)
      return sharc_bc_error(r, "properties in bytecode older than version 5");
    if (!sharc_bc_read_varint(r, &ix) || !read_props(f, r, name, ix, &dict, &props))
      return false;
  }
  sharc_op_state st = {.name = name->name, .loc = loc, .attrs = dict, .props = props};
  if (mask & SHARC_BC_OP_RESULTS) {
    if (!read_count(r, &n, "result"))
      return false;
    if (n > SHARC_VALUE_MAX_INDEX)
      return sharc_bc_error(r, "result count %llu exceeds the IR's limit", (unsigned long long)n);
    sharc_type **results = sharc_bc_scratch(r, n * sizeof *results);
    for (uint64_t i = 0; i < n; i++)
      if (!sharc_bc_read_type(r, &results[i]))
        return false;
    st.result_types = results;
    st.num_results = (unsigned)n;
  }
  if (mask & SHARC_BC_OP_OPERANDS) {
    if (!read_count(r, &n, "operand"))
      return false;
    sharc_value **ops = sharc_bc_scratch(r, n * sizeof *ops);
    for (uint64_t i = 0; i < n; i++)
      if (!use_value(s, r, &ops[i]))
        return false;
    st.operands = ops;
    st.num_operands = (unsigned)n;
  }
  if ((mask & SHARC_BC_OP_SUCCESSORS) &&
      (!block ? sharc_bc_error(r, "the top op cannot have successors")
              : !read_successors(s, r, &st)))
    return false;
  if ((mask & SHARC_BC_OP_USE_LISTS) && !skip_use_lists(r, st.num_results))
    return false;
  uint64_t nregions = 0;
  bool isolated = false;
  if ((mask & SHARC_BC_OP_REGIONS) && !read_varint_flag(r, &nregions, &isolated))
    return false;
  if (nregions > sharc_bc_remaining(r) + 1)
    return sharc_bc_error(r, "region count %llu exceeds the data", (unsigned long long)nregions);
  if (nregions > SHARC_OP_MAX_REGIONS)
    return sharc_bc_error(r, "region count %llu exceeds the IR's limit", (unsigned long long)nregions);
  st.num_regions = (unsigned)nregions;
  sharc_op *op = sharc_op_create(f->ctx, &st);
  *out = op;
  if (block)
    sharc_block_append_op(block, op);
  for (unsigned i = 0; i < op->num_results; i++)
    if (!define_value(s, r, (*next_value)++, &sharc_op_results_of(op)[i]))
      return false;
  if (!op->num_regions)
    return true;
  sharc_bc_reader sub = *r;
  if (isolated && f->version >= SHARC_BC_LAZY_LOADING) {
    unsigned id;
    span body;
    if (!read_section(r, &id, &body))
      return false;
    if (id != SHARC_BC_SEC_IR)
      return sharc_bc_error(r, "expected an IR section for the regions, got section %u", id);
    sub = sub_reader(f, body.data, body.len);
  }
  /* an isolated op's regions see only their own values: a scope of their own
   * (on the heap: the reader's state must not point into this frame) */
  value_scope *fresh = NULL, *outer = s->scope;
  if (isolated) {
    fresh = sharc_xcalloc(1, sizeof *fresh);
    s->scope = fresh;
  }
  bool ok = true;
  for (unsigned i = 0; ok && i < op->num_regions; i++)
    ok = read_region(s, &sub, &sharc_op_regions_of(op)[i]);
  if (isolated) {
    sharc_vec_free(&fresh->values);
    free(fresh);
    s->scope = outer;
    if (ok && f->version >= SHARC_BC_LAZY_LOADING && sub.p != sub.end)
      ok = sharc_bc_error(&sub, "trailing data in a region section");
  }
  if (!isolated || f->version < SHARC_BC_LAZY_LOADING)
    *r = sub;
  return ok;
}

static bool read_block_args(ir_state *s, sharc_bc_reader *r, sharc_block *b, uint64_t *next) {
  bc_file *f = s->f;
  uint64_t nargs;
  if (!read_count(r, &nargs, "argument"))
    return false;
  if (nargs > SHARC_VALUE_MAX_INDEX)
    return sharc_bc_error(r, "argument count %llu exceeds the IR's limit", (unsigned long long)nargs);
  for (uint64_t i = 0; i < nargs; i++) {
    uint64_t tix;
    bool has_loc = true;
    sharc_attr *loc = NULL;
    if (f->version >= SHARC_BC_ELIDE_UNKNOWN_BLOCK_ARG_LOC ? !read_varint_flag(r, &tix, &has_loc)
                                                            : !sharc_bc_read_varint(r, &tix))
      return false;
    if (tix >= f->types.len)
      return sharc_bc_error(r, "invalid type index %llu", (unsigned long long)tix);
    sharc_type *t = entry_obj(r, &f->types.items[tix], true);
    if (!t)
      return false;
    if (has_loc && !sharc_bc_read_attr(r, &loc))
      return false;
    if (loc && !sharc_attr_is_location(loc))
      return sharc_bc_error(r, "expected a location for a block argument");
    sharc_value *arg = sharc_block_add_arg(b, t, loc ? loc : sharc_loc_unknown(f->ctx));
    if (!define_value(s, r, (*next)++, arg))
      return false;
  }
  if (f->version >= SHARC_BC_USE_LIST_ORDERING) {
    uint8_t mask = 0;
    if (!read_byte(r, &mask))
      return false;
    if ((mask & SHARC_BC_OP_USE_LISTS) && !skip_use_lists(r, (unsigned)nargs))
      return false;
  }
  return true;
}

static bool read_block(ir_state *s, sharc_bc_reader *r, sharc_block *b, uint64_t *next) {
  uint64_t nops;
  bool has_args;
  if (!read_varint_flag(r, &nops, &has_args))
    return false;
  if (has_args && !read_block_args(s, r, b, next))
    return false;
  if (nops > sharc_bc_remaining(r))
    return sharc_bc_error(r, "op count %llu exceeds the data", (unsigned long long)nops);
  for (uint64_t i = 0; i < nops; i++) {
    sharc_op *op;
    if (!read_op(s, r, b, next, &op))
      return false;
  }
  return true;
}

static bool read_region(ir_state *s, sharc_bc_reader *r, sharc_region *region) {
  bc_file *f = s->f;
  uint64_t nblocks, nvalues;
  if (!sharc_bc_read_varint(r, &nblocks))
    return false;
  if (!nblocks)
    return true;
  if (nblocks > sharc_bc_remaining(r) || !sharc_bc_read_varint(r, &nvalues))
    return sharc_bc_error(r, "invalid block count %llu", (unsigned long long)nblocks);
  if (nvalues > f->size)
    return sharc_bc_error(r, "value count %llu exceeds the file", (unsigned long long)nvalues);
  if (f->depth >= MAX_NESTING)
    return sharc_bc_error(r, "regions nested too deeply");
  value_scope *sc = s->scope;
  unsigned base = sc->values.len;
  sharc_vec_reserve(&sc->values, (size_t)base + nvalues + 1);
  memset(sc->values.items + base, 0, nvalues * sizeof *sc->values.items);
  sc->values.len = base + (unsigned)nvalues;
  unsigned outer_base = s->block_base, outer_count = s->block_count;
  s->block_base = s->blocks.len;
  s->block_count = (unsigned)nblocks;
  for (uint64_t i = 0; i < nblocks; i++) {
    sharc_block *b = sharc_block_create(f->ctx);
    sharc_region_append_block(region, b);
    sharc_vec_push(&s->blocks, b);
  }
  uint64_t next = base;
  f->depth++;
  bool ok = true;
  for (sharc_block *b = region->first; ok && b; b = b->next)
    ok = read_block(s, r, b, &next);
  f->depth--;
  s->blocks.len = s->block_base;
  s->block_base = outer_base;
  s->block_count = outer_count;
  for (unsigned i = base; ok && i < sc->values.len; i++)
    if (sc->values.items[i] && sc->values.items[i]->vkind == SHARC_VALUE_PLACEHOLDER &&
        sc->values.items[i]->uses)
      ok = sharc_bc_error(r, "use of value id %u that is never defined", i);
  if (ok && next != base + nvalues)
    ok = sharc_bc_error(r, "region defines %llu values, %llu announced",
                        (unsigned long long)(next - base), (unsigned long long)nvalues);
  sc->values.len = base;
  return ok;
}

static sharc_op *read_ir(bc_file *f) {
  span s = f->sections[SHARC_BC_SEC_IR];
  sharc_bc_reader r = sub_reader(f, s.data, s.len);
  uint64_t nops;
  bool has_args;
  if (!read_varint_flag(&r, &nops, &has_args))
    return NULL;
  if (nops != 1 || has_args) {
    sharc_bc_error(&r, "the IR section must hold one op");
    return NULL;
  }
  value_scope top = {0};
  ir_state st = {.f = f, .scope = &top};
  sharc_vec_push(&top.values, NULL);
  uint64_t next = 0;
  sharc_op *op = NULL;
  bool ok = read_op(&st, &r, NULL, &next, &op);
  sharc_vec_free(&top.values);
  sharc_vec_free(&st.blocks);
  if (ok && r.p != r.end)
    ok = sharc_bc_error(&r, "trailing data in the IR section");
  /* the IR lives in the context's arena: a partial module is dropped */
  return ok ? op : NULL;
}

/* ---- entry points ------------------------------------------------------- */

static bool read_header(bc_file *f, sharc_bc_reader *r) {
  const uint8_t *magic = 0;
  if (!read_bytes(r, 4, &magic) || memcmp(magic, "ML\xefR", 4)) {
    r->p = f->base;
    return sharc_bc_error(r, "invalid bytecode: missing the magic number 'ML\\xefR'");
  }
  uint64_t version;
  if (!sharc_bc_read_varint(r, &version))
    return false;
  if (version > SHARC_BC_VERSION_CURRENT)
    return sharc_bc_error(r, "bytecode version %llu is newer than the current version %d",
                          (unsigned long long)version, SHARC_BC_VERSION_CURRENT);
  f->version = (int64_t)version;
  const uint8_t *nul = memchr(r->p, 0, sharc_bc_remaining(r));
  if (!nul)
    return sharc_bc_error(r, "unterminated producer string");
  f->producer = (sharc_str){(const char *)r->p, (size_t)(nul - r->p)};
  r->p = nul + 1;
  return true;
}

static bool read_sections(bc_file *f, sharc_bc_reader *r) {
  while (r->p < r->end) {
    unsigned id;
    span body;
    const uint8_t *at = r->p;
    if (!read_section(r, &id, &body))
      return false;
    if (f->present[id]) {
      r->p = at;
      return sharc_bc_error(r, "duplicate top-level section %u", id);
    }
    f->present[id] = true;
    f->sections[id] = body;
  }
  static const unsigned required[] = {SHARC_BC_SEC_STRING, SHARC_BC_SEC_DIALECT,
                                      SHARC_BC_SEC_ATTR_TYPE, SHARC_BC_SEC_ATTR_TYPE_OFFSET,
                                      SHARC_BC_SEC_IR};
  for (unsigned i = 0; i < sizeof required / sizeof *required; i++)
    if (!f->present[required[i]])
      return sharc_bc_error(r, "missing data for top-level section %u", required[i]);
  if (f->version >= SHARC_BC_NATIVE_PROPERTIES && !f->present[SHARC_BC_SEC_PROPERTIES])
    return sharc_bc_error(r, "missing data for top-level section %u", SHARC_BC_SEC_PROPERTIES);
  return true;
}

static void file_free(bc_file *f) {
  sharc_vec_free(&f->strings);
  sharc_vec_free(&f->dialects);
  sharc_vec_free(&f->names);
  sharc_vec_free(&f->attrs);
  sharc_vec_free(&f->types);
  sharc_vec_free(&f->resources);
  sharc_vec_free(&f->props);
  sharc_vec_free(&f->inherents);
  sharc_arena_free(&f->scratch);
}

sharc_op *sharc_parse_bytecode(sharc_context *ctx, const char *name, const char *buf, size_t len) {
  bc_file f = {.ctx = ctx, .name = name, .base = (const uint8_t *)buf, .size = len};
  sharc_bc_reader r = sub_reader(&f, f.base, len);
  sharc_op *op = NULL;
  if (read_header(&f, &r) && read_sections(&f, &r) && read_string_section(&f) &&
      read_props_section(&f) && read_dialect_section(&f) && read_resource_sections(&f) &&
      read_attr_type_sections(&f))
    op = read_ir(&f);
  file_free(&f);
  sharc_diag_flush(ctx);
  return op;
}

sharc_op *sharc_parse_any(sharc_context *ctx, const char *name, const char *buf, size_t len) {
  if (sharc_is_bytecode(buf, len))
    return sharc_parse_bytecode(ctx, name, buf, len);
  return sharc_parse_source(ctx, name, buf, len);
}
