"""The desk's Python, compiled ahead: Pyodide's own Python compiles the desk's standard library and the desk's
bundle to bytecode when the site is built, so that a phone does not compile them again at every start.

Pyodide ships its standard library as source (``python_stdlib.zip``), and the desk's bundle
(``assets/desk/cpspec.zip``) is source too: each start of the desk compiled some 200 modules in WebAssembly
before its first answer (about two thirds of Pyodide's start, measured under Node). Bytecode is tied to the
Python that reads it (Pyodide 0.29 runs CPython 3.13; the build may run another), so it is made by that
Python: Pyodide itself, run under Node from ``node_modules/pyodide`` (:data:`COMPILE_SCRIPT`). Each ``.py`` is
replaced by its ``.pyc`` beside it (an unchecked hash-based one: nothing to compare with a source that is not
shipped), which zipimport reads in the standard library and the import system reads in the unpacked bundle.
The standard library is compiled as ``python -OO`` would (no docstrings, no asserts: 0.3 MB lighter); the
bundle as it is (its asserts stay). Where Node is missing the files stay source: the desk is slower to start,
and gives the same answers.
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

#: Node runs Pyodide (argv[1]: its folder) and compiles each [source zip, compiled zip, optimize level] of the
#: JSON list argv[2].
COMPILE_SCRIPT = r"""
const [folder, jobs] = process.argv.slice(1);
const fs = await import("fs");
const { loadPyodide } = await import(`${folder}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${folder}/`, packages: [] });
for (const [source, target, optimize] of JSON.parse(jobs)) {
  pyodide.FS.writeFile("/tmp/source.zip", new Uint8Array(fs.readFileSync(source)));
  pyodide.runPython(`
import importlib.util, marshal, zipfile
with zipfile.ZipFile("/tmp/source.zip") as source, zipfile.ZipFile("/tmp/target.zip", "w") as target:
    for info in source.infolist():
        data = source.read(info)
        if info.filename.endswith(".py"):
            code = compile(data, info.filename, "exec", dont_inherit=True, optimize=${optimize})
            header = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(data)
            compiled = zipfile.ZipInfo(info.filename + "c", info.date_time)
            compiled.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(compiled, header + marshal.dumps(code))
        else:
            target.writestr(info, data)
`);
  fs.writeFileSync(target, pyodide.FS.readFile("/tmp/target.zip"));
}
"""

#: The optimize level of each zip's compilation: the standard library as ``-OO``, the desk's bundle as it is.
STDLIB_OPTIMIZE, BUNDLE_OPTIMIZE = 2, 0


def compile_zips(pyodide: Path, zips: dict[str, tuple[bytes, int]]) -> dict[str, bytes] | None:
    """Each zip (name -> (its bytes, the optimize level)) with its ``.py`` files compiled to ``.pyc`` by the
    Pyodide in ``pyodide``; None where Node is not installed or Pyodide cannot run under it."""
    return _compiled(pyodide, tuple(sorted((name, data, level) for name, (data, level) in zips.items())))


@functools.cache
def _compiled(pyodide: Path, zips: tuple[tuple[str, bytes, int], ...]) -> dict[str, bytes] | None:
    node = shutil.which("node")
    if node is None or not (pyodide / "pyodide.mjs").is_file():
        return None
    with tempfile.TemporaryDirectory(prefix="cpspec-pyc-") as work:
        jobs: list[tuple[str, Path, Path, int]] = []
        for index, (name, data, level) in enumerate(zips):
            source, target = Path(work) / f"{index}.zip", Path(work) / f"{index}.pyc.zip"
            source.write_bytes(data)
            jobs.append((name, source, target, level))
        done = subprocess.run([node, "--input-type=module", "-e", COMPILE_SCRIPT, str(pyodide.resolve()),
                               json.dumps([[str(source), str(target), level] for _, source, target, level in jobs])],
                              capture_output=True, text=True, timeout=300, check=False)
        if done.returncode != 0:
            return None
        return {name: target.read_bytes() for name, _, target, _ in jobs}
