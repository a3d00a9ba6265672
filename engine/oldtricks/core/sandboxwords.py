"""The sandbox's own words (its form, play bar, notes, links and messages: site/oldtricks_sphinx/static/oldtricks/
teach/sandbox*.js, setup.js, playbar.js), messages of context ``widget`` like the board's: part of
:data:`oldtricks.core.widgetwords.WORDS`, which the pages carry in their language.

>>> "Start over" in SANDBOX_WORDS
True
"""

from __future__ import annotations

from .i18n import pN_

SANDBOX_WORDS: tuple[str, ...] = (
    pN_("widget", "A new deal. The game you had under way here is kept in this link:"),
    pN_("widget", "Add to a study"),
    pN_("widget", "As played"),
    pN_("widget", "Cards"),
    pN_("widget", "Copy link"),
    pN_("widget", "Deal and rules"),
    pN_("widget", "Deal {seed}, dealt and played by the engine: {rules} the game parts from this one at step {step}."),
    pN_("widget", "Dealer"),
    pN_("widget", "Dealing starts a new game: the moves played so far are dropped."),
    pN_("widget", "Discard this game? Click again"),
    pN_("widget", "Download scenario file"),
    pN_("widget", "How to deal"),
    pN_("widget", "Its bots:"),
    pN_("widget", "Let the engine play {seat}"),
    pN_("widget", "Link copied: it opens this game at this step."),
    pN_("widget", "Link to this game and step"),
    pN_("widget", "Name"),
    pN_("widget", "Name of seat {seat} ({name})"),
    pN_("widget", "New seed"),
    pN_("widget", "No link could be made: {error}"),
    pN_("widget", "No scenario file could be made: {error}"),
    pN_("widget", "Note"),
    pN_("widget", "Note on step {step}"),
    pN_("widget", "Note removed from step {step}."),
    pN_("widget", "Note saved on step {step}."),
    pN_(
        "widget",
        "One field per seat: the cards as on the rules pages (rank then suit, e.g. UA for the Unter of Acorns, 10H or"
        " TH for the Ten of Hearts), separated by spaces; a pile is listed top card first. The engine checks the deal.",
    ),
    pN_("widget", "Pick the hands"),
    pN_("widget", "Players"),
    pN_("widget", "Rules"),
    pN_("widget", "Sandboxes"),
    pN_("widget", "Sandboxes:"),
    pN_("widget", "Save note"),
    pN_("widget", "Scenario file {name} made. Check it with: {command}"),
    pN_("widget", "Seats the engine plays"),
    pN_("widget", "Shuffle with a seed"),
    pN_("widget", "Start from the shuffled deal"),
    pN_("widget", "Start over"),
    pN_("widget", "The engine plays:"),
    pN_("widget", "The game is over. Step back to play another move from there."),
    pN_("widget", "The moves stop early: {reason}"),
    pN_("widget", "The rules engine could not be loaded ({error}), so the sandbox cannot start."),
    pN_("widget", "The seed must be a whole number (0 or more)."),
    pN_("widget", "This game cannot be shown: {error}."),
    pN_("widget", "This link cannot be opened: {error}."),
    pN_("widget", "Turn up the top card"),
    pN_("widget", "open it again"),
    pN_("widget", "the engine could not deal it"),
    pN_("widget", "under {rules}"),
    pN_("widget", "{first} and {second}"),
    pN_("widget", "{name}'s cards"),
    pN_("widget", "{seat} is to play, and the engine plays {seat}."),
    pN_("widget", "{seat} is to play: click a highlighted card or a move."),
    pN_("widget", "{seat} is to play: click a highlighted card."),
)
