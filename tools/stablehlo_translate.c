/* stablehlo-translate: StableHLO's translation driver. `--interpret` runs
 * the module's entry function in the interpreter (src/interpret) and prints
 * its results; the translations and the options are tables, so that more
 * (`--serialize`, `--deserialize`, ...) are one row each. Flags follow LLVM's
 * cl conventions: `-name`, `--name`, `--name=value`, `--name value`. */
#define _POSIX_C_SOURCE 200809L /* fileno, isatty */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opt_main.h"
#include "dialect/vhlo/vhlo.h"
#include "sharc/asm.h"
#include "support/xalloc.h"
#include "sharc/pass.h"
#include "sharc/interpret.h"
#include "sharc/verify.h"
#include "support/input.h"

typedef struct translate_opts {
  const char *input;
  const char *output;
  const char *split_marker; /* NULL: no splitting */
  const char *args;
  const char *probe_dir;
  bool print_dense;
  bool allow_unregistered;
  const char *target;         /* --target: the version to serialize to */
  bool strip_debuginfo;       /* --strip-debuginfo */
  bool print_version;         /* --print-stablehlo-version */
  bool allow_other_dialects;  /* --allow-other-dialects */
  bool print_op_on_diag;      /* accepted; MlirTranslateMain overrides it */
  bool help;
  const struct translation *translation;
} translate_opts;

/* One translation: parses each chunk, then `run` writes to `out`. */
typedef struct translation {
  const char *flag;
  const char *description;
  const char *const *dialects;
  const sharc_dialect_registry *registry; /* the real translation's */
  bool (*run)(sharc_op *module, const translate_opts *o, sharc_buf *out);
} translation;

/* ---- --interpret ------------------------------------------------------------- */

static const char args_usage[] = "--args=[dense<1> : tensor<2xi32>, ...]";

static bool parse_args(sharc_context *ctx, const char *text, sharc_tensor ***args, unsigned *n) {
  *args = NULL;
  *n = 0;
  if (!text || !*text)
    return true;
  sharc_attr *a = sharc_parse_attr_text(ctx, sharc_str_from_cstr(text));
  if (!a || sharc_attr_get_kind(a) != SHARC_ATTR_ARRAY) {
    sharc_emit(ctx, SHARC_SEV_ERROR, sharc_loc_unknown(ctx),
               "expectected array attribute string for args, i.e. %s", args_usage);
    return false;
  }
  unsigned count = sharc_attr_count(a);
  sharc_tensor **v = sharc_xcalloc(count ? count : 1, sizeof *v);
  for (unsigned i = 0; i < count; i++) {
    sharc_attr *e = sharc_attr_at(a, i);
    v[i] = sharc_attr_get_kind(e) == SHARC_ATTR_DENSE_ELEMENTS ? sharc_tensor_from_attr(ctx, e)
                                                                : NULL;
    if (!v[i]) {
      for (unsigned j = 0; j < i; j++)
        sharc_tensor_release(v[j]);
      free(v);
      sharc_emit(ctx, SHARC_SEV_ERROR, sharc_loc_unknown(ctx),
                 "expected dense elements attribute for args elements, i.e. %s", args_usage);
      return false;
    }
  }
  *args = v;
  *n = count;
  return true;
}

static bool run_interpret(sharc_op *module, const translate_opts *o, sharc_buf *out) {
  sharc_context *ctx = sharc_op_context(module);
  sharc_tensor **args;
  unsigned n_args;
  if (!parse_args(ctx, o->args, &args, &n_args))
    return false;
  sharc_interpret_options io = {.entry = "main", .print_out = out, .probe_dir = o->probe_dir};
  sharc_tensor **res = NULL;
  unsigned n_res = 0;
  bool ok = sharc_interpret_module(module, args, n_args, &io, &res, &n_res);
  for (unsigned i = 0; i < n_args; i++)
    sharc_tensor_release(args[i]);
  free(args);
  for (unsigned i = 0; i < n_res; i++) {
    sharc_tensor_print(ctx, res[i], o->print_dense, out);
    sharc_buf_putc(out, '\n');
    sharc_tensor_release(res[i]);
  }
  free(res);
  return ok;
}

static const char *const interpret_dialects[] = {"func", "quant", "check", "interpreter",
                                                 "stablehlo", NULL};
static const char *const interpret_registered[] = {"builtin", "check", "func", "interpreter",
                                                   "quant", "stablehlo", NULL};
static const sharc_dialect_registry interpret_registry = {interpret_registered, NULL};

/* ---- --serialize / --deserialize ------------------------------------------------ */

/* Runs `flag{options}` passes in order on the module, as StableHLO's
 * serializePortableArtifact / deserializePortableArtifact run theirs. */
static bool run_passes(sharc_op *module, const char *const *flags, const char *const *options) {
  sharc_pipeline_flags pf = {0};
  pf.tool_mask = SHARC_TOOL_STABLEHLO_OPT;
  pf.tool_name = "stablehlo-translate";
  sharc_pipeline *pl = sharc_pipeline_create(&pf);
  sharc_buf err = {0};
  bool ok = true;
  for (unsigned i = 0; ok && flags[i]; i++)
    ok = sharc_pipeline_add(pl, flags[i], options[i], &err);
  if (!ok)
    sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, sharc_loc_unknown(sharc_op_context(module)),
               "%s", err.data ? err.data : "");
  ok = ok && sharc_pipeline_run(pl, module);
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
  return ok;
}

/* The artifact (serializePortableArtifact): the module in VHLO at the target
 * version, as MLIR bytecode with VHLO's encodings, producer
 * "StableHLO_v<target>" and the bytecode version of that StableHLO release.
 * Its locations are kept unless --strip-debuginfo. */
static bool run_serialize(sharc_op *module, const translate_opts *o, sharc_buf *out) {
  char target[64];
  const char *t = o->target ? o->target : "";
  if (strcmp(t, "current") == 0) {
    sharc_vhlo_version_format(sharc_vhlo_current_version(), target, sizeof target);
    t = target;
  }
  char legalize_opts[64], version_opts[128];
  snprintf(legalize_opts, sizeof legalize_opts, "allow-other-dialects=%s",
           o->allow_other_dialects ? "true" : "false");
  snprintf(version_opts, sizeof version_opts, "target=%s", t);
  if (o->strip_debuginfo) {
    const char *const strip[] = {"strip-debuginfo", NULL};
    const char *const none[] = {NULL, NULL};
    if (!run_passes(module, strip, none))
      return false;
  }
  const char *const flags[] = {"stablehlo-legalize-to-vhlo", "vhlo-to-version", NULL};
  const char *const options[] = {legalize_opts, version_opts, NULL};
  if (!run_passes(module, flags, options))
    return false;
  sharc_vhlo_version v;
  sharc_vhlo_version_parse(sharc_str_from_cstr(t), &v); /* vhlo-to-version checked it */
  char producer[80];
  snprintf(producer, sizeof producer, "StableHLO_v%s", t);
  sharc_bytecode_options bo = {sharc_vhlo_bytecode_version(v), producer, false};
  return sharc_write_bytecode(module, &bo, out);
}

/* The StableHLO version a bytecode artifact was produced by: the producer
 * string "StableHLO_vX.Y.Z" right after the magic number and the version. */
static bool is_bytecode(const char *data, size_t len) {
  return len >= 4 && memcmp(data, "ML\xefR", 4) == 0;
}

static bool artifact_version(const char *data, size_t len, sharc_vhlo_version *out) {
  if (len < 19 || !is_bytecode(data, len))
    return false;
  const char *end = memchr(data, 0, len);
  if (!end)
    return false;
  static const char header[] = "StableHLO_v";
  for (const char *p = data; p + sizeof header - 1 <= end; p++)
    if (memcmp(p, header, sizeof header - 1) == 0) {
      const char *v = p + sizeof header - 1;
      return sharc_vhlo_version_parse((sharc_str){v, (size_t)(end - v)}, out);
    }
  return false;
}

static bool run_deserialize(sharc_op *module, const translate_opts *o, sharc_buf *out) {
  (void)o;
  const char *const flags[] = {"stablehlo-deserialize", NULL};
  const char *const options[] = {NULL, NULL};
  if (!run_passes(module, flags, options))
    return false;
  sharc_print_flags pf = {0};
  sharc_print_op(module, &pf, out);
  return true;
}

static const char *const serialization_dialects[] = {
    "func", "quant", "check", "interpreter", "stablehlo", "chlo", "vhlo", "tensor", "arith",
    "complex", NULL};

/* MLIR's and StableHLO's registerAllDialects: stablehlo-opt's without its
 * check and interpreter dialects (fill_serialization_registry) */
static const char *serialization_registered[64];
static const sharc_dialect_registry serialization_registry = {serialization_registered, NULL};

static void fill_serialization_registry(void) {
  size_t n = 0;
  for (const char *const *d = sharc_stablehlo_opt_dialects; *d && n + 1 < 64; d++)
    if (strcmp(*d, "check") != 0 && strcmp(*d, "interpreter") != 0)
      serialization_registered[n++] = *d;
  serialization_registered[n] = NULL;
}

static const translation translations[] = {
    {"interpret", "Interpreter for StableHLO", interpret_dialects, &interpret_registry,
     run_interpret},
    {"serialize", "Serialize StableHLO program into a portable artifact", serialization_dialects,
     &serialization_registry, run_serialize},
    {"deserialize", "Deserialize a portable artifact into a StableHLO program",
     serialization_dialects, &serialization_registry, run_deserialize},
};

/* ---- options ------------------------------------------------------------------- */

typedef enum flag_kind { FLAG_BOOL, FLAG_VALUE, FLAG_OPTIONAL_VALUE } flag_kind;

typedef struct flag_def {
  const char *name;
  flag_kind kind;
  size_t field; /* offset in translate_opts: bool or const char * */
  const char *help;
} flag_def;

#define FIELD(f) offsetof(translate_opts, f)

static const flag_def flags[] = {
    {"o", FLAG_VALUE, FIELD(output), "Output filename"},
    {"split-input-file", FLAG_OPTIONAL_VALUE, FIELD(split_marker),
     "Split the input file into chunks using the given or default marker and process each "
     "chunk independently"},
    {"args", FLAG_VALUE, FIELD(args), "Arguments to pass to the interpreter"},
    {"interpreter-print-dense", FLAG_BOOL, FIELD(print_dense),
     "Print interpreter results as dense attributes"},
    {"probe-output-dir", FLAG_VALUE, FIELD(probe_dir),
     "Directory for storing instrumented tensor values"},
    {"allow-unregistered-dialect", FLAG_BOOL, FIELD(allow_unregistered),
     "Allow operation with no registered dialects"},
    {"target", FLAG_VALUE, FIELD(target), "Target version for serialization"},
    {"strip-debuginfo", FLAG_BOOL, FIELD(strip_debuginfo), "Strip debug info from all operations"},
    {"print-stablehlo-version", FLAG_BOOL, FIELD(print_version),
     "When deserializing a portable artifact, print the StableHLO version"},
    {"allow-other-dialects", FLAG_BOOL, FIELD(allow_other_dialects),
     "Allow mixed dialect in serialization"},
    {"mlir-print-op-on-diagnostic", FLAG_BOOL, FIELD(print_op_on_diag),
     "When a diagnostic is emitted on an operation, also print the operation as an attached "
     "note"},
    {"help", FLAG_BOOL, FIELD(help), "Display available options"},
};

static void print_help(void) {
  puts("OVERVIEW: StableHLO interpreter driver\n");
  puts("USAGE: stablehlo-translate [options] <input file>\n");
  puts("OPTIONS:\n");
  puts("  Translations to perform:");
  for (size_t i = 0; i < sizeof translations / sizeof translations[0]; i++)
    printf("      --%-30s - %s\n", translations[i].flag, translations[i].description);
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
    printf("  --%-34s - %s\n", flags[i].name, flags[i].help);
}

static bool bool_value(const char *v, bool *out) {
  if (!v || !strcmp(v, "true") || !strcmp(v, "TRUE") || !strcmp(v, "True") || !strcmp(v, "1"))
    return *out = true, true;
  if (!strcmp(v, "false") || !strcmp(v, "FALSE") || !strcmp(v, "False") || !strcmp(v, "0"))
    return *out = false, true;
  return false;
}

static bool apply_flag(const flag_def *f, const char *v, translate_opts *o, int *i, int argc,
                       char **argv, sharc_buf *err) {
  char *base = (char *)o + f->field;
  switch (f->kind) {
  case FLAG_BOOL:
    if (!bool_value(v, (bool *)base)) {
      sharc_buf_printf(err,
                       "stablehlo-translate: for the --%s option: '%s' is invalid value for "
                       "boolean argument! Try 0 or 1\n",
                       f->name, v);
      return false;
    }
    return true;
  case FLAG_OPTIONAL_VALUE:
    *(const char **)base = v && *v ? v : "// -----";
    return true;
  case FLAG_VALUE:
    if (!v) {
      if (*i + 1 >= argc) {
        sharc_buf_printf(err, "stablehlo-translate: for the --%s option: requires a value!\n",
                         f->name);
        return false;
      }
      v = argv[++*i];
    }
    *(const char **)base = v;
    return true;
  }
  return false;
}

static bool parse_command_line(int argc, char **argv, translate_opts *o, sharc_buf *err) {
  bool positional_only = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (positional_only || a[0] != '-' || !a[1]) {
      if (o->input) {
        sharc_buf_printf(err, "stablehlo-translate: Too many positional arguments specified!\n"
                              "Can specify at most 1 positional arguments: See: "
                              "stablehlo-translate --help\n");
        return false;
      }
      o->input = a;
      continue;
    }
    if (!strcmp(a, "--")) {
      positional_only = true;
      continue;
    }
    const char *name = a + (a[1] == '-' ? 2 : 1);
    const char *eq = strchr(name, '=');
    size_t n = eq ? (size_t)(eq - name) : strlen(name);
    const char *v = eq ? eq + 1 : NULL;
    bool found = false;
    for (size_t t = 0; !found && t < sizeof translations / sizeof translations[0]; t++) {
      if (strlen(translations[t].flag) != n || strncmp(name, translations[t].flag, n) != 0)
        continue;
      found = true;
      if (o->translation && o->translation != &translations[t]) {
        sharc_buf_printf(err, "stablehlo-translate: Translation to perform option: may only "
                              "occur zero or one times!\n");
        return false;
      }
      o->translation = &translations[t];
    }
    for (size_t f = 0; !found && f < sizeof flags / sizeof flags[0]; f++) {
      if (strlen(flags[f].name) != n || strncmp(name, flags[f].name, n) != 0)
        continue;
      found = true;
      if (!apply_flag(&flags[f], v, o, &i, argc, argv, err))
        return false;
    }
    if (!found) {
      sharc_buf_printf(err,
                       "stablehlo-translate: Unknown command line argument '%s'.  Try: "
                       "'stablehlo-translate --help'\n",
                       a);
      return false;
    }
  }
  if (!o->help && !o->translation) {
    sharc_buf_printf(err, "stablehlo-translate: Translation to perform option: must be specified "
                          "at least one time!\n");
    return false;
  }
  return true;
}

/* ---- running ------------------------------------------------------------------------ */

static void print_diag(const sharc_diag *d, void *user) {
  void **u = user;
  sharc_diag_format_with_source(u[0], d, u[1]);
}

static bool run_chunk(const translate_opts *o, const char *name, sharc_line_table *lines,
                      const sharc_tool_chunk *c, sharc_buf *out, sharc_buf *err) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, o->allow_unregistered);
  for (const char *const *d = o->translation->dialects; *d; d++)
    sharc_context_load_dialect(ctx, *d);
  sharc_context_set_registry(ctx, o->translation->registry);
  sharc_context_add_source_table(ctx, name, lines, 1);
  void *user[2] = {ctx, err};
  sharc_context_set_diag_handler(ctx, print_diag, user);
  /* MlirTranslateMain: printOpOnDiagnostic(!verifyDiagnostics), whatever
   * -mlir-print-op-on-diagnostic says (it sets the context's option after
   * the command line) */
  sharc_context_set_print_op_on_diagnostic(ctx, true);
  sharc_op *module = sharc_parse_source_at(ctx, name, c->begin, c->len, c->line, c->col);
  if (!module && o->translation->run == run_deserialize) {
    char current[64];
    sharc_vhlo_version_format(sharc_vhlo_current_version(), current, sizeof current);
    sharc_emit(ctx, SHARC_SEV_ERROR, sharc_loc_unknown(ctx),
               "failed to deserialize portable artifact using StableHLO_v%s", current);
  }
  bool ok = module && sharc_verify(module);
  size_t mark = out->len;
  ok = ok && o->translation->run(module, o, out);
  if (!ok && out->data) {
    out->len = mark; /* no partial output of a failed chunk */
    out->data[mark] = 0;
  }
  sharc_diag_flush(ctx);
  sharc_context_destroy(ctx);
  return ok;
}

/* Whether the output goes to a file or a pipe rather than a terminal. */
static bool to_file_or_pipe(const char *path) {
  return (path && strcmp(path, "-") != 0) || !isatty(fileno(stdout));
}

static bool write_all(const char *path, const sharc_buf *b) {
  FILE *f = path && strcmp(path, "-") != 0 ? fopen(path, "wb") : stdout;
  if (!f)
    return false;
  bool ok = fwrite(b->data ? b->data : "", 1, b->len, f) == b->len;
  if (f != stdout)
    ok = fclose(f) == 0 && ok;
  else
    ok = fflush(f) == 0 && ok;
  return ok;
}

int main(int argc, char **argv) {
  fill_serialization_registry();
  translate_opts o = {0};
  sharc_buf err = {0}, out = {0};
  bool ok = parse_command_line(argc, argv, &o, &err);
  if (ok && o.help) {
    print_help();
    return 0;
  }
  if (!o.input)
    o.input = "-";
  sharc_input_text in = {NULL, 0, false};
  int e = 0;
  if (ok && (e = sharc_input_read(o.input, &in)) != 0) {
    sharc_buf_printf(&err, "cannot open input file '%s': %s\n", o.input, strerror(e));
    ok = false;
  }
  if (ok && o.translation && strcmp(o.translation->flag, "deserialize") == 0 && o.print_version) {
    sharc_vhlo_version v;
    char buf[64];
    if (artifact_version(in.data, in.len, &v)) {
      sharc_vhlo_version_format(v, buf, sizeof buf);
      sharc_buf_printf(&out, "// Reading portable artifact with StableHLO version: %s\n", buf);
    } else {
      sharc_buf_puts(&out, "// Failed parsing StableHLO version from portable artifact\n");
    }
  }
  if (ok) {
    const char *name = strcmp(o.input, "-") == 0 ? "<stdin>" : o.input;
    sharc_line_table *lines = sharc_line_table_create(in.data, in.len);
    sharc_tool_chunk *chunks = NULL;
    /* bytecode is one module: no markers to split it on */
    const char *marker = is_bytecode(in.data, in.len) ? NULL : o.split_marker;
    unsigned n = sharc_tool_split(name, in.data, in.len, lines, marker, &chunks, &err);
    for (unsigned i = 0; i < n; i++) {
      bool chunk_ok = run_chunk(&o, name, lines, &chunks[i], &out, &err);
      ok = ok && chunk_ok;
    }
    free(chunks);
    sharc_line_table_destroy(lines);
  }
  if (err.len)
    fwrite(err.data, 1, err.len, stderr);
  if (ok && o.translation && o.translation->run == run_serialize && !to_file_or_pipe(o.output)) {
    fputs("error: refusing to write MLIR bytecode to a terminal: redirect the output or use -o\n",
          stderr);
    ok = false;
    out.len = 0;
  }
  /* a failed run leaves no output file behind (ToolOutputFile is not kept) */
  bool to_file = o.output && strcmp(o.output, "-") != 0;
  if ((ok || !to_file) && !write_all(o.output, &out)) {
    fprintf(stderr, "error: could not write output file '%s'\n", o.output ? o.output : "-");
    ok = false;
  }
  sharc_buf_free(&err);
  sharc_buf_free(&out);
  sharc_input_free(&in);
  return ok ? 0 : 1;
}
