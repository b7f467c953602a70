"""pharmai — a bilingual (Hebrew / English) pharmacy assistant.

It answers only from the pharmacy's database through typed tools, refuses medical advice, and enforces
the pharmacy's rules in code whatever drives the conversation.
"""

from pharmai.clock import Clock
from pharmai.errors import PharmaiError
from pharmai.settings import Settings, get_settings

__all__ = ["Clock", "PharmaiError", "Settings", "__version__", "get_settings"]

__version__ = "0.1.0"
