"""High-precision cues of the three red-flag kinds, in English and Hebrew, over normalised text.

The trained model (:mod:`pharmai.nlu`) catches the many ways people describe an emergency; these rules
make sure the unmistakable ones ("chest pain", "overdose", "להתאבד") never depend on a model. A cue in a
clause that asks what a leaflet or label says ("is bleeding a side effect?") is a printed fact, not an
event, so only the ``always`` cues fire there.
"""

from __future__ import annotations

import re

from pharmai.policy._rules import fold

__all__ = ["ALWAYS", "LABEL_CONTEXT", "RULES"]

_P = "(?:^|(?<=\\s))[ובהלמשכ]{0,3}"  # Hebrew prefix letters before a word


def _he(pattern: str) -> str:
    return fold(pattern)


_EMERGENCY = [
    r"\bchest\b.{0,40}\b(?:pain|pains|pressure|tight|tightness|hurts|hurting|crushing|heavy|heaviness|squeez\w*)",
    r"\b(?:pain|pressure|tightness|crushing|heaviness|squeezing)\b.{0,30}\bchest\b",
    r"\b(?:having|had|is having|its|signs of|symptoms of|think (?:\w+ ){0,3}(?:is |was )?(?:having|had))"
    r" (?:a |an )?(?:stroke|heart attack|cardiac arrest)\b",
    r"\b(?:pain|ache|numb\w*|tingl\w*)\b.{0,30}\b(?:left arm|jaw)\b"
    r"|\b(?:left arm|jaw)\b.{0,25}\b(?:pain|hurts|numb\w*)",
    r"\b(?:cant|cannot|can not|unable to|struggling to|trouble|difficulty|hard to|hard time|not able to)\b"
    r".{0,12}\bbreath\w*",
    r"\b(?:short(?:ness)? of breath|not breathing|stopped breathing|gasping|choking|turning blue|lips (?:are )?blue)\b",
    r"\bface\b.{0,20}\b(?:droop\w*|drooping|numb)\b|\bslurr\w*\b|\bspeech\b.{0,15}\b(?:slurred|garbled|strange)\b",
    r"\b(?:cant|cannot|unable to)\b (?:move|lift|feel) (?:his|her|my|their) (?:arm|leg|face|side)\b",
    r"\b(?:passed out|fainted|fainting|unconscious|unresponsive|not waking up|wont wake up|collapsed|blacked out)\b",
    r"\b(?:seizure|seizures|convuls\w*|having a fit)\b",
    r"\b(?:heavy|severe|uncontrolled|massive|a lot of|lots of|profuse)\b.{0,12}\w*bleed\w*"
    r"|\w*bleed\w*\b.{0,25}\b(?:wont stop|not stopping|doesnt stop|heavily|a lot|everywhere)\b",
    r"\bcoffee grounds?\b",
    r"\b(?:baby|infant|newborn|\d+ (?:week|month)s? old)\b.{0,40}\b(?:fever|temperature|temp)\b",
    r"\b(?:vomit\w*|throw\w* up|threw up|puk\w*|cough\w* up)\b.{0,15}\bblood\b"
    r"|\bblood\b.{0,10}\b(?:in|from) (?:his |her |my )?(?:vomit|stool|poop)\b|\bblack (?:stool|poop)\b"
    r"|\b(?:stools?|poop|poo)\b (?:\w+ ){0,3}(?:black|tarry)\b",
    r"\b(?:throat|tongue|lips|face)\b.{0,25}\b(?:swell\w*|swollen|closing|tight)\b|\banaphyla\w*\b",
    r"\bstiff neck\b|\b(?:stomach|belly|abdomen)\b.{0,15}\b(?:rock hard|rigid)\b",
    r"\b(?:worst|sudden(?:ly)?|thunderclap)\b.{0,20}\bheadache\b|\bheadache\b.{0,20}\b(?:worst|sudden(?:ly)?)\b",
    r"\b(?:cant|cannot|can not|unable to)\b (?:wake|rouse) (?:him|her|them|my \w+)\b|\bblue lips\b",
    r"\bconfused\b.{0,20}\b(?:sweaty|sweating|shaking|slurring)\b|\b(?:used|gave|injected)\b.{0,15}\bepi ?pen\b",
    r"\b(?:stabbing|tearing|ripping)\b.{0,15}\bpain\b.{0,20}\b(?:chest|back)\b",
]
_EMERGENCY_HE = [
    r"(?:כאב|כאבי|כאבים|לחץ|לחצים|מועקה|כבדות|צריבה חזקה)\s(?:\S+\s){0,3}ב?חזה",
    r"חזה\s(?:\S+\s){0,3}(?:כואב|לוחץ|כבד|נלחץ)",
    r"(?:יש\s(?:לי|לו|לה)|עובר\S*|חוטפ\S*|סימנ\S*|חושד\S*|חושב\S*\sש\S*|נראה\sלי\sש\S*)\s(?:\S+\s)?"
    r"(?:שבצ|התקפ\sלב|אירוע\sמוחי|דומ\sלב)",
    r"(?:כאב|כאבים|נימול|נימולים|עקצוצ|עקצוצים)\s(?:\S+\s){0,3}(?:ב?יד שמאל|ב?לסת)",
    r"(?:קוצר|קשיי|קושי|קשי)\sנשימה|(?:לא|בקושי)\s(?:\S+\s)?(?:מצליח|מצליחה|מצליחים|יכול|יכולה|יכולים)\sלנשומ"
    r"|קשה\s(?:לי\s|לו\s|לה\s|לו\sמאוד\s)?לנשומ|לא\sנושמ|הפסיק\sלנשומ|הפסיקה\sלנשומ|נחנק|נחנקת|מכחיל|מכחילה",
    r"(?:צניחה|צנח|צנחה|נפל|נפלה)\s(?:\S+\s){0,2}(?:ב?פנים|של הפנים|הפה|בצד)"
    r"|דיבור\s(?:\S+\s)?(?:משובש|מבולבל|לא ברור|מעורפל)"
    r"|מדבר\sמשובש|מדברת\sמשובש|מגמגמ\sפתאומ",
    r"(?:לא|לא מצליח|לא מצליחה)\s(?:להזיז|להרימ|להרגיש)\s(?:את\s)?(?:ה?יד|ה?רגל|ה?פנים|הצד)",
    r"התעלפ\S*|איבד\S*\sהכרה|מחוסר\S*\sהכרה|לא\sמגיב\S*|לא\sמתעורר\S*|קרס|קרסה",
    r"פרכוס\S*|מפרכס\S*|התקפ\sאפילפטי|עוויתות",
    r"(?:תינוק|תינוקת|פעוט|בנ\sחודש|בת\sחודש|בנ\sחודשיימ|בת\sחודשיימ|בנ\s\d+\sחודשימ|בת\s\d+\sחודשימ)\s(?:\S+\s){0,5}"
    r"(?:חומ|חום)",
    r"דימומ\s(?:\S+\s){0,1}(?:חזק|כבד|רציני|שלא\sנעצר|לא\sנעצר|שלא\sמפסיק|לא\sמפסיק)|מדממ\S*\s(?:\S+\s){0,1}"
    r"(?:הרבה|חזק|בלי\sהפסקה|ולא)|(?:המונ|הרבה)\sדמ",
    r"(?:מקיא|מקיאה|הקאה|הקאות|הקיא|הקיאה|משתעל|משתעלת)\s(?:\S+\s){0,2}דמ|דמ\sב?(?:צואה|הקאה|קיא)|צואה\s(?:\S+\s){0,2}שחורה",
    r"(?:נפיחות|נפוח|נפוחה|נפוחות|התנפח|התנפחה|התנפחו|מתנפח|מתנפחת|מתנפחות)\s(?:\S+\s){0,2}"
    r"ב?(?:גרונ|לשונ|שפתיימ|שפתימ|פנימ|עיניימ)|(?:גרונ|לשונ|שפתיימ|שפתימ)\s(?:\S+\s){0,2}"
    r"(?:נפוח|נפוחה|נפוחות|התנפח|התנפחו|מתנפח|נסגר|נסגרת|צר)\b|אנפילק\S*",
    r"צוואר\sנוקשה|נוקשות\s(?:ב|של\s)?צוואר",
    r"כאב\sראש\s(?:\S+\s){0,2}(?:הכי\sחזק|פתאומי|חזק\sפתאומ)|שפתיימ\sכחולות|(?:הזרקתי|הזריקו|השתמשתי\sב)\s?אפיפנ"
    r"|לא\s(?:מצליח|מצליחה|מצליחימ)\sלהעיר|מבולבל\S*\s(?:\S+\s){0,2}(?:ומזיע|ומזיעה|ורועד|ורועדת)",
]
_POISON = [
    r"\boverdos\w*\b|\bod(?:ed|d)\b|\bpoisoned\b|\bpoisoning\b",
    r"\b(?:took|taken|swallowed|ate|had|downed)\b.{0,20}\b(?:\d{2,}|too many|a lot of|lots of|"
    r"all (?:of )?(?:the|my|his|her)|the whole|a whole|a handful of|handful of|"
    r"half (?:a|the) (?:bottle|box|pack))\b.{0,25}"
    r"\b(?:pills?|tablets?|capsules?|meds|medication|medicine|bottle|box|pack)\b",
    r"\b(?:swallowed|drank|drunk|ate|ingested|licked)\b.{0,30}\b(?:bleach|detergent|cleaner|cleaning|chemical|"
    r"antifreeze|battery|batteries|pod|pods|paint|kerosene|pesticide|rat poison|weed killer|pills?|tablets?)\b",
    r"\b(?:\d+|several|many|five|ten) times (?:the|his|her|my) (?:dose|dosage)\b",
    r"\b(?:took|has taken|have taken|accidentally (?:took|taken|gave|given))\b.{0,25}"
    r"\b(?:again|twice|double|three times|four times|\d+ times)\b",
    r"\baccidentally\b.{0,20}\b(?:doubled|double dose|tripled|triple dose|overdid)\b",
    # "I've had 12 acamol since the morning": ten or more of something, unless the number is a strength or a time.
    r"\b(?:took|taken|had|swallowed|ate|downed)\b.{0,12}\b(?:1\d|[2-9]\d|\d{3,}) (?:\w+ ){0,2}?"
    r"(?:pills?|tablets?|caps\w*|of (?:my|his|her|the|them|these|those)\b|since|today|in a day|yesterday|last night"
    r"|this morning|tonight)",
    r"\b(?:way|much|far|a lot) more\b.{0,25}\bthan (?:prescribed|i should|allowed|the dose|recommended)\b"
    r"|\blost count\b.{0,25}\b(?:pills?|tablets?|doses?)\b|\b(?:pills?|tablets?|doses?)\b.{0,25}\blost count\b",
]
_POISON_HE = [
    r"מנת\sיתר|מנה\sמופרזת|הרעלה|הורעל\S*|הרעלת|רעל\b",
    r"(?:בלע|בלעה|בלעו|בלעתי|אכל|אכלה|שתה|שתתה|שתיתי|ליקק|ליקקה)\s(?:\S+\s){0,4}(?:כדורימ|כדור|טבליות|תרופות|"
    r"אקונומיקה|חומר\sניקוי|נוזל\s(?:כביסה|כלימ)|סוללה|סוללות|קפסולת\sכביסה|רעל|חומר\sהדברה|נפט)",
    r"(?:לקחתי|לקח|לקחה|לקחנו|נטלתי|נטל|נטלה)\s(?:\S+\s){0,3}(?:\d{2,}|המונ|הרבה\sמאוד|את\sכל|חפיסה\sשלמה|קופסה"
    r"\sשלמה|חצי\s(?:קופסה|חפיסה|בקבוק))\s(?:\S+\s){0,2}(?:כדורימ|טבליות|כדור|תרופות|קפסולות)",
    r"פי\s(?:\d+|שניימ|שלוש|ארבע|חמש|עשר|כמה)\s(?:\S+\s)?(?:מהמינונ|מהמנה|מנה|מינונ)",
]
_DISTRESS = [
    r"\bsuicid\w*\b|\bkill (?:myself|himself|herself)\b|\bend (?:my life|it all|things)\b|\btake my (?:own )?life\b",
    r"\b(?:want|wanna|wish|going) to die\b|\bdont want to (?:live|be alive|wake up|be here)\b|\bbetter off dead\b",
    r"\b(?:hurt|harm|cut|cutting|hurting|harming) (?:myself|himself|herself)\b|\bself ?harm\w*\b",
    r"\b(?:lethal|fatal|deadly) (?:dose|amount)\b|\bhow many\b.{0,30}\b(?:to die|to not wake up|never wake up)\b",
    # "the max dose of tylenol that would kill me", "how many pills to end it": a dose asked for in order to die.
    r"\b(?:dose|dosage|pills?|tablets?|how (?:much|many))\b.{0,40}\b(?:(?:would|will|could|to|gonna|that) kill me"
    r"|to end (?:it|my life|everything|things)|end it all)\b",
    r"\bhow (?:much|many)\b.{0,30}\b(?:is|are|would be) (?:fatal|lethal|deadly)\b|\b(?:not|never) wake up\b",
    r"\bno (?:reason|point) (?:to|in) (?:live|living|going on)\b|\bcant go on\b",
    r"\b(?:have|got|made) a plan\b.{0,30}\b(?:pills|tablets|to do it|to end)\b"
    r"|\b(?:wont|will not) be (?:here|around) (?:much |for )?(?:long|longer)\b|\bsav\w* up\b.{0,20}\bpills\b",
    r"\b(?:if i (?:was|were) gone|if i disappeared|better off without me|nobody would (?:care|miss me|notice)|"
    r"no one would (?:care|miss me|notice))\b",
    r"\bwant (?:it all|everything|the pain|this) to (?:stop|end)\b|\bcant (?:take|do) (?:it|this) anymore\b|"
    r"\b(?:goodbye|suicide) (?:letter|note)\b|\bsaying goodbye to (?:everyone|everybody)\b",
    # Said around the edges: pills counted "for what I'm planning", "enough that I never have to deal with any of
    # this again", a family "better off with the insurance money", a way of dying named as a wish.
    r"\b(?:pills?|tablets?|enough|left|zoloft|meds)\b.{0,50}\bwhat (?:im|i am) planning\b"
    r"|\benough\b.{0,40}\b(?:never have to (?:deal|face|feel)|never wake|not wake"
    r"|to be done with (?:it|this|everything))"
    r"|\bnever (?:have to |want to |wanna )?(?:deal|face) with (?:any of )?(?:this|it|life) (?:again|anymore)\b"
    r"|\bjust in case i decide\b",
    r"\binsurance (?:money|payout|policy)\b.{0,40}\b(?:than (?:with )?(?:me|him|her)|without (?:me|him|her))\b"
    r"|\b(?:swerve|drive|steer|crash)\w* (?:\w+ ){0,3}into (?:a |an |the |oncoming )?(?:truck|wall|traffic|tree|bus)\b"
    r"|\bjump (?:off|from) (?:a |the |my )?(?:roof|bridge|building|balcony)\b"
    r"|\bstep in front of (?:a |the )?(?:train|bus|truck|car)\b",
    # An overdose taken on purpose is self-harm too: ERAN's line beside the poison centre's.
    r"\b(?:took|taken|swallowed|had|downed|ate|overdosed)\b.{0,60}(?<!\bnot )(?<!\bwasnt )"
    r"\b(?:on purpose|deliberately|intentionally)\b"
    r"|\b(?:on purpose|deliberately|intentionally)\b.{0,30}\b(?:took|swallowed|overdosed|od)\b"
    r"|\bintentional overdose\b",
]
_DISTRESS_HE = [
    r"להתאבד|התאבדות|אובדנ\S*|מתאבד\S*",
    r"(?:רוצה|רוצים|בא לי|מתחשק לי)\s(?:\S+\s)?למות|לא\sרוצה\s(?:\S+\s)?(?:לחיות|להתעורר|להיות\sפה|להמשיכ)",
    r"לשימ\sקצ|לגמור\sעמ\s(?:זה|הכל|החיימ)|לסיימ\sאת\s(?:הכל|החיימ)",
    r"(?:מינונ|מנה|כמות|כדורימ|כמה)\s(?:\S+\s){0,5}(?:ש?יהרוג\sאותי|ש?יהרגו\sאותי|כדי\sלמות|כדי\sלגמור\sעמ)",
    r"לפגוע\sבעצמ\S*|פגיעה\sעצמית|לחתוכ\sאת\sעצמ\S*|חותכ\S*\sאת\sעצמ\S*",
    r"מנה\s(?:ה)?קטלנית|מינונ\s(?:ה)?קטלני|כמות\s(?:ה)?קטלנית|"
    r"לא\s(?:א|י|ת)היה\s(?:\S+\s)?(?:פה|כאנ)\s(?:עוד\s)?(?:הרבה|הרבה\sזמנ|לאורכ\sזמנ)|(?:שלא|לא)\s(?:א|י|ת)?תעורר|כדי\sלא\sלהתעורר|אינ\sטעמ\sלחיות",
    r"(?:יהיה|יהיו)\s(?:\S+\s){0,2}(?:טוב|טובימ)\s(?:יותר\s)?בלעדי|אפ\sאחד\sלא\s(?:ישימ\sלב|יתגעגע|ידאג)"
    r"|עדיפ\sשלא\s(?:אהיה|אהיה\sפה)|אינ\sלי\sבשביל\sמה\sלחיות",
    r"רוצה\sש(?:הכל|זה)\s(?:ייגמר|יגמר|ייעצר|יפסיק)|לא\s(?:יכול|יכולה)\sיותר\s(?:עמ\s)?(?:זה|החיימ|הכאב)"
    r"|מכתב\s(?:פרידה|התאבדות)|להיפרד\sמכולמ|לא\sרוצה\sלהיות\sפה",
    # «כמה צריך כדי שזה יהיה הסוף», «מספיק כדורים כדי שלא אצטרך…», «למה שאני מתכננת», «יותר טוב עם כסף הביטוח».
    r"(?:ש|כדי\sש)(?:זה\s|הכל\s)?(?:יהיה|יהיה\sכבר|ייגמר\sכבר)\s(?:ה)?סופ\b"
    r"|מספיק\s(?:\S+\s){0,3}(?:כדי|בשביל)\s(?:ש?לא\s(?:אצטרכ|להתעורר|אתעורר)|לגמור|לסיימ)"
    r"|(?:כדורימ|טבליות|מספיק|נשאר\S*)\s(?:\S+\s){0,6}(?:למה|בשביל\sמה)\sש?אני\sמתכננ\S*"
    r"|כספ\sה?ביטוח\s(?:\S+\s){0,3}(?:מאשר\sאית\S*|בלעדי\S*)",
    r"(?:לקחתי|בלעתי|נטלתי|לקח|לקחה|בלע|בלעה)\s(?:\S+\s){0,6}(?<!לא\s)(?:בכוונה|בשביל\sלמות)"
    r"|בכוונה\s(?:\S+\s){0,3}(?:לקחתי|בלעתי|לקח|לקחה|בלע|בלעה)",
    r"(?:לסטות|להתנגש|לקפוצ|להיזרק|לזרוק\sאת\sעצמ\S*)\s(?:\S+\s){0,2}(?:לתוכ\s|מ|מה|אל\s|מול\s)?"
    r"(?:משאית|רכב|גג|הגג|גשר|הגשר|כביש|רכבת|מרפסת|המרפסת)",
]

# A sign of bleeding in someone on a blood thinner (warfarin, a DOAC, an antiplatelet): a possible bleed that a
# doctor must see today, even when it would be a routine visit for anyone else ("her pee looks red brown", "black
# stools", "bruises everywhere", "a nosebleed"). The message must say it is someone's (a pronoun, a relative):
# "can warfarin cause red urine?" asks what the drug does, and the leaflet answers it.
_THINNER = (
    r"(?:coumadin|warfarin|eliquis|apixaban|xarelto|rivaroxaban|pradaxa|dabigatran|lixiana|edoxaban|clexane"
    r"|enoxaparin|heparin|plavix|clopidogrel|brilinta|ticagrelor|effient|prasugrel|blood thinners?|anticoagulants?)"
    + _he(
        r"|(?:^|(?<=\s))[ובהלמשכ]{0,3}(?:קומדין|וורפרין|ורפרין|אליקוויס|אליקויס|קסרלטו|פרדקסה|ליקסיאנה|קלקסן"
        r"|הפרין|פלביקס|קלופידוגרל|בריליטה|מדלל\S*\sדם|נוגד\S*\sקרישה)"
    )
)
_SOMEONE = (
    r"\b(?:my|her|his|i|im|ive|she|shes|he|hes|we|our|mom|mum|dad|mother|father|wife|husband|grandma|grandpa)\b"
    + _he(r"|(?:^|(?<=\s))[ובהלמשכ]{0,3}(?:שלי|שלה|שלו|אני|היא|הוא|אמא|אבא|סבתא|סבא|אשתי|בעלי|לי|לה|לו)(?=\s|$)")
)
_BLEED_SIGN = (
    r"\b(?:pee|urine|wee|piss)\w*\b.{0,30}\b(?:red|brown|pink|dark|bloody|blood|cola|rusty|reddish|brownish)"
    r"|\b(?:red|brown|pink|bloody|reddish|brownish|rusty) (?:\w+ )?(?:pee|urine)\b|\bblood\b.{0,15}\b(?:urine|pee"
    r"|stools?|poo|poop)\b|\b(?:peeing|pissing|urinating|passing) blood\b|\b(?:black|tarry|dark) (?:stools?|poo|poop)\b"
    r"|\b(?:stools?|poo|poop)\b (?:\w+ ){0,3}(?:black|tarry|dark)\b"
    r"|\bnose ?bleed\w*|\bbleed\w* (?:from |out of )?(?:the |his |her |my )?nose\b|\bnose\b.{0,12}\bbleed\w*"
    r"|\b(?:bleeding|bloody) gums\b|\bgums?\b.{0,12}\bbleed\w*|\bbruis\w*|\b(?:cough|vomit|throw|threw|spit)\w*"
    r" (?:up )?blood\b|\b(?:is|are|keeps|kept|started|been|still|wont stop|cant stop) bleeding\b"
    + _he(
        r"|(?:שתן|פיפי)\s(?:\S+\s){0,3}(?:אדום|אדומ\S*|אדמדמ\S*|חום|חומ\S*|ורוד\S*|כהה|עם\sדם|דם)"
        r"|דם\sב?(?:שתן|פיפי|צואה|קקי)|(?:צואה|קקי)\s(?:\S+\s){0,2}(?:שחורה|שחור|כהה)|דימום\s(?:מה)?אף|(?:דם|מדמם|מדממת)\sמה?אף"
        r"|אף\s(?:\S+\s)?(?:מדמם|דימם)|(?:חניכיים|חניכים)\s(?:\S+\s)?(?:מדממ\S*|דימום|דם)|דימום\s(?:מה)?חניכי\S*"
        r"|שטפי\sדם|שטף\sדם|(?:סימנים|כתמים)\sכחולים|(?:משתעל|משתעלת|מקיא|מקיאה|יורק|יורקת)\s(?:\S+\s)?דם"
        # Never "סיכון לדימום" (a question about the risk): only someone bleeding.
        r"|(?:^|(?<=\s))[וש]?(?:מדמם|מדממת|מדממים|דימום|דימם|דיממה)(?=\s|$)"
    )
)
_BLEEDING_ON_THINNER = rf"^(?=.*(?:{_SOMEONE}))(?=.*(?:{_THINNER})).*(?:{_BLEED_SIGN})"

RULES: dict[str, re.Pattern[str]] = {
    "emergency": re.compile("|".join([*_EMERGENCY, *(_P + _he(p) for p in _EMERGENCY_HE), _BLEEDING_ON_THINNER])),
    "poison": re.compile("|".join([*_POISON, *(_P + _he(p) for p in _POISON_HE)])),
    "distress": re.compile("|".join([*_DISTRESS, *(_P + _he(p) for p in _DISTRESS_HE)])),
}
#: Cues that hold even in a clause about the label: nobody reads "I overdosed" off a leaflet.
ALWAYS: dict[str, re.Pattern[str]] = {
    "poison": re.compile(
        # "I took 20 mg" is a strength, not a count.
        r"\boverdosed\b|\bi (?:took|swallowed)\b.{0,20}\b\d{2,}\b(?! ?(?:mg|ml|mcg|g|units?|iu)\b)|"
        + _he(r"לקחתי\s(?:\S+\s){0,2}\d{2,}(?!\s?(?:מג|מ\sג|מיליגרמ|מל|מק\sג))")
    ),
    "distress": re.compile(
        r"\b(?:i|im)\b.{0,20}\b(?:want to die|kill myself|suicidal)\b|"
        + _he(r"(?:אני|בא לי)\s(?:\S+\s){0,2}(?:למות|להתאבד)")
    ),
}
#: A clause that asks what the leaflet or label says.
LABEL_CONTEXT = re.compile(
    r"\b(?:side effects?|leaflet|label|insert|package|warnings?|listed|printed|says about|mention\w*)\b|"
    + _he(r"תופעות\sלוואי|תופעת\sלוואי|עלון|עלונ|אזהר\S*|כתוב|מופיע\S*|רשומ\S*")
)
