// sharc pipeline against pipeline theory and on random MPMD programs
// (tests/pipeline/gen_mpmd.py): with uniform stages and free transfers the
// GPipe and 1F1B bubbles are (p-1)/(m+p-1), 1F1B keeps at most p
// microbatches of activations per mesh and GPipe m, interleaving v stages
// per mesh gives (p-1)/(v*m+p-1); random programs of 2-8 meshes exit 0 with
// XML SVG and consistent JSON figures.
// RUN: python3 %S/../../pipeline/gen_mpmd.py theory --tool sharc | FileCheck %s --check-prefix=THEORY
// RUN: python3 %S/../../pipeline/gen_mpmd.py random --seeds 6 --seed 29 --tool sharc | FileCheck %s --check-prefix=RANDOM

// THEORY: p=4 m=8: bubble 0.2727 (GPipe, 1F1B)
// THEORY: Circular p=4 v=2 m=8: bubble 0.1579, theory 0.1579
// THEORY-NOT: FAIL
// THEORY: theory: ok
// RANDOM-NOT: FAIL
// RANDOM: random: 6/6 cases ok
