"""Language understanding: a trained bilingual model of intents, dialogue acts, advice and red flags.

:func:`understand` reads one message with the shipped model (:mod:`.model`); :mod:`.corpus` reads the
labelled corpus of ``evals/nlu/`` and :mod:`.train` fits a new model on it (``pharmai nlu train``).
Nothing here touches the database or a tool: medication names are the catalog search's job.
"""

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from pharmai.nlu._features import mask
from pharmai.nlu.model import NluModel, Understanding, get_model

__all__ = ["NluModel", "Understanding", "clear_cache", "get_model", "mask", "spans_of", "understand"]


# The policy classifier, the red-flag check and the offline engine all read the same message in one turn:
# remember the last few readings (a pure function of the text and its spans) so the model runs once.
@lru_cache(maxsize=256)
def _understand(text: str, spans: tuple[tuple[int, int], ...]) -> Understanding:
    return get_model().read(mask(text, spans))


def understand(text: str, spans: Sequence[tuple[int, int]] = ()) -> Understanding:
    """The shipped model's reading of ``text`` (see :class:`Understanding`).

    Args:
        text: The message as typed.
        spans: ``(start, end)`` offsets of the medication names the catalog found in it; the model reads
            them as one placeholder word, so what it learnt carries over to names it never saw.
    """
    return _understand(text, tuple((int(a), int(b)) for a, b in spans))


def clear_cache() -> None:
    """Forget the remembered readings (benchmarks time messages as if never seen)."""
    _understand.cache_clear()


def spans_of(mentions: Iterable[Any]) -> list[tuple[int, int]]:
    """The ``(start, end)`` offsets of the catalog's mentions, as :func:`understand` takes them."""
    return [(m.start, m.end) for m in mentions if isinstance(getattr(m, "start", None), int)]
