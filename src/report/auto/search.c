/* `sharc auto`'s search over the groups' candidates (docs/auto.md).
 *
 * Every evaluation parses the prepared module into a context of its own,
 * puts the candidates on the arguments, runs the propagation pipeline with
 * explicit collectives and prices the result (cost.c); the context goes
 * away with everything the pipeline made, so a long search holds one
 * module at a time. Evaluations are memoized on the choice.
 *
 * A space of at most EXHAUSTIVE_LIMIT choices is searched whole: the
 * answer is exact under the model. A larger one by local search: from
 * every group free, visit the groups in a seeded order and move each to
 * its best candidate given the others, until a round improves nothing;
 * then restart from the best with two groups moved at random, while the
 * budget lasts. The seed fixes the order and the moves, so the answer is
 * the same for the same seed unless the budget cuts the search short. */
#define _POSIX_C_SOURCE 200809L
#include "report/auto/auto_internal.h"

#include "dialect/sdy/utils.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EXHAUSTIVE_LIMIT 256
#define MAX_STEPS 64
#define MAX_RESTARTS 4
/* Steepest descent when this many sweeps of every move fit the budget. */
#define THOROUGH_SWEEPS 4
/* A move must improve the score by more than this fraction. */
#define IMPROVEMENT 1e-9

/* The budget is CPU seconds of this process: on one core what a user
 * waits; on a loaded machine the search does the same work. */
static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static bool out_of_time(sharc_auto_search *s) {
  if (s->budget_seconds > 0 && now_seconds() - s->started > s->budget_seconds)
    s->out_of_time = true;
  return s->out_of_time;
}

/* ---- one evaluation ------------------------------------------------------------------ */

static void quiet(const sharc_diag *d, void *user) {
  (void)d;
  (void)user;
}

static const sharc_attr *mesh_named(sharc_op *module, sharc_str name) {
  sharc_op *op = sharc_symbol_lookup(module, name);
  const sharc_attr *mesh = op ? sharc_op_attr(op, "mesh") : NULL;
  return mesh && sharc_sdy_is_mesh(mesh) ? mesh : NULL;
}

void sharc_auto_apply(sharc_op *func, const sharc_auto_space *space, const uint16_t *choice,
                      const sharc_attr *mesh, sharc_str mesh_name) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(func, 0));
  sharc_context *ctx = sharc_op_context(func);
  for (unsigned g = 0; g < space->num_groups; g++) {
    const sharc_auto_group *group = &space->groups[g];
    const sharc_auto_candidate *c = &group->candidates[choice[g]];
    for (unsigned i = 0; i < group->num_args && !c->free; i++) {
      unsigned arg = space->args[group->first + i];
      const sharc_type *t = sharc_value_type(sharc_block_arg(body, arg));
      sharc_sdy_set_func_arg_sharding(
          func, arg, sharc_auto_candidate_sharding(ctx, mesh, mesh_name, sharc_type_rank(t), c));
    }
  }
}

void sharc_auto_evaluate(const sharc_auto_search *s, const uint16_t *choice,
                         sharc_auto_cost *out, sharc_auto_inspect_fn inspect, void *user) {
  memset(out, 0, sizeof *out);
  out->failed = true;
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, s->allow_unregistered);
  sharc_report_load_dialects(ctx);
  sharc_context_set_diag_handler(ctx, quiet, NULL);
  sharc_op *module = sharc_parse_source(ctx, "auto", s->text, s->text_len);
  sharc_op *func = module ? sharc_symbol_lookup(module, s->func_name) : NULL;
  const sharc_attr *mesh = module ? mesh_named(module, s->mesh_name) : NULL;
  if (func && mesh) {
    sharc_auto_apply(func, s->space, choice, mesh, s->mesh_name);
    if (sharc_auto_propagate(module)) {
      sharc_auto_price(module, func, mesh, s->machine, out);
      if (inspect)
        inspect(module, func, user);
    }
  }
  sharc_context_destroy(ctx);
}

/* ---- memoized evaluations ---------------------------------------------------------------- */

static uint64_t hash_choice(const uint16_t *c, unsigned n) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned i = 0; i < n; i++)
    h = (h ^ c[i]) * 1099511628211ull;
  return h;
}

static void memo_grow(sharc_auto_search *s, unsigned n) {
  size_t cap = s->memo_cap ? s->memo_cap * 2 : 256;
  unsigned *memo = calloc(cap, sizeof *memo);
  for (size_t i = 0; i < s->records.len; i++) {
    size_t at = hash_choice(s->records.items[i].choice, n) & (cap - 1);
    while (memo[at])
      at = (at + 1) & (cap - 1);
    memo[at] = (unsigned)i + 1;
  }
  free(s->memo);
  s->memo = memo;
  s->memo_cap = cap;
}

/* The score of `choice`, evaluated once. */
static double score_of(sharc_auto_search *s, const uint16_t *choice) {
  unsigned n = s->space->num_groups;
  if ((s->records.len + 1) * 2 > s->memo_cap)
    memo_grow(s, n);
  size_t at = hash_choice(choice, n) & (s->memo_cap - 1);
  for (; s->memo[at]; at = (at + 1) & (s->memo_cap - 1)) {
    sharc_auto_record *r = &s->records.items[s->memo[at] - 1];
    if (memcmp(r->choice, choice, n * sizeof *choice) == 0)
      return r->score;
  }
  sharc_auto_record r = {0};
  r.choice = malloc((n ? n : 1) * sizeof *r.choice);
  memcpy(r.choice, choice, n * sizeof *choice);
  sharc_auto_evaluate(s, choice, &r.cost, NULL, NULL);
  r.score = sharc_auto_score(&r.cost, s->memory_limit);
  sharc_vec_push(&s->records, r);
  s->memo[at] = (unsigned)s->records.len;
  return r.score;
}

/* ---- exhaustive ---------------------------------------------------------------------------- */

static double space_size(const sharc_auto_space *space) {
  double n = 1;
  for (unsigned g = 0; g < space->num_groups; g++)
    n *= space->groups[g].num_candidates;
  return n;
}

static void exhaustive(sharc_auto_search *s, uint16_t *choice) {
  unsigned n = s->space->num_groups;
  memset(choice, 0, n * sizeof *choice);
  for (;;) {
    score_of(s, choice);
    if (out_of_time(s))
      return;
    unsigned g = 0;
    for (; g < n; g++) {
      if (++choice[g] < s->space->groups[g].num_candidates)
        break;
      choice[g] = 0;
    }
    if (g == n)
      return;
  }
}

/* ---- local search ---------------------------------------------------------------------------- */

static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static bool better(double a, double b) { return a < b - fabs(b) * IMPROVEMENT; }

/* Steepest descent: evaluates every single-group move from `choice`
 * (groups in the seeded `order`) and takes the best, until none improves.
 * One move at a time, not one group at a time: sharding one argument
 * changes what every free argument gets from propagation, so the first
 * improving move is often a trap (a weight split across every device
 * looks good until the batch is split). */
static void descend(sharc_auto_search *s, uint16_t *choice, double *score, const unsigned *order) {
  unsigned n = s->space->num_groups;
  for (unsigned step = 0; step < MAX_STEPS && !out_of_time(s); step++) {
    unsigned best_g = n;
    uint16_t best_c = 0;
    double best_score = *score;
    for (unsigned i = 0; i < n && !out_of_time(s); i++) {
      unsigned g = order[i];
      uint16_t start = choice[g];
      for (uint16_t c = 0; c < s->space->groups[g].num_candidates && !out_of_time(s); c++) {
        if (c == start)
          continue;
        choice[g] = c;
        double sc = score_of(s, choice);
        if (better(sc, best_score)) {
          best_score = sc;
          best_g = g;
          best_c = c;
        }
      }
      choice[g] = start;
    }
    if (best_g == n)
      return;
    choice[best_g] = best_c;
    *score = best_score;
  }
}

static void shuffle(unsigned *order, unsigned n, uint64_t *rng) {
  for (unsigned i = n; i > 1; i--) {
    unsigned j = (unsigned)(next_random(rng) % i);
    unsigned t = order[i - 1];
    order[i - 1] = order[j];
    order[j] = t;
  }
}

/* First improvement, groups in argument order (the inputs first): each
 * group moves to the first candidate that beats the current choice. Fewer
 * evaluations than steepest descent, for graphs where one evaluation is
 * too dear to evaluate every move at every step within the budget. */
static void descend_first(sharc_auto_search *s, uint16_t *choice, double *score) {
  unsigned n = s->space->num_groups;
  for (unsigned round = 0; round < MAX_STEPS && !out_of_time(s); round++) {
    bool moved = false;
    for (unsigned g = 0; g < n && !out_of_time(s); g++) {
      uint16_t current = choice[g];
      for (uint16_t c = 0; c < s->space->groups[g].num_candidates && !out_of_time(s); c++) {
        if (c == current)
          continue;
        choice[g] = c;
        double sc = score_of(s, choice);
        if (better(sc, *score)) {
          *score = sc;
          current = c;
          moved = true;
        }
      }
      choice[g] = current;
    }
    if (!moved)
      return;
  }
}

/* Whether steepest descent with restarts fits the budget: a few full
 * sweeps of every move at the speed of the first evaluation. */
static bool thorough_fits(const sharc_auto_search *s, double first_eval_seconds) {
  double moves = 0;
  for (unsigned g = 0; g < s->space->num_groups; g++)
    moves += s->space->groups[g].num_candidates - 1;
  return s->budget_seconds <= 0 || first_eval_seconds * moves * THOROUGH_SWEEPS <= s->budget_seconds;
}

static void local_search(sharc_auto_search *s, uint16_t *choice) {
  unsigned n = s->space->num_groups;
  unsigned *order = malloc((n ? n : 1) * sizeof *order);
  uint16_t *best = calloc(n ? n : 1, sizeof *best);
  for (unsigned i = 0; i < n; i++)
    order[i] = i;
  uint64_t rng = s->seed;
  memset(choice, 0, n * sizeof *choice);
  double started = now_seconds();
  double score = score_of(s, choice), best_score = score;
  if (!thorough_fits(s, now_seconds() - started)) {
    s->method = "local search (first improvement: large graph)";
    descend_first(s, choice, &score);
    free(order);
    free(best);
    return;
  }
  for (unsigned restart = 0; restart <= MAX_RESTARTS && !out_of_time(s); restart++) {
    shuffle(order, n, &rng);
    descend(s, choice, &score, order);
    if (restart == 0 || better(score, best_score)) {
      best_score = score;
      memcpy(best, choice, n * sizeof *best);
    }
    memcpy(choice, best, n * sizeof *best);
    for (unsigned k = 0; k < 2 && n; k++) { /* kick: two groups moved at random */
      unsigned g = (unsigned)(next_random(&rng) % n);
      choice[g] = (uint16_t)(next_random(&rng) % s->space->groups[g].num_candidates);
    }
    score = score_of(s, choice);
  }
  free(order);
  free(best);
}

void sharc_auto_search_run(sharc_auto_search *s) {
  s->started = now_seconds();
  unsigned n = s->space->num_groups;
  uint16_t *choice = calloc(n ? n : 1, sizeof *choice);
  if (space_size(s->space) <= EXHAUSTIVE_LIMIT) {
    s->method = "exhaustive";
    exhaustive(s, choice);
  } else {
    s->method = "local search";
    local_search(s, choice);
  }
  free(choice);
  s->best = 0;
  for (unsigned i = 1; i < s->records.len; i++)
    if (s->records.items[i].score < s->records.items[s->best].score)
      s->best = i;
  s->seconds = now_seconds() - s->started;
}

void sharc_auto_search_free(sharc_auto_search *s) {
  for (size_t i = 0; i < s->records.len; i++)
    free(s->records.items[i].choice);
  sharc_vec_free(&s->records);
  free(s->memo);
  s->memo = NULL;
}
