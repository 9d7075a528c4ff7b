// Customer-facing messages of the automated strategies (earn quant).
import type { Translations } from "@candor/contract";

export const quantMessages = {
  quantOrderNotRunning: {
    "en-us": "This order is not a running strategy, so it cannot be stopped",
    ko: "이 주문은 실행 중인 전략이 아니므로 중지할 수 없습니다",
    jp: "この注文は稼働中の戦略ではないため、停止できません",
    tai: "คำสั่งนี้ไม่ใช่กลยุทธ์ที่กำลังทำงานอยู่ จึงหยุดไม่ได้",
    mlxy: "Pesanan ini bukan strategi yang sedang berjalan, jadi ia tidak boleh dihentikan",
    vl: "Lệnh này không phải là chiến lược đang chạy nên không thể dừng",
    xi: "Esta orden no es una estrategia en curso, así que no se puede detener",
    "zh-cn": "此訂單不是運行中的策略，無法停止",
  },
  quantStrategyInvalid: {
    "en-us": "This product's strategy settings are incomplete; it cannot be bought right now",
    ko: "이 상품의 전략 설정이 완전하지 않아 지금은 구매할 수 없습니다",
    jp: "この商品の戦略設定が不完全なため、現在は購入できません",
    tai: "การตั้งค่ากลยุทธ์ของผลิตภัณฑ์นี้ยังไม่ครบถ้วน จึงยังซื้อไม่ได้ในขณะนี้",
    mlxy: "Tetapan strategi produk ini tidak lengkap; ia tidak boleh dibeli sekarang",
    vl: "Cài đặt chiến lược của sản phẩm này chưa đầy đủ nên hiện chưa thể mua",
    xi: "La configuración de la estrategia de este producto está incompleta; ahora no se puede comprar",
    "zh-cn": "此產品的策略設定不完整，目前無法購買",
  },
} satisfies Record<string, Translations>;
