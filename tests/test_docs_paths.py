"""Every link and every repository path that README.md and docs/*.md name exists in the
repository (issue 34: the docs stand on their own; a reader never meets a file they cannot open).

What counts as a path, and must exist:

* **Links**: the target of a Markdown link ``[text](target)`` that is not a web address
  (``https:``, ``mailto:``), resolved from the document's folder; a ``#fragment`` must be the
  anchor of a heading of the target (GitHub's: lower case, punctuation dropped, spaces to ``-``).
* **Rooted paths**, anywhere in a document (prose, inline code, code blocks): a token whose first
  segment is a top-level folder of the repository (``docs/``, ``pbmkit/``, ``tests/``,
  ``examples/``, ``scripts/``, ``bench/``, ``build_backend/``, ``.ci/``, as found beside this file)
  or ``shared/`` (the developers' folder outside the repository, which no doc may name). ``*``,
  ``<game>`` and ``...`` are wildcards: something must match.
* **Source files named in inline code** without their root: a path with a slash ending in
  ``.py``, ``.md`` or ``.lark`` (``games/base.py``, ``render/art.py``) must end some file's path in
  the repository; a bare ``.py``, ``.md`` or ``.lark`` name (``test_play.py``) must be some
  file's name.

Not paths: absolute and home paths (``~/Maildir``, ``/etc/passwd``, ``$XDG_CONFIG_HOME/...``),
folders a user makes (``club/``, ``DIR/``, ``site/``), and the names of files a user writes or
keeps (``game.txt``, ``mail.toml``, ``move.eml``), which have none of the roots above. Paths that
are written by the project's own commands rather than kept in it are listed in
:data:`GENERATED`, each with its reason.
"""

from __future__ import annotations

import glob
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

_NOT_REPOSITORY = {".git", ".venv", ".pytest_cache", ".ruff_cache", ".mypy_cache", ".hypothesis",
                   "build", "dist", "out", "__pycache__"}
ROOTS = sorted({p.name for p in ROOT.iterdir() if p.is_dir() and p.name not in _NOT_REPOSITORY
                and not p.name.endswith(".egg-info")} | {"shared"})
"""The first segments that make a token a path of the repository (``shared`` is not in it: a
doc that names it names a file a reader does not have)."""

GENERATED = {
    "bench/.cache": "the benchmarks' generated records, made by bench/ on first run (git-ignored)",
    "bench/fuzz-findings": "written by `make fuzz` when a generated message fails (git-ignored)",
}
"""Paths under a repository folder that a command writes, not the repository: each with why."""

SOURCE_SUFFIXES = (".py", ".md", ".lark")


def _repository_files() -> list[str]:
    files = []
    for top in ROOTS:
        for path in (ROOT / top).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                files.append(path.relative_to(ROOT).as_posix())
    files += [p.name for p in ROOT.iterdir() if p.is_file()]
    return files


FILES = _repository_files()


def _fenced_split(text: str) -> tuple[str, str]:
    """The text outside fenced code blocks and the text inside them (line counts kept)."""
    outside, inside, fenced = [], [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            outside.append("")
            inside.append("")
        else:
            (inside if fenced else outside).append(line)
            (outside if fenced else inside).append("")
    return "\n".join(outside), "\n".join(inside)


_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)
_LINK = re.compile(r"\[(?:[^\]\n]|\n(?!\n))*\]\(([^)\s]+)\)")
_TOKEN_END = ".,;:)"


def code_spans(prose: str) -> list[str]:
    return [m.group(2).strip() for m in _CODE_SPAN.finditer(prose)]


def links(prose: str) -> list[str]:
    """The targets of the Markdown links outside inline code."""
    return _LINK.findall(_CODE_SPAN.sub(" ", prose))


def rooted_paths(text: str) -> list[str]:
    """Tokens that start with a folder of the repository (or ``shared/``)."""
    roots = "|".join(re.escape(r) for r in ROOTS)
    found = re.findall(rf"(?<![\w./~$@+-])((?:{roots})/[^\s`'\"()\[\],;|]*)", text)
    return [t.rstrip(_TOKEN_END) for t in found]


def source_names(span: str) -> list[str]:
    """Unrooted source-file names in one inline code span (``games/base.py``, ``test_play.py``)."""
    names = []
    for token in re.split(r"[\s,()'\"]+", span):
        token = token.rstrip(_TOKEN_END)
        if Path(token).suffix not in SOURCE_SUFFIXES or token.startswith(("/", "~", "$", "http")):
            continue
        if token.split("/", 1)[0] in ROOTS:
            continue  # rooted: checked whole by rooted_paths
        names.append(token)
    return names


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of a document's headings."""
    outside, _ = _fenced_split(text)
    return {anchor(m.group(1)) for m in re.finditer(r"^#+\s+(.+?)\s*#*$", outside, re.M)}


def _pattern(path: str) -> str:
    return re.sub(r"<[^>/]+>", "*", path.replace("...", "*"))


def exists(path: str) -> bool:
    """A repository path (wildcards allowed) names something that is there."""
    path = path.rstrip("/")
    if any(path == g or path.startswith(g + "/") for g in GENERATED):
        return True
    pattern = _pattern(path)
    if "*" in pattern:
        return bool(glob.glob(str(ROOT / pattern)))
    return (ROOT / path).exists()


def unrooted_exists(name: str) -> bool:
    """Some file of the repository ends with ``name`` (whole segments: ``games/base.py`` is
    ``pbmkit/games/base.py``)."""
    pattern = _pattern(name)
    return any(Path(f).match(pattern) for f in FILES)


def problems(doc: Path, text: str | None = None) -> list[str]:
    """One line for each link or path of the document (its ``text``, else the file's) that does
    not exist."""
    if text is None:
        text = doc.read_text(encoding="utf-8")
    outside, fenced = _fenced_split(text)
    where = doc.relative_to(ROOT).as_posix()
    found = []
    for target in links(outside):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # a web or mail address
        file, _, fragment = target.partition("#")
        linked = (doc.parent / file).resolve()
        if file and (not linked.exists() or not linked.is_relative_to(ROOT)):
            found.append(f"{where}: link to {target}: no such file in the repository")
        elif fragment and (not file or linked.suffix == ".md") and fragment not in anchors(
                linked.read_text(encoding="utf-8") if file else text):
            found.append(f"{where}: link to {target}: {file or where} has no heading #{fragment}")
    for path in rooted_paths(outside) + rooted_paths(fenced):
        if not exists(path):
            found.append(f"{where}: {path}: no such file or folder in the repository")
    for span in code_spans(outside):
        for name in source_names(span):
            if not unrooted_exists(name):
                found.append(f"{where}: `{name}`: no file of the repository is {name}")
    return sorted(set(found))


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.relative_to(ROOT).as_posix())
def test_every_link_and_path_of_the_document_exists_in_the_repository(doc: Path) -> None:
    assert problems(doc) == []


def test_the_rules_find_what_is_missing_and_leave_users_files_alone() -> None:
    """The checker itself: each kind of broken reference is found, each kind of user path is not
    taken for the repository's."""
    doc = ROOT / "docs" / "example.md"
    text = """# A heading — with a dash

See [the CLI](cli.md), [its codes](cli.md#no-such-heading), [gone](gone.md), [here](#a-heading--with-a-dash),
[the site](https://example.org/x.md) and [a mail](mailto:a@b.example).
The rules are in shared/rules/batalo.txt and `shared/spec/batalo.md`; the grammar is
`pbmkit/records/record.lark`, not `pbmkit/records/nothing.lark`; see `games/base.py`,
`games/nowhere.py`, `test_play.py` and `test_nothing.py`, every `docs/<game>.md`,
`examples/*.txt` but no `examples/*.xyz`.
Users keep `~/Maildir`, `club/games/`, `DIR/event.toml`, `/etc/passwd`, `game.txt`, `mail.toml`,
`$XDG_CONFIG_HOME/pbmkit/mail.toml`; make demo writes `out/`; the fuzzer `bench/fuzz-findings/`.

```sh
pbmkit check examples/01-short-base-win.txt tests/nothing/here.txt
```
"""
    assert problems(doc, text) == sorted([
        "docs/example.md: link to cli.md#no-such-heading: cli.md has no heading #no-such-heading",
        "docs/example.md: link to gone.md: no such file in the repository",
        "docs/example.md: shared/rules/batalo.txt: no such file or folder in the repository",
        "docs/example.md: shared/spec/batalo.md: no such file or folder in the repository",
        "docs/example.md: pbmkit/records/nothing.lark: no such file or folder in the repository",
        "docs/example.md: examples/*.xyz: no such file or folder in the repository",
        "docs/example.md: tests/nothing/here.txt: no such file or folder in the repository",
        "docs/example.md: `games/nowhere.py`: no file of the repository is games/nowhere.py",
        "docs/example.md: `test_nothing.py`: no file of the repository is test_nothing.py",
    ])
