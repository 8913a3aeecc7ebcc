#!/usr/bin/env python3
"""Adversarial inputs for sdy_opt / mpmd_opt, one class of attack at a time.

Each class generates its inputs (sizes from --size), runs the tool and
checks the project rule for bad input: exit status 1 with a located error
(FILE:LINE:COL: error:), or success where MLIR succeeds, never a crash, a
sanitizer report, a partial output file, or time and memory that grow
faster than the input. Classes:

  overflow  sizes computed from the input that overflow int64 (mesh and
            topology products, sub-axes, element counts, shape math)
  depth     nesting past the limit, directly and through chains of aliases;
            rejecting it must cost memory for the limit, not the input
  output    -o naming the input, failing runs, signals: no partial file
  inputs    directories, missing files, FIFOs, pipes, /proc files
  linear    many failing split pieces, many expected-* lines, many near
            misses of the split marker: time must grow linearly
  cmdline   malformed command lines and pass options: exit 1, MLIR's text
  limits    MLIR's limits: dimensions up to INT64_MAX, NUL in strings

  tests/stress/stress.py --tool build-asan/bin/sdy_opt            # small
  tests/stress/stress.py --tool build/bin/sdy_opt --size large   # make stress

Prints one line per case (time, peak memory) and "N passed, N failed".
"""
import argparse
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

INT64_MAX = 2**63 - 1
LOCATED = re.compile(rb"^[^\n:]+:\d+:\d+: error: ", re.M)
SANITIZER = re.compile(rb"runtime error:|AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer")


class Result:
    def __init__(self, rc, out, err, seconds, peak_mb):
        self.rc, self.out, self.err, self.seconds, self.peak_mb = rc, out, err, seconds, peak_mb


GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def run(argv, stdin=None, timeout=600):
    """Runs argv; its exit status, output, wall time and peak RSS.

    A child's ru_maxrss counts what it had before exec: a fork of this
    (large) Python process. So the peak comes from GNU time, which forks the
    tool from its own small image; without it, from wait4 (an upper bound)."""
    t0 = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as rss:
        if GNU_TIME:
            argv = [GNU_TIME, "-f", "%M", "-o", rss.name] + argv
        p = subprocess.Popen(argv, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                             stdout=out, stderr=err)
        if stdin is not None:
            try:
                p.stdin.write(stdin)
            except BrokenPipeError:
                pass
            p.stdin.close()
        deadline = t0 + timeout
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                p.kill()
                pid, status, usage = os.wait4(p.pid, 0)
                break
            time.sleep(0.002)
        rc = os.waitstatus_to_exitcode(status)
        seconds = time.monotonic() - t0
        peak_kb = usage.ru_maxrss
        if GNU_TIME:
            lines = rss.read().split("\n")
            killed = [l for l in lines if l.startswith("Command terminated by signal")]
            if killed:
                rc = -int(killed[0].split()[-1])
            nums = [l for l in lines if l.strip().isdigit()]
            if nums:
                peak_kb = int(nums[-1])
        out.seek(0)
        err.seek(0)
        return Result(rc, out.read(), err.read(), seconds, peak_kb / 1024.0)


class Suite:
    def __init__(self, args):
        self.args = args
        self.sdy = os.path.abspath(args.tool)
        self.mpmd = os.path.join(os.path.dirname(self.sdy), "mpmd_opt")
        self.large = args.size == "large"
        self.tmp = tempfile.mkdtemp(prefix="sharc-stress-")
        self.passed = self.failed = 0
        self.rows = []

    def path(self, name):
        return os.path.join(self.tmp, name)

    def write(self, name, data):
        p = self.path(name)
        with open(p, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
        return p

    def report(self, cls, case, ok, res=None, why="", size=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        t = "%8.2fs %8.1fMB" % (res.seconds, res.peak_mb) if res else " " * 19
        line = "%-4s %-9s %-44s %10s %s" % ("ok" if ok else "FAIL", cls, case, size, t)
        print(line + ("  " + why if why else ""), flush=True)
        if not ok and res is not None:
            sys.stdout.write("     stderr: %s\n" % res.err[:600].decode("utf-8", "replace"))
        self.rows.append((cls, case, size, res.seconds if res else 0, res.peak_mb if res else 0, ok))

    def check(self, cls, case, res, rc=None, err_re=None, out_re=None, located=False,
              max_mb=None, size=""):
        why = []
        if SANITIZER.search(res.err):
            why.append("sanitizer report")
        if rc is not None and res.rc != rc:
            why.append("exit %d, want %d" % (res.rc, rc))
        if located and not LOCATED.search(res.err):
            why.append("no located error")
        if err_re is not None and not re.search(err_re, res.err, re.M):
            why.append("stderr lacks %r" % err_re)
        if out_re is not None and not re.search(out_re, res.out, re.M):
            why.append("stdout lacks %r" % out_re)
        if max_mb is not None and self.large and res.peak_mb > max_mb:
            why.append("peak %.0f MB over %.0f MB" % (res.peak_mb, max_mb))
        self.report(cls, case, not why, res, "; ".join(why), size)
        return not why

    # ---- overflow -----------------------------------------------------------------
    def overflow(self):
        rnd = random.Random(18)
        pieces = []  # (tool, text, expected message)
        # Meshes: sizes whose product passes INT64_MAX, in varied shapes.
        for _ in range(6):
            k = rnd.randint(2, 5)
            bits = [rnd.randint(1, 40) for _ in range(k)]
            while sum(bits) < 64:
                bits[rnd.randrange(k)] += 1
            sizes = [2**b + rnd.randint(0, 3) for b in bits]
            axes = ", ".join('"a%d"=%d' % (i, s) for i, s in enumerate(sizes))
            ids = ", device_ids=[%s]" % ", ".join(str(i) for i in range(rnd.randint(1, 4)))
            pieces.append(("sdy", "sdy.mesh @m = <[%s]%s>" % (axes, ids if rnd.random() < .5 else ""),
                           b"total product of axis sizes overflows int64"))
            pieces.append(("mpmd", 'func.func @f() attributes {topology = #mpmd.topology<<"m" : <[%s]>>>} {\n  return\n}' % axes,
                           b"total product of axis sizes overflows int64"))
        # Sub-axes whose pre-size times size passes INT64_MAX (it would wrap to
        # something dividing the axis).
        for pre, size in [(2**32, 2**32), (3, 2**62), (2**62, 2), (INT64_MAX, INT64_MAX), (2**40 + 1, 2**24)]:
            pieces.append(("sdy", 'sdy.mesh @m = <["x"=8, "y"=2]>\nfunc.func @f(%%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {\n'
                           '  %%0 = sdy.sharding_constraint %%arg0 <@m, [{}, {"x":(%d)%d}]> : tensor<8x8xf32>\n'
                           '  return %%0 : tensor<8x8xf32>\n}' % (pre, size), b"overflows int64"))
        # Element counts in dense literals, splat, hex and empty.
        for dims in ([2**32] * 3, [2**21] * 3 + [4], [INT64_MAX, 2], [3037000500, 3037000500]):
            t = "x".join(str(d) for d in dims)
            for lit in ("dense<1>", 'dense<"0x01000000">', "dense<[1]>"):
                pieces.append(("sdy", "func.func @f() {\n  %%0 = stablehlo.constant %s : tensor<%sxi32>\n  return\n}" % (lit, t),
                               b"integer overflow in element count computation"))
        # Shape math in the StableHLO verifiers.
        pieces.append(("sdy", "func.func @f(%arg0: tensor<4294967296x4294967296x2xf32>) -> tensor<2xf32> {\n"
                       "  %0 = stablehlo.reshape %arg0 : (tensor<4294967296x4294967296x2xf32>) -> tensor<2xf32>\n"
                       "  return %0 : tensor<2xf32>\n}", b"integer overflow in element count computation"))
        for lo, hi, mid in ((INT64_MAX, 1, 0), (1, INT64_MAX - 2, 0), (0, 0, 2**62), (-5, INT64_MAX, 1)):
            pieces.append(("sdy", "func.func @f(%%arg0: tensor<8xf32>, %%arg1: tensor<f32>) -> tensor<8xf32> {\n"
                           "  %%0 = stablehlo.pad %%arg0, %%arg1, low = [%d], high = [%d], interior = [%d] : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>\n"
                           "  return %%0 : tensor<8xf32>\n}" % (lo, hi, mid), b"Padding result in size overflowing int64"))
        pieces.append(("sdy", "func.func @f(%arg0: tensor<9223372036854775807xi8>) -> tensor<9223372036854775807xi16> {\n"
                       "  %0 = stablehlo.bitcast_convert %arg0 : (tensor<9223372036854775807xi8>) -> tensor<9223372036854775807xi16>\n"
                       "  return %0 : tensor<9223372036854775807xi16>\n}", None))
        for i, (tool, text, msg) in enumerate(pieces):
            p = self.write("overflow%d.mlir" % i, text + "\n")
            res = run([self.sdy if tool == "sdy" else self.mpmd, p])
            self.check("overflow", "%s piece %d" % (tool, i), res, rc=1, located=True,
                       err_re=re.escape(msg) if msg else None)
        # Many of them in one file, each piece failing on its own.
        n = 20000 if self.large else 200
        text = "\n// -----\n".join(pieces[i % len(pieces)][1] for i in range(n) if pieces[i % len(pieces)][0] == "sdy")
        p = self.write("overflow_many.mlir", text)
        res = run([self.sdy, "-split-input-file", p])
        self.check("overflow", "many failing overflow pieces", res, rc=1, located=True,
                   size="%d" % n, max_mb=256)

    # ---- depth ------------------------------------------------------------------------
    def depth(self):
        sizes = [100000, 1000000] if self.large else [3000]
        for n in sizes:
            kinds = {
                "attr array aliases": ['#a0 = [1]'] + ['#a%d = [#a%d]' % (i, i - 1) for i in range(1, n)]
                + ['"t.op"() {k = #a%d} : () -> ()' % (n - 1)],
                "dict aliases": ['#d0 = {k = 1}'] + ['#d%d = {k = #d%d}' % (i, i - 1) for i in range(1, n)],
                "tuple aliases": ['!t0 = i32'] + ['!t%d = tuple<!t%d>' % (i, i - 1) for i in range(1, n)]
                + ['"t.op"() : () -> !t%d' % (n - 1)],
                "function type aliases": ['!f0 = i32'] + ['!f%d = (!f%d) -> ()' % (i, i - 1) for i in range(1, n)],
                "encoding/type-attr aliases": ['!e0 = i32'] + [
                    line for i in range(1, n)
                    for line in ('#e%d = !e%d' % (i, i - 1), '!e%d = tensor<2xf32, #e%d>' % (i, i))],
                "location aliases": ['#l0 = loc("f":1:1)'] + ['#l%d = loc(callsite(#l%d at "g":1:1))' % (i, i - 1) for i in range(1, n)]
                + ['"t.op"() : () -> () loc(#l%d)' % (n - 1)],
            }
            for kind, lines in kinds.items():
                p = self.write("depth.mlir", "\n".join(lines) + "\n")
                res = run([self.sdy, "--allow-unregistered-dialect", p])
                self.check("depth", kind, res, rc=1, located=True,
                           err_re=rb"nesting is too deep", max_mb=64, size="%d" % n)
            size_mb = 0
            for kind, text in {
                "tensor< nested": '"t.op"() : () -> ' + "tensor<" * n + "f32" + ">" * n,
                "[ nested": '"t.op"() {k = ' + "[" * n + "]" * n + "} : () -> ()",
                "( nested function types": '"t.op"() : () -> ' + "(" * n + ")" * n,
                "{ nested dictionaries": '"t.op"() {k = ' + "{a = " * n + "1" + "}" * n + "} : () -> ()",
                "regions nested": '"t.op"() ({' * n + "})  : () -> ()" * n,
                "affine expression nested": '"t.op"() {m = affine_map<(d0) -> (' + "(" * n + "d0" + ")" * n + ")>} : () -> ()",
                "dense literal nested": '"t.op"() {k = dense<' + "[" * n + "1" + "]" * n + "> : tensor<1xi32>} : () -> ()",
            }.items():
                p = self.write("deep.mlir", text + "\n")
                size_mb = len(text) / 1e6
                res = run([self.sdy, "--allow-unregistered-dialect", p])
                # memory for the limit, not the input: the input's own pages
                # (mapped, and scanned once for lines) plus a constant
                self.check("depth", kind, res, rc=1, located=True, max_mb=48 + 2 * size_mb,
                           size="%d" % n)
        # Just inside the limit: accepted and printed, not a stack overflow.
        chain = ['#a0 = [1]'] + ['#a%d = [#a%d]' % (i, i - 1) for i in range(1, 450)] + ['"t.op"() {k = #a449} : () -> ()']
        res = run([self.sdy, "--allow-unregistered-dialect", self.write("chain_ok.mlir", "\n".join(chain) + "\n")])
        self.check("depth", "alias chain within the limit prints", res, rc=0, out_re=rb"\[{449}1\]{449}")
        res = run([self.sdy, "--allow-unregistered-dialect",
                   self.write("regions_ok.mlir", '"t.op"() ({' * 990 + "}) : () -> ()" * 990 + "\n")])
        self.check("depth", "990 nested regions print", res, rc=0)
        res = run([self.sdy, "--allow-unregistered-dialect", "--mlir-print-op-generic",
                   self.write("types_ok.mlir", '"t.op"() : () -> ' + "tuple<" * 990 + "i1" + ">" * 990 + "\n")])
        self.check("depth", "990 nested tuple types print", res, rc=0)

    # ---- output -----------------------------------------------------------------------
    def leftovers(self, d):
        return [f for f in os.listdir(d) if ".tmp" in f]

    @staticmethod
    def content(path):
        try:
            with open(path) as f:
                return f.read()
        except OSError:
            return None

    def output(self):
        d = self.path("out")
        os.makedirs(d, exist_ok=True)
        n = 40000 if self.large else 400
        good = "\n// -----\n".join('func.func @f%d(%%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %%a : tensor<4xf32>\n}' % i for i in range(n))
        inp = os.path.join(d, "in.mlir")
        with open(inp, "w") as f:
            f.write(good + "\n")
        res = run([self.sdy, "-split-input-file", inp, "-o", inp])
        data = (self.content(inp) or "").encode()
        self.check("output", "-o naming the mapped input", res, rc=0, size="%d" % n)
        if data.count(b"func.func @f") != n or self.leftovers(d):
            with open(inp, "w") as f:
                f.write(good + "\n")
            self.report("output", "-o input: complete result", False, why="result truncated or temp left")
        # A failure in the last piece: an existing target stays as it was.
        bad = good + "\n// -----\nfunc.func @bad() {\n  %0 = \n}\n"
        src = os.path.join(d, "bad.mlir")
        with open(src, "w") as f:
            f.write(bad)
        target = os.path.join(d, "target.mlir")
        with open(target, "w") as f:
            f.write("OLD\n")
        res = run([self.sdy, "-split-input-file", src, "-o", target])
        ok = self.content(target) == "OLD\n" and not self.leftovers(d)
        self.check("output", "failing last piece keeps the target", res, rc=1, located=True)
        if not ok:
            self.report("output", "failing run: target and temp", False, why="target changed or temp left")
        if os.path.exists(target):
            os.remove(target)
        res = run([self.sdy, "-split-input-file", src, "-o", target])
        self.check("output", "failing run creates nothing", res, rc=1)
        if os.path.exists(target) or self.leftovers(d):
            self.report("output", "failing run: no file", False, why="file or temp left")
        # Signals mid-write: the target is untouched, the temp file removed.
        big = os.path.join(d, "big.mlir")
        with open(big, "w") as f:
            f.write("\n// -----\n".join(good for _ in range(10 if self.large else 40)))
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGSEGV, signal.SIGABRT, signal.SIGBUS):
            with open(target, "w") as f:
                f.write("OLD\n")
            # the signal must not be ignored, as a background job ignores SIGINT
            # and nohup SIGHUP, for this test
            p = subprocess.Popen([self.sdy, "-split-input-file", big, "-o", target],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 preexec_fn=lambda s=sig: signal.signal(s, signal.SIG_DFL))
            started = False
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and p.poll() is None:
                tmps = self.leftovers(d)
                if tmps and os.path.getsize(os.path.join(d, tmps[0])) > 0:
                    started = True
                    break
                time.sleep(0.01)
            if started:
                p.send_signal(sig)
            p.wait()
            # killed by the signal (or, under a sanitizer, by its abort)
            got = self.content(target)
            ok = started and p.returncode < 0 and got == "OLD\n" and not self.leftovers(d)
            why = "" if ok else ("finished before the signal" if not started else
                                 "exit %d, target %r, temps %r" % (p.returncode, (got or "")[:20], self.leftovers(d)))
            for f in self.leftovers(d):
                os.remove(os.path.join(d, f))
            self.report("output", "signal %s mid-write" % signal.Signals(sig).name, ok, why=why)
        res = run([self.sdy, inp, "-o", os.path.join(d, "missing-dir", "x.mlir")])
        self.check("output", "output in a missing directory", res, rc=1,
                   err_re=rb"^cannot open output file '.*missing-dir/x.mlir': No such file or directory")

    # ---- inputs -----------------------------------------------------------------------
    def inputs(self):
        d = self.path("indir")
        os.makedirs(d, exist_ok=True)
        res = run([self.sdy, d])
        self.check("inputs", "a directory", res, rc=1,
                   err_re=rb"^cannot open input file '.*indir': Is a directory$")
        res = run([self.sdy, os.path.join(d, "nope.mlir")])
        self.check("inputs", "a missing file", res, rc=1,
                   err_re=rb"^cannot open input file '.*nope.mlir': No such file or directory$")
        res = run([self.sdy, "/proc/self/status"])
        self.check("inputs", "/proc/self/status (size 0)", res, rc=1,
                   err_re=rb"^/proc/self/status:1:1: error: custom op 'Name' is unknown")
        text = b"func.func @f() {\n  return\n}\n"
        res = run([self.sdy, "-"], stdin=text * 1)
        self.check("inputs", "stdin pipe", res, rc=0, out_re=rb"func.func @f")
        fifo = os.path.join(d, "fifo")
        if os.path.exists(fifo):
            os.remove(fifo)
        os.mkfifo(fifo)
        writer = subprocess.Popen(["sh", "-c", 'printf "func.func @g() {\\n  return\\n}\\n" > "$1"', "sh", fifo])
        res = run([self.sdy, fifo])
        writer.wait()
        self.check("inputs", "a FIFO", res, rc=0, out_re=rb"func.func @g")
        # exactly one page: no byte past the end to serve as the terminator
        page = os.sysconf("SC_PAGE_SIZE")
        body = b"func.func @h() {\n  return\n}\n"
        res = run([self.sdy, self.write("page.mlir", body + b" " * (page - len(body) - 1) + b"}")])
        self.check("inputs", "a file of exactly one page", res, rc=1, located=True)
        res = run([self.sdy, self.write("empty.mlir", b"")])
        self.check("inputs", "an empty file", res, rc=0, out_re=rb"^module \{")

    # ---- linear -----------------------------------------------------------------------
    def linear(self):
        base = 20000 if self.large else 300
        gens = {
            "failing split pieces": lambda n: "\n// -----\n".join(
                'func.func @f%d() {\n  %%0 = "foo.bar"() : () -> i32\n  return\n}' % i for i in range(n)),
            "expected-error lines, matched": lambda n: "\n// -----\n".join(
                "// expected-error@+1 {{custom op}}\n%%x%d = foo.bar : i32" % i for i in range(n)),
            "expected-error lines, unmatched": lambda n: "".join(
                "// expected-error@+1 {{never}}\n" for _ in range(n)) + "func.func @f() {\n  return\n}\n",
            "expected-* lines on one op": lambda n: "func.func @f() {\n  %0 = \"foo.bar\"() : () -> i32\n" + "".join(
                "  // expected-remark@-%d {{r%d}}\n" % (i + 1, i) for i in range(n)) + "  return\n}\n",
            "near misses of the split marker": lambda n: "func.func @f() {\n  return\n}\n" + "// ----\n" * n,
            # every piece's error located at the file's last line: finding
            # that line's text must not scan the file each time
            "errors at one far line": lambda n: "\n// -----\n".join(
                '"func.return"() : () -> () loc("%s":%d:1)' % (self.path("linear.mlir"), n * 2 - 1)
                for _ in range(n)),
        }
        for name, gen in gens.items():
            times = []
            for n in (base, 2 * base):
                p = self.write("linear.mlir", gen(n))
                flags = ["-split-input-file"] + (["-verify-diagnostics"] if "expected" in name else [])
                res = run([self.sdy, "--allow-unregistered-dialect"] + flags + [p])
                if self.large:  # the faster of two runs: less noise in the ratio
                    again = run([self.sdy, "--allow-unregistered-dialect"] + flags + [p])
                    res = again if again.seconds < res.seconds else res
                times.append(res.seconds)
                self.check("linear", name, res, size="%d" % n, max_mb=512)
            ratio = times[1] / max(times[0], 1e-3)
            # doubling the input doubles the time; quadratic would quadruple it
            ok = not self.large or ratio < 3.0 or times[1] < 0.5
            self.report("linear", name + " (time x%.1f for 2x)" % ratio, ok,
                        why="" if ok else "superlinear")

        self.branching_blocks()
        self.ops_on_one_line()

    def ops_on_one_line(self):
        """A module printed on one line: the parser's function type cache
        once measured the rest of the line for every generic op's type (its
        key's length), n^2 on one line. Sizes fixed in both modes: linear,
        2n ops take under a second even under ASan; quadratic, seconds."""
        def text(n):
            op = '%%%d = "x.op"(%%a, %%a) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>'
            ops = " ".join(op % i for i in range(n))
            return "func.func @f(%a: tensor<4x8xf32>) { " + ops + " return }\n"
        times = []
        for n in (40000, 80000):
            src = self.write("one_line.mlir", text(n))
            cmd = [self.sdy, "--allow-unregistered-dialect", src, "-o", self.path("one_line.out")]
            res = run(cmd)
            again = run(cmd)  # the faster of two runs: less noise in the ratio
            res = again if again.seconds < res.seconds else res
            times.append(res.seconds)
            self.check("linear", "generic ops on one line", res, rc=0, size="%d" % n, max_mb=1024)
        ratio = times[1] / max(times[0], 1e-3)
        ok = ratio < 3.0 or times[1] < 2.0
        self.report("linear", "generic ops on one line (time x%.1f for 2x)" % ratio, ok,
                    why="" if ok else "superlinear")

    def branching_blocks(self):
        """A region of n blocks, each branching to the last: the printer's
        predecessor comments and the bytecode reader's successor indices
        once cost n^2 (a region scan per block, a block-list walk per
        successor). Sizes fixed in both modes: linear, 2n blocks take well
        under a second even under ASan; quadratic, seconds."""
        def text(n):
            lines = ['func.func @f() {', '  "test.br"()[^bb%d] : () -> ()' % (n - 1)]
            for i in range(1, n):
                lines.append("^bb%d:" % i)
                lines.append('  "test.br"()[^bb%d] : () -> ()' % (n - 1) if i < n - 1 else "  return")
            return "\n".join(lines + ["}", ""])
        for form in ("text", "bytecode"):
            times = []
            for n in (20000, 40000):
                src = self.write("blocks.mlir", text(n))
                if form == "bytecode":
                    bc = self.path("blocks.mlirbc")
                    made = run([self.sdy, "--allow-unregistered-dialect", src, "-emit-bytecode", "-o", bc])
                    self.check("linear", "branching blocks, bytecode written", made, rc=0, size="%d" % n)
                    src = bc
                res = run([self.sdy, "--allow-unregistered-dialect", src, "-o", self.path("blocks.out")])
                times.append(res.seconds)
                self.check("linear", "branching blocks, %s read and printed" % form, res, rc=0,
                           size="%d" % n, max_mb=512)
            ratio = times[1] / max(times[0], 1e-3)
            ok = ratio < 3.0 or times[1] < 2.0
            self.report("linear", "branching blocks, %s (time x%.1f for 2x)" % (form, ratio), ok,
                        why="" if ok else "superlinear")

    # ---- cmdline ----------------------------------------------------------------------
    def cmdline(self):
        ok_file = self.write("ok.mlir", "module {}\n")
        T = "sdy_opt"
        cases = [
            ([ok_file, "-o", ok_file, ok_file], T + ": Too many positional arguments specified!"),
            (["-split-input-file", ok_file, "--", ok_file], T + ": Too many positional arguments specified!"),
            ([ok_file, "-mlir-timing", "-o"], T + ": for the -o option: requires a value!"),
            ([ok_file, "-p"], T + ": for the -p option: requires a value!"),
            ([ok_file, "--output-split-marker"], T + ": for the --output-split-marker option: requires a value!"),
            ([ok_file, "--mlir-diagnostic-verbosity-level"], T + ": for the --mlir-diagnostic-verbosity-level option: requires a value!"),
            ([ok_file, "-pbuiltin.module()"], T + ": for the -p option: may not occur within a group!"),
            ([ok_file, "--split-input-file", "--verify-each=no"], T + ": for the --verify-each option: 'no' is invalid value for boolean argument! Try 0 or 1"),
            ([ok_file, "--mlir-print-debuginfo=on"], T + ": for the --mlir-print-debuginfo option: 'on' is invalid value for boolean argument! Try 0 or 1"),
            ([ok_file, "-h=1"], T + ": for the -h option: does not allow a value! '1' specified."),
            ([ok_file, "--verify-diagnostics=ALL"], T + ": for the --verify-diagnostics option: Cannot find option named 'ALL'!"),
            ([ok_file, "--no-such-flag=1"], T + ": Unknown command line argument '--no-such-flag=1'.  Try: '" + T + " --help'"),
            ([ok_file, "-canonicalize=max-iterations=0x"], T + ": for the --max-iterations option: '0x' value invalid for long argument!"),
            ([ok_file, "-canonicalize=max-iterations=9223372036854775808"], T + ": for the --max-iterations option: '9223372036854775808' value invalid for long argument!"),
            ([ok_file, "-canonicalize=max-num-rewrites=1.5"], T + ": for the --max-num-rewrites option: '1.5' value invalid for long argument!"),
            ([ok_file, "-canonicalize=region-simplify=sometimes"], T + ": for the --region-simplify option: Cannot find option named 'sometimes'!"),
            ([ok_file, "-canonicalize=test-convergence=2"], T + ": for the --test-convergence option: '2' is invalid value for boolean argument! Try 0 or 1"),
            ([ok_file, "-canonicalize=no-such-option=1"], "<unknown>:0: error: <Pass-Options-Parser>: no such option no-such-option"),
            ([ok_file, "-pass-pipeline=builtin.module(canonicalize{max-iterations=1)"], "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:13: error: missing closing '}' while processing pass options"),
            ([ok_file, "-pass-pipeline=builtin.module(canonicalize,)))"], "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:14: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline"),
            ([ok_file, "-pass-pipeline=builtin.module(canonicalize"], "<unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'"),
            ([ok_file, "-pass-pipeline=canonicalize"], "<unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'"),
            ([ok_file, "-canonicalize", "-pass-pipeline=builtin.module()"], "<unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options"),
        ]
        for argv, first in cases:
            res = run([self.sdy] + argv)
            lines = res.err.decode("utf-8", "replace").splitlines()
            ok = res.rc == 1 and lines and lines[0] == first and not SANITIZER.search(res.err)
            self.report("cmdline", " ".join(os.path.basename(a) for a in argv)[:44], ok, res,
                        "" if ok else "exit %d, first line %r" % (res.rc, lines[0] if lines else ""))

    # ---- limits -----------------------------------------------------------------------
    def limits(self):
        text = ('"t.op"() : () -> (tensor<9223372036854775807xi1>, tensor<1x9223372036854775807xi1>, '
                'vector<[9223372036854775807]xi1>, memref<?x9223372036854775807xi1>)\n')
        res = run([self.sdy, "--allow-unregistered-dialect", self.write("dims.mlir", text)])
        self.check("limits", "dimensions of INT64_MAX", res, rc=0, out_re=rb"tensor<1x9223372036854775807xi1>")
        res = run([self.sdy, "--allow-unregistered-dialect",
                   self.write("dims2.mlir", '"t.op"() : () -> tensor<2x9223372036854775808xi1>\n')])
        self.check("limits", "a dimension past INT64_MAX", res, rc=1, located=True, err_re=rb"invalid dimension")
        res = run([self.sdy, "--allow-unregistered-dialect",
                   self.write("nul.mlir", b'"t.op"() {s = "\x00a\x00", t = ["\x00"]} : () -> ()\n')])
        self.check("limits", "NUL bytes in strings", res, rc=0, out_re=rb'\{s = "\\00a\\00", t = \["\\00"\]\}')

    def run_all(self):
        classes = self.args.classes or ["overflow", "depth", "output", "inputs", "linear", "cmdline", "limits"]
        try:
            for c in classes:
                getattr(self, c)()
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)
        print("%d passed, %d failed" % (self.passed, self.failed))
        return self.failed == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", default="build/bin/sdy_opt")
    ap.add_argument("--size", choices=["small", "large"], default="small")
    ap.add_argument("classes", nargs="*")
    args = ap.parse_args()
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # signal tests must not dump cores
    sys.exit(0 if Suite(args).run_all() else 1)


if __name__ == "__main__":
    main()
