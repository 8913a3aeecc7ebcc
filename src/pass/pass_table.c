/* The Shardy passes and pipelines sharc knows but does not implement yet:
 * their flags, summaries, anchors and options as Shardy declares them
 * (passes.td and the pipeline registrations, openxla/shardy a0277a8), so
 * that the tools recognise every Shardy flag and reject these with a clear
 * error instead of "unknown". Implementing a pass moves its row into the
 * pass's own file, with an options struct and offsets. */
#include "pass/pass_registry.h"

static const sharc_option_def opts_sdy_per_instruction_partitioning[] = {
    {"enable-halo-exchange", SHARC_OPT_BOOL, 0, "true",
     "Implement halo exchange logic for windowed operations inside the sub-pipeline.",
     NULL, NULL, NULL},
    {"filter", SHARC_OPT_STRING, 0, NULL,
     "Filter string for selective partitioning. Can be empty (all sharded ops), "
     "comma-separated op name substrings (e.g. 'dot, pad'), or key-values like 'selectLow=0, "
     "selectHigh=10'.",
     NULL, NULL, NULL},
    {"partition-count", SHARC_OPT_INT64, 0, "1",
     "Number of partitions (model parallelism).",
     NULL, NULL, NULL},
    {"replica-count", SHARC_OPT_INT64, 0, "1",
     "Number of replicas (data parallelism).",
     NULL, NULL, NULL},
};

const sharc_pass_def sharc_pass_table[] = {
    {"sdy-per-instruction-partitioning", "PerInstructionPartitioningPass",
     "Selectively extracts target instructions, runs the partitioner pipeline on them to "
     "generate device-local code, and wraps them in sdy.manual_computation.",
     "builtin.module", SHARC_OPTIONS(opts_sdy_per_instruction_partitioning), 0, SHARC_TOOL_ANY, NULL, NULL},
};

const unsigned sharc_pass_table_size = sizeof sharc_pass_table / sizeof sharc_pass_table[0];
