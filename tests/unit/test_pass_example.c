/* The example pass of docs/passes.md, compiled and run: the guide's code
 * must stay code that works. */
#include "check.h"
#include "sharc/asm.h"

#include <stdlib.h>

#include "dialect/func/func.h"
#include "pass/pass_registry.h"

typedef struct drop_options {
  const char *name;   /* SHARC_OPT_STRING */
  bool only_funcs;    /* SHARC_OPT_BOOL */
} drop_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(drop_options, name, "name", SHARC_OPT_STRING, "sdy.sharding",
                 "The attribute to drop"),
    SHARC_OPTION(drop_options, only_funcs, "only-funcs", SHARC_OPT_BOOL, "false",
                 "Only drop it from functions"),
};

typedef struct drop_state {
  const drop_options *opts;
  sharc_rewriter rw;
} drop_state;

static sharc_walk_result drop(sharc_op *op, void *user) {
  drop_state *st = user;
  if (st->opts->only_funcs && !sharc_op_isa(op, &sharc_func_func_def))
    return SHARC_WALK_ADVANCE;
  if (sharc_op_attr(op, st->opts->name))
    sharc_rw_set_attr(&st->rw, op, st->opts->name, NULL);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  drop_state st = {opts, {0}};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk(module, SHARC_PRE_ORDER, drop, &st);
  return true;
}

const sharc_pass_def sharc_pass_sdy_example_drop_attr = {
    .flag = "sdy-example-drop-attr",
    .display_name = "ExampleDropAttrPass",     /* what -mlir-timing and IR dumps print */
    .summary = "Removes a discardable attribute from every op.",
    .anchor = "builtin.module",                /* or "func.func", or NULL for any op */
    SHARC_OPTIONS(options),
    .options_size = sizeof(drop_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

static const char text[] =
    "func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {foo = 3 : i64} {\n"
    "  %0 = \"t.op\"(%arg0) {foo = 4 : i64, bar = 5 : i64} : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n";

static char *run_with(const drop_options *options) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, true);
  sharc_op *m = sharc_parse_source(ctx, "t.mlir", text, sizeof text - 1);
  sharc_pipeline *pl = sharc_pipeline_create(NULL);
  sharc_buf err = {0}, out = {0};
  CHECK(sharc_pm_add_def(sharc_pipeline_root(pl), &sharc_pass_sdy_example_drop_attr, options,
                         &err));
  CHECK(sharc_pipeline_run(pl, m));
  sharc_print_flags flags = {0};
  sharc_print_op(m, &flags, &out);
  sharc_pipeline_destroy(pl);
  sharc_buf_free(&err);
  sharc_context_destroy(ctx);
  return out.data;
}

static void test_example_pass(void) {
  drop_options all_ops = {"foo", false}, funcs_only = {"foo", true};
  char *all = run_with(&all_ops);
  CHECK(all && !strstr(all, "foo ="));
  CHECK(all && strstr(all, "bar = 5"));
  free(all);
  char *funcs = run_with(&funcs_only);
  CHECK(funcs && strstr(funcs, "foo = 4") && !strstr(funcs, "foo = 3"));
  free(funcs);
}

int main(void) {
  test_example_pass();
  return check_summary("test_pass_example");
}
