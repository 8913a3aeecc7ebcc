/* Pass managers as MLIR's: a tree of op-anchored lists of passes, built
 * from `-flag=options` arguments (implicitly nested) or from a textual
 * pipeline (explicitly nested, parsed in pipeline_parser.c), run with
 * verification after each pass,
 * IR printing and timing. */
#include "pass/pass_manager_internal.h"

#include "sharc/asm.h"
#include "sharc/verify.h"
#include "ir/ir_internal.h"
#include "support/log.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* An entry is a pass, or an adaptor (MLIR's OpToOpPassAdaptor): nested
 * pass managers run on the ops directly inside the op. Each nesting makes
 * an adaptor of one; before the first run, adjacent adaptors are merged as
 * MLIR's coalesceAdjacentAdaptorPasses does. */
typedef struct pm_entry {
  sharc_pass_manager *nested; /* the pass manager it was made for; NULL: a pass */
  sharc_pass_manager **mgrs;  /* an adaptor's pass managers (arena) */
  unsigned num_mgrs;
  const sharc_pass_def *def;
  void *options;
  double seconds;
  bool ran;
} pm_entry;

struct sharc_pass_manager {
  const char *op_name; /* "builtin.module", "func.func", "any" */
  SHARC_VEC(pm_entry) entries;
  sharc_pipeline *owner;
  double seconds;
  unsigned first_run; /* when it first ran (timing order); 0: never */
};

struct sharc_pipeline {
  sharc_pipeline_flags flags;
  sharc_pass_manager *root;
  sharc_arena arena; /* pass managers, options, option strings */
  SHARC_VEC(sharc_pass_manager *) pms; /* to free their entry vectors */
  bool coalesced;
  unsigned runs; /* pass managers run so far */
  /* log lines of the pipeline's set-up, written at each run (arena) */
  SHARC_VEC(struct setup_log) setup_logs;
};

typedef struct setup_log {
  const char *file, *message;
  int line;
} setup_log;

void sharc_pm_log_on_setup(sharc_pass_manager *pm, const char *file, int line, const char *message) {
  sharc_pipeline *pl = pm->owner;
  setup_log entry = {file, sharc_arena_strndup(&pl->arena, message, strlen(message)), line};
  sharc_vec_push(&pl->setup_logs, entry);
}

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
  sharc_pipeline *pl = sharc_xcalloc(1, sizeof *pl);
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
  sharc_vec_free(&pl->setup_logs);
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
  for (unsigned i = 0; i < pm->entries.len; i++) {
    const pm_entry *e = &pm->entries.items[i];
    if (!e->num_mgrs)
      n++;
    for (unsigned k = 0; k < e->num_mgrs; k++)
      n += pm_size(e->mgrs[k]);
  }
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
  pm_entry e = {0};
  e.nested = new_pm(pm->owner, op_name);
  e.mgrs = sharc_arena_alloc(&pm->owner->arena, sizeof *e.mgrs);
  e.mgrs[0] = e.nested;
  e.num_mgrs = 1;
  sharc_vec_push(&pm->entries, e);
  return e.nested;
}

static bool anchored_elsewhere(const sharc_pass_manager *pm, const sharc_pass_def *def) {
  return def->anchor && strcmp(pm->op_name, "any") != 0 && strcmp(def->anchor, pm->op_name) != 0;
}

/* Appends the pass itself (the anchor was checked by the caller). */
static void append_pass(sharc_pass_manager *pm, const sharc_pass_def *def, void *options) {
  pm_entry e = {0};
  e.def = def;
  e.options = options;
  sharc_vec_push(&pm->entries, e);
}

/* The "for the --x option: ..." message LLVM prints on stderr itself; a
 * message that ends its own line was printed whole by the option's parser
 * (MLIR's pipeline options report their parse errors themselves). */
static void option_error(sharc_pipeline *pl, const sharc_option_def *o, const sharc_buf *why,
                         sharc_buf *cl_err) {
  if (why->len && why->data[why->len - 1] == '\n') {
    sharc_buf_put(cl_err, why->data, why->len);
    return;
  }
  sharc_buf_printf(cl_err, "%s: for the --%s option: %s\n",
                   pl->flags.tool_name ? pl->flags.tool_name : "sharc", o->name, why->data);
}

static const sharc_option_def *find_option(const sharc_pass_def *def, const char *name) {
  for (unsigned i = 0; i < def->num_options; i++)
    if (strcmp(def->options[i].name, name) == 0)
      return &def->options[i];
  return NULL;
}

static bool is_list(const sharc_option_def *o) {
  return o->kind == SHARC_OPT_STRING_LIST || o->kind == SHARC_OPT_INT64_LIST;
}

/* A list option given again adds to what it holds (MLIR's ListOption); the
 * first occurrence replaces the default. Both list structs are {n, items}
 * with 8-byte items. */
static void append_list(sharc_pipeline *pl, void *dst, const sharc_int64_list *before) {
  sharc_int64_list *now = dst;
  int64_t *all = sharc_arena_alloc(&pl->arena, ((size_t)before->n + now->n + 1) * sizeof *all);
  memcpy(all, before->items, before->n * sizeof *all);
  memcpy(all + before->n, now->items, now->n * sizeof *all);
  *now = (sharc_int64_list){before->n + now->n, all};
}

/* Fills a new options struct: defaults, then the option string (a scalar
 * given twice keeps the last value). Errors go to `cl_err` (LLVM's own
 * stderr line) or `msg` (MLIR's error text); NULL on error. */
void *sharc_pass_parse_options(sharc_pipeline *pl, const sharc_pass_def *def, const char *text,
                               sharc_buf *cl_err, sharc_buf *msg) {
  _Static_assert(sizeof(sharc_string_list) == sizeof(sharc_int64_list) &&
                     sizeof(const char *) == sizeof(int64_t),
                 "list options share a layout");
  void *opts = sharc_arena_alloc(&pl->arena, def->options_size ? def->options_size : 1);
  bool *given = sharc_xcalloc(def->num_options ? def->num_options : 1, sizeof *given);
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
        void *dst = (char *)opts + o->offset;
        unsigned index = (unsigned)(o - def->options);
        sharc_int64_list before = {0, NULL};
        if (is_list(o) && given[index])
          memcpy(&before, dst, sizeof before);
        why.len = 0;
        ok = sharc_option_parse(o, value ? value : "", value != NULL, dst, pl, &why);
        if (!ok)
          option_error(pl, o, &why, cl_err);
        else if (is_list(o) && given[index])
          append_list(pl, dst, &before);
        given[index] = true;
      }
    }
    free(key);
    free(value);
  }
  sharc_buf_free(&why);
  free(given);
  return ok ? opts : NULL;
}

/* Adds `def` to `pm` (a pipeline adds its passes). `implicit`: nest a pass
 * anchored on another op, as mlir-opt does for command-line flags. As
 * MLIR's, a pass whose options fail to parse is still checked against the
 * pass manager's anchor, both errors reported. */
static bool add_def(sharc_pass_manager *pm, const sharc_pass_def *def, const char *text,
                    const void *given, bool implicit, sharc_buf *cl_err, sharc_buf *msg) {
  if (!sharc_pass_is_implemented(def)) {
    sharc_buf_printf(msg, "pass '-%s' is not implemented yet", def->flag);
    return false;
  }
  void *opts;
  if (given)
    opts = sharc_arena_dup(&pm->owner->arena, given, def->options_size ? def->options_size : 1);
  else
    opts = sharc_pass_parse_options(pm->owner, def, text, cl_err, msg);
  if (def->build)
    return opts && def->build(pm, opts, msg);
  if (anchored_elsewhere(pm, def)) {
    if (!implicit) {
      if (!opts)
        sharc_buf_putc(msg, '\n'); /* ends the options error's line */
      sharc_buf_printf(msg,
                       "Can't add pass '%s' restricted to '%s' on a PassManager intended to run "
                       "on '%s', did you intend to nest?",
                       def->display_name, def->anchor, pm->op_name);
      return false;
    }
    pm = sharc_pm_nest(pm, def->anchor);
  }
  if (!opts)
    return false;
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

/* The textual pipeline parser (pipeline_parser.c) adds each pass as written,
 * nested explicitly, with MLIR's error for a pass on the wrong anchor. */
bool sharc_pm_add_explicit(sharc_pass_manager *pm, const char *flag, const char *options,
                           sharc_buf *cl_err, sharc_buf *msg) {
  const sharc_pass_def *def = sharc_pass_lookup(flag, pm->owner->flags.tool_mask);
  return add_def(pm, def, options, NULL, false, cl_err, msg);
}

unsigned sharc_pipeline_tool_mask(const sharc_pipeline *pl) { return pl->flags.tool_mask; }

void sharc_pipeline_set_anchor(sharc_pipeline *pl, const char *op_name) {
  pl->root->op_name = sharc_arena_strndup(&pl->arena, op_name, strlen(op_name));
}

/* ---- running ------------------------------------------------------------------ */

struct sharc_pass_run {
  const sharc_pass_def *def;
  sharc_op *op;
  sharc_listener listener; /* keeps the analyses right (none need it yet) */
  sharc_call_graph *call_graph;
  sharc_pipeline *pl; /* the pipeline running the pass */
};

void sharc_pass_rewriter(sharc_pass_run *run, sharc_rewriter *rw, sharc_listener *listener) {
  run->listener.next = listener;
  sharc_rewriter_init(rw, sharc_op_ctx_of(run->op), &run->listener);
}

sharc_listener *sharc_pass_listener(sharc_pass_run *run) { return &run->listener; }
const sharc_pass_def *sharc_pass_run_def(const sharc_pass_run *run) { return run->def; }
sharc_op *sharc_pass_run_op(const sharc_pass_run *run) { return run->op; }

sharc_pipeline *sharc_pass_pipeline_create(sharc_pass_run *run) {
  return sharc_pipeline_create(&run->pl->flags);
}

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

/* A call that now names another callee (its `callee` attribute changed in
 * place) makes the graph stale too; other in-place changes leave it. */
static void drop_call_graph_retargeted(sharc_listener *l, sharc_op *op) {
  sharc_pass_run *run = (sharc_pass_run *)((char *)l - offsetof(sharc_pass_run, listener));
  if (!run->call_graph || !sharc_op_has_trait(op, SHARC_TRAIT_CALL))
    return;
  sharc_attr *ref = sharc_op_attr(op, "callee");
  sharc_op *now = ref ? sharc_symbol_lookup_ref(op, ref) : NULL;
  if (now && sharc_call_graph_index(run->call_graph, now) < 0)
    now = NULL; /* the graph only records callees among its functions */
  if (now != sharc_call_graph_callee(run->call_graph, op))
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

/* ---- IR printing (MLIR's IRPrinterInstrumentation) ------------------------- */

/* Whether pass `flag` is one of `list` (",a,b,", NULL for none). */
static bool pass_listed(const char *list, const char *flag) {
  size_t n = strlen(flag);
  for (const char *s = list ? strstr(list, flag) : NULL; s; s = strstr(s + 1, flag))
    if (s[-1] == ',' && s[n] == ',')
      return true;
  return false;
}

static bool prints_before(const sharc_pipeline *pl, const pm_entry *e) {
  return pl->flags.print_ir_before_all || pass_listed(pl->flags.print_ir_before, e->def->flag);
}

/* -mlir-print-ir-after-failure prints after every pass, but only when it failed. */
static bool prints_after(const sharc_pipeline *pl, const pm_entry *e) {
  return pl->flags.print_ir_after_all || pl->flags.print_ir_after_failure ||
         pass_listed(pl->flags.print_ir_after, e->def->flag);
}

/* The header, then the op the pass ran on, or with module scope the top
 * op, named after the op the pass ran on. The op prints in generic form
 * when it does not verify (sharc_print_flags_for). */
static void dump(const sharc_pipeline *pl, const pm_entry *e, sharc_op *op, const char *when,
                 const char *failed) {
  /* diagnostics wait for their notes: out first, in the order they came */
  sharc_diag_flush(sharc_op_context(op));
  sharc_buf out = {0};
  sharc_buf_printf(&out, "// -----// IR Dump %s %s%s (%s)", when, e->def->display_name, failed,
                   e->def->flag);
  sharc_op *shown = op;
  if (pl->flags.print_ir_module_scope) {
    sharc_str name = sharc_ident_str(sharc_op_name(op));
    sharc_buf_printf(&out, " ('%.*s' operation", (int)name.len, name.data);
    sharc_attr *sym = sharc_op_attr(op, "sym_name");
    if (sym && sharc_attr_get_kind(sym) == SHARC_ATTR_STRING) {
      sharc_str sn = sharc_attr_string_value(sym);
      sharc_buf_printf(&out, ": @%.*s", (int)sn.len, sn.data);
    }
    SHARC_BUF_LIT(&out, ")");
    while (sharc_op_parent_op(shown))
      shown = sharc_op_parent_op(shown);
  }
  SHARC_BUF_LIT(&out, " //----- //\n");
  sharc_print_flags flags = sharc_print_flags_for(shown, &pl->flags.print);
  flags.no_external_resources = true;
  /* a nested op prints with local scope, without the top-level op's closing newline */
  flags.local_scope = flags.local_scope || sharc_op_parent_op(shown);
  sharc_print_op(shown, &flags, &out);
  if (sharc_op_parent_op(shown) && out.len && out.data[out.len - 1] == '\n')
    out.data[--out.len] = 0;
  SHARC_BUF_LIT(&out, "\n\n");
  fwrite(out.data, 1, out.len, stderr);
  sharc_buf_free(&out);
}

/* MLIR's OperationFingerPrint, exactly: what -mlir-print-ir-after-change
 * compares before and after a pass (the identities of the ops, their
 * parents, attributes, blocks, arguments, locations, operands, successors
 * and result types), kept whole rather than hashed. */
typedef SHARC_VEC(uintptr_t) fingerprint;

static void push_words(fingerprint *f, const void *const *words, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(f, (uintptr_t)words[i]);
}

static sharc_walk_result fingerprint_op(sharc_op *op, void *user) {
  fingerprint *f = user;
  const void *head[] = {op, sharc_op_parent_op(op), op->attrs, sharc_op_props(op), sharc_op_loc(op)};
  push_words(f, head, sizeof head / sizeof head[0]);
  for (unsigned r = 0; r < op->num_regions; r++)
    for (sharc_block *b = sharc_op_regions_of(op)[r].first; b; b = b->next) {
      sharc_vec_push(f, (uintptr_t)b);
      push_words(f, (const void *const *)b->args, b->num_args);
    }
  for (unsigned i = 0; i < op->num_operands; i++)
    sharc_vec_push(f, (uintptr_t)sharc_op_operands_of(op)[i].value);
  for (unsigned i = 0; i < sharc_op_num_successors_of(op); i++)
    sharc_vec_push(f, (uintptr_t)sharc_op_successors_of(op)[i]);
  for (unsigned i = 0; i < op->num_results; i++)
    sharc_vec_push(f, (uintptr_t)sharc_op_results_of(op)[i].type);
  return SHARC_WALK_ADVANCE;
}

static bool same_fingerprint(const fingerprint *a, const fingerprint *b) {
  return a->len == b->len && (!a->len || !memcmp(a->items, b->items, a->len * sizeof *a->items));
}

/* As MLIR's OpToOpPassAdaptor::run: the op is verified before the IR is
 * printed after the pass, and a pass that failed, or left IR that does not
 * verify, is printed as "After <pass> Failed" (with -print-ir-after-all as
 * with -print-ir-after-failure, which prints nothing else). */
static bool run_pass(sharc_pipeline *pl, pm_entry *e, sharc_op *op) {
  fingerprint before = {0};
  bool after = prints_after(pl, e) && !pl->flags.print_ir_after_failure;
  if (after && pl->flags.print_ir_after_change)
    sharc_walk(op, SHARC_PRE_ORDER, fingerprint_op, &before);
  if (prints_before(pl, e))
    dump(pl, e, op, "Before", "");
  sharc_pass_run run = {e->def, op, {0}, NULL, pl};
  run.listener.op_inserted = drop_call_graph_moved;
  run.listener.op_erased = drop_call_graph;
  run.listener.op_modified = drop_call_graph_retargeted;
  uint64_t epoch = sharc_context_ir_epoch(sharc_op_context(op));
  double t0 = now_seconds();
  bool ok = e->def->run(op, e->options, &run);
  e->seconds += now_seconds() - t0;
  e->ran = true;
  sharc_call_graph_destroy(run.call_graph);
  /* MLIR skips the verifier when a pass preserved all analyses; here the
   * IR's own change count says the pass left the IR as it was, verified */
  if (ok && !pl->flags.no_verify && sharc_context_ir_epoch(sharc_op_context(op)) != epoch)
    ok = sharc_verify_changed(op);
  bool show = ok && after;
  if (show && pl->flags.print_ir_after_change) {
    fingerprint now = {0};
    sharc_walk(op, SHARC_PRE_ORDER, fingerprint_op, &now);
    show = !same_fingerprint(&before, &now);
    sharc_vec_free(&now);
  }
  sharc_vec_free(&before);
  if (!ok && prints_after(pl, e))
    dump(pl, e, op, "After", " Failed");
  if (show)
    dump(pl, e, op, "After", "");
  return ok;
}

/* ---- adaptors ------------------------------------------------------------------ */

static bool is_any(const sharc_pass_manager *pm) { return strcmp(pm->op_name, "any") == 0; }

/* MLIR's OpPassManagerImpl::canScheduleOn for an op-agnostic pass manager:
 * the op must be registered and isolated from above, and every pass of the
 * list able to run on it. */
static bool can_schedule_on(const sharc_pass_manager *pm, const sharc_op_def *def) {
  if (!def || !(def->traits & SHARC_TRAIT_ISOLATED))
    return false;
  for (unsigned i = 0; i < pm->entries.len; i++) {
    const pm_entry *e = &pm->entries.items[i];
    if (e->def && e->def->anchor && strcmp(e->def->anchor, def->name) != 0)
      return false;
  }
  return true;
}

/* Whether an op-agnostic pass manager could take ops meant for one of
 * `others` (MLIR's hasScheduleConflictWith). */
static bool schedule_conflict(const sharc_context *ctx, const sharc_pass_manager *generic,
                              sharc_pass_manager *const *others, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (is_any(others[i]))
      return true;
    const sharc_op_def *def = sharc_context_op_def(ctx, sharc_str_from_cstr(others[i]->op_name));
    if (can_schedule_on(generic, def))
      return true;
  }
  return false;
}

static sharc_pass_manager *generic_of(const pm_entry *e) {
  for (unsigned i = 0; i < e->num_mgrs; i++)
    if (is_any(e->mgrs[i]))
      return e->mgrs[i];
  return NULL;
}

/* Op-specific pass managers by name, then the op-agnostic one. */
static int by_anchor(const void *a, const void *b) {
  const sharc_pass_manager *x = *(sharc_pass_manager *const *)a;
  const sharc_pass_manager *y = *(sharc_pass_manager *const *)b;
  if (is_any(x) != is_any(y))
    return is_any(x) - is_any(y);
  return strcmp(x->op_name, y->op_name);
}

/* MLIR's OpToOpPassAdaptor::tryMergeInto: `cur`'s pass managers join
 * `into`'s, those for the same op appending their entries. */
static bool try_merge(sharc_pipeline *pl, const sharc_context *ctx, pm_entry *cur, pm_entry *into) {
  sharc_pass_manager *g = generic_of(cur);
  if (g && schedule_conflict(ctx, g, into->mgrs, into->num_mgrs))
    return false;
  g = generic_of(into);
  if (g && schedule_conflict(ctx, g, cur->mgrs, cur->num_mgrs))
    return false;
  sharc_pass_manager **all =
      sharc_arena_alloc(&pl->arena, (into->num_mgrs + cur->num_mgrs) * sizeof *all);
  memcpy(all, into->mgrs, into->num_mgrs * sizeof *all);
  unsigned n = into->num_mgrs;
  for (unsigned i = 0; i < cur->num_mgrs; i++) {
    sharc_pass_manager *pm = cur->mgrs[i], *same = NULL;
    for (unsigned k = 0; k < n && !same; k++)
      if (strcmp(all[k]->op_name, pm->op_name) == 0)
        same = all[k];
    if (!same) {
      all[n++] = pm;
      continue;
    }
    for (unsigned k = 0; k < pm->entries.len; k++)
      sharc_vec_push(&same->entries, pm->entries.items[k]);
  }
  qsort(all, n, sizeof *all, by_anchor);
  into->mgrs = all;
  into->num_mgrs = n;
  return true;
}

/* Merges adjacent adaptors of `pm`, then of every pass manager below. */
static void coalesce(sharc_pipeline *pl, const sharc_context *ctx, sharc_pass_manager *pm) {
  unsigned out = 0;
  int last = -1; /* the adaptor that the next one may merge into */
  for (unsigned i = 0; i < pm->entries.len; i++) {
    pm_entry e = pm->entries.items[i];
    if (e.num_mgrs && last >= 0 && try_merge(pl, ctx, &e, &pm->entries.items[last]))
      continue;
    pm->entries.items[out] = e;
    last = e.num_mgrs ? (int)out : -1;
    out++;
  }
  pm->entries.len = out;
  for (unsigned i = 0; i < pm->entries.len; i++)
    for (unsigned k = 0; k < pm->entries.items[i].num_mgrs; k++)
      coalesce(pl, ctx, pm->entries.items[i].mgrs[k]);
}

/* MLIR's findPassManagerFor: the pass manager for the op's name, else an
 * op-agnostic one that can run on it. */
static sharc_pass_manager *manager_for(const pm_entry *e, const sharc_op *op) {
  for (unsigned i = 0; i < e->num_mgrs; i++)
    if (!is_any(e->mgrs[i]) && sharc_op_is(op, e->mgrs[i]->op_name))
      return e->mgrs[i];
  for (unsigned i = 0; i < e->num_mgrs; i++)
    if (is_any(e->mgrs[i]) && can_schedule_on(e->mgrs[i], sharc_op_get_def(op)))
      return e->mgrs[i];
  return NULL;
}

static bool run_pm(sharc_pipeline *pl, sharc_pass_manager *pm, sharc_op *op);

/* Whether at least two ops directly inside `op` have a pass manager of
 * the adaptor: MLIR's parallelForEach runs a single op on the calling
 * thread, without its parallel diagnostic handler. */
static bool schedules_several(const pm_entry *e, sharc_op *op) {
  unsigned n = 0;
  for (unsigned r = 0; r < sharc_op_num_regions(op); r++)
    for (sharc_block *b = sharc_region_first_block(sharc_op_region(op, r)); b;
         b = sharc_block_next(b))
      for (sharc_op *child = sharc_block_first_op(b); child; child = sharc_op_next(child))
        if (manager_for(e, child) && ++n == 2)
          return true;
  return false;
}

/* Runs each op directly inside `op` through its pass manager, in order; an
 * op whose pipeline fails does not stop its siblings (as MLIR). With
 * threading on (mlir-opt's default), MLIR runs two or more ops on its
 * thread pool, and a ParallelDiagnosticHandler emits their diagnostics
 * only when all are done, ordered by the op's position (log lines are
 * written at once); sharc runs them in that order, so holding the
 * diagnostics back until the end gives the same output. */
static bool run_adaptor(sharc_pipeline *pl, pm_entry *e, sharc_op *op) {
  double t0 = now_seconds();
  e->ran = true;
  bool ok = true;
  sharc_context *ctx = sharc_op_context(op);
  bool parallel = !pl->flags.disable_threading && schedules_several(e, op);
  if (parallel)
    sharc_diag_defer_begin(ctx);
  for (unsigned r = 0; r < sharc_op_num_regions(op); r++)
    for (sharc_block *b = sharc_region_first_block(sharc_op_region(op, r)); b;
         b = sharc_block_next(b))
      for (sharc_op *child = sharc_block_first_op(b), *next; child; child = next) {
        next = sharc_op_next(child);
        sharc_pass_manager *pm = manager_for(e, child);
        if (!pm)
          continue;
        if (!pm->first_run)
          pm->first_run = ++pl->runs;
        double t1 = now_seconds();
        ok &= run_pm(pl, pm, child);
        pm->seconds += now_seconds() - t1;
      }
  if (parallel)
    sharc_diag_defer_end(ctx);
  e->seconds += now_seconds() - t0;
  return ok;
}

/* The entries of `pm` on `op`, up to the first that fails. Every pass, the
 * adaptors included, needs a registered op isolated from above. */
static bool run_pm(sharc_pipeline *pl, sharc_pass_manager *pm, sharc_op *op) {
  for (unsigned i = 0; i < pm->entries.len; i++) {
    pm_entry *e = &pm->entries.items[i];
    const sharc_op_def *def = sharc_op_get_def(op);
    if (!def) {
      sharc_emit_op_error(op, "trying to schedule a pass on an unregistered operation");
      return false;
    }
    if (!(def->traits & SHARC_TRAIT_ISOLATED)) {
      sharc_emit_op_error(op, "trying to schedule a pass on an operation not marked as "
                              "'IsolatedFromAbove'");
      return false;
    }
    if (!(e->num_mgrs ? run_adaptor(pl, e, op) : run_pass(pl, e, op)))
      return false;
  }
  return true;
}

/* -mlir-pass-statistics after each run: sharc's passes keep no statistics,
 * so the report is empty, as mlir-opt-22's (a build whose statistics are
 * compiled out) is for every pass. */
static void print_statistics(sharc_context *ctx) {
  static const char rule[] =
      "===-------------------------------------------------------------------------===\n";
  sharc_diag_flush(ctx);
  fputs(rule, stderr);
  fputs("                         ... Pass statistics report ...\n", stderr);
  fputs(rule, stderr);
  fputc('\n', stderr);
}

bool sharc_pipeline_run(sharc_pipeline *pl, sharc_op *module) {
  for (unsigned i = 0; i < pl->setup_logs.len; i++)
    sharc_log(SHARC_LOG_INFO, pl->setup_logs.items[i].file, pl->setup_logs.items[i].line, "%s",
              pl->setup_logs.items[i].message);
  sharc_context *ctx = sharc_op_context(module);
  /* applyPassManagerCLOptions: MLIR prints the whole top op from one
   * thread only (its message ends in a newline of its own) */
  if (pl->flags.print_ir_module_scope && !pl->flags.disable_threading) {
    sharc_emit(ctx, SHARC_SEV_ERROR, sharc_loc_unknown(ctx),
               "IR print for module scope can't be setup on a pass-manager without disabling "
               "multi-threading first.\n");
    return false;
  }
  const char *anchor = pl->root->op_name;
  if (strcmp(anchor, "any") != 0 && !sharc_op_is(module, anchor)) {
    sharc_str name = sharc_ident_str(sharc_op_name(module));
    sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, sharc_op_loc(module),
               "can't run '%s' pass manager on '%.*s' op", anchor, (int)name.len, name.data);
    return false;
  }
  if (!pl->coalesced) {
    coalesce(pl, sharc_op_context(module), pl->root);
    pl->coalesced = true;
  }
  double t0 = now_seconds();
  bool ok = run_pm(pl, pl->root, module);
  pl->root->seconds += now_seconds() - t0;
  if (pl->flags.pass_statistics)
    print_statistics(ctx);
  return ok;
}

/* ---- timing ------------------------------------------------------------------ */

static void timing_line(sharc_buf *out, double s, double total, unsigned indent, const char *name) {
  sharc_buf_printf(out, "  %8.4f (%5.1f%%)  ", s, total > 0 ? 100.0 * s / total : 0.0);
  for (unsigned i = 0; i < indent; i++)
    SHARC_BUF_LIT(out, "  ");
  sharc_buf_printf(out, "%s\n", name);
}

static void timing_pm(const sharc_pass_manager *pm, double total, unsigned indent, sharc_buf *out);

static void timing_pipeline(const sharc_pass_manager *pm, double total, unsigned indent,
                            sharc_buf *out) {
  sharc_buf name = {0};
  sharc_buf_printf(&name, "'%s' Pipeline", pm->op_name);
  timing_line(out, pm->seconds, total, indent, name.data);
  sharc_buf_free(&name);
  timing_pm(pm, total, indent + 1, out);
}

/* As MLIR's pass timing: only what ran; an adaptor of several pass
 * managers is a "Pipeline Collection" over them, in the order they first
 * ran. */
static void timing_pm(const sharc_pass_manager *pm, double total, unsigned indent, sharc_buf *out) {
  for (unsigned i = 0; i < pm->entries.len; i++) {
    const pm_entry *e = &pm->entries.items[i];
    if (!e->num_mgrs) {
      if (e->ran)
        timing_line(out, e->seconds, total, indent, e->def->display_name);
      continue;
    }
    if (e->num_mgrs == 1) {
      if (e->mgrs[0]->first_run)
        timing_pipeline(e->mgrs[0], total, indent, out);
      continue;
    }
    if (!e->ran)
      continue;
    sharc_buf name = {0};
    sharc_buf_puts(&name, "Pipeline Collection : [");
    for (unsigned k = 0; k < e->num_mgrs; k++)
      sharc_buf_printf(&name, "%s'%s'", k ? ", " : "", e->mgrs[k]->op_name);
    sharc_buf_putc(&name, ']');
    timing_line(out, e->seconds, total, indent, name.data);
    sharc_buf_free(&name);
    const sharc_pass_manager **order = sharc_xmalloc_array(e->num_mgrs, sizeof *order);
    unsigned n = 0;
    for (unsigned k = 0; k < e->num_mgrs; k++) {
      if (!e->mgrs[k]->first_run)
        continue;
      unsigned j = n++;
      for (; j > 0 && order[j - 1]->first_run > e->mgrs[k]->first_run; j--)
        order[j] = order[j - 1];
      order[j] = e->mgrs[k];
    }
    for (unsigned k = 0; k < n; k++)
      timing_pipeline(order[k], total, indent + 1, out);
    free(order);
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
