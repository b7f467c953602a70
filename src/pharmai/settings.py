"""Configuration from the environment (``PHARMAI_`` prefix) or a ``.env`` file."""

from __future__ import annotations

import os
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["Settings", "default_database_url", "get_settings"]

EngineName = Literal["offline", "openai", "chat", "anthropic"]
IdentityMode = Literal["otp", "demo", "identifier", "trusted"]


def _data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "pharmai"


def default_database_url() -> str:
    """The embedded default: a SQLite file in the user's data directory."""
    return f"sqlite:///{_data_dir() / 'pharmai.db'}"


class Settings(BaseSettings):
    """Every knob of pharmai; see ``shared/INTERFACES.md`` for the stable names."""

    model_config = SettingsConfigDict(env_prefix="PHARMAI_", env_file=".env", extra="ignore")

    database_url: str = Field(default_factory=default_database_url)
    redis_url: str | None = None
    engine: EngineName = "offline"
    identity_mode: IdentityMode = "otp"
    tool_profile: str = "canonical"
    today: date | None = None
    staff_api_key: str | None = None
    # Key of the HMAC surrogates that audit rows use instead of patient ids; set one per deployment.
    audit_secret: str | None = None
    model: str | None = None
    default_store: str = "s1"

    # Rate-limit tiers of seed 004, as `limits` strings.
    rate_limit_conversation: str = "10/minute"
    rate_limit_patient: str = "20/hour"
    rate_limit_global: str = "1000/hour"

    # Turns one API worker runs at once (more wait, in order); None: 4 for the offline engine, whose turns
    # are CPU work, and 40 (the worker's thread pool) for model engines, whose turns wait on the model.
    turn_concurrency: int | None = Field(default=None, ge=1, le=1024)

    confirmation_ttl_seconds: int = 600
    otp_ttl_seconds: int = 600
    otp_max_attempts: int = 5

    # Urgent-care numbers the assistant gives first when a message describes an emergency, a poisoning or
    # emotional distress (Israel: Magen David Adom, the national poison information center, ERAN).
    emergency_number: str = Field(default="101", min_length=1, max_length=32)
    poison_center_number: str = Field(default="04-777-1900", min_length=1, max_length=32)
    distress_line_number: str = Field(default="1201", min_length=1, max_length=32)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once."""
    return Settings()
