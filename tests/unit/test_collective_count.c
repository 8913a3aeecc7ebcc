/* The interpreter's collective counter (sharc_interpret_options.
 * on_collective), which `sharc verify` holds the report's figures against:
 * each device's all_gather, all_reduce, all_to_all, reduce_scatter and
 * collective_permute counted once per run, with the group it met and the
 * elements it received and sent; nothing counted without a counter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sharc/asm.h"
#include "sharc/interpret.h"
#include "sharc/verify.h"

static int failures;

#define EXPECT(cond)                                                                               \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);                          \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

enum { DEVICES = 4, KINDS = 5 };
static const char *const kinds[KINDS] = {"stablehlo.all_gather", "stablehlo.all_reduce",
                                         "stablehlo.collective_permute", "stablehlo.all_to_all",
                                         "stablehlo.reduce_scatter"};

/* What each device did per kind: each device's thread writes its own row. */
typedef struct seen {
  int runs[DEVICES][KINDS];
  unsigned group[DEVICES][KINDS];
  int64_t received[DEVICES][KINDS], sent[DEVICES][KINDS], operand[DEVICES][KINDS];
} seen;

static void count(const sharc_collective_count *c, void *user) {
  seen *s = user;
  if (c->device >= DEVICES)
    return;
  for (int k = 0; k < KINDS; k++)
    if (sharc_op_is(c->op, kinds[k])) {
      s->runs[c->device][k]++;
      s->group[c->device][k] = c->group_size;
      s->received[c->device][k] += c->received_elements;
      s->sent[c->device][k] += c->sent_elements;
      s->operand[c->device][k] += c->operand_elements;
    }
}

static const char program[] =
    "func.func @main(%a: tensor<2xf32>, %b: tensor<4xf32>, %c: tensor<3xi32>) -> (tensor<8xf32>, "
    "tensor<4xf32>, tensor<3xi32>, tensor<4xf32>, tensor<1xf32>) {\n"
    "  %g = \"stablehlo.all_gather\"(%a) {all_gather_dim = 0 : i64, replica_groups = "
    "dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, channel_handle = #stablehlo.channel_handle<handle "
    "= 1, type = 1>, use_global_device_ids} : (tensor<2xf32>) -> tensor<8xf32>\n"
    "  %r = \"stablehlo.all_reduce\"(%b) ({\n"
    "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
    "    %s = stablehlo.add %x, %y : tensor<f32>\n"
    "    stablehlo.return %s : tensor<f32>\n"
    "  }) {replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = "
    "#stablehlo.channel_handle<handle = 2, type = 1>, use_global_device_ids} : (tensor<4xf32>) "
    "-> tensor<4xf32>\n"
    "  %p = \"stablehlo.collective_permute\"(%c) {source_target_pairs = dense<[[0, 1], [1, 0], "
    "[2, 2]]> : tensor<3x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 3, type = "
    "1>} : (tensor<3xi32>) -> tensor<3xi32>\n"
    "  %t = \"stablehlo.all_to_all\"(%b) {split_dimension = 0 : i64, concat_dimension = 0 : i64, "
    "split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, "
    "channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>} : (tensor<4xf32>) -> "
    "tensor<4xf32>\n"
    "  %q = \"stablehlo.reduce_scatter\"(%b) ({\n"
    "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
    "    %s = stablehlo.add %x, %y : tensor<f32>\n"
    "    stablehlo.return %s : tensor<f32>\n"
    "  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : "
    "tensor<1x4xi64>, channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, "
    "use_global_device_ids} : (tensor<4xf32>) -> tensor<1xf32>\n"
    "  func.return %g, %r, %p, %t, %q : tensor<8xf32>, tensor<4xf32>, tensor<3xi32>, "
    "tensor<4xf32>, tensor<1xf32>\n"
    "}\n";

static bool run(sharc_op *m, sharc_tensor **inputs, const sharc_interpret_options *o) {
  sharc_tensor *args[DEVICES * 3];
  sharc_tensor *res[DEVICES * 5] = {0};
  for (int d = 0; d < DEVICES; d++)
    for (int i = 0; i < 3; i++)
      args[d * 3 + i] = inputs[i];
  bool ok = sharc_interpret_parallel(m, 1, DEVICES, args, DEVICES * 3, o, res, DEVICES * 5);
  for (int i = 0; i < DEVICES * 5; i++)
    sharc_tensor_release(res[i]);
  return ok;
}

static void test_counts(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "stablehlo");
  sharc_op *m = sharc_parse_source(ctx, "test", program, strlen(program));
  EXPECT(m && sharc_verify(m));
  if (!m)
    return;
  const char *const literals[3] = {"dense<[1.0, 2.0]> : tensor<2xf32>",
                                   "dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>",
                                   "dense<[1, 2, 3]> : tensor<3xi32>"};
  sharc_tensor *inputs[3];
  for (int i = 0; i < 3; i++)
    inputs[i] = sharc_tensor_from_attr(
        ctx, sharc_parse_attr_text(ctx, (sharc_str){literals[i], strlen(literals[i])}));
  seen s;
  memset(&s, 0, sizeof s);
  sharc_interpret_options o = {0};
  EXPECT(run(m, inputs, &o)); /* no counter: runs as before */
  o.on_collective = count;
  o.on_collective_user = &s;
  EXPECT(run(m, inputs, &o));
  for (int d = 0; d < DEVICES; d++) {
    for (int k = 0; k < KINDS; k++)
      EXPECT(s.runs[d][k] == 1);
    /* all_gather: 3 other shards of 2 */
    EXPECT(s.group[d][0] == 4 && s.received[d][0] == 6 && s.sent[d][0] == 6);
    /* all_reduce in pairs: a ring moves 2 * 4 * (2 - 1) / 2 */
    EXPECT(s.group[d][1] == 2 && s.received[d][1] == 4 && s.sent[d][1] == 4);
    /* all_to_all and reduce_scatter: 3 of the 4 parts of 4 elements */
    EXPECT(s.received[d][3] == 3 && s.sent[d][3] == 3);
    EXPECT(s.received[d][4] == 3 && s.operand[d][4] == 4);
  }
  /* collective_permute: 0 <-> 1 exchange, 2 keeps its own, 3 gets nothing */
  EXPECT(s.received[0][2] == 3 && s.received[1][2] == 3 && s.sent[0][2] == 3);
  EXPECT(s.received[2][2] == 0 && s.sent[2][2] == 0 && s.received[3][2] == 0);
  for (int i = 0; i < 3; i++)
    sharc_tensor_release(inputs[i]);
  sharc_context_destroy(ctx);
}

int main(void) {
  test_counts();
  if (failures)
    fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}
