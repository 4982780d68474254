"""An event's crosstable as a web page (``pbmkit event table -o OUT.html``, docs/events.md).

The crosstable comes as plain data (:class:`pbmkit.render.crosstable.Sheet`, made by
:mod:`pbmkit.events.sheet`); this module only writes the page, through the page shell
(:mod:`pbmkit.web.page`): every text escaped, names as ``<bdi>`` isolates, links only where the
sheet gives them, no script, the style sheet (``static/crosstable.css``) allowed by its hash.

Typeset as a published crosstable: the result columns of one width (a class on the table says
which), the side after a result in ``<sup>``, the numbers of a column aligned on the decimal point
(the whole part right-aligned, the fraction in a box of the column's width). Each grid scrolls
sideways in its own box with the number and name columns held at its left, so the page itself
never does: on a phone the standings (place, name, points, tie-breaks) come first and fit.
"""

from __future__ import annotations

from pbmkit.render.crosstable import Cell, Column, Entry, Grid, Sheet, split_number
from pbmkit.web.page import escape_html, isolate_html, page_html
from pbmkit.web.theme import page_style

__all__ = ["STYLE", "crosstable_html"]

STYLE = page_style("crosstable.css")
"""The crosstable page's style sheet: the pages' one look (:func:`pbmkit.web.theme.page_style`:
the theme's colours and type, ``static/base.css``), then ``static/crosstable.css``."""

RESULT_WIDTHS = (16, 20, 24, 28, 32, 36, 44)
"""The widths (tenths of an em) a grid's result columns may share: ``rw20`` is 2em; the
narrowest that holds the widest result (crosstable.css has a rule for each)."""
LEAD_WIDTHS = (20, 26, 34, 42)
"""The widths (tenths of an em) of the number or place column held at the left: ``lw26``."""


def _em(entry: Entry) -> float:
    """About how wide a result is, in em: its figures and, smaller, its side."""
    return 0.62 * len(entry.text) + 0.45 * len(entry.side)


def _class_of(need: float, widths: tuple[int, ...], prefix: str) -> str:
    return prefix + str(next((w for w in widths if w >= need * 10), widths[-1]))


def _entry_html(entry: Entry, *, is_name: bool) -> str:
    shown = isolate_html(entry.text) if is_name else escape_html(entry.text)
    if entry.side:
        shown += f"<sup>{escape_html(entry.side)}</sup>"
    if entry.href:
        shown = f'<a href="{escape_html(entry.href)}">{shown}</a>'
    return shown


def _number_html(entry: Entry, fraction: str) -> str:
    whole, part = split_number(entry.text)
    if not fraction:
        return escape_html(whole)
    return f'{escape_html(whole)}<span class="f">{escape_html(part)}</span>'


def _cell_html(cell: Cell, column: Column, fraction: str) -> str:
    if column.kind == "number":
        lines = [_number_html(entry, fraction) for entry in cell]
    else:
        lines = [_entry_html(entry, is_name=column.wide) for entry in cell]
    return "".join(f"<span>{line}</span>" for line in lines) if len(lines) > 1 else "".join(lines)


def _fraction_class(grid: Grid, k: int) -> str:
    """``f1`` or ``f2``: the box a number column's fractions take (``½``, ``.5``; ``.75``), so
    that the whole parts line up; empty when no number of the column has one."""
    longest = max((len(split_number(e.text)[1]) for row in grid.rows for e in row[k]), default=0)
    return "" if longest == 0 else ("f1" if longest <= 2 else "f2")


def _classes(grid: Grid) -> list[list[str]]:
    """Each column's classes: its alignment, its kind, and for the columns up to the names
    (held at the left while the grid scrolls) ``lead`` and ``name``."""
    wide = next((k for k, c in enumerate(grid.columns) if c.wide), -1)
    out = []
    for k, column in enumerate(grid.columns):
        names: list[str] = [column.align]
        if column.kind == "result":
            names.append("res")
        if column.kind == "number":
            names += ["num", *([_fraction_class(grid, k)] if _fraction_class(grid, k) else [])]
        if k < wide:
            names.append("lead")
        if k == wide:
            names.append("name")
        out.append(names)
    return out


def _table_classes(grid: Grid) -> str:
    results = [e for row in grid.rows for k, cell in enumerate(row)
               if grid.columns[k].kind == "result" for e in cell]
    classes = ["cross", "standings" if not results else "grid"]
    if results:
        classes.append(_class_of(max(_em(e) for e in results), RESULT_WIDTHS, "rw"))
    wide = next((k for k, c in enumerate(grid.columns) if c.wide), 0)
    if wide > 0:
        lead = max([len(grid.columns[0].heading) * 0.6,
                    *(0.6 * len(e.text) for row in grid.rows for e in row[0])])
        classes.append(_class_of(lead, LEAD_WIDTHS, "lw"))
    return " ".join(classes)


def _grid_html(grid: Grid) -> str:
    classes = _classes(grid)
    head = "".join(
        f'<th scope="col" class="{" ".join(classes[k])}"'
        + (f' title="{escape_html(c.title)}"' if c.title else "") + f">{escape_html(c.heading)}</th>"
        for k, c in enumerate(grid.columns))
    fractions = [next((n for n in names if n in ("f1", "f2")), "") for names in classes]
    body = []
    for r, row in enumerate(grid.rows):
        cells = []
        for k, cell in enumerate(row):
            column = grid.columns[k]
            names = classes[k] + (["self"] if (r, k) in grid.shaded else [])
            tag = 'th scope="row"' if column.wide else "td"
            close = "th" if column.wide else "td"
            cells.append(f'<{tag} class="{" ".join(names)}">'
                         f"{_cell_html(cell, column, fractions[k])}</{close}>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    label = escape_html(grid.heading)
    return (f"<section><h2>{label}</h2>\n"
            f'<div class="scroll" role="region" tabindex="0" aria-label="{label}">'
            f'<table class="{_table_classes(grid)}">'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
            "</section>\n")


def crosstable_html(sheet: Sheet) -> str:
    """The crosstable as one web page (no script; every text escaped): the standings first,
    then the grids."""
    notes = "".join(f"<p>{escape_html(n)}</p>" for n in sheet.notes)
    return page_html(sheet.title, (
        f"<header><h1>{escape_html(sheet.title)}</h1>"
        f'<p class="sub">{escape_html(sheet.subtitle)}</p></header>\n<main>\n'
        + "".join(_grid_html(g) for g in sheet.grids)
        + f'<div class="notes">{notes}</div>\n</main>\n'), style=STYLE)
