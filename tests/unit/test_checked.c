/* Unit tests of the checked size arithmetic (support/checked.h) and of the
 * element counts built on it. */
#include "check.h"

#include "sharc/ir.h"
#include "support/checked.h"

static void test_helpers(void) {
  int64_t r;
  CHECK(!sharc_mul_overflow(3037000499, 3037000499, &r) && r == 9223372030926249001);
  CHECK(sharc_mul_overflow(3037000500, 3037000500, &r));
  CHECK(sharc_mul_overflow(INT64_MAX, 2, &r));
  CHECK(sharc_mul_overflow(INT64_MIN, -1, &r));
  CHECK(!sharc_mul_overflow(INT64_MIN, 1, &r) && r == INT64_MIN);
  CHECK(!sharc_mul_overflow(0, INT64_MAX, &r) && r == 0);
  CHECK(sharc_add_overflow(INT64_MAX, 1, &r));
  CHECK(!sharc_add_overflow(INT64_MAX, -1, &r) && r == INT64_MAX - 1);
  CHECK(sharc_add_overflow(INT64_MIN, -1, &r));
  CHECK(sharc_sub_overflow(INT64_MIN, 1, &r));
  CHECK(!sharc_sub_overflow(-1, INT64_MAX, &r) && r == INT64_MIN);
  size_t z;
  CHECK(sharc_size_mul_overflow(SIZE_MAX / 2 + 1, 2, &z));
  CHECK(!sharc_size_mul_overflow(SIZE_MAX / 2, 2, &z));
  /* wrapping is Shardy's int64 arithmetic in practice, without the UB */
  CHECK(sharc_mul_wrap(INT64_MAX, INT64_MAX) == 1);
  CHECK(sharc_mul_wrap(4294967296, 4294967296) == 0);
  CHECK(sharc_ceil_div(INT64_MAX, INT64_MAX) == 1);
  CHECK(sharc_ceil_div(INT64_MAX, 2) == INT64_MAX / 2 + 1);
  CHECK(sharc_ceil_div(0, 5) == 0);
  int64_t dims[3] = {2097152, 2097152, 2097152}; /* 2^63 */
  CHECK(!sharc_product_checked(dims, 3, &r));
  dims[2] = 2097151;
  CHECK(sharc_product_checked(dims, 3, &r) && r == (int64_t)2097152 * 2097152 * 2097151);
  int64_t dyn[3] = {INT64_MAX, SHARC_DYNAMIC, INT64_MAX};
  CHECK(sharc_product_checked(dyn, 3, &r) && r == -1);
  CHECK(sharc_product_checked(dims, 0, &r) && r == 1);
}

static void test_num_elements(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_type *f32 = sharc_type_float(ctx, SHARC_F32);
  int64_t big[2] = {4294967296, 4294967296};
  sharc_type *t = sharc_type_tensor(ctx, big, 2, f32, NULL);
  int64_t n = 0;
  CHECK(!sharc_type_try_num_elements(t, &n));
  CHECK(sharc_type_num_elements(t) == INT64_MAX); /* saturates, never wraps to 0 */
  int64_t fits[2] = {4294967296, 2147483647};
  t = sharc_type_tensor(ctx, fits, 2, f32, NULL);
  CHECK(sharc_type_try_num_elements(t, &n) && n == (int64_t)4294967296 * 2147483647);
  int64_t zero[3] = {0, INT64_MAX, INT64_MAX};
  t = sharc_type_tensor(ctx, zero, 3, f32, NULL);
  CHECK(sharc_type_try_num_elements(t, &n) && n == 0);
  sharc_context_destroy(ctx);
}

int main(void) {
  test_helpers();
  test_num_elements();
  return check_summary("checked");
}
