/* The index walk the data-movement kernels share: every element of a
 * row-major index space paired with an element of a strided view of another
 * buffer (offset base + sum of index[d] * stride[d]; strides may be zero to
 * broadcast or negative to reverse). The offset is updated as the index
 * advances, and the innermost dimension is a plain strided loop, so no
 * element pays for a loop over the dimensions. */
#include "interpret/kernel_util.h"

/* One innermost row: n elements, the dense side contiguous. */
static void copy_row(char *dense, char *view, int64_t at, int64_t step, int64_t n, size_t esz,
                     bool to_view) {
  if (esz == 8) {
    uint64_t *d = (uint64_t *)dense, *v = (uint64_t *)view;
    for (int64_t k = 0; k < n; k++, at += step)
      if (to_view)
        v[at] = d[k];
      else
        d[k] = v[at];
    return;
  }
  for (int64_t k = 0; k < n; k++, at += step)
    if (to_view)
      memcpy(view + at * (int64_t)esz, dense + k * (int64_t)esz, esz);
    else
      memcpy(dense + k * (int64_t)esz, view + at * (int64_t)esz, esz);
}

static void walk(char *dense, char *view, size_t esz, const int64_t *shape, unsigned rank,
                 int64_t base, const int64_t *stride, bool to_view) {
  int64_t total = 1;
  for (unsigned d = 0; d < rank; d++)
    total *= shape[d];
  if (total == 0)
    return;
  if (rank == 0) {
    copy_row(dense, view, base, 0, 1, esz, to_view);
    return;
  }
  int64_t idx[SHARC_MAX_RANK] = {0}, row = shape[rank - 1], at = base;
  for (int64_t done = 0; done < total; done += row) {
    copy_row(dense + done * (int64_t)esz, view, at, stride[rank - 1], row, esz, to_view);
    for (unsigned d = rank - 1; d-- > 0;) { /* carry into the outer dimensions */
      at += stride[d];
      if (++idx[d] < shape[d])
        break;
      at -= stride[d] * shape[d];
      idx[d] = 0;
    }
  }
}

void sharc_strided_gather(void *dst, const void *src, size_t esz, const int64_t *shape,
                          unsigned rank, int64_t base, const int64_t *stride) {
  walk(dst, (char *)src, esz, shape, rank, base, stride, false);
}

void sharc_strided_scatter(void *dst, const void *src, size_t esz, const int64_t *shape,
                           unsigned rank, int64_t base, const int64_t *stride) {
  walk((char *)src, dst, esz, shape, rank, base, stride, true);
}
