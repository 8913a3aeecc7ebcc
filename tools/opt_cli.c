/* The command line of sdy_opt and mpmd_opt (see opt_cli.h): LLVM's cl
 * rules and messages, and mlir-opt's --help. */
#include "opt_cli.h"

#include "pass/pass_registry.h"
#include "support/edit_distance.h"
#include "support/xalloc.h"

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sharc_opt_print_help(const sharc_opt_tool *tool) {
  printf("OVERVIEW: %s\n\nUSAGE: %s [options] <input file>\n\nOPTIONS:\n\n", tool->description,
         tool->name);
  puts("  --allow-unregistered-dialect      - Allow operation with no registered dialects");
  puts("  --mlir-diagnostic-verbosity-level=<value> - Choose level of diagnostic information");
  puts("  --mlir-disable-diagnostic-notes   - Disable diagnostic notes.");
  puts("  --mlir-elide-elementsattrs-if-larger=<uint> - Elide ElementsAttrs with \"...\" that have more elements than the given upper limit");
  puts("  --mlir-elide-resource-strings-if-larger=<uint> - Elide printing value of resources if string is too long in chars.");
  puts("  --mlir-pass-statistics            - Display the statistics of each pass (sharc's passes keep none)");
  puts("  --mlir-pass-statistics-display=<value> - Display method for pass statistics");
  puts("  --mlir-print-debuginfo            - Print debug info in MLIR output");
  puts("  --mlir-print-elementsattrs-with-hex-if-larger=<long> - Print DenseElementsAttrs with a hex string that have more elements than the given upper limit (use -1 to disable)");
  puts("  --mlir-print-ir-after=<pass-arg>  - Print IR after specified passes");
  puts("  --mlir-print-ir-after-all         - Print IR after each pass");
  puts("  --mlir-print-ir-after-change      - When printing the IR after a pass, only print if the IR changed");
  puts("  --mlir-print-ir-after-failure     - When printing the IR after a pass, only print if the pass failed");
  puts("  --mlir-print-ir-before=<pass-arg> - Print IR before specified passes");
  puts("  --mlir-print-ir-before-all        - Print IR before each pass");
  puts("  --mlir-print-ir-module-scope      - When printing IR for print-ir-[before|after]{-all} always print the top-level operation");
  puts("  --mlir-print-local-scope          - Print with local scope and inline information (eliding aliases for attributes, types, and locations)");
  puts("  --mlir-print-op-generic           - Print the generic op form");
  puts("  --mlir-print-op-on-diagnostic     - When a diagnostic is emitted on an operation, also print the operation as an attached note");
  puts("  --mlir-print-skip-regions         - Skip regions when printing ops.");
  puts("  --mlir-print-unique-ssa-ids       - Print unique SSA ID numbers for values, block arguments and naming conflicts across all regions");
  puts("  --mlir-print-value-users          - Print users of operation results and block arguments as a comment");
  puts("  --mlir-pretty-debuginfo           - Print pretty debug info in MLIR output");
  puts("  --mlir-timing                     - Display execution times");
  puts("  --mlir-use-nameloc-as-prefix      - Print SSA IDs using NameLocs as prefixes");
  puts("  -o <filename>                     - Output filename");
  puts("  --output-split-marker=<string>    - Split marker to use for merging the ouput");
  puts("  --pass-pipeline=<string>          - Textual description of the pass pipeline to run");
  puts("  --split-input-file[=<string>]     - Split the input file into chunks using the given or default marker and process each chunk independently");
  puts("  --verify-diagnostics              - Check that emitted diagnostics match expected-* lines on the corresponding line");
  puts("  --verify-each                     - Run the verifier after each transformation pass");
  puts("  Passes and pass pipelines:");
  unsigned n, unimplemented = 0;
  const sharc_pass_def *const *defs = sharc_pass_registry(&n);
  for (unsigned i = 0; i < n; i++) {
    const sharc_pass_def *d = defs[i];
    if (!(d->tools & tool->tool_mask))
      continue;
    if (!sharc_pass_is_implemented(d)) {
      unimplemented++;
      continue;
    }
    printf("    --%-40s - %s\n", d->flag, d->summary);
    for (unsigned k = 0; k < d->num_options; k++)
      printf("      --%-38s - %s\n", d->options[k].name, d->options[k].description);
  }
  if (unimplemented)
    printf("  (%u more Shardy passes are known but not implemented yet; they are rejected.)\n",
           unimplemented);
}

/* ---- the command line -------------------------------------------------------
 * LLVM's cl: `-name`, `--name`, `-name=value`; an option taking a value may
 * take the next argument; `--` ends the options; one positional input. */

typedef enum opt_kind {
  K_BOOL,      /* optional value: true/false/1/0... */
  K_REQUIRED,  /* a value, from `=` or the next argument */
  K_OPTIONAL,  /* a value only after `=` */
  K_NO_VALUE,
} opt_kind;

typedef enum opt_id {
  O_O, O_PASS_PIPELINE, O_P, O_SPLIT, O_OUTPUT_SPLIT, O_VERIFY_DIAG, O_ALLOW_UNREG, O_GENERIC,
  O_DEBUGINFO, O_PRETTY_DEBUGINFO, O_IR_AFTER_ALL, O_IR_BEFORE_ALL, O_IR_AFTER_FAILURE,
  O_VERIFY_EACH, O_DISABLE_THREADING, O_TIMING, O_VERBOSITY, O_HELP, O_H, O_HELP_HIDDEN,
  O_LOCAL_SCOPE, O_EMIT_BYTECODE, O_EMIT_BYTECODE_VERSION, O_VERSION, O_PRINT_OP_ON_DIAG,
  O_ELIDE_ELEMENTS, O_HEX_ELEMENTS, O_ELIDE_RESOURCES, O_SKIP_REGIONS, O_VALUE_USERS,
  O_UNIQUE_IDS, O_NAMELOC, O_ASSUME_VERIFIED, O_IR_AFTER, O_IR_BEFORE, O_IR_AFTER_CHANGE,
  O_IR_MODULE_SCOPE, O_DISABLE_NOTES, O_PASS_STATS, O_PASS_STATS_DISPLAY
} opt_id;

/* A boolean option sets the bool at `field` of opt_flags (its negation
 * where `negated`: the flag names the opposite of what opt_flags keeps). */
static const struct {
  const char *name;
  opt_kind kind;
  size_t field;
  bool negated;
} options[] = {
    [O_O] = {"o", K_REQUIRED},
    [O_PASS_PIPELINE] = {"pass-pipeline", K_REQUIRED},
    [O_P] = {"p", K_REQUIRED},
    [O_SPLIT] = {"split-input-file", K_OPTIONAL},
    [O_OUTPUT_SPLIT] = {"output-split-marker", K_REQUIRED},
    [O_VERIFY_DIAG] = {"verify-diagnostics", K_OPTIONAL},
    [O_ALLOW_UNREG] = {"allow-unregistered-dialect", K_BOOL,
        offsetof(opt_flags, allow_unregistered)},
    [O_GENERIC] = {"mlir-print-op-generic", K_BOOL, offsetof(opt_flags, print.generic)},
    [O_DEBUGINFO] = {"mlir-print-debuginfo", K_BOOL, offsetof(opt_flags, print.debug_info)},
    [O_PRETTY_DEBUGINFO] = {"mlir-pretty-debuginfo", K_BOOL,
        offsetof(opt_flags, print.pretty_debug_info)},
    [O_IR_AFTER_ALL] = {"mlir-print-ir-after-all", K_BOOL,
        offsetof(opt_flags, pipeline.print_ir_after_all)},
    [O_IR_BEFORE_ALL] = {"mlir-print-ir-before-all", K_BOOL,
        offsetof(opt_flags, pipeline.print_ir_before_all)},
    [O_IR_AFTER_FAILURE] = {"mlir-print-ir-after-failure", K_BOOL,
        offsetof(opt_flags, pipeline.print_ir_after_failure)},
    [O_VERIFY_EACH] = {"verify-each", K_BOOL, offsetof(opt_flags, pipeline.no_verify), true},
    [O_DISABLE_THREADING] = {"mlir-disable-threading", K_BOOL,
        offsetof(opt_flags, pipeline.disable_threading)},
    [O_TIMING] = {"mlir-timing", K_BOOL, offsetof(opt_flags, pipeline.timing)},
    [O_VERBOSITY] = {"mlir-diagnostic-verbosity-level", K_REQUIRED},
    [O_HELP] = {"help", K_NO_VALUE},
    [O_H] = {"h", K_NO_VALUE},
    [O_HELP_HIDDEN] = {"help-hidden", K_NO_VALUE},
    [O_LOCAL_SCOPE] = {"mlir-print-local-scope", K_BOOL, offsetof(opt_flags, print.local_scope)},
    [O_EMIT_BYTECODE] = {"emit-bytecode", K_BOOL, offsetof(opt_flags, emit_bytecode)},
    [O_EMIT_BYTECODE_VERSION] = {"emit-bytecode-version", K_REQUIRED},
    [O_PRINT_OP_ON_DIAG] = {"mlir-print-op-on-diagnostic", K_BOOL,
        offsetof(opt_flags, no_print_op_on_diag), true},
    [O_VERSION] = {"version", K_NO_VALUE},
    [O_ELIDE_ELEMENTS] = {"mlir-elide-elementsattrs-if-larger", K_REQUIRED},
    [O_HEX_ELEMENTS] = {"mlir-print-elementsattrs-with-hex-if-larger", K_REQUIRED},
    [O_ELIDE_RESOURCES] = {"mlir-elide-resource-strings-if-larger", K_REQUIRED},
    [O_SKIP_REGIONS] = {"mlir-print-skip-regions", K_BOOL, offsetof(opt_flags, print.skip_regions)},
    [O_VALUE_USERS] = {"mlir-print-value-users", K_BOOL, offsetof(opt_flags, print.value_users)},
    [O_UNIQUE_IDS] = {"mlir-print-unique-ssa-ids", K_BOOL,
        offsetof(opt_flags, print.unique_ssa_ids)},
    [O_NAMELOC] = {"mlir-use-nameloc-as-prefix", K_BOOL, offsetof(opt_flags, print.nameloc_prefix)},
    [O_ASSUME_VERIFIED] = {"mlir-print-assume-verified", K_BOOL,
        offsetof(opt_flags, print.assume_verified)},
    [O_IR_AFTER] = {"mlir-print-ir-after", K_OPTIONAL},
    [O_IR_BEFORE] = {"mlir-print-ir-before", K_OPTIONAL},
    [O_IR_AFTER_CHANGE] = {"mlir-print-ir-after-change", K_BOOL,
        offsetof(opt_flags, pipeline.print_ir_after_change)},
    [O_IR_MODULE_SCOPE] = {"mlir-print-ir-module-scope", K_BOOL,
        offsetof(opt_flags, pipeline.print_ir_module_scope)},
    [O_DISABLE_NOTES] = {"mlir-disable-diagnostic-notes", K_BOOL, offsetof(opt_flags, no_notes)},
    [O_PASS_STATS] = {"mlir-pass-statistics", K_BOOL, offsetof(opt_flags, pipeline.pass_statistics)},
    [O_PASS_STATS_DISPLAY] = {"mlir-pass-statistics-display", K_REQUIRED},
};

static int find_option(const char *name, size_t n) {
  for (unsigned i = 0; i < sizeof options / sizeof options[0]; i++)
    if (strlen(options[i].name) == n && memcmp(options[i].name, name, n) == 0)
      return (int)i;
  return -1;
}

/* "for the -o option: ..." ("--name" for names longer than one letter). */
static void option_error(const sharc_opt_tool *tool, const char *name, sharc_buf *err,
                         const char *fmt, const char *value) {
  sharc_buf_printf(err, "%s: for the %s%s option: ", tool->name, strlen(name) == 1 ? "-" : "--",
                   name);
  sharc_buf_printf(err, fmt, value);
  sharc_buf_putc(err, '\n');
}



/* -mlir-print-ir-before= / -after=: a comma-separated list of pass flags,
 * each known to the tool, appended to `*list` (",a,b,"). */
static bool add_pass_list(const sharc_opt_tool *tool, const char *name, const char *v,
                          char **list, sharc_buf *err) {
  v = v ? v : "";
  for (;;) {
    const char *comma = strchr(v, ',');
    size_t n = comma ? (size_t)(comma - v) : strlen(v);
    char *flag = sharc_str_dup((sharc_str){v, n});
    bool known = n && sharc_pass_lookup(flag, tool->tool_mask);
    if (!known) {
      option_error(tool, name, err, "Cannot find option named '%s'!", flag);
      free(flag);
      return false;
    }
    size_t have = *list ? strlen(*list) : 1;
    *list = sharc_xrealloc(*list, have + n + 2);
    if (have == 1)
      (*list)[0] = ',';
    memcpy(*list + have, flag, n);
    memcpy(*list + have + n, ",", 2);
    free(flag);
    if (!comma)
      return true;
    v = comma + 1;
  }
}

/* The integer options of the printer; false after reporting a bad value. */
static bool apply_int_option(const sharc_opt_tool *tool, opt_flags *fl, opt_id id, const char *v,
                             sharc_buf *err) {
  const char *name = options[id].name;
  /* cl::opt<long> for the hex limit, cl::opt<unsigned> for the others */
  int64_t x;
  uint64_t u = 0;
  bool is_signed = id == O_HEX_ELEMENTS;
  bool parsed = is_signed ? sharc_cl_parse_i64(v, &x) : sharc_cl_parse_u64(v, &u) && u <= UINT_MAX;
  if (!is_signed)
    x = (int64_t)u;
  if (!parsed) {
    option_error(tool, name, err,
                 is_signed ? "'%s' value invalid for long argument!"
                           : "'%s' value invalid for uint argument!",
                 v);
    return false;
  }
  if (id == O_HEX_ELEMENTS) {
    fl->print.hex_above_set = true;
    fl->print.hex_above = x;
  } else if (id == O_ELIDE_ELEMENTS) {
    fl->print.elide_elements_set = true;
    fl->print.elide_elements_above = (unsigned)x;
  } else {
    fl->print.elide_resources_set = true;
    fl->print.elide_resources_above = (uint64_t)x;
  }
  return true;
}

/* Applies one recognized option; false after reporting a bad value. */
static bool apply_option(const sharc_opt_tool *tool, opt_flags *fl, opt_id id, const char *v,
                         sharc_buf *err) {
  const char *name = options[id].name;
  bool b = true;
  if (options[id].kind == K_BOOL && !sharc_cl_parse_bool(v ? v : "", &b)) {
    option_error(tool, name, err, "'%s' is invalid value for boolean argument! Try 0 or 1", v);
    return false;
  }
  if (options[id].kind == K_BOOL) {
    *(bool *)((char *)fl + options[id].field) = options[id].negated ? !b : b;
    return true;
  }
  switch (id) {
  case O_O:
    fl->output = v;
    return true;
  case O_PASS_PIPELINE:
  case O_P:
    fl->pass_pipeline = v;
    return true;
  case O_SPLIT:
    fl->split_marker = v && *v ? v : SHARC_OPT_DEFAULT_SPLIT_MARKER;
    return true;
  case O_OUTPUT_SPLIT:
    fl->output_split_marker = v;
    return true;
  case O_VERIFY_DIAG:
    if (v && *v && strcmp(v, "all") != 0 && strcmp(v, "only-expected") != 0) {
      option_error(tool, name, err, "Cannot find option named '%s'!", v);
      return false;
    }
    fl->verify_diagnostics = true;
    fl->verify_level = v && !strcmp(v, "only-expected") ? SHARC_VD_ONLY_EXPECTED : SHARC_VD_ALL;
    return true;
  case O_VERBOSITY:
    if (!strcmp(v, "errors"))
      fl->verbosity = VERBOSITY_ERRORS;
    else if (!strcmp(v, "warnings"))
      fl->verbosity = VERBOSITY_WARNINGS;
    else if (!strcmp(v, "remarks"))
      fl->verbosity = VERBOSITY_REMARKS;
    else {
      option_error(tool, name, err, "Cannot find option named '%s'!", v);
      return false;
    }
    return true;
  case O_EMIT_BYTECODE_VERSION:
    /* MlirOptMain's BytecodeVersionParser: decimal only, its own message */
    if (!sharc_cl_parse_decimal_i64(v, &fl->bytecode_version)) {
      option_error(tool, name, err, "Invalid argument '%s', only integer is supported.", v);
      return false;
    }
    fl->bytecode_version_set = true;
    return true;
  case O_ELIDE_ELEMENTS:
  case O_HEX_ELEMENTS:
  case O_ELIDE_RESOURCES:
    return apply_int_option(tool, fl, id, v, err);
  case O_IR_AFTER:
    return add_pass_list(tool, name, v, &fl->print_ir_after, err);
  case O_IR_BEFORE:
    return add_pass_list(tool, name, v, &fl->print_ir_before, err);
  case O_PASS_STATS_DISPLAY:
    if (strcmp(v, "list") != 0 && strcmp(v, "pipeline") != 0) {
      option_error(tool, name, err, "Cannot find option named '%s'!", v);
      return false;
    }
    return true;
  case O_HELP:
  case O_H:
  case O_HELP_HIDDEN:
    fl->help = true;
    return true;
  case O_VERSION:
    fl->version = true;
    return true;
  default: /* the boolean options, set above */
    break;
  }
  return true;
}

/* Records `name` (its first n bytes) as a pass flag if some pass has it. */
static bool add_pass_flag(const sharc_opt_tool *tool, opt_flags *fl, const char *name, size_t n,
                          const char *options) {
  char *copy = sharc_str_dup((sharc_str){name, n});
  if (!sharc_pass_lookup(copy, tool->tool_mask)) {
    free(copy);
    return false;
  }
  fl->passes = sharc_xrealloc_array(fl->passes, fl->num_passes + 1, sizeof *fl->passes);
  fl->passes[fl->num_passes++] = (pass_flag){copy, options};
  return true;
}

typedef struct nearest {
  const char *name;
  unsigned distance;
  bool found, takes_value;
} nearest;

/* LLVM compares the flag without its `=value` for options that take one. */
static void consider(nearest *best, const char *name, bool takes_value, const char *flag,
                     size_t flag_len, size_t whole_len) {
  size_t n = takes_value ? flag_len : whole_len;
  unsigned d = sharc_edit_distance(name, strlen(name), flag, n, best->distance);
  if (best->found && d >= best->distance)
    return;
  *best = (nearest){name, d, true, takes_value};
}

/* LLVM's "Did you mean": the known option (pass flags included) nearest to
 * the unknown one, keeping its `=value`. */
static void suggest_nearest(const sharc_opt_tool *tool, const char *name, sharc_buf *err) {
  size_t whole = strlen(name);
  const char *eq = strchr(name, '=');
  size_t flag_len = eq ? (size_t)(eq - name) : whole;
  if (!whole)
    return;
  nearest best = {0};
  for (unsigned i = 0; i < sizeof options / sizeof options[0]; i++)
    consider(&best, options[i].name, options[i].kind != K_NO_VALUE, name, flag_len, whole);
  unsigned count;
  const sharc_pass_def *const *defs = sharc_pass_registry(&count);
  for (unsigned i = 0; i < count; i++)
    if (defs[i]->tools & tool->tool_mask)
      consider(&best, defs[i]->flag, true, name, flag_len, whole);
  if (!best.found)
    return;
  sharc_buf_printf(err, "%s: Did you mean '%s%s%s%s'?\n", tool->name,
                   strlen(best.name) > 1 ? "--" : "-", best.name,
                   best.takes_value && eq ? "=" : "", best.takes_value && eq ? eq + 1 : "");
}

static void unknown_argument(const sharc_opt_tool *tool, const char *arg, const char *near,
                             sharc_buf *err) {
  sharc_buf_printf(err, "%s: Unknown command line argument '%s'.  Try: '%s --help'\n", tool->name,
                   arg, tool->name);
  suggest_nearest(tool, near, err);
}

/* Parses argv into `fl`, reporting every error to `err` as LLVM does (all of
 * them, positional-count errors last); false if there was any. Stops early
 * at --help, which is then shown. */
bool sharc_opt_parse_command_line(const sharc_opt_tool *tool, int argc, char **argv,
                                  opt_flags *fl, sharc_buf *err) {
  bool ok = true, positional_only = false;
  unsigned positionals = 0;
  for (int i = 1; i < argc && !fl->help && !fl->version; i++) {
    const char *a = argv[i];
    if (positional_only || a[0] != '-' || a[1] == 0) {
      if (positionals++ == 0)
        fl->input = a;
      continue;
    }
    if (strcmp(a, "--") == 0) {
      positional_only = true;
      continue;
    }
    const char *name = a + 1 + (a[1] == '-');
    const char *eq = strchr(name, '=');
    size_t n = eq ? (size_t)(eq - name) : strlen(name);
    const char *v = eq ? eq + 1 : NULL;
    int id = find_option(name, n);
    if (id < 0) {
      if (add_pass_flag(tool, fl, name, n, v))
        continue;
      /* `-ofile`: LLVM reads a single letter plus text as a group of
       * one-letter options, which a value-taking option cannot be part of */
      int single = a[1] != '-' && n > 1 ? find_option(name, 1) : -1;
      /* LLVM then looks for the nearest option to the letter it stopped at */
      const char *near = name;
      if (single >= 0 && options[single].kind == K_REQUIRED) {
        option_error(tool, options[single].name, err, "may not occur within a group!%s", "");
        near = options[single].name;
      }
      unknown_argument(tool, a, near, err);
      ok = false;
      continue;
    }
    opt_kind kind = options[id].kind;
    if (kind == K_NO_VALUE && v) {
      sharc_buf_printf(err, "%s: for the %s%s option: does not allow a value! '%s' specified.\n",
                       tool->name, n == 1 ? "-" : "--", options[id].name, v);
      ok = false;
      continue;
    }
    if (kind == K_REQUIRED && !v) {
      if (i + 1 >= argc) {
        option_error(tool, options[id].name, err, "requires a value!%s", "");
        ok = false;
        continue;
      }
      v = argv[++i];
    }
    ok = apply_option(tool, fl, (opt_id)id, v, err) && ok;
  }
  if (positionals > 1) {
    sharc_buf_printf(err,
                     "%s: Too many positional arguments specified!\nCan specify at most 1 "
                     "positional arguments: See: %s --help\n",
                     tool->name, tool->name);
    ok = false;
  }
  return ok;
}

void sharc_opt_flags_free(opt_flags *fl) {
  for (unsigned i = 0; i < fl->num_passes; i++)
    free(fl->passes[i].name);
  free(fl->passes);
  free(fl->print_ir_after);
  free(fl->print_ir_before);
}
