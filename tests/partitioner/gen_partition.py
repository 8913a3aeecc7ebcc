#!/usr/bin/env python3
"""Random programs through the SPMD partitioner, checked by execution.

Each seed gives an sdy program on a mesh of 2 to 8 devices (sometimes with
an explicit device order), whose function takes and returns replicated
values and shards what it computes through sharding constraints on random
dimensions (whole axes, sub-axes, non-divisible sizes). sdy_opt runs
propagation, the explicit-reshard passes and the partitioner on it, as
Shardy's executable partitioner tests do; then each output must

  * come out of sdy_opt, or be refused with a located error (never a crash
    or a sanitizer report),
  * parse and verify again (local shapes consistent), and
  * run in the StableHLO interpreter (interpreter.run_parallel, one program a
    device) to the same values as the unpartitioned program on every device.

    gen_partition.py --tools build-asan/bin --seeds 300          # a few hundred
    gen_partition.py --tools build-asan/bin --seeds 40 --quick   # in make test
    gen_partition.py --tools build-asan/bin --seed 17 --show     # one program

Exit status 1 when a program fails a check (each failure is printed with its
seed); refusals are counted, not failures.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

MESHES = [
    [("x", 2)],
    [("x", 4)],
    [("x", 8)],
    [("x", 3)],
    [("x", 2), ("y", 2)],
    [("x", 2), ("y", 4)],
    [("x", 4), ("y", 2)],
    [("x", 2), ("y", 3)],
    [("x", 2), ("y", 2), ("z", 2)],
]
SIZES = [1, 2, 3, 4, 5, 6, 8]
# Seeds from GEN2_FIRST on also draw these meshes (an axis of 6 has sub-axes
# that overlap without nesting, "x":(1)2 and "x":(3)2) and the ops of
# Program.OPS2; the seeds below keep the programs their baseline lists.
GEN2_FIRST = 240
MESHES2 = [[("x", 6)], [("x", 2), ("y", 6)], [("x", 3), ("y", 4)]]

COLLECTIVES = ["stablehlo.all_gather", "stablehlo.all_to_all", "stablehlo.all_reduce",
               "stablehlo.collective_permute", "stablehlo.reduce_scatter", "partition_id"]

PIPELINE = [
    "-sdy-propagation-pipeline",
    "-sdy-insert-explicit-reshards=enable-full-version=true",
    "-sdy-resolve-permutation-factors",
    "-sdy-reshard-to-collectives",
    "-sdy-pad-for-divisibility",
    "-sdy-resolve-single-device-sharding",
    "-sdy-convert-global-to-local",
    "-sdy-drop-sharding-and-mesh",
]


def tensor(shape):
    return "tensor<%sf32>" % "".join("%dx" % d for d in shape)


class Program:
    """One random function body, printed twice: sharded and sequential."""

    def __init__(self, rng, gen2=False):
        self.rng = rng
        self.gen2 = gen2
        self.mesh = rng.choice(MESHES + MESHES2 if gen2 else MESHES)
        self.devices = 1
        for _, size in self.mesh:
            self.devices *= size
        self.device_ids = None
        if rng.random() < 0.3:
            ids = list(range(self.devices))
            rng.shuffle(ids)
            if ids != sorted(ids):
                self.device_ids = ids
        self.args = [self.random_shape() for _ in range(rng.randint(1, 3))]
        self.values = [("%%arg%d" % i, s) for i, s in enumerate(self.args)]
        self.lines = []  # (sequential text, constraint text or None)
        self.counter = 0

    def random_shape(self):
        rank = self.rng.randint(1, 3)
        return [self.rng.choice(SIZES) for _ in range(rank)]

    def fresh(self):
        name = "%%v%d" % self.counter
        self.counter += 1
        return name

    def emit(self, text, shape):
        name = self.fresh()
        self.lines.append(("%s = %s" % (name, text), None))
        self.values.append((name, shape))
        if self.rng.random() < 0.6:
            self.constrain(name, shape)
        return name

    # ---- shardings -------------------------------------------------------------
    def axis_choices(self):
        """Whole axes and, for axes of size 4 or 8, their sub-axes."""
        out = []
        for name, size in self.mesh:
            out.append(('"%s"' % name, name, size, 1))
            if size == 6 and self.rng.random() < 0.5:
                pre, sub = self.rng.choice([(1, 2), (1, 3), (2, 3), (3, 2)])
                out.append(('"%s":(%d)%d' % (name, pre, sub), name, sub, pre))
            elif size >= 4 and self.rng.random() < 0.4:
                pre = self.rng.choice([1, 2]) if size == 4 else self.rng.choice([1, 2, 4])
                sub = size // pre if pre > 1 else 2
                if pre * sub <= size and size % (pre * sub) == 0 and sub > 1:
                    out.append(('"%s":(%d)%d' % (name, pre, sub), name, sub, pre))
        return out

    def random_sharding(self, shape):
        used = set()
        dims = []
        choices = self.axis_choices()
        for size in shape:
            axes = []
            if size > 1 and self.rng.random() < 0.6:
                self.rng.shuffle(choices)
                for text, name, _, _ in choices:
                    if name in used or len(axes) >= 2:
                        continue
                    if self.rng.random() < 0.5:
                        axes.append(text)
                        used.add(name)
            dims.append("{%s}" % ", ".join(axes))
        return "<@mesh, [%s]>" % ", ".join(dims)

    def constrain(self, name, shape):
        out = self.fresh()
        sharding = self.random_sharding(shape)
        text = "%s = sdy.sharding_constraint %s %s : %s" % (out, name, sharding, tensor(shape))
        # the sequential program reads the same name: an alias there
        self.lines.append((None, (text, out, name)))
        self.values[-1] = (out, shape)

    # ---- ops ---------------------------------------------------------------
    def pick(self, pred=lambda s: True):
        cands = [v for v in self.values if pred(v[1])]
        return self.rng.choice(cands) if cands else None

    def op_unary(self):
        v, s = self.pick()
        op = self.rng.choice(["abs", "negate", "sine", "exponential"])
        if op == "exponential":
            return self.emit("stablehlo.tanh %s : %s" % (v, tensor(s)), s)
        return self.emit("stablehlo.%s %s : %s" % (op, v, tensor(s)), s)

    def op_binary(self):
        v, s = self.pick()
        others = [w for w in self.values if w[1] == s]
        w, _ = self.rng.choice(others)
        op = self.rng.choice(["add", "multiply", "maximum", "subtract", "minimum"])
        return self.emit("stablehlo.%s %s, %s : %s" % (op, v, w, tensor(s)), s)

    def op_transpose(self):
        p = self.pick(lambda s: len(s) >= 2)
        if not p:
            return None
        v, s = p
        perm = list(range(len(s)))
        self.rng.shuffle(perm)
        out = [s[i] for i in perm]
        return self.emit("stablehlo.transpose %s, dims = %s : (%s) -> %s" %
                         (v, perm, tensor(s), tensor(out)), out)

    def op_dot(self):
        p = self.pick(lambda s: len(s) == 2)
        if not p:
            return None
        v, s = p
        q = self.pick(lambda t: len(t) == 2 and t[0] == s[1])
        if not q:
            q = self.pick(lambda t: len(t) == 2 and t[1] == s[1])
            if not q:
                return None
            w, t = q
            out = [s[0], t[0]]
            return self.emit("stablehlo.dot_general %s, %s, contracting_dims = [1] x [1] : "
                             "(%s, %s) -> %s" % (v, w, tensor(s), tensor(t), tensor(out)), out)
        w, t = q
        out = [s[0], t[1]]
        return self.emit("stablehlo.dot_general %s, %s, contracting_dims = [1] x [0] : "
                         "(%s, %s) -> %s" % (v, w, tensor(s), tensor(t), tensor(out)), out)

    def op_reduce(self):
        p = self.pick(lambda s: len(s) >= 2)
        if not p:
            return None
        v, s = p
        d = self.rng.randrange(len(s))
        out = s[:d] + s[d + 1:]
        kind = self.rng.choice(["add", "maximum"])
        init = "0.000000e+00" if kind == "add" else "-1.000000e+09"
        c = self.fresh()
        self.lines.append(("%s = stablehlo.constant dense<%s> : tensor<f32>" % (c, init), None))
        return self.emit("stablehlo.reduce(%s init: %s) applies stablehlo.%s across dimensions = "
                         "[%d] : (%s, tensor<f32>) -> %s" % (v, c, kind, d, tensor(s), tensor(out)),
                         out)

    def op_broadcast(self):
        p = self.pick(lambda s: len(s) <= 2)
        if not p:
            return None
        v, s = p
        pos = self.rng.randint(0, len(s))
        out = s[:pos] + [self.rng.choice(SIZES)] + s[pos:]
        dims = [i if i < pos else i + 1 for i in range(len(s))]
        return self.emit("stablehlo.broadcast_in_dim %s, dims = %s : (%s) -> %s" %
                         (v, dims, tensor(s), tensor(out)), out)

    def op_slice(self):
        v, s = self.pick()
        starts, limits, strides, out = [], [], [], []
        for d in s:
            a = self.rng.randint(0, d - 1)
            b = self.rng.randint(a + 1, d)
            st = 1  # Shardy's halo-exchange slice ignores strides (see README)
            starts.append(a)
            limits.append(b)
            strides.append(st)
            out.append((b - a + st - 1) // st)
        spec = ", ".join("%d:%d%s" % (a, b, ":%d" % st if st != 1 else "")
                         for a, b, st in zip(starts, limits, strides))
        return self.emit("stablehlo.slice %s [%s] : (%s) -> %s" % (v, spec, tensor(s), tensor(out)),
                         out)

    def op_pad(self):
        v, s = self.pick()
        lo = [self.rng.choice([0, 0, 1, 2, -1]) for _ in s]
        hi = [self.rng.choice([0, 0, 1, 3, -1]) for _ in s]
        it = [self.rng.choice([0, 0, 1]) for _ in s]
        out = []
        for i, d in enumerate(s):
            size = d + lo[i] + hi[i] + max(d - 1, 0) * it[i]
            if size < 1:
                lo[i] = hi[i] = 0
                size = d + max(d - 1, 0) * it[i]
            if size == d and (lo[i] or hi[i]):
                # Shardy's pad rule makes a dimension that keeps its size a
                # pass-through factor, shifted data and all: its partitioned
                # program computes something else (sharc does as Shardy).
                hi[i] += 1
                size += 1
            out.append(size)
        c = self.fresh()
        self.lines.append(("%s = stablehlo.constant dense<0.000000e+00> : tensor<f32>" % c, None))
        return self.emit("stablehlo.pad %s, %s, low = %s, high = %s, interior = %s : (%s, "
                         "tensor<f32>) -> %s" % (v, c, lo, hi, it, tensor(s), tensor(out)), out)

    def op_concatenate(self):
        v, s = self.pick()
        d = self.rng.randrange(len(s))
        out = list(s)
        out[d] *= 2
        return self.emit("stablehlo.concatenate %s, %s, dim = %d : (%s, %s) -> %s" %
                         (v, v, d, tensor(s), tensor(s), tensor(out)), out)

    def op_reverse(self):
        v, s = self.pick()
        dims = sorted(self.rng.sample(range(len(s)), self.rng.randint(1, len(s))))
        return self.emit("stablehlo.reverse %s, dims = %s : %s" % (v, dims, tensor(s)), s)

    def op_iota_add(self):
        v, s = self.pick()
        d = self.rng.randrange(len(s))
        i = self.fresh()
        self.lines.append(("%s = stablehlo.iota dim = %d : %s" % (i, d, tensor(s)), None))
        return self.emit("stablehlo.add %s, %s : %s" % (v, i, tensor(s)), s)

    def op_reshape(self):
        p = self.pick(lambda s: len(s) >= 2)
        if not p:
            return None
        v, s = p
        d = self.rng.randrange(len(s) - 1)
        out = s[:d] + [s[d] * s[d + 1]] + s[d + 2:]
        return self.emit("stablehlo.reshape %s : (%s) -> %s" % (v, tensor(s), tensor(out)), out)

    def op_select(self):
        v, s = self.pick()
        w, _ = self.rng.choice([x for x in self.values if x[1] == s])
        c = self.fresh()
        pred = "tensor<%si1>" % "".join("%dx" % d for d in s)
        self.lines.append(("%s = stablehlo.compare GT, %s, %s : (%s, %s) -> %s" %
                           (c, v, w, tensor(s), tensor(s), pred), None))
        return self.emit("stablehlo.select %s, %s, %s : %s, %s" % (c, w, v, pred, tensor(s)), s)

    def op_reduce_window(self):
        v, s = self.pick()
        window = [self.rng.choice([1, 2, 3]) if d >= 3 else 1 for d in s]
        strides = [self.rng.choice([1, 2]) if w > 1 else 1 for w in window]
        out = [(d - w) // st + 1 for d, w, st in zip(s, window, strides)]
        c = self.fresh()
        self.lines.append(("%s = stablehlo.constant dense<0.000000e+00> : tensor<f32>" % c, None))
        arr = lambda xs: "array<i64: %s>" % ", ".join(map(str, xs))
        return self.emit(
            '"stablehlo.reduce_window"(%s, %s) <{window_dimensions = %s, window_strides = %s}> ({\n'
            '  ^bb0(%%a: tensor<f32>, %%b: tensor<f32>):\n'
            '    %%s = stablehlo.add %%a, %%b : tensor<f32>\n'
            '    stablehlo.return %%s : tensor<f32>\n'
            '  }) : (%s, tensor<f32>) -> %s' % (v, c, arr(window), arr(strides), tensor(s),
                                              tensor(out)), out)

    def start_indices(self, shape, sizes, beyond):
        """Constant start indices for a window of `sizes` in `shape`, up to
        `beyond` - 1 past the last in-range start (the op clamps them)."""
        idx = []
        for d, z in zip(shape, sizes):
            c = self.fresh()
            self.lines.append(("%s = stablehlo.constant dense<%d> : tensor<i32>" %
                               (c, self.rng.randint(0, d - z + beyond)), None))
            idx.append(c)
        return idx

    def op_dynamic_slice(self):
        v, s = self.pick()
        sizes = [self.rng.randint(1, d) for d in s]
        idx = self.start_indices(s, sizes, 1)
        return self.emit("stablehlo.dynamic_slice %s, %s, sizes = %s : (%s, %s) -> %s" %
                         (v, ", ".join(idx), sizes, tensor(s), ", ".join(["tensor<i32>"] * len(s)),
                          tensor(sizes)), sizes)

    def op_dynamic_update_slice(self):
        v, s = self.pick()
        sizes = [self.rng.randint(1, d) for d in s]
        u = self.pick(lambda t: t == sizes)
        if not u:
            return None
        idx = self.start_indices(s, sizes, 2)  # sometimes out of range
        return self.emit("stablehlo.dynamic_update_slice %s, %s, %s : (%s, %s, %s) -> %s" %
                         (v, u[0], ", ".join(idx), tensor(s), tensor(sizes),
                          ", ".join(["tensor<i32>"] * len(s)), tensor(s)), s)

    def op_clamp(self):
        v, s = self.pick()
        lo, hi = self.fresh(), self.fresh()
        self.lines.append(("%s = stablehlo.constant dense<-2.000000e+00> : tensor<f32>" % lo, None))
        self.lines.append(("%s = stablehlo.constant dense<3.000000e+00> : tensor<f32>" % hi, None))
        return self.emit("stablehlo.clamp %s, %s, %s : (tensor<f32>, %s, tensor<f32>) -> %s" %
                         (lo, v, hi, tensor(s), tensor(s)), s)

    def op_while(self):
        """A counted loop (3 trips) doubling a value; the loop-carried value
        is sharded when propagation shards it."""
        v, s = self.pick()
        c0, out = self.fresh(), self.fresh()
        self.lines.append(("%s = stablehlo.constant dense<0> : tensor<i32>" % c0, None))
        t = tensor(s)
        body = ("stablehlo.while(%%i = %s, %%w = %s) : tensor<i32>, %s\n"
                "   cond {\n"
                "    %%k = stablehlo.constant dense<3> : tensor<i32>\n"
                "    %%p = stablehlo.compare LT, %%i, %%k, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
                "    stablehlo.return %%p : tensor<i1>\n"
                "  } do {\n"
                "    %%one = stablehlo.constant dense<1> : tensor<i32>\n"
                "    %%n = stablehlo.add %%i, %%one : tensor<i32>\n"
                "    %%x = stablehlo.add %%w, %%w : %s\n"
                "    stablehlo.return %%n, %%x : tensor<i32>, %s\n"
                "  }") % (c0, v, t, t, t)
        self.lines.append(("%s:2 = %s" % (out, body), None))
        return self.emit("stablehlo.negate %s#1 : %s" % (out, t), s)


    # ---- the ops seeds from GEN2_FIRST on draw too ----------------------------------
    def index_constant(self, rows, limit, beyond):
        """A tensor<rowsx1xi64> of start indices below `limit` + `beyond`."""
        c = self.fresh()
        vals = ", ".join("[%d]" % self.rng.randint(0, limit - 1 + beyond) for _ in range(rows))
        self.lines.append(("%s = stablehlo.constant dense<[%s]> : tensor<%dx1xi64>" %
                           (c, vals, rows), None))
        return c

    def op_gather(self):
        """Rows of a matrix picked by constant indices (some out of range,
        which the gather clamps)."""
        p = self.pick(lambda s: len(s) == 2)
        if not p:
            return None
        v, s = p
        rows = self.rng.choice([1, 2, 3, 4])
        idx = self.index_constant(rows, s[0], self.rng.choice([0, 0, 2]))
        out = [rows, s[1]]
        return self.emit(
            '"stablehlo.gather"(%s, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], '
            'collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, '
            'indices_are_sorted = false, slice_sizes = array<i64: 1, %d>}> : (%s, tensor<%dx1xi64>)'
            ' -> %s' % (v, idx, s[1], tensor(s), rows, tensor(out)), out)

    def op_scatter(self):
        """Rows added into a matrix at constant indices (an out-of-range row
        is dropped)."""
        p = self.pick(lambda s: len(s) == 2)
        if not p:
            return None
        v, s = p
        rows = self.rng.choice([1, 2, 3])
        upd = self.pick(lambda t: t == [rows, s[1]])
        if not upd:
            return None
        idx = self.index_constant(rows, s[0], self.rng.choice([0, 0, 1]))
        n = self.counter
        return self.emit(
            '"stablehlo.scatter"(%s, %s, %s) <{indices_are_sorted = false, '
            'scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], '
            'inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, '
            'unique_indices = false}> ({\n'
            '  ^bb0(%%sa%d: tensor<f32>, %%sb%d: tensor<f32>):\n'
            '    %%ss%d = stablehlo.add %%sa%d, %%sb%d : tensor<f32>\n'
            '    stablehlo.return %%ss%d : tensor<f32>\n'
            '  }) : (%s, tensor<%dx1xi64>, %s) -> %s' %
            (v, idx, upd[0], n, n, n, n, n, n, tensor(s), rows, tensor(upd[1]), tensor(s)), s)

    def op_sort(self):
        v, s = self.pick()
        d = self.rng.randrange(len(s))
        n = self.counter
        return self.emit(
            '"stablehlo.sort"(%s) <{dimension = %d : i64, is_stable = true}> ({\n'
            '  ^bb0(%%qa%d: tensor<f32>, %%qb%d: tensor<f32>):\n'
            '    %%qc%d = stablehlo.compare GT, %%qa%d, %%qb%d, FLOAT : (tensor<f32>, tensor<f32>) -> '
            'tensor<i1>\n'
            '    stablehlo.return %%qc%d : tensor<i1>\n'
            '  }) : (%s) -> %s' % (v, d, n, n, n, n, n, n, tensor(s), tensor(s)), s)

    def op_constant(self):
        """A dense (not splat) constant added to a value: a sharded constant
        is sliced per device."""
        v, s = self.pick()
        n = 1
        for d in s:
            n *= d
        if n < 2:
            return None
        c, flat = self.fresh(), self.fresh()
        vals = ", ".join("%.1f" % float((k * 5) % 7 - 3) for k in range(n))
        self.lines.append(("%s = stablehlo.constant dense<[%s]> : tensor<%dxf32>" % (flat, vals, n),
                           None))
        self.lines.append(("%s = stablehlo.reshape %s : (tensor<%dxf32>) -> %s" %
                           (c, flat, n, tensor(s)), None))
        if self.rng.random() < 0.6:
            self.values.append((c, s))
            self.constrain(c, s)
            c = self.values.pop()[0]
        return self.emit("stablehlo.add %s, %s : %s" % (v, c, tensor(s)), s)

    def op_manual(self):
        """An sdy.manual_computation over one axis that divides a dimension,
        its body elementwise (the sequential program runs the body on the
        whole value)."""
        v, s = self.pick()
        dims = [(d, name) for d in range(len(s)) for name, size in self.mesh
                if s[d] % size == 0 and s[d] > 1]
        if not dims:
            return None
        d, axis = self.rng.choice(dims)
        size = dict(self.mesh)[axis]
        local = list(s)
        local[d] //= size
        sh = "<@mesh, [%s]>" % ", ".join('{"%s"}' % axis if i == d else "{}" for i in range(len(s)))
        n = self.counter
        op = self.rng.choice(["negate", "abs", "sine"])
        out = self.fresh()
        sharded = ('%s = sdy.manual_computation(%s) in_shardings=[%s] out_shardings=[%s] '
                   'manual_axes={"%s"} (%%ma%d: %s) {\n'
                   '    %%mb%d = stablehlo.%s %%ma%d : %s\n'
                   '    sdy.return %%mb%d : %s\n'
                   '  } : (%s) -> %s' % (out, v, sh, sh, axis, n, tensor(local), n, op, n,
                                         tensor(local), n, tensor(local), tensor(s), tensor(s)))
        sequential = "%s = stablehlo.%s %s : %s" % (out, op, v, tensor(s))
        self.lines.append(((sharded, sequential), None))
        self.values.append((out, s))
        if self.rng.random() < 0.6:
            self.constrain(out, s)
        return out

    OPS = ["op_reduce_window", "op_dynamic_slice", "op_unary", "op_binary", "op_transpose", "op_dot", "op_reduce", "op_broadcast",
           "op_slice", "op_pad", "op_concatenate", "op_reverse", "op_iota_add", "op_reshape",
           "op_select", "op_dynamic_update_slice", "op_clamp", "op_while"]
    OPS2 = ["op_gather", "op_scatter", "op_sort", "op_constant", "op_manual"]

    def build(self, n_ops):
        for _ in range(n_ops):
            for _ in range(5):
                ops = self.OPS + self.OPS2 if self.gen2 else self.OPS
                if getattr(self, self.rng.choice(ops))() is not None:
                    break
        if not self.lines:
            self.op_unary()
        n_results = min(len(self.values) - len(self.args), self.rng.randint(1, 2))
        self.results = self.values[-max(n_results, 1):]

    # ---- printing ------------------------------------------------------------------
    def mesh_text(self):
        axes = ", ".join('"%s"=%d' % a for a in self.mesh)
        ids = ", device_ids=[%s]" % ", ".join(map(str, self.device_ids)) if self.device_ids else ""
        return "sdy.mesh @mesh = <[%s]%s>" % (axes, ids)

    def replicated(self, shape):
        return "{sdy.sharding = #sdy.sharding<@mesh, [%s]>}" % ", ".join("{}" for _ in shape)

    def function(self, name, sharded):
        args = ", ".join("%%arg%d: %s%s" % (i, tensor(s), " " + self.replicated(s) if sharded else "")
                         for i, s in enumerate(self.args))
        res = ", ".join(tensor(s) + (" " + self.replicated(s) if sharded else "")
                        for _, s in self.results)
        out = ["func.func @%s(%s) -> (%s) {" % (name, args, res)]
        alias = {}
        for seq, con in self.lines:
            if seq is not None:
                if isinstance(seq, tuple):  # (sharded text, sequential text)
                    seq = seq[0] if sharded else seq[1]
                if alias:
                    lhs, rhs = seq.split(" = ", 1)
                    rhs = re.sub(r"%v\d+\b", lambda m: alias.get(m.group(0), m.group(0)), rhs)
                    seq = lhs + " = " + rhs
                out.append("  " + seq)
            elif sharded:
                out.append("  " + con[0])
            else:
                alias[con[1]] = alias.get(con[2], con[2])
        names = [alias.get(n, n) if not sharded else n for n, _ in self.results]
        out.append("  return %s : %s" % (", ".join(names),
                                          ", ".join(tensor(s) for _, s in self.results)))
        out.append("}")
        return "\n".join(out)

    def sharded_module(self):
        return "%s\n\n%s\n" % (self.mesh_text(), self.function("main", True))

    def inputs(self):
        out = []
        for i, s in enumerate(self.args):
            n = 1
            for d in s:
                n *= d
            vals = [float((k * 7 + i * 3) % 11 - 5) for k in range(n)]
            out.append("  %%in%d = stablehlo.constant dense<[%s]> : tensor<%dxf32>\n"
                       "  %%g%d = stablehlo.reshape %%in%d : (tensor<%dxf32>) -> %s" %
                       (i, ", ".join("%.1f" % x for x in vals), n, i, i, n, tensor(s)))
        return out


def driver(prog, partitioned_body):
    """The interpreter module: the partitioned function once a device, the
    sequential one, and main comparing every device's results with it."""
    n = prog.devices
    lines = [partitioned_body, prog.function("sequential", False), "func.func @main() {"]
    lines += prog.inputs()
    args = ["%%g%d" % i for i in range(len(prog.args))]
    arg_types = [tensor(s) for s in prog.args]
    res_types = [tensor(s) for _, s in prog.results]
    lines.append("  %%seq:%d = func.call @sequential(%s) : (%s) -> (%s)" %
                 (len(res_types), ", ".join(args), ", ".join(arg_types), ", ".join(res_types)))
    lines.append('  %%res:%d = "interpreter.run_parallel"(%s) {programs = [[%s]]} : (%s) -> (%s)' %
                 (n * len(res_types), ", ".join(args * n), ", ".join(["@parallel"] * n),
                  ", ".join(arg_types * n), ", ".join(res_types * n)))
    for dev in range(n):
        for r, t in enumerate(res_types):
            lines.append('  "check.expect_almost_eq"(%%res#%d, %%seq#%d) : (%s, %s) -> ()' %
                         (dev * len(res_types) + r, r, t, t))
    lines.append("  return\n}")
    return "\n".join(lines) + "\n"


def run(cmd, stdin=None, timeout=120):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout)


def crashed(proc):
    return proc.returncode < 0 or proc.returncode > 1 or "Sanitizer" in proc.stderr or \
        "runtime error" in proc.stderr


def check_seed(seed, tools, tmp, show=False):
    rng = random.Random(seed)
    prog = Program(rng, seed >= GEN2_FIRST)
    prog.build(rng.randint(2, 7))
    src = prog.sharded_module()
    if show:
        print(src)
    path = os.path.join(tmp, "in_%d.mlir" % seed)
    with open(path, "w") as f:
        f.write(src)
    sdy_opt = os.path.join(tools, "sdy_opt")
    p = run([sdy_opt, path] + PIPELINE)
    if crashed(p):
        return "crash", "sdy_opt crashed (rc %d): %s" % (p.returncode, p.stderr[-2000:])
    if p.returncode == 1:
        if "error:" not in p.stderr or p.stdout:
            return "fail", "refusal without a located error, or with output: %s" % p.stderr[-800:]
        return "refused", p.stderr.splitlines()[0] if p.stderr else ""
    if show:
        print(p.stdout)
    v = run([sdy_opt, "-"], stdin=p.stdout)
    if v.returncode != 0:
        return "fail", "output does not verify: %s" % v.stderr[-1500:]
    body = p.stdout.strip()
    if body.startswith("module"):
        body = "\n".join(body.splitlines()[1:-1])
    body = body.replace("func.func @main(", "func.func @parallel(", 1)
    module = driver(prog, body)
    mpath = os.path.join(tmp, "run_%d.mlir" % seed)
    with open(mpath, "w") as f:
        f.write(module)
    r = run([os.path.join(tools, "stablehlo-translate"), "--interpret", mpath])
    if crashed(r) or r.returncode != 0:
        return "fail", "execution differs or fails (rc %d): %s" % (r.returncode, r.stderr[-1500:])
    collective = any(c in body for c in COLLECTIVES)
    return "pass", "collectives" if collective else ""


def write_programs(seeds, out):
    os.makedirs(out, exist_ok=True)
    for seed in seeds:
        rng = random.Random(seed)
        prog = Program(rng, seed >= GEN2_FIRST)
        prog.build(rng.randint(2, 7))
        with open(os.path.join(out, "seed_%d.mlir" % seed), "w") as f:
            f.write(prog.sharded_module())
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tools", required=True, help="folder with sdy_opt and stablehlo-translate")
    ap.add_argument("--seeds", type=int, default=300)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--seed", type=int, help="one seed only")
    ap.add_argument("--show", action="store_true", help="print the program and its partition")
    ap.add_argument("--quick", action="store_true", help="print only the summary")
    ap.add_argument("--baseline", help="a file of seeds that pass: only their failures (and any "
                    "crash) fail the run, as the conformance ratchet does")
    ap.add_argument("--write-baseline", help="write the seeds that pass to this file")
    ap.add_argument("--write-programs", metavar="DIR",
                    help="only write each seed's sharded program to DIR/seed_N.mlir (for "
                    "tests/verify/run_verify.py, which runs `sharc verify` on them)")
    args = ap.parse_args()
    seeds = [args.seed] if args.seed is not None else range(args.first, args.first + args.seeds)
    if args.write_programs:
        return write_programs(seeds, args.write_programs)
    counts = {"pass": 0, "refused": 0, "fail": 0, "crash": 0}
    refusals = {}
    with_collectives = 0
    listed = None
    if args.baseline:
        with open(args.baseline) as f:
            listed = {int(line) for line in f if line.strip() and not line.startswith("#")}
    passing, regressions = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            try:
                status, detail = check_seed(seed, args.tools, tmp, args.show)
            except subprocess.TimeoutExpired:
                status, detail = "fail", "timed out"
            counts[status] += 1
            if status == "pass":
                passing.append(seed)
            elif status == "crash" or (listed is not None and seed in listed):
                regressions += 1
            with_collectives += status == "pass" and detail == "collectives"
            if status in ("fail", "crash"):
                print("seed %d: %s: %s" % (seed, status, detail))
            elif status == "refused":
                refusals[detail.split("error: ", 1)[-1]] = refusals.get(detail.split("error: ", 1)[-1], 0) + 1
                if args.show:
                    print("seed %d refused: %s" % (seed, detail))
    print("partitioner programs: %d pass (%d with collectives or device-dependent code), "
          "%d refused with a located error, %d fail, %d crash" %
          (counts["pass"], with_collectives, counts["refused"], counts["fail"], counts["crash"]))
    if not args.quick:
        for msg, n in sorted(refusals.items(), key=lambda kv: -kv[1]):
            print("  %4d refused: %s" % (n, msg))
    if args.write_baseline:
        with open(args.write_baseline, "w") as f:
            f.write("# seeds of gen_partition.py whose programs pass (see README.md)\n")
            f.write("".join("%d\n" % seed for seed in passing))
    if listed is not None:
        if regressions:
            print("%d listed seed(s) no longer pass" % regressions)
        return 1 if regressions else 0
    return 1 if counts["fail"] or counts["crash"] else 0


if __name__ == "__main__":
    sys.exit(main())
