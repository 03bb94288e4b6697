"""The JSON Lines protocol (docs/protocol.md): reading inputs, the ops, one definition of each answer, the server.

* :mod:`~cpspec.protocol.inputs` — an op's JSON input read into the rule modules' types, errors located.
* :mod:`~cpspec.protocol.registry` and :mod:`cpspec.protocol.ops` — the ops, each a handler.
* :mod:`~cpspec.protocol.outputs` — the JSON shape of every answer, defined once.
* :mod:`~cpspec.protocol.server` — one request a line in, one answer a line out.
* :mod:`~cpspec.protocol.deal_files` — the YAML deal files of the command line, read as ``score`` inputs.
"""
