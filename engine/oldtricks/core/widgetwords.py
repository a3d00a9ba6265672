r"""The widget's own words: its buttons, counters, labels for screen readers and messages, in the catalogs of
the engine (messages of context ``widget``), so that a German or Polish edition's board speaks its language.

The widget's scripts (site/oldtricks_sphinx/static/oldtricks/*.js, and the study page's teach/study*.js) write
each as ``t("English")`` or ``nt("singular", "plural", n)`` and never a sentence of their own;
``tests/test_widget_words.py`` checks that the two lists are the same. The build exports :func:`widget_words` of
the edition's language as JSON into its pages (site/oldtricks_sphinx/language.py); the English edition needs none.

>>> words = widget_words("de")
>>> words["Play from here"], words["rank\x04Unter"], words["plural"][:3]
('Von hier spielen', 'Unter', [1, 0, 1])
>>> words["{count} card\x00{count} cards"]
['{count} Karte', '{count} Karten']
"""

from __future__ import annotations

from typing import Any

from .cards import GERMAN_CARD_NAMES, RANK_NAMES, SUIT_NAMES
from .i18n import Lang, _, catalog, language, npN_, pgettext, pN_
from .sandboxwords import SANDBOX_WORDS

CONTEXT = "widget"
PLURAL_TABLE = 200  # the form of each number below this; a larger one takes that of 100 + n % 100 (words.js)

WORDS: tuple[str | tuple[str, str], ...] = (
    pN_("widget", " (not among the legal moves)"),
    pN_(
        "widget",
        "A side line from step {step}, replayed by the live engine: “Back to the main line” returns"
        " to the scenario's line.",
    ),
    pN_("widget", "A side line played {rule}"),
    pN_("widget", "About this position"),
    pN_("widget", "After the deal."),
    pN_("widget", "All hands"),
    pN_("widget", "Analysis"),
    pN_("widget", "Analysis: asking the engine what it will take…"),
    pN_("widget", "Analysis: each legal move's value with best play, by the live engine"),
    pN_("widget", "Analysis: {error}"),
    pN_("widget", "Analysis: {plan}"),
    pN_("widget", "Analysis: {seat} to play. Values: {measure}."),
    pN_("widget", "As written"),
    pN_("widget", "Back to the book"),
    pN_("widget", "Back to the book: show the scenario as written"),
    pN_("widget", "Back to the book: the scenario as written."),
    pN_("widget", "Back to the main line"),
    pN_("widget", "Best line: "),
    pN_("widget", "Black nose"),
    pN_("widget", "Bots"),
    pN_("widget", "Buttonhole"),
    pN_("widget", "Clips"),
    pN_("widget", "Close (Esc)"),
    pN_("widget", "Close help"),
    pN_("widget", "Copy a link to this step"),
    pN_("widget", "Copy this link:"),
    pN_("widget", "Deal"),
    pN_("widget", "Deal {seed}, dealt and played by the engine: the two readings part at step {step}."),
    pN_("widget", "Dismiss"),
    pN_("widget", "Dismiss message"),
    pN_("widget", "Double-dummy table of the deal: "),
    pN_("widget", "Double-dummy table of the deal: the engine is working it out…"),
    pN_("widget", "Downloading the Python runtime"),
    pN_("widget", "Draw"),
    pN_("widget", "Each choice replays this deal under that rule, computed by the live engine (loaded on first use)."),
    pN_("widget", "Endless game"),
    pN_("widget", "Engine"),
    pN_("widget", "Find a deal where they differ"),
    pN_("widget", "Find the move first: click a card, or choose “Show me”."),
    pN_("widget", "First look: {seat} to play. Values: {measure}."),
    pN_("widget", "First step (Home)"),
    pN_("widget", "Game over"),
    pN_("widget", "Game viewer: {title}"),
    pN_("widget", "Go to step {step}, where they part"),
    pN_("widget", "Hide {seat}'s hand"),
    pN_("widget", "Hint"),
    pN_("widget", "Home / End on a card"),
    pN_("widget", "Importing the engine"),
    pN_("widget", "Installing the engine"),
    pN_("widget", "Jump to trick"),
    pN_("widget", "Keyboard shortcuts"),
    pN_("widget", "Keyboard shortcuts (?)"),
    pN_("widget", "Keys work while this game viewer has the focus. Every step has its own link."),
    pN_("widget", "Last step (End)"),
    pN_("widget", "Legal moves, best first"),
    pN_("widget", "Level of the engine's bots"),
    pN_("widget", "Link"),
    pN_("widget", "Link copied: {url}"),
    pN_("widget", "Link to this step"),
    pN_("widget", "Live: the game is over at this step; step back to play a different move."),
    pN_("widget", "Live: you play {seat}, the engine plays the others."),
    pN_("widget", "Live: you play {seat}. Click a highlighted card or a move button."),
    pN_("widget", "Live: you play {seat}; the engine plays the others."),
    pN_("widget", "Loading the live engine"),
    pN_("widget", "Loading the live engine…"),
    pN_("widget", "Locating the runtime"),
    pN_("widget", "Look at what is already on the table."),
    pN_("widget", "Moves"),
    pN_("widget", "Next step (Right arrow)"),
    pN_("widget", "No deal was found."),
    pN_("widget", "No trick yet"),
    pN_("widget", "Not {move}. {why}"),
    pN_("widget", "Pace of the engine's moves"),
    pN_("widget", "Pause (Space)"),
    pN_("widget", "Penalty"),
    pN_("widget", "Play (Space)"),
    pN_("widget", "Play from here"),
    pN_("widget", "Play from here against the live engine"),
    pN_("widget", "Play the "),
    pN_("widget", "Play the {card}"),
    pN_("widget", "Play: turn up the top card"),
    pN_("widget", "Player"),
    pN_("widget", "Previous step (Left arrow)"),
    pN_("widget", "Ready"),
    pN_("widget", "Right: {move}."),
    pN_("widget", "Rules shown at this step"),
    pN_("widget", "Seat you play"),
    pN_("widget", "Seat {seat}"),
    pN_("widget", "Show me"),
    pN_("widget", "Show {seat}'s hand"),
    pN_("widget", "Showing this scenario with option “{option}: {value}”, computed by the live engine."),
    pN_("widget", "Side line from step {step}"),
    pN_("widget", "Start again"),
    pN_("widget", "Starting"),
    pN_("widget", "Starting Python"),
    pN_("widget", "Step through the best line"),
    pN_("widget", "Step through the game"),
    pN_("widget", "Step {step}"),
    pN_("widget", "Step {step}."),
    pN_("widget", "Stopped"),
    pN_("widget", "The best line could not be played: {error}"),
    pN_("widget", "The best line from step {step}, as a side line: step through it; “Back to the main line” returns."),
    pN_("widget", "The bots could not move."),
    pN_("widget", "The engine is dealing and playing out deals…"),
    pN_("widget", "The engine is playing the other seats…"),
    pN_("widget", "The engine refused that move."),
    pN_("widget", "The game is over. Step back to try another move."),
    pN_("widget", 'The link names a game "{id}" that is not on this page.'),
    pN_("widget", "The live engine could not be loaded ({error}). The book still works."),
    pN_("widget", "The live engine could not open this scenario."),
    pN_("widget", "The live engine failed: {error}"),
    pN_("widget", "The move was {move}."),
    pN_("widget", "The scripted moves stop early, {why}"),
    pN_("widget", "The side line of this link cannot be played: step {step} is not in the line it leaves"),
    pN_("widget", "The side line of this link cannot be played: {error}"),
    pN_("widget", "The two readings could not be compared: {error}"),
    pN_("widget", "The two readings part here"),
    pN_("widget", "This game viewer could not be started: its data is missing or damaged."),
    pN_("widget", "This step"),
    pN_("widget", "This step has a note"),
    pN_("widget", "Trick"),
    pN_("widget", "Trick {number}"),
    pN_("widget", "Try other rules"),
    pN_("widget", "Try the "),
    pN_("widget", "Try the {card} (not among the legal moves)"),
    pN_("widget", "Turn up the top card of {seat}'s pile"),
    pN_("widget", "Two readings side by side"),
    pN_("widget", "View"),
    pN_("widget", "What happened"),
    pN_("widget", "Whose view"),
    pN_("widget", "You play"),
    pN_("widget", "Your move"),
    pN_("widget", "Your move:"),
    pN_("widget", "Your move: click a highlighted card."),
    pN_("widget", "Your move: what should {seat} play here?"),
    pN_("widget", "after the deal"),
    pN_("widget", "assumed"),
    pN_("widget", "back to this trick's start (or the one before) / on to the next trick"),
    pN_("widget", "close this help"),
    pN_("widget", "disputed"),
    pN_("widget", "documented"),
    pN_("widget", "fast"),
    pN_("widget", "first / last step"),
    pN_("widget", "has a note"),
    pN_("widget", "hidden card"),
    pN_("widget", "hide"),
    pN_("widget", "led by {seat}"),
    pN_("widget", "no answer"),
    pN_("widget", "no cards"),
    pN_("widget", "no cards played yet"),
    pN_("widget", "no winner"),
    pN_("widget", "none"),
    pN_("widget", "play / pause"),
    pN_("widget", "played next"),
    pN_("widget", "previous / next step"),
    pN_("widget", "show"),
    pN_("widget", "show or hide this help"),
    pN_("widget", "simple"),
    pN_("widget", "simple bots: {words}"),
    pN_("widget", "slow"),
    pN_("widget", "solved"),
    pN_("widget", "steady"),
    pN_("widget", "step {step}"),
    pN_("widget", "step {step} / {last}"),
    pN_("widget", "strong"),
    pN_("widget", "strong bots: {words}"),
    pN_("widget", "suggested"),
    pN_("widget", "the cards are dealt"),
    pN_("widget", "the engine did not answer"),
    pN_("widget", "the first / last card or move"),
    pN_("widget", "the live engine failed: {error}"),
    pN_("widget", "the next / previous card or move to play"),
    pN_("widget", "the readings part here"),
    pN_("widget", "the same board so far"),
    pN_("widget", "the {card}"),
    pN_("widget", "they part here"),
    pN_("widget", "they parted at step {step}"),
    pN_("widget", "to play"),
    pN_("widget", "to the next part of the viewer: a hand, or the row of moves, is one stop"),
    pN_("widget", "top"),
    pN_("widget", "wins"),
    pN_("widget", "wins the trick"),
    pN_("widget", "won by {seat}"),
    pN_("widget", "won so far"),
    pN_("widget", "you"),
    pN_("widget", "{left} of {total} left"),
    pN_("widget", "{left} of {total} left ({chalked} chalked back)"),
    pN_("widget", "{move} may be played, but it is not the move here. Try again."),
    pN_("widget", "{move} may not be played here."),
    pN_("widget", "{reading}, the game does not reach step {step}: it stops at step {last}."),
    pN_("widget", "{seat} is to play here. Choose {seat} under “You play” to make this move, or step on."),
    pN_("widget", "{seat} leads"),
    pN_("widget", "{seat}'s face-down pile shown open, top card first ({count})"),
    pN_("widget", "{seat}'s hand ({count})"),
    pN_("widget", "{seat}'s view"),
    pN_("widget", "{seat}: {card}, wins the trick"),
    pN_("widget", "← / → on a card"),
    npN_("widget", "Try another rule — {count} option", "Try another rule — {count} options"),
    npN_("widget", "{count} card", "{count} cards"),
    npN_("widget", "{count} trick", "{count} tricks"),
    npN_("widget", "{seat}'s pile: {count} card, face down", "{seat}'s pile: {count} cards, face down"),
    pN_("widget", "A game link"),
    pN_("widget", "Add a chapter"),
    pN_("widget", "Add this game"),
    pN_("widget", "Add this deal"),
    pN_("widget", "Add this step to my study"),
    pN_("widget", "Ask for the move at this step"),
    pN_("widget", "Cards that may not be played here"),
    pN_("widget", "Chapter {number} added: {title}."),
    pN_("widget", "Chapter {number} removed."),
    pN_("widget", "Copy study link"),
    pN_("widget", "Copy this link from the field below."),
    pN_("widget", "Deal by seed"),
    pN_("widget", "Deal by hand"),
    pN_("widget", "Edit a copy"),
    pN_("widget", "Embed code"),
    pN_("widget", "Game"),
    # the Rules ledger page's filters (ledger.js)
    pN_("widget", "Status"),
    pN_("widget", "Source"),
    pN_("widget", "Find"),
    pN_("widget", "every game"),
    pN_("widget", "every status"),
    pN_("widget", "every source"),
    pN_("widget", "words or id"),
    npN_("widget", "{shown} of {count} rule shown", "{shown} of {count} rules shown"),
    pN_("widget", "HTML to paste into a course page"),
    pN_("widget", "Link to this study"),
    pN_("widget", "Loading the rules engine"),
    pN_("widget", "Loading the rules engine (about 12 MB, once, from this site)…"),
    pN_("widget", "Move chapter {number} down"),
    pN_("widget", "Move chapter {number} up"),
    pN_("widget", "My study"),
    pN_("widget", "No chapter yet: deal one by seed, or add a game link."),
    pN_("widget", "Nobody has a move at this step: step to one where a move is due."),
    pN_("widget", "Note on this step"),
    pN_("widget", "Notes"),
    pN_("widget", "Notes of the study"),
    pN_(
        "widget",
        "One field per seat: its cards as the rules pages write them (rank then suit, such as UA or TH),"
        " separated by spaces; the engine checks the deal.",
    ),
    pN_("widget", "Open a study file"),
    pN_("widget", "Open file"),
    pN_("widget", "Open on this step"),
    pN_("widget", "Open the study page"),
    pN_("widget", "Part of this study cannot be read; the chapters that can are shown."),
    pN_("widget", "Print a handout"),
    pN_("widget", "Question"),
    pN_("widget", "Remove chapter {number}"),
    pN_("widget", "Remove the question"),
    pN_("widget", "Rename"),
    pN_("widget", "Right moves"),
    pN_(
        "widget",
        "Right: {move}. This chapter's line goes on with {line}: step on to follow it; below, your move played on.",
    ),
    pN_("widget", "Save file"),
    pN_("widget", "Save the question"),
    pN_("widget", "Seed"),
    pN_("widget", "Share"),
    pN_("widget", "Start from this seed's deal"),
    pN_("widget", "Step {step} is chapter {number} of your study, kept in this browser."),
    pN_("widget", "Step {step}: the right moves (one or several)."),
    pN_("widget", "Study"),
    pN_("widget", "Study file {name} made. Check it with: python -m oldtricks check {name}"),
    pN_("widget", "Study link copied: it opens the study for your students."),
    pN_("widget", "The embed code is below: paste it into a course page, where the study opens for your students."),
    pN_("widget", "The engine is valuing every other move with best play…"),
    pN_("widget", "The engine’s proposal"),
    pN_("widget", "The rules engine could not be loaded ({error})."),
    pN_("widget", "The sandboxes"),
    pN_("widget", "The solver cannot value this position: write your own words."),
    pN_("widget", "The study"),
    pN_("widget", "The study's link: {url}"),
    pN_("widget", "This frame shows a study from its address: the study page's embed code gives it."),
    pN_("widget", "This step could not be added to your study: {error}"),
    pN_("widget", "This study"),
    pN_("widget", "This study has no chapter that can be read."),
    pN_("widget", "This study link cannot be opened: {error}"),
    pN_("widget", "Tick at least one right move."),
    pN_("widget", "Tick the right moves first."),
    pN_("widget", "Text page"),
    pN_(
        "widget",
        "Text page {name} made: the study as text, with no script, to open in any browser or put on any site.",
    ),
    pN_("widget", "Title"),
    pN_("widget", "Title of the chapter"),
    pN_("widget", "Title of the study"),
    pN_(
        "widget",
        "To play moves first, use a sandbox, or any viewer of the site: its “Study” button adds the step it shows.",
    ),
    pN_("widget", "Use these words"),
    pN_("widget", "Words for a wrong card"),
    pN_("widget", "Work through it"),
    pN_("widget", "seed"),
    pN_("widget", "v1;g=… (a sandbox's Copy link)"),
    pN_("widget", "{game}, deal {seed}"),
    pN_("widget", "{game}, dealt by hand"),
    pN_("widget", "{name} cannot be opened: {error}"),
    pN_("widget", "{seat}'s cards"),
    npN_("widget", "{done} of {count} question answered", "{done} of {count} questions answered"),
    npN_("widget", "Opened {name}: {count} chapter.", "Opened {name}: {count} chapters."),
    npN_(
        "widget",
        "step {step} does not exist; this scenario has {count} step (0–{last})",
        "step {step} does not exist; this scenario has {count} steps (0–{last})",
    ),
    *SANDBOX_WORDS,
)
"""Every message of the widget, in English: a message, or a (singular, plural) pair."""

CARD_WORDS = "{rank} of {suit}"  # the engine's own message, shared: a card is named alike by both


def widget_words(lang: Lang) -> dict[str, Any]:
    """The widget's words in ``lang``, keyed as gettext keys them: a message by its English; a message read
    in a context by ``context\x04message`` (the card names); a plural by ``singular\x00plural``, with the
    list of its forms; and ``plural``: the form each number 0..199 takes."""
    table = catalog(lang)
    with language(lang):
        words: dict[str, Any] = {}
        for message in WORDS:
            if isinstance(message, str):
                words[message] = pgettext(CONTEXT, message)
            else:
                singular, plural = message
                words[f"{singular}\x00{plural}"] = _forms(table, singular, plural)
        words[CARD_WORDS] = _(CARD_WORDS)
        for pattern, ranks in RANK_NAMES.items():
            context = "German suit" if pattern == "german" else "French suit"
            words.update({f"rank\x04{r}": pgettext("rank", r) for r in ranks.values()})
            words.update({f"{context}\x04{s}": pgettext(context, s) for s in SUIT_NAMES[pattern].values()})
        words.update({f"German card\x04{n}": pgettext("German card", n) for n in GERMAN_CARD_NAMES.values()})
        words["plural"] = [_form(table, n) for n in range(PLURAL_TABLE)]
    return words


def _form(table: Any, n: int) -> int:
    rule = getattr(table, "plural", None)  # GNUTranslations: the catalog's Plural-Forms as a function
    return int(rule(n)) if rule is not None else int(n != 1)


def _forms(table: Any, singular: str, plural: str) -> list[str]:
    """Each plural form of the message, in the catalog's order, found by a number that takes it."""
    forms: dict[int, str] = {}
    for n in range(PLURAL_TABLE):
        forms.setdefault(_form(table, n), table.npgettext(CONTEXT, singular, plural, n))
    return [forms[i] for i in sorted(forms)]
