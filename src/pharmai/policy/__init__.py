"""Policy, independent of any engine: advice classifier, reply guard, required warnings, texts."""

__all__: list[str] = []
