"""Text handling for both languages: normalisation, language detection, fuzzy matching."""

from pharmai.text.normalize import HEBREW_PREFIXES, normalize, prefix_variants, tokens

__all__ = ["HEBREW_PREFIXES", "normalize", "prefix_variants", "tokens"]
