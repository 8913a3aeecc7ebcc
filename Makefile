# sharc: `make run` builds and runs the main job on a bundled example;
# `make test` builds with sanitizers and runs every test suite.
BUILD      ?= build
ASAN_BUILD ?= build-asan
LTO_BUILD  ?= build-lto
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
LLVM_BIN   ?= /usr/lib/llvm-22/bin
SHARED     ?= ../shared
CMAKE      ?= cmake
# A fresh tree is generated for Ninja where it is installed: Make's generator
# runs two cmake processes per object (progress, dependencies), ~8 % of a clean
# `make run`'s CPU time. A tree keeps the generator it was first configured with.
CMAKE_GENERATOR ?= $(if $(shell command -v ninja 2>/dev/null),Ninja,Unix Makefiles)
configure = $(CMAKE) -S . -B $(1) $(if $(wildcard $(1)/CMakeCache.txt),,-G "$(CMAKE_GENERATOR)") $(2) >/dev/null

.PHONY: all build build-lto build-asan run python test deps unit lit malformed stress stress-small differential \
        conformance bench fuzz fuzz-check fuzz-pass fuzz-report fuzz-interpret fuzz-bytecode fuzz-campaign install clean

all: build

build:
	@$(call configure,$(BUILD),-DCMAKE_BUILD_TYPE=Release)
	@$(CMAKE) --build $(BUILD) -j $(JOBS)

# release tools linked with link-time optimization: what `make bench` measures
# and `make install` installs (the everyday tree relinks in seconds without it)
build-lto:
	@$(call configure,$(LTO_BUILD),-DCMAKE_BUILD_TYPE=Release -DSHARC_LTO=ON)
	@$(CMAKE) --build $(LTO_BUILD) -j $(JOBS) --target sdy_opt mpmd_opt sharc sharc_static sharc_shared

build-asan:
	@$(call configure,$(ASAN_BUILD),-DCMAKE_BUILD_TYPE=Debug -DSHARC_SANITIZE=ON)
	@$(CMAKE) --build $(ASAN_BUILD) -j $(JOBS)

# the main job: Shardy's propagation on a JAX-exported MLP, and the report of
# where every tensor lives (the propagated module goes to $(BUILD))
run:
	@$(call configure,$(BUILD),-DCMAKE_BUILD_TYPE=Release)
	@$(CMAKE) --build $(BUILD) -j $(JOBS) --target sharc
	@$(BUILD)/bin/sharc propagate examples/mlp_jax.mlir -o $(BUILD)/mlp_jax.propagated.mlir
	@echo
	@echo "propagated module: $(BUILD)/mlp_jax.propagated.mlir"
	@echo "next: $(BUILD)/bin/sharc propagate examples/mlp_jax.mlir --format json"
	@echo "      $(BUILD)/bin/sharc explain examples/mlp_jax.mlir b1"
	@echo "      $(BUILD)/bin/sharc show examples/mlp_jax.mlir %0"

# the Python package (python/) with the Release shared library, installed with pip
PYTHON ?= python3
python:
	@$(call configure,$(BUILD),-DCMAKE_BUILD_TYPE=Release)
	@$(CMAKE) --build $(BUILD) -j $(JOBS) --target sharc_shared
	@tools/install_python.sh $(BUILD) $(PYTHON)

# Test tools from Debian: FileCheck/lit/not (llvm-22-tools) and the
# reference MLIR printer mlir-opt-22 (mlir-22-tools).
deps:
	@tools/ensure_deps.sh

test: deps build-asan build
	@SHARC_RELEASE_BUILD=$(BUILD) tools/run_tests.sh $(ASAN_BUILD) $(SHARED)

unit: build-asan
	@cd $(ASAN_BUILD) && ctest --output-on-failure

lit: deps build-asan
	@$(LLVM_BIN)/lit -sv --param sharc_bin=$(abspath $(ASAN_BUILD))/bin tests/lit

malformed: build-asan
	@tests/malformed/run.sh $(ASAN_BUILD)/bin/sdy_opt
	@tests/malformed/sharc/run.sh $(ASAN_BUILD)/bin/sharc

# The adversarial generator (tests/stress) at large sizes on the release
# build: time and peak memory per case; `make test` runs it small under ASan.
stress: build
	@python3 tests/stress/stress.py --tool $(BUILD)/bin/sdy_opt --size large

stress-small: build-asan
	@python3 tests/stress/stress.py --tool $(ASAN_BUILD)/bin/sdy_opt

differential: deps build
	@tests/differential/run.sh $(BUILD)/bin/sdy_opt

conformance: build-asan
	@python3 $(SHARED)/conformance/run.py --tool-dir $(ASAN_BUILD)/bin --baseline tests/conformance/baseline.txt --quiet
	@python3 $(SHARED)/conformance/run.py --tool-dir $(ASAN_BUILD)/bin --corpus stablehlo --baseline tests/conformance/baseline_stablehlo.txt --quiet

# the linearity table first (10k and 100k ops; 1M too with BENCH_1M=1 or
# SHARC_BENCH_1M=1, about 15 minutes more)
bench: build-lto
	@python3 bench/linearity.py --bin $(LTO_BUILD)/bin $(if $(BENCH_1M),--huge)
	@python3 bench/ir_size.py --tool $(LTO_BUILD)/bin/sdy_opt
	@python3 bench/stablehlo_linear.py --tool $(LTO_BUILD)/bin/sdy_opt
	@python3 bench/propagation.py --tool $(LTO_BUILD)/bin/sdy_opt
	@python3 bench/sharc_report.py --tool $(LTO_BUILD)/bin/sharc

fuzz:
	@tests/fuzz/run.sh 600

# the fuzz targets compile and link with clang (no libFuzzer; also a gate of `make test`)
fuzz-check:
	@tests/fuzz/link_check.sh

fuzz-pass:
	@FUZZ_TARGET=fuzz_pass tests/fuzz/run.sh 600

fuzz-report:
	@FUZZ_TARGET=fuzz_report tests/fuzz/run.sh 600

fuzz-interpret:
	@FUZZ_TARGET=fuzz_interpret tests/fuzz/run.sh 600

fuzz-bytecode:
	@FUZZ_TARGET=fuzz_bytecode tests/fuzz/run.sh 600

# every fuzz target in turn, 600 s each (tests/fuzz/campaign.sh [SECONDS])
fuzz-campaign:
	@tests/fuzz/campaign.sh 600

install: build-lto
	@$(CMAKE) --install $(LTO_BUILD) $(if $(PREFIX),--prefix $(PREFIX),)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(LTO_BUILD)
