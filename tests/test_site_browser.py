"""A real browser opens the built rulebook: a ruleset page shows its rules, and search finds a rule by id.

Headless Chromium is driven over the DevTools protocol through a pipe (--remote-debugging-pipe:
NUL-separated JSON on file descriptors 3 and 4), so no WebDriver or websocket library is needed.
The site is served from a thread on 127.0.0.1 at a random port.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from cpspec.rulesets.loader import bundled_registry

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")


def find_chromium() -> str | None:
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


#: Chromium reads DevTools commands on fd 3 and writes answers on fd 4: this trampoline puts the
#: pipe's ends there (by way of fds above 9, so that neither move clobbers the other) and execs it.
_PLACE_FDS = """
import fcntl, os, sys
read_end, write_end = (fcntl.fcntl(int(fd), fcntl.F_DUPFD, 10) for fd in sys.argv[1:3])
os.dup2(read_end, 3)
os.dup2(write_end, 4)
os.execv(sys.argv[3], sys.argv[3:])
"""


class Browser:
    """A headless Chromium and one page, over the DevTools protocol on a pipe."""

    def __init__(self, binary: str, profile: str) -> None:
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        command = [binary, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"]
        self.process = subprocess.Popen(
            [sys.executable, "-c", _PLACE_FDS, str(to_chrome_r), str(from_chrome_w), *command],
            pass_fds=(to_chrome_r, from_chrome_w),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._last_id = 0
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def call(self, method: str, params: dict[str, Any] | None = None, session: str | None = None,
             timeout: float = 20.0) -> dict[str, Any]:
        self._last_id += 1
        message: dict[str, Any] = {"id": self._last_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self._last_id:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    result: dict[str, Any] = reply.get("result", {})
                    return result
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer to {method} from chromium")
            ready, _, _ = select.select([self._from_chrome], [], [], left)
            if ready:
                chunk = os.read(self._from_chrome, 1 << 16)
                if not chunk:
                    raise EOFError("chromium closed the DevTools pipe")
                self._buffer += chunk

    def open(self, url: str) -> None:
        self.call("Page.navigate", {"url": url}, self.session)

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, self.session)
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 30.0) -> Any:
        """Evaluate until the value is truthy (the page loads, the search worker answers)."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"page never satisfied: {expression}")
            time.sleep(0.1)

    def close(self) -> None:
        with contextlib.suppress(OSError, TimeoutError, EOFError, RuntimeError):
            self.call("Browser.close", timeout=5)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_chrome)
        os.close(self._from_chrome)


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    pytest.importorskip("mkdocs", reason="mkdocs is part of the test and docs extras")
    from test_site_build import build_site

    site, done = build_site()
    assert done.returncode == 0, done.stdout + done.stderr
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    binary = find_chromium()
    if binary is None:
        pytest.skip("Chromium is not installed (apt-get install chromium); the browser smoke test needs it")
    profile = tempfile.mkdtemp(prefix="cpspec-chromium-")
    chrome = Browser(binary, profile)
    try:
        yield chrome
    finally:
        chrome.close()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.mark.slow
def test_a_ruleset_page_shows_its_rules(site_url: str, browser: Browser) -> None:
    ruleset = bundled_registry().get("chiptalk")
    browser.open(f"{site_url}rulesets/chiptalk.html")
    browser.wait_for("document.readyState === 'complete' && document.getElementById('ct-overall-point') !== null")
    ids = browser.evaluate(
        "Array.from(document.querySelectorAll('h3[id]')).map(h => h.id)")
    assert [r.id for r in ruleset.rules if r.id not in ids] == []
    heading = browser.evaluate("document.getElementById('ct-overall-point').textContent")
    assert "ct-overall-point" in heading and "overall point" in heading.lower()
    citation = browser.evaluate(f"document.body.innerText.includes('chiptalk {ruleset.version}, rule ct-overall-point')")
    assert citation is True


@pytest.mark.slow
def test_search_finds_a_rule_by_its_id(site_url: str, browser: Browser) -> None:
    browser.open(f"{site_url}search.html?q=ct-overall-point")
    links = browser.wait_for(
        "Array.from(document.querySelectorAll('#mkdocs-search-results article a')).map(a => a.href)")
    assert f"{site_url}rulesets/chiptalk.html#ct-overall-point" in links[:5], links[:5]
