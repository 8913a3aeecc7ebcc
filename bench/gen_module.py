#!/usr/bin/env python3
"""Generate a large, deterministic MLIR module for parser/printer benchmarks.

The module uses only builtin types/attributes, the `func` dialect and
unregistered ops (`"bench.*"`), so that

    mlir-opt-22 --allow-unregistered-dialect FILE

accepts it.  Content mix (all chosen by a seeded PRNG, so the same
`--ops/--seed` always produces byte-identical output):

  * many `func.func` functions (about --ops-per-func ops each) ending in
    `func.return`;
  * chains and DAGs of unregistered ops in generic form
    (`%3 = "bench.add"(%1, %2) : (T, T) -> T`), operands drawn from the most
    recent value (chain), a recent window, or anywhere earlier (long edges);
  * zero-result ops, multi-result ops (`%5:2 = ...`, used as `%5#1`);
  * attribute dictionaries with integers (iN/uiN/siN/index/bool), floats
    (f16/bf16/f32/f64, decimal and hex), strings (with escapes and non-ASCII
    bytes), arrays, dense arrays (`array<i32: ...>`), dictionaries, unit
    attributes, type attributes, symbol references and `dense<...>`
    elements (splat, nested lists, hex, bool, complex-free);
  * properties (`<{...}>`) on some unregistered ops;
  * ops with one or two nested regions (block arguments, a few ops,
    sometimes two blocks joined by a branch-like op, sometimes empty).

The exact op count (every op except the top-level module: func.func,
func.return, bench ops, ops inside regions, region terminators) equals
--ops (a floor of 2 ops per function applies), and is written in the first
line of the file:

    // sharc-bench: ops=1000 seed=1 ...

Usage:
    python3 bench/gen_module.py --ops 100000 --seed 1 -o /tmp/b.mlir
    python3 bench/gen_module.py --ops 1000 --generic   # generic func/module too

Python 3 stdlib only.
"""

import argparse
import random
import sys

GEN_VERSION = 1

# --------------------------------------------------------------------------
# Types
# --------------------------------------------------------------------------

MAIN_TYPE = "tensor<8x16xf32>"

# (type, weight)
VALUE_TYPES = [
    ("tensor<8x16xf32>", 40),
    ("tensor<?x16xf32>", 6),
    ("tensor<16xi32>", 8),
    ("tensor<4x4xbf16>", 5),
    ("tensor<2x3x4xf16>", 3),
    ("tensor<*xf32>", 2),
    ("tensor<i64>", 3),
    ("memref<8x16xf32>", 3),
    ("memref<?xi8>", 2),
    ("vector<4xf32>", 4),
    ("vector<2x8xi16>", 2),
    ("i32", 6),
    ("i64", 3),
    ("i1", 2),
    ("f32", 5),
    ("f64", 2),
    ("index", 4),
    ("complex<f32>", 1),
    ("tuple<i32, f32>", 1),
    ("none", 1),
]

OP_NAMES_BINARY = ["bench.op", "bench.add", "bench.mul", "bench.dot",
                   "bench.concat", "bench.select"]
OP_NAMES_UNARY = ["bench.op", "bench.neg", "bench.exp", "bench.reshape",
                  "bench.cast", "bench.transpose"]

ATTR_NAMES = ["value", "axis", "name", "dims", "config", "scale", "flags",
              "kind", "mode", "perm", "shape", "layout", "meta", "alpha",
              "beta", "epsilon", "window", "padding", "strides", "tag",
              "xsdy.sharding", "bench.meta", "mhlo.frontend_attributes",
              "dimension_numbers", "precision_config", "_private",
              "a", "b", "c", "x1"]
QUOTED_ATTR_NAMES = ['"quoted name"', '"with-dash"', '"9starts_with_digit"']

WORDS = ["alpha", "beta", "gamma", "delta", "mesh", "axis", "shard", "x", "y",
         "batch", "model", "data", "replicated", "open", "closed", "bench",
         "layer_0", "layer_1", "attn", "mlp", "", "a b c", "CamelCase",
         "with.dot", "path/to/file.py"]

STRING_SPECIALS = ['\\"', '\\\\', '\\n', '\\t', '\\00', '\\7F', '\\0A',
                   'caf\u00e9', '\u00fcber', '\u2192', '{', '}', '#', '%']


class Gen:
    def __init__(self, seed, ops_per_func, generic):
        self.r = random.Random(seed)
        self.ops_per_func = ops_per_func
        self.generic = generic
        self.type_names = [t for t, _ in VALUE_TYPES]
        cum = []
        acc = 0
        for _, w in VALUE_TYPES:
            acc += w
            cum.append(acc)
        self.type_cum = cum
        self.func_names = []

    # ---------------------------------------------------------------- helpers
    def rtype(self):
        return self.r.choices(self.type_names, cum_weights=self.type_cum)[0]

    def rint(self, bits=64, signed=True):
        r = self.r
        k = r.random()
        if k < 0.5:
            v = r.randint(0, 16)
        elif k < 0.8:
            v = r.randint(-1000, 1000)
        else:
            v = r.randint(-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
        if not signed:
            v = abs(v) & ((1 << bits) - 1)
        else:
            lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
            v = max(lo, min(hi, v))
        return v

    def rfloat_text(self):
        r = self.r
        k = r.random()
        if k < 0.35:
            v = r.randint(-64, 64) / 8.0
            return repr(v)
        if k < 0.6:
            return "%.3f" % r.uniform(-1000, 1000)
        if k < 0.75:
            return "%.4e" % r.uniform(-1, 1)
        if k < 0.9:
            return "%d.%dE%+d" % (r.randint(1, 9), r.randint(0, 9),
                                  r.randint(-20, 20))
        return repr(r.uniform(-1e6, 1e6))

    def rstring(self):
        r = self.r
        n = r.randint(1, 3)
        parts = [r.choice(WORDS) for _ in range(n)]
        if r.random() < 0.15:
            parts.insert(r.randint(0, len(parts)), r.choice(STRING_SPECIALS))
        return '"' + "_".join(parts) + '"'

    # ------------------------------------------------------------- attributes
    def int_attr(self):
        r = self.r
        k = r.random()
        if k < 0.25:
            return str(self.rint())  # default i64
        if k < 0.35:
            return r.choice(["true", "false"])
        ty, bits, signed = r.choice([("i64", 64, True), ("i32", 32, True),
                                     ("i8", 8, True), ("i16", 16, True),
                                     ("ui8", 8, False), ("ui32", 32, False),
                                     ("si16", 16, True), ("si64", 64, True),
                                     ("index", 64, True), ("i1", 1, True)])
        if ty == "i1":
            return "%s : i1" % r.choice(["0", "1", "-1"])
        v = self.rint(bits, signed)
        if k > 0.9 and v >= 0:
            return "0x%X : %s" % (v, ty)
        return "%d : %s" % (v, ty)

    def float_attr(self):
        r = self.r
        ty = r.choice(["f32", "f32", "f64", "f16", "bf16"])
        if r.random() < 0.08:
            hexes = {"f32": ["0x7FC00000", "0x7F800000", "0xFF800000",
                             "0x00000001", "0x3F800000"],
                     "f64": ["0x7FF8000000000000", "0x7FF0000000000000",
                             "0x3FF0000000000000"],
                     "f16": ["0x7E00", "0x7C00", "0x3C00"],
                     "bf16": ["0x7FC0", "0x7F80", "0x3F80"]}
            return "%s : %s" % (r.choice(hexes[ty]), ty)
        return "%s : %s" % (self.rfloat_text(), ty)

    def elem_text(self, ety):
        r = self.r
        if ety == "i1":
            return r.choice(["true", "false"])
        if ety.startswith("f") or ety == "bf16":
            return self.rfloat_text()
        bits = int(ety.lstrip("ui")) if ety != "index" else 64
        return str(self.rint(bits, not ety.startswith("ui")))

    def dense_attr(self):
        r = self.r
        shapes = [[4], [2, 2], [2, 3], [8], [1], [3, 1, 2], [2, 2, 2], [16],
                  [0]]
        etys = ["f32", "f32", "i32", "i64", "i8", "i1", "f16", "bf16", "f64",
                "ui8", "index", "i16"]
        shape = r.choice(shapes)
        ety = r.choice(etys)
        tty = "tensor<%s%s>" % ("".join("%dx" % d for d in shape), ety)
        k = r.random()
        n = 1
        for d in shape:
            n *= d
        if k < 0.3 or n == 0:
            if n == 0:
                return "dense<[]> : %s" % tty if len(shape) == 1 else \
                    "dense<1> : tensor<0xi32>"
            return "dense<%s> : %s" % (self.elem_text(ety), tty)
        if k < 0.4 and ety in ("f32", "i32", "i8", "i16", "i64", "f64"):
            nbytes = {"f32": 4, "i32": 4, "i8": 1, "i16": 2, "i64": 8,
                      "f64": 8}[ety] * n
            if ety in ("f32", "f64"):
                # keep values finite: use small positive patterns
                words = []
                w = 4 if ety == "f32" else 8
                for _ in range(n):
                    if w == 4:
                        words.append("%02X%02X803F" % (0, r.randint(0, 255)))
                    else:
                        words.append("000000%02X0000F03F" % r.randint(0, 255))
                hx = "".join(words)
            else:
                hx = "".join("%02X" % r.randint(0, 255) for _ in range(nbytes))
            return 'dense<"0x%s"> : %s' % (hx, tty)
        # nested list literal
        flat = [self.elem_text(ety) for _ in range(n)]
        it = iter(flat)

        def build(dims):
            if not dims:
                return next(it)
            return "[" + ", ".join(build(dims[1:]) for _ in range(dims[0])) + "]"
        return "dense<%s> : %s" % (build(shape), tty)

    def dense_array_attr(self):
        r = self.r
        ety = r.choice(["i64", "i64", "i32", "i16", "i8", "i1", "f32", "f64"])
        n = r.choice([0, 1, 2, 3, 4, 4, 6, 8])
        if n == 0:
            return "array<%s>" % ety
        if ety == "i1":
            vals = [r.choice(["true", "false"]) for _ in range(n)]
        elif ety.startswith("f"):
            vals = [self.rfloat_text() for _ in range(n)]
        else:
            bits = int(ety[1:])
            vals = [str(self.rint(bits, True)) for _ in range(n)]
        return "array<%s: %s>" % (ety, ", ".join(vals))

    def type_attr(self):
        r = self.r
        return r.choice([self.rtype(), "(i32, f32) -> tensor<4xf32>",
                         "() -> ()", "tensor<4x?xf32>", "vector<[4]xf32>",
                         "memref<2x3xf32, 1>", "i7", "ui16", "si32"])

    def sym_attr(self):
        r = self.r
        if self.func_names and r.random() < 0.6:
            return "@" + r.choice(self.func_names)
        return r.choice(["@mesh", "@mesh_x::@axis", "@\"quoted sym\"",
                         "@outer::@mid::@inner"])

    def array_attr(self, depth):
        r = self.r
        n = r.choice([0, 1, 2, 3, 3, 4, 5])
        elems = [self.attr_value(depth + 1, simple=depth > 1) for _ in range(n)]
        return "[" + ", ".join(elems) + "]"

    def dict_attr(self, depth):
        r = self.r
        n = r.choice([0, 1, 2, 3, 4])
        names = r.sample(ATTR_NAMES, n)
        items = []
        for nm in names:
            if r.random() < 0.1:
                items.append(nm)  # unit
            else:
                items.append("%s = %s" % (nm, self.attr_value(
                    depth + 1, simple=depth > 1)))
        return "{" + ", ".join(items) + "}"

    def attr_value(self, depth=0, simple=False):
        r = self.r
        k = r.random()
        if simple:
            if k < 0.4:
                return self.int_attr()
            if k < 0.6:
                return self.float_attr()
            if k < 0.85:
                return self.rstring()
            return self.sym_attr() if k < 0.92 else "unit"
        if k < 0.22:
            return self.int_attr()
        if k < 0.34:
            return self.float_attr()
        if k < 0.46:
            return self.rstring()
        if k < 0.56:
            return self.array_attr(depth)
        if k < 0.68:
            return self.dense_array_attr()
        if k < 0.76:
            return self.dict_attr(depth)
        if k < 0.88:
            return self.dense_attr()
        if k < 0.93:
            return self.type_attr()
        if k < 0.97:
            return self.sym_attr()
        return "unit"

    def attr_dict(self, lo=1, hi=4):
        r = self.r
        n = r.randint(lo, hi)
        names = r.sample(ATTR_NAMES, n)
        if r.random() < 0.03:
            names[0] = r.choice(QUOTED_ATTR_NAMES)
        items = []
        for nm in names:
            if r.random() < 0.08:
                items.append(nm)  # unit attribute, bare name
            else:
                items.append("%s = %s" % (nm, self.attr_value()))
        return "{" + ", ".join(items) + "}"

    # --------------------------------------------------------------- function
    def pick_operand(self, pool):
        r = self.r
        k = r.random()
        n = len(pool)
        if k < 0.5:
            return pool[-1]
        if k < 0.85:
            return pool[max(0, n - 1 - r.randint(0, 15))]
        return pool[r.randint(0, n - 1)]

    def emit_op(self, out, ind, pool, budget, func_state, depth):
        """Emit one op (possibly with regions). Returns ops used (<= budget).

        Appends new result values to `pool`."""
        r = self.r
        k = r.random()
        region_cost_min = 3  # op + inner op + terminator
        if depth < 2 and budget >= region_cost_min and k < 0.06:
            return self.emit_region_op(out, ind, pool, budget, func_state,
                                       depth)
        # ---- plain op
        nopk = r.random()
        if nopk < 0.05:
            operands = []
        elif nopk < 0.40:
            operands = [self.pick_operand(pool)]
        elif nopk < 0.85:
            operands = [self.pick_operand(pool), self.pick_operand(pool)]
        else:
            operands = [self.pick_operand(pool) for _ in range(3)]
        if not operands:
            name = "bench.const"
        elif len(operands) == 1:
            name = r.choice(OP_NAMES_UNARY)
        else:
            name = r.choice(OP_NAMES_BINARY)
        rk = r.random()
        if rk < 0.05 and operands:
            nres = 0
            name = "bench.sink"
        elif rk < 0.85:
            nres = 1
        else:
            nres = r.choice([2, 2, 2, 3, 4])
            name = "bench.split"
        base_ty = operands[0][1] if operands else MAIN_TYPE
        res_types = [base_ty if r.random() < 0.8 else self.rtype()
                     for _ in range(nres)]
        parts = [ind]
        if nres:
            vid = func_state[0]
            func_state[0] += 1
            if nres == 1:
                parts.append("%%%d = " % vid)
            else:
                parts.append("%%%d:%d = " % (vid, nres))
        parts.append('"%s"(' % name)
        parts.append(", ".join(o[0] for o in operands))
        parts.append(")")
        if r.random() < 0.04:
            parts.append(" <{%s}>" % self.attr_dict(1, 2)[1:-1])
        if not operands or r.random() < 0.5:
            parts.append(" " + self.attr_dict())
        parts.append(" : (")
        parts.append(", ".join(o[1] for o in operands))
        parts.append(") -> ")
        if nres == 1:
            parts.append(res_types[0])
        else:
            parts.append("(" + ", ".join(res_types) + ")")
        parts.append("\n")
        out.append("".join(parts))
        if nres == 1:
            pool.append(("%%%d" % vid, res_types[0]))
        elif nres > 1:
            for i, t in enumerate(res_types):
                pool.append(("%%%d#%d" % (vid, i), t))
        return 1

    def emit_block_body(self, out, ind, pool, budget, func_state, depth):
        """Fill a block with up to budget-1 ops plus a terminator."""
        used = 0
        while used < budget - 1:
            used += self.emit_op(out, ind, pool, budget - 1 - used,
                                 func_state, depth)
        return used

    def emit_region_op(self, out, ind, pool, budget, func_state, depth):
        r = self.r
        ind2 = ind + "  "
        operands = [self.pick_operand(pool) for _ in range(r.randint(1, 2))]
        nres = r.choice([1, 1, 1, 2])
        res_types = [operands[0][1]] * nres
        vid = func_state[0]
        func_state[0] += 1
        nregions = 2 if (budget >= 6 and r.random() < 0.2) else 1
        used = 1
        region_texts = []
        for ri in range(nregions):
            remaining = budget - used - (3 * (nregions - 1 - ri))
            inner = min(remaining, r.randint(3, 8))  # ops incl. terminator
            rout = []
            if inner >= 3 and r.random() < 0.02 and nregions == 1:
                # empty region: costs nothing
                region_texts.append("{\n%s}" % ind)
                continue
            local = list(pool)
            use_args = r.random() < 0.8
            if use_args:
                args = []
                for t in res_types[:1] + [operands[-1][1]][:r.randint(0, 1)]:
                    aid = func_state[0]
                    func_state[0] += 1
                    args.append(("%%%d" % aid, t))
                rout.append("%s^bb0(%s):\n" % (
                    ind, ", ".join("%s: %s" % a for a in args)))
                local.extend(args)
            two_blocks = inner >= 4 and r.random() < 0.1
            if two_blocks:
                first = r.randint(1, inner - 3)
                n1 = self.emit_block_body(rout, ind2, local, first + 1,
                                          func_state, depth + 1)
                if not use_args:
                    rout.insert(0, "%s^bb0:\n" % ind)
                rout.append('%s"bench.br"(%s)[^bb1] : (%s) -> ()\n' % (
                    ind2, local[-1][0], local[-1][1]))
                rout.append("%s^bb1:\n" % ind)
                used_inner = n1 + 1
                n2 = self.emit_block_body(rout, ind2, local,
                                          inner - used_inner, func_state,
                                          depth + 1)
                used_inner += n2
            else:
                used_inner = self.emit_block_body(rout, ind2, local, inner,
                                                  func_state, depth + 1)
            ylds = [self.pick_operand(local) for _ in range(nres)]
            # results of the region op have the operand type; yield what we
            # have and let the types be whatever they are (unregistered op).
            rout.append('%s"bench.yield"(%s) : (%s) -> ()\n' % (
                ind2, ", ".join(y[0] for y in ylds),
                ", ".join(y[1] for y in ylds)))
            used_inner += 1
            used += used_inner
            region_texts.append("{\n" + "".join(rout) + ind + "}")
        head = "%s%%%d%s = " % (ind, vid, (":%d" % nres) if nres > 1 else "")
        attrs = (" " + self.attr_dict(1, 2)) if r.random() < 0.5 else ""
        out.append('%s"bench.region"(%s) (%s)%s : (%s) -> %s\n' % (
            head, ", ".join(o[0] for o in operands),
            ", ".join(region_texts), attrs,
            ", ".join(o[1] for o in operands),
            res_types[0] if nres == 1 else "(" + ", ".join(res_types) + ")"))
        if nres == 1:
            pool.append(("%%%d" % vid, res_types[0]))
        else:
            for i, t in enumerate(res_types):
                pool.append(("%%%d#%d" % (vid, i), t))
        return used

    def emit_func(self, out, fname, nops):
        """Emit a function using exactly nops ops (>= 2)."""
        r = self.r
        nargs = r.randint(1, 4)
        arg_types = [MAIN_TYPE] + [self.rtype() for _ in range(nargs - 1)]
        pool = [("%%arg%d" % i, t) for i, t in enumerate(arg_types)]
        body = []
        func_state = [0]
        budget = nops - 2  # func.func + func.return
        used = 0
        while used < budget:
            used += self.emit_op(body, "    ", pool, budget - used,
                                 func_state, 0)
        nret = r.choice([1, 1, 1, 2])
        rets = [pool[-1]] + [self.pick_operand(pool) for _ in range(nret - 1)]
        ret_types = [t for _, t in rets]
        rtys = ", ".join(ret_types)
        if self.generic:
            ftype = "(%s) -> %s" % (", ".join(arg_types),
                                    rtys if nret == 1 else "(%s)" % rtys)
            out.append('  "func.func"() <{function_type = %s, sym_name = "%s"}> ({\n'
                       % (ftype, fname))
            out.append("  ^bb0(%s):\n" % ", ".join(
                "%%arg%d: %s" % (i, t) for i, t in enumerate(arg_types)))
            out.extend(body)
            out.append('    "func.return"(%s) : (%s) -> ()\n' % (
                ", ".join(v for v, _ in rets), rtys))
            out.append("  }) : () -> ()\n")
        else:
            sig = ", ".join("%%arg%d: %s" % (i, t)
                            for i, t in enumerate(arg_types))
            out.append("  func.func @%s(%s) -> %s {\n" % (
                fname, sig, rtys if nret == 1 else "(%s)" % rtys))
            out.extend(body)
            out.append("    func.return %s : %s\n" % (
                ", ".join(v for v, _ in rets), rtys))
            out.append("  }\n")
        self.func_names.append(fname)

    def generate(self, total_ops, write):
        per = self.ops_per_func
        nfuncs = max(1, (total_ops + per - 1) // per)
        counts = [per] * (nfuncs - 1) + [total_ops - per * (nfuncs - 1)]
        if counts[-1] < 2 and nfuncs > 1:  # every function needs 2 ops
            counts[-2] -= 2 - counts[-1]
            counts[-1] = 2
        counts = [max(2, c) for c in counts]
        real = sum(counts)
        write("// sharc-bench: ops=%d seed=%s funcs=%d gen=%d generic=%d\n"
              % (real, self.seed_text, nfuncs, GEN_VERSION, int(self.generic)))
        write('"builtin.module"() ({\n' if self.generic else "module {\n")
        for i, c in enumerate(counts):
            out = []
            self.emit_func(out, "f%d" % i, c)
            write("".join(out))
        write("}) : () -> ()\n" if self.generic else "}\n")
        return real, nfuncs


def generate_file(path, ops, seed=1, ops_per_func=1000, generic=False):
    """Write the module to `path` ('-' = stdout). Returns (ops, funcs)."""
    g = Gen(seed, ops_per_func, generic)
    g.seed_text = str(seed)
    if path == "-":
        return g.generate(ops, sys.stdout.write)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        return g.generate(ops, f.write)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ops", type=int, default=1000,
                    help="total number of ops (excluding the module op)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ops-per-func", type=int, default=1000)
    ap.add_argument("--generic", action="store_true",
                    help="also print module/func.func/func.return in "
                         "generic form")
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args(argv)
    if a.ops < 2:
        ap.error("--ops must be >= 2")
    ops, nf = generate_file(a.output, a.ops, a.seed, a.ops_per_func,
                            a.generic)
    print("gen_module: %d ops in %d functions -> %s" % (ops, nf, a.output),
          file=sys.stderr)


if __name__ == "__main__":
    main()
