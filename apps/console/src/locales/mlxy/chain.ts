// Malay: the on-chain page (watcher, sweeps, deposits held for closed accounts).
import type { ChainStrings } from "../parts";

export const mlxyChain: ChainStrings = {
  chain: {
    title: "Rantaian",
    intro:
      "Pemantau deposit atas rantaian pada nod ini, sapuan terkini dari alamat deposit ke dompet panas, dan deposit yang tidak akan dikreditkan kerana pelanggan telah menutup akaun mereka.",
    notConfigured:
      "Tiada rantaian blok dikonfigurasikan (CHAIN_EVM_* tidak ditetapkan): deposit dan pengeluaran melalui penyedia pembayaran, dan tiada apa-apa dipantau, disapu atau ditahan di sini.",
    loadFailed: "Status rantaian tidak dapat dimuatkan.",
    status: "Pemantau",
    network: "Rangkaian",
    networkValue: "{{network}} (rantaian {{chainId}})",
    head: "Blok terkini rantaian",
    processed: "Blok diproses",
    stored: "Blok disimpan (mana-mana nod)",
    lag: "Ketinggalan",
    lagBlocks: "{{n}} blok",
    confirmations: "Pengesahan sebelum dikreditkan",
    leading: "Nod ini memantau",
    yes: "Ya",
    no: "Tidak (nod lain memegang kunci)",
    lastRound: "Pusingan berjaya terakhir",
    health: "Keadaan",
    healthy: "Sihat",
    failing: "{{n}} pusingan gagal berturut-turut sejak {{since}}; cubaan seterusnya {{next}}",
    lastError: "Ralat terakhir",
    reorgs: "Penyusunan semula mendalam",
    reorgsHelp:
      "Deposit yang telah dikreditkan tetapi bloknya diganti lebih dalam daripada ambang. Tidak dibatalkan secara automatik: semak setiap satu.",
    noReorgs: "Tiada yang ditanda",
    deposit: "Deposit",
    block: "Blok",
    oldHash: "Dikreditkan dalam",
    newHash: "Kini pada ketinggian itu",
    detectedAt: "Dikesan",
    sweeps: "Sapuan terkini",
    noSweeps: "Belum ada sapuan.",
    address: "Alamat",
    tx: "Transaksi",
    gasTx: "Tambahan gas",
    sweepStatus: { gas_sent: "Gas dihantar", sent: "Dihantar", done: "Selesai", failed: "Gagal" },
    held: "Ditahan untuk akaun ditutup",
    heldHelp:
      "Wang yang tiba di alamat lama akaun yang telah ditutup. Lejar tidak akan mengkreditkannya: pulangkan kepada pelanggan secara manual.",
    noHeld: "Tiada deposit ditahan.",
    confirmationsOf: "{{n}}/{{of}}",
    reconciliation: "Penyesuaian alamat deposit",
    reconciliationHelp:
      "Baki setiap alamat deposit pada rantaian berbanding apa yang dijelaskan oleh rekod (deposit, tambahan gas, sapuan dan gas yang dibayar), dibaca pada satu blok yang disahkan. Perbezaan ialah wang yang tidak dijelaskan oleh mana-mana rekod, contohnya syiling yang dihantar sebelum alamat itu ditunjukkan. Tiada sesiapa dikreditkan secara automatik.",
    reconcile: "Semak sekarang",
    reconciledAt: "Blok {{block}}: {{n}} alamat disemak",
    noDifferences: "Setiap alamat sepadan dengan rekodnya.",
    onChain: "Pada rantaian",
    recorded: "Mengikut rekod",
    difference: "Perbezaan",
  },
};
