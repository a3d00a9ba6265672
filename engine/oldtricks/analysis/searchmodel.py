"""What the double-dummy search (:mod:`oldtricks.analysis.search`) asks of a game, and what tells cards apart.

A game plugs in a :class:`TrickModel`, its rules of play over card numbers; the search starts from a
:class:`Position`. :class:`LiveKey` is a table key for a model that forgets which cards went from play;
:func:`merge_tables` says, for two cards, which live cards would separate them (none live: the search
tries one of the two).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Counters = tuple[int, ...]


class TrickModel(Protocol):
    """A game's rules of play in a fast form, over card numbers ``0 .. cards - 1``.

    A model may also have ``follow(hand, trick) -> (legal, beating, holder)``: for a trick begun, what
    ``legal``, ``beating`` and ``winner`` (of the cards so far) say, in one call; the search asks it once
    a follower (its legal(), beating() and winner() read the same pass, so the tests of those test it).
    A model whose ``score`` is only the points of the trick's cards (its ``points``) to the side that takes
    it, the counters never changing and the deal never stopping before the cards run out, says so with
    ``plain_points = True``: the search then adds the points itself, without a call a trick (the tests
    check that ``score`` says the same), and bounds the rest of the deal by the points left, kept from
    trick to trick, without asking ``limits`` (which may say no less). A model whose ``score`` reads of a
    trick only who takes it, never its cards (Drużbart: a trick to the side that takes it), says so with
    ``taker_score = True``: the search then hands it the trick's last play alone, not every play (its
    tests check that ``score`` says the same of both).

    A model may also number the states of a trick begun, as far as its rules of play can tell them
    apart (the suit led and the card that holds the trick): ``opening[card]``, the state once ``card``
    is led; ``raised[state][card]``, the state once ``card`` is played to it; and ``follow_from(hand,
    state) -> (legal, beating)``, what ``follow`` says of the trick. The search then carries the state
    down a trick instead of reading its cards again at every seat (:class:`TrickStates` does it for a
    model without them, from the cards)."""

    seats: int
    cards: int

    def next_seat(self, seat: int) -> int:
        """Who plays after ``seat`` within a trick."""
        ...

    def legal(self, hand: int, trick: Sequence[int]) -> int:
        """The bit mask of cards of ``hand`` (a bit mask) that may be played to ``trick`` (cards in play order)."""
        ...

    def winner(self, trick: Sequence[int]) -> int:
        """Index in ``trick`` (a whole trick, in play order) of the card that takes it."""
        ...

    def beating(self, trick: Sequence[int]) -> int:
        """The bit mask of cards that, played next to ``trick`` (not empty), would hold it: the card
        ``winner`` names at the index after the last (the search sorts a follower's cards by it)."""
        ...

    def score(
        self, trick: Sequence[tuple[int, int]], winner: int, counters: Counters, ours: Sequence[bool]
    ) -> tuple[int, Counters, bool]:
        """A finished trick of (seat, card) plays, taken by seat ``winner``: what it gains the side marked
        in ``ours``, the counters after it, and whether the deal stops there."""
        ...

    def keys(self, card: int) -> tuple[int, ...]:
        """The card's strength in every context (say, each suit led); equal keys never separate cards."""
        ...

    def kind(self, card: int) -> int:
        """Cards of different kinds (suit in play, points) are never merged."""
        ...

    def limits(self, hands: Sequence[int], leader: int, counters: Counters, ours: Sequence[bool]) -> tuple[int, int]:
        """The least and the most our side can still gain from a trick boundary with these hands left and
        ``leader`` to lead (sure tricks may narrow it)."""
        ...


class TrickStates:
    """The states of a trick begun, for a model without its own (see :class:`TrickModel`): each state
    one sequence of cards, numbered as the search meets it; ``follow_from`` asks the model of the cards."""

    def __init__(self, model: TrickModel) -> None:
        self.model = model
        self._tricks: list[tuple[int, ...]] = []
        self._ids: dict[tuple[int, ...], int] = {}
        self.opening = [self._id((c,)) for c in range(model.cards)]
        self.raised = _Rows(self)

    def _id(self, trick: tuple[int, ...]) -> int:
        got = self._ids.get(trick)
        if got is None:
            got = self._ids[trick] = len(self._tricks)
            self._tricks.append(trick)
        return got

    def row(self, state: int) -> list[int]:
        """The states after each card is played to the trick of ``state``."""
        trick = self._tricks[state]
        return [self._id((*trick, c)) for c in range(self.model.cards)]

    def follow_from(self, hand: int, state: int) -> tuple[int, int]:
        cards = list(self._tricks[state])
        return self.model.legal(hand, cards), self.model.beating(cards)


class _Rows(dict[int, list[int]]):
    """:attr:`TrickStates.raised`, each row made when first asked."""

    def __init__(self, states: TrickStates) -> None:
        super().__init__()
        self._states = states

    def __missing__(self, state: int) -> list[int]:
        got = self[state] = self._states.row(state)
        return got


@dataclass(frozen=True, slots=True)
class Position:
    """A position for the search: hands as bit masks per seat, the trick so far as (seat, card), the seat
    to play, and the model's counters (tricks taken, lines left...)."""

    hands: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    turn: int
    counters: Counters


class LiveKey:
    """A compact key of the hands at a trick boundary that forgets which cards went from play: who
    holds how many cards of each class still live, the classes in a fixed order. ``classes`` are
    (mask, what) pairs: the cards the rules cannot tell apart, and a number for what they are (a suit,
    points, a matador...). A model may use it as its ``position_key`` when its rules only compare the
    cards' order in that list and ask what they are: then a card that is now the lowest of its suit
    left plays as the lowest of its suit, whichever card it is.

    ``part(what)``, if given, splits the order into runs of consecutive classes that no sequence of
    live classes can run across (a suit, where ``what`` says the suit): the key is then one small number
    per run, each found once for the cards of that run in each hand and kept, instead of a walk over
    every class at every new set of hands."""

    def __init__(self, classes: Sequence[tuple[int, int]], part: Callable[[int], int] | None = None) -> None:
        self.classes = [(mask, what, mask.bit_count() > 1) for mask, what in classes]
        self.shift = max(what for _, what in classes).bit_length()
        runs: list[list[tuple[int, int, bool]]] = []
        for cls in self.classes:
            if not runs or (part is not None and part(cls[1]) != part(runs[-1][-1][1])):
                runs.append([])
            runs[-1].append(cls)
        # each run: the mask of its cards, its classes, and the number of each code met (by the hands' cards
        # in the run, and by the code itself)
        self._runs: list[tuple[int, list[tuple[int, int, bool]], dict[tuple[int, ...], int], dict[int, int]]] = [
            (sum(m for m, _, _ in run), run, {}, {}) for run in runs
        ]
        self._seen = [(mask, seen) for mask, _, seen, _ in self._runs]
        # no parts: the walk over every class is made a few classes at a time, each piece's bits found once
        # for the cards of its classes in each hand and kept, the pieces joined end to end (the same number
        # as one walk: each live class adds its bits after the ones before)
        pieces = [self.classes[i : i + _PIECE] for i in range(0, len(self.classes), _PIECE)]
        self._pieces: list[tuple[int, list[tuple[int, int, bool]], dict[tuple[int, ...], tuple[int, int]]]] = [
            (sum(m for m, _, _ in piece), piece, {}) for piece in pieces
        ]

    def __call__(self, hands: Sequence[int]) -> Hashable:
        if len(self._runs) == 1:  # no parts: the walk over every class, piece by piece
            code = 1
            four = len(hands) == 4
            if four:  # four seats (Drużbart): each piece's cards of each hand without a map
                a, b, c, d = hands
            for mask, piece, done in self._pieces:
                held = (a & mask, b & mask, c & mask, d & mask) if four else (*map(mask.__and__, hands),)
                found = done.get(held)
                if found is None:
                    bits = self._code(piece, held)
                    size = bits.bit_length() - 1  # the piece's bits after its leading 1
                    found = done[held] = bits ^ 1 << size, size
                code = code << found[1] | found[0]
            return code
        if len(hands) == 4:  # four seats (Drogue), every run's cards met before: one pass, no calls
            a, b, c, d = hands
            try:
                if len(self._seen) == 4:  # four runs (Drogue's suits): not even a comprehension's
                    (m, s), (n, t), (o, u), (p, v) = self._seen
                    return (
                        s[a & m, b & m, c & m, d & m],
                        t[a & n, b & n, c & n, d & n],
                        u[a & o, b & o, c & o, d & o],
                        v[a & p, b & p, c & p, d & p],
                    )
                return (*[seen[a & m, b & m, c & m, d & m] for m, seen in self._seen],)
            except KeyError:
                pass
        out = []
        for mask, run, seen, numbers in self._runs:
            held = (*map(mask.__and__, hands),)
            number = seen.get(held)
            if number is None:
                code = self._code(run, held)
                number = seen[held] = numbers.setdefault(code, len(numbers))
            out.append(number)
        return (*out,)

    def _code(self, classes: Sequence[tuple[int, int, bool]], hands: Sequence[int]) -> int:
        """The classes still live, in order, each with what it is and who holds its cards, as one number."""
        live = sum(hands)  # the hands are disjoint masks
        shift = self.shift
        code = 1
        for mask, what, many in classes:
            if not live & mask:
                continue
            code = code << shift | what
            if many:
                for hand in hands:
                    code = code << 4 | (hand & mask).bit_count()
            else:
                seat = 0
                while not hands[seat] & mask:
                    seat += 1
                code = code << 2 | seat
        return code


_PIECE = 6  # classes walked at once by a LiveKey without parts


def bits(mask: int) -> list[int]:
    """The card numbers set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def places(key: Callable[[int], Any], n: int) -> list[int]:
    """Each card's place in the order of cards ``0 .. n - 1`` sorted by ``key``."""
    out = [0] * n
    for place, card in enumerate(sorted(range(n), key=key)):
        out[card] = place
    return out


_MergeTables = tuple[list[list[int]], list[list[bool]]]
# made once per set of keys and kinds: a new game of the same options (the bench makes one per deal,
# the live engine one per page) finds its tables made
_TABLES: dict[tuple[Any, ...], _MergeTables] = {}


def merge_tables(model: TrickModel) -> _MergeTables:
    """For every two cards a, b: the cards that separate them in some context (a card as strong as one of
    them but not the other, or between them), and whether their kinds forbid merging them at all.
    Computed once per set of the model's keys and kinds."""
    shape = tuple((model.keys(c), model.kind(c)) for c in range(model.cards))
    got = _TABLES.get(shape)
    if got is not None:
        return got
    n = model.cards
    keys = [model.keys(c) for c in range(n)]
    kinds = [model.kind(c) for c in range(n)]
    between = [[0] * n for _ in range(n)]
    never = [[kinds[a] != kinds[b] for b in range(n)] for a in range(n)]
    # in each context, the cards of each strength
    at: list[dict[int, int]] = []
    for k in range(len(keys[0])):
        row: dict[int, int] = {}
        for x in range(n):
            row[keys[x][k]] = row.get(keys[x][k], 0) | 1 << x
        at.append(row)
    for a in range(n):
        for b in range(a + 1, n):
            mask = 0
            for k, (ka, kb) in enumerate(zip(keys[a], keys[b], strict=True)):
                if ka != kb:
                    low, high = min(ka, kb), max(ka, kb)
                    for strength, cards in at[k].items():
                        if low <= strength <= high:
                            mask |= cards
            between[a][b] = between[b][a] = mask & ~(1 << a | 1 << b)
    _TABLES[shape] = between, never
    return between, never
