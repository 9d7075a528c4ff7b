// GET /share/announcement/<id>: a server-rendered page for sharing an announcement, with
// Open Graph and Twitter card tags (language from ?lang= or Accept-Language). Every text
// is escaped; the body is the stored, already sanitised HTML.
import { LANG_TAGS, type Lang, parseLang } from "@candor/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { publicOrigin } from "../../config";
import { escapeHtml } from "./sanitize";
import type { ContentService } from "./service";

const NOT_FOUND: Record<Lang, string> = {
  "en-us": "This announcement is not available.",
  ko: "이 공지는 볼 수 없습니다.",
  jp: "このお知らせは表示できません。",
  tai: "ไม่พบประกาศนี้",
  mlxy: "Pengumuman ini tidak tersedia.",
  vl: "Thông báo này không khả dụng.",
  xi: "Este anuncio no está disponible.",
  "zh-cn": "此公告無法顯示。",
};
const OPEN_IN_APP: Record<Lang, string> = {
  "en-us": "Open in the Candor app",
  ko: "Candor 앱에서 열기",
  jp: "Candor アプリで開く",
  tai: "เปิดในแอป Candor",
  mlxy: "Buka dalam aplikasi Candor",
  vl: "Mở trong ứng dụng Candor",
  xi: "Abrir en la app de Candor",
  "zh-cn": "在 Candor App 中開啟",
};

/** ?lang= (an app code) first, then the first Accept-Language tag we know. */
export function shareLang(request: FastifyRequest): Lang {
  const q = (request.query as { lang?: unknown } | undefined)?.lang;
  if (typeof q === "string" && q) return parseLang(q);
  const header = request.headers["accept-language"];
  for (const part of (typeof header === "string" ? header : "").split(",")) {
    const tag = part.split(";")[0]?.trim();
    if (!tag) continue;
    const lang = parseLang(tag);
    if (lang !== "en-us" || tag.toLowerCase().startsWith("en")) return lang;
  }
  return "en-us";
}

const OG_LOCALE: Record<Lang, string> = {
  "en-us": "en_US",
  ko: "ko_KR",
  jp: "ja_JP",
  tai: "th_TH",
  mlxy: "ms_MY",
  vl: "vi_VN",
  xi: "es_ES",
  "zh-cn": "zh_TW",
};

const absolute = (origin: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;

export async function sharePageRoutes(app: FastifyInstance, { service }: { service: ContentService }) {
  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>(
    "/share/announcement/:id",
    { schema: { hide: true } },
    async (request, reply) => {
      const lang = shareLang(request);
      const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const item = id > 0 ? await service.shareable(id, lang) : null;
      // PUBLIC_URL, never the Host header: a forged Host must not reach cached link previews.
      const origin = publicOrigin(app.config);
      reply.header("content-type", "text/html; charset=utf-8").header("cache-control", "public, max-age=60");
      if (!item) {
        return reply.code(404).send(page(lang, `<title>Candor</title>`, `<p>${escapeHtml(NOT_FOUND[lang])}</p>`));
      }
      const url = `${origin}/share/announcement/${item.id}?lang=${lang}`;
      const title = escapeHtml(item.title);
      const description = escapeHtml(item.summary || item.title);
      const image = item.imageUrl ? escapeHtml(absolute(origin, item.imageUrl)) : null;
      const head = [
        `<title>${title} · Candor</title>`,
        `<meta name="description" content="${description}">`,
        `<link rel="canonical" href="${escapeHtml(url)}">`,
        `<meta property="og:type" content="article">`,
        `<meta property="og:site_name" content="Candor">`,
        `<meta property="og:title" content="${title}">`,
        `<meta property="og:description" content="${description}">`,
        `<meta property="og:url" content="${escapeHtml(url)}">`,
        `<meta property="og:locale" content="${OG_LOCALE[lang]}">`,
        `<meta property="article:published_time" content="${escapeHtml(item.publishedAt)}">`,
        ...(image ? [`<meta property="og:image" content="${image}">`] : []),
        `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}">`,
        `<meta name="twitter:title" content="${title}">`,
        `<meta name="twitter:description" content="${description}">`,
        ...(image ? [`<meta name="twitter:image" content="${image}">`] : []),
      ].join("\n");
      const body = `<main>
<h1>${title}</h1>
<time datetime="${escapeHtml(item.publishedAt)}">${escapeHtml(item.publishedAt.slice(0, 10))}</time>
${image ? `<img class="cover" src="${image}" alt="">` : ""}
<article>${item.body}</article>
<p><a class="open" href="/#/articleDetail?id=${item.id}">${escapeHtml(OPEN_IN_APP[lang])}</a></p>
</main>`;
      return reply.send(page(lang, head, body));
    },
  );
}

function page(lang: Lang, head: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(LANG_TAGS[lang])}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${head}
<style>
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2129;background:#f5f6f8}
main{max-width:720px;margin:0 auto;padding:20px 16px 40px;background:#fff;min-height:100vh;box-sizing:border-box}
h1{font-size:22px;line-height:1.3;margin:0 0 8px}time{color:#86909c;font-size:13px}
article{margin-top:16px;overflow-wrap:anywhere}article img,.cover{max-width:100%;height:auto}
.open{display:inline-block;margin-top:24px;padding:10px 16px;border-radius:8px;background:#1652f0;color:#fff;text-decoration:none}
</style>
</head>
<body>
${body}
</body>
</html>`;
}
