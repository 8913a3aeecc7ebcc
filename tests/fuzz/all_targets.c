/* One libFuzzer binary holding every target, for machines reached by copying
 * a folder of limited size: nine static links of the instrumented library
 * take 150 MiB stripped, one takes 17. pack_campaign.sh compiles each
 * tests/fuzz/fuzz_*.c with its LLVMFuzzerTestOneInput renamed to
 * sharc_fuzz_<target>_one and links them with this file; the target is the
 * environment's FUZZ_TARGET (fork mode's children inherit it), else the
 * binary's own name (a link named fuzz_pass). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sharc_fuzz_parse_one(const uint8_t *data, size_t size);
int sharc_fuzz_pass_one(const uint8_t *data, size_t size);
int sharc_fuzz_report_one(const uint8_t *data, size_t size);
int sharc_fuzz_pipeline_one(const uint8_t *data, size_t size);
int sharc_fuzz_hlo_sharding_one(const uint8_t *data, size_t size);
int sharc_fuzz_interpret_one(const uint8_t *data, size_t size);
int sharc_fuzz_bytecode_one(const uint8_t *data, size_t size);
int sharc_fuzz_verify_one(const uint8_t *data, size_t size);
int sharc_fuzz_auto_one(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef int (*target_fn)(const uint8_t *, size_t);

static const struct {
  const char *name;
  target_fn run;
} targets[] = {
    {"fuzz_parse", sharc_fuzz_parse_one},       {"fuzz_pass", sharc_fuzz_pass_one},
    {"fuzz_report", sharc_fuzz_report_one},     {"fuzz_pipeline", sharc_fuzz_pipeline_one},
    {"fuzz_hlo_sharding", sharc_fuzz_hlo_sharding_one},
    {"fuzz_interpret", sharc_fuzz_interpret_one}, {"fuzz_bytecode", sharc_fuzz_bytecode_one},
    {"fuzz_verify", sharc_fuzz_verify_one},     {"fuzz_auto", sharc_fuzz_auto_one},
};

static target_fn chosen;

static target_fn target_named(const char *name) {
  for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
    if (strcmp(targets[i].name, name) == 0)
      return targets[i].run;
  return NULL;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  const char *name = getenv("FUZZ_TARGET");
  if (!name || !*name) {
    const char *self = (*argv)[0];
    const char *slash = strrchr(self, '/');
    name = slash ? slash + 1 : self;
  }
  chosen = target_named(name);
  if (!chosen) {
    fprintf(stderr, "all_targets: set FUZZ_TARGET to one of:");
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
      fprintf(stderr, " %s", targets[i].name);
    fprintf(stderr, " (not '%s')\n", name);
    exit(2);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return chosen(data, size); }
