/* Helpers every kernel family uses: making an op's result tensor, reading
 * the running row's family argument, multi-index iteration, and reading
 * i64 lists from attributes. */
#ifndef SHARC_INTERPRET_KERNEL_UTIL_H
#define SHARC_INTERPRET_KERNEL_UTIL_H

#include "interpret/interp.h"

/* A new tensor of result `i`'s static type; NULL with an error at the op
 * when that type has no static shape or cannot be held. */
sharc_tensor *sharc_result_new(sharc_interp *ip, sharc_op *op, unsigned i);
/* Result 0's new tensor, also stored in out[0] (where the engine takes it
 * from); NULL with the error of sharc_result_new. */
static inline sharc_tensor *sharc_result_out(sharc_interp *ip, sharc_op *op, sharc_tensor **out) {
  out[0] = sharc_result_new(ip, op, 0);
  return out[0];
}
#if defined(__GNUC__)
#define SHARC_KERNEL_MAYBE_UNUSED __attribute__((unused))
#else
#define SHARC_KERNEL_MAYBE_UNUSED
#endif

/* Defines kernel `name` for an op whose work starts from result 0's new
 * tensor: the kernel makes it (stopping on its error) and hands it as `r`
 * to the body that follows, `name`_fill (static, so it inlines). */
#define SHARC_RESULT_KERNEL(name)                                                                \
  static bool name##_fill(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor *r);   \
  static bool name(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,        \
                   sharc_scope *sc) {                                                            \
    (void)sc;                                                                                    \
    sharc_tensor *r = sharc_result_out(ip, op, out);                                             \
    return r && name##_fill(ip, op, in, r);                                                      \
  }                                                                                              \
  static bool name##_fill(sharc_interp *ip SHARC_KERNEL_MAYBE_UNUSED,                            \
                          sharc_op *op SHARC_KERNEL_MAYBE_UNUSED,                                \
                          sharc_tensor **in SHARC_KERNEL_MAYBE_UNUSED, sharc_tensor *r)

/* Whether a tensor of `type` stays within the run's memory limit (else
 * an error at the op). */
bool sharc_interp_fits(sharc_interp *ip, sharc_op *op, sharc_type *type);
/* Whether tensor `t` has `want`'s rank and its size on every static
 * dimension of `want` (a tensor type). */
bool sharc_tensor_shape_fits(const sharc_tensor *t, sharc_type *want);
/* A new tensor of `type`, with the same error. */
sharc_tensor *sharc_tensor_new_at(sharc_interp *ip, sharc_op *op, sharc_type *type);
static inline int sharc_kernel_arg(const sharc_interp *ip, const sharc_op *op) {
  (void)op;
  return ip->cur_arg;
}
/* Rounds every element of a narrow-float tensor to its format. */
void sharc_round_all(sharc_tensor *t);

/* Advances a row-major multi-index; false after the last one. */
static inline bool sharc_idx_next(int64_t *idx, const int64_t *shape, unsigned rank) {
  for (unsigned d = rank; d-- > 0;) {
    if (++idx[d] < shape[d])
      return true;
    idx[d] = 0;
  }
  return false;
}

/* An i64 list attribute (dense array / dense elements / array) of op, copied
 * into `out` (room for `max`); its length, or -1 when absent. */
int sharc_attr_i64s(const sharc_op *op, const char *name, int64_t *out, unsigned max);

/* As sharc_attr_i64s, where an attribute a dynamic op's operand gives
 * (ip->given) comes first. */
int sharc_kernel_i64s(const sharc_interp *ip, const sharc_op *op, const char *name, int64_t *out,
                      unsigned max);

/* Copies one element (of `esz` bytes) between flat buffers. */
static inline void sharc_elem_copy(void *dst, int64_t di, const void *src, int64_t si, size_t esz) {
  switch (esz) {
  case 4:
    ((uint32_t *)dst)[di] = ((const uint32_t *)src)[si];
    return;
  case 8:
    ((uint64_t *)dst)[di] = ((const uint64_t *)src)[si];
    return;
  default:
    memcpy((char *)dst + di * esz, (const char *)src + si * esz, esz);
  }
}

#define SHARC_MAX_RANK 16

/* Row-major walks over `shape` (rank <= SHARC_MAX_RANK) paired with a
 * strided view: element k of the walk is the view's element at
 * base + sum of index[d] * stride[d]. gather fills the dense `dst` from the
 * view `src`; scatter writes the dense `src` into the view `dst`. */
void sharc_strided_gather(void *dst, const void *src, size_t esz, const int64_t *shape,
                          unsigned rank, int64_t base, const int64_t *stride);
void sharc_strided_scatter(void *dst, const void *src, size_t esz, const int64_t *shape,
                           unsigned rank, int64_t base, const int64_t *stride);

#endif
