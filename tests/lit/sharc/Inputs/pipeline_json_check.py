#!/usr/bin/env python3
"""Reads `sharc pipeline --format json` on stdin and prints what the lit
test checks: the figures agree with each other."""
import json
import sys

j = json.load(sys.stdin)
ms = j["makespan"]
meshes = j["meshes"]
print("makespan >= busy:", "ok" if all(m["busy"] <= ms * (1 + 1e-12) for m in meshes) else "FAIL")
ok = all(abs(m["bubble"] - (1 - m["busy"] / ms)) < 1e-9 for m in meshes)
print("bubble = 1 - busy/makespan:", "ok" if ok else "FAIL")
print("meshes", " ".join(m["name"] for m in meshes))
print("fragments", " ".join(str(len(m["fragments"])) for m in meshes))
