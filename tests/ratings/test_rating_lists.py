"""Rating lists: who is who, the order of the games, the last event's change, games of more sides."""

import random
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from pbmkit.ratings import FinishedGame, PlayerRating, RatingList, identities, rate, read_paths
from tests.support.ratings_helpers import games_of, record


def by_name(rating_list: RatingList) -> dict[str, PlayerRating]:
    return {p.name: p for p in rating_list.players}


def test_one_list_per_game_best_first_with_games_counted() -> None:
    text = (record("Ann", "Bob", "first", date="2026-01-01")
            + record("Bob", "Ann", "first", date="2026-01-02")
            + record("Ann", "Cid", "first", game="Hex"))
    lists = rate(games_of(text))
    assert [rl.name for rl in lists] == ["Batalo", "Hex"]
    batalo = lists[0]
    assert batalo.system == "elo" and batalo.games == 2 and batalo.first_side == "white"
    # two games say nothing of White's advantage (issue 38): none estimated below 100 games
    assert (batalo.advantage, batalo.advantage_error) == (0.0, None)
    ann, bob = by_name(batalo)["Ann"], by_name(batalo)["Bob"]
    assert (ann.games, bob.games) == (2, 2)
    # both newcomers (K = 40 each way): what one gains the other loses
    assert ann.rating + bob.rating == pytest.approx(3000)
    assert batalo.players[0].rating >= batalo.players[1].rating  # best first


def test_the_same_games_in_any_order_of_files_give_the_same_lists(tmp_path: Path) -> None:
    rng = random.Random(3)
    names = [f"P{k}" for k in range(7)]
    records = [record(*rng.sample(names, 2), rng.choice(("first", "second", "draw")),
                      date=f"2026-0{1 + k % 3}-1{k % 5}", number=k, event=f"E{k % 4}")
               for k in range(60)]
    one = tmp_path / "one"
    two = tmp_path / "two"
    one.mkdir()
    two.mkdir()
    (one / "archive.txt").write_text("".join(records), encoding="utf-8")
    shuffled = records[:]
    rng.shuffle(shuffled)
    for k, text in enumerate(shuffled):
        (two / f"{59 - k:02d}-game.txt").write_text(text, encoding="utf-8")

    def lists(path: Path) -> object:
        games = [g for g in read_paths([str(path)]) if isinstance(g, FinishedGame)]
        return [(rl.name, rl.advantage, [(p.name, p.rating, p.games, p.event, p.change)
                                         for p in rl.players]) for rl in rate(games)]

    assert lists(one) == lists(two)
    assert lists(two) == lists(two)


def test_games_count_in_date_order_whatever_the_file_says() -> None:
    later = record("Ann", "Bob", "first", date="2026-05-01")
    earlier = record("Bob", "Ann", "first", date="2026-01-01")
    assert [p.rating for p in rate(games_of(later + earlier))[0].players] == \
        [p.rating for p in rate(games_of(earlier + later))[0].players]


def test_an_email_address_is_one_player_whatever_the_name() -> None:
    text = (record("Ann Lee", "Bob", "first", emails=("ann@example.org", ""))
            + record("Ann Lee-Roy", "Cid", "first", emails=("ANN@example.org", ""), date="2026-02-01")
            + record("Ann Lee", "Dee", "first", date="2026-03-01"))  # no address: the name's
    (batalo,) = rate(games_of(text))
    ann = [p for p in batalo.players if p.email == "ann@example.org"]
    assert len(ann) == 1 and ann[0].games == 3
    assert ann[0].name == "Ann Lee"  # the name of the latest game


def test_a_name_written_with_two_addresses_stays_two_players_and_the_bare_name_a_third() -> None:
    text = (record("John Smith", "Bob", "first", emails=("js@a.org", ""))
            + record("John Smith", "Cid", "first", emails=("js@b.org", ""))
            + record("John Smith", "Dee", "first"))
    games = games_of(text)
    ids = identities(games)
    assert ids["john smith", "js@a.org"] != ids["john smith", "js@b.org"]
    assert ids["john smith", ""] == "name:john smith"
    (batalo,) = rate(games)
    assert sum(p.name == "John Smith" for p in batalo.players) == 3


def test_the_change_of_the_last_event_sums_that_events_games() -> None:
    text = (record("Ann", "Bob", "first", event="Spring", date="2026-01-01")
            + record("Bob", "Ann", "second", event="Autumn", date="2026-09-01")
            + record("Ann", "Cid", "draw", event="Autumn", date="2026-09-02", number=2))
    games = games_of(text)
    (batalo,) = rate(games)
    ann = by_name(batalo)["Ann"]
    assert ann.event == "Autumn"
    assert ann.change == pytest.approx(ann.rating - (1500 + 20))


def test_a_starting_rating_by_address_or_name() -> None:
    text = record("Ann", "Bob", "draw", emails=("ann@x.org", ""))
    (batalo,) = rate(games_of(text), start={"ANN@x.org": 2000, "bob": 1600})
    ann, bob = by_name(batalo)["Ann"], by_name(batalo)["Bob"]
    # a draw against a player 400 points below: Ann loses about 40 x (.5 - .92)
    assert 2000 - 20 < ann.rating < 2000 - 10 and 1600 + 10 < bob.rating < 1600 + 20


def test_rules_keeps_one_games_lists() -> None:
    text = record("Ann", "Bob", "first") + record("Ann", "Cid", "first", game="Hex")
    assert [rl.name for rl in rate(games_of(text), rules="hex")] == ["Hex"]


ZONES = ('[Game "Batrakill"]\n[Layout "zones"]\n[Order "Purple Blue Dragon Yellow"]\n'
         '[Date "2026-0{n}-01"]\n[Purple "{a}, S"]\n[Blue "{b}, N"]\n[Dragon "{c}"]\n'
         '[Yellow "{d}, E"]\n[Winner "{w}"]\n\n1. g2-h2 d8-e8 D@d5 i5-i4\n\n')


def test_games_of_more_sides_are_rated_by_openskill_with_a_seat_per_side() -> None:
    text = ZONES.format(n=1, a="Ann", b="Bob", c="Cid", d="Dee", w="Dragon")
    lists = rate(games_of(text))
    (zones,) = lists
    assert zones.name == "Batrakill, 3 to 5 players" and zones.system == "openskill"
    # what openskill itself gives: each player teamed with their side's seat, the dragon first
    model = PlackettLuce()
    teams = [[model.rating(), model.rating()] for _ in range(4)]
    after = model.rate(teams, ranks=[2, 2, 1, 2])
    cid = by_name(zones)["Cid"]
    assert cid.mu == pytest.approx(after[2][0].mu)
    assert cid.rating == pytest.approx(after[2][0].ordinal())
    assert zones.players[0].name == "Cid"
    assert zones.seats["dragon"] > 0 > zones.seats["purple"]


def test_a_zones_game_and_a_duel_go_to_two_lists() -> None:
    text = ZONES.format(n=1, a="Ann", b="Bob", c="Cid", d="Dee", w="Purple") + \
        record("Ann", "Bob", "first", game="Batrakill")
    assert [(rl.name, rl.system) for rl in rate(games_of(text))] == [
        ("Batrakill", "elo"), ("Batrakill, 3 to 5 players", "openskill")]
