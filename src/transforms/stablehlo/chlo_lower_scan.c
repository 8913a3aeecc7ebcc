/* chlo.scan lowered as StableHLO's ConvertScanOp does, for static shapes: a
 * stablehlo.while over an i64 counter that carries the scan's carries and
 * its outputs (zero-initialised); each step slices the inputs at the
 * position (counted from the end for is_reverse), runs a copy of the scan
 * body on the slices and the carries, and writes the step's outputs back
 * with dynamic_update_slice. */
#include "transforms/stablehlo/chlo_build.h"

#include <stdlib.h>

#include "ir/ir_internal.h"
#include "support/xalloc.h"

static sharc_type *scalar_of(sharc_cb *b, sharc_type *elem) {
  return sharc_type_tensor(b->ctx, NULL, 0, elem, NULL);
}

static sharc_type *i64_type(sharc_cb *b) {
  return sharc_type_integer(b->ctx, 64, SHARC_SIGNLESS);
}

static V *const_scalar(sharc_cb *b, sharc_type *elem, uint64_t raw) {
  sharc_type *t = scalar_of(b, elem);
  sharc_named_attr a = {sharc_ident_get(b->ctx, sharc_str_from_cstr("value")),
                        sharc_attr_dense_elements(b->ctx, t, &raw, 1, true)};
  return sharc_op_result(sharc_cb_op(b, "stablehlo.constant", NULL, 0, &t, 1,
                                     sharc_attr_dictionary(b->ctx, &a, 1), 0),
                         0);
}

static V *const_i64(sharc_cb *b, int64_t v) {
  return const_scalar(b, i64_type(b), (uint64_t)v);
}

static sharc_attr *one_attr(sharc_cb *b, const char *name, sharc_attr *value) {
  sharc_named_attr a = {sharc_ident_get(b->ctx, sharc_str_from_cstr(name)), value};
  return sharc_attr_dictionary(b->ctx, &a, 1);
}

static V *reshape(sharc_cb *b, V *x, const int64_t *shape, unsigned rank) {
  sharc_type *t = sharc_type_tensor(b->ctx, shape, rank, sharc_cb_elem(x), NULL);
  return sharc_op_result(sharc_cb_op(b, "stablehlo.reshape", &x, 1, &t, 1, NULL, 0), 0);
}

/* The zero of an output's element type, broadcast to the output's shape. */
static V *zero_output(sharc_cb *b, sharc_type *type) {
  sharc_type *elem = sharc_type_element(type);
  bool complex = sharc_type_get_kind(elem) == SHARC_TYPE_COMPLEX;
  sharc_type *st = scalar_of(b, elem);
  uint64_t raw[2] = {0, 0};
  sharc_named_attr a = {sharc_ident_get(b->ctx, sharc_str_from_cstr("value")),
                        sharc_attr_dense_elements(b->ctx, st, raw, complex ? 2 : 1, true)};
  V *zero = sharc_op_result(sharc_cb_op(b, "stablehlo.constant", NULL, 0, &st, 1,
                                        sharc_attr_dictionary(b->ctx, &a, 1), 0),
                            0);
  sharc_op *bc = sharc_cb_op(b, "stablehlo.broadcast_in_dim", &zero, 1, &type, 1,
                             one_attr(b, "broadcast_dimensions",
                                      sharc_attr_dense_i64_array(b->ctx, NULL, 0)),
                             0);
  return sharc_op_result(bc, 0);
}

/* The slice of `input` at `pos` along `dim`, without that dimension. */
static V *slice_input(sharc_cb *b, V *input, int64_t dim, V *pos) {
  sharc_type *t = sharc_value_type(input);
  unsigned rank = sharc_type_rank(t);
  int64_t sizes[64], reduced[64];
  V *ops[65];
  ops[0] = input;
  V *zero = const_i64(b, 0);
  unsigned nr = 0;
  for (unsigned d = 0; d < rank; d++) {
    sizes[d] = (int64_t)d == dim ? 1 : sharc_type_shape(t)[d];
    ops[d + 1] = (int64_t)d == dim ? pos : zero;
    if ((int64_t)d != dim)
      reduced[nr++] = sizes[d];
  }
  sharc_type *st = sharc_type_tensor(b->ctx, sizes, rank, sharc_cb_elem(input), NULL);
  sharc_op *slice = sharc_cb_op(b, "stablehlo.dynamic_slice", ops, rank + 1, &st, 1,
                                one_attr(b, "slice_sizes",
                                         sharc_attr_dense_i64_array(b->ctx, sizes, rank)),
                                0);
  return reshape(b, sharc_op_result(slice, 0), reduced, nr);
}

static V *update_output(sharc_cb *b, V *output, V *element, int64_t dim, V *pos) {
  sharc_type *t = sharc_value_type(output);
  unsigned rank = sharc_type_rank(t);
  int64_t shape[64];
  for (unsigned d = 0; d < rank; d++)
    shape[d] = (int64_t)d == dim ? 1 : sharc_type_shape(t)[d];
  V *ops[66];
  ops[0] = output;
  ops[1] = reshape(b, element, shape, rank);
  V *zero = const_i64(b, 0);
  for (unsigned d = 0; d < rank; d++)
    ops[d + 2] = (int64_t)d == dim ? pos : zero;
  return sharc_op_result(sharc_cb_op(b, "stablehlo.dynamic_update_slice", ops, rank + 2, &t, 1,
                                     NULL, 0),
                         0);
}

typedef struct scan_shape {
  unsigned n_in, n_carry, n_out;
  int64_t dim;
  bool reverse;
} scan_shape;

static void build_cond(sharc_cb *b, sharc_op *w, sharc_type *const *types, unsigned n, V *size) {
  sharc_block *blk = sharc_rw_create_block(b->rw, sharc_op_region(w, 0), NULL, types, n, NULL);
  V *cond = CMP(LT, sharc_block_arg(blk, 0), size);
  sharc_cb_op(b, "stablehlo.return", &cond, 1, NULL, 0, NULL, 0);
}

static void build_body(sharc_cb *b, sharc_op *scan, sharc_op *w, sharc_type *const *types,
                       unsigned n, V *size, const scan_shape *s) {
  sharc_block *blk = sharc_rw_create_block(b->rw, sharc_op_region(w, 1), NULL, types, n, NULL);
  V *index = sharc_block_arg(blk, 0);
  V *pos = index;
  if (s->reverse)
    pos = SUB(SUB(size, const_i64(b, 1)), index);
  sharc_mapping *map = sharc_mapping_create();
  sharc_block *body = sharc_region_first_block(sharc_op_region(scan, 0));
  for (unsigned i = 0; i < s->n_in; i++)
    sharc_mapping_map_value(map, sharc_block_arg(body, i),
                            slice_input(b, sharc_op_operand(scan, i), s->dim, pos));
  for (unsigned i = 0; i < s->n_carry; i++)
    sharc_mapping_map_value(map, sharc_block_arg(body, s->n_in + i), sharc_block_arg(blk, 1 + i));
  sharc_op *term = sharc_block_terminator(body);
  for (sharc_op *op = sharc_block_first_op(body); op && op != term; op = sharc_op_next(op))
    sharc_rw_clone(b->rw, op, map);
  V **yield = sharc_xmalloc_array(n + 1, sizeof *yield);
  for (unsigned i = 0; i < s->n_out; i++) {
    V *element = sharc_mapping_value_or_self(map, sharc_op_operand(term, i));
    yield[1 + s->n_carry + i] =
        update_output(b, sharc_block_arg(blk, 1 + s->n_carry + i), element, s->dim, pos);
  }
  for (unsigned i = 0; i < s->n_carry; i++)
    yield[1 + i] = sharc_mapping_value_or_self(map, sharc_op_operand(term, s->n_out + i));
  yield[0] = ADD(index, const_i64(b, 1));
  sharc_cb_op(b, "stablehlo.return", yield, n, NULL, 0, NULL, 0);
  free(yield);
  sharc_mapping_destroy(map);
}

static unsigned num_inputs(sharc_op *op) {
  sharc_attr *seg = sharc_op_attr(op, "operandSegmentSizes");
  if (!seg || sharc_attr_get_kind(seg) != SHARC_ATTR_DENSE_ARRAY || sharc_attr_count(seg) != 2)
    return 0;
  return (unsigned)sharc_attr_dense_array_i64(seg, 0);
}

bool sharc_chlo_lower_scan(sharc_cb *b, sharc_op *op, V **results) {
  scan_shape s = {0};
  s.n_in = num_inputs(op);
  s.n_carry = sharc_op_num_operands(op) - s.n_in;
  if (sharc_op_num_results(op) < s.n_carry)
    return false;
  s.n_out = sharc_op_num_results(op) - s.n_carry;
  sharc_attr *dim = sharc_op_attr(op, "dimension");
  sharc_attr *rev = sharc_op_attr(op, "is_reverse");
  s.dim = dim ? sharc_attr_int_value(dim) : 0;
  s.reverse = rev && sharc_attr_bool_value(rev);
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    if (sharc_type_rank(sharc_value_type(sharc_op_result(op, i))) > 64)
      return false;

  V *size;
  if (s.n_in) {
    V *in = sharc_op_operand(op, 0);
    sharc_type *i32 = scalar_of(b, sharc_type_integer(b->ctx, 32, SHARC_SIGNLESS));
    size = sharc_op_result(sharc_cb_op(b, "stablehlo.get_dimension_size", &in, 1, &i32, 1,
                                       one_attr(b, "dimension",
                                                sharc_attr_integer(b->ctx, i64_type(b), s.dim)),
                                       0),
                           0);
  } else {
    sharc_type *rt = sharc_value_type(sharc_op_result(op, 0));
    size = const_scalar(b, sharc_type_integer(b->ctx, 32, SHARC_SIGNLESS),
                        (uint64_t)(uint32_t)sharc_type_shape(rt)[s.dim]);
  }
  size = sharc_cb_convert(b, size, i64_type(b));

  unsigned n = 1 + s.n_carry + s.n_out;
  V **init = sharc_xmalloc_array(n, sizeof *init);
  sharc_type **types = sharc_xmalloc_array(n, sizeof *types);
  init[0] = const_i64(b, 0);
  for (unsigned i = 0; i < s.n_carry; i++)
    init[1 + i] = sharc_op_operand(op, s.n_in + i);
  for (unsigned i = 0; i < s.n_out; i++)
    init[1 + s.n_carry + i] = zero_output(b, sharc_value_type(sharc_op_result(op, i)));
  for (unsigned i = 0; i < n; i++)
    types[i] = sharc_value_type(init[i]);
  sharc_op *w = sharc_cb_op(b, "stablehlo.while", init, n, types, n, NULL, 2);
  build_cond(b, w, types, n, size);
  build_body(b, op, w, types, n, size, &s);
  sharc_rw_set_after(b->rw, w);
  for (unsigned i = 0; i < s.n_out; i++)
    results[i] = sharc_op_result(w, 1 + s.n_carry + i);
  for (unsigned i = 0; i < s.n_carry; i++)
    results[s.n_out + i] = sharc_op_result(w, 1 + i);
  free(init);
  free(types);
  return true;
}
