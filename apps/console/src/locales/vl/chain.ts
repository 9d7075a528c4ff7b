// Vietnamese: the on-chain page (watcher, sweeps, deposits held for closed accounts).
import type { ChainStrings } from "../parts";

export const vlChain: ChainStrings = {
  chain: {
    title: "Chuỗi khối",
    intro:
      "Bộ theo dõi nạp tiền trên chuỗi của nút này, các lần gom gần đây từ địa chỉ nạp về ví nóng, và các khoản nạp sẽ không được ghi có vì khách hàng đã đóng tài khoản.",
    notConfigured:
      "Chưa cấu hình chuỗi khối (chưa đặt CHAIN_EVM_*): nạp và rút đi qua nhà cung cấp thanh toán, không có gì được theo dõi, gom hay giữ lại ở đây.",
    loadFailed: "Không tải được trạng thái chuỗi.",
    status: "Bộ theo dõi",
    network: "Mạng",
    networkValue: "{{network}} (chuỗi {{chainId}})",
    head: "Khối mới nhất của chuỗi",
    processed: "Khối đã xử lý",
    stored: "Khối đã lưu (mọi nút)",
    lag: "Độ trễ",
    lagBlocks: "{{n}} khối",
    confirmations: "Số xác nhận để ghi có",
    leading: "Nút này đang theo dõi",
    yes: "Có",
    no: "Không (nút khác đang giữ khóa)",
    lastRound: "Vòng thành công gần nhất",
    health: "Tình trạng",
    healthy: "Bình thường",
    failing: "{{n}} vòng thất bại liên tiếp từ {{since}}; thử lại lúc {{next}}",
    lastError: "Lỗi gần nhất",
    reorgs: "Tái tổ chức sâu",
    reorgsHelp:
      "Các khoản nạp đã ghi có nhưng khối của chúng bị thay thế sâu hơn ngưỡng. Không bao giờ tự động đảo ngược: hãy kiểm tra từng khoản.",
    noReorgs: "Không có khoản nào bị đánh dấu",
    deposit: "Khoản nạp",
    block: "Khối",
    oldHash: "Đã ghi có trong",
    newHash: "Hiện tại ở độ cao đó",
    detectedAt: "Phát hiện lúc",
    sweeps: "Lần gom gần đây",
    noSweeps: "Chưa có lần gom nào.",
    address: "Địa chỉ",
    tx: "Giao dịch",
    gasTx: "Nạp phí gas",
    sweepStatus: { gas_sent: "Đã gửi gas", sent: "Đã gửi", done: "Hoàn tất", failed: "Thất bại" },
    held: "Giữ lại cho tài khoản đã đóng",
    heldHelp:
      "Tiền đến địa chỉ cũ của một tài khoản đã đóng. Sổ cái sẽ không ghi có: hãy hoàn trả cho khách hàng thủ công.",
    noHeld: "Không có khoản nạp nào bị giữ.",
    confirmationsOf: "{{n}}/{{of}}",
    reconciliation: "Đối chiếu địa chỉ nạp tiền",
    reconciliationHelp:
      "So sánh số dư trên chuỗi của từng địa chỉ nạp với số mà các bản ghi giải thích được (khoản nạp, nạp gas, lần gom và phí gas đã trả), đọc tại một khối đã xác nhận. Chênh lệch là tiền không bản ghi nào giải thích, ví dụ đồng coin gửi đến trước khi địa chỉ được hiển thị. Không ai được ghi có tự động.",
    reconcile: "Kiểm tra ngay",
    reconciledAt: "Khối {{block}}: đã kiểm tra {{n}} địa chỉ",
    noDifferences: "Mọi địa chỉ đều khớp với bản ghi.",
    onChain: "Trên chuỗi",
    recorded: "Theo bản ghi",
    difference: "Chênh lệch",
  },
};
