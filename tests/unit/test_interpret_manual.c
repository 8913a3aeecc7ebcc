/* The interpreter's sdy.manual_computation (JAX's shard_map): the body runs
 * once per device of the mesh on the device's block along the manual axes,
 * its collectives between those devices, and the results are put together
 * from the devices' blocks (summed over unreduced axes); device ids out of
 * mesh order and a manual computation nested in another. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sharc/asm.h"
#include "sharc/interpret.h"
#include "sharc/verify.h"
#include "check.h"

static void count_errors(const sharc_diag *d, void *user) {
  if (d->severity == SHARC_SEV_ERROR)
    ++*(int *)user;
}

/* Runs @main of `text` (no arguments) and compares each result with the
 * dense literal in `want` (NULL-terminated); `errors_want` errors expected
 * instead when it is > 0. */
static void run_and_expect(const char *text, const char *const *want, int errors_want) {
  int errors = 0;
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "stablehlo");
  sharc_context_load_dialect(ctx, "sdy");
  sharc_context_set_diag_handler(ctx, count_errors, &errors);
  sharc_op *m = sharc_parse_source(ctx, "test", text, strlen(text));
  CHECK(m && sharc_verify(m));
  sharc_tensor **res = NULL;
  unsigned n = 0;
  bool ok = m && sharc_interpret_module(m, NULL, 0, NULL, &res, &n);
  CHECK(ok == (errors_want == 0));
  for (unsigned i = 0; ok && want[i]; i++) {
    sharc_attr *w = sharc_parse_attr_text(ctx, (sharc_str){want[i], strlen(want[i])});
    CHECK(i < n && w && sharc_tensor_to_attr(ctx, res[i]) == w);
    if (i < n && sharc_tensor_to_attr(ctx, res[i]) != w) {
      sharc_buf b = {0};
      sharc_tensor_print(ctx, res[i], true, &b);
      fprintf(stderr, "  result %u: %s\n  expected: %s\n", i, b.data, want[i]);
      sharc_buf_free(&b);
    }
  }
  for (unsigned i = 0; i < n; i++)
    sharc_tensor_release(res[i]);
  free(res);
  sharc_context_destroy(ctx); /* which delivers the diagnostics it held */
  CHECK(errors == errors_want);
}

/* Rows split over "x" (free "y"): squares per block, and a psum over "x"
 * adds the two blocks. */
static void test_one_manual_axis_with_psum(void) {
  static const char *const want[] = {
      "dense<[[0, 0, 0, 0], [1, 1, 1, 1], [4, 4, 4, 4], [9, 9, 9, 9]]> : tensor<4x4xi32>",
      "dense<[[2, 2, 2, 2], [4, 4, 4, 4]]> : tensor<2x4xi32>", NULL};
  run_and_expect(
      "sdy.mesh @mesh = <[\"x\"=2, \"y\"=2]>\n"
      "func.func @main() -> (tensor<4x4xi32>, tensor<2x4xi32>) {\n"
      "  %c = stablehlo.iota dim = 0 : tensor<4x4xi32>\n"
      "  %0:2 = sdy.manual_computation(%c) in_shardings=[<@mesh, [{\"x\"}, {}]>] "
      "out_shardings=[<@mesh, [{\"x\"}, {}]>, <@mesh, [{}, {}]>] manual_axes={\"x\"} "
      "(%a: tensor<2x4xi32>) {\n"
      "    %1 = stablehlo.multiply %a, %a : tensor<2x4xi32>\n"
      "    %2 = \"stablehlo.all_reduce\"(%a) ({\n"
      "    ^bb0(%p: tensor<i32>, %q: tensor<i32>):\n"
      "      %s = stablehlo.add %p, %q : tensor<i32>\n"
      "      stablehlo.return %s : tensor<i32>\n"
      "    }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, "
      "replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids} : "
      "(tensor<2x4xi32>) -> tensor<2x4xi32>\n"
      "    sdy.return %1, %2 : tensor<2x4xi32>, tensor<2x4xi32>\n"
      "  } : (tensor<4x4xi32>) -> (tensor<4x4xi32>, tensor<2x4xi32>)\n"
      "  return %0#0, %0#1 : tensor<4x4xi32>, tensor<2x4xi32>\n"
      "}\n",
      want, 0);
}

/* Both axes manual, device ids [3, 1, 2, 0]: the device at mesh position
 * (x, y) has id 3, 1, 2, 0 and adds it to its block of 4r + c, which the
 * out sharding puts at block (y, x). */
static void test_two_axes_device_ids(void) {
  static const char *const want[] = {
      "dense<[[3, 4, 10, 11], [7, 8, 14, 15], [3, 4, 10, 11], [7, 8, 14, 15]]> : "
      "tensor<4x4xi32>",
      NULL};
  run_and_expect(
      "sdy.mesh @mesh = <[\"x\"=2, \"y\"=2], device_ids=[3, 1, 2, 0]>\n"
      "func.func @main() -> tensor<4x4xi32> {\n"
      "  %c = stablehlo.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], "
      "[12, 13, 14, 15]]> : tensor<4x4xi32>\n"
      "  %0 = sdy.manual_computation(%c) in_shardings=[<@mesh, [{\"x\"}, {\"y\"}]>] "
      "out_shardings=[<@mesh, [{\"y\"}, {\"x\"}]>] manual_axes={\"x\", \"y\"} "
      "(%a: tensor<2x2xi32>) {\n"
      "    %1 = stablehlo.partition_id : tensor<ui32>\n"
      "    %2 = stablehlo.convert %1 : (tensor<ui32>) -> tensor<i32>\n"
      "    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2x2xi32>\n"
      "    %4 = stablehlo.add %a, %3 : tensor<2x2xi32>\n"
      "    sdy.return %4 : tensor<2x2xi32>\n"
      "  } : (tensor<4x4xi32>) -> tensor<4x4xi32>\n"
      "  return %0 : tensor<4x4xi32>\n"
      "}\n",
      want, 0);
}

/* "y" nested in "x": each device doubles its 2x2 block of 4r + c and adds
 * its partition id; the inner results are put together per row block. */
static void test_nested(void) {
  static const char *const want[] = {
      "dense<[[0, 2, 5, 7], [8, 10, 13, 15], [18, 20, 23, 25], [26, 28, 31, 33]]> : "
      "tensor<4x4xi32>",
      NULL};
  run_and_expect(
      "sdy.mesh @mesh = <[\"x\"=2, \"y\"=2]>\n"
      "func.func @main() -> tensor<4x4xi32> {\n"
      "  %c = stablehlo.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], "
      "[12, 13, 14, 15]]> : tensor<4x4xi32>\n"
      "  %0 = sdy.manual_computation(%c) in_shardings=[<@mesh, [{\"x\"}, {}]>] "
      "out_shardings=[<@mesh, [{\"x\"}, {}]>] manual_axes={\"x\"} (%a: tensor<2x4xi32>) {\n"
      "    %1 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{}, {\"y\"}]>] "
      "out_shardings=[<@mesh, [{}, {\"y\"}]>] manual_axes={\"y\"} (%b: tensor<2x2xi32>) {\n"
      "      %2 = stablehlo.add %b, %b : tensor<2x2xi32>\n"
      "      %3 = stablehlo.partition_id : tensor<ui32>\n"
      "      %4 = stablehlo.convert %3 : (tensor<ui32>) -> tensor<i32>\n"
      "      %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i32>) -> tensor<2x2xi32>\n"
      "      %6 = stablehlo.add %2, %5 : tensor<2x2xi32>\n"
      "      sdy.return %6 : tensor<2x2xi32>\n"
      "    } : (tensor<2x4xi32>) -> tensor<2x4xi32>\n"
      "    sdy.return %1 : tensor<2x4xi32>\n"
      "  } : (tensor<4x4xi32>) -> tensor<4x4xi32>\n"
      "  return %0 : tensor<4x4xi32>\n"
      "}\n",
      want, 0);
}

/* Unreduced over "x": every device's column sums of its 2 rows of 1.5
 * (3.0) add up over the 4 devices. */
static void test_unreduced(void) {
  static const char *const want[] = {"dense<1.200000e+01> : tensor<4xf32>", NULL};
  run_and_expect(
      "sdy.mesh @mesh = <[\"x\"=4]>\n"
      "func.func @main() -> tensor<4xf32> {\n"
      "  %c = stablehlo.constant dense<1.5> : tensor<8x4xf32>\n"
      "  %0 = sdy.manual_computation(%c) in_shardings=[<@mesh, [{\"x\"}, {}]>] "
      "out_shardings=[<@mesh, [{}], unreduced={\"x\"}>] manual_axes={\"x\"} "
      "(%a: tensor<2x4xf32>) {\n"
      "    %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "    %1 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : "
      "(tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>\n"
      "    sdy.return %1 : tensor<4xf32>\n"
      "  } : (tensor<8x4xf32>) -> tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n",
      want, 0);
}

/* A mesh larger than the simulation runs is an error at the op. */
static void test_too_many_devices(void) {
  static const char *const want[] = {NULL};
  run_and_expect("sdy.mesh @mesh = <[\"x\"=8192]>\n"
                 "func.func @main() -> tensor<8192xf32> {\n"
                 "  %c = stablehlo.constant dense<1.0> : tensor<8192xf32>\n"
                 "  %0 = sdy.manual_computation(%c) in_shardings=[<@mesh, [{\"x\"}]>] "
                 "out_shardings=[<@mesh, [{\"x\"}]>] manual_axes={\"x\"} (%a: tensor<1xf32>) {\n"
                 "    sdy.return %a : tensor<1xf32>\n"
                 "  } : (tensor<8192xf32>) -> tensor<8192xf32>\n"
                 "  return %0 : tensor<8192xf32>\n"
                 "}\n",
                 want, 1);
}

int main(void) {
  test_one_manual_axis_with_psum();
  test_two_axes_device_ids();
  test_nested();
  test_unreduced();
  test_too_many_devices();
  return check_summary("interpret_manual");
}
