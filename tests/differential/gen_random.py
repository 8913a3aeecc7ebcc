#!/usr/bin/env python3
"""Generate random, valid MLIR modules (builtin + func + unregistered ops).

Usage:
    gen_random.py [--seed S] [--count N] [--out DIR] [--size small|medium|large]

Writes DIR/rand_<seed>_<i>.mlir for i in 0..N-1 (default DIR=.), or prints one
module to stdout when --out is '-'.  Python 3 standard library only.

Every module is accepted by `mlir-opt --allow-unregistered-dialect`.  The
generator produces random DAGs of unregistered ops (generic form), nested
regions, multi-block regions with successors and block arguments, func.func
(generic and custom syntax) with func.call / func.return, and random builtin
types, attributes and locations from the full builtin set.
"""

import argparse
import os
import random
import sys

# --------------------------------------------------------------------------
# Types
# --------------------------------------------------------------------------

INT_TYPES = ["i1", "i2", "i4", "i7", "i8", "i16", "i32", "i64", "i128",
             "si8", "si32", "si64", "ui1", "ui8", "ui16", "ui32", "ui64", "si1"]
FLOAT_TYPES = ["f16", "bf16", "f32", "tf32", "f64", "f80", "f128",
               "f8E5M2", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ",
               "f8E4M3B11FNUZ", "f8E4M3", "f8E3M4", "f4E2M1FN", "f6E2M3FN",
               "f6E3M2FN", "f8E8M0FNU"]
# Float types for which a hex literal with exact bit width is easy.
HEX_FLOAT_BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64,
                  "f8E5M2": 8, "f8E4M3FN": 8, "f8E4M3": 8, "f8E3M4": 8,
                  "f8E5M2FNUZ": 8, "f8E4M3FNUZ": 8}
ELEM_INT_TYPES = ["i1", "i8", "i16", "i32", "i64", "si8", "ui8", "ui32",
                  "index", "i3", "i128"]
ELEM_FLOAT_TYPES = ["f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2"]


def int_range(t):
    """(lo, hi) of literal values the parser accepts for integer type t."""
    if t == "index":
        return (-(2 ** 63), 2 ** 63 - 1)
    if t.startswith("si"):
        w = int(t[2:])
        return (-(2 ** (w - 1)), 2 ** (w - 1) - 1)
    if t.startswith("ui"):
        w = int(t[2:])
        return (0, 2 ** w - 1)
    w = int(t[1:])
    if w == 1:
        return (0, 1)
    return (-(2 ** (w - 1)), 2 ** w - 1)


class Gen:
    def __init__(self, seed, size="medium"):
        self.r = random.Random(seed)
        self.seed = seed
        self.size = size
        self.name_counter = 0
        self.block_counter = 0
        self.distincts = {}
        self.resources = {}
        self.lines = []
        # scale knobs
        self.max_ops = {"small": 6, "medium": 12, "large": 25}[size]
        self.max_depth = {"small": 2, "medium": 3, "large": 4}[size]
        # total number of ops per module (soft cap; keeps files small)
        self.budget = {"small": 25, "medium": 100, "large": 400}[size]

    # ---------------- helpers ----------------
    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    def fresh_value(self):
        self.name_counter += 1
        style = self.r.randrange(5)
        n = self.name_counter
        if style == 0:
            return "%%v%d" % n
        if style == 1:
            return "%%%d" % (n * 7 % 1000 + 1000 * (n // 1000) + 5000)
        if style == 2:
            return "%%tmp_%d" % n
        if style == 3:
            return "%%x.%d" % n
        return "%%arg%d" % (n + 100)

    def fresh_block(self):
        self.block_counter += 1
        if self.chance(0.5):
            return "^bb%d" % (self.block_counter + 50)
        return "^blk_%d" % self.block_counter

    # ---------------- types ----------------
    def scalar_type(self):
        k = self.r.randrange(10)
        if k < 4:
            return self.pick(INT_TYPES + ["index"])
        if k < 8:
            return self.pick(FLOAT_TYPES)
        if k == 8:
            return "complex<%s>" % self.pick(["f32", "f64", "i8", "bf16", "i32"])
        return "none"

    def shape(self, max_rank=3, allow_dyn=True):
        rank = self.r.randrange(max_rank + 1)
        dims = []
        for _ in range(rank):
            if allow_dyn and self.chance(0.2):
                dims.append("?")
            else:
                dims.append(str(self.r.randrange(0, 9)))
        return dims

    def tensor_type(self, depth=0):
        elem = self.pick(ELEM_INT_TYPES + ELEM_FLOAT_TYPES + ["complex<f32>"])
        if self.chance(0.1):
            return "tensor<*x%s>" % elem
        dims = self.shape()
        s = "tensor<" + "".join(d + "x" for d in dims) + elem
        if self.chance(0.1):
            s += ", " + self.pick(['"enc"', "#foo.enc<1>", "{a = 1 : i32}",
                                   "[1, 2]"])
        return s + ">"

    def vector_type(self):
        rank = self.r.randrange(1, 3)
        dims = []
        for _ in range(rank):
            d = str(self.r.randrange(1, 9))
            if self.chance(0.25):
                d = "[" + d + "]"
            dims.append(d)
        elem = self.pick(["f32", "i8", "i1", "index", "bf16", "f16", "i64"])
        return "vector<" + "x".join(dims) + "x" + elem + ">"

    def memref_type(self):
        elem = self.pick(["f32", "i8", "i32", "f16", "index"])
        if self.chance(0.15):
            s = "memref<*x%s" % elem
            if self.chance(0.4):
                s += ", %d" % self.r.randrange(0, 4)
            return s + ">"
        dims = self.shape(max_rank=3)
        s = "memref<" + "".join(d + "x" for d in dims) + elem
        k = self.r.randrange(6)
        if k == 1 and dims:
            strides = ", ".join(self.pick(["1", "?", "4", "16"])
                                for _ in dims)
            s += ", strided<[%s]" % strides
            if self.chance(0.5):
                s += ", offset: %s" % self.pick(["?", "0", "3"])
            s += ">"
        elif k == 2 and dims:
            n = len(dims)
            ds = ["d%d" % i for i in range(n)]
            perm = ds[:]
            self.r.shuffle(perm)
            s += ", affine_map<(%s) -> (%s)>" % (", ".join(ds),
                                                   ", ".join(perm))
        if self.chance(0.3):
            s += ", " + self.pick(["1", "0", "2 : i32", '"space"', "7"])
        return s + ">"

    def opaque_type(self):
        return self.pick(["!foo.t", "!foo.bar<1, 2>", '!foo<"opaque">',
                          '!mpmd.mesh_tensor<"m", tensor<4xf32>>',
                          "!foo.nest<[x]{y}(z)>", '!a.b<"sp  aces">'])

    def type_(self, depth=0):
        k = self.r.randrange(20)
        if k < 6:
            return self.scalar_type()
        if k < 11:
            return self.tensor_type()
        if k < 13:
            return self.vector_type()
        if k < 15:
            return self.memref_type()
        if k == 15:
            return self.opaque_type()
        if k == 16 and depth < 2:
            n = self.r.randrange(0, 4) if self.chance(0.9) else 17
            return "tuple<" + ", ".join(self.type_(depth + 1)
                                        for _ in range(n)) + ">"
        if k == 17 and depth < 2:
            return self.function_type(depth + 1)
        return self.pick(["i32", "f32", "index", "tensor<4xf32>"])

    def function_type(self, depth=0):
        ins = [self.type_(depth + 1) for _ in range(self.r.randrange(0, 3))]
        outs = [self.type_(depth + 1) for _ in range(self.r.randrange(0, 3))]
        return self.fmt_fn_type(ins, outs)

    @staticmethod
    def fmt_results(outs):
        if len(outs) == 1 and not outs[0].startswith("("):
            return outs[0]
        return "(" + ", ".join(outs) + ")"

    def fmt_fn_type(self, ins, outs):
        return "(" + ", ".join(ins) + ") -> " + self.fmt_results(outs)

    # ---------------- attribute literals ----------------
    def int_lit(self, t):
        lo, hi = int_range(t)
        k = self.r.randrange(6)
        if k == 0:
            v = lo
        elif k == 1:
            v = hi
        elif k == 2:
            v = 0
        else:
            v = self.r.randint(max(lo, -1000), min(hi, 1000))
        if t == "i1":
            return self.pick(["true", "false"]) if self.chance(0.5) else str(v)
        return str(v)

    def float_lit(self, t):
        if t in HEX_FLOAT_BITS and self.chance(0.25):
            bits = HEX_FLOAT_BITS[t]
            v = self.r.getrandbits(bits)
            if self.chance(0.3):
                # interesting patterns: inf / nan / denormal / max
                v = self.pick([0, 1, (1 << bits) - 1, 1 << (bits - 1),
                               (1 << (bits - 1)) - 1, v])
            return "0x%0*X" % (bits // 4, v)
        k = self.r.randrange(8)
        sign = "-" if (self.chance(0.3) and t != "f8E8M0FNU") else ""
        if k == 0:
            return sign + self.pick(["0.0", "1.0", "0.5", "2.0", "1.5", "0.25"])
        if k == 1:
            return sign + "%d.%d" % (self.r.randrange(0, 100),
                                     self.r.randrange(0, 1000))
        if k == 2:
            return sign + "%d.%de%d" % (self.r.randrange(1, 10),
                                        self.r.randrange(0, 100),
                                        self.r.randrange(-12, 12))
        if k == 3:
            return sign + self.pick(["0.1", "0.2", "0.3", "3.14159",
                                     "2.718281828459045", "1.0e-5",
                                     "123456.0", "1234567.0", "1.0e10",
                                     "0.333333343", "65504.0", "448.0"])
        if k == 4:
            return sign + "%d.0" % self.r.randrange(0, 100000000)
        if k == 5:
            return sign + "%.*f" % (self.r.randrange(1, 12), self.r.uniform(0, 1e6))
        if k == 6:
            return sign + "%d.%de%d" % (self.r.randrange(1, 10),
                                        self.r.randrange(0, 10 ** 6),
                                        self.r.randrange(-300, 300)) \
                if t in ("f64", "f80", "f128") else sign + "7.5"
        return sign + "1.0e%d" % self.r.randrange(-40, 40)

    def string_lit(self):
        parts = []
        for _ in range(self.r.randrange(0, 8)):
            k = self.r.randrange(10)
            if k < 5:
                parts.append(self.pick(["abc", "x", " ", "Hello", "_", "{}",
                                        "<>", "[]", "#", "@", "%", "'", ",",
                                        "=", "()", "0", "tab"]))
            elif k == 5:
                parts.append(self.pick(["\\\"", "\\\\", "\\n", "\\t"]))
            elif k == 6:
                parts.append("\\%02X" % self.r.randrange(256))
            elif k == 7:
                parts.append(self.pick(["é", "☃", "日本", "ü"]))
            else:
                parts.append("\\%02x" % self.r.randrange(256))
        return '"' + "".join(parts) + '"'

    def attr_name(self):
        k = self.r.randrange(8)
        base = self.pick(["a", "b", "c", "value", "sym", "z", "mhlo.x",
                          "sdy.meta", "x_y", "A", "_u", "n$", "k.k"])
        if k == 0:
            return '"' + self.pick(["quoted key", "9x", "a-b", "é", "\\n",
                                    "sp ace"]) + '"'
        return base + ("" if k < 4 else str(self.r.randrange(100)))

    def dict_attr(self, depth):
        names = set()
        items = []
        for _ in range(self.r.randrange(0, 4)):
            n = self.attr_name()
            if n in names:
                continue
            names.add(n)
            if self.chance(0.2):
                items.append(n)
            else:
                items.append("%s = %s" % (n, self.attr(depth + 1)))
        return "{" + ", ".join(items) + "}"

    def dense_values(self, dims, gen_elem):
        if not dims:
            return gen_elem()
        inner = [self.dense_values(dims[1:], gen_elem) for _ in range(dims[0])]
        return "[" + ", ".join(inner) + "]"

    def dense_attr(self):
        k = self.r.randrange(6)
        big = self.chance(0.1)
        if big:
            dims = [self.r.randrange(90, 130)]
        else:
            dims = [self.r.randrange(0, 5) for _ in range(self.r.randrange(0, 3))]
        container = "tensor" if self.chance(0.8) else "vector"
        if container == "vector":
            dims = [max(1, d) for d in dims] or [2]
        shape_s = "".join("%dx" % d for d in dims)
        n = 1
        for d in dims:
            n *= d
        if k == 0:
            et = self.pick(ELEM_INT_TYPES)
            gen = lambda: self.int_lit(et) if et != "i1" else self.pick(["true", "false"])
        elif k == 1:
            et = self.pick(ELEM_FLOAT_TYPES)
            gen = lambda: self.float_lit(et) if self.chance(0.8) else self.pick(["1.0", "0.0"])
        elif k == 2:
            et = "i1"
            gen = lambda: self.pick(["true", "false"])
        elif k == 3:
            et = self.pick(["complex<f32>", "complex<f64>", "complex<i32>", "complex<i8>"])
            if "i" in et.split("<")[1]:
                it = et.split("<")[1][:-1]
                gen = lambda: "(%s, %s)" % (self.int_lit(it), self.int_lit(it))
            else:
                gen = lambda: "(%s, %s)" % (self.float_lit("f32"), self.float_lit("f32"))
            if container == "vector":
                container = "tensor"
        elif k == 4:
            et = "!foo.string"
            gen = self.string_lit
            container = "tensor"
        else:
            # hex input
            et = self.pick(["i8", "i16", "i32", "i64", "f32", "f16", "f64", "bf16"])
            width = {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "f32": 4,
                     "f16": 2, "f64": 8, "bf16": 2}[et]
            if n == 0:
                dims = [3]
                shape_s = "3x"
                n = 3
            count = n if self.chance(0.7) else 1
            data = "".join("%02X" % self.r.randrange(256)
                           for _ in range(count * width))
            return 'dense<"0x%s"> : %s<%s%s>' % (data, container, shape_s, et)
        if n == 0 and len(dims) > 1:
            dims = [d if d > 0 else 1 for d in dims[:-1]] + [0]
            shape_s = "".join("%dx" % d for d in dims)
        if self.chance(0.3) and n > 0:
            # splat
            body = gen()
        elif n == 0:
            if len(dims) == 1:
                body = "[]"
            else:
                # zero-sized: nested empty lists matching leading dims
                body = self.dense_values(dims, gen)
        elif self.chance(0.2) and n > 0:
            v = gen()
            body = self.dense_values(dims, lambda: v)
        else:
            body = self.dense_values(dims, gen)
        return "dense<%s> : %s<%s%s>" % (body, container, shape_s, et)

    def dense_array(self):
        et = self.pick(["i1", "i8", "i16", "i32", "i64", "f32", "f64", "f16", "bf16"])
        n = self.r.randrange(0, 6) if self.chance(0.95) else 150
        if et == "i1":
            vals = [self.pick(["true", "false"]) for _ in range(n)]
        elif et.startswith("i"):
            vals = [self.int_lit(et) for _ in range(n)]
        else:
            vals = [self.float_lit(et) for _ in range(n)]
        if not vals:
            return "array<%s>" % et
        return "array<%s: %s>" % (et, ", ".join(vals))

    def affine_expr(self, dims, syms):
        atoms = ["d%d" % i for i in range(dims)] + ["s%d" % i for i in range(syms)]
        if not atoms or self.chance(0.15):
            return str(self.r.randrange(0, 10))
        a = self.pick(atoms)
        k = self.r.randrange(7)
        if k == 0:
            return a
        if k == 1:
            return "%s + %s" % (a, self.pick(atoms))
        if k == 2:
            return "%s * %d" % (a, self.r.randrange(2, 9))
        if k == 3:
            return "%s floordiv %d" % (a, self.r.randrange(2, 9))
        if k == 4:
            return "%s ceildiv %d" % (a, self.r.randrange(2, 9))
        if k == 5:
            return "%s mod %d" % (a, self.r.randrange(2, 9))
        return "%s - %d" % (a, self.r.randrange(1, 9))

    def affine_map(self):
        d = self.r.randrange(0, 4)
        s = self.r.randrange(0, 2)
        res = [self.affine_expr(d, s) for _ in range(self.r.randrange(0, 4))]
        dims = ", ".join("d%d" % i for i in range(d))
        syms = ("[" + ", ".join("s%d" % i for i in range(s)) + "]") if s else ""
        return "affine_map<(%s)%s -> (%s)>" % (dims, syms, ", ".join(res))

    def affine_set(self):
        d = self.r.randrange(1, 3)
        cons = []
        for _ in range(self.r.randrange(1, 3)):
            cons.append("%s %s 0" % (self.affine_expr(d, 0), self.pick([">=", "=="])))
        return "affine_set<(%s) : (%s)>" % (", ".join("d%d" % i for i in range(d)),
                                             ", ".join(cons))

    def symbol_ref(self):
        def one():
            return self.pick(["@sym", "@f", "@\"quoted name\"", "@a.b",
                              "@_x$", "@\"9x\"", "@mesh"])
        s = one()
        for _ in range(self.r.randrange(0, 3) if self.chance(0.3) else 0):
            s += "::" + one()
        return s

    def opaque_attr(self):
        return self.pick([
            "#foo.bar", "#foo.bar<1>", '#foo<"x">', "#foo.b<  spaced , x>",
            '#sdy.sharding<@mesh, [{"x"}, {}]>', '#sdy.mesh<["x"=2, "y"=4]>',
            "#foo.n<[1]{a}(b)<c>>", '#mpmd.named_tensor<"t", 0>',
            '#foo<"esc\\"aped">'])

    def resource_attr(self):
        name = self.pick(["blob_a", "blob_b", "res0", "weights"])
        et, w = self.pick([("i32", 4), ("f32", 4), ("i8", 1), ("i64", 8)])
        n = self.r.randrange(1, 5)
        if name not in self.resources:
            self.resources[name] = None
        if self.resources[name] is None:
            data = "".join("%02X" % self.r.randrange(256) for _ in range(n * w))
            self.resources[name] = (et, n, "0x04000000" + data)
        et, n, _ = self.resources[name]
        return "dense_resource<%s> : tensor<%dx%s>" % (name, n, et)

    def loc_attr(self, depth=0, in_fused=False):
        # Inside fused[...] we avoid `unknown` and nested fused locations: the
        # parser flattens/filters those in a way that is not idempotent
        # (e.g. fused<"m">[X, fused<"m">[unknown]] prints as
        # fused<"m">[X, unknown], which re-parses as fused<"m">[X]).
        while True:
            k = self.r.randrange(9 if depth < 2 else 5)
            if not (in_fused and k in (0, 7, 8)):
                break
        f = self.pick(['"file.mlir"', '"a/b/c.py"', '"x"', '"q\\"uote.cc"'])
        if k == 0:
            return "unknown"
        if k == 1:
            return "%s:%d:%d" % (f, self.r.randrange(0, 50), self.r.randrange(0, 80))
        if k == 2:
            l = self.r.randrange(1, 50)
            c = self.r.randrange(1, 80)
            # Note: "L:C to L:C" and "L:C to L:C2" print like "L:C" and
            # "L:C to :C2" but are different attributes, which makes the
            # printed form non-idempotent; only generate canonical spellings.
            if self.chance(0.5):
                return "%s:%d:%d to :%d" % (f, l, c, c + self.r.randrange(1, 5))
            return "%s:%d:%d to %d:%d" % (f, l, c, l + self.r.randrange(1, 3),
                                          self.r.randrange(1, 80))
        if k in (3, 4):
            return self.pick(['"name"', '"op_name"', '"x"', '"with space"'])
        if k == 5:
            return '%s(%s)' % (self.pick(['"named"', '"n2"']), self.loc_attr(depth + 1))
        if k == 6:
            return "callsite(%s at %s)" % (self.loc_attr(depth + 1), self.loc_attr(depth + 1))
        if k == 7:
            items = ", ".join(self.loc_attr(depth + 1, True) for _ in range(self.r.randrange(0, 4)))
            return "fused[%s]" % items
        meta = self.pick(['"meta"', "{x = 1 : i32}", "#foo.m", '"m"'])
        items = ", ".join(self.loc_attr(depth + 1, True) for _ in range(self.r.randrange(1, 3)))
        return "fused<%s>[%s]" % (meta, items)

    def attr(self, depth=0):
        k = self.r.randrange(26 if depth < 3 else 14)
        if k == 0:
            return "unit"
        if k == 1:
            return self.pick(["true", "false"])
        if k in (2, 3):
            t = self.pick(INT_TYPES + ["index"])
            if self.chance(0.2):
                return self.int_lit("i64")
            if t == "i1":
                return "%s : i1" % self.pick(["0", "1", "-1"])
            return "%s : %s" % (self.int_lit(t), t)
        if k in (4, 5):
            t = self.pick(FLOAT_TYPES)
            if self.chance(0.2):
                return self.float_lit("f80")
            return "%s : %s" % (self.float_lit(t), t)
        if k in (6, 7):
            return self.string_lit()
        if k == 8:
            return self.type_()
        if k == 9:
            return self.symbol_ref()
        if k == 10:
            return self.dense_array()
        if k == 11:
            return self.opaque_attr()
        if k == 12:
            return self.dense_attr()
        if k == 13:
            return self.affine_map()
        if k in (14, 15, 16):
            return "[" + ", ".join(self.attr(depth + 1)
                                   for _ in range(self.r.randrange(0, 4))) + "]"
        if k in (17, 18):
            return self.dict_attr(depth)
        if k == 19:
            return self.affine_set()
        if k == 20:
            did = self.r.randrange(0, 12)
            if did not in self.distincts:
                self.distincts[did] = self.pick(["unit", "1 : i32", '"d"',
                                                 "[1, 2]", "{}", "@sym"])
            return "distinct[%d]<%s>" % (did, self.distincts[did])
        if k == 21:
            return "loc(%s)" % self.loc_attr()
        if k == 22:
            return self.resource_attr()
        if k == 23:
            return self.function_type()
        return self.dense_attr()

    # ---------------- ops ----------------
    def attr_dict(self, p=0.5, prefix_required=False):
        if not self.chance(p):
            return ""
        names = set()
        items = []
        for _ in range(self.r.randrange(0, 5)):
            n = self.attr_name()
            if prefix_required:
                n = self.pick(["mhlo.x", "sdy.meshes", "foo.k", "a.b.c",
                               '"foo.quoted key"', "mpmd.topology", "z.last"])
            if n in names or n in ("sym_name", "sym_visibility"):
                continue
            names.add(n)
            if self.chance(0.2):
                items.append(n)
            else:
                items.append("%s = %s" % (n, self.attr(1)))
        return " {" + ", ".join(items) + "}"

    def props(self):
        if not self.chance(0.2):
            return ""
        names = set()
        items = []
        for _ in range(self.r.randrange(0, 4)):
            n = self.pick(["p", "q", "callee", "kind", "prop_x"])
            if n in names:
                continue
            names.add(n)
            items.append("%s = %s" % (n, self.attr(1)))
        return " <{" + ", ".join(items) + "}>"

    def loc_suffix(self):
        if self.chance(0.5):
            return ""
        return " loc(%s)" % self.loc_attr()

    def op_name(self):
        return self.pick(["foo.op", "foo.add", "bar.baz", "foo.constant",
                          "hlo.add", "mp.fragment", "x.y.z", "t.op_2",
                          "foo.Op", "foo.a$b"])

    def emit_region(self, indent, visible, depth, entry_args=None, allow_cfg=True):
        """Emit a region body (between '({' / '}' handled by caller).

        visible: list of (name, type) usable from enclosing scopes.
        Returns nothing; appends lines."""
        nblocks = 1
        if allow_cfg and self.chance(0.3):
            nblocks = self.r.randrange(2, 5)
        labels = [self.fresh_block() for _ in range(nblocks)]
        # block args
        block_args = []
        for i in range(nblocks):
            if i == 0 and entry_args is not None:
                block_args.append(entry_args)
                continue
            args = []
            for _ in range(self.r.randrange(0, 3) if (i > 0 or self.chance(0.4)) else 0):
                args.append((self.fresh_value(), self.type_()))
            block_args.append(args)
        entry_values = []
        pad = "  " * indent
        for i in range(nblocks):
            args = block_args[i]
            need_header = i > 0 or args or (nblocks == 1 and self.chance(0.1))
            if need_header:
                hdr = labels[i]
                if args:
                    parts = []
                    for (n, t) in args:
                        s = "%s: %s" % (n, t)
                        if self.chance(0.3):
                            s += " loc(%s)" % self.loc_attr()
                        parts.append(s)
                    hdr += "(" + ", ".join(parts) + ")"
                self.lines.append("  " * (indent - 1) + hdr + ":")
            scope = list(visible) + (entry_values if i > 0 else []) + list(args)
            nops = self.r.randrange(1 if nblocks > 1 else 0, max(2, self.max_ops - depth * 3))
            if nblocks > 1 and nops == 0:
                nops = 1
            local = []
            if self.budget <= 0:
                nops = min(nops, 1)
            for j in range(nops):
                is_last = j == nops - 1
                succs = []
                if is_last and nblocks > 1 and self.chance(0.8):
                    # successors: any non-entry block of this region
                    for _ in range(self.r.randrange(1, 4)):
                        succs.append(labels[self.r.randrange(1, nblocks)])
                self.emit_op(indent, scope + local, depth, local, succs)
            if i == 0:
                entry_values = list(args) + local

    def emit_op(self, indent, scope, depth, out_values, succs=()):
        pad = "  " * indent
        self.budget -= 1
        # operands
        operands = []
        if scope:
            for _ in range(self.r.randrange(0, 4)):
                operands.append(self.pick(scope))
        # results
        nres = self.pick([0, 1, 1, 1, 2, 3]) if not succs else self.pick([0, 0, 1])
        res_types = [self.type_() for _ in range(nres)]
        res_prefix = ""
        new_vals = []
        if nres:
            base = self.fresh_value()
            if nres == 1:
                res_prefix = base + " = "
                new_vals.append((base, res_types[0]))
            else:
                res_prefix = "%s:%d = " % (base, nres)
                for i in range(nres):
                    new_vals.append(("%s#%d" % (base, i), res_types[i]))
        name = self.op_name()
        s = pad + res_prefix + '"%s"(' % name + ", ".join(o[0] for o in operands) + ")"
        if succs:
            s += "[" + ", ".join(succs) + "]"
        s += self.props()
        regions = 0
        if depth < self.max_depth and not succs and self.budget > 0 and self.chance(0.25):
            regions = self.r.randrange(1, 3)
        if regions:
            self.lines.append(s + " ({")
            for ri in range(regions):
                entry = None
                if self.chance(0.4):
                    entry = [(self.fresh_value(), self.type_())
                             for _ in range(self.r.randrange(1, 3))]
                if self.chance(0.1):
                    # empty region
                    pass
                else:
                    self.emit_region(indent + 1, scope, depth + 1, entry_args=entry)
                if ri != regions - 1:
                    self.lines.append(pad + "}, {")
            s = pad + "})"
        s += self.attr_dict(0.5)
        s += " : " + self.fmt_fn_type([o[1] for o in operands], res_types)
        s += self.loc_suffix()
        self.lines.append(s)
        out_values.extend(new_vals)

    # ---------------- funcs ----------------
    def emit_func(self, indent, fname, funcs):
        pad = "  " * indent
        ins = [self.type_() for _ in range(self.r.randrange(0, 4))]
        outs = [self.type_() for _ in range(self.r.randrange(0, 3))]
        vis = self.pick([None, None, "private", "public", "nested"])
        is_decl = vis == "private" and self.chance(0.5)
        arg_attrs = None
        if ins and self.chance(0.3):
            arg_attrs = ["{}" if self.chance(0.5) else
                         "{%s}" % self.pick(["a.x", "a.s = #sdy.sharding<@m, [{}]>",
                                            "b.c = 1 : i32", "a.y = \"s\", a.z"])
                         for _ in ins]
        res_attrs = None
        if outs and self.chance(0.3):
            res_attrs = ["{}" if self.chance(0.5) else "{r.a = [1]}" for _ in outs]
        extra = self.attr_dict(0.3)
        funcs.append((fname, ins, outs))
        custom = self.chance(0.35)
        fn_type = "(" + ", ".join(ins) + ") -> " + self.fmt_results(outs)
        arg_names = [self.fresh_value() for _ in ins]
        if custom:
            head = pad + "func.func "
            if vis:
                head += vis + " "
            head += "@" + fname + "("
            parts = []
            for i, t in enumerate(ins):
                p = t if is_decl else "%s: %s" % (arg_names[i], t)
                if arg_attrs and arg_attrs[i] != "{}":
                    p += " " + arg_attrs[i]
                if not is_decl and self.chance(0.2):
                    p += " loc(%s)" % self.loc_attr()
                parts.append(p)
            head += ", ".join(parts) + ")"
            if outs:
                rparts = []
                for i, t in enumerate(outs):
                    p = t
                    if res_attrs and res_attrs[i] != "{}":
                        p += " " + res_attrs[i]
                    rparts.append(p)
                head += " -> (" + ", ".join(rparts) + ")"
            if extra:
                head += " attributes" + extra
            if is_decl:
                self.lines.append(head + self.loc_suffix())
                return
            self.lines.append(head + " {")
            self.emit_func_body(indent + 1, list(zip(arg_names, ins)), outs, funcs, custom=True)
            self.lines.append(pad + "}" + self.loc_suffix())
            return
        props = ["function_type = %s" % fn_type, 'sym_name = "%s"' % fname]
        if vis:
            props.append('sym_visibility = "%s"' % vis)
        if arg_attrs:
            props.append("arg_attrs = [%s]" % ", ".join(arg_attrs))
        if res_attrs:
            props.append("res_attrs = [%s]" % ", ".join(res_attrs))
        self.r.shuffle(props)
        head = pad + '"func.func"() <{' + ", ".join(props) + "}> ({"
        self.lines.append(head)
        if not is_decl:
            self.emit_func_body(indent + 1, list(zip(arg_names, ins)), outs, funcs, custom=False)
        self.lines.append(pad + "})" + extra + " : () -> ()" + self.loc_suffix())

    def emit_func_body(self, indent, args, outs, funcs, custom):
        pad = "  " * indent
        if not custom or args:
            # entry block header required in generic form when there are args
            if args:
                parts = []
                for (n, t) in args:
                    p = "%s: %s" % (n, t)
                    if self.chance(0.2):
                        p += " loc(%s)" % self.loc_attr()
                    parts.append(p)
                if not custom:
                    self.lines.append("  " * (indent - 1) + "^bb0(" + ", ".join(parts) + "):")
        scope = list(args)
        local = []
        for _ in range(self.r.randrange(0, self.max_ops)):
            if self.budget <= 0:
                break
            k = self.r.randrange(10)
            if k == 0 and funcs:
                # func.call to a previously declared function
                fname, ins, fouts = self.pick(funcs)
                ops = []
                ok = True
                for t in ins:
                    cands = [v for v in scope + local if v[1] == t]
                    if not cands:
                        ok = False
                        break
                    ops.append(self.pick(cands))
                if ok:
                    res = ""
                    new_vals = []
                    if fouts:
                        base = self.fresh_value()
                        if len(fouts) == 1:
                            res = base + " = "
                            new_vals = [(base, fouts[0])]
                        else:
                            res = "%s:%d = " % (base, len(fouts))
                            new_vals = [("%s#%d" % (base, i), t) for i, t in enumerate(fouts)]
                    ftype = self.fmt_fn_type(ins, fouts)
                    if custom and self.chance(0.5):
                        self.lines.append(pad + res + "%s @%s(%s) : %s%s" % (
                            self.pick(["call", "func.call"]), fname,
                            ", ".join(o[0] for o in ops), ftype, self.loc_suffix()))
                    else:
                        self.lines.append(pad + res + '"func.call"(%s) <{callee = @%s}>%s : %s%s' % (
                            ", ".join(o[0] for o in ops), fname, self.attr_dict(0.2), ftype,
                            self.loc_suffix()))
                    local.extend(new_vals)
                    continue
            self.emit_op(indent, scope + local, 1, local)
        # return: needs values of the result types; create them with an op if needed
        rets = []
        for t in outs:
            cands = [v for v in scope + local if v[1] == t]
            if cands and self.chance(0.7):
                rets.append(self.pick(cands))
            else:
                v = self.fresh_value()
                self.lines.append(pad + '%s = "foo.make"() : () -> %s' % (v, self.fmt_results([t])))
                rets.append((v, t))
        if custom and self.chance(0.7):
            if rets:
                self.lines.append(pad + "%s %s : %s%s" % (
                    self.pick(["return", "func.return"]),
                    ", ".join(v[0] for v in rets), ", ".join(v[1] for v in rets),
                    self.loc_suffix()))
            else:
                self.lines.append(pad + self.pick(["return", "func.return"]) + self.loc_suffix())
        else:
            self.lines.append(pad + '"func.return"(%s) : (%s) -> ()%s' % (
                ", ".join(v[0] for v in rets), ", ".join(v[1] for v in rets),
                self.loc_suffix()))

    # ---------------- module ----------------
    def module_body(self, indent):
        funcs = []
        scope = []
        fidx = 0
        n = self.r.randrange(1, self.max_ops)
        for _ in range(n):
            if self.budget <= 0:
                break
            k = self.r.randrange(10)
            if k < 3:
                fidx += 1
                self.emit_func(indent, "fn%d_%d" % (self.seed % 1000, fidx), funcs)
            elif k == 3 and self.chance(0.3):
                # nested module
                name = self.pick([None, "inner%d" % fidx])
                fidx += 1
                props = ' <{sym_name = "%s"}>' % name if name else ""
                self.lines.append("  " * indent + '"builtin.module"()%s ({' % props)
                inner_lines_before = len(self.lines)
                sub = Gen(self.r.randrange(1 << 30), "small")
                sub.name_counter = self.name_counter + 1000
                sub.block_counter = self.block_counter + 1000
                sub.resources = self.resources
                sub.distincts = self.distincts
                sub.lines = self.lines
                body_start = len(self.lines)
                sub.module_body(indent + 1)
                self.name_counter = sub.name_counter
                self.block_counter = sub.block_counter
                if len(self.lines) == body_start:
                    self.lines.append("  " * indent + "^bb0:")
                self.lines.append("  " * indent + "})" + self.attr_dict(0.3, prefix_required=True)
                                  + " : () -> ()" + self.loc_suffix())
            else:
                local = []
                self.emit_op(indent, scope, 0, local)
                scope.extend(local)

    def generate(self):
        style = self.r.randrange(4)
        if style == 0:
            # implicit module
            self.module_body(0)
        elif style in (1, 2):
            props = ""
            if self.chance(0.3):
                props = ' <{sym_name = "m%d"}>' % self.seed
            self.lines.append('"builtin.module"()%s ({' % props)
            start = len(self.lines)
            self.module_body(1)
            if len(self.lines) == start:
                self.lines.append("^bb0:")
            self.lines.append("})" + self.attr_dict(0.3, prefix_required=True) + " : () -> ()"
                              + self.loc_suffix())
        else:
            head = "module"
            if self.chance(0.5):
                head += " @m%d" % self.seed
            ad = self.attr_dict(0.4, prefix_required=True)
            if ad and ad.strip() != "{}":
                head += " attributes" + ad
            self.lines.append(head + " {")
            self.module_body(1)
            self.lines.append("}" + self.loc_suffix())
        text = "\n".join(self.lines) + "\n"
        used = {k: v for k, v in self.resources.items() if v is not None}
        if used:
            text += "{-#\n  dialect_resources: {\n    builtin: {\n"
            text += ",\n".join('      %s: "%s"' % (k, v[2]) for k, v in used.items())
            text += "\n    }\n  }\n#-}\n"
        return text


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--out", default=".")
    ap.add_argument("--size", default="medium", choices=["small", "medium", "large"])
    a = ap.parse_args()
    for i in range(a.count):
        seed = a.seed * 100003 + i
        text = Gen(seed, a.size).generate()
        if a.out == "-":
            sys.stdout.write(text)
        else:
            os.makedirs(a.out, exist_ok=True)
            with open(os.path.join(a.out, "rand_%d_%d.mlir" % (a.seed, i)), "w",
                      encoding="utf-8") as f:
                f.write(text)


if __name__ == "__main__":
    main()
