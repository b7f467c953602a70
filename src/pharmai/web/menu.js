// The header's options menu (a disclosure): the details toggle, and in the demo the identity picker and
// the staff links — kept out of the customer's header. Escape or a click elsewhere closes it.
"use strict";

window.PharmaiMenu = (function () {
  const $ = (id) => document.getElementById(id);

  function setOpen(open) {
    $("menu").hidden = !open;
    $("menu-toggle").setAttribute("aria-expanded", String(open));
  }

  /** Show the tool trace in every reply (`on`), or hide it. */
  function showTrace(on) {
    $("trace-toggle").checked = on;
    document.body.classList.toggle("show-trace", on);
  }

  function wire() {
    const toggle = $("menu-toggle");
    const menu = $("menu");
    toggle.addEventListener("click", () => setOpen(menu.hidden));
    document.addEventListener("click", (event) => {
      if (!menu.hidden && !menu.contains(event.target) && !toggle.contains(event.target)) setOpen(false);
    });
    menu.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggle.focus();
      }
    });
    $("trace-toggle").addEventListener("change", (event) => showTrace(event.target.checked));
  }

  return { wire, showTrace };
})();
