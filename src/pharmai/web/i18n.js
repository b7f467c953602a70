// UI texts in Hebrew and English; every visible label comes from here (model output never does).
"use strict";

window.PharmaiI18n = (function () {
  const TEXTS = {
    he: {
      title: "pharmai — עוזר בית המרקחת",
      app_name: "pharmai",
      subtitle: "עוזר בית המרקחת",
      lang_toggle: "English",
      lang_toggle_code: "en",
      new_chat: "שיחה חדשה",
      menu: "אפשרויות נוספות",
      show_details: "הצגת פרטי הכלים",
      staff: "קישורים לצוות (הדגמה)",
      nav_tester: "בודק הכלים",
      nav_outbox: "תיבת יוצא",
      who: "מי משוחח:",
      anonymous: "אורח/ת (ללא זיהוי)",
      otp: "כניסה עם קוד חד-פעמי",
      welcome: "שלום! אני העוזר הדיגיטלי של בית המרקחת. אפשר לשאול אותי על תרופות, על המלאי בסניפים, על המרשמים שלך ועל חידוש מרשם.",
      welcome_note: "אני מוסר מידע ממאגר בית המרקחת בלבד ואיני נותן ייעוץ רפואי. לשאלות טיפול פנו לרוקח/ת או לרופא/ה.",
      suggestions: "שאלות לדוגמה",
      conversation: "השיחה",
      chips: ["יש לכם אדוויל במלאי?", "מה זה אקמול?", "יש נורופן בסניף ירושלים?", "מה המרשמים שלי?"],
      input_label: "הודעה לעוזר",
      placeholder: "כתבו הודעה…",
      send: "שליחה",
      disclaimer: "מידע בלבד, לא ייעוץ רפואי.",
      jump: "להודעה האחרונה",
      you: "את/ה",
      assistant: "העוזר",
      pharmacist: "רוקח/ת",
      pharmacist_joined: "רוקח/ת הצטרף/ה לשיחה ועונה לך מעכשיו.",
      pharmacist_left: "הרוקח/ת החזיר/ה את השיחה לעוזר הדיגיטלי.",
      typing: "כותב…",
      act_inventory_check: "בודק מלאי…",
      act_get_medication_by_name: "מחפש מידע על התרופה…",
      act_get_user_prescriptions: "בודק את המרשמים שלך…",
      act_prescription_verify: "בודק את המרשם…",
      act_request_refill: "מכין את בקשת החידוש…",
      act_verify_customer_identity: "מאמת את הזהות…",
      act_interaction_check: "בודק את השילוב בין התרופות…",
      act_default: "בודק במאגר…",
      queued: "ממתינה — תישלח כשהתשובה הנוכחית תסתיים",
      unsent: "לא נשלחה — תישלח כשהחיבור יחזור",
      offline: "אין חיבור לעוזר כרגע. מנסים להתחבר מחדש…",
      online_again: "החיבור חזר.",
      interrupted: "התשובה נקטעה כי החיבור לשרת אבד. אפשר לנסות שוב בעוד רגע.",
      failed: "משהו השתבש בשרת. אפשר לנסות שוב בעוד רגע.",
      retry: "לנסות שוב",
      status_connecting: "מתחבר…",
      status_new: "שיחה חדשה נפתחה",
      status_new_failed: "לא הצלחנו לפתוח שיחה חדשה: אין חיבור לשרת. השיחה הנוכחית נשארה פתוחה.",
      status_new_failed_server: "לא הצלחנו לפתוח שיחה חדשה. אפשר לנסות שוב בעוד רגע; השיחה הנוכחית נשארה פתוחה.",
      status_reopened: "השיחה הקודמת אינה זמינה עוד בשרת, ולכן נפתחה שיחה חדשה.",
      status_signed_in: "מחובר/ת: {name}",
      status_offline: "אין חיבור לשרת",
      trace_title: "פעילות כלים",
      trace_pending: "ממתין לאישורך",
      args: "ארגומנטים",
      result: "תוצאה",
      ms: "מ\"ש",
      cards: "תרופות בתשובה",
      card_in: "במלאי",
      card_low: "מלאי נמוך",
      card_out: "אזל מהמלאי",
      card_units: "{n} יחידות",
      card_back: "צפוי לחזור: {date}",
      card_store: "סניף {store}",
      rx: "דרוש מרשם",
      otc: "ללא מרשם",
      form_tablet: "טבליות",
      form_capsule: "כמוסות",
      form_syrup: "סירופ",
      form_cream: "משחה",
      form_drops: "טיפות",
      confirm_title: "לאשר את הפעולה?",
      confirm_refill_title: "לאשר בקשה לחידוש מרשם?",
      confirm_medication: "תרופה",
      confirm_store: "איסוף בסניף",
      confirm_refills_after: "חידושים שיישארו",
      confirm_refill_next: "אחרי האישור נעביר את הבקשה לבית המרקחת, והתרופה תוכן לאיסוף בסניף. אם תבטלו, דבר לא יישלח.",
      confirm_next: "דבר לא יתבצע לפני שתאשרו.",
      approve: "אישור",
      deny: "ביטול",
      approved: "אישרתי",
      denied: "ביטלתי",
      signin_hint: "הזינו דוא\"ל או טלפון, ונשלח אליכם קוד חד-פעמי.",
      signin_hint_demo: "הזינו דוא\"ל או טלפון; הקוד יישלח אליכם (בהדגמה: לתיבת היוצא).",
      signin_id: "דוא\"ל או טלפון",
      signin_send: "שליחת קוד",
      signin_code: "קוד בן 6 ספרות",
      signin_verify: "אימות",
      signin_message: "אני רוצה להתחבר. הפרטים שלי: ",
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
      back_to_chat: "חזרה לצ'אט",
      outbox_title: "תיבת יוצא לפיתוח",
      outbox_refresh: "רענון",
      outbox_empty: "תיבת היוצא ריקה",
      outbox_off: "תיבת היוצא זמינה רק במצב הדגמה",
    },
    en: {
      title: "pharmai — pharmacy assistant",
      app_name: "pharmai",
      subtitle: "Pharmacy assistant",
      lang_toggle: "עברית",
      lang_toggle_code: "he",
      new_chat: "New chat",
      menu: "More options",
      show_details: "Show tool details",
      staff: "Staff links (demo)",
      nav_tester: "Tool tester",
      nav_outbox: "Outbox",
      who: "Chatting as:",
      anonymous: "Guest (not signed in)",
      otp: "Sign in with a one-time code",
      welcome: "Hello! I'm the pharmacy's digital assistant. Ask me about medications, stock at our stores, your prescriptions and refills.",
      welcome_note: "I share facts from the pharmacy's database only and give no medical advice. For treatment questions, ask a pharmacist or doctor.",
      suggestions: "Suggested questions",
      conversation: "Conversation",
      chips: ["Do you have Advil in stock?", "What is Acamol?", "Is Nurofen in stock in Jerusalem?", "What are my prescriptions?"],
      input_label: "Message to the assistant",
      placeholder: "Type a message…",
      send: "Send",
      disclaimer: "Information only, not medical advice.",
      jump: "Newest message",
      you: "You",
      assistant: "Assistant",
      pharmacist: "Pharmacist",
      pharmacist_joined: "A pharmacist has joined the conversation and will answer you from now on.",
      pharmacist_left: "The pharmacist has handed the conversation back to the assistant.",
      typing: "Typing…",
      act_inventory_check: "Checking stock…",
      act_get_medication_by_name: "Looking up the medication…",
      act_get_user_prescriptions: "Checking your prescriptions…",
      act_prescription_verify: "Checking the prescription…",
      act_request_refill: "Preparing the refill request…",
      act_verify_customer_identity: "Verifying your identity…",
      act_interaction_check: "Checking how the medications combine…",
      act_default: "Checking the database…",
      queued: "Waiting — sent when the current reply ends",
      unsent: "Not sent — it will be sent when the connection is back",
      offline: "Can't reach the assistant right now. Trying to reconnect…",
      online_again: "Connected again.",
      interrupted: "The reply was cut off because the connection to the server was lost. Please try again in a moment.",
      failed: "Something went wrong on the server. Please try again in a moment.",
      retry: "Try again",
      status_connecting: "Connecting…",
      status_new: "New conversation started",
      status_new_failed: "Couldn't start a new chat: the server can't be reached. Your current chat is still open.",
      status_new_failed_server: "Couldn't start a new chat. Please try again in a moment; your current chat is still open.",
      status_reopened: "The previous chat is no longer available on the server, so a new one was started.",
      status_signed_in: "Signed in: {name}",
      status_offline: "No connection to the server",
      trace_title: "Tool activity",
      trace_pending: "waiting for your approval",
      args: "arguments",
      result: "result",
      ms: "ms",
      cards: "Medications in this reply",
      card_in: "In stock",
      card_low: "Low stock",
      card_out: "Out of stock",
      card_units: "{n} units",
      card_back: "Expected back: {date}",
      card_store: "{store} store",
      rx: "Prescription",
      otc: "No prescription",
      form_tablet: "tablets",
      form_capsule: "capsules",
      form_syrup: "syrup",
      form_cream: "cream",
      form_drops: "drops",
      confirm_title: "Confirm this action?",
      confirm_refill_title: "Request this refill?",
      confirm_medication: "Medication",
      confirm_store: "Pickup at",
      confirm_refills_after: "Refills left after this",
      confirm_refill_next: "When you approve, we send the request to the pharmacy and prepare the medication for pickup at the store. If you cancel, nothing is sent.",
      confirm_next: "Nothing happens until you approve.",
      approve: "Approve",
      deny: "Cancel",
      approved: "Approved",
      denied: "Cancelled",
      signin_hint: "Enter your email or phone and we send you a one-time code.",
      signin_hint_demo: "Enter your email or phone; a code is sent to you (in the demo: to the outbox).",
      signin_id: "Email or phone",
      signin_send: "Send code",
      signin_code: "6-digit code",
      signin_verify: "Verify",
      signin_message: "I want to sign in. My details: ",
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
      back_to_chat: "Back to the chat",
      outbox_title: "Development outbox",
      outbox_refresh: "Refresh",
      outbox_empty: "The outbox is empty",
      outbox_off: "The outbox is available in demo mode only",
    },
  };

  let language = localStorage.getItem("pharmai.lang") === "en" ? "en" : "he";
  const listeners = [];

  // `{name}` placeholders are filled with plain strings; the result is only ever set as textContent.
  function t(key, params) {
    const value = (TEXTS[language] && TEXTS[language][key]) || TEXTS.en[key] || key;
    if (!params || typeof value !== "string") return value;
    return value.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  }

  // Labels are set with textContent: no markup from anywhere is ever parsed.
  function apply(root) {
    const scope = root || document;
    document.documentElement.lang = language;
    document.documentElement.dir = language === "he" ? "rtl" : "ltr";
    scope.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
    scope.querySelectorAll("[data-i18n-placeholder]").forEach((el) => { el.placeholder = t(el.dataset.i18nPlaceholder); });
    scope.querySelectorAll("[data-i18n-label]").forEach((el) => { el.setAttribute("aria-label", t(el.dataset.i18nLabel)); });
    const toggle = document.getElementById("lang-toggle");
    if (toggle) {
      toggle.textContent = t("lang_toggle");
      toggle.lang = t("lang_toggle_code"); // the label is in the other language: screen readers switch voice
    }
  }

  function setLanguage(value) {
    language = value === "en" ? "en" : "he";
    localStorage.setItem("pharmai.lang", language);
    apply();
    listeners.forEach((fn) => fn(language));
  }

  function onChange(fn) { listeners.push(fn); }

  /** Add a page's own texts (`{he: {...}, en: {...}}`), e.g. the staff console's, before `apply`. */
  function add(more) {
    Object.keys(more).forEach((lang) => { TEXTS[lang] = Object.assign(TEXTS[lang] || {}, more[lang]); });
  }

  function hasHebrew(text) {
    return /[\u0590-\u05FF]/.test(text || "");
  }

  return { t, apply, setLanguage, onChange, add, hasHebrew, get language() { return language; } };
})();
