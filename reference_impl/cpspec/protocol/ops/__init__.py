"""The protocol's ops, one module per family; importing this package registers them all in :data:`OPS`."""

from cpspec.protocol.ops.about import op_describe, op_hello
from cpspec.protocol.ops.analysis import op_advise, op_settings
from cpspec.protocol.ops.deals import op_score, op_tournament
from cpspec.protocol.ops.hands import op_check_setting, op_classify, op_compare, op_find_naturals
from cpspec.protocol.ops.open_face import op_check_play, op_qualify_fantasyland, op_solve_fantasyland
from cpspec.protocol.ops.session import op_score_session
from cpspec.protocol.ops.tables import op_collection
from cpspec.protocol.ops.which_rules import op_diff, op_identify
from cpspec.protocol.registry import OPS

__all__ = [
    "OPS", "op_advise", "op_check_play", "op_check_setting", "op_classify", "op_collection", "op_compare",
    "op_describe", "op_diff", "op_find_naturals", "op_hello", "op_identify", "op_qualify_fantasyland", "op_score",
    "op_score_session",
    "op_settings", "op_solve_fantasyland", "op_tournament",
]
