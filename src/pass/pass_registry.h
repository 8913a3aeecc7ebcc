/* The pass registry: the passes sharc implements (each defined in its own
 * file under src/transforms, listed once in pass_list.h) and the Shardy
 * flags it knows but does not implement yet (pass_table.c). */
#ifndef SHARC_PASS_PASS_REGISTRY_H
#define SHARC_PASS_PASS_REGISTRY_H

#include "ir/ir_internal.h"
#include "sharc/pass.h"

/* Known, not implemented yet (pass_table.c). */
extern const sharc_pass_def sharc_pass_table[];
extern const unsigned sharc_pass_table_size;

/* Implemented passes and pipelines, one definition per file. */
#define SHARC_PASS(name) extern const sharc_pass_def sharc_pass_##name;
#include "pass/pass_list.h"
#undef SHARC_PASS

/* Parses one option's text into `dst` (NULL: only check it); on error
 * writes LLVM's message to `err`. `owner` keeps copied strings alive. */
bool sharc_option_parse(const sharc_option_def *o, const char *text, bool has_value, void *dst,
                        void *owner, sharc_buf *err);

/* LLVM's command-line value parsers, shared by pass options and the
 * tools' own flags: integers as StringRef::getAsInteger with radix 0 reads
 * them (0x, 0b, 0o or a leading 0 pick the base; the whole text is the
 * number; signed takes one leading '-'), booleans as parser<bool>. */
bool sharc_cl_parse_u64(const char *s, uint64_t *out);
bool sharc_cl_parse_i64(const char *s, int64_t *out);
bool sharc_cl_parse_bool(const char *s, bool *out);
/* getAsSignedInteger with radix 10, as parsers of their own call it
 * (mlir-opt's -emit-bytecode-version): no base prefixes, "010" is ten. */
bool sharc_cl_parse_decimal_i64(const char *s, int64_t *out);

/* An INFO log line (Shardy's SDY_LOG at `file`:`line`) that a pipeline
 * builder writes while the pass manager is set up: MLIR sets pipelines up
 * for each input after parsing it, so the line is written at the start of
 * every run of the pipeline. */
void sharc_pm_log_on_setup(sharc_pass_manager *pm, const char *file, int line, const char *message);

#endif
