"""The one terminal escaping (pbmkit/common/text.py): each class of character a terminal must not
receive raw, what is kept, the cut, and its use by the record commands and the referee alike."""

from __future__ import annotations

import sys
import unicodedata

import pytest

from pbmkit.common.text import UNSAFE, printable
from pbmkit.mail.compose import header_text
from pbmkit.records.problems import Problem, quote_line

JOINERS = "\u200c\u200d"


@pytest.mark.parametrize(("text", "shown"), [
    ("\x1b[2J", "\\x1b[2J"),                   # C0: an escape sequence
    ("bell\x07", "bell\\x07"),
    ("a\tb\nc\rd\x00", "a\\tb\\nc\\rd\\x00"),  # C0: tab, line feed, return, NUL
    ("del\x7f", "del\\x7f"),                   # DEL
    ("\x85next\x9b31m", "\\x85next\\x9b31m"),  # C1: next line, CSI
    ("a\u2028b\u2029c", "a\\u2028b\\u2029c"),  # line and paragraph separators
    ("\u202eevil\u202c", "\\u202eevil\\u202c"),  # bidi override and pop
    ("\u2066x\u2069\u200e\u200f\u061c", "\\u2066x\\u2069\\u200e\\u200f\\u061c"),  # isolates, marks
    ("An\u200bn", "An\\u200bn"),               # zero-width space
    ("\ufeffAnn\u2060", "\\ufeffAnn\\u2060"),  # zero-width no-break space (BOM), word joiner
    ("soft\xadhyphen", "soft\\xadhyphen"),     # soft hyphen (format)
    ("flag\U000e0067\U000e007f", "flag\\U000e0067\\U000e007f"),  # tag characters
    ("bad\udcff", "bad\\udcff"),               # a surrogate (an undecodable byte)
])
def test_each_unsafe_class_is_written_as_its_escape(text: str, shown: str) -> None:
    assert printable(text) == shown
    assert not UNSAFE.search(printable(text))


@pytest.mark.parametrize("text", [
    "Ann Lee", "محمد علي", "דוד לוי", "中文 😀", "back\\slash",
    "می\u200cخواهم",                 # a zero-width non-joiner Persian needs
    "👨\u200d👩\u200d👧",              # an emoji sequence's zero-width joiners
    "Jean\u00a0Dupont\u202f!",        # no-break spaces: shown as spaces
    "\u3000ideographic", "\ue000private", "\U0010fffd",
])
def test_what_a_terminal_shows_harmlessly_is_kept(text: str) -> None:
    assert printable(text) == text


def test_the_class_is_the_unicode_databases_controls_formats_separators_and_surrogates() -> None:
    """Every code point: in the class exactly when its category is Cc, Cf, Cs, Zl or Zp (the
    joiners aside), or unassigned in this Python's Unicode (format characters of a newer
    Unicode). A Python whose Unicode adds format characters fails here: add them to UNSAFE."""
    wrong = []
    for cp in range(sys.maxunicode + 1):
        category = unicodedata.category(chr(cp))
        unsafe = category in ("Cc", "Cf", "Cs", "Zl", "Zp") and chr(cp) not in JOINERS
        if (UNSAFE.match(chr(cp)) is not None) != unsafe and category != "Cn":
            wrong.append(f"U+{cp:04X}")
    assert not wrong, f"UNSAFE differs from Unicode {unicodedata.unidata_version}: {wrong[:20]}"


def test_a_long_text_is_cut_with_its_length() -> None:
    assert printable("A" * 10_000, 200) == "A" * 200 + "… (10,000 characters)"
    assert printable("\x1b" * 3, 2) == "\\x1b\\x1b… (3 characters)"
    assert printable("short", 200) == "short"
    assert printable("\u202e\x1b" * 50_000) == "\\u202e\\x1b" * 50_000


def test_problems_and_quoted_lines_escape_alike() -> None:
    problem = Problem("g.txt", 3, 5, "2", "black", "IR\u200b to HS\x1b", "no such move\u2028x")
    assert problem.format() == "g.txt:3:5: turn 2 (black) IR\\u200b to HS\\x1b: no such move\\u2028x"
    assert quote_line("1. IR\u202e to HS", 4) == ("1. IR\\u202e to HS", 3)


def test_the_mail_headers_drop_the_same_class() -> None:
    """A header's text loses what a terminal may not show raw (as a space), keeps the joiners."""
    assert header_text("Ann\u200bLee\u202e\x1b\u2028Bcc: x") == "Ann Lee Bcc: x"
    assert header_text("می\u200cخواهم") == "می\u200cخواهم"
