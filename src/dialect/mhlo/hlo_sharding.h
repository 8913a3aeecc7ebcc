/* XLA's HloSharding text form (what `mhlo.sharding` attributes hold, from
 * xla/hlo/ir/hlo_sharding.cc and the HLO parser): `{replicated}`,
 * `{manual}`, `{unknown}`, `{maximal device=N}`, tiled shardings with an
 * explicit device list (`{devices=[2,2]0,2,1,3}`) or an iota one
 * (`{devices=[4,8]<=[8,4]T(1,0)}`), `last_tile_dim_replicate`,
 * `last_tile_dims={manual, replicated}`, tuples (`{{...}, {...}}`) and the
 * `metadata={...}` / `shard_as` / `shard_like` annotations, which are read
 * and dropped as ToString() drops them. */
#ifndef SHARC_DIALECT_MHLO_HLO_SHARDING_H
#define SHARC_DIALECT_MHLO_HLO_SHARDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sharc/support.h"

typedef enum sharc_hlo_sharding_kind {
  SHARC_HLO_REPLICATED,
  SHARC_HLO_MANUAL,
  SHARC_HLO_UNKNOWN,
  SHARC_HLO_MAXIMAL,
  SHARC_HLO_TILED,
  SHARC_HLO_TUPLE,
} sharc_hlo_sharding_kind;

/* OpSharding::Type of a trailing tile dimension (`last_tile_dims`). */
typedef enum sharc_hlo_subgroup {
  SHARC_HLO_SUBGROUP_REPLICATED,
  SHARC_HLO_SUBGROUP_MANUAL,
  SHARC_HLO_SUBGROUP_UNREDUCED,
} sharc_hlo_subgroup;

#define SHARC_HLO_MAX_DIMS 64

typedef struct sharc_hlo_sharding sharc_hlo_sharding;
struct sharc_hlo_sharding {
  sharc_hlo_sharding_kind kind;
  int64_t device; /* maximal */
  /* tiled: the tile assignment's dimensions, then either the iota form
   * (reshape dims and their transpose permutation) or `devices`, the
   * explicit list of product(dims) device ids */
  unsigned ndims;
  int64_t dims[SHARC_HLO_MAX_DIMS];
  bool iota;
  unsigned nreshape;
  int64_t reshape[SHARC_HLO_MAX_DIMS];
  int64_t perm[SHARC_HLO_MAX_DIMS];
  int64_t *devices; /* malloc'd, NULL for iota */
  /* the trailing tile dimensions that are not data dimensions, in order
   * (`last_tile_dim_replicate` is one replicated subgroup, flagged) */
  bool last_tile_dim_replicate;
  unsigned nsubgroups;
  sharc_hlo_subgroup subgroups[SHARC_HLO_MAX_DIMS];
  /* tuple */
  unsigned nelems;
  sharc_hlo_sharding *elems; /* malloc'd */
};

/* Parses `text`; false with `*err` (a static message) and `*err_offset`
 * (the byte where it went wrong) on bad input. `out` is freed with
 * sharc_hlo_sharding_free whether or not parsing succeeded. */
bool sharc_hlo_sharding_parse(sharc_str text, sharc_hlo_sharding *out, const char **err,
                              size_t *err_offset);
void sharc_hlo_sharding_free(sharc_hlo_sharding *s);

/* HloSharding::ToString() without metadata. */
void sharc_hlo_sharding_print(const sharc_hlo_sharding *s, sharc_buf *out);

/* The number of devices the tile assignment spans (product of dims). */
int64_t sharc_hlo_sharding_num_tiles(const sharc_hlo_sharding *s);

/* The device id at row-major tile index `i` (iota or explicit). */
int64_t sharc_hlo_sharding_device_at(const sharc_hlo_sharding *s, int64_t i);

/* Whether an explicit device list is an iota one; if so the sharding is
 * rewritten to the iota form (reshape = [n], perm = [0]). */
bool sharc_hlo_sharding_make_iota(sharc_hlo_sharding *s);

#endif
