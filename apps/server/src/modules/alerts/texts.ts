// The notice of a fired price alert in the eight languages: the inbox message (content
// module, key "priceAlertFired") and the Web Push notification use the same words.
import { LANG_TAGS, type Lang, type Translations } from "@candor/contract";
import { localDecimal, pairLabel } from "@candor/domain";

export const PRICE_ALERT_TEXT: { title: Translations; body: Translations; bodyMove: Translations } = {
  title: {
    "en-us": "Price alert: {symbol}",
    ko: "가격 알림: {symbol}",
    jp: "価格アラート：{symbol}",
    tai: "การแจ้งเตือนราคา: {symbol}",
    mlxy: "Amaran harga: {symbol}",
    vl: "Cảnh báo giá: {symbol}",
    xi: "Alerta de precio: {symbol}",
    "zh-cn": "價格提醒：{symbol}",
  },
  body: {
    "en-us": "{symbol} reached {price} (your alert: {direction} {value}).",
    ko: "{symbol}이(가) {price}에 도달했습니다(알림 조건: {direction} {value}).",
    jp: "{symbol} が {price} に達しました（アラート：{direction} {value}）。",
    tai: "{symbol} ถึง {price} แล้ว (การแจ้งเตือนของคุณ: {direction} {value})",
    mlxy: "{symbol} mencecah {price} (amaran anda: {direction} {value}).",
    vl: "{symbol} đã chạm {price} (cảnh báo của bạn: {direction} {value}).",
    xi: "{symbol} llegó a {price} (tu alerta: {direction} {value}).",
    "zh-cn": "{symbol} 已達 {price}（您的提醒：{direction} {value}）。",
  },
  bodyMove: {
    "en-us": "{symbol} moved {value}% or more within 24 hours; it is now {price}.",
    ko: "{symbol}이(가) 24시간 내 {value}% 이상 움직였습니다. 현재 {price}입니다.",
    jp: "{symbol} が24時間で {value}% 以上動きました。現在 {price} です。",
    tai: "{symbol} เคลื่อนไหว {value}% ขึ้นไปภายใน 24 ชั่วโมง ขณะนี้อยู่ที่ {price}",
    mlxy: "{symbol} bergerak {value}% atau lebih dalam 24 jam; kini {price}.",
    vl: "{symbol} đã biến động từ {value}% trở lên trong 24 giờ; hiện ở mức {price}.",
    xi: "{symbol} se movió un {value}% o más en 24 horas; ahora está en {price}.",
    "zh-cn": "{symbol} 在 24 小時內波動 {value}% 以上，現價 {price}。",
  },
};

const DIRECTION: Record<"above" | "below", Translations> = {
  above: { "en-us": "≥", ko: "≥", jp: "≥", tai: "≥", mlxy: "≥", vl: "≥", xi: "≥", "zh-cn": "≥" },
  below: { "en-us": "≤", ko: "≤", jp: "≤", tai: "≤", mlxy: "≤", vl: "≤", xi: "≤", "zh-cn": "≤" },
};

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/** The parameters the texts take (also stored with the inbox message). */
export function alertParams(e: { symbol: string; kind: string; value: string; price: string }) {
  return { symbol: pairLabel(e.symbol), kind: e.kind, value: e.value, price: e.price };
}

export function renderAlert(lang: Lang, e: { symbol: string; kind: string; value: string; price: string }) {
  const params: Record<string, string> = {
    ...alertParams(e),
    // The prices in the reader's separators, as the inbox message and the app show them.
    value: localDecimal(e.value, LANG_TAGS[lang]),
    price: localDecimal(e.price, LANG_TAGS[lang]),
    direction: e.kind === "below" ? DIRECTION.below[lang] : DIRECTION.above[lang],
  };
  const body = e.kind === "move24h" ? PRICE_ALERT_TEXT.bodyMove : PRICE_ALERT_TEXT.body;
  return { title: fill(PRICE_ALERT_TEXT.title[lang], params), body: fill(body[lang], params) };
}
