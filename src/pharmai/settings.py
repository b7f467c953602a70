"""Configuration from the environment (``PHARMAI_`` prefix) or a ``.env`` file."""

from __future__ import annotations

import os
import re
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["SEED_004_RATE_LIMITS", "Settings", "default_database_url", "get_settings"]

EngineName = Literal["offline", "openai", "chat", "anthropic"]
IdentityMode = Literal["otp", "demo", "identifier", "trusted"]
ReasoningEffort = Literal["minimal", "low", "medium", "high"]


#: Seed 004's tool-call tiers (per conversation, per customer, global), selected by
#: ``PHARMAI_RATE_LIMIT_PRESET=seed-004``.
SEED_004_RATE_LIMITS = {
    "rate_limit_conversation": "10/minute",
    "rate_limit_patient": "20/hour",
    "rate_limit_global": "1000/hour",
}


def _data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "pharmai"


def default_database_url() -> str:
    """The embedded default: a SQLite file in the user's data directory."""
    return f"sqlite:///{_data_dir() / 'pharmai.db'}"


class Settings(BaseSettings):
    """Every knob of pharmai; see ``docs/interfaces.md`` for the stable names."""

    model_config = SettingsConfigDict(env_prefix="PHARMAI_", env_file=".env", extra="ignore")

    database_url: str = Field(default_factory=default_database_url)
    redis_url: str | None = None
    engine: EngineName = "offline"
    identity_mode: IdentityMode = "otp"
    tool_profile: str = "canonical"
    today: date | None = None
    # The bootstrap admin credential (staff accounts and their personal tokens are for everyday use).
    staff_api_key: str | None = None
    # Key of the HMAC surrogates that audit rows use instead of patient ids; set one per deployment.
    audit_secret: str | None = None
    model: str | None = None
    # LLM engines: OpenAI reasoning effort (unset: not sent), seconds per request, extra attempts.
    reasoning_effort: ReasoningEffort | None = None
    llm_timeout: float = Field(default=60.0, gt=0, le=3600)
    llm_max_retries: int = Field(default=3, ge=0, le=20)
    # When the model provider stays unavailable after its retries: answer the turn with the offline engine
    # (`offline`, with a notice) or with the MODEL_UNAVAILABLE reply (`none`). After `model_breaker_failures`
    # such turns in a row the provider is not called for `model_breaker_reset_seconds`, then one turn probes.
    fallback_engine: Literal["none", "offline"] = "none"
    model_breaker_failures: int = Field(default=3, ge=1, le=100)
    model_breaker_reset_seconds: float = Field(default=30.0, gt=0, le=3600)
    default_store: str = "s1"
    # How `pharmai serve` writes its log: `text` (uvicorn's lines) or `json` (one object per line, with the
    # request id, trace id, conversation surrogate, tool, outcome and duration; never PHI).
    log_format: Literal["text", "json"] = "text"

    # HTTP requests per client address to `/v1/` (a `limits` string; "off" disables), and the origins
    # (comma-separated) allowed to call the API from a browser.
    http_rate_limit: str = "600/minute"
    cors_origins: str = ""

    # Tool-call budgets, as `limits` strings (README, Configuration): per conversation and per patient;
    # per anonymous conversation and per client address, so one client cannot spend the others' calls; and
    # the global ceiling, of which anonymous calls and sign-ins may each use only a share, so verified
    # customers always keep the rest. No ordinary conversation reaches them: a turn makes at most 8 tool
    # calls (a question about three medications: three stock checks and the interaction check), and a
    # person sends at most about six messages a minute, so 60 a minute per conversation; a 10-message
    # conversation makes at most 80, so 120 an hour while anonymous and 200 an hour per patient (two such
    # conversations and more). They stop runaway scripts and engines, not customers.
    # `rate_limit_preset = "seed-004"` gives seed 004's tiers (10/minute, 20/hour, 1000/hour global) to
    # every one of those three not set explicitly.
    rate_limit_preset: Literal["default", "seed-004"] = "default"
    rate_limit_conversation: str = "60/minute"
    rate_limit_patient: str = "200/hour"
    rate_limit_anonymous_conversation: str = "120/hour"
    rate_limit_client: str = "60/minute"
    rate_limit_client_sign_in: str = "20/minute"
    rate_limit_global: str = "6000/minute"
    rate_limit_anonymous_share: float = Field(default=0.5, gt=0, lt=1)
    rate_limit_sign_in_share: float = Field(default=0.1, gt=0, lt=1)
    # Prefix of the tool-call budgets' keys in Redis (deployments sharing one server each need their own).
    redis_key_prefix: str = Field(default="pharmai", min_length=1, max_length=100)
    # Redis behind a circuit breaker: milliseconds to connect and for each answer, failures in a row that
    # open the circuit (calls needing Redis then fail at once), and seconds before one call probes again.
    # A turn waits on Redis at most about failures × 2 × timeout, so keep that under a second.
    redis_timeout_ms: int = Field(default=100, ge=1, le=1000)
    redis_breaker_failures: int = Field(default=3, ge=1, le=100)
    redis_breaker_reset_seconds: float = Field(default=5.0, gt=0, le=300)

    # Turns one API worker runs at once (more wait, in order); None: 4 for the offline engine, whose turns
    # are CPU work, and 40 (the worker's thread pool) for model engines, whose turns wait on the model.
    turn_concurrency: int | None = Field(default=None, ge=1, le=1024)

    # Staff accounts (`pharmai staff`): how long a console session lasts, the default lifetime of a
    # personal token, the sign-in budgets per account and per client address (counted in Redis when it is
    # configured; a sign-in that cannot be counted is refused), whether the session cookie is Secure
    # (`auto`: when the request came over HTTPS or a proxy says it did), and the personal token that
    # `pharmai tools call` and `pharmai mcp` act with.
    staff_session_ttl_seconds: int = Field(default=8 * 3600, ge=300, le=7 * 86_400)
    staff_token_days: int = Field(default=90, ge=1, le=3650)
    staff_sign_in_limit_account: str = "10/15minutes"
    staff_sign_in_limit_client: str = "30/15minutes"
    staff_cookie_secure: Literal["auto", "always", "never"] = "auto"
    staff_token: str | None = None

    # PubMed search (the staff tool `search_pubmed`): NCBI E-utilities' address, the `tool` and `email` NCBI
    # asks every program to send (no email: the tool answers SERVICE_UNAVAILABLE, "not configured"), an
    # optional API key (10 requests a second instead of 3), and seconds per request.
    ncbi_base_url: str = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/"
    ncbi_tool: str = Field(default="pharmai", min_length=1, max_length=64)
    ncbi_email: str | None = None
    ncbi_api_key: str | None = None
    ncbi_timeout: float = Field(default=5.0, gt=0, le=60)

    confirmation_ttl_seconds: int = 600

    # Handoff and takeover: how often a live stream (the staff queue, a held conversation, a customer's
    # events) reads the database again when nothing woke it. Without Redis that is the delivery delay
    # between workers and instances; with PHARMAI_REDIS_URL, pub/sub wakes streams at once and this is
    # only the safety net (a stream re-reads at least every 5 s).
    handoff_poll_ms: int = Field(
        default=500, ge=50, le=10_000, description="Milliseconds between database reads of a live handoff stream."
    )
    # One-time codes: how long one stays valid, and the wrong tries that lock it.
    otp_ttl_seconds: int = Field(default=600, ge=60, le=86_400)
    otp_max_attempts: int = Field(default=5, ge=1, le=100)
    # The budget of one email or phone across conversations and workers (stored in the database): codes
    # sent, and wrong codes typed, per window. Spent: refused with a retry-after, and nothing is sent.
    otp_max_sends: int = Field(default=5, ge=1, le=1000)
    otp_max_failures: int = Field(default=10, ge=1, le=10_000)
    otp_window_seconds: int = Field(default=3600, ge=60, le=7 * 86_400)

    # Retention (`pharmai db purge`, and the server on a schedule). Conversations with their messages and
    # confirmations go once idle this long, outbox rows once this old: they hold patients' words and codes.
    # Audit rows hold no PHI and are kept for their own, longer period.
    retention_days: int = Field(default=30, ge=1, le=36_500)
    audit_retention_days: int = Field(default=365, ge=1, le=36_500)
    # Where audit rows wait while the database is down, replayed once it answers (default: beside a
    # SQLite file, or one directory per database URL in the data directory).
    audit_spill_dir: str | None = None
    # Each API worker purges when it starts and then every so many seconds; 0: only `pharmai db purge`.
    purge_interval_seconds: int = Field(default=3600, ge=0)
    # Conversations one client address may hold open at once (0: no cap); a conversation without activity
    # for `conversation_idle_seconds` no longer counts as open.
    open_conversations_per_client: int = Field(default=100, ge=0)
    conversation_idle_seconds: int = Field(default=3600, ge=60)

    # Urgent-care numbers the assistant gives first when a message describes an emergency, a poisoning or
    # emotional distress (Israel: Magen David Adom, the national poison information center, ERAN).
    emergency_number: str = Field(default="101", min_length=1, max_length=32)
    poison_center_number: str = Field(default="04-777-1900", min_length=1, max_length=32)
    distress_line_number: str = Field(default="1201", min_length=1, max_length=32)

    # LLM cost control (README, "LLM cost"). Prompt caching: Anthropic cache breakpoints after the tools and
    # the stable system prompt, and OpenAI's `prompt_cache_key` on the Responses API (`llm_prompt_cache`);
    # the chat engine sends `prompt_cache_key` only when `llm_chat_cache_key` is on, because local
    # OpenAI-compatible servers may refuse unknown parameters. The key is `<namespace>:<profile>:<language>`
    # (one per deployment, never per person). Estimated prices in US dollars per million tokens override
    # the built-in table for the configured model (input, input read from the cache, input written to the
    # cache, output). `conversation_token_budget`: model tokens (input + output) one conversation may use;
    # once spent, the customer is told so and the model is not called again (0: no budget).
    llm_prompt_cache: bool = True
    llm_chat_cache_key: bool = False
    llm_cache_namespace: str = Field(default="pharmai", min_length=1, max_length=64, pattern=r"^[A-Za-z0-9._-]+$")
    llm_price_input: float | None = Field(default=None, ge=0)
    llm_price_cached_input: float | None = Field(default=None, ge=0)
    llm_price_cache_write: float | None = Field(default=None, ge=0)
    llm_price_output: float | None = Field(default=None, ge=0)
    conversation_token_budget: int = Field(default=0, ge=0)

    # The pharmacy's documents (`pharmai docs import URL`): basic-auth credentials for a WebDAV / Nextcloud
    # share (Nextcloud: an app password), and seconds per WebDAV request.
    documents_webdav_username: str | None = Field(
        default=None, description="User name for the WebDAV / Nextcloud share `pharmai docs import` reads."
    )
    documents_webdav_password: str | None = Field(
        default=None, description="Password (Nextcloud: an app password) for that share; never logged."
    )
    documents_webdav_timeout: float = Field(
        default=30.0, gt=0, le=600, description="Seconds per WebDAV request of a document import."
    )

    # The consultation calendar's optional CalDAV sync (`pharmai staff calendar sync`).
    caldav_url: str | None = Field(
        default=None,
        description="URL of the CalDAV calendar collection consultations sync with (https; http only on "
        "loopback). Unset: no sync.",
    )
    caldav_username: str | None = Field(default=None, description="User name for that CalDAV server.")
    caldav_password: str | None = Field(
        default=None, description="Password (Nextcloud: an app password) for that CalDAV server; never logged."
    )
    caldav_timeout: float = Field(default=30.0, gt=0, le=600, description="Seconds per CalDAV request.")

    @field_validator("staff_sign_in_limit_account", "staff_sign_in_limit_client")
    @classmethod
    def _sign_in_rate(cls, value: str) -> str:
        # Checked at start: a typo would otherwise fail the first sign-in. The grammar of `parse_rate`.
        if not re.match(r"^\s*[1-9]\d*\s*(?:/|per)\s*\d*\s*(?:second|minute|hour|day)s?\s*$", value, re.IGNORECASE):
            raise ValueError("a staff sign-in limit is a rate such as '10/15minutes'")
        return value

    @field_validator("log_format", mode="before")
    @classmethod
    def _log_format(cls, value: object) -> object:
        # "JSON" and " json " mean json; empty means the default.
        if isinstance(value, str):
            return value.strip().lower() or "text"
        return value

    @field_validator("reasoning_effort", mode="before")
    @classmethod
    def _effort(cls, value: object) -> object:
        # People write "High" or leave the variable empty; both mean what they say.
        if isinstance(value, str):
            return value.strip().lower() or None
        return value

    @model_validator(mode="after")
    def _preset(self) -> Settings:
        # Seed 004's tiers as one switch; a tier set explicitly (argument or environment) still wins.
        if self.rate_limit_preset == "seed-004":
            for name, value in SEED_004_RATE_LIMITS.items():
                if name not in self.model_fields_set:
                    setattr(self, name, value)
        return self

    @model_validator(mode="after")
    def _shares(self) -> Settings:
        # Shares filling the whole ceiling would leave verified customers nothing reserved: refuse at start.
        if self.rate_limit_anonymous_share + self.rate_limit_sign_in_share >= 1:
            raise ValueError("PHARMAI_RATE_LIMIT_ANONYMOUS_SHARE and _SIGN_IN_SHARE must add up to less than 1")
        return self


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once."""
    return Settings()
