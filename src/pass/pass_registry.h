/* The passes sharc implements, by flag. A flag in pass_table.c but not here
 * is known and rejected as not implemented yet. */
#ifndef SHARC_PASS_REGISTRY_H
#define SHARC_PASS_REGISTRY_H

#include "ir/ir_internal.h"

typedef struct sharc_pass_options sharc_pass_options;

/* Parsed `name=value` options of one pass instance. */
struct sharc_pass_options {
  unsigned n;
  const char *names[32];
  const char *values[32];
};

const char *sharc_pass_option(const sharc_pass_options *o, const char *name, const char *dflt);
bool sharc_pass_option_bool(const sharc_pass_options *o, const char *name, bool dflt);

typedef struct sharc_pass_impl {
  const char *flag;
  const char *display_name; /* the C++ class name MLIR prints in dumps and timing */
  /* Runs on the anchor op (a module or a function). */
  bool (*run)(sharc_op *op, const sharc_pass_options *options);
} sharc_pass_impl;

const sharc_pass_impl *sharc_pass_impl_find(const char *flag);

bool sharc_canonicalize_run(sharc_op *op, const sharc_pass_options *options);
bool sharc_sdy_populate_op_sharding_rules_run(sharc_op *op, const sharc_pass_options *options);
bool sharc_sdy_drop_sharding_rules_run(sharc_op *op, const sharc_pass_options *options);

#endif
