"""sharc: Shardy's tensor sharding from Python.

    import sharc
    m = sharc.Module.parse(open("model.mlir").read())
    r = sharc.report(m)                      # where every tensor lives
    for v in r.values:
        print(v.value, v.partition_spec, v.local_shape, v.bytes_per_device)
    print(sharc.explain(m, "%0"))            # why a value got its sharding
    sharc.show(m, "%0")                      # its device grid (an SVG in a notebook)

Everything runs in libsharc.so (C); this package only loads it with ctypes.
Functions that transform a module return a new Module and leave theirs as it
was. Failures raise MLIRError with every diagnostic the library produced.
"""

import json
import os

from . import _lib
from ._lib import lib, take_string

__all__ = [
    "MLIRError", "Diagnostic", "Module", "run_passes", "propagate", "export", "mpmd_import",
    "report", "Report", "Value", "Collective", "Loop", "ChangedSharding", "explain", "show", "Show", "from_jax",
    "parse_partition_spec",
]
__version__ = "0.1.0"


class Diagnostic:
    """One diagnostic: where (file, line, column), how bad (severity) and what (message).
    `text` is the whole diagnostic as the command-line tools print it."""

    __slots__ = ("file", "line", "column", "severity", "message", "text")

    def __init__(self, file, line, column, severity, message, text):
        self.file, self.line, self.column = file, line, column
        self.severity, self.message, self.text = severity, message, text

    def __repr__(self):
        return "Diagnostic(%r, %d, %d, %r, %r)" % (self.file, self.line, self.column,
                                                   self.severity, self.message)

    def __str__(self):
        return self.text or "%s:%d:%d: %s: %s" % (self.file, self.line, self.column,
                                                  self.severity, self.message)


class MLIRError(Exception):
    """A module that did not parse or verify, or a pass or report that failed;
    `diagnostics` holds every diagnostic, errors and their notes."""

    def __init__(self, what, diagnostics):
        self.diagnostics = list(diagnostics)
        lines = [str(d) for d in self.diagnostics if d.severity != "note" or not d.text]
        super().__init__(what + (":\n" + "\n".join(lines) if lines else ""))


def _diagnostics(handle):
    out = []
    for i in range(lib.sharc_document_num_diags(handle)):
        d = lib.sharc_document_diag_at(handle, i).contents
        dec = lambda b: (b or b"").decode("utf-8", "replace")
        out.append(Diagnostic(dec(d.file), d.line, d.col, dec(d.severity), dec(d.message),
                              dec(d.text)))
    return out


def _options(comm=True, all_values=False):
    o = _lib.ReportOptions()
    o.explicit_collectives = bool(comm)
    o.all_values = bool(all_values)
    return o


class Module:
    """A parsed module, owning its C document (context, source, diagnostics).

    The C memory is freed when the Module is collected or closed; nothing the
    package hands out refers to it afterwards (reports are plain Python data)."""

    def __init__(self, handle, name):
        self._handle = handle
        self.name = name
        self.diagnostics = []

    @classmethod
    def parse(cls, source, name=None, allow_unregistered=False):
        """Parses MLIR text (str or bytes), MLIR bytecode (bytes), or a file
        (a path: os.PathLike, or a str naming an existing file). Raises
        MLIRError when it does not parse or verify."""
        if isinstance(source, os.PathLike) or (
                isinstance(source, str) and "\n" not in source and len(source) < 4096
                and os.path.isfile(source)):
            path = os.fspath(source)
            with open(path, "rb") as fh:
                data = fh.read()
            name = name or path
        elif isinstance(source, str):
            data = source.encode("utf-8")
        elif isinstance(source, (bytes, bytearray, memoryview)):
            data = bytes(source)
        else:
            raise TypeError("sharc.Module.parse: expected text, bytes or a path, got %s"
                            % type(source).__name__)
        name = name or "<string>"
        handle = lib.sharc_document_parse(name.encode("utf-8"), data, len(data),
                                          bool(allow_unregistered))
        module = cls(handle, name)
        module.diagnostics = _diagnostics(handle)
        if not lib.sharc_document_module(handle):
            raise MLIRError("sharc: %s did not parse" % name, module.diagnostics)
        return module

    def _live(self):
        if not self._handle:
            raise ValueError("sharc: this Module was closed")
        return self._handle

    def close(self):
        """Frees the C document now (otherwise done when the Module is collected)."""
        if getattr(self, "_handle", None):
            lib.sharc_document_destroy(self._handle)
            self._handle = None

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def clone(self):
        """An independent copy (its own C document)."""
        handle = lib.sharc_document_clone(self._live())
        copy = Module(handle, self.name)
        if not lib.sharc_document_module(handle):
            diags = _diagnostics(handle)
            copy.close()
            raise MLIRError("sharc: could not copy %s" % self.name, diags)
        return copy

    def print(self, generic=False, debug_info=False):
        """The module's text, as sdy_opt prints it (generic form, locations on request)."""
        return take_string(lib.sharc_document_print(self._live(), bool(generic), bool(debug_info)))

    def __str__(self):
        return self.print()

    def __repr__(self):
        return "<sharc.Module %s>" % self.name

    def verify(self):
        """Runs the verifiers; raises MLIRError if the module is not valid, returns True."""
        handle = self._live()
        lib.sharc_document_clear_diags(handle)
        if not lib.sharc_document_verify(handle):
            raise MLIRError("sharc: %s does not verify" % self.name, _diagnostics(handle))
        return True

    def _transformed(self, what, step):
        copy = self.clone()
        handle = copy._handle
        lib.sharc_document_clear_diags(handle)
        ok = step(handle)
        copy.diagnostics = _diagnostics(handle)
        if not ok:
            copy.close()
            raise MLIRError("sharc: %s failed on %s" % (what, self.name), copy.diagnostics)
        return copy


def run_passes(module, pipeline):
    """Runs passes on a copy of `module` and returns it: sdy_opt's flags
    ("-sdy-propagation-pipeline -canonicalize", options as -flag='a=1 b=2')
    or MLIR's textual pipeline ("builtin.module(sdy-propagation-pipeline)")."""
    text = pipeline.encode("utf-8")
    return module._transformed(pipeline, lambda h: lib.sharc_document_run_passes(h, text))


def propagate(module, comm=True):
    """What `sharc propagate -o` writes: Shardy's propagation pipeline with the explicit
    reshards and collectives (comm=False: the propagation alone, `--no-comm`)."""
    o = _options(comm)
    return module._transformed("propagation", lambda h: lib.sharc_document_propagate(h, o))


def export(module, options=""):
    """Shardy's export pipeline (-sdy-export-pipeline, with its option text)."""
    flag = "-sdy-export-pipeline" + ("='%s'" % options if options else "")
    return run_passes(module, flag)


def mpmd_import(module, options=""):
    """Shardy's MPMD import pipeline (-mpmd-import-pipeline, with its option text)."""
    flag = "-mpmd-import-pipeline" + ("='%s'" % options if options else "")
    return run_passes(module, flag)


# ---- PartitionSpec text ---------------------------------------------------------------

def parse_partition_spec(text):
    """The tuple of a report's `P('data', None, ('model', 'seq'))`: one entry per
    dimension, None for an unsharded one, an axis name, or a tuple of names; an open
    dimension ends in '?'. Unreduced axes (`unreduced={'y'}`) are left out."""
    s = text.strip()
    if not (s.startswith("P(") and s.endswith(")")):
        raise ValueError("not a PartitionSpec: %r" % text)
    body, pos = s[2:-1], 0
    dims = []

    def skip():
        nonlocal pos
        while pos < len(body) and body[pos] == " ":
            pos += 1

    def item():
        nonlocal pos
        skip()
        if body.startswith("None", pos):
            pos += 4
            return None
        if body[pos] == "?":
            pos += 1
            return "?"
        if body[pos] == "'":
            end = body.index("'", pos + 1)
            name = body[pos + 1:end]
            pos = end + 1
            return name
        if body[pos] == "(":
            pos += 1
            parts = []
            while True:
                skip()
                if body[pos] == ")":
                    pos += 1
                    return tuple(parts)
                parts.append(item())
                skip()
                if body[pos] == ",":
                    pos += 1
        raise ValueError("not a PartitionSpec: %r" % text)

    while True:
        skip()
        if pos >= len(body) or body.startswith("unreduced=", pos):
            break
        dims.append(item())
        skip()
        if pos < len(body) and body[pos] == ",":
            pos += 1
    return tuple(dims)


def _axes(text):
    return [a.strip().strip("'") for a in text.split(",") if a.strip()] if text else []


class Value:
    """One row of the report: a function argument or result, or an op result."""

    def __init__(self, function, d):
        self._d = d
        self.function = function
        self.kind = d["kind"]
        self.index = d["index"]
        self.value = d["value"]
        self.name = d["name"]
        self.op = d["op"]
        self.location = d["location"]
        self.type = d["type"]
        self.mesh = d["mesh"]
        self.sharding = d["sharding"]
        self.partition_spec = (parse_partition_spec(d["sharding"])
                               if d["sharding"].startswith("P(") else None)
        self.replicated = _axes(d["replicated"])
        self.unreduced = _axes(d["unreduced"])
        self.shape = tuple(d["shape"]) if d.get("shape") is not None else None
        self.local_shape = tuple(d["shard_shape"]) if d.get("shard_shape") is not None else None
        self.bytes = d["bytes"]
        self.bytes_per_device = d["bytes_per_device"]
        self.devices = d["devices"]
        self.padded = d["padded"]

    def to_dict(self):
        return dict(self._d)

    def __repr__(self):
        return "Value(%s %s %s, local %s, %s B/device)" % (
            self.value, self.type, self.sharding, self.local_shape, self.bytes_per_device)


class _Record:
    """One entry of a list of the JSON document, its keys as attributes."""

    def __init__(self, d):
        self._d = d
        for k, v in d.items():
            setattr(self, k, v)

    def to_dict(self):
        return json.loads(json.dumps(self._d))

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self._d)


class Collective(_Record):
    """A reshard or collective the program performs, with the bytes it moves
    (`executions`: how often it runs in loops, None when a trip count is
    not static)."""


class Loop(_Record):
    """A stablehlo.while: its static `trip_count` (None when not known), the
    collectives in it and the bytes one iteration moves per device."""


class ChangedSharding(_Record):
    """A user's argument or result sharding the pipeline changed: `axes` lists
    each of the user's axes it dropped or narrowed, with `reason`
    (not_divisible, sub_axis, size_one_axis, priority, conflict) and `detail`."""


class Report:
    """The report `sharc propagate --format json` prints, as Python objects.

    `values`, `collectives`, `loops` and `changed_user_shardings` are lists;
    `summary` a dict; `to_dict()` gives
    exactly the JSON document; `to_dataframe()` the values as a pandas
    DataFrame (pandas is optional)."""

    def __init__(self, doc):
        self._doc = doc
        self.values = [Value(f["name"], v) for f in doc.get("functions", [])
                       for v in f.get("values", [])]
        self.collectives = [Collective(c) for c in doc.get("collectives", [])]
        self.loops = [Loop(l) for l in doc.get("loops", [])]
        self.changed_user_shardings = [ChangedSharding(c)
                                       for c in doc.get("changed_user_shardings", [])]
        self.summary = doc.get("summary", {})

    def to_dict(self):
        return json.loads(json.dumps(self._doc))

    def to_dataframe(self):
        try:
            import pandas
        except ImportError as e:
            raise ImportError("sharc.Report.to_dataframe needs pandas") from e
        rows = []
        for v in self.values:
            row = {"function": v.function}
            row.update(v.to_dict())
            rows.append(row)
        return pandas.DataFrame(rows)

    def __repr__(self):
        return "<sharc.Report: %d values, %d collectives>" % (len(self.values),
                                                              len(self.collectives))


def _report_text(module, fmt, comm, all_values):
    copy = module.clone()
    try:
        text = take_string(lib.sharc_document_report(copy._handle, _options(comm, all_values),
                                                     fmt))
        if text is None:
            raise MLIRError("sharc: no report for %s" % module.name, _diagnostics(copy._handle))
        return text
    finally:
        copy.close()


def report(module, comm=True, all_values=False):
    """Propagates a copy of `module` and reports where every tensor lives and what it
    communicates (the document of `sharc propagate --format json`; comm=False is
    `--no-comm`, all_values=True `--all`)."""
    return Report(json.loads(_report_text(module, _lib.REPORT_JSON, comm, all_values)))


def report_table(module, comm=True, all_values=False):
    """The same report as the table `sharc propagate` prints."""
    return _report_text(module, _lib.REPORT_TABLE, comm, all_values)


def _value_text(module, value, call):
    copy = module.clone()
    try:
        text = take_string(call(copy._handle, value.encode("utf-8")))
        if text is None:
            raise MLIRError("sharc: nothing to show for %s" % value, _diagnostics(copy._handle))
        return text
    finally:
        copy.close()


def explain(module, value, comm=False):
    """Why `value` (%0, %arg1, a name, file:line...) has its sharding: `sharc explain`
    (comm=True is its `--explicit`)."""
    o = _options(comm)
    return _value_text(module, value, lambda h, v: lib.sharc_document_explain(h, o, v))


class Show:
    """`sharc show` of one value: `text` (the device grid), `svg` (the picture).
    Draws itself inline in a notebook."""

    def __init__(self, text, svg):
        self.text, self.svg = text, svg

    def __str__(self):
        return self.text

    def __repr__(self):
        return self.text

    def _repr_svg_(self):
        return self.svg

    def _repr_html_(self):
        return self.svg


def show(module, value, comm=True):
    """The device grid of `value` and the block each device holds: `sharc show`."""
    o = _options(comm)
    text = _value_text(module, value, lambda h, v: lib.sharc_document_show(h, o, v, False))
    svg = _value_text(module, value, lambda h, v: lib.sharc_document_show(h, o, v, True))
    return Show(text, svg)


def from_jax(lowered, name="<jax>"):
    """A Module from anything with `.as_text()` (jax.jit(f).lower(x), or its
    compiled form) or from MLIR text; sharc itself never imports JAX."""
    text = lowered.as_text() if hasattr(lowered, "as_text") else lowered
    if isinstance(text, bytes):
        return Module.parse(text, name=name)
    if not isinstance(text, str):
        raise TypeError("sharc.from_jax: expected a jax Lowered/Compiled or text, got %s"
                        % type(lowered).__name__)
    return Module.parse(text, name=name)
