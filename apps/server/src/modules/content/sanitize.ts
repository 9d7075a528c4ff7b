// Allow-list HTML sanitiser for content bodies (operators write HTML; customers read it in
// the app and on the share page). Tags not on the list are dropped (script-like ones with
// their content), only listed attributes survive, URLs must be http(s), mailto or
// site-relative, and every attribute value and text is re-escaped. Comments go.
const ALLOWED_TAGS = new Set([
  "p",
  "br",
  "b",
  "strong",
  "i",
  "em",
  "u",
  "s",
  "ul",
  "ol",
  "li",
  "h2",
  "h3",
  "h4",
  "a",
  "img",
  "blockquote",
  "span",
  "div",
  "hr",
  "table",
  "thead",
  "tbody",
  "tr",
  "td",
  "th",
  "code",
  "pre",
  "small",
]);
const VOID_TAGS = new Set(["br", "img", "hr"]);
/** Dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "noscript",
  "template",
  "svg",
  "math",
  "textarea",
  "select",
  "xmp",
  "noembed",
  "noframes",
  "title",
  "frameset",
  "frame",
  "applet",
  "base",
  "link",
  "meta",
  "form",
]);
const ALLOWED_ATTRS: Record<string, Set<string>> = {
  a: new Set(["href", "title", "target"]),
  img: new Set(["src", "alt", "width", "height"]),
  td: new Set(["colspan", "rowspan"]),
  th: new Set(["colspan", "rowspan"]),
};
const URL_ATTRS = new Set(["href", "src"]);

const escapeText = (s: string) =>
  s
    .replace(/&(?!(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
  nbsp: " ",
};

function decodeEntities(s: string): string {
  return s.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);?/gi, (whole, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED[e.toLowerCase()] ?? whole;
  });
}

/** A safe URL (http, https, mailto, or relative to this site), or null. */
export function safeUrl(raw: string): string | null {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (url === "") return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (scheme) return /^(https?|mailto)$/i.test(scheme[1] ?? "") ? url : null;
  if (url.startsWith("\\") || url.startsWith("/\\")) return null;
  return url;
}

const ATTR_RE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function renderTag(name: string, closing: boolean, attrText: string): string {
  if (closing) return VOID_TAGS.has(name) ? "" : `</${name}>`;
  const allowed = ALLOWED_ATTRS[name];
  const out: string[] = [];
  let blank = false;
  if (allowed) {
    for (const m of attrText.matchAll(ATTR_RE)) {
      const attr = (m[1] ?? "").toLowerCase();
      if (!allowed.has(attr)) continue;
      let value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
      if (URL_ATTRS.has(attr)) {
        const url = safeUrl(value);
        if (url === null) continue;
        value = url;
      }
      if (attr === "target") {
        if (value !== "_blank") continue;
        blank = true;
      }
      if (
        (attr === "width" || attr === "height" || attr === "colspan" || attr === "rowspan") &&
        !/^\d{1,4}$/.test(value)
      ) {
        continue;
      }
      out.push(`${attr}="${escapeHtml(value)}"`);
    }
  }
  if (blank) out.push('rel="noopener noreferrer"');
  return `<${name}${out.length ? ` ${out.join(" ")}` : ""}>`;
}

/** Finds the end of a tag starting at `start` ('<'), honouring quoted attribute values. */
function tagEnd(html: string, start: number): number {
  let quote: string | null = null;
  for (let i = start + 1; i < html.length; i++) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i;
  }
  return -1;
}

export function sanitizeHtml(html: string): string {
  let out = "";
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) {
      out += escapeText(html.slice(i));
      break;
    }
    out += escapeText(html.slice(i, lt));
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    const head = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, lt + 64));
    if (!head) {
      // "<!doctype", "<?xml", "< 3": not a tag we keep.
      if (/^<[!?]/.test(html.slice(lt, lt + 2))) {
        const end = html.indexOf(">", lt);
        i = end === -1 ? html.length : end + 1;
      } else {
        out += "&lt;";
        i = lt + 1;
      }
      continue;
    }
    const end = tagEnd(html, lt);
    if (end === -1) {
      // An unterminated tag: drop the rest (a browser would not render it as text either).
      break;
    }
    const closing = head[1] === "/";
    const name = (head[2] ?? "").toLowerCase();
    const attrText = html.slice(lt + head[0].length, end);
    i = end + 1;
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing) {
        const close = html.toLowerCase().indexOf(`</${name}`, i);
        if (close === -1) break;
        const closeEnd = html.indexOf(">", close);
        i = closeEnd === -1 ? html.length : closeEnd + 1;
      }
      continue;
    }
    if (ALLOWED_TAGS.has(name)) out += renderTag(name, closing, attrText);
  }
  return out;
}

/** Plain text (titles, summaries): tags removed, entities decoded, whitespace tidied. */
export function plainText(s: string): string {
  return decodeEntities(sanitizeHtml(s).replace(/<[^>]*>/g, " "))
    .replace(/[<>]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
