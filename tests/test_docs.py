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


RULE_TABLES = [ROOT / "docs" / "rules" / "koenigrufen-profiles.md"]
TEST_REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def rule_rows(text: str) -> list[tuple[str, str, str]]:
    """The rows of every table headed `| rule | setting | source | test |`: (rule, source, test cell)."""
    rows, inside = [], False
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if cells[:4] == ["rule", "setting", "source", "test"]:
            inside = True
        elif not cells:
            inside = False
        elif inside and not set(cells[0]) <= set("-: "):
            rows.append((cells[0], cells[2] if len(cells) > 3 else "", cells[-1] if len(cells) > 3 else ""))
    return rows


def missing_tests(test_cell: str) -> list[str]:
    """The tests a cell names that do not exist (a file of the repository holding `def <name>(`), and a note
    where it names none."""
    named = TEST_REF.findall(test_cell)
    if not named:
        return ["(no test named)"]
    return [
        f"{path}::{name}"
        for path, name in named
        if not (ROOT / path).is_file()
        or not re.search(rf"^def {name}\(", (ROOT / path).read_text(encoding="utf-8"), re.M)
    ]


@pytest.mark.parametrize("page", RULE_TABLES, ids=lambda p: p.name)
def test_every_rule_row_names_its_source_and_a_test_that_exists(page: Path) -> None:
    """docs/rules/koenigrufen-profiles.md is a table a checker can follow: each rule row has a source and
    names tests that exist."""
    rows = rule_rows(page.read_text(encoding="utf-8"))
    assert len(rows) > 100
    assert [rule for rule, source, _ in rows if source in ("", "—", "-")] == []
    assert {rule: missing for rule, _, cell in rows if (missing := missing_tests(cell))} == {}
