/* Diagnostics: errors, warnings, notes and remarks with locations. A
 * diagnostic is held until the next one (or a flush) so that notes can be
 * attached, then delivered to the handler. The default handler prints MLIR's
 * SourceMgr format, with the source line and a caret when the text is known. */
#include "ir/context.h"
#include "support/log.h"
#include "support/verify_diag.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *sharc_severity_name(sharc_severity s) {
  switch (s) {
  case SHARC_SEV_ERROR:
    return "error";
  case SHARC_SEV_WARNING:
    return "warning";
  case SHARC_SEV_NOTE:
    return "note";
  default:
    return "remark";
  }
}

static sharc_source *find_source(const sharc_context *ctx, sharc_str name) {
  for (sharc_source *s = ctx->sources; s; s = s->next)
    if (sharc_str_eq(sharc_str_from_cstr(s->name), name))
      return s;
  return NULL;
}

struct sharc_line_table {
  const char *buf;
  size_t len;
  size_t *starts; /* starts[0] = 0, then one past each '\n' found so far */
  size_t n, cap;
  bool complete; /* every line is known */
};

sharc_line_table *sharc_line_table_create(const char *buf, size_t len) {
  sharc_line_table *t = sharc_xcalloc(1, sizeof *t);
  t->buf = buf;
  t->len = len;
  t->cap = 16;
  t->starts = sharc_xmalloc_array(t->cap, sizeof *t->starts);
  t->starts[t->n++] = 0;
  return t;
}

void sharc_line_table_destroy(sharc_line_table *t) {
  if (!t)
    return;
  free(t->starts);
  free(t);
}

/* Finds one more line start; false at the end of the buffer. */
static bool line_table_next(sharc_line_table *t) {
  if (t->complete)
    return false;
  size_t from = t->starts[t->n - 1];
  const char *nl = memchr(t->buf + from, '\n', t->len - from);
  if (!nl) {
    t->complete = true;
    return false;
  }
  if (t->n == t->cap) {
    t->cap *= 2;
    t->starts = sharc_xrealloc_array(t->starts, t->cap, sizeof *t->starts);
  }
  t->starts[t->n++] = (size_t)(nl - t->buf) + 1;
  return true;
}

bool sharc_line_table_start(sharc_line_table *t, size_t line, size_t *offset) {
  while (t->n <= line && line_table_next(t))
    ;
  if (line >= t->n)
    return false;
  *offset = t->starts[line];
  return true;
}

void sharc_line_table_locate(sharc_line_table *t, size_t offset, unsigned *line, unsigned *col) {
  while (t->starts[t->n - 1] <= offset && line_table_next(t))
    ;
  size_t lo = 0, hi = t->n;
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (t->starts[mid] <= offset)
      lo = mid;
    else
      hi = mid;
  }
  *line = (unsigned)(lo + 1);
  *col = (unsigned)(offset - t->starts[lo] + 1);
}

static void add_source(sharc_context *ctx, const char *name, const char *buf, size_t len,
                       unsigned first_line, sharc_line_table *lines) {
  sharc_source *s = sharc_arena_alloc(&ctx->diag_arena, sizeof *s);
  s->name = sharc_arena_strndup(&ctx->diag_arena, name, strlen(name));
  s->buf = buf;
  s->len = len;
  s->first_line = first_line;
  s->lines = lines;
  s->next = ctx->sources;
  ctx->sources = s;
}

void sharc_context_add_source_table(sharc_context *ctx, const char *name, sharc_line_table *table,
                                    unsigned first_line) {
  add_source(ctx, name, table->buf, table->len, first_line, table);
}

void sharc_context_add_source(sharc_context *ctx, const char *name, const char *buf, size_t len,
                              unsigned first_line) {
  add_source(ctx, name, buf, len, first_line, NULL);
}

void sharc_context_clear_sources(sharc_context *ctx) {
  for (sharc_source *s = ctx->sources; s; s = s->next)
    if (s->owns_lines)
      sharc_line_table_destroy(s->lines);
  ctx->sources = NULL;
}

/* Appends the source line of `line` and a caret under `col`, as llvm::SourceMgr does. */
static void put_source_line(sharc_source *s, unsigned line, unsigned col, sharc_buf *out) {
  if (line < s->first_line)
    return;
  if (!s->lines) {
    s->lines = sharc_line_table_create(s->buf, s->len);
    s->owns_lines = true;
  }
  size_t i;
  if (!sharc_line_table_start(s->lines, line - s->first_line, &i))
    return;
  size_t end = i;
  while (end < s->len && s->buf[end] != '\n' && s->buf[end] != '\r')
    end++;
  size_t caret = col ? col - 1 : 0;
  if (caret > end - i) /* at most one past the line, as SMDiagnostic::print */
    caret = end - i;
  sharc_sm_put_snippet(out, s->buf + i, s->buf + end, s->buf + i + caret, NULL, NULL);
}

/* A diagnostic's message, NUL bytes included. */
static sharc_str diag_message(const sharc_diag *d) {
  return (sharc_str){d->message, d->message_len ? d->message_len : strlen(d->message)};
}

/* The message and the end of its line. */
static void put_message_line(sharc_buf *out, sharc_str message) {
  sharc_buf_put(out, message.data, message.len);
  sharc_buf_putc(out, '\n');
}

static void format_one(const sharc_context *ctx, const sharc_diag *d, sharc_buf *out) {
  const sharc_attr *f = sharc_loc_find_file(d->loc);
  if (f) {
    sharc_buf_put_str(out, sharc_loc_file_name(f));
    sharc_buf_printf(out, ":%u:%u: %s: ", sharc_loc_line(f), sharc_loc_col(f),
                     sharc_severity_name(d->severity));
    put_message_line(out, diag_message(d));
    sharc_source *s = ctx ? find_source(ctx, sharc_loc_file_name(f)) : NULL;
    if (s)
      put_source_line(s, sharc_loc_line(f), sharc_loc_col(f), out);
    return;
  }
  sharc_buf_printf(out, "loc(unknown): %s: ", sharc_severity_name(d->severity));
  put_message_line(out, diag_message(d));
}

void sharc_diag_format(const sharc_diag *d, sharc_buf *out) { format_one(NULL, d, out); }

/* ---- MLIR's SourceMgrDiagnosticHandler ---------------------------------- */

/* How many callers a call-site location shows (the handler's callStackLimit). */
enum { CALL_STACK_LIMIT = 10 };

/* findLocToShow: the file position a location shows, looking into the
 * callee of a call site (its callers get notes of their own), a name's
 * child, the first showable part of a fused location; NULL for an unknown
 * location. */
static const sharc_attr *loc_to_show(const sharc_attr *loc) {
  return sharc_loc_find_kind(loc, SHARC_ATTR_LOC_FILE, false);
}

/* Location::findInstanceOf<FileLineColLoc>: the first file position met
 * walking the location's parts in order (a call site's caller included). */
static const sharc_attr *first_file_loc(const sharc_attr *loc) {
  return sharc_loc_find_kind(loc, SHARC_ATTR_LOC_FILE, true);
}

/* One line of the handler: "file:line:col: kind: message" with the source
 * line under it when asked for and the file is known; a location with no
 * file position prints as llvm::SourceMgr prints an invalid SMLoc,
 * "<unknown>:0: kind: ", followed by the location itself unless unknown. */
static void emit_line(const sharc_context *ctx, const sharc_attr *loc, sharc_str message,
                      sharc_severity sev, bool show_source, sharc_buf *out) {
  const sharc_attr *f = first_file_loc(loc);
  if (!f) {
    sharc_buf_printf(out, "<unknown>:0: %s: ", sharc_severity_name(sev));
    if (loc && loc->kind != SHARC_ATTR_LOC_UNKNOWN && ctx && ctx->diag_loc_printer) {
      ctx->diag_loc_printer(loc, out);
      sharc_buf_puts(out, ": ");
    }
    put_message_line(out, message);
    return;
  }
  sharc_buf_put_str(out, sharc_loc_file_name(f));
  sharc_buf_printf(out, ":%u:%u: %s: ", sharc_loc_line(f), sharc_loc_col(f),
                   sharc_severity_name(sev));
  put_message_line(out, message);
  sharc_source *s = show_source && ctx ? find_source(ctx, sharc_loc_file_name(f)) : NULL;
  if (s)
    put_source_line(s, sharc_loc_line(f), sharc_loc_col(f), out);
}

/* SourceMgrDiagnosticHandler::emitDiagnostic: the diagnostic at the file
 * position its location shows, a "called from" note per caller of a call
 * site, then its notes, each with its source line only where its location
 * differs from the one shown before it. */
void sharc_diag_format_with_source(const sharc_context *ctx, const sharc_diag *d, sharc_buf *out) {
  const sharc_attr *stack[CALL_STACK_LIMIT + 1];
  unsigned depth = 0;
  const sharc_attr *loc = d->loc;
  const sharc_attr *shown = loc_to_show(loc);
  if (shown)
    stack[depth++] = shown;
  if (loc && loc->kind == SHARC_ATTR_LOC_CALLSITE) {
    loc = loc->callsite.caller;
    for (unsigned k = 0; k < CALL_STACK_LIMIT; k++) {
      const sharc_attr *caller = loc_to_show(loc);
      if (caller)
        stack[depth++] = caller;
      if (!loc || loc->kind != SHARC_ATTR_LOC_CALLSITE)
        break;
      loc = loc->callsite.caller;
    }
  }
  if (!depth) {
    emit_line(ctx, d->loc, diag_message(d), d->severity, true, out);
  } else {
    emit_line(ctx, stack[0], diag_message(d), d->severity, true, out);
    for (unsigned k = 1; k < depth; k++)
      emit_line(ctx, stack[k], SHARC_STR("called from"), SHARC_SEV_NOTE, true, out);
  }
  for (const sharc_diag *n = d->notes; n; n = n->next) {
    emit_line(ctx, n->loc, diag_message(n), n->severity, loc != n->loc, out);
    loc = n->loc;
  }
}

static void default_handler(sharc_context *ctx, const sharc_diag *d) {
  sharc_buf out = {0};
  sharc_diag_format_with_source(ctx, d, &out);
  fwrite(out.data, 1, out.len, stderr);
  sharc_buf_free(&out);
}

/* A diagnostic remembers its context so that notes can be allocated next
 * to it, and links the diagnostics held by a multithreaded section. */
typedef struct diag_box {
  sharc_diag d;
  sharc_context *ctx;
  struct diag_box *next_deferred;
} diag_box;

static void deliver(sharc_context *ctx, const sharc_diag *d) {
  if (ctx->diag_handler)
    ctx->diag_handler(d, ctx->diag_user);
  else
    default_handler(ctx, d);
}

/* Held while a section is open and the handler is still the one it began
 * with; a handler a pass installed meanwhile (MLIR's scoped handler,
 * registered after the parallel one) gets its diagnostics at once. */
static bool held_back(const sharc_context *ctx) {
  return ctx->defer_depth && ctx->diag_handler == ctx->defer_handler &&
         ctx->diag_user == ctx->defer_user;
}

void sharc_diag_flush(sharc_context *ctx) {
  sharc_diag *d = ctx->pending;
  if (!d)
    return;
  ctx->pending = NULL;
  if (!held_back(ctx)) {
    deliver(ctx, d);
    return;
  }
  diag_box *box = (diag_box *)(void *)d;
  box->next_deferred = NULL;
  if (ctx->deferred_last)
    ctx->deferred_last->next_deferred = box;
  else
    ctx->deferred = box;
  ctx->deferred_last = box;
}

void sharc_diag_quiet_begin(sharc_context *ctx, sharc_diag_quiet *saved, sharc_diag_handler handler,
                            void *user) {
  *saved = (sharc_diag_quiet){ctx->diag_handler, ctx->diag_user, ctx->pending, ctx->diag_op_printer,
                              ctx->error_count};
  ctx->pending = NULL;
  ctx->diag_handler = handler;
  ctx->diag_user = user;
  ctx->diag_op_printer = NULL;
}

void sharc_diag_quiet_end(sharc_context *ctx, const sharc_diag_quiet *saved) {
  sharc_diag_flush(ctx);
  ctx->diag_handler = saved->handler;
  ctx->diag_user = saved->user;
  ctx->pending = saved->pending;
  ctx->diag_op_printer = saved->op_printer;
  ctx->error_count = saved->errors;
}

void sharc_diag_defer_begin(sharc_context *ctx) {
  sharc_diag_flush(ctx);
  if (ctx->defer_depth++)
    return;
  ctx->defer_handler = ctx->diag_handler;
  ctx->defer_user = ctx->diag_user;
}

/* The held diagnostics go to the handler set now, as MLIR's parallel
 * handler re-emits them through the context when it is destroyed. */
void sharc_diag_defer_end(sharc_context *ctx) {
  sharc_diag_flush(ctx);
  if (!ctx->defer_depth || --ctx->defer_depth)
    return;
  diag_box *box = ctx->deferred;
  ctx->deferred = ctx->deferred_last = NULL;
  for (; box; box = box->next_deferred)
    deliver(ctx, &box->d);
}

static void flush_before_log_line(void *ctx) { sharc_diag_flush(ctx); }

void sharc_context_set_diag_handler(sharc_context *ctx, sharc_diag_handler h, void *user) {
  sharc_diag_flush(ctx);
  ctx->diag_handler = h;
  ctx->diag_user = user;
}

unsigned sharc_context_error_count(const sharc_context *ctx) { return ctx->error_count; }

static sharc_context *sharc_diag_context(sharc_diag *d) { return ((diag_box *)(void *)d)->ctx; }

static sharc_diag *make_diag(sharc_context *ctx, sharc_severity sev, const sharc_attr *loc,
                             const char *fmt, va_list ap) {
  sharc_buf msg = {0};
  sharc_buf_vprintf(&msg, fmt, ap);
  diag_box *box = sharc_arena_alloc(&ctx->diag_arena, sizeof *box);
  box->ctx = ctx;
  sharc_diag *d = &box->d;
  d->severity = sev;
  d->loc = loc ? loc : sharc_loc_unknown(ctx);
  d->message = sharc_arena_strndup(&ctx->diag_arena, msg.data ? msg.data : "", msg.len);
  d->message_len = msg.len;
  sharc_buf_free(&msg);
  return d;
}

sharc_diag *sharc_emit_v(sharc_context *ctx, sharc_severity sev, const sharc_attr *loc,
                         const char *fmt, va_list ap) {
  sharc_diag_flush(ctx);
  sharc_diag *d = make_diag(ctx, sev, loc, fmt, ap);
  if (sev == SHARC_SEV_ERROR)
    ctx->error_count++;
  ctx->pending = d;
  /* in MLIR it is reported, notes and all, before any later log line */
  sharc_log_before_next_line(flush_before_log_line, ctx);
  return d;
}

sharc_diag *sharc_emit(sharc_context *ctx, sharc_severity sev, const sharc_attr *loc,
                       const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sharc_diag *d = sharc_emit_v(ctx, sev, loc, fmt, ap);
  va_end(ap);
  return d;
}

/* The op as a diagnostic shows it, printed at once (the IR may change
 * before the diagnostic is delivered); a multi-line op starts on a line of
 * its own. False when the context does not print ops on diagnostics. */
static bool op_text(sharc_op *op, sharc_diag_op_form form, sharc_buf *out) {
  sharc_context *ctx = sharc_op_ctx_of(op);
  if (!ctx->diag_op_printer || ctx->printing_diag_op)
    return false;
  sharc_buf text = {0};
  ctx->printing_diag_op = true;
  ctx->diag_op_printer(op, form, &text);
  ctx->printing_diag_op = false;
  if (text.len && memchr(text.data, '\n', text.len))
    sharc_buf_putc(out, '\n');
  if (text.len)
    sharc_buf_put(out, text.data, text.len);
  sharc_buf_free(&text);
  return true;
}

/* Operation::emitError / emitWarning / emitRemark: with printOpOnDiagnostic
 * on, a note at the op's location shows the op, in generic form for an
 * error. */
static void attach_op_note(sharc_diag *d, sharc_op *op) {
  sharc_buf text = {0};
  sharc_buf_puts(&text, "see current operation: ");
  if (op_text(op, d->severity == SHARC_SEV_ERROR ? SHARC_DIAG_OP_GENERIC : SHARC_DIAG_OP_VERIFIED,
              &text))
    sharc_diag_note(d, sharc_op_loc(op), "%s", text.data);
  sharc_buf_free(&text);
}

void sharc_diag_note_op(sharc_diag *d, sharc_op *op) {
  sharc_buf text = {0};
  if (op_text(op, SHARC_DIAG_OP_CUSTOM, &text))
    sharc_diag_note(d, d->loc, "%s", text.data ? text.data : "");
  sharc_buf_free(&text);
}

static sharc_diag *emit_op_v(sharc_op *op, sharc_severity sev, const char *prefix, const char *fmt,
                             va_list ap) {
  sharc_buf full = {0};
  if (prefix)
    sharc_buf_printf(&full, "'%s' op ", prefix);
  sharc_buf_vprintf(&full, fmt, ap);
  sharc_diag *d =
      sharc_emit(sharc_op_ctx_of(op), sev, sharc_op_loc(op), "%s", full.data ? full.data : "");
  sharc_buf_free(&full);
  attach_op_note(d, op);
  return d;
}

/* MLIR prefixes op errors with the op's name: "'foo.bar' op message". */
sharc_diag *sharc_emit_op_error(const sharc_op *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sharc_diag *d = emit_op_v((sharc_op *)op, SHARC_SEV_ERROR, op->name->data, fmt, ap);
  va_end(ap);
  return d;
}

sharc_diag *sharc_emit_op(const sharc_op *op, sharc_severity sev, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sharc_diag *d = emit_op_v((sharc_op *)op, sev, NULL, fmt, ap);
  va_end(ap);
  return d;
}

void sharc_diag_note(sharc_diag *d, const sharc_attr *loc, const char *fmt, ...) {
  sharc_context *ctx = sharc_diag_context(d);
  va_list ap;
  va_start(ap, fmt);
  sharc_diag *n = make_diag(ctx, SHARC_SEV_NOTE, loc, fmt, ap);
  va_end(ap);
  const sharc_diag **tail = &d->notes;
  while (*tail)
    tail = (const sharc_diag **)&(*tail)->next;
  *tail = n;
}
