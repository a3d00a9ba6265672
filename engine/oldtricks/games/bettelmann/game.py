"""Bettelmann ("Beggar Man"): a War-like capturing game for two or more.

Every rule here carries its ledger id (``bettelmann.*``, ``todundleben.*``); the transitions return
facts (``facts.py``), which ``narrate.py`` words. Each player's cards form a
face-down pile (top first). Cards are turned up in turn; the higher rank takes the trick, suit ignored.

>>> game = Bettelmann()
>>> state, events = game.apply(*(lambda s: (s, game.legal_moves(s)[0]))(game.new_state(seed=1)))
>>> [e.text for e in events]
['North turns up the Eight of Bells.']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ...core.cards import FRENCH_32, GERMAN_32, Card, Pack
from ...core.game import Game, evolve
from ...core.i18n import _
from ...core.moves import Move
from ...core.options import OptionSpec, Rule
from ...core.prng import Rng
from ...core.seats import Seats
from ...core.values import Deal, Event, Outcome
from ...errors import IllegalMoveError
from . import bots, narrate, play, view
from .facts import Beggar, Capped, Ending, Endless, Fact, Split, Tied, Took, Turned
from .options import BettelmannOptions, TieRule, check_cap
from .rules import CAP, LAST_THREE, NEXT_LEAD, PACK, PLAYERS, RETURN_ORDER, RULES, RUN_OUT, TIE
from .state import BettelmannState, Play, Run
from .table import Table

if TYPE_CHECKING:
    from ...analysis.movevalues import Analysis

EndKind = Literal["win", "capped", "endless"]

__all__ = ["Bettelmann", "BettelmannState", "EndKind", "Play"]


class Bettelmann(Game[BettelmannState]):
    """Bettelmann for 2..6 players."""

    name: ClassVar[str] = "bettelmann"
    title: ClassVar[str] = "Bettelmann"
    rules: ClassVar[tuple[Rule, ...]] = RULES
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        PACK,
        TIE,
        NEXT_LEAD,
        LAST_THREE,
        PLAYERS,
        RETURN_ORDER,
        RUN_OUT,
        CAP,
    )

    def __init__(self, options: Any = None, names: Any = None) -> None:
        super().__init__(options, names)
        self.agreed = self.read_agreed()
        ranks = self.pack.ranks
        self._order = {card: ranks.index(card.rank) for card in self.pack.cards}
        self._rank_of = {rank: i for i, rank in enumerate(ranks)}  # bettelmann.rank: by rank, suit ignored
        self._n = self.num_seats
        self.seats = Seats(self.seat_names(), self.teams())
        looking = self.spec("last_three").choice(self.agreed.last_three)
        self.table = Table(
            self.pack,
            self.seats,
            looks_at_last=3 if self.agreed.last_three == "on" else 0,  # bettelmann.last-three
            top_rule=looking.rule if looking else "bettelmann.last-three",  # the rule a refusal cites
        )
        self._winner_leads = self.agreed.next_lead == "winner"
        self._cap = self.agreed.cap
        self._how_returned = self.agreed.return_order
        self._moves = tuple({card: Move(seat, "play", card) for card in self.pack.cards} for seat in range(self._n))

    def read_agreed(self) -> BettelmannOptions:
        return BettelmannOptions.read(self.options)

    def check_options(self) -> None:
        check_cap(self.options)  # bettelmann.cycle: no cap only where the deal decides the whole game

    # -- fixed facts ---------------------------------------------------------------------------------
    @property
    def pack(self) -> Pack:
        return GERMAN_32 if self.options["pack"] == "german" else FRENCH_32  # bettelmann.pack, todundleben.pack

    @property
    def num_seats(self) -> int:
        return int(self.options["players"])  # bettelmann.many-players

    @property
    def tie_rule(self) -> TieRule:
        return self.agreed.tie

    def first_leader(self, deal: Deal) -> int:
        return (deal.dealer + 1) % self.num_seats  # bettelmann.lead: the non-dealer turns up first

    # -- chance --------------------------------------------------------------------------------------
    def deal_order(self, order: list[Card], dealer: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        # bettelmann.deal; bettelmann.many-players.deal: one at a time from the dealer's left
        n = self.num_seats
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i, card in enumerate(order):
            hands[(dealer + 1 + i) % n].append(card)
        return tuple(tuple(h) for h in hands), ()

    def initial_state(self, deal: Deal) -> BettelmannState:
        n = self.num_seats
        leader = self.first_leader(deal)
        piles = deal.hands
        state = BettelmannState(
            deal=deal,
            piles=piles,
            table=(),
            pot=(),
            leader=leader,
            turn=leader,
            tricks=0,
            won=(0,) * n,
            captured=(0,) * n,
            rng=deal.seed or 0,
        )
        return evolve(state, saved=self._position(state))

    # -- play ----------------------------------------------------------------------------------------
    def to_play(self, state: BettelmannState) -> int | None:
        return state.turn

    def looking(self, state: BettelmannState, seat: int) -> bool:
        """bettelmann.last-three: with three cards or fewer the owner looks at them (:class:`.table.Table`)."""
        return self.table.looks(state.piles[seat])

    def legal_moves(self, state: BettelmannState) -> list[Move]:
        seat = state.turn
        if seat is None:
            return []
        made = self._moves[seat]  # one Move per seat and card, made once: moves are values
        return [made[card] for card in play.allowed(self.table, state).cards]

    def why_illegal(self, state: BettelmannState, move: Move) -> IllegalMoveError:
        seat = state.turn
        if seat is None:
            return IllegalMoveError(narrate.game_over(), "bettelmann.end")
        if move.seat != seat:
            return IllegalMoveError(narrate.not_your_turn(seat, move.seat, self.seats), "bettelmann.lead")
        pile = state.piles[seat]
        if move.kind != "play" or move.card not in pile:
            return IllegalMoveError(narrate.not_held(seat, move.card, self.seats), "bettelmann.deal")
        return IllegalMoveError(narrate.must_turn_top(seat, pile[0], self.seats), play.allowed(self.table, state).rule)

    def play(self, state: BettelmannState, move: Move) -> tuple[BettelmannState, list[Event]]:
        if move.kind != "play" or move.card is None:
            raise self.why_illegal(state, move)
        state, facts, ending = self._turn_up(state, move.seat, move.card)
        events = [narrate.event(fact, self.seats) for fact in facts]
        if ending is not None:
            events.append(Event("end", ending.text, None))
        return state, events

    def advance(self, state: BettelmannState, move: Move) -> tuple[BettelmannState, int]:
        if move.kind != "play" or move.card is None:
            raise self.why_illegal(state, move)
        after, _, _ = self._turn_up(state, move.seat, move.card, quiet=True)
        return after, after.tricks - state.tricks

    def advance_forced(self, state: BettelmannState) -> tuple[BettelmannState, int, int]:
        """Turn up every card that is the only legal one (the top of a pile nobody may look at, or the last
        card), trick after trick, up to a player's choice among the last three (bettelmann.last-three)
        or the end; the same states as :meth:`advance` card by card. The bot and random play draw nothing
        for such a card (:meth:`bot_move`), so a play-out plays the same game.
        """
        run, moves, looks = Run.of(state), 0, self.table.looks
        while run.turn is not None:
            pile = run.piles[run.turn]
            if len(pile) > 1 and looks(pile):
                break  # a choice: the seat looks at its last cards (play.allowed)
            self._turn(run, run.turn, pile[0], None)
            moves += 1
        if not moves:
            return state, 0, 0
        return run.freeze(), moves, run.tricks - state.tricks

    def _turn_up(
        self, state: BettelmannState, seat: int, card: Card, quiet: bool = False
    ) -> tuple[BettelmannState, list[Fact], Outcome | None]:
        """``seat`` turns up ``card`` (a move ``play``: the top of the pile, or one of the last three,
        bettelmann.last-three; :meth:`_turn`): the new state, the facts, and the outcome if this move ends the
        game. ``quiet``: a play-out's move, which no one words, so no facts of the play are made (the state
        is the same)."""
        facts: list[Fact] | None = None
        if not quiet:
            facts = [Turned(seat, card, len(state.piles[seat]) if self.looking(state, seat) else 0)]
        run = Run.of(state)
        ending = self._turn(run, seat, card, facts)
        return run.freeze(), facts or [], ending

    def _turn(self, run: Run, seat: int, card: Card, facts: list[Fact] | None) -> Outcome | None:
        """``seat`` turns up ``card`` in ``run``, in place; the trick ends when every player has turned one
        (the outcome if this card ends the game). ``facts``: what happened, for the words; None in a
        play-out, which makes none."""
        piles, table, n = run.piles, run.table, self._n
        pile = piles[seat]
        top = pile[0]
        piles[seat] = pile[1:] if top is card or top == card else tuple(c for c in pile if c != card)
        table.append((seat, card))
        if len(table) < n:
            run.turn, run.last, run.last_winner = (seat + 1) % n, (), None
            return None
        return self._finish_trick(run, facts)

    def _finish_trick(self, run: Run, facts: list[Fact] | None) -> Outcome | None:
        """The trick on the table is complete: who takes it, and where its cards go; then the end of the
        game (:meth:`_after_trick`)."""
        table = tuple(run.table)
        rank_of = self._rank_of
        top, tied, (first, best) = -1, False, table[0]
        for seat, card in table:  # the first of the highest ranks (bettelmann.rank: suit ignored)
            value = rank_of[card.rank]
            if value > top:
                top, tied, first, best = value, False, seat, card
            elif value == top:
                tied = True
        trick_no = run.tricks + 1
        winner: int | None
        if not tied:
            winner = first
        elif self.tie_rule == "first-player":
            winner = first  # bettelmann.tie.first-player: the first of the tied cards takes it
        else:
            winner = None  # bettelmann.tie.pierer / todundleben.tie
        if winner is None:
            run.pot += table
            if facts is not None:
                facts.append(Tied(best, len(run.pot), trick_no, run.leader, table))
            # bettelmann.tie.pierer.leader: the same player begins again
        else:
            cards, run.rng = self._return_order(run.pot, table, winner, run.rng)
            run.piles[winner] += cards  # bettelmann.capture
            run.won[winner] += 1
            run.captured[winner] += len(cards)
            if facts is not None:
                facts.append(Took(winner, best, len(cards), tied, trick_no, run.leader, table))
            run.pot = ()
            if self._winner_leads:
                run.leader = winner  # bettelmann.next-lead
        run.table = []
        run.turn, run.tricks, run.last, run.last_winner = run.leader, trick_no, table, winner
        return self._after_trick(run, facts)

    def _return_order(
        self, stake: tuple[Play, ...], trick: tuple[Play, ...], winner: int, rng: int
    ) -> tuple[tuple[Card, ...], int]:
        """bettelmann.return-order: the order the captured cards go under the winner's pile. ``stake``: the
        tied cards that waited (Pierer's rule), in play order; ``trick``: the cards of the deciding trick."""
        how = self._how_returned
        gathered = stake + trick
        if how in ("stake-winner-first", "stake-loser-first"):
            own = tuple(p for p in trick if p[0] == winner)
            others = tuple(p for p in trick if p[0] != winner)
            gathered = stake + (own + others if how == "stake-winner-first" else others + own)
        elif how == "winner-first":
            gathered = tuple([p for p in gathered if p[0] == winner] + [p for p in gathered if p[0] != winner])
        elif how == "loser-first":
            gathered = tuple([p for p in gathered if p[0] != winner] + [p for p in gathered if p[0] == winner])
        elif how == "shuffled":
            r, mixed = Rng(rng), list(gathered)
            r.shuffle(mixed)
            gathered, rng = tuple(mixed), r.state
        return tuple([c for _, c in gathered]), rng

    def _after_trick(self, run: Run, facts: list[Fact] | None) -> Outcome | None:
        """After a trick: the end of the game, if it ends here (its outcome)."""
        if not all(run.piles):
            empty = [s for s, pile in enumerate(run.piles) if not pile]
            if run.pot and self.agreed.run_out_in_tie == "split":
                # bettelmann.run-out-in-tie (split): everyone takes back the tied cards he played
                for s, card in run.pot:
                    run.piles[s] += (card,)
                if facts is not None:
                    facts.append(Split(empty[0]))
                run.pot = ()
                empty = [s for s, pile in enumerate(run.piles) if not pile]
            if empty:
                return self._end(run, self._beggar(run.freeze(), empty))  # the end's hook reads a state
        if self._cap and run.tricks >= self._cap:
            return self._end(run, self._outcome("capped", Capped(self._cap)))
        # bettelmann.cycle: Brent's method finds a repeated position with O(1) memory per state
        key = self._position(run)
        lam = run.lam + 1
        if key == run.saved:
            return self._end(run, self._outcome("endless", Endless(run.tricks, lam), cycle=lam))
        if lam == run.power:
            run.saved, run.power, run.lam = key, run.power * 2, 0
        else:
            run.lam = lam
        return None

    def _outcome(
        self,
        kind: EndKind,
        fact: Ending,
        winners: tuple[int, ...] = (),
        losers: tuple[int, ...] = (),
        cycle: int | None = None,
    ) -> Outcome:
        return Outcome(kind, winners, losers, narrate.ending(fact, self.seats), cycle=cycle)

    @staticmethod
    def _end(run: Run, outcome: Outcome) -> Outcome:
        run.turn, run.result = None, outcome
        return outcome

    def _position(self, state: BettelmannState | Run) -> tuple[Any, ...]:
        rng = state.rng if self._how_returned == "shuffled" else 0
        return (tuple(state.piles), state.pot, state.leader, rng)

    def _beggar(self, state: BettelmannState, empty: list[int]) -> Outcome:
        """bettelmann.end: who ran out of cards is the Beggar and loses; the others win."""
        losers = tuple(empty)
        winners = tuple(s for s in range(self.num_seats) if s not in empty)
        return self._outcome("win", Beggar(losers, bool(state.pot)), winners, losers)

    def outcome(self, state: BettelmannState) -> Outcome | None:
        return state.result

    def bot_move(self, state: BettelmannState, rng: Rng) -> Move:
        """With a choice (bettelmann.last-three): beat the table as cheaply as possible, else keep the best."""
        return bots.simple_move(self.legal_moves(state), self._order, state.table, rng)

    def analyse(self, state: BettelmannState) -> Analysis:
        """Each legal card's outcome with best play by all (bettelmann.last-three; see :mod:`.solver`)."""
        from . import solver  # imported on first use: the live engine loads it only for analysis

        return solver.analyse(self, state)

    # -- view ----------------------------------------------------------------------------------------
    def seat_marks(self, state: BettelmannState, seat: int) -> list[dict[str, Any]]:
        marks: list[dict[str, Any]] = []
        if seat == state.deal.dealer:
            marks.append({"kind": "dealer", "label": _(narrate.MARKS["dealer"])})
        if state.piles[seat] and self.looking(state, seat):
            marks.append({"kind": "info", "label": _(narrate.MARKS["info"]), "rule": "bettelmann.last-three"})
        if state.result is not None and seat in state.result.losers:
            marks.append({"kind": "beggar", "label": _(narrate.MARKS["beggar"]), "rule": "bettelmann.end"})
        return marks

    def view(self, state: BettelmannState) -> dict[str, Any]:
        seats = range(len(state.piles))
        looking = [self.looking(state, s) for s in seats]
        marks = [self.seat_marks(state, s) for s in seats]
        return view.frame_view(state, self.seats.names, looking, marks, self.info(state))

    def info(self, state: BettelmannState) -> list[list[str]]:
        return narrate.info(state.tricks, self.tie_rule)
