// sharc pipeline on a two-stage program: the schedule's order per mesh,
// the transfers, memory and the simulated timeline, in each format.
// RUN: sharc pipeline %S/Inputs/pipeline_two.mlir --assign s0@m0/0,s1@m1/1 --microbatches 3 \
// RUN:   --schedule GPipe --link-latency 0 --link-bandwidth inf --fragment-overhead 1e-6 \
// RUN:   --device-flops 1e12 --memory-bandwidth 1e12 --width 40 --color never --svg %t.svg -o %t.mlir \
// RUN:   | FileCheck %s --check-prefix=GPIPE
// RUN: python3 -c "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); print(r.tag, len(r.findall('{http://www.w3.org/2000/svg}rect')))" %t.svg | FileCheck %s --check-prefix=SVG
// RUN: FileCheck %s --check-prefix=MODULE < %t.mlir
// RUN: sharc pipeline %S/Inputs/pipeline_two.mlir --assign s0@m0/0,s1@m1/1 --microbatches 3 \
// RUN:   --schedule 1f1b --link-latency 0 --link-bandwidth inf --color never | FileCheck %s --check-prefix=ONEFONEB
// RUN: sharc pipeline %S/Inputs/pipeline_two.mlir --assign s0@m0/0,s1@m1/1 --microbatches 3 \
// RUN:   --format json | python3 %S/Inputs/pipeline_json_check.py | FileCheck %s --check-prefix=JSON
// RUN: sharc pipeline %S/Inputs/pipeline_two.mlir --assign s0@m0/0,s1@m1/1 --microbatches 3 \
// RUN:   --compare | FileCheck %s --check-prefix=COMPARE
// RUN: sharc pipeline %S/Inputs/pipeline_two.mlir --assign s0@m0/0,s1@m1/1 --microbatches 3 \
// RUN:   --compare --format json | python3 -m json.tool | FileCheck %s --check-prefix=COMPAREJSON
// An imported module (what -mpmd-import-pipeline prints) is scheduled as it is.
// RUN: mpmd_opt %S/Inputs/pipeline_two.mlir -mpmd-import-pipeline='name-to-mesh-assignment=s0@m0/0,s1@m1/1' -o %t.imported.mlir
// RUN: sharc pipeline %t.imported.mlir --color never | FileCheck %s --check-prefix=IMPORTED

// GPIPE: schedule GPipe: 2 meshes, 3 microbatches, 2 stages, 12 fragments, 6 transfers
// GPIPE: bubble 25.0% over all meshes
// GPIPE: mesh        devices  fragments  busy
// GPIPE-NEXT: m0          2        6          {{.*}} 25.0%   {{.*}} 3
// GPIPE-NEXT: m1          2        6          {{.*}} 25.0%   {{.*}} 3
// GPIPE: m0   |000011111222222.........aaaaabbbbbcccccc|
// GPIPE-NEXT: m1   |....000001111122222aaaaabbbbbcccccc.....|
// GPIPE: m0: fragments in order
// GPIPE-NEXT: 0  s0                   stage 0   mb 0    forward
// GPIPE-NEXT: 1  s0                   stage 0   mb 1    forward
// GPIPE-NEXT: 2  s0                   stage 0   mb 2    forward
// GPIPE-NEXT: 3  s0(1)                stage 0   mb 0    backward
// GPIPE-NEXT: 4  s0(1)                stage 0   mb 1    backward
// GPIPE-NEXT: 5  s0(1)                stage 0   mb 2    backward
// GPIPE: transfers
// GPIPE-NEXT: m0 -> m1                   3 transfers, 1.5 KiB (1.5 KiB per device)
// GPIPE-NEXT: m1 -> m0                   3 transfers, 1.5 KiB (1.5 KiB per device)

// SVG: {http://www.w3.org/2000/svg}svg 13

// MODULE: func.func public @main
// MODULE: mpmd.fragment<mesh="m0", origin=["s0"], stage=0>

// ONEFONEB: schedule 1F1B:
// ONEFONEB: m1: fragments in order
// ONEFONEB-NEXT: 0  s1                   stage 1   mb 0    forward
// ONEFONEB-NEXT: 1  s1(1)                stage 1   mb 0    backward
// ONEFONEB-NEXT: 2  s1                   stage 1   mb 1    forward
// ONEFONEB-NEXT: 3  s1(1)                stage 1   mb 1    backward

// JSON: makespan >= busy: ok
// JSON-NEXT: bubble = 1 - busy/makespan: ok
// JSON-NEXT: meshes m0 m1
// JSON-NEXT: fragments 6 6

// COMPARE: schedule                          makespan      bubble   peak/device  live microbatches
// COMPARE-NEXT: none
// COMPARE-NEXT: 1F1B
// COMPARE-NEXT: GPipe
// COMPARE-NEXT: Circular
// COMPARE: ParallelPipelinesWithWrapAround

// COMPAREJSON: "schedules": [
// COMPAREJSON: "schedule": "none",
// COMPAREJSON: "makespan":
// COMPAREJSON: "peak_bytes":

// IMPORTED: schedule 1F1B: 2 meshes, 1 microbatches, 2 stages, 4 fragments, 2 transfers
