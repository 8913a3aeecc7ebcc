// RUN: not sdy_opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s
// Value names across nested and isolated regions, as mlir-opt-22 resolves
// them: a definition is seen only in its own region (after a forward use in
// an enclosing one too), numbers used past a definition's results stay
// undeclared, and a function inside another op's region sees the names
// around it (the verifier then reports the value defined outside).

"foo.g"() ({
  "foo.use"(%w5#1) : (i32) -> ()
  %w5 = "foo.def"() : () -> i32
}) : () -> ()

// -----

"foo.g"() ({
  "foo.use"(%w5#0) : (i32) -> ()
  "foo.use"(%w5#2) : (i32) -> ()
  %w5 = "foo.def"() : () -> i32
  "foo.use"(%w5#2) : (i32) -> ()
}) : () -> ()

// -----

"foo.g"() ({
  "foo.use"(%w5#2) : (i32) -> ()
  %w5 = "foo.def"() : () -> i32
  "foo.use"(%w5#1) : (i32) -> ()
}) : () -> ()

// -----

"foo.g"() ({
  "foo.use"(%w5#1) : (i32) -> ()
  %w5 = "foo.def"() : () -> i32
  "foo.use"(%w5#3) : (i32) -> ()
}) : () -> ()

// -----

"foo.g"() ({
  "foo.use"(%w5#1) : (i32) -> ()
  %w5:2 = "foo.def"() : () -> (i32, i32)
}) : () -> ()

// -----

"foo.g"() ({
  "foo.inner"() ({
    "foo.use"(%x) : (i32) -> ()
    %x = "foo.def"() : () -> i32
  }) : () -> ()
  "foo.use2"(%x) : (i32) -> ()
}) : () -> ()

// -----

"foo.g"() ({
  "foo.inner"() ({
    "foo.inner2"() ({
      "foo.use"(%x) : (i32) -> ()
    }) : () -> ()
    %x = "foo.def"() : () -> i32
    "foo.use1"(%x) : (i32) -> ()
  }) : () -> ()
  "foo.use2"(%x) : (i32) -> ()
}) : () -> ()

// -----

"foo.g"() ({
  "foo.inner"() ({
    "foo.use"(%x) : (i32) -> ()
  }) : () -> ()
  %x = "foo.def"() : () -> i32
  "foo.use2"(%x) : (i32) -> ()
}) : () -> ()

// -----

"foo.g"() ({
  %x = "foo.def"() : () -> i32
  "foo.r"() ({
    func.func @f() {
      "foo.b"(%x) : (i32) -> ()
      return
    }
  }) : () -> ()
}) : () -> ()

// -----

"foo.g"() ({
  %x = "foo.def"() : () -> i32
  "foo.r"() ({
    "func.func"() <{sym_name = "f", function_type = () -> ()}> ({
      "foo.b"(%x) : (i32) -> ()
      "func.return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

func.func @main(%a: i32) {
  "foo.r"() ({
    func.func @f(%a: i32) {
      return
    }
  }) : () -> ()
  return
}

// -----

func.func @main(%a: i32) {
  "foo.r"() ({
    func.func @f(%b: i32) {
      %a = "foo.b"() : () -> i32
      return
    }
  }) : () -> ()
  return
}

// -----

func.func @main(%a: i32) {
  "foo.r"() ({
    func.func @f(%b: i32) {
      "foo.b"(%a) : (i32) -> ()
      return
    }
  }) : () -> ()
  return
}

// -----

func.func @a() {
  "foo.use"(%y) : (i32) -> ()
  return
}
"foo.use"(%z) : (i32) -> ()
"foo.use"(%w#1) : (i32) -> ()

// -----

"foo.g"() ({
  "foo.use"(%a) : (i32) -> ()
  "foo.r"() ({
    func.func @f(%a: i32) {
      return
    }
  }) : () -> ()
}) : () -> ()

// -----

"foo.g"() ({
  "foo.r"() ({
    func.func @f() {
      "foo.b"(%v) : (i32) -> ()
      return
    }
  }) : () -> ()
  %v = "foo.def"() : () -> i32
}) : () -> ()

// -----

func.func @a() {
  "foo.use"(%y) : (i32) -> ()
  return
}
"foo.bad"( : () -> ()

// -----

"foo.g"() ({
  "foo.use"(%0#1) : (i32) -> ()
  "foo.r"() ({
    func.func @f(%0: i32) {
      return
    }
  }) : () -> ()
}) : () -> ()

// The diagnostics, in the order of the chunks above.
// CHECK: value_name_scopes.mlir:9:13: error: use of undeclared SSA value name
// CHECK: value_name_scopes.mlir:17:13: error: use of undeclared SSA value name
// CHECK: value_name_scopes.mlir:27:13: error: reference to invalid result number
// CHECK: value_name_scopes.mlir:35:13: error: reference to invalid result number
// CHECK: value_name_scopes.mlir:52:14: error: use of undeclared SSA value name
// CHECK: value_name_scopes.mlir:65:14: error: use of undeclared SSA value name
// CHECK: value_name_scopes.mlir:84:7: error: 'foo.b' op using value defined outside the region
// CHECK: value_name_scopes.mlir:84:7: note: see current operation: "foo.b"(<<UNKNOWN SSA VALUE>>) : (i32) -> ()
// CHECK: value_name_scopes.mlir:83:5: note: required by region isolation constraints
// CHECK: value_name_scopes.mlir:96:7: error: 'foo.b' op using value defined outside the region
// CHECK: value_name_scopes.mlir:96:7: note: see current operation: "foo.b"(<<UNKNOWN SSA VALUE>>) : (i32) -> ()
// CHECK: value_name_scopes.mlir:95:5: note: required by region isolation constraints
// CHECK: value_name_scopes.mlir:106:18: error: region entry argument '%a' is already in use
// CHECK: value_name_scopes.mlir:104:17: note: previously referenced here
// CHECK: value_name_scopes.mlir:118:7: error: redefinition of SSA value '%a'
// CHECK: value_name_scopes.mlir:115:17: note: previously defined here
// CHECK: value_name_scopes.mlir:130:7: error: 'foo.b' op using value defined outside the region
// CHECK: value_name_scopes.mlir:130:7: note: see current operation: "foo.b"(<<UNKNOWN SSA VALUE>>) : (i32) -> ()
// CHECK: value_name_scopes.mlir:129:5: note: required by region isolation constraints
// CHECK: value_name_scopes.mlir:140:13: error: use of undeclared SSA value name
// CHECK: value_name_scopes.mlir:143:11: error: use of undeclared SSA value name
// CHECK: value_name_scopes.mlir:144:11: error: use of undeclared SSA value name
// CHECK: value_name_scopes.mlir:151:18: error: region entry argument '%a' is already in use
// CHECK: value_name_scopes.mlir:149:13: note: previously referenced here
// CHECK: value_name_scopes.mlir:162:7: error: 'foo.b' op using value defined outside the region
// CHECK: value_name_scopes.mlir:162:7: note: see current operation: "foo.b"(<<UNKNOWN SSA VALUE>>) : (i32) -> ()
// CHECK: value_name_scopes.mlir:161:5: note: required by region isolation constraints
// CHECK-NOT: use of undeclared SSA value name
// CHECK: value_name_scopes.mlir:175:11: error: expected ')' to end operand list
// CHECK: value_name_scopes.mlir:180:13: error: use of undeclared SSA value name
