"""What the dispute desk needs from the build: its page, the rulesets as JSON, the engine's modules.

* :func:`desk_rulesets` — every bundled ruleset as its merged, validated document (rules keep their
  ``_origin``), with what the desk's form needs: seats, declarations, naturals, example deals.
* :func:`desk_bundle` — a zip of the cpspec modules that run on the standard library alone (the rule
  modules, the speed tables, the protocol's ops, explain), found by importing each candidate in a
  fresh interpreter where ``yaml`` and ``jsonschema`` cannot be imported.
* :func:`desk_assets` — all of the desk's files for the site (the bundle, the form's facts, Pyodide's files),
  and :func:`desk_versions` the hash that goes into their addresses.
* :func:`desk_page` — the page's Markdown: the form is built by ``site/docs/js/desk.js`` (its words in
  ``js/desk-messages.js``), which loads Pyodide (from the npm package, copied into the site at build
  time) only on this page; ``desk-sw.js`` keeps the runtime for the next visit.
"""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from cpspec.present.desk_messages import desk_catalogue, resolve
from cpspec.present.messages import LANGUAGE_NAMES
from cpspec.rules.model import Ruleset
from cpspec.rulesets.build import ruleset_document
from cpspec.rulesets.vocabulary import vocabulary

#: The packages and modules offered to the browser; each must import without yaml and jsonschema.
BUNDLE_CANDIDATES: tuple[str, ...] = (
    "cpspec", "cpspec.errors", "cpspec.engines", "cpspec.rules.*", "cpspec.fast.*", "cpspec.analysis.*",
    "cpspec.protocol.*", "cpspec.protocol.ops.*",
    "cpspec.rulesets", "cpspec.rulesets.build", "cpspec.rulesets.shorthand", "cpspec.present", "cpspec.present.explain",
    "cpspec.present.readings", "cpspec.present.vocabulary", "cpspec.present.decisions", "cpspec.present.messages",
    "cpspec.present.desk", "cpspec.present.explain_translated", "cpspec.present.desk_which_rules",
    "cpspec.rulesets.ids", "cpspec.rulesets.data", "cpspec.rulesets.vocabulary",
)

#: Where the bundle keeps the corpus's probe cases, for ``diff`` and ``identify`` (read through ``data_dir``).
PROBE_CORPUS = "cpspec/_data/conformance/corpus.json"

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


def probe_cases(corpus: Mapping[str, Any]) -> dict[str, Any]:
    """The corpus cut to what :func:`cpspec.analysis.probes.corpus_probes` reads: the id, op, rulesets and input
    of every case of a probe op that expects an answer.

    >>> probe_cases({"cases": [{"id": "x-1", "op": "score", "rulesets": ["x"], "input": {"players": []},
    ...                         "expected": {"totals": {}}}, {"id": "x-2", "op": "score", "rulesets": ["x"],
    ...                         "input": {}, "expected_error": "bad_input"}]})
    {'cases': [{'id': 'x-1', 'op': 'score', 'rulesets': ['x'], 'input': {'players': []}}]}
    """
    from cpspec.analysis.probes import PROBE_OPS

    return {"cases": [{key: case[key] for key in ("id", "op", "rulesets", "input")} for case in corpus["cases"]
                      if case["op"] in PROBE_OPS and "expected_error" not in case and isinstance(case.get("input"),
                                                                                                  dict)]}


def desk_bundle(source_root: Path, rulesets: Iterable[Ruleset] = ()) -> bytes:
    """One zip: the browser's cpspec modules, laid out as under ``source_root`` (``cpspec/...``), each
    ruleset's merged, validated document as ``desk-rulesets/<id>.json`` (where :mod:`cpspec.present.desk`
    reads it), and the corpus's probe cases (:data:`PROBE_CORPUS`, for ``diff`` and ``identify``)."""
    from cpspec.rulesets.data import data_dir

    source_root = source_root.resolve()
    files = [(path.relative_to(source_root).as_posix(), path.read_bytes())
             for _, path in sorted(browser_modules(source_root), key=lambda item: item[0])]
    # The vocabulary as JSON where cpspec.rulesets.vocabulary looks for it without yaml (the Chinese explanation).
    files.append(("cpspec/_data/rulesets/vocabulary/terms.json",
                  json.dumps(vocabulary().to_document(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")))
    files += [(f"desk-rulesets/{r.id}.json",
               json.dumps(ruleset_document(r), ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
              for r in rulesets]
    corpus = json.loads((data_dir("conformance") / "corpus.json").read_text(encoding="utf-8"))
    files.append((PROBE_CORPUS, json.dumps(probe_cases(corpus), ensure_ascii=False,
                                           separators=(",", ":")).encode("utf-8")))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, content)
    return buffer.getvalue()


def _form(ruleset: Ruleset) -> dict[str, Any]:
    p = ruleset.parameters
    declarations = [d for d in ("surrender", "timeout") if getattr(p.penalties, d) is not None]
    return {
        "players": {"min": p.players.min, "max": p.players.max,
                    "seat_names": list(p.players.seat_names) if p.players.seat_names else None},
        "declarations": (["natural"] if p.naturals.hands else []) + declarations,
        "naturals": [h.id for h in p.naturals.hands],
        "natural_names": {h.id: {lang: name for lang in ruleset.languages
                                 if (name := getattr(h.names, lang, None))} for h in p.naturals.hands},
        "declaration": p.naturals.declaration,
        "stacks": p.settlement is not None,
    }


def desk_rulesets(rulesets: Iterable[Ruleset], examples: Iterable[tuple[str, str, Any]] = ()) -> dict[str, Any]:
    """Every ruleset for the desk's form, by id: title, version, form facts and its example deals (the
    documents the engine reads are in the bundle, :func:`desk_bundle`).

    ``examples`` are (file name, ruleset id, score input) of the repository's ``examples/``.
    """
    by_id: dict[str, Any] = {}
    for ruleset in rulesets:
        by_id[ruleset.id] = {"id": ruleset.id, "title": ruleset.title, "version": ruleset.version,
                             "titles": {lang: ruleset.title_in(lang) for lang in ruleset.languages},
                             "form": _form(ruleset), "examples": []}
    for name, ruleset_id, deal in examples:
        if ruleset_id in by_id:
            by_id[ruleset_id]["examples"].append({"name": name, "deal": deal})
    return by_id


#: The files of the npm package pyodide that the desk loads (runtime, WebAssembly, standard library, lock file).
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

_ASSETS: dict[str, dict[str, bytes | Path]] = {}


def desk_assets(source_root: Path | None, rulesets: Sequence[Ruleset], examples: Sequence[tuple[str, str, Any]],
                pyodide: Path | None) -> dict[str, bytes | Path]:
    """The desk's files: site path -> content, or the file to copy (Pyodide's, when it is installed); built
    once a build (the page asks for their version, the build for the files)."""
    key = json.dumps([str(source_root), [(r.id, r.version) for r in rulesets], list(examples), str(pyodide)],
                     default=str)
    if key not in _ASSETS:
        assets: dict[str, bytes | Path] = {
            "assets/desk/rulesets.json": json.dumps(desk_rulesets(rulesets, examples), ensure_ascii=False,
                                                    separators=(",", ":")).encode("utf-8"),
            # The desk's words in Chinese (cpspec.present.desk_messages), read when the address says lang=zh.
            "assets/desk/messages-zh.json": json.dumps(desk_catalogue("zh"), ensure_ascii=False,
                                                       separators=(",", ":")).encode("utf-8"),
        }
        if source_root is not None:
            assets["assets/desk/cpspec.zip"] = desk_bundle(source_root, rulesets)
        if pyodide is not None:
            for name in PYODIDE_FILES:
                assets[f"assets/pyodide/{name}"] = pyodide / name
        _ASSETS.clear()
        _ASSETS[key] = assets
    return _ASSETS[key]


def desk_versions(assets: Mapping[str, bytes | Path]) -> tuple[str, str]:
    """(a short hash of the bundle, the form's facts and the standard library the site ships, the Pyodide package's
    version or ""). The standard library counts: the service worker keeps it, and a repeat visit's memory snapshot
    holds the modules imported from it, under names that carry this hash."""
    digest = hashlib.sha256()
    for name in sorted(n for n in assets if n.startswith("assets/desk/") or n == "assets/pyodide/python_stdlib.zip"):
        content = assets[name]
        digest.update(name.encode() + (content if isinstance(content, bytes) else content.read_bytes()))
    runtime = assets.get("assets/pyodide/pyodide.js")
    version = ""
    if isinstance(runtime, Path) and (runtime.parent / "package.json").is_file():
        version = str(json.loads((runtime.parent / "package.json").read_text(encoding="utf-8")).get("version", ""))
    return digest.hexdigest()[:12], version


def desk_form(rulesets: Sequence[Ruleset], engine_available: bool, bundle_version: str = "",
              pyodide_version: str = "", buttons: str = "") -> tuple[str, str]:
    """(what comes before the desk's form, the form and its card grid), for the desk's pages: the form that
    ``js/desk.js`` fills in, inside the ``#cpspec-desk`` element this opens (the page closes it); ``buttons``:
    the form's last row, beside the engine's status.

    ``bundle_version`` (a hash of the bundle and the form's facts) goes into their addresses, so that the
    service worker (``desk-sw.js``, keyed by ``pyodide_version``) never serves an old one.
    """
    missing = "" if engine_available else (
        '<p class="desk-missing" id="desk-missing" data-msg="engineMissingPage"><strong>The in-browser engine was '
        "not installed when this site was built</strong> (<code>npm ci</code> at the repository's root installs "
        "Pyodide). The rest of the rulebook works without it; <code>cpspec explain</code> gives the same "
        "explanation.</p>")
    options = "".join(f'<option value="{r.id}" title="{r.title} ({r.id} {r.version})">{r.title}</option>'
                      for r in rulesets)
    version = f"?v={bundle_version}" if bundle_version else ""
    # Start fetching the runtime at once, beside the page (the engine is what the first answer waits for).
    preload = "".join(f'<link rel="preload" href="assets/pyodide/{name}" as="{kind}" crossorigin>'
                      for name, kind in (("pyodide.asm.wasm.gz", "fetch"), ("python_stdlib.zip", "fetch"),
                                         ("pyodide-lock.json", "fetch"))) if engine_available else ""
    worker = f' data-worker="desk-sw.js?pyodide={pyodide_version}&amp;v={bundle_version}"' if engine_available else ""
    form = f"""<link rel="stylesheet" href="css/desk.css">{preload}
<div id="cpspec-desk" class="desk" data-rulesets="assets/desk/rulesets.json{version}"
     data-bundle="assets/desk/cpspec.zip{version}" data-pyodide="assets/pyodide/"
     data-pyodide-version="{pyodide_version}"
     data-messages="assets/desk/messages-{{lang}}.json{version}"
     data-engine="{'yes' if engine_available else 'no'}"{worker}>
<form id="desk-form" class="desk-form" autocomplete="off">
<div class="desk-field desk-field-wide"><label for="desk-ruleset" data-msg="ruleset">Ruleset</label>
<select id="desk-ruleset" name="ruleset">{options}</select></div>
<div class="desk-field desk-field-wide"><label for="desk-example" data-msg="example">Example</label>
<select id="desk-example"><option value="">—</option></select></div>
<div id="desk-error" class="desk-error" role="alert" hidden></div>
<div id="desk-players"></div>
<p class="desk-buttons"><button type="button" id="desk-add" data-msg="addPlayer">Add a player</button>
<button type="button" id="desk-remove" data-msg="removePlayer">Remove the last player</button>
<span id="desk-count-note" class="desk-note" aria-live="polite"></span></p>
<p class="desk-buttons">{buttons}
<span id="desk-status" role="status">Loading the engine…</span></p>
</form>
<div id="desk-grid" class="desk-grid" aria-label="Card grid: click a card to add it to the field you are in"></div>"""
    return missing, form


def desk_scripts(engine_available: bool, *scripts: str) -> str:
    """The scripts at the end of a desk page: Pyodide's loader, the messages, the answer to Pyodide's request for
    its WebAssembly (js/pyodide-wasm.js), the engine's loader, the page's."""
    runtime = '<script src="assets/pyodide/pyodide.js" defer></script>' if engine_available else ""
    return runtime + "".join(f'<script src="js/{name}"></script>\n'
                             for name in ("desk-messages.js", "desk-language.js", "pyodide-wasm.js", "desk-engine.js",
                                          "desk.js", *scripts))


def desk_page(rulesets: Sequence[Ruleset], engine_available: bool, bundle_version: str = "",
              pyodide_version: str = "") -> str:
    """The desk's Markdown page: what it does, then the form that ``js/desk.js`` fills in (:func:`desk_form`)."""
    missing, form = desk_form(rulesets, engine_available, bundle_version, pyodide_version,
                              '<button type="submit" id="desk-score" data-msg="scoreDeal">Score the deal</button>')
    switch = " · ".join(f'<a href="?lang={lang}" data-lang="{lang}" hreflang="{lang}" lang="{lang}">{name}</a>'
                        for lang, name in LANGUAGE_NAMES.items())
    # The <noscript> line cannot switch: it says it in both languages.
    noscript_zh = resolve("{t[desk]}需要 JavaScript；<code>cpspec explain --lang zh DEAL</code> 给出同样的解释。")
    return f"""# Dispute desk {{: data-msg="pageTitle" }}

<p class="desk-lang" id="desk-lang"><span data-msg="language">Language</span>: {switch}</p>
<p id="desk-intro" data-msg="intro">Settle a deal here: pick the ruleset, enter each player's cards (type or paste
them, such as <code>Ts 6d 6h</code> or <code>T♠ 6♦ 6♥</code>, or pick them from the card grid), add a declaration or
a surrender where the ruleset has them, and score. The desk runs the project's own engine in your browser (Python
compiled to WebAssembly, loaded only on this page; nothing is sent anywhere) and shows the same step-by-step
explanation as <code>cpspec explain</code>, with every rule and interpretation linked to its place in this rulebook.
The deal is kept in the page's address (with <code>lang=zh</code>, in Chinese): copy it to share the ruling. Deals
played one after another go into the session below it: running totals, undo, and the settle-up.</p>
<p id="desk-which-rules"><span data-msg="whichRulesAsk">To learn which ruleset an app or a table plays from a few
deals and what was paid:</span> <a href="desk-which-rules.html" data-msg="whichIdentify">Which rules were these?</a></p>

{missing}
{form}
<div id="desk-result" class="desk-result"></div>
<section id="desk-session" class="desk-session" aria-labelledby="desk-session-title">
<h2 id="desk-session-title" data-msg="sessionTitle">Session at this table</h2>
<p class="desk-note" data-msg="sessionHelp">Score a deal, then add it to the session: running totals, each deal's
ruling one click away, undo, a shareable address or file (cpspec session FILE reads it), and the settle-up.</p>
<div id="desk-stacks" class="desk-stacks" hidden><p class="desk-note" data-msg="startingStacks">Starting stacks
(optional: each deal is then settled from the button within the stacks as they stand)</p>
<div id="desk-stacks-fields"></div></div>
<p class="desk-buttons">
<button type="button" id="desk-record" data-msg="record">Add this deal to the session</button>
<button type="button" id="desk-undo" data-msg="undo">Undo the last deal</button>
<button type="button" id="desk-settle" data-msg="settle">Settle up</button></p>
<p class="desk-buttons"><button type="button" id="desk-share" data-msg="share">Copy the session's address</button>
<button type="button" id="desk-download" data-msg="download">Download the session file</button>
<button type="button" id="desk-new-session" data-msg="newSession">New session</button></p>
<p id="desk-session-note" class="desk-note" role="status"></p>
<div id="desk-ledger" class="desk-ledger"></div>
<div id="desk-settlement" class="desk-settlement"></div>
</section>
</div>

<noscript>The desk needs JavaScript; <code>cpspec explain DEAL</code> gives the same explanation.
<span lang="zh-CN">{noscript_zh}</span></noscript>
{desk_scripts(engine_available)}"""


__all__ = ["BUNDLE_CANDIDATES", "PROBE_CORPUS", "PYODIDE_FILES", "browser_modules", "desk_assets", "desk_bundle",
           "desk_form", "desk_page", "desk_rulesets", "desk_scripts", "desk_versions", "probe_cases",
           "ruleset_document"]
