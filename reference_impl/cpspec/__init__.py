"""cpspec: the reference engine of chinese-poker-spec.

It knows poker, not variants: every variant's behaviour comes from a ruleset file.
"""

__version__ = "0.1.0"
PROTOCOL_VERSION = 1
