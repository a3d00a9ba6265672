"""The rules of the ledger as a game carries them, and the options that choose among them.

A game's :class:`Rule` rows are read from the ledger (:func:`rule_table`); each :class:`OptionSpec` is
a switchable gap in the sources, labelled with the rule id that says whose suggestion it is, and its
status from that rule (:func:`option`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import InvalidOptionError
from .datawords import translated
from .i18n import _
from .ledger import LedgerRow
from .ledger import rows as ledger_rows

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

        >>> from oldtricks.core.i18n import language
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
        >>> from oldtricks.core.i18n import language
        >>> with language("de"):
        ...     MODE.said != MODE.title and MODE.choices[0].said != MODE.choices[0].label
        True
        """
        return _(self.title)

    def choice(self, value: OptionValue) -> Choice | None:
        return next((c for c in self.choices if c.value == value), None)

    def as_json(self, value: OptionValue | None = None) -> dict[str, Any]:
        """The option for a reader: its title and its choices' labels in the language of the work under way."""
        return {
            "key": self.key,
            "title": _(self.title),
            "default": self.default,
            "value": self.default if value is None else value,
            "rule": self.rule,
            "status": self.status,
            "choices": [
                {"value": c.value, "label": _(c.label), "rule": c.rule, "status": c.status} for c in self.choices
            ],
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
