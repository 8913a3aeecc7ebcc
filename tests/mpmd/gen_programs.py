#!/usr/bin/env python3
"""Generator of random valid JAX-style MPMD programs, and a runner of the
MPMD pipelines on them.

A program has 2-8 meshes (one topology, homogeneous), a chain of forward
stages and the backward stages of a training step (named computations, the
backward ones with transpose count 1), microbatched with `mpmd.call`s of a
private function (call counters) or an `mpmd.for` (fully unrolled), the
parameters sharded on the entry point (`sdy.sharding`), named tensors, and
StableHLO bodies with what JAX emits: dot_general, element-wise math,
broadcast constants, foldable constant arithmetic, float `x - x`, reshapes,
transposes, reductions. Entry points also have what JAX puts there: donated
inputs (`jax.buffer_donor`, `tf.aliasing_output`), unused inputs, memory
kinds (`mhlo.memory_kind`) on inputs and results; an `mpmd.for` carries
values besides its accumulators. The user's assignment of stages to meshes (and
optionally to pipeline stages) is the `name-to-mesh-assignment` option.

Each program goes through the stages of Shardy's MPMD flow:
  import                       -mpmd-import-pipeline
  import+propagation           ... -mpmd-sharding-propagation-pipeline
  import+optimize:<schedule>   ... -mpmd-optimize-pipeline (each schedule)
  e2e                          import, optimize, propagation, export
and every outcome is checked: exit status 0, no "not implemented", nothing
on stderr but log lines, the output parses back and prints to the same text
(a verifier-clean fixpoint).

usage: gen_programs.py <mpmd_opt> [--count N] [--seed S] [--keep DIR] [-v]
Exit status 1 when any check fails.
"""
import argparse
import re
import os
import random
import subprocess
import sys
import tempfile

# what -mpmd-optimize-pipeline's pipeline-schedule offers
SCHEDULES = ["none", "1F1B", "Circular"]
# the schedules only the scheduler pass offers (must-happen-before=<schedule>)
SCHEDULER_ONLY = ["GPipe", "GPipeBut1F1BForLastMesh"]
# Shardy's log lines (INFO goes to stdout): severity, date, time, pid, source
LOG_LINE = re.compile(r"^[IWE]\d{4} \d\d:\d\d:\d+\.\d{6} \d+ [^ ]+:\d+\] ")


class Program:
    """Builds one program's text; values are SSA names with their types."""

    def __init__(self, rng, n_meshes, n_stages, batch, dim):
        self.rng = rng
        self.n_meshes = n_meshes
        self.n_stages = n_stages
        self.batch = batch
        self.dim = dim
        self.counter = 0

    def fresh(self, prefix="v"):
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def t(self, shape):
        return "tensor<" + "x".join(str(d) for d in shape) + ("x" if shape else "") + "f32>"

    def const(self, lines, shape, value):
        name = self.fresh("c")
        if shape and self.rng.random() < 0.5:
            scalar = self.fresh("c")
            lines.append(f"{scalar} = stablehlo.constant dense<{value}> : tensor<f32>")
            lines.append(f"{name} = stablehlo.broadcast_in_dim {scalar}, dims = [] : "
                         f"(tensor<f32>) -> {self.t(shape)}")
        else:
            lines.append(f"{name} = stablehlo.constant dense<{value}> : {self.t(shape)}")
        return name

    def elementwise(self, lines, x, shape):
        """A few JAX-like element-wise steps on x."""
        ty = self.t(shape)
        for _ in range(self.rng.randint(1, 4)):
            kind = self.rng.choice(["tanh", "scale", "bias", "fold", "selfsub", "relu",
                                    "exp", "zero", "one"])
            y = self.fresh()
            if kind == "tanh":
                lines.append(f"{y} = stablehlo.tanh {x} : {ty}")
            elif kind == "exp":
                lines.append(f"{y} = stablehlo.exponential {x} : {ty}")
            elif kind == "scale":
                c = self.const(lines, shape, self.rng.choice(["2.000000e+00", "5.000000e-01"]))
                lines.append(f"{y} = stablehlo.multiply {x}, {c} : {ty}")
            elif kind == "bias":
                c = self.const(lines, shape, "1.000000e-01")
                lines.append(f"{y} = stablehlo.add {c}, {x} : {ty}")
            elif kind == "fold":
                a = self.const(lines, shape, "3.000000e+00")
                b = self.const(lines, shape, "4.000000e+00")
                s = self.fresh()
                lines.append(f"{s} = stablehlo.multiply {a}, {b} : {ty}")
                lines.append(f"{y} = stablehlo.subtract {x}, {s} : {ty}")
            elif kind == "selfsub":
                s = self.fresh()
                lines.append(f"{s} = stablehlo.subtract {x}, {x} : {ty}")
                lines.append(f"{y} = stablehlo.add {x}, {s} : {ty}")
            elif kind == "relu":
                z = self.const(lines, shape, "0.000000e+00")
                lines.append(f"{y} = stablehlo.maximum {x}, {z} : {ty}")
            elif kind == "zero":
                z = self.const(lines, shape, "0.000000e+00")
                lines.append(f"{y} = stablehlo.add {x}, {z} : {ty}")
            else:
                one = self.const(lines, shape, "1.000000e+00")
                lines.append(f"{y} = stablehlo.multiply {one}, {x} : {ty}")
            x = y
        return x

    def dot(self, lines, a, a_shape, b, b_shape, contract_a, contract_b):
        out = [d for i, d in enumerate(a_shape) if i != contract_a] + \
              [d for i, d in enumerate(b_shape) if i != contract_b]
        y = self.fresh()
        lines.append(f"{y} = stablehlo.dot_general {a}, {b}, contracting_dims = [{contract_a}] x "
                     f"[{contract_b}] : ({self.t(a_shape)}, {self.t(b_shape)}) -> {self.t(out)}")
        return y, out

    def named(self, lines, name, transpose, operands, body_fn):
        """A named computation over `operands` [(value, shape)]; body_fn gets
        the block arguments and returns [(value, shape)] results."""
        args = [(self.fresh("a"), s) for _, s in operands]
        body = []
        results = body_fn(body, args)
        res = self.fresh("n")
        suffix = f"({transpose})" if transpose else ""
        ops = ", ".join(v for v, _ in operands)
        arg_decl = ", ".join(f"{a}: {self.t(s)}" for a, s in args)
        in_types = ", ".join(self.t(s) for _, s in operands)
        out_types = ", ".join(self.t(s) for _, s in results)
        n = len(results)
        lhs = f"{res}:{n}" if n > 1 else res
        lines.append(f"{lhs} = mpmd.named_computation<\"{name}\"{suffix}> ({ops}) ({arg_decl}) {{")
        lines.extend("  " + l for l in body)
        lines.append(f"  mpmd.return {', '.join(v for v, _ in results)} : {out_types}")
        lines.append(f"}} : ({in_types}) -> " + (f"({out_types})" if n > 1 else out_types))
        if n == 1:
            return [(res, results[0][1])]
        return [(f"{res}#{i}", s) for i, (_, s) in enumerate(results)]

    def step(self, lines, params, x):
        """Forward then backward of one microbatch; returns the gradients."""
        d, b = self.dim, self.batch
        acts = [x]
        for k in range(self.n_stages):
            def fwd(body, args, k=k):
                h, w = args[0][0], args[1][0]
                y, shape = self.dot(body, h, [b, d], w, [d, d], 1, 0)
                y = self.elementwise(body, y, shape)
                return [(y, shape)]
            out = self.named(lines, f"stage{k}", 0, [acts[-1], params[k]], fwd)
            if self.rng.random() < 0.2:
                nt = self.fresh("t")
                lines.append(f"{nt} = mpmd.named_tensor {out[0][0]} name=\"act{k}\" : {self.t([b, d])}")
                out = [(nt, [b, d])]
            acts.append(out[0])
        # loss gradient: the last activation, scaled
        grad = acts[-1]
        grads = [None] * self.n_stages
        for k in reversed(range(self.n_stages)):
            def bwd(body, args, k=k):
                g, h, w = args[0][0], args[1][0], args[2][0]
                g2 = self.elementwise(body, g, [b, d])
                gw, _ = self.dot(body, h, [b, d], g2, [b, d], 0, 0)
                gh, _ = self.dot(body, g2, [b, d], w, [d, d], 1, 1)
                return [(gw, [d, d]), (gh, [b, d])]
            out = self.named(lines, f"stage{k}", 1, [grad, acts[k], params[k]], bwd)
            grads[k] = out[0]
            grad = out[1]
        return grads

    def accumulate(self, lines, acc, grads):
        out = []
        for a, g in zip(acc, grads):
            s = self.fresh()
            lines.append(f"{s} = stablehlo.add {a}, {g} : {self.t([self.dim, self.dim])}")
            out.append(s)
        return out

    def entry_arg_attrs(self, shape, n_results):
        """What JAX may put on an entry point's input besides its sharding."""
        rng = self.rng
        attrs = []
        r = rng.random()
        if r < 0.15:
            attrs.append("jax.buffer_donor = true")
        elif r < 0.25 and shape == [self.dim, self.dim]:
            attrs.append(f"tf.aliasing_output = {rng.randrange(n_results)} : i32")
        if rng.random() < 0.15:
            attrs.append('mhlo.memory_kind = "device"')
        return attrs

    def text(self):
        rng = self.rng
        d, b = self.dim, self.batch
        meshes = ", ".join(f'<"m{i}": <["x"=2]>>' for i in range(self.n_meshes))
        topology = f"#mpmd.topology<{meshes}>"
        params = [(f"%arg{k}", [d, d]) for k in range(self.n_stages)]
        x = (f"%arg{self.n_stages}", [b, d])
        arg_decls = []
        n_results = self.n_stages
        for v, s in params + [x]:
            attrs = []
            if rng.random() < 0.5:
                spec = rng.choice(['[{"x"}, {}]', '[{}, {"x"}]', '[{}, {}]', '[{?}, {?}]'])
                attrs.append(f"sdy.sharding = #sdy.sharding<@mesh, {spec}>")
            attrs += self.entry_arg_attrs(s, n_results)
            arg_decls.append(f"{v}: {self.t(s)}" + (f" {{{', '.join(attrs)}}}" if attrs else ""))
        if rng.random() < 0.3:
            # an input nothing uses (JAX keeps the signature of the user's function)
            attrs = self.entry_arg_attrs([d], n_results)
            arg_decls.append(f"%arg{self.n_stages + 1}: {self.t([d])}" +
                             (f" {{{', '.join(attrs)}}}" if attrs else ""))
        grad_types = ", ".join(self.t([d, d]) for _ in range(self.n_stages))
        result_decls = []
        for _ in range(self.n_stages):
            kind = rng.random()
            attr = ' {mhlo.memory_kind = "device"}' if kind < 0.15 else ""
            result_decls.append(self.t([d, d]) + attr)
        out = ["sdy.mesh @mesh = <[\"x\"=2]>", ""]
        microbatches = rng.randint(1, 4)
        style = rng.choice(["call", "for", "inline"])
        body = []
        if style == "inline":
            grads = self.step(body, params, x)
            finals = [g for g, _ in grads]
        else:
            # the microbatch as a private function, called once per microbatch
            # (call counters) or from an unrolled mpmd.for (JAX's fori_loop)
            sub = Program(rng, self.n_meshes, self.n_stages, b, d)
            sub.counter = 1000
            sub_params = [(f"%arg{k}", [d, d]) for k in range(self.n_stages)]
            sub_x = (f"%arg{self.n_stages}", [b, d])
            sub_body = []
            sub_grads = sub.step(sub_body, sub_params, sub_x)
            sub_decl = ", ".join(f"{v}: {self.t(s)}" for v, s in sub_params + [sub_x])
            out.append(f"func.func private @microbatch({sub_decl}) -> ({grad_types}) "
                       f"attributes {{topology = {topology}}} {{")
            out.extend("  " + l for l in sub_body)
            out.append(f"  return {', '.join(g for g, _ in sub_grads)} : {grad_types}")
            out.append("}")
            out.append("")
            n = self.n_stages
            operand_types = ", ".join(self.t(s) for _, s in params + [x])
            ret_types = f"({grad_types})" if n > 1 else grad_types
            if style == "call":
                acc = None
                for m in range(microbatches):
                    r = self.fresh("r")
                    lhs = f"{r}:{n}" if n > 1 else r
                    body.append(f"{lhs} = mpmd.call @microbatch({', '.join(v for v, _ in params + [x])}) "
                                f"{{call_counter = {m} : ui32}} : ({operand_types}) -> {ret_types}")
                    res = [f"{r}#{i}" for i in range(n)] if n > 1 else [r]
                    acc = res if acc is None else self.accumulate(body, acc, res)
                finals = acc
            else:
                zeros = [self.const(body, [d, d], "0.000000e+00") for _ in range(n)]
                carry = [(z, [d, d]) for z in zeros]
                loop_args = [(self.fresh("l"), s) for _, s in params + [x] + carry]
                index = self.fresh("i")
                loop_body = []
                lp = loop_args[:n + 1]
                lacc = [a for a, _ in loop_args[n + 1:]]
                r = self.fresh("r")
                lhs = f"{r}:{n}" if n > 1 else r
                loop_body.append(f"{lhs} = mpmd.call @microbatch({', '.join(v for v, _ in lp)}) : "
                                 f"({operand_types}) -> {ret_types}")
                res = [f"{r}#{i}" for i in range(n)] if n > 1 else [r]
                new_acc = self.accumulate(loop_body, lacc, res)
                carried = [v for v, _ in lp]
                if self.rng.random() < 0.5:
                    # the input of the next microbatch depends on this one's
                    nx = self.fresh()
                    loop_body.append(f"{nx} = stablehlo.tanh {carried[n]} : {self.t([b, d])}")
                    carried[n] = nx
                rets = carried + new_acc
                all_types = [self.t(s) for _, s in params + [x] + carry]
                fr = self.fresh("r")
                decl = ", ".join(f"{a}: {self.t(s)}" for a, s in loop_args) + f", {index}: tensor<ui32>"
                operands = ", ".join(v for v, _ in params + [x] + carry)
                body.append(f"{fr}:{len(rets)} = mpmd.for ({operands}) {{iterations = {microbatches} : ui32, "
                            f"unroll_factor = {microbatches} : ui32}} ({decl}) {{")
                body.extend("  " + l for l in loop_body)
                body.append(f"  mpmd.return {', '.join(rets)} : {', '.join(all_types)}")
                body.append(f"}} : {', '.join(all_types)}")
                finals = [f"{fr}#{n + 1 + k}" for k in range(n)]
        out.append(f"func.func public @main({', '.join(arg_decls)}) -> ({', '.join(result_decls)}) "
                   f"attributes {{topology = {topology}}} {{")
        out.extend("  " + l for l in body)
        out.append(f"  return {', '.join(finals)} : {grad_types}")
        out.append("}")
        return "\n".join(out) + "\n"


def assignment(rng, n_meshes, n_stages):
    """stageK@mesh, and with stages `@mesh/stage` (stage order per mesh)."""
    with_stages = rng.random() < 0.4
    parts = []
    for k in range(n_stages):
        mesh = k % n_meshes
        if with_stages:
            parts.append(f"stage{k}@m{mesh}/{k}")
        else:
            parts.append(f"stage{k}@m{mesh}")
    return ",".join(parts), with_stages


def generate(seed):
    rng = random.Random(seed)
    n_meshes = rng.randint(2, 8)
    n_stages = rng.randint(n_meshes, min(8, 2 * n_meshes))
    prog = Program(rng, n_meshes, n_stages, rng.choice([2, 4]), rng.choice([4, 8]))
    text = prog.text()
    assign, with_stages = assignment(rng, n_meshes, n_stages)
    return text, assign, with_stages


def stages_for(assign):
    imp = f"-mpmd-import-pipeline=name-to-mesh-assignment={assign}"
    out = [("import", [imp]),
           ("import+propagation", [imp, "-mpmd-sharding-propagation-pipeline"])]
    # Circular without stages is Shardy's "Cannot schedule for circular
    # pipelining without stages." (SDY_LOG(ERROR)), the order left as it is
    for s in SCHEDULES:
        out.append((f"import+optimize:{s}", [imp, f"-mpmd-optimize-pipeline=pipeline-schedule={s}"]))
    for s in SCHEDULER_ONLY:
        out.append((f"import+optimize:{s}", [imp, f"-mpmd-pipeline-scheduler=must-happen-before={s}"]))
    out.append(("e2e", [imp, "-mpmd-optimize-pipeline", "-mpmd-sharding-propagation-pipeline",
                        "-mpmd-export-pipeline"]))
    return out


def run(tool, path, flags):
    return subprocess.run([tool, path] + flags, capture_output=True, text=True, timeout=120)


def check(tool, path, flags):
    """None when the stage is fine, else what went wrong."""
    r = run(tool, path, flags)
    if r.returncode != 0:
        first = next((l for l in r.stderr.splitlines() if "error" in l), r.stderr[:300])
        return f"exit {r.returncode}: {first.strip()}"
    if "not implemented" in r.stderr:
        return "not implemented: " + r.stderr.strip()[:200]
    # a valid program draws no diagnostic from Shardy's passes: stderr holds
    # only their WARNING/ERROR log lines
    stray = [l for l in r.stderr.splitlines() if l and not LOG_LINE.match(l)]
    if stray:
        return "unexpected diagnostics: " + "\n".join(stray[:3])[:300]
    # a log message ending in a newline leaves an empty line (Shardy's too)
    module = "".join(l for l in r.stdout.splitlines(True) if not LOG_LINE.match(l)).lstrip("\n")
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(module)
        out_path = f.name
    try:
        again = run(tool, out_path, [])
        if again.returncode != 0:
            return "output does not parse back: " + again.stderr.strip()[:200]
        if again.stdout != module:
            return "output is no print fixpoint"
    finally:
        os.unlink(out_path)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", help="write the programs to this folder")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    outcomes = {}
    failures = []
    runs = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.count):
            seed = args.seed + i
            text, assign, _ = generate(seed)
            folder = args.keep or tmp
            os.makedirs(folder, exist_ok=True)
            path = os.path.join(folder, f"mpmd_{seed}.mlir")
            with open(path, "w") as f:
                f.write(f"// assignment: {assign}\n" + text)
            for name, flags in stages_for(assign):
                runs += 1
                problem = check(args.tool, path, flags)
                key = name.split(":")[0]
                ok, bad = outcomes.get(key, (0, 0))
                outcomes[key] = (ok + (problem is None), bad + (problem is not None))
                if problem:
                    failures.append(f"seed {seed} {name}: {problem}")
                elif args.v:
                    print(f"seed {seed} {name}: ok")
    for key, (ok, bad) in sorted(outcomes.items()):
        print(f"{key}: {ok} ok, {bad} failed")
    for f in failures:
        print(f)
    print(f"{args.count} programs, {runs} program-stages, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
