"""Text on the printed forms, read back: names fitted to their boxes (shrunk to a readable size,
then wrapped, then cut), right-to-left names joined and in reading order, and characters the font
lacks named in a warning or drawn from a font the user gives (issue 9, items 15-17)."""

from __future__ import annotations

import io
import sys
import warnings
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from pbmkit.games import get_game
from pbmkit.render.mailer import MailerCard, mailer_pdf
from pbmkit.render.pdf import MIN_SIZE, finish, fit_text, new_canvas, text_width
from pbmkit.render.records_chart import records_chart_pdf
from pbmkit.render.templates import paper
from pbmkit.render.text import MissingGlyphsWarning
from tests.support.render_helpers import (
    components,
    ink_box,
    page_image,
    placed_chars,
    read_pdf,
    right_to_left,
    text_runs,
)

GAME = get_game("batalo")


def sized_runs(data: bytes, index: int = 0) -> list[tuple[str, float, float, float]]:
    """Every text run of a page: (text, x, y, size in points as printed)."""
    runs: list[tuple[str, float, float, float]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            # The text matrix times the current one; its scale is the root of its determinant
            # (so a card turned a quarter turn keeps its text size).
            a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
            c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
            runs.append((text.strip(), x, y, float(size) * abs(a * d - b * c) ** 0.5))

    read_pdf(data).pages[index].extract_text(visitor_text=visit)
    return runs


def _page(draws: list[tuple[str, float, float, float]], **kw: Any) -> bytes:
    """A Letter page with ``fit_text`` called for each (text, x, y, max_width) at 11 pt."""
    buf = io.BytesIO()
    c = new_canvas(buf, paper("letter"), title="t", subject="s")
    for text, x, y, width in draws:
        fit_text(c, text, x, y, width, size=kw.get("size", 11.0), lines=kw.get("lines", 1),
                 height=kw.get("height"))
    c.showPage()
    return finish(c, buf)


# --- 16: shrink, don't cut ---------------------------------------------------------------------

def test_a_name_that_fits_after_shrinking_is_printed_whole_never_cut() -> None:
    """Item 16: "fit_text truncates names that would fit after shrinking (a rounding slip)"."""
    base = "Hohenzollern-Sigmaringen von Lichtenstein "
    names = [(base * 3)[:n].strip() for n in range(20, 120)]
    draws = []
    for k, name in enumerate(names):
        width = text_width(name, 11.0) * (0.55 + 0.0037 * k)  # each needs shrinking, to >= 6 pt
        assert text_width(name, MIN_SIZE) <= width < text_width(name, 11.0)
        draws.append((name, 36.0, 760.0 - 7 * k, width))
    printed = [t for t, _, _, _ in sized_runs(_page(draws[:100]))]
    assert printed == names[:100]


def test_no_text_is_printed_smaller_than_the_readable_minimum() -> None:
    name = "Wolfeschlegelsteinhausenbergerdorff " * 30
    data = records_chart_pdf(GAME, {"White": name, "Black": "x" * 5000, "Winner": name,
                                    "Date": "1994-05-?? " * 40, "Number": "9" * 300}, [])
    names = ("Wolfe", "xxx", "1994", "999")
    sizes = [size for t, _, _, size in sized_runs(data) if t.startswith(names)]
    assert len(sizes) >= 4
    assert sizes and min(sizes) >= MIN_SIZE - 1e-6


def test_a_name_too_long_for_one_line_wraps_whole_before_anything_is_cut() -> None:
    name = ("Wolfeschlegelsteinhausenbergerdorff " * 4).strip()
    data = records_chart_pdf(GAME, {"White": name}, [])
    runs = [(t, x, y) for t, x, y, _ in sized_runs(data) if t.startswith("Wolfe")]
    assert len(runs) == 2  # two lines in the White player box ...
    assert " ".join(t for t, _, _ in runs) == name  # ... holding the whole name, in order
    assert runs[0][2] > runs[1][2]
    assert all(x < 612 / 2 for _, x, _ in runs)  # inside the box on the left half


def test_a_name_too_long_even_wrapped_is_cut_with_an_ellipsis_inside_its_box() -> None:
    name = "Hohenzollern-Sigmaringen " * 400  # 10,000 characters
    data = records_chart_pdf(GAME, {"White": name}, [])
    runs = [(t, x, size) for t, x, _, size in sized_runs(data) if t.startswith(("Hohen", "Sigma"))]
    assert 1 <= len(runs) <= 2
    assert runs[-1][0].endswith("…")  # cut at the end, on its last line
    assert len(runs) == 1 or not runs[0][0].endswith("…")
    inner = 612 - 2 * 36
    for text, x, size in runs:  # the White player box is the left 49 % of the inner width
        assert x + text_width(text, size) <= 36 + 0.49 * inner + 0.01


@pytest.mark.parametrize("paper_key", ["letter", "a4"])
@pytest.mark.parametrize("game", ["batalo", "billo"])
def test_every_form_prints_its_text_at_the_readable_minimum_or_larger(game: str, paper_key: str) -> None:
    """No 5 pt text anywhere: every label, key and value of the three forms, blank and filled
    with long names, is at least 6 pt (text inside a reused drawing, which a reader reports in
    the drawing's own units, is left out: board names and labels, sized with the board)."""
    from pbmkit.render.phone_chart import phone_chart_pdf

    g = get_game(game)
    name = "Wolfeschlegelsteinhausenbergerdorff " * 12
    card = MailerCard({"Number": "12345", "White": name, "Black": name, "Move": name}, None)
    for data in (records_chart_pdf(g, {"White": name, "Winner": name}, [], paper_key=paper_key),
                 mailer_pdf(g, [card, None], paper_key=paper_key),
                 phone_chart_pdf(g, paper_key=paper_key)):
        for index in range(len(read_pdf(data).pages)):
            sizes = [size for _, _, _, size in sized_runs(data, index) if size > 2]
            assert sizes and min(sizes) >= MIN_SIZE - 1e-6


class _StepBudget:
    """Counts the Python lines executed while it is on; raises once past ``budget``."""

    def __init__(self, budget: int) -> None:
        self.budget, self.steps = budget, 0

    def __call__(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            self.steps += 1
            if self.steps > self.budget:
                raise RuntimeError(f"more than {self.budget} steps")
        return self


@pytest.mark.parametrize("length", [10_000, 40_000])
def test_fitting_a_name_takes_steps_linear_in_its_length(length: int) -> None:
    """Item 16: "in time linear in the text (a 10,000-character name takes 6 s per PDF today,
    40,000 takes 93 s)". Counted in executed lines, not seconds: at most 60 per character."""
    name = ("Hohenzollern-Sigmaringen " * (length // 25 + 1))[:length]
    buf = io.BytesIO()
    c = new_canvas(buf, paper("letter"), title="t", subject="s")
    fit_text(c, "warm up", 36, 700, 200, size=11)
    budget = _StepBudget(60 * length)
    sys.settrace(budget)
    try:
        fit_text(c, name, 36, 700, 200, size=11, lines=2, height=14)
    finally:
        sys.settrace(None)
    assert budget.steps < 60 * length


# --- 15: right-to-left names -------------------------------------------------------------------

HEBREW = "דוד לוי"
ARABIC = "محمد علي"
# The joined forms of the Arabic name's letters, in reading order (Unicode's Arabic Presentation
# Forms-B): meem initial, hah medial, meem medial, dal final; ain initial, lam medial, yeh final.
ARABIC_JOINED = "\ufee3\ufea4\ufee4\ufeaa \ufecb\ufee0\ufef2"


def _as_copied(shaped: str) -> tuple[str, ...]:
    """``shaped`` as a reader may copy it: the joined forms drawn, or (issue 23: the PDF's
    ToUnicode map gives a joined form's letters) the letters typed; in either order."""
    import unicodedata

    letters = unicodedata.normalize("NFKC", shaped)
    return (shaped, shaped[::-1], letters, letters[::-1])


def _name_line(data: bytes, shaped: str, index: int = 0) -> tuple[str, float]:
    """The run holding ``shaped`` (in either order: extractors differ) and its baseline."""
    for text, _, y, _ in sized_runs(data, index):
        if text in _as_copied(shaped):
            return text, y
    raise AssertionError(f"{shaped!r} not printed")


def _reads_right_to_left(data: bytes, name: str, shaped: str, index: int = 0) -> None:
    _, y = _name_line(data, shaped, index)
    letters = right_to_left(placed_chars(data, index), y, tolerance=3)
    assert name.replace(" ", "") in letters  # the first letter stands rightmost, and so on


def test_right_to_left_names_print_joined_and_in_reading_order_on_the_chart() -> None:
    """Item 15: "Arabic and Hebrew names print joined and in reading order"."""
    data = records_chart_pdf(GAME, {"White": ARABIC, "Black": HEBREW, "Winner": "Black"}, [])
    _reads_right_to_left(data, ARABIC, ARABIC_JOINED)  # joined forms, placed right to left
    _reads_right_to_left(data, HEBREW, HEBREW)


def test_right_to_left_names_print_joined_and_in_reading_order_on_the_mailer() -> None:
    card = MailerCard({"Number": "7", "White": HEBREW, "Black": ARABIC}, None)
    data = mailer_pdf(GAME, [card])
    # The card is turned a quarter turn on the sheet, so its lines run up the page: the right
    # end of a line is its top, and reading from the right is reading down.
    for name, shaped in ((ARABIC, ARABIC_JOINED), (HEBREW, HEBREW)):
        x = next(x for t, x, _, _ in sized_runs(data) if t in _as_copied(shaped))
        column = sorted((c for c in placed_chars(data) if abs(c[1] - x) <= 10 and c[0] in name),
                        key=lambda c: -c[2])
        assert "".join(ch for ch, _, _ in column) == name.replace(" ", "")


def test_an_arabic_name_is_one_joined_stroke_when_printed() -> None:
    """"محمد" has no dots: joined it is one piece of ink; as separate letters it is four."""
    data = _page([("محمد", 100, 600, 300)], size=60)
    image = page_image(data, dpi=72)
    box = ink_box(image)
    assert box is not None
    assert components(image.crop(box)) == 1


def test_a_cut_right_to_left_name_keeps_its_beginning_and_ends_on_the_left() -> None:
    name = "محمد " * 400
    data = _page([(name, 36, 600, 120)])
    placed = sorted(placed_chars(data), key=lambda c: c[1])
    # The ellipsis (PDFium reads it as dots) ends the name in reading order: at its left end.
    assert placed[0][0] in "…."
    assert placed[-1][0] == "م" and placed[-1][1] > 100  # its first letter stays at the right


# --- 17: characters the font lacks -------------------------------------------------------------

def _box_font(path: Path) -> Path:
    """A tiny TrueType font whose only glyph, for 中 (U+4E2D), is a solid square."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    def square(size: int) -> Any:
        pen = TTGlyphPen(None)
        if size:
            pen.moveTo((50, 0))
            pen.lineTo((50, size))
            pen.lineTo((50 + size, size))
            pen.lineTo((50 + size, 0))
            pen.closePath()
        return pen.glyph()

    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder([".notdef", "space", "uni4E2D"])
    fb.setupCharacterMap({0x20: "space", 0x4E2D: "uni4E2D"})
    fb.setupGlyf({".notdef": square(0), "space": square(0), "uni4E2D": square(800)})
    fb.setupHorizontalMetrics({".notdef": (500, 0), "space": (300, 0), "uni4E2D": (900, 50)})
    fb.setupHorizontalHeader(ascent=900, descent=-100)
    fb.setupNameTable({"familyName": "PbmkitBox", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=900, sTypoDescender=-100, usWinAscent=900, usWinDescent=100)
    fb.setupPost()
    out = path / "box.ttf"
    fb.save(str(out))
    return out


def test_characters_the_font_lacks_are_named_in_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 17: "Characters the font lacks (emoji, CJK) print as empty boxes with no warning"
    (where no system font has them either: the look-up turned off here)."""
    monkeypatch.setenv("PBMKIT_SYSTEM_FONTS", "0")
    with pytest.warns(MissingGlyphsWarning) as caught:
        records_chart_pdf(GAME, {"White": "Ada 中文", "Black": "李"}, [])
    (warning,) = [w.message for w in caught if isinstance(w.message, MissingGlyphsWarning)]
    assert set(warning.chars) == {"中", "文", "李"}
    assert "U+4E2D" in str(warning) and "'中'" in str(warning)


def test_text_the_font_has_raises_no_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", MissingGlyphsWarning)
        records_chart_pdf(GAME, {"White": "Ĉiĉerono Ŝaŭmo", "Black": HEBREW, "Winner": ARABIC}, [])


def test_a_user_font_draws_the_characters_dejavu_lacks(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBMKIT_SYSTEM_FONTS", "0")
    font = _box_font(tmp_path)
    header = {"White": "Ada 中"}
    with warnings.catch_warnings():
        warnings.simplefilter("error", MissingGlyphsWarning)
        data = records_chart_pdf(GAME, header, [], font_file=str(font))
    runs = text_runs(read_pdf(data), 0)
    assert [t for t, _, _ in runs if "Ada" in t or "中" in t] == ["Ada", "中"]  # two fonts, one line
    fonts = {str(f.get_object()["/BaseFont"]).split("+")[-1]
             for f in read_pdf(data).pages[0]["/Resources"]["/Font"].values()}
    assert "PbmkitBox" in "".join(fonts)
    # The user's glyph is a solid square; DejaVu's missing-glyph box is hollow.
    with pytest.warns(MissingGlyphsWarning):
        without = records_chart_pdf(GAME, header, [])
    x, y = next((x, y) for ch, x, y in placed_chars(data) if ch == "中")  # the same spot in both

    def darkness(pdf: bytes) -> float:
        """The share of dark pixels inside where the glyph stands (11 pt: about 2 to 7 pt in)."""
        dpi = 200
        image = page_image(pdf, dpi=dpi)
        s = dpi / 72
        cell = image.crop((int((x + 2) * s), int(image.height - (y + 7) * s),
                           int((x + 6) * s), int(image.height - (y + 2) * s)))
        return sum(1 for v in cell.tobytes() if v < 128) / (cell.width * cell.height)

    assert darkness(data) > 0.5 > 0.35 > darkness(without)


def test_a_file_that_is_not_a_truetype_font_is_refused_plainly(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(b"not a font at all")
    with pytest.raises(ValueError, match="cannot use font"):
        records_chart_pdf(GAME, {}, [], font_file=str(bad))
    with pytest.raises(ValueError, match="cannot read font"):
        records_chart_pdf(GAME, {}, [], font_file=str(tmp_path / "none.ttf"))


# --- the commands: the warning on stderr, --font ----------------------------------------------

def test_the_form_commands_warn_of_missing_characters_and_take_a_font(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 17: warn, naming the characters, and accept a user font (``--font FILE.ttf``)."""
    from click.testing import CliRunner

    monkeypatch.setenv("PBMKIT_SYSTEM_FONTS", "0")  # as on a system without a CJK font

    from pbmkit.cli.forms import chart, mailer

    record = tmp_path / "g.txt"
    record.write_text('[Game "Batalo"]\n[White "Ada 中"]\n[Black "Ben"]\n\n1. IR to HS EV to FU\n',
                      encoding="utf-8")
    out = tmp_path / "c.pdf"
    for command in (chart, mailer):
        result = CliRunner().invoke(command, [str(record), "-o", str(out)])
        assert result.exit_code == 0
        assert "Warning:" in result.stderr and "'中' (U+4E2D)" in result.stderr
        assert "--font" in result.stderr
        font = _box_font(tmp_path)
        result = CliRunner().invoke(command, [str(record), "-o", str(out), "--font", str(font)])
        assert result.exit_code == 0 and "Warning" not in result.stderr
        assert "中" in "".join(t for t, _, _ in text_runs(read_pdf(out.read_bytes()), 0))
    bad = CliRunner().invoke(chart, [str(record), "-o", str(out), "--font", str(record)])
    assert bad.exit_code == 2 and "cannot use font" in bad.stderr and "Traceback" not in bad.output


# --- issue 23: names in any script by default; copied out as typed ----------------------------

CJK_NAMES = {"White": "山田太郎", "Black": "王小明 (Wang)"}


def test_chinese_and_japanese_names_print_by_default_from_a_system_font(tmp_path: Path) -> None:
    """Issue 23: with no ``--font``, a CJK name prints in a font of the system (fontconfig) that
    has its characters, copied into the PDF: no warning, no empty boxes, and the name copies out
    as typed. (`make test` installs fonts-noto-cjk: scripts/system-packages.txt.)"""
    from click.testing import CliRunner

    from pbmkit.cli.forms import chart, mailer

    record = tmp_path / "g.txt"
    tags = "".join(f'[{k} "{v}"]\n' for k, v in CJK_NAMES.items())
    record.write_text(f'[Game "Batalo"]\n{tags}\n1. IR to HS EV to FU\n', encoding="utf-8")
    for command in (chart, mailer):
        out = tmp_path / "form.pdf"
        result = CliRunner().invoke(command, [str(record), "-o", str(out)])
        assert result.exit_code == 0 and "Warning" not in result.stderr, result.stderr
        data = out.read_bytes()
        text = _pdftotext(out)
        for name in CJK_NAMES.values():
            assert name in text
        fonts = {str(f.get_object()["/BaseFont"]).split("+")[-1]
                 for f in read_pdf(data).pages[0]["/Resources"]["/Font"].values()}
        assert fonts - {"DejaVuSans", "DejaVuSans-Bold"}, fonts  # a font made from the system's
    # Drawn, not boxes: each character is a glyph of several strokes; DejaVu's box is one.
    data = records_chart_pdf(GAME, CJK_NAMES, [])
    spots = [(x, y) for ch, x, y in placed_chars(data) if ch in "山田太郎"]
    assert len(spots) == 4
    image = page_image(data, dpi=300)
    s = 300 / 72
    for x, y in spots:
        cell = image.crop((int(x * s), int(image.height - (y + 10) * s), int((x + 10) * s),
                           int(image.height - (y - 1) * s)))
        assert components(cell) >= 1
    x0, y0 = spots[0]
    assert components(image.crop((int(x0 * s), int(image.height - (y0 + 10) * s),
                                  int((x0 + 40) * s), int(image.height - (y0 - 1) * s)))) > 4


def _pdftotext(path: Path) -> str:
    """The text poppler's pdftotext copies out of page 1 (the reader of most Linux viewers), with
    its bidi embedding marks removed."""
    import subprocess

    done = subprocess.run(["pdftotext", "-l", "1", str(path), "-"], capture_output=True,
                          text=True, check=True)
    return "".join(ch for ch in done.stdout if ch not in "\u202a\u202b\u202c")


def test_arabic_copies_out_as_the_letters_typed_not_presentation_forms(tmp_path: Path) -> None:
    """Issue 23: Arabic is drawn with joined (presentation) forms, but a reader copying the name
    gets the letters typed, in reading order (poppler and PDFium, which reorder right-to-left
    text), lam-alef included."""
    import pypdfium2

    names = {"White": "أحمد سلام", "Black": "لا إله (Ali)"}
    out = tmp_path / "c.pdf"
    out.write_bytes(records_chart_pdf(GAME, names, []))
    poppler = _pdftotext(out)
    pdf = pypdfium2.PdfDocument(out.read_bytes())
    try:
        pdfium = pdf[0].get_textpage().get_text_range()
    finally:
        pdf.close()
    for text in (poppler, pdfium):
        assert not any("\ufb50" <= ch <= "\ufdff" or "\ufe70" <= ch <= "\ufeff" for ch in text)
        assert "أحمد سلام" in text
        assert "لا إله" in text


def _fontconfig() -> Any:
    from pbmkit.render import system_fonts

    if not system_fonts.enabled():
        pytest.fail("fontconfig (fc-match) is needed: make test installs it (scripts/system_deps.sh)")
    return system_fonts


def test_a_failed_font_look_up_is_tried_again_before_its_answer_is_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """fontconfig's ``fc-match`` can fail (its cache being rewritten by another process): the
    look-up is tried again (a CJK name printed as boxes in two full CI runs, 2 of 7 characters,
    then never alone)."""
    import subprocess

    system_fonts = _fontconfig()
    real = subprocess.run
    calls: list[int] = []

    def flaky(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise subprocess.TimeoutExpired("fc-match", 5.0)
        if len(calls) == 2:
            return subprocess.CompletedProcess(args[0], 1, "", "cache busy")
        return real(*args, **kwargs)

    system_fonts.forget()
    monkeypatch.setattr(system_fonts.subprocess, "run", flaky)
    monkeypatch.setattr(system_fonts.time, "sleep", lambda s: None)
    try:
        assert system_fonts.find_font("王") is not None
        assert len(calls) == 3
    finally:
        system_fonts.forget()


def test_a_look_up_that_fails_is_said_in_the_warning_and_not_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """When fontconfig cannot be asked at all, the warning says so (not just "no glyph"), and the
    failure is not kept as the answer "no font has it": once fontconfig answers again, the same
    process prints the name in the system's font."""
    import subprocess

    system_fonts = _fontconfig()
    real = subprocess.run

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise subprocess.TimeoutExpired("fc-match", 10.0)

    system_fonts.forget()
    monkeypatch.setattr(system_fonts.time, "sleep", lambda s: None)
    monkeypatch.setattr(system_fonts.subprocess, "run", broken)
    try:
        with pytest.warns(MissingGlyphsWarning) as caught:
            records_chart_pdf(GAME, {"White": "王小明"}, [])
        (warning,) = [w.message for w in caught if isinstance(w.message, MissingGlyphsWarning)]
        assert set(warning.chars) == set("王小明")
        assert "could not be asked" in str(warning) and "did not answer" in str(warning)
        monkeypatch.setattr(system_fonts.subprocess, "run", real)
        monkeypatch.setattr(system_fonts, "_QUIET", 0.0)  # the quiet time after a failure is over
        with warnings.catch_warnings():
            warnings.simplefilter("error", MissingGlyphsWarning)
            records_chart_pdf(GAME, {"White": "王小明"}, [])
    finally:
        system_fonts.forget()


def test_a_font_is_taken_for_a_character_only_if_it_draws_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """fontconfig's best answer is not taken on its word: a font whose character map lacks the
    character (here fontconfig names DejaVu Sans first) is passed over for the next that has it;
    characters of two scripts in one look-up each get a font that draws them."""
    import subprocess

    system_fonts = _fontconfig()
    real = subprocess.run
    dejavu = real(["fc-match", "-f", "%{file}", "DejaVu Sans"], capture_output=True, text=True,
                  check=True).stdout
    asked: list[str] = []

    def dejavu_first(*args: Any, **kwargs: Any) -> Any:
        asked.append(args[0][-1])
        done = real(*args, **kwargs)
        return subprocess.CompletedProcess(args[0], 0, f"{dejavu}\t0\n{done.stdout}", "")

    system_fonts.forget()
    monkeypatch.setattr(system_fonts.subprocess, "run", dejavu_first)
    try:
        found = system_fonts.find_fonts(["王", "明", "é"])
        assert found["王"] is not None and found["明"] is not None
        assert found["王"][0] != dejavu
        assert found["é"] == (dejavu, 0)  # DejaVu draws é: the first that draws it
        assert len(asked) == 1  # one fc-match for the three characters
    finally:
        system_fonts.forget()
