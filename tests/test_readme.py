"""The repository stands alone: every relative link of README.md and docs/*.md resolves to
a file (and anchor) inside the clone, no link or path points outside it, and the files
the running app writes are ignored by git."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)", re.M)
HTML_LINK = re.compile(r"""(?:href|src)=["']([^"']+)["']""")
OUTSIDE_PATH = re.compile(r"`(\.\./[^`]*|/work/[^`]*)`")
ANCHOR = re.compile(r"""<a id=["']([^"']+)["']""")
EXTERNAL = ("http://", "https://", "mailto:")


def links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found = INLINE_LINK.findall(text) + REFERENCE_LINK.findall(text) + HTML_LINK.findall(text)
    return [link for link in found if not link.startswith(EXTERNAL)]


def slug(heading: str) -> str:
    """GitHub's anchor of a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    headings = {slug(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}
    return headings | set(ANCHOR.findall(text))


def test_the_pages_are_found() -> None:
    names = {page.relative_to(ROOT).as_posix() for page in PAGES}
    expected = {"README.md", "docs/rules.md", "docs/engine-api.md", "docs/design.md"}
    assert expected <= names


def test_the_readme_links_the_docs() -> None:
    linked = {link.split("#")[0] for link in links(ROOT / "README.md")}
    assert {"docs/rules.md", "docs/engine-api.md", "docs/design.md"} <= linked


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_relative_links_resolve_inside_the_repository(page: Path) -> None:
    for link in links(page):
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        assert target.is_relative_to(ROOT), f"{page.name}: {link} leaves the repository"
        assert target.exists(), f"{page.name}: {link} does not exist"
        if anchor and target.suffix == ".md":
            assert anchor in anchors(target), f"{page.name}: no anchor #{anchor} in {path}"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_no_path_outside_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert not OUTSIDE_PATH.findall(text), f"{page.name} names files outside the repository"
    assert "../shared" not in text


def test_the_app_files_are_ignored() -> None:
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    for pattern in ["*.sqlite3", "*.sqlite3-wal", "*.sqlite3-shm"]:
        assert pattern in ignored
