"""Seeded template expander for the language-understanding corpus (``evals/nlu``).

Writes ``en/templates.jsonl`` and ``he/templates.jsonl``: about 1,600 labelled customer messages per
language, every line with ``origin: "template"`` and ids ``en-tpl-0001``… / ``he-tpl-0001``….

How a line is made:

* a template of one intent (or two joined templates of different intents, or a follow-up with the
  previous turn as ``context``) is filled with slots: products (brand or generic, Hebrew or English
  letters), strengths, stores, relations, symptoms, emails, phones;
* Hebrew templates carry prefix letters on slots (``{ב:store}``, ``{ל:m}``), the speaker's gender
  (``[male|female]``), the addressed bot's gender (``<male|female>``) and the gender of the person
  talked about (``[[male|female]]``);
* about 40% of the lines get one or two kinds of noise (typos, a missing space, lowercase without
  punctuation, an emoji, ``??``/``!!``, Hebrew final-letter misuse, a dictated run-on); the text is
  kept as segments so ``meds`` lists the names exactly as they end up written, and emails and
  phones are never touched.

Everything comes from one ``random.Random(20261123)``: two runs write identical files.
Run ``python evals/nlu/generate.py``; standard library only.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from _templates_en import EN
from _templates_he import HE
from _vocabulary import (
    ACTS,
    CLOSINGS,
    CONTEXTS,
    EMAIL_DOMAINS,
    EMAIL_USERS,
    EMOJI_GRAVE,
    EMOJI_PLAIN,
    FILLERS,
    FOLLOW_COUNTS,
    HARD_COUNT,
    HEAD_TAILS,
    HERE,
    INTENTS,
    KID_SYMPTOMS,
    KIDS,
    MED_KINDS,
    NAMES,
    NOISE_SHARE,
    PAIR_COMBOS,
    PAIRS,
    PREAMBLES,
    PRICES,
    PRODUCTS,
    RED_COUNTS,
    RELATIONS,
    SEED,
    SINGLE_COUNTS,
    STORES,
    SYMPTOMS,
    TAIL_COMBOS,
    Product,
)

# --------------------------------------------------------------------------------------------------
# Template parsing and slot filling
# --------------------------------------------------------------------------------------------------

MARKUP = re.compile(
    r"\[\[(?P<t1>[^\]|]*)\|(?P<t2>[^\]]*)\]\]"
    r"|\[(?P<s1>[^\]|]*)\|(?P<s2>[^\]]*)\]"
    r"|<(?P<a1>[^>|]*)\|(?P<a2>[^>]*)>"
    r"|\{(?:(?P<pre>[^{}:]+):)?(?P<slot>[a-z]+\d?)\}"
)
SLOT = re.compile(r"\{(?:[^{}:]+:)?([a-z]+)\d?\}")
STORE_KINDS = ("store", "kstore", "ustore")
LATIN = re.compile(r"[A-Za-z]")


@dataclass
class Entry:
    """One parsed template: its text, intents and (for follow-ups) its context group."""

    text: str
    intents: tuple[str, ...]
    group: str | None = None


def parse_entries(raw: list[str], default: tuple[str, ...]) -> list[Entry]:
    """Split ``text ## intents @@ group`` entries into ``Entry`` objects."""
    entries = []
    for item in raw:
        text, _, rest = item.partition(" ## ")
        labels, _, group = rest.partition(" @@ ")
        intents = tuple(labels.split()) if labels else default
        entries.append(Entry(text, intents, group or None))
    return entries


def slot_kinds(text: str) -> list[str]:
    """The slot kinds of a template, in order (``m2`` and ``m`` are both ``m``)."""
    return SLOT.findall(text)


def med_slot_count(text: str) -> int:
    """How many product slots a template has."""
    return sum(kind in MED_KINDS for kind in slot_kinds(text))


def has_store(text: str) -> bool:
    """Whether a template names a place."""
    return any(kind in STORE_KINDS for kind in slot_kinds(text))


def attach(prefix: str, word: str, article: bool, rng: random.Random) -> str:
    """Attach Hebrew prefix letters to a word (``ב`` + ``הסניף`` → ``בסניף``, ``ל-Advil``)."""
    if not prefix:
        return word
    if prefix == "של":
        return "של" + word if rng.random() < 0.12 else "של " + word
    if LATIN.match(word):
        return prefix + ("-" if rng.random() < 0.65 else "") + word
    if article and word.startswith("ה"):
        if prefix[-1] in "בלכ":
            return prefix + word[1:]
        if prefix[-1] == "ה":
            return prefix[:-1] + word
    if prefix.endswith("ה") and word.startswith("ה"):
        return prefix[:-1] + word
    return prefix + word


@dataclass
class Namespace:
    """Slot values shared by the templates of one part of a line (and its context)."""

    memo: dict[str, object] = field(default_factory=dict)
    last_product: Product | None = None
    third: str = "m"


class Filler:
    """Fills the slots of the templates of one line, keeping products and stores distinct."""

    def __init__(self, rng: random.Random, lang: str) -> None:
        """Start a line: pick the speaker's and the bot's gender."""
        self.rng = rng
        self.lang = lang
        self.speaker = rng.choice("mf")
        self.addressee = "m" if rng.random() < 0.8 else "f"
        self.used_keys: list[str] = []
        self.used_surfaces: list[str] = []
        self.used_stores: list[str] = []
        self.found_stores: list[str] = []

    # -- products ---------------------------------------------------------------------------------

    def _product(self, kind: str) -> Product:
        """A product of a kind not yet used in this line."""
        pool = [p for p in PRODUCTS if (kind in ("m", "gen") or kind in p.kinds) and p.key not in self.used_keys]
        if kind == "gen":
            pool = [p for p in pool if p.gen_en]
        pool = pool or [p for p in PRODUCTS if kind in ("m", "gen") or kind in p.kinds]
        return self.rng.choice(pool)

    def _surface(self, product: Product, kind: str) -> str:
        """How the product is written: brand or generic, Hebrew or English letters."""
        r = self.rng.random()
        if self.lang == "en":
            if kind == "gen" or (product.gen_en and r < 0.2):
                name = product.gen_en or product.en
                return name.capitalize() if self.rng.random() < 0.1 else name
            return product.en.lower() if self.rng.random() < 0.2 else product.en
        if kind == "gen":
            return (product.gen_he or product.he) if r < 0.8 else (product.gen_en or product.en)
        if r < 0.64:
            return product.he
        if r < 0.77 and product.gen_he:
            return product.gen_he
        if r < 0.95:
            return product.en.lower() if self.rng.random() < 0.3 else product.en
        return product.gen_en or product.en

    def med(self, name: str, kind: str, ns: Namespace) -> tuple[Product, str]:
        """The product and surface of a product slot (memoised per slot name)."""
        if name in ns.memo:
            product, surface = ns.memo[name]  # type: ignore[misc]
            ns.last_product = product
            return product, surface
        for _ in range(30):
            product = self._product(kind)
            surface = self._surface(product, kind)
            if surface.lower() not in self.used_surfaces:
                break
        self.used_keys.append(product.key)
        self.used_surfaces.append(surface.lower())
        ns.memo[name] = (product, surface)
        ns.last_product = product
        return product, surface

    def strength(self, name: str, ns: Namespace) -> str:
        """A strength of the last product, written the local way."""
        if name in ns.memo:
            return str(ns.memo[name])
        product = ns.last_product or self.rng.choice(PRODUCTS)
        value = self.rng.choice(product.strengths)
        number, unit = value.split()
        if self.lang == "en":
            text = self.rng.choice([f"{number} {unit}", f"{number}{unit}", f"{number} {unit}", number])
        else:
            he_unit = 'מק"ג' if unit == "mcg" else 'מ"ג'
            text = self.rng.choice(
                [f"{number} {he_unit}", f"{number} {he_unit}", f"{number}{unit}", number, f"{number} מג"]
            )
        ns.memo[name] = text
        return text

    # -- places and people ------------------------------------------------------------------------

    def store(self, name: str, kind: str, ns: Namespace) -> tuple[str, bool]:
        """A place (memoised per slot name); a known branch is not named twice in one line."""
        if name in ns.memo:
            store_id, surface, article = ns.memo[name]  # type: ignore[misc]
        else:
            if kind == "ustore":
                store_id = "unknown"
            else:
                ids = (
                    ["s1", "s2"]
                    if kind == "kstore"
                    else ["s1", "s1", "s1", "s2", "s2", "s2", "unknown", "unknown", "unknown"]
                )
                ids = [i for i in ids if i == "unknown" or i not in self.used_stores] or ["unknown"]
                store_id = self.rng.choice(ids)
            self.used_stores.append(store_id)
            surface, article = self.rng.choice(STORES[self.lang][store_id])
            ns.memo[name] = (store_id, surface, article)
        self.found_stores.append(store_id)
        return surface, article

    def person(self, name: str, kind: str, ns: Namespace) -> tuple[str, bool]:
        """A relation or a child; sets the gender of [[male|female]] choices."""
        if name not in ns.memo:
            pool = RELATIONS[self.lang] if kind == "rel" else KIDS[self.lang]
            surface, gender, article = self.rng.choice(pool)
            if gender == "x":
                gender = self.rng.choice("mf")
            ns.memo[name] = (surface, gender, article)
        surface, gender, article = ns.memo[name]  # type: ignore[misc]
        ns.third = gender
        return surface, article

    def email(self, own: bool) -> str:
        """An email address."""
        user = self.rng.choice(EMAIL_USERS[:10] if own else EMAIL_USERS)
        if self.rng.random() < 0.4:
            user += str(self.rng.randint(1, 99))
        return f"{user}@{self.rng.choice(EMAIL_DOMAINS)}"

    def phone(self) -> str:
        """An Israeli mobile number in one of the usual spellings."""
        area = self.rng.choice(["050", "052", "053", "054", "058"])
        digits = "".join(str(self.rng.randint(0, 9)) for _ in range(7))
        style = self.rng.randrange(4)
        if style == 0:
            return f"{area}-{digits}"
        if style == 1:
            return f"{area}{digits}"
        if style == 2:
            return f"{area} {digits[:3]} {digits[3:]}"
        return f"+972 {area[1:]}-{digits[:3]}-{digits[3:]}"

    def symptom(self, name: str, kind: str, ns: Namespace) -> str:
        """A symptom that is not a red flag, distinct within the line."""
        if name not in ns.memo:
            pool = SYMPTOMS[self.lang] if kind == "sym" else KID_SYMPTOMS[self.lang]
            taken = [v for k, v in ns.memo.items() if k.startswith(("sym", "ksym"))]
            ns.memo[name] = self.rng.choice([s for s in pool if s not in taken])
        return str(ns.memo[name])

    def number(self, name: str, kind: str, ns: Namespace) -> str:
        """A number for the slot kind."""
        if name not in ns.memo:
            ranges = {"n": (2, 5), "bign": (10, 40), "age": (2, 12), "agem": (1, 5)}
            if kind == "price":
                ns.memo[name] = self.rng.choice(PRICES)
            else:
                low, high = ranges[kind]
                ns.memo[name] = str(self.rng.randint(low, high))
        return str(ns.memo[name])

    # -- rendering --------------------------------------------------------------------------------

    def render(self, template: str, ns: Namespace) -> list[list[str]]:
        """Fill a template into segments ``[kind, text]``: ``t`` text, ``med`` a name, ``prot`` email/phone."""
        segs: list[list[str]] = []

        def put(kind: str, text: str) -> None:
            if kind == "t" and segs and segs[-1][0] == "t":
                segs[-1][1] += text
            elif text:
                segs.append([kind, text])

        pos = 0
        for match in MARKUP.finditer(template):
            put("t", template[pos : match.start()])
            pos = match.end()
            at_start = not segs
            if match.group("t1") is not None:
                put("t", match.group("t1") if ns.third == "m" else match.group("t2"))
            elif match.group("s1") is not None:
                put("t", match.group("s1") if self.speaker == "m" else match.group("s2"))
            elif match.group("a1") is not None:
                put("t", match.group("a1") if self.addressee == "m" else match.group("a2"))
            else:
                self._slot(match.group("slot"), match.group("pre") or "", ns, put, at_start)
        put("t", template[pos:])
        return segs

    def _slot(self, name: str, prefix: str, ns: Namespace, put: Callable[[str, str], None], at_start: bool) -> None:
        """Render one slot into ``put``."""
        kind = name.rstrip("0123456789")
        if kind in MED_KINDS:
            _, surface = self.med(name, kind, ns)
            if prefix:
                joined = attach(prefix, surface, False, self.rng)
                put("t", joined[: len(joined) - len(surface)])
            put("med", surface)
            return
        article = False
        if kind == "str":
            text = self.strength(name, ns)
        elif kind in STORE_KINDS:
            text, article = self.store(name, kind, ns)
        elif kind in ("rel", "kid"):
            text, article = self.person(name, kind, ns)
        elif kind == "name":
            text = str(ns.memo.setdefault(name, self.rng.choice(NAMES[self.lang])))
        elif kind in ("email", "oemail"):
            put("prot", str(ns.memo.setdefault(name, self.email(kind == "email"))))
            return
        elif kind in ("phone", "ophone"):
            put("prot", str(ns.memo.setdefault(name, self.phone())))
            return
        elif kind in ("sym", "ksym"):
            text = self.symptom(name, kind, ns)
        else:
            text = self.number(name, kind, ns)
        text = attach(prefix, text, article, self.rng)
        if at_start and self.lang == "en":
            text = text[:1].upper() + text[1:]
        put("t", text)


def plain(segs: list[list[str]]) -> str:
    """The text of segments."""
    return "".join(text for _, text in segs)


def meds_of(segs: list[list[str]]) -> list[str]:
    """The product names of segments, in order."""
    return [text for kind, text in segs if kind == "med"]


# --------------------------------------------------------------------------------------------------
# Noise
# --------------------------------------------------------------------------------------------------

WORD = re.compile(r"[^\W\d_]{4,}")
PUNCT = re.compile(r"(?<!\d)[.,](?!\d)|[?!;:]")
HEB_FINAL = re.compile(r"[א-ת]+[םמ](?![א-ת])")


def noise_typo(segs: list[list[str]], rng: random.Random, lang: str) -> bool:
    """Drop, double or swap a letter inside a word (never in an email or phone)."""
    spots = [
        (i, m.start(), m.end())
        for i, (kind, text) in enumerate(segs)
        if kind in ("t", "med")
        for m in WORD.finditer(text)
    ]
    if not spots:
        return False
    i, start, end = rng.choice(spots)
    word = segs[i][1][start:end]
    op = rng.choice(["drop", "double", "swap"] if len(word) >= 5 else ["drop", "double"])
    k = rng.randint(1, len(word) - 2)
    if op == "drop":
        word = word[:k] + word[k + 1 :]
    elif op == "double":
        word = word[:k] + word[k] + word[k:]
    else:
        k = min(k, len(word) - 3)
        word = word[:k] + word[k + 1] + word[k] + word[k + 2 :]
    segs[i][1] = segs[i][1][:start] + word + segs[i][1][end:]
    return True


def noise_nospace(segs: list[list[str]], rng: random.Random, lang: str) -> bool:
    """Remove the space between two words."""
    spots = [
        (i, k)
        for i, (kind, text) in enumerate(segs)
        if kind == "t"
        for k in range(1, len(text) - 1)
        if text[k] == " " and text[k - 1].isalpha() and text[k + 1].isalpha()
    ]
    if not spots:
        return False
    i, k = rng.choice(spots)
    segs[i][1] = segs[i][1][:k] + segs[i][1][k + 1 :]
    return True


def _strip_punct(segs: list[list[str]], rng: random.Random, lang: str, lower: bool) -> bool:
    """Drop punctuation (and lowercase) outside emails and phones; product names keep their spelling."""
    before = plain(segs)
    drop_apostrophes = lang == "en" and rng.random() < 0.5
    for seg in segs:
        if seg[0] == "prot":
            continue
        if lower:
            seg[1] = seg[1].lower()
        if seg[0] == "t":
            seg[1] = PUNCT.sub("", seg[1])
            if drop_apostrophes:
                seg[1] = re.sub(r"(?<=[a-z])'(?=[a-z])", "", seg[1])
            seg[1] = re.sub(r" {2,}", " ", seg[1])
    if segs and segs[-1][0] == "t":
        segs[-1][1] = segs[-1][1].rstrip()
    segs[:] = [seg for seg in segs if seg[1]]
    return plain(segs) != before


def noise_lower(segs: list[list[str]], rng: random.Random, lang: str) -> bool:
    """Lowercase everything and drop the punctuation."""
    return _strip_punct(segs, rng, lang, lower=True)


def noise_runon(segs: list[list[str]], rng: random.Random, lang: str) -> bool:
    """Voice dictation: no punctuation, filler words ("um", "אממ") between words."""
    _strip_punct(segs, rng, lang, lower=lang == "en")
    spots = [(i, k) for i, (kind, text) in enumerate(segs) if kind == "t" for k, ch in enumerate(text) if ch == " "]
    if not spots:
        return False
    chosen = sorted(rng.sample(spots, min(len(spots), rng.choice([1, 1, 2]))), reverse=True)
    for i, k in chosen:
        segs[i][1] = segs[i][1][: k + 1] + rng.choice(FILLERS[lang]) + " " + segs[i][1][k + 1 :]
    if rng.random() < 0.4:
        if segs[0][0] == "t":
            segs[0][1] = rng.choice(FILLERS[lang]) + " " + segs[0][1]
        else:
            segs.insert(0, ["t", rng.choice(FILLERS[lang]) + " "])
    return True


def noise_emoji(segs: list[list[str]], rng: random.Random, lang: str, grave: bool = False) -> bool:
    """Add an emoji at the end."""
    emoji = rng.choice(EMOJI_GRAVE if grave else EMOJI_PLAIN)
    tail = rng.choice([" ", "", " "]) + emoji
    if segs and segs[-1][0] == "t":
        segs[-1][1] = segs[-1][1].rstrip() + tail
    else:
        segs.append(["t", " " + emoji])
    return True


def noise_repeat(segs: list[list[str]], rng: random.Random, lang: str, grave: bool = False) -> bool:
    """Repeat the final ``?`` or add ``!!``/``??``."""
    if segs and segs[-1][0] == "t" and segs[-1][1].endswith("?"):
        segs[-1][1] += rng.choice(["?", "??", "???"])
        return True
    if segs and segs[-1][0] == "t" and segs[-1][1].endswith("!"):
        segs[-1][1] += "!!"
        return True
    mark = "!!" if grave else rng.choice(["!!", "??", "!!!"])
    if segs and segs[-1][0] == "t":
        segs[-1][1] = segs[-1][1].rstrip(".") + mark
    else:
        segs.append(["t", " " + mark])
    return True


def noise_final(segs: list[list[str]], rng: random.Random, lang: str) -> bool:
    """Hebrew final-letter misuse at a word's end: ``ם`` written ``מ`` or the other way round."""
    spots = [(i, m.end() - 1) for i, (kind, text) in enumerate(segs) if kind == "t" for m in HEB_FINAL.finditer(text)]
    if not spots:
        return False
    i, k = rng.choice(spots)
    text = segs[i][1]
    segs[i][1] = text[:k] + ("מ" if text[k] == "ם" else "ם") + text[k + 1 :]
    return True


NOISES = {
    "en": [("runon", 1.0), ("lower", 2.0), ("typo", 3.0), ("nospace", 2.0), ("emoji", 1.5), ("repeat", 1.5)],
    "he": [
        ("runon", 1.0),
        ("lower", 1.0),
        ("typo", 3.0),
        ("nospace", 2.0),
        ("final", 2.0),
        ("emoji", 1.5),
        ("repeat", 1.5),
    ],
}
NOISE_ORDER = ["runon", "lower", "typo", "nospace", "final", "emoji", "repeat"]


def add_noise(segs: list[list[str]], rng: random.Random, lang: str, grave: bool) -> list[str]:
    """Apply one or two kinds of noise; returns the kinds applied."""
    names = [name for name, _ in NOISES[lang]]
    weights = [weight for _, weight in NOISES[lang]]
    wanted = 1 if rng.random() < 0.7 else 2
    picked: list[str] = []
    for _ in range(8):
        if len(picked) == wanted:
            break
        name = rng.choices(names, weights)[0]
        if name in picked or (name in ("runon", "lower") and {"runon", "lower"} & set(picked)):
            continue
        picked.append(name)
    applied = []
    for name in sorted(picked, key=NOISE_ORDER.index):
        func = globals()[f"noise_{name}"]
        done = func(segs, rng, lang, grave) if name in ("emoji", "repeat") else func(segs, rng, lang)
        if done:
            applied.append(name)
    return applied


# --------------------------------------------------------------------------------------------------
# Lines
# --------------------------------------------------------------------------------------------------


@dataclass
class Line:
    """One generated message before ids are given."""

    segs: list[list[str]]
    intents: list[str]
    act: str = "new"
    red_flag: str | None = None
    store: str | None = None
    context: dict[str, str] | None = None
    decorate: bool = True
    grave: bool = False


def ordered(intents: list[str] | tuple[str, ...]) -> list[str]:
    """Intents without repeats, in the README's order."""
    return [intent for intent in INTENTS if intent in intents]


def lower_first(segs: list[list[str]], lang: str) -> None:
    """Lowercase the first letter of a sentence continued after a comma (not "I", not a name)."""
    if lang != "en" or not segs or segs[0][0] != "t":
        return
    text = segs[0][1]
    if text[:2] in ("I ", "I'") or not text[:1].isupper():
        return
    segs[0][1] = text[:1].lower() + text[1:]


def strip_end(segs: list[list[str]]) -> None:
    """Remove the final punctuation of a part."""
    if segs and segs[-1][0] == "t":
        segs[-1][1] = segs[-1][1].rstrip("?.!")
        if not segs[-1][1]:
            segs.pop()


def join(first: list[list[str]], second: list[list[str]], rng: random.Random, lang: str) -> list[list[str]]:
    """Join two parts into one message the way people do."""
    style = rng.choice(["space", "space", "space", "comma", "also"])
    if style == "space":
        glue = " "
        if first and first[-1][1][-1:] not in "?.!":
            glue = rng.choice(["? ", ". ", ", ", ". "])
        elif rng.random() < 0.3:
            lower_first(second, lang)
    elif style == "comma":
        strip_end(first)
        glue = ", and " if lang == "en" else rng.choice([", וגם ", " וגם "])
        lower_first(second, lang)
    else:
        strip_end(first)
        glue = (
            rng.choice([". Also, ", ", and also ", ". And "])
            if lang == "en"
            else rng.choice([". ועוד שאלה: ", ". בנוסף, ", ", ועוד משהו: "])
        )
        lower_first(second, lang)
    if lang == "he" and style != "space" and second and second[0][0] == "t" and second[0][1].startswith("ו"):
        glue = rng.choice([", ", ". "])
    out = [list(seg) for seg in first] + [["t", glue]] + [list(seg) for seg in second]
    merged: list[list[str]] = []
    for seg in out:
        if merged and seg[0] == "t" and merged[-1][0] == "t":
            merged[-1][1] += seg[1]
        elif seg[1]:
            merged.append(seg)
    return merged


def single_store(filler: Filler) -> str | None:
    """The store label of the current text (one place at most per line)."""
    return filler.found_stores[0] if filler.found_stores else None


class Generator:
    """Builds the lines of one language."""

    def __init__(self, rng: random.Random, lang: str) -> None:
        """Parse the language's templates."""
        self.rng = rng
        self.lang = lang
        source = EN if lang == "en" else HE
        self.entries = {}
        for category, raw in source.items():
            default = (category,) if category in INTENTS else ()
            if category.startswith("tail_"):
                default = (category[5:],)
            self.entries[category] = parse_entries(raw, default)
        self.cycles: dict[str, list[Entry]] = {}

    def pick(self, category: str) -> Entry:
        """The next template of a category: every template is used before any repeats."""
        cycle = self.cycles.get(category)
        if not cycle:
            cycle = list(self.entries[category])
            self.rng.shuffle(cycle)
            self.cycles[category] = cycle
        return cycle.pop()

    def single(self, category: str, red_flag: str | None = None) -> Line:
        """A message of one template."""
        entry = self.pick(category)
        filler = Filler(self.rng, self.lang)
        segs = filler.render(entry.text, Namespace())
        decorate = category not in ("greeting", "thanks", "help", "medication") and red_flag is None
        return Line(
            segs,
            ordered(entry.intents),
            red_flag=red_flag,
            store=single_store(filler),
            decorate=decorate,
            grave=red_flag is not None,
        )

    def tail_combo(self) -> Line:
        """A one-product question followed by a question about "it" of another intent."""
        head_intent = self.rng.choice(list(HEAD_TAILS))
        heads = [
            e
            for e in self.entries[head_intent]
            if e.intents == (head_intent,) and med_slot_count(e.text) == 1 and re.search(r"\{(\S+:)?(m|rx)\}", e.text)
        ]
        head = self.rng.choice(heads)
        tails = self.entries["tail_" + self.rng.choice(HEAD_TAILS[head_intent])]
        if has_store(head.text):
            tails = [t for t in tails if not has_store(t.text)]
        tail = self.rng.choice(tails)
        filler = Filler(self.rng, self.lang)
        ns = Namespace()
        segs = join(filler.render(head.text, ns), filler.render(tail.text, ns), self.rng, self.lang)
        return Line(segs, ordered(head.intents + tail.intents), store=single_store(filler))

    def pair_combo(self) -> Line:
        """Two whole templates of different intents, each with its own products."""
        first_intent, second_intent = self.rng.choice(PAIRS)
        first = self.pick(first_intent)
        seconds = [e for e in self.entries[second_intent] if not (has_store(first.text) and has_store(e.text))]
        seconds = [e for e in seconds if med_slot_count(e.text) <= 2]
        second = self.rng.choice(seconds)
        second_text = second.text
        if first_intent == "symptom":
            second_text = re.sub(r"\{(\S+:)?m(\d?)\}", r"{\1otc\2}", second_text)
        filler = Filler(self.rng, self.lang)
        first_segs = filler.render(first.text, Namespace())
        segs = join(first_segs, filler.render(second_text, Namespace()), self.rng, self.lang)
        return Line(segs, ordered(first.intents + second.intents), store=single_store(filler))

    def followup(self, category: str) -> Line:
        """A follow-up with the previous turn as context."""
        act = category[3:]
        entry = self.pick(category)
        group = entry.group or self.rng.choice(["yn_med", "yn_med", "yn_refill", "yn_pharm", "verify"])
        prev_user, prev_bot = self.rng.choice(CONTEXTS[self.lang][group])
        filler = Filler(self.rng, self.lang)
        ns = Namespace()
        context = {"user": plain(filler.render(prev_user, ns)), "assistant": ""}
        bot_filler_addressee = filler.addressee
        filler.addressee = "m"
        context["assistant"] = plain(filler.render(prev_bot, ns))
        filler.addressee = bot_filler_addressee
        filler.found_stores = []
        segs = filler.render(entry.text, ns)
        intents = entry.intents or ("followup",)
        return Line(segs, ordered(intents), act=act, store=single_store(filler), context=context, decorate=False)


def decorate(line: Line, rng: random.Random, lang: str) -> None:
    """Sometimes add a polite preamble or closing (they add no intent)."""
    if not line.decorate:
        return
    r = rng.random()
    if r < 0.12:
        segs = line.segs
        lower_first(segs, lang)
        if segs[0][0] == "t":
            segs[0][1] = rng.choice(PREAMBLES[lang]) + segs[0][1]
        else:
            segs.insert(0, ["t", rng.choice(PREAMBLES[lang])])
    elif r < 0.2:
        closing = rng.choice(CLOSINGS[lang])
        if line.segs[-1][0] == "t":
            line.segs[-1][1] += closing
        else:
            line.segs.append(["t", closing])


def build(lang: str, rng: random.Random) -> tuple[list[dict[str, object]], int]:
    """All the lines of one language, shuffled, with ids and labels; and how many got noise."""
    gen = Generator(rng, lang)
    jobs: list[tuple[str, str]] = []
    jobs += [("single", intent) for intent, count in SINGLE_COUNTS.items() for _ in range(count)]
    jobs += [("hard", "hard")] * HARD_COUNT
    jobs += [("red", kind) for kind, count in RED_COUNTS.items() for _ in range(count)]
    jobs += [("follow", kind) for kind, count in FOLLOW_COUNTS.items() for _ in range(count)]
    jobs += [("tail", "")] * TAIL_COMBOS + [("pair", "")] * PAIR_COMBOS
    seen: set[tuple[str, str, str]] = set()
    records: list[dict[str, object]] = []
    noisy = 0
    for job, category in jobs:
        for _ in range(25):
            if job == "single" or job == "hard":
                line = gen.single(category)
            elif job == "red":
                line = gen.single(category, red_flag=category[3:])
            elif job == "follow":
                line = gen.followup(category)
            elif job == "tail":
                line = gen.tail_combo()
            else:
                line = gen.pair_combo()
            decorate(line, rng, lang)
            applied = add_noise(line.segs, rng, lang, line.grave) if rng.random() < NOISE_SHARE else []
            text = plain(line.segs).strip()
            ctx = line.context or {}
            key = (text, ctx.get("user", ""), ctx.get("assistant", ""))
            if text and key not in seen:
                seen.add(key)
                break
        else:
            continue
        noisy += bool(applied)
        records.append(
            {
                "text": text,
                "intents": line.intents,
                "act": line.act,
                "red_flag": line.red_flag,
                "meds": meds_of(line.segs),
                "store": line.store,
                "origin": "template",
                "context": line.context,
            }
        )
    rng.shuffle(records)
    out = []
    for number, record in enumerate(records, start=1):
        out.append({"id": f"{lang}-tpl-{number:04d}", **record})
    return out, noisy


def check(lang: str, records: list[dict[str, object]]) -> None:
    """Fail loudly if the spread rules are broken."""
    total = len(records)
    intents = Counter(i for r in records for i in r["intents"])  # type: ignore[attr-defined]
    acts = Counter(r["act"] for r in records)
    missing = [i for i in INTENTS if not intents[i]] + [a for a in ACTS if not acts[a]]
    if missing:
        raise SystemExit(f"{lang}: missing labels {missing}")
    too_many = {i: c for i, c in intents.items() if c > 0.15 * total}
    if too_many:
        raise SystemExit(f"{lang}: intents above 15%: {too_many}")
    for category, entries in (EN if lang == "en" else HE).items():
        if category in INTENTS and len(set(entries)) < 12:
            raise SystemExit(f"{lang}: fewer than 12 templates for {category}")


def write(path: Path, records: list[dict[str, object]]) -> None:
    """Write JSON lines (UTF-8, not ASCII-escaped)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        for record in records:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")


def report(lang: str, records: list[dict[str, object]], noisy: int) -> None:
    """Print the counts per intent, act and red flag."""
    total = len(records)
    intents = Counter(i for r in records for i in r["intents"])  # type: ignore[attr-defined]
    acts = Counter(r["act"] for r in records)
    flags = Counter(str(r["red_flag"]) for r in records)
    print(f"== {lang}: {total} lines, {noisy} with noise ({noisy / total:.0%})")
    print("intents: " + ", ".join(f"{i} {intents[i]}" for i in INTENTS))
    print("acts:    " + ", ".join(f"{a} {acts[a]}" for a in ACTS))
    print("red_flag: " + ", ".join(f"{k} {flags[k]}" for k in ("emergency", "poison", "distress", "None")))


def main() -> None:
    """Generate both languages from one seeded generator, check, write and report."""
    rng = random.Random(SEED)
    for lang in ("en", "he"):
        records, noisy = build(lang, rng)
        check(lang, records)
        write(HERE / lang / "templates.jsonl", records)
        report(lang, records, noisy)


if __name__ == "__main__":
    main()
