"""Building the searchable alias rows of catalog entries (used by the seed, importer and generator)."""

from __future__ import annotations

from collections.abc import Iterable

from pharmai.db.models import Alias
from pharmai.text.normalize import normalize

__all__ = ["alias_rows"]


def alias_rows(target_kind: str, target_id: str, names: Iterable[tuple[str, str]]) -> list[Alias]:
    """One :class:`Alias` per distinct normalised name.

    Args:
        target_kind: ``product``, ``generic`` or ``ingredient``.
        target_id: The id of the entry the names belong to.
        names: ``(text, language)`` pairs; empty texts are skipped.
    """
    rows: dict[str, Alias] = {}
    for text, language in names:
        norm = normalize(text)
        if norm and norm not in rows:
            rows[norm] = Alias(target_kind=target_kind, target_id=target_id, text=text, language=language, norm=norm)
    return list(rows.values())
