// Messages of the proof of reserves and liabilities.
import type { Translations } from "@candor/contract";

export const reserveMessages = {
  proofNoneYet: {
    "en-us": "No proof of reserves has been published yet",
    ko: "아직 게시된 준비금 증명이 없습니다",
    jp: "準備金の証明はまだ公開されていません",
    tai: "ยังไม่มีการเผยแพร่หลักฐานทุนสำรอง",
    mlxy: "Tiada bukti rizab diterbitkan lagi",
    vl: "Chưa có bằng chứng dự trữ nào được công bố",
    xi: "Todavía no se ha publicado ninguna prueba de reservas",
    "zh-cn": "尚未發布儲備金證明",
  },
  proofNotFound: {
    "en-us": "This proof does not exist or your account is not in it",
    ko: "이 증명이 존재하지 않거나 귀하의 계정이 포함되어 있지 않습니다",
    jp: "この証明は存在しないか、あなたのアカウントが含まれていません",
    tai: "ไม่มีหลักฐานนี้ หรือบัญชีของคุณไม่ได้อยู่ในหลักฐานนี้",
    mlxy: "Bukti ini tidak wujud atau akaun anda tiada di dalamnya",
    vl: "Bằng chứng này không tồn tại hoặc tài khoản của bạn không có trong đó",
    xi: "Esta prueba no existe o tu cuenta no está incluida",
    "zh-cn": "此證明不存在，或您的帳戶不在其中",
  },
  proofTreePruned: {
    "en-us":
      "Trees of proofs are kept for {days} days: this proof's root and totals are still published, but your leaf is no longer stored",
    ko: "증명 트리는 {days}일 동안 보관됩니다. 이 증명의 루트와 합계는 계속 게시되지만 귀하의 리프는 더 이상 저장되어 있지 않습니다",
    jp: "証明のツリーは{days}日間保管されます。この証明のルートと合計は引き続き公開されていますが、あなたのリーフはもう保存されていません",
    tai: "ต้นไม้ของหลักฐานจะเก็บไว้ {days} วัน รากและยอดรวมของหลักฐานนี้ยังเผยแพร่อยู่ แต่ใบ (leaf) ของคุณไม่ได้จัดเก็บแล้ว",
    mlxy: "Pepohon bukti disimpan selama {days} hari: punca dan jumlah bukti ini masih diterbitkan, tetapi daun anda tidak lagi disimpan",
    vl: "Cây của bằng chứng được lưu trong {days} ngày: gốc và tổng của bằng chứng này vẫn được công bố, nhưng lá của bạn không còn được lưu",
    xi: "Los árboles de las pruebas se guardan {days} días: la raíz y los totales de esta prueba siguen publicados, pero tu hoja ya no se conserva",
    "zh-cn": "證明的樹保存 {days} 天：此證明的根與總額仍然公開，但您的葉節點已不再保存",
  },
  proofChainUnavailable: {
    "en-us": "The blockchain node could not be read; no proof was made. Try again later",
    ko: "블록체인 노드를 읽을 수 없어 증명이 생성되지 않았습니다. 나중에 다시 시도하세요",
    jp: "ブロックチェーンノードを読み取れなかったため、証明は作成されませんでした。後でもう一度お試しください",
    tai: "อ่านโหนดบล็อกเชนไม่ได้ จึงไม่ได้สร้างหลักฐาน โปรดลองอีกครั้งภายหลัง",
    mlxy: "Nod rantaian blok tidak dapat dibaca; tiada bukti dibuat. Cuba lagi kemudian",
    vl: "Không đọc được nút blockchain; chưa tạo bằng chứng. Vui lòng thử lại sau",
    xi: "No se pudo leer el nodo de la cadena de bloques; no se hizo ninguna prueba. Inténtalo más tarde",
    "zh-cn": "無法讀取區塊鏈節點，未產生證明。請稍後再試",
  },
} satisfies Record<string, Translations>;
