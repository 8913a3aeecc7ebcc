#!/usr/bin/env python3
"""Round-trips every stablehlo op and attribute of the conformance corpus.

Each `// -----` piece of every .mlir under the corpus that holds stablehlo
(and is not written to fail) is checked whole; a piece that also holds ops of
dialects sharc does not have (arith, ...) is checked op by op instead: each
one-line stablehlo op alone, with the piece's meshes, inside a function whose
arguments stand for its operands (types read from the op's own signature).
"Checked" means: the tool parses it, printing is a fixpoint (print, parse,
print again gives the same text), and the generic form parses back to the
same custom form. The script reports the distinct op names and attribute
forms (`#stablehlo.x` / `#stablehlo<x ...>`) covered and every failure.

A piece that fails whole is still checked op by op, so a piece that used to
pass whole could regress unseen while each op alone passes: the pieces listed
in --whole-baseline (tests/stablehlo/roundtrip_whole.txt, written with
--write-whole) must pass whole, else the run fails.

usage: tests/stablehlo/roundtrip.py [--tool build/bin/mpmd_opt] [--stablehlo-tool T] [--corpus ../shared/conformance]
                                    [--whole-baseline FILE] [--write-whole FILE]
"""
import argparse
import os
import re
import subprocess
import sys

OP_RE = re.compile(r'"?stablehlo\.([a-z_]+)')
ATTR_RE = re.compile(r'#stablehlo(?:\.([a-z_]+)|<([a-z_]+))')


def strip_comments(text):
    return '\n'.join(l for l in text.split('\n') if not l.lstrip().startswith('//'))


def run(tool, args, text):
    p = subprocess.run([tool, '--allow-unregistered-dialect'] + args + ['-'], input=text, capture_output=True, text=True,
                       timeout=600)
    return p.returncode, p.stdout, p.stderr


def check_text(tool, text, split=False):
    """None on success, else a short reason. With `split`, `text` holds many
    inputs joined by `// -----` and all are checked in one run per stage."""
    flags = ['-split-input-file'] if split else []
    rc, once, err = run(tool, flags, text)
    if rc:
        return 'parse: ' + err.strip().split('\n')[0]
    rc, twice, err = run(tool, flags, once)
    if rc:
        return 'reparse: ' + err.strip().split('\n')[0]
    if once != twice:
        return 'print is not a fixpoint'
    rc, generic, err = run(tool, flags + ['-mlir-print-op-generic'], once)
    if rc:
        return 'generic print: ' + err.strip().split('\n')[0]
    rc, back, err = run(tool, flags, generic)
    if rc:
        return 'generic reparse: ' + err.strip().split('\n')[0]
    if back != once:
        return 'generic form does not read back to the custom form'
    return None


def check_many(tool, texts):
    """check_text of each text, in as few runs as possible: all together in
    one -split-input-file input, halving a batch only when it fails."""
    if len(texts) <= 1:
        return [check_text(tool, t) for t in texts]
    if check_text(tool, '\n// -----\n'.join(texts), split=True) is None:
        return [None] * len(texts)
    mid = len(texts) // 2
    return check_many(tool, texts[:mid]) + check_many(tool, texts[mid:])


SSA = r'%[A-Za-z0-9_.$-]+(?:#\d+)?'


def split_top_types(s):
    """Splits `A, B` at top-level commas."""
    parts, depth, cur = [], 0, ''
    for c in s:
        if c in '<([{':
            depth += 1
        elif c in '>)]}':
            depth -= 1
        if c == ',' and depth == 0:
            parts.append(cur.strip())
            cur = ''
        else:
            cur += c
    if cur.strip():
        parts.append(cur.strip())
    return parts


def signature(line):
    """(operand types, result types) from the op's trailing type, or None."""
    depth = 0
    colon = -1
    for i, c in enumerate(line):
        if c in '<([{':
            depth += 1
        elif c in '>)]}':
            depth -= 1
        elif c == ':' and depth == 0:
            colon = i
    if colon < 0:
        return None
    t = line[colon + 1:].strip()
    t = re.sub(r'\s+loc\(.*\)$', '', t)
    m = re.match(r'^\((.*)\)\s*->\s*(.*)$', t)
    if m:
        ins = split_top_types(m.group(1))
        res = m.group(2).strip()
        if res.startswith('(') and res.endswith(')'):
            outs = split_top_types(res[1:-1])
        else:
            outs = [res]
        return ins, outs
    return None, split_top_types(t)


STABLEHLO_LINE = re.compile(
    r'^\s*(?:(?:%[A-Za-z0-9_.$-]+(?::\d+)?\s*,?\s*)+=\s*)?"?stablehlo\.([a-z_]+)')


def synthesize(line):
    """A function around one stablehlo op line, or None."""
    line = re.sub(r'\s//.*$', '', line)
    op = STABLEHLO_LINE.match(line)
    if not op or op.group(1) in ('while', 'reduce', 'return'):
        return None
    if '\n' in line:
        return synthesize_with_regions(line)
    m = re.match(r'^\s*((?:%[A-Za-z0-9_.$-]+(?::\d+)?\s*,?\s*)+=\s*)?(.*)$', line)
    body = m.group(2)
    sig = signature(body)
    if not sig or not sig[1]:
        return None
    ins, outs = sig
    head = body.split(' : ')[0] if ins is not None else body[:body.rfind(':')]
    head = re.sub(r'\{[^{}]*\}', '', head)  # attribute dictionaries hold no operands
    names = []
    for n in re.findall(SSA, head):
        if n not in names:
            names.append(n)
    if ins is None:
        # one type for all operands (SameOperandsAndResultType), or select's pred, T
        if len(outs) == 2 and 'stablehlo.select' in body:
            ins = [outs[0], outs[1], outs[1]]
            outs = [outs[1]]
        elif 'stablehlo.optimization_barrier' in body or 'stablehlo.return' in body:
            ins = outs
        elif 'stablehlo.complex' in body and len(outs) == 1:
            # complex(lhs, rhs) : complex type; the operands are its real part type
            ins = [re.sub(r'complex<([^<>]*)>', r'\1', outs[0])] * len(names)
        elif 'stablehlo.tuple' in body and len(outs) == 1 and outs[0].startswith('tuple<'):
            # tuple(a, b) : tuple<A, B>: one operand per element
            ins = split_top_types(outs[0][len('tuple<'):-1])
        else:
            ins = [outs[0]] * len(names)
    uses = re.findall(SSA, head)
    if len(uses) != len(ins):
        return None
    args = {}
    for n, t in zip(uses, ins):
        base = n.split('#')[0]
        if base in args and args[base] != t:
            return None
        args[base] = t
    if any('#' in n for n in uses):
        return None
    arg_list = ', '.join('%s: %s' % (n, t) for n, t in args.items())
    if 'stablehlo.return' in body:
        return None
    nres = len(outs) if outs != ['()'] else 0
    bind = ''
    if nres == 1:
        bind = '%r = '
    elif nres > 1:
        bind = '%%r:%d = ' % nres
    return 'func.func @f(%s) {\n  %s%s\n  return\n}\n' % (arg_list, bind, body.strip())


def synthesize_with_regions(text):
    """A generic op with regions: operands from its first parentheses, the
    regions kept whole when they use nothing from outside."""
    m = re.match(r'^\s*((?:%[A-Za-z0-9_.$-]+(?::\d+)?\s*,?\s*)+=\s*)?("stablehlo\.[a-z_]+")\((.*?)\)',
                 text, re.S)
    if not m:
        return None
    first_nl = text.index('\n')
    regions = text[first_nl:]
    defined = set(re.findall(r'(%[A-Za-z0-9_.$-]+)(?::\d+)?\s*=', regions))
    for header in re.findall(r'^\s*\^[^\n]*', regions, re.M):
        defined |= set(re.findall(r'(%[A-Za-z0-9_.$-]+)\s*:', header))
    # values from outside: typed by the `stablehlo.return %a, %b : A, B` that returns them
    captured = {}
    for vals, types in re.findall(r'stablehlo\.return\s+([^:\n]*?)\s*:\s*([^\n]*)', regions):
        for v, t in zip([x.strip() for x in vals.split(',')], split_top_types(types)):
            captured[v] = t
    for use in re.findall(SSA, regions):
        if use.split('#')[0] not in defined and use not in captured:
            return None
    sig = signature(text[m.start(2):])
    if not sig or sig[0] is None:
        return None
    ins, outs = sig
    uses = re.findall(SSA, m.group(3))
    if len(uses) != len(ins) or any('#' in u for u in uses):
        return None
    args = {}
    for n, t in zip(uses, ins):
        if args.get(n, t) != t:
            return None
        args[n] = t
    for use in re.findall(SSA, regions):
        if use.split('#')[0] not in defined:
            if args.get(use, captured[use]) != captured[use]:
                return None
            args[use] = captured[use]
    nres = len(outs) if outs != ['()'] else 0
    bind = '' if nres == 0 else ('%r = ' if nres == 1 else '%%r:%d = ' % nres)
    body = text[m.start(2):].strip()
    return 'func.func @f(%s) {\n  %s%s\n  return\n}\n' % (
        ', '.join('%s: %s' % kv for kv in args.items()), bind, body)


def op_units(code):
    """One-line stablehlo ops, and generic ones spanning lines with their regions."""
    lines = code.split('\n')
    i = 0
    while i < len(lines):
        line = re.sub(r'\s//.*$', '', lines[i])
        i += 1
        if not STABLEHLO_LINE.match(line):
            continue
        if not line.rstrip().endswith(('{', '(')):
            yield line
            continue
        depth = line.count('{') + line.count('(') - line.count('}') - line.count(')')
        text = [line]
        while i < len(lines) and depth > 0:
            l = re.sub(r'\s//.*$', '', lines[i])
            i += 1
            depth += l.count('{') + l.count('(') - l.count('}') - l.count(')')
            text.append(l)
        yield '\n'.join(text)


FOREIGN_OP = re.compile(r'(?<![#\w"!.])"?(sdy|mpmd|check)\.[a-z_]+(?!\w*"?\s*=)|!(sdy|mpmd)\.')


def pieces(path):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    return [p for p in re.split(r'^// -----.*$', text, flags=re.M)]


def whole_regressions(a, candidates, verdicts):
    """Writes --write-whole; returns the --whole-baseline pieces that no longer
    pass whole (each printed), or that the corpus no longer has."""
    passing = [where for (where, _), why in zip(candidates, verdicts) if why is None]
    if a.write_whole:
        with open(a.write_whole, 'w', encoding='utf-8') as f:
            f.writelines(w + '\n' for w in passing)
    if not a.whole_baseline:
        return []
    with open(a.whole_baseline, encoding='utf-8') as f:
        listed = [l.strip() for l in f if l.strip() and not l.startswith('#')]
    why_of = {where: why for (where, _), why in zip(candidates, verdicts)}
    lost = [w for w in listed if w not in why_of or why_of[w] is not None]
    for w in lost:
        print('REGRESSED %s: %s' % (w, why_of.get(w) or 'no such piece'))
    if lost:
        print('%d pieces listed in %s no longer pass whole' % (len(lost), a.whole_baseline))
    return lost


def tool_for(a, where):
    """The stablehlo* corpora are StableHLO's tests, run with stablehlo-opt;
    the others (Shardy's, XLA's) with the sdy/mpmd tool."""
    return a.stablehlo_tool if where.startswith('stablehlo') else a.tool


def check_by_tool(a, items):
    """check_many over (where, text) items, each with its corpus's tool;
    verdicts in the items' order."""
    verdicts = [None] * len(items)
    for tool in (a.tool, a.stablehlo_tool):
        ix = [i for i, (where, _) in enumerate(items) if tool_for(a, where) == tool]
        for i, v in zip(ix, check_many(tool, [items[i][1] for i in ix])):
            verdicts[i] = v
    return verdicts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', default='build/bin/mpmd_opt')
    ap.add_argument('--corpus', default='../shared/conformance')
    ap.add_argument('--stablehlo-tool', help='the tool for the stablehlo* corpora (default: '
                    'stablehlo-opt beside --tool): as in MLIR, only it registers chlo and vhlo')
    ap.add_argument('-v', action='store_true', help='list every failure')
    ap.add_argument('--whole-baseline', help='pieces that must pass whole (one id a line)')
    ap.add_argument('--write-whole', help='write the ids of the pieces that pass whole')
    a = ap.parse_args()
    if not a.stablehlo_tool:
        a.stablehlo_tool = os.path.join(os.path.dirname(a.tool), 'stablehlo-opt')
    files = []
    for root, _, names in os.walk(a.corpus):
        files += [os.path.join(root, n) for n in names if n.endswith('.mlir')]
    files.sort()
    if not files:  # a missing corpus must not pass as "nothing failed"
        print('FAIL no .mlir file under %s' % a.corpus)
        return 1
    seen_ops, seen_attrs = set(), set()
    ok_ops, ok_attrs = set(), set()
    failures = []
    # whole pieces first; pieces that also hold ops of dialects sharc does not
    # have (arith, ...) are checked op by op, with their meshes
    candidates = []
    for path in files:
        for k, piece in enumerate(pieces(path)):
            code = strip_comments(piece)
            if 'stablehlo' not in code or 'expected-error' in piece:
                continue  # nothing of ours, or built to fail
            candidates.append(('%s#%d' % (os.path.relpath(path, a.corpus), k), code))
    units = []
    whole_verdicts = check_by_tool(a, [(w, c) for w, c in candidates])
    lost = whole_regressions(a, candidates, whole_verdicts)
    for (where, code), why in zip(candidates, whole_verdicts):
        if why is None:
            units.append((where, code, None))
            continue
        meshes = ''.join(l + '\n' for l in code.split('\n') if re.match(r'\s*sdy\.mesh\b', l))
        for f in map(synthesize, op_units(code)):
            if f and not FOREIGN_OP.search(f):  # other dialects' ops inside regions
                units.append((where, meshes + f, 'unchecked'))
    pending = [(where, u) for where, u, state in units if state]
    verdicts = iter(check_by_tool(a, pending))
    for where, unit, state in units:
        why = next(verdicts) if state else None
        ops = set(OP_RE.findall(unit))
        attrs = {x or y for x, y in ATTR_RE.findall(unit)}
        seen_ops |= ops
        seen_attrs |= attrs
        if why:
            failures.append((where, why, unit))
        else:
            ok_ops |= ops
            ok_attrs |= attrs
    checked = len(units)
    print('covered: ' + ' '.join(sorted(ok_ops)))
    print('checked %d units from %d files' % (checked, len(files)))
    print('ops: %d of %d distinct stablehlo ops round-trip' % (len(ok_ops), len(seen_ops)))
    print('attributes: %d of %d distinct attribute forms round-trip' %
          (len(ok_attrs), len(seen_attrs)))
    missing = sorted(seen_ops - ok_ops) + ['#' + x for x in sorted(seen_attrs - ok_attrs)]
    if missing:
        print('never round-tripped: ' + ', '.join(missing))
    for where, why, unit in failures if a.v else failures[:10]:
        print('FAIL %s: %s' % (where, why))
        if a.v:
            print(unit)
    print('%d passed, %d failed' % (checked - len(failures), len(failures)))
    return 1 if failures or missing or lost else 0


if __name__ == '__main__':
    sys.exit(main())
