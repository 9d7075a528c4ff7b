// The content HTML allow-list as a table of inputs and what must come out.
import { describe, expect, it } from "vitest";
import { plainText, safeUrl, sanitizeHtml } from "../../src/modules/content/sanitize";

const CASES: Array<[name: string, input: string, output: string]> = [
  ["plain paragraph", "<p>Hello</p>", "<p>Hello</p>"],
  ["script dropped with its content", "<p>a</p><script>alert(1)</script><p>b</p>", "<p>a</p><p>b</p>"],
  ["upper-case script", "<SCRIPT>alert(1)</SCRIPT>ok", "ok"],
  ["unterminated script drops the rest", "<p>a</p><script>alert(1)", "<p>a</p>"],
  ["event attribute", '<p onclick="x()">a</p>', "<p>a</p>"],
  ["style attribute", '<p style="color:red">a</p>', "<p>a</p>"],
  ["javascript link", '<a href="javascript:alert(1)">a</a>', "<a>a</a>"],
  ["entity-encoded javascript", '<a href="&#106;avascript:alert(1)">a</a>', "<a>a</a>"],
  ["tab inside the scheme", '<a href="java\tscript:alert(1)">a</a>', "<a>a</a>"],
  ["data URL image", '<img src="data:text/html;base64,xx">', "<img>"],
  [
    "https link kept, new tab gets rel",
    '<a href="https://x.io/a?b=1" target="_blank">x</a>',
    '<a href="https://x.io/a?b=1" target="_blank" rel="noopener noreferrer">x</a>',
  ],
  ["relative link kept", '<a href="/#/help">h</a>', '<a href="/#/help">h</a>'],
  ["unknown tag dropped, text kept", "<marquee>hi</marquee>", "hi"],
  ["iframe dropped with content", '<iframe src="https://x">in</iframe>after', "after"],
  ["comment dropped", "a<!-- <script>x</script> -->b", "ab"],
  ["bare angle brackets escaped", "1 < 2 > 0", "1 &lt; 2 &gt; 0"],
  [
    "quote breaking out of an attribute",
    '<img src="/a.png" alt="x&quot; title=&quot;y">',
    '<img src="/a.png" alt="x&quot; title=&quot;y">',
  ],
  ["numeric attribute checked", '<img src="/a.png" width="100px">', '<img src="/a.png">'],
  ["nested script trick", "<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"],
];

describe("sanitizeHtml", () => {
  it.each(CASES)("%s", (_name, input, output) => {
    const clean = sanitizeHtml(input);
    expect(clean).toBe(output);
    expect(clean).not.toMatch(/<script|javascript:|\son\w+=/i);
  });
});

describe("safeUrl and plainText", () => {
  it.each([
    ["https://candor.example/x", "https://candor.example/x"],
    ["mailto:help@candor.example", "mailto:help@candor.example"],
    ["/uploads/a.png", "/uploads/a.png"],
    [" JAVASCRIPT:alert(1)", null],
    ["vbscript:x", null],
    ["\\\\evil", null],
    ["", null],
  ])("safeUrl(%j) = %j", (input, output) => {
    expect(safeUrl(input)).toBe(output);
  });

  it("titles become plain text without angle brackets", () => {
    expect(plainText("<b>Fees</b> &amp; <script>x</script>limits &lt;now&gt;")).toBe("Fees & limits now");
  });
});
