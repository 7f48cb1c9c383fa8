"""The repository documents itself: every file its Markdown links to exists, nothing points outside the
repository, and the README names every tool."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)#]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_of_a_page_leads_to_a_file_of_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    targets = [t for t in LINK.findall(text) if not t.startswith(("http://", "https://", "mailto:"))]
    missing = [t for t in targets if not (page.parent / t).resolve().exists()]
    assert missing == []
    assert not re.search(r"\.\./shared|shared folder", text)


def test_the_readme_names_every_tool() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tools = sorted(p.name for p in (ROOT / "tools").glob("*.py"))
    assert [name for name in tools if f"tools/{name}" not in readme] == []
