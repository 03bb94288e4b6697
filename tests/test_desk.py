"""The dispute desk without a browser: the bundle runs on the standard library alone, unpacked from the
zip the site ships as the page unpacks it, and gives the CLI's answers; the dispute guide shows exactly
what the CLI prints for the example it names."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

from cpspec.present import rulebook
from cpspec.present.desk_site import desk_bundle, desk_page, desk_rulesets
from cpspec.present.desk_which_rules_page import which_rules_page
from cpspec.present.rulebook.comparison import witness_box
from cpspec.protocol.deal_files import read_deal_file
from cpspec.rulesets.loader import bundled_registry

REPO = Path(__file__).resolve().parent.parent

#: As in the browser: yaml and jsonschema blocked, only the unpacked bundle (argv[1]) on the path.
AS_IN_THE_BROWSER = """
import importlib.abc, json, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("yaml", "jsonschema"):
            raise ImportError(name + " is not in the browser")
sys.meta_path.insert(0, Block())
sys.path = [sys.argv[1]] + [p for p in sys.path if "site-packages" not in p and "reference_impl" not in p]
"""

#: As in the browser, and imports the desk from the bundle.
FROM_THE_BUNDLE = AS_IN_THE_BROWSER + """
from cpspec.present import desk
assert desk.__file__.startswith(sys.argv[1]), desk.__file__
"""

#: From the bundle, answers each (ruleset id, deal) of argv[2], then scores argv[3] as a session.
_RUN_FROM_ZIP = FROM_THE_BUNDLE + """
answers = [json.loads(desk.answer_by_id(r, json.dumps(d))) for r, d in json.loads(sys.argv[2])]
ruleset_id, data = json.loads(sys.argv[3])
answers.append(json.loads(desk.session(ruleset_id, json.dumps(data))))
print(json.dumps(answers))
"""


def test_the_bundle_runs_from_its_zip_without_yaml_or_jsonschema(tmp_path: Path) -> None:
    registry = bundled_registry()
    bundle = tmp_path / "cpspec.zip"
    bundle.write_bytes(desk_bundle(REPO / "reference_impl", registry.all()))
    names = zipfile.ZipFile(bundle).namelist()
    assert "cpspec/present/desk.py" in names and "cpspec/rulesets/build.py" in names
    assert not any(n.endswith(("yamlsafe.py", "loader.py", "deal_files.py")) for n in names)
    assert sorted(n for n in names if n.startswith("desk-rulesets/")) == sorted([
        f"desk-rulesets/{i}.json" for i in registry.ids()])
    unpacked = tmp_path / "unpacked"
    zipfile.ZipFile(bundle).extractall(unpacked)
    deals = []
    for name in ("chiptalk-a-d.yaml", "chiptalk-dragon-v-three-flushes.yaml",
                 "english-harbour-eastern-foul-v-quads.yaml", "english-harbour-western-one-won-two-tied.yaml"):
        ruleset_id, deal, _ = read_deal_file(str(REPO / "examples" / name))
        deals.append((ruleset_id, deal))
    bad = json.loads(json.dumps(deals[0][1]))
    bad["players"][1]["front"][2] = "Xx"
    deals.append(("chiptalk", bad))
    session = yaml.safe_load((REPO / "examples" / "sessions" / "basic-four-deals.yaml").read_text(encoding="utf-8"))
    done = subprocess.run([sys.executable, "-I", "-c", _RUN_FROM_ZIP, str(unpacked), json.dumps(deals),
                           json.dumps([session.pop("ruleset"), session])],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)
    # Each file's header works the totals out from the rule text.
    assert [a["explanation"]["totals"] for a in answers[:4]] == [
        {"A": 4, "B": 4, "C": -4, "D": -4}, {"A": 30, "B": -2, "C": -18, "D": -10}, {"A": -7, "B": 7}, {"A": 1, "B": -1}]
    # The error keeps the CLI's message, and gives its place and its words apart for the page.
    assert answers[4] == {"error": {"code": "bad_card",
                                    "message": "input.players[1].front[2]: 'Xx' is not a card (expected e.g. 'Td', 'As')",
                                    "where": "input.players[1].front[2]",
                                    "detail": "'Xx' is not a card (expected e.g. 'Td', 'As')"}}
    # bas-session-four-deals-settled-in-one-payment, worked by hand in the corpus.
    assert answers[5]["session"]["settle_up"] == [{"from": "C", "to": "A", "amount": 6}]


def test_the_desk_offers_every_ruleset_with_its_declarations() -> None:
    data = desk_rulesets(bundled_registry().all())
    assert sorted(data) == bundled_registry().ids()
    # chiptalk.yaml: naturals, a surrender and a timeout penalty; basic.yaml: surrender only, no naturals.
    assert data["chiptalk"]["form"]["declarations"] == ["natural", "surrender", "timeout"]
    assert data["basic"]["form"]["declarations"] == ["surrender"]
    assert data["chiptalk"]["form"]["players"] == {"min": 4, "max": 4, "seat_names": None}
    # Only the form's facts: the documents the engine reads are in the bundle.
    assert "document" not in data["chiptalk"]
    assert (data["english-harbour-eastern"]["form"]["stacks"], data["basic"]["form"]["stacks"]) == (True, False)


def test_the_dispute_guide_shows_what_the_cli_prints_for_the_example_it_names() -> None:
    guide = (REPO / "site" / "docs" / "how-to-settle-a-dispute.md").read_text(encoding="utf-8")
    assert "<!-- cpspec:explain-sample examples/chiptalk-a-d.yaml -->" in guide
    assert "<!-- cpspec:deal-file examples/chiptalk-a-d.yaml -->" in guide
    page = rulebook.expand_placeholders(guide, rulebook.load_inputs(REPO, bundled_registry()))
    sample = page.split("```console\n", 1)[1].split("\n```", 1)[0]
    command, shown = sample.split("\n", 1)
    assert command == "$ cpspec explain examples/chiptalk-a-d.yaml"
    cli = subprocess.run([sys.executable, "-m", "cpspec", "explain", str(REPO / "examples" / "chiptalk-a-d.yaml")],
                         capture_output=True, text=True, timeout=60)
    assert cli.returncode == 0
    assert shown == cli.stdout.rstrip("\n")
    # The deal shown is the file's: every card of the file's players, in order.
    _, deal, _ = read_deal_file(str(REPO / "examples" / "chiptalk-a-d.yaml"))
    shown_deal = page.split("```yaml\n", 1)[1].split("\n```", 1)[0]
    for player in deal["players"]:
        assert f"seat: {player['seat']}, front: [{', '.join(player['front'])}]" in shown_deal
    # The three disputes, each linked to its step-by-step page and to the desk.
    for name in ("chiptalk-dragon-v-three-flushes.yaml", "english-harbour-eastern-foul-v-quads.yaml",
                 "english-harbour-western-one-won-two-tied.yaml"):
        assert "[on the dispute desk](desk.md?ruleset=" in page and f"`cpspec explain examples/{name}`" in page


#: Every message key the desk's scripts use (T.key, or status("key")), desk-language.js uses (table.key, the theme
#: around the desk and the engine's sentences) and its pages mark (data-msg="key"), against the table's keys.
_MESSAGE_KEYS = """
global.window = {}; require(process.argv[1]);
const fs = require("fs");
const used = new Set(process.argv[2].split(",").flatMap((f) => {
  const script = fs.readFileSync(f, "utf8");
  return [...script.matchAll(/\\bT\\.(\\w+)/g), ...script.matchAll(/\\bstatus\\("(\\w+)"/g)].map((m) => m[1]);
}));
for (const m of process.argv[3].matchAll(/data-msg="(\\w+)"/g)) used.add(m[1]);
for (const m of fs.readFileSync(process.argv[4], "utf8").matchAll(/\\btable\\.(\\w+)/g)) used.add(m[1]);
const table = Object.keys(window.DESK_MESSAGES);
console.log(JSON.stringify({missing: [...used].filter((k) => !table.includes(k)).sort(),
                            unused: table.filter((k) => !used.has(k)).sort()}));
"""


def test_every_word_the_desk_shows_is_in_its_table_of_messages() -> None:
    import shutil

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (it comes with npm, which installs Pyodide for the desk)")
    docs = REPO / "site" / "docs"
    rulesets = bundled_registry().all()
    pages = (desk_page(rulesets, True, "0", "0") + desk_page(rulesets, False) + which_rules_page(rulesets, True, "0", "0")
             + witness_box(True))
    scripts = [docs / "js" / name for name in ("desk.js", "desk-which-rules.js", "compare-witness.js",
                                                "desk-language.js")]
    done = subprocess.run([node, "-e", _MESSAGE_KEYS, str(docs / "js" / "desk-messages.js"),
                           ",".join(str(s) for s in scripts), pages, str(docs / "js" / "desk-language.js")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"missing": [], "unused": []}
    # The scripts write no English of their own into the page: no string literal that reads as a sentence.
    for path in scripts:
        script = path.read_text(encoding="utf-8")
        code = "\n".join(line for line in script.splitlines() if not line.lstrip().startswith(("/*", "*", "//")))
        assert re.findall(r'"[A-Z][a-z]+ [a-z]+[^"]*"', code) == [], path.name


#: Node runs js/pyodide-wasm.js over a stub fetch that serves the compressed file (argv[2]) with or without
#: "Content-Encoding: gzip" (argv[3]), and prints what Pyodide's request for the plain file gets.
_WASM_FETCH = r"""
const fs = require("fs"), zlib = require("zlib");
const [script, file, encoded] = process.argv.slice(1);
const stored = fs.readFileSync(file), asked = [];
globalThis.self = globalThis;
globalThis.fetch = async (url) => {
  asked.push(String(url));
  if (!String(url).endsWith(".wasm.gz")) return new Response("other", { status: 200 });
  const body = encoded === "yes" ? zlib.gunzipSync(stored) : stored;  // the browser decodes Content-Encoding
  return new Response(body, { status: 200, headers: encoded === "yes" ? { "Content-Encoding": "gzip" } : {} });
};
require(script);
(async () => {
  const wasm = await fetch(new URL("https://example.org/site/assets/pyodide/pyodide.asm.wasm"));
  const bytes = Buffer.from(await wasm.arrayBuffer());
  const other = await (await fetch("https://example.org/site/assets/pyodide/python_stdlib.zip")).text();
  console.log(JSON.stringify({ asked, type: wasm.headers.get("Content-Type"), size: bytes.length,
                               same: bytes.equals(zlib.gunzipSync(stored)), other }));
})();
"""


@pytest.mark.parametrize("encoded", ["no", "yes"])
def test_pyodides_request_for_its_webassembly_gets_the_compressed_file_decompressed(encoded: str,
                                                                                   tmp_path: Path) -> None:
    """js/pyodide-wasm.js (issue 22: the site stores Pyodide's WebAssembly compressed): the plain file's address
    is answered from the ``.gz`` beside it, decompressed, as ``application/wasm``, whether the host sends the
    compressed bytes as they are or declares them ``Content-Encoding: gzip``; any other request is untouched."""
    import gzip
    import shutil

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (it comes with npm, which installs Pyodide for the desk)")
    stored = tmp_path / "pyodide.asm.wasm.gz"
    stored.write_bytes(gzip.compress(b"\0asm" + bytes(range(256)) * 400))
    done = subprocess.run([node, "-e", _WASM_FETCH, str(REPO / "site" / "docs" / "js" / "pyodide-wasm.js"),
                           str(stored), encoded], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "asked": ["https://example.org/site/assets/pyodide/pyodide.asm.wasm.gz",
                  "https://example.org/site/assets/pyodide/python_stdlib.zip"],
        "type": "application/wasm", "size": 4 + 256 * 400, "same": True, "other": "other"}


def test_the_desks_version_hash_changes_with_its_bundle_and_its_standard_library() -> None:
    """The hash in the bundle's address names the service worker's cache and the repeat visit's snapshot: it must
    change when the bundle or the shipped standard library does (the snapshot holds modules imported from both)."""
    from cpspec.present.desk_site import desk_versions

    assets: dict[str, bytes | Path] = {"assets/desk/cpspec.zip": b"bundle", "assets/pyodide/python_stdlib.zip": b"lib",
                                       "assets/pyodide/pyodide.asm.js": b"runtime"}
    first, _ = desk_versions(assets)
    assert desk_versions({**assets, "assets/desk/cpspec.zip": b"bundle 2"})[0] != first
    assert desk_versions({**assets, "assets/pyodide/python_stdlib.zip": b"lib 2"})[0] != first
    assert desk_versions({**assets, "assets/pyodide/pyodide.asm.js": b"runtime 2"})[0] == first  # its version counts
