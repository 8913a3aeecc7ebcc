/* Propagation debugging; see source_sharding.h. */
#include "transforms/sdy/propagation/debugging/source_sharding.h"

#include <stdlib.h>

struct sharc_source_sharding {
  bool origins, edges;
};

sharc_source_sharding *sharc_source_sharding_create(sharc_op *module, bool origins, bool edges) {
  (void)module;
  sharc_source_sharding *s = calloc(1, sizeof *s);
  if (!s)
    abort();
  s->origins = origins;
  s->edges = edges;
  return s;
}

void sharc_source_sharding_destroy(sharc_source_sharding *s) { free(s); }

sharc_source_sharding_step *sharc_source_sharding_begin(sharc_source_sharding *s, sharc_op *op,
                                                        const sharc_projection *p) {
  (void)s;
  (void)op;
  (void)p;
  return NULL;
}

void sharc_source_sharding_end(sharc_source_sharding *s, sharc_source_sharding_step *step,
                               sharc_value *const *operands, unsigned num_operands,
                               sharc_value *const *results, unsigned num_results,
                               const sharc_attr *mesh, const sharc_attr *rule,
                               const sharc_projection *p, bool any_updated) {
  (void)s;
  (void)step;
  (void)operands;
  (void)num_operands;
  (void)results;
  (void)num_results;
  (void)mesh;
  (void)rule;
  (void)p;
  (void)any_updated;
}

void sharc_source_sharding_save(sharc_source_sharding *s, sharc_op *module) {
  (void)s;
  (void)module;
}
