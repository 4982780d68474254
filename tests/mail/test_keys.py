"""Issue 22, game keys: mails that prove themselves when both players use pbmkit (docs/mail.md).

Ann and Bob each have a configuration folder (XDG_CONFIG_HOME) and a copy of the game; Ann's
`mail compose` makes the key and offers it, Bob's `mail read` adopts it, and from then on each
player's moves without a valid authentication code are refused.
"""

from __future__ import annotations

import email
import email.policy
import os
import stat
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.mail.compose import MailError
from pbmkit.mail.keys import AUTH_HEADER, KEY_HEADER, KeyRing, game_id, keys_path
from pbmkit.records import check_text

HEAD = """[Game "Batalo"]
[Number "3"]
[Date "2026-09-01"]
[White "Ann Lee"]
[Black "Bob Kay"]
[WhiteEmail "ann@example.org"]
[BlackEmail "Bob Kay <bob@example.net>"]

"""
GAME_ID = "batalo #3 white=ann@example.org black=bob@example.net"


class Player:
    """One player: a configuration folder and a folder holding their copy of the game."""

    def __init__(self, root: Path, name: str, moves: str) -> None:
        self.config = root / name / "config"
        self.games = root / name / "games"
        self.games.mkdir(parents=True)
        self.record = self.games / "3-ann-bob.txt"
        self.record.write_text(HEAD + moves, encoding="utf-8")
        self.root = root / name

    def run(self, *args: str) -> tuple[int, str, str]:
        result = CliRunner().invoke(cli, list(args), env={"XDG_CONFIG_HOME": str(self.config)},
                                    catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    def move(self, text: str) -> None:
        code, _, err = self.run("move", str(self.record), text)
        assert code == 0, err

    def compose(self) -> bytes:
        out = self.root / "out.eml"
        code, _, err = self.run("mail", "compose", str(self.record), "-o", str(out))
        assert code == 0, err
        return out.read_bytes()

    def read(self, *messages: bytes) -> tuple[int, str, str]:
        paths = []
        for k, data in enumerate(messages):
            path = self.root / f"in-{k}-{len(list(self.root.iterdir()))}.eml"
            path.write_bytes(data)
            paths.append(str(path))
        return self.run("mail", "read", *paths, "--games", str(self.games))

    @property
    def keys(self) -> KeyRing:
        return KeyRing.load(keys_path({"XDG_CONFIG_HOME": str(self.config)}))


def parse(data: bytes) -> EmailMessage:
    msg = email.message_from_bytes(data, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


def edited(data: bytes, move: str | None = None, **headers: str | None) -> bytes:
    """A copy of the message with headers replaced (None: removed), a new Message-ID, and the
    move line replaced: what a forger who saw nothing of the players' mail can write at best."""
    msg = parse(data)
    for name, value in {"Message-ID": "<forged.1@evil.example>", **headers}.items():
        del msg[name]
        if value is not None:
            msg[name] = value
    if move is not None:
        body = msg.get_body(preferencelist=("plain",))
        assert body is not None
        text = body.get_content()
        lines = [f"Move: {move}" if line.startswith("Move: ") else line
                 for line in text.splitlines()]
        body.set_content("\n".join(lines) + "\n", cte="quoted-printable")
    return msg.as_bytes()


@pytest.fixture
def players(tmp_path: Path) -> tuple[Player, Player]:
    ann = Player(tmp_path, "ann", "1. KP to KR EW to FW\n")
    bob = Player(tmp_path, "bob", "1. KP to KR EW to FW\n")
    return ann, bob


def test_ann_composes_bob_reads_the_key_travels_once_and_codes_prove_both_ways(
        players: tuple[Player, Player]) -> None:
    """Issue 22: 'the first mail pbmkit composes for the game gives the game a random key; it is
    shared with the opponent in that first mail; mail read adopts a key from the opponent's
    first mail when it has none'."""
    ann, bob = players
    ann.move("KQ to KP")
    first = parse(ann.compose())
    key = ann.keys.games[GAME_ID].key
    assert first[KEY_HEADER].strip() == key.hex() and len(key) == 32
    assert len(first[AUTH_HEADER].strip()) == 64
    code, out, err = bob.read(first.as_bytes())
    assert code == 0, err
    assert ": applied: Batalo #3: 2. White KQ to KP from ann@example.org" in out
    adopted = bob.keys.games[GAME_ID]
    assert (adopted.key, adopted.origin, adopted.since) == (key, "adopted",
                                                            {"ann@example.org": "2."})
    bob.move("EV to FU")
    reply = parse(bob.compose())
    assert reply[KEY_HEADER] is None  # Bob's key came from Ann: it is not offered back
    code, out, err = ann.read(reply.as_bytes())
    assert code == 0, err
    assert ": applied: Batalo #3: 2. Black EV to FU from bob@example.net" in out
    assert ann.keys.games[GAME_ID].since == {"bob@example.net": "2..."}
    for player in (ann, bob):  # never in the record
        assert key.hex() not in player.record.read_text(encoding="utf-8")
        mode = stat.S_IMODE(os.stat(keys_path({"XDG_CONFIG_HOME": str(player.config)})).st_mode)
        assert mode == 0o600


def played_to_bobs_reply(players: tuple[Player, Player]) -> tuple[Player, Player, bytes]:
    ann, bob = players
    ann.move("KQ to KP")
    assert bob.read(ann.compose())[0] == 0
    bob.move("EV to FU")
    return ann, bob, bob.compose()


def ann_waits_for_bob(players: tuple[Player, Player]) -> tuple[Player, Player, bytes]:
    """Bob's 2... read by Ann, Ann's 3. read by Bob: Ann waits for Bob's 3... ."""
    ann, bob, reply = played_to_bobs_reply(players)
    assert ann.read(reply)[0] == 0
    ann.move("KR to KS")
    assert bob.read(ann.compose())[0] == 0
    return ann, bob, reply


FORGERIES = {
    "no code": {AUTH_HEADER: None},
    "a wrong code": {AUTH_HEADER: "ab" * 32},
}


@pytest.mark.parametrize("how", sorted(FORGERIES))
def test_a_move_without_a_valid_code_is_refused_and_nothing_written(
        players: tuple[Player, Player], how: str) -> None:
    ann, _, reply = ann_waits_for_bob(players)
    before = ann.record.read_bytes()
    forged = edited(reply, move="3... FU to GU", **FORGERIES[how])
    code, _, err = ann.read(forged)
    assert code == 1 and "Traceback" not in err
    if how == "no code":
        assert ("REFUSED: Batalo #3: no valid authentication code; this game's mails from "
                "bob@example.net have carried one since 2...; nothing applied") in err
    else:
        assert "REFUSED: Batalo #3: a wrong authentication code" in err
    assert ann.record.read_bytes() == before


def test_a_code_copied_from_another_move_or_turn_is_refused(
        players: tuple[Player, Player]) -> None:
    """Issue 22: 'a code for another move/turn refused (replay of an old mail's code)'."""
    ann, bob, reply = ann_waits_for_bob(players)
    old_code = parse(reply)[AUTH_HEADER]  # Bob's genuine code of 2... EV to FU: another turn
    bob.move("FU to GU")
    genuine = bob.compose()
    this_turn = parse(genuine)[AUTH_HEADER]  # Bob's code of 3... FU to GU: another move
    before = ann.record.read_bytes()
    for move, stolen in (("3... FU to GU", old_code), ("3... CW to BW", this_turn)):
        code, _, err = ann.read(edited(genuine, move=move, **{AUTH_HEADER: stolen}))
        assert code == 1
        assert f"REFUSED: Batalo #3: a wrong authentication code (not this game's {move} " in err
    assert ann.record.read_bytes() == before
    code, out, err = ann.read(genuine)
    assert code == 0 and ": applied: Batalo #3: 3. Black FU to GU" in out


def test_a_message_offering_another_key_is_refused_once_the_key_is_proven(
        players: tuple[Player, Player]) -> None:
    ann, _, reply = ann_waits_for_bob(players)
    before = ann.record.read_bytes()
    forged = edited(reply, move="3... FU to GU", **{KEY_HEADER: "cd" * 32, AUTH_HEADER: "ef" * 32})
    code, _, err = ann.read(forged)
    assert code == 1
    assert "REFUSED: Batalo #3: its game key is not this game's" in err
    assert ann.record.read_bytes() == before


def test_both_players_ran_new_the_key_of_the_first_mail_wins(tmp_path: Path) -> None:
    """Issue 22: 'both players ran pbmkit new and have two different keys: decide and test'."""
    ann = Player(tmp_path, "ann", "")
    bob = Player(tmp_path, "bob", "")
    for player in (ann, bob):
        player.record.unlink()
        code, out, err = player.run(
            "new", str(player.record), "--white", "Ann Lee", "--black", "Bob Kay", "--number", "3",
            "--date", "2026-09-01", "--tag", "WhiteEmail=ann@example.org",
            "--tag", "BlackEmail=bob@example.net")
        assert code == 0, err
        assert "game key made" in out
    key_a, key_b = ann.keys.games[GAME_ID].key, bob.keys.games[GAME_ID].key
    assert key_a != key_b
    ann.move("KP to KR")
    first = ann.compose()
    code, out, err = bob.read(first)
    assert code == 0, err
    assert bob.keys.games[GAME_ID].key == key_a  # Bob's pbmkit adopts the first mail's key
    bob.move("EW to FW")
    code, out, err = ann.read(bob.compose())
    assert code == 0, err
    assert ann.keys.games[GAME_ID].since == {"bob@example.net": "1..."}


def test_a_key_made_here_yields_to_the_key_another_players_mail_brings(tmp_path: Path) -> None:
    """The other order: Bob typed Ann's first move by hand, so his mail offers a key of his own.
    Ann's key, which no mail of Bob's has used, yields to it: both then hold Bob's."""
    ann = Player(tmp_path, "ann", "1. KP to KR\n")
    bob = Player(tmp_path, "bob", "1. KP to KR\n")
    ann_ring = ann.keys
    assert ann_ring.make(check_text(ann.record.read_text(encoding="utf-8"), "r")[0])
    ann_ring.save()
    bob.move("EW to FW")
    code, _, err = ann.read(bob.compose())
    assert code == 0, err
    assert ann.keys.games[GAME_ID].key == bob.keys.games[GAME_ID].key
    ann.move("KQ to KP")
    mail = parse(ann.compose())
    assert mail[KEY_HEADER] is None  # adopted: not offered back
    code, _, err = bob.read(mail.as_bytes())
    assert code == 0, err
    assert bob.keys.games[GAME_ID].since == {"ann@example.org": "2."}


def test_a_key_file_others_can_read_is_refused(players: tuple[Player, Player]) -> None:
    """Issue 22: 'Keys live in the player's config (mode 0600), refused when others can read it'."""
    ann, _bob = players
    ann.move("KQ to KP")
    ann.compose()
    path = keys_path({"XDG_CONFIG_HOME": str(ann.config)})
    os.chmod(path, 0o644)
    code, _, err = ann.run("mail", "compose", str(ann.record))
    assert code == 2
    assert f"the keys file {path} can be read by others (mode 644); refused: chmod 600" in err
    with pytest.raises(MailError, match="can be read by others"):
        KeyRing.load(path)


def test_the_game_is_known_by_its_name_number_and_addresses() -> None:
    (rep,) = check_text(HEAD + "1. KP to KR\n", "r")
    assert game_id(rep) == GAME_ID
    (rep,) = check_text(HEAD.replace("bob@example.net", "Bob@EXAMPLE.net"), "r")
    assert game_id(rep) == GAME_ID  # the opponent's record may spell an address otherwise
    (rep,) = check_text(HEAD.replace('[BlackEmail "Bob Kay <bob@example.net>"]\n', ""), "r")
    assert game_id(rep) is None  # no key without every player's address


def test_a_dry_run_adopts_no_key(players: tuple[Player, Player]) -> None:
    ann, bob = players
    ann.move("KQ to KP")
    first = ann.compose()
    path = bob.root / "first.eml"
    path.write_bytes(first)
    code, out, _ = bob.run("mail", "read", str(path), "--games", str(bob.games), "--dry-run")
    assert code == 0 and "would apply" in out
    assert not keys_path({"XDG_CONFIG_HOME": str(bob.config)}).exists()


def test_codes_fit_a_second_round_of_batrakill() -> None:
    """The turn label in the code is the one both sides write: ``2:1`` in Batrakill's round 2."""
    import random

    from pbmkit.games import get_game
    from pbmkit.mail.compose import compose_message
    from pbmkit.records import moves_text

    game = get_game("batrakill")
    rng = random.Random(3)
    position, played = game.initial_position(), []
    while game.round_of(position) == 1:
        move = rng.choice(list(game.legal_moves(position)))
        played.append(move)
        position = game.apply(position, move)
    head = ('[Game "Batrakill"]\n[Number "7"]\n[Knights "Ann Lee"]\n[Dragon "Bob Kay"]\n'
            '[KnightsEmail "ann@example.org"]\n[DragonEmail "bob@example.net"]\n\n')
    reply = rng.choice(list(game.legal_moves(position)))
    (before,) = check_text(head + moves_text(game, played), "r")
    (after,) = check_text(head + moves_text(game, [*played, reply]), "r")
    assert before.valid and after.valid and after.main[-1].label == "2:1"
    anns, bobs = KeyRing(), KeyRing()
    msg = parse(compose_message(after, keys=anns).as_bytes())
    side = after.main[-1].side
    canonical = game.notation.format(reply, position)
    assert bobs.verify(msg, before, before.next_label(), side, canonical) is None
    (gid,) = bobs.games
    assert bobs.games[gid].key == anns.games[gid].key  # adopted
    assert bobs.games[gid].since == {"ann@example.org": "2:1."}


def test_new_writes_no_record_when_the_key_file_is_refused(tmp_path: Path) -> None:
    ann = Player(tmp_path, "ann", "")
    ann.record.unlink()
    path = keys_path({"XDG_CONFIG_HOME": str(ann.config)})
    path.parent.mkdir(parents=True)
    path.write_text("", encoding="utf-8")
    os.chmod(path, 0o640)
    code, _, err = ann.run("new", str(ann.record), "--white", "Ann Lee", "--black", "Bob Kay",
                           "--tag", "WhiteEmail=ann@example.org", "--tag", "BlackEmail=bob@example.net")
    assert code == 2 and "can be read by others (mode 640)" in err
    assert not ann.record.exists()


def test_a_forgery_refused_after_its_code_checked_out_leaves_no_key_behind(
        players: tuple[Player, Player]) -> None:
    """A mail that offers its own key with a valid code under it, but is refused afterwards (here:
    sent before Bob's last move was sent), must not make that key the game's: Ann's genuine first
    mail, read next, is applied and her key adopted (before, the forger's key was adopted with the
    refusal, and Ann's mail was then refused as bringing 'a key that is not this game's')."""
    from pbmkit.mail.keys import auth_code

    ann, bob = players
    dated = "1. KP to KR EW to FW {[%ccsnt 2026.11.20]}\n"
    for player in (ann, bob):
        player.record.write_text(HEAD + dated, encoding="utf-8")
    ann.move("KQ to KP")
    genuine = ann.compose()
    eve_key = bytes(range(32))
    forged = edited(genuine, **{KEY_HEADER: eve_key.hex(),
                                AUTH_HEADER: auth_code(eve_key, GAME_ID, "2", "white", "KQ to KP"),
                                "Date": "Tue, 10 Nov 2026 09:00:00 +0000",
                                "Received": "from mx by mx.example.net; Tue, 10 Nov 2026 09:00:05 +0000"})
    before = bob.record.read_bytes()
    code, _, err = bob.read(forged)
    assert code == 1 and "before the last move was sent" in err
    assert bob.record.read_bytes() == before
    assert GAME_ID not in bob.keys.games
    code, out, err = bob.read(genuine)
    assert code == 0, err
    assert ": applied: Batalo #3: 2. White KQ to KP from ann@example.org" in out
    assert bob.keys.games[GAME_ID].key == ann.keys.games[GAME_ID].key
