"""The desk's "Which rules were these?" page: deals entered with the desk's form, what each seat was paid, and
the ``identify`` answer (``js/desk-which-rules.js``, its words in ``js/desk-messages.js``).

The page is the desk's form (:func:`cpspec.present.desk_site.desk_form`: the same player and row entry, card
grid and errors in the players' terms) without the ruling and the session: below it, a field per seat for
what was paid, the deals entered so far, and the answer of :func:`cpspec.present.desk_which_rules.identify`.
"""

from __future__ import annotations

from collections.abc import Sequence

from cpspec.present.desk_site import desk_form, desk_scripts
from cpspec.rules.model import Ruleset


def which_rules_page(rulesets: Sequence[Ruleset], engine_available: bool, bundle_version: str = "",
                     pyodide_version: str = "") -> str:
    """The Markdown of ``desk-which-rules.md``."""
    missing, form = desk_form(rulesets, engine_available, bundle_version, pyodide_version)
    return f"""# Which rules were these?

An app, a website or another table paid some deals, and you want to know which rules it plays. Enter each
deal as on the [dispute desk](desk.md) (the ruleset picked above the players only sets up the form: its
seats and declarations; every ruleset of this rulebook is tried), then what each seat was paid in all on
that deal, and add it. After a few deals, ask: the answer is the rulesets that pay every deal as it was paid;
else the nearest ruleset and the fewest parameter changes that would (with a house ruleset file to
download); and, when several remain, the next deal to play to tell them apart. It is `cpspec identify`
([Which rules are we playing?](which-rules.md)), run in your browser.

{missing}
{form}
<section id="wr-observed" class="desk-session" aria-labelledby="wr-paid-title">
<h2 id="wr-paid-title" data-msg="whichPaidTitle">What was paid on this deal</h2>
<p class="desk-note" data-msg="whichPaidHelp">Each seat's total on this deal: what it won (12) or lost (-12).
Leave a seat empty if you do not know it.</p>
<div id="wr-totals" class="desk-stacks"></div>
<p class="desk-buttons"><button type="button" id="wr-add" data-msg="whichAdd">Add this deal</button>
<button type="button" id="wr-undo" data-msg="whichUndo">Take back the last deal</button></p>
<p id="wr-note" class="desk-note" role="status"></p>
<ol id="wr-deals" class="wr-deals"></ol>
<p class="desk-buttons"><button type="button" id="wr-identify" data-msg="whichIdentify">Which rules were
these?</button>
<button type="button" id="wr-download" data-msg="whichDownload">Download the deals file</button></p>
<div id="wr-answer" class="desk-result" aria-live="polite"></div>
</section>
</div>

<noscript>This page needs JavaScript; <code>cpspec identify DEALS</code> gives the same answer.</noscript>
{desk_scripts(engine_available, "desk-which-rules.js")}"""


__all__ = ["which_rules_page"]
