"""oldtricks_sphinx: the Sphinx extension behind the oldtricks rules pages.

Each feature registers its nodes, directives, roles and events in one ``setup_*`` function:

- :mod:`.scenario` ``{scenario} ID``: a scenario replayed at build time, embedded as a game viewer;
- :mod:`.rules` ``{rule} ID`` (a rule block) and ``{rule}`ID``` (a citation);
- :mod:`.tables` ``{coverage}`` and ``{options} GAME``; :mod:`.ddtable` ``{ddtable} ID`` (a Drogue deal's
  double-dummy table); :mod:`.lessons` ``{lessons} GAME`` (a course);
  :mod:`.glossary` the meaning of a glossary term on every link to it; :mod:`.ledger` ``{ledger}``
  (the rules ledger as one table); :mod:`.picture` ``{trick}`` (one trick drawn as cards);
  :mod:`.drawing` ``{drawing}`` (a figure in HTML and SVG whose words the catalogs translate);
  :mod:`.tabs` ``{tabs}`` and ``{tab} LABEL`` (the readings of one deal, one at a time);
  :mod:`.folds` ``{examples}`` and ``{fold} LINE`` (a section's viewers, or any part of a page, folded
  under a line that names them);
  :mod:`.stats` ``{stats} FILE PLOT`` (a plot of simulated games from a ``stats/`` data file), its
  numbers on a page of their own (:mod:`.plotnumbers`);
- :mod:`.links` links resolved once every page is read; :mod:`.store` what the build remembers;
  :mod:`.solved` the solver's numbers, kept for the other editions;
- :mod:`.assets` the widget's static files and the live engine's runtime, built by the package beside
  this one, ``oldtricks_runtime`` (the widget bundled and minified, Pyodide and the engine wheel, the
  precompressed copies);
- :mod:`.sandbox` ``{sandbox} GAME`` (deal, play, annotate, share); :mod:`.embeds` a bare page per
  scenario for iframes, and ``{embed} ID``; :mod:`.textpage` a page's viewers as text, on a page of
  their own; :mod:`.csp` a Content-Security-Policy on every page;
  :mod:`.standards` a description on every page, and landmarks and code blocks the checkers accept;
  :mod:`.language` the engine's sentences in the edition's language (``language`` in conf.py).
- :mod:`.editions` the German and Polish editions beside the English site (switcher, translated pages,
  their catalogs checked), :mod:`.i18n` the extension's own words in the edition's language.

``conf.py`` must put ``engine/`` and ``site/`` on ``sys.path`` (the engine, this package and ``oldtricks_runtime``);
the engine needs nothing installed.

>>> from oldtricks_sphinx import embeds
>>> embeds.embed_page("drogue/example")  # where a scenario's embed page is published
'embed/drogue/example'
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from .assets import setup_assets
from .csp import setup_csp
from .ddtable import setup_ddtable
from .drawing import setup_drawing
from .editions import setup_editions
from .embeds import setup_embeds
from .folds import setup_folds
from .glossary import setup_glossary
from .i18n import setup_i18n
from .language import setup_language
from .ledger import setup_ledger
from .lessons import setup_lessons
from .links import setup_links
from .picture import setup_picture
from .plotnumbers import setup_numbers
from .project import setup_project
from .rules import setup_rules
from .sandbox import setup_sandbox
from .scenario import setup_scenario
from .solved import setup_solved
from .standards import setup_standards
from .stats import setup_stats
from .store import setup_store
from .studypage import setup_study
from .tables import setup_tables
from .tabs import setup_tabs
from .textpage import setup_textpage
from .words import setup_words

__version__ = "0.1.0"


def setup(app: Sphinx) -> dict[str, Any]:
    for feature in (
        setup_language,
        setup_project,
        setup_i18n,
        setup_store,
        setup_solved,
        setup_links,
        setup_scenario,
        setup_rules,
        setup_tables,
        setup_ddtable,
        setup_lessons,
        setup_glossary,
        setup_ledger,
        setup_picture,
        setup_drawing,
        setup_tabs,
        setup_folds,
        setup_stats,
        setup_numbers,
        setup_assets,
        setup_sandbox,
        setup_study,
        setup_embeds,
        setup_textpage,
        setup_csp,
        setup_standards,
        setup_editions,
        setup_words,
    ):
        feature(app)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
