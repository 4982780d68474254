"""The form commands as a player uses them: chart, mailer, phonechart (called directly)."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pbmkit.cli.forms import chart, mailer, phonechart
from tests.support.render_helpers import page_text, read_pdf, text_runs

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run(command: click.Command, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(command, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_blank_forms_on_both_papers(tmp_path: Path) -> None:
    for command, name in ((chart, "chart"), (mailer, "mailer")):
        for paper, width in (("letter", 612), ("a4", 595)):
            out = tmp_path / f"{name}-{paper}.pdf"
            code, stdout, _ = run(command, "--blank", "--paper", paper, "-o", str(out))
            assert code == 0 and str(out) in stdout
            assert int(float(read_pdf(out.read_bytes()).pages[0].mediabox.width)) == width
    out = tmp_path / "phone.pdf"
    assert run(phonechart, "-o", str(out))[0] == 0
    assert "GT" in page_text(read_pdf(out.read_bytes()), 0)


def test_a_filled_chart_of_a_record_with_a_series(tmp_path: Path) -> None:
    out = tmp_path / "chart.pdf"
    code, stdout, _ = run(chart, str(EXAMPLES / "03-unfinished-with-series.txt"), "-o", str(out))
    assert code == 0 and "15 turn(s)" in stdout
    reader = read_pdf(out.read_bytes())
    assert len(reader.pages) == 2
    runs = [t for t, _, _ in text_runs(reader, 1)]
    assert {"10", "11", "12", "9a", "10a", "11a", "Page 2 of 2", "Øyvind Brevik", "Zoë Müller"} <= set(runs)
    out_a = tmp_path / "series.pdf"
    series = str(EXAMPLES / "03-unfinished-with-series.txt")
    code, _, _ = run(chart, series, "--series", "a", "-o", str(out_a))
    assert code == 0
    runs = [t for t, _, _ in text_runs(read_pdf(out_a.read_bytes()), 0)]
    assert {"8", "9a", "10a", "11a", "Alternate series a"} <= set(runs)
    assert "12" not in runs


def test_a_sheet_of_mailers_from_an_archive_of_four_games(tmp_path: Path) -> None:
    out = tmp_path / "mailers.pdf"
    code, stdout, _ = run(mailer, str(EXAMPLES / "04-archive.txt"), "-o", str(out))
    assert code == 0 and "4 card(s) on 1 sheet(s)" in stdout
    reader = read_pdf(out.read_bytes())
    assert len(reader.pages) == 2
    front = page_text(reader, 0)
    for name in ("Ada Brook", "Ben Carter", "Chidi Okafor", "Dana Ruiz", "Eero Mäkelä", "Fatima Zahra",
                 "Gu Wen", "Hélène Dubois"):
        assert name in front
    assert front.count("BATALO MAILER") == 4
    code, _, _ = run(mailer, str(EXAMPLES / "04-archive.txt"), "--turn", "5", "--side", "white",
                     "-o", str(out))
    assert code == 0


@pytest.mark.parametrize(("args", "message"), [
    (["--blank", "01-short-base-win.txt"], "not both"),
    ([], "or --blank"),
    (["04-archive.txt"], "holds 4 games; choose one with --game N"),
    (["03-unfinished-with-series.txt", "--series", "z"], "no series z in this game (series: a)"),
    (["missing.txt"], "cannot read"),
    (["--blank", "--rules", "chess"], "unknown game 'chess'"),
])
def test_chart_mistakes_get_a_plain_message_and_status_2(args: list[str], message: str,
                                                         tmp_path: Path) -> None:
    args = [str(EXAMPLES / a) if a.endswith(".txt") else a for a in args]
    result = CliRunner().invoke(chart, [*args, "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not (tmp_path / "x.pdf").exists()


def test_mailer_mistakes_get_a_plain_message(tmp_path: Path) -> None:
    result = CliRunner().invoke(mailer, [str(EXAMPLES / "04-archive.txt"), "--turn", "99",
                                         "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "no move in turn 99" in result.output
    bad = tmp_path / "bad.txt"
    bad.write_text("1. IR to IR\n", encoding="utf-8")
    result = CliRunner().invoke(mailer, [str(bad), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 1 and "does not replay" in result.output
    result = CliRunner().invoke(chart, [str(EXAMPLES / "01-short-base-win.txt"), "-o",
                                        str(tmp_path / "no-such-dir" / "x.pdf")])
    assert result.exit_code == 2 and "cannot write" in result.output
