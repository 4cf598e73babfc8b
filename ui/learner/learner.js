// Who is learning, kept in this browser: an opaque learner id in localStorage, handed to Python.
//
// Python sends {known, save}: `known` is the id it last received (null before the first report), `save` an
// id to keep from now on ("" forgets it). The script writes `save` when given, then reports the id it holds
// (state "id"; "" when it holds none or the browser refuses storage) whenever that differs from `known`,
// so a report costs one rerun and a page that already knows the id costs none. It draws nothing.

const STORAGE_KEY = "cardtable.learner";
const ID_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;

function storage() {
  try {
    const s = window.localStorage;
    return s || null;
  } catch (e) {
    return null; // storage disabled (a privacy setting, a sandboxed frame): the session alone remembers
  }
}

function readId() {
  const s = storage();
  if (!s) return "";
  try {
    const value = s.getItem(STORAGE_KEY) || "";
    return ID_SHAPE.test(value) ? value : "";
  } catch (e) {
    return "";
  }
}

function writeId(value) {
  const s = storage();
  if (!s) return;
  try {
    if (value && ID_SHAPE.test(value)) s.setItem(STORAGE_KEY, value);
    else s.removeItem(STORAGE_KEY);
  } catch (e) {
    // quota or privacy mode: nothing is kept, the page goes on with the session only
  }
}

export default function learnerId({ parentElement, data, setStateValue }) {
  const d = data || {};
  if (typeof d.save === "string") writeId(d.save);
  const held = readId();
  if (d.known !== held) setStateValue("id", held);
  if (parentElement && parentElement.style) parentElement.style.display = "none";
}
