/* Pass managers as MLIR's: a tree of op-anchored lists of passes, built
 * from `-flag=options` arguments (implicitly nested) or from a textual
 * pipeline (explicitly nested), run with verification after each pass,
 * IR printing and timing. */
#include "pass/pass_manager_internal.h"

#include "sharc/asm.h"
#include "sharc/verify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct pm_entry {
  sharc_pass_manager *nested; /* a nested pass manager, or NULL for a pass */
  const sharc_pass_def *def;
  void *options;
  double seconds;
} pm_entry;

struct sharc_pass_manager {
  const char *op_name; /* "builtin.module", "func.func", "any" */
  SHARC_VEC(pm_entry) entries;
  sharc_pipeline *owner;
  double seconds;
};

struct sharc_pipeline {
  sharc_pipeline_flags flags;
  sharc_pass_manager *root;
  sharc_arena arena; /* pass managers, options, option strings */
  SHARC_VEC(sharc_pass_manager *) pms; /* to free their entry vectors */
};

/* ---- ownership ------------------------------------------------------------ */

void *sharc_pass_owner_alloc(void *owner, size_t size) {
  return sharc_arena_alloc(&((sharc_pipeline *)owner)->arena, size);
}

const char *sharc_pass_option_strdup(void *owner, const char *s, size_t n) {
  return sharc_arena_strndup(&((sharc_pipeline *)owner)->arena, s, n);
}

static sharc_pass_manager *new_pm(sharc_pipeline *pl, const char *op_name) {
  sharc_pass_manager *pm = sharc_arena_alloc(&pl->arena, sizeof *pm);
  pm->op_name = sharc_arena_strndup(&pl->arena, op_name, strlen(op_name));
  pm->owner = pl;
  sharc_vec_push(&pl->pms, pm);
  return pm;
}

sharc_pipeline *sharc_pipeline_create(const sharc_pipeline_flags *flags) {
  sharc_pipeline *pl = calloc(1, sizeof *pl);
  if (!pl)
    abort();
  if (flags)
    pl->flags = *flags;
  if (!pl->flags.tool_mask)
    pl->flags.tool_mask = SHARC_TOOL_ANY;
  pl->root = new_pm(pl, "builtin.module");
  return pl;
}

void sharc_pipeline_destroy(sharc_pipeline *pl) {
  if (!pl)
    return;
  for (unsigned i = 0; i < pl->pms.len; i++)
    sharc_vec_free(&pl->pms.items[i]->entries);
  sharc_vec_free(&pl->pms);
  sharc_arena_free(&pl->arena);
  free(pl);
}

void sharc_pipeline_set_flags(sharc_pipeline *pl, const sharc_pipeline_flags *flags) {
  pl->flags = *flags;
  if (!pl->flags.tool_mask)
    pl->flags.tool_mask = SHARC_TOOL_ANY;
}

sharc_pass_manager *sharc_pipeline_root(sharc_pipeline *pl) { return pl->root; }
const char *sharc_pm_op_name(const sharc_pass_manager *pm) { return pm->op_name; }

static unsigned pm_size(const sharc_pass_manager *pm) {
  unsigned n = 0;
  for (unsigned i = 0; i < pm->entries.len; i++)
    n += pm->entries.items[i].nested ? pm_size(pm->entries.items[i].nested) : 1;
  return n;
}

unsigned sharc_pipeline_size(const sharc_pipeline *pl) { return pm_size(pl->root); }

/* ---- adding passes ------------------------------------------------------------ */

sharc_pass_manager *sharc_pm_nest(sharc_pass_manager *pm, const char *op_name) {
  if (pm->entries.len) {
    pm_entry *last = &sharc_vec_last(&pm->entries);
    if (last->nested && strcmp(last->nested->op_name, op_name) == 0)
      return last->nested;
  }
  pm_entry e = {new_pm(pm->owner, op_name), NULL, NULL, 0};
  sharc_vec_push(&pm->entries, e);
  return e.nested;
}

static bool anchored_elsewhere(const sharc_pass_manager *pm, const sharc_pass_def *def) {
  return def->anchor && strcmp(pm->op_name, "any") != 0 && strcmp(def->anchor, pm->op_name) != 0;
}

/* Appends the pass itself (the anchor was checked by the caller). */
static void append_pass(sharc_pass_manager *pm, const sharc_pass_def *def, void *options) {
  pm_entry e = {NULL, def, options, 0};
  sharc_vec_push(&pm->entries, e);
}

/* The "for the --x option: ..." message LLVM prints on stderr itself. */
static void option_error(sharc_pipeline *pl, const sharc_option_def *o, const sharc_buf *why,
                         sharc_buf *cl_err) {
  sharc_buf_printf(cl_err, "%s: for the --%s option: %s\n",
                   pl->flags.tool_name ? pl->flags.tool_name : "sharc", o->name, why->data);
}

static const sharc_option_def *find_option(const sharc_pass_def *def, const char *name) {
  for (unsigned i = 0; i < def->num_options; i++)
    if (strcmp(def->options[i].name, name) == 0)
      return &def->options[i];
  return NULL;
}

/* Fills a new options struct: defaults, then the option string. Errors go
 * to `cl_err` (LLVM's own stderr line) or `msg` (MLIR's error text). */
static void *parse_options(sharc_pipeline *pl, const sharc_pass_def *def, const char *text,
                           sharc_buf *cl_err, sharc_buf *msg) {
  void *opts = sharc_arena_alloc(&pl->arena, def->options_size ? def->options_size : 1);
  sharc_buf why = {0};
  for (unsigned i = 0; i < def->num_options; i++) {
    const sharc_option_def *o = &def->options[i];
    if (o->default_text)
      sharc_option_parse(o, o->default_text, true, (char *)opts + o->offset, pl, &why);
  }
  bool ok = true;
  for (const char *cur = text ? text : ""; ok && *cur;) {
    char *key, *value;
    sharc_options_next(&cur, &key, &value);
    if (*key) {
      const sharc_option_def *o = find_option(def, key);
      if (!o) {
        sharc_buf_printf(msg, "<Pass-Options-Parser>: no such option %s\n", key);
        ok = false;
      } else {
        why.len = 0;
        ok = sharc_option_parse(o, value ? value : "", value != NULL, (char *)opts + o->offset, pl,
                                &why);
        if (!ok)
          option_error(pl, o, &why, cl_err);
      }
    }
    free(key);
    free(value);
  }
  sharc_buf_free(&why);
  return ok ? opts : NULL;
}

/* Adds `def` to `pm` (a pipeline adds its passes). `implicit`: nest a pass
 * anchored on another op, as mlir-opt does for command-line flags. */
static bool add_def(sharc_pass_manager *pm, const sharc_pass_def *def, const char *text,
                    const void *given, bool implicit, sharc_buf *cl_err, sharc_buf *msg) {
  if (!sharc_pass_is_implemented(def)) {
    sharc_buf_printf(msg, "pass '-%s' is not implemented yet", def->flag);
    return false;
  }
  void *opts;
  if (given) {
    opts = sharc_arena_dup(&pm->owner->arena, given, def->options_size ? def->options_size : 1);
  } else {
    opts = parse_options(pm->owner, def, text, cl_err, msg);
    if (!opts)
      return false;
  }
  if (def->build)
    return def->build(pm, opts, msg);
  if (anchored_elsewhere(pm, def)) {
    if (!implicit) {
      sharc_buf_printf(msg,
                       "Can't add pass '%s' restricted to '%s' on a PassManager intended to run "
                       "on '%s', did you intend to nest?",
                       def->display_name, def->anchor, pm->op_name);
      return false;
    }
    pm = sharc_pm_nest(pm, def->anchor);
  }
  append_pass(pm, def, opts);
  return true;
}

bool sharc_pm_add(sharc_pass_manager *pm, const char *flag, const char *options, sharc_buf *err) {
  const sharc_pass_def *def = sharc_pass_lookup(flag, pm->owner->flags.tool_mask);
  if (!def) {
    sharc_buf_printf(err, "'%s' does not refer to a registered pass or pass pipeline", flag);
    return false;
  }
  return add_def(pm, def, options, NULL, true, err, err);
}

bool sharc_pm_add_def(sharc_pass_manager *pm, const sharc_pass_def *def, const void *options,
                      sharc_buf *err) {
  return add_def(pm, def, NULL, options, true, err, err);
}

bool sharc_pipeline_add(sharc_pipeline *pl, const char *flag, const char *options,
                        sharc_buf *err) {
  const sharc_pass_def *def = sharc_pass_lookup(flag, pl->flags.tool_mask);
  if (!def) {
    sharc_buf_printf(err, "'%s' does not refer to a registered pass or pass pipeline", flag);
    return false;
  }
  sharc_buf msg = {0};
  bool ok = add_def(pl->root, def, options, NULL, true, err, &msg);
  if (!ok)
    sharc_buf_printf(err, "<unknown>:0: error: %s\n", msg.data ? msg.data : "");
  sharc_buf_free(&msg);
  return ok;
}

/* ---- textual pipelines (MLIR's TextualPipeline) ------------------------------ */

typedef struct element element;
struct element {
  char *name;
  const char *name_at; /* where the name starts in the parsed text */
  char *options;
  bool has_inner;
  SHARC_VEC(element) inner;
};

typedef SHARC_VEC(element) element_list;

static void free_elements(element_list *l) {
  for (unsigned i = 0; i < l->len; i++) {
    free(l->items[i].name);
    free(l->items[i].options);
    free_elements((element_list *)&l->items[i].inner);
  }
  sharc_vec_free(l);
}

/* "MLIR Textual PassPipeline Parser:1:<col>: error: <msg>", the text and a
 * caret under the column. */
static bool parse_error(const char *text, const char *at, const char *what, sharc_buf *msg) {
  unsigned col = (unsigned)(at - text) + 1;
  sharc_buf_printf(msg, "MLIR Textual PassPipeline Parser:1:%u: error: %s\n%s\n", col, what, text);
  for (unsigned i = 1; i < col; i++)
    sharc_buf_putc(msg, ' ');
  sharc_buf_puts(msg, "^\n");
  return false;
}

static char *trimmed(const char *s, size_t n, const char **start) {
  while (n && (*s == ' ' || *s == '\t' || *s == '\n'))
    s++, n--;
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
    n--;
  *start = s;
  char *out = malloc(n + 1);
  if (!out)
    abort();
  memcpy(out, s, n);
  out[n] = 0;
  return out;
}

static const char *skip_spaces(const char *s) {
  while (*s == ' ' || *s == '\t' || *s == '\n')
    s++;
  return s;
}

static bool parse_elements(const char *text, element_list *top, sharc_buf *msg) {
  element_list *stack[256];
  unsigned depth = 0;
  stack[depth++] = top;
  const char *s = text;
  for (;;) {
    element_list *cur = stack[depth - 1];
    size_t pos = strcspn(s, ",(){");
    element e = {0};
    e.name = trimmed(s, pos, &e.name_at);
    sharc_vec_push(cur, e);
    element *last = &sharc_vec_last(cur);
    if (!s[pos])
      break; /* a last name: an unbalanced error points at its start */
    s += pos;
    if (*s == '{') {
      const char *open = s++;
      unsigned braces = 1;
      const char *close = NULL;
      for (const char *p = s; *p; p++) {
        if (*p == '{')
          braces++;
        else if (*p == '}' && --braces == 0) {
          close = p;
          break;
        }
      }
      if (!close)
        return parse_error(text, open, "missing closing '}' while processing pass options", msg);
      last->options = malloc((size_t)(close - s) + 1);
      if (!last->options)
        abort();
      memcpy(last->options, s, (size_t)(close - s));
      last->options[close - s] = 0;
      s = skip_spaces(close + 1);
      if (!*s)
        break;
    }
    if (*s == '(') {
      if (depth == 256)
        return parse_error(text, s, "pass pipeline nested too deeply", msg);
      last->has_inner = true;
      stack[depth++] = (element_list *)&last->inner;
      s++;
      continue;
    }
    while (*s == ')') {
      if (depth == 1)
        return parse_error(text, s,
                           "encountered extra closing ')' creating unbalanced parentheses while "
                           "parsing pipeline",
                           msg);
      depth--;
      s = skip_spaces(s + 1);
    }
    if (!*s)
      break;
    if (*s != ',')
      return parse_error(text, s, "expected ',' after parsing pipeline", msg);
    s++;
  }
  if (depth > 1)
    return parse_error(text, s, "encountered unbalanced parentheses while parsing pipeline", msg);
  return true;
}

static bool resolve(const char *text, element_list *l, unsigned tools, sharc_buf *msg) {
  for (unsigned i = 0; i < l->len; i++) {
    element *e = &l->items[i];
    if (e->inner.len) {
      if (!resolve(text, (element_list *)&e->inner, tools, msg))
        return false;
      continue;
    }
    if (!sharc_pass_lookup(e->name, tools)) {
      sharc_buf b = {0};
      sharc_buf_printf(&b, "'%s' does not refer to a registered pass or pass pipeline", e->name);
      parse_error(text, e->name_at, b.data, msg);
      sharc_buf_free(&b);
      return false;
    }
  }
  return true;
}

/* MLIR stacks "failed to add" lines, innermost first, under the message. */
static bool add_elements(sharc_pass_manager *pm, element_list *l, sharc_buf *cl_err,
                         sharc_buf *msg, sharc_buf *trail) {
  for (unsigned i = 0; i < l->len; i++) {
    element *e = &l->items[i];
    const char *opts = e->options ? e->options : "";
    if (e->inner.len) {
      if (!add_elements(sharc_pm_nest(pm, e->name), (element_list *)&e->inner, cl_err, msg,
                        trail)) {
        sharc_buf_printf(trail, "failed to add `%s` with options `%s` to inner pipeline\n",
                         e->name, opts);
        return false;
      }
      continue;
    }
    const sharc_pass_def *def = sharc_pass_lookup(e->name, pm->owner->flags.tool_mask);
    if (!add_def(pm, def, opts, NULL, false, cl_err, msg)) {
      sharc_buf_printf(trail, "failed to add `%s` with options `%s`\n", e->name, opts);
      return false;
    }
  }
  return true;
}

bool sharc_pipeline_parse(sharc_pipeline *pl, const char *text, sharc_buf *err) {
  const char *start;
  char *whole = trimmed(text, strlen(text), &start);
  size_t len = strlen(whole);
  char *open = strchr(whole, '(');
  if (!open || open == whole || len == 0 || whole[len - 1] != ')') {
    sharc_buf_puts(err, "<unknown>:0: error: expected pass pipeline to be wrapped with the anchor "
                        "operation type, e.g. 'builtin.module(...)'\n");
    free(whole);
    return false;
  }
  whole[len - 1] = 0;
  const char *unused;
  char *anchor = trimmed(whole, (size_t)(open - whole), &unused);
  const char *inner = open + 1;
  element_list elements = {0};
  sharc_buf msg = {0}, trail = {0};
  pl->root->op_name = sharc_arena_strndup(&pl->arena, anchor, strlen(anchor));
  if (!*inner) { /* `builtin.module()`: nothing to run */
    free(anchor);
    free(whole);
    return true;
  }
  bool ok = parse_elements(inner, &elements, &msg) &&
            resolve(inner, &elements, pl->flags.tool_mask, &msg);
  if (ok) {
    /* the pipeline's own anchor is checked against the module when it runs */
    ok = add_elements(pl->root, &elements, err, &msg, &trail);
    if (!ok) {
      sharc_buf full = {0};
      sharc_buf_printf(&full, "<unknown>:0: error: %s\n%s", msg.data ? msg.data : "",
                       trail.data ? trail.data : "");
      sharc_buf_put(err, full.data, full.len);
      sharc_buf_putc(err, '\n');
      sharc_buf_free(&full);
    }
  } else {
    sharc_buf_printf(err, "<unknown>:0: error: %s\n", msg.data);
  }
  free_elements(&elements);
  sharc_buf_free(&msg);
  sharc_buf_free(&trail);
  free(anchor);
  free(whole);
  return ok;
}

/* ---- running ------------------------------------------------------------------ */

struct sharc_pass_run {
  const sharc_pass_def *def;
  sharc_op *op;
  sharc_listener listener; /* keeps the analyses right (none need it yet) */
  sharc_call_graph *call_graph;
};

void sharc_pass_rewriter(sharc_pass_run *run, sharc_rewriter *rw, sharc_listener *listener) {
  run->listener.next = listener;
  sharc_rewriter_init(rw, run->op->ctx, &run->listener);
}

sharc_listener *sharc_pass_listener(sharc_pass_run *run) { return &run->listener; }
const sharc_pass_def *sharc_pass_run_def(const sharc_pass_run *run) { return run->def; }
sharc_op *sharc_pass_run_op(const sharc_pass_run *run) { return run->op; }

/* The call graph is rebuilt when ops change under it, which the listener
 * hears about; until then it is shared by every query of the run. */
static void drop_call_graph(sharc_listener *l, sharc_op *op) {
  (void)op;
  sharc_pass_run *run = (sharc_pass_run *)((char *)l - offsetof(sharc_pass_run, listener));
  sharc_call_graph_destroy(run->call_graph);
  run->call_graph = NULL;
}

static void drop_call_graph_moved(sharc_listener *l, sharc_op *op, bool moved) {
  (void)moved;
  drop_call_graph(l, op);
}

sharc_call_graph *sharc_pass_call_graph(sharc_pass_run *run) {
  if (!run->call_graph) {
    sharc_op *module = run->op;
    while (module && !sharc_op_has_trait(module, SHARC_TRAIT_SYMBOL_TABLE))
      module = sharc_op_parent_op(module);
    run->call_graph = sharc_call_graph_build(module ? module : run->op);
  }
  return run->call_graph;
}

static double now_seconds(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* MLIR's -mlir-print-ir-*: the header, then the op the pass ran on. */
static void dump(const pm_entry *e, sharc_op *op, const char *when) {
  sharc_buf out = {0};
  sharc_buf_printf(&out, "// -----// IR Dump %s %s (%s) //----- //\n", when,
                   e->def->display_name, e->def->flag);
  sharc_print_flags flags = {0};
  sharc_print_op(op, &flags, &out);
  /* a nested op is printed without the top-level op's closing newline */
  if (sharc_op_parent_op(op) && out.len && out.data[out.len - 1] == '\n')
    out.data[--out.len] = 0;
  SHARC_BUF_LIT(&out, "\n\n");
  fwrite(out.data, 1, out.len, stderr);
  sharc_buf_free(&out);
}

static bool run_pass(sharc_pipeline *pl, pm_entry *e, sharc_op *op) {
  if (pl->flags.print_ir_before_all)
    dump(e, op, "Before");
  sharc_pass_run run = {e->def, op, {0}, NULL};
  run.listener.op_inserted = drop_call_graph_moved;
  run.listener.op_erased = drop_call_graph;
  double t0 = now_seconds();
  bool ok = e->def->run(op, e->options, &run);
  e->seconds += now_seconds() - t0;
  sharc_call_graph_destroy(run.call_graph);
  if (!ok) {
    if (pl->flags.print_ir_after_failure)
      dump(e, op, "After Failed");
    return false;
  }
  if (pl->flags.print_ir_after_all)
    dump(e, op, "After");
  return pl->flags.no_verify || sharc_verify(op);
}

static bool run_pm(sharc_pipeline *pl, sharc_pass_manager *pm, sharc_op *op);

/* Whether every pass of an `any` pass manager can run on `op`. */
static bool schedulable(const sharc_pass_manager *pm, const sharc_op *op) {
  for (unsigned i = 0; i < pm->entries.len; i++) {
    const pm_entry *e = &pm->entries.items[i];
    if (e->def && e->def->anchor && !sharc_op_is(op, e->def->anchor))
      return false;
  }
  return true;
}

/* A nested pass manager runs on each op directly inside `op` that it is
 * anchored on, the whole nested list on one op before the next. */
static bool run_nested(sharc_pipeline *pl, sharc_pass_manager *nested, sharc_op *op) {
  bool any = strcmp(nested->op_name, "any") == 0;
  double t0 = now_seconds();
  bool ok = true;
  for (unsigned r = 0; r < sharc_op_num_regions(op) && ok; r++)
    for (sharc_block *b = sharc_region_first_block(sharc_op_region(op, r)); b && ok;
         b = sharc_block_next(b))
      for (sharc_op *child = sharc_block_first_op(b), *next; child && ok; child = next) {
        next = sharc_op_next(child);
        if (any ? schedulable(nested, child) : sharc_op_is(child, nested->op_name))
          ok = run_pm(pl, nested, child);
      }
  nested->seconds += now_seconds() - t0;
  return ok;
}

static bool run_pm(sharc_pipeline *pl, sharc_pass_manager *pm, sharc_op *op) {
  for (unsigned i = 0; i < pm->entries.len; i++) {
    pm_entry *e = &pm->entries.items[i];
    if (!(e->nested ? run_nested(pl, e->nested, op) : run_pass(pl, e, op)))
      return false;
  }
  return true;
}

bool sharc_pipeline_run(sharc_pipeline *pl, sharc_op *module) {
  const char *anchor = pl->root->op_name;
  if (strcmp(anchor, "any") != 0 && !sharc_op_is(module, anchor)) {
    sharc_str name = sharc_ident_str(sharc_op_name(module));
    sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, sharc_op_loc(module),
               "can't run '%s' pass manager on '%.*s' op", anchor, (int)name.len, name.data);
    return false;
  }
  double t0 = now_seconds();
  bool ok = run_pm(pl, pl->root, module);
  pl->root->seconds += now_seconds() - t0;
  return ok;
}

/* ---- timing ------------------------------------------------------------------ */

static void timing_line(sharc_buf *out, double s, double total, unsigned indent, const char *name) {
  sharc_buf_printf(out, "  %8.4f (%5.1f%%)  ", s, total > 0 ? 100.0 * s / total : 0.0);
  for (unsigned i = 0; i < indent; i++)
    SHARC_BUF_LIT(out, "  ");
  sharc_buf_printf(out, "%s\n", name);
}

static void timing_pm(const sharc_pass_manager *pm, double total, unsigned indent, sharc_buf *out) {
  for (unsigned i = 0; i < pm->entries.len; i++) {
    const pm_entry *e = &pm->entries.items[i];
    if (!e->nested) {
      timing_line(out, e->seconds, total, indent, e->def->display_name);
      continue;
    }
    sharc_buf name = {0};
    sharc_buf_printf(&name, "'%s' Pipeline", e->nested->op_name);
    timing_line(out, e->nested->seconds, total, indent, name.data);
    sharc_buf_free(&name);
    timing_pm(e->nested, total, indent + 1, out);
  }
}

void sharc_pipeline_report_timing(const sharc_pipeline *pl, double parse_seconds,
                                  double output_seconds, double total_seconds, sharc_buf *out) {
  double rest = total_seconds - parse_seconds - output_seconds - pl->root->seconds;
  if (rest < 0)
    rest = 0;
  sharc_buf_puts(out, "===-------------------------------------------------------------------------===\n"
                      "                         ... Execution time report ...\n"
                      "===-------------------------------------------------------------------------===\n");
  sharc_buf_printf(out, "  Total Execution Time: %.4f seconds\n\n", total_seconds);
  sharc_buf_puts(out, "  ----Wall Time----  ----Name----\n");
  timing_line(out, parse_seconds, total_seconds, 0, "Parser");
  timing_pm(pl->root, total_seconds, 0, out);
  timing_line(out, output_seconds, total_seconds, 0, "Output");
  timing_line(out, rest, total_seconds, 0, "Rest");
  timing_line(out, total_seconds, total_seconds, 0, "Total");
}
