#!/usr/bin/env python3
"""Differential check of -mpmd-pipeline-scheduler against a literal model of
Shardy's PipelineSchedulerPass: every ordered pair of scheduling units of a
mesh, in Shardy's order, skipped when GetDependencyPath finds a path either
way in the graph as it is so far (control dependencies added before
included), else a control dependency when the schedule's rule says so;
then MLIR's sortTopologically as written (rounds over the unscheduled ops,
the first one taken as it is when a round schedules nothing).

Random pipeline-shaped programs (meshes x microbatches of forward and
backward units, transfers between meshes, split backward units, inferred
fragments, extra dataflow edges, block orders shuffled within the
dataflow) are scheduled by mpmd_opt with every schedule; the order of the
function's ops must be the model's.

    python3 tests/mpmd/schedule_model.py [--tool build/bin/mpmd_opt] [--seeds N]
"""
import argparse
import math
import random
import re
import subprocess
import sys

T = "tensor<2xf32>"


def mt(mesh):
    return f'!mpmd.mesh_tensor<"m{mesh}", {T}>'


class Op:
    def __init__(self, oid, kind, mesh, operands, unit=None):
        self.id = oid
        self.kind = kind          # 'frag' or 'transfer'
        self.mesh = mesh          # result mesh
        self.operands = operands  # op ids (None: the mesh's function argument)
        self.unit = unit          # dict for user fragments


def generate(rng):
    meshes = rng.randint(1, 4)
    mbs = rng.randint(1, 5)
    ops = []
    last = {m: None for m in range(meshes)}  # latest value per mesh

    def add(kind, mesh, operands, unit=None):
        op = Op(len(ops), kind, mesh, operands, unit)
        ops.append(op)
        last[mesh] = op.id
        return op.id

    def values_on(mesh):
        return [o.id for o in ops if o.mesh == mesh]

    def frag(mesh, unit, main):
        operands = [main]
        pool = values_on(mesh)
        for _ in range(rng.randint(0, 2)):
            if pool and rng.random() < 0.3:
                operands.append(rng.choice(pool))
        return add('frag', mesh, operands, unit)

    stage_of = {m: m for m in range(meshes)}
    split = rng.random() < 0.4
    # call counters against the dataflow, and chains across microbatches
    counters = list(range(mbs))
    if rng.random() < 0.3:
        rng.shuffle(counters)
    chain = rng.random() < 0.3
    forward_only = rng.random() < 0.2
    prev_b = {}
    for i in counters:
        cur = None
        for m in range(meshes):
            if cur is not None:
                cur = add('transfer', m, [cur])
            unit = dict(cc=i, tc=0, wgrad=False, stage=stage_of[m] if rng.random() < 0.9 else None)
            cur = frag(m, unit, cur)
            if rng.random() < 0.15:
                frag(m, None, cur)  # an inferred fragment
        for m in reversed(range(meshes)):
            if forward_only:
                break
            if m != meshes - 1:
                cur = add('transfer', m, [cur])
            unit = dict(cc=i, tc=1, wgrad=False, stage=stage_of[m] if rng.random() < 0.9 else None)
            b = frag(m, unit, cur)
            if chain and m in prev_b:
                ops[b].operands.append(prev_b[m])
            prev_b[m] = b
            if split and rng.random() < 0.7:
                frag(m, dict(cc=i, tc=1, wgrad=True, stage=unit['stage']), b)
            cur = b
    if rng.random() < 0.5:
        order = list(range(len(ops)))
    else:
        order = random_topological(ops, rng)
    return meshes, ops, order


def random_topological(ops, rng):
    deps = {o.id: {d for d in o.operands if d is not None} for o in ops}
    done, order = set(), []
    while len(order) < len(ops):
        ready = [o.id for o in ops if o.id not in done and deps[o.id] <= done]
        pick = rng.choice(ready)
        done.add(pick)
        order.append(pick)
    return order


def emit(meshes, ops, order):
    names = {}
    lines = []
    topo = ", ".join(f'<"m{m}": <["x"=1]>>' for m in range(meshes))
    args = ", ".join(f"%arg{m}: {mt(m)}" for m in range(meshes))
    lines.append(f"func.func @main({args}) attributes {{topology = #mpmd.topology<{topo}>}} {{")
    for oid in order:
        op = ops[oid]
        vals = [names[d] if d is not None else f"%arg{op.mesh}" for d in op.operands]
        name = f"%v{oid}"
        names[oid] = name
        if op.kind == 'transfer':
            src = ops[op.operands[0]].mesh
            lines.append(f"  {name} = mpmd.transfer {{id = {oid} : i64}} {vals[0]} : ({mt(src)}) -> {mt(op.mesh)}")
            continue
        u = op.unit
        if u is None:
            origin, attrs = "[]", f"id = {oid} : i64"
            stage = ""
        else:
            origin = f'["f"({u["tc"]})]'
            stage = f", stage={u['stage']}" if u['stage'] is not None else ""
            attrs = f"call_counter = {u['cc']} : ui32, id = {oid} : i64"
            if u['wgrad']:
                attrs += ", split_drop_transferred"
        bargs = ", ".join(f"%x{k}: {T}" for k in range(len(vals)))
        types = ", ".join(mt(op.mesh) for _ in vals)
        lines.append(f'  {name} = mpmd.fragment<mesh="m{op.mesh}", origin={origin}{stage}> '
                     f"({', '.join(vals)}) {{{attrs}}} ({bargs}) {{")
        lines.append(f"    mpmd.return %x0 : {T}")
        lines.append(f"  }} : ({types}) -> {mt(op.mesh)}")
    lines.append("  func.return")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---- Shardy's rules -------------------------------------------------------------------------

def rule_1f1b(a, b, nm):
    mid = a['mesh']
    if a['tc'] == 1 and b['tc'] == 0:
        return a['cc'] == b['cc'] - nm + mid
    if a['tc'] == 0 and b['tc'] == 1:
        return a['cc'] == b['cc'] + nm - (mid + 1)
    if a['tc'] == b['tc']:
        return a['cc'] < b['cc']
    return False


def rule_gpipe(a, b, nm):
    if a['tc'] == b['tc']:
        return a['cc'] < b['cc']
    return a['tc'] < b['tc']


def rule_gpipe_1f1b_last(a, b, nm):
    return rule_1f1b(a, b, nm) if a['mesh'] == nm - 1 else rule_gpipe(a, b, nm)


def rule_zbh1(a, b, nm):
    mid, ca, cb, ta, tb, wa, wb = a['mesh'], a['cc'], b['cc'], a['tc'], b['tc'], a['wgrad'], b['wgrad']
    if ta == 1 and not wa and tb == 0:
        return ca == cb - nm + mid
    if ta == 0 and tb == 1 and not wb:
        return ca == cb + nm - (mid + 1)
    if ta == 1 and (wa or mid == 0) and tb == 0:
        return cb - ca == nm
    if ta == 1 and not wa and tb == 1 and wb:
        return ca - cb == mid
    if ta == 1 and wa and tb == 1 and not wb:
        return cb - ca == mid + 1
    return False


def zbh2(frac):
    def init(nm, mid):
        return int(math.floor((2.0 * (nm - mid) - 1.0) + 2.0 * (nm - mid - 1) * frac))

    def rule(a, b, nm):
        mid, ca, cb, ta, tb, wa, wb = a['mesh'], a['cc'], b['cc'], a['tc'], b['tc'], a['wgrad'], b['wgrad']
        i, c = init(nm, mid), init(nm, nm - mid - 1)
        if ta == 0 and tb == 1 and ca < i:
            return True
        if ta == 1 and not wa and tb == 0 and cb >= i:
            return cb - ca == i
        if ta == 0 and ca >= i and tb == 1 and not wb:
            return ca - cb == i - 1
        if ta == 1 and not wa and tb == 1 and wb:
            return ca - cb == c - 1
        if ta == 1 and wa and tb == 1 and not wb:
            return cb - ca == c
        return False
    return rule


class Unreachable(Exception):
    pass


def lex(x, y, asc):
    for p, q in zip(x, y):
        if (p < q) if asc else (p > q):
            return True
        if p != q:
            return False
    raise Unreachable()


def circular(reversed_bwd):
    def rule(a, b, nm):
        if a['stage'] is None or b['stage'] is None:
            return False
        if a['tc'] != b['tc']:
            return a['tc'] < b['tc']
        fa = [a['cc'] // nm, a['stage'], a['cc']]
        fb = [b['cc'] // nm, b['stage'], b['cc']]
        if a['tc'] == 0:
            return lex(fa, fb, True)
        if reversed_bwd:
            return lex(fa, fb, False)
        fa[1], fb[1] = fb[1], fa[1]
        return lex(fa, fb, True)
    return rule


def parallel_wrap_around(a, b, nm):
    if a['tc'] != 0 or b['tc'] != 0 or a['cc'] == b['cc']:
        raise Unreachable()
    pivot = a['mesh']  # meshes are named m0, m1, ...
    ca, cb = a['cc'], b['cc']
    if ca == pivot or cb == pivot:
        return ca == pivot
    if (ca > pivot and cb > pivot) or (ca < pivot and cb < pivot):
        return ca > cb
    return ca < cb


RULES = {
    "none": lambda a, b, nm: False,
    "1F1B": rule_1f1b,
    "GPipe": rule_gpipe,
    "Circular": circular(False),
    "CircularWithReversedBackward": circular(True),
    "GPipeBut1F1BForLastMesh": rule_gpipe_1f1b_last,
    "ZeroBubbleH1": rule_zbh1,
    "ZeroBubbleH2ZeroTxLatency": zbh2(0.0),
    "ZeroBubbleH2HalfTxLatency": zbh2(0.5),
    "ZeroBubbleH2FullTxLatency": zbh2(1.0),
    "ParallelPipelinesWithWrapAround": parallel_wrap_around,
}


def model(meshes, ops, order, rule):
    pos = {oid: i for i, oid in enumerate(order)}
    deps = {o.id: [d for d in o.operands if d is not None] for o in ops}
    users = {o.id: [] for o in ops}
    for o in ops:
        for d in deps[o.id]:
            users[d].append(o.id)

    def path(src, tgt):
        seen, stack = set(), [src]
        while stack:
            cur = stack.pop()
            if cur in seen:
                continue
            seen.add(cur)
            if pos[cur] > pos[tgt]:
                continue
            if cur == tgt:
                return True
            stack.extend(users[cur])
        return False

    units = [oid for oid in order if ops[oid].kind == 'frag' and ops[oid].unit is not None]
    info = {oid: dict(ops[oid].unit, mesh=ops[oid].mesh) for oid in units}
    for a in units:
        for b in units:
            if a == b or ops[a].mesh != ops[b].mesh:
                continue
            if path(a, b) or path(b, a):
                continue
            if rule(info[a], info[b], meshes):
                deps[b].append(a)
                users[a].append(b)
    return literal_sort(order, deps)


def literal_sort(order, deps):
    """MLIR's sortTopologically as written."""
    blk = list(order)
    unscheduled = set(blk)
    nxt = 0
    while unscheduled:
        progress = False
        for op in list(blk[nxt:]):
            if any(d in unscheduled for d in deps[op]):
                continue
            unscheduled.discard(op)
            at = blk.index(op)
            blk.pop(at)
            blk.insert(nxt, op)
            nxt += 1
            progress = True
        if not progress:
            unscheduled.discard(blk[nxt])
            nxt += 1
    return blk


def info_text(op):
    u = op.unit
    text = f'FragmentInfo(origins=["f"({u["tc"]})]'
    if u["stage"] is not None:
        text += f',stage={u["stage"]}'
    text += f',call_counter={u["cc"]}'
    if u["wgrad"]:
        text += ",split_type=kDropTransferred"
    return text + f',mesh_name="m{op.mesh}")'


def rule_model(ops, order, rules):
    """RuleBasedSchedulePass: consecutive pairs of each rule."""
    pos = {oid: i for i, oid in enumerate(order)}
    deps = {o.id: [d for d in o.operands if d is not None] for o in ops}
    users = {o.id: [] for o in ops}
    for o in ops:
        for d in deps[o.id]:
            users[d].append(o.id)

    def path(src, tgt):
        seen, stack = set(), [src]
        while stack:
            cur = stack.pop()
            if cur in seen:
                continue
            seen.add(cur)
            if pos[cur] > pos[tgt]:
                continue
            if cur == tgt:
                return True
            stack.extend(users[cur])
        return False

    by_info = {info_text(o): o.id for o in ops if o.kind == 'frag' and o.unit is not None}
    for rule in rules:
        pred = rule[0]
        for succ in rule[1:]:
            p = by_info.get(pred)
            if p is None:
                pred = succ
                continue
            q = by_info.get(succ)
            if q is None:
                continue
            pred = succ
            if p == q or ops[p].mesh != ops[q].mesh or path(p, q) or path(q, p):
                continue
            deps[q].append(p)
            users[p].append(q)
    return literal_sort(order, deps)


def random_rules(ops, rng):
    units = [o for o in ops if o.kind == 'frag' and o.unit is not None]
    rules = []
    for _ in range(rng.randint(1, 4)):
        mesh = rng.choice(units).mesh
        pool = [info_text(o) for o in units if o.mesh == mesh]
        rule = [rng.choice(pool) for _ in range(rng.randint(2, 5))]
        if rng.random() < 0.2:
            rule.insert(rng.randrange(len(rule)), f'FragmentInfo(origins=["g"],mesh_name="m{mesh}")')
        rules.append(rule)
    return rules


def run_rules(tool, text, rules):
    opt = ",".join("FragmentScheduleRule(ordered_fragments=[" + "->".join(r) + "])" for r in rules)
    p = subprocess.run([tool, "-", f"-mpmd-rule-based-schedule=rules={opt}"],
                       input=text, capture_output=True, text=True)
    if p.returncode:
        return None, p.stderr
    ids = [int(m.group(1)) for m in re.finditer(r"^    %\S+ = mpmd\.\w+.*?\bid = (\d+) : i64", p.stdout, re.M)]
    return ids, p.stdout


def run_tool(tool, text, schedule):
    p = subprocess.run([tool, "-", f"-mpmd-pipeline-scheduler=must-happen-before={schedule}"],
                       input=text, capture_output=True, text=True)
    if p.returncode:
        return None, p.stderr
    ids = [int(m.group(1)) for m in re.finditer(r"^    %\S+ = mpmd\.\w+.*?\bid = (\d+) : i64", p.stdout, re.M)]
    return ids, p.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default="build/bin/mpmd_opt")
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="first seed")
    a = ap.parse_args()
    failures = 0
    for seed in range(a.first, a.first + a.seeds):
        rng = random.Random(seed)
        meshes, ops, order = generate(rng)
        text = emit(meshes, ops, order)
        for name, rule in RULES.items():
            try:
                want = model(meshes, ops, order, rule)
            except Unreachable:
                continue  # Shardy aborts; sharc reports an error
            got, out = run_tool(a.tool, text, name)
            if got != want:
                failures += 1
                print(f"seed {seed} schedule {name}: got {got} want {want}")
                if got is None:
                    print(out)
                if failures > 5:
                    return 1
        rules = random_rules(ops, rng)
        want = rule_model(ops, order, rules)
        got, out = run_rules(a.tool, text, rules)
        if got != want:
            failures += 1
            print(f"seed {seed} rules {rules}: got {got} want {want}")
            if got is None:
                print(out)
    print(f"{a.seeds} programs x {len(RULES)} schedules and rules: {failures} mismatches")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
