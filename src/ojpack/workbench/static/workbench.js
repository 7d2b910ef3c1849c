// The workbench's only script (no framework, no build step): live updates through server-sent events,
// actions posted with the token, and the matrix filters applied as soon as they change.
"use strict";
(function () {
  const key = document.body.dataset.key;
  let refreshing = false, again = false;

  function paint(root) {
    // balloon colours come as data, not as inline style (the page's policy allows no inline style)
    root.querySelectorAll("[data-color]").forEach(function (el) {
      if (/^#[0-9a-fA-F]{6}$/.test(el.dataset.color)) el.style.background = el.dataset.color;
    });
  }

  async function refresh() {
    // fetch this same page again and swap its content in place: scroll, focus and filters stay
    if (refreshing) { again = true; return; }
    refreshing = true;
    try {
      const response = await fetch(location.href, {credentials: "same-origin", cache: "no-store"});
      if (response.ok) {
        const doc = new DOMParser().parseFromString(await response.text(), "text/html");
        const fresh = doc.querySelector("main");
        if (fresh) {
          document.querySelector("main").replaceChildren(...fresh.childNodes);
          paint(document);
          bind(document);
          document.body.dataset.updated = String(Date.now());
        }
      }
    } finally {
      refreshing = false;
      if (again) { again = false; refresh(); }
    }
  }

  let ticking = null;
  function showJob(job) {
    // the job's state and last line; while it runs, its clock goes on between the lines it prints
    const bar = document.getElementById("job");
    if (!bar || (key && job.key !== key)) return;
    clearInterval(ticking);
    const started = Date.now() - 1000 * (job.seconds || 0);
    const draw = function () {
      let text = job.title + ": " + job.state;
      if (job.state === "running") text += " (" + Math.round((Date.now() - started) / 1000) + " s)";
      if (job.line) text += " — " + job.line;
      bar.className = "job " + job.state;
      bar.textContent = text;
      bar.title = text;   // the bar shows what fits; the whole line on hover
    };
    draw();
    if (job.state === "running") ticking = setInterval(draw, 1000);
  }

  function bind(root) {
    root.querySelectorAll("form.act").forEach(function (form) {
      if (form.dataset.bound) return;
      form.dataset.bound = "1";
      form.addEventListener("submit", async function (event) {
        event.preventDefault();
        const field = form.querySelector('input[name="token"]');
        const given = field ? field.value : "";
        const response = await fetch(form.action, {
          method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin",
          headers: given ? {"X-Ojpack-Token": given} : {},
        });
        const bar = document.getElementById("job");
        if (!response.ok && bar) {
          let message = response.status + " " + response.statusText;
          try { message = (await response.json()).error || message; } catch (e) { message = await response.text().catch(() => message); }
          bar.className = "job failed";
          bar.textContent = message;
        }
      });
    });
    root.querySelectorAll("form.filters select, form.filters input[type=checkbox]").forEach(function (input) {
      if (input.dataset.bound) return;
      input.dataset.bound = "1";
      input.addEventListener("change", function () { input.form.requestSubmit(); });
    });
  }

  paint(document);
  bind(document);
  const events = new EventSource("/events");
  events.addEventListener("job", function (e) { showJob(JSON.parse(e.data)); });
  events.addEventListener("changed", function (e) {
    const data = JSON.parse(e.data);
    if (!key || data.key === key) refresh();
  });
  events.addEventListener("open", function () { document.body.dataset.live = "1"; });
  // a page left (or kept in the back-forward cache) gives its connection back: a browser opens only six
  // at a time to one server, and open streams would stall the next pages
  window.addEventListener("pagehide", function () { events.close(); });
})();
