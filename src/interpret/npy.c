/* NumPy .npy files of interpreter.probe / check.expect_serialized_eq, laid
 * out byte for byte as StableHLO's reference writes them (its header text,
 * its padding, its choice of NumPy type per element type), so that files
 * written by either tool read back in the other. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interpret/npy.h"
#include "support/apfloat.h"

static const char npy_magic[] = "\x93NUMPY";

bool sharc_npy_word(const sharc_tensor *t, char *kind, unsigned *size) {
  if (t->kind != SHARC_IV_TENSOR)
    return false;
  switch (t->st) {
  case SHARC_ST_INT:
    if (t->q.quantized)
      return false;
    if (t->bits == 1) { /* stored as a (signed) char */
      *kind = 'i', *size = 1;
      return true;
    }
    if (t->bits != 8 && t->bits != 16 && t->bits != 32 && t->bits != 64)
      return false;
    *size = t->bits / 8;
    /* the reference swaps the C types of the two 64-bit integers */
    *kind = t->bits == 64 ? (t->uns ? 'i' : 'u') : (t->uns ? 'u' : 'i');
    return true;
  case SHARC_ST_F32:
    if (!t->narrow) {
      *kind = 'f', *size = 4;
      return true;
    }
    if (t->fk != SHARC_F16 && t->fk != SHARC_BF16)
      return false;
    *kind = 'u', *size = 2; /* the bits */
    return true;
  case SHARC_ST_F64:
    *kind = 'f', *size = 8;
    return true;
  case SHARC_ST_C64: /* the pair as one 8-byte double */
    *kind = 'f', *size = 8;
    return true;
  case SHARC_ST_C128: /* the pair as one __int128 */
    *kind = 'i', *size = 16;
    return true;
  }
  return false;
}

static void put_le(unsigned char *p, uint64_t v, unsigned n) {
  for (unsigned b = 0; b < n; b++)
    p[b] = (unsigned char)(v >> (8 * b));
}

static uint64_t get_le(const unsigned char *p, unsigned n) {
  uint64_t v = 0;
  for (unsigned b = 0; b < n && b < 8; b++)
    v |= (uint64_t)p[b] << (8 * b);
  return v;
}

/* Element i of t as the reference's storage bytes (`size` of them). */
static void encode(const sharc_tensor *t, int64_t i, unsigned size, unsigned char *p) {
  switch (t->st) {
  case SHARC_ST_INT:
    put_le(p, (uint64_t)t->data.i[i], size);
    return;
  case SHARC_ST_F32:
    if (t->narrow) {
      uint64_t lo = 0, hi = 0;
      sharc_float_from_double(t->fk, t->data.f[i], &lo, &hi);
      put_le(p, lo, size);
    } else {
      memcpy(p, &t->data.f[i], 4);
    }
    return;
  case SHARC_ST_F64:
    memcpy(p, &t->data.d[i], 8);
    return;
  case SHARC_ST_C64: {
    float parts[2] = {crealf(t->data.c[i]), cimagf(t->data.c[i])};
    memcpy(p, parts, 8);
    return;
  }
  case SHARC_ST_C128: {
    double parts[2] = {creal(t->data.z[i]), cimag(t->data.z[i])};
    memcpy(p, parts, 16);
    return;
  }
  }
}

static void decode(sharc_tensor *t, int64_t i, unsigned size, const unsigned char *p) {
  switch (t->st) {
  case SHARC_ST_INT:
    t->data.i[i] = t->bits == 1 ? p[0] != 0 : sharc_int_wrap((int64_t)get_le(p, size), t->bits, t->uns);
    return;
  case SHARC_ST_F32:
    if (t->narrow)
      t->data.f[i] = (float)sharc_float_to_double(t->fk, get_le(p, size), 0);
    else
      memcpy(&t->data.f[i], p, 4);
    return;
  case SHARC_ST_F64:
    memcpy(&t->data.d[i], p, 8);
    return;
  case SHARC_ST_C64: {
    float parts[2];
    memcpy(parts, p, 8);
    t->data.c[i] = parts[0] + parts[1] * I;
    return;
  }
  case SHARC_ST_C128: {
    double parts[2];
    memcpy(parts, p, 16);
    t->data.z[i] = parts[0] + parts[1] * I;
    return;
  }
  }
}

bool sharc_npy_write(const char *path, const sharc_tensor *t) {
  char kind;
  unsigned size;
  if (!sharc_npy_word(t, &kind, &size))
    return false;
  sharc_buf dict = {0};
  sharc_buf_printf(&dict, "{'descr': '<%c%u', 'fortran_order': False, 'shape' : (", kind, size);
  for (unsigned d = 0; d < t->rank; d++)
    sharc_buf_printf(&dict, "%lld,", (long long)t->shape[d]);
  /* the reference pads to its own rule: 16 - (8 + 1) % 16 - 1 spaces */
  sharc_buf_puts(&dict, "), }      \n");
  FILE *f = fopen(path, "wb");
  if (!f) {
    sharc_buf_free(&dict);
    return false;
  }
  unsigned char head[10];
  memcpy(head, npy_magic, 6);
  head[6] = 1, head[7] = 0;
  put_le(head + 8, dict.len, 2);
  bool ok = fwrite(head, 1, 10, f) == 10 && fwrite(dict.data, 1, dict.len, f) == dict.len;
  unsigned char word[16];
  for (int64_t i = 0; ok && i < t->n; i++) {
    encode(t, i, size, word);
    ok = fwrite(word, 1, size, f) == size;
  }
  sharc_buf_free(&dict);
  return fclose(f) == 0 && ok;
}

/* The header's dictionary checked as the reference checks it: its 'descr'
 * (kind and word size) and its 'fortran_order'. */
static const char *check_header(char *h, char kind, unsigned size) {
  char *w = h;
  for (char *r = h; *r; r++)
    if (!isspace((unsigned char)*r))
      *w++ = *r;
  *w = 0;
  char *descr = strstr(h, "'descr':");
  if (!descr)
    return "Failed to parse descr header.";
  descr += 8;
  char *end = strchr(descr, ',');
  size_t len = end ? (size_t)(end - descr) : strlen(descr);
  if (len < 5 || descr[0] != '\'' || descr[len - 1] != '\'' || descr[2] != kind)
    return "Failed to parse descr header.";
  if ((unsigned)atoi(descr + 3) != size)
    return "Failed to verify serialized tensor.";
  char *fo = strstr(h, "'fortran_order':");
  if (!fo || !strstr(fo, "False"))
    return "Failed to parse fortran_order header.";
  return NULL;
}

const char *sharc_npy_read(const char *path, sharc_tensor *into) {
  char kind;
  unsigned size;
  if (!sharc_npy_word(into, &kind, &size))
    return "unsupported element type";
  FILE *f = fopen(path, "rb");
  if (!f)
    return "Failed to read NumPy magic string.";
  unsigned char head[10];
  const char *err = NULL;
  if (fread(head, 1, 10, f) != 10 || memcmp(head, npy_magic, 6) != 0)
    err = "Invalid NumPy file format detected.";
  else if (head[6] != 1 || head[7] != 0)
    err = "Invalid NumPy version.";
  size_t hlen = err ? 0 : (size_t)get_le(head + 8, 2);
  char *h = err ? NULL : malloc(hlen + 1);
  if (h && (fread(h, 1, hlen, f) != hlen || hlen == 0 || h[hlen - 1] != '\n'))
    err = "Invalid NumPy header.";
  if (h && !err) {
    h[hlen] = 0;
    err = check_header(h, kind, size);
  }
  free(h);
  unsigned char word[16];
  for (int64_t i = 0; !err && i < into->n; i++) {
    memset(word, 0, sizeof word); /* a short file reads as zeros, as the reference's */
    if (fread(word, 1, size, f) != size)
      memset(word, 0, sizeof word);
    decode(into, i, size, word);
  }
  fclose(f);
  return err;
}
