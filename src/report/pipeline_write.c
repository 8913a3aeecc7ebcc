/* Writing a simulated pipeline: the summary table, the fragments of each
 * mesh in order, the transfers between meshes, a terminal Gantt chart (one
 * row per mesh, one character per time slice), JSON, an SVG timeline, and
 * the side-by-side comparison of schedules. */
#include "report/report_internal.h"
#include "sharc/pipeline.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- numbers ------------------------------------------------------------------------------ */

/* Seconds in the unit that suits the scale `of`. */
static void put_time(sharc_buf *out, double s, double of) {
  if (of >= 1)
    sharc_buf_printf(out, "%.3f s", s);
  else if (of >= 1e-3)
    sharc_buf_printf(out, "%.3f ms", s * 1e3);
  else if (of >= 1e-6)
    sharc_buf_printf(out, "%.3f us", s * 1e6);
  else
    sharc_buf_printf(out, "%.1f ns", s * 1e9);
}

/* A JSON number; JSON has no infinity or NaN. */
static void json_num(sharc_buf *out, double v) {
  if (isfinite(v))
    sharc_buf_printf(out, "%.9g", v);
  else
    sharc_buf_puts(out, "null");
}

/* `, "key": number`: a number field after the first. */
static void json_num_field(sharc_buf *out, const char *key, double v) {
  sharc_buf_printf(out, ", \"%s\": ", key);
  json_num(out, v);
}

static const char *kind_name(sharc_pipeline_kind k) {
  return k == SHARC_PIPELINE_FORWARD ? "forward" : k == SHARC_PIPELINE_BACKWARD ? "backward" : "other";
}

static void pad_to(sharc_buf *out, size_t line_start, size_t column) {
  while (out->len - line_start < column)
    sharc_buf_putc(out, ' ');
}

/* Fragment indices grouped by mesh, each group in program order (a
 * counting sort): mesh m's are order[first[m] .. first[m + 1]). */
typedef struct by_mesh {
  unsigned *order, *first;
} by_mesh;

static by_mesh group_by_mesh(const sharc_pipeline_sim *s) {
  by_mesh g = {calloc(s->num_fragments + 1, sizeof *g.order),
               calloc(s->num_meshes + 2, sizeof *g.first)};
  for (unsigned i = 0; i < s->num_fragments; i++)
    g.first[s->fragments[i].mesh + 1]++;
  for (unsigned m = 0; m < s->num_meshes; m++)
    g.first[m + 1] += g.first[m];
  unsigned *next = calloc(s->num_meshes + 1, sizeof *next);
  memcpy(next, g.first, s->num_meshes * sizeof *next);
  for (unsigned i = 0; i < s->num_fragments; i++)
    g.order[next[s->fragments[i].mesh]++] = i;
  free(next);
  return g;
}

static void by_mesh_free(by_mesh *g) {
  free(g->order);
  free(g->first);
}

/* ---- the Gantt chart ------------------------------------------------------------------------ */

/* Forward of microbatch n: its last digit; backward: a letter (a = 0);
 * no microbatch: F or B; anything else: #. */
static char fragment_char(const sharc_pipeline_fragment *f) {
  if (f->kind == SHARC_PIPELINE_OTHER)
    return '#';
  if (f->microbatch < 0)
    return f->kind == SHARC_PIPELINE_FORWARD ? 'F' : 'B';
  if (f->kind == SHARC_PIPELINE_FORWARD)
    return (char)('0' + f->microbatch % 10);
  return (char)('a' + f->microbatch % 26);
}

static const int stage_colors[] = {44, 42, 45, 43, 46, 41};

static void put_cell(sharc_buf *out, const sharc_pipeline_fragment *f, char c, bool color) {
  if (!color || !f) {
    sharc_buf_putc(out, c);
    return;
  }
  int bg = stage_colors[(f->stage < 0 ? 0 : f->stage) % 6];
  sharc_buf_printf(out, "\x1b[%d;%dm%c\x1b[0m", f->kind == SHARC_PIPELINE_BACKWARD ? 97 : 30, bg, c);
}

static void write_gantt(const sharc_pipeline_sim *s, unsigned width, bool color, sharc_buf *out) {
  if (width < 10)
    width = 10;
  int *cells = malloc(width * sizeof *cells);
  size_t name_w = 4;
  for (unsigned m = 0; m < s->num_meshes; m++)
    if (strlen(s->meshes[m].name) > name_w)
      name_w = strlen(s->meshes[m].name);
  sharc_buf_puts(out, "\ntimeline (one column = ");
  put_time(out, s->makespan / width, s->makespan / width);
  sharc_buf_puts(out, "; digit: forward of microbatch N mod 10, letter: backward (a = 0), "
                      "#: other work, .: idle)\n");
  by_mesh g = group_by_mesh(s);
  for (unsigned m = 0; m < s->num_meshes; m++) {
    for (unsigned c = 0; c < width; c++)
      cells[c] = -1;
    for (unsigned k = g.first[m]; k < g.first[m + 1] && s->makespan > 0 && isfinite(s->makespan);
         k++) {
      unsigned i = g.order[k];
      const sharc_pipeline_fragment *f = &s->fragments[i];
      if (!(f->end > f->start) || !isfinite(f->end))
        continue;
      unsigned c0 = (unsigned)floor(f->start / s->makespan * width);
      unsigned c1 = (unsigned)ceil(f->end / s->makespan * width);
      if (c1 > width)
        c1 = width;
      if (c0 >= c1)
        c0 = c1 ? c1 - 1 : 0;
      for (unsigned c = c0; c < c1; c++)
        cells[c] = (int)i;
    }
    size_t start = out->len;
    sharc_buf_puts(out, s->meshes[m].name);
    pad_to(out, start, name_w + 1);
    sharc_buf_putc(out, '|');
    for (unsigned c = 0; c < width; c++) {
      const sharc_pipeline_fragment *f = cells[c] >= 0 ? &s->fragments[cells[c]] : NULL;
      put_cell(out, f, f ? fragment_char(f) : '.', color);
    }
    sharc_buf_puts(out, "|\n");
  }
  by_mesh_free(&g);
  free(cells);
}

/* ---- text --------------------------------------------------------------------------------- */

static void write_summary(const sharc_pipeline_sim *s, sharc_buf *out) {
  sharc_buf_printf(out, "schedule %s: %u meshes, %lld microbatches, %lld stages, %u fragments, "
                        "%u transfers\n",
                   s->schedule, s->num_meshes, (long long)s->microbatches, (long long)s->stages,
                   s->num_fragments, s->num_transfers);
  sharc_buf_puts(out, "makespan ");
  put_time(out, s->makespan, s->makespan);
  sharc_buf_printf(out, ", bubble %.1f%% over all meshes\n\n", 100 * sharc_pipeline_sim_bubble(s));
  static const char *const head[] = {"mesh", "devices", "fragments", "busy", "bubble",
                                     "peak/device", "parameters", "activations", "transfers",
                                     "live microbatches"};
  static const size_t col[] = {0, 12, 21, 32, 45, 53, 66, 78, 91, 102};
  size_t start = out->len;
  for (unsigned i = 0; i < 10; i++) {
    pad_to(out, start, col[i]);
    sharc_buf_puts(out, head[i]);
    sharc_buf_putc(out, ' ');
  }
  sharc_buf_putc(out, '\n');
  for (unsigned m = 0; m < s->num_meshes; m++) {
    const sharc_pipeline_mesh *x = &s->meshes[m];
    start = out->len;
    sharc_buf_puts(out, x->name);
    sharc_buf_putc(out, ' ');
    pad_to(out, start, col[1]);
    sharc_buf_printf(out, "%lld", (long long)x->devices);
    pad_to(out, start, col[2]);
    sharc_buf_printf(out, "%u", x->fragments);
    pad_to(out, start, col[3]);
    put_time(out, x->busy, s->makespan);
    pad_to(out, start, col[4]);
    sharc_buf_printf(out, "%.1f%%", 100 * x->bubble);
    pad_to(out, start, col[5]);
    sharc_report_put_bytes(out, x->peak_bytes);
    pad_to(out, start, col[6]);
    sharc_report_put_bytes(out, x->peak_parameter_bytes);
    pad_to(out, start, col[7]);
    sharc_report_put_bytes(out, x->peak_activation_bytes);
    pad_to(out, start, col[8]);
    sharc_report_put_bytes(out, x->peak_transfer_bytes);
    pad_to(out, start, col[9]);
    sharc_buf_printf(out, "%u\n", x->peak_microbatches);
  }
}

static void write_fragments(const sharc_pipeline_sim *s, sharc_buf *out) {
  by_mesh g = group_by_mesh(s);
  for (unsigned m = 0; m < s->num_meshes; m++) {
    sharc_buf_printf(out, "\n%s: fragments in order\n", s->meshes[m].name);
    unsigned step = 0;
    for (unsigned k = g.first[m]; k < g.first[m + 1]; k++) {
      const sharc_pipeline_fragment *f = &s->fragments[g.order[k]];
      size_t start = out->len;
      sharc_buf_printf(out, "  %4u  %s", step++, f->name);
      pad_to(out, start, 28);
      if (f->stage >= 0)
        sharc_buf_printf(out, " stage %-3lld", (long long)f->stage);
      else
        sharc_buf_puts(out, " stage -  ");
      if (f->microbatch >= 0)
        sharc_buf_printf(out, " mb %-4lld", (long long)f->microbatch);
      else
        sharc_buf_puts(out, " mb -   ");
      sharc_buf_printf(out, " %-8s ", kind_name(f->kind));
      put_time(out, f->start, s->makespan);
      sharc_buf_puts(out, " .. ");
      put_time(out, f->end, s->makespan);
      sharc_buf_puts(out, "  live ");
      sharc_report_put_bytes(out, f->live_bytes);
      sharc_buf_putc(out, '\n');
    }
  }
  by_mesh_free(&g);
}

static int64_t saturating_add(int64_t a, int64_t b) {
  return a > INT64_MAX - b ? INT64_MAX : a + b;
}

typedef struct pair_key {
  unsigned from, to, index;
} pair_key;

static int by_pair(const void *a, const void *b) {
  const pair_key *x = a, *y = b;
  if (x->from != y->from)
    return x->from < y->from ? -1 : 1;
  if (x->to != y->to)
    return x->to < y->to ? -1 : 1;
  return (x->index > y->index) - (x->index < y->index);
}

/* The transfers summed per (from, to) pair of meshes, pairs in mesh order. */
static void write_transfers(const sharc_pipeline_sim *s, sharc_buf *out) {
  if (!s->num_transfers)
    return;
  pair_key *keys = malloc(s->num_transfers * sizeof *keys);
  for (unsigned i = 0; i < s->num_transfers; i++)
    keys[i] = (pair_key){s->transfers[i].from, s->transfers[i].to, i};
  qsort(keys, s->num_transfers, sizeof *keys, by_pair);
  sharc_buf_puts(out, "\ntransfers\n");
  for (unsigned i = 0; i < s->num_transfers;) {
    unsigned from = keys[i].from, to = keys[i].to;
    int64_t count = 0, bytes = 0, per_device = 0;
    for (; i < s->num_transfers && keys[i].from == from && keys[i].to == to; i++) {
      count++;
      bytes = saturating_add(bytes, s->transfers[keys[i].index].bytes);
      per_device = saturating_add(per_device, s->transfers[keys[i].index].bytes_per_device);
    }
    size_t start = out->len;
    sharc_buf_printf(out, "  %s -> %s", s->meshes[from].name, s->meshes[to].name);
    pad_to(out, start, 28);
    sharc_buf_printf(out, " %lld transfers, ", (long long)count);
    sharc_report_put_bytes(out, bytes);
    sharc_buf_puts(out, " (");
    sharc_report_put_bytes(out, per_device);
    sharc_buf_puts(out, " per device)\n");
  }
  free(keys);
}

void sharc_pipeline_write_text(const sharc_pipeline_sim *s, unsigned width, bool color,
                               sharc_buf *out) {
  write_summary(s, out);
  write_gantt(s, width, color, out);
  write_fragments(s, out);
  write_transfers(s, out);
}

/* ---- JSON --------------------------------------------------------------------------------- */

static void json_fragment(sharc_buf *out, const sharc_pipeline_fragment *f) {
  sharc_buf_puts(out, "{\"name\": ");
  sharc_report_put_json_string(out, f->name);
  sharc_buf_printf(out, ", \"stage\": %lld, \"microbatch\": %lld, \"kind\": \"%s\"",
                   (long long)f->stage, (long long)f->microbatch, kind_name(f->kind));
  json_num_field(out, "start", f->start);
  json_num_field(out, "end", f->end);
  json_num_field(out, "flops", f->flops);
  json_num_field(out, "bytes", f->bytes);
  sharc_buf_printf(out, ", \"live_bytes\": %lld, \"live_microbatches\": %u}",
                   (long long)f->live_bytes, f->live_microbatches);
}

static void json_mesh(sharc_buf *out, const sharc_pipeline_sim *s, const by_mesh *g, unsigned m) {
  const sharc_pipeline_mesh *x = &s->meshes[m];
  sharc_buf_puts(out, "{\"name\": ");
  sharc_report_put_json_string(out, x->name);
  sharc_buf_printf(out, ", \"devices\": %lld", (long long)x->devices);
  json_num_field(out, "busy", x->busy);
  json_num_field(out, "bubble", x->bubble);
  sharc_buf_printf(out,
                   ", \"peak_bytes\": %lld, \"peak_parameter_bytes\": %lld, "
                   "\"peak_activation_bytes\": %lld, \"peak_transfer_bytes\": %lld, "
                   "\"peak_microbatches\": %u, \"fragments\": [",
                   (long long)x->peak_bytes, (long long)x->peak_parameter_bytes,
                   (long long)x->peak_activation_bytes, (long long)x->peak_transfer_bytes,
                   x->peak_microbatches);
  for (unsigned k = g->first[m]; k < g->first[m + 1]; k++) {
    sharc_buf_puts(out, k > g->first[m] ? ",\n    " : "\n    ");
    json_fragment(out, &s->fragments[g->order[k]]);
  }
  sharc_buf_puts(out, "]}");
}

static void json_body(sharc_buf *out, const sharc_pipeline_sim *s) {
  sharc_buf_puts(out, "\"schedule\": ");
  sharc_report_put_json_string(out, s->schedule);
  sharc_buf_printf(out, ", \"microbatches\": %lld, \"stages\": %lld",
                   (long long)s->microbatches, (long long)s->stages);
  json_num_field(out, "makespan", s->makespan);
  json_num_field(out, "bubble", sharc_pipeline_sim_bubble(s));
  sharc_buf_printf(out, ", \"peak_bytes\": %lld", (long long)sharc_pipeline_sim_peak_bytes(s));
}

void sharc_pipeline_write_json(const sharc_pipeline_sim *s, const char *file, sharc_buf *out) {
  sharc_buf_puts(out, "{\"file\": ");
  sharc_report_put_json_string(out, file ? file : "");
  sharc_buf_puts(out, ",\n ");
  json_body(out, s);
  sharc_buf_puts(out, ",\n \"cost_model\": {\"device_flops\": ");
  json_num(out, s->cost.device_flops);
  json_num_field(out, "memory_bandwidth", s->cost.memory_bandwidth);
  json_num_field(out, "link_bandwidth", s->cost.link_bandwidth);
  json_num_field(out, "link_latency", s->cost.link_latency);
  json_num_field(out, "fragment_overhead", s->cost.fragment_overhead);
  sharc_buf_puts(out, "},\n \"meshes\": [");
  by_mesh g = group_by_mesh(s);
  for (unsigned m = 0; m < s->num_meshes; m++) {
    sharc_buf_puts(out, m ? ",\n  " : "\n  ");
    json_mesh(out, s, &g, m);
  }
  by_mesh_free(&g);
  sharc_buf_puts(out, "],\n \"transfers\": [");
  for (unsigned i = 0; i < s->num_transfers; i++) {
    const sharc_pipeline_transfer *t = &s->transfers[i];
    sharc_buf_puts(out, i ? ",\n  {\"from\": " : "\n  {\"from\": ");
    sharc_report_put_json_string(out, s->meshes[t->from].name);
    sharc_buf_puts(out, ", \"to\": ");
    sharc_report_put_json_string(out, s->meshes[t->to].name);
    sharc_buf_printf(out, ", \"bytes\": %lld, \"bytes_per_device\": %lld",
                     (long long)t->bytes, (long long)t->bytes_per_device);
    json_num_field(out, "start", t->start);
    json_num_field(out, "end", t->end);
    sharc_buf_putc(out, '}');
  }
  sharc_buf_puts(out, "]}\n");
}

/* ---- SVG ---------------------------------------------------------------------------------- */

static const char *const stage_fills[] = {"#4e79a7", "#59a14f", "#b07aa1", "#f28e2b",
                                          "#76b7b2", "#e15759", "#edc948", "#9c755f"};

enum { SVG_LEFT = 110, SVG_WIDTH = 1000, SVG_ROW = 40, SVG_BAR = 26, SVG_TOP = 40 };

static double svg_x(const sharc_pipeline_sim *s, double t) {
  double x = s->makespan > 0 ? t / s->makespan * SVG_WIDTH : 0;
  return SVG_LEFT + (isfinite(x) ? x : 0);
}

static void svg_fragment(sharc_buf *out, const sharc_pipeline_sim *s,
                         const sharc_pipeline_fragment *f) {
  double x0 = svg_x(s, f->start), x1 = svg_x(s, f->end);
  double y = SVG_TOP + f->mesh * SVG_ROW + (SVG_ROW - SVG_BAR) / 2.0;
  const char *fill = stage_fills[(f->stage < 0 ? 0 : f->stage) % 8];
  bool backward = f->kind == SHARC_PIPELINE_BACKWARD;
  sharc_buf_printf(out,
                   "<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%d\" fill=\"%s\" "
                   "fill-opacity=\"%s\" stroke=\"#222\" stroke-width=\"0.5\"%s><title>",
                   x0, y, x1 - x0, SVG_BAR, f->kind == SHARC_PIPELINE_OTHER ? "#bbbbbb" : fill,
                   backward ? "0.55" : "1", backward ? " stroke-dasharray=\"3,2\"" : "");
  sharc_report_put_xml_text(out, f->name);
  sharc_buf_printf(out, " microbatch %lld %s</title></rect>\n", (long long)f->microbatch,
                   kind_name(f->kind));
  if (x1 - x0 < 16 || f->microbatch < 0)
    return;
  sharc_buf_printf(out,
                   "<text x=\"%.2f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\">%c%lld"
                   "</text>\n",
                   (x0 + x1) / 2, y + SVG_BAR / 2.0 + 3.5, backward ? 'B' : 'F',
                   (long long)f->microbatch);
}

static void svg_transfer(sharc_buf *out, const sharc_pipeline_sim *s,
                         const sharc_pipeline_transfer *t) {
  double y0 = SVG_TOP + t->from * SVG_ROW + SVG_ROW / 2.0;
  double y1 = SVG_TOP + t->to * SVG_ROW + SVG_ROW / 2.0;
  sharc_buf_printf(out,
                   "<line x1=\"%.2f\" y1=\"%.1f\" x2=\"%.2f\" y2=\"%.1f\" stroke=\"#d62728\" "
                   "stroke-width=\"1\" marker-end=\"url(#arrow)\"><title>%lld bytes</title></line>\n",
                   svg_x(s, t->start), y0, svg_x(s, t->end), y1, (long long)t->bytes);
}

void sharc_pipeline_write_svg(const sharc_pipeline_sim *s, sharc_buf *out) {
  int height = SVG_TOP + (int)s->num_meshes * SVG_ROW + 30;
  sharc_buf_printf(out,
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                   "font-family=\"monospace\">\n"
                   "<defs><marker id=\"arrow\" markerWidth=\"6\" markerHeight=\"6\" refX=\"5\" "
                   "refY=\"3\" orient=\"auto\"><path d=\"M0,0 L6,3 L0,6 z\" fill=\"#d62728\"/>"
                   "</marker></defs>\n"
                   "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
                   SVG_LEFT + SVG_WIDTH + 20, height);
  sharc_buf_puts(out, "<text x=\"10\" y=\"20\" font-size=\"13\">schedule ");
  sharc_report_put_xml_text(out, s->schedule);
  sharc_buf_puts(out, ": makespan ");
  put_time(out, s->makespan, s->makespan);
  sharc_buf_printf(out, ", bubble %.1f%% (solid: forward, faded and dashed: backward, "
                        "red: transfers)</text>\n",
                   100 * sharc_pipeline_sim_bubble(s));
  for (unsigned m = 0; m < s->num_meshes; m++) {
    sharc_buf_printf(out, "<text x=\"10\" y=\"%.1f\" font-size=\"12\">",
                     SVG_TOP + m * SVG_ROW + SVG_ROW / 2.0 + 4);
    sharc_report_put_xml_text(out, s->meshes[m].name);
    sharc_buf_printf(out, "</text>\n<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>\n",
                     SVG_LEFT, SVG_TOP + (int)(m + 1) * SVG_ROW, SVG_LEFT + SVG_WIDTH,
                     SVG_TOP + (int)(m + 1) * SVG_ROW);
  }
  for (unsigned i = 0; i < s->num_fragments; i++)
    svg_fragment(out, s, &s->fragments[i]);
  for (unsigned i = 0; i < s->num_transfers; i++)
    if (s->transfers[i].from != s->transfers[i].to)
      svg_transfer(out, s, &s->transfers[i]);
  sharc_buf_puts(out, "</svg>\n");
}

/* ---- --compare ------------------------------------------------------------------------------ */

static void compare_json(const sharc_pipeline_sim *const *sims, const char *const *names,
                         const char *const *errors, unsigned n, const char *file,
                         sharc_buf *out) {
  sharc_buf_puts(out, "{\"file\": ");
  sharc_report_put_json_string(out, file ? file : "");
  sharc_buf_puts(out, ",\n \"schedules\": [");
  for (unsigned i = 0; i < n; i++) {
    sharc_buf_puts(out, i ? ",\n  {" : "\n  {");
    if (!sims[i]) {
      sharc_buf_puts(out, "\"schedule\": ");
      sharc_report_put_json_string(out, names[i]);
      sharc_buf_puts(out, ", \"error\": ");
      sharc_report_put_json_string(out, errors[i] ? errors[i] : "");
      sharc_buf_putc(out, '}');
      continue;
    }
    json_body(out, sims[i]);
    sharc_buf_puts(out, ", \"meshes\": [");
    for (unsigned m = 0; m < sims[i]->num_meshes; m++) {
      const sharc_pipeline_mesh *x = &sims[i]->meshes[m];
      sharc_buf_puts(out, m ? ", {\"name\": " : "{\"name\": ");
      sharc_report_put_json_string(out, x->name);
      json_num_field(out, "busy", x->busy);
      json_num_field(out, "bubble", x->bubble);
      sharc_buf_printf(out, ", \"peak_bytes\": %lld, \"peak_microbatches\": %u}",
                       (long long)x->peak_bytes, x->peak_microbatches);
    }
    sharc_buf_puts(out, "]}");
  }
  sharc_buf_puts(out, "]}\n");
}

void sharc_pipeline_write_compare(const sharc_pipeline_sim *const *sims, const char *const *names,
                                  const char *const *errors, unsigned n, bool json,
                                  const char *file, sharc_buf *out) {
  if (json) {
    compare_json(sims, names, errors, n, file, out);
    return;
  }
  double scale = 0;
  for (unsigned i = 0; i < n; i++)
    if (sims[i] && sims[i]->makespan > scale)
      scale = sims[i]->makespan;
  size_t start = out->len;
  sharc_buf_puts(out, "schedule");
  pad_to(out, start, 34);
  sharc_buf_puts(out, "makespan      bubble   peak/device  live microbatches\n");
  for (unsigned i = 0; i < n; i++) {
    start = out->len;
    sharc_buf_puts(out, names[i]);
    sharc_buf_putc(out, ' ');
    pad_to(out, start, 34);
    if (!sims[i]) {
      sharc_buf_puts(out, "does not apply: ");
      sharc_buf_puts(out, errors[i] ? errors[i] : "");
      sharc_buf_putc(out, '\n');
      continue;
    }
    unsigned live = 0;
    for (unsigned m = 0; m < sims[i]->num_meshes; m++)
      if (sims[i]->meshes[m].peak_microbatches > live)
        live = sims[i]->meshes[m].peak_microbatches;
    put_time(out, sims[i]->makespan, scale);
    pad_to(out, start, 48);
    sharc_buf_printf(out, "%.1f%%", 100 * sharc_pipeline_sim_bubble(sims[i]));
    pad_to(out, start, 57);
    sharc_report_put_bytes(out, sharc_pipeline_sim_peak_bytes(sims[i]));
    pad_to(out, start, 70);
    sharc_buf_printf(out, "%u\n", live);
  }
}
