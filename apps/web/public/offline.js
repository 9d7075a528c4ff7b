// The offline page's strings, in the language the app last used (localStorage "lang")
// or the browser's. Kept inline: the app's i18n chunks may not be cached.
(() => {
  const strings = {
    "en-us": [
      "You are offline",
      "Candor needs a connection to show prices and your balances. Check your connection and try again.",
      "Try again",
    ],
    ko: [
      "오프라인 상태입니다",
      "Candor는 시세와 잔액을 보여 주려면 인터넷 연결이 필요합니다. 연결을 확인하고 다시 시도하세요.",
      "다시 시도",
    ],
    jp: [
      "オフラインです",
      "Candor で価格や残高を表示するには接続が必要です。接続を確認してもう一度お試しください。",
      "再試行",
    ],
    tai: ["คุณออฟไลน์อยู่", "Candor ต้องใช้การเชื่อมต่อเพื่อแสดงราคาและยอดเงินของคุณ โปรดตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง", "ลองอีกครั้ง"],
    mlxy: [
      "Anda di luar talian",
      "Candor memerlukan sambungan untuk menunjukkan harga dan baki anda. Semak sambungan anda dan cuba lagi.",
      "Cuba lagi",
    ],
    vl: [
      "Bạn đang ngoại tuyến",
      "Candor cần kết nối mạng để hiển thị giá và số dư của bạn. Hãy kiểm tra kết nối rồi thử lại.",
      "Thử lại",
    ],
    xi: [
      "Sin conexión",
      "Candor necesita conexión para mostrar los precios y tus saldos. Comprueba tu conexión e inténtalo de nuevo.",
      "Reintentar",
    ],
    "zh-cn": ["目前離線", "Candor 需要網路連線才能顯示價格與您的餘額。請檢查連線後再試一次。", "重試"],
  };
  const htmlLang = { "en-us": "en", ko: "ko", jp: "ja", tai: "th", mlxy: "ms", vl: "vi", xi: "es", "zh-cn": "zh-Hant" };
  const fromBrowser = (tag) => {
    const l = tag.toLowerCase();
    if (l.startsWith("ko")) return "ko";
    if (l.startsWith("ja")) return "jp";
    if (l.startsWith("th")) return "tai";
    if (l.startsWith("ms")) return "mlxy";
    if (l.startsWith("vi")) return "vl";
    if (l.startsWith("es")) return "xi";
    if (l.startsWith("zh")) return "zh-cn";
    return "en-us";
  };
  let lang = "en-us";
  try {
    lang = localStorage.getItem("lang") || fromBrowser(navigator.language || "en");
  } catch {
    lang = fromBrowser(navigator.language || "en");
  }
  const s = strings[lang] || strings["en-us"];
  document.documentElement.lang = htmlLang[lang] || "en";
  document.title = `Candor — ${s[0]}`;
  document.getElementById("offline-title").textContent = s[0];
  document.getElementById("offline-text").textContent = s[1];
  document.getElementById("offline-retry").textContent = s[2];
})();
