#!/usr/bin/env python3
"""`sharc auto` against hand-written strategies (issue 32's acceptance).

On each of bench/gen_model.py's four models (mlp, transformer, conv, moe),
with weights large enough that replicating them does not fit:

  * the hand strategies data, tensor (Megatron) and data+tensor are
    estimated (`sharc auto --estimate`);
  * the memory limit is set between what data parallelism needs and what
    the best tensor-parallel strategy needs, so model parallelism is forced;
  * `sharc auto` (no user shardings, fixed seed) must fit the limit and come
    within 10 % of the best hand strategy that fits (never above by more);
  * its result must pass `sharc verify` (--verify).

And on a batch-heavy MLP without a limit it must choose data parallelism:
the batch dimension of the input sharded, every weight replicated.

    tests/auto/check_auto.py [TOOL_DIR]     # default build-asan/bin
"""

import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEN = os.path.join(ROOT, "bench", "gen_model.py")

# model -> generator arguments: weights dominate memory
CASES = {
    "mlp": ["--batch", "8", "--hidden", "128", "--layers", "2"],
    "transformer": ["--batch", "4", "--seq", "8", "--hidden", "128", "--heads", "4", "--layers", "1"],
    "conv": ["--batch", "4", "--size", "4", "--hidden", "128", "--layers", "2"],
    "moe": ["--batch", "4", "--seq", "8", "--hidden", "64", "--experts", "4", "--vocab", "64",
            "--layers", "1"],
}
SEED = "1"
BUDGET = os.environ.get("AUTO_BUDGET", "120")


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def generate(tmp, model, strategy, extra):
    path = os.path.join(tmp, "%s_%s.mlir" % (model, strategy.replace("+", "_")))
    subprocess.run([sys.executable, GEN, model, "--strategy", strategy, "-o", path] + extra, check=True)
    return path


def estimate(sharc, path, limit=None):
    cmd = [sharc, "auto", path, "--estimate", "--format", "json"]
    rc, out, err = run(cmd)
    if rc != 0:
        raise SystemExit("FAIL estimate %s: %s" % (path, err))
    return json.loads(out)["estimate"]


def check_model(sharc, tmp, model, extra):
    hands = {s: estimate(sharc, generate(tmp, model, s, extra)) for s in ("data", "tensor", "data+tensor")}
    data_peak = hands["data"]["peak_bytes"]
    tensor_peak = min(hands["tensor"]["peak_bytes"], hands["data+tensor"]["peak_bytes"])
    if not tensor_peak < data_peak:
        return "FAIL %s: the case does not force model parallelism (data %d, tensor %d bytes)" % (
            model, data_peak, tensor_peak)
    limit = (data_peak + tensor_peak) // 2
    fitting = {s: e for s, e in hands.items() if e["peak_bytes"] <= limit}
    best_name = min(fitting, key=lambda s: fitting[s]["step_seconds"])
    best = fitting[best_name]["step_seconds"]
    out_path = os.path.join(tmp, model + "_auto.mlir")
    rc, out, err = run([sharc, "auto", generate(tmp, model, "none", extra), "--memory-limit", str(limit),
                        "--seed", SEED, "--budget", BUDGET, "--format", "json", "--verify", "-o", out_path])
    if rc != 0:
        return "FAIL %s: sharc auto exited %d: %s" % (model, rc, err.strip()[:400])
    got = json.loads(out)
    step, peak = got["estimate"]["step_seconds"], got["estimate"]["peak_bytes"]
    line = "%s: limit %d B; auto %.4g s (peak %d B) vs best hand %s %.4g s: ratio %.3f" % (
        model, limit, step, peak, best_name, best, step / best)
    if peak > limit:
        return "FAIL " + line + " (over the limit)"
    if step > 1.10 * best:
        return "FAIL " + line + " (more than 10 % above the best hand strategy)"
    if got["stopped_by_budget"]:
        return "FAIL " + line + " (the budget cut the search: the answer is not the seed's)"
    return "ok   " + line


def check_batch_heavy(sharc, tmp):
    path = generate(tmp, "mlp", "none", ["--batch", "2048", "--hidden", "32", "--layers", "2"])
    rc, out, err = run([sharc, "auto", path, "--seed", SEED, "--budget", BUDGET, "--format", "json",
                        "--verify"])
    if rc != 0:
        return "FAIL batch-heavy mlp: sharc auto exited %d: %s" % (rc, err.strip()[:400])
    args = json.loads(out)["arguments"]
    x, weights = args[0], args[1:]
    batch_split = x["spec"].startswith("P('data'") or x["spec"].startswith("P(('data'")
    replicated = all("'" not in w["spec"] for w in weights)
    line = "batch-heavy mlp: x %s, weights %s" % (x["spec"], sorted(set(w["spec"] for w in weights)))
    return ("ok   " if batch_split and replicated else "FAIL ") + line


def main():
    tool_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build-asan", "bin")
    sharc = os.path.join(tool_dir, "sharc")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        results = [check_model(sharc, tmp, m, extra) for m, extra in CASES.items()]
        results.append(check_batch_heavy(sharc, tmp))
    for r in results:
        print(r)
        failed += r.startswith("FAIL")
    print("check_auto: %d of %d pass" % (len(results) - failed, len(results)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
