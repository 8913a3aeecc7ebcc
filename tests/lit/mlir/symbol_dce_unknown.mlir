// An unregistered op with one region might be a symbol table sharc cannot
// see into: symbol-dce gives up on the live op holding it, as MLIR does (the
// file passes -verify-diagnostics with both tools).
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -verify-diagnostics -symbol-dce %s -o /dev/null
// RUN: mlir-opt-22 -allow-unregistered-dialect -split-input-file -verify-diagnostics -symbol-dce %s -o /dev/null

func.func private @priv()
// expected-error @below {{operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses}}
func.func @pub() {
  "foo.region"() ({
    "foo.x"() {r = @priv} : () -> ()
  }) : () -> ()
  return
}

// -----

func.func private @priv()
// expected-error @below {{operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses}}
"foo.region"() ({
  "foo.x"() {r = @priv} : () -> ()
}) : () -> ()
// Two regions: not a symbol table.
"foo.two_regions"() ({
  "foo.x"() {r = @priv} : () -> ()
}, {}) : () -> ()

