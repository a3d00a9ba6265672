"""The game model shared by every game: rules, options, moves, events, outcomes, and :class:`Game`.

A :class:`Game` holds the fixed rules and the chosen options; a state is one position (an immutable
value owned by each game module). The deal is a recorded chance outcome (:class:`Deal`), so that
``(game, options, deal, moves)`` replays a game exactly.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from .cards import Card, Pack, Pattern
from .datawords import translated
from .errors import AnalysisError, IllegalMoveError, InvalidDealError, InvalidNotationError, InvalidOptionError
from .i18n import _
from .ledgerfile import LedgerRow
from .ledgerfile import rows as ledger_rows
from .prng import Rng, shuffled

Status = Literal["documented", "disputed", "suggested", "assumed"]
STATUSES: tuple[Status, ...] = ("documented", "disputed", "suggested", "assumed")
OptionValue = str | int


@dataclass(frozen=True)
class Rule:
    """One row of the rules ledger as a game carries it: the id, how sure we are, the statement (``title``)
    and the sources it cites, as the ledger writes them."""

    id: str
    status: Status
    title: str
    source: str

    @property
    def statement(self) -> str:
        """The statement in the language of the work under way (the ledger's catalog, :mod:`.datawords`).

        >>> from oldtricks.i18n import language
        >>> rule = Rule("g.a", "assumed", "A rule no catalog holds", "W 1900")
        >>> with language("de"):
        ...     rule.statement
        'A rule no catalog holds'
        """
        return translated(f"{self.id}|statement", self.title)


def rule_table(*games: str, rows: Sequence[LedgerRow] | None = None) -> tuple[Rule, ...]:
    """A game's rule table: the ledger's rows whose id begins with one of ``games`` (``drogue``:
    ``drogue.*``), in ledger order, each with the ledger's status, statement and sources. The ledger is
    the one place they are written (``rows``: other rows, for a test).

    >>> [r.id for r in rule_table("clock")][:2], rule_table("clock")[0].status
    (['clock.seats', 'clock.lines'], 'documented')
    """
    table = []
    for row in ledger_rows() if rows is None else rows:
        if row.id.split(".", 1)[0] not in games:
            continue
        if row.status not in STATUSES:
            raise ValueError(f"rule {row.id}: unknown status {row.status!r}")
        table.append(Rule(row.id, row.status, row.statement, "; ".join(row.cites)))
    if not table:
        raise ValueError(f"the ledger has no rules for {', '.join(games)}")
    return tuple(table)


def status_of(rules: Sequence[Rule], rule_id: str) -> Status:
    """The status of ``rule_id`` in a rule table: the one status a rule has, shown by its options too."""
    for rule in rules:
        if rule.id == rule_id:
            return rule.status
    raise ValueError(f"rule {rule_id!r} is not in this rule table")


@dataclass(frozen=True)
class Choice:
    """One value an option may take, tied to the ledger row that justifies it."""

    value: OptionValue
    label: str
    rule: str
    status: Status

    @property
    def said(self) -> str:
        """The label in the language of the work under way (the engine's catalog: the games' rule tables
        mark each label with ``N_``)."""
        return _(self.label)


_WHOLE = re.compile(r"-?[0-9]{1,19}")  # a whole number as text: ASCII digits, no '_', no '+', no spaces


def _shown(value: object) -> str:
    """A value as an error message quotes it: cut short, so a huge value never floods the message."""
    try:
        text = repr(value)
    except ValueError:  # a whole number of more digits than Python will write out
        return "a number too long to show"
    return text if len(text) <= 40 else f"{text[:37]}..."


@dataclass(frozen=True)
class OptionSpec:
    """A switchable rule. Either ``choices`` lists the values, or ``low``..``high`` bounds an integer."""

    key: str
    title: str
    default: OptionValue
    rule: str
    choices: tuple[Choice, ...] = ()
    low: int | None = None
    high: int | None = None
    status: Status = "assumed"
    # When the option comes into play, in words, for a reader whose search for a deal where two
    # readings part found none: a rule that only shows in a position the bots rarely reach says so.
    shows: str = ""

    def validate(self, value: object) -> OptionValue:
        """Return ``value`` as the option's type, or raise :class:`InvalidOptionError`.

        A value is a string or a whole number (never ``true``/``false``); a number given as text is
        plain ASCII digits, so a link's ``1_0`` or ``²`` is not read as a number.

        >>> OptionSpec("cap", "Cap", 10, "x", low=0, high=99).validate("12")
        12
        """
        where = f"options.{self.key}"
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise InvalidOptionError(f"option {self.key!r} cannot be {_shown(value)}", field=where)
        if self.choices:
            for choice in self.choices:
                if value == choice.value or str(value) == str(choice.value):
                    return choice.value
            allowed = ", ".join(str(c.value) for c in self.choices)
            raise InvalidOptionError(
                f"option {self.key!r} cannot be {_shown(value)}: expected one of {allowed}", field=where
            )
        if isinstance(value, str) and not _WHOLE.fullmatch(value):
            raise InvalidOptionError(f"option {self.key!r} must be a whole number, not {_shown(value)}", field=where)
        number = int(value)
        assert self.low is not None
        assert self.high is not None
        if not self.low <= number <= self.high:
            raise InvalidOptionError(
                f"option {self.key!r} must be from {self.low} to {self.high}, not {_shown(number)}", field=where
            )
        return number

    @property
    def said(self) -> str:
        """The title in the language of the work under way (the engine's catalog).

        >>> from oldtricks.games.drogue.rules import MODE
        >>> from oldtricks.i18n import language
        >>> with language("de"):
        ...     MODE.said != MODE.title and MODE.choices[0].said != MODE.choices[0].label
        True
        """
        return _(self.title)

    def choice(self, value: OptionValue) -> Choice | None:
        return next((c for c in self.choices if c.value == value), None)

    def as_json(self, value: OptionValue | None = None) -> dict[str, Any]:
        return {
            "key": self.key,
            "title": self.title,
            "default": self.default,
            "value": self.default if value is None else value,
            "rule": self.rule,
            "status": self.status,
            "choices": [{"value": c.value, "label": c.label, "rule": c.rule, "status": c.status} for c in self.choices],
            "low": self.low,
            "high": self.high,
        }


def choice(rules: Sequence[Rule], value: OptionValue, label: str, rule_id: str) -> Choice:
    """An option value justified by ``rule_id``, with that rule's status (never one of its own)."""
    return Choice(value, label, rule_id, status_of(rules, rule_id))


def option(
    rules: Sequence[Rule],
    key: str,
    title: str,
    default: OptionValue,
    rule_id: str,
    *,
    choices: tuple[Choice, ...] = (),
    low: int | None = None,
    high: int | None = None,
    shows: str = "",
) -> OptionSpec:
    """A switchable rule with the status of ``rule_id``, the rule it switches (``shows``: when it
    comes into play, in words, where that is a position seldom reached)."""
    return OptionSpec(key, title, default, rule_id, choices, low, high, status_of(rules, rule_id), shows)


_KIND = re.compile(r"[a-z][a-z-]*")


@dataclass(frozen=True, slots=True)
class Move:
    """A move of ``seat``: a card played, or a word (a bid, pass, call or deal) and what it says.

    Immutable; ``str()`` is the notation, which :meth:`parse` reads back, and ``repr()`` can be pasted
    back (with ``from oldtricks.model import Move``):

    >>> Move.parse("UA", seat=0, pattern="german")
    Move.parse('UA', seat=0, pattern='german')
    >>> move = Move.parse("call qui-vive JH", seat=3)
    >>> str(move), move.kind, move.value
    ('call qui-vive JH', 'call', 'qui-vive JH')
    >>> Move.parse("lead JH", seat=1, pattern="french").card
    Card.parse('JH', 'french')
    >>> Move.parse("lead", seat=1)
    Traceback (most recent call last):
    oldtricks.errors.InvalidNotationError: bad move 'lead': a lead names its card
    """

    seat: int
    kind: str = "play"
    card: Card | None = None
    value: str | None = None

    CARD_KINDS: ClassVar[tuple[str, ...]] = ("play", "lead")
    """The kinds whose card is a :class:`Card` (a lead out of turn writes it as its value too)."""

    def __str__(self) -> str:
        if self.kind == "play" and self.card is not None:
            return str(self.card)
        return self.kind if self.value is None else f"{self.kind} {self.value}"

    def __repr__(self) -> str:
        pattern = "" if self.card is None else f", pattern={self.card.pattern!r}"
        return f"Move.parse({str(self)!r}, seat={self.seat}{pattern})"

    @classmethod
    def parse(cls, text: str, seat: int, pattern: Pattern | None = None) -> Move:
        """Read ``str(move)`` back: one card (in the cards of ``pattern``), or a word and what follows
        it. Knows no game's rules: whether the move is legal, or even a move of the game, is the game's
        to say (:meth:`Game.parse_move` reads a player's notation). Raises
        :class:`~oldtricks.errors.InvalidNotationError` naming the text."""
        words = text.split()
        if not words:
            raise InvalidNotationError("empty move: expected a card or a word")
        if len(words) == 1 and pattern is not None and not _KIND.fullmatch(words[0]):
            return cls(seat, "play", Card.parse(words[0], pattern))
        if not _KIND.fullmatch(words[0]):
            raise InvalidNotationError(f"bad move {text!r}: expected a card of a pattern, or a word in lower case")
        kind, value = words[0], " ".join(words[1:]) or None
        if kind not in cls.CARD_KINDS:
            return cls(seat, kind, None, value)
        if value is None or pattern is None:
            raise InvalidNotationError(f"bad move {text!r}: a {kind} names its card")
        return cls(seat, kind, Card.parse(value, pattern), value)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in words; ``data`` carries the facts for results and panels."""

    kind: str
    text: str
    data: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    kind: Literal["win", "draw", "endless", "capped"]
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    text: str
    cycle: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "winners": list(self.winners),
            "losers": list(self.losers),
            "text": self.text,
            "cycle": self.cycle,
        }


@dataclass(frozen=True)
class Deal:
    """The chance outcome of a deal: who dealt, and the cards in dealing order (or explicit hands)."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    seed: int | None = None
    rest: tuple[Card, ...] = field(default=())


class Analysed(Protocol):
    """What :meth:`Game.analyse` returns, as the core reads it: an :class:`oldtricks.analysis.Analysis`,
    which imports this module (for :class:`Move`), so that this one names it by its shape, without an
    import that would go round in a circle (``tests/test_imports.py``)."""

    @property
    def to_move(self) -> int: ...

    @property
    def measure(self) -> str: ...

    def as_json(self, step: int | None = None) -> dict[str, Any]: ...

    def render(self, names: Sequence[str]) -> str: ...


S = TypeVar("S")
V = TypeVar("V")

_new = object.__new__
_set = object.__setattr__


def evolve(value: V, **changes: Any) -> V:
    """A copy of a frozen dataclass ``value`` (one without ``__slots__``) with ``changes``: what
    :func:`dataclasses.replace` does, in one dict copy instead of a call of ``__init__``, which sets
    every field of a frozen value one by one. States are copied this way on every move of a
    play-out, so their cost is the engine's speed. Nothing is checked: give only field names.

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
            raise InvalidDealError(f"the hands leave out {' '.join(missing)}: deal the whole {self.pack.name}")

    def check_cards(self, hands: tuple[tuple[Card, ...], ...], size: int | None = None) -> set[Card]:
        """One hand per seat (of ``size`` cards, when given), every card from the pack, none dealt twice.

        Returns the cards dealt.
        """
        if len(hands) != self.num_seats:
            raise InvalidDealError(f"{self.title} needs {self.num_seats} hands, not {len(hands)}")
        seen: set[Card] = set()
        for seat, hand in enumerate(hands):
            if size is not None and len(hand) != size:
                raise InvalidDealError(f"{self.hand_of(seat)} has {len(hand)} cards: each player gets {size}")
            for card in hand:
                if card not in self.pack:
                    raise InvalidDealError(f"{self.hand_of(seat)}: {card} is not in the {self.pack.name}")
                if card in seen:
                    raise InvalidDealError(f"{self.hand_of(seat)}: {card} is dealt twice")
                seen.add(card)
        return seen

    def hand_of(self, seat: int) -> str:
        """The words for a seat's hand in an error: 'North's hand' (its number past the last seat)."""
        names = self.seat_names()
        return f"{names[seat]}'s hand" if 0 <= seat < len(names) else f"hand {seat + 1}"

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
            return Move(seat, words[0].lower(), None, " ".join(words[1:]) or None)
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

    # -- views --------------------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S) -> dict[str, Any]:
        """The frame fields a viewer sees, with every card visible (see :mod:`oldtricks.frames`)."""
