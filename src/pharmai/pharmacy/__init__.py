"""The pharmacy domain: plain Python over a SQLAlchemy session (no HTTP, no LLM, no envelopes)."""

__all__: list[str] = []
