"""The tricks a Drużbart side surely wins in a row, for the solver's limits (:mod:`.solver`).

The holder of the strongest beater left can always win a trick with it: nothing heads it, and a hand that
must head may head with any card that does (druzbart.head). So a side's beaters above all of the other
side's (its top cards) win their tricks one after another, the partners handing the lead across with a card
they need not keep, the other side winning nothing in between but the Sevens its leader leads first
(druzbart.seven). What that leaves each side bounds the value of the rest of the deal (druzbart.end).
"""

from __future__ import annotations


def run_least(run: int, first: int, left: int, need: int, give: int) -> int:
    """The least a side gains (its tricks less the others') with ``left`` tricks to play, needing ``need``
    tricks and the others ``give`` (druzbart.end), when the others win ``first`` tricks at most, then it
    wins the next ``run`` tricks, the others every trick after (fewer first tricks leave it no worse)."""
    if first >= give:
        return -give
    run = min(run, left - first)
    if run >= need:
        return need - first
    return run - min(give, left - run)


def _follow_free(player: list[int]) -> None:
    """A partner follows to a trick his side wins with a card he need not keep: a Seven, another card not a
    top card, else his weakest top card (``player``: his top cards as places, his Sevens, his other cards)."""
    if player[1]:
        player[1] -= 1
    elif player[2]:
        player[2] -= 1
    else:
        player[0] &= player[0] - 1


def side_run(players: list[list[int]], leads: bool | None, sevens: int, left: int) -> int:
    """The tricks in a row a side wins with its top cards (``players``: the holder of the strongest, then his
    partner, as :meth:`.solver.DruzbartModel.top_run` has them), ``left`` tricks to play, from the first trick it
    wins. ``leads``: which partner leads (True: the holder), the leader's ``sevens`` safe Sevens led first
    (counted); None: the other side leads, its ``sevens`` Sevens first (not counted), each partner following,
    and the holder takes the next trick with his strongest, his partner perhaps made to head the lead with a
    weaker top card. Then :func:`_streak`."""
    tricks = 0
    if leads is not None:
        lead = 0 if leads else 1
        for _ in range(sevens):
            players[lead][1] -= 1
            _follow_free(players[1 - lead])
            tricks += 1
        return tricks + _streak(players, lead, left - tricks)
    for _ in range(sevens):
        _follow_free(players[0])
        _follow_free(players[1])
    left -= sevens
    top, partner = players
    if not top[0] or left <= 0:  # the top cards all thrown to the Sevens
        return 0
    top[0] ^= 1 << top[0].bit_length() - 1
    if partner[0]:  # made to head the lead, say: with his weakest top card
        partner[0] &= partner[0] - 1
    elif partner[2]:  # or with another card that heads it (not a Seven: an unled Seven heads nothing)
        partner[2] -= 1
    else:
        partner[1] -= 1
    return 1 + _streak(players, 0, left - 1)


def _streak(players: list[list[int]], lead: int, left: int) -> int:
    """The tricks two partners (``players``, as :func:`_follow_free` has them) win in a row with their top
    cards, ``lead`` leading, ``left`` tricks at most: whoever holds the strongest top card left plays it
    (the leader leads it, or hands the lead across and his partner heads with it, druzbart.head)."""
    tricks = 0
    while tricks < left:
        mine, other = players[lead], players[1 - lead]
        if not mine[0] and not other[0]:
            break
        if mine[0].bit_length() > other[0].bit_length():
            mine[0] ^= 1 << mine[0].bit_length() - 1
            _follow_free(other)
        else:
            if mine[2]:
                mine[2] -= 1
            elif mine[0]:
                mine[0] &= mine[0] - 1
            else:  # Sevens only: no card hands the lead across
                break
            other[0] ^= 1 << other[0].bit_length() - 1
            lead = 1 - lead
        tricks += 1
    return tricks
