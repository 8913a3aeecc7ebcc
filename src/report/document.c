/* Documents (include/sharc/document.h): a module with its own context, source
 * and recorded diagnostics, for embedders that cannot take C callbacks or
 * sharc_buf structs apart (the Python binding). Everything here goes through
 * the public parse, verify, pass and report APIs. */
#include "sharc/document.h"
#include "report/report_internal.h"
#include "ir/ir_internal.h"
#include "support/xalloc.h"

#include "sharc/asm.h"
#include "sharc/pass.h"
#include "sharc/verify.h"
#include "sharc/xla_import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct doc_diag {
  sharc_document_diag pub;
  char *strings; /* the owned storage of pub's strings */
} doc_diag;

struct sharc_document {
  sharc_context *ctx;
  char *name;
  char *source;
  size_t source_len;
  bool allow_unregistered;
  sharc_op *module;
  doc_diag *diags;
  unsigned num_diags, cap_diags;
};

static const char *const dialects[] = {"sdy",     "mpmd",  "stablehlo",   "quant", "tensor",
                                       "arith",   "complex", "chlo", "interpreter", NULL};

/* One recorded diagnostic: its fields and its printed form, in one allocation. */
static void record(const sharc_diag *d, void *user) {
  sharc_document *doc = user;
  if (doc->num_diags == doc->cap_diags) {
    doc->cap_diags = doc->cap_diags ? 2 * doc->cap_diags : 8;
    doc->diags = sharc_xrealloc_array(doc->diags, doc->cap_diags, sizeof *doc->diags);
  }
  sharc_buf text = {0};
  sharc_diag_format_with_source(doc->ctx, d, &text);
  const sharc_attr *f = d->loc ? sharc_loc_find_file(d->loc) : NULL;
  sharc_str file = f ? sharc_loc_file_name(f) : (sharc_str){"", 0};
  size_t msg_len = strlen(d->message), text_len = text.len;
  char *s = sharc_xmalloc(file.len + msg_len + text_len + 3);
  memcpy(s, file.data, file.len);
  s[file.len] = 0;
  memcpy(s + file.len + 1, d->message, msg_len + 1);
  memcpy(s + file.len + msg_len + 2, text.data ? text.data : "", text_len);
  s[file.len + msg_len + 2 + text_len] = 0;
  sharc_buf_free(&text);
  doc_diag *dd = &doc->diags[doc->num_diags++];
  dd->strings = s;
  dd->pub = (sharc_document_diag){sharc_severity_name(d->severity), s, f ? sharc_loc_line(f) : 0,
                                  f ? sharc_loc_col(f) : 0, s + file.len + 1,
                                  s + file.len + msg_len + 2};
}

void sharc_report_load_dialects(sharc_context *ctx) {
  for (const char *const *name = dialects; *name; name++)
    sharc_context_load_dialect(ctx, *name);
}

static bool parse_into(sharc_document *d) {
  d->ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(d->ctx, d->allow_unregistered);
  sharc_report_load_dialects(d->ctx);
  sharc_context_add_source(d->ctx, d->name, d->source, d->source_len, 1);
  sharc_context_set_diag_handler(d->ctx, record, d);
  d->module = sharc_parse_source(d->ctx, d->name, d->source, d->source_len);
  if (d->module && !sharc_verify(d->module))
    d->module = NULL;
  sharc_diag_flush(d->ctx);
  return d->module != NULL;
}

sharc_document *sharc_document_parse(const char *name, const char *data, size_t len,
                                     bool allow_unregistered) {
  sharc_document *d = sharc_xcalloc(1, sizeof *d);
  d->name = sharc_str_dup(sharc_str_from_cstr(name ? name : "<string>"));
  d->source = sharc_str_dup((sharc_str){data, data ? len : 0});
  d->source_len = data ? len : 0;
  d->allow_unregistered = allow_unregistered;
  parse_into(d);
  return d;
}

void sharc_document_destroy(sharc_document *d) {
  if (!d)
    return;
  sharc_document_clear_diags(d);
  free(d->diags);
  if (d->ctx)
    sharc_context_destroy(d->ctx);
  free(d->name);
  free(d->source);
  free(d);
}

sharc_op *sharc_document_module(const sharc_document *d) { return d ? d->module : NULL; }

sharc_document *sharc_document_clone(const sharc_document *d) {
  char *text = sharc_document_print(d, false, true);
  if (!text)
    return sharc_document_parse(d->name, d->source, d->source_len, d->allow_unregistered);
  sharc_document *copy = sharc_document_parse(d->name, text, strlen(text), d->allow_unregistered);
  free(text);
  return copy;
}

unsigned sharc_document_num_diags(const sharc_document *d) { return d->num_diags; }

const sharc_document_diag *sharc_document_diag_at(const sharc_document *d, unsigned i) {
  return i < d->num_diags ? &d->diags[i].pub : NULL;
}

void sharc_document_clear_diags(sharc_document *d) {
  for (unsigned i = 0; i < d->num_diags; i++)
    free(d->diags[i].strings);
  d->num_diags = 0;
}

static char *take(sharc_buf *b) {
  char *s = sharc_str_dup((sharc_str){b->data, b->len});
  sharc_buf_free(b);
  return s;
}

char *sharc_document_print(const sharc_document *d, bool generic, bool debug_info) {
  if (!d->module)
    return NULL;
  sharc_print_flags flags = {0};
  flags.generic = generic;
  flags.debug_info = debug_info;
  sharc_buf out = {0};
  sharc_print_op(d->module, &flags, &out);
  sharc_buf_putc(&out, '\n');
  return take(&out);
}

bool sharc_document_verify(sharc_document *d) {
  if (!d->module)
    return false;
  bool ok = sharc_verify(d->module);
  sharc_diag_flush(d->ctx);
  return ok;
}

/* An error of the document itself (no location), recorded like the others. */
static bool fail(sharc_document *d, const char *message) {
  sharc_emit(d->ctx, SHARC_SEV_ERROR, NULL, "%s", message);
  sharc_diag_flush(d->ctx);
  return false;
}

/* Splits "-a -b='x=1 y'" into flags, quotes removed; *next points past the word. */
static char *next_word(const char **text) {
  const char *p = *text;
  while (*p == ' ' || *p == '\t' || *p == '\n')
    p++;
  if (!*p)
    return NULL;
  sharc_buf w = {0};
  char quote = 0;
  for (; *p && (quote || (*p != ' ' && *p != '\t' && *p != '\n')); p++) {
    if (!quote && (*p == '\'' || *p == '"'))
      quote = *p;
    else if (quote && *p == quote)
      quote = 0;
    else
      sharc_buf_putc(&w, *p);
  }
  *text = p;
  return take(&w);
}

static bool add_flags(sharc_document *d, sharc_pipeline *pl, const char *text, sharc_buf *err) {
  char *word;
  bool ok = true;
  while (ok && (word = next_word(&text))) {
    const char *flag = word;
    while (*flag == '-')
      flag++;
    char *eq = strchr(word, '=');
    if (eq)
      *eq = 0;
    if (!*flag) {
      sharc_buf_printf(err, "'%s' is not a pass flag", word);
      ok = false;
    } else {
      ok = sharc_pipeline_add(pl, flag, eq ? eq + 1 : NULL, err);
    }
    free(word);
  }
  (void)d;
  return ok;
}

bool sharc_document_run_passes(sharc_document *d, const char *pipeline) {
  if (!d->module)
    return fail(d, "the document has no module");
  sharc_pipeline_flags flags = {0};
  flags.tool_mask = SHARC_TOOL_ANY;
  flags.tool_name = "sharc";
  sharc_pipeline *pl = sharc_pipeline_create(&flags);
  sharc_buf err = {0};
  const char *p = pipeline ? pipeline : "";
  while (*p == ' ')
    p++;
  bool ok = *p == '-' || !*p ? add_flags(d, pl, p, &err) : sharc_pipeline_parse(pl, p, &err);
  if (!ok)
    fail(d, err.data ? err.data : "invalid pass pipeline");
  else
    ok = sharc_pipeline_run(pl, d->module);
  sharc_diag_flush(d->ctx);
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
  return ok;
}

/* Shardings in one of XLA's forms come in first, as `sharc` does, with a
 * note saying so among the document's diagnostics. */
static bool import_xla_shardings(sharc_document *d) {
  sharc_xla_sharding_form form;
  bool ok = sharc_xla_import_shardings(d->module, &form);
  if (ok && form != SHARC_XLA_FORM_NONE)
    sharc_emit(d->ctx, SHARC_SEV_NOTE, sharc_op_loc(d->module),
               "%s imported as sdy meshes and shardings (-%s)", sharc_xla_sharding_form_name(form),
               sharc_xla_import_flag(form));
  sharc_diag_flush(d->ctx);
  return ok;
}

/* Runs the report's propagation pipeline; false after recording why. */
static bool run_propagation(sharc_document *d, const sharc_report_options *o) {
  if (!d->module)
    return fail(d, "the document has no module");
  if (!import_xla_shardings(d))
    return false;
  if (!sharc_report_has_mesh(d->module))
    return fail(d, "the module has no sdy.mesh: nothing in it is sharded");
  bool ok = sharc_report_propagate(d->module, o);
  sharc_diag_flush(d->ctx);
  return ok;
}

/* The propagated module's report, or NULL after recording why. */
static sharc_report *propagate(sharc_document *d, const sharc_report_options *o) {
  if (!run_propagation(d, o))
    return NULL;
  sharc_report *r = sharc_report_create(d->module, o);
  if (!o->debug_origins)
    return r;
  /* the origins are read: now the module must verify without them */
  sharc_report_strip_debug_info(d->module);
  bool ok = sharc_verify(d->module);
  sharc_diag_flush(d->ctx);
  if (ok)
    return r;
  sharc_report_destroy(r);
  return NULL;
}

static sharc_report_options options_or_default(const sharc_report_options *options) {
  return options ? *options : sharc_report_options_default();
}

bool sharc_document_propagate(sharc_document *d, const sharc_report_options *options) {
  sharc_report_options o = options_or_default(options);
  o.debug_origins = false;
  bool ok = run_propagation(d, &o);
  /* no report reads the user's shardings here */
  if (d->module)
    sharc_report_forget_user_shardings(d->module);
  return ok;
}

char *sharc_document_report(sharc_document *d, const sharc_report_options *options,
                            sharc_report_format format) {
  sharc_report_options o = options_or_default(options);
  sharc_report *r = propagate(d, &o);
  if (!r)
    return NULL;
  sharc_buf out = {0};
  sharc_report_write(r, format, false, d->name, &out);
  sharc_report_destroy(r);
  return take(&out);
}

typedef enum value_view { VIEW_EXPLAIN, VIEW_TEXT, VIEW_SVG } value_view;

static char *value_report(sharc_document *d, const sharc_report_options *options,
                          const char *value, value_view view) {
  sharc_report_options o = options_or_default(options);
  o.debug_origins = view == VIEW_EXPLAIN;
  sharc_report *r = propagate(d, &o);
  if (!r)
    return NULL;
  sharc_buf err = {0}, out = {0};
  char *result = NULL;
  const sharc_report_value *v = sharc_report_lookup(r, value ? value : "", &err);
  if (!v) {
    fail(d, err.data ? err.data : "no such value");
  } else if (view == VIEW_EXPLAIN) {
    if (sharc_report_explain(r, v, &out))
      result = take(&out);
    else
      fail(d, out.data ? out.data : "no explanation");
  } else {
    if (view == VIEW_SVG)
      sharc_report_show_svg(r, v, &out);
    else
      sharc_report_show(r, v, false, &out);
    result = take(&out);
  }
  sharc_buf_free(&out);
  sharc_buf_free(&err);
  sharc_report_destroy(r);
  return result;
}

char *sharc_document_explain(sharc_document *d, const sharc_report_options *options,
                             const char *value) {
  return value_report(d, options, value, VIEW_EXPLAIN);
}

char *sharc_document_show(sharc_document *d, const sharc_report_options *options,
                          const char *value, bool svg) {
  return value_report(d, options, value, svg ? VIEW_SVG : VIEW_TEXT);
}

void sharc_free(void *p) { free(p); }
