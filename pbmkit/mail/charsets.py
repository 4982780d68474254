"""The charsets a mail's text is decoded from: the IANA-registered charsets mail uses, no others.

A message names its own charset, and Python has codecs that are no mail charset and cost what
their input makes them cost: ``punycode`` decodes in quadratic time (262 KB took 4.4 s of CPU),
``idna``, ``unicode_escape`` and ``raw_unicode_escape`` read escapes, and the bytes-to-bytes and
rot codecs are no text at all. Mail text is decoded only with a codec of :data:`MAIL_CHARSETS`;
any other name is refused as an unknown one is (docs/mail.md, "Threat model").
"""

from __future__ import annotations

import codecs

__all__ = ["MAIL_CHARSETS", "mail_codec", "python_codecs"]

MAIL_CHARSETS = (
    # Unicode
    "utf-8", "utf-16", "utf-16le", "utf-16be", "utf-32", "utf-32le", "utf-32be", "utf-7",
    "us-ascii",
    # ISO 8859 and the Windows code pages (Western, Central European, Cyrillic, Greek, Turkish,
    # Hebrew, Arabic, Baltic, Vietnamese, Thai)
    "iso-8859-1", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6",
    "iso-8859-7", "iso-8859-8", "iso-8859-9", "iso-8859-10", "iso-8859-11", "iso-8859-13",
    "iso-8859-14", "iso-8859-15", "iso-8859-16",
    "windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254",
    "windows-1255", "windows-1256", "windows-1257", "windows-1258", "windows-874",
    "koi8-r", "koi8-u", "tis-620", "ibm437", "ibm850", "ibm852", "ibm866", "macintosh",
    # Chinese, Japanese, Korean
    "gb2312", "gbk", "gb18030", "big5", "big5-hkscs", "hz-gb-2312",
    "euc-jp", "shift_jis", "iso-2022-jp", "iso-2022-jp-2", "euc-kr", "iso-2022-kr",
    "ks_c_5601-1987",
)
"""The charsets read, by their IANA names (Python's aliases of them are read too)."""

_SPELLED = {"windows-874": "cp874"}
"""IANA names of mail charsets that Python knows by another name only."""


def _lookup(charset: str) -> str:
    name = charset.strip().lower()[:80]
    return codecs.lookup(_SPELLED.get(name, name)).name


_READ = frozenset(_lookup(name) for name in MAIL_CHARSETS)


def mail_codec(charset: str) -> str | None:
    """The codec ``charset`` names when it is a mail charset of :data:`MAIL_CHARSETS` (any of
    Python's spellings: ``latin1``, ``UTF8``, ``cp1252``), else ``None``: an unknown name, or a
    codec that is no mail charset (``punycode``, ``idna``, ``unicode_escape``, ``rot13``,
    ``base64``...)."""
    try:
        name = _lookup(charset)
    except (LookupError, ValueError, TypeError):
        return None
    return name if name in _READ else None


def python_codecs() -> list[str]:
    """The name of each codec this Python has (its aliases name the same codec), sorted: what a
    message may name as its charset, for the tests, ``make fuzz`` and ``bench/charsets.py``."""
    import encodings
    import encodings.aliases
    import pkgutil

    names = {m.name for m in pkgutil.iter_modules(encodings.__path__)} - {"aliases"}
    found = set()
    for name in names | set(encodings.aliases.aliases):
        try:
            found.add(codecs.lookup(name).name)
        except LookupError:  # mbcs and oem: Windows only
            continue
    return sorted(found)
