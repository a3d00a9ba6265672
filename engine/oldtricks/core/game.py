"""The game model every game shares: :class:`Game`, its fixed rules and chosen options.

A :class:`Game` holds the fixed rules and the chosen options; a state is one position (an immutable
value owned by each game module). The deal is a recorded chance outcome (:class:`Deal`), so that
``(game, options, deal, moves)`` replays a game exactly. The rules and options are defined in
:mod:`oldtricks.core.options`, the moves in :mod:`oldtricks.core.moves`, the events, outcomes and deals
in :mod:`oldtricks.core.values`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from ..errors import AnalysisError, IllegalMoveError, InvalidDealError, InvalidNotationError, InvalidOptionError
from .cards import Card, Pack
from .ddtable import DealTable
from .i18n import _, ngettext
from .moves import Move
from .options import OptionSpec, OptionValue, Rule
from .prng import Rng, shuffled
from .values import Analysed, Deal, Event, Outcome

__all__ = ["SEAT_NAMES", "Game", "evolve"]


S = TypeVar("S")
V = TypeVar("V")

_new = object.__new__
_set = object.__setattr__


def evolve(value: V, **changes: Any) -> V:
    """A copy of a frozen dataclass ``value`` (one without ``__slots__``) with ``changes``: what
    :func:`dataclasses.replace` does, in one dict copy instead of a call of ``__init__``, which sets
    every field of a frozen value one by one. States are copied this way on every move of a
    play-out, so their cost is the engine's speed. Nothing is checked: give only field names.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> evolve(Point(1, 2), y=5)
    Point(x=1, y=5)
    """
    new = _new(type(value))
    fields = value.__dict__.copy()
    fields.update(changes)
    _set(new, "__dict__", fields)
    return new


SEAT_NAMES = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
}


class Game(ABC, Generic[S]):
    """A game: its rules and chosen options. States are separate immutable values.

    Subclasses set the class attributes and implement the abstract hooks; ``legal_moves`` is the one
    place legality lives.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    rules: ClassVar[tuple[Rule, ...]]
    option_specs: ClassVar[tuple[OptionSpec, ...]]

    def __init__(self, options: Mapping[str, object] | None = None, names: Sequence[str] | None = None) -> None:
        given = dict(options or {})
        specs = {s.key: s for s in self.option_specs}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise InvalidOptionError(
                f"{self.name} has no option {unknown[0]!r} (its options: {known})", field=f"options.{unknown[0]}"
            )
        self.options: dict[str, OptionValue] = {
            key: spec.validate(given[key]) if key in given else spec.default for key, spec in specs.items()
        }
        self.names = tuple(names) if names else None
        if self.names is not None and len(self.names) != self.num_seats:
            raise InvalidOptionError(
                f"{self.title} has {self.num_seats} seats, but {len(self.names)} names were given", field="names"
            )
        self.check_options()

    def check_options(self) -> None:
        """Hook: reject combinations of options that do not fit together."""

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.spec(k).default}
        return f"{type(self).__name__}({changed!r})"

    @classmethod
    def spec(cls, key: str) -> OptionSpec:
        for s in cls.option_specs:
            if s.key == key:
                return s
        raise InvalidOptionError(f"{cls.name} has no option {key!r}")

    # -- fixed facts --------------------------------------------------------------------------------
    @property
    @abstractmethod
    def pack(self) -> Pack: ...

    @property
    @abstractmethod
    def num_seats(self) -> int: ...

    def seat_names(self) -> tuple[str, ...]:
        """The names used in events and frames: given names, else compass points."""
        return self.names or self.default_seat_names()

    def default_seat_names(self) -> tuple[str, ...]:
        n = self.num_seats
        return SEAT_NAMES.get(n) or tuple(f"Player {i + 1}" for i in range(n))

    def teams(self) -> tuple[int | None, ...]:
        """Team of each seat (partners sit opposite), or None where each plays for himself."""
        return (None,) * self.num_seats

    def play_order(self) -> tuple[int, ...]:
        """The seats in the order of play, from seat 0. Seats are numbered clockwise round the table;
        play goes clockwise (seat 1 after seat 0) unless a game's rules send it the other way. The
        viewer seats its hands in this order, so that the reader meets them as the play goes round."""
        return tuple(range(self.num_seats))

    # -- chance -------------------------------------------------------------------------------------
    def deal(self, *, seed: int | None = None, hands: Sequence[Sequence[Card]] | None = None, dealer: int = 0) -> Deal:
        """The deal as a chance outcome: shuffled from ``seed`` or given as explicit ``hands``."""
        if not 0 <= dealer < self.num_seats:
            raise InvalidDealError(
                f"dealer must be a seat from 0 to {self.num_seats - 1}, not {dealer}", field="deal.dealer"
            )
        if hands is None:
            order = shuffled(self.pack.cards, 0 if seed is None else seed)
            dealt, rest = self.deal_order(order, dealer)
            return Deal(dealer, dealt, seed, rest)
        got = tuple(tuple(h) for h in hands)
        self.check_hands(got)
        return Deal(dealer, got, None, ())

    @abstractmethod
    def deal_order(self, order: list[Card], dealer: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        """Split a shuffled pack into hands the way the game deals; return hands and undealt cards."""

    def check_hands(self, hands: tuple[tuple[Card, ...], ...]) -> None:
        """Reject explicit hands that are not a possible deal. Default: a full partition of the pack."""
        seen = self.check_cards(hands)
        missing = [str(c) for c in self.pack.cards if c not in seen]
        if missing:
            said = _("the hands leave out {cards}: deal the whole {pack}")
            raise InvalidDealError(said.format(cards=" ".join(missing), pack=self.pack.title))

    def check_cards(self, hands: tuple[tuple[Card, ...], ...], size: int | None = None) -> set[Card]:
        """One hand per seat (of ``size`` cards, when given), every card from the pack, none dealt twice.

        Returns the cards dealt.
        """
        if len(hands) != self.num_seats:
            said = _("{game} needs {count} hands, not {given}")
            raise InvalidDealError(said.format(game=self.title, count=self.num_seats, given=len(hands)))
        seen: set[Card] = set()
        for seat, hand in enumerate(hands):
            if size is not None and len(hand) != size:
                said = ngettext(
                    "{hand} has {count} card: each player gets {size}",
                    "{hand} has {count} cards: each player gets {size}",
                    len(hand),
                )
                raise InvalidDealError(said.format(hand=self.hand_of(seat), count=len(hand), size=size))
            for card in hand:
                if card not in self.pack:
                    said = _("{hand}: {card} is not in the {pack}")
                    raise InvalidDealError(said.format(hand=self.hand_of(seat), card=card, pack=self.pack.title))
                if card in seen:
                    raise InvalidDealError(
                        _("{hand}: {card} is dealt twice").format(hand=self.hand_of(seat), card=card)
                    )
                seen.add(card)
        return seen

    def hand_of(self, seat: int) -> str:
        """The words for a seat's hand in an error: 'North's hand' (its number past the last seat)."""
        names = self.seat_names()
        if 0 <= seat < len(names):
            return _("{seat}'s hand").format(seat=names[seat])
        return _("hand {number}").format(number=seat + 1)

    def parse_hands(self, hands: Sequence[str]) -> tuple[tuple[Card, ...], ...]:
        """Read one hand per seat, in notation; an error names the seat whose hand holds the bad card.

        >>> from oldtricks import make_game
        >>> make_game("bettelmann").parse_hands(["UL 10H", "9H"])
        ((Card.parse('UL', 'german'), Card.parse('TH', 'german')), (Card.parse('9H', 'german'),))
        >>> make_game("bettelmann").parse_hands(["UL", "9H 6H"])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        oldtricks.errors.InvalidNotationError: North's hand: bad card '6H': the 32-card German pack has no Sixes...
        """
        parsed = []
        for seat, text in enumerate(hands):
            try:
                parsed.append(self.pack.parse_many(text))
            except InvalidNotationError as exc:
                raise InvalidNotationError(f"{self.hand_of(seat)}: {exc}", field=exc.field) from None
        return tuple(parsed)

    @abstractmethod
    def initial_state(self, deal: Deal) -> S:
        """The position right after ``deal``."""

    def new_state(
        self, *, seed: int | None = None, hands: Sequence[Sequence[Card]] | None = None, dealer: int = 0
    ) -> S:
        return self.initial_state(self.deal(seed=seed, hands=hands, dealer=dealer))

    # -- play ---------------------------------------------------------------------------------------
    @abstractmethod
    def to_play(self, state: S) -> int | None:
        """Seat to move, or None when the game is over."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[Move]:
        """Every legal move; empty exactly when the game is over."""

    @abstractmethod
    def why_illegal(self, state: S, move: Move) -> IllegalMoveError:
        """The error (with the ledger id of the rule) for a move that is not legal."""

    @abstractmethod
    def play(self, state: S, move: Move) -> tuple[S, list[Event]]:
        """Apply a move already known to be legal."""

    def advance(self, state: S, move: Move) -> tuple[S, int]:
        """Apply a move already known to be legal as a play-out does: the new state and the number of
        tricks the move completed (a tied trick counts), without wording what happened.

        The same transition as :meth:`play`, whose events are this state's narration; games whose
        transitions return facts override it to skip the words. Default: :meth:`play`, counting the
        events that carry a trick record.
        """
        after, events = self.play(state, move)
        tricks = 0
        for event in events:
            if event.data is not None and "trick" in event.data:
                tricks += 1
        return after, tricks

    def advance_forced(self, state: S) -> tuple[S, int, int]:
        """Play, as :meth:`advance` does one by one, every move that is the only legal one, up to the first
        position with a choice or the end: the state, the moves played and the tricks they completed.

        A play-out calls it before each choice, so a game whose moves are mostly forced (Bettelmann's
        piles) plays them without a bot's call per card. Only a game whose bot and random play make a
        forced move without drawing from the generator may override it, so that the play-out is the same
        game. Default: no move (``state, 0, 0``).
        """
        return state, 0, 0

    def apply(self, state: S, move: Move) -> tuple[S, list[Event]]:
        """Apply ``move`` and return the new state and what happened.

        Raises :class:`IllegalMoveError` naming the rule when the move is not legal.
        """
        if move not in self.legal_moves(state):
            raise self.why_illegal(state, move)
        return self.play(state, move)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result of a finished game, or None while it goes on."""

    def parse_move(self, state: S, text: str) -> Move:
        """Read a move in notation for the seat to move."""
        seat = self.to_play(state)
        if seat is None:
            raise IllegalMoveError(f"the game is over: no move {text.strip()!r} can be played")
        token = text.strip()
        words = token.split()
        if not words:
            raise InvalidNotationError("empty move: expected a card or a call")
        if words[0].lower() in self.move_words():
            return Move.parse(" ".join([words[0].lower(), *words[1:]]), seat, self.pack.pattern)
        if len(words) != 1:
            raise InvalidNotationError(f"bad move {token!r}: expected one card")
        return Move(seat, "play", self.pack.parse(token))

    def move_words(self) -> tuple[str, ...]:
        """Words that start a non-card move (``pass``, ``bid``, ``call``)."""
        return ()

    def bot_move(self, state: S, rng: Rng) -> Move:
        """The move a bot makes. Default: a uniformly random legal move; games override with better play."""
        legal = self.legal_moves(state)
        return legal[rng.below(len(legal))]

    def analyse(self, state: S) -> Analysed:
        """Every legal move in ``state`` with its value under best play by all, every hand known (double
        dummy), best first. Raises :class:`AnalysisError` where the game has no solver for the position."""
        raise AnalysisError(f"{self.title} has no solver")

    def first_look(self, state: S) -> Analysed | None:
        """What :meth:`analyse` says, over the next few tricks only, answered in a moment while it works;
        None where the game has none (its solver is quick, or the deal nearly over)."""
        return None

    def deal_begins(self, state: S) -> bool:
        """Whether the play of a deal begins at ``state``: every hand dealt (and trump named, where one
        is), no card played yet; where a viewer offers the deal's :meth:`double_dummy_table`."""
        return False

    def double_dummy_table(self, state: S, slices: Any = None) -> DealTable:
        """The double-dummy table of the deal of ``state``, as bridge readers know it, in words: each
        hand known, best play by all, a number for each row and column the game chooses (a trump and a
        maker, a leader and a side); ``slices``: where given, the searches it keeps, the table worked out
        a slice at a time (:mod:`oldtricks.analysis.slices`). Raises :class:`AnalysisError` where the game
        has none."""
        raise AnalysisError(_("{game} has no double-dummy table").format(game=self.title))

    # -- views --------------------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S) -> dict[str, Any]:
        """The frame fields a viewer sees, with every card visible (see :mod:`oldtricks.scenarios.frames`)."""
