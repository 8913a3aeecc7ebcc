/* A document: one parsed module with the context, source text and
 * diagnostics that belong to it, behind handles a foreign-function
 * interface can hold (Python's ctypes binding uses nothing else). Every
 * call records its diagnostics in the document instead of printing them;
 * strings returned as `char *` are the caller's, freed with sharc_free.
 *
 *   sharc_document *d = sharc_document_parse("model.mlir", text, len, false);
 *   if (!sharc_document_module(d)) ... sharc_document_diag_at(d, 0)->message
 *   char *json = sharc_document_report(d, &opts, SHARC_REPORT_JSON);
 *   sharc_free(json);
 *   sharc_document_destroy(d); */
#ifndef SHARC_DOCUMENT_H
#define SHARC_DOCUMENT_H

#include "sharc/report.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sharc_document sharc_document;

typedef struct sharc_document_diag {
  const char *severity; /* "error", "warning", "note", "remark" */
  const char *file;     /* "" when the location has no file */
  unsigned line, col;   /* 0 when unknown */
  const char *message;
  const char *text;     /* as the tools print it: "file:l:c: error: msg" and its notes */
} sharc_document_diag;

/* Parses `len` bytes named `name` with every dialect sdy_opt registers. Never NULL: a
 * document whose text did not parse or verify has no module and says why in its
 * diagnostics. */
SHARC_API sharc_document *sharc_document_parse(const char *name, const char *data, size_t len,
                                               bool allow_unregistered);
SHARC_API void sharc_document_destroy(sharc_document *d);
/* The module, NULL when parsing or verification failed. */
SHARC_API sharc_op *sharc_document_module(const sharc_document *d);
/* A copy with its own context (parsed again from this one's print with locations). */
SHARC_API sharc_document *sharc_document_clone(const sharc_document *d);

SHARC_API unsigned sharc_document_num_diags(const sharc_document *d);
SHARC_API const sharc_document_diag *sharc_document_diag_at(const sharc_document *d, unsigned i);
SHARC_API void sharc_document_clear_diags(sharc_document *d);

/* The module's text (NULL without a module). */
SHARC_API char *sharc_document_print(const sharc_document *d, bool generic, bool debug_info);
SHARC_API bool sharc_document_verify(sharc_document *d);
/* Runs a pass pipeline given as sdy_opt's flags ("-sdy-propagation-pipeline -canonicalize")
 * or MLIR's textual form ("builtin.module(sdy-propagation-pipeline)"). On failure the
 * module may be half changed, as with the tools: run on a clone to keep the original. */
SHARC_API bool sharc_document_run_passes(sharc_document *d, const char *pipeline);

/* sharc's propagation pipeline (what `sharc propagate` runs, with the options); false on
 * failure (see the diagnostics). */
SHARC_API bool sharc_document_propagate(sharc_document *d, const sharc_report_options *options);
/* sharc's propagation pipeline (with the options) and its report in `format`, as
 * `sharc propagate` prints it; NULL on failure (see the diagnostics). Changes the module. */
SHARC_API char *sharc_document_report(sharc_document *d, const sharc_report_options *options,
                                      sharc_report_format format);
/* `sharc explain` / `sharc show` (text, or SVG when `svg`) of the value `value` names;
 * NULL on failure. Change the module. */
SHARC_API char *sharc_document_explain(sharc_document *d, const sharc_report_options *options,
                                       const char *value);
SHARC_API char *sharc_document_show(sharc_document *d, const sharc_report_options *options,
                                    const char *value, bool svg);

SHARC_API void sharc_free(void *p);

#ifdef __cplusplus
}
#endif
#endif
