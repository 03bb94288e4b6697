"""What the dispute desk needs from the build: its page, the rulesets as JSON, the engine's modules.

* :func:`desk_rulesets` — every bundled ruleset as its merged, validated document (rules keep their
  ``_origin``), with what the desk's form needs: seats, declarations, naturals, example deals.
* :func:`desk_bundle` — a zip of the cpspec modules that run on the standard library alone (the rule
  modules, the speed tables, the protocol's ops, explain), found by importing each candidate in a
  fresh interpreter where ``yaml`` and ``jsonschema`` cannot be imported.
* :func:`desk_page` — the page's Markdown: the form is built by ``site/docs/js/desk.js``, which loads
  Pyodide (from the npm package, copied into the site at build time) only on this page.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from cpspec.rules.model import Ruleset
from cpspec.rulesets.build import ruleset_document

#: The packages and modules offered to the browser; each must import without yaml and jsonschema.
BUNDLE_CANDIDATES: tuple[str, ...] = (
    "cpspec", "cpspec.errors", "cpspec.engines", "cpspec.rules.*", "cpspec.fast.*", "cpspec.analysis.*",
    "cpspec.protocol.*", "cpspec.protocol.ops.*",
    "cpspec.rulesets", "cpspec.rulesets.build", "cpspec.rulesets.shorthand", "cpspec.present", "cpspec.present.explain",
    "cpspec.present.readings", "cpspec.present.vocabulary", "cpspec.present.desk",
)

#: Run in a fresh interpreter: block yaml and jsonschema, import each candidate, print those that import.
_PROBE = """
import importlib, importlib.abc, json, pkgutil, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("yaml", "jsonschema"):
            raise ImportError(f"{name} is not in the browser")
        return None
sys.meta_path.insert(0, Block())
sys.path.insert(0, sys.argv[1])
names = []
for pattern in json.loads(sys.argv[2]):
    if pattern.endswith(".*"):
        package = importlib.import_module(pattern[:-2])
        names += [pattern[:-2]] + [f"{pattern[:-2]}.{m.name}" for m in pkgutil.iter_modules(package.__path__)]
    else:
        names.append(pattern)
found = []
for name in dict.fromkeys(names):  # a package named by two patterns is looked at once
    try:
        module = importlib.import_module(name)
    except ImportError:
        continue
    found.append([name, module.__file__])
print(json.dumps(found))
"""


def browser_modules(source_root: Path, candidates: Sequence[str] = BUNDLE_CANDIDATES) -> list[tuple[str, Path]]:
    """(module name, file) of every candidate that imports with the standard library alone."""
    command = [sys.executable, "-I", "-c", _PROBE, str(source_root.resolve()), json.dumps(list(candidates))]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    return [(name, Path(file)) for name, file in json.loads(done.stdout)]


def desk_bundle(source_root: Path) -> bytes:
    """A zip of the browser's cpspec modules, laid out as under ``source_root`` (``cpspec/...``)."""
    source_root = source_root.resolve()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for _, path in sorted(browser_modules(source_root), key=lambda item: item[0]):
            info = zipfile.ZipInfo(path.relative_to(source_root).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def _form(ruleset: Ruleset) -> dict[str, Any]:
    p = ruleset.parameters
    declarations = [d for d in ("surrender", "timeout") if getattr(p.penalties, d) is not None]
    return {
        "players": {"min": p.players.min, "max": p.players.max,
                    "seat_names": list(p.players.seat_names) if p.players.seat_names else None},
        "declarations": (["natural"] if p.naturals.hands else []) + declarations,
        "naturals": [h.id for h in p.naturals.hands],
        "declaration": p.naturals.declaration,
    }


def desk_rulesets(rulesets: Iterable[Ruleset], examples: Iterable[tuple[str, str, Any]] = ()) -> dict[str, Any]:
    """Every ruleset for the desk, by id: title, version, form facts, document and its example deals.

    ``examples`` are (file name, ruleset id, score input) of the repository's ``examples/``.
    """
    by_id: dict[str, Any] = {}
    for ruleset in rulesets:
        by_id[ruleset.id] = {"id": ruleset.id, "title": ruleset.title, "version": ruleset.version,
                             "form": _form(ruleset), "examples": [], "document": ruleset_document(ruleset)}
    for name, ruleset_id, deal in examples:
        if ruleset_id in by_id:
            by_id[ruleset_id]["examples"].append({"name": name, "deal": deal})
    return by_id


def desk_page(rulesets: Sequence[Ruleset], engine_available: bool) -> str:
    """The desk's Markdown page: what it does, then the form that ``js/desk.js`` fills in."""
    missing = "" if engine_available else (
        '<p class="desk-missing" id="desk-missing"><strong>The in-browser engine was not installed when this site '
        "was built</strong> (<code>npm ci</code> at the repository's root installs Pyodide). The rest of the "
        "rulebook works without it; <code>cpspec explain</code> gives the same explanation.</p>")
    options = "".join(f'<option value="{r.id}">{r.title} ({r.id} {r.version})</option>' for r in rulesets)
    return f"""# Dispute desk

Settle a deal here: pick the ruleset, enter each player's cards (type or paste them, such as
`Ts 6d 6h` or `T♠ 6♦ 6♥`, or pick them from the card grid), add a declaration or a surrender where
the ruleset has them, and score. The desk runs the project's own engine in your browser (Python
compiled to WebAssembly, loaded only on this page; nothing is sent anywhere) and shows the same
step-by-step explanation as `cpspec explain`, with every rule and interpretation linked to its
place in this rulebook. The deal is kept in the page's address: copy it to share the ruling.

{missing}
<div id="cpspec-desk" class="desk" data-rulesets="assets/desk/rulesets.json" data-bundle="assets/desk/cpspec.zip"
     data-pyodide="assets/pyodide/" data-engine="{'yes' if engine_available else 'no'}">
<form id="desk-form" class="desk-form" autocomplete="off">
<p><label for="desk-ruleset">Ruleset</label> <select id="desk-ruleset" name="ruleset">{options}</select>
<label for="desk-example">Load an example</label> <select id="desk-example"><option value="">—</option></select></p>
<div id="desk-error" class="desk-error" role="alert" hidden></div>
<div id="desk-players"></div>
<p><button type="button" id="desk-add">Add a player</button>
<button type="button" id="desk-remove">Remove the last player</button>
<button type="submit" id="desk-score">Score the deal</button>
<span id="desk-status" role="status">Loading the engine…</span></p>
</form>
<div id="desk-grid" class="desk-grid" aria-label="Card grid: click a card to add it to the field you are in"></div>
<div id="desk-result" class="desk-result"></div>
</div>

<noscript>The desk needs JavaScript; <code>cpspec explain DEAL</code> gives the same explanation.</noscript>
<script src="js/desk.js"></script>
"""


__all__ = ["BUNDLE_CANDIDATES", "browser_modules", "desk_bundle", "desk_page", "desk_rulesets", "ruleset_document"]
