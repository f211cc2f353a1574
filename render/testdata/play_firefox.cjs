// play_firefox.cjs drives Firefox ESR over WebDriver BiDi (puppeteer-core)
// through the Play pages for render's TestPlayFirefox, from each base URL
// given (file:// and http://). It prints one JSON object: per check, what
// it found; the Go test asserts.
//
//   node play_firefox.cjs MODULES FIREFOX BASE… < plan.json
//
// MODULES is the folder holding node_modules/puppeteer-core; the plan
// (from the Go test) lists the pages, the hostile fragments and the deals
// whose hints are followed.
"use strict";
const path = require("path");
const puppeteer = require(path.join(process.argv[2], "node_modules", "puppeteer-core"));

// settled (evaluated in the page) resolves once the Play page has no
// action waiting for the engine (main's data-busy is gone).
const settled = () => new Promise((ok) => {
  const m = document.querySelector("main[data-game]");
  if (!m || !m.hasAttribute("data-busy")) { ok(); return; }
  const o = new MutationObserver(() => { if (!m.hasAttribute("data-busy")) { o.disconnect(); ok(); } });
  o.observe(m, { attributes: true, attributeFilter: ["data-busy"] });
});

const drawn = () => { const m = document.querySelector("main[data-game]"); return m && (m.hasAttribute("data-drawn-ms") || m.hasAttribute("data-error")); };

// open loads url and waits until the page has drawn its board (or said
// why not). It waits for the document, not for every subresource: the
// page's own readiness is what the test measures, and a loaded machine
// can hold a font's download past any fixed time. A navigation that
// times out is tried once more.
async function open(page, url) {
  for (let tries = 1; ; tries++) {
    try {
      await page.goto("about:blank");
      const t0 = Date.now();
      await page.goto(url, { waitUntil: "domcontentloaded", timeout: 60000 });
      await page.waitForFunction(drawn, { timeout: 60000 });
      return Date.now() - t0;
    } catch (e) {
      if (tries >= 2 || e.name !== "TimeoutError") { throw e; }
    }
  }
}

// follow presses Hint and plays the hinted move until the page says won.
async function follow(page) {
  return page.evaluate(async () => {
    const settled = () => new Promise((ok) => {
      const m = document.querySelector("main[data-game]");
      if (!m || !m.hasAttribute("data-busy")) { ok(); return; }
      const o = new MutationObserver(() => { if (!m.hasAttribute("data-busy")) { o.disconnect(); ok(); } });
      o.observe(m, { attributes: true, attributeFilter: ["data-busy"] });
    });
    const main = document.querySelector("main[data-game]");
    const solver = document.querySelector(".play-solver");
    const wait = (cond, ms) => new Promise((ok) => { const t0 = Date.now(); (function poll() {
      const v = cond(); if (v) { ok(v); return; } if (Date.now() - t0 > ms) { ok(null); return; } setTimeout(poll, 10); })(); });
    const click = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
    let steps = 0;
    while (main.getAttribute("data-state") !== "won" && steps < 2000) {
      document.querySelector('[data-action="hint"]').click();
      const h = await wait(() => main.getAttribute("data-hint") || (solver.getAttribute("data-result") && solver.getAttribute("data-result") !== "won" ? "!" : ""), 60000);
      if (!h || h === "!") { return "no hint after " + steps + " moves: " + solver.textContent; }
      const before = main.getAttribute("data-applied");
      const word = document.querySelector('.play-words button[data-move="' + CSS.escape(h) + '"]');
      if (word) { word.click(); } else {
        const [a, b] = h.split(">");
        click(document.querySelector('g.pile[data-pile="' + CSS.escape(a) + '"]'));
        click(document.querySelector('g.pile[data-pile="' + CSS.escape(b) + '"]'));
      }
      await settled();
      if (main.getAttribute("data-applied") === before) { return "hint " + h + " not played"; }
      steps++;
    }
    return main.getAttribute("data-state") + " after " + steps;
  });
}

// aborted reports a font download that Firefox logs as failed because the
// test went on to the next page before it finished (NS_BINDING_ABORTED,
// status 2152398850): the page's doing nothing wrong. Any other failed
// download is still an error.
function aborted(msg) {
  return /downloadable font: download failed .*status=2152398850/.test(msg);
}

async function main() {
  const plan = JSON.parse(require("fs").readFileSync(0, "utf8"));
  const browser = await puppeteer.launch({ browser: "firefox", protocol: "webDriverBiDi", executablePath: process.argv[3], headless: true });
  const out = { pages: [], links: [], hints: [], errors: [] };
  try {
    for (const base of process.argv.slice(4)) {
      const page = await browser.newPage();
      page.on("console", (m) => { if (m.type() === "error" && !aborted(m.text())) { out.errors.push(base + ": console: " + m.text()); } });
      page.on("pageerror", (e) => { if (!aborted(e.message)) { out.errors.push(base + ": " + e.message); } });
      await page.setViewport({ width: 1280, height: 800 });
      for (const p of plan.pages) {
        const ms = await open(page, base + p);
        out.pages.push(Object.assign({ base: base, page: p, ms: ms }, await page.evaluate(() => ({
          state: document.querySelector("main").getAttribute("data-state"), error: document.querySelector("main").getAttribute("data-error") || "",
          piles: document.querySelectorAll("[data-board] g.pile").length }))));
      }
      for (const f of plan.links) {
        await open(page, base + f);
        const got = await page.evaluate(() => ({ message: document.querySelector("main").getAttribute("data-message"), seed: document.querySelector("main").getAttribute("data-seed"),
          piles: document.querySelectorAll("[data-board] g.pile").length }));
        await page.evaluate(() => document.querySelector('[data-action="new-deal"]').click());
        await page.evaluate(settled);
        got.afterNewDeal = await page.evaluate(() => document.querySelector("main").getAttribute("data-message") + "/" + document.querySelectorAll("[data-board] g.pile").length);
        out.links.push(Object.assign({ base: base, frag: f }, got));
      }
      for (const h of plan.hints) {
        await open(page, base + h);
        out.hints.push({ base: base, page: h, result: await follow(page) });
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });
