/* `sharc verify`'s check of the report's collective runs against a run
 * (src/report/verify_figures.c), inside a loop: a program with a gather in
 * a loop of 3 iterations is partitioned with its figures recorded and run
 * on 4 devices with the collectives counted, then checked as it ran and
 * with the counts or the report's `runs` edited as a run that disagrees
 * with its report would have them: a collective of the loop that no
 * device ran, one that one device ran less often than the others (with a
 * static trip count and with an unknown one), one in a branch that may run
 * less often than its `runs`, and one that ran less often outside a branch. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "report/partition_figures.h"
#include "sharc/asm.h"
#include "sharc/verify.h"

enum { DEVICES = 4 };

static const char program[] =
    "sdy.mesh @mesh = <[\"x\"=4]>\n"
    "func.func @main(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{\"x\"}]>}) "
    "-> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{\"x\"}]>}) {\n"
    "  %c0 = stablehlo.constant dense<0> : tensor<i64>\n"
    "  %0:2 = stablehlo.while(%i = %c0, %v = %arg0) : tensor<i64>, tensor<8xi32>\n"
    "   cond {\n"
    "    %c3 = stablehlo.constant dense<3> : tensor<i64>\n"
    "    %p = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
    "    stablehlo.return %p : tensor<i1>\n"
    "  } do {\n"
    "    %c1 = stablehlo.constant dense<1> : tensor<i64>\n"
    "    %n = stablehlo.add %i, %c1 : tensor<i64>\n"
    "    %r = sdy.sharding_constraint %v <@mesh, [{}]> : tensor<8xi32>\n"
    "    %w = stablehlo.add %r, %r : tensor<8xi32>\n"
    "    stablehlo.return %n, %w : tensor<i64>, tensor<8xi32>\n"
    "  }\n"
    "  return %0#1 : tensor<8xi32>\n"
    "}\n";

typedef struct run {
  sharc_context *ctx;
  sharc_op *module;
  sharc_partition *p;
  sharc_tensor *args[DEVICES], *results[DEVICES];
  sharc_verify_counts counts;
} run;

static bool start(run *r) {
  memset(r, 0, sizeof *r);
  r->ctx = sharc_context_create();
  sharc_context_load_dialect(r->ctx, "stablehlo");
  sharc_context_load_dialect(r->ctx, "sdy");
  r->module = sharc_parse_source(r->ctx, "test", program, strlen(program));
  if (!r->module || !sharc_verify(r->module))
    return false;
  sharc_partition_options po = sharc_partition_options_default();
  po.record_figures = true;
  r->p = sharc_partition_module(r->module, &po);
  if (!r->p || sharc_partition_num_devices(r->p) != DEVICES)
    return false;
  static const char *const blocks[DEVICES] = {"dense<[1, 2]> : tensor<2xi32>",
                                              "dense<[3, 4]> : tensor<2xi32>",
                                              "dense<[-1, 0]> : tensor<2xi32>",
                                              "dense<[2, -3]> : tensor<2xi32>"};
  for (unsigned d = 0; d < DEVICES; d++) {
    sharc_attr *a = sharc_parse_attr_text(r->ctx, (sharc_str){blocks[d], strlen(blocks[d])});
    r->args[d] = a ? sharc_tensor_from_attr(r->ctx, a) : NULL;
    if (!r->args[d])
      return false;
  }
  sharc_verify_counts_init(&r->counts, DEVICES);
  sharc_interpret_options io = {0};
  io.on_collective = sharc_verify_count;
  io.on_collective_user = &r->counts;
  return sharc_interpret_parallel(r->module, (unsigned)sharc_partition_replica_count(r->p),
                                  (unsigned)sharc_partition_partition_count(r->p), r->args,
                                  DEVICES, &io, r->results, DEVICES);
}

static void finish(run *r) {
  sharc_verify_counts_free(&r->counts);
  for (unsigned d = 0; d < DEVICES; d++) {
    sharc_tensor_release(r->args[d]);
    sharc_tensor_release(r->results[d]);
  }
  sharc_partition_destroy(r->p);
  if (r->module)
    sharc_op_erase(r->module);
  sharc_context_destroy(r->ctx);
}

/* The report's gather inside the loop, which runs 3 times. */
static sharc_figure_collective *loop_collective(run *r, unsigned *index) {
  sharc_partition_figures *f = (sharc_partition_figures *)sharc_partition_figures_of(r->p);
  for (unsigned i = 0; f && i < f->num_collectives; i++)
    if (f->collectives[i].executions == 3 && strcmp(f->collectives[i].kind, "all_gather") == 0) {
      *index = i;
      return &f->collectives[i];
    }
  return NULL;
}

/* The run's counts without the runs of collective `index` on the devices
 * whose bit is set in `devices`, and with only the first `keep` runs of
 * each of its ops on the others (keep < 0: all of them). */
static void edited(run *r, unsigned index, unsigned devices, int keep, sharc_verify_counts *out) {
  const sharc_partition_figures *f = sharc_partition_figures_of(r->p);
  sharc_verify_counts_init(out, DEVICES);
  for (unsigned d = 0; d < DEVICES; d++) {
    sharc_ptrmap kept = {0}; /* op -> its runs kept so far */
    const sharc_count_vec *v = &r->counts.per_device[d];
    for (unsigned i = 0; i < v->len; i++) {
      const sharc_op *op = v->items[i].op;
      bool ours = (uintptr_t)sharc_ptrmap_get(&f->origin, op) == index + 1;
      intptr_t n = (intptr_t)sharc_ptrmap_get(&kept, op);
      if (ours && ((devices >> d & 1) || (keep >= 0 && n >= keep)))
        continue;
      sharc_ptrmap_put(&kept, op, (void *)(n + 1));
      sharc_vec_push(&out->per_device[d], v->items[i]);
    }
    sharc_ptrmap_free(&kept);
  }
}

/* Checks the figures against `counts`: whether they agree, and the text. */
static bool check(run *r, const sharc_verify_counts *counts, sharc_buf *text) {
  text->len = 0;
  bool ok = sharc_verify_figures(r->p, counts, r->args, 1, r->results, 1, false, text);
  sharc_buf_putc(text, '\0');
  return ok;
}

static bool has(const sharc_buf *text, const char *what) {
  bool found = text->data && strstr(text->data, what);
  if (!found)
    fprintf(stderr, "no '%s' in:\n%s\n", what, text->data ? text->data : "");
  return found;
}

static void test_loop_runs(void) {
  run r;
  bool ran = start(&r);
  CHECK(ran);
  unsigned index = 0;
  sharc_figure_collective *c = ran ? loop_collective(&r, &index) : NULL;
  CHECK(c != NULL);
  if (!c) {
    finish(&r);
    return;
  }
  sharc_buf text = {0};
  sharc_verify_counts e;

  /* as it ran: every figure agrees */
  CHECK(check(&r, &r.counts, &text));

  /* no device ran the loop's gather, whose report says 3 runs */
  edited(&r, index, (1u << DEVICES) - 1, -1, &e);
  CHECK(!check(&r, &e, &text));
  CHECK(has(&text, "was not run by the partitioned program"));
  sharc_verify_counts_free(&e);

  /* device 1 ran it twice, the others 3 times */
  sharc_verify_counts one;
  sharc_verify_counts_init(&one, DEVICES);
  for (unsigned d = 0; d < DEVICES; d++) {
    sharc_verify_counts part;
    edited(&r, index, 0, d == 1 ? 2 : -1, &part);
    sharc_vec_free(&one.per_device[d]);
    one.per_device[d] = part.per_device[d];
    part.per_device[d] = (sharc_count_vec){0};
    sharc_verify_counts_free(&part);
  }
  CHECK(!check(&r, &one, &text));
  CHECK(has(&text, "ran 3 times on device 0 and 2 times on device 1"));

  /* the same with a loop of unknown trip count: the devices still disagree */
  c->executions = -1;
  CHECK(!check(&r, &one, &text));
  CHECK(has(&text, "ran 3 times on device 0 and 2 times on device 1"));
  /* and with every device's 3 runs, an unknown count agrees */
  CHECK(check(&r, &r.counts, &text));
  sharc_verify_counts_free(&one);

  /* the report says 5 runs: a branch may have skipped two, a loop not */
  c->executions = 5;
  c->in_branch = true;
  CHECK(check(&r, &r.counts, &text));
  c->in_branch = false;
  CHECK(!check(&r, &r.counts, &text));
  CHECK(has(&text, "runs 5 times, every device ran it 3 times"));
  /* in a branch, more runs than the report's are still a mismatch */
  c->executions = 2;
  c->in_branch = true;
  CHECK(!check(&r, &r.counts, &text));
  CHECK(has(&text, "runs 2 times, every device ran it 3 times"));

  sharc_buf_free(&text);
  finish(&r);
}

int main(void) {
  test_loop_runs();
  return check_summary("verify_figures");
}
