/* The Shardy passes and pipelines sharc knows but does not implement yet:
 * their flags, summaries, anchors and options as Shardy declares them
 * (passes.td and the pipeline registrations, openxla/shardy a0277a8), so
 * that the tools recognise every Shardy flag and reject these with a clear
 * error instead of "unknown". Implementing a pass moves its row into the
 * pass's own file, with an options struct and offsets. */
#include "pass/pass_registry.h"

/* Every Shardy pass is implemented now; ISO C has no empty arrays, so the
 * table keeps one unused entry and says it has none. */
const sharc_pass_def sharc_pass_table[1] = {{0}};

const unsigned sharc_pass_table_size = 0;
