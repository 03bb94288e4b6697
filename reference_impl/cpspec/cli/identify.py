"""Tell which rulesets pay what was observed on some deals, or the fewest parameter changes that would.

OBSERVATIONS is a YAML or JSON file ``{deals: [{players: [...], totals: {A: 3, B: -3}}, ...]}``: each
deal a ``score`` input with what was paid (``totals``, or ``matchups`` of two seats' points). The
candidates are the bundled rulesets and those of ``--rulesets DIR``. When none agrees, the nearest
is changed within the search space of docs/which-rules.md; ``--house FILE`` writes the fix found as
a house ruleset that extends it. When several candidates remain, the next deal to play is proposed.
"""

from __future__ import annotations

import argparse

from cpspec.cli.ruleset_options import add_rulesets_option, registry


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cpspec identify``: the observations, ``--json``, ``--house`` and ``--rulesets``."""
    parser.add_argument("observations", metavar="OBSERVATIONS", help="a YAML or JSON file of deals and what was paid")
    parser.add_argument("--json", action="store_true", help="print the protocol's identify output as JSON")
    parser.add_argument("--house", metavar="FILE", help="write the fix found as a house ruleset file (its id: "
                        "the file's name)")
    add_rulesets_option(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``cpspec identify``: print the agreeing rulesets, or the nearest and its fixes (exit status 0)."""
    import json
    from pathlib import Path

    from cpspec.analysis.house_ruleset import house_yaml
    from cpspec.errors import CpspecError
    from cpspec.present.identify_text import identify_text
    from cpspec.protocol.deal_files import DealFile
    from cpspec.protocol.ops.which_rules import op_identify
    from cpspec.protocol.registry import serving
    from cpspec.rulesets.yamlsafe import load_yaml_file, require_mapping

    loaded = load_yaml_file(Path(args.observations))
    data = require_mapping(loaded)
    house_id = Path(args.house).stem if args.house else None
    request = {"deals": data.get("deals"), **({"house_id": house_id} if house_id else {})}
    unknown = sorted(set(data) - {"deals"})
    if unknown:
        raise CpspecError("bad_input", f"unknown field(s) {', '.join(unknown)}", loaded.where(()))
    with serving(registry(args)), DealFile("", data, loaded).locating_errors():
        output = op_identify(None, request)
    if args.house:
        if "house_ruleset" not in output:
            raise CpspecError("bad_input", "no house ruleset to write: "
                              + ("a ruleset agrees already" if output["agreeing"] else "no fix was found"), "--house")
        Path(args.house).write_text(house_yaml(output["house_ruleset"]), encoding="utf-8")
    print(json.dumps(output, indent=2, ensure_ascii=False) if args.json else identify_text(output))
    return 0
