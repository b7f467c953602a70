"""The agent layer: the conversation loop, the conversation store and the engines."""

__all__: list[str] = []
