"""The shell of every web page: the escaping of text, the head with its Content-Security-Policy,
and the style sheets and scripts read from the package's files (``pbmkit/web/static/``).

Every page is one self-contained file that fetches nothing: its policy is ``default-src 'none'``
and allows exactly the page's own inline style sheet (and script, if it has one) by its SHA-256
hash, so text that slipped past the escaping could neither run nor load anything (docs/viewer.md,
"A hostile record cannot harm the reader").
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import re
from pathlib import Path

__all__ = ["csp_hash", "escape_html", "isolate_html", "page_html", "static_text"]

_STATIC = Path(__file__).with_name("static")
"""The style sheets and scripts of the pages (package data, shipped in the wheel)."""
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""The control characters HTML forbids in a document: C0 but tab and line feed, DEL and C1."""


def escape_html(value: str) -> str:
    """``value`` as HTML text or the value of a quoted attribute: ``&``, ``<``, ``>``, ``"`` and
    ``'`` escaped, the control characters HTML forbids (C0 but tab and line feed, DEL, C1)
    dropped. The one escaping of the web pages and of the HTML mail."""
    return html.escape(_CONTROL.sub("", value), quote=True)


def isolate_html(value: str) -> str:
    """A name, in any script, as an isolate of its own (``<bdi>``), escaped and stripped: a
    right-to-left name does not pull its neighbours out of place."""
    return f"<bdi>{escape_html(value.strip())}</bdi>"


def static_text(*names: str) -> str:
    """The files ``names`` of ``pbmkit/web/static/`` as one style sheet or script, each file on
    lines of its own (a line feed before each)."""
    return "".join("\n" + (_STATIC / name).read_text(encoding="utf-8") for name in names)


@functools.cache
def csp_hash(source: str) -> str:
    """The Content-Security-Policy source that allows the inline element holding ``source``
    (``'sha256-...'``); computed once per style sheet or script."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"


def page_html(title: str, body: str, *, style: str, script: str | None = None,
              body_class: str = "") -> str:
    """A whole page: the head (the policy, the viewport and colour schemes, no referrer, the title
    ``title`` escaped, the style sheet ``style``), then ``body`` (markup, ending with a line feed)
    and, if given, the script ``script`` at the end of the body."""
    scripts = f"script-src {csp_hash(script)}; " if script is not None else ""
    opening = f'<body class="{escape_html(body_class)}">' if body_class else "<body>"
    end = f"<script>{script}</script>\n" if script is not None else ""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        f"{scripts}style-src {csp_hash(style)}; base-uri 'none'; form-action 'none'\">\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{escape_html(title)}</title>\n<style>{style}</style>\n</head>\n"
        f"{opening}\n{body}{end}</body>\n</html>\n")
