"""The rulebook builds with `mkdocs build --strict`: no warnings, every ruleset and rule in place."""

from __future__ import annotations

import atexit
import fcntl
import gzip
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections import Counter
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import SHARED_FOLDER_VARIABLE, example_deal
from cpspec.present.rulebook import HAND_WRITTEN
from cpspec.rulesets.loader import bundled_registry

REPO = Path(__file__).resolve().parent.parent
SITE = REPO / "site"
ARTIFACTS = REPO / "test-artifacts"


@cache
def build_site() -> tuple[Path, subprocess.CompletedProcess[str]]:
    """Build the rulebook once per test run (shared with the browser test, and between pytest-xdist's workers
    by the folder conftest.py gives them: the first to come builds it, the others wait and read its result)."""
    shared = os.environ.get(SHARED_FOLDER_VARIABLE)
    if shared is None:
        out = Path(tempfile.mkdtemp(prefix="cpspec-rulebook-"))
        atexit.register(shutil.rmtree, out, True)
        return out / "site", _mkdocs_build(out / "site")
    out = Path(shared) / "rulebook"
    out.mkdir(exist_ok=True)
    with (out / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        result = out / "result.json"
        if not result.exists():
            done = _mkdocs_build(out / "site")
            result.write_text(json.dumps([done.returncode, done.stdout, done.stderr]), encoding="utf-8")
        returncode, stdout, stderr = json.loads(result.read_text(encoding="utf-8"))
    return out / "site", subprocess.CompletedProcess([], returncode, stdout, stderr)


def _mkdocs_build(site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(SITE / "mkdocs.yml"), "-d", str(site)],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )


@pytest.fixture(scope="module")
def built() -> Path:
    pytest.importorskip("mkdocs", reason="mkdocs is part of the test and docs extras")
    site, done = build_site()
    assert done.returncode == 0, done.stdout + done.stderr
    return site


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: Counter[str] = Counter()
        self.scripts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids[str(values["id"])] += 1
        if tag == "script" and values.get("src"):
            self.scripts.append(str(values["src"]))


def parse(path: Path) -> _Ids:
    parser = _Ids()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


@pytest.mark.slow
def test_strict_build_has_no_warnings(built: Path) -> None:
    _, done = build_site()
    log = done.stdout + done.stderr
    assert "WARNING" not in log and "ERROR" not in log, log
    # No flood of output: a line or two of MkDocs's own, none a page.
    assert len(log.splitlines()) <= 10, log[:2000]
    assert (built / "index.html").is_file() and (built / "pagefind" / "pagefind.js").is_file()
    assert not (built / "search" / "search_index.json").exists()


@pytest.mark.slow
def test_every_rule_has_its_anchor_on_its_rulesets_page(built: Path) -> None:
    for ruleset in bundled_registry().all():
        page = parse(built / "rulesets" / f"{ruleset.id}.html")
        missing = [r.id for r in ruleset.rules if page.ids[r.id] != 1]
        assert missing == [], ruleset.id


@pytest.mark.slow
def test_the_generated_pages_are_in_the_site_and_not_in_the_sources(built: Path) -> None:
    for name in ("rulesets.html", "comparison.html", "hand-rankings.html", "ambiguities.html", "examples.html",
                 "schema.html", "protocol.html", "how-to-settle-a-dispute.html", "glossary.html"):
        assert (built / name).is_file(), name
    written = sorted(p.relative_to(SITE / "docs").as_posix() for p in (SITE / "docs").rglob("*.md"))
    assert written == sorted(HAND_WRITTEN)


@pytest.mark.slow
def test_the_site_loads_nothing_from_other_hosts(built: Path) -> None:
    for page in (built / "index.html", built / "rulesets" / "chiptalk.html", built / "search.html"):
        assert [s for s in parse(page).scripts if "://" in s] == [], page


@pytest.mark.slow
def test_the_dispute_guide_shows_explain_output(built: Path) -> None:
    html = (built / "how-to-settle-a-dispute.html").read_text(encoding="utf-8")
    assert "$ cpspec explain examples/" in html and "Final results:" in html


@pytest.mark.slow
def test_the_chinese_edition_is_built_marked_zh_and_linked_both_ways(built: Path) -> None:
    for ruleset in bundled_registry().all():
        if "zh" not in ruleset.languages:
            continue
        chinese = built / "zh" / "rulesets" / f"{ruleset.id}.html"
        text = chinese.read_text(encoding="utf-8")
        assert '<html class="writer-html5" lang="zh-CN"' in text
        assert [r.id for r in ruleset.rules if parse(chinese).ids[r.id] != 1] == [], ruleset.id
        english = (built / "rulesets" / f"{ruleset.id}.html").read_text(encoding="utf-8")
        assert f'href="../zh/rulesets/{ruleset.id}.html">中文</a>' in english
        assert f'href="../../rulesets/{ruleset.id}.html">English</a>' in text
    assert 'lang="en"' in (built / "glossary.html").read_text(encoding="utf-8")


def test_cases_are_grouped_and_their_old_addresses_redirect(built: Path) -> None:
    from cpspec.present.rulebook import load_inputs

    inputs = load_inputs(REPO, bundled_registry())
    pages = [p for p in (built / "examples").rglob("*.html")]
    assert len(pages) < len(inputs.cases) / 5
    for case in inputs.cases[::97]:
        page, anchor = inputs.case_address(case.id).replace(".md", ".html").split("#")
        assert parse(built / page).ids[anchor] == 1, case.id
        redirect = (built / "cases" / f"{case.id}.html").read_text(encoding="utf-8")
        assert f"url=../{page}#{anchor}" in redirect


@pytest.mark.slow
def test_every_old_case_address_lands_on_its_case(built: Path) -> None:
    """Each ``cases/<id>.html`` (a page each, once) sends the browser to a page that has the case's anchor, and
    that page's anchor is the case's heading (test_site_browser.py follows one in Chromium)."""
    ids_of: dict[Path, set[str]] = {}
    wrong = []
    redirects = sorted((built / "cases").glob("*.html"))
    for redirect in redirects:
        case_id = redirect.stem
        found = re.fullmatch(r'<meta http-equiv="refresh" content="0;url=\.\./([^"#]+)#([^"]+)">\n',
                             redirect.read_text(encoding="utf-8"))
        if found is None or found.group(2) != case_id:
            wrong.append(case_id)
            continue
        target = built / found.group(1)
        if target not in ids_of:
            ids_of[target] = set(re.findall(r'<h2 id="([^"]+)"', target.read_text(encoding="utf-8")))
        if case_id not in ids_of[target]:
            wrong.append(case_id)
    assert len(redirects) >= 3000 and wrong == [], wrong[:10]


#: The whole built site, the desk's Python runtime included, on a phone's budget (issue 22), in bytes (34.6 MB
#: before the cuts of issue 22, 30.2 MB before its WebAssembly was stored compressed).
SITE_BUDGET = 25_000_000


def site_weight(site: Path) -> dict[str, int]:
    """The built site's bytes by part (its top-level folders and the pages at its root), and ``all``."""
    parts: dict[str, int] = {}
    for path in site.rglob("*"):
        if path.is_file():
            relative = path.relative_to(site).parts
            part = relative[0] if len(relative) > 1 else "pages at the root"
            if relative[:2] == ("assets", "pyodide"):
                part = "assets/pyodide"
            parts[part] = parts.get(part, 0) + path.stat().st_size
    parts["all"] = sum(parts.values())
    return parts


@pytest.mark.slow
def test_the_whole_site_fits_a_phones_budget(built: Path) -> None:
    weight = site_weight(built)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "site-weight.json").write_text(json.dumps(weight, indent=1), encoding="utf-8")
    assert weight["all"] <= SITE_BUDGET, weight


@pytest.mark.slow
def test_pyodides_webassembly_is_stored_compressed_and_unchanged(built: Path) -> None:
    """The site keeps ``pyodide.asm.wasm.gz`` and not the plain file (js/pyodide-wasm.js asks for the one in
    place of the other); decompressed, it is the npm package's file byte for byte."""
    pyodide = built / "assets" / "pyodide"
    installed = REPO / "node_modules" / "pyodide" / "pyodide.asm.wasm"
    if not installed.is_file():
        pytest.skip("Pyodide is not installed (npm ci): the site has no desk runtime")
    assert not (pyodide / "pyodide.asm.wasm").exists()
    stored = (pyodide / "pyodide.asm.wasm.gz").read_bytes()
    assert len(stored) < installed.stat().st_size / 2
    assert gzip.decompress(stored) == installed.read_bytes()


@pytest.mark.slow
def test_the_desks_engine_imports_nothing_the_lighter_standard_library_leaves_out(built: Path) -> None:
    """The desk's bundle, run under CPython on a deal, an error and a session, imports no module that
    :mod:`cpspec.present.rulebook.pyodide_trim` takes out of Pyodide's standard library (the desk's browser tests
    run it in Pyodide itself)."""

    from cpspec.present.rulebook.pyodide_trim import unused_stdlib_entry

    deal = json.dumps({"players": example_deal("chiptalk-a-d.yaml")["players"]})  # source 000's deal
    script = ("import json, sys\nsys.path.insert(0, sys.argv[1])\nfrom cpspec.present import desk\n"
              "deal = sys.argv[2]\nanswer = json.loads(desk.answer_by_id('chiptalk', deal))\n"
              "assert 'explanation' in answer, answer\nassert 'error' in json.loads(desk.answer_by_id('chiptalk', '{'))\n"
              "assert 'session' in json.loads(desk.session('chiptalk', json.dumps({'deals': [json.loads(deal)]})))\n"
              "print(json.dumps(sorted(sys.modules)))\n")
    from cpspec.present.desk_site import desk_bundle

    # The bundle's source (the site's is bytecode for Pyodide's Python, which this Python cannot read).
    with tempfile.TemporaryDirectory() as bundle:
        zipfile.ZipFile(io.BytesIO(desk_bundle(REPO / "reference_impl", bundled_registry().all()))).extractall(bundle)
        done = subprocess.run([sys.executable, "-I", "-c", script, bundle, deal], capture_output=True, text=True,
                              timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    modules = json.loads(done.stdout)
    shipped = set(zipfile.ZipFile(built / "assets" / "pyodide" / "python_stdlib.zip").namelist())
    files = {name: (f"{name.replace('.', '/')}.py", f"{name.replace('.', '/')}/__init__.py") for name in modules}
    left_out = [name for name, (module, package) in files.items()
                if not shipped & {module, package, module + "c", package + "c"}
                and (unused_stdlib_entry(module) or unused_stdlib_entry(package))]
    assert len(shipped) > 200 and left_out == []


@pytest.mark.slow
@pytest.mark.parametrize("part", ["assets/pyodide/python_stdlib.zip", "assets/desk/cpspec.zip"])
def test_the_desks_python_is_shipped_compiled_by_pyodides_own_python(built: Path, part: str) -> None:
    """cpspec.present.rulebook.pyodide_compile: every module of the trimmed standard library and of the desk's
    bundle is bytecode (one .pyc where the source had its .py, an unchecked hash-based header), made by one
    Python that is not this one's unless it is the same version (Pyodide's; the desk's browser tests run it)."""
    import importlib.util

    from cpspec.present.desk_site import desk_bundle
    from cpspec.present.rulebook.pyodide_trim import lighter_stdlib

    if shutil.which("node") is None or not (REPO / "node_modules" / "pyodide").is_dir():
        pytest.skip("node or Pyodide (npm ci) is not installed: the desk's Python ships as source")
    source = zipfile.ZipFile(io.BytesIO(
        lighter_stdlib(REPO / "node_modules" / "pyodide" / "python_stdlib.zip") if "stdlib" in part
        else desk_bundle(REPO / "reference_impl", bundled_registry().all())))
    shipped = zipfile.ZipFile(built / part)
    sources = {n for n in source.namelist() if n.endswith(".py")}
    assert len(sources) > 50
    assert {n for n in shipped.namelist() if n.endswith(".py")} == set()
    assert {n for n in shipped.namelist() if n.endswith(".pyc")} == {n + "c" for n in sources}
    headers = {shipped.read(n + "c")[:8] for n in sources}
    assert len(headers) == 1
    (header,) = headers
    assert header[2:4] == b"\r\n" and header[4:8] == (1).to_bytes(4, "little")  # magic, then "unchecked hash"
    assert header[:4] != importlib.util.MAGIC_NUMBER or sys.version_info[:2] == (3, 13)
    # Everything else (rulesets, the vocabulary) as it was.
    assert {n for n in shipped.namelist() if not n.endswith(".pyc")} == set(source.namelist()) - sources


@pytest.mark.slow
def test_the_search_index_has_a_record_for_each_rule_and_case(built: Path) -> None:
    fragments = list((built / "pagefind" / "fragment").iterdir())
    rules = sum(len(r.rules) for r in bundled_registry().all())
    assert len(fragments) >= rules
    # Pagefind's own ready-made interfaces and the theme's older font formats are not shipped.
    assert not (built / "pagefind" / "pagefind-ui.js").exists()
    assert not list((built / "css" / "fonts").glob("*.ttf"))
