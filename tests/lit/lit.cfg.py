# lit configuration for sharc's own tests: tools come from the build given by
# --param sharc_bin=..., FileCheck and not from LLVM 22.
import os
import lit.formats

config.name = "sharc"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
bin_dir = lit_config.params.get("sharc_bin", os.path.join(config.test_source_root, "../../build/bin"))
llvm_bin = "/usr/lib/llvm-22/bin"
config.environment["PATH"] = os.pathsep.join([bin_dir, llvm_bin, config.environment.get("PATH", "")])
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
