"""The dispute desk in Chinese, without a browser: its Chinese table (cpspec.present.desk_messages) has the
English table's keys and shapes (js/desk-messages.js) and takes the game's words from the vocabulary; the
bundle answers ``cpspec explain --lang zh``'s explanation without yaml, its rules linked to the Chinese
edition; the form's facts carry the Chinese titles and names; the Chinese edition links to the Chinese desk.
The browser half is tests/test_chinese_browser.py.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from cpspec.errors import CpspecError
from cpspec.present import chinese, rulebook
from cpspec.present.desk_messages import DESK_ZH, desk_catalogue
from cpspec.present.desk_site import desk_bundle, desk_rulesets
from cpspec.present.explain import LinkStyle, explain_deal, explanation_json
from cpspec.protocol.deal_files import read_deal_file
from cpspec.protocol.ops import op_score, op_score_session
from cpspec.rulesets.loader import bundled_registry
from cpspec.rulesets.vocabulary import vocabulary
from test_desk import FROM_THE_BUNDLE

REPO = Path(__file__).resolve().parent.parent
REGISTRY = bundled_registry()
DISPUTE = REPO / "examples" / "shisanshui-quanleida-zh.yaml"

#: The English table's shape: key -> "string", null, the number of a function's arguments, or a table's shape.
_SHAPE = """
global.window = {}; require(process.argv[1]);
const shape = (v) => v === null ? null : typeof v === "function" ? v.length : typeof v === "string" ? "string"
  : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]));
console.log(JSON.stringify(shape(window.DESK_MESSAGES)));
"""


def _english_shape() -> dict[str, object]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (it comes with npm, which installs Pyodide for the desk)")
    done = subprocess.run([node, "-e", _SHAPE, str(REPO / "site" / "docs" / "js" / "desk-messages.js")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    shape: dict[str, object] = json.loads(done.stdout)
    return shape


def _arity(template: str) -> int:
    return max((int(n) + 1 for n in re.findall(r"\{(\d+)\}", template)), default=0)


def test_the_chinese_table_has_every_english_entry_in_its_shape() -> None:
    english = _english_shape()
    chinese_table = desk_catalogue("zh")
    assert set(chinese_table) == set(english), (set(english) - set(chinese_table), set(chinese_table) - set(english))
    for key, shape in english.items():
        entry = chinese_table[key]
        if isinstance(shape, dict) and shape:
            assert isinstance(entry, dict) and set(entry) == set(shape), key
        elif isinstance(shape, int):  # a function of `shape` values: the template uses each of them
            assert isinstance(entry, str) and _arity(entry) == shape, (key, entry)
        elif shape is None:  # the page's own words, or the engine's sentence, in English: said in Chinese here
            assert isinstance(entry, str), key
        elif shape != {}:  # {}: the engine's or the page's own in English (codes, says, menu)
            assert isinstance(entry, str) and _arity(entry) == 0, (key, entry)


def test_the_chinese_table_takes_the_game_s_words_from_the_vocabulary() -> None:
    words = {w: t.id for t in vocabulary().terms for w in (t.zh, *t.zh_also)}
    for key, entry in DESK_ZH.items():
        for template in [entry] if isinstance(entry, str) else list(entry.values()):
            plain = re.sub(r"\{[tm]\[[^\]]+\]\}", "", template)
            found = [(w, words[w]) for w in words if w in plain]
            assert not found, f"desk message {key} writes {found} itself instead of {{t[...]}}"
    table = desk_catalogue("zh")
    assert table["segments"] == {"front": "头墩", "middle": "中墩", "back": "尾墩"}
    assert table["declarationNames"] == {"natural": "特殊牌型", "surrender": "投降", "timeout": "超时"}
    assert table["thirteenCards"] == "十三张" and table["player"] == "玩家 {0}"


#: From the bundle (yaml and jsonschema blocked), argv[2] answered in Chinese and in English.
_RUN_FROM_ZIP = FROM_THE_BUNDLE + """
ruleset_id, deal = json.loads(sys.argv[2])
print(json.dumps([json.loads(desk.answer_by_id(ruleset_id, json.dumps(deal), "", lang)) for lang in ("zh", "en")]))
"""


def test_the_bundle_gives_the_chinese_explanation_without_yaml(tmp_path: Path) -> None:
    ruleset_id, deal, _ = read_deal_file(str(DISPUTE))
    ruleset = REGISTRY.get(ruleset_id)
    unpacked = tmp_path / "unpacked"
    with zipfile.ZipFile(io.BytesIO(desk_bundle(REPO / "reference_impl", [ruleset]))) as bundle:
        assert "cpspec/_data/rulesets/vocabulary/terms.json" in bundle.namelist()
        bundle.extractall(unpacked)
    done = subprocess.run([sys.executable, "-I", "-c", _RUN_FROM_ZIP, str(unpacked), json.dumps([ruleset_id, deal])],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    zh, en = (answer["explanation"] for answer in json.loads(done.stdout))
    # The same document as `cpspec explain --lang zh --json`, its rules on the Chinese edition's pages.
    output = op_score(ruleset, deal)
    expected = explanation_json(explain_deal(ruleset, deal, output, "zh"), output, LinkStyle("zh/", ".html"))
    assert zh == expected
    assert zh["totals"] == {"A": 72, "B": -17, "C": -29, "D": -26}
    assert zh["rules"]["ssw-quanleida"]["url"] == "zh/rulesets/shisanshui.html#ssw-quanleida"
    assert en["rules"]["ssw-quanleida"]["url"] == "rulesets/shisanshui.html#ssw-quanleida"
    assert en["blocks"][0]["text"].startswith(ruleset.title)


def test_the_form_facts_carry_the_chinese_titles_and_natural_names() -> None:
    shisanshui = REGISTRY.get("shisanshui")
    facts = desk_rulesets([shisanshui, REGISTRY.get("chiptalk")])
    assert facts["shisanshui"]["titles"] == {"en": shisanshui.title, "zh": shisanshui.title_in("zh")}
    assert facts["chiptalk"]["titles"] == {"en": REGISTRY.get("chiptalk").title}
    dragon = next(h for h in shisanshui.parameters.naturals.hands if h.kind == "dragon")
    assert facts["shisanshui"]["form"]["natural_names"][dragon.id]["zh"] == vocabulary().zh("dragon")


def test_the_chinese_edition_links_to_the_chinese_desk() -> None:
    examples = (rulebook.read_example(DISPUTE),)
    pages = chinese.chinese_pages(rulebook.Inputs(REGISTRY, examples=examples))
    assert "(../../desk.md?lang=zh&ruleset=shisanshui)" in pages["zh/rulesets/shisanshui.md"]
    guide = pages["zh/how-to-settle-a-dispute.md"]
    assert "在争议台上打开](../desk.md?ruleset=shisanshui&lang=zh&s0=A&f0=Qs+Qh+Qd" in guide
    assert "暂为英文" not in guide


#: The engine's sentences said in the desk's language (js/desk-language.js's DESK_LANGUAGE.sentence), argv[1..2]:
#: the Chinese table and the sentences.
_SAY = """
global.window = {}; require(process.argv[1] + "/desk-messages.js"); require(process.argv[1] + "/desk-language.js");
const [table, details] = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(details.map((d) => window.DESK_LANGUAGE.sentence(d, table))));
"""


def _with(deal: dict[str, object], index: int, **fields: object) -> dict[str, object]:
    players = [dict(p) for p in deal["players"]]  # type: ignore[attr-defined]
    players[index].update(fields)
    return {**deal, "players": players}


def _desk_errors() -> list[tuple[str, str, str, tuple[str, ...]]]:
    """(code, the engine's sentence, the form the desk says it by, its values) for every mistake a deal typed on
    the desk can make that the engine names in a sentence of its own: what ``score`` and ``score_session`` raise."""
    _, deal, _ = read_deal_file(str(DISPUTE))  # four players A-D, shisanshui
    four = deal["players"]
    stacks = {"A": 10, "B": 10, "C": 10, "D": 10}
    asks: list[tuple[str, object, str, tuple[str, ...]]] = [
        ("shisanshui", _with(deal, 1, front=four[0]["front"][:1] + four[1]["front"][1:]), "duplicateCard", ("Qs",)),
        ("shisanshui", {"players": [*four, four[0]]}, "playerRange", ("5", "2", "4")),
        ("chiptalk", {"players": four[:3]}, "playerCount", ("3", "4")),
        ("shisanshui", _with(deal, 2, seat=""), "seatEmpty", ()),
        ("shisanshui", _with(deal, 1, seat="A"), "seatTwice", ("A",)),
        ("chart-2020", deal, "seatNotAllowed", ("A", "North, East, South, West")),
        ("shisanshui", _with(deal, 0, declare="xx"), "notADeclaration", ("xx",)),
        ("shisanshui", _with(deal, 0, declare="natural", natural="xx"), "notANatural", ("xx",)),
        ("basic", _with(deal, 0, declare="natural"), "hasNoNaturals", ()),
        ("shisanshui", _with(deal, 0, declare="surrender"), "hasNoSurrender", ()),
        ("shisanshui", _with(deal, 0, declare="timeout"), "hasNoTimeout", ()),
        ("shisanshui-malayan", deal, "bankerMissing", ()),
        ("shisanshui", {**deal, "button": "A", "stacks": stacks}, "noStacks", ()),
        ("english-harbour-eastern", {**deal, "button": "Z", "stacks": stacks}, "buttonNotASeat", ()),
        ("english-harbour-eastern", {**deal, "button": "A", "stacks": {"A": 10}}, "stacksEverySeat", ()),
        ("english-harbour-eastern", {**deal, "button": "A", "stacks": {**stacks, "D": -1}}, "stackAmount", ()),
        ("shisanshui", {"session": [deal, _with(deal, 3, seat="E")]}, "sessionSeats", ()),
    ]
    found = []
    for ruleset_id, ask, form, values in asks:
        ruleset = REGISTRY.get(ruleset_id)
        with pytest.raises(CpspecError) as error:
            if isinstance(ask, dict) and "session" in ask:
                op_score_session(ruleset, {"deals": ask["session"]})
            else:
                op_score(ruleset, ask)
        found.append((error.value.code, error.value.message, form, values))
    return found


def test_the_chinese_desk_says_the_engine_s_sentences_in_a_player_s_words() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (it comes with npm, which installs Pyodide for the desk)")
    table = desk_catalogue("zh")
    errors = _desk_errors()
    done = subprocess.run([node, "-e", _SAY, str(REPO / "site" / "docs" / "js")], capture_output=True, text=True,
                          input=json.dumps([table, [detail for _, detail, _, _ in errors]]), timeout=60)
    assert done.returncode == 0, done.stderr
    says = table["says"]
    assert isinstance(says, dict)
    for (code, detail, form, values), said in zip(errors, json.loads(done.stdout), strict=True):
        expected = says[form].format(*values)
        assert said == expected, (code, detail, form)
        words = said
        for value in values:
            words = words.replace(value, "")
        assert not re.search(r"[A-Za-z]", words), (detail, said)  # the values alone (seats, cards) in Latin
    assert {form for _, _, form, _ in errors} == set(says)  # every sentence the table says is met here
    # Every code the desk can meet has its Chinese sentence (the rest of the engine's mistakes say it by code).
    codes = table["codes"]
    assert isinstance(codes, dict)
    met = {code for code, _, _, _ in errors} | {"bad_json", "unknown_ruleset", "bad_card", "bad_hand_size"}
    assert met <= set(codes), met - set(codes)
    assert {"bad_players", "bad_declaration", "unsupported", "bad_input"} <= {code for code, _, _, _ in errors}
