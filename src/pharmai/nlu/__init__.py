"""Language understanding: a trained bilingual model of intents, dialogue acts, advice and red flags.

:func:`understand` reads one message with the shipped model (:mod:`.model`); :mod:`.corpus` reads the
labelled corpus of ``evals/nlu/`` and :mod:`.train` fits a new model on it (``pharmai nlu train``).
Nothing here touches the database or a tool: medication names are the catalog search's job.
"""

from functools import lru_cache

from pharmai.nlu.model import NluModel, Understanding, get_model

__all__ = ["NluModel", "Understanding", "get_model", "understand"]


# The policy classifier, the red-flag check and the offline engine all read the same message in one turn:
# remember the last few readings (a pure function of the text) so the model runs once per message.
@lru_cache(maxsize=256)
def understand(text: str) -> Understanding:
    """The shipped model's reading of ``text`` (see :class:`Understanding`)."""
    return get_model().read(text)
