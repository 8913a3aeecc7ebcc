#!/usr/bin/env python3
"""Sharded programs for `sharc verify`, made from JAX-exported StableHLO
programs (stablehlo/testdata's form: `@main()` takes no argument, calls
`@inputs()` for its operands and `@expected()` for the answer, and checks it
with `check.expect_*` custom calls).

Each program becomes one whose `@main` takes the inputs as arguments, with a
random mesh of 2-8 devices (sometimes with an explicit device order) and
random argument shardings that divide their dimensions, as JAX requires
of a jitted function's arguments and results: whole axes and sub-axes (`"x":(2)2`, major to
minor), open and closed dimensions, priorities; sometimes a result sharding
too. The checks and the expected values are dropped: `sharc verify` compares
the partitioned program with the global one instead. With `--manual P`, a
program's body goes, with probability P, into an `sdy.manual_computation`
(shard_map) over a random set of the mesh's axes, taking and giving back
replicated values: every device runs the whole body, the partitioner must
gather the sharded arguments into it and keep the free axes apart.

Deterministic for a seed. Writes only into OUT_DIR.

    gen_sharded.py [--seed N] [--variants K] [--limit M] [--list FILE] [--manual P] SRC_DIR OUT_DIR
"""
import argparse
import os
import random
import re
import sys

CALL_INPUTS = re.compile(r"^(\s*)(%[\w]+)(?::(\d+))? = (?:func\.)?call @inputs\(\) : \(\) -> (.*)$")
CALL_EXPECTED = re.compile(r"^\s*%[\w]+(?::\d+)? = (?:func\.)?call @expected\(\)")
MAIN = re.compile(r"^(\s*func\.func public @main)\(\)( -> .*\{)\s*$")


def split_top(text):
    """Splits `a, b<c, d>, e` at the commas outside brackets."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def result_types(text):
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        return split_top(text[1:-1])
    return [text]


def tensor_shape(t):
    m = re.match(r"tensor<((?:\d+x)*)([^>]*)>", t)
    if not m:
        return None
    dims = [int(d) for d in m.group(1).split("x") if d]
    return dims


def random_mesh(rng):
    total = rng.choice([2, 3, 4, 4, 6, 8, 8])
    factorizations = {
        2: [[2]],
        3: [[3]],
        4: [[4], [2, 2]],
        6: [[6], [2, 3], [3, 2]],
        8: [[8], [2, 4], [4, 2], [2, 2, 2]],
    }
    sizes = rng.choice(factorizations[total])
    names = rng.choice([["x", "y", "z"], ["data", "model", "seq"], ["a", "b", "c"]])
    axes = list(zip(names, sizes))
    ids = None
    if rng.random() < 0.3:
        ids = list(range(total))
        rng.shuffle(ids)
        if ids == list(range(total)):
            ids = ids[::-1]
    return axes, ids


def mesh_text(axes, ids):
    body = ", ".join('"%s"=%d' % (n, s) for n, s in axes)
    if ids:
        return "<[%s], device_ids=[%s]>" % (body, ", ".join(map(str, ids)))
    return "<[%s]>" % body


def split_axis(rng, size):
    """The axis cut major to minor into parts (one part: the whole axis)."""
    options = [[size]]
    if size == 4:
        options.append([2, 2])
    if size == 8:
        options += [[2, 4], [4, 2], [2, 2, 2]]
    if size == 6:
        options += [[2, 3], [3, 2]]
    return rng.choice(options)


def axis_units(rng, axes):
    """Every (axis-ref text) a tensor may use, each at most once."""
    units = []
    for name, size in axes:
        parts = split_axis(rng, size) if rng.random() < 0.5 else [size]
        if len(parts) == 1:
            units.append('"%s"' % name)
            continue
        pre = 1
        for p in parts:
            units.append('"%s":(%d)%d' % (name, pre, p))
            pre *= p
    return units


def unit_size(unit, axes):
    """The devices an axis-ref text spans: `"x"` or `"x":(pre)size`."""
    if ":(" in unit:
        return int(unit.rsplit(")", 1)[1])
    return dict(axes)[unit.strip('"')]


def random_sharding(rng, shape, axes, allow_open=True):
    """JAX's rule for the shardings of a jitted function's arguments and
    results: every sharded dimension divides by its axes' product."""
    units = axis_units(rng, axes)
    rng.shuffle(units)
    dims = [[] for _ in shape]
    ways = [1 for _ in shape]
    if shape:
        for u in units:
            if rng.random() < 0.6:
                d = rng.randrange(len(shape))
                k = ways[d] * unit_size(u, axes)
                if shape[d] % k == 0:
                    dims[d].append(u)
                    ways[d] = k
    out = []
    for d in dims:
        # at most one part of an axis per dimension: adjacent parts of one
        # axis would have to be merged
        seen, kept = set(), []
        for u in d:
            name = u.split(":")[0]
            if name not in seen:
                seen.add(name)
                kept.append(u)
        text = ", ".join(kept)
        is_open = allow_open and rng.random() < 0.2
        if is_open:
            text = text + ", ?" if text else "?"
        text = "{%s}" % text
        # an empty closed dimension cannot have a priority
        if (kept or is_open) and rng.random() < 0.15:
            text += "p%d" % rng.randrange(3)
        out.append(text)
    return "#sdy.sharding<@mesh, [%s]>" % ", ".join(out)


def strip_func(lines, name):
    """Drops `func.func private @name(...)` and its body."""
    out, skipping = [], False
    for line in lines:
        if not skipping and re.match(r"^\s*func\.func private @%s\(" % name, line):
            skipping = True
            continue
        if skipping:
            if re.match(r"^  \}\s*$", line):
                skipping = False
            continue
        out.append(line)
    return out


def transform(text, rng, manual=0.0):
    """The sharded program, or None when `text` is not of the expected form."""
    lines = [l for l in text.split("\n") if not l.startswith("// RUN")]
    out, main_at, call = [], None, None
    for line in lines:
        if "@check." in line or CALL_EXPECTED.match(line):
            continue
        m = CALL_INPUTS.match(line)
        if m and call is None:
            call = m
            continue
        out.append(line)
        if MAIN.match(line):
            main_at = len(out) - 1
    if call is None or main_at is None:
        return None
    name, count, types = call.group(2), call.group(3), result_types(call.group(4))
    if count and int(count) != len(types):
        return None
    shapes = [tensor_shape(t) for t in types]
    if any(s is None for s in shapes):
        return None
    axes, ids = random_mesh(rng)
    args = []
    for i, (t, s) in enumerate(zip(types, shapes)):
        attr = ""
        if rng.random() < 0.9:
            attr = " {sdy.sharding = %s}" % random_sharding(rng, s, axes)
        args.append("%%iarg%d: %s%s" % (i, t, attr))
    m = MAIN.match(out[main_at])
    header = m.group(2)
    if rng.random() < 0.3:
        rm = re.match(r"^ -> \((tensor<[^{]*?>) \{", header)
        rs = tensor_shape(rm.group(1)) if rm else None
        if rs is not None:
            header = header.replace(" {", " {sdy.sharding = %s, " % random_sharding(
                rng, rs, axes, allow_open=False), 1)
    out[main_at] = "%s(%s)%s" % (m.group(1), ", ".join(args), header)
    end = main_at + 1
    while end < len(out) and not re.match(r"^  \}\s*$", out[end]):
        end += 1
    body = "\n".join(out[main_at + 1:end])
    if count:
        body = re.sub(re.escape(name) + r"#(\d+)\b", lambda g: "%%iarg%s" % g.group(1), body)
    else:
        body = re.sub(re.escape(name) + r"(?![\w#])", "%iarg0", body)
    out = out[:main_at + 1] + body.split("\n") + out[end:]
    out = strip_func(strip_func(out, "inputs"), "expected")
    for i, line in enumerate(out):
        if line.startswith("module"):
            out.insert(i + 1, "  sdy.mesh @mesh = %s" % mesh_text(axes, ids))
            break
    else:
        return None
    prog = "\n".join(out)
    if manual and rng.random() < manual:
        return wrap_in_manual(prog, rng, axes) or prog
    return prog


def wrap_in_manual(prog, rng, axes):
    """`prog` with @main's body inside a manual computation over some of the
    mesh's axes (replicated in and out), or None when its form does not fit."""
    lines = prog.split("\n")
    head = next((i for i, l in enumerate(lines) if re.match(r"^\s*func\.func public @main\(", l)),
                None)
    if head is None:
        return None
    end = head + 1
    while end < len(lines) and not re.match(r"^  \}\s*$", lines[end]):
        end += 1
    ret = re.match(r"^(\s*)return (.*) : (.*)$", lines[end - 1]) if end < len(lines) else None
    sig = re.match(r"^\s*func\.func public @main\((.*)\) -> ", lines[head])
    if not ret or not sig:
        return None
    args = [re.match(r"(%iarg\d+): (\S+)", a) for a in split_top(sig.group(1))]
    arg_types = [m.group(2) for m in args if m]
    res_vals, res_types = split_top(ret.group(2)), split_top(ret.group(3))
    if not args or None in args or len(res_vals) != len(res_types):
        return None
    # the shapes, so the shardings name every dimension (replicated)
    shapes = [tensor_shape(t) for t in arg_types + res_types]
    if any(s is None for s in shapes):
        return None
    replicated = ["<@mesh, [%s]>" % ", ".join("{}" for _ in s) for s in shapes]
    names = [n for n, _ in axes]
    manual = [n for n in names if rng.random() < 0.6] or [rng.choice(names)]
    # the body's names, and `call` spelled out: a manual computation's
    # region has no default dialect, as a function's body has func
    rename = lambda text: re.sub(r"(=\s*)call @", r"\1func.call @",
                                 re.sub(r"%iarg(\d+)\b", r"%miarg\1", text))
    n_in = len(arg_types)
    result = "%mc" if len(res_types) == 1 else "%%mc:%d" % len(res_types)
    out = lines[:head + 1]
    out.append("    %s = sdy.manual_computation(%s) in_shardings=[%s] out_shardings=[%s] "
               "manual_axes={%s} (%s) {" % (
                   result, ", ".join(m.group(1) for m in args), ", ".join(replicated[:n_in]),
                   ", ".join(replicated[n_in:]), ", ".join('"%s"' % n for n in manual),
                   ", ".join("%s: %s" % (rename(m.group(1)), m.group(2)) for m in args)))
    out += ["  " + rename(l) for l in lines[head + 1:end - 1]]
    out.append("      sdy.return %s : %s" % (rename(ret.group(2)), ret.group(3)))
    out.append("    } : (%s) -> (%s)" % (", ".join(arg_types), ", ".join(res_types)))
    vals = ["%mc"] if len(res_types) == 1 else ["%%mc#%d" % i for i in range(len(res_types))]
    out.append("%sreturn %s : %s" % (ret.group(1), ", ".join(vals), ret.group(3)))
    return "\n".join(out + lines[end:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("src")
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variants", type=int, default=3, help="shardings per program")
    ap.add_argument("--limit", type=int, default=0, help="programs at most (0: all)")
    ap.add_argument("--list", help="only the programs named in this file, one a line")
    ap.add_argument("--every", type=int, default=1, help="every N-th program only (a sample)")
    ap.add_argument("--manual", type=float, default=0.0,
                    help="the share of programs whose body goes into a manual computation")
    a = ap.parse_args()
    if os.path.realpath(a.out).startswith(os.path.realpath(a.src) + os.sep) or \
            os.path.realpath(a.out) == os.path.realpath(a.src):
        sys.exit("gen_sharded.py: OUT_DIR must not be inside SRC_DIR")
    names = sorted(f for f in os.listdir(a.src) if f.endswith(".mlir"))
    if a.list:
        wanted = set(l.strip() for l in open(a.list) if l.strip() and not l.startswith("#"))
        names = [n for n in names if n in wanted]
    names = names[::max(1, a.every)]
    if a.limit:
        names = names[:a.limit]
    os.makedirs(a.out, exist_ok=True)
    made = skipped = 0
    for n in names:
        text = open(os.path.join(a.src, n)).read()
        for v in range(a.variants):
            rng = random.Random("%d:%s:%d" % (a.seed, n, v))
            prog = transform(text, rng, a.manual)
            if prog is None:
                skipped += 1
                break
            with open(os.path.join(a.out, "%s.v%d.mlir" % (n[:-5], v)), "w") as f:
                f.write(prog)
            made += 1
    print("gen_sharded: %d programs written, %d sources not of the testdata form" % (made, skipped),
          file=sys.stderr)


if __name__ == "__main__":
    main()
