"""Questions with no health content at all: sports, the weather, jokes, politics, films, recipes.

"who's gonna win the world cup", "מי ינצח במונדיאל?", "tell me a joke": the trained model sometimes reads a
symptom or a request for advice into a question it was never taught, and the person is then told that the
assistant "can't give medical advice". The right answer is the out-of-scope line.

The rule is narrow, because a refused health question costs less than advice given, and a missed emergency
more than either:

- the message must name an off-topic subject (a word from the topic lists below);
- it must have no word about the body, the mind, a dose or an emergency (:func:`.complaints.names_health`) and
  no word of medicine (a pill, a vaccine, a doctor, a pharmacy, sunburn, a hangover …);
- the callers also require that no advice cue fired, no red flag was found and no medication is named, so
  "can I take Advil before the match?" and "it's so hot I feel faint" are read as before.
"""

from __future__ import annotations

import re

from pharmai.policy._rules import fold
from pharmai.policy.complaints import names_health
from pharmai.text.normalize import normalize

__all__ = ["is_off_topic"]

# Hebrew words may carry up to three prefix letters (ו/ה/ב/ל/ש/מ/כ): "במונדיאל", "ומזג".
_P = r"(?:^|(?<=\s))[ובהלמשכ]{0,3}"

# Off-topic subjects. English words are whole words; each names a subject no pharmacy question is about.
_TOPIC_EN = (
    # sports
    r"world cup|worldcup|football|soccer|basketball|baseball|tennis|olympics?|champions league|premier league"
    r"|league|championship|tournament|super bowl|nba|fifa|messi|ronaldo|maccabi|hapoel|real madrid|barcelona"
    r"|(?:the|this|last|next|tonight'?s|tonights) (?:game|match|final|finals|derby)|who (?:will|is going to|is gonna"
    r"|gonna|s gonna|won|wins|win) (?:the )?(?:game|match|cup|final|league|election|race|title)"
    # the weather
    r"|weather|forecast|rain(?:ing|y)?|snow(?:ing)?|sunny|cloudy|windy|degrees outside"
    # jokes, riddles, chit-chat
    r"|jokes?|riddles?|funny story|sing (?:me )?a song|a poem"
    # politics and news
    r"|elections?|prime minister|president|politics|political|government|parliament|knesset|the news"
    # films, music, television, games
    r"|movies?|films?|netflix|tv shows?|series|songs?|music|singer|actor|actress|video games?|playstation|xbox"
    # food, travel, money, trivia
    r"|recipes?|pizza|restaurants?|hotels?|flights?|bitcoin|crypto\w*|stock market|shares|horoscope|zodiac"
    r"|capital of|meaning of life|who invented|how tall is|traffic"
)
_TOPIC_HE = (
    r"מונדיאל|גביע העולמ|כדורגל|כדורסל|טניס|אולימפיאדה|ליגה|ליגת|אליפות|טורניר|מכבי|הפועל|ביתר|מסי|רונאלדו"
    r"|ניצח במשחק|ינצח במשחק|ניצחה במשחק|תוצאת המשחק|תוצאה של המשחק|גמר הגביע|דרבי|נבחרת"
    r"|מזג האוויר|מזג אוויר|מזגהאוויר|תחזית|גשמ|ירד גשמ|שלג|שמשי|בדיחה|בדיחות|חידה|חידות"
    r"|שיר|שירימ|בחירות|ראש הממשלה|ממשלה|פוליטיקה|כנסת|נשיא|חדשות|סרט|סרטימ|סדרה|סדרות|נטפליקס|מוזיקה|זמר|זמרת"
    r"|מתכונ|מתכונימ|פיצה|מסעדה|מסעדות|מלונ|טיסה|טיסות|ביטקוינ|קריפטו|בורסה|מניות|הורוסקופ|פקקימ|עיר הבירה"
)
_TOPIC = re.compile(r"\b(?:" + _TOPIC_EN + r")\b|" + _P + "(?:" + fold(_TOPIC_HE) + r")(?=\s|$)")

# Words of medicine that names_health does not list: any one keeps the model's reading.
_MEDICAL_EN = (
    r"\b(?:medic\w*|meds?|drugs?|pills?|tablets?|capsules?|syrup|vaccin\w*|shots?|pharmac\w*|prescri\w*|doctor"
    r"|dr|nurse|clinic|pregnan\w*|breastfeed\w*|baby|infant|flu|covid|virus|infection|caught a cold|have a cold"
    r"|sunburn\w*|sunscreen|sun ?stroke|heat ?stroke|dehydrat\w*|hangover|jet ?lag|motion sickness|seasick\w*"
    r"|insect|mosquito\w*|bite|bites|sting|stings|injur\w*|sprain\w*|bruise\w*|cramp\w*|sore|tired|sleep\w*"
    r"|insomnia|stress\w*|health\w*|safe|advice|recommend\w*|should i|fell|fall\w*|hit|knocked|crash\w*"
    r"|accident\w*|help|hurry|urgent\w*|twist\w*|ankle|knee|wrist|shoulder|foot|feet|hand|finger\w*|neck"
    r"|son|daughter|kid|kids|child|children|toddler|fever|temperature|3[5-9](?:\.\d)?|4[0-2](?:\.\d)?)\b"
)
_MEDICAL_HE = (
    r"תרופ\S*|כדור|כדורימ|כדורי|טבליה|טבליות|כמוסה|כמוסות|סירופ|חיסונ\S*|זריקה|בית מרקחת|רוקח\S*|מרשמ\S*|רופא\S*"
    r"|אחות|קופת חולימ|מרפאה|הריונ|בהריונ|הנקה|מניקה|תינוק\S*|שפעת|קורונה|וירוס|זיהומ|הצטננ\S*|נזלת|כוויה|כוויות"
    r"|קרמ הגנה|מכת חומ|מכת שמש|התייבשות|הנגאובר|ג'ט לג|עקיצה|עקיצות|יתוש\S*|פציעה|נפצע\S*|נקע|מכה|התכווצות"
    r"|עייפ\S*|שינה|לישונ|נדודי|לחצ|סטרס|בריאות|בטוח|ייעוצ|המלצה|להמליצ|כדאי לי|נפגע\S*|נפל\S*|תאונה|התנגש\S*"
    r"|עזרה|הצילו|דחוף|דחופ|ילד|ילדה|ילדימ|בנ שלי|בת שלי|בני|בתי|חומ|3[5-9](?:\.\d)?|4[0-2](?:\.\d)?"
)
_MEDICAL = re.compile(_MEDICAL_EN + "|" + _P + "(?:" + fold(_MEDICAL_HE) + r")(?=\s|$)")


def is_off_topic(text: str) -> bool:
    """Whether ``text`` asks about something with no health content (sports, weather, jokes, politics …).

    Args:
        text: The person's message.

    Returns:
        True for "who's gonna win the world cup" or "ספר לי בדיחה"; False once any word about the body, the
        mind, a dose, an emergency or medicine is in it.
    """
    if not isinstance(text, str) or not text.strip():
        return False
    norm = normalize(text)
    return _TOPIC.search(norm) is not None and _MEDICAL.search(norm) is None and not names_health(text)
