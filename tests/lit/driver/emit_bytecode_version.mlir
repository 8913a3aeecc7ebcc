// -emit-bytecode-version as MlirOptMain takes it: its own parser (decimal
// only, "Invalid argument ..."), an optional value (-1 is asked for, not
// the current version), an error instead of the text when no bytecode is
// emitted, and the writer's range error on the module with the op note.

// RUN: not sdy_opt --emit-bytecode-version=0x1 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=HEX
// RUN: not sdy_opt --emit-bytecode-version=+1 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=PLUS
// RUN: not sdy_opt --emit-bytecode-version= %s 2>&1 >/dev/null | FileCheck %s --check-prefix=EMPTY
// RUN: not sdy_opt --emit-bytecode-version=1 %s 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: not sdy_opt --emit-bytecode --emit-bytecode-version=-1 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MINUS
// RUN: not sdy_opt --emit-bytecode --emit-bytecode-version=010 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DECIMAL
// RUN: not sdy_opt --emit-bytecode --emit-bytecode-version=08 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EIGHT
// RUN: sdy_opt --emit-bytecode --emit-bytecode-version=01 %s | sdy_opt | FileCheck %s --check-prefix=ROUND

func.func @f() {
  return
}

// HEX: sdy_opt: for the --emit-bytecode-version option: Invalid argument '0x1', only integer is supported.
// PLUS: sdy_opt: for the --emit-bytecode-version option: Invalid argument '+1', only integer is supported.
// EMPTY: sdy_opt: for the --emit-bytecode-version option: Invalid argument '', only integer is supported.

// TEXT: <unknown>:0: error: bytecode version while not emitting bytecode
// TEXT-NOT: func.func

// MINUS: :0:0: error: unsupported version requested -1, must be in range [0, 6]
// MINUS-NEXT: :0:0: note: see current operation:
// MINUS-NEXT: "builtin.module"() ({

// DECIMAL: error: unsupported version requested 10, must be in range [0, 6]
// EIGHT: error: unsupported version requested 8, must be in range [0, 6]

// ROUND: func.func @f()
