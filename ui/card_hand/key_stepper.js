// Keyboard stepping for presenter mode: ←/→ and PageUp/PageDown (what presentation clickers send),
// anywhere on the page, become one trigger value "prev" or "next" per key press.
//
// Left alone: held-down repeats, keys with Alt/Ctrl/Meta, keys another element already handled
// (defaultPrevented: e.g. the card hand moving its focus), and keys typed into a text box or
// aimed at a widget that uses arrows itself (sliders, radios, tabs, lists, menus).

const PREV = new Set(["ArrowLeft", "PageUp"]);
const NEXT = new Set(["ArrowRight", "PageDown"]);
const ARROW_ROLES = new Set([
  "slider", "spinbutton", "textbox", "searchbox", "combobox", "listbox", "option", "radio", "radiogroup",
  "tab", "tablist", "menu", "menuitem", "menuitemradio", "menuitemcheckbox", "grid", "gridcell", "tree",
  "treeitem", "scrollbar",
]);
const instances = new WeakMap();

function usesKeys(target) {
  for (let node = target; node && node.nodeType === 1; node = node.parentElement) {
    const tag = node.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || node.isContentEditable) return true;
    const role = node.getAttribute("role");
    if (role && ARROW_ROLES.has(role)) return true;
  }
  return false;
}

export default function keyStepper({ parentElement, data, setTriggerValue }) {
  let st = instances.get(parentElement);
  if (!st) {
    st = { seq: 0, send: null, enabled: true, hint: document.createElement("div") };
    st.hint.className = "ks-hint";
    parentElement.appendChild(st.hint);
    st.onKey = (e) => {
      if (!st.enabled || !st.send || e.repeat || e.defaultPrevented) return;
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const direction = PREV.has(e.key) ? "prev" : NEXT.has(e.key) ? "next" : null;
      if (!direction) return;
      const path = e.composedPath ? e.composedPath() : [e.target];
      if (usesKeys(path[0]) || usesKeys(e.target)) return;
      e.preventDefault();
      st.seq += 1;
      st.send("step", { d: direction, q: st.seq });
    };
    document.addEventListener("keydown", st.onKey);
    instances.set(parentElement, st);
  }
  st.send = setTriggerValue;
  st.enabled = !data || data.enabled !== false;
  st.hint.textContent = (data && data.hint) || "";
  st.hint.hidden = !st.hint.textContent;
  return () => {
    document.removeEventListener("keydown", st.onKey);
    instances.delete(parentElement);
  };
}
