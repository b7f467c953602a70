"""Text handling for both languages: normalisation, language detection, fuzzy matching."""

from pharmai.text.detect import detect_language, reply_language
from pharmai.text.normalize import HEBREW_PREFIXES, normalize, prefix_variants, tokens

__all__ = ["HEBREW_PREFIXES", "detect_language", "normalize", "prefix_variants", "reply_language", "tokens"]
