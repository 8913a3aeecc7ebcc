/* Shard arithmetic for the report: PartitionSpec text, element sizes,
 * shard shapes, the axes a value is replicated over, mesh coordinates of
 * devices and the blocks they hold, and what a reshard moves. */
#include "report/report_internal.h"

#include "dialect/sdy/device_block.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- axis text ------------------------------------------------------------- */

/* `x` or `x:(2)2`, the key Shardy's sharding origins use too. */
static void put_axis(sharc_buf *out, const sharc_attr *ref) {
  sharc_buf_put_str(out, sharc_sdy_axis_ref_name(ref));
  const sharc_attr *info = sharc_sdy_axis_ref_sub_axis_info(ref);
  if (info)
    sharc_buf_printf(out, ":(%lld)%lld", (long long)sharc_sdy_sub_axis_info_pre_size(info),
                     (long long)sharc_sdy_sub_axis_info_size(info));
}

static void put_quoted_axis(sharc_buf *out, const sharc_attr *ref) {
  sharc_buf_putc(out, '\'');
  put_axis(out, ref);
  sharc_buf_putc(out, '\'');
}

void sharc_report_axes_text(sharc_attr *const *refs, unsigned n, sharc_buf *out) {
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_BUF_LIT(out, ", ");
    put_quoted_axis(out, refs[i]);
  }
}

/* One dimension: `None`, `'a'`, `('a', 'b')`; open ones end in `?`. */
static void put_dim(sharc_buf *out, const sharc_attr *dim) {
  unsigned n = sharc_sdy_dim_sharding_num_axes(dim);
  bool open = !sharc_sdy_dim_sharding_is_closed(dim);
  if (n == 0) {
    sharc_buf_puts(out, open ? "?" : "None");
    return;
  }
  if (n == 1 && !open) {
    put_quoted_axis(out, sharc_sdy_dim_sharding_axis(dim, 0));
    return;
  }
  sharc_buf_putc(out, '(');
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_BUF_LIT(out, ", ");
    put_quoted_axis(out, sharc_sdy_dim_sharding_axis(dim, i));
  }
  if (open)
    SHARC_BUF_LIT(out, ", ?");
  sharc_buf_putc(out, ')');
}

void sharc_report_partition_spec(const sharc_attr *sharding, sharc_buf *out) {
  SHARC_BUF_LIT(out, "P(");
  if (!sharding) {
    sharc_buf_putc(out, ')');
    return;
  }
  unsigned rank = sharc_sdy_tensor_sharding_rank(sharding);
  for (unsigned d = 0; d < rank; d++) {
    if (d)
      SHARC_BUF_LIT(out, ", ");
    put_dim(out, sharc_sdy_tensor_sharding_dim(sharding, d));
  }
  unsigned nu = sharc_sdy_tensor_sharding_num_unreduced(sharding);
  if (nu) {
    if (rank)
      SHARC_BUF_LIT(out, ", ");
    SHARC_BUF_LIT(out, "unreduced={");
    for (unsigned i = 0; i < nu; i++) {
      if (i)
        SHARC_BUF_LIT(out, ", ");
      put_quoted_axis(out, sharc_sdy_tensor_sharding_unreduced(sharding, i));
    }
    sharc_buf_putc(out, '}');
  }
  sharc_buf_putc(out, ')');
}

/* ---- sizes ------------------------------------------------------------------- */

static unsigned float_bits(sharc_float_kind k) {
  switch (k) {
  case SHARC_F16:
  case SHARC_BF16:
    return 16;
  case SHARC_F32:
  case SHARC_TF32: /* stored in 32 bits */
    return 32;
  case SHARC_F64:
    return 64;
  case SHARC_F80: /* x87 extended, stored in 16 bytes */
  case SHARC_F128:
    return 128;
  case SHARC_F4E2M1FN: /* packed two to a byte, as XLA does */
    return 4;
  default: /* the f8 and f6 formats: a byte each */
    return 8;
  }
}

static unsigned scalar_bits(const sharc_type *t) {
  switch (sharc_type_get_kind(t)) {
  case SHARC_TYPE_INTEGER: {
    unsigned w = sharc_type_int_width(t);
    if (w == 1)
      return 8; /* XLA's PRED takes a byte */
    if (w < 8)
      return w; /* i2, i4: packed */
    return (w + 7) / 8 * 8;
  }
  case SHARC_TYPE_INDEX:
    return 64;
  case SHARC_TYPE_FLOAT:
    return float_bits(sharc_type_float_kind(t));
  case SHARC_TYPE_COMPLEX: {
    const sharc_type *e = sharc_type_element(t);
    return e ? 2 * scalar_bits(e) : 0;
  }
  default:
    return 0;
  }
}

unsigned sharc_report_element_bits(const sharc_type *t) {
  if (!t)
    return 0;
  const sharc_type *shaped = sharc_type_shaped_view(t);
  if (shaped) {
    if (!sharc_type_has_rank(shaped))
      return 0;
    const sharc_type *e = sharc_type_element(shaped);
    return e ? scalar_bits(e) : 0;
  }
  return scalar_bits(t);
}

int64_t sharc_report_num_elements(const int64_t *shape, unsigned rank) {
  int64_t n = 1;
  for (unsigned d = 0; d < rank; d++) {
    if (shape[d] < 0)
      return -1;
    if (shape[d] && n > INT64_MAX / shape[d])
      return -1;
    n *= shape[d];
  }
  return n;
}

int64_t sharc_report_bytes_of(int64_t n, unsigned bits) {
  if (n < 0 || !bits)
    return -1;
  if (n > INT64_MAX / (int64_t)bits)
    return -1;
  return (n * (int64_t)bits + 7) / 8;
}

/* ---- shards --------------------------------------------------------------------- */

int64_t sharc_report_dim_shards(const sharc_attr *dim, const sharc_attr *mesh) {
  return sharc_sdy_dim_num_blocks(dim, mesh);
}

bool sharc_report_shard_shape(const int64_t *shape, unsigned rank, const sharc_attr *sharding,
                              const sharc_attr *mesh, int64_t *out) {
  sharc_sdy_device_block(sharding, mesh, 0, shape, rank, NULL, NULL, out);
  unsigned srank = sharding ? sharc_sdy_tensor_sharding_rank(sharding) : 0;
  bool divides = true;
  for (unsigned d = 0; d < rank && d < srank; d++) {
    int64_t k = sharc_sdy_dim_num_blocks(sharc_sdy_tensor_sharding_dim(sharding, d), mesh);
    divides = divides && (shape[d] < 0 || shape[d] % k == 0);
  }
  return divides;
}

/* ---- replicated axes ---------------------------------------------------------------- */

typedef struct span {
  int64_t pre, size;
} span;
typedef SHARC_VEC(span) span_vec;

static int by_pre(const void *a, const void *b) {
  const span *x = a, *y = b;
  return (x->pre > y->pre) - (x->pre < y->pre);
}

/* The parts of axis `name` (of `size`) that `refs` use, appended to `used`. */
static void collect_used(sharc_str name, int64_t size, sharc_attr *const *refs, unsigned n,
                         span_vec *used) {
  for (unsigned i = 0; i < n; i++) {
    if (!sharc_str_eq(sharc_sdy_axis_ref_name(refs[i]), name))
      continue;
    const sharc_attr *info = sharc_sdy_axis_ref_sub_axis_info(refs[i]);
    span s = {1, size};
    if (info)
      s = (span){sharc_sdy_sub_axis_info_pre_size(info), sharc_sdy_sub_axis_info_size(info)};
    sharc_vec_push(used, s);
  }
}

static void put_sep(sharc_buf *out) {
  if (out->len)
    SHARC_BUF_LIT(out, ", ");
}

/* The gaps between the used parts of an axis, as sub-axes. */
static void put_gaps(sharc_str name, int64_t size, span *used, unsigned n, sharc_buf *out) {
  if (n)
    qsort(used, n, sizeof *used, by_pre);
  int64_t cur = 1;
  for (unsigned i = 0; i <= n; i++) {
    int64_t next = i < n ? used[i].pre : size;
    if (next > cur && cur > 0 && next % cur == 0) {
      put_sep(out);
      if (cur == 1 && next == size)
        sharc_buf_printf(out, "'%.*s'", (int)name.len, name.data);
      else
        sharc_buf_printf(out, "'%.*s:(%lld)%lld'", (int)name.len, name.data, (long long)cur,
                         (long long)(next / cur));
    }
    if (i < n && used[i].pre * used[i].size > cur)
      cur = used[i].pre * used[i].size;
  }
}

void sharc_report_replicated_axes(const sharc_attr *sharding, const sharc_attr *mesh,
                                  sharc_buf *out) {
  if (!mesh)
    return;
  span_vec used = {0};
  for (unsigned a = 0; a < sharc_sdy_mesh_num_axes(mesh); a++) {
    const sharc_attr *axis = sharc_sdy_mesh_axis(mesh, a);
    sharc_str name = sharc_sdy_mesh_axis_name(axis);
    int64_t size = sharc_sdy_mesh_axis_size(axis);
    if (size <= 1)
      continue;
    used.len = 0;
    if (sharding) {
      for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding); d++) {
        const sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
        unsigned n = sharc_sdy_dim_sharding_num_axes(dim);
        for (unsigned i = 0; i < n; i++) {
          sharc_attr *ref = sharc_sdy_dim_sharding_axis(dim, i);
          collect_used(name, size, &ref, 1, &used);
        }
      }
      for (unsigned i = 0; i < sharc_sdy_tensor_sharding_num_unreduced(sharding); i++) {
        sharc_attr *ref = sharc_sdy_tensor_sharding_unreduced(sharding, i);
        collect_used(name, size, &ref, 1, &used);
      }
    }
    put_gaps(name, size, used.items, used.len, out);
  }
  sharc_vec_free(&used);
}

/* ---- devices ---------------------------------------------------------------------- */

void sharc_report_coords(const sharc_attr *mesh, int64_t pos, int64_t *coords) {
  unsigned n = sharc_sdy_mesh_num_axes(mesh);
  for (unsigned a = n; a-- > 0;) {
    int64_t size = sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, a));
    coords[a] = size > 0 ? pos % size : 0;
    pos = size > 0 ? pos / size : 0;
  }
}

int64_t sharc_report_device_id(const sharc_attr *mesh, int64_t pos) {
  return sharc_sdy_mesh_device_at(mesh, pos);
}

int64_t sharc_report_dim_block(const sharc_attr *dim, const sharc_attr *mesh, int64_t pos) {
  int64_t b = sharc_sdy_dim_block_index(dim, mesh, pos);
  return b > 0 ? b : 0;
}

/* ---- reshards ---------------------------------------------------------------------- */

/* Elements the device at mesh position `pos` holds both before and after. */
static int64_t overlap(const int64_t *shape, unsigned rank, const sharc_attr *from,
                       const sharc_attr *to, const sharc_attr *mesh, int64_t pos) {
  int64_t n = 1;
  for (unsigned d = 0; d < rank; d++) {
    const sharc_attr *fd = sharc_sdy_tensor_sharding_dim(from, d);
    const sharc_attr *td = sharc_sdy_tensor_sharding_dim(to, d);
    int64_t fb, fe, tb, te;
    sharc_sdy_block_range(shape[d], sharc_report_dim_shards(fd, mesh),
                          sharc_report_dim_block(fd, mesh, pos), &fb, &fe);
    sharc_sdy_block_range(shape[d], sharc_report_dim_shards(td, mesh),
                          sharc_report_dim_block(td, mesh, pos), &tb, &te);
    int64_t lo = fb > tb ? fb : tb, hi = fe < te ? fe : te;
    n *= hi > lo ? hi - lo : 0;
  }
  return n;
}

int64_t sharc_report_reshard_bytes(const sharc_type *type, const sharc_attr *from,
                                   const sharc_attr *from_mesh, const sharc_attr *to,
                                   const sharc_attr *to_mesh) {
  const sharc_type *shaped = type ? sharc_type_shaped_view(type) : NULL;
  unsigned bits = sharc_report_element_bits(type);
  if (!shaped || !sharc_type_has_rank(shaped) || !bits)
    return -1;
  unsigned rank = sharc_type_rank(shaped);
  const int64_t *shape = sharc_type_shape(shaped);
  if (sharc_report_num_elements(shape, rank) < 0)
    return -1;
  if (from == to)
    return 0;
  int64_t *out_shape = sharc_xmalloc_array(rank + 1, sizeof *out_shape);
  sharc_report_shard_shape(shape, rank, to, to_mesh, out_shape);
  int64_t out_elems = sharc_report_num_elements(out_shape, rank);
  free(out_shape);
  int64_t devices = from_mesh ? sharc_sdy_mesh_total_size(from_mesh) : 0;
  /* a mesh too large to walk device by device is counted as moving it all */
  if (!from || !to || !from_mesh || from_mesh != to_mesh || devices <= 0 ||
      devices > SHARC_REPORT_MAX_WALKED_DEVICES || sharc_sdy_tensor_sharding_rank(from) != rank ||
      sharc_sdy_tensor_sharding_rank(to) != rank)
    return sharc_report_bytes_of(out_elems, bits);
  /* average over the devices of what each must receive */
  int64_t kept = 0;
  for (int64_t pos = 0; pos < devices; pos++)
    kept += overlap(shape, rank, from, to, from_mesh, pos);
  int64_t moved = out_elems - kept / devices;
  return sharc_report_bytes_of(moved > 0 ? moved : 0, bits);
}
