"""An event's crosstable as a web page (``pbmkit event table -o OUT.html``, docs/events.md).

The crosstable comes as plain data (:class:`pbmkit.render.crosstable.Sheet`, made by
:mod:`pbmkit.events.table`); this module only writes the page, through the page shell
(:mod:`pbmkit.web.page`): every text escaped, names as ``<bdi>`` isolates, links only where the
sheet gives them, no script, the style sheet (``static/crosstable.css``) allowed by its hash.
"""

from __future__ import annotations

from pbmkit.render.crosstable import Cell, Grid, Sheet
from pbmkit.web.page import escape_html, isolate_html, page_html, static_text

__all__ = ["STYLE", "crosstable_html"]

STYLE = static_text("crosstable.css")
"""The crosstable page's style sheet (``static/crosstable.css``)."""


def _cell_html(cell: Cell, *, is_name: bool) -> str:
    lines = []
    for entry in cell:
        shown = isolate_html(entry.text) if is_name else escape_html(entry.text)
        if entry.href:
            shown = f'<a href="{escape_html(entry.href)}">{shown}</a>'
        lines.append(f"<span>{shown}</span>" if len(cell) > 1 else shown)
    return "".join(lines)


def _grid_html(grid: Grid) -> str:
    head = "".join(
        f'<th scope="col" class="{c.align}"'
        + (f' title="{escape_html(c.title)}"' if c.title else "") + f">{escape_html(c.heading)}</th>"
        for c in grid.columns)
    body = []
    for r, row in enumerate(grid.rows):
        cells = []
        for k, cell in enumerate(row):
            column = grid.columns[k]
            classes = [column.align] + (["self"] if (r, k) in grid.shaded else [])
            tag = "th scope=\"row\"" if column.wide else "td"
            close = "th" if column.wide else "td"
            cells.append(f'<{tag} class="{" ".join(classes)}">{_cell_html(cell, is_name=column.wide)}'
                         f"</{close}>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return (f"<h2>{escape_html(grid.heading)}</h2>\n<div class=\"scroll\"><table class=\"cross\">"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>\n")


def crosstable_html(sheet: Sheet) -> str:
    """The crosstable as one web page (no script; every text escaped)."""
    notes = "".join(f"<p>{escape_html(n)}</p>" for n in sheet.notes)
    return page_html(sheet.title, (
        f"<header><h1>{escape_html(sheet.title)}</h1>"
        f'<p class="sub">{escape_html(sheet.subtitle)}</p></header>\n<main>\n'
        + "".join(_grid_html(g) for g in sheet.grids)
        + f'<div class="notes">{notes}</div>\n</main>\n'), style=STYLE)
