#!/usr/bin/env bash
# `make demo`: the main job on the bundled examples. $1 is the pbmkit executable.
# Checks every example record, shows a board and its legal moves, and writes the PDFs to out/.
set -euo pipefail
PBMKIT=${1:-pbmkit}
cd "$(dirname "$0")/.."
mkdir -p out

echo "== Batalo: the starting board and White's opening moves =="
"$PBMKIT" board

echo
echo "== Checking the example records =="
"$PBMKIT" check examples/*.txt

echo
echo "== The unfinished game by mail: board and the legal moves for White =="
"$PBMKIT" show examples/03-unfinished-with-series.txt
"$PBMKIT" moves examples/03-unfinished-with-series.txt --from JQ

echo
echo "== A mailed move, checked but not written (--dry-run) =="
"$PBMKIT" move --dry-run examples/03-unfinished-with-series.txt "HV to GV"

echo
echo "== Printed forms in out/ =="
"$PBMKIT" phonechart -o out/phone-chart.pdf
"$PBMKIT" chart --blank -o out/records-chart-blank.pdf
"$PBMKIT" mailer --blank -o out/mailers-blank.pdf
for f in examples/0[1-3]-*.txt; do
  base=$(basename "$f" .txt)
  "$PBMKIT" chart "$f" -o "out/records-chart-$base.pdf"
done
"$PBMKIT" chart examples/03-unfinished-with-series.txt --series a -o out/records-chart-series-a.pdf
"$PBMKIT" mailer examples/04-archive.txt -o out/mailers-archive.pdf
"$PBMKIT" mailer examples/04-archive.txt --paper a4 -o out/mailers-archive-a4.pdf
"$PBMKIT" show examples/01-short-base-win.txt --svg out/short-base-win.svg > /dev/null

echo
echo "== Billo: a four-piece chained capture, and the legal moves before it =="
"$PBMKIT" show examples/billo-02-chained-capture.txt --turn 32
"$PBMKIT" moves examples/billo-02-chained-capture.txt --turn 31
"$PBMKIT" phonechart --rules billo -o out/billo-board-names.pdf
"$PBMKIT" chart --blank --rules billo -o out/billo-records-chart-blank.pdf
"$PBMKIT" mailer --blank --rules billo -o out/billo-mailers-blank.pdf
for f in examples/billo-*.txt; do
  "$PBMKIT" chart "$f" -o "out/records-chart-$(basename "$f" .txt).pdf"
done
"$PBMKIT" mailer examples/billo-*.txt -o out/billo-mailers.pdf
"$PBMKIT" show examples/billo-02-chained-capture.txt --turn 32 --svg out/billo-chain.svg > /dev/null

echo
echo "== Batu Khan: a knock-out of a blockade, then of a stone; games on 6x6, 6x7 and 7x7 boards =="
"$PBMKIT" moves examples/batu-khan-01-camp.txt --turn 11
"$PBMKIT" show examples/batu-khan-01-camp.txt --turn 12
"$PBMKIT" show examples/batu-khan-03-no-moves-6x7.txt
"$PBMKIT" phonechart --rules batu-khan -o out/batu-khan-board-names.pdf
"$PBMKIT" chart --blank --rules batu-khan -o out/batu-khan-records-chart-blank.pdf
for f in examples/batu-khan-*.txt; do
  "$PBMKIT" chart "$f" -o "out/records-chart-$(basename "$f" .txt).pdf"
done
"$PBMKIT" mailer examples/batu-khan-*.txt -o out/batu-khan-mailers.pdf
"$PBMKIT" show examples/batu-khan-02-blockades-6x6.txt --svg out/batu-khan-6x6.svg > /dev/null
echo
echo "== Batrakill (provisional layouts): two duels over two rounds, and a 4-player game =="
"$PBMKIT" check examples/batrakill-*.txt
"$PBMKIT" show examples/batrakill-01-knights-win.txt --turn 2:8
"$PBMKIT" moves examples/batrakill-01-knights-win.txt --turn 2:21
"$PBMKIT" show examples/batrakill-02-dragon-wins.txt --turn 27
"$PBMKIT" show examples/batrakill-03-four-players.txt
for f in examples/batrakill-*.txt; do
  "$PBMKIT" chart "$f" -o "out/records-chart-$(basename "$f" .txt).pdf"
done
"$PBMKIT" mailer examples/batrakill-*.txt -o out/batrakill-mailers.pdf

echo
echo "== Baladãna: a turn is a ring move, then a figure move, then tax and loot after a capture =="
"$PBMKIT" check examples/baladana-*.txt
"$PBMKIT" show examples/baladana-02-loot-and-a-golden-ring-put-down.txt --turn 4
"$PBMKIT" moves examples/baladana-02-loot-and-a-golden-ring-put-down.txt --turn 4 --from a2
for f in examples/baladana-*.txt; do
  "$PBMKIT" chart "$f" -o "out/records-chart-$(basename "$f" .txt).pdf"
done
"$PBMKIT" mailer examples/baladana-*.txt -o out/baladana-mailers.pdf
"$PBMKIT" phonechart --rules baladana -o out/baladana-board-names.pdf

echo
echo "== The correspondence desk: four games by mail, as of 2026-11-23 (docs/desk.md) =="
"$PBMKIT" status examples/desk --me "Ann Lee" --today 2026-11-23
"$PBMKIT" mailer examples/desk/*.txt -o out/desk-mailers.pdf
"$PBMKIT" chart examples/desk/1-ann-bob.txt -o out/desk-records-chart.pdf
"$PBMKIT" check -q examples/desk/*.txt

echo
echo "== Moves by e-mail: the example mailbox read without writing (docs/mail.md) =="
# the move's e-mail, text and HTML (the board as an inline PNG): open it in a mail program
"$PBMKIT" mail compose examples/mail/games/1-ann-bob.txt -o out/mail-batalo-1.eml
"$PBMKIT" show examples/mail/games/1-ann-bob.txt --png out/mail-batalo-1-board.png > /dev/null
"$PBMKIT" mail read examples/mail/inbox.mbox --games examples/mail/games --dry-run 2>&1 \
  || [ $? -eq 1 ]  # 1: the mailbox holds messages refused on purpose; 2 would be a usage error

echo
echo "== Web pages: one per example game, and the archive with its index (docs/viewer.md) =="
mkdir -p out/html
for f in examples/*.txt; do
  base=$(basename "$f" .txt)
  if [ "$base" = 04-archive ]; then
    "$PBMKIT" html "$f" -o out/html/archive/   # index.html and game-1.html ... game-4.html
  else
    "$PBMKIT" html "$f" -o "out/html/$base.html" > /dev/null
  fi
done
"$PBMKIT" html examples/desk/1-ann-bob.txt -o out/html/desk-1-ann-bob.html
echo "Open out/html/03-unfinished-with-series.html or out/html/archive/index.html in a browser."
# A game still going: its page offers White's legal moves to tap (docs/viewer.md, "Move by tapping")
"$PBMKIT" html examples/03-unfinished-with-series.txt -o out/html/your-move.html
echo "On out/html/your-move.html White is to move: tap a piece, then a marked place; the move"
echo "shows as pbmkit move would append it, with Copy and Send by e-mail."

echo
echo "== Ratings: a list per game from the finished example games (docs/events.md, "Ratings") =="
"$PBMKIT" ratings examples --rules batalo
"$PBMKIT" ratings examples -o out/ratings.csv

echo
echo "== Correspondence events: Billo (7 players) and Batrakill zones (4), from event new (docs/events.md) =="
# play_event DIR FILE: the actions of FILE (examples/events/*-play.tsv: GAME<TAB>ACTION[<TAB>ARG])
# on the event's records: move, resign, draw offer|accept (the records' results) or result (the
# organiser's, pbmkit event result).
play_event() {
  local dir=$1 game action arg rec
  while IFS=$'\t' read -r game action arg; do
    case "$game" in ''|'#'*) continue ;; esac
    rec=$(printf '%s/%02d-' "$dir" "$game")
    rec=$(echo "$rec"*.txt)
    case "$action" in
      move) "$PBMKIT" move "$rec" "$arg" --sent 2027-01-20 > /dev/null ;;
      resign) "$PBMKIT" resign "$rec" > /dev/null ;;
      "draw offer"|"draw accept") "$PBMKIT" draw "${action#draw }" "$rec" > /dev/null ;;
      result) read -r -a words <<< "$arg"; "$PBMKIT" event result "$dir" "$game" "${words[@]}" ;;
      *) echo "play_event: unknown action $action" >&2; return 1 ;;
    esac
  done < "$2"
}
rm -rf out/events
mkdir -p out/events
"$PBMKIT" event new out/events/billo-7 --rules billo --players examples/events/billo-7.csv \
  --tag "Event=pbmkit demo: Billo club event" --tag Date=2027-01-10 --tag TimeControl=10/30 \
  --organiser "Iris Vale" --organiser-email td@example.org \
  --organiser-address "Club Secretary; 1 Chapel Row; Bath BA1 1AB"
play_event out/events/billo-7 examples/events/billo-7-play.tsv
"$PBMKIT" event new out/events/batrakill-4 --rules batrakill --tag Layout=zones \
  --players examples/events/batrakill-4.toml --tag "Event=pbmkit demo: Batrakill zones" \
  --tag Date=2027-01-10
play_event out/events/batrakill-4 examples/events/batrakill-4-play.tsv
"$PBMKIT" check -q out/events/*/*.txt
# the two events' rating lists from their records: Elo for the Billo section, openskill for the
# zones table (the organiser's forfeit and adjudication live in event.toml, not in the records)
"$PBMKIT" ratings out/events
# The crosstables (text, PDF, a web page linking each game's pbmkit html page) and the letters.
for ev in billo-7 batrakill-4; do
  for f in out/events/$ev/*.txt; do "$PBMKIT" html "$f" -o "${f%.txt}.html" > /dev/null; done
  "$PBMKIT" event table out/events/$ev
  "$PBMKIT" event table out/events/$ev -o out/events/$ev-crosstable.pdf
  "$PBMKIT" event table out/events/$ev --paper a4 -o out/events/$ev-crosstable-a4.pdf
  "$PBMKIT" event table out/events/$ev -o out/events/$ev-crosstable.html
  "$PBMKIT" event letters out/events/$ev -o out/events/$ev-letters.pdf
done
"$PBMKIT" event mail out/events/billo-7 --dry-run -o out/events/billo-7-mail

echo
echo "== A club's referee: two players sign up, challenge and play by mail (out/club) =="
"$(dirname "$PBMKIT")/python" scripts/club_demo.py "$PBMKIT"

ls -l out/

echo
echo "== Done. The PDFs are in out/. Run pbmkit yourself: =="
echo "   $PBMKIT --help        (or: source .venv/bin/activate, then pbmkit --help)"
