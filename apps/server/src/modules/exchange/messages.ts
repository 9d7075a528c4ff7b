// Customer-facing messages of the flash exchange.
import type { Translations } from "@candor/contract";

export const exchangeMessages = {
  exchangeSameCurrency: {
    "en-us": "to: choose a currency different from {currency}",
    ko: "to: {currency}와(과) 다른 통화를 선택해 주세요",
    jp: "to：{currency} とは異なる通貨を選択してください",
    tai: "to: กรุณาเลือกสกุลเงินที่ต่างจาก {currency}",
    mlxy: "to: pilih mata wang yang berbeza daripada {currency}",
    vl: "to: hãy chọn một loại tiền khác {currency}",
    xi: "to: elija una moneda distinta de {currency}",
    "zh-cn": "to：請選擇與 {currency} 不同的幣種",
  },
  exchangeUnknownCurrency: {
    "en-us": "{field}: {currency} cannot be exchanged",
    ko: "{field}: {currency}은(는) 환전할 수 없습니다",
    jp: "{field}：{currency} は交換できません",
    tai: "{field}: ไม่สามารถแลกเปลี่ยน {currency} ได้",
    mlxy: "{field}: {currency} tidak boleh ditukar",
    vl: "{field}: không thể đổi {currency}",
    xi: "{field}: {currency} no se puede cambiar",
    "zh-cn": "{field}：{currency} 不支援兌換",
  },
  exchangeAmountTooSmall: {
    "en-us": "amount: the value must be at least {min} USDT",
    ko: "amount: 금액은 최소 {min} USDT 이상이어야 합니다",
    jp: "amount：金額は {min} USDT 以上である必要があります",
    tai: "amount: มูลค่าต้องไม่ต่ำกว่า {min} USDT",
    mlxy: "amount: nilai mestilah sekurang-kurangnya {min} USDT",
    vl: "amount: giá trị phải tối thiểu {min} USDT",
    xi: "amount: el valor debe ser de al menos {min} USDT",
    "zh-cn": "amount：金額至少需價值 {min} USDT",
  },
} satisfies Record<string, Translations>;
