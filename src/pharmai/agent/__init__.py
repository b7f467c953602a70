"""The agent layer: the conversation loop, the conversation store and the engines."""

from pharmai.agent.base import Engine, SessionInfo, TurnInput
from pharmai.agent.events import Event
from pharmai.agent.loop import ConversationLoop

__all__ = ["ConversationLoop", "Engine", "Event", "SessionInfo", "TurnInput"]
