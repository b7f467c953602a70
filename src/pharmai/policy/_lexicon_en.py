"""English cues of advice, diagnosis, comparison and personal-dosage requests, and of factual questions.

Patterns run over normalised text: apostrophes are gone ("what's" → "whats", "can't" → "cant").
"""

from __future__ import annotations

import re

from pharmai.policy._rules import Rule, rule

__all__ = [
    "ADVICE_RULES",
    "DIAGNOSIS_CONTEXT",
    "FACTUAL",
    "LABEL",
    "MESSAGE_RULES",
    "PERSONAL",
    "PRODUCT_CLASS",
    "PURPOSE_RULES",
]

_WHO = r"(?:i|we|he|she|they|you|one|my \w+(?: \w+)?|our \w+|kids|children|a child|a kid|" r"a baby|someone|people)"
_ME = r"(?:i|we|he|she|they|one|my \w+(?: \w+)?|our \w+|kids|children|a child|a kid|a baby|" r"someone|people)"
_TAKE = r"(?:take|taking|use|using|give|giving|drink|mix|combine|keep|cut|stop|eat|try|start|" r"continue|double)"
_PERSON = (
    r"(?:me|my|him|her|us|them|kids|children|a child|a kid|a baby|babies|toddlers?|"
    r"a toddler|someone|teens?|a teenager|an? \d+|pregnant|elderly)"
)

ADVICE_RULES: tuple[Rule, ...] = (
    rule("should_subject", "advice", rf"\bshould(?:nt)? {_WHO}\b"),
    rule(
        "what_can_i_take",
        "advice",
        rf"\b(?:what|which|anything|something|whatever)\b.{{0,40}}\b(?:can|could|should|do|"
        rf"would|may) {_ME} (?:\w+ )?(?:take|use|give|try|buy|get|do)\b|\b(?:anything|"
        rf"something) {_ME} (?:can|could|should|may) (?:take|use|give|try)\b|\b(?:if|"
        rf"whether) {_ME} should\b",
    ),
    rule(
        "recommend",
        "advice",
        r"\b(?:recommend|recommendation|recommendations|suggest|suggestion|advise|advice|tips?|" r"opinion)\b",
    ),
    rule(
        "good_for",
        "advice",
        r"\b(?:good(?! (?:morning|night|evening|afternoon|day)\b)|best|safest|strongest|right|"
        r"ideal|better|helpful|works?) (?:\w+ ){0,3}(?:for|against|during|while|with)\b",
    ),
    # "Would it help my allergies?" asks whether the product suits the person's complaint.
    rule(
        "will_it_help",
        "advice",
        r"(?<!what )\b(?:would|will|could|does|do|can|might) (?:it|that|this|they|these|those) (?:help|work) "
        r"(?:my|me|with|for|against|her|his|our|their)\b",
    ),
    rule("whats_good", "advice", r"\bwhats (?:good|best|the best|safest|the safest)\b|\bwhat (?:works|helps)\b"),
    rule(
        "is_it_safe",
        "advice",
        r"\b(?:is|are|its|it is|would it be|would that be|will it be|was it)\b.{0,40}\b(?:safe|"
        r"ok|okay|fine|alright|dangerous|bad|harmful|risky|a good idea|worth|suitable|"
        r"appropriate|necessary)\b",
    ),
    rule(
        "safe_for_person",
        "advice",
        rf"\b(?:safe|ok|okay|fine|suitable|right|appropriate|dangerous|bad|"
        rf"harmful)\b (?:\w+ )?(?:for|with) {_PERSON}\b",
    ),
    rule("can_i_take", "advice", rf"\b(?:can|could|may|must) {_WHO}\b.{{0,40}}\b{_TAKE}\b", weak=True),
    rule(
        "can_have",
        "advice",
        r"\b(?:can|may|could) (?:kids|children|a child|a kid|babies|a baby|my \w+|he|she|they) (?:\w+ )?have\b",
        weak=True,
    ),
    rule(
        "superlative",
        "comparison",
        r"\b(?:which|what) (?:\w+ ){0,2}(?:is|are|s) (?:the )?(?:best|safest|gentlest|mildest|strongest|"
        r"most effective|least harmful)\b|\b(?:gentlest|mildest|least harmful)\b",
    ),
    rule("allowed", "advice", r"\b(?:am i|is it|are we) allowed\b|\bok if i\b|\bokay if i\b|\bfine if i\b"),
    rule(
        "will_it_help",
        "advice",
        r"\b(?:will|would|could|does|do|can|might|should)\b (?:(?!you\b)\w+ ){0,2}(?:help|fix|"
        r"cure|relieve|work|hurt|harm)\b",
    ),
    rule(
        "need_to_take",
        "advice",
        r"\b(?:do|does) (?:i|you think i|he|she|my \w+) (?:really )?need (?:to (?:take|finish|"
        r"use|stop|see|keep)|antibiotics|medication|medicine|something|anything|a doctor)\b",
    ),
    rule(
        "what_to_do",
        "advice",
        r"\bwhat (?:should|would|can) (?:i|we) do\b|\bwhat would you do\b|\bwhat to do about\b|"
        r"\bhow (?:do|can|should) i (?:treat|get rid|cure|stop)\b",
    ),
    rule(
        "personal_context",
        "advice",
        r"\b(?:if you were me|in my case|my situation|my condition|for someone my age|"
        r"at my age|you think i|do you think|in your opinion|worried|worth (?:it|switching|"
        r"taking|trying)|help me (?:choose|pick|decide)|would you (?:pick|choose|take|use|"
        r"go with|give|recommend))\b",
    ),
    rule(
        "pregnancy", "advice", r"\b(?:pregnant|pregnancy|breastfeeding|breast feeding|nursing|trimester)\b", weak=True
    ),
    rule(
        "better_than",
        "comparison",
        r"\b(?:better|stronger|safer|weaker|gentler|milder|faster|worse|more effective|"
        r"less effective|more powerful)\b (?:\w+ )?(?:than|or|for|on)\b",
    ),
    rule(
        "which_better",
        "comparison",
        r"\b(?:which|what) (?:one |of them |of these )?(?:is |works |would be |"
        r"acts )?(?:better|stronger|safer|best|faster|more effective)\b|\b(?:as good as|"
        r"as effective as|as strong as|as safe as)\b|\bwhich (?:one )?(?:works|is) better\b",
    ),
    rule(
        "how_much_can",
        "personal_dosage",
        rf"\bhow (?:much|many)\b.{{0,40}}\b(?:can|should|may|could|must) {_WHO}\b",
        weak=True,
    ),
    rule(
        "how_much_for",
        "personal_dosage",
        rf"\bhow (?:much|many)\b.{{0,40}}\b(?:to take|to give|for {_PERSON}|kg|kilos?|"
        rf"years? old|yr old|yrs old|months? old|too much|a day should)\b",
    ),
    rule(
        "how_often_can",
        "personal_dosage",
        rf"\bhow (?:often|frequently|long)\b.{{0,30}}\b(?:can|should|may) {_WHO}\b",
        weak=True,
    ),
    rule(
        "dose_for_me",
        "personal_dosage",
        r"\b(?:dose|dosage|amount)\b.{0,30}\b(?:for me|should i|should my|for my|to give|"
        r"i should|right for)\b|\bright dose\b|\bdouble (?:my|the|a) dose\b|\bmissed (?:a|my|"
        r"yesterday)\b|\b(?:twice|two|2) (?:at once|today)\b",
    ),
    rule(
        "do_i_have",
        "diagnosis",
        r"\bdo i have (?:a |an |the )?(?!\w+ left\b)(?:flu|cold|covid|strep|infection|fever|"
        r"allergy|allergies|migraine|ulcer|diabetes|pneumonia|it|something|\w+itis)\b",
    ),
    rule(
        "what_is_wrong",
        "diagnosis",
        r"\bwhat (?:could|might|can) (?:it|this|that) be\b|\bwhats (?:happening|wrong|"
        r"going on)\b|\bwhat do i have\b|\bwhat is wrong with me\b|\bis (?:that|this|"
        r"it) normal\b|\bsign of\b|\bsymptom of\b|\bviral or bacterial\b|\bi think i have\b|"
        r"\bwhy do i (?:keep|have|get|feel)\b|\bor just (?:a|an)\b|\bcould (?:my|it|this|"
        r"that) (?:\w+ ){0,2}be\b|\bis it (?:an?|the) (?:ulcer|infection|allergy|flu|cold|"
        r"virus|migraine|chickenpox|covid|strep)\b",
    ),
)

#: A class of products named by what it treats ("painkillers", "allergy pills", "antibiotics"), not the
#: person's own ("my antibiotic" is one they already take, answered from their prescriptions).
PRODUCT_CLASS = re.compile(
    r"(?<!\bmy )(?<!\bhis )(?<!\bher )(?<!\bour )(?<!\bthe )(?<!\byour )"
    r"\b(?:pain ?killers?|pain ?relievers?|pain relief|pain (?:meds|medicines?|medications?|pills|tablets)|"
    r"analgesics?|antibiotics?|antihistamines?|anti ?inflammator(?:y|ies)(?: (?:meds|pills|drugs))?|"
    r"(?:allergy|sleeping|sleep|cold|flu|cough|fever|heartburn|cholesterol|diabetes|nausea|migraine) "
    r"(?:meds|medicines?|medications?|pills|tablets|remed(?:y|ies)|syrups?|relievers?|reducers?|aids?|"
    r"drugs|stuff)|sleep aids?|fever reducers?|antacids?|laxatives?|blood thinners?|statins?|"
    r"antidepressants?)\b"
)

#: A product asked for by its purpose ("what do you have for back pain?", "any otc stuff for a cough?") is a
#: recommendation however it is worded. Read only when no medication is named: "anything like Losec for…"
#: names the product to answer. What follows "for" must not be a filter, a place, a time or an audience.
PURPOSE_RULES: tuple[Rule, ...] = (
    rule(
        "products_for",
        "purpose",
        r"\b(?:anything|something|stuff|meds|medications?|medicines?|drugs|pills|products?|remed(?:y|ies)|"
        r"what (?:do|can) you (?:have|sell|carry|stock|offer)|what have you got|what(?:s| is) there)\b"
        r"(?: \S+){0,4}? (?:for|against|to treat|to help with|that helps? with|to relieve|to get rid of) "
        r"(?!(?:(?:a|an|my|the|our|your|this|next) )?(?:sale|pick ?up|delivery|prescriptions?|refills?|otc|"
        r"over the counter|free|me|us|you|now|today|tomorrow|tel aviv|jerusalem|dizengoff|jaffa|branch|"
        r"store|here|there|cash|less|under|cheap|orders?|kids|children|babies|adults|week|day|month|night|"
        r"trip)\b)\w+",
    ),
    # "which painkillers do you have?": the classifier counts it only where the clause asks no fact.
    rule("products_by_class", "purpose", PRODUCT_CLASS.pattern),
)

#: A symptom told in the message: with a question about it ("what is it?") the message asks a diagnosis.
DIAGNOSIS_CONTEXT = re.compile(
    r"\b(?:rash|pain|ache|aches|hurts|hurt|fever|cough|coughing|dizzy|nausea|nauseous|"
    r"vomiting|spots|itch|"
    r"itchy|swollen|swelling|sore|numb|bleeding|headaches?|cramps|diarrhea|tired|burning|lump)\b"
)
MESSAGE_RULES: tuple[Rule, ...] = (
    rule(
        "symptom_question",
        "diagnosis",
        r"\bwhat is it\b|\bis (?:it|that|this) (?:a |an )?\w+(?: \w+)?$|\bwhats this\b|"
        r"\bis (?:it|that|this) (?:from|because|serious)\b",
    ),
)

#: The clause asks about printed label text: weak cues in it are facts, not advice.
LABEL = re.compile(r"\b(?:label|leaflet|insert|package|packaging|printed|according to|listed|written)\b")

#: The clause asks a factual question the assistant answers from its tools.
FACTUAL = re.compile(
    r"\b(?:stock|available|availability|price|prices|cost|costs|open|opening|hours|close|"
    r"prescription|"
    r"prescriptions|rx|otc|label|leaflet|ingredient|ingredients|contain|contains|strength|"
    r"form|side effects|"
    r"warnings?|what is|whats in|whats the|what are|tell me about|info|restock|back|"
    r"equivalents?|generic|"
    r"refill|refills|dose|dosage|interact|interaction|interactions|store|branch|do you (?:have|sell|"
    r"carry)|come in)\b"
)

#: The message is about someone in particular (the writer, a relative, a child), not a general question.
PERSONAL = re.compile(
    r"\b(?:i|im|ive|id|ill|me|my|mine|myself|we|our|us|he|she|him|her|his|hes|shes|kid|kids|child|son|"
    r"daughter|baby|wife|husband|mom|mum|mother|dad|father|pregnant|breastfeeding|recommend|your opinion)\b"
)
