// Malformed command lines and pass options: an error and exit status 1, with
// mlir-opt-22's texts (program name sdy_opt).
// RUN: not sdy_opt %s %s 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: sdy_opt: Too many positional arguments specified!
// TWO-NEXT: Can specify at most 1 positional arguments: See: sdy_opt --help
// RUN: not sdy_opt %s -o 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: sdy_opt: for the -o option: requires a value!
// RUN: not sdy_opt %s --pass-pipeline 2>&1 | FileCheck %s --check-prefix=NOPIPE
// NOPIPE: sdy_opt: for the --pass-pipeline option: requires a value!
// RUN: not sdy_opt %s -ofile.mlir 2>&1 | FileCheck %s --check-prefix=GROUP
// GROUP: sdy_opt: for the -o option: may not occur within a group!
// GROUP-NEXT: sdy_opt: Unknown command line argument '-ofile.mlir'.  Try: 'sdy_opt --help'
// GROUP-NEXT: sdy_opt: Did you mean '-o'?
// RUN: not sdy_opt %s --allow-unregistered-dialect=yes 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: sdy_opt: for the --allow-unregistered-dialect option: 'yes' is invalid value for boolean argument! Try 0 or 1
// RUN: not sdy_opt %s --mlir-timing=2 --verify-diagnostics=some 2>&1 | FileCheck %s --check-prefix=TWOERRS
// TWOERRS: sdy_opt: for the --mlir-timing option: '2' is invalid value for boolean argument! Try 0 or 1
// TWOERRS-NEXT: sdy_opt: for the --verify-diagnostics option: Cannot find option named 'some'!
// RUN: not sdy_opt %s --mlir-diagnostic-verbosity-level=all 2>&1 | FileCheck %s --check-prefix=ENUM
// ENUM: sdy_opt: for the --mlir-diagnostic-verbosity-level option: Cannot find option named 'all'!
// RUN: not sdy_opt %s --help=yes 2>&1 | FileCheck %s --check-prefix=HELP
// HELP: sdy_opt: for the --help option: does not allow a value! 'yes' specified.
// RUN: not sdy_opt %s ---split-input-file 2>&1 | FileCheck %s --check-prefix=DASHES
// DASHES: sdy_opt: Unknown command line argument '---split-input-file'.  Try: 'sdy_opt --help'
// DASHES-NEXT: sdy_opt: Did you mean '--split-input-file'?
// RUN: not sdy_opt %s -canonicalise 2>&1 | FileCheck %s --check-prefix=NEAR
// NEAR: sdy_opt: Did you mean '--canonicalize'?
// RUN: not sdy_opt %s --sdy-propagaton-pipeline=debug-sharding-origins=true 2>&1 | FileCheck %s --check-prefix=NEARVALUE
// NEARVALUE: sdy_opt: Did you mean '--sdy-propagation-pipeline=debug-sharding-origins=true'?
// RUN: not mpmd_opt %s -mlir-print-ir-afterall 2>&1 | FileCheck %s --check-prefix=NEARMPMD
// NEARMPMD: mpmd_opt: Did you mean '--mlir-print-ir-after-all'?
// RUN: not sdy_opt %s -- -o 2>&1 | FileCheck %s --check-prefix=TWO

// Pass pipelines and options; the options are only read once the command
// line is accepted, and only the first bad one is reported.
// RUN: not sdy_opt %s '-pass-pipeline=builtin.module(canonicalize))' 2>&1 | FileCheck %s --check-prefix=PAREN
// PAREN: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:13: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
// RUN: not sdy_opt %s '-pass-pipeline=builtin.module(canonicalize{max-iterations=abc})' 2>&1 | FileCheck %s --check-prefix=ABC
// ABC: sdy_opt: for the --max-iterations option: 'abc' value invalid for long argument!
// RUN: not sdy_opt %s -canonicalize=max-iterations=99999999999999999999 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: sdy_opt: for the --max-iterations option: '99999999999999999999' value invalid for long argument!
// RUN: not sdy_opt %s -canonicalize=max-iterations=abc --bogus 2>&1 | FileCheck %s --check-prefix=CLFIRST --implicit-check-not=max-iterations
// CLFIRST: sdy_opt: Unknown command line argument '--bogus'.  Try: 'sdy_opt --help'
// RUN: not sdy_opt /nonexistent/input.mlir -canonicalize=max-iterations=abc 2>&1 | FileCheck %s --check-prefix=INFIRST --implicit-check-not=max-iterations
// INFIRST: cannot open input file '/nonexistent/input.mlir': No such file or directory
// RUN: not sdy_opt %s -o %t.nodir/out.mlir '-pass-pipeline=builtin.module(' 2>&1 | FileCheck %s --check-prefix=OUTFIRST --implicit-check-not=Parser
// OUTFIRST: cannot open output file '{{.*}}.nodir/out.mlir': No such file or directory

// Values LLVM accepts.
// RUN: sdy_opt %s --allow-unregistered-dialect=false --mlir-print-op-generic=TRUE --verify-diagnostics= --split-input-file= -o=%t.eq | count 0
// RUN: FileCheck %s --check-prefix=GENERIC < %t.eq
// GENERIC: "builtin.module"() ({

module {}
