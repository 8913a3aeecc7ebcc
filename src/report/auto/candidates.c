/* `sharc auto`'s search space: the candidate shardings of the entry
 * function's arguments, and the groups of arguments that move together.
 *
 * An argument's dimensions are the factors of the ops that use it (a dot's
 * batch, contracting and free factors, an elementwise op's shared
 * factors): a candidate puts mesh axes on them, one axis on one dimension,
 * two axes on one dimension, or two axes on two dimensions, where the
 * dimension divides evenly; plus "free" (no sharding: propagation decides
 * from the other arguments) and "replicated" (closed, nothing). Arguments
 * of the same type used the same way (the same ops at the same operand
 * positions, fed by the same kinds of ops three steps back) form a group
 * and take the same candidate: the layers of a model repeat, and a search
 * over groups stays small however deep the model is. */
#include "report/auto/auto_internal.h"

#include "dialect/sdy/utils.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CANDIDATES 48
#define NEIGHBOURHOOD_DEPTH 3

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h ^= h >> 31;
  h *= 0xbf58476d1ce4e5b9ull;
  return h ^ (h >> 29);
}

/* The kinds of ops that feed `op`, `depth` steps back. */
static uint64_t upstream(const sharc_op *op, unsigned depth) {
  uint64_t h = mix(0, (uint64_t)(uintptr_t)sharc_op_name(op));
  if (depth == 0)
    return h;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_value *v = sharc_op_operand(op, i);
    sharc_op *def = sharc_value_defining_op(v);
    h = mix(h, def ? upstream(def, depth - 1) : (uint64_t)(uintptr_t)sharc_value_type(v));
  }
  return h;
}

static uint64_t signature(sharc_value *arg) {
  uint64_t h = mix(1, (uint64_t)(uintptr_t)sharc_value_type(arg)), uses = 0;
  for (sharc_use *u = sharc_value_first_use(arg); u; u = sharc_use_next(u)) {
    sharc_op *user = sharc_use_owner(u);
    uint64_t one = mix(sharc_use_operand_index(u), upstream(user, NEIGHBOURHOOD_DEPTH));
    uses += one; /* the order of uses does not matter */
  }
  return mix(h, uses);
}

/* ---- candidates ---------------------------------------------------------------------- */

typedef struct maker {
  const sharc_attr *mesh;
  unsigned rank;
  const int64_t *shape;
  sharc_auto_candidate list[MAX_CANDIDATES];
  unsigned n;
} maker;

static void add(maker *k, sharc_auto_candidate c) {
  if (k->n < MAX_CANDIDATES)
    k->list[k->n++] = c;
}

static int64_t axis_size(const maker *k, unsigned a) {
  return sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(k->mesh, a));
}

static bool divides(const maker *k, unsigned d, int64_t by) {
  return k->shape[d] > 1 && k->shape[d] % by == 0;
}

static void make_candidates(maker *k) {
  unsigned num_axes = sharc_sdy_mesh_num_axes(k->mesh);
  add(k, (sharc_auto_candidate){0}); /* replicated */
  for (unsigned d = 0; d < k->rank; d++)
    for (unsigned a = 0; a < num_axes; a++)
      if (divides(k, d, axis_size(k, a)))
        add(k, (sharc_auto_candidate){.num_dims = 1, .dim = {(uint8_t)d}, .num_axes = {1},
                                      .axes = {{(uint8_t)a}}});
  for (unsigned d = 0; d < k->rank; d++)
    for (unsigned a = 0; a < num_axes; a++)
      for (unsigned b = a + 1; b < num_axes; b++)
        if (divides(k, d, axis_size(k, a) * axis_size(k, b)))
          add(k, (sharc_auto_candidate){.num_dims = 1, .dim = {(uint8_t)d}, .num_axes = {2},
                                        .axes = {{(uint8_t)a, (uint8_t)b}}});
  for (unsigned d = 0; d < k->rank; d++)
    for (unsigned e = d + 1; e < k->rank; e++)
      for (unsigned a = 0; a < num_axes; a++)
        for (unsigned b = 0; b < num_axes; b++)
          if (a != b && divides(k, d, axis_size(k, a)) && divides(k, e, axis_size(k, b)))
            add(k, (sharc_auto_candidate){.num_dims = 2,
                                          .dim = {(uint8_t)d, (uint8_t)e},
                                          .num_axes = {1, 1},
                                          .axes = {{(uint8_t)a}, {(uint8_t)b}}});
}

static unsigned candidates_of(sharc_auto_space *s, sharc_value *arg, const sharc_attr *mesh,
                              sharc_auto_candidate **out) {
  const sharc_type *t = sharc_value_type(arg);
  maker k = {.mesh = mesh};
  bool shaped = sharc_type_is_shaped(t) && sharc_type_has_rank(t) && sharc_type_rank(t) > 0 &&
                sharc_type_rank(t) <= 255;
  if (shaped) {
    k.rank = sharc_type_rank(t);
    k.shape = sharc_type_shape(t);
    for (unsigned d = 0; d < k.rank; d++)
      shaped = shaped && k.shape[d] >= 0;
  }
  if (shaped)
    make_candidates(&k);
  *out = sharc_arena_alloc(&s->arena, (k.n + 1) * sizeof **out);
  (*out)[0] = (sharc_auto_candidate){.free = true};
  memcpy(*out + 1, k.list, k.n * sizeof *k.list);
  return k.n + 1;
}

sharc_attr *sharc_auto_candidate_sharding(sharc_context *ctx, const sharc_attr *mesh,
                                          sharc_str mesh_name, unsigned rank,
                                          const sharc_auto_candidate *c) {
  if (c->free)
    return NULL;
  sharc_attr **dims = malloc((rank ? rank : 1) * sizeof *dims);
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *refs[2];
    unsigned n = 0;
    for (unsigned j = 0; j < c->num_dims; j++)
      if (c->dim[j] == d)
        for (n = 0; n < c->num_axes[j]; n++)
          refs[n] = sharc_sdy_axis_ref_get(
              ctx, sharc_sdy_mesh_axis_name(sharc_sdy_mesh_axis(mesh, c->axes[j][n])), NULL);
    dims[d] = sharc_sdy_dim_sharding_get(ctx, refs, n, true, -1);
  }
  sharc_sdy_tensor_sharding_parts parts = {0};
  parts.mesh_or_ref = sharc_sdy_mesh_ref(ctx, mesh_name);
  parts.dims = dims;
  parts.num_dims = rank;
  sharc_attr *sharding = sharc_sdy_tensor_sharding_get(ctx, &parts);
  free(dims);
  return sharding;
}

/* ---- groups ------------------------------------------------------------------------------ */

typedef struct keyed {
  uint64_t sig;
  unsigned arg;
} keyed;

static int by_signature(const void *a, const void *b) {
  const keyed *x = a, *y = b;
  if (x->sig != y->sig)
    return x->sig < y->sig ? -1 : 1;
  return (x->arg > y->arg) - (x->arg < y->arg);
}

static int by_first_arg(const void *a, const void *b) {
  const sharc_auto_group *x = a, *y = b;
  return (x->first_arg > y->first_arg) - (x->first_arg < y->first_arg);
}

void sharc_auto_space_build(sharc_auto_space *s, sharc_op *func, const sharc_attr *mesh,
                            const bool *skip) {
  memset(s, 0, sizeof *s);
  sharc_block *body = sharc_region_first_block(sharc_op_region(func, 0));
  unsigned n = body ? sharc_block_num_args(body) : 0;
  keyed *keys = calloc(n ? n : 1, sizeof *keys);
  for (unsigned i = 0; i < n; i++)
    if (!skip || !skip[i])
      keys[s->num_args++] = (keyed){signature(sharc_block_arg(body, i)), i};
  qsort(keys, s->num_args, sizeof *keys, by_signature);
  s->args = sharc_arena_alloc(&s->arena, (s->num_args + 1) * sizeof *s->args);
  s->groups = sharc_arena_alloc(&s->arena, (s->num_args + 1) * sizeof *s->groups);
  for (unsigned i = 0; i < s->num_args; i++) {
    s->args[i] = keys[i].arg;
    if (i > 0 && keys[i].sig == keys[i - 1].sig) {
      s->groups[s->num_groups - 1].num_args++;
      continue;
    }
    sharc_auto_group *g = &s->groups[s->num_groups++];
    g->first = i;
    g->first_arg = keys[i].arg;
    g->num_args = 1;
    g->num_candidates =
        candidates_of(s, sharc_block_arg(body, keys[i].arg), mesh, &g->candidates);
  }
  free(keys);
  /* groups in the order of their first argument: the order the user reads */
  qsort(s->groups, s->num_groups, sizeof *s->groups, by_first_arg);
}

void sharc_auto_space_free(sharc_auto_space *s) { sharc_arena_free(&s->arena); }
