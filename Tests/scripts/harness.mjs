// The theme's browser scripts (Templates/assets/*.js) run in node, in a page made of just enough DOM for what the
// tests call: their decoders (exposed on the globals the scripts already set) and the cells app.js builds. Each
// page is a fresh VM context whose `window` is its global object, as in a browser; nothing is shared between pages.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const ASSETS = fileURLToPath(new URL('../../Templates/assets/', import.meta.url));

class Node {
  constructor(document) { this.ownerDocument = document; this.parentNode = null; this.childNodes = []; }
  get firstChild() { return this.childNodes[0] || null; }
  get nextSibling() {
    const siblings = this.parentNode ? this.parentNode.childNodes : [];
    return siblings[siblings.indexOf(this) + 1] || null;
  }
  appendChild(child) { return this.insertBefore(child, null); }
  insertBefore(child, before) {
    const moved = child.nodeType === 11 ? [...child.childNodes] : [child];
    for (const node of moved) {
      if (node.parentNode) node.remove();
      const at = before ? this.childNodes.indexOf(before) : -1;
      if (at < 0) this.childNodes.push(node); else this.childNodes.splice(at, 0, node);
      node.parentNode = this;
    }
    return child;
  }
  remove() {
    if (!this.parentNode) return;
    const siblings = this.parentNode.childNodes;
    siblings.splice(siblings.indexOf(this), 1);
    this.parentNode = null;
  }
  replaceChildren(...nodes) {
    [...this.childNodes].forEach((c) => c.remove());
    nodes.forEach((n) => this.appendChild(typeof n === 'string' ? this.ownerDocument.createTextNode(n) : n));
  }
  contains(node) {
    for (let n = node; n; n = n.parentNode) if (n === this) return true;
    return false;
  }
  get textContent() { return this.childNodes.map((c) => c.textContent).join(''); }
  set textContent(text) {
    this.replaceChildren();
    if (text !== '') this.appendChild(this.ownerDocument.createTextNode(String(text)));
  }
  addEventListener() {}
  removeEventListener() {}
}

class Text extends Node {
  constructor(document, text) { super(document); this.nodeType = 3; this.data = text; }
  get textContent() { return this.data; }
  set textContent(text) { this.data = String(text); }
  cloneNode() { return new Text(this.ownerDocument, this.data); }
}

class Fragment extends Node {
  constructor(document) { super(document); this.nodeType = 11; }
}

// A compound selector of this small DOM: a tag, classes, or both ("img", ".cell-link", "span.type").
function matches(element, compound) {
  const [tag, ...classes] = compound.split('.');
  if (tag && tag !== '*' && element.tagName !== tag.toUpperCase()) return false;
  const own = (element.getAttribute('class') || '').split(/\s+/);
  return classes.every((c) => own.includes(c));
}

class Element extends Node {
  constructor(document, tag, namespace) {
    super(document);
    this.nodeType = 1;
    this.tagName = namespace ? tag : tag.toUpperCase();
    this.namespaceURI = namespace || 'http://www.w3.org/1999/xhtml';
    this.attributes = new Map();
    const self = this;
    this.classList = {
      add: (...names) => names.forEach((n) => { if (!self.classList.contains(n)) self.className = (self.className + ' ' + n).trim(); }),
      remove: (...names) => { self.className = self.className.split(/\s+/).filter((c) => c && !names.includes(c)).join(' '); },
      contains: (name) => self.className.split(/\s+/).includes(name),
      toggle: (name, on) => {
        const want = on === undefined ? !self.classList.contains(name) : !!on;
        if (want) self.classList.add(name); else self.classList.remove(name);
        return want;
      }
    };
  }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  getAttribute(name) { return this.attributes.has(name) ? this.attributes.get(name) : null; }
  hasAttribute(name) { return this.attributes.has(name); }
  removeAttribute(name) { this.attributes.delete(name); }
  get className() { return this.getAttribute('class') || ''; }
  set className(value) { this.setAttribute('class', value); }
  get id() { return this.getAttribute('id') || ''; }
  set id(value) { this.setAttribute('id', value); }
  get type() { return this.getAttribute('type') || ''; }
  set type(value) { this.setAttribute('type', value); }
  get src() { return this.getAttribute('src') || ''; }
  set src(value) { this.setAttribute('src', value); }
  get hidden() { return this.hasAttribute('hidden'); }
  set hidden(on) { if (on) this.setAttribute('hidden', ''); else this.removeAttribute('hidden'); }
  get children() { return this.childNodes.filter((c) => c.nodeType === 1); }
  get firstElementChild() { return this.children[0] || null; }
  cloneNode(deep) {
    const copy = new Element(this.ownerDocument, this.tagName, this.namespaceURI === 'http://www.w3.org/1999/xhtml' ? null : this.namespaceURI);
    copy.tagName = this.tagName;
    this.attributes.forEach((v, k) => copy.attributes.set(k, v));
    if (deep) this.childNodes.forEach((c) => copy.appendChild(c.cloneNode(true)));
    return copy;
  }
  closest(selector) {
    for (let e = this; e && e.nodeType === 1; e = e.parentNode) if (matches(e, selector)) return e;
    return null;
  }
  // Descendant combinators and ":scope > x" children; no attribute selectors.
  querySelectorAll(selector) {
    const child = /^:scope\s*>\s*(.+)$/.exec(selector);
    if (child) return this.children.filter((c) => matches(c, child[1].trim()));
    const parts = selector.trim().split(/\s+/);
    const found = [];
    const walk = (node) => node.children.forEach((c) => {
      if (matches(c, parts[parts.length - 1])) {
        let at = parts.length - 2;
        for (let up = c.parentNode; at >= 0 && up && up !== this.parentNode; up = up.parentNode) if (matches(up, parts[at])) at--;
        if (at < 0) found.push(c);
      }
      walk(c);
    });
    walk(this);
    return found;
  }
  querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
}

// The page's <head>: a script element inserted with a src is "fetched" a moment later by its document's
// `fetchScript` (runs it and fires onload, or fires onerror), as a browser loads it.
class Head extends Element {
  insertBefore(child, before) {
    super.insertBefore(child, before);
    if (child.tagName === 'SCRIPT' && child.src) setTimeout(() => this.ownerDocument.fetchScript(child), 0);
    return child;
  }
}

class Document extends Node {
  constructor(attributes) {
    super(null);
    this.ownerDocument = this;
    this.nodeType = 9;
    this.documentElement = new Element(this, 'html');
    Object.entries(attributes).forEach(([k, v]) => this.documentElement.setAttribute(k, v));
    this.head = this.documentElement.appendChild(new Head(this, 'head'));
    this.fetchScript = (script) => script.onerror && script.onerror();
    this.body = this.documentElement.appendChild(new Element(this, 'body'));
    this.activeElement = this.body;
    this.baseURI = 'file:///site/index.html';
  }
  get children() { return [this.documentElement]; }
  createElement(tag) { return new Element(this, tag); }
  createElementNS(namespace, tag) { return new Element(this, tag, namespace); }
  createTextNode(text) { return new Text(this, String(text)); }
  createDocumentFragment() { return new Fragment(this); }
  querySelectorAll(selector) { return this.documentElement.querySelectorAll(selector); }
  querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
}

const FIXTURES = fileURLToPath(new URL('fixtures/', import.meta.url));
const STRINGS = fileURLToPath(new URL('../../Templates/strings/', import.meta.url));

/** The [js] table of Templates/strings/<code>.toml: what the build publishes as assets/strings-<code>.js. */
export function strings(code) {
  const words = {};
  let inTable = false;
  for (const line of readFileSync(STRINGS + code + '.toml', 'utf8').split('\n')) {
    const table = /^\s*\[([^\]]+)\]/.exec(line);
    if (table) { inTable = table[1].trim() === 'js'; continue; }
    const pair = inTable && /^\s*([A-Za-z0-9_-]+)\s*=\s*("(?:[^"\\]|\\.)*")\s*$/.exec(line);
    if (pair) words[pair[1]] = JSON.parse(pair[2]);
  }
  return words;
}

/** A page in `lang` (data-kind `kind`), which loads, as a built page does: the theme's words in its language
 *  (not English: each call carries its English), the data scripts `data` (files in fixtures/), app.js and find.js,
 *  then `scripts` (files in Templates/assets). `globals`: what the browser has besides (localStorage…). Returns its
 *  window. */
export function page({ lang = 'en', kind = '', data = [], scripts = [], globals = {} } = {}) {
  const document = new Document({ lang, 'data-root': '', 'data-kind': kind });
  const window = vm.createContext({
    document, console, setTimeout, clearTimeout, URL, URLSearchParams,
    location: { protocol: 'file:', pathname: '/site/index.html', search: '', hash: '', href: 'file:///site/index.html' },
    navigator: { onLine: true }, history: { state: null, replaceState() {} },
    addEventListener() {}, removeEventListener() {}, requestAnimationFrame: (f) => setTimeout(f, 0), Element
  });
  window.window = window;
  Object.assign(window, globals);
  if (lang !== 'en') window.POKEDEX_STRINGS = strings(lang);
  const run = (folder, file) => vm.runInContext(readFileSync(folder + file, 'utf8'), window, { filename: file });
  data.forEach((file) => run(FIXTURES, file));
  // find.js as the index and the moves index load it (elsewhere app.js loads it with search.js, on first use).
  ['app.js', 'find.js', ...scripts].forEach((file) => run(ASSETS, file));
  return window;
}

/** Serves the page's later script elements: `answer(src)` names a file in fixtures/ to run, or null for a failed
 *  load. Returns the addresses asked for, in order. */
export function serveScripts(window, answer) {
  const asked = [];
  window.document.fetchScript = (script) => {
    asked.push(script.src);
    const file = answer(script.src);
    if (file === null) { if (script.onerror) script.onerror(); return; }
    load(window, file);
    if (script.onload) script.onload();
  };
  return asked;
}

/** Runs a data script (a file in fixtures/) in the page, as a script element inserted later would. */
export function load(window, file) {
  vm.runInContext(readFileSync(FIXTURES + file, 'utf8'), window, { filename: file });
}

/** A value of the page's realm as plain data of this one (its arrays are another realm's Array). */
export function plain(value) { return JSON.parse(JSON.stringify(value)); }
