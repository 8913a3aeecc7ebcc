/* Rewriting the IR: a builder/rewriter with an insertion point whose every
 * change is reported to listeners (so drivers keep their worklists right),
 * rewrite patterns, and MLIR's greedy pattern driver. */
#ifndef SHARC_REWRITE_H
#define SHARC_REWRITE_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- listeners ----------------------------------------------------------
 * Told of every change a rewriter makes, before erasures and after the
 * rest. Embed the struct in your own to keep state; listeners chain through
 * `next`, and every one in the chain is told. Any callback may be NULL. */
typedef struct sharc_listener sharc_listener;
struct sharc_listener {
  /* `op` was created or moved to where it is now (`moved`: it was moved). */
  void (*op_inserted)(sharc_listener *self, sharc_op *op, bool moved);
  /* `op` was changed in place (operands, attributes, types, location). */
  void (*op_modified)(sharc_listener *self, sharc_op *op);
  /* `op`'s results are about to be replaced by `values`. */
  void (*op_replaced)(sharc_listener *self, sharc_op *op, sharc_value *const *values, unsigned n);
  /* `op` is about to be erased (ops it holds are reported first). */
  void (*op_erased)(sharc_listener *self, sharc_op *op);
  void (*block_inserted)(sharc_listener *self, sharc_block *b);
  void (*block_erased)(sharc_listener *self, sharc_block *b);
  sharc_listener *next;
};

/* ---- the rewriter ----------------------------------------------------- */
/* Where created ops go: before `before`, or at the end of `block` when
 * `before` is NULL. */
typedef struct sharc_insert_point {
  sharc_block *block;
  sharc_op *before;
} sharc_insert_point;

typedef struct sharc_rewriter {
  sharc_context *ctx;
  sharc_insert_point ip;
  sharc_listener *listener; /* may be NULL */
} sharc_rewriter;

SHARC_API void sharc_rewriter_init(sharc_rewriter *rw, sharc_context *ctx, sharc_listener *listener);

SHARC_API void sharc_rw_set_before(sharc_rewriter *rw, sharc_op *op);
SHARC_API void sharc_rw_set_after(sharc_rewriter *rw, sharc_op *op);
SHARC_API void sharc_rw_set_block_start(sharc_rewriter *rw, sharc_block *b);
SHARC_API void sharc_rw_set_block_end(sharc_rewriter *rw, sharc_block *b);
/* After the op defining `v`, or at the start of its block for an argument. */
SHARC_API void sharc_rw_set_after_value(sharc_rewriter *rw, sharc_value *v);

/* Creates the op and inserts it at the insertion point (if one is set). */
SHARC_API sharc_op *sharc_rw_create(sharc_rewriter *rw, const sharc_op_state *st);
/* Inserts a detached op at the insertion point. */
SHARC_API sharc_op *sharc_rw_insert(sharc_rewriter *rw, sharc_op *op);
/* Inserts a detached symbol op into `table` as MLIR's SymbolTable::insert
 * does (at the end of its body, the name made unique with the table's
 * uniquing `*counter`, see sharc_symbol_insert_uniqued; NULL: a fresh
 * table's) and reports the insertion; the insertion point is unchanged. */
SHARC_API sharc_str sharc_rw_insert_symbol(sharc_rewriter *rw, sharc_op *table, sharc_op *op,
                                           unsigned *counter);
/* The same before `before` in `table`'s body (NULL: at the end), as
 * SymbolTable::insert with an insertion point. */
SHARC_API sharc_str sharc_rw_insert_symbol_before(sharc_rewriter *rw, sharc_op *table, sharc_op *op,
                                                  sharc_op *before, unsigned *counter);
/* Clones `op` with its regions through `map` (may be NULL) and inserts the
 * clone; every op of the clone is reported inserted, outer first. */
SHARC_API sharc_op *sharc_rw_clone(sharc_rewriter *rw, sharc_op *op, sharc_mapping *map);
/* A new block with arguments of `types` (locations `locs`, may be NULL)
 * before `before` (NULL: at the end) in `r`; the insertion point moves to
 * its end. */
SHARC_API sharc_block *sharc_rw_create_block(sharc_rewriter *rw, sharc_region *r, sharc_block *before,
                                   sharc_type *const *types, unsigned n, sharc_attr *const *locs);

/* Uses of `from` become uses of `to`; each user is reported modified. */
SHARC_API void sharc_rw_replace_all_uses(sharc_rewriter *rw, sharc_value *from, sharc_value *to);
SHARC_API void sharc_rw_replace_uses_if(sharc_rewriter *rw, sharc_value *from, sharc_value *to,
                              sharc_use_pred pred, void *user);
/* Replaces the op's results by `values` (one per result) and erases it. */
SHARC_API void sharc_rw_replace_op(sharc_rewriter *rw, sharc_op *op, sharc_value *const *values,
                         unsigned n);
/* Replaces the op's results by those of `with` (same count). */
SHARC_API void sharc_rw_replace_op_with_op(sharc_rewriter *rw, sharc_op *op, sharc_op *with);
/* Creates the op described by `st` before `op` and replaces `op` by it. */
SHARC_API sharc_op *sharc_rw_replace_op_with_new(sharc_rewriter *rw, sharc_op *op, const sharc_op_state *st);
/* Erases an op whose results are unused, and everything it holds (nested
 * ops are reported erased innermost and last first, as MLIR does). */
SHARC_API void sharc_rw_erase_op(sharc_rewriter *rw, sharc_op *op);
/* Erases a block and its ops; its arguments must be unused outside it. */
SHARC_API void sharc_rw_erase_block(sharc_rewriter *rw, sharc_block *b);

/* In-place changes: made directly, then reported. */
SHARC_API void sharc_rw_modified(sharc_rewriter *rw, sharc_op *op);
SHARC_API void sharc_rw_set_attr(sharc_rewriter *rw, sharc_op *op, const char *name, sharc_attr *value);
SHARC_API void sharc_rw_set_operand(sharc_rewriter *rw, sharc_op *op, unsigned i, sharc_value *v);

/* Moves (reported as insertions). */
SHARC_API void sharc_rw_move_before(sharc_rewriter *rw, sharc_op *op, sharc_op *before);
SHARC_API void sharc_rw_move_after(sharc_rewriter *rw, sharc_op *op, sharc_op *after);
SHARC_API void sharc_rw_move_to_end(sharc_rewriter *rw, sharc_op *op, sharc_block *b);

/* Clones the blocks of `from` before `before` (NULL: at the end) of `to`,
 * through `map` (may be NULL), reporting every block and op inserted. */
SHARC_API void sharc_rw_clone_region_before(sharc_rewriter *rw, sharc_region *from, sharc_region *to,
                                            sharc_block *before, sharc_mapping *map);
/* Moves every block of `from` before `before` (NULL: at the end) of `to`. */
SHARC_API void sharc_rw_inline_region_before(sharc_rewriter *rw, sharc_region *from, sharc_region *to,
                                   sharc_block *before);
/* Moves the ops of `src` before `before` in `dest` (NULL: at its end),
 * replacing `src`'s arguments by `args` (one per argument), then erases
 * `src`, which must then be empty and unused. */
SHARC_API void sharc_rw_inline_block_before(sharc_rewriter *rw, sharc_block *src, sharc_block *dest,
                                  sharc_op *before, sharc_value *const *args, unsigned n);

/* ---- patterns ----------------------------------------------------------
 * A pattern looks at one op and, when it matches, rewrites through the
 * rewriter only and returns true; on no match it returns false and leaves
 * the IR as it was. `state` is what the pattern was added with. */
typedef bool (*sharc_rewrite_fn)(sharc_op *op, sharc_rewriter *rw, void *state);

typedef struct sharc_pattern {
  const char *name;         /* debug name, for enable/disable-patterns */
  sharc_rewrite_fn rewrite; /* NULL ends a pattern array */
  const sharc_op_def *root; /* the op kind it looks at; NULL: any op */
  unsigned benefit;         /* higher is tried first; 0 counts as 1 */
  const char *label;        /* debug label ("sdy-reshard"), or NULL */
} sharc_pattern;

typedef struct sharc_pattern_set sharc_pattern_set;
SHARC_API sharc_pattern_set *sharc_pattern_set_create(sharc_context *ctx);
SHARC_API void sharc_pattern_set_destroy(sharc_pattern_set *s);
/* Adds the patterns of a NULL-`rewrite`-terminated array. */
SHARC_API void sharc_pattern_set_add(sharc_pattern_set *s, const sharc_pattern *patterns, void *state);
/* Adds every loaded op's canonicalization patterns (MLIR's canonicalizer). */
SHARC_API void sharc_pattern_set_add_canonicalization(sharc_pattern_set *s);
/* Drops patterns whose name or label is in `disabled`, and, when `enabled`
 * is not empty, those whose name and label are not in it. */
SHARC_API void sharc_pattern_set_filter(sharc_pattern_set *s, const char *const *disabled, unsigned nd,
                              const char *const *enabled, unsigned ne);
SHARC_API unsigned sharc_pattern_set_size(const sharc_pattern_set *s);
/* Declares that every pattern of the set reads and changes only ops of its
 * root's own isolated-from-above scope and ops it creates: none looks into
 * the regions of an isolated-from-above op that is not its root. The greedy
 * driver may then leave out of its worklist the ops nested in an isolated
 * op whose kind no pattern is rooted at, when at seeding none of them can
 * be rewritten (none is trivially dead, foldable or a pattern's root):
 * popping them would do nothing, and with the patterns kept out nothing
 * changes them before they would be popped. The rewrites are MLIR's. */
SHARC_API void sharc_pattern_set_declare_isolation_local(sharc_pattern_set *s);

/* ---- the greedy driver (MLIR's applyPatternsGreedily) -------------------- */
typedef enum sharc_region_simplify {
  SHARC_SIMPLIFY_DISABLED,
  SHARC_SIMPLIFY_NORMAL,     /* erase unreachable blocks, region DCE */
  SHARC_SIMPLIFY_AGGRESSIVE, /* also merge identical blocks */
} sharc_region_simplify;

typedef enum sharc_strictness {
  SHARC_STRICT_ANY_OP,            /* any op may be rewritten */
  SHARC_STRICT_EXISTING_AND_NEW,  /* ops there at the start and ops created since */
  SHARC_STRICT_EXISTING,          /* only ops there at the start */
} sharc_strictness;

/* The ops a top-down seeding walk pushed, remembered for later runs over
 * the same region that may erase ops but create and move none (the
 * propagation passes' rounds): such a run seeds from the list, skipping
 * the erased ops, instead of walking every op again. Zero-initialize;
 * free with sharc_greedy_seed_free. */
typedef struct sharc_greedy_seed {
  sharc_op **ops;
  unsigned len, cap;
  const sharc_region *region; /* the region recorded; NULL: none yet */
} sharc_greedy_seed;
SHARC_API void sharc_greedy_seed_free(sharc_greedy_seed *seed);

typedef struct sharc_greedy_config {
  bool top_down;         /* seed the worklist in pre-order (else post-order) */
  bool fold;             /* use the ops' fold hooks */
  bool cse_constants;    /* deduplicate and hoist constant-like ops */
  sharc_region_simplify region_simplify;
  int64_t max_iterations; /* -1: no limit */
  int64_t max_rewrites;   /* per iteration; -1: no limit */
  sharc_strictness strictness;
  sharc_listener *listener; /* told of every change too; may be NULL */
  /* top-down, no constant CSE, any op: the seeding to remember or reuse
   * (see sharc_greedy_seed); NULL: walk every time */
  sharc_greedy_seed *seed;
  /* May be NULL. True when every pop of `op` from now to the end of the
   * run would do nothing (not dead, nothing to fold, no pattern applies),
   * and no pop would report anything: the driver then leaves `op` off the
   * worklist where it would push it only as an ancestor of a notified op
   * (MLIR pushes every ancestor up to the scope). The worklist is LIFO
   * and a pop that does nothing moves no other entry, so every other op
   * pops in the same order. The driver keeps a true answer for the
   * rest of the run without asking again. */
  bool (*idle_ancestor)(sharc_op *op, void *user);
  void *idle_ancestor_user;
} sharc_greedy_config;

/* MLIR's defaults: bottom-up, folding, constant CSE, normal region
 * simplification, 10 iterations, no rewrite limit, any op. */
SHARC_API sharc_greedy_config sharc_greedy_config_default(void);

/* Applies `patterns` to the ops in `op`'s regions until nothing changes or
 * a limit is reached. `op` must be isolated from above. Returns whether it
 * converged; `*changed` (may be NULL) tells whether the IR changed. */
SHARC_API bool sharc_apply_patterns_greedily(sharc_op *op, sharc_pattern_set *patterns,
                                   const sharc_greedy_config *config, bool *changed);

/* ---- folding ------------------------------------------------------------ */
/* The constant an op stands for (a constant-like op's fold result), or NULL. */
SHARC_API sharc_attr *sharc_op_constant_value(sharc_op *op);
/* Whether `op` may be erased when its results are unused (MLIR's
 * wouldOpBeTriviallyDead: no side effects, not a terminator or a symbol). */
SHARC_API bool sharc_op_would_be_trivially_dead(const sharc_op *op);
/* MLIR's isMemoryEffectFree: a pure op, or an op with recursive effects
 * whose nested ops are all free of effects. Unregistered ops are not. */
SHARC_API bool sharc_op_is_memory_effect_free(const sharc_op *op);
SHARC_API bool sharc_op_is_trivially_dead(const sharc_op *op);

#ifdef __cplusplus
}
#endif
#endif
