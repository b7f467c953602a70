"""The offline engine: deterministic, bilingual, no API key — the assistant a new user meets first."""

from __future__ import annotations

from pharmai.agent.engines.offline.engine import OfflineEngine

__all__ = ["OfflineEngine"]
