"""The web pages (docs/viewer.md, docs/referee.md, docs/events.md): the game viewer
(:mod:`pbmkit.web.viewer`, ``pbmkit html``), the club's site (:mod:`pbmkit.web.club`) and an
event's crosstable (:mod:`pbmkit.web.crosstable`), each a self-contained HTML file.

Every page is built by one shell (:mod:`pbmkit.web.page`): the head with its
Content-Security-Policy (the page's own style sheet and script allowed by their SHA-256 hashes,
nothing else), and :func:`~pbmkit.web.page.escape_html`, the one escaping of text for HTML (the
HTML mail uses it too). The style sheets and the script are package files
(``pbmkit/web/static/``), read once at import.

A layer above the drawing (:mod:`pbmkit.render`, whose SVG writer draws the viewer's boards) and
below mail, events and the referee, which build their pages through it (tests/test_layers.py).
"""
