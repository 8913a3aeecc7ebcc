/* Table of implemented passes. Each later stage adds its rows here. */
#include "pass/pass_registry.h"

#include <stdlib.h>
#include <string.h>

static const sharc_pass_impl implemented[] = {
    {"canonicalize", "Canonicalizer", sharc_canonicalize_run},
    {"sdy-drop-sharding-rules", "DropShardingRulesPass", sharc_sdy_drop_sharding_rules_run},
    {"sdy-populate-op-sharding-rules", "PopulateOpShardingRulesPass",
     sharc_sdy_populate_op_sharding_rules_run},
};

const sharc_pass_impl *sharc_pass_impl_find(const char *flag) {
  for (size_t i = 0; i < sizeof implemented / sizeof implemented[0]; i++)
    if (strcmp(implemented[i].flag, flag) == 0)
      return &implemented[i];
  return NULL;
}

const char *sharc_pass_option(const sharc_pass_options *o, const char *name, const char *dflt) {
  for (unsigned i = 0; o && i < o->n; i++)
    if (strcmp(o->names[i], name) == 0)
      return o->values[i];
  return dflt;
}

bool sharc_pass_option_bool(const sharc_pass_options *o, const char *name, bool dflt) {
  const char *v = sharc_pass_option(o, name, NULL);
  if (!v)
    return dflt;
  return *v == 0 || strcmp(v, "true") == 0 || strcmp(v, "True") == 0 || strcmp(v, "1") == 0;
}
