"""Benchmarks: every figure as a ratio to a named baseline measured in the same run.

    python3 bench/run.py            # about three minutes
    python3 bench/run.py --quick    # under a minute

One line per figure. The machine may be busy, so timings interleave the measured code
with its baseline and report medians; the ratios are the figures to compare, not the
absolute times. ``treys`` (the ``bench`` extra) is needed for the treys comparison only.
See docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

REPO = Path(__file__).resolve().parent.parent
if not (REPO / "reference_impl" / "cpspec").is_dir():  # pragma: no cover - bench runs from a checkout
    raise SystemExit("run bench/run.py from a checkout of chinese-poker-spec")
sys.path.insert(0, str(REPO / "reference_impl"))

from cpspec.fast.settings_classifier import classify, subsets  # noqa: E402
from cpspec.fast.tables import evaluator  # noqa: E402
from cpspec.rules.all_settings import all_settings  # noqa: E402
from cpspec.rules.cards import cards_text  # noqa: E402
from cpspec.rules.hands import Wheel, evaluate5  # noqa: E402
from cpspec.rulesets.loader import bundled_registry  # noqa: E402

SEED = 20240501


def elapsed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def cpu(action: Callable[[], object]) -> float:
    """CPU seconds of this process: other processes on a busy machine do not count."""
    start = time.process_time()
    action()
    return time.process_time() - start


def line(text: str) -> None:
    print(text, flush=True)


# --- 5-card evaluation --------------------------------------------------------------------


def treys_hands(hands: Sequence[tuple[int, ...]]) -> list[tuple[list[int], list[int]]]:
    """5-card hands as treys wants them, a hand of two cards and a board of three, converted before timing."""
    from treys import Card  # type: ignore[import-untyped]

    return [([Card.new(t) for t in cards_text(h[:2])], [Card.new(t) for t in cards_text(h[2:])]) for h in hands]


def bench_eval5(hands_count: int, rounds: int) -> None:
    rng = random.Random(SEED)
    hands = [tuple(rng.sample(range(52), 5)) for _ in range(hands_count)]
    blocks = [hands[i: i + 1000] for i in range(0, hands_count, 1000)]
    key5 = evaluator(Wheel.LOWEST).key5
    try:
        from treys import Evaluator
    except ImportError:
        line("eval5 vs treys: n/a (treys is not installed: python3 -m pip install '.[bench]')")
        took = statistics.median(cpu(lambda: [key5(h) for h in hands]) for _ in range(rounds))
        line(f"eval5 detail: fasteval {took / hands_count * 1e9:.0f} ns/hand")
        return
    treys_evaluate = Evaluator().evaluate
    treys_blocks = [treys_hands(block) for block in blocks]

    def ours(block: list[tuple[int, ...]]) -> None:
        for hand in block:
            key5(hand)

    def theirs(block: list[tuple[list[int], list[int]]]) -> None:
        for hand, board in block:
            treys_evaluate(hand, board)

    ratios, ours_ns, theirs_ns = [], [], []
    for _ in range(rounds):
        t_ours = t_theirs = 0.0
        for mine, other in zip(blocks, treys_blocks, strict=True):  # alternate block by block
            t_theirs += cpu(lambda other=other: theirs(other))  # type: ignore[misc]
            t_ours += cpu(lambda mine=mine: ours(mine))  # type: ignore[misc]
        ratios.append(t_theirs / t_ours)
        ours_ns.append(t_ours / hands_count * 1e9)
        theirs_ns.append(t_theirs / hands_count * 1e9)
    sample = hands[: hands_count // 20]
    reference_ns = cpu(lambda: [evaluate5(h) for h in sample]) / len(sample) * 1e9
    batch_ns = cpu(lambda: list(map(key5, hands))) / hands_count * 1e9
    line(f"eval5 vs treys: {statistics.median(ratios):.2f}")
    line(f"eval5 detail: fasteval {statistics.median(ours_ns):.0f} ns/hand, treys Evaluator.evaluate "
         f"{statistics.median(theirs_ns):.0f} ns/hand (one call per hand, {hands_count:,} random hands, "
         f"alternating blocks of 1,000, median of {rounds} rounds); fasteval through map {batch_ns:.0f} ns/hand; "
         f"the reference hands.evaluate5 {reference_ns:.0f} ns/hand")


# --- all settings of a hand -----------------------------------------------------------------


def bench_settings(hands_count: int, naive_count: int, ruleset_id: str) -> None:
    ruleset = bundled_registry().get(ruleset_id)
    rng = random.Random(SEED + 1)
    hands = [tuple(rng.sample(range(52), 13)) for _ in range(hands_count)]
    subsets()
    evaluator(ruleset.parameters.hands.wheel)  # tables built once per process, not timed
    classify(hands[0], ruleset)
    fast = [cpu(lambda hand=hand: classify(hand, ruleset)) for hand in hands]  # type: ignore[misc]
    fast_median = statistics.median(fast) * 1000
    line(f"settings: {fast_median:.2f} ms")
    readable: list[float] = []
    for hand in hands[:naive_count]:
        start = time.process_time()
        count = all_settings(hand, ruleset).valid
        readable.append(time.process_time() - start)
        assert count == classify(hand, ruleset).valid, "the fast count must equal the readable one"
    readable_median = statistics.median(readable) * 1000
    fast_same = statistics.median(fast[:naive_count]) * 1000
    line(f"settings readable: {readable_median:.0f} ms; ratio {readable_median / fast_same:.0f}x "
         f"(rules.all_settings: each 3- and 5-card hand valued once with hands.evaluate, every one of 72,072 "
         f"settings checked with fouls.check_order; fast: median of {hands_count} random hands, best "
         f"{min(fast) * 1000:.2f} ms; readable: {naive_count} of the same hands; ruleset {ruleset_id})")


# --- the protocol's score path -------------------------------------------------------------


def score_requests(count: int, seed: int) -> list[str]:
    """Four-player score requests: random deals, each player set by the advisor's opponent policy."""
    from cpspec.analysis.advise import opponent_player

    rng = random.Random(seed)
    lines = []
    for index in range(count):
        ruleset_id = ("chiptalk", "basic", "two-four")[index % 3]
        ruleset = bundled_registry().get(ruleset_id)
        deck = rng.sample(range(52), 52)
        players = []
        for seat_index, seat in enumerate("ABCD"):
            cards = deck[13 * seat_index: 13 * seat_index + 13]
            if rng.random() < 0.1:  # some fouls: the cards in the order dealt
                players.append({"seat": seat, "front": cards_text(cards[:3]), "middle": cards_text(cards[3:8]),
                                "back": cards_text(cards[8:])})
                continue
            player = opponent_player(seat, cards, ruleset)
            if player.front is None or player.middle is None or player.back is None:
                players.append({"seat": seat, "declare": "natural", "cards": cards_text(cards)})
            else:
                players.append({"seat": seat, "front": cards_text(player.front),
                                "middle": cards_text(player.middle), "back": cards_text(player.back)})
        lines.append(json.dumps({"id": index, "op": "score", "ruleset": ruleset_id, "input": {"players": players}}))
    return lines


def _exchange(child: subprocess.Popen[bytes], lines: Sequence[str], last: bool) -> None:
    """Write the lines from a thread while reading as many answers here (so neither side's pipe fills up)."""
    import threading

    assert child.stdin is not None and child.stdout is not None
    payload = ("\n".join(lines) + "\n").encode()

    def feed() -> None:
        assert child.stdin is not None
        child.stdin.write(payload)
        child.stdin.flush()
        if last:
            child.stdin.close()

    writer = threading.Thread(target=feed)
    writer.start()
    answered = 0
    while answered < len(lines) and child.stdout.readline():
        answered += 1
    writer.join()
    assert answered == len(lines), f"{child.args!r}: {answered} answers to {len(lines)} requests"


def pipe_rate(command: Sequence[str], lines: Sequence[str], checkout: Path = REPO) -> float:
    """Requests a second through a real pipe: a process started and warmed, then fed every line, answers read.

    The warm-up (the first tenth of the lines, answered before the clock starts) loads the
    modules and the rulesets; the rate is over the rest.
    """
    env = {**os.environ, "PYTHONPATH": str(checkout / "reference_impl")}
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    warm, timed = lines[: len(lines) // 10], lines[len(lines) // 10:]
    _exchange(child, warm, last=False)
    start = time.perf_counter()
    _exchange(child, timed, last=True)
    took = time.perf_counter() - start
    child.wait()
    return len(timed) / took


def lockstep_rate(command: Sequence[str], lines: Sequence[str], checkout: Path = REPO) -> float:
    """Requests a second as ``cpspec conformance --impl`` sends them: one request, then wait for its answer."""
    from cpspec.conformance.transport import PersistentTransport

    os.environ["PYTHONPATH"] = str(checkout / "reference_impl")
    transport = PersistentTransport(list(command), timeout=30.0)
    transport.start()
    requests = [json.loads(one) for one in lines]
    warm, timed = requests[: len(requests) // 10], requests[len(requests) // 10:]
    try:
        for request in warm:
            transport.exchange(request)
        start = time.perf_counter()
        for request in timed:
            assert transport.exchange(request).answer is not None
        took = time.perf_counter() - start
    finally:
        transport.close()
    return len(timed) / took


def bench_protocol(count: int, rounds: int, compare: Path | None = None) -> None:
    """Score requests through a pipe, as a ratio to a server that only parses and writes known answers.

    Each round serves the same new requests with ``cpspec protocol`` (the fast engine),
    ``cpspec protocol --engine reference`` (the rule modules alone) and
    ``bench/known_answers.py`` (decode each request, encode its known answer, write it), in a
    rotating order, two ways: pipelined (the client writes every request while reading the
    answers: the servers' own cost) and lock-step (as the conformance harness sends them).
    ``compare``: another checkout (say, an older commit's worktree) whose ``cpspec protocol``
    serves the same requests in the same rounds, reported as a ratio to this one's.
    """
    import tempfile

    from cpspec.protocol.server import answer

    python = [sys.executable]
    servers = {
        "fast": [*python, "-m", "cpspec", "protocol"],
        "reference": [*python, "-m", "cpspec", "protocol", "--engine", "reference"],
    }
    modes = {"pipelined": pipe_rate, "lock-step": lockstep_rate}
    rates: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for index in range(rounds):
            lines = score_requests(count, seed=SEED + 10 + index)
            known = Path(folder) / f"answers-{index}.jsonl"
            known.write_text("".join(json.dumps(answer(one), ensure_ascii=False) + "\n" for one in lines),
                             encoding="utf-8")
            commands = {**servers, "known": [*python, str(REPO / "bench" / "known_answers.py"), str(known)]}
            checkouts = dict.fromkeys(commands, REPO)
            if compare is not None:
                commands["compared"], checkouts["compared"] = [*python, "-m", "cpspec", "protocol"], compare
            names = list(commands)
            for mode, measure in modes.items():
                for name in names[index % len(names):] + names[: index % len(names)]:
                    rates.setdefault((mode, name), []).append(measure(commands[name], lines, checkouts[name]))
    for mode in modes:
        fast, reference, known_rate = (statistics.median(rates[mode, name]) for name in ("fast", "reference", "known"))
        ratios = [f / k for f, k in zip(rates[mode, "fast"], rates[mode, "known"], strict=True)]
        line(f"protocol score vs known answers, {mode}: {statistics.median(ratios):.2f} (cpspec protocol "
             f"{fast:,.0f} req/s, a process that only decodes each request and writes its known answer "
             f"{known_rate:,.0f} req/s; reference path {reference:,.0f} req/s, {reference / fast:.2f} of fast; "
             f"{count:,} new four-player score requests a round, median of {rounds} rounds)")
        if compare is not None:
            other = statistics.median(rates[mode, "compared"])
            against = [f / o for f, o in zip(rates[mode, "fast"], rates[mode, "compared"], strict=True)]
            line(f"protocol score vs {compare}, {mode}: {statistics.median(against):.2f} (this checkout "
                 f"{fast:,.0f} req/s, that one {other:,.0f} req/s, {other / known_rate:.2f} of the known-answer "
                 f"process; same requests and rounds; median of the rounds' ratios)")


# --- Open Face: the Fantasyland solver and finished boards --------------------------------------


def _arrangements(size: int) -> int:
    from math import comb

    return comb(size, 5) * comb(size - 5, 5) * comb(size - 10, 3)


#: The fastest published Fantasyland solver we found (Rust, with hand-category pruning), as its author
#: reports it: hands a second at 14 and at 17 cards. Not measured here: quoted beside our figures.
PUBLISHED_SOLVER: Final = {14: 148.7, 17: 1.5}


def bench_fantasyland(fast_count: int, exhaustive_count: int) -> None:
    """The solver's search against its readable definition (every arrangement valued), on the same hands.

    14 cards (pineapple): both are timed on the same hands. 17 cards (progressive-pineapple): the
    exhaustive search would value 171,531,360 arrangements a hand; its time is estimated from its own
    rate per arrangement on the 14-card hands of this run, and said so. The search's tables of royalties
    and requirements are filled before the clock starts (``fill_tables``), as a long-running server has them;
    each hand is timed in CPU time and in wall time.
    """
    from cpspec.analysis.fantasyland import solve_exhaustively
    from cpspec.fast.fantasyland import fill_tables, search

    rng = random.Random(SEED + 30)
    per_arrangement: list[float] = []
    for size, ruleset_id in ((14, "pineapple"), (17, "progressive-pineapple")):
        ruleset = bundled_registry().get(ruleset_id)
        hands = [tuple(rng.sample(range(52), size)) for _ in range(fast_count)]
        fill_tables(ruleset)
        search(hands[0], ruleset, 0)
        fast, walls = [], []
        for hand in hands:
            start, wall = time.process_time(), time.perf_counter()
            search(hand, ruleset, 0)
            fast.append(time.process_time() - start)
            walls.append(time.perf_counter() - wall)
        fast_median = statistics.median(fast) * 1000
        if size == 14:
            exhaustive = []
            for hand in hands[:exhaustive_count]:
                start = time.process_time()
                found = solve_exhaustively(hand, ruleset)
                exhaustive.append(time.process_time() - start)
                fast_found = search(hand, ruleset, 0)
                assert found is not None and fast_found == (found.front, found.middle, found.back), "must agree"
            baseline = statistics.median(exhaustive) * 1000
            per_arrangement = [t / _arrangements(size) for t in exhaustive]
            how = f"measured on {exhaustive_count} of the same hands"
        else:
            baseline = statistics.median(per_arrangement) * _arrangements(size) * 1000
            how = (f"estimated: its 14-card rate, {statistics.median(per_arrangement) * 1e9:.0f} ns an arrangement, "
                   f"times {_arrangements(size):,} arrangements")
        target = {14: 5, 17: 60}[size]
        published = 1000 / PUBLISHED_SOLVER[size]
        line(f"fantasyland solver, {size} cards: {fast_median:.1f} ms CPU, {statistics.median(walls) * 1000:.1f} ms "
             f"wall (target <= {target} ms; worst {max(fast) * 1000:.1f} ms CPU); the fastest published solver "
             f"{published:,.1f} ms ({PUBLISHED_SOLVER[size]} hands/s, Rust, its author's machine: quoted, not "
             f"measured); exhaustive {baseline / 1000:,.1f} s ({how}); ratio {baseline / fast_median:,.0f}x "
             f"(median of {fast_count} random hands, ruleset {ruleset_id})")


def bench_fantasyland_command(runs: int) -> None:
    """``cpspec fantasyland`` for one 14-card hand as a whole command: wall and CPU time of a fresh process,
    beside ``python -c pass`` and ``cpspec --help`` in the same rounds."""
    import resource

    python = [sys.executable]
    hand = ["As", "Kd", "7c", "7d", "2h", "3s", "9c", "Tc", "Jd", "Qh", "4s", "5s", "6d", "8h"]
    commands = {"python -c pass": [*python, "-c", "pass"], "cpspec --help": [*python, "-m", "cpspec", "--help"],
                "cpspec fantasyland": [*python, "-m", "cpspec", "fantasyland", *hand, "--ruleset", "pineapple"]}
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    names = list(commands)
    for run in range(runs):
        for name in names[run % len(names):] + names[: run % len(names)]:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            walls[name].append(wall_ms(commands[name]))
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus[name].append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000)
    wall, cpu_ms = (statistics.median(walls["cpspec fantasyland"]), statistics.median(cpus["cpspec fantasyland"]))
    line(f"fantasyland command, 14 cards: {wall:.0f} ms wall, {cpu_ms:.0f} ms CPU (target <= 300 ms; baselines in "
         f"the same rounds: python -c pass {statistics.median(walls['python -c pass']):.0f} ms wall "
         f"{statistics.median(cpus['python -c pass']):.0f} ms CPU, cpspec --help "
         f"{statistics.median(walls['cpspec --help']):.0f} ms wall {statistics.median(cpus['cpspec --help']):.0f} ms "
         f"CPU; a fresh process each, median of {runs} runs)")


def board_requests(count: int, seed: int) -> list[str]:
    """Score requests of finished Open Face boards: 2-4 players (Pineapple 2-3), each set by the advisor's
    opponent policy, some fouled (the cards in the order dealt)."""
    from cpspec.analysis.advise import opponent_player

    rng = random.Random(seed)
    lines = []
    for index in range(count):
        ruleset_id = ("open-face", "open-face-wikipedia", "pineapple")[index % 3]
        ruleset = bundled_registry().get(ruleset_id)
        players_count = rng.randint(2, ruleset.parameters.players.max)
        deck = rng.sample(range(52), 52)
        players = []
        for seat_index in range(players_count):
            seat = "ABCD"[seat_index]
            cards = deck[13 * seat_index: 13 * seat_index + 13]
            player = opponent_player(seat, cards, ruleset)
            if rng.random() < 0.15 or player.front is None or player.middle is None or player.back is None:
                players.append({"seat": seat, "front": cards_text(cards[:3]), "middle": cards_text(cards[3:8]),
                                "back": cards_text(cards[8:])})
            else:
                players.append({"seat": seat, "front": cards_text(player.front),
                                "middle": cards_text(player.middle), "back": cards_text(player.back)})
        lines.append(json.dumps({"id": index, "op": "score", "ruleset": ruleset_id, "input": {"players": players}}))
    return lines


def bench_boards(count: int, rounds: int) -> None:
    """Finished Open Face boards through the score op, per request, as a ratio to 13-card score requests."""
    from cpspec.protocol.server import answer

    ratios: list[float] = []
    board_times: list[float] = []
    deal_times: list[float] = []
    for index in range(rounds):
        boards = board_requests(count, seed=SEED + 40 + index)
        deals = score_requests(count, seed=SEED + 50 + index)
        answer(boards[0])
        answer(deals[0])
        pair = [(boards, board_times), (deals, deal_times)]
        for lines, times in pair if index % 2 == 0 else reversed(pair):
            times.append(cpu(lambda lines=lines: [answer(one) for one in lines]) / count)  # type: ignore[misc]
        ratios.append(board_times[-1] / deal_times[-1])
    line(f"open face boards vs 13-card score: {statistics.median(ratios):.2f} of the time a request "
         f"({statistics.median(board_times) * 1e6:.0f} us a board request with 2-4 players, "
         f"{statistics.median(deal_times) * 1e6:.0f} us a four-player 13-card one; {count:,} of each a round, "
         f"in-process through protocol.server.answer, median of {rounds} rounds)")


# --- start-up -------------------------------------------------------------------------------


def wall_ms(command: Sequence[str], stdin: bytes | None = None) -> float:
    env = {**os.environ, "PYTHONPATH": str(REPO / "reference_impl")}
    start = time.perf_counter()
    done = subprocess.run(command, input=stdin, capture_output=True, env=env, check=False)
    took = (time.perf_counter() - start) * 1000
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return took


def bench_startup(runs: int) -> None:
    python = [sys.executable]
    hello = b'{"id": 1, "op": "hello", "input": {}}\n'
    commands = {
        "--help": ([*python, "-m", "cpspec", "--help"], None, "cpspec --help"),
        "protocol": ([*python, "-m", "cpspec", "protocol"], b"", "cpspec protocol ready: started, read end of input"),
        "protocol hello": ([*python, "-m", "cpspec", "protocol"], hello,
                           "cpspec protocol's first answer, to hello (the engine's modules loaded)"),
    }
    baseline: list[float] = []
    times: dict[str, list[float]] = {name: [] for name in commands}
    names = list(commands)
    for run in range(runs):  # interleaved, in a rotating order
        order = ["baseline", *names]
        for name in order[run % len(order):] + order[: run % len(order)]:
            if name == "baseline":
                baseline.append(wall_ms([*python, "-c", "pass"]))
            else:
                command, stdin, _ = commands[name]
                times[name].append(wall_ms(command, stdin))
    base = statistics.median(baseline)
    for name, (_, _, what) in commands.items():
        took = statistics.median(times[name])
        target = "target 150; " if name != "protocol hello" else ""
        line(f"startup {name}: {took:.0f} ms ({target}baseline: python -c pass {base:.0f} ms, so "
             f"{took - base:+.0f} ms for cpspec; {what}; wall time, median of {runs} runs)")


# --- cpspec fuzz ---------------------------------------------------------------------------

REPLAY = """import json, sys
answers = json.load(open(sys.argv[1], encoding="utf-8"))
for line in sys.stdin:
    sys.stdout.write(answers[line.rstrip("\\n")] + "\\n")
    sys.stdout.flush()
"""


def bench_fuzz(count: int, rounds: int) -> None:
    """The fuzzer's own rate: against an implementation that answers at once (it replays the
    reference's answers, prepared beforehand), and against the reference server; baseline: the
    same requests answered in-process by the reference alone, with no second side."""
    import json
    import tempfile

    from cpspec.conformance.fuzz import generate_requests
    from cpspec.conformance.fuzz.run import fuzz
    from cpspec.conformance.transport import PersistentTransport, encode
    from cpspec.protocol.server import answer_text

    requests = list(generate_requests(SEED, count))
    lines = [encode(r).decode("utf-8").rstrip("\n") for r in requests]
    hello = encode({"id": 0, "op": "hello", "input": {}}).decode("utf-8").rstrip("\n")
    alone = min(elapsed(lambda: [answer_text(text) for text in lines]) for _ in range(rounds))
    with tempfile.TemporaryDirectory() as folder:
        answers, script = Path(folder) / "answers.json", Path(folder) / "replay.py"
        answers.write_text(json.dumps({text: answer_text(text) for text in [hello, *lines]}), encoding="utf-8")
        script.write_text(REPLAY, encoding="utf-8")
        targets = {"a replaying implementation": [sys.executable, str(script), str(answers)],
                   "the reference server": [sys.executable, "-m", "cpspec", "protocol"]}
        for name, argv in targets.items():
            rates = []
            for _ in range(rounds):
                run = fuzz(PersistentTransport(argv, timeout=30), None, SEED, count)
                assert run.disagreed == 0, f"{name}: {run.disagreed} disagreements"
                rates.append(run.sent / run.seconds)
            line(f"fuzz against {name}: {statistics.median(rates):,.0f} req/s (rounds {min(rates):,.0f} to "
                 f"{max(rates):,.0f}; {count:,} requests of seed {SEED}, all ops and rulesets, wall time; baseline: "
                 f"the reference alone in-process answers them at {count / alone:,.0f} req/s)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions: under a minute")
    parser.add_argument("--only", action="append",
                        choices=("eval5", "settings", "protocol", "startup", "fuzz", "openface", "fantasyland"),
                        help="run only these benchmarks (repeatable; fantasyland: the solver and the command, "
                             "openface: those and finished boards)")
    parser.add_argument("--compare", type=Path, metavar="CHECKOUT",
                        help="another checkout (e.g. a worktree of an older commit): its `cpspec protocol` "
                             "serves the protocol benchmark's requests too, reported as a ratio")
    args = parser.parse_args(argv)
    quick = args.quick
    chosen = set(args.only or ("eval5", "settings", "protocol", "startup", "fuzz", "openface"))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    calibration = min(cpu(lambda: [sum(range(1000)) for _ in range(2000)]) for _ in range(5)) / 2000 * 1e6
    line(f"machine: Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
         f"load average {load:.2f}, sum(range(1000)) takes {calibration:.1f} us"
         f"{' (quick run)' if quick else ''}")
    if "eval5" in chosen:
        bench_eval5(hands_count=20_000 if quick else 50_000, rounds=5 if quick else 9)
    if "settings" in chosen:
        bench_settings(hands_count=60 if quick else 300, naive_count=1 if quick else 3, ruleset_id="chiptalk")
    if "protocol" in chosen:
        bench_protocol(count=1000 if quick else 3000, rounds=3 if quick else 5,
                       compare=args.compare.resolve() if args.compare else None)
    if "startup" in chosen:
        bench_startup(runs=7 if quick else 21)
    if "fuzz" in chosen:
        bench_fuzz(count=3000 if quick else 10_000, rounds=3 if quick else 5)
    if "openface" in chosen or "fantasyland" in chosen:
        bench_fantasyland(fast_count=40 if quick else 200, exhaustive_count=1 if quick else 3)
        bench_fantasyland_command(runs=5 if quick else 15)
    if "openface" in chosen:
        bench_boards(count=500 if quick else 2000, rounds=3 if quick else 5)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
