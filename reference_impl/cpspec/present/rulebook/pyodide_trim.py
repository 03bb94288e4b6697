"""The desk's Python, lighter: Pyodide's standard library without the modules neither Pyodide's start nor the
desk's engine imports, its lock file without the packages the desk never loads (it loads none), and its
WebAssembly kept gzip-compressed.

Pyodide ships CPython's whole standard library (``python_stdlib.zip``, 2.4 MB) and a list of 379 packages it
could fetch (``pyodide-lock.json``); the rulebook's desk needs neither whole. The modules left out are named
here (:data:`UNUSED_STDLIB`: mail, web servers and clients, XML, the test and debugging tools, the interactive
prompt, multiprocessing, the text encodings other than the common ones); tests/test_site_build.py checks that
the desk's engine, run under CPython, imports none of them, and tests/test_desk_browser.py runs the desk on
the trimmed files in Chromium.

The WebAssembly (``pyodide.asm.wasm``, 8.6 MB, a third of the whole site) is stored as ``pyodide.asm.wasm.gz``
(2.8 MB): a phone downloads that much even from a host that does not compress what it serves. ``js/pyodide-wasm.js``
answers Pyodide's request for the plain file with the compressed one, decompressed by the browser's own
``DecompressionStream`` while it arrives (the "decompression fallback" of game engines' web builds).
"""

from __future__ import annotations

import functools
import gzip
import io
import json
import zipfile
from pathlib import Path

from cpspec.present.rulebook.pyodide_compile import BUNDLE_OPTIMIZE, STDLIB_OPTIMIZE, compile_zips

#: Top-level packages and modules of the standard library that the desk does not need (by their name in
#: ``python_stdlib.zip``: a package's folder or a module's file without ``.py``).
UNUSED_STDLIB = frozenset({
    "_pyio", "_pyrepl", "argparse", "bdb", "cProfile", "cmd", "compileall", "configparser", "csv", "ctypes",
    "doctest", "email", "filecmp", "fileinput", "ftplib", "getpass", "http", "imaplib", "mailbox",
    "mimetypes", "modulefinder", "multiprocessing", "netrc", "optparse", "pdb", "pickletools", "plistlib",
    "poplib", "profile", "pstats", "pty", "pyclbr", "pydoc", "pydoc_data", "sched", "shelve", "smtplib",
    "socketserver", "statistics", "symtable", "tabnanny", "timeit", "tomllib", "trace", "unittest", "uuid",
    "wave", "wsgiref", "xml", "xmlrpc", "zipapp", "zoneinfo",
})
#: Modules of a needed package that the desk does not need (``urllib.parse`` stays; the web client goes).
UNUSED_SUBMODULES = frozenset({"urllib/request.py", "urllib/response.py", "urllib/robotparser.py",
                               "urllib/error.py"})
#: The text encodings kept (Python's start, UTF-8 and its kin, Latin-1, and cp437, which zipfile reads the
#: desk's bundle's file names in); the other hundred-odd codecs go.
KEPT_ENCODINGS = frozenset({
    "__init__", "aliases", "ascii", "charmap", "cp437", "cp1252", "idna", "latin_1", "punycode",
    "raw_unicode_escape", "undefined", "unicode_escape", "utf_16", "utf_16_be", "utf_16_le", "utf_32",
    "utf_32_be", "utf_32_le", "utf_7", "utf_8", "utf_8_sig",
})


def unused_stdlib_entry(name: str) -> bool:
    """Whether a file of ``python_stdlib.zip`` is left out.

    >>> [unused_stdlib_entry(n) for n in ("email/parser.py", "json/decoder.py", "encodings/cp850.py",
    ...                                   "encodings/utf_8.py", "urllib/parse.py", "urllib/request.py", "pdb.py")]
    [True, False, True, False, False, True, True]
    """
    top, _, rest = name.partition("/")
    if top == "encodings" and rest:
        return rest.removesuffix(".py") not in KEPT_ENCODINGS and not rest.endswith("/")
    return top.removesuffix(".py") in UNUSED_STDLIB or name in UNUSED_SUBMODULES


@functools.cache
def lighter_stdlib(zip_path: Path) -> bytes:
    """``python_stdlib.zip`` without the files :func:`unused_stdlib_entry` leaves out (compressed as before)."""
    out = io.BytesIO()
    with zipfile.ZipFile(zip_path) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if not unused_stdlib_entry(info.filename):
                target.writestr(info, source.read(info), compress_type=info.compress_type)
    return out.getvalue()


def lighter_lock(lock_path: Path) -> bytes:
    """``pyodide-lock.json`` with its ``info`` (which Pyodide checks at its start) and no packages: the desk
    loads none (``loadPyodide({packages: []})`` in js/desk.js)."""
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    return json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")).encode("utf-8")


#: Pyodide's WebAssembly as the site keeps it, and the address Pyodide asks for (js/pyodide-wasm.js maps one to
#: the other).
WASM, COMPRESSED_WASM = "assets/pyodide/pyodide.asm.wasm", "assets/pyodide/pyodide.asm.wasm.gz"


@functools.cache
def compressed(path: Path) -> bytes:
    """A file gzip-compressed, the same bytes every build (no time stamp in the header)."""
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)


#: The desk's bundle (its cpspec modules and rulesets) and Pyodide's standard library, as the site keeps them.
BUNDLE, STDLIB = "assets/desk/cpspec.zip", "assets/pyodide/python_stdlib.zip"


def lighter_pyodide(assets: dict[str, bytes | Path]) -> dict[str, bytes | Path]:
    """The desk's files with Pyodide's standard library and lock file replaced by the lighter ones, its
    WebAssembly by the compressed one, and the standard library and the desk's bundle compiled to bytecode by
    Pyodide's own Python (:mod:`cpspec.present.rulebook.pyodide_compile`) where Node can run it."""
    lighter = dict(assets)
    runtime = lighter.get("assets/pyodide/pyodide.js")
    wasm = lighter.pop(WASM, None)
    if isinstance(wasm, Path):
        lighter[COMPRESSED_WASM] = compressed(wasm)
    stdlib, lock = lighter.get(STDLIB), lighter.get("assets/pyodide/pyodide-lock.json")
    if isinstance(stdlib, Path):
        stdlib = lighter[STDLIB] = lighter_stdlib(stdlib)
    if isinstance(lock, Path):
        lighter["assets/pyodide/pyodide-lock.json"] = lighter_lock(lock)
    bundle = lighter.get(BUNDLE)
    if isinstance(runtime, Path) and isinstance(stdlib, bytes) and isinstance(bundle, bytes):
        compiled = compile_zips(runtime.parent, {STDLIB: (stdlib, STDLIB_OPTIMIZE), BUNDLE: (bundle, BUNDLE_OPTIMIZE)})
        if compiled is not None:
            lighter.update(compiled)
    return lighter
