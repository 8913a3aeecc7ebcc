#!/usr/bin/env python3
"""Differential test of the parser's diagnostics against mlir-opt-22.

usage: tests/differential/diag.py [TOOL] [--ref R] [--filter S] [--ngen N]
                                  [--seed S] [--per-input N] [--jobs N]
                                  [--baseline F] [--write-baseline F]

The printing differentials (run.sh, flags.py) only feed both tools valid
text; this one feeds them broken text. Every valid input (cases/*.mlir,
flags_cases/*.mlir and --ngen modules from gen_random.py) is cut into
tokens and mutated, from a fixed seed, in the ways a person or a program
breaks MLIR text: a token deleted, duplicated, swapped with its neighbour,
replaced by a token of another class, the text truncated at a token, a
number's sign or width changed, a type or shape broken, a bracket
unbalanced, a `:` or `->` dropped, a keyword misspelt, an operand or a type
list one short, an SSA value undefined or defined twice, a block argument
or a successor broken. For every variant X it checks that
    TOOL --allow-unregistered-dialect X  and  REF --allow-unregistered-dialect X
agree byte for byte on stdout, on stderr (the tool's name at the start of a
line read as the reference's, the variant's temporary path as INPUT) and on
the exit status. A variant only one of the two tools rejects is counted
apart and not checked: which text is valid is the printing differentials'
concern, the words of the error are this one's.

A case's id is "INPUT~KIND~N": the same seed gives the same variants, so
the ids make a ratchet. Ends with "N passed, N failed"; exit status 1 if any
check failed, or with --baseline if a case listed there no longer passes.
"""

import concurrent.futures
import os
import random
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from flags import checked_tool, difference, differential_args, input_files, normalized, ratchet, run  # noqa: E402  (the flags differential's helpers)

# MLIR's token classes, roughly as mlir/lib/AsmParser/Lexer.cpp cuts them:
# enough to mutate at token boundaries, not to parse.
TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*)
  | (?P<string>"(?:[^"\\\n]|\\.)*"?)
  | (?P<value>%[A-Za-z0-9_$.\-]*(?:\#[0-9]+)?)
  | (?P<block>\^[A-Za-z0-9_$.\-]*)
  | (?P<symbol>@(?:"(?:[^"\\\n]|\\.)*"|[A-Za-z0-9_$.\-]*))
  | (?P<alias>[#!][A-Za-z_][A-Za-z0-9_$.\-]*)
  | (?P<float>[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?)
  | (?P<hex>0x[0-9A-Fa-f]+)
  | (?P<int>[0-9]+)
  | (?P<ident>[A-Za-z_][A-Za-z0-9_$.]*)
  | (?P<arrow>->)
  | (?P<coloncolon>::)
  | (?P<ellipsis>\.\.\.)
  | (?P<punct>.)
""", re.VERBOSE | re.DOTALL)

OPEN = "([{<"
CLOSE = ")]}>"
# A token of each class, for the "replaced by another class" mutation.
OTHER_CLASS = ["%undefined", "^bb99", "@nowhere", "#unknown_alias", "!unknown_alias", "42",
               "-7", "1.5", "0x1F", '"str"', "i32", "tensor", "(", ")", "[", "]", "{", "}",
               "<", ">", ",", ":", "=", "->", "?", "*", "x", "loc", "dense", "unit", "true"]
# Keywords of the builtin syntax, for the misspelling mutation: a misspelt
# one reads as another identifier, not as a stray character.
KEYWORDS = {"tensor", "memref", "vector", "complex", "tuple", "none", "index", "dense",
            "sparse", "array", "loc", "unknown", "callsite", "fused", "at", "affine_map",
            "affine_set", "distinct", "dense_resource", "opaque", "true", "false", "unit",
            "func", "attributes", "module", "builtin", "func.func", "call", "return",
            "bf16", "f16", "f32", "f64", "f80", "f128", "tf32", "i1", "i8", "i16", "i32",
            "i64", "ui8", "si32", "strided", "offset", "ceildiv", "floordiv", "mod",
            "symbol", "nested", "private", "public", "type", "dialect_resources",
            "builtin.module", "func.return", "func.call"}
WIDTHS = ["0", "1", "16777215", "16777216", "99999999999999999999"]


def tokens(text):
    """[(class, text, offset)] of every token of `text`, whitespace and
    comments dropped."""
    out = []
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind not in ("ws", "comment"):
            out.append((kind, m.group(), m.start()))
    return out


def replace(text, tok, new):
    return text[:tok[2]] + new + text[tok[2] + len(tok[1]):]


def pick(rng, toks, pred):
    cands = [t for t in toks if pred(t)]
    return rng.choice(cands) if cands else None


def m_delete(rng, text, toks):
    t = pick(rng, toks, lambda t: True)
    return t and replace(text, t, "")


def m_duplicate(rng, text, toks):
    t = pick(rng, toks, lambda t: True)
    return t and replace(text, t, t[1] + " " + t[1])


def m_swap(rng, text, toks):
    if len(toks) < 2:
        return None
    i = rng.randrange(len(toks) - 1)
    a, b = toks[i], toks[i + 1]
    mid = text[a[2] + len(a[1]):b[2]]
    return text[:a[2]] + b[1] + mid + a[1] + text[b[2] + len(b[1]):]


def m_other_class(rng, text, toks):
    t = pick(rng, toks, lambda t: True)
    if not t:
        return None
    return replace(text, t, rng.choice([o for o in OTHER_CLASS if o != t[1]]))


def m_truncate(rng, text, toks):
    t = pick(rng, toks, lambda t: True)
    return t and text[:t[2]]


def m_number(rng, text, toks):
    """A literal's sign or size, or an integer type's width."""
    t = pick(rng, toks, lambda t: t[0] in ("int", "float", "hex")
             or re.fullmatch(r"[su]?i[0-9]+", t[1]))
    if not t:
        return None
    if t[0] == "ident":
        prefix = re.match(r"[su]?i", t[1]).group()
        return replace(text, t, prefix + rng.choice(WIDTHS))
    choice = rng.randrange(5)
    if choice == 0:
        return replace(text, t, "-" + t[1])
    if choice == 1:
        return replace(text, t, t[1] + "0000000000000000000000")
    if choice == 2:
        return replace(text, t, t[1] + ".5" if t[0] == "int" else "1e999")
    if choice == 3:
        return replace(text, t, "0x" + "F" * rng.choice([1, 3, 9, 17, 33]))
    return replace(text, t, "-0x1")


def m_shape(rng, text, toks):
    """A shaped type's shape or element type broken."""
    t = pick(rng, toks, lambda t: t[0] == "ident" and re.fullmatch(r"x[0-9?x]*[A-Za-z].*", t[1])
             or t[1] in ("tensor", "memref", "vector", "complex", "tuple"))
    if not t:
        return None
    if t[1] in ("tensor", "memref", "vector", "complex", "tuple"):
        return replace(text, t, t[1] + rng.choice(["", "<", "<>", "<?"]))
    s = t[1]
    options = [s.replace("x", "X", 1), "x-1" + s, "x" + s, s + "x", "x*" + s,
               re.sub(r"[a-z]+[0-9]*$", "f33", s), s.replace("x", "", 1), "x0x" + s]
    return replace(text, t, rng.choice(options))


def m_bracket(rng, text, toks):
    t = pick(rng, toks, lambda t: t[1] in OPEN or t[1] in CLOSE)
    if not t:
        return None
    choice = rng.randrange(3)
    if choice == 0:
        return replace(text, t, "")
    if choice == 1:
        return replace(text, t, t[1] + t[1])
    other = CLOSE[OPEN.index(t[1])] if t[1] in OPEN else OPEN[CLOSE.index(t[1])]
    swap = rng.choice([c for c in OPEN + CLOSE if c not in (t[1], other)])
    return replace(text, t, swap)


def m_drop_colon_arrow(rng, text, toks):
    t = pick(rng, toks, lambda t: t[1] in (":", "->", "=", ","))
    return t and replace(text, t, "")


def m_misspell(rng, text, toks):
    t = pick(rng, toks, lambda t: t[0] == "ident" and t[1] in KEYWORDS)
    if not t:
        return None
    s = t[1]
    i = rng.randrange(len(s))
    choice = rng.randrange(3)
    if choice == 0:
        new = s[:i] + s[i + 1:]
    elif choice == 1:
        new = s[:i] + "q" + s[i:]
    else:
        new = s.upper() if s != s.upper() else s + "s"
    return replace(text, t, new or "q")


def list_items(text, toks):
    """(open, items, close) of every parenthesised, comma-separated list."""
    out = []
    stack = []
    for i, t in enumerate(toks):
        if t[1] in OPEN:
            stack.append(i)
        elif t[1] in CLOSE and stack:
            j = stack.pop()
            if toks[j][1] == "(" and t[1] == ")" and i > j + 1:
                out.append((j, i))
    return out


def m_list_item(rng, text, toks):
    """An operand list or a type list one longer or one shorter."""
    lists = list_items(text, toks)
    if not lists:
        return None
    j, i = rng.choice(lists)
    inner = text[toks[j][2] + 1:toks[i][2]]
    depth, parts, start = 0, [], 0
    for k, c in enumerate(inner):
        if c in OPEN:
            depth += 1
        elif c in CLOSE:
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(inner[start:k])
            start = k + 1
    parts.append(inner[start:])
    if len(parts) > 1 and rng.randrange(2):
        del parts[rng.randrange(len(parts))]
    else:
        parts.insert(rng.randrange(len(parts) + 1), rng.choice(parts))
    return text[:toks[j][2] + 1] + ",".join(parts) + text[toks[i][2]:]


def m_ssa(rng, text, toks):
    """A use of an undefined value, or a value defined twice."""
    values = [t for t in toks if t[0] == "value"]
    if not values:
        return None
    t = rng.choice(values)
    if rng.randrange(2) or len(values) < 2:
        return replace(text, t, "%undef" + str(rng.randrange(10)))
    return replace(text, t, rng.choice(values)[1])


def m_block(rng, text, toks):
    """A successor or block label broken: undefined, redefined, its
    arguments dropped or mistyped."""
    blocks = [t for t in toks if t[0] == "block"]
    if not blocks:
        return None
    t = rng.choice(blocks)
    choice = rng.randrange(4)
    if choice == 0:
        return replace(text, t, "^bb_missing")
    if choice == 1:
        return replace(text, t, rng.choice(blocks)[1])
    if choice == 2:
        return replace(text, t, t[1] + "(%blockarg: i32)")
    return replace(text, t, t[1] + "()")


MUTATIONS = [("delete", m_delete), ("duplicate", m_duplicate), ("swap", m_swap),
             ("other", m_other_class), ("truncate", m_truncate), ("number", m_number),
             ("shape", m_shape), ("bracket", m_bracket), ("punct", m_drop_colon_arrow),
             ("misspell", m_misspell), ("list", m_list_item), ("ssa", m_ssa),
             ("block", m_block)]


def variants(ident, text, seed, per_input):
    """[(id, text)] of `per_input` distinct variants of one input, the
    mutation kinds taken in turn."""
    rng = random.Random("%d:%s" % (seed, ident))
    toks = tokens(text)
    out, seen = [], {text}
    for n in range(per_input * 3):
        if len(out) == per_input:
            break
        kind, mutate = MUTATIONS[n % len(MUTATIONS)]
        new = mutate(rng, text, toks)
        if new is None or new in seen:
            continue
        seen.add(new)
        out.append(("%s~%s~%d" % (ident, kind, n), new))
    return out


def readable(result, path):
    """`result` with the variant's path read as INPUT."""
    if result is None:
        return None
    rc, out, err = result
    return rc, out.replace(path.encode(), b"INPUT"), err.replace(path.encode(), b"INPUT")


def check(args, tmp, n, case):
    """('pass' | 'fail' | 'disagree', case id, message)"""
    ident, text = case
    path = os.path.join(tmp, "v%d.mlir" % n)
    with open(path, "w") as f:
        f.write(text)
    base = ["--allow-unregistered-dialect"]
    t = readable(normalized(run([args.tool] + base + [path], args.timeout),
                            os.path.basename(args.tool)), path)
    r = readable(normalized(run([args.ref] + base + [path], args.timeout),
                            os.path.basename(args.ref)), path)
    if t is not None and t == r:
        os.unlink(path)
        return "pass", ident, None
    if args.keep:
        os.replace(path, os.path.join(args.keep, ident.replace("/", "_")))
    else:
        os.unlink(path)
    if t is not None and r is not None and (t[0] == 0) != (r[0] == 0):
        return "disagree", ident, "DISAGREE [%s]: exit status %d, expected %d" % (
            ident, t[0], r[0])
    return "fail", ident, difference("FAIL [%s]" % ident, t, r)


def inputs(args, tmp):
    """[(id, text)] of the valid inputs."""
    out = []
    for x in input_files(args, tmp):
        ident = os.path.relpath(x, HERE) if x.startswith(HERE) else "gen/" + os.path.basename(x)
        with open(x, encoding="utf-8") as f:
            out.append((ident, f.read()))
    return out


def main():
    ap = differential_args(__doc__, 2 * (os.cpu_count() or 2))
    ap.add_argument("--per-input", type=int, default=int(os.environ.get("PER_INPUT", "13")))
    ap.add_argument("--keep", help="folder to keep the failing variants in")
    ap.add_argument("--show-disagree", action="store_true",
                    help="list the variants only one tool rejects")
    args = ap.parse_args()
    if not checked_tool(args):
        return 2
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="sharc-diag.") as tmp:
        cases = []
        for ident, text in inputs(args, tmp):
            cases += [c for c in variants(ident, text, args.seed, args.per_input)
                      if args.filter in c[0]]
        passed, failed, disagree = [], 0, 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for verdict, ident, msg in pool.map(lambda nc: check(args, tmp, *nc),
                                                enumerate(cases)):
                if verdict == "pass":
                    passed.append(ident)
                elif verdict == "fail":
                    failed += 1
                    print(msg)
                else:
                    disagree += 1
                    if args.show_disagree:
                        print(msg)
    if disagree:
        print("(%d not checked: only one of the tools rejects them)" % disagree)
    print("%d passed, %d failed" % (len(passed), failed))
    return ratchet(passed, failed, args, "cases")

if __name__ == "__main__":
    sys.exit(main())
