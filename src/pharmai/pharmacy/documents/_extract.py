"""Text out of a document's bytes, cut into passages that each know where they are.

PDF (text layer through pypdf: one location per page), Markdown (the heading path of each section) and
plain text (UTF-8, or Windows-1255 for older Hebrew files). A passage is a few paragraphs of the same page
and section, about :data:`TARGET_CHARS` long; a longer paragraph is cut between sentences. Line numbers are
1-based, counted in the file (per page for a PDF).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from pharmai.errors import DocumentImportError
from pharmai.text.detect import script_counts

__all__ = ["KINDS", "TARGET_CHARS", "ParsedDocument", "ParsedPassage", "kind_of", "parse_document"]

#: The kind of each supported file extension.
KINDS = {".pdf": "pdf", ".md": "markdown", ".markdown": "markdown", ".txt": "text", ".text": "text"}
TARGET_CHARS = 700
_MAX_PARAGRAPH = 1200
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MARKUP = re.compile(r"(\*\*|__|`+)")
_LIST_ITEM = re.compile(r"^([-*+]|\d+[.)])\s")


@dataclass(frozen=True)
class ParsedPassage:
    """One passage: its text and location (``page`` for PDFs, ``heading`` for Markdown sections)."""

    text: str
    line_start: int
    line_end: int
    page: int | None = None
    heading: str | None = None


@dataclass(frozen=True)
class ParsedDocument:
    """A document's title, kind, language and passages."""

    title: str
    kind: str
    language: str
    passages: tuple[ParsedPassage, ...]


@dataclass
class _Paragraph:
    lines: list[str]
    start: int
    end: int


def kind_of(name: str) -> str | None:
    """The kind ("pdf", "markdown", "text") of a file name, or None when it is not supported."""
    return KINDS.get(PurePosixPath(name.lower()).suffix)


def _decode(data: bytes) -> str:
    if b"\x00" in data[:4096]:
        raise DocumentImportError({"reason": "unreadable"})
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Hebrew files saved by older Windows programs are in Windows-1255.
        try:
            return data.decode("cp1255")
        except UnicodeDecodeError as exc:
            raise DocumentImportError({"reason": "unreadable"}) from exc


def _paragraphs(lines: list[str], first_line: int = 1) -> list[_Paragraph]:
    found: list[_Paragraph] = []
    current: _Paragraph | None = None
    for number, line in enumerate(lines, start=first_line):
        if line.strip():
            if current is None:
                current = _Paragraph([], number, number)
                found.append(current)
            current.lines.append(line.strip())
            current.end = number
        else:
            current = None
    return found


def _pieces(text: str) -> list[str]:
    # A paragraph longer than a passage is cut between sentences (a sentence longer still, between words).
    if len(text) <= _MAX_PARAGRAPH:
        return [text]
    pieces: list[str] = []
    current = ""
    for sentence in _SENTENCE_END.split(text):
        while len(sentence) > _MAX_PARAGRAPH:
            cut = sentence.rfind(" ", 0, TARGET_CHARS) if " " in sentence[:TARGET_CHARS] else TARGET_CHARS
            cut = cut if cut > 0 else TARGET_CHARS
            pieces.append(sentence[:cut].strip())
            sentence = sentence[cut:].strip()
        if current and len(current) + len(sentence) + 1 > TARGET_CHARS:
            pieces.append(current)
            current = sentence
        else:
            current = f"{current} {sentence}".strip()
    if current:
        pieces.append(current)
    return [p for p in pieces if p]


class _Builder:
    """Merges paragraphs of one page and section into passages of about :data:`TARGET_CHARS`."""

    def __init__(self) -> None:
        self.passages: list[ParsedPassage] = []
        self._text = ""
        self._start = self._end = 0
        self._where: tuple[int | None, str | None] = (None, None)

    def add(self, text: str, start: int, end: int, page: int | None, heading: str | None) -> None:
        if (page, heading) != self._where or len(self._text) + len(text) + 1 > TARGET_CHARS:
            self.flush()
        for piece in _pieces(text):
            if self._text and len(self._text) + len(piece) + 1 > TARGET_CHARS:
                self.flush()
            if not self._text:
                self._start, self._where = start, (page, heading)
            self._text = f"{self._text}\n{piece}" if self._text else piece
            self._end = end

    def flush(self) -> None:
        if self._text:
            page, heading = self._where
            self.passages.append(ParsedPassage(self._text, self._start, self._end, page, heading))
        self._text = ""


def _plain(line: str) -> str:
    return _MARKUP.sub("", _LINK.sub(r"\1", line))


def _join(lines: list[str]) -> str:
    # Soft-wrapped lines are one paragraph; a list item starts a line of its own.
    out = lines[0]
    for line in lines[1:]:
        out += ("\n" if _LIST_ITEM.match(line) else " ") + line
    return out


def _language(text: str) -> str:
    # Codes such as "PRX-04" in a Hebrew SOP do not make it a mixed document; a fifth of each script does.
    hebrew, latin = script_counts(text)
    total = hebrew + latin
    if total and hebrew >= 0.8 * total:
        return "he"
    return "en" if not total or latin >= 0.8 * total else "mixed"


def _markdown(text: str) -> tuple[str | None, list[ParsedPassage]]:
    builder = _Builder()
    headings: list[tuple[int, str]] = []
    title: str | None = None
    lines = text.splitlines()
    section: list[str] = []
    section_start = 1

    def close() -> None:
        heading = " › ".join(h for _, h in headings)[:300] or None
        for paragraph in _paragraphs(section, section_start):
            builder.add(_join([_plain(x) for x in paragraph.lines]), paragraph.start, paragraph.end, None, heading)

    for number, line in enumerate(lines, start=1):
        match = _HEADING.match(line.strip())
        if match is None:
            section.append(line)
            continue
        close()
        level, name = len(match.group(1)), _plain(match.group(2)).strip()
        title = title or (name if level == 1 else None)
        headings = [(lv, h) for lv, h in headings if lv < level] + [(level, name)]
        section, section_start = [], number + 1
    close()
    builder.flush()
    return title, builder.passages


def _text(text: str) -> list[ParsedPassage]:
    builder = _Builder()
    for paragraph in _paragraphs(text.splitlines()):
        builder.add(" ".join(paragraph.lines), paragraph.start, paragraph.end, None, None)
    builder.flush()
    return builder.passages


def _pdf(data: bytes) -> tuple[str | None, list[ParsedPassage]]:
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    builder = _Builder()
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise DocumentImportError({"reason": "unreadable"})
        title = (reader.metadata.title if reader.metadata else None) or None
        for page_number, page in enumerate(reader.pages, start=1):
            for paragraph in _paragraphs((page.extract_text() or "").splitlines()):
                builder.add(" ".join(paragraph.lines), paragraph.start, paragraph.end, page_number, None)
    except DocumentImportError:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, IndexError, OSError) as exc:
        # A broken or hostile PDF: pypdf's own errors and the Python errors its parser lets through.
        raise DocumentImportError({"reason": "unreadable"}) from exc
    builder.flush()
    return (str(title).strip() or None) if title else None, builder.passages


def parse_document(name: str, data: bytes) -> ParsedDocument:
    """Parse one file into passages.

    Args:
        name: The file name (its extension picks the parser).
        data: The file's bytes.

    Returns:
        The parsed document; its title is the first Markdown heading, the PDF's title, or the first line.

    Raises:
        DocumentImportError: ``unsupported`` kind, ``unreadable`` bytes or ``no_text`` in it.
    """
    kind = kind_of(name)
    if kind is None:
        raise DocumentImportError({"reason": "unsupported"})
    title: str | None = None
    if kind == "pdf":
        title, passages = _pdf(data)
    elif kind == "markdown":
        title, passages = _markdown(_decode(data))
    else:
        passages = _text(_decode(data))
    if not passages:
        raise DocumentImportError({"reason": "no_text"})
    first_line = passages[0].text.split("\n", 1)[0]
    title = title or (first_line if len(first_line) <= 120 else None) or PurePosixPath(name).stem
    sample = " ".join(p.text for p in passages[:20])
    return ParsedDocument(title[:300], kind, _language(sample), tuple(passages))
