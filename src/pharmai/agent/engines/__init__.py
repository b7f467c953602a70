"""Engines that write the assistant's replies: offline (default), and the LLM engines."""

__all__: list[str] = []
