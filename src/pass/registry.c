/* The pass registry: implemented passes (pass_list.h, one definition per
 * file) merged with the known-but-unimplemented Shardy flags
 * (pass_table.c), in --help order. The help text, flag lookup and the
 * "not implemented yet" error all read this one merged list. */
#include "pass/pass_registry.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

static const sharc_pass_def *const implemented[] = {
#define SHARC_PASS(name) &sharc_pass_##name,
#include "pass/pass_list.h"
#undef SHARC_PASS
};

enum { NUM_IMPLEMENTED = sizeof implemented / sizeof implemented[0] };

static const sharc_pass_def **all;
static unsigned all_count;

static bool is_pipeline(const sharc_pass_def *d) {
  return d->build || (!d->run && strstr(d->flag, "-pipeline"));
}

/* Passes before pipelines, each group by flag. */
static int by_help_order(const void *a, const void *b) {
  const sharc_pass_def *x = *(const sharc_pass_def *const *)a, *y = *(const sharc_pass_def *const *)b;
  if (is_pipeline(x) != is_pipeline(y))
    return is_pipeline(x) - is_pipeline(y);
  return strcmp(x->flag, y->flag);
}

static void release(void) { free(all); }

/* An implemented pass shadows its known-but-unimplemented row, so that
 * implementing a pass needs only its pass_list.h line. */
static bool implemented_flag(const char *flag) {
  for (unsigned i = 0; i < NUM_IMPLEMENTED; i++)
    if (strcmp(implemented[i]->flag, flag) == 0)
      return true;
  return false;
}

const sharc_pass_def *const *sharc_pass_registry(unsigned *count) {
  if (!all) {
    all = sharc_xmalloc_array(NUM_IMPLEMENTED + sharc_pass_table_size, sizeof *all);
    for (unsigned i = 0; i < NUM_IMPLEMENTED; i++)
      all[all_count++] = implemented[i];
    for (unsigned i = 0; i < sharc_pass_table_size; i++)
      if (!implemented_flag(sharc_pass_table[i].flag))
        all[all_count++] = &sharc_pass_table[i];
    qsort(all, all_count, sizeof *all, by_help_order);
    atexit(release);
  }
  *count = all_count;
  return all;
}

const sharc_pass_def *sharc_pass_lookup(const char *flag, unsigned tool_mask) {
  unsigned n;
  const sharc_pass_def *const *defs = sharc_pass_registry(&n);
  for (unsigned i = 0; i < n; i++)
    if ((defs[i]->tools & tool_mask) && strcmp(defs[i]->flag, flag) == 0)
      return defs[i];
  return NULL;
}

bool sharc_pass_is_implemented(const sharc_pass_def *def) { return def->run || def->build; }
