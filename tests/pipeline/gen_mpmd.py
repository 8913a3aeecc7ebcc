#!/usr/bin/env python3
"""JAX-style MPMD programs for `sharc pipeline`, and the checks that use them.

A program is one training step of a stack of S stages (each a matmul and a
tanh forward, two matmuls backward) over P meshes, written as JAX exports it:
named computations (`"s3"` forward, `"s3"(1)` backward) in a `@main` with an
`#mpmd.topology`; microbatches come from `sharc pipeline --microbatches`.

    gen_mpmd.py emit --stages S --meshes P [--batch B --width D] > prog.mlir
    gen_mpmd.py random [--seeds N] [--tool build/bin/sharc]
        random programs (2-8 meshes, forward and backward stages,
        microbatches, shardings, extra elementwise work): `sharc pipeline`
        exits 0, its SVG is XML, its JSON figures agree with each other
    gen_mpmd.py theory [--tool build/bin/sharc]
        uniform stages and free transfers: GPipe and 1F1B bubbles are
        (p-1)/(m+p-1), 1F1B keeps at most p microbatches live per mesh while
        GPipe keeps m, interleaving v stages per mesh lowers the bubble to
        about (p-1)/(v*m+p-1)
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def tensor(shape, elem="f32"):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + elem + ">"


def program(stages, meshes, batch=16, width=64, axes=None, extra=None, sharded=False, layers=1,
            name="s", calls=0):
    """The text of a program of `stages` stages on `meshes` meshes.

    `axes`: per mesh, its axis size (default 2); `extra`: per stage, how many
    extra elementwise ops its forward does (default 0); `sharded`: shard the
    weights' columns over the mesh axis; `layers`: matmuls per stage (each
    with its own weight); `name`: the computations' name prefix."""
    axes = axes or [2] * meshes
    extra = extra or [0] * stages
    act, wt = tensor([batch, width]), tensor([width, width])
    topo = ", ".join(f'<"m{i}" : <["x"={axes[i]}]>>' for i in range(meshes))
    shard = ' {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}' if sharded else ""
    weights = [[f"%w{s}_{l}" if layers > 1 else f"%w{s}" for l in range(layers)] for s in range(stages)]
    w_args = ", ".join(f"{w}: {wt}{shard}" for ws in weights for w in ws)
    results = [wt] * (stages * layers) + [act]
    res = ", ".join(results)
    lines = ["module @pipeline {"]
    if sharded:
        lines.append('  sdy.mesh @mesh = <["x"=2]>')
    if calls:
        lines.append(f"  func.func private @step({w_args}, %x: {act}) -> ({res}) {{")
    else:
        lines.append(f"  func.func public @main({w_args}, %x: {act}) -> ({res}) "
                     f"attributes {{topology = #mpmd.topology<{topo}>}} {{")
    h = "%x"
    zs = ", ".join([act] * layers)
    for s in range(stages):
        wparams = ", ".join(f"%p{l}: {wt}" for l in range(layers))
        lines.append(f'    %f{s}:{layers + 1} = mpmd.named_computation<"{name}{s}"> ({h}, {", ".join(weights[s])}) '
                     f"(%a: {act}, {wparams}) {{")
        last = "%a"
        for l in range(layers):
            lines.append(f"      %z{l} = stablehlo.dot_general {last}, %p{l}, contracting_dims = [1] x [0] : ({act}, {wt}) -> {act}")
            cur = f"%z{l}"
            for e in range(extra[s]):
                lines.append(f"      %e{l}_{e} = stablehlo.multiply {cur}, {cur} : {act}")
                cur = f"%e{l}_{e}"
            lines.append(f"      %h{l} = stablehlo.tanh {cur} : {act}")
            last = f"%h{l}"
        znames = ", ".join(f"%z{l}" for l in range(layers))
        lines.append(f"      mpmd.return {last}, {znames} : {act}, {zs}")
        lines.append(f"    }} : ({act}, {', '.join([wt] * layers)}) -> ({act}, {zs})")
        h = f"%f{s}#0"
    g = h
    for s in reversed(range(stages)):
        hin = "%x" if s == 0 else f"%f{s - 1}#0"
        zargs = ", ".join(f"%f{s}#{l + 1}" for l in range(layers))
        zparams = ", ".join(f"%y{l}: {act}" for l in range(layers))
        wparams = ", ".join(f"%p{l}: {wt}" for l in range(layers))
        lines.append(f'    %b{s}:{layers + 1} = mpmd.named_computation<"{name}{s}"(1)> ({g}, {zargs}, {hin}, '
                     f'{", ".join(weights[s])}) (%g: {act}, {zparams}, %hin: {act}, {wparams}) {{')
        cur = "%g"
        for l in reversed(range(layers)):
            lines.append(f"      %d{l} = stablehlo.multiply {cur}, %y{l} : {act}")
            lines.append(f"      %dx{l} = stablehlo.dot_general %d{l}, %p{l}, contracting_dims = [1] x [1] : ({act}, {wt}) -> {act}")
            lines.append(f"      %dw{l} = stablehlo.dot_general %hin, %d{l}, contracting_dims = [0] x [0] : ({act}, {act}) -> {wt}")
            cur = f"%dx{l}"
        dws = ", ".join(f"%dw{l}" for l in range(layers))
        lines.append(f"      mpmd.return {cur}, {dws} : {act}, {', '.join([wt] * layers)}")
        lines.append(f"    }} : ({act}, {zs}, {act}, {', '.join([wt] * layers)}) -> ({act}, {', '.join([wt] * layers)})")
        g = f"%b{s}#0"
    rets = ", ".join([f"%b{s}#{l + 1}" for s in range(stages) for l in range(layers)] + [g])
    lines.append(f"    return {rets} : {res}")
    lines.append("  }")
    if calls:
        all_res = ", ".join(results * calls)
        lines.append(f"  func.func public @main({w_args}, %x: {act}) -> ({all_res}) "
                     f"attributes {{topology = #mpmd.topology<{topo}>}} {{")
        operands = ", ".join([w.split(":")[0] for w in w_args.split(", ")] + ["%x"])
        in_types = ", ".join([wt] * (stages * layers) + [act])
        outs = []
        for c in range(calls):
            lines.append(f"    %c{c}:{len(results)} = mpmd.call @step({operands}) {{call_counter = {c} : ui32}} "
                         f": ({in_types}) -> ({res})")
            outs += [f"%c{c}#{i}" for i in range(len(results))]
        lines.append(f"    return {', '.join(outs)} : {all_res}")
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def assignment(stages, meshes, name="s"):
    """Stage s on mesh s mod P (interleaved when S > P), numbered stage s."""
    return ",".join(f"{name}{s}@m{s % meshes}/{s}" for s in range(stages))


def run_tool(tool, args, text):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "prog.mlir")
        with open(path, "w") as f:
            f.write(text)
        svg = os.path.join(d, "t.svg")
        p = subprocess.run([tool, "pipeline", path] + [a.replace("{svg}", svg) for a in args],
                           capture_output=True, text=True, timeout=300)
        svg_text = open(svg).read() if os.path.exists(svg) else None
        return p, svg_text, path


FREE = ["--link-latency", "0", "--link-bandwidth", "inf"]


def simulate(tool, stages, meshes, mbs, schedule, **kw):
    """Uniform microbatches: the program makes its own calls, nothing summed."""
    text = program(stages, meshes, calls=mbs, **kw)
    p, _, _ = run_tool(tool, ["--schedule", schedule,
                              "--assign", assignment(stages, meshes), "--format", "json"] + FREE, text)
    if p.returncode != 0:
        raise SystemExit(f"sharc pipeline failed ({schedule}, S={stages} P={meshes} m={mbs}):\n{p.stderr}")
    return json.loads(p.stdout)


def check_consistent(j, where):
    errors = []
    ms = j["makespan"]
    for m in j["meshes"]:
        if m["busy"] > ms * (1 + 1e-9) + 1e-15:
            errors.append(f"{where}: mesh {m['name']} busy {m['busy']} > makespan {ms}")
        want = 1 - m["busy"] / ms if ms > 0 else 0
        if abs(m["bubble"] - want) > 1e-6:
            errors.append(f"{where}: mesh {m['name']} bubble {m['bubble']} != 1 - busy/makespan {want}")
        busy = sum(f["end"] - f["start"] for f in m["fragments"])
        if abs(busy - m["busy"]) > 1e-9 * max(1.0, ms):
            errors.append(f"{where}: mesh {m['name']} busy is not the sum of its fragments")
        prev = 0.0
        for f in m["fragments"]:
            if f["start"] < prev - 1e-15 or f["end"] < f["start"] or f["end"] > ms * (1 + 1e-9):
                errors.append(f"{where}: fragment {f['name']} on {m['name']} out of order or bounds")
            prev = f["end"]
            if f["live_bytes"] > m["peak_bytes"]:
                errors.append(f"{where}: live bytes above the mesh's peak")
    return errors


def cmd_theory(args):
    failures = []
    for p in (2, 4):
        for m in (1, 4, 8):
            want = (p - 1) / (m + p - 1)
            for sched in ("GPipe", "1F1B"):
                j = simulate(args.tool, p, p, m, sched)
                failures += check_consistent(j, f"{sched} p={p} m={m}")
                for mesh in j["meshes"]:
                    if abs(mesh["bubble"] - want) > 1e-6:
                        failures.append(f"{sched} p={p} m={m}: mesh {mesh['name']} bubble "
                                        f"{mesh['bubble']:.6f}, theory {want:.6f}")
                live = max(mesh["peak_microbatches"] for mesh in j["meshes"])
                if sched == "1F1B" and live > p:
                    failures.append(f"1F1B p={p} m={m}: {live} microbatches live > p")
                if sched == "GPipe" and live != m:
                    failures.append(f"GPipe p={p} m={m}: {live} microbatches live, not m")
            print(f"p={p} m={m}: bubble {want:.4f} (GPipe, 1F1B)")
    for p, v, m in ((2, 2, 4), (4, 2, 8), (2, 3, 6)):
        j = simulate(args.tool, v * p, p, m, "Circular")
        failures += check_consistent(j, f"Circular p={p} v={v} m={m}")
        want = (p - 1) / (v * m + p - 1)
        plain = (p - 1) / (m + p - 1)
        got = j["bubble"]
        print(f"Circular p={p} v={v} m={m}: bubble {got:.4f}, theory {want:.4f} (not interleaved {plain:.4f})")
        if not (abs(got - want) <= 0.25 * want + 0.02 and got < plain):
            failures.append(f"Circular p={p} v={v} m={m}: bubble {got:.4f}, theory {want:.4f}")
    for f in failures:
        print("FAIL", f)
    print(f"theory: {'FAILED' if failures else 'ok'}")
    return 1 if failures else 0


def random_case(rng):
    meshes = rng.randint(2, 8)
    per = rng.choice([1, 1, 1, 2]) if meshes <= 4 else 1
    stages = meshes * per
    mbs = rng.randint(1, 6)
    kw = dict(batch=rng.choice([4, 8, 16]), width=rng.choice([8, 32, 64]),
              axes=[rng.choice([1, 2, 4]) for _ in range(meshes)],
              extra=[rng.randint(0, 2) for _ in range(stages)],
              layers=rng.randint(1, 3), sharded=rng.random() < 0.5)
    return stages, meshes, mbs, kw


def cmd_random(args):
    rng = random.Random(args.seed)
    failures = []
    for case in range(args.seeds):
        stages, meshes, mbs, kw = random_case(rng)
        text = program(stages, meshes, **kw)
        sched = rng.choice(["1F1B", "GPipe"] + (["Circular"] if stages > meshes else []))
        where = f"case {case} (S={stages} P={meshes} m={mbs} {sched})"
        cost = ["--link-latency", str(rng.choice([0, 1e-6, 1e-5])),
                "--link-bandwidth", rng.choice(["inf", "1e9", "1e11"])]
        p, svg, _ = run_tool(args.tool, ["--schedule", sched, "--microbatches", str(mbs),
                                         "--assign", assignment(stages, meshes),
                                         "--format", "json", "--svg", "{svg}"] + cost, text)
        if p.returncode != 0:
            failures.append(f"{where}: exit {p.returncode}: {p.stderr.strip()[:300]}")
            continue
        try:
            ET.fromstring(svg)
        except Exception as e:  # noqa: BLE001 - any parse error fails the case
            failures.append(f"{where}: SVG is not XML: {e}")
        j = json.loads(p.stdout)
        failures += check_consistent(j, where)
        if len(j["meshes"]) != meshes:
            failures.append(f"{where}: {len(j['meshes'])} meshes in the JSON")
        frags = sum(len(m["fragments"]) for m in j["meshes"])
        if frags != 2 * stages * mbs:
            failures.append(f"{where}: {frags} fragments, expected {2 * stages * mbs}")
        p2, _, _ = run_tool(args.tool, ["--compare", "--microbatches", str(mbs),
                                        "--assign", assignment(stages, meshes)] + cost, text)
        if p2.returncode != 0:
            failures.append(f"{where}: --compare exit {p2.returncode}: {p2.stderr.strip()[:300]}")
    for f in failures:
        print("FAIL", f)
    print(f"random: {args.seeds - len(set(f.split(':')[0] for f in failures))}/{args.seeds} cases ok")
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("emit")
    e.add_argument("--stages", type=int, default=4)
    e.add_argument("--meshes", type=int, default=4)
    e.add_argument("--batch", type=int, default=16)
    e.add_argument("--width", type=int, default=64)
    e.add_argument("--layers", type=int, default=1)
    e.add_argument("--axis", type=int, default=2)
    e.add_argument("--name", default="s")
    for name in ("theory", "random"):
        s = sub.add_parser(name)
        s.add_argument("--tool", default=os.path.join(ROOT, "build", "bin", "sharc"))
        s.add_argument("--seeds", type=int, default=20)
        s.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    if a.cmd == "emit":
        sys.stdout.write(program(a.stages, a.meshes, a.batch, a.width, axes=[a.axis] * a.meshes,
                                 layers=a.layers, name=a.name))
        return 0
    return cmd_theory(a) if a.cmd == "theory" else cmd_random(a)


if __name__ == "__main__":
    sys.exit(main())
