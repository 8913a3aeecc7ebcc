/* The per-value sharding report behind `sharc propagate`, `explain` and
 * `show`, as a C API other tools can embed: run sharc's propagation
 * pipeline on a module, then walk where every tensor lives (its sharding
 * in JAX's PartitionSpec notation, the shard each device holds, its bytes
 * per device), the reshards and collectives with the bytes they move, why
 * a value got its sharding, and the device grid of one value.
 *
 *   sharc_report_options o = sharc_report_options_default();
 *   if (!sharc_report_propagate(module, &o)) ...   // diagnostics went to the context
 *   sharc_report *r = sharc_report_create(module, &o);
 *   for (unsigned i = 0; i < sharc_report_num_values(r); i++) {
 *     const sharc_report_value *v = sharc_report_value_at(r, i);
 *     printf("%s %s %lld\n", v->name, v->spec, (long long)v->bytes_per_device);
 *   }
 *   sharc_report_destroy(r);
 *
 * Conventions (docs/cli.md has the reasons): a shard dimension is the
 * dimension size divided by the product of its axis sizes, rounded up
 * when it does not divide (`padded`); bytes come from the element type's
 * bit width (i1 takes a byte, as XLA stores booleans; i2/i4/f4 are packed;
 * complex is twice its element); sub-axes are written `'x:(2)2'`, as
 * Shardy's axis-ref text. */
#ifndef SHARC_REPORT_H
#define SHARC_REPORT_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sharc_report_options {
  /* Also run the partitioner: explicit reshards, made into collectives
   * (Shardy's enable-insert-explicit-collectives). On by default: without it
   * the report has no communication figures (`sharc --no-comm`). */
  bool explicit_collectives;
  /* Keep propagation's debugging information (sharding origins and
   * propagation edges) for sharc_report_explain; sharc_report_create reads
   * it and sharc_report_strip_debug_info removes it. The passes are then
   * not verified one by one (the edges Shardy records on data flow edges
   * do not verify): verify the module once the information is removed. */
  bool debug_origins;
  /* List every value, not only function arguments and results and the
   * values whose sharding differs from their operands'. */
  bool all_values;
} sharc_report_options;

SHARC_API sharc_report_options sharc_report_options_default(void);

/* Runs the propagation pipeline on `module` in place: Shardy's
 * -sdy-propagation-pipeline without the partitioner (the module stays
 * ready for another round of propagation: constraints and sharding groups
 * kept, meshes referenced by name), or with explicit_collectives the full
 * export with collectives. False after diagnostics to the module's
 * context (a pass failed, or could not be added). The user's argument and
 * result shardings are recorded first, on the module (attribute
 * `sharc.user_shardings`), for the report's changed user shardings:
 * sharc_report_create reads and removes the record, and so does
 * sharc_report_strip_debug_info. */
SHARC_API bool sharc_report_propagate(sharc_op *module, const sharc_report_options *options);
/* Whether `module` has a mesh to shard over: an sdy.mesh op, or a
 * sharding with an inline mesh. */
SHARC_API bool sharc_report_has_mesh(sharc_op *module);
/* Removes the debugging attributes debug_origins left (as Shardy's
 * -sdy-remove-propagation-debug-info, and the names it gives constraints
 * and manual computations). */
SHARC_API void sharc_report_strip_debug_info(sharc_op *module);

/* ---- the report ------------------------------------------------------------ */
typedef struct sharc_report sharc_report;

typedef enum sharc_report_value_kind {
  SHARC_REPORT_ARGUMENT,  /* a function argument */
  SHARC_REPORT_RESULT,    /* a function result (as the function declares it) */
  SHARC_REPORT_OP_RESULT, /* a result of an op */
  SHARC_REPORT_BLOCK_ARG, /* an argument of a nested region's block */
} sharc_report_value_kind;

typedef struct sharc_report_value {
  sharc_report_value_kind kind;
  sharc_op *func;         /* the function the value is in */
  sharc_op *op;           /* its defining op; the function for arguments and results */
  sharc_value *value;     /* the SSA value (for a result: the returned value) */
  unsigned index;         /* argument, result, op-result or block-argument number */
  const char *name;       /* "%12", "%0#1", "%arg0", "result0": as the printed module names it */
  const char *label;      /* the user's name: jax.result_info, an argument's name location; or "" */
  const char *op_name;    /* "stablehlo.dot_general"; "argument", "result" */
  const char *location;   /* "file:line:col", or "" */
  const char *type;       /* "tensor<32x512xf32>" */
  const sharc_attr *sharding; /* the sdy sharding, or NULL */
  const sharc_attr *mesh;     /* its #sdy.mesh, or NULL */
  const char *mesh_name;  /* "mesh", "" for an inline mesh or none */
  const char *spec;       /* "P('data', None)"; "P()" for a scalar; "-" for a non-tensor */
  const char *replicated; /* mesh axes the value is replicated over, "'model', 'seq'" or "" */
  const char *unreduced;  /* unreduced axes, same form */
  unsigned rank;          /* 0 for a scalar or a non-tensor */
  const int64_t *shape;       /* rank entries, SHARC_DYNAMIC for `?` */
  const int64_t *shard_shape; /* rank entries */
  unsigned element_bits;  /* bits one element takes in memory (0: not a tensor) */
  int64_t bytes;          /* the whole tensor; -1 when not known (dynamic, not a tensor) */
  int64_t bytes_per_device; /* one shard; -1 when not known */
  int64_t num_devices;    /* devices of its mesh (1 without one) */
  bool padded;            /* some dimension does not divide: its shard is rounded up */
  bool changed;           /* its sharding differs from every operand's */
} sharc_report_value;

typedef struct sharc_report_collective {
  const char *kind;       /* "reshard", "all_gather", ..., "sharding_constraint" */
  const sharc_report_value *value; /* the op's result */
  const char *from_spec;  /* the operand's sharding */
  const char *axes;       /* the axes it works along: "'model'" */
  int64_t bytes_moved;    /* per device and execution, -1 when not known (docs/cli.md: the formulas) */
  /* how often it runs: the product of the trip counts of the loops around
   * it (1 outside loops); -1 when a loop's count is not static, and then
   * bytes_moved counts one iteration */
  int64_t executions;
  int loop;               /* the innermost loop around it (index into the loops), or -1 */
} sharc_report_collective;

/* A user's sharding of a function argument or result that the pipeline
 * changed: each of the user's axes it dropped or narrowed, and why. */
typedef struct sharc_report_axis_change {
  int dim;                /* the dimension; -1 for an unreduced axis */
  const char *axis;       /* the user's axis: "'y'" */
  const char *kept;       /* what is left of it ("'data:(1)32'"), or "" when dropped */
  /* "not_divisible": export's update-non-divisible-input-output-shardings
   *   cut the dimension to the part that divides it;
   * "sub_axis": export's remove-sub-axes-in-input-output-shardings removed
   *   a sub-axis on an open dimension (and the axes after it);
   * "size_one_axis": the import removes axes of size 1;
   * "priority": propagation replaced it with a higher-priority sharding;
   * "conflict": propagation did not keep it otherwise */
  const char *reason;
  const char *detail;     /* one sentence with the sizes */
} sharc_report_axis_change;

typedef struct sharc_report_change {
  const sharc_report_value *value; /* the argument or result, as it is now */
  const char *user_spec;           /* the sharding the user wrote */
  unsigned num_axes;
  const sharc_report_axis_change *axes;
} sharc_report_change;

/* A `while` (or other op whose region runs repeatedly) holding collectives:
 * its static trip count when its condition compares an induction variable
 * with a constant (JAX's fori_loop and scan), else -1. */
typedef struct sharc_report_loop {
  const sharc_report_value *value; /* the loop's first result */
  int64_t trip_count;              /* -1: not known statically */
  unsigned num_collectives;        /* directly or in nested loops */
  int64_t bytes_moved_per_iteration; /* per device, one iteration */
} sharc_report_loop;

typedef struct sharc_report_bytes {
  unsigned count;
  int64_t per_device_peak; /* the most any device holds */
  int64_t all_devices;     /* summed over the devices */
  int64_t global;          /* the tensors unsharded */
  bool unknown;            /* some tensor's size is not known (left out) */
} sharc_report_bytes;

typedef struct sharc_report_kind_total {
  const char *kind;
  unsigned count;
  int64_t bytes_moved;     /* per device, summed over executions (see per_iteration) */
  bool per_iteration;      /* some of it is in a loop of unknown trip count: counted once */
} sharc_report_kind_total;

typedef struct sharc_report_summary {
  unsigned num_meshes;     /* sdy.mesh ops and inline meshes seen */
  int64_t num_devices;     /* devices of the largest mesh */
  unsigned num_values;     /* values walked */
  unsigned num_padded;     /* ... with a shard rounded up */
  /* of the entry function: @main, else the first public one */
  sharc_report_bytes arguments, results;
  unsigned num_kinds;
  const sharc_report_kind_total *kinds;
  int64_t bytes_moved;     /* every collective's, per device (times its executions) */
  bool bytes_moved_per_iteration; /* a loop's trip count is unknown: its collectives count once */
  unsigned num_changed_user_shardings; /* user shardings the pipeline changed */
  unsigned num_functions;  /* functions with a body: tables name them when more than one */
} sharc_report_summary;

/* Walks `module` once (after sharc_report_propagate, or any module with
 * sdy shardings). The report refers to the module's values, ops and
 * attributes: keep the module, and do not change it, while the report is
 * used. Reads the debugging information debug_origins kept, if any. */
SHARC_API sharc_report *sharc_report_create(sharc_op *module, const sharc_report_options *options);
SHARC_API void sharc_report_destroy(sharc_report *r);

/* The listed values: per function, its arguments, its results, then the
 * op results (and, with all_values, nested block arguments) in program
 * order. */
SHARC_API unsigned sharc_report_num_values(const sharc_report *r);
SHARC_API const sharc_report_value *sharc_report_value_at(const sharc_report *r, unsigned i);
/* The reshards and collectives, in program order. */
SHARC_API unsigned sharc_report_num_collectives(const sharc_report *r);
SHARC_API const sharc_report_collective *sharc_report_collective_at(const sharc_report *r,
                                                                   unsigned i);
SHARC_API const sharc_report_summary *sharc_report_get_summary(const sharc_report *r);
/* The user shardings the pipeline changed or dropped (known when the
 * module went through sharc_report_propagate: it records the user's
 * shardings, and sharc_report_create compares), in program order. */
SHARC_API unsigned sharc_report_num_changes(const sharc_report *r);
SHARC_API const sharc_report_change *sharc_report_change_at(const sharc_report *r, unsigned i);
/* The change of argument or result `index` of `func`, or NULL. */
SHARC_API const sharc_report_change *sharc_report_change_of(const sharc_report *r,
                                                           const sharc_op *func,
                                                           sharc_report_value_kind kind,
                                                           unsigned index);
/* The loops holding collectives, in program order. */
SHARC_API unsigned sharc_report_num_loops(const sharc_report *r);
SHARC_API const sharc_report_loop *sharc_report_loop_at(const sharc_report *r, unsigned i);

typedef enum sharc_report_format {
  SHARC_REPORT_TABLE,
  SHARC_REPORT_JSON,
  SHARC_REPORT_CSV,
} sharc_report_format;

/* Appends the report in `format` (the table with ANSI colours when
 * `color`). `title` heads it (the input file name; may be NULL). */
SHARC_API void sharc_report_write(const sharc_report *r, sharc_report_format format, bool color,
                                  const char *title, sharc_buf *out);

/* ---- one value --------------------------------------------------------------- */
/* The value `text` names: `%12`, `%0#1`, `12`, `%arg0` / `arg0`, `result0`,
 * a function result's jax.result_info, an argument's name, a location name,
 * or `file:line` (the first value defined on that line); `@func:NAME` picks
 * a function. NULL when none, with the message (and the closest names) in
 * `err`. The entry lives as long as the report. */
SHARC_API const sharc_report_value *sharc_report_lookup(sharc_report *r, const char *text,
                                                        sharc_buf *err);
/* Why `v` has its sharding: per axis, the chain of values it came through
 * back to the user's sharding it came from, one line per step with the op
 * and its location. False (with the reason in `out`) when the report has
 * no debugging information (debug_origins was off). */
SHARC_API bool sharc_report_explain(sharc_report *r, const sharc_report_value *v, sharc_buf *out);
/* The device grid of `v`'s mesh and the block of `v` each device holds,
 * as text (ANSI colours when `color`), or as an SVG picture. */
SHARC_API void sharc_report_show(const sharc_report *r, const sharc_report_value *v, bool color,
                                 sharc_buf *out);
SHARC_API void sharc_report_show_svg(const sharc_report *r, const sharc_report_value *v,
                                     sharc_buf *out);

/* ---- the notation, for other tools --------------------------------------------- */
/* Appends `P('data', None, ('model', 'seq'))` for a tensor sharding on
 * `mesh` (unreduced axes as `unreduced={'x'}`, an open dimension ends in
 * `?`, a sub-axis is `'x:(2)2'`). */
SHARC_API void sharc_report_partition_spec(const sharc_attr *sharding, sharc_buf *out);
/* Bits one element of `t` takes in memory (a tensor's element type or a
 * scalar type); 0 when it has no size (tokens, tuples, unranked). */
SHARC_API unsigned sharc_report_element_bits(const sharc_type *t);
/* The shard shape of a tensor of `rank` dims `shape` under `sharding` on
 * `mesh` (NULL sharding: the whole shape) into `out`; true when every
 * dimension divides. */
SHARC_API bool sharc_report_shard_shape(const int64_t *shape, unsigned rank,
                                        const sharc_attr *sharding, const sharc_attr *mesh,
                                        int64_t *out);

#ifdef __cplusplus
}
#endif
#endif
