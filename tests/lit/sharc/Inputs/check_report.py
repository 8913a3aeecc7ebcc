#!/usr/bin/env python3
"""Reads a `sharc propagate` report back (json or csv) and checks it.

    check_report.py json FILE     parses the JSON, checks its shape and that
                                  per-device bytes are shard shape x element
                                  size, and prints `key=value` facts for
                                  FileCheck
    check_report.py csv FILE      the same for the CSV
"""
import csv
import json
import math
import sys


def shard_bytes(shape, bits):
    n = math.prod(shape) if shape else 1
    return (n * bits + 7) // 8


def check_value(v):
    assert v["kind"] in ("argument", "result", "op_result", "block_argument"), v
    if v["element_bits"]:
        assert len(v["shape"]) == len(v["shard_shape"]), v
        assert v["bytes_per_device"] == shard_bytes(v["shard_shape"], v["element_bits"]), v
        assert v["bytes"] == shard_bytes(v["shape"], v["element_bits"]), v
        for full, shard in zip(v["shape"], v["shard_shape"]):
            assert shard <= full, v
    assert v["sharding"].startswith("P(") or v["sharding"] == "-", v


def main():
    mode, path = sys.argv[1], sys.argv[2]
    with open(path, newline="") as f:
        if mode == "json":
            report = json.load(f)
            values = [v for fn in report["functions"] for v in fn["values"]]
            for v in values:
                check_value(v)
            s = report["summary"]
            print("functions=%s" % ",".join(fn["name"] for fn in report["functions"]))
            print("values=%d listed=%d devices=%d" % (s["values"], len(values), s["devices"]))
            for v in values:
                print("value %s %s %s shard=%s bytes=%d" % (v["value"], v["name"] or "-",
                                                            v["sharding"], "x".join(map(str, v["shard_shape"])),
                                                            v["bytes_per_device"]))
            for c in report["collectives"]:
                print("collective %s %s axes=%s moved=%s" % (c["value"], c["kind"], c["axes"],
                                                             c["bytes_moved_per_device"]))
            a = s["arguments"]
            print("arguments peak=%d all=%d unsharded=%d" % (a["bytes_per_device_peak"],
                                                             a["bytes_all_devices"], a["bytes_unsharded"]))
            print("moved=%d" % s["bytes_moved_per_device"])
        else:
            rows = list(csv.DictReader(f))
            assert rows, "no rows"
            for r in rows:
                assert r["record"] in ("value", "collective", "total"), r
            print("rows=%d" % len(rows))
            for r in rows:
                if r["record"] == "value":
                    print("value %s %s bytes=%s" % (r["value"], r["sharding"], r["bytes_per_device"]))
                elif r["record"] == "collective":
                    print("collective %s %s moved=%s" % (r["value"], r["kind"], r["bytes_moved"]))
                else:
                    print("total %s %s %s" % (r["name"], r["bytes_per_device"], r["bytes_moved"]))


if __name__ == "__main__":
    main()
