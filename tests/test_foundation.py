"""Settings, clock and the error tree."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from pharmai import errors
from pharmai.clock import Clock, FixedClock
from pharmai.settings import Settings


def test_pinned_clock_keeps_the_day(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PHARMAI_TODAY", "2026-01-15")
    settings = Settings()
    clock = Clock(settings.today)
    assert clock.today() == date(2026, 1, 15)
    assert clock.now().date() == date(2026, 1, 15)
    assert clock.now().tzinfo is not None


def test_fixed_clock_advances() -> None:
    clock = FixedClock(datetime(2026, 1, 1, 23, 59, tzinfo=UTC))
    clock.advance(minutes=2)
    assert clock.today() == date(2026, 1, 2)


def test_settings_defaults_are_the_embedded_ones(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    for name in ("PHARMAI_DATABASE_URL", "PHARMAI_ENGINE", "PHARMAI_REDIS_URL", "PHARMAI_TOOL_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    settings = Settings()
    assert settings.database_url == f"sqlite:///{tmp_path / 'pharmai' / 'pharmai.db'}"
    assert settings.engine == "offline"
    assert settings.redis_url is None
    assert settings.tool_profile == "canonical"


def _leaves(cls: type[errors.PharmaiError]) -> list[type[errors.PharmaiError]]:
    found = []
    for sub in cls.__subclasses__():
        found.append(sub)
        found.extend(_leaves(sub))
    return found


def test_every_error_code_maps_to_one_class_with_both_languages() -> None:
    classes = _leaves(errors.PharmaiError)
    codes = [c.code for c in classes]
    assert len(codes) == len(set(codes)), "two classes share an error code"
    for cls in classes:
        assert errors.error_for_code(cls.code) is cls
        assert cls.templates["en"] and cls.templates["he"]
        assert any("\u0590" <= ch <= "\u05ff" for ch in cls.templates["he"]), cls


def test_messages_fill_details_and_never_crash_on_missing_ones() -> None:
    error = errors.MedNotFound({"query": "xyz"})
    assert "xyz" in error.message("en") and "xyz" in error.message("he")
    assert error.to_error("he")["code"] == "MED_NOT_FOUND"
    assert errors.RateLimited().message("en")  # template placeholder left unfilled, no KeyError
    assert errors.error_for_code("NO_SUCH_CODE") is errors.InternalError
