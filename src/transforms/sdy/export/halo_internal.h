/* What the halo-exchange files share among themselves: the data exchange
 * a sharded op needs per dimension (Shardy's DimExchangeInfo and
 * DataExchangeInfo) and the manual computation that performs it. */
#ifndef SHARC_SDY_EXPORT_HALO_INTERNAL_H
#define SHARC_SDY_EXPORT_HALO_INTERNAL_H

#include "transforms/sdy/export/halo_exchange.h"

/* ShardExchangeInfo: where output shard t starts reading. */
typedef struct sharc_halo_shard_exchange {
  int64_t source_id;    /* input shard, -1 when the window reads only padding */
  int64_t local_offset; /* start within that shard */
} sharc_halo_shard_exchange;

/* DimExchangeInfo of one sharded dimension. */
typedef struct sharc_halo_dim_exchange {
  SHARC_VEC(sharc_halo_shard_exchange) shards;
  int64_t s_out, s_footprint;
  int64_t left_hops, right_hops;
  bool needs_comm;
  bool can_use_halo;
  /* reshape only: the output dimensions' axes, combined (ReshapeDimExchangeInfo) */
  sharc_attr *reshape_target;
} sharc_halo_dim_exchange;

/* DataExchangeInfo: one entry per sharded dimension. */
typedef struct sharc_halo_data_exchange {
  sharc_i64_vec divisible_shape;
  sharc_halo_names manual;
  SHARC_VEC(sharc_halo_dim_exchange) dims;
} sharc_halo_data_exchange;

void sharc_halo_data_exchange_free(sharc_halo_data_exchange *info);
bool sharc_halo_needs_comm(const sharc_halo_data_exchange *info);
bool sharc_halo_can_use_halo(const sharc_halo_data_exchange *info);
/* Output shard `t` reads input shards `source` (from `offset` in it) to
 * `last` (-1: none): its entry and the hops to either side, and whether it
 * reads another shard than its own. */
void sharc_halo_record_shard(sharc_halo_dim_exchange *e, int64_t t, int64_t source,
                             int64_t offset, int64_t last);

int64_t sharc_halo_divide_ceil(int64_t a, int64_t b);
int64_t sharc_halo_padded_dim_size(int64_t size, int64_t count);

/* padHighSideToShape / sliceHighSideToShape (communication-free). */
sharc_value *sharc_halo_pad_high_to_shape(sharc_halo_state *s, sharc_attr *loc,
                                          sharc_value *operand, const int64_t *shape,
                                          sharc_attr *sharding, sharc_value *padding);
sharc_value *sharc_halo_slice_high_to_shape(sharc_halo_state *s, sharc_attr *loc,
                                            sharc_value *operand, sharc_type *target,
                                            sharc_attr *sharding);
sharc_value *sharc_halo_concatenate(sharc_halo_state *s, sharc_attr *loc,
                                    sharc_value *const *values, unsigned n, unsigned dim);
sharc_op *sharc_halo_manual_computation(sharc_halo_state *s, sharc_attr *loc,
                                        sharc_value *const *operands, unsigned n,
                                        sharc_attr *const *in_shardings, sharc_type *result_type,
                                        sharc_attr *out_sharding, sharc_attr *manual_axes);

/* What runs on the exchanged local value before the manual computation
 * returns it (Shardy's PostProcessFn). */
typedef sharc_value *(*sharc_halo_post_process)(sharc_halo_state *s, sharc_value *local,
                                                sharc_value *local_padding,
                                                sharc_type *padded_global_result, void *user);

/* haloDataExchange: a manual computation over `divisible_input` and the
 * padding value that exchanges the dimensions of `dims`, runs `post`, and
 * returns a result of `out_type` padded to divisibility. `window_strides`
 * and `base_dilations` may be NULL (all 1; a NULL `window_strides` means a
 * dilated halo buffer). */
sharc_value *sharc_halo_exchange_data(sharc_halo_state *s, sharc_attr *loc,
                                      sharc_value *divisible_input, const int64_t *divisible_shape,
                                      sharc_type *out_type, sharc_attr *in_sharding,
                                      sharc_attr *out_sharding, const sharc_attr *mesh,
                                      const sharc_halo_names *manual, sharc_value *padding,
                                      const int64_t *edge_padding_low,
                                      const sharc_halo_dim_exchange *dims,
                                      sharc_halo_post_process post, void *post_user,
                                      const int64_t *window_strides, const int64_t *base_dilations);

#endif
