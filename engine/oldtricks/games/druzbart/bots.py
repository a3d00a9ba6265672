"""A fair live opponent for Drużbart and Clock Druzbart, using only what a player at the table knows.

The bot sees its own hand and the cards already played. It heads a trick as cheaply as will hold,
keeps its matadors for tricks that matter (a matador lost costs lines, druzbart.score.matador),
never pays out a matador to its partner when a cheaper card will do, and throws duds when it cannot
or need not win.

>>> from oldtricks.games.druzbart import Druzbart
>>> from oldtricks.core.prng import Rng
>>> game = Druzbart()
>>> state = game.new_state(seed=1)
>>> choose(game.table, state, game.legal_moves(state), Rng(1)) in game.legal_moves(state)
True
"""

from __future__ import annotations

from ...core.cards import Card
from ...core.moves import Move
from ...core.prng import Rng
from .state import DruzbartState
from .table import Table


def choose(table: Table, state: DruzbartState, legal: list[Move], rng: Rng) -> Move:
    """The bot's move among ``legal``, the legal moves of ``state``."""
    if len(legal) == 1 or state.dealing:
        return legal[0]
    seat = legal[0].seat
    cards = [m.card for m in legal if m.card is not None]
    card = _lead(table, state, seat, cards, rng) if not state.table else _follow(table, state, seat, cards, rng)
    return Move(seat, "play", card)


def _unseen(table: Table, state: DruzbartState, seat: int) -> set[Card]:
    """Cards the bot cannot see: in other hands or left out of the deal."""
    return set(table.pack.cards) - state.played() - set(state.hands[seat])


def _keep_value(table: Table, card: Card) -> int:
    """How much the bot wants to keep a card: duds least, then the Sevens (sure leads), beaters, matadors."""
    r = table.ranking
    if r.is_matador(card):
        return 1000 + r.power(card)
    if card.rank == "7":
        return 45 if r.seven == "unbeatable" else 15
    return r.power(card)


def _cheapest(table: Table, cards: list[Card], rng: Rng) -> Card:
    values = [_keep_value(table, c) for c in cards]
    low = min(values)
    pool = [c for c, v in zip(cards, values, strict=True) if v == low]
    return pool[rng.below(len(pool))] if len(pool) > 1 else pool[0]


def _safe(table: Table, card: Card, on_table: list[Card], unseen: set[Card]) -> bool:
    """No unseen card could head ``card`` once it is on the table."""
    after = [*on_table, card]
    return not any(table.ranking.heads(c, after) for c in unseen)


def _pressing(table: Table, state: DruzbartState, seat: int) -> bool:
    """Whether this trick matters enough to spend a matador: the deal is close to being decided."""
    mine = state.tricks[table.side_of(seat)]
    theirs = max((t for s, t in enumerate(state.tricks) if s != table.side_of(seat)), default=0)
    if table.num_sides == 3:
        return state.lines[table.side_of(seat)] <= 2 or min(state.lines) <= 1
    return mine >= 4 or theirs >= 3


def _lead(table: Table, state: DruzbartState, seat: int, cards: list[Card], rng: Rng) -> Card:
    r = table.ranking
    unseen = _unseen(table, state, seat)
    sure = [c for c in cards if not r.is_matador(c) and _safe(table, c, [], unseen)]
    if sure:
        # a led Seven (druzbart.seven) or a beater nobody else can head: take the trick cheaply
        return min(sure, key=lambda c: _keep_value(table, c))
    matadors = [c for c in cards if r.is_matador(c) and _safe(table, c, [], unseen)]
    if matadors and _pressing(table, state, seat):
        return matadors[0]
    sevens = [c for c in cards if c.rank == "7" and not r.is_matador(c)]
    if sevens:
        # druzbart.seven.gracz: a Seven led either holds or forces the matadors out, lowest first
        return sevens[0]
    # otherwise lead a dud: the others must spend beaters to head it (druzbart.head.dud-led)
    rest = [c for c in cards if not r.is_matador(c)] or cards
    return _cheapest(table, rest, rng)


def _follow(table: Table, state: DruzbartState, seat: int, cards: list[Card], rng: Rng) -> Card:
    r = table.ranking
    on_table = [c for _, c in state.table]
    if not r.heads(cards[0], on_table):
        # nothing heads the trick: throw the card worth least, never a matador if another card will do
        return _cheapest(table, cards, rng)
    # the head rule leaves only heading cards: choose the one that holds cheaply
    n = table.num_seats
    later = [(seat + k) % n for k in range(1, n - len(on_table))]
    partner = table.partner(seat)
    opponents_after = [s for s in later if s != partner]
    ordered = sorted(cards, key=lambda c: _keep_value(table, c))
    plain = [c for c in ordered if not r.is_matador(c)]
    if not opponents_after:
        return (plain or ordered)[0]  # only the partner (or nobody) to come: any head holds for the side
    unseen = _unseen(table, state, seat)
    safe = [c for c in ordered if _safe(table, c, on_table, unseen)]
    safe_plain = [c for c in safe if not r.is_matador(c)]
    if safe_plain:
        return safe_plain[0]
    holder = state.table[r.holder(on_table)][0]
    partner_holds = holder == partner
    if safe and (not plain or (not partner_holds and _pressing(table, state, seat))):
        return safe[0]
    # only matadors head and none is sure to hold: the highest is the least likely to be overtaken
    return plain[0] if plain else ordered[-1]
