"""The configuration the README documents is the configuration :class:`~pharmai.settings.Settings` reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pharmai.settings import Settings

_ROOT = Path(__file__).resolve().parents[1]
_SRC = _ROOT / "src" / "pharmai"


def _documented() -> list[str]:
    """The ``PHARMAI_`` variables of the README's Configuration table (``PHARMAI_A_B`` / ``_C`` is A_B, A_C)."""
    readme = (_ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    names: list[str] = []
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        previous = ""
        for token in re.findall(r"`([A-Z_]+)`", line.split("|")[1]):
            if token.startswith("_") and previous:
                token = previous.rsplit("_", 1)[0] + token
            if token.startswith("PHARMAI_"):
                names.append(token)
            previous = token
    return names


def test_the_readme_documents_settings() -> None:
    names = _documented()
    assert {"PHARMAI_DATABASE_URL", "PHARMAI_RATE_LIMIT_GLOBAL", "PHARMAI_OTP_MAX_SENDS"} <= set(names)


@pytest.mark.parametrize("variable", _documented())
def test_every_documented_variable_is_a_settings_field(variable: str) -> None:
    field = variable.removeprefix("PHARMAI_").lower()
    assert field in Settings.model_fields, f"{variable} is documented but Settings does not read it"


def test_no_module_reads_a_pharmai_variable_around_the_settings() -> None:
    around = re.compile(r"""(?:environ|getenv|env)\s*(?:\.get\s*\(|\[|\()\s*["']PHARMAI_""")
    offenders = [
        str(path.relative_to(_ROOT))
        for path in _SRC.rglob("*.py")
        if path.name != "settings.py" and around.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
