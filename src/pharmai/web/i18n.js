// UI texts in Hebrew and English; every visible label comes from here (model output never does).
"use strict";

window.PharmaiI18n = (function () {
  const TEXTS = {
    he: {
      title: "pharmai — עוזר בית המרקחת",
      nav_tester: "בודק הכלים (צוות)",
      nav_outbox: "תיבת יוצא (הדגמה)",
      lang_toggle: "English",
      who: "מי משוחח:",
      anonymous: "אורח/ת (ללא זיהוי)",
      otp: "כניסה עם קוד חד-פעמי",
      new_chat: "שיחה חדשה",
      placeholder: "כתבו הודעה…",
      send: "שליחה",
      disclaimer: "העוזר מוסר מידע ממאגר בית המרקחת בלבד ואינו נותן ייעוץ רפואי. לשאלות טיפול פנו לרוקח/ת או לרופא/ה.",
      trace_title: "פעילות כלים",
      running: "מריץ כלי:",
      confirm_title: "אישור פעולה",
      confirm_tool: "כלי:",
      approve: "אישור",
      deny: "ביטול",
      signin_hint: "הזינו דוא\"ל או טלפון; הקוד יישלח אליכם (בהדגמה: לתיבת היוצא).",
      signin_id: "דוא\"ל או טלפון",
      signin_send: "שליחת קוד",
      signin_code: "קוד בן 6 ספרות",
      signin_verify: "אימות",
      signin_message: "אני רוצה להתחבר. הפרטים שלי: ",
      status_new: "שיחה חדשה נפתחה",
      status_error: "שגיאה: ",
      you: "את/ה",
      assistant: "העוזר",
      args: "ארגומנטים",
      result: "תוצאה",
      ms: "מ\"ש",
      tester_title: "בודק הכלים",
      tester_key: "מפתח API של הצוות",
      tester_tool: "כלי",
      tester_user: "מטופל/ת (user_id, לא חובה)",
      tester_language: "שפה",
      tester_run: "הרצה",
      tester_args_json: "ארגומנטים (JSON)",
      tester_envelope: "מעטפת התוצאה",
      tester_time: "זמן ביצוע",
      tester_load: "טעינת הכלים",
      outbox_title: "תיבת יוצא לפיתוח",
      outbox_refresh: "רענון",
      outbox_empty: "תיבת היוצא ריקה",
      outbox_off: "תיבת היוצא זמינה רק במצב הדגמה",
    },
    en: {
      title: "pharmai — pharmacy assistant",
      nav_tester: "Tool tester (staff)",
      nav_outbox: "Outbox (demo)",
      lang_toggle: "עברית",
      who: "Chatting as:",
      anonymous: "Guest (not signed in)",
      otp: "Sign in with a one-time code",
      new_chat: "New chat",
      placeholder: "Type a message…",
      send: "Send",
      disclaimer: "The assistant shares facts from the pharmacy's database only and gives no medical advice. For treatment questions, ask a pharmacist or doctor.",
      trace_title: "Tool activity",
      running: "Running tool:",
      confirm_title: "Confirm action",
      confirm_tool: "Tool:",
      approve: "Approve",
      deny: "Cancel",
      signin_hint: "Enter your email or phone; a code is sent to you (in the demo: to the outbox).",
      signin_id: "Email or phone",
      signin_send: "Send code",
      signin_code: "6-digit code",
      signin_verify: "Verify",
      signin_message: "I want to sign in. My details: ",
      status_new: "New conversation started",
      status_error: "Error: ",
      you: "You",
      assistant: "Assistant",
      args: "arguments",
      result: "result",
      ms: "ms",
      tester_title: "Tool tester",
      tester_key: "Staff API key",
      tester_tool: "Tool",
      tester_user: "Patient (user_id, optional)",
      tester_language: "Language",
      tester_run: "Run",
      tester_args_json: "Arguments (JSON)",
      tester_envelope: "Result envelope",
      tester_time: "Execution time",
      tester_load: "Load tools",
      outbox_title: "Development outbox",
      outbox_refresh: "Refresh",
      outbox_empty: "The outbox is empty",
      outbox_off: "The outbox is available in demo mode only",
    },
  };

  let language = localStorage.getItem("pharmai.lang") === "en" ? "en" : "he";

  function t(key) {
    return (TEXTS[language] && TEXTS[language][key]) || TEXTS.en[key] || key;
  }

  // Labels are set with textContent: no markup from anywhere is ever parsed.
  function apply(root) {
    const scope = root || document;
    document.documentElement.lang = language;
    document.documentElement.dir = language === "he" ? "rtl" : "ltr";
    scope.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
    scope.querySelectorAll("[data-i18n-placeholder]").forEach((el) => { el.placeholder = t(el.dataset.i18nPlaceholder); });
    const toggle = document.getElementById("lang-toggle");
    if (toggle) toggle.textContent = t("lang_toggle");
  }

  function setLanguage(value) {
    language = value === "en" ? "en" : "he";
    localStorage.setItem("pharmai.lang", language);
    apply();
  }

  function hasHebrew(text) {
    return /[\u0590-\u05FF]/.test(text || "");
  }

  return { t, apply, setLanguage, hasHebrew, get language() { return language; } };
})();
