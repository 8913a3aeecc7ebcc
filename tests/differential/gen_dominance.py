#!/usr/bin/env python3
"""Generate random functions of several blocks whose operands may break
dominance, to compare the verifier's dominance checks with mlir-opt-22's.

Usage:
    gen_dominance.py --seed S --count N --out DIR

Writes DIR/dom_<seed>_<i>.mlir. Each module holds a func.func (and some
unregistered ops with regions, single- and multi-block, nested) whose
blocks branch to one another through unregistered terminators with random
successors, so that some blocks are unreachable, and whose ops take random
operands from anywhere in the function: a value defined later in the same
block, in a block that does not dominate, in a nested region, or in an
unreachable block. Most modules are invalid; the point is that sharc's
first error (its text and location) and exit status are mlir-opt's.
Python 3 standard library only.
"""

import argparse
import os
import random


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.counter = 0
        self.lines = []
        # every value name made so far, the ones a random operand picks from
        self.values = []
        self.pending = 0

    def fresh(self):
        self.counter += 1
        return "%%v%d" % self.counter

    def operand(self):
        """Mostly a value written before (which may still not dominate),
        else a placeholder that module() fills with any value of the
        function, which may come later."""
        if self.rng.random() < 0.7:
            return self.rng.choice(self.values)
        self.pending += 1
        return "@@%d@@" % self.pending

    def emit(self, depth, text):
        self.lines.append("  " * depth + text)

    def op(self, depth):
        n = self.rng.randint(0, 2)
        ops = [self.operand() for _ in range(n)] if self.values else []
        r = self.fresh()
        loc = ' loc("o%d")' % self.counter
        if depth < 4 and self.rng.random() < 0.25:
            self.emit(depth, '%s = "x.reg"(%s) ({' % (r, ", ".join(ops)))
            self.region(depth + 1, self.rng.randint(1, 3))
            self.emit(depth, "}) : (%s) -> i32%s" % (", ".join(["i32"] * len(ops)), loc))
        else:
            self.emit(depth, '%s = "x.op"(%s) : (%s) -> i32%s'
                      % (r, ", ".join(ops), ", ".join(["i32"] * len(ops)), loc))
        self.values.append(r)

    def terminator(self, depth, block, nblocks):
        ops = [self.operand()] if self.values and self.rng.random() < 0.5 else []
        succ = []
        if nblocks > 1:
            for _ in range(self.rng.randint(0, 3)):
                # never the entry block (MLIR rejects a branch to it)
                succ.append("^bb%d" % self.rng.randint(1, nblocks - 1))
        s = "[%s]" % ", ".join(succ) if succ else ""
        self.emit(depth, '"x.br"(%s)%s : (%s) -> ()%s'
                  % (", ".join(ops), s, ", ".join(["i32"] * len(ops)),
                     ' loc("t%d_%d")' % (self.counter, block)))

    def region(self, depth, nblocks):
        for b in range(nblocks):
            if b or self.rng.random() < 0.3:
                args = []
                if b and self.rng.random() < 0.5:
                    a = self.fresh()
                    args.append(a + ": i32")
                    self.values.append(a)
                self.emit(depth - 1, "^bb%d%s:" % (b, "(%s)" % ", ".join(args) if args else ""))
            for _ in range(self.rng.randint(0, 3)):
                self.op(depth)
            self.terminator(depth, b, nblocks)

    def module(self):
        self.values = ["%arg0"]
        self.emit(0, "func.func @f(%arg0: i32) {")
        nblocks = self.rng.randint(2, 6)
        self.region(1, nblocks)
        self.emit(0, "}")
        text = "\n".join(self.lines) + "\n"
        for i in range(1, self.pending + 1):
            text = text.replace("@@%d@@" % i, self.rng.choice(self.values), 1)
        return text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--out", default=".")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for i in range(a.count):
        g = Gen(random.Random(a.seed * 100003 + i))
        with open(os.path.join(a.out, "dom_%d_%d.mlir" % (a.seed, i)), "w") as f:
            f.write(g.module())


if __name__ == "__main__":
    main()
