"""Hostile input on the command line: every command exits 2 with one located line, never a traceback.

Most tests call :func:`cpspec.cli.main` in-process (the same code the ``cpspec`` script runs)
for speed; a few run the real process to check that nothing else reaches stderr. Commands
that are still being written (``settings``, ``advise``, ``collection``) are tested only
when their module exists.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

import pytest

from cpspec.cli import COMMANDS, main
from cpspec.rulesets.loader import bundled_registry

CLI: Final = [sys.executable, "-m", "cpspec"]
BASIC: Final = bundled_registry().get("basic").files[0]

# A legal 2-player deal under basic (the same one the protocol tests use):
#   A: front 2c 3d 4h | middle 9c 9d Kh Qs 5c | back Ac Ad Ah 7s 6c
#   B: front Ts 8h 6d | middle 2d 2h Js 8c 7d | back Kc Kd Ks 3h 3s
GOOD_DEAL: Final = """\
ruleset: basic
players:
  - seat: A
    front: [2c, 3d, 4h]
    middle: [9c, 9d, Kh, Qs, 5c]
    back: [Ac, Ad, Ah, 7s, 6c]
  - seat: B
    front: [Ts, 8h, 6d]
    middle: [2d, 2h, Js, 8c, 7d]
    back: [Kc, Kd, Ks, 3h, 3s]
"""
BILLION_LAUGHS: Final = "".join(
    f"l{n}: &l{n} [" + ", ".join([f"*l{n - 1}" if n else "lol"] * 9) + "]\n" for n in range(10)
)


def has_command(name: str) -> bool:
    return name in {command for command, _, _ in COMMANDS}


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``cpspec ARGS``, run in-process."""
    try:
        status = main(list(args))
    except SystemExit as done:  # argparse's usage errors
        status = done.code if isinstance(done.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def assert_refused(result: tuple[int, str, str], command: str, *fragments: str) -> str:
    """Status 2, and stderr is one line 'cpspec COMMAND: error: ...' holding every fragment."""
    status, _, err = result
    assert status == 2, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"cpspec {command}: error: "), err
    for fragment in fragments:
        assert fragment in lines[0], (fragment, err)
    return lines[0]


# --- files that are not plain UTF-8 YAML mappings -----------------------------------

HostileFile = Callable[[Path], tuple[Path, list[str]]]


def _write(path: Path, content: bytes | str) -> Path:
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return path


HOSTILE_FILES: Final[dict[str, HostileFile]] = {
    "missing": lambda d: (d / "absent.yaml", ["absent.yaml", "no such file"]),
    "directory": lambda d: ((d / "folder.yaml").resolve(), ["folder.yaml", "directory"]),
    "latin-1": lambda d: (_write(d / "latin.yaml", "ruleset: basic\n# caf\u00e9\n".encode("latin-1")),
                          ["latin.yaml:2", "not UTF-8"]),
    "yaml-bomb": lambda d: (_write(d / "bomb.yaml", "ruleset: basic\n" + BILLION_LAUGHS), ["bomb.yaml:2", "anchor"]),
    "python-tag": lambda d: (_write(d / "tag.yaml", "ruleset: !!python/object/apply:os.system [ls]\n"),
                             ["tag.yaml:1", "python/object/apply"]),
    "empty": lambda d: (_write(d / "empty.yaml", b""), ["empty.yaml", "empty"]),
    "a-list": lambda d: (_write(d / "list.yaml", "- ruleset: basic\n"), ["list.yaml:1", "mapping"]),
    "too-large": lambda d: (_write(d / "large.yaml", "ruleset: basic\nx: '" + "y" * 3_000_000 + "'\n"),
                            ["large.yaml", "too large"]),
    "deep": lambda d: (_write(d / "deep.yaml", "ruleset: basic\nx: " + "[" * 5000 + "]" * 5000 + "\n"),
                       ["deep.yaml:2", "nested"]),
    "repeated-key": lambda d: (_write(d / "twice.yaml", GOOD_DEAL + "ruleset: two-four\n"),
                               ["twice.yaml:11", "duplicate key 'ruleset'", "line 1"]),
}
FILE_COMMANDS: Final = ["score", "validate"] + [c for c in ("explain",) if has_command(c)]


@pytest.fixture
def hostile(tmp_path: Path) -> Callable[[str], tuple[Path, list[str]]]:
    (tmp_path / "folder.yaml").mkdir()

    def make(kind: str) -> tuple[Path, list[str]]:
        return HOSTILE_FILES[kind](tmp_path)

    return make


@pytest.mark.parametrize("kind", sorted(HOSTILE_FILES))
@pytest.mark.parametrize("command", FILE_COMMANDS)
def test_a_hostile_file_is_one_located_line_and_status_2(
    capsys: pytest.CaptureFixture[str], hostile: Callable[[str], tuple[Path, list[str]]], command: str, kind: str
) -> None:
    path, fragments = hostile(kind)
    assert_refused(cli(capsys, command, str(path)), command, *fragments)


# --- deal files that are YAML but not a legal deal ----------------------------------

DEAL_COMMANDS: Final = ["score"] + [c for c in ("explain",) if has_command(c)]

BAD_DEALS: Final[list[object]] = [
    # (edit of GOOD_DEAL, fragments): the line is the line of the offending value in the file
    pytest.param(("ruleset: basic", "ruleset: no-such-rules"), [":1", "'no-such-rules'"], id="unknown-ruleset"),
    pytest.param(("ruleset: basic\n", ""), ["ruleset"], id="no-ruleset"),
    pytest.param(("front: [2c, 3d, 4h]", "front: [2c, Xx, 4h]"), [":4 (input.players[0].front[1])", "'Xx'"], id="bad-card"),
    pytest.param(("front: [2c, 3d, 4h]", "front: [2c, 3d, 10h]"), [":4 (input.players[0].front[2])"], id="card-10h"),
    pytest.param(("front: [2c, 3d, 4h]", "front: [2c, 3d, 42]"), [":4 (input.players[0].front[2])"], id="card-number"),
    pytest.param(("front: [Ts, 8h, 6d]", "front: [Ts, 8h, Ac]"), [":7 (input.players[1])", "Ac"], id="card-twice"),
    pytest.param(("front: [Ts, 8h, 6d]", "front: [Ts, 8h]"), [":8 (input.players[1].front)"], id="two-card-front"),
    pytest.param(("middle: [9c, 9d, Kh, Qs, 5c]", "middle: 9c 9d Kh Qs 5c"), [":5 (input.players[0].middle)"],
                 id="segment-string"),
    pytest.param(("  - seat: B\n", "  - seat: A\n"), [":7 (input.players[1].seat)", "'A'"], id="seat-twice"),
    pytest.param(("  - seat: B\n", "  - seat: B\n    declare: fold\n"), [":8 (input.players[1].declare)", "'fold'"],
                 id="unknown-declaration"),
    pytest.param(("players:\n", "stacks: {A: -1, B: 5}\nbutton: A\nplayers:\n"), ["has no stack-limited settlement"],
                 id="stacks-unsupported"),
    pytest.param((GOOD_DEAL, "ruleset: basic\nplayers: 3\n"), [":2 (input.players)"], id="players-not-a-list"),
]


@pytest.mark.parametrize(("edit", "fragments"), BAD_DEALS)
@pytest.mark.parametrize("command", DEAL_COMMANDS)
def test_a_bad_deal_names_the_file_line_and_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, edit: tuple[str, str], fragments: list[str]
) -> None:
    old, new = edit
    assert GOOD_DEAL.count(old) == 1
    path = _write(tmp_path / "deal.yaml", GOOD_DEAL.replace(old, new))
    assert_refused(cli(capsys, command, str(path)), command, str(path), *fragments)


@pytest.mark.parametrize("command", DEAL_COMMANDS)
def test_the_good_deal_scores_and_an_unknown_ruleset_option_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = _write(tmp_path / "deal.yaml", GOOD_DEAL)
    status, out, err = cli(capsys, command, str(path))
    assert status == 0 and err == "" and out
    assert_refused(cli(capsys, command, str(path), "--ruleset", "no-such-rules"), command,
                   "--ruleset", "'no-such-rules'")


# --- validate ------------------------------------------------------------------------


def test_validate_reports_each_bad_file_on_one_line_and_still_checks_the_rest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = Path(BASIC).read_text(encoding="utf-8")
    broken = tmp_path / "basic.yaml"
    foul = "    foul:\n      mode: fixed\n      points: 3\n"
    assert text.count(foul) == 1
    line = text[: text.index(foul)].count("\n") + 3
    broken.write_text(text.replace(foul, foul.replace("points: 3", 'points: "three"')), encoding="utf-8")
    good = Path(BASIC).parent / "two-four.yaml"
    status, out, err = cli(capsys, "validate", str(broken), str(good))
    assert status == 2
    assert f"ok  {good}" in out
    assert err.strip().splitlines() == [
        f"cpspec validate: error: {broken}:{line} (parameters.penalties.foul.points): 'three' is not of type 'integer'"
    ]


def test_validate_refuses_a_duplicate_key_and_an_extends_cycle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = Path(BASIC).read_text(encoding="utf-8")
    (tmp_path / "basic.yaml").write_text(text.replace("id: basic\n", "id: basic\nextends: two-four\n"), "utf-8")
    two_four = (Path(BASIC).parent / "two-four.yaml").read_text(encoding="utf-8")
    (tmp_path / "two-four.yaml").write_text(two_four.replace("id: two-four\n", "id: two-four\nextends: basic\n"),
                                            "utf-8")
    line = assert_refused(cli(capsys, "validate", str(tmp_path / "basic.yaml")), "validate", "cycle")
    assert ".yaml:2" in line


# --- commands without files ---------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["rulesets", "extra"], id="rulesets-extra"),
        pytest.param(["protocol", "extra"], id="protocol-extra"),
        pytest.param(["score"], id="score-no-file"),
        pytest.param(["validate", "--strict"], id="validate-unknown-option"),
        pytest.param(["no-such-command"], id="unknown-command"),
    ],
)
def test_bad_arguments_exit_2_without_a_traceback(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    status, _, err = cli(capsys, *args)
    assert status == 2 and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("cpspec")  # usage, then one error line


# --- conformance (being written concurrently) -----------------------------------------

if has_command("conformance"):

    @pytest.mark.parametrize(
        ("make", "fragment"),
        [
            pytest.param(lambda d: ["--corpus", str(d / "absent")], "absent", id="missing-corpus"),
            pytest.param(lambda d: ["--corpus", str(_write(d / "file.yaml", "x: 1\n"))], "file.yaml", id="corpus-file"),
            pytest.param(lambda d: ["--corpus", str(_corpus(d, "ruleset: basic\n" + BILLION_LAUGHS))], "bomb.yaml:2",
                         id="corpus-bomb"),
            pytest.param(lambda d: ["--corpus", str(_corpus(d, b"cases: [\xff]\n"))], "bomb.yaml:1",
                         id="corpus-not-utf8"),
            pytest.param(lambda d: ["--skip-file", str(d / "absent.txt")], "absent.txt", id="missing-skip-file"),
            pytest.param(lambda d: ["--timeout", "-1"], "--timeout", id="negative-timeout"),
        ],
    )
    def test_conformance_refuses_hostile_input(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, make: Callable[[Path], list[str]], fragment: str
    ) -> None:
        assert_refused(cli(capsys, "conformance", *make(tmp_path)), "conformance", fragment)


def _corpus(folder: Path, content: bytes | str) -> Path:
    (folder / "corpus" / "cases").mkdir(parents=True)
    _write(folder / "corpus" / "cases" / "bomb.yaml", content)
    return folder / "corpus"


# --- commands not written yet: whatever their arguments, garbage is refused ----------

UNWRITTEN: Final = [name for name in ("settings", "advise", "collection") if has_command(name)]

if UNWRITTEN:

    @pytest.mark.parametrize("garbage", [["/no/such/file.yaml"], ["Xx"], ["--ruleset", "no-such-rules", "Xx"]])
    @pytest.mark.parametrize("command", UNWRITTEN)
    def test_a_new_command_refuses_garbage(capsys: pytest.CaptureFixture[str], command: str, garbage: list[str]) -> None:
        status, _, err = cli(capsys, command, *garbage)
        assert status == 2 and "Traceback" not in err, err
        assert err.strip().splitlines()[-1].startswith(f"cpspec {command}: error: "), err


# --- the real process -----------------------------------------------------------------


def test_the_real_process_prints_one_line_and_nothing_else(tmp_path: Path) -> None:
    bomb = _write(tmp_path / "bomb.yaml", "ruleset: basic\n" + BILLION_LAUGHS)
    bad = _write(tmp_path / "deal.yaml", GOOD_DEAL.replace("[2c, 3d, 4h]", "[2c, Xx, 4h]"))
    for args, fragment in (
        (["score", str(bomb)], "bomb.yaml:2"),
        (["validate", str(tmp_path)], "directory"),
        (["score", str(bad), "--json"], f"{bad}:4 (input.players[0].front[1])"),
    ):
        done = subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, done.stderr
        assert done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and fragment in done.stderr, done.stderr


def test_protocol_process_with_hostile_stdin_never_writes_stderr() -> None:
    lines = [b"\xff\xfe", b"[" * 50_000, b'{"id": 1, "op": "hello", "input": {"x": NaN}}', b'{"id": 2, "op": "hello"}']
    done = subprocess.run([*CLI, "protocol"], input=b"\n".join(lines) + b"\n", capture_output=True, timeout=60)
    assert done.returncode == 0 and done.stderr == b""
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a.get("error", {}).get("code") for a in answers] == ["bad_json", "too_large", "bad_json", None]
    assert answers[2]["id"] == 1 and answers[3]["output"]["protocol"] == 1


def test_control_characters_in_what_the_user_wrote_stay_one_harmless_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A seat name with a newline and a terminal escape (written as YAML escapes), in a deal
    # where the seat is named in the error: B's front repeats A's 2c.
    deal = GOOD_DEAL.replace("seat: A", 'seat: "A\\nB\\u001b[2J"').replace("[Ts, 8h, 6d]", "[Ts, 8h, 2c]")
    path = _write(tmp_path / "deal.yaml", deal)
    line = assert_refused(cli(capsys, "score", str(path)), "score", "2c")
    assert "\x1b" not in line and "A\\x0aB\\x1b[2J" in line
    odd_name = tmp_path / "new\nline.yaml"
    line = assert_refused(cli(capsys, "validate", str(odd_name)), "validate", "no such file")
    assert "new\\x0aline.yaml" in line


# --- commands that take 13 cards on the command line (settings, advise) --------------

HAND: Final = ["As", "Kd", "7c", "2h", "3h", "4h", "5s", "6s", "8d", "9d", "Tc", "Jc", "Qh"]
CARD_COMMANDS: Final = [name for name in ("settings", "advise") if has_command(name)]

if CARD_COMMANDS:

    @pytest.mark.parametrize(
        ("args", "fragments"),
        [
            pytest.param(["--ruleset", "no-such-rules", *HAND], ["--ruleset", "'no-such-rules'"], id="unknown-ruleset"),
            pytest.param(["--ruleset", "basic", "Xx", *HAND[1:]], ["[0]", "'Xx'"], id="bad-card"),
            pytest.param(["--ruleset", "basic", *HAND[:12], "As"], ["[12]", "As"], id="card-twice"),
            pytest.param(["--ruleset", "basic", *HAND[:12]], ["13"], id="twelve-cards"),
            pytest.param(["--ruleset", "basic", *HAND, "2c"], ["13"], id="fourteen-cards"),
        ],
    )
    @pytest.mark.parametrize("command", CARD_COMMANDS)
    def test_a_card_command_locates_its_bad_input(
        capsys: pytest.CaptureFixture[str], command: str, args: list[str], fragments: list[str]
    ) -> None:
        assert_refused(cli(capsys, command, *args), command, *fragments)
