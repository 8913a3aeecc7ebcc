"""The Python package against the library it loads: every function, its errors,
the report against `sharc propagate --format json`, a JAX-exported module with
shardings added, and the memory rules (a module's C document freed once, nothing
dangling after it is closed)."""

import gc
import json
import os
import re
import subprocess

import pytest

import sharc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "examples", "mlp_jax.mlir")
SHARC_BIN = os.environ.get("SHARC_BIN")  # the sharc tool of the same build, if given
SHARED = os.environ.get("SHARC_SHARED", os.path.join(ROOT, "..", "shared"))


@pytest.fixture
def mlp():
    with sharc.Module.parse(EXAMPLE) as m:
        yield m


def test_parse_text_bytes_and_path(mlp):
    text = open(EXAMPLE).read()
    a = sharc.Module.parse(text)
    b = sharc.Module.parse(text.encode())
    assert str(a) == str(b) == str(mlp)
    assert "sdy.mesh @mesh" in mlp.print()
    assert "\"func.func\"" in mlp.print(generic=True)
    assert "loc(" in mlp.print(debug_info=True)
    assert mlp.verify() is True


def test_parse_error_carries_every_diagnostic():
    with pytest.raises(sharc.MLIRError) as e:
        sharc.Module.parse("func.func @f() {\n  %0 = foo.bar : () -> ()\n}\n", name="bad.mlir")
    d = e.value.diagnostics
    assert d and d[0].severity == "error" and d[0].file == "bad.mlir"
    assert (d[0].line, d[0].column) == (2, 8)
    assert "foo.bar" in d[0].message and "bad.mlir:2:8: error:" in str(e.value)


def test_verifier_error_is_located():
    text = ('sdy.mesh @mesh = <["x"=2]>\n'
            'func.func @f(%a: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>})'
            ' -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n')
    with pytest.raises(sharc.MLIRError) as e:
        sharc.Module.parse(text)
    assert any(d.line == 2 and "unknown axis name: \"y\"" in d.message
               for d in e.value.diagnostics), e.value.diagnostics


def test_type_error():
    with pytest.raises(TypeError):
        sharc.Module.parse(42)


def test_run_passes_flags_and_textual_pipeline(mlp):
    before = str(mlp)
    a = sharc.run_passes(mlp, "-sdy-propagation-pipeline")
    b = sharc.run_passes(mlp, "builtin.module(sdy-propagation-pipeline)")
    assert str(a) == str(b) != before
    assert str(mlp) == before  # the input is left as it was
    c = sharc.run_passes(mlp, "-sdy-user-priority-propagate='conservative-propagation=true'")
    assert "sdy.sharding" in str(c)


def test_run_passes_unknown_flag(mlp):
    with pytest.raises(sharc.MLIRError) as e:
        sharc.run_passes(mlp, "-sdy-no-such-pass")
    assert "sdy-no-such-pass" in str(e.value)


def test_run_passes_failure_reports_diagnostics():
    text = 'func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n'
    m = sharc.Module.parse(text)
    with pytest.raises(sharc.MLIRError):
        sharc.run_passes(m, "builtin.module(func.func(no-such-pass))")


def test_propagate_and_export(mlp):
    p = sharc.propagate(mlp, comm=False)
    assert "sdy.all_reduce" not in str(p) and "sdy.sharding_constraint" in str(p)
    e = sharc.propagate(mlp)
    assert "sdy.all_reduce" in str(e)
    x = sharc.export(mlp)
    assert isinstance(x, sharc.Module)


def test_report_matches_the_command_line(mlp):
    r = sharc.report(mlp)
    assert len(r.values) == 11 and [c.kind for c in r.collectives] == ["all_reduce"]
    v = r.values[0]
    assert (v.value, v.name, v.partition_spec, v.local_shape) == ("%arg0", "x", ("data", None),
                                                                  (8, 512))
    assert v.bytes_per_device == 8 * 512 * 4 and v.replicated == ["model"]
    if SHARC_BIN:
        out = subprocess.run([SHARC_BIN, "propagate", EXAMPLE, "--format", "json"],
                             check=True, capture_output=True, text=True).stdout
        cli = json.loads(out)
        mine = r.to_dict()
        cli["file"] = mine["file"]  # the CLI names the path it was given
        assert mine == cli


def test_report_propagation_only(mlp):
    r = sharc.report(mlp, comm=False)
    assert r.collectives == [] and r.summary["communication_computed"] is False
    assert len(r.values) == 11
    assert sharc.report(mlp).summary["bytes_moved_per_device"] == 8 * 512 * 4


def test_report_table_is_the_cli_table(mlp):
    t = sharc.report_table(mlp)
    assert "mesh @mesh: 'data'=4 x 'model'=2 (8 devices)" in t
    if SHARC_BIN:
        out = subprocess.run([SHARC_BIN, "propagate", EXAMPLE, "--color", "never"],
                             check=True, capture_output=True, text=True).stdout
        strip = lambda s: s.split("\n", 1)[1]  # the first line names the file
        assert strip(t) == strip(out)


def test_partition_spec_parser():
    p = sharc.parse_partition_spec
    assert p("P()") == ()
    assert p("P('data', None, ('model', 'seq'))") == ("data", None, ("model", "seq"))
    assert p("P('x:(2)2')") == ("x:(2)2",)
    assert p("P(('a', ?), ?)") == (("a", "?"), "?")
    assert p("P('x', unreduced={'y'})") == ("x",)
    with pytest.raises(ValueError):
        p("Q()")


def test_explain_and_show(mlp):
    e = sharc.explain(mlp, "b1")
    assert "axis 'model'" in e
    s = sharc.show(mlp, "%0")
    assert "device 7" in s.text
    assert s._repr_svg_().startswith("<svg")
    with pytest.raises(sharc.MLIRError) as err:
        sharc.show(mlp, "%999")
    assert "%999" in str(err.value)


def test_no_mesh_is_an_error():
    m = sharc.Module.parse("func.func @f() {\n  return\n}\n")
    with pytest.raises(sharc.MLIRError) as e:
        sharc.report(m)
    assert "no sdy.mesh" in str(e.value)


class FakeLowered:
    def __init__(self, text):
        self.text = text

    def as_text(self):
        return self.text


def test_from_jax():
    m = sharc.from_jax(FakeLowered(open(EXAMPLE).read()))
    assert sharc.report(m).values[0].partition_spec == ("data", None)
    assert str(sharc.from_jax(open(EXAMPLE).read())) == str(m)
    with pytest.raises(TypeError):
        sharc.from_jax(3)


def _add_sharding(text):
    """A 4-device mesh and a sharding on @main's first result (JAX's test programs
    take no arguments: their inputs are constants)."""
    text = re.sub(r"^(module @.*\{)$", r'\1\n  sdy.mesh @mesh = <["x"=2, "y"=2]>', text, 1,
                  flags=re.M)
    return text.replace("{jax.result_info = \"\"",
                        '{sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>, jax.result_info = ""', 1)


def test_jax_exported_module_with_shardings():
    path = os.path.join(SHARED, "conformance", "stablehlo_testdata",
                        "dot_general_bfloat16_4_3_complex64_3_6.mlir")
    if not os.path.exists(path):
        pytest.skip("../shared/conformance not beside the repository")
    m = sharc.Module.parse(_add_sharding(open(path).read()), name="dot.mlir")
    r = sharc.report(m)
    result = [v for v in r.values if v.kind == "result"][0]
    assert result.partition_spec == ("x", None) and result.local_shape == (2, 6)
    main = [v for v in r.values if v.function == "main" and v.kind == "op_result"]
    assert main and main[0].partition_spec == ("x", None)  # propagated back to the inputs


def test_close_and_reuse():
    m = sharc.Module.parse(EXAMPLE)
    r = sharc.report(m)
    m.close()
    m.close()  # twice is fine
    with pytest.raises(ValueError):
        m.print()
    assert r.values[0].value == "%arg0"  # reports are plain data: still usable


def test_many_modules_are_freed():
    for _ in range(200):
        m = sharc.Module.parse(EXAMPLE)
        sharc.report(m)
        del m
    gc.collect()


def test_bytecode_input(tmp_path):
    if not SHARC_BIN:
        pytest.skip("SHARC_BIN not given: no sdy_opt to write bytecode with")
    sdy_opt = os.path.join(os.path.dirname(SHARC_BIN), "sdy_opt")
    out = tmp_path / "mlp.mlirbc"
    subprocess.run([sdy_opt, EXAMPLE, "-emit-bytecode", "-o", str(out)], check=True)
    data = out.read_bytes()
    assert data[:4] == b"ML\xefR"
    m = sharc.Module.parse(data, name="mlp.mlirbc")
    assert str(m) == str(sharc.Module.parse(EXAMPLE))
    assert sharc.report(m).values[0].partition_spec == ("data", None)
    with pytest.raises(sharc.MLIRError) as e:
        sharc.Module.parse(data[:40], name="cut.mlirbc")
    assert e.value.diagnostics and e.value.diagnostics[0].severity == "error"


NOT_DIVISIBLE = """
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%arg0: tensor<8x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>})
    -> tensor<8x5xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8x5xf32>
  return %0 : tensor<8x5xf32>
}
"""


def test_changed_user_shardings(tmp_path):
    path = tmp_path / "nd.mlir"
    path.write_text(NOT_DIVISIBLE)
    with sharc.Module.parse(str(path)) as m:
        r = sharc.report(m)
    (ch,) = r.changed_user_shardings
    assert (ch.value, ch.user_sharding, ch.sharding) == ("%arg0", "P('x', 'y')", "P('x', None)")
    assert [(a["dimension"], a["axis"], a["reason"]) for a in ch.axes] == [(1, "'y'", "not_divisible")]
    assert r.summary["changed_user_shardings"] == 1 and r.loops == []
    assert ch.to_dict() == r.to_dict()["changed_user_shardings"][0]
    if SHARC_BIN:
        out = subprocess.run([SHARC_BIN, "propagate", str(path), "--format", "json"],
                             check=True, capture_output=True, text=True).stdout
        cli = json.loads(out)
        mine = r.to_dict()
        cli["file"] = mine["file"]
        assert mine == cli
