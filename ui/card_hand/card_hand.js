// The card-hand component: a hand drawn as real cards, chosen by click, tap or keyboard.
//
// Three modes, all from one compact description sent by ui/card_hand/__init__.py:
//   "select"  click cards to choose them (they rise, outlined); the choice goes to Python only
//             when one of the caller's action buttons is pressed (one trigger value per press);
//   "show"    display only (seats, the trick, the kitty); null cards are face down;
//   "pick"    a deck picker: every distinct card once, a click adds a copy up to its limit.
// Cards are drawn here as SVG from the shapes of ui/cards.py (card_geometry.js is generated from
// it), so a rerun sends card codes, not pictures.
//
// Streamlit calls the default export again whenever the data changes, on the same parentElement,
// and never calls the cleanup in between: the state of each mounted hand lives in `instances`.

import { GEOMETRY as G } from "./card_geometry.js";

const SIZES = {
  small: { w: 56, tile: 34, lift: 12 },
  normal: { w: 72, tile: 42, lift: 14 },
  large: { w: 104, tile: 60, lift: 18 },
};
const MIN_STRIP = 0.38; // the least part of a card left visible by the next one (its corner index)
const FAN_STRIP = 0.46; // the visible part used when a hand wraps into rows
const JUMBO_STRIP = 0.46; // the same for jumbo-index cards, whose index is wider (see jumboFace)
const strips = (d) => (d.jumbo ? [JUMBO_STRIP, JUMBO_STRIP] : [MIN_STRIP, FAN_STRIP]);
const GAP = 6; // between cards that do not overlap
const GROUP_GAP = 18; // the column gap between groups, where the divider is drawn (card_hand.css)
const ROW_KEYS_PREV = new Set(["ArrowLeft", "ArrowUp"]);
const ROW_KEYS_NEXT = new Set(["ArrowRight", "ArrowDown"]);

const instances = new WeakMap();

// Each new instance gets its own <link> to card_hand.css, which the browser fetches again (the server does not
// let it cache the file): until it has loaded, the cards would be drawn unstyled, each as wide as the page (a
// flash of giant cards whenever a hand is drawn anew, e.g. after every play at the Table). The first loaded
// sheet is therefore copied into one constructable sheet that every later instance adopts at once; an instance
// with nothing loaded yet stays hidden until its own link has loaded (or 4 s have passed).
let sharedSheet = null;

function rememberSheet(link) {
  if (sharedSheet || !link || !link.sheet || typeof CSSStyleSheet === "undefined") return;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync([...link.sheet.cssRules].map((r) => r.cssText).join("\n"));
    sharedSheet = sheet;
  } catch (e) {
    sharedSheet = null;
  }
}

function adoptStyle(parent, st) {
  const scope = parent.getRootNode ? parent.getRootNode() : null;
  if (!scope || !scope.querySelector) return;
  if (sharedSheet && "adoptedStyleSheets" in scope) {
    if (!scope.adoptedStyleSheets.includes(sharedSheet)) {
      scope.adoptedStyleSheets = [...scope.adoptedStyleSheets, sharedSheet];
    }
    return;
  }
  const link = scope.querySelector('link[rel="stylesheet"][href*="card_hand.css"]');
  if (!link) return;
  if (link.sheet) {
    rememberSheet(link);
    return;
  }
  st.root.style.display = "none";
  let timer = null;
  const show = () => {
    clearTimeout(timer);
    rememberSheet(link);
    st.root.style.display = "";
    layout(st);
  };
  timer = setTimeout(show, 4000);
  link.addEventListener("load", show, { once: true });
  link.addEventListener("error", show, { once: true });
}
const svgCache = new Map();

// ---------------------------------------------------------------- drawing (mirrors ui/cards.py)

const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ESC[c]);
const f2 = (n) => (Math.round(n * 100) / 100).toString();

function parseCode(code) {
  if (code === "BJ" || code === "RJ") return { rank: code, suit: null, joker: true };
  const last = code.slice(-1);
  if (code.length > 1 && "SHDC".includes(last)) return { rank: code.slice(0, -1), suit: last, joker: false };
  return { rank: code, suit: null, joker: false };
}

function ink(card, four) {
  if (card.joker) return G.ink[card.rank];
  if (!card.suit) return G.ink.suitless;
  return (four ? G.ink.four : G.ink.two)[card.suit];
}

function text(x, y, t, size, colour, opts = {}) {
  const rot = opts.rotate ? ` transform="rotate(180 ${x} ${y})"` : "";
  const weight = opts.weight || "bold";
  const cls = opts.cls ? ` class="${opts.cls}"` : "";
  const squeeze = opts.width ? ` textLength="${opts.width}" lengthAdjust="spacingAndGlyphs"` : "";
  return (
    `<text${cls} x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${colour}" ` +
    `text-anchor="middle" dominant-baseline="central" font-family="${G.font}"${squeeze}${rot}>${esc(t)}</text>`
  );
}

function suitShape(suit, x, y, size, colour, flip = false) {
  let tf = `translate(${f2(x - size / 2)},${f2(y - size / 2)}) scale(${(size / 100).toFixed(4)})`;
  if (flip) tf = `rotate(180 ${f2(x)} ${f2(y)}) ` + tf;
  if (suit === "C") {
    const parts = G.clubCircles.map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}"/>`).join("");
    return `<g transform="${tf}" fill="${colour}">${parts}<path d="${G.clubStem}"/></g>`;
  }
  return `<path transform="${tf}" d="${G.suits[suit]}" fill="${colour}"/>`;
}

function star(cx, cy, r, colour) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const a = Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(cx + radius * Math.cos(a)).toFixed(2)},${(cy - radius * Math.sin(a)).toFixed(2)}`);
  }
  return `<polygon points="${pts.join(" ")}" fill="${colour}"/>`;
}

function face(card, colour) {
  const p = [];
  if (card.joker) {
    const big = card.rank === "RJ";
    "JOKER".split("").forEach((letter, i) => {
      p.push(text(12, 16 + i * 13, letter, 12, colour));
      p.push(text(88, 124 - i * 13, letter, 12, colour, { rotate: true }));
    });
    p.push(`<rect x="24" y="24" width="52" height="92" rx="6" fill="${colour}" fill-opacity="0.10"/>`);
    p.push(star(50, 58, big ? 22 : 18, colour));
    p.push(text(50, 96, big ? "BIG" : "SMALL", 12, colour));
    p.push(text(50, 108, big ? "red" : "black", 9, colour, { weight: "normal" }));
    return p.join("");
  }
  const r = card.rank;
  const corner = r.length === 1 ? 17 : 15;
  p.push(text(13, 15, r, corner, colour));
  p.push(text(87, 125, r, corner, colour, { rotate: true }));
  if (!card.suit) {
    p.push(text(50, 70, r, 46, colour));
    return p.join("");
  }
  p.push(suitShape(card.suit, 13, 31, 12, colour));
  p.push(suitShape(card.suit, 87, 109, 12, colour, true));
  const pips = G.pips[r];
  if (pips) {
    for (const [col, y] of pips) p.push(suitShape(card.suit, G.cols[col], y, 17, colour, y > 70));
  } else if (r === "A") {
    p.push(suitShape(card.suit, 50, 70, 44, colour));
  } else {
    p.push(
      `<rect x="24" y="22" width="52" height="96" rx="5" fill="${colour}" fill-opacity="0.08" ` +
        `stroke="${colour}" stroke-width="1.5"/>`
    );
    p.push(text(50, 58, r, 38, colour));
    p.push(suitShape(card.suit, 50, 92, 24, colour));
  }
  return p.join("");
}

// A jumbo-index face (a projector's, or "Large cards"): the rank and the suit in the top-left corner as large as
// the part of a card an overlapping neighbour leaves visible allows (JUMBO_STRIP), a large suit (or rank) in the
// rest. The rank is the card's index glyph ("ch-index"): at the smallest size it is 23 px high.
function jumboFace(card, colour) {
  const r = card.rank;
  const wide = r.length > 1 ? { width: 40 } : {};
  if (card.joker) {
    return (
      text(22, 24, r, 42, colour, { cls: "ch-index", width: 40 }) + star(22, 66, 20, colour) +
      `<rect x="48" y="46" width="44" height="86" rx="6" fill="${colour}" fill-opacity="0.10"/>` +
      star(70, 82, 20, colour) + text(70, 114, r === "RJ" ? "BIG" : "SMALL", 10, colour)
    );
  }
  const index = text(22, 24, r, 42, colour, { cls: "ch-index", ...wide });
  if (!card.suit) return index + text(66, 96, r, r.length > 1 ? 40 : 56, colour);
  return index + suitShape(card.suit, 22, 66, 32, colour) + suitShape(card.suit, 66, 100, 48, colour);
}

function back() {
  let lines = "";
  for (let x = -64; x < 88; x += 10) lines += `<line x1="${x}" y1="0" x2="${x + 64}" y2="128"/>`;
  for (let x = 0; x < 152; x += 10) lines += `<line x1="${x}" y1="0" x2="${x - 64}" y2="128"/>`;
  return (
    '<svg x="6" y="6" width="88" height="128" viewBox="0 0 88 128">' +
    '<rect width="88" height="128" rx="6" fill="#2f5d9b"/>' +
    `<g stroke="#8fb3e3" stroke-width="1.2" opacity="0.7">${lines}</g></svg>` +
    '<rect x="6" y="6" width="88" height="128" rx="6" fill="none" stroke="#ffffff" stroke-width="2"/>'
  );
}

// A whole card (code null: the back), as SVG text, cached per code and palette.
function cardSvg(code, four, jumbo = false) {
  const key = `c|${code}|${four ? 4 : 2}|${jumbo ? "j" : ""}`;
  let svg = svgCache.get(key);
  if (svg) return svg;
  const draw = jumbo ? jumboFace : face;
  const inner = code === null ? back() : draw(parseCode(code), ink(parseCode(code), four));
  svg =
    `<svg viewBox="0 0 ${G.w} ${G.h}" aria-hidden="true" focusable="false">` +
    `<rect x="1" y="1" width="${G.w - 2}" height="${G.h - 2}" rx="8" fill="#ffffff" stroke="${G.outline}" ` +
    `stroke-width="1.2"/>${inner}</svg>`;
  svgCache.set(key, svg);
  return svg;
}

// A small index card for the deck picker: the rank large, the suit under it.
function tileSvg(code, four) {
  const key = `t|${code}|${four ? 4 : 2}`;
  let svg = svgCache.get(key);
  if (svg) return svg;
  const card = parseCode(code);
  const colour = ink(card, four);
  let inner;
  if (card.joker) {
    inner = text(50, 38, card.rank, 34, colour) + star(50, 94, 26, colour);
  } else if (!card.suit) {
    inner = text(50, 68, card.rank, card.rank.length === 1 ? 56 : 46, colour);
  } else {
    inner = text(50, 40, card.rank, card.rank.length === 1 ? 46 : 38, colour) + suitShape(card.suit, 50, 96, 44, colour);
  }
  svg =
    '<svg viewBox="0 0 100 136" aria-hidden="true" focusable="false">' +
    `<rect x="1" y="1" width="98" height="134" rx="9" fill="#ffffff" stroke="${G.outline}" stroke-width="2"/>` +
    `${inner}</svg>`;
  svgCache.set(key, svg);
  return svg;
}

// ---------------------------------------------------------------- instance state and DOM

function el(tag, cls, attrs = {}) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function createInstance(parent) {
  const root = el("div", "ch");
  const legend = el("div", "ch-legend");
  const hand = el("div", "ch-hand");
  const why = el("div", "ch-why", { role: "status", "aria-live": "polite" });
  const bar = el("div", "ch-bar");
  root.append(legend, hand, bar, why);
  parent.appendChild(root);
  const st = {
    root, legend, hand, why, bar,
    d: null, sig: null, rev: null, send: null,
    sel: new Set(), counts: [], focus: 0, seq: 0, els: [], minus: [], badges: [],
    count: null, clear: null, buttons: [],
  };
  hand.addEventListener("click", (e) => onClick(st, e));
  hand.addEventListener("keydown", (e) => onKey(st, e));
  hand.addEventListener("contextmenu", (e) => {
    if (st.d && st.d.mode === "pick" && itemIndex(e) !== null) {
      e.preventDefault();
      change(st, itemIndex(e), -1);
    }
  });
  if (typeof ResizeObserver !== "undefined") {
    st.ro = new ResizeObserver(() => layout(st));
    st.ro.observe(root);
  }
  return st;
}

function itemIndex(e) {
  const item = e.target.closest("[data-i]");
  return item ? Number(item.getAttribute("data-i")) : null;
}

export default function cardHand({ parentElement, data, setTriggerValue }) {
  let st = instances.get(parentElement);
  if (!st) {
    st = createInstance(parentElement);
    instances.set(parentElement, st);
    adoptStyle(parentElement, st);
  }
  st.send = setTriggerValue;
  update(st, data || {});
  return () => {
    if (st.ro) st.ro.disconnect();
    instances.delete(parentElement);
  };
}

// The learner's choice is kept across reruns until the hand changes (its signature) or the caller
// sets a new selection (another revision, or another preset list).
function update(st, d) {
  const selKey = JSON.stringify(d.sel || []);
  const fresh = d.sig !== st.sig || d.rev !== st.rev || selKey !== st.selKey;
  st.d = d;
  const n = d.groups.reduce((a, g) => a + g.cards.length, 0);
  if (fresh) {
    st.sig = d.sig;
    st.rev = d.rev;
    st.selKey = selKey;
    st.message = "";
    if (d.mode === "pick") {
      st.counts = new Array(n).fill(0);
      for (const i of d.sel || []) if (i >= 0 && i < n) st.counts[i] += 1;
    } else {
      st.sel = new Set((d.sel || []).filter((i) => i >= 0 && i < n));
    }
    st.focus = 0;
  }
  render(st);
}

const chosenCount = (st) => (st.d.mode === "pick" ? st.counts.reduce((a, b) => a + b, 0) : st.sel.size);

function render(st) {
  const d = st.d;
  applySize(st, d, SIZES[d.size] ? d.size : "normal");
  renderLegend(st);
  if (d.mode === "pick") renderPicker(st);
  else renderHand(st);
  renderBar(st);
  refresh(st);
  layout(st);
}

function renderLegend(st) {
  const legend = st.legend;
  legend.replaceChildren();
  for (const h of st.d.legend || []) {
    const key = el("span", "ch-key");
    const sw = el("span", "ch-swatch", { "aria-hidden": "true" });
    sw.style.setProperty("--c", h.colour);
    sw.textContent = h.mark || "";
    const label = el("span", "");
    label.textContent = h.label;
    key.append(sw, label);
    legend.appendChild(key);
  }
  legend.hidden = !legend.childElementCount;
}

function renderHand(st) {
  const d = st.d;
  const hand = st.hand;
  const selecting = d.mode === "select";
  hand.replaceChildren();
  hand.className = "ch-hand" + (d.cap && Object.keys(d.cap).length ? " ch-capped" : "");
  hand.setAttribute("role", selecting ? "listbox" : "group");
  hand.setAttribute("aria-label", d.label || "Cards");
  if (selecting) hand.setAttribute("aria-multiselectable", "true");
  else hand.removeAttribute("aria-multiselectable");
  st.els = [];
  let i = 0;
  for (const group of d.groups) {
    const g = el("div", "ch-group", { role: "group" });
    if (group.label) {
      g.setAttribute("aria-label", group.label);
      const label = el("div", "ch-glabel", { "aria-hidden": "true" });
      label.textContent = group.label;
      g.appendChild(label);
    }
    const row = el("div", "ch-row");
    group.cards.forEach((code, k) => {
      const slot = el("div", "ch-slot");
      const card = el("div", "ch-card", { "data-i": String(i) });
      const name = code === null ? word(d, "faceDown", "face-down card") : group.names[k];
      card.setAttribute("aria-label", name);
      const notes = [];
      if (selecting) {
        card.setAttribute("role", "option");
        card.setAttribute("tabindex", "-1");
        if (d.why && d.why[i] !== undefined) {
          card.setAttribute("aria-disabled", "true");
          card.classList.add("ch-off");
          notes.push(word(d, "notPlayable", "not playable"));
        }
      } else {
        card.setAttribute("role", "img");
      }
      card.innerHTML = cardSvg(code, d.four, Boolean(d.jumbo));
      if (selecting) card.appendChild(el("span", "ch-check", { "aria-hidden": "true" })).textContent = "✓";
      const hl = d.hl && d.hl[i] !== undefined ? d.legend[d.hl[i]] : null;
      if (hl) {
        const ring = el("span", "ch-ring", { "aria-hidden": "true" });
        ring.style.setProperty("--c", hl.colour);
        card.appendChild(ring);
        if (hl.mark) {
          const mark = el("span", "ch-mark", { "aria-hidden": "true" });
          mark.style.setProperty("--c", hl.colour);
          mark.textContent = hl.mark;
          card.appendChild(mark);
        }
        notes.push(hl.label);
      }
      if (d.cap && d.cap[i] !== undefined) {
        const cap = el("span", "ch-cap");
        cap.textContent = d.cap[i];
        // A caption names a whole play ("West · 4-card sequence"): it spans that play's cards, up to the next
        // captioned card of the group, instead of being cut to one card's width.
        let span = 1;
        while (k + span < group.cards.length && d.cap[i + span] === undefined) span += 1;
        if (span > 1) {
          cap.style.width = `calc(var(--step) * ${span - 1} + var(--w))`;
          cap.style.textAlign = "left"; // starts under the play's first card, even when its cards wrap
        }
        slot.appendChild(cap);
        notes.push(d.cap[i]);
      }
      if (notes.length) card.setAttribute("aria-description", notes.join(", "));
      slot.prepend(card);
      row.appendChild(slot);
      st.els.push(card);
      i += 1;
    });
    if (!group.cards.length) {
      const none = el("div", "ch-none");
      none.textContent = d.empty || "no cards";
      row.appendChild(none);
    }
    g.appendChild(row);
    hand.appendChild(g);
  }
  if (!d.groups.length) {
    const none = el("div", "ch-none");
    none.textContent = d.empty || "no cards";
    hand.appendChild(none);
  }
  if (selecting && st.els.length) {
    st.focus = Math.min(st.focus, st.els.length - 1);
    st.els[st.focus].setAttribute("tabindex", "0");
  }
}

function renderPicker(st) {
  const d = st.d;
  const hand = st.hand;
  hand.replaceChildren();
  hand.className = "ch-hand";
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", d.label || "Deck");
  hand.removeAttribute("aria-multiselectable");
  st.els = [];
  st.minus = [];
  st.badges = [];
  let i = 0;
  for (const group of d.groups) {
    const g = el("div", "ch-group", { role: "group" });
    if (group.label) {
      g.setAttribute("aria-label", group.label);
      const label = el("div", "ch-glabel", { "aria-hidden": "true" });
      label.textContent = group.label;
      g.appendChild(label);
    }
    const row = el("div", "ch-row");
    group.cards.forEach((code, k) => {
      const box = el("div", "ch-tbox");
      const name = group.names[k];
      const tile = el("button", "ch-tile", { type: "button", "data-i": String(i), tabindex: "-1", "aria-label": name });
      tile.innerHTML = tileSvg(code, d.four);
      const badge = el("span", "ch-badge", { "aria-hidden": "true" });
      tile.appendChild(badge);
      const minus = el("button", "ch-minus", {
        type: "button", "data-i": String(i), "data-minus": "1", tabindex: "-1", "aria-label": word(d, "removeOne", "Remove one {name}", { name }),
      });
      minus.textContent = "−";
      if (d.why && d.why[i] !== undefined) {
        tile.setAttribute("aria-disabled", "true");
        tile.classList.add("ch-off");
      }
      box.append(tile, minus);
      row.appendChild(box);
      st.els.push(tile);
      st.minus.push(minus);
      st.badges.push(badge);
      i += 1;
    });
    g.appendChild(row);
    hand.appendChild(g);
  }
  if (st.els.length) {
    st.focus = Math.min(st.focus, st.els.length - 1);
    st.els[st.focus].setAttribute("tabindex", "0");
  }
}

function renderBar(st) {
  const d = st.d;
  const bar = st.bar;
  bar.replaceChildren();
  st.buttons = [];
  st.count = null;
  st.clear = null;
  if (d.mode === "show") {
    bar.hidden = true;
    return;
  }
  bar.hidden = false;
  st.count = el("span", "ch-count", { "aria-live": "polite" });
  bar.appendChild(st.count);
  st.clear = el("button", "ch-btn ch-clear", { type: "button" });
  st.clear.textContent = word(d, "clear", "Clear");
  st.clear.addEventListener("click", () => {
    if (d.mode === "pick") st.counts.fill(0);
    else st.sel.clear();
    st.message = "";
    refresh(st);
  });
  bar.appendChild(st.clear);
  for (const a of d.actions || []) {
    const b = el("button", "ch-btn" + (a.primary ? " ch-primary" : ""), { type: "button" });
    b.textContent = a.label;
    b.addEventListener("click", () => press(st, a));
    bar.appendChild(b);
    st.buttons.push([a, b]);
  }
}

// The component's own words: English here; in another language the payload's ``words`` (templates with {n}-style
// slots, from the app's catalogs) and its ``digits`` (the language's ten digits).
function word(d, key, english, vars) {
  let text = (d.words && d.words[key]) || english;
  for (const [name, value] of Object.entries(vars || {})) {
    let shown = String(value);
    if (d.words && d.words.digits && typeof value === "number") {
      shown = shown.replace(/[0-9]/g, (c) => d.words.digits[Number(c)]);
    }
    text = text.split(`{${name}}`).join(shown);
  }
  return text;
}

function blocked(st, a) {
  const n = chosenCount(st);
  const req = st.d.required;
  if (a.exact && req !== null && req !== undefined && n !== req) {
    return req === 1
      ? word(st.d, "exact1", "Choose {req} card first ({n} of {req} chosen).", { req, n })
      : word(st.d, "exact", "Choose {req} cards first ({n} of {req} chosen).", { req, n });
  }
  if (n < (a.min || 0)) {
    return a.min === 1
      ? word(st.d, "least1", "Choose at least {min} card first.", { min: a.min })
      : word(st.d, "least", "Choose at least {min} cards first.", { min: a.min });
  }
  if (a.max !== null && a.max !== undefined && n > a.max) return word(st.d, "most", "Choose at most {max} cards.", { max: a.max });
  return "";
}

function refresh(st) {
  const d = st.d;
  if (d.mode === "select") {
    st.els.forEach((card, i) => {
      const on = st.sel.has(i);
      card.setAttribute("aria-selected", on ? "true" : "false");
      card.classList.toggle("ch-on", on);
    });
  } else if (d.mode === "pick") {
    st.els.forEach((tile, i) => {
      const n = st.counts[i];
      const limit = d.limits[i];
      tile.classList.toggle("ch-on", n > 0);
      tile.classList.toggle("ch-full", n > 0 && n >= limit);
      // "×2" counts copies; a card the deck holds once needs no "×1" (its outline says it is chosen).
      st.badges[i].textContent = n > 1 || (n > 0 && limit > 1) ? `×${n}` : "";
      st.minus[i].classList.toggle("ch-gone", n === 0);
      tile.setAttribute("aria-description", n > 0 ? (n >= limit ? word(d, "chosenAll", "{n} chosen, all copies", { n })
        : word(d, "chosen", "{n} chosen", { n })) : "");
    });
  }
  if (st.count) {
    const n = chosenCount(st);
    const req = d.required;
    const has = req !== null && req !== undefined;
    st.count.textContent = has ? word(d, "chosenOf", "{n} of {req} chosen", { n, req }) : word(d, "chosen", "{n} chosen", { n });
    st.count.classList.toggle("ch-met", has && n === req);
    st.count.classList.toggle("ch-over", has && n > req);
    st.clear.disabled = n === 0;
    for (const [a, b] of st.buttons) {
      const why = blocked(st, a);
      b.disabled = Boolean(why);
      b.title = why || a.help || "";
    }
  }
  st.why.textContent = st.message || "";
  st.why.hidden = !st.message;
}

// The size the cards are drawn at: the one asked for, or with ``fit`` (your hand at the Table) the largest
// size from it down that keeps the hand on one row, else small (a hand that wraps anyway takes the least
// height), so that the trick, the hand and its buttons stay on one screen.
const SIZE_ORDER = ["small", "normal", "large"];

function applySize(st, d, name) {
  const size = SIZES[name];
  const root = st.root;
  st.sizeName = name;
  root.className = `ch ch-${d.mode} ch-size-${name}` + (d.jumbo ? " ch-jumbo" : "");
  root.style.setProperty("--w", `${size.w}px`);
  root.style.setProperty("--h", `${Math.round(size.w * 1.4)}px`);
  root.style.setProperty("--tw", `${size.tile}px`);
  root.style.setProperty("--lift", d.mode === "select" ? `${size.lift}px` : "0px");
}

function fittedSize(st, d, labels) {
  const asked = SIZES[d.size] ? d.size : "normal";
  const avail = st.hand.clientWidth - 8;
  if (!d.fit || d.mode === "pick" || avail <= 0) return asked;
  const tries = SIZE_ORDER.slice(0, SIZE_ORDER.indexOf(asked) + 1).reverse();
  return tries.find((name) => spacing(d, SIZES[name].w, avail, labels).rows === 1) || "small";
}

// How far apart cards sit, and on how many rows: side by side when the hand fits, else overlapping down to
// MIN_STRIP of a card on one row, else FAN_STRIP and the groups wrap into rows.
function layout(st) {
  const d = st.d;
  if (!d) return;
  if (d.mode !== "pick") {
    // A group is at least as wide as its label ("2s, the highest cards" over one card).
    const labels = [...st.hand.children].map((g) => {
      const label = g.querySelector(".ch-glabel");
      return label ? label.scrollWidth : 0;
    });
    const name = fittedSize(st, d, labels);
    if (name !== st.sizeName) applySize(st, d, name);
    const { step } = spacing(d, SIZES[name].w, st.hand.clientWidth - 8, labels);
    st.root.style.setProperty("--step", `${Math.floor(step)}px`);
  }
  // No divider before a group that starts a line.
  let top = null;
  for (const g of st.hand.children) {
    const t = g.offsetTop;
    g.classList.toggle("ch-linestart", top === null || t > top + 4);
    top = t;
  }
}

// The step between cards of width ``w`` in a row ``avail`` wide, and the rows the hand then takes. ``labels``: the
// width of each group's label (by the groups' order in ``d``).
function spacing(d, w, avail, labels = []) {
  const groups = d.groups.map((g, i) => ({ n: g.cards.length, label: labels[i] || 0 })).filter((g) => g.n);
  const k = groups.length;
  const capped = d.cap && Object.keys(d.cap).length;
  const widthOf = (g, step) => Math.max(g.n * step, g.label) + Math.max(0, w - step);
  const total = (step) => groups.reduce((a, g) => a + widthOf(g, step), 0) + (k - 1) * GROUP_GAP;
  let step = w + GAP;
  if (!k || avail <= 0 || total(step) <= avail) return { step, rows: 1 };
  const [least, fan] = strips(d);
  if (!capped && total(w * least) <= avail) {
    let lo = w * least;
    let hi = w + GAP;
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (total(mid) <= avail) lo = mid;
      else hi = mid;
    }
    return { step: lo, rows: 1 };
  }
  if (!capped) step = w * fan;
  // The groups wrap into rows as the flex layout does (a group wider than a row wraps inside itself).
  let rows = 1;
  let used = 0;
  for (const g of groups) {
    const width = widthOf(g, step);
    if (used > 0 && used + GROUP_GAP + Math.min(width, avail) > avail) {
      rows += 1;
      used = 0;
    }
    rows += Math.max(0, Math.ceil(width / avail) - 1);
    used = (used ? used + GROUP_GAP : 0) + (width > avail ? width % avail : width);
  }
  return { step, rows };
}

// ---------------------------------------------------------------- interaction

function say(st, message) {
  st.message = message;
  refresh(st);
}

function toggle(st, i) {
  const d = st.d;
  const name = st.els[i].getAttribute("aria-label");
  if (d.why && d.why[i] !== undefined) {
    say(st, word(d, "whyNot", "Why not {name}? {why}", { name, why: d.why[i] }));
    return;
  }
  if (st.sel.has(i)) {
    st.sel.delete(i);
  } else {
    const limit = d.limit;
    if (limit !== null && limit !== undefined && st.sel.size >= limit) {
      say(st, limit === 1 ? word(d, "takeBack1", "You can choose at most {limit} card: take one back first.", { limit })
        : word(d, "takeBack", "You can choose at most {limit} cards: take one back first.", { limit }));
      return;
    }
    st.sel.add(i);
  }
  st.message = "";
  refresh(st);
}

function change(st, i, delta) {
  const d = st.d;
  const name = st.els[i].getAttribute("aria-label");
  if (delta > 0) {
    if (d.why && d.why[i] !== undefined) {
      say(st, word(d, "whyNot", "Why not {name}? {why}", { name, why: d.why[i] }));
      return;
    }
    if (st.counts[i] >= d.limits[i]) {
      const limit = d.limits[i];
      say(st, limit === 1 ? word(d, "onlyOne", "{name} is already chosen: there is only one.", { name })
        : word(d, "allCopies", "All {limit} copies of {name} are chosen.", { limit, name }));
      return;
    }
    const total = chosenCount(st);
    if (d.limit !== null && d.limit !== undefined && total >= d.limit) {
      say(st, word(d, "removeFirst", "You can choose at most {limit} cards: remove one first.", { limit: d.limit }));
      return;
    }
    st.counts[i] += 1;
  } else {
    if (st.counts[i] === 0) return;
    st.counts[i] -= 1;
  }
  st.message = "";
  refresh(st);
}

function onClick(st, e) {
  const d = st.d;
  if (!d || d.mode === "show") return;
  const i = itemIndex(e);
  if (i === null) return;
  moveFocus(st, i, false);
  if (d.mode === "pick") change(st, i, e.target.closest("[data-minus]") ? -1 : 1);
  else toggle(st, i);
}

function moveFocus(st, i, focus = true) {
  if (!st.els.length) return;
  i = Math.max(0, Math.min(st.els.length - 1, i));
  st.els[st.focus] && st.els[st.focus].setAttribute("tabindex", "-1");
  st.focus = i;
  st.els[i].setAttribute("tabindex", "0");
  if (focus) st.els[i].focus();
}

function onKey(st, e) {
  const d = st.d;
  if (!d || d.mode === "show" || e.altKey || e.ctrlKey || e.metaKey) return;
  const i = itemIndex(e);
  if (i === null) return;
  let handled = true;
  if (ROW_KEYS_PREV.has(e.key)) moveFocus(st, i - 1);
  else if (ROW_KEYS_NEXT.has(e.key)) moveFocus(st, i + 1);
  else if (e.key === "Home") moveFocus(st, 0);
  else if (e.key === "End") moveFocus(st, st.els.length - 1);
  else if (e.key === " " || e.key === "Enter") {
    if (d.mode === "pick") change(st, i, e.target.closest("[data-minus]") ? -1 : 1);
    else toggle(st, i);
  } else if (d.mode === "pick" && (e.key === "Delete" || e.key === "Backspace" || e.key === "-")) change(st, i, -1);
  else handled = false;
  if (handled) {
    // Handled here: the page-wide key stepper sees defaultPrevented and leaves it alone.
    e.preventDefault();
    e.stopPropagation();
  }
}

function press(st, a) {
  if (blocked(st, a) || !st.send) return;
  const d = st.d;
  let chosen;
  if (d.mode === "pick") {
    chosen = [];
    st.counts.forEach((n, i) => {
      for (let k = 0; k < n; k++) chosen.push(i);
    });
  } else {
    chosen = [...st.sel].sort((x, y) => x - y);
  }
  st.seq += 1;
  st.send("action", { a: a.name, i: chosen, s: d.sig, q: st.seq });
}
