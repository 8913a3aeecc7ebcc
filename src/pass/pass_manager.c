/* Pass pipelines: a flat list of pass instances, each anchored on modules or
 * functions, parsed from `-flag=options` arguments or from a textual
 * `builtin.module(...)` pipeline; runs them with verification after each. */
#include "sharc/asm.h"
#include "sharc/pass.h"
#include "sharc/verify.h"
#include "pass/pass_registry.h"
#include "pass/pass_table.h"

#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

typedef struct pass_instance {
  const sharc_pass_info *info;
  const sharc_pass_impl *impl;
  bool on_functions;       /* nested under func.func */
  sharc_pass_options options;
  char *option_text;       /* owns the option strings */
  double seconds;
} pass_instance;

struct sharc_pipeline {
  sharc_pipeline_flags flags;
  pass_instance *passes;
  unsigned n, cap;
};

sharc_pipeline *sharc_pipeline_create(const sharc_pipeline_flags *flags) {
  sharc_pipeline *pl = calloc(1, sizeof *pl);
  if (pl && flags)
    pl->flags = *flags;
  return pl;
}

void sharc_pipeline_destroy(sharc_pipeline *pl) {
  if (!pl)
    return;
  for (unsigned i = 0; i < pl->n; i++)
    free(pl->passes[i].option_text);
  free(pl->passes);
  free(pl);
}

void sharc_pipeline_set_flags(sharc_pipeline *pl, const sharc_pipeline_flags *flags) {
  pl->flags = *flags;
}

unsigned sharc_pipeline_size(const sharc_pipeline *pl) { return pl->n; }

/* Splits `a=1 b='x y' c={...}` into the instance's option list (in place). */
static bool parse_options(pass_instance *pi, const char *text, sharc_buf *err) {
  size_t len = strlen(text);
  pi->option_text = malloc(len + 1);
  if (!pi->option_text)
    abort();
  memcpy(pi->option_text, text, len + 1);
  char *s = pi->option_text;
  while (*s) {
    while (*s == ' ')
      s++;
    if (!*s)
      break;
    char *name = s;
    while (*s && *s != '=' && *s != ' ')
      s++;
    char *value = "";
    if (*s == '=') {
      *s++ = 0;
      value = s;
      int depth = 0;
      char quote = 0;
      char *w = s;
      while (*s && (depth || quote || *s != ' ')) {
        char c = *s++;
        if (quote) {
          if (c == quote) {
            quote = 0;
            continue;
          }
        } else if ((c == '\'' || c == '"') && depth == 0) {
          quote = c;
          continue;
        } else if (c == '{' || c == '(' || c == '[') {
          depth++;
        } else if (c == '}' || c == ')' || c == ']') {
          depth--;
        }
        *w++ = c;
      }
      if (*s)
        s++;
      *w = 0;
    } else if (*s) {
      *s++ = 0;
    }
    if (!sharc_pass_option_find(pi->info, name)) {
      sharc_buf_printf(err, "<Pass-Options-Parser>: no such option %s", name);
      return false;
    }
    if (pi->options.n == 32) {
      sharc_buf_puts(err, "too many pass options");
      return false;
    }
    pi->options.names[pi->options.n] = name;
    pi->options.values[pi->options.n++] = value;
  }
  return true;
}

static bool add_pass(sharc_pipeline *pl, const char *flag, const char *options, bool on_functions,
                     sharc_buf *err) {
  const sharc_pass_info *info = sharc_pass_info_find(flag, pl->flags.tool_mask);
  if (!info) {
    sharc_buf_printf(err, "'%s' does not refer to a registered pass or pass pipeline", flag);
    return false;
  }
  const sharc_pass_impl *impl = sharc_pass_impl_find(flag);
  if (!impl) {
    sharc_buf_printf(err, "pass '-%s' is not implemented yet", flag);
    return false;
  }
  if (pl->n == pl->cap) {
    pl->cap = pl->cap ? pl->cap * 2 : 8;
    pl->passes = realloc(pl->passes, pl->cap * sizeof *pl->passes);
    if (!pl->passes)
      abort();
  }
  pass_instance *pi = &pl->passes[pl->n];
  memset(pi, 0, sizeof *pi);
  pi->info = info;
  pi->impl = impl;
  pi->on_functions = on_functions || strcmp(info->anchor, "func.func") == 0;
  pl->n++;
  return parse_options(pi, options ? options : "", err);
}

bool sharc_pipeline_add(sharc_pipeline *pl, const char *flag, const char *options, sharc_buf *err) {
  return add_pass(pl, flag, options, false, err);
}

/* builtin.module(p1, func.func(p2{a=1}), p3) */
static bool parse_pipeline_list(sharc_pipeline *pl, const char **s, bool on_functions,
                                sharc_buf *err) {
  for (;;) {
    while (**s == ' ' || **s == ',')
      (*s)++;
    if (!**s || **s == ')')
      return true;
    const char *start = *s;
    while (**s && **s != '(' && **s != '{' && **s != ',' && **s != ')' && **s != ' ')
      (*s)++;
    char name[256];
    size_t n = (size_t)(*s - start);
    if (n == 0 || n >= sizeof name) {
      sharc_buf_puts(err, "invalid pass pipeline");
      return false;
    }
    memcpy(name, start, n);
    name[n] = 0;
    if (**s == '(') {
      (*s)++;
      bool funcs = strcmp(name, "func.func") == 0;
      if (!funcs && strcmp(name, "builtin.module") != 0) {
        sharc_buf_printf(err, "nested pipelines on '%s' are not supported yet", name);
        return false;
      }
      if (!parse_pipeline_list(pl, s, on_functions || funcs, err))
        return false;
      if (**s != ')') {
        sharc_buf_puts(err, "expected ')' to end the nested pass pipeline");
        return false;
      }
      (*s)++;
      continue;
    }
    char *opts = NULL;
    if (**s == '{') {
      const char *ostart = ++(*s);
      int depth = 1;
      while (**s && depth) {
        if (**s == '{')
          depth++;
        else if (**s == '}')
          depth--;
        (*s)++;
      }
      if (depth) {
        sharc_buf_puts(err, "missing '}' in pass options");
        return false;
      }
      size_t on = (size_t)(*s - ostart - 1);
      opts = malloc(on + 1);
      if (!opts)
        abort();
      memcpy(opts, ostart, on);
      opts[on] = 0;
    }
    bool ok = add_pass(pl, name, opts, on_functions, err);
    free(opts);
    if (!ok)
      return false;
  }
}

bool sharc_pipeline_parse(sharc_pipeline *pl, const char *text, sharc_buf *err) {
  const char *s = text;
  while (*s == ' ')
    s++;
  if (strncmp(s, "builtin.module(", 15) == 0) {
    s += 15;
    if (!parse_pipeline_list(pl, &s, false, err))
      return false;
    if (*s != ')') {
      sharc_buf_puts(err, "expected ')' at the end of the pass pipeline");
      return false;
    }
    return true;
  }
  if (strncmp(s, "any(", 4) == 0) {
    s += 4;
    return parse_pipeline_list(pl, &s, false, err);
  }
  return parse_pipeline_list(pl, &s, false, err);
}

static double now_seconds(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* -mlir-print-ir-after-all, in MLIR's format: one dump per anchor op. */
static void dump_after(const pass_instance *pi, sharc_op *op, bool is_function) {
  sharc_buf out = {0};
  sharc_buf_printf(&out, "// -----// IR Dump After %s (%s) //----- //\n", pi->impl->display_name,
                   pi->info->flag);
  sharc_print_flags flags = {0};
  sharc_print_op(op, &flags, &out);
  /* a nested op is printed without the top-level op's closing newline */
  if (is_function && out.len && out.data[out.len - 1] == '\n')
    out.data[--out.len] = 0;
  SHARC_BUF_LIT(&out, "\n\n");
  fputs(out.data, stderr);
  sharc_buf_free(&out);
}

static bool run_one(const sharc_pipeline *pl, pass_instance *pi, sharc_op *module) {
  if (!pi->on_functions) {
    if (!pi->impl->run(module, &pi->options))
      return false;
    if (pl->flags.print_ir_after_all)
      dump_after(pi, module, false);
    return true;
  }
  for (sharc_block *b = sharc_region_first_block(sharc_op_region(module, 0)); b;
       b = sharc_block_next(b))
    for (sharc_op *op = sharc_block_first_op(b); op; op = sharc_op_next(op)) {
      if (!sharc_op_is(op, "func.func"))
        continue;
      if (!pi->impl->run(op, &pi->options))
        return false;
      if (pl->flags.print_ir_after_all)
        dump_after(pi, op, true);
    }
  return true;
}

bool sharc_pipeline_run(sharc_pipeline *pl, sharc_op *module) {
  for (unsigned i = 0; i < pl->n; i++) {
    pass_instance *pi = &pl->passes[i];
    double t0 = now_seconds();
    bool ok = run_one(pl, pi, module);
    pi->seconds += now_seconds() - t0;
    if (!ok)
      return false;
    if (!sharc_verify(module))
      return false;
  }
  return true;
}

void sharc_pipeline_report_timing(const sharc_pipeline *pl, sharc_buf *out) {
  double total = 0;
  for (unsigned i = 0; i < pl->n; i++)
    total += pl->passes[i].seconds;
  sharc_buf_puts(out, "===-------------------------------------------------------------------------===\n");
  sharc_buf_puts(out, "                         ... Execution time report ...\n");
  sharc_buf_puts(out, "===-------------------------------------------------------------------------===\n");
  sharc_buf_printf(out, "  Total Execution Time: %.4f seconds\n\n", total);
  sharc_buf_puts(out, "  ----Wall Time----  ----Name----\n");
  for (unsigned i = 0; i < pl->n; i++)
    sharc_buf_printf(out, "    %.4f (%5.1f%%)  %s\n", pl->passes[i].seconds,
                     total > 0 ? 100.0 * pl->passes[i].seconds / total : 0.0,
                     pl->passes[i].impl->display_name);
  sharc_buf_printf(out, "    %.4f (100.0%%)  Total\n", total);
}
