"""The documentation is the repository's own: every relative link in README.md and docs/*.md resolves to a
file in the repository (and a ``#fragment`` to a heading of it), nothing points to the planning notes
outside it (``shared/…``), and the reference pages agree with the code they describe (every setting is
documented with its default, the demo pharmacy's tables match its data)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pharmai.db import demo_data
from pharmai.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [ROOT / "README.md", *DOCS]
SRC = ROOT / "src" / "pharmai"

#: Files under src/ that still name ``shared/…`` and belong to other owners' layers; each is a one-line
#: docstring to point at docs/interfaces.md or docs/demo-world.md. Remove an entry once it is fixed.

_LINK = re.compile(r"(?<!!)\[[^\]\n]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def _text(page: Path) -> str:
    # Links inside code blocks are examples, not links.
    return _FENCE.sub("", page.read_text(encoding="utf-8"))


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    plain = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", plain).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    return {_slug(h) for h in _HEADING.findall(_text(page))}


def _links(page: Path) -> list[str]:
    return [target for target in _LINK.findall(_text(page)) if not re.match(r"^[a-z][a-z0-9+.-]*:", target)]


def test_there_are_docs_to_check() -> None:
    names = {page.name for page in DOCS}
    assert {"demo-world.md", "interfaces.md", "design.md", "services.md", "contracts.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_inside_the_repository(page: Path) -> None:
    broken = []
    for target in _links(page):
        path_part, _, fragment = target.partition("#")
        resolved = (page.parent / path_part).resolve() if path_part else page
        if (
            not resolved.is_relative_to(ROOT)
            or not resolved.exists()
            or (fragment and resolved.suffix == ".md" and fragment not in _anchors(resolved))
        ):
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)}: links to nothing in the repository: {broken}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_docs_never_point_to_shared_notes(page: Path) -> None:
    assert "shared/" not in page.read_text(encoding="utf-8")


def test_no_source_file_points_to_shared_notes() -> None:
    offenders = {
        str(path.relative_to(SRC))
        for path in SRC.rglob("*")
        if path.is_file()
        and path.suffix in {".py", ".md", ".html", ".js", ".css", ".txt", ".toml", ".ini", ".mako"}
        and "shared/" in path.read_text(encoding="utf-8", errors="replace")
    }
    assert not offenders, f"these files point to shared/… (not in the repository): {offenders}"


# --- the reference pages agree with the code -------------------------------------------------------------


def _default_text(value: object) -> str | None:
    if value is None or value == "":
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"`{value}`"


def _row(page: Path, variable: str) -> str | None:
    pattern = re.compile(rf"^\|[^\n]*`{re.escape(variable)}`[^\n]*$", re.MULTILINE)
    found = pattern.search(page.read_text(encoding="utf-8"))
    return found.group(0) if found else None


@pytest.mark.parametrize("page", [ROOT / "docs" / "interfaces.md", ROOT / "README.md"], ids=lambda p: p.name)
def test_every_setting_is_documented_with_its_default(page: Path) -> None:
    missing, wrong = [], []
    for name, field in Settings.model_fields.items():
        variable = f"PHARMAI_{name.upper()}"
        row = _row(page, variable)
        if row is None:
            missing.append(variable)
            continue
        expected = None if field.default_factory is not None else _default_text(field.default)
        if expected is not None and expected not in row:
            wrong.append(f"{variable} (default {expected})")
    assert not missing, f"{page.name}: settings without a row in a table: {missing}"
    assert not wrong, f"{page.name}: rows that do not show the setting's default: {wrong}"


def test_demo_world_page_matches_the_demo_data() -> None:
    page = (ROOT / "docs" / "demo-world.md").read_text(encoding="utf-8")
    for store_id, name_en, name_he, _default in demo_data.STORES:
        assert f"| {store_id} | {name_en} | {name_he} |" in page
    for product in demo_data.PRODUCTS:
        row = re.search(rf"^\| {product.med_id} \|[^\n]*$", page, re.MULTILINE)
        assert row, product.med_id
        line = row.group(0)
        assert f"| {product.brand_en} / {product.brand_he} |" in line, product.med_id
        assert f"| {product.form} {product.strength} |" in line, product.med_id
        assert f"| {'yes' if product.rx_required else 'no'} |" in line, product.med_id
        (s1, eta1), (s2, eta2) = product.stock
        qty = " / ".join(f"{q} (ETA D+{eta})" if eta is not None else str(q) for q, eta in ((s1, eta1), (s2, eta2)))
        assert f"| {qty} |" in line, (product.med_id, qty)
    for user_id, name_en, name_he, email, phone in demo_data.PATIENTS:
        assert f"| {user_id} | {name_en} / {name_he} | {email} | {phone} |" in page
    written = re.search(r"^\| prescription \|(.*)\|\n\|[-|]+\|\n\| written D- \|(.*)\|$", page, re.MULTILINE)
    assert written, "the table of when each prescription was written"
    days = dict(zip(written.group(1).split("|"), written.group(2).split("|"), strict=True))
    assert {k.strip(): int(v) for k, v in days.items()} == {
        rx.presc_id: rx.prescribed_days_ago for rx in demo_data.PRESCRIPTIONS
    }
    for rx in demo_data.PRESCRIPTIONS:
        assert f"{rx.presc_id} {rx.med_id} " in page, rx.presc_id
