// The README's `sharc pipeline --compare` session is what the tool prints today.
// RUN: cd %S/../../.. && sharc pipeline examples/pipeline_4stage.mlir --assign stage0@m0/0,stage1@m1/1,stage2@m2/2,stage3@m3/3 --microbatches 8 --compare > %t.txt
// RUN: python3 %S/Inputs/readme_session.py %S/../../../README.md 'build/bin/sharc pipeline examples/pipeline_4stage.mlir --assign stage0@m0/0,stage1@m1/1,stage2@m2/2,stage3@m3/3 --microbatches 8 --compare' > %t.readme
// RUN: diff -u %t.readme %t.txt
