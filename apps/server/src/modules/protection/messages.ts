// Customer-facing messages of consumer protection (limits, time-out, self-exclusion).
import type { Translations } from "@candor/contract";

export const protectionMessages = {
  protectionTimeoutActive: {
    "en-us":
      "You are taking a time-out until {until} (UTC). Deposits and new trades are closed until then; you can still close positions, withdraw and contact support.",
    ko: "{until}(UTC)까지 휴식 기간입니다. 그때까지 입금과 신규 거래는 할 수 없으며, 포지션 청산·출금·고객지원은 계속 이용할 수 있습니다.",
    jp: "{until}（UTC）までタイムアウト中です。それまで入金と新規取引はできません。ポジションの決済・出金・サポートへの連絡は引き続き可能です。",
    tai: "คุณอยู่ในช่วงพักถึง {until} (UTC) การฝากเงินและการเทรดใหม่ปิดอยู่จนถึงเวลานั้น คุณยังปิดสถานะ ถอนเงิน และติดต่อฝ่ายสนับสนุนได้",
    mlxy: "Anda sedang berehat sehingga {until} (UTC). Deposit dan dagangan baharu ditutup sehingga itu; anda masih boleh menutup posisi, mengeluarkan dana dan menghubungi sokongan.",
    vl: "Bạn đang tạm nghỉ đến {until} (UTC). Nạp tiền và giao dịch mới bị đóng đến lúc đó; bạn vẫn có thể đóng vị thế, rút tiền và liên hệ hỗ trợ.",
    xi: "Estás en una pausa hasta el {until} (UTC). Los depósitos y las operaciones nuevas están cerrados hasta entonces; puedes seguir cerrando posiciones, retirando y hablando con soporte.",
    "zh-cn": "您正在暫停交易，直到 {until}（UTC）。在此之前無法入金或開新倉；您仍可平倉、提領及聯絡客服。",
  },
  protectionSelfExclusionActive: {
    "en-us":
      "You have excluded yourself until {until} (UTC). Deposits and new trades are closed until then; you can still close positions, withdraw and contact support.",
    ko: "{until}(UTC)까지 자기 이용 제한 중입니다. 그때까지 입금과 신규 거래는 할 수 없으며, 포지션 청산·출금·고객지원은 계속 이용할 수 있습니다.",
    jp: "{until}（UTC）まで自己排除中です。それまで入金と新規取引はできません。ポジションの決済・出金・サポートへの連絡は引き続き可能です。",
    tai: "คุณได้ระงับตนเองถึง {until} (UTC) การฝากเงินและการเทรดใหม่ปิดอยู่จนถึงเวลานั้น คุณยังปิดสถานะ ถอนเงิน และติดต่อฝ่ายสนับสนุนได้",
    mlxy: "Anda telah mengecualikan diri sehingga {until} (UTC). Deposit dan dagangan baharu ditutup sehingga itu; anda masih boleh menutup posisi, mengeluarkan dana dan menghubungi sokongan.",
    vl: "Bạn đã tự loại trừ đến {until} (UTC). Nạp tiền và giao dịch mới bị đóng đến lúc đó; bạn vẫn có thể đóng vị thế, rút tiền và liên hệ hỗ trợ.",
    xi: "Te has autoexcluido hasta el {until} (UTC). Los depósitos y las operaciones nuevas están cerrados hasta entonces; puedes seguir cerrando posiciones, retirando y hablando con soporte.",
    "zh-cn": "您已自我排除至 {until}（UTC）。在此之前無法入金或開新倉；您仍可平倉、提領及聯絡客服。",
  },
  protectionDepositLimit: {
    "en-us":
      "This deposit would pass your {limit} deposit limit of {amount} USDT ({used} USDT deposited in that window so far).",
    ko: "이 입금은 {limit} 입금 한도 {amount} USDT를 넘습니다(해당 기간 입금액 {used} USDT).",
    jp: "この入金は {limit} の入金上限 {amount} USDT を超えます（この期間の入金額 {used} USDT）。",
    tai: "การฝากนี้จะเกินวงเงินฝาก{limit} {amount} USDT ของคุณ (ฝากไปแล้ว {used} USDT ในช่วงนี้)",
    mlxy: "Deposit ini akan melebihi had deposit {limit} anda sebanyak {amount} USDT ({used} USDT telah didepositkan dalam tempoh itu).",
    vl: "Khoản nạp này sẽ vượt hạn mức nạp {limit} {amount} USDT của bạn (đã nạp {used} USDT trong khoảng này).",
    xi: "Este depósito superaría tu límite de depósito {limit} de {amount} USDT (llevas {used} USDT depositados en ese periodo).",
    "zh-cn": "此筆入金將超過您的{limit}入金上限 {amount} USDT（此期間已入金 {used} USDT）。",
  },
  protectionLossLimit: {
    "en-us":
      "You have reached your {limit} loss limit of {amount} USDT. New trades open again when that window has passed; closing positions and withdrawing stay open.",
    ko: "{limit} 손실 한도 {amount} USDT에 도달했습니다. 해당 기간이 지나면 신규 거래가 다시 가능하며, 포지션 청산과 출금은 계속 가능합니다.",
    jp: "{limit} の損失上限 {amount} USDT に達しました。期間が過ぎると新規取引が再開できます。決済と出金は引き続き可能です。",
    tai: "คุณถึงวงเงินขาดทุน{limit} {amount} USDT แล้ว การเทรดใหม่จะเปิดอีกครั้งเมื่อพ้นช่วงเวลานั้น การปิดสถานะและการถอนเงินยังทำได้",
    mlxy: "Anda telah mencapai had kerugian {limit} sebanyak {amount} USDT. Dagangan baharu dibuka semula selepas tempoh itu berlalu; menutup posisi dan pengeluaran kekal terbuka.",
    vl: "Bạn đã chạm hạn mức lỗ {limit} {amount} USDT. Giao dịch mới mở lại khi khoảng thời gian đó qua đi; đóng vị thế và rút tiền vẫn mở.",
    xi: "Has alcanzado tu límite de pérdidas {limit} de {amount} USDT. Las operaciones nuevas se reabren cuando pase ese periodo; cerrar posiciones y retirar siguen abiertos.",
    "zh-cn": "您已達到{limit}虧損上限 {amount} USDT。此期間過後可再開新倉；平倉與提領不受影響。",
  },
  protectionNoPrice: {
    "en-us":
      "{currency} cannot be valued in USDT right now, so your deposit limit cannot be checked. Please try again later.",
    ko: "현재 {currency}의 USDT 가치를 확인할 수 없어 입금 한도를 확인할 수 없습니다. 잠시 후 다시 시도해 주세요.",
    jp: "現在 {currency} を USDT で評価できないため、入金上限を確認できません。しばらくしてから再度お試しください。",
    tai: "ขณะนี้ไม่สามารถประเมินมูลค่า {currency} เป็น USDT ได้ จึงตรวจสอบวงเงินฝากไม่ได้ โปรดลองใหม่ภายหลัง",
    mlxy: "{currency} tidak dapat dinilai dalam USDT sekarang, jadi had deposit anda tidak dapat disemak. Sila cuba lagi kemudian.",
    vl: "Hiện không thể quy đổi {currency} sang USDT nên không kiểm tra được hạn mức nạp. Vui lòng thử lại sau.",
    xi: "Ahora no se puede valorar {currency} en USDT, así que no podemos comprobar tu límite de depósito. Inténtalo más tarde.",
    "zh-cn": "目前無法以 USDT 估算 {currency} 的價值，因此無法檢查您的入金上限。請稍後再試。",
  },
  "protection.day": {
    "en-us": "daily (last 24 hours)",
    ko: "일일(최근 24시간)",
    jp: "1日（直近24時間）",
    tai: "รายวัน (24 ชั่วโมงล่าสุด)",
    mlxy: "harian (24 jam terakhir)",
    vl: "theo ngày (24 giờ qua)",
    xi: "diario (últimas 24 horas)",
    "zh-cn": "每日（最近 24 小時）",
  },
  "protection.week": {
    "en-us": "weekly (last 7 days)",
    ko: "주간(최근 7일)",
    jp: "週（直近7日間）",
    tai: "รายสัปดาห์ (7 วันล่าสุด)",
    mlxy: "mingguan (7 hari terakhir)",
    vl: "theo tuần (7 ngày qua)",
    xi: "semanal (últimos 7 días)",
    "zh-cn": "每週（最近 7 天）",
  },
  "protection.month": {
    "en-us": "monthly (last 30 days)",
    ko: "월간(최근 30일)",
    jp: "月（直近30日間）",
    tai: "รายเดือน (30 วันล่าสุด)",
    mlxy: "bulanan (30 hari terakhir)",
    vl: "theo tháng (30 ngày qua)",
    xi: "mensual (últimos 30 días)",
    "zh-cn": "每月（最近 30 天）",
  },
} satisfies Record<string, Translations>;
