/* `sharc auto`'s explanation: the PartitionSpec of every argument (chosen,
 * or left to propagation), the estimated step time split into compute and
 * each kind of collective, the memory headroom under the limit, and the
 * two best rejected sets of shardings with what made them lose. */
#include "report/auto/auto_internal.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

static void put_time(sharc_buf *b, double s) {
  double a = fabs(s);
  if (a >= 1)
    sharc_buf_printf(b, "%.3f s", s);
  else if (a >= 1e-3)
    sharc_buf_printf(b, "%.3f ms", s * 1e3);
  else
    sharc_buf_printf(b, "%.3f us", s * 1e6);
}

static void put_signed_bytes(sharc_buf *b, double bytes) {
  sharc_buf_putc(b, bytes < 0 ? '-' : '+');
  sharc_report_put_bytes(b, (int64_t)fabs(bytes));
}

static void put_flops(sharc_buf *b, double f) {
  if (f >= 1e12)
    sharc_buf_printf(b, "%.2f TFLOP", f / 1e12);
  else if (f >= 1e9)
    sharc_buf_printf(b, "%.2f GFLOP", f / 1e9);
  else
    sharc_buf_printf(b, "%.2f MFLOP", f / 1e6);
}

static size_t widest(const sharc_auto_result *r, size_t offset) {
  size_t w = 0;
  for (unsigned i = 0; i < r->num_args; i++) {
    const char *s = *(const char *const *)((const char *)&r->args[i] + offset);
    size_t n = s ? sharc_report_text_width(s) : 0;
    w = n > w ? n : w;
  }
  return w;
}

static void put_padded(sharc_buf *b, const char *s, size_t width) {
  s = s ? s : "";
  sharc_buf_puts(b, s);
  for (size_t n = sharc_report_text_width(s); n < width; n++)
    sharc_buf_putc(b, ' ');
}

static void write_args(const sharc_auto_result *r, sharc_buf *b) {
  size_t wn = widest(r, offsetof(sharc_auto_arg, name));
  size_t wt = widest(r, offsetof(sharc_auto_arg, type));
  size_t ws = widest(r, offsetof(sharc_auto_arg, spec));
  sharc_buf_puts(b, "arguments:\n");
  for (unsigned i = 0; i < r->num_args; i++) {
    const sharc_auto_arg *a = &r->args[i];
    sharc_buf_puts(b, "  ");
    put_padded(b, a->name, wn + 2);
    put_padded(b, a->type, wt + 2);
    put_padded(b, a->spec, ws + 2);
    sharc_buf_puts(b, a->chosen ? "chosen\n" : "propagated\n");
  }
}

static void write_estimate(const sharc_auto_result *r, const sharc_auto_cost *c, sharc_buf *b) {
  sharc_buf_puts(b, "estimated step time: ");
  put_time(b, c->step_s);
  sharc_buf_puts(b, "\n  compute              ");
  put_time(b, c->compute_s);
  sharc_buf_puts(b, "  (");
  put_flops(b, c->flops);
  sharc_buf_puts(b, " and ");
  sharc_report_put_bytes(b, (int64_t)c->other_bytes);
  sharc_buf_puts(b, " of other traffic per device)\n");
  for (int k = 0; k < SHARC_AUTO_NUM_KINDS; k++) {
    if (!c->kind_count[k])
      continue;
    sharc_buf_printf(b, "  %-20s ", sharc_auto_kind_names[k]);
    put_time(b, c->kind_s[k]);
    sharc_buf_printf(b, "  (%u, ", c->kind_count[k]);
    sharc_report_put_bytes(b, (int64_t)c->kind_bytes[k]);
    sharc_buf_puts(b, " received per device)\n");
  }
  sharc_buf_puts(b, "peak memory per device: ");
  sharc_report_put_bytes(b, c->peak_bytes);
  if (r->options.memory_limit > 0) {
    sharc_buf_puts(b, " (limit ");
    sharc_report_put_bytes(b, r->options.memory_limit);
    sharc_buf_puts(b, ", headroom ");
    sharc_report_put_bytes(b, r->options.memory_limit - c->peak_bytes);
    sharc_buf_putc(b, ')');
  }
  sharc_buf_putc(b, '\n');
}

/* Why `lost` lost to `won`, in a few words. */
static void write_why(const sharc_auto_result *r, const sharc_auto_cost *lost,
                      const sharc_auto_cost *won, sharc_buf *b) {
  int64_t limit = r->options.memory_limit;
  if (limit > 0 && lost->peak_bytes > limit) {
    sharc_buf_puts(b, "needs ");
    sharc_report_put_bytes(b, lost->peak_bytes - limit);
    sharc_buf_puts(b, " more than the limit (peak ");
    sharc_report_put_bytes(b, lost->peak_bytes);
    sharc_buf_puts(b, " per device)");
    return;
  }
  put_time(b, lost->step_s);
  double pct = won->step_s > 0 ? 100 * (lost->step_s - won->step_s) / won->step_s : 0;
  sharc_buf_printf(b, " (+%.1f %%):", pct);
  double dc = lost->compute_s - won->compute_s;
  bool any = false;
  if (fabs(dc) > 1e-3 * won->step_s) {
    sharc_buf_puts(b, " compute ");
    sharc_buf_putc(b, dc < 0 ? '-' : '+');
    put_time(b, fabs(dc));
    any = true;
  }
  for (int k = 0; k < SHARC_AUTO_NUM_KINDS; k++) {
    int dn = (int)lost->kind_count[k] - (int)won->kind_count[k];
    double db = lost->kind_bytes[k] - won->kind_bytes[k];
    if (dn == 0 && fabs(db) < 1)
      continue;
    sharc_buf_printf(b, "%s %+d %s (", any ? "," : "", dn, sharc_auto_kind_names[k]);
    put_signed_bytes(b, db);
    sharc_buf_puts(b, ")");
    any = true;
  }
  int64_t dm = lost->peak_bytes - won->peak_bytes;
  if (dm) {
    sharc_buf_printf(b, "%s peak memory ", any ? "," : "");
    put_signed_bytes(b, (double)dm);
  }
}

static void write_table(const sharc_auto_result *r, const char *title, sharc_buf *b) {
  sharc_buf_printf(b, "sharc auto: %s on mesh %s (%lld devices)\n", title ? title : "<module>",
                   r->mesh_text, (long long)r->num_devices);
  sharc_buf_printf(b, "search: %s over %u group%s of arguments, %u sharding set%s evaluated%s\n\n",
                   r->method, r->num_groups, r->num_groups == 1 ? "" : "s", r->evaluated,
                   r->evaluated == 1 ? "" : "s",
                   r->out_of_time ? " (stopped by --budget)" : "");
  write_args(r, b);
  sharc_buf_putc(b, '\n');
  write_estimate(r, &r->cost, b);
  if (!r->num_rejected)
    return;
  sharc_buf_puts(b, "\nrejected:\n");
  for (unsigned i = 0; i < r->num_rejected; i++) {
    sharc_buf_printf(b, "  %u. %s\n     ", i + 1, r->rejected[i].change);
    write_why(r, &r->rejected[i].cost, &r->cost, b);
    sharc_buf_putc(b, '\n');
  }
}

static void json_cost(const sharc_auto_cost *c, sharc_buf *b) {
  sharc_buf_printf(b, "{\"step_seconds\": %.9g, \"compute_seconds\": %.9g, \"flops\": %.9g, "
                      "\"other_bytes\": %.9g, \"peak_bytes\": %lld, \"collectives\": [",
                   c->step_s, c->compute_s, c->flops, c->other_bytes, (long long)c->peak_bytes);
  bool first = true;
  for (int k = 0; k < SHARC_AUTO_NUM_KINDS; k++) {
    if (!c->kind_count[k])
      continue;
    sharc_buf_printf(b, "%s{\"kind\": \"%s\", \"count\": %u, \"bytes\": %.9g, \"seconds\": %.9g}",
                     first ? "" : ", ", sharc_auto_kind_names[k], c->kind_count[k],
                     c->kind_bytes[k], c->kind_s[k]);
    first = false;
  }
  sharc_buf_puts(b, "]}");
}

static void write_json(const sharc_auto_result *r, const char *title, sharc_buf *b) {
  sharc_buf_puts(b, "{\"file\": ");
  sharc_report_put_json_string(b, title ? title : "");
  sharc_buf_puts(b, ", \"mesh\": ");
  sharc_report_put_json_string(b, r->mesh_text);
  sharc_buf_printf(b, ", \"devices\": %lld, \"method\": \"%s\", \"groups\": %u, \"evaluated\": %u, "
                      "\"stopped_by_budget\": %s, \"memory_limit\": %lld,\n \"arguments\": [",
                   (long long)r->num_devices, r->method, r->num_groups, r->evaluated,
                   r->out_of_time ? "true" : "false", (long long)r->options.memory_limit);
  for (unsigned i = 0; i < r->num_args; i++) {
    const sharc_auto_arg *a = &r->args[i];
    sharc_buf_puts(b, i ? ",\n  {\"name\": " : "\n  {\"name\": ");
    sharc_report_put_json_string(b, a->name ? a->name : "");
    sharc_buf_puts(b, ", \"type\": ");
    sharc_report_put_json_string(b, a->type ? a->type : "");
    sharc_buf_puts(b, ", \"spec\": ");
    sharc_report_put_json_string(b, a->spec ? a->spec : "");
    sharc_buf_printf(b, ", \"chosen\": %s}", a->chosen ? "true" : "false");
  }
  sharc_buf_puts(b, "],\n \"estimate\": ");
  json_cost(&r->cost, b);
  sharc_buf_puts(b, ",\n \"rejected\": [");
  for (unsigned i = 0; i < r->num_rejected; i++) {
    sharc_buf_puts(b, i ? ",\n  {\"change\": " : "\n  {\"change\": ");
    sharc_report_put_json_string(b, r->rejected[i].change);
    sharc_buf_puts(b, ", \"estimate\": ");
    json_cost(&r->rejected[i].cost, b);
    sharc_buf_puts(b, "}");
  }
  sharc_buf_puts(b, "]}\n");
}

void sharc_auto_write(const sharc_auto_result *r, bool json, const char *title, sharc_buf *out) {
  if (json)
    write_json(r, title, out);
  else
    write_table(r, title, out);
}
