// Messages of short links.
import type { Translations } from "@candor/contract";

export const shortLinkMessages = {
  shortLinkNotFound: {
    "en-us": "This link does not exist or is no longer valid",
    ko: "존재하지 않거나 더 이상 유효하지 않은 링크입니다",
    jp: "このリンクは存在しないか、すでに無効です",
    tai: "ลิงก์นี้ไม่มีอยู่หรือใช้งานไม่ได้แล้ว",
    mlxy: "Pautan ini tidak wujud atau tidak lagi sah",
    vl: "Liên kết này không tồn tại hoặc không còn hiệu lực",
    xi: "Este enlace no existe o ya no es válido",
    "zh-cn": "此連結不存在或已失效",
  },
} satisfies Record<string, Translations>;
