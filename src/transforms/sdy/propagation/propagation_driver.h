/* The propagation driver every propagation pass builds on (Shardy's
 * BasicPropagationPassImpl): the per-run state (options, sharding groups,
 * the users of each function), the greedy propagation of one factor
 * propagation strategy through the whole module, and the run skeleton a
 * pass's `run` delegates to.
 *
 * A stronger pass (aggressive, op-priority, user-priority) supplies its own
 * `sharc_propagate_fn` to sharc_propagation_run, the way Shardy's
 * subclasses override the virtual `propagate`; that function calls
 * sharc_propagation_propagate (once or several times) with its strategy and
 * its per-op, per-factor direction function. */
#ifndef SHARC_SDY_PROPAGATION_PROPAGATION_DRIVER_H
#define SHARC_SDY_PROPAGATION_PROPAGATION_DRIVER_H

#include "dialect/sdy/utils.h"
#include "ir/ir_internal.h"
#include "sharc/pass.h"
#include "transforms/sdy/propagation/basic_factor_propagation.h"
#include "transforms/sdy/propagation/sharding_group_map.h"
#include "support/vec.h"
#include "support/word_memo.h"

/* Shardy's PropagationOptions as the propagation passes take them; a pass
 * with more options puts this struct first in its own. */
typedef struct sharc_propagation_options {
  bool keep_sharding_rules;
  const char *module_dump_directory;
  bool conservative_propagation;
  bool debug_sharding_origins;
  bool debug_propagation_edge_sharding;
} sharc_propagation_options;

/* The rows of the five options above for a pass's option table, `T` being
 * the pass's options struct and `field` its sharc_propagation_options
 * member (Shardy's descriptions and defaults; by name, the order in which
 * MLIR lists and prints pass options). */
#define SHARC_PROPAGATION_OPTION_ROWS(T, field)                                                    \
  SHARC_OPTION(T, field.conservative_propagation, "conservative-propagation", SHARC_OPT_BOOL,     \
               "false",                                                                           \
               "whether to disallow split axes and non-divisible sharding axes during "           \
               "propagation"),                                                                    \
      SHARC_OPTION(T, field.debug_propagation_edge_sharding, "debug-propagation-edge-sharding",   \
                   SHARC_OPT_BOOL, "false",                                                       \
                   "whether to save information about the SSA value edges of how a sharding on "  \
                   "the MLIR module propagated around. These are from which operand/result a "    \
                   "sharding was propagated to a given op."),                                     \
      SHARC_OPTION(T, field.debug_sharding_origins, "debug-sharding-origins", SHARC_OPT_BOOL,     \
                   "false",                                                                       \
                   "whether to save information about the origin of a sharding on the MLIR "      \
                   "module. These would be the shardings on the function inputs, outputs, "       \
                   "sharding constraints and manual computations before propagation."),           \
      SHARC_OPTION(T, field.keep_sharding_rules, "keep-sharding-rules", SHARC_OPT_BOOL, "false",  \
                   "whether to keep existing and created op sharding rules"),                     \
      SHARC_OPTION(T, field.module_dump_directory, "module-dump-directory", SHARC_OPT_STRING,     \
                   NULL, "where to dump any rewritten modules for debugging")

/* GetDirectionToPropagateFn asked for every factor of `op` at once: the
 * direction propagation may take through `op` along each factor f <
 * num_factors. Asking once per op visit rather than once per factor lets
 * a function learn what it needs of the op once (Shardy's functions are
 * pure, so the order of the questions is free). It returns the direction
 * when every factor has the same one (`along` then unread: most ops, most
 * rounds), else SHARC_DIRECTIONS_PER_FACTOR after filling `along[f]`. */
enum { SHARC_DIRECTIONS_PER_FACTOR = -1 };
typedef int (*sharc_get_direction_fn)(void *user, sharc_op *op, unsigned num_factors,
                                      sharc_sdy_propagation_direction *along);
/* propagateAny: BOTH, always. */
int sharc_propagate_any(void *user, sharc_op *op, unsigned num_factors,
                        sharc_sdy_propagation_direction *along);
/* Asks `direction` about `op` and fills `along` whatever it answers. */
void sharc_directions_ask(sharc_get_direction_fn direction, void *user, sharc_op *op,
                          unsigned num_factors, sharc_sdy_propagation_direction *along);
/* Sets the first `n` entries of `along` to `direction`. */
void sharc_directions_fill(sharc_sdy_propagation_direction *along, unsigned n,
                           sharc_sdy_propagation_direction direction);

typedef struct sharc_source_sharding sharc_source_sharding; /* debugging, source_sharding.h */

/* What propagation learnt of one op, kept for the whole run (see
 * sharc_propagation_op_info). */
typedef struct sharc_propagation_op { /* 32 bytes: every round reads them all */
  sharc_op *op;         /* the op this entry is for */
  sharc_attr *rule;     /* its sharding rule, once `rule_known` */
  /* the op's last visit stored nothing, with the directions and in the
   * epoch this word holds (see sharc_propagation_clean_key; 0: none) */
  uint64_t clean;
  unsigned num_factors; /* the rule's */
  bool rule_known;
  bool blocked;     /* the rule has blocked factors */
  bool elementwise; /* sharc_sdy_is_elementwise */
  /* what the pass's direction function noted of the op (0: nothing) */
  unsigned char direction_facts;
} sharc_propagation_op;


/* One slot of sharc_propagation.replaced: a list, an index and a
 * sharding, and the list with that entry replaced by the sharding. */
typedef struct sharc_propagation_replaced_slot {
  const sharc_attr *list;
  const sharc_attr *sharding;
  unsigned index;
  sharc_attr *result;
} sharc_propagation_replaced_slot;

/* One slot of sharc_propagation.rule_facts: what a visit reads of a
 * rule. */
typedef struct sharc_propagation_rule_slot {
  const sharc_attr *rule;
  unsigned num_factors;
  bool blocked; /* some factor is blocked */
} sharc_propagation_rule_slot;

enum {
  SHARC_PROPAGATION_LISTS_LOG2 = 8,
  SHARC_PROPAGATION_LISTS = 1 << SHARC_PROPAGATION_LISTS_LOG2,
  SHARC_PROPAGATION_RULES_LOG2 = 6
};

/* The state of one propagation pass run. */
typedef struct sharc_propagation {
  sharc_op *module;
  const sharc_propagation_options *options;
  sharc_pass_run *run;
  sharc_sharding_group_map groups;
  /* Shardy's SymbolUserMap restricted to functions: func.func -> the ops
   * referring to it, in MLIR's order; built on first use. */
  bool users_built;
  sharc_ptrmap func_users; /* func op -> index + 1 into user_lists */
  SHARC_VEC(sharc_ptr_vec) user_lists;
  /* Function argument shardings set during propagation, written to the
   * functions' argument attributes at the end of each propagation (each
   * write rebuilds the attribute array of all arguments). */
  sharc_ptrmap arg_shardings; /* block argument -> sharding */
  sharc_ptr_vec pending_args;
  /* the debugging handler (debug-sharding-origins and
   * debug-propagation-edge-sharding), NULL when neither is on */
  sharc_source_sharding *debug;
  /* What each propagation step gave: later rounds (op priorities, user
   * priorities, strategies) find most ops as they left them, and ops alike
   * ask the same. A step (projecting an op's shardings onto its rule's
   * factors, letting a strategy propagate along the factors, projecting
   * back) is a pure function of the strategy, the rule, the operand and
   * result shardings, the directions along each factor and a few flags, all
   * uniqued attributes or plain values; meshes are only named, and
   * propagation adds or removes none, so no entry goes stale. */
  sharc_word_memo steps;
  /* the rules derived for ops alike (same kind, types and attributes) */
  struct sharc_rule_cache *rules;
  /* each op's rule is also stored on it (`sdy.sharding_rule`), as Shardy
   * does, when something may see it: else it lives in its entry only */
  bool rules_on_ops;
  /* the nearest symbol table of the ops of the block asked about last
   * (propagation moves no op) */
  sharc_block *symbol_table_block;
  sharc_op *symbol_table;
  /* the ops the first greedy run seeded its worklist with: every later run
   * (strategies, op priorities, user priorities) seeds from it, as
   * propagation erases dead ops but creates and moves none */
  sharc_greedy_seed seed;
  /* the seed no longer holds the ops whose visit never does anything
   * (see quiet_seed in propagation_driver.c) */
  bool seed_quieted;
  /* the ops propagation visited, by number: an op's number is its scratch
   * stamp less `first_mark` (see sharc_propagation_op_info) */
  SHARC_VEC(sharc_propagation_op) ops;
  unsigned first_mark;
  /* how many ops were numbered so far: an entry pointer held across a
   * call stays valid while this count does not change */
  unsigned numbered;
  /* Visits that would store nothing are skipped: a registered op's visit
   * is a pure function of the strategy, the directions along its factors
   * and the shardings of its operands and results (its rule, mesh and
   * flags do not change while propagating). A visit that stored nothing
   * notes its directions in its entry's `clean` word; every write of a
   * sharding clears the word of each op that reads it, and a write whose
   * readers are not just the value's owner and users (data flow edges and
   * their owners), a new strategy or the user priorities' updates start a
   * new `clean_epoch`, which forgets every note at once. */
  unsigned clean_epoch;
  const struct sharc_factor_propagation *clean_fp;
  /* the `sdy.sharding` lists of the dictionaries read last (read_sharding) */
  sharc_sdy_list_slot lists[SHARC_PROPAGATION_LISTS];
  /* the function whose attributes were read last for an argument's
   * sharding (its dictionary, and the `arg_attrs` array it holds), and
   * the shardings of the argument dictionaries read last (read_sharding) */
  const sharc_attr *arg_attrs_of;
  sharc_attr *arg_attrs;
  sharc_sdy_list_slot arg_shardings_by_dict[SHARC_PROPAGATION_LISTS];
  /* the sharding lists written last (write_sharding_in_list) */
  sharc_propagation_replaced_slot replaced[SHARC_PROPAGATION_LISTS];
  /* the facts of the rules derived last (sharc_propagation_op_rule) */
  sharc_propagation_rule_slot rule_facts[1 << SHARC_PROPAGATION_RULES_LOG2];
} sharc_propagation;

/* The entry of `op`, made on first use (sharc_propagation_number_op): its
 * number is drawn once per run from the context's scratch marks and kept
 * in the op's stamp, so a visit finds the entry in a flat array rather
 * than in a map keyed by op (a cache miss per visit on a large module). An
 * entry names its op: an op whose stamp another user of the scratch word
 * overwrote gets a new entry. The pointer is valid until the next call
 * that numbers an op. */
sharc_propagation_op *sharc_propagation_number_op(sharc_propagation *pr, sharc_op *op);
/* The entry of `op` when it has one, else NULL (numbers nothing: every
 * other entry pointer stays valid). */
static inline sharc_propagation_op *sharc_propagation_op_find(sharc_propagation *pr,
                                                              sharc_op *op) {
  unsigned index = sharc_op_mark(op) - pr->first_mark;
  if (index < pr->ops.len && pr->ops.items[index].op == op)
    return &pr->ops.items[index];
  return NULL;
}
static inline sharc_propagation_op *sharc_propagation_op_info(sharc_propagation *pr,
                                                              sharc_op *op) {
  sharc_propagation_op *info = sharc_propagation_op_find(pr, op);
  return info ? info : sharc_propagation_number_op(pr, op);
}
/* Forgets every visit noted as storing nothing (a new clean_epoch). */
void sharc_propagation_forget_clean(sharc_propagation *pr);
/* The op's sharding rule (sharc_sdy_get_or_create_sharding_rule_cached),
 * asked once per op and remembered in its entry: nothing a rule reads of
 * an op changes while propagating. NULL: none. Stored on the op only when
 * something may see it there (rules_on_ops; Shardy stores every rule and
 * removes them at the end). */
sharc_attr *sharc_propagation_op_rule(sharc_propagation *pr, sharc_propagation_op *info);
/* The rule propagation gave `op` so far, or the op's own
 * `sdy.sharding_rule` when it was not asked for it (NULL: none): what
 * Shardy finds on the op. */
sharc_attr *sharc_propagation_known_rule(sharc_propagation *pr, sharc_op *op);

/* BasicPropagationPassImpl::propagate with a strategy: pushes the main
 * function's result shardings to its returned values, propagates through
 * every op with a rule, sdy.data_flow_edge, sdy.func_data_flow_edge and
 * sdy.propagation_barrier until nothing changes (MLIR's greedy driver as
 * Shardy configures it), then pushes the returned values' shardings back to
 * the main function's results. Returns false after reporting an error. */
bool sharc_propagation_propagate(sharc_propagation *pr, const sharc_factor_propagation *fp,
                                 sharc_get_direction_fn direction, void *direction_user);

/* The basic strategy (the one BasicPropagationPassImpl owns). */
const sharc_basic_factor_propagation *sharc_propagation_basic_strategy(void);

/* A pass's `propagate` (Shardy's virtual BasicPropagationPassImpl::propagate
 * without a strategy argument). */
typedef bool (*sharc_propagate_fn)(sharc_propagation *pr, void *user);
/* The basic pass's: the basic strategy, every op in both directions. */
bool sharc_propagation_propagate_basic(sharc_propagation *pr, void *user);

/* BasicPropagationPassImpl::runOnOperation: checks every result type is a
 * static shaped type (no tuples), builds and syncs the sharding groups,
 * calls `propagate`, then removes the op sharding rules propagation created
 * unless keep-sharding-rules, and saves the debugging information. */
bool sharc_propagation_run(sharc_op *module, const sharc_propagation_options *options,
                           sharc_pass_run *run, sharc_propagate_fn propagate, void *user);

/* getSharding / setSharding as propagation sees them (a function
 * argument's sharding set during this propagation is only written to the
 * function when it ends). */
sharc_attr *sharc_propagation_get_sharding(sharc_propagation *pr, sharc_value *v);
void sharc_propagation_set_sharding(sharc_propagation *pr, sharc_value *v, sharc_attr *sharding);

/* The ops that refer to `func` by symbol (SymbolUserMap::getUsers). */
sharc_op *const *sharc_propagation_func_users(sharc_propagation *pr, sharc_op *func,
                                              unsigned *n);

#endif
