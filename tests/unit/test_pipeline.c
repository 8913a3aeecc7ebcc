/* Unit tests of the MPMD pipeline report (include/sharc/pipeline.h): the
 * schedule names, the cost model worked out by hand on one fragment and
 * one transfer, pipeline theory on uniform stages with free transfers
 * (GPipe and 1F1B bubbles (p-1)/(m+p-1), 1F1B holding at most p
 * microbatches of activations per mesh and GPipe m), the figures agreeing
 * with each other, and errors reported to the context. */
#include "check.h"

#include "sharc/asm.h"
#include "sharc/pipeline.h"
#include "sharc/verify.h"

#include <math.h>
#include <stdlib.h>

enum { BATCH = 8, WIDTH = 16 };

/* One training step of `p` stages on `p` meshes of 2 devices, called `m`
 * times by @main (mpmd.call with call_counter), every result returned so
 * that all microbatches cost the same. */
static void program(unsigned p, unsigned m, sharc_buf *out) {
  const char *act = "tensor<8x16xf32>", *wt = "tensor<16x16xf32>";
  sharc_buf sig = {0}, res = {0}, topo = {0};
  for (unsigned s = 0; s < p; s++) {
    sharc_buf_printf(&sig, "%%w%u: %s, ", s, wt);
    sharc_buf_printf(&res, "%s, ", wt);
    sharc_buf_printf(&topo, "%s<\"m%u\" : <[\"x\"=2]>>", s ? ", " : "", s);
  }
  sharc_buf_printf(&sig, "%%x: %s", act);
  sharc_buf_printf(&res, "%s", act);
  sharc_buf_printf(out, "module {\n  func.func private @step(%s) -> (%s) {\n", sig.data, res.data);
  const char *h = "%x";
  char hbuf[32], gbuf[32];
  for (unsigned s = 0; s < p; s++) {
    sharc_buf_printf(out,
                     "    %%f%u:2 = mpmd.named_computation<\"s%u\"> (%s, %%w%u) (%%a: %s, %%b: %s) {\n"
                     "      %%z = stablehlo.dot_general %%a, %%b, contracting_dims = [1] x [0] : "
                     "(%s, %s) -> %s\n"
                     "      %%h = stablehlo.tanh %%z : %s\n"
                     "      mpmd.return %%h, %%z : %s, %s\n"
                     "    } : (%s, %s) -> (%s, %s)\n",
                     s, s, h, s, act, wt, act, wt, act, act, act, act, act, wt, act, act);
    snprintf(hbuf, sizeof hbuf, "%%f%u#0", s);
    h = hbuf;
  }
  snprintf(gbuf, sizeof gbuf, "%s", h);
  for (unsigned k = p; k-- > 0;) {
    char hin[32];
    snprintf(hin, sizeof hin, k ? "%%f%u#0" : "%%x", k - 1);
    sharc_buf_printf(out,
                     "    %%b%u:2 = mpmd.named_computation<\"s%u\"(1)> (%s, %%f%u#1, %s, %%w%u) "
                     "(%%g: %s, %%z: %s, %%hin: %s, %%w: %s) {\n"
                     "      %%d = stablehlo.multiply %%g, %%z : %s\n"
                     "      %%dx = stablehlo.dot_general %%d, %%w, contracting_dims = [1] x [1] : "
                     "(%s, %s) -> %s\n"
                     "      %%dw = stablehlo.dot_general %%hin, %%d, contracting_dims = [0] x [0] : "
                     "(%s, %s) -> %s\n"
                     "      mpmd.return %%dx, %%dw : %s, %s\n"
                     "    } : (%s, %s, %s, %s) -> (%s, %s)\n",
                     k, k, gbuf, k, hin, k, act, act, act, wt, act, act, wt, act, act, act, wt, act,
                     wt, act, act, act, wt, act, wt);
    snprintf(gbuf, sizeof gbuf, "%%b%u#0", k);
  }
  sharc_buf_puts(out, "    return ");
  for (unsigned s = 0; s < p; s++)
    sharc_buf_printf(out, "%%b%u#1, ", s);
  sharc_buf_printf(out, "%s : %s\n  }\n", gbuf, res.data);
  sharc_buf_printf(out, "  func.func public @main(%s) -> (", sig.data);
  for (unsigned c = 0; c < m; c++)
    sharc_buf_printf(out, "%s%s", c ? ", " : "", res.data);
  sharc_buf_printf(out, ") attributes {topology = #mpmd.topology<%s>} {\n", topo.data);
  for (unsigned c = 0; c < m; c++) {
    sharc_buf_printf(out, "    %%c%u:%u = mpmd.call @step(", c, p + 1);
    for (unsigned s = 0; s < p; s++)
      sharc_buf_printf(out, "%%w%u, ", s);
    sharc_buf_printf(out, "%%x) {call_counter = %u : ui32} : (", c);
    for (unsigned s = 0; s < p; s++)
      sharc_buf_printf(out, "%s, ", wt);
    sharc_buf_printf(out, "%s) -> (%s)\n", act, res.data);
  }
  sharc_buf_puts(out, "    return ");
  for (unsigned c = 0; c < m; c++)
    for (unsigned r = 0; r <= p; r++)
      sharc_buf_printf(out, "%s%%c%u#%u", c || r ? ", " : "", c, r);
  sharc_buf_puts(out, " : ");
  for (unsigned c = 0; c < m; c++)
    sharc_buf_printf(out, "%s%s", c ? ", " : "", res.data);
  sharc_buf_puts(out, "\n  }\n}\n");
  sharc_buf_free(&sig);
  sharc_buf_free(&res);
  sharc_buf_free(&topo);
}

static void count_errors(const sharc_diag *d, void *user) {
  if (d->severity == SHARC_SEV_ERROR)
    ++*(unsigned *)user;
}

typedef struct run {
  sharc_context *ctx;
  sharc_op *module;
  unsigned errors;
} run;

static bool start(run *r, unsigned p, unsigned m, const char *assignment) {
  sharc_buf text = {0};
  program(p, m, &text);
  r->ctx = sharc_context_create();
  r->errors = 0;
  sharc_context_set_diag_handler(r->ctx, count_errors, &r->errors);
  sharc_context_load_dialect(r->ctx, "mpmd");
  sharc_context_load_dialect(r->ctx, "sdy");
  sharc_context_load_dialect(r->ctx, "stablehlo");
  r->module = sharc_parse_source(r->ctx, "pipeline.mlir", text.data, text.len);
  sharc_buf_free(&text);
  sharc_pipeline_options o = sharc_pipeline_options_default();
  o.assignment = assignment;
  return r->module && sharc_verify(r->module) && sharc_pipeline_import(r->module, &o);
}

static sharc_pipeline_sim *scheduled(run *r, const char *schedule) {
  sharc_pipeline_options o = sharc_pipeline_options_default();
  o.schedule = schedule;
  o.cost.link_latency = 0;
  o.cost.link_bandwidth = INFINITY;
  if (!sharc_pipeline_schedule(r->module, &o))
    return NULL;
  return sharc_pipeline_simulate(r->module, schedule, &o.cost);
}

static void test_schedule_names(void) {
  CHECK(sharc_pipeline_num_schedules() == 11);
  CHECK_STR(sharc_pipeline_schedule_name(2), "GPipe");
  CHECK(sharc_pipeline_find_schedule("gpipe") == 2);
  CHECK(sharc_pipeline_find_schedule("1f1b") == 1);
  CHECK(sharc_pipeline_find_schedule(NULL) == 1);
  CHECK(sharc_pipeline_find_schedule("2F2B") == -1);
  CHECK(sharc_pipeline_schedule_name(11) == NULL);
}

/* One forward fragment: 2 x 8 x 16 x 16 FLOPs over 2 devices and the
 * tanh's operand and result (512 B each) over 2; one activation transfer
 * of 8 x 16 x 4 bytes. */
static void test_cost_model(void) {
  run r;
  CHECK(start(&r, 2, 1, "s0@m0/0,s1@m1/1"));
  sharc_pipeline_options o = sharc_pipeline_options_default();
  CHECK(sharc_pipeline_schedule(r.module, &o));
  sharc_pipeline_sim *s = sharc_pipeline_simulate(r.module, "1F1B", &o.cost);
  CHECK(s != NULL);
  if (s) {
    const sharc_pipeline_fragment *f = &s->fragments[0];
    CHECK_STR(f->name, "s0");
    CHECK(f->kind == SHARC_PIPELINE_FORWARD && f->stage == 0 && f->microbatch == 0);
    CHECK(f->flops == 2.0 * BATCH * WIDTH * WIDTH / 2);
    CHECK(f->bytes == 2.0 * BATCH * WIDTH * 4 / 2);
    double want = f->flops / o.cost.device_flops + f->bytes / o.cost.memory_bandwidth;
    CHECK(fabs((f->end - f->start) - want) < 1e-18);
    CHECK(s->num_transfers == 2);
    CHECK(s->transfers[0].from == 0 && s->transfers[0].to == 1);
    CHECK(s->transfers[0].bytes == BATCH * WIDTH * 4);
    double tx = o.cost.link_latency + (double)s->transfers[0].bytes_per_device / o.cost.link_bandwidth;
    CHECK(fabs((s->transfers[0].end - s->transfers[0].start) - tx) < 1e-15);
    CHECK(s->meshes[0].devices == 2 && s->meshes[0].fragments == 2);
    /* the parameters (w0 and x on m0) live throughout */
    CHECK(s->meshes[0].peak_parameter_bytes == (WIDTH * WIDTH + BATCH * WIDTH) * 4);
  }
  sharc_pipeline_sim_destroy(s);
  sharc_context_destroy(r.ctx);
}

static void check_theory(unsigned p, unsigned m, const char *schedule) {
  char assignment[256] = "";
  for (unsigned s = 0; s < p; s++)
    snprintf(assignment + strlen(assignment), sizeof assignment - strlen(assignment),
             "%ss%u@m%u/%u", s ? "," : "", s, s, s);
  run r;
  CHECK(start(&r, p, m, assignment));
  sharc_pipeline_sim *s = scheduled(&r, schedule);
  CHECK(s != NULL && r.errors == 0);
  if (!s) {
    sharc_context_destroy(r.ctx);
    return;
  }
  double want = (double)(p - 1) / (double)(m + p - 1);
  CHECK(s->num_meshes == p && s->microbatches == m && s->num_fragments == 2 * p * m);
  unsigned live = 0;
  for (unsigned i = 0; i < p; i++) {
    const sharc_pipeline_mesh *x = &s->meshes[i];
    CHECK(fabs(x->bubble - want) < 1e-9);
    CHECK(x->busy <= s->makespan);
    CHECK(fabs(x->bubble - (1 - x->busy / s->makespan)) < 1e-12);
    if (x->peak_microbatches > live)
      live = x->peak_microbatches;
  }
  if (schedule[0] == 'G')
    CHECK(live == m);
  else
    CHECK(live <= p && (m < p || live == p));
  CHECK(fabs(sharc_pipeline_sim_bubble(s) - want) < 1e-9);
  sharc_buf out = {0};
  sharc_pipeline_write_json(s, "pipeline.mlir", &out);
  CHECK(out.data && strstr(out.data, "\"makespan\": ") && strstr(out.data, "\"peak_bytes\": "));
  out.len = 0;
  sharc_pipeline_write_svg(s, &out);
  CHECK(out.data && strncmp(out.data, "<svg ", 5) == 0 && strstr(out.data, "</svg>\n"));
  out.len = 0;
  sharc_pipeline_write_text(s, 60, false, &out);
  CHECK(out.data && strstr(out.data, "timeline"));
  sharc_buf_free(&out);
  sharc_pipeline_sim_destroy(s);
  sharc_context_destroy(r.ctx);
}

static void test_errors(void) {
  run r;
  CHECK(start(&r, 2, 2, "s0@m0/0,s1@m1/1"));
  sharc_pipeline_options o = sharc_pipeline_options_default();
  o.schedule = "NoSuchSchedule";
  CHECK(!sharc_pipeline_schedule(r.module, &o) && r.errors == 1);
  sharc_context_destroy(r.ctx);
  /* a stage with no mesh: Shardy's error */
  CHECK(!start(&r, 2, 1, "s0@m0/0") && r.errors > 0);
  sharc_context_destroy(r.ctx);
  CHECK(!start(&r, 2, 1, "s0@m0/0,s1@nowhere/1") && r.errors > 0);
  sharc_context_destroy(r.ctx);
}

int main(void) {
  test_schedule_names();
  test_cost_model();
  check_theory(2, 4, "GPipe");
  check_theory(2, 4, "1F1B");
  check_theory(3, 5, "GPipe");
  check_theory(3, 5, "1F1B");
  check_theory(4, 2, "1F1B");
  test_errors();
  return check_summary("pipeline");
}
