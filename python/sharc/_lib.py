"""Loads libsharc.so and declares the C functions the package calls.

The library is looked for, in order: $SHARC_LIBRARY, next to this file
(where `make python` puts it), then the system's library path. Only the
document API (include/sharc/document.h) crosses the boundary: opaque
handles, C strings the library allocates (freed with sharc_free) and one
plain struct for diagnostics.
"""

import ctypes
import ctypes.util
import os

__all__ = ["lib", "take_string", "ReportOptions", "DiagStruct"]


class DiagStruct(ctypes.Structure):
    _fields_ = [
        ("severity", ctypes.c_char_p),
        ("file", ctypes.c_char_p),
        ("line", ctypes.c_uint),
        ("col", ctypes.c_uint),
        ("message", ctypes.c_char_p),
        ("text", ctypes.c_char_p),
    ]


class ReportOptions(ctypes.Structure):
    """sharc_report_options (include/sharc/report.h), field for field."""

    _fields_ = [
        ("explicit_collectives", ctypes.c_bool),
        ("debug_origins", ctypes.c_bool),
        ("all_values", ctypes.c_bool),
    ]


REPORT_TABLE, REPORT_JSON, REPORT_CSV = 0, 1, 2


def _candidates():
    env = os.environ.get("SHARC_LIBRARY")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    for name in sorted(os.listdir(here)):
        if name.startswith("libsharc.so"):
            yield os.path.join(here, name)
    found = ctypes.util.find_library("sharc")
    if found:
        yield found


def _load():
    tried = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    raise ImportError(
        "sharc: libsharc.so not found; run `make python` in the sharc repository or set "
        "SHARC_LIBRARY to the library's path" + ("; tried: " + "; ".join(tried) if tried else "")
    )


lib = _load()

_doc = ctypes.c_void_p
_str = ctypes.c_void_p  # a char * the caller frees: kept as an address, read, then freed


def _declare(name, restype, *argtypes):
    fn = getattr(lib, name)
    fn.restype = restype
    fn.argtypes = list(argtypes)


_declare("sharc_document_parse", _doc, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t,
         ctypes.c_bool)
_declare("sharc_document_destroy", None, _doc)
_declare("sharc_document_module", ctypes.c_void_p, _doc)
_declare("sharc_document_clone", _doc, _doc)
_declare("sharc_document_num_diags", ctypes.c_uint, _doc)
_declare("sharc_document_diag_at", ctypes.POINTER(DiagStruct), _doc, ctypes.c_uint)
_declare("sharc_document_clear_diags", None, _doc)
_declare("sharc_document_print", _str, _doc, ctypes.c_bool, ctypes.c_bool)
_declare("sharc_document_verify", ctypes.c_bool, _doc)
_declare("sharc_document_run_passes", ctypes.c_bool, _doc, ctypes.c_char_p)
_declare("sharc_document_propagate", ctypes.c_bool, _doc, ctypes.POINTER(ReportOptions))
_declare("sharc_document_report", _str, _doc, ctypes.POINTER(ReportOptions), ctypes.c_int)
_declare("sharc_document_explain", _str, _doc, ctypes.POINTER(ReportOptions), ctypes.c_char_p)
_declare("sharc_document_show", _str, _doc, ctypes.POINTER(ReportOptions), ctypes.c_char_p,
         ctypes.c_bool)
_declare("sharc_free", None, ctypes.c_void_p)
_declare("sharc_set_log_enabled", None, ctypes.c_bool)
# a Python program's stdout is its own: Shardy's log lines stay out of it
lib.sharc_set_log_enabled(False)


def take_string(address):
    """The text at a char * the library returned, freed; None for NULL."""
    if not address:
        return None
    try:
        return ctypes.string_at(address).decode("utf-8", "replace")
    finally:
        lib.sharc_free(address)
