/* Passes and pass pipelines, as MLIR's pass manager has them: a pass is a
 * definition (flag, typed options, the op it runs on, a run function); a
 * pipeline is a tree of pass managers, each anchored on an op name and
 * holding passes and nested pass managers; running it verifies after every
 * pass and can print the IR and time each pass. */
#ifndef SHARC_PASS_H
#define SHARC_PASS_H

#include "sharc/asm.h"
#include "sharc/ir.h"
#include "sharc/rewrite.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- options ------------------------------------------------------------- */
typedef enum sharc_option_kind {
  SHARC_OPT_BOOL,        /* bool */
  SHARC_OPT_INT,         /* int (LLVM's "int") */
  SHARC_OPT_UINT,        /* unsigned */
  SHARC_OPT_INT64,       /* int64_t (LLVM's "long") */
  SHARC_OPT_UINT64,      /* uint64_t */
  SHARC_OPT_DOUBLE,      /* double */
  SHARC_OPT_STRING,      /* const char * */
  SHARC_OPT_ENUM,        /* int: the index of the spelling in enum_names */
  SHARC_OPT_STRING_LIST, /* sharc_string_list */
  SHARC_OPT_INT64_LIST,  /* sharc_int64_list */
  SHARC_OPT_CUSTOM,      /* parsed by `parse` */
} sharc_option_kind;

typedef struct sharc_string_list {
  unsigned n;
  const char *const *items;
} sharc_string_list;

typedef struct sharc_int64_list {
  unsigned n;
  const int64_t *items;
} sharc_int64_list;

/* Parses `text` into the option's storage at `dst` (NULL: only check it);
 * on error writes LLVM's message to `err` and returns false, a message
 * ending in a newline being printed as it is rather than after "for the
 * --name option:". Strings it keeps must be copied with
 * sharc_pass_option_strdup. */
typedef bool (*sharc_option_parse_fn)(void *dst, const char *text, sharc_buf *err, void *owner);

typedef struct sharc_option_def {
  const char *name;         /* "conservative-propagation" */
  sharc_option_kind kind;
  size_t offset;            /* of the value in the pass's options struct */
  const char *default_text; /* parsed as a user value would be; NULL: zero */
  const char *description;  /* one line for --help */
  const char *const *enum_names; /* SHARC_OPT_ENUM: NULL-terminated spellings */
  sharc_option_parse_fn parse;   /* SHARC_OPT_CUSTOM */
  const char *type_name;    /* shown by --help for custom options */
} sharc_option_def;

/* A row of an options table: SHARC_OPTION(my_options, field, "name",
 * SHARC_OPT_BOOL, "false", "what it does"). */
#define SHARC_OPTION(T, field, name, kind, dflt, desc)                                             \
  { (name), (kind), offsetof(T, field), (dflt), (desc), NULL, NULL, NULL }
#define SHARC_OPTION_ENUM(T, field, name, names, dflt, desc)                                       \
  { (name), SHARC_OPT_ENUM, offsetof(T, field), (dflt), (desc), (names), NULL, NULL }
#define SHARC_OPTION_CUSTOM(T, field, name, parse, type_name, dflt, desc)                          \
  { (name), SHARC_OPT_CUSTOM, offsetof(T, field), (dflt), (desc), NULL, (parse), (type_name) }

/* Copies a string into memory that lives as long as the pass instance. */
SHARC_API const char *sharc_pass_option_strdup(void *owner, const char *s, size_t n);
/* Zeroed memory that lives as long as the pass instance `owner` (what a
 * custom option parser's lists and tables are built in). */
SHARC_API void *sharc_pass_owner_alloc(void *owner, size_t size);
/* MLIR's parseCommaSeparatedList, for list options of a custom type: calls
 * `each` on every element (cleaned of spaces, one pair of quotes or braces,
 * as MLIR cleans it) until one returns false; returns whether all passed. */
SHARC_API bool sharc_option_for_each_list_item(const char *text,
                                               bool (*each)(const char *item, void *user),
                                               void *user);

/* ---- pass definitions ------------------------------------------------------ */
typedef struct sharc_pass_run sharc_pass_run;
typedef struct sharc_pass_manager sharc_pass_manager;

/* Which tool registers a pass (both register every sdy pass). */
#define SHARC_TOOL_SDY_OPT 1u
#define SHARC_TOOL_MPMD_OPT 2u
#define SHARC_TOOL_ANY (SHARC_TOOL_SDY_OPT | SHARC_TOOL_MPMD_OPT)
/* StableHLO's stablehlo-opt: MLIR's generic passes and StableHLO's own. */
#define SHARC_TOOL_STABLEHLO_OPT 4u

typedef struct sharc_pass_def {
  const char *flag;         /* "sdy-basic-propagate" */
  const char *display_name; /* what MLIR prints in dumps and timing: "BasicPropagationPass" */
  const char *summary;      /* one line for --help */
  /* The op the pass runs on: "builtin.module", "func.func", or NULL for any
   * op (an op-agnostic pass such as -canonicalize). */
  const char *anchor;
  const sharc_option_def *options;
  unsigned num_options;
  size_t options_size;      /* sizeof the options struct */
  unsigned tools;           /* SHARC_TOOL_* */
  /* A pass runs on one anchor op; returns false after reporting an error
   * through the context's diagnostics. */
  bool (*run)(sharc_op *op, const void *options, sharc_pass_run *run);
  /* A pipeline adds passes to `pm` instead. */
  bool (*build)(sharc_pass_manager *pm, const void *options, sharc_buf *err);
  /* Neither: a pass sharc knows but does not implement yet. */
} sharc_pass_def;

#define SHARC_OPTIONS(table) (table), (unsigned)(sizeof(table) / sizeof((table)[0]))
#define SHARC_NO_OPTIONS NULL, 0

/* Every pass and pipeline a tool knows, passes first, each group sorted by
 * flag (the --help order). */
SHARC_API const sharc_pass_def *const *sharc_pass_registry(unsigned *count);
SHARC_API const sharc_pass_def *sharc_pass_lookup(const char *flag, unsigned tool_mask);
SHARC_API bool sharc_pass_is_implemented(const sharc_pass_def *def);

/* ---- what a running pass can ask for ---------------------------------------- */
/* A rewriter whose listener keeps this run's analyses right; the caller's
 * own listener (may be NULL) is told too. */
SHARC_API void sharc_pass_rewriter(sharc_pass_run *run, sharc_rewriter *rw, sharc_listener *listener);
/* The listener the pass's rewriters must report to, to chain after one's own. */
SHARC_API sharc_listener *sharc_pass_listener(sharc_pass_run *run);
/* The call graph of the module the pass runs on, built on first use and
 * dropped when the pass's rewriters insert, move or erase ops or point a
 * call at another callee: a pass that changes the IR while going through
 * the graph copies what it needs from it first. */
typedef struct sharc_call_graph sharc_call_graph;
SHARC_API sharc_call_graph *sharc_pass_call_graph(sharc_pass_run *run);
/* A new pipeline with the flags of the one running the pass (IR printing,
 * verification, the tool's passes), for a pass that runs pipelines of its
 * own on ops it holds, as MLIR's Pass::runPipeline (the inliner's cleanup
 * of each callable). Parse it, run it, then sharc_pipeline_destroy it. */
typedef struct sharc_pipeline sharc_pipeline;
SHARC_API sharc_pipeline *sharc_pass_pipeline_create(sharc_pass_run *run);
/* The pass definition and the op being run on. */
SHARC_API const sharc_pass_def *sharc_pass_run_def(const sharc_pass_run *run);
SHARC_API sharc_op *sharc_pass_run_op(const sharc_pass_run *run);

/* ---- pass managers ----------------------------------------------------------- */

typedef struct sharc_pipeline_flags {
  bool print_ir_before_all;  /* -mlir-print-ir-before-all, to stderr */
  bool print_ir_after_all;   /* -mlir-print-ir-after-all, to stderr */
  bool print_ir_after_failure; /* -mlir-print-ir-after-failure */
  /* -mlir-print-ir-before= / -after=: the flags of the passes to print
   * around, as ",a,b," (NULL: none) */
  const char *print_ir_before;
  const char *print_ir_after;
  bool print_ir_after_change; /* -mlir-print-ir-after-change: only if the IR changed */
  bool print_ir_module_scope; /* -mlir-print-ir-module-scope: the whole top op */
  sharc_print_flags print;    /* what the dumps print with (the tool's flags) */
  bool pass_statistics;       /* -mlir-pass-statistics: the (empty) report after each run */
  bool timing;               /* -mlir-timing */
  bool no_verify;             /* skip verification after each pass */
  /* -mlir-disable-threading: nested pass managers report each diagnostic
   * at once, as MLIR's sequential path; by default (MLIR's multithreaded
   * path) those of a run over several ops come when all of them ran */
  bool disable_threading;
  unsigned tool_mask;        /* which tool's passes are known */
  const char *tool_name;     /* for LLVM-style option errors ("sdy_opt: ...") */
} sharc_pipeline_flags;

/* A pipeline runs on `builtin.module`. */
SHARC_API sharc_pipeline *sharc_pipeline_create(const sharc_pipeline_flags *flags);
SHARC_API void sharc_pipeline_destroy(sharc_pipeline *pl);
SHARC_API void sharc_pipeline_set_flags(sharc_pipeline *pl, const sharc_pipeline_flags *flags);
/* The top-level pass manager. */
SHARC_API sharc_pass_manager *sharc_pipeline_root(sharc_pipeline *pl);
/* Adds `-flag[=options]` as mlir-opt does: a pass anchored on another op is
 * nested under that op (func.func) implicitly. On failure `err` gets the
 * text MLIR prints after "error: ". */
SHARC_API bool sharc_pipeline_add(sharc_pipeline *pl, const char *flag, const char *options, sharc_buf *err);
/* Parses `op-name(pass, nested-op(pass{opt=v}), ...)` (MLIR's textual
 * pipeline); errors as MLIR words them. */
SHARC_API bool sharc_pipeline_parse(sharc_pipeline *pl, const char *text, sharc_buf *err);
/* Number of passes, nested ones included. */
SHARC_API unsigned sharc_pipeline_size(const sharc_pipeline *pl);
/* Runs the pipeline on a module; diagnostics go to its context. */
SHARC_API bool sharc_pipeline_run(sharc_pipeline *pl, sharc_op *module);
/* MLIR's -mlir-timing report of the runs so far, with the time the tool
 * spent parsing and printing and its total wall time. */
SHARC_API void sharc_pipeline_report_timing(const sharc_pipeline *pl, double parse_seconds,
                                  double output_seconds, double total_seconds, sharc_buf *out);

/* Building pipelines (a pipeline definition's `build`): */
SHARC_API const char *sharc_pm_op_name(const sharc_pass_manager *pm); /* "any" for op-agnostic */
/* The nested pass manager for `op_name` at the end of `pm` (reused when the
 * last entry already is one for that op, as MLIR's implicit nesting). */
SHARC_API sharc_pass_manager *sharc_pm_nest(sharc_pass_manager *pm, const char *op_name);
/* Adds a pass by flag with option text (`a=1 b=x`), or a pipeline's passes. */
SHARC_API bool sharc_pm_add(sharc_pass_manager *pm, const char *flag, const char *options, sharc_buf *err);
/* Adds a pass with an options struct filled by the caller (copied; string
 * and list options must outlive the pipeline). NULL options: defaults. */
SHARC_API bool sharc_pm_add_def(sharc_pass_manager *pm, const sharc_pass_def *def, const void *options,
                      sharc_buf *err);

/* ---- call graph ---------------------------------------------------------------- */
/* Functions of a module and the calls between them (ops with a `callee`
 * symbol reference: func.call and the like). */
SHARC_API sharc_call_graph *sharc_call_graph_build(sharc_op *module);
SHARC_API void sharc_call_graph_destroy(sharc_call_graph *cg);
SHARC_API unsigned sharc_call_graph_size(const sharc_call_graph *cg);
SHARC_API sharc_op *sharc_call_graph_func(const sharc_call_graph *cg, unsigned i);
/* The index of a function, or -1. */
SHARC_API int sharc_call_graph_index(const sharc_call_graph *cg, const sharc_op *func);
/* Call ops inside function `i`, in walk order; and the calls to it. */
SHARC_API unsigned sharc_call_graph_num_calls(const sharc_call_graph *cg, unsigned i);
SHARC_API sharc_op *sharc_call_graph_call(const sharc_call_graph *cg, unsigned i, unsigned k);
SHARC_API unsigned sharc_call_graph_num_callers(const sharc_call_graph *cg, unsigned i);
SHARC_API sharc_op *sharc_call_graph_caller(const sharc_call_graph *cg, unsigned i, unsigned k);
/* The function a call op calls, or NULL when it names none of the module's. */
SHARC_API sharc_op *sharc_call_graph_callee(const sharc_call_graph *cg, const sharc_op *call);
/* Functions with callees before callers (a post-order from the functions
 * nobody calls, then the rest in module order); false when the calls form a
 * cycle, with `*cycle` set to a function on it. `out` has size() entries. */
SHARC_API bool sharc_call_graph_post_order(const sharc_call_graph *cg, sharc_op **out, sharc_op **cycle);
/* MLIR's ReversePostOrderTraversal of its CallGraph: a depth-first search
 * from the external caller node, whose children are the functions with a
 * body in module order, and where a function's children are the callees of
 * its calls in walk order (a callee already reached is skipped, so cycles
 * are fine); the reverse of that post-order. Declarations and calls to them
 * lead to MLIR's external nodes and are left out. Returns how many
 * functions `out` (size() entries) received. */
SHARC_API unsigned sharc_call_graph_reverse_post_order(const sharc_call_graph *cg, sharc_op **out);

#ifdef __cplusplus
}
#endif
#endif
