"""``pharmai db import`` and ``pharmai db generate`` through the real command line, on a temp SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from pharmai.cli import app
from pharmai.db import Database
from pharmai.db.models import Inventory, Product
from pharmai.settings import get_settings

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HEADER = "med_id,brand_en,brand_he,generic_en,generic_he,ingredients,form,strength,rx_required,stock\n"


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    monkeypatch.setenv("PHARMAI_DATABASE_URL", url)
    monkeypatch.setenv("PHARMAI_TODAY", "2026-03-01")
    get_settings.cache_clear()
    yield url
    get_settings.cache_clear()


def _products(url: str) -> int:
    db = Database(url)
    try:
        with db.session() as session:
            return int(session.scalar(select(func.count()).select_from(Product)) or 0)
    finally:
        db.dispose()


def test_import_csv_prints_the_summary_and_writes_the_catalog(db_url: str) -> None:
    result = CliRunner().invoke(app, ["db", "import", str(EXAMPLES / "catalog.csv")])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == ("Imported 5 medications: 5 new, 0 updated (3 new generics, 3 new ingredients).")
    assert _products(db_url) == 27


def test_import_json_in_hebrew_then_again_as_an_update(db_url: str) -> None:
    first = CliRunner().invoke(app, ["db", "import", str(EXAMPLES / "catalog.json"), "--language", "he"])
    assert first.exit_code == 0, first.output
    assert first.stdout.strip() == "יובאו 3 תרופות: 3 חדשות, 0 עודכנו (2 גנריים חדשים, 2 רכיבים חדשים)."
    again = CliRunner().invoke(app, ["db", "import", str(EXAMPLES / "catalog.json")])
    assert again.exit_code == 0, again.output
    assert "0 new, 3 updated" in again.stdout
    assert _products(db_url) == 25


@pytest.mark.parametrize(
    ("language", "lines", "footer"),
    [
        (
            "en",
            ["Line 3: stock: unknown store 's9'", "Line 4: rx_required: must be yes/no, true/false, 1/0 or כן/לא"],
            "Import rolled back: nothing was written (2 problem(s)).",
        ),
        (
            "he",
            ["שורה 3: stock: סניף לא מוכר 's9'", "שורה 4: rx_required: חייב להיות yes/no, true/false, 1/0 או כן/לא"],
            "הייבוא בוטל ודבר לא נכתב (2 בעיות).",
        ),
    ],
)
def test_bad_rows_exit_non_zero_with_every_line_on_stderr_and_nothing_written(
    db_url: str, tmp_path: Path, language: str, lines: list[str], footer: str
) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(
        HEADER
        + "m301,Brufen,ברופן,Ibuprofen,איבופרופן,ibuprofen:400 mg,tablet,400 mg,no,s1:5\n"
        + "m302,Brufen 2,ברופן 2,Ibuprofen,איבופרופן,ibuprofen:400 mg,tablet,400 mg,no,s9:5\n"
        + "m303,Brufen 3,ברופן 3,Ibuprofen,איבופרופן,ibuprofen:400 mg,tablet,400 mg,sometimes,s1:5\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["db", "import", str(path), "--language", language])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [*lines, footer]
    assert _products(db_url) == 22


def test_a_missing_file_is_reported_not_raised(db_url: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["db", "import", str(tmp_path / "none.json"), "--language", "he"])
    assert result.exit_code == 1
    assert "שורה 0: הקובץ לא נמצא: none.json" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_generate_appends_a_synthetic_catalog(db_url: str) -> None:
    result = CliRunner().invoke(app, ["db", "generate", "--medications", "60", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "Generated 60 synthetic medications (seed 4)."
    assert _products(db_url) == 82
    db = Database(db_url)
    with db.session() as session:
        assert session.scalar(select(func.count()).select_from(Inventory)) == 164
    db.dispose()
    hebrew = CliRunner().invoke(app, ["db", "generate", "--medications", "3", "--language", "he"])
    assert hebrew.exit_code == 0, hebrew.output
    assert hebrew.stdout.strip() == "נוצרו 3 תרופות סינתטיות (זרע 0)."
    assert _products(db_url) == 85


@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "error: Some of the input is not valid: medications."), ("he", "error: חלק מהקלט אינו תקין: medications.")],
)
def test_generate_refuses_a_bad_count(db_url: str, language: str, message: str) -> None:
    result = CliRunner().invoke(app, ["db", "generate", "--medications", "0", "--language", language])
    assert result.exit_code == 1
    assert result.stderr.strip() == message
    assert _products(db_url) == 22


def test_an_unknown_language_is_refused(db_url: str) -> None:
    result = CliRunner().invoke(app, ["db", "generate", "--medications", "3", "--language", "fr"])
    assert result.exit_code == 2
    assert "--language must be en or he." in result.stderr
