/* MLIR's TextualPipeline: parses `anchor(pass{options},nested(...))`,
 * checks every name against the registry and adds the passes, explicitly
 * nested, to a pipeline, with mlir-opt's messages and carets. */
#include "pass/pass_manager_internal.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

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
  return sharc_str_dup((sharc_str){s, n});
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
      last->options = sharc_str_dup((sharc_str){s, (size_t)(close - s)});
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
    if (!sharc_pm_add_explicit(pm, e->name, opts, cl_err, msg)) {
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
  sharc_pipeline_set_anchor(pl, anchor);
  if (!*inner) { /* `builtin.module()`: nothing to run */
    free(anchor);
    free(whole);
    return true;
  }
  bool ok = parse_elements(inner, &elements, &msg) &&
            resolve(inner, &elements, sharc_pipeline_tool_mask(pl), &msg);
  if (ok) {
    /* the pipeline's own anchor is checked against the module when it runs */
    ok = add_elements(sharc_pipeline_root(pl), &elements, err, &msg, &trail);
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
