/* Pieces `sharc auto`'s files share: the machine the cost model prices
 * (per-axis links, FLOP rate), the cost of one set of shardings, the
 * candidate shardings of each group of arguments, and the search's record
 * of every set it evaluated. docs/auto.md describes the model. */
#ifndef SHARC_REPORT_AUTO_AUTO_INTERNAL_H
#define SHARC_REPORT_AUTO_AUTO_INTERNAL_H

#include "report/report_internal.h"
#include "sharc/auto.h"

#define SHARC_AUTO_MAX_AXES 8

/* The collective kinds the report names, priced one by one. */
#define SHARC_AUTO_NUM_KINDS 10
extern const char *const sharc_auto_kind_names[SHARC_AUTO_NUM_KINDS];

typedef struct sharc_auto_machine {
  double flop_rate, memory_bandwidth;
  unsigned num_axes;
  sharc_str axis_names[SHARC_AUTO_MAX_AXES];
  double bandwidth[SHARC_AUTO_MAX_AXES], latency[SHARC_AUTO_MAX_AXES];
  double default_bandwidth, default_latency;
} sharc_auto_machine;

/* The estimate of one set of shardings (docs/auto.md). */
typedef struct sharc_auto_cost {
  bool failed;         /* propagation or export rejected the shardings */
  double flops;        /* per device, dots and convolutions */
  double other_bytes;  /* per device, operands and results of every other op */
  double compute_s;
  double kind_s[SHARC_AUTO_NUM_KINDS];
  double kind_bytes[SHARC_AUTO_NUM_KINDS]; /* per device, times executions */
  unsigned kind_count[SHARC_AUTO_NUM_KINDS];
  double comm_s;
  int64_t peak_bytes;  /* per device, live tensors at their peak */
  double step_s;       /* compute_s + comm_s */
} sharc_auto_cost;

/* ---- the cost model (cost.c) ------------------------------------------------------- */
/* Reads per-axis figures ("data=25e9,model=300e9") for the mesh's axes
 * into `values` (defaults first); false with the message in `err`. */
bool sharc_auto_parse_axis_figures(const char *text, const char *flag, const sharc_attr *mesh,
                                   double *values, sharc_buf *err);
/* Prices `module` after propagation with explicit collectives: the entry
 * function `func`, every sharding on `mesh`. */
void sharc_auto_price(sharc_op *module, sharc_op *func, const sharc_attr *mesh,
                      const sharc_auto_machine *m, sharc_auto_cost *out);
/* Runs the propagation pipeline with explicit collectives, unverified
 * between passes; false when a pass failed. */
bool sharc_auto_propagate(sharc_op *module);
/* Orders two estimates under a memory limit (0: none): feasible before
 * infeasible, then by step time; an infeasible one by its peak. */
double sharc_auto_score(const sharc_auto_cost *c, int64_t memory_limit);

/* ---- candidates (candidates.c) ------------------------------------------------------ */
/* One candidate sharding, kept apart from any context (each evaluation
 * parses the module into a context of its own): up to two dimensions with
 * mesh axes (by position in the mesh); none is replicated; `free` is no
 * sharding at all (propagation decides). */
typedef struct sharc_auto_candidate {
  bool free;
  uint8_t num_dims;
  uint8_t dim[2];
  uint8_t num_axes[2];
  uint8_t axes[2][2];
} sharc_auto_candidate;

/* Arguments that move together: the same type used the same way (the same
 * ops, operand positions and neighbourhood), as the layers of a model
 * repeat. Candidate 0 is free. */
typedef struct sharc_auto_group {
  unsigned first;         /* into sharc_auto_space.args */
  unsigned first_arg;     /* its first argument's number */
  unsigned num_args;
  unsigned num_candidates;
  sharc_auto_candidate *candidates;
} sharc_auto_group;

typedef struct sharc_auto_space {
  sharc_arena arena;
  unsigned num_args;      /* the entry function's arguments chosen for */
  unsigned *args;         /* argument numbers, grouped */
  unsigned num_groups;
  sharc_auto_group *groups;
} sharc_auto_space;

/* The groups and candidates of `func`'s arguments on `mesh`; arguments
 * flagged in `skip` (may be NULL) keep their sharding. */
void sharc_auto_space_build(sharc_auto_space *s, sharc_op *func, const sharc_attr *mesh,
                            const bool *skip);
void sharc_auto_space_free(sharc_auto_space *s);
/* The sharding `c` puts on a tensor of `rank` (NULL: free), on the mesh
 * named `mesh_name` with the axes of `mesh`. */
sharc_attr *sharc_auto_candidate_sharding(sharc_context *ctx, const sharc_attr *mesh,
                                          sharc_str mesh_name, unsigned rank,
                                          const sharc_auto_candidate *c);

/* ---- the search (search.c) ------------------------------------------------------------ */
/* One evaluated set of shardings: a candidate index per group. */
typedef struct sharc_auto_record {
  uint16_t *choice;
  sharc_auto_cost cost;
  double score;
} sharc_auto_record;

typedef struct sharc_auto_search {
  /* inputs */
  const char *text;         /* the prepared module, printed: each evaluation parses it */
  size_t text_len;
  sharc_str func_name, mesh_name;
  const sharc_attr *mesh;   /* the mesh's axes (in the caller's context) */
  bool allow_unregistered;
  const sharc_auto_machine *machine;
  const sharc_auto_space *space;
  int64_t memory_limit;
  double budget_seconds;
  uint64_t seed;
  /* outputs */
  SHARC_VEC(sharc_auto_record) records; /* every set evaluated, in order */
  unsigned best;            /* into records */
  const char *method;       /* "exhaustive", "local search" */
  bool out_of_time;
  double seconds;
  /* internal */
  unsigned *memo;           /* open addressing over records: index + 1 */
  size_t memo_cap;
  double started;
} sharc_auto_search;

/* Called on the module an evaluation propagated, before it is dropped. */
typedef void (*sharc_auto_inspect_fn)(sharc_op *module, sharc_op *func, void *user);
/* Evaluates `choice` in a context of its own; `inspect` (may be NULL)
 * sees the propagated module. */
void sharc_auto_evaluate(const sharc_auto_search *s, const uint16_t *choice,
                         sharc_auto_cost *out, sharc_auto_inspect_fn inspect, void *user);
/* Searches; records[best] is the answer. */
void sharc_auto_search_run(sharc_auto_search *s);
void sharc_auto_search_free(sharc_auto_search *s);
/* Puts the shardings of `choice` on `func`'s arguments (`mesh`: the
 * mesh's axes, named `mesh_name` in `func`'s module). */
void sharc_auto_apply(sharc_op *func, const sharc_auto_space *space, const uint16_t *choice,
                      const sharc_attr *mesh, sharc_str mesh_name);

/* ---- the explanation (explain.c) ------------------------------------------------------ */
typedef struct sharc_auto_arg {
  const char *name, *type, *spec; /* "%arg1" / its loc name, "tensor<..>", "P(None, 'model')" */
  bool chosen;                    /* a candidate put it there (else propagation did) */
} sharc_auto_arg;

struct sharc_auto_result {
  sharc_arena arena;
  sharc_auto_options options;
  const sharc_auto_machine *machine;
  char mesh_text[256];
  int64_t num_devices;
  unsigned num_args;
  sharc_auto_arg *args;
  sharc_auto_cost cost;
  const char *method;
  unsigned evaluated, num_groups;
  double seconds;
  bool out_of_time;
  /* the two best rejected: which arguments differ and how, and their cost */
  unsigned num_rejected;
  struct {
    const char *change; /* "w1: P(None, 'model') instead of P('data', None); ..." */
    sharc_auto_cost cost;
  } rejected[2];
  sharc_auto_machine machine_copy;
};

#endif
