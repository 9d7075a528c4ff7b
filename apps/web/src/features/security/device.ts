// A readable name for a session's device from its user agent ("Chrome · Android").

const OS_RULES: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

// Order matters: Edge and Opera also say "Chrome"; Chrome also says "Safari".
const BROWSER_RULES: [RegExp, string][] = [
  [/EdgA?\/|EdgiOS\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/CriOS\/|Chrome\/|Chromium\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\//, "Safari"],
];

export function describeDevice(userAgent: string): string | null {
  const ua = userAgent.trim();
  if (!ua) return null;
  const os = OS_RULES.find(([re]) => re.test(ua))?.[1];
  const browser = BROWSER_RULES.find(([re]) => re.test(ua))?.[1];
  if (browser && os) return `${browser} · ${os}`;
  if (browser || os) return (browser ?? os) as string;
  // Apps and tools: "okhttp/4.12", "curl/8.5.0" → their first product token.
  const product = ua.split(/[\s/]/)[0];
  return product ? product.slice(0, 40) : null;
}
