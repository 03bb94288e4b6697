"""The conformance corpus (cases), the harness that runs it, its transports, and the fuzzer (fuzz/)."""

#: Answers in a row that do not come within the timeout before a run gives up on the implementation
#: (here, not in transport.py, so that the command line can show it without importing the transport).
DEFAULT_MAX_TIMEOUTS = 3
