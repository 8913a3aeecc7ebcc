#!/usr/bin/env python3
"""Generate StableHLO models for `sharc auto` (tests/auto, bench/README.md).

Four model families, as JAX would export them (an sdy.mesh, func @main with
named arguments), with no shardings or with one of the hand-written
strategies `sharc auto` is measured against:

  mlp          L residual blocks  x + relu(x @ w1 + b1) @ w2 + b2
  transformer  L blocks of RMS-norm, multi-head self-attention (q, k, v, o
               projections, softmax) and an MLP, on x[batch, seq, hidden]
  conv         L 3x3 convolutions (NHWC, HWIO kernels) with relu, a global
               sum over space and a dense classifier
  moe          an embedding gather of token ids, then L blocks of a soft
               mixture of experts (router softmax, every expert's two
               matmuls batched over the expert dimension, weighted sum)

Strategies (--strategy):
  none          no shardings (what `sharc auto` starts from)
  data          the batch dimension of the inputs on 'data', weights replicated
  tensor        Megatron: the first matmul of each pair column-split on
                'model', the second row-split (attention heads, MLP hidden,
                conv output channels then input channels, experts) and the
                inputs replicated
  data+tensor   both

Usage:
    python3 bench/gen_model.py transformer --layers 4 --strategy none -o t.mlir
    python3 bench/gen_model.py mlp --ops 10000 -o big.mlir   # layers to reach ~N ops

Python 3 stdlib only; the output depends only on the arguments.
"""

import argparse
import sys


def t(shape, elem="f32"):
    return "tensor<" + "x".join(str(d) for d in shape) + ("x" if shape else "") + elem + ">"


class Model:
    def __init__(self, mesh, strategy):
        self.mesh = mesh
        self.strategy = strategy
        self.args = []  # (name, shape, elem, role, dims)
        self.body = []
        self.n = 0
        self.ops = 0

    def arg(self, name, shape, role, elem="f32"):
        """role: 'batch' (dim 0 is the batch), or a tuple of per-dim tensor
        axes for the tensor strategy ('model' or None)."""
        self.args.append((name, shape, elem, role))
        return "%arg" + str(len(self.args) - 1), shape

    def emit(self, text, shape, elem="f32"):
        v = "%" + str(self.n)
        self.n += 1
        self.ops += 1
        self.body.append("    " + v + " = " + text.replace("$T", t(shape, elem)))
        return v, shape

    def sharding(self, shape, role):
        dims = [[] for _ in shape]
        use_data = self.strategy in ("data", "data+tensor")
        use_tensor = self.strategy in ("tensor", "data+tensor")
        if role == "batch":
            if use_data:
                dims[0].append("data")
        elif use_tensor:
            for d, axis in enumerate(role):
                if axis:
                    dims[d].append(axis)
        if self.strategy == "none":
            return ""
        inner = ", ".join("{" + ", ".join('"%s"' % a for a in ds) + "}" for ds in dims)
        return " {sdy.sharding = #sdy.sharding<@mesh, [%s]>}" % inner

    def text(self, result, result_shape):
        mesh = ", ".join('"%s"=%s' % kv for kv in self.mesh)
        out = ["module @model {", "  sdy.mesh @mesh = <[%s]>" % mesh]
        params = []
        for i, (name, shape, elem, role) in enumerate(self.args):
            params.append('%%arg%d: %s%s loc("%s")' % (i, t(shape, elem), self.sharding(shape, role), name))
        out.append("  func.func public @main(" + ",\n      ".join(params) + ")")
        out.append("      -> (%s) {" % t(result_shape))
        out.extend(self.body)
        out.append("    return %s : %s" % (result, t(result_shape)))
        out.append("  }")
        out.append("}")
        self.ops += 2
        return "\n".join(out) + "\n"

    # ---- ops ----
    def dot(self, a, b, contract, batch=([], []), out_shape=None):
        (av, ash), (bv, bsh) = a, b
        bd = ""
        if batch[0]:
            bd = "batching_dims = [%s] x [%s], " % (", ".join(map(str, batch[0])), ", ".join(map(str, batch[1])))
        return self.emit("stablehlo.dot_general %s, %s, %scontracting_dims = [%s] x [%s] : (%s, %s) -> $T"
                         % (av, bv, bd, ", ".join(map(str, contract[0])), ", ".join(map(str, contract[1])),
                            t(ash), t(bsh)), out_shape)

    def binary(self, op, a, b):
        return self.emit("stablehlo.%s %s, %s : $T" % (op, a[0], b[0]), a[1])

    def unary(self, op, a):
        return self.emit("stablehlo.%s %s : $T" % (op, a[0]), a[1])

    def bcast(self, a, shape, dims):
        return self.emit("stablehlo.broadcast_in_dim %s, dims = [%s] : (%s) -> $T"
                         % (a[0], ", ".join(map(str, dims)), t(a[1])), shape)

    def const(self, value, elem="f32"):
        return self.emit("stablehlo.constant dense<%s> : $T" % value, [], elem)

    def reduce(self, a, dims, kind):
        init = self.const("0.000000e+00" if kind == "add" else "0xFF800000")
        shape = [d for i, d in enumerate(a[1]) if i not in dims]
        return self.emit("stablehlo.reduce(%s init: %s) applies stablehlo.%s across dimensions = [%s] : (%s, %s) -> $T"
                         % (a[0], init[0], kind, ", ".join(map(str, dims)), t(a[1]), t([])), shape)

    def reshape(self, a, shape):
        return self.emit("stablehlo.reshape %s : (%s) -> $T" % (a[0], t(a[1])), shape)

    def transpose(self, a, perm):
        shape = [a[1][p] for p in perm]
        return self.emit("stablehlo.transpose %s, dims = [%s] : (%s) -> $T"
                         % (a[0], ", ".join(map(str, perm)), t(a[1])), shape)

    def relu(self, a):
        zero = self.const("0.000000e+00")
        z = self.bcast(zero, a[1], [])
        return self.binary("maximum", a, z)

    def bias(self, a, b, dim):
        return self.binary("add", a, self.bcast(b, a[1], [dim]))

    def softmax(self, a, axis):
        keep = [i for i in range(len(a[1])) if i != axis]
        m = self.reduce(a, [axis], "maximum")
        e = self.unary("exponential", self.binary("subtract", a, self.bcast(m, a[1], keep)))
        s = self.reduce(e, [axis], "add")
        return self.binary("divide", e, self.bcast(s, a[1], keep))

    def rms_norm(self, a):
        last = len(a[1]) - 1
        keep = list(range(last))
        sq = self.reduce(self.binary("multiply", a, a), [last], "add")
        r = self.unary("rsqrt", sq)
        return self.binary("multiply", a, self.bcast(r, a[1], keep))


def mlp(m, layers, batch, hidden, **_):
    x = m.arg("x", [batch, hidden], "batch")
    for i in range(layers):
        w1 = m.arg("w1_%d" % i, [hidden, 4 * hidden], (None, "model"))
        b1 = m.arg("b1_%d" % i, [4 * hidden], ("model",))
        w2 = m.arg("w2_%d" % i, [4 * hidden, hidden], ("model", None))
        b2 = m.arg("b2_%d" % i, [hidden], (None,))
        h = m.relu(m.bias(m.dot(x, w1, ([1], [0]), out_shape=[batch, 4 * hidden]), b1, 1))
        y = m.bias(m.dot(h, w2, ([1], [0]), out_shape=[batch, hidden]), b2, 1)
        x = m.binary("add", x, y)
    return x


def transformer(m, layers, batch, hidden, seq, heads, **_):
    hd = hidden // heads
    x = m.arg("x", [batch, seq, hidden], "batch")
    for i in range(layers):
        wq = m.arg("wq_%d" % i, [hidden, hidden], (None, "model"))
        wk = m.arg("wk_%d" % i, [hidden, hidden], (None, "model"))
        wv = m.arg("wv_%d" % i, [hidden, hidden], (None, "model"))
        wo = m.arg("wo_%d" % i, [hidden, hidden], ("model", None))
        w1 = m.arg("w1_%d" % i, [hidden, 4 * hidden], (None, "model"))
        w2 = m.arg("w2_%d" % i, [4 * hidden, hidden], ("model", None))
        n = m.rms_norm(x)
        def heads_of(w):
            p = m.dot(n, w, ([2], [0]), out_shape=[batch, seq, hidden])
            return m.transpose(m.reshape(p, [batch, seq, heads, hd]), [0, 2, 1, 3])
        q, k, v = heads_of(wq), heads_of(wk), heads_of(wv)
        s = m.dot(q, k, ([3], [3]), ([0, 1], [0, 1]), out_shape=[batch, heads, seq, seq])
        p = m.softmax(s, 3)
        a = m.dot(p, v, ([3], [2]), ([0, 1], [0, 1]), out_shape=[batch, heads, seq, hd])
        a = m.reshape(m.transpose(a, [0, 2, 1, 3]), [batch, seq, hidden])
        x = m.binary("add", x, m.dot(a, wo, ([2], [0]), out_shape=[batch, seq, hidden]))
        n2 = m.rms_norm(x)
        h = m.relu(m.dot(n2, w1, ([2], [0]), out_shape=[batch, seq, 4 * hidden]))
        x = m.binary("add", x, m.dot(h, w2, ([2], [0]), out_shape=[batch, seq, hidden]))
    return x


def conv(m, layers, batch, hidden, size, classes, **_):
    x = m.arg("images", [batch, size, size, hidden], "batch")
    for i in range(layers):
        role = (None, None, None, "model") if i % 2 == 0 else (None, None, "model", None)
        k = m.arg("kernel_%d" % i, [3, 3, hidden, hidden], role)
        c = m.emit("stablehlo.convolution(%s, %s) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], "
                   "window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} "
                   "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (%s, %s) -> $T"
                   % (x[0], k[0], t(x[1]), t(k[1])), x[1])
        x = m.relu(c)
    pooled = m.reduce(x, [1, 2], "add")
    w = m.arg("dense", [hidden, classes], (None, "model"))
    return m.dot(pooled, w, ([1], [0]), out_shape=[batch, classes])


def moe(m, layers, batch, hidden, seq, experts, vocab, **_):
    ids = m.arg("ids", [batch, seq], "batch", elem="i32")
    table = m.arg("embedding", [vocab, hidden], ("model", None))
    x = m.emit('"stablehlo.gather"(%s, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2], '
               'collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, '
               'indices_are_sorted = false, slice_sizes = array<i64: 1, %d>} : (%s, %s) -> $T'
               % (table[0], ids[0], hidden, t(table[1]), t(ids[1], "i32")), [batch, seq, hidden])
    f = 2 * hidden
    for i in range(layers):
        wr = m.arg("router_%d" % i, [hidden, experts], (None, None))
        we1 = m.arg("experts_in_%d" % i, [experts, hidden, f], ("model", None, None))
        we2 = m.arg("experts_out_%d" % i, [experts, f, hidden], ("model", None, None))
        gate = m.softmax(m.dot(x, wr, ([2], [0]), out_shape=[batch, seq, experts]), 2)
        h = m.relu(m.dot(x, we1, ([2], [1]), out_shape=[batch, seq, experts, f]))
        y = m.dot(h, we2, ([3], [1]), ([2], [0]), out_shape=[experts, batch, seq, hidden])
        g = m.bcast(gate, [experts, batch, seq, hidden], [1, 2, 0])
        x = m.binary("add", x, m.reduce(m.binary("multiply", y, g), [0], "add"))
    return x


MODELS = {"mlp": mlp, "transformer": transformer, "conv": conv, "moe": moe}


def build(args, layers):
    mesh = [tuple(kv.split("=")) for kv in args.mesh.split(",")]
    m = Model(mesh, args.strategy)
    out = MODELS[args.model](m, layers=layers, batch=args.batch, hidden=args.hidden, seq=args.seq,
                             heads=args.heads, size=args.size, classes=args.classes,
                             experts=args.experts, vocab=args.vocab)
    return m, m.text(out[0], out[1])


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("model", choices=sorted(MODELS))
    p.add_argument("--strategy", choices=["none", "data", "tensor", "data+tensor"], default="none")
    p.add_argument("--mesh", default="data=4,model=2")
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--ops", type=int, default=0, help="as many layers as make about this many ops")
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--seq", type=int, default=16)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--size", type=int, default=8)
    p.add_argument("--classes", type=int, default=16)
    p.add_argument("--experts", type=int, default=4)
    p.add_argument("--vocab", type=int, default=128)
    p.add_argument("-o", "--output", default="-")
    args = p.parse_args()
    layers = args.layers
    if args.ops:
        one, _ = build(args, 1)
        two, _ = build(args, 2)
        per_layer = max(1, two.ops - one.ops)
        layers = max(1, 1 + (args.ops - one.ops) // per_layer)
    _, text = build(args, layers)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
