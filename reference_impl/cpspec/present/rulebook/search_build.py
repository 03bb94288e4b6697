"""Writing the search index into a built site: the records of :mod:`cpspec.present.rulebook.search_index`,
written as small files to a scratch folder and indexed by Pagefind's own program (the ``pagefind[extended]``
package of the docs and test extras: its binary, run offline) into the site's ``pagefind/``.

(Pagefind's Python API answers one file a tenth of a second; the program indexes thousands in a second.)
"""

from __future__ import annotations

import importlib
import os
import subprocess
import tempfile
from pathlib import Path

from cpspec.present.rulebook.inputs import Inputs
from cpspec.present.rulebook.search_index import SearchRecord, guide_record, is_guide, search_records


def site_records(site: Path, inputs: Inputs) -> list[SearchRecord]:
    """Every record to index: the rules and cases, and each guide page as MkDocs wrote it into ``site``."""
    records = search_records(inputs)
    for path in sorted(site.rglob("*.html")):
        url = path.relative_to(site).as_posix()
        if is_guide(url):
            records.append(guide_record(url, path.read_text(encoding="utf-8")))
    return records


def pagefind_program() -> Path:
    """The Pagefind program of the installed ``pagefind_bin_extended`` package (or ``pagefind_bin``).

    Raises ImportError, saying what to install, when neither is there.
    """
    for name in ("pagefind_bin_extended", "pagefind_bin"):
        try:
            package = importlib.import_module(name)
        except ImportError:
            continue
        return Path(package.get_executable())
    raise ImportError("the rulebook's search needs Pagefind: pip install 'pagefind[extended]' "
                      "(part of the docs and test extras)")


#: Where the records are written for Pagefind to read, if the system has it: a folder in memory. (On a disk, making
#: the 4,400-odd small files cost five seconds of the build's processor time on the machine it was measured on;
#: in memory, one.)
MEMORY_FOLDER = Path("/dev/shm")


def scratch_folder() -> str | None:
    """The folder the records' scratch folder is made in: :data:`MEMORY_FOLDER` where it is a writable folder,
    else the system's usual one (None)."""
    return str(MEMORY_FOLDER) if MEMORY_FOLDER.is_dir() and os.access(MEMORY_FOLDER, os.W_OK) else None


def write_search_index(site: Path, inputs: Inputs) -> int:
    """Index the built site into ``site/pagefind``; the number of records indexed.

    Hyphens count as letters (``--include-characters -``), so that a rule id is one word of the index.
    Raises RuntimeError with Pagefind's own message if it fails.
    """
    records = site_records(site, inputs)
    with tempfile.TemporaryDirectory(prefix="cpspec-search-", dir=scratch_folder()) as scratch:
        for record in records:
            target = Path(scratch) / record.file
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(record.html, encoding="utf-8")
        done = subprocess.run(
            [str(pagefind_program()), "--site", scratch, "--output-path", str(site / "pagefind"), "--silent",
             "--include-characters", "-"],
            capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"pagefind failed: {done.stdout}{done.stderr}")
    return len(records)
