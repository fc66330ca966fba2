// What the overlap test (e2e/overlap.test.mjs) measures in the page: things drawn over the page (marks, badges,
// arrows, sheets, tooltips, any absolutely placed label) that cover a line of text or a control, controls cut off
// by a box that hides its overflow or by the window, text smaller than 12 px, and whether the page scrolls.
// Everything runs in the page (`page.evaluate(layoutProblems, opts)`) and returns plain strings.

/**
 * Runs in the page. `opts.fit`: the page must not scroll (a two-player match on a phone); `opts.sheet`: the card
 * detail sheet must not cover a decision. Returns `{problems: string[], scroll}`.
 */
export function layoutProblems(opts) {
  // The whole page, header included (its sound menu was once drawn over the signed-in name on a phone). The
  // header is sticky: where the page scrolls, the board passes under it, so what is drawn over text is looked
  // for within one region (the header, or the page under it), never across them.
  const root = document.querySelector("main") ? document.body : null;
  const region = (el) => (el.closest(".topbar") ? "header" : "page");
  const problems = [];
  if (!root) return { problems, scroll: null };
  const say = (el) => {
    const cls = typeof el.className === "string" ? el.className : el.getAttribute("class") ?? "";
    const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `<${el.tagName.toLowerCase()}${cls ? ` .${cls.trim().split(/\s+/).join(".")}` : ""}>${text ? ` "${text}"` : ""}`;
  };
  const seen = (el) => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    // The skip link waits off-screen until a keyboard focuses it.
    if (el.closest(".skip-link:not(:focus)")) return false;
    for (let e = el; e && e !== document.body; e = e.parentElement) if (Number(getComputedStyle(e).opacity) < 0.05) return false;
    return true;
  };
  const rect = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  const meet = (a, b) => {
    const r = { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) };
    return r.right - r.left > 1 && r.bottom - r.top > 1 ? r : null;
  };
  const scroller = (s) => /(auto|scroll)/.test(s.overflowX + s.overflowY);
  const clipper = (s) => s.overflowX !== "visible" || s.overflowY !== "visible";
  /** The box inside `e`'s borders, on screen (scaled as `e` is, mid-animation). */
  const innerBox = (e) => {
    const b = e.getBoundingClientRect();
    const sx = e.offsetWidth ? b.width / e.offsetWidth : 1;
    const sy = e.offsetHeight ? b.height / e.offsetHeight : 1;
    const left = b.left + e.clientLeft * sx;
    const top = b.top + e.clientTop * sy;
    return { left, top, right: left + e.clientWidth * sx, bottom: top + e.clientHeight * sy };
  };
  /** The part of `r` (inside `el`) that its clipping ancestors let through, or null. */
  const visiblePart = (el, r) => {
    let out = rect(r);
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (!clipper(s) || e === document.body) continue;
      // An ellipsis ends the text at the content edge.
      const pad = e === el && s.textOverflow === "ellipsis" ? [parseFloat(s.paddingLeft), parseFloat(s.paddingRight)] : [0, 0];
      const b = innerBox(e);
      out = meet(out, { ...b, left: b.left + pad[0], right: b.right - pad[1] });
      if (!out) return null;
    }
    return meet(out, { left: 0, top: 0, right: innerWidth, bottom: innerHeight });
  };

  // Text runs (one box per line of each text node) and controls, where they can be seen.
  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim() || !n.parentElement || !seen(n.parentElement)) continue;
    if (n.parentElement.closest(".sr-only, svg, option")) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) {
      const v = visiblePart(n.parentElement, r);
      if (v) texts.push({ el: n.parentElement, r: v });
    }
  }
  const controls = [...root.querySelectorAll("button, a[href], summary, select, input:not([type=hidden]), textarea")]
    .filter((c) => seen(c) && !c.closest(".sr-only"));

  // What is drawn over the page: marks, badges, tooltips, the card detail sheet while it floats, and anything
  // placed absolutely or fixed that says something (a background fill says nothing).
  const overlays = [...root.querySelectorAll("*")].filter((el) => {
    if (!seen(el) || el.closest("svg") || el.closest(".sr-only")) return false;
    const s = getComputedStyle(el);
    const floats = s.position === "absolute" || s.position === "fixed";
    const named = el.matches(".fx, .fx-marks, .badge, .tooltip, .card-detail.open");
    if (!floats && !named) return false;
    if (!floats && !el.matches(".card-detail") && named) return false; // in flow: takes its own space
    return (el.textContent ?? "").trim() !== "" || el.querySelector("svg, img");
  }).filter((el, _, all) => !all.some((o) => o !== el && o.contains(el)));
  for (const o of overlays) {
    const box = visiblePart(o, o.getBoundingClientRect());
    if (!box) continue;
    for (const t of texts) {
      if (o.contains(t.el) || t.el.contains(o) || region(t.el) !== region(o)) continue;
      if (meet(box, t.r)) { problems.push(`${say(o)} covers text ${say(t.el)}`); break; }
    }
    for (const c of controls) {
      if (o.contains(c) || c.contains(o) || region(c) !== region(o)) continue;
      const v = visiblePart(c, c.getBoundingClientRect());
      if (v && meet(box, v)) { problems.push(`${say(o)} covers control ${say(c)}`); break; }
    }
  }

  // Attack arrows: a line may cross the heroes (they are what it joins) but no other text or control.
  const outsideHeroes = (el) => !el.closest(".hero") && region(el) === "page";
  for (const g of root.querySelectorAll(".fx-arrow")) {
    if (!seen(g)) continue;
    const line = g.querySelector("line");
    const svg = g.ownerSVGElement.getBoundingClientRect();
    const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map((a) => Number(line.getAttribute(a)));
    const crosses = (r) => {
      // Samples along the segment, every 4 px.
      const steps = Math.max(2, Math.ceil(Math.hypot(x2 - x1, y2 - y1) / 4));
      for (let i = 0; i <= steps; i++) {
        const x = svg.left + x1 + ((x2 - x1) * i) / steps;
        const y = svg.top + y1 + ((y2 - y1) * i) / steps;
        if (x > r.left + 1 && x < r.right - 1 && y > r.top + 1 && y < r.bottom - 1) return true;
      }
      return false;
    };
    const dmg = g.querySelector(".fx-damage");
    const dmgBox = dmg ? dmg.getBoundingClientRect() : null;
    const hit = texts.find((t) => outsideHeroes(t.el) && (crosses(t.r) || (dmgBox && meet(dmgBox, t.r))))?.el
      ?? controls.find((c) => outsideHeroes(c) && crosses(c.getBoundingClientRect()));
    if (hit) problems.push(`attack arrow "${g.dataset.label}" crosses ${say(hit)}`);
  }

  // Controls cut off: by a box that hides its overflow (not one that scrolls), or by the window's sides (or its
  // bottom where the page must not scroll).
  for (const c of controls) {
    const r = c.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    let scrolls = false;
    for (let e = c.parentElement; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (!clipper(s)) continue;
      if (scroller(s)) { scrolls = true; continue; }
      const inner = innerBox(e);
      if (r.left < inner.left - 1 || r.right > inner.right + 1 || r.top < inner.top - 1 || r.bottom > inner.bottom + 1) {
        const at = (x) => [x.left, x.top, x.right, x.bottom].map(Math.round).join(",");
        problems.push(`control ${say(c)} [${at(r)}] is cut off by ${say(e)} [${at(inner)}]`);
        break;
      }
    }
    if (!scrolls && (r.left < -1 || r.right > innerWidth + 1 || (opts.fit && r.bottom > innerHeight + 1))) problems.push(`control ${say(c)} is outside the window`);
  }

  // Text at least 12 px.
  for (const t of texts) {
    const size = parseFloat(getComputedStyle(t.el).fontSize);
    if (size < 11.95) { problems.push(`text ${say(t.el)} is ${size}px`); break; }
  }

  const se = document.scrollingElement;
  const scroll = { top: se.scrollTop, height: se.scrollHeight, viewport: innerHeight };
  if (opts.fit && (scroll.top > 0 || scroll.height > innerHeight + 1)) problems.push(`the page scrolls: scrollTop ${scroll.top}, scrollHeight ${scroll.height} > ${innerHeight}`);

  // The detail sheet never covers a decision: the question, the price confirmation, the result.
  const sheet = document.querySelector(".card-detail.open");
  if (opts.sheet && sheet && seen(sheet)) {
    const s = sheet.getBoundingClientRect();
    for (const d of document.querySelectorAll(".ask, .price-confirm, [data-testid=result], [data-testid=pending], .actions")) {
      const v = seen(d) && !sheet.contains(d) ? visiblePart(d, d.getBoundingClientRect()) : null;
      if (v && meet(s, v)) problems.push(`the card detail sheet covers ${say(d)}`);
    }
  }
  return { problems: [...new Set(problems)], scroll };
}
