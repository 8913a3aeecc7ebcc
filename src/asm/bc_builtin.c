/* The builtin dialect's bytecode encodings (MLIR's BuiltinDialectBytecode.td:
 * one code per attribute and type kind, in MLIR's order, so that files match
 * mlir-opt's byte for byte) and the properties of the builtin and func ops.
 * Kinds MLIR has no encoding for (affine maps, integer sets, strided
 * layouts, tf32 and the small float formats) are declined: written as text. */
#include "asm/bc_internal.h"
#include "ir/affine.h"

#include <stdlib.h>
#include <string.h>

enum attr_code {
  A_ARRAY, A_DICT, A_STRING, A_STRING_TYPED, A_FLAT_SYMREF, A_SYMREF, A_TYPE, A_UNIT, A_INTEGER,
  A_FLOAT, A_CALLSITE, A_FILE, A_FUSED, A_FUSED_META, A_NAME, A_UNKNOWN, A_DENSE_RESOURCE,
  A_DENSE_ARRAY, A_DENSE, A_DENSE_STRING, A_SPARSE, A_DISTINCT, A_FILE_RANGE,
};

enum type_code {
  T_INTEGER, T_INDEX, T_FUNCTION, T_BF16, T_F16, T_F32, T_F64, T_F80, T_F128, T_COMPLEX, T_MEMREF,
  T_MEMREF_SPACE, T_NONE, T_TENSOR, T_TENSOR_ENC, T_TUPLE, T_UMEMREF, T_UMEMREF_SPACE, T_UTENSOR,
  T_VECTOR, T_VECTOR_SCALABLE,
};

/* ---- writing ------------------------------------------------------------ */

static sharc_attr *str_attr(sharc_bc_writer *w, sharc_str s) {
  return sharc_attr_string(sharc_bc_writer_context(w), s);
}

static void write_shape(sharc_bc_writer *w, const int64_t *shape, unsigned rank) {
  sharc_bc_write_varint(w, rank);
  for (unsigned i = 0; i < rank; i++)
    sharc_bc_write_signed(w, shape[i]);
}

static void write_types(sharc_bc_writer *w, sharc_type *const *types, unsigned n) {
  sharc_bc_write_varint(w, n);
  for (unsigned i = 0; i < n; i++)
    sharc_bc_write_type(w, types[i]);
}

static bool write_float_type(sharc_bc_writer *w, sharc_float_kind k) {
  static const int codes[SHARC_FLOAT_KIND_COUNT] = {
      [SHARC_F16] = T_F16,   [SHARC_BF16] = T_BF16, [SHARC_F32] = T_F32,
      [SHARC_F64] = T_F64,   [SHARC_F80] = T_F80,   [SHARC_F128] = T_F128,
      [SHARC_TF32] = -1,     [SHARC_F8E5M2] = -1,   [SHARC_F8E4M3] = -1,
      [SHARC_F8E4M3FN] = -1, [SHARC_F8E5M2FNUZ] = -1, [SHARC_F8E4M3FNUZ] = -1,
      [SHARC_F8E4M3B11FNUZ] = -1, [SHARC_F8E3M4] = -1, [SHARC_F8E8M0FNU] = -1,
      [SHARC_F6E2M3FN] = -1, [SHARC_F6E3M2FN] = -1, [SHARC_F4E2M1FN] = -1,
  };
  if (codes[k] < 0)
    return false;
  sharc_bc_write_varint(w, (uint64_t)codes[k]);
  return true;
}

/* MLIR's memref always has a layout: the identity map when none is written. */
static sharc_attr *memref_layout(sharc_bc_writer *w, const sharc_type *t) {
  if (t->shaped.encoding)
    return t->shaped.encoding;
  sharc_context *ctx = sharc_bc_writer_context(w);
  unsigned rank = t->shaped.rank;
  const sharc_affine_expr *dims[rank ? rank : 1];
  for (unsigned i = 0; i < rank; i++)
    dims[i] = sharc_affine_dim(ctx, i);
  return sharc_attr_affine_map(ctx, rank, 0, dims, rank);
}

static bool builtin_write_type(sharc_bc_writer *w, const sharc_type *t) {
  switch (t->kind) {
  case SHARC_TYPE_INTEGER:
    sharc_bc_write_varint(w, T_INTEGER);
    sharc_bc_write_varint(w, (uint64_t)t->integer.width << 2 | (uint64_t)t->integer.sign);
    return true;
  case SHARC_TYPE_INDEX:
    sharc_bc_write_varint(w, T_INDEX);
    return true;
  case SHARC_TYPE_FLOAT:
    return write_float_type(w, t->fkind);
  case SHARC_TYPE_COMPLEX:
    sharc_bc_write_varint(w, T_COMPLEX);
    sharc_bc_write_type(w, t->elem);
    return true;
  case SHARC_TYPE_NONE:
    sharc_bc_write_varint(w, T_NONE);
    return true;
  case SHARC_TYPE_TENSOR:
    sharc_bc_write_varint(w, t->shaped.encoding ? T_TENSOR_ENC : T_TENSOR);
    if (t->shaped.encoding)
      sharc_bc_write_attr(w, t->shaped.encoding);
    write_shape(w, t->shaped.shape, t->shaped.rank);
    sharc_bc_write_type(w, t->shaped.elem);
    return true;
  case SHARC_TYPE_UNRANKED_TENSOR:
    sharc_bc_write_varint(w, T_UTENSOR);
    sharc_bc_write_type(w, t->shaped.elem);
    return true;
  case SHARC_TYPE_VECTOR: {
    bool scalable = false;
    for (unsigned i = 0; i < t->shaped.rank && t->shaped.scalable; i++)
      scalable = scalable || t->shaped.scalable[i];
    sharc_bc_write_varint(w, scalable ? T_VECTOR_SCALABLE : T_VECTOR);
    if (scalable) {
      sharc_bc_write_varint(w, t->shaped.rank);
      for (unsigned i = 0; i < t->shaped.rank; i++)
        sharc_bc_write_bool(w, t->shaped.scalable[i]);
    }
    write_shape(w, t->shaped.shape, t->shaped.rank);
    sharc_bc_write_type(w, t->shaped.elem);
    return true;
  }
  case SHARC_TYPE_MEMREF:
    sharc_bc_write_varint(w, t->shaped.memspace ? T_MEMREF_SPACE : T_MEMREF);
    if (t->shaped.memspace)
      sharc_bc_write_attr(w, t->shaped.memspace);
    write_shape(w, t->shaped.shape, t->shaped.rank);
    sharc_bc_write_type(w, t->shaped.elem);
    sharc_bc_write_attr(w, memref_layout(w, t));
    return true;
  case SHARC_TYPE_UNRANKED_MEMREF:
    sharc_bc_write_varint(w, t->shaped.memspace ? T_UMEMREF_SPACE : T_UMEMREF);
    if (t->shaped.memspace)
      sharc_bc_write_attr(w, t->shaped.memspace);
    sharc_bc_write_type(w, t->shaped.elem);
    return true;
  case SHARC_TYPE_TUPLE:
    sharc_bc_write_varint(w, T_TUPLE);
    write_types(w, t->list.types, t->list.n_in);
    return true;
  case SHARC_TYPE_FUNCTION:
    sharc_bc_write_varint(w, T_FUNCTION);
    write_types(w, t->list.types, t->list.n_in);
    write_types(w, t->list.types + t->list.n_in, t->list.n_res);
    return true;
  case SHARC_TYPE_OPAQUE:
  case SHARC_TYPE_DIALECT:
    return false;
  }
  return false;
}

/* Bits of one scalar of `t` (index: 64), or 0 when `t` is no int/float. */
static unsigned scalar_bits(const sharc_type *t) {
  if (t->kind == SHARC_TYPE_INTEGER || t->kind == SHARC_TYPE_INDEX || t->kind == SHARC_TYPE_FLOAT)
    return sharc_type_bit_width(t);
  return 0;
}

static void write_int_words(sharc_bc_writer *w, const sharc_attr *a) {
  unsigned width = scalar_bits(a->type);
  sharc_bc_write_apint(w, sharc_attr_int_words(a), width);
}

static void write_float_bits(sharc_bc_writer *w, const sharc_attr *a) {
  uint64_t words[2] = {sharc_attr_float_lo(a), sharc_attr_float_hi(a)};
  sharc_bc_write_apint(w, words, scalar_bits(a->type));
}

/* MLIR's raw data of dense elements: each scalar in its byte width, little
 * endian; i1 packed 8 to a byte (a splat: one byte, 0xff or 0). */
bool sharc_bc_dense_raw_bytes(const sharc_attr *a, sharc_buf *out) {
  const sharc_type *elem = sharc_type_element(a->type);
  unsigned parts = 1;
  if (elem->kind == SHARC_TYPE_COMPLEX) {
    elem = elem->elem;
    parts = 2;
  }
  unsigned bits = scalar_bits(elem);
  if (!bits)
    return false;
  unsigned wpw = sharc_type_scalar_words(elem);
  size_t scalars = sharc_dense_nwords(a) / wpw;
  if (bits == 1 && parts == 1) {
    if (sharc_dense_splat(a)) {
      sharc_buf_putc(out, sharc_dense_raw(a)[0] & 1 ? (char)0xff : 0);
      return true;
    }
    size_t nbytes = (scalars + 7) / 8;
    sharc_buf_reserve(out, nbytes);
    for (size_t i = 0; i < nbytes; i++) {
      unsigned char byte = 0;
      for (size_t b = 0; b < 8 && i * 8 + b < scalars; b++)
        byte |= (unsigned char)((sharc_dense_raw(a)[i * 8 + b] & 1) << b);
      sharc_buf_putc(out, (char)byte);
    }
    return true;
  }
  unsigned bytes = (bits + 7) / 8;
  for (size_t i = 0; i < scalars; i++)
    for (unsigned b = 0; b < bytes; b++) {
      uint64_t word = sharc_dense_raw(a)[i * wpw + b / 8];
      sharc_buf_putc(out, (char)(word >> (8 * (b % 8))));
    }
  return true;
}

static bool dense_array_bytes(const sharc_attr *a, sharc_buf *out) {
  unsigned bits = scalar_bits(sharc_darray_elem(a));
  if (!bits)
    return false;
  unsigned bytes = bits == 1 ? 1 : (bits + 7) / 8;
  unsigned wpw = sharc_type_scalar_words(sharc_darray_elem(a));
  for (unsigned i = 0; i < sharc_darray_n(a); i++)
    for (unsigned b = 0; b < bytes; b++) {
      uint64_t word = sharc_darray_raw(a)[i * wpw + b / 8];
      sharc_buf_putc(out, (char)(word >> (8 * (b % 8))));
    }
  return true;
}

/* MLIR writes an empty file name as "-" (and reads "-" back). */
static sharc_attr *file_name_attr(sharc_bc_writer *w, const sharc_attr *a) {
  sharc_str name = sharc_ident_str(a->file.file);
  return str_attr(w, name.len ? name : SHARC_STR("-"));
}

static void write_loc_file(sharc_bc_writer *w, const sharc_attr *a) {
  unsigned l = a->file.line, c = a->file.col, el = a->file.end_line, ec = a->file.end_col;
  if (a->loc_form == 0) {
    sharc_bc_write_varint(w, A_FILE);
    sharc_bc_write_attr(w, file_name_attr(w, a));
    sharc_bc_write_varint(w, l);
    sharc_bc_write_varint(w, c);
    return;
  }
  if (a->loc_form == 1)
    el = l;
  sharc_bc_write_varint(w, A_FILE_RANGE);
  sharc_bc_write_attr(w, file_name_attr(w, a));
  if (l == 0 && c == 0 && el == 0 && ec == 0) {
    sharc_bc_write_varint(w, 0);
  } else if (c == 0 && l == el) {
    sharc_bc_write_varint(w, 1);
    sharc_bc_write_varint(w, l);
  } else if (ec == c && l == el) {
    sharc_bc_write_varint(w, 2);
    sharc_bc_write_varint(w, l);
    sharc_bc_write_varint(w, c);
  } else if (l == el) {
    sharc_bc_write_varint(w, 3);
    sharc_bc_write_varint(w, l);
    sharc_bc_write_varint(w, c);
    sharc_bc_write_varint(w, ec);
  } else {
    sharc_bc_write_varint(w, 4);
    sharc_bc_write_varint(w, l);
    sharc_bc_write_varint(w, c);
    sharc_bc_write_varint(w, el);
    sharc_bc_write_varint(w, ec);
  }
}

static void write_attrs(sharc_bc_writer *w, sharc_attr *const *attrs, unsigned n) {
  sharc_bc_write_varint(w, n);
  for (unsigned i = 0; i < n; i++)
    sharc_bc_write_attr(w, attrs[i]);
}

static void write_dict(sharc_bc_writer *w, const sharc_attr *a) {
  sharc_bc_write_varint(w, A_DICT);
  sharc_bc_write_varint(w, sharc_dict_n(a));
  for (unsigned i = 0; i < sharc_dict_n(a); i++) {
    sharc_bc_write_attr(w, str_attr(w, sharc_ident_str(sharc_dict_entries(a)[i].name)));
    sharc_bc_write_attr(w, sharc_dict_entries(a)[i].value);
  }
}

static void write_symref(sharc_bc_writer *w, const sharc_attr *a) {
  sharc_context *ctx = sharc_bc_writer_context(w);
  sharc_bc_write_varint(w, a->sym.n ? A_SYMREF : A_FLAT_SYMREF);
  sharc_bc_write_attr(w, str_attr(w, sharc_ident_str(a->sym.root)));
  if (!a->sym.n)
    return;
  sharc_bc_write_varint(w, a->sym.n);
  for (unsigned i = 0; i < a->sym.n; i++)
    sharc_bc_write_attr(w, sharc_attr_symbol_ref(ctx, a->sym.nested[i], NULL, 0));
}

static bool write_dense(sharc_bc_writer *w, const sharc_attr *a) {
  sharc_buf raw = {0};
  if (!sharc_bc_dense_raw_bytes(a, &raw)) {
    sharc_buf_free(&raw);
    return false;
  }
  sharc_bc_write_varint(w, A_DENSE);
  sharc_bc_write_type(w, a->type);
  sharc_bc_write_blob(w, raw.data, raw.len);
  sharc_buf_free(&raw);
  return true;
}

static bool write_dense_array(sharc_bc_writer *w, const sharc_attr *a) {
  sharc_buf raw = {0};
  if (!dense_array_bytes(a, &raw)) {
    sharc_buf_free(&raw);
    return false;
  }
  sharc_bc_write_varint(w, A_DENSE_ARRAY);
  sharc_bc_write_type(w, sharc_darray_elem(a));
  sharc_bc_write_varint(w, sharc_darray_n(a));
  sharc_bc_write_blob(w, raw.data, raw.len);
  sharc_buf_free(&raw);
  return true;
}

static bool builtin_write_attr(sharc_bc_writer *w, const sharc_attr *a) {
  sharc_context *ctx = sharc_bc_writer_context(w);
  switch (a->kind) {
  case SHARC_ATTR_UNIT:
    sharc_bc_write_varint(w, A_UNIT);
    return true;
  case SHARC_ATTR_BOOL: {
    uint64_t v = a->b;
    sharc_bc_write_varint(w, A_INTEGER);
    sharc_bc_write_type(w, sharc_type_integer(ctx, 1, SHARC_SIGNLESS));
    sharc_bc_write_apint(w, &v, 1);
    return true;
  }
  case SHARC_ATTR_INTEGER:
    sharc_bc_write_varint(w, A_INTEGER);
    sharc_bc_write_type(w, a->type);
    write_int_words(w, a);
    return true;
  case SHARC_ATTR_FLOAT:
    sharc_bc_write_varint(w, A_FLOAT);
    sharc_bc_write_type(w, a->type);
    write_float_bits(w, a);
    return true;
  case SHARC_ATTR_STRING:
    if (a->type && a->type->kind != SHARC_TYPE_NONE) {
      sharc_bc_write_varint(w, A_STRING_TYPED);
      sharc_bc_write_string(w, a->str);
      sharc_bc_write_type(w, a->type);
      return true;
    }
    sharc_bc_write_varint(w, A_STRING);
    sharc_bc_write_string(w, a->str);
    return true;
  case SHARC_ATTR_TYPE:
    sharc_bc_write_varint(w, A_TYPE);
    sharc_bc_write_type(w, a->tval);
    return true;
  case SHARC_ATTR_ARRAY:
    sharc_bc_write_varint(w, A_ARRAY);
    write_attrs(w, sharc_array_elems(a), sharc_array_n(a));
    return true;
  case SHARC_ATTR_DICTIONARY:
    write_dict(w, a);
    return true;
  case SHARC_ATTR_DENSE_ARRAY:
    return write_dense_array(w, a);
  case SHARC_ATTR_DENSE_ELEMENTS:
    return write_dense(w, a);
  case SHARC_ATTR_DENSE_STRING:
    sharc_bc_write_varint(w, A_DENSE_STRING);
    sharc_bc_write_type(w, a->type);
    sharc_bc_write_varint(w, a->dstrings.splat);
    for (size_t i = 0; i < (a->dstrings.splat ? 1 : a->dstrings.n); i++)
      sharc_bc_write_string(w, a->dstrings.strs[i]);
    return true;
  case SHARC_ATTR_DENSE_RESOURCE:
    sharc_bc_write_varint(w, A_DENSE_RESOURCE);
    sharc_bc_write_type(w, a->type);
    sharc_bc_write_resource(w, a->resource.key);
    return true;
  case SHARC_ATTR_SPARSE_ELEMENTS:
    sharc_bc_write_varint(w, A_SPARSE);
    sharc_bc_write_type(w, a->type);
    sharc_bc_write_attr(w, a->sparse.indices);
    sharc_bc_write_attr(w, a->sparse.values);
    return true;
  case SHARC_ATTR_SYMBOL_REF:
    write_symref(w, a);
    return true;
  case SHARC_ATTR_DISTINCT:
    sharc_bc_write_varint(w, A_DISTINCT);
    sharc_bc_write_attr(w, a->distinct.ref);
    return true;
  case SHARC_ATTR_LOC_UNKNOWN:
    sharc_bc_write_varint(w, A_UNKNOWN);
    return true;
  case SHARC_ATTR_LOC_FILE:
    write_loc_file(w, a);
    return true;
  case SHARC_ATTR_LOC_NAME:
    sharc_bc_write_varint(w, A_NAME);
    sharc_bc_write_attr(w, str_attr(w, sharc_ident_str(a->name.name)));
    sharc_bc_write_attr(w, a->name.child ? a->name.child : sharc_loc_unknown(ctx));
    return true;
  case SHARC_ATTR_LOC_CALLSITE:
    sharc_bc_write_varint(w, A_CALLSITE);
    sharc_bc_write_attr(w, a->callsite.callee);
    sharc_bc_write_attr(w, a->callsite.caller);
    return true;
  case SHARC_ATTR_LOC_FUSED:
    sharc_bc_write_varint(w, a->fused.metadata ? A_FUSED_META : A_FUSED);
    write_attrs(w, a->fused.locs, a->fused.n);
    if (a->fused.metadata)
      sharc_bc_write_attr(w, a->fused.metadata);
    return true;
  default:
    return false;
  }
}

/* ---- reading ------------------------------------------------------------ */

static bool read_shape(sharc_bc_reader *r, int64_t **shape, unsigned *rank) {
  uint64_t n;
  if (!sharc_bc_read_varint(r, &n))
    return false;
  if (n > sharc_bc_remaining(r))
    return sharc_bc_error(r, "shape rank %llu exceeds the data", (unsigned long long)n);
  *rank = (unsigned)n;
  *shape = sharc_bc_scratch(r, n * sizeof **shape);
  for (uint64_t i = 0; i < n; i++)
    if (!sharc_bc_read_signed(r, &(*shape)[i]))
      return false;
  return true;
}

static bool read_types(sharc_bc_reader *r, sharc_type ***types, unsigned *n) {
  uint64_t count;
  if (!sharc_bc_read_varint(r, &count))
    return false;
  if (count > sharc_bc_remaining(r))
    return sharc_bc_error(r, "type list of %llu exceeds the data", (unsigned long long)count);
  *n = (unsigned)count;
  *types = sharc_bc_scratch(r, count * sizeof **types);
  for (uint64_t i = 0; i < count; i++)
    if (!sharc_bc_read_type(r, &(*types)[i]))
      return false;
  return true;
}

static bool read_attrs(sharc_bc_reader *r, sharc_attr ***attrs, unsigned *n) {
  uint64_t count;
  if (!sharc_bc_read_varint(r, &count))
    return false;
  if (count > sharc_bc_remaining(r))
    return sharc_bc_error(r, "attribute list of %llu exceeds the data", (unsigned long long)count);
  *n = (unsigned)count;
  *attrs = sharc_bc_scratch(r, count * sizeof **attrs);
  for (uint64_t i = 0; i < count; i++)
    if (!sharc_bc_read_attr(r, &(*attrs)[i]))
      return false;
  return true;
}

static bool shaped_element_ok(sharc_bc_reader *r, sharc_type *elem) {
  if (elem->kind == SHARC_TYPE_FUNCTION || elem->kind == SHARC_TYPE_TENSOR ||
      elem->kind == SHARC_TYPE_UNRANKED_TENSOR || elem->kind == SHARC_TYPE_NONE)
    return sharc_bc_error(r, "invalid element type of a shaped type");
  return true;
}

static sharc_type *read_shaped(sharc_bc_reader *r, uint64_t code) {
  sharc_context *ctx = sharc_bc_reader_context(r);
  sharc_attr *enc = NULL, *layout = NULL;
  int64_t *shape = NULL;
  unsigned rank = 0;
  sharc_type *elem = 0;
  bool *scalable = NULL;
  uint64_t nscalable = 0;
  if ((code == T_TENSOR_ENC || code == T_MEMREF_SPACE) && !sharc_bc_read_attr(r, &enc))
    return NULL;
  if (code == T_VECTOR_SCALABLE) {
    if (!sharc_bc_read_varint(r, &nscalable))
      return NULL;
    if (nscalable > sharc_bc_remaining(r))
      return sharc_bc_error(r, "scalable flags exceed the data"), NULL;
    scalable = sharc_bc_scratch(r, nscalable * sizeof *scalable);
    for (uint64_t i = 0; i < nscalable; i++)
      if (!sharc_bc_read_bool(r, &scalable[i]))
        return NULL;
  }
  if (!read_shape(r, &shape, &rank) || !sharc_bc_read_type(r, &elem) || !shaped_element_ok(r, elem))
    return NULL;
  for (unsigned i = 0; i < rank; i++)
    if (shape[i] < 0 && shape[i] != SHARC_DYNAMIC)
      return sharc_bc_error(r, "invalid dimension size %lld", (long long)shape[i]), NULL;
  if (code == T_TENSOR || code == T_TENSOR_ENC)
    return sharc_type_tensor(ctx, shape, rank, elem, enc);
  if (code == T_VECTOR || code == T_VECTOR_SCALABLE) {
    if (scalable && nscalable != rank)
      return sharc_bc_error(r, "scalable flags do not match the vector rank"), NULL;
    for (unsigned i = 0; i < rank; i++)
      if (shape[i] <= 0)
        return sharc_bc_error(r, "vector dimensions must be positive"), NULL;
    return sharc_type_vector(ctx, shape, scalable, rank, elem);
  }
  if (!sharc_bc_read_attr(r, &layout))
    return NULL;
  if (layout->kind == SHARC_ATTR_AFFINE_MAP && sharc_affine_map_is_identity(layout))
    layout = NULL;
  return sharc_type_memref(ctx, shape, rank, elem, layout, enc);
}

static sharc_type *read_float_type(sharc_bc_reader *r, uint64_t code) {
  static const sharc_float_kind kinds[] = {
      [T_BF16] = SHARC_BF16, [T_F16] = SHARC_F16,  [T_F32] = SHARC_F32,
      [T_F64] = SHARC_F64,   [T_F80] = SHARC_F80,  [T_F128] = SHARC_F128,
  };
  return sharc_type_float(sharc_bc_reader_context(r), kinds[code]);
}

static sharc_type *builtin_read_type(sharc_bc_reader *r) {
  sharc_context *ctx = sharc_bc_reader_context(r);
  uint64_t code, v;
  sharc_type *elem, **a, **b;
  sharc_attr *space;
  unsigned na, nb;
  if (!sharc_bc_read_varint(r, &code))
    return NULL;
  switch (code) {
  case T_INTEGER:
    if (!sharc_bc_read_varint(r, &v))
      return NULL;
    if ((v & 3) == 3 || (v >> 2) > 16777215)
      return sharc_bc_error(r, "invalid integer type encoding %llu", (unsigned long long)v), NULL;
    return sharc_type_integer(ctx, (unsigned)(v >> 2), (sharc_signedness)(v & 3));
  case T_INDEX:
    return sharc_type_index(ctx);
  case T_FUNCTION:
    if (!read_types(r, &a, &na))
      return NULL;
    sharc_type **ins = a;
    if (!read_types(r, &b, &nb))
      return NULL;
    return sharc_type_function(ctx, ins, na, b, nb);
  case T_BF16: case T_F16: case T_F32: case T_F64: case T_F80: case T_F128:
    return read_float_type(r, code);
  case T_COMPLEX:
    if (!sharc_bc_read_type(r, &elem))
      return NULL;
    if (!sharc_type_is_float(elem) && elem->kind != SHARC_TYPE_INTEGER)
      return sharc_bc_error(r, "invalid element type for complex"), NULL;
    return sharc_type_complex(ctx, elem);
  case T_NONE:
    return sharc_type_none(ctx);
  case T_TENSOR: case T_TENSOR_ENC: case T_MEMREF: case T_MEMREF_SPACE: case T_VECTOR:
  case T_VECTOR_SCALABLE:
    return read_shaped(r, code);
  case T_TUPLE:
    if (!read_types(r, &a, &na))
      return NULL;
    return sharc_type_tuple(ctx, a, na);
  case T_UMEMREF: case T_UMEMREF_SPACE:
    space = NULL;
    if (code == T_UMEMREF_SPACE && !sharc_bc_read_attr(r, &space))
      return NULL;
    if (!sharc_bc_read_type(r, &elem) || !shaped_element_ok(r, elem))
      return NULL;
    return sharc_type_unranked_memref(ctx, elem, space);
  case T_UTENSOR:
    if (!sharc_bc_read_type(r, &elem) || !shaped_element_ok(r, elem))
      return NULL;
    return sharc_type_unranked_tensor(ctx, elem);
  default:
    sharc_bc_error(r, "unknown builtin type code %llu", (unsigned long long)code);
    return NULL;
  }
}

static bool read_string_attr(sharc_bc_reader *r, sharc_ident **out) {
  sharc_attr *a;
  if (!sharc_bc_read_attr(r, &a))
    return false;
  if (a->kind != SHARC_ATTR_STRING)
    return sharc_bc_error(r, "expected a string attribute");
  *out = sharc_ident_get(sharc_bc_reader_context(r), a->str);
  return true;
}

static bool read_loc(sharc_bc_reader *r, sharc_attr **out) {
  if (!sharc_bc_read_attr(r, out))
    return false;
  if (!sharc_attr_is_location(*out))
    return sharc_bc_error(r, "expected a location attribute");
  return true;
}

static sharc_attr *read_file_loc(sharc_bc_reader *r, uint64_t code) {
  sharc_context *ctx = sharc_bc_reader_context(r);
  sharc_ident *file = 0;
  uint64_t v[4] = {0}, n = 2;
  if (!read_string_attr(r, &file))
    return NULL;
  if (code == A_FILE_RANGE && !sharc_bc_read_varint(r, &n))
    return NULL;
  if (n > 4)
    return sharc_bc_error(r, "invalid file location range of %llu numbers", (unsigned long long)n),
           NULL;
  for (uint64_t i = 0; i < n; i++)
    if (!sharc_bc_read_varint(r, &v[i]))
      return NULL;
  for (uint64_t i = 0; i < n; i++)
    if (v[i] > UINT32_MAX)
      return sharc_bc_error(r, "file location number out of range"), NULL;
  switch (n) {
  case 0:
    return sharc_loc_file_range_same_line(ctx, file, 0, 0, 0);
  case 1:
    return sharc_loc_file_range_same_line(ctx, file, (unsigned)v[0], 0, 0);
  case 2:
    return sharc_loc_file(ctx, file, (unsigned)v[0], (unsigned)v[1]);
  case 3:
    return sharc_loc_file_range_same_line(ctx, file, (unsigned)v[0], (unsigned)v[1], (unsigned)v[2]);
  default:
    return sharc_loc_file_range(ctx, file, (unsigned)v[0], (unsigned)v[1], (unsigned)v[2],
                                (unsigned)v[3]);
  }
}

/* Words of a scalar read back with sharc_bc_read_apint into `words`. */
static sharc_attr *read_integer(sharc_bc_reader *r) {
  sharc_context *ctx = sharc_bc_reader_context(r);
  sharc_type *t;
  if (!sharc_bc_read_type(r, &t))
    return NULL;
  if (t->kind != SHARC_TYPE_INTEGER && t->kind != SHARC_TYPE_INDEX)
    return sharc_bc_error(r, "expected integer or index type for IntegerAttr"), NULL;
  unsigned width = sharc_type_bit_width(t);
  unsigned nw = width ? (width + 63) / 64 : 1;
  uint64_t *words = sharc_bc_scratch(r, nw * sizeof *words);
  if (!sharc_bc_read_apint(r, width, words))
    return NULL;
  if (width == 1 && t->kind == SHARC_TYPE_INTEGER && t->integer.sign == SHARC_SIGNLESS)
    return sharc_attr_bool(ctx, words[0] & 1);
  if (width < 64 && width)
    words[0] &= (UINT64_C(1) << width) - 1;
  else if (width % 64)
    words[nw - 1] &= (UINT64_C(1) << (width % 64)) - 1;
  return sharc_attr_integer_words(ctx, t, words, nw);
}

static sharc_attr *read_float(sharc_bc_reader *r) {
  sharc_type *t;
  if (!sharc_bc_read_type(r, &t))
    return NULL;
  if (t->kind != SHARC_TYPE_FLOAT)
    return sharc_bc_error(r, "expected a float type for FloatAttr"), NULL;
  unsigned width = sharc_type_bit_width(t);
  uint64_t words[2];
  if (!sharc_bc_read_float_bits(r, width, words))
    return NULL;
  return sharc_attr_float_bits(sharc_bc_reader_context(r), t, words[0], width > 64 ? words[1] : 0);
}

static bool dense_elem_info(sharc_bc_reader *r, const sharc_type *shaped, const sharc_type **elem,
                            unsigned *parts) {
  if (!sharc_type_is_shaped(shaped) || !sharc_type_has_rank(shaped))
    return sharc_bc_error(r, "expected a static shaped type for dense elements");
  const sharc_type *e = sharc_type_element(shaped);
  *parts = 1;
  if (e->kind == SHARC_TYPE_COMPLEX) {
    e = e->elem;
    *parts = 2;
  }
  if (!scalar_bits(e))
    return sharc_bc_error(r, "unsupported element type of dense elements");
  *elem = e;
  return true;
}

/* Unpacks MLIR's raw bytes into sharc's one word per scalar. */
sharc_attr *sharc_bc_dense_from_blob(sharc_bc_reader *r, sharc_type *t, const uint8_t *blob,
                                     size_t len) {
  sharc_context *ctx = sharc_bc_reader_context(r);
  const sharc_type *elem = 0;
  unsigned parts = 0;
  if (!dense_elem_info(r, t, &elem, &parts))
    return NULL;
  int64_t count = sharc_type_num_elements(t);
  if (count < 0 || count == INT64_MAX)
    return sharc_bc_error(r, "dense elements need a static shape"), NULL;
  size_t scalars = (size_t)count * parts;
  unsigned bits = scalar_bits(elem), wpw = sharc_type_scalar_words(elem);
  if (bits == 1 && parts == 1) {
    /* 0xff: a true splat; one byte for up to 8 elements is packed data */
    bool splat = scalars == 1 || (len == 1 && (blob[0] == 0xff || scalars > 8));
    if (!splat && len != (scalars + 7) / 8 && len != scalars)
      return sharc_bc_error(r, "dense i1 data of %zu bytes does not fit %zu elements", len, scalars),
             NULL;
    size_t n = splat ? 1 : scalars;
    uint64_t *raw = sharc_bc_scratch(r, (n ? n : 1) * sizeof *raw);
    for (size_t i = 0; i < n; i++)
      raw[i] = splat ? blob[0] != 0 : len == scalars ? blob[i] & 1 : (blob[i / 8] >> (i % 8)) & 1;
    /* MLIR's i1 data of equal values is a splat once unpacked */
    bool same = n > 0;
    for (size_t i = 1; i < n && same; i++)
      same = raw[i] == raw[0];
    if (same && !splat) {
      splat = true;
      n = 1;
    }
    return sharc_attr_dense_elements(ctx, t, raw, n, splat);
  }
  unsigned bytes = (bits + 7) / 8;
  size_t per = (size_t)bytes * parts;
  bool splat = len == per;
  if (!splat && len != per * (size_t)count)
    return sharc_bc_error(r, "dense data of %zu bytes does not fit %lld elements", len,
                          (long long)count), NULL;
  size_t n = splat ? parts : scalars;
  uint64_t *raw = sharc_bc_scratch(r, (n * wpw > 0 ? n * wpw : 1) * sizeof *raw);
  memset(raw, 0, n * wpw * sizeof *raw);
  for (size_t i = 0; i < n; i++)
    for (unsigned b = 0; b < bytes; b++)
      raw[i * wpw + b / 8] |= (uint64_t)blob[i * bytes + b] << (8 * (b % 8));
  /* dense integers are kept truncated to their width, as the parser does */
  if (elem->kind == SHARC_TYPE_INTEGER && bits < 64)
    for (size_t i = 0; i < n; i++)
      raw[i] &= (UINT64_C(1) << bits) - 1;
  return sharc_attr_dense_elements(ctx, t, raw, n * wpw, splat);
}

static sharc_attr *read_dense(sharc_bc_reader *r) {
  sharc_type *t;
  const uint8_t *blob;
  size_t len;
  if (!sharc_bc_read_type(r, &t) || !sharc_bc_read_blob(r, &blob, &len))
    return NULL;
  return sharc_bc_dense_from_blob(r, t, blob, len);
}

static sharc_attr *read_dense_array(sharc_bc_reader *r) {
  sharc_type *elem;
  uint64_t n;
  const uint8_t *blob;
  size_t len;
  if (!sharc_bc_read_type(r, &elem) || !sharc_bc_read_varint(r, &n) ||
      !sharc_bc_read_blob(r, &blob, &len))
    return NULL;
  unsigned bits = scalar_bits(elem);
  if (!bits)
    return sharc_bc_error(r, "unsupported element type of a dense array"), NULL;
  unsigned bytes = bits == 1 ? 1 : (bits + 7) / 8, wpw = sharc_type_scalar_words(elem);
  if (n > len || n * bytes != len)
    return sharc_bc_error(r, "dense array data of %zu bytes does not fit %llu elements", len,
                          (unsigned long long)n), NULL;
  uint64_t *raw = sharc_bc_scratch(r, (n * wpw > 0 ? n * wpw : 1) * sizeof *raw);
  memset(raw, 0, n * wpw * sizeof *raw);
  for (uint64_t i = 0; i < n; i++)
    for (unsigned b = 0; b < bytes; b++)
      raw[i * wpw + b / 8] |= (uint64_t)blob[i * bytes + b] << (8 * (b % 8));
  /* dense arrays hold sign-extended values, as the parser keeps them */
  if (elem->kind == SHARC_TYPE_INTEGER && bits > 1 && bits < 64)
    for (uint64_t i = 0; i < n; i++)
      if ((raw[i] >> (bits - 1)) & 1)
        raw[i] |= ~((UINT64_C(1) << bits) - 1);
  return sharc_attr_dense_array(sharc_bc_reader_context(r), elem, raw, (unsigned)n);
}

static sharc_attr *read_dense_string(sharc_bc_reader *r) {
  sharc_type *t;
  uint64_t splat;
  if (!sharc_bc_read_type(r, &t) || !sharc_bc_read_varint(r, &splat))
    return NULL;
  int64_t count = sharc_type_num_elements(t);
  if (count < 0 || count == INT64_MAX)
    return sharc_bc_error(r, "dense strings need a static shape"), NULL;
  size_t n = splat ? 1 : (size_t)count;
  if (n > sharc_bc_remaining(r))
    return sharc_bc_error(r, "dense strings exceed the data"), NULL;
  sharc_str *strs = sharc_bc_scratch(r, (n ? n : 1) * sizeof *strs);
  for (size_t i = 0; i < n; i++)
    if (!sharc_bc_read_string(r, &strs[i]))
      return NULL;
  return sharc_attr_dense_strings(sharc_bc_reader_context(r), t, strs, n, splat || count == 1);
}

static sharc_attr *read_symref(sharc_bc_reader *r, uint64_t code) {
  sharc_ident *root = 0;
  sharc_attr **nested = NULL;
  unsigned n = 0;
  if (!read_string_attr(r, &root))
    return NULL;
  if (code == A_SYMREF && !read_attrs(r, &nested, &n))
    return NULL;
  sharc_ident **names = sharc_bc_scratch(r, (n ? n : 1) * sizeof *names);
  for (unsigned i = 0; i < n; i++) {
    if (nested[i]->kind != SHARC_ATTR_SYMBOL_REF || nested[i]->sym.n)
      return sharc_bc_error(r, "expected a flat symbol reference"), NULL;
    names[i] = nested[i]->sym.root;
  }
  return sharc_attr_symbol_ref(sharc_bc_reader_context(r), root, names, n);
}

static sharc_attr *read_dict(sharc_bc_reader *r) {
  uint64_t n;
  if (!sharc_bc_read_varint(r, &n))
    return NULL;
  if (n > sharc_bc_remaining(r))
    return sharc_bc_error(r, "dictionary of %llu entries exceeds the data", (unsigned long long)n),
           NULL;
  sharc_named_attr *entries = sharc_bc_scratch(r, (n ? n : 1) * sizeof *entries);
  for (uint64_t i = 0; i < n; i++)
    if (!read_string_attr(r, &entries[i].name) || !sharc_bc_read_attr(r, &entries[i].value))
      return NULL;
  return sharc_attr_dictionary(sharc_bc_reader_context(r), entries, (unsigned)n);
}

static sharc_attr *read_locs_attr(sharc_bc_reader *r, uint64_t code) {
  sharc_context *ctx = sharc_bc_reader_context(r);
  sharc_attr *a, *b, **list;
  sharc_ident *name = 0;
  unsigned n;
  switch (code) {
  case A_CALLSITE:
    if (!read_loc(r, &a) || !read_loc(r, &b))
      return NULL;
    return sharc_loc_callsite(ctx, a, b);
  case A_FUSED:
  case A_FUSED_META:
    if (!read_attrs(r, &list, &n))
      return NULL;
    for (unsigned i = 0; i < n; i++)
      if (!sharc_attr_is_location(list[i]))
        return sharc_bc_error(r, "expected a location attribute"), NULL;
    b = NULL;
    if (code == A_FUSED_META && !sharc_bc_read_attr(r, &b))
      return NULL;
    return sharc_loc_fused(ctx, list, n, b);
  case A_NAME:
    if (!read_string_attr(r, &name) || !read_loc(r, &a))
      return NULL;
    return sharc_loc_name(ctx, name, a->kind == SHARC_ATTR_LOC_UNKNOWN ? NULL : a);
  default:
    return read_file_loc(r, code);
  }
}

/* SparseElementsAttr: its shaped type, DenseIntElementsAttr indices and
 * DenseElementsAttr values (read as MLIR's reader casts them). */
static sharc_attr *read_sparse(sharc_bc_reader *r) {
  sharc_type *t;
  sharc_attr *indices, *values;
  if (!sharc_bc_read_type(r, &t) || !sharc_bc_read_attr(r, &indices) ||
      !sharc_bc_read_attr(r, &values))
    return NULL;
  if (!sharc_type_has_rank(t) || t->kind == SHARC_TYPE_DIALECT)
    return sharc_bc_error(r, "expected a shaped type"), NULL;
  sharc_type *ie = indices->kind == SHARC_ATTR_DENSE_ELEMENTS ? indices->type->shaped.elem : NULL;
  if (!ie || !(ie->kind == SHARC_TYPE_INTEGER || ie->kind == SHARC_TYPE_INDEX))
    return sharc_bc_error(r, "expected DenseIntElementsAttr"), NULL;
  if (values->kind != SHARC_ATTR_DENSE_ELEMENTS && values->kind != SHARC_ATTR_DENSE_STRING)
    return sharc_bc_error(r, "expected DenseElementsAttr"), NULL;
  return sharc_attr_sparse_elements(sharc_bc_reader_context(r), t, indices, values);
}

static sharc_attr *builtin_read_attr(sharc_bc_reader *r) {
  sharc_context *ctx = sharc_bc_reader_context(r);
  uint64_t code;
  sharc_attr **list, *a;
  sharc_type *t;
  sharc_str s;
  unsigned n;
  if (!sharc_bc_read_varint(r, &code))
    return NULL;
  switch (code) {
  case A_ARRAY:
    if (!read_attrs(r, &list, &n))
      return NULL;
    return sharc_attr_array(ctx, list, n);
  case A_DICT:
    return read_dict(r);
  case A_STRING:
    if (!sharc_bc_read_string(r, &s))
      return NULL;
    return sharc_attr_string(ctx, s);
  case A_STRING_TYPED:
    if (!sharc_bc_read_string(r, &s) || !sharc_bc_read_type(r, &t))
      return NULL;
    return sharc_attr_string_typed(ctx, s, t);
  case A_FLAT_SYMREF:
  case A_SYMREF:
    return read_symref(r, code);
  case A_TYPE:
    if (!sharc_bc_read_type(r, &t))
      return NULL;
    return sharc_attr_type_attr(ctx, t);
  case A_UNIT:
    return sharc_attr_unit(ctx);
  case A_INTEGER:
    return read_integer(r);
  case A_FLOAT:
    return read_float(r);
  case A_CALLSITE: case A_FILE_RANGE: case A_FUSED: case A_FUSED_META: case A_NAME: case A_FILE:
    return read_locs_attr(r, code);
  case A_UNKNOWN:
    return sharc_loc_unknown(ctx);
  case A_DENSE_RESOURCE: {
    sharc_ident *key;
    if (!sharc_bc_read_type(r, &t) || !sharc_bc_read_resource(r, &key))
      return NULL;
    return sharc_attr_dense_resource(ctx, t, key);
  }
  case A_DENSE_ARRAY:
    return read_dense_array(r);
  case A_DENSE:
    return read_dense(r);
  case A_DENSE_STRING:
    return read_dense_string(r);
  case A_SPARSE:
    return read_sparse(r);
  case A_DISTINCT:
    if (!sharc_bc_read_attr(r, &a))
      return NULL;
    return sharc_bc_distinct(r, a);
  default:
    sharc_bc_error(r, "unsupported builtin attribute code %llu", (unsigned long long)code);
    return NULL;
  }
}

const sharc_bytecode_dialect sharc_bc_builtin_table = {
    .write_attr = builtin_write_attr,
    .write_type = builtin_write_type,
    .read_attr = builtin_read_attr,
    .read_type = builtin_read_type,
    .ops = (const sharc_bc_op[]){
        {"builtin.module", (const sharc_bc_prop[]){{"sym_name", true}, {"sym_visibility", true}}, 2,
         NULL, NULL, NULL},
    },
    .num_ops = 1,
};

/* The func dialect has no encodings of its own (no BytecodeDialectInterface),
 * only its ops' properties, sorted by name as ODS writes them. */
const sharc_bytecode_dialect sharc_bc_func_table = {
    .ops = (const sharc_bc_op[]){
        {"func.call",
         (const sharc_bc_prop[]){
             {"arg_attrs", true}, {"callee", false}, {"no_inline", true}, {"res_attrs", true}},
         4, NULL, NULL, NULL},
        {"func.call_indirect",
         (const sharc_bc_prop[]){{"arg_attrs", true}, {"res_attrs", true}}, 2, NULL, NULL, NULL},
        {"func.constant", (const sharc_bc_prop[]){{"value", false}}, 1, NULL, NULL, NULL},
        {"func.func",
         (const sharc_bc_prop[]){{"arg_attrs", true},
                                 {"function_type", false},
                                 {"no_inline", true},
                                 {"res_attrs", true},
                                 {"sym_name", false},
                                 {"sym_visibility", true}},
         6, NULL, NULL, NULL},
    },
    .num_ops = 4,
};
