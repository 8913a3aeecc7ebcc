/* Counts what each device's collective moves (sharc_collective_count):
 * called by the collective kernels only when the caller asked, so that a
 * run without a counter does no work for it. The figures are those of a
 * bandwidth-optimal algorithm on the group and operands the device really
 * had, the model the report's byte figures use (docs/cli.md). */
#include "interpret/collective_count.h"

#include "interpret/device.h"

static int64_t elements_of(sharc_tensor *const *v, unsigned n) {
  int64_t total = 0;
  for (unsigned i = 0; i < n; i++)
    if (v[i] && v[i]->kind == SHARC_IV_TENSOR)
      total += v[i]->n;
  return total;
}

/* collective_permute: how many pairs send to `me` from another device, and
 * how many send from `me` to another. */
static void permute_pairs(const sharc_op *op, int64_t me, int64_t *into, int64_t *out_of) {
  sharc_attr *pairs = sharc_op_attr(op, "source_target_pairs");
  unsigned n = pairs ? sharc_interp_attr_len(pairs) / 2 : 0;
  *into = *out_of = 0;
  for (unsigned i = 0; i < n; i++) {
    int64_t s = sharc_interp_attr_i64(pairs, 2 * i), t = sharc_interp_attr_i64(pairs, 2 * i + 1);
    if (s == t)
      continue;
    *into += t == me;
    *out_of += s == me;
  }
}

/* received / sent for the op's kind (n devices, `x` operand elements). */
static void moved(const sharc_op *op, unsigned n, int64_t pos, int64_t x, int64_t *recv,
                  int64_t *sent) {
  int64_t others = n ? (int64_t)n - 1 : 0;
  *recv = *sent = 0;
  if (sharc_op_is(op, "stablehlo.all_gather")) {
    *recv = *sent = others * x;
  } else if (sharc_op_is(op, "stablehlo.all_to_all") ||
             sharc_op_is(op, "stablehlo.reduce_scatter")) {
    *recv = *sent = n ? x * others / (int64_t)n : 0;
  } else if (sharc_op_is(op, "stablehlo.all_reduce")) {
    *recv = *sent = n ? 2 * x * others / (int64_t)n : 0;
  } else if (sharc_op_is(op, "stablehlo.collective_permute")) {
    int64_t into, out_of;
    permute_pairs(op, pos, &into, &out_of);
    *recv = into ? x : 0;
    *sent = out_of * x;
  } else if (sharc_op_is(op, "stablehlo.collective_broadcast")) {
    *recv = pos ? x : 0;
    *sent = pos ? 0 : others * x;
  } else if (sharc_op_is(op, "stablehlo.collective_reduce")) {
    *recv = pos ? 0 : others * x;
    *sent = pos ? x : 0;
  }
}

void sharc_interp_count_collective(sharc_interp *ip, const sharc_op *op, unsigned group_size,
                                   int64_t pos, sharc_tensor *const *in, sharc_tensor *const *out) {
  if (!sharc_interp_counting(ip))
    return;
  uint32_t r = 0, p = 0, nr = 1, np = 1;
  if (ip->device)
    sharc_device_ids(ip->device, &r, &p, &nr, &np);
  sharc_collective_count c = {0};
  c.op = op;
  c.device = r * np + p;
  c.group_size = group_size;
  c.operand_elements = elements_of(in, sharc_op_num_operands(op));
  c.result_elements = elements_of(out, sharc_op_num_results(op));
  moved(op, group_size, pos, c.operand_elements, &c.received_elements, &c.sent_elements);
  ip->opts->on_collective(&c, ip->opts->on_collective_user);
}
