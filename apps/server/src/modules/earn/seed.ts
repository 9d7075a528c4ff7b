// Seeded earn products (a fresh database only): three fixed-term, two mining machines and
// two debt claims from sandbox example borrowers. Rates are the operator's to change.
// Mining prices: at the seeded BTC price (market/symbols.ts) and the default network reward
// (products.ts), a machine's term pays back about three quarters of its price — hashrate is
// sold for less than it returns only by a platform that loses money or does not pay
// (test/earn/seeded-mining-pays-back-less-than-its-price.test.ts).
import type { EarnProductInput } from "@candor/contract";
import { count } from "drizzle-orm";
import type { Db } from "../../db";
import { DAY_MS } from "../clock/service";
import { scheduleDebtStart } from "./debt/claims";
import { productValues } from "./products";
import { QUANT_SEED_PRODUCTS } from "./quant/seed";
import { earnProducts, type LocalizedJson } from "./schema";
import {
  DEBT_DEFAULT_POLICY,
  DEBT_DESCRIPTION,
  DEBT_RISK,
  FIXED_DESCRIPTION,
  FIXED_RISK,
  MINING_DESCRIPTION,
  MINING_RISK,
} from "./seed-texts";

const days = (n: number): LocalizedJson => ({
  "en-us": `${n}-day fixed term`,
  ko: `${n}일 고정 기간`,
  jp: `${n}日間 定期`,
  tai: `ฝากประจำ ${n} วัน`,
  mlxy: `Tempoh tetap ${n} hari`,
  vl: `Kỳ hạn cố định ${n} ngày`,
  xi: `Plazo fijo de ${n} días`,
  "zh-cn": `${n} 天定期`,
});

const fixed = (n: number, rate: string, extra: Partial<EarnProductInput>): EarnProductInput => ({
  type: "arbitrage",
  name: days(n),
  description: FIXED_DESCRIPTION,
  riskNotice: FIXED_RISK,
  currency: "USDT",
  termDays: n,
  dailyRate: rate,
  minAmount: "100",
  maxAmount: "50000",
  vipLevel: 0,
  earlyRedemption: false,
  ...extra,
});

const mining = (
  name: string,
  termDays: number,
  machine: NonNullable<EarnProductInput["machine"]>,
  pricePerTh: string,
): EarnProductInput => ({
  type: "mining",
  name: {
    "en-us": `${name} · ${termDays} days`,
    ko: `${name} · ${termDays}일`,
    jp: `${name} · ${termDays}日間`,
    tai: `${name} · ${termDays} วัน`,
    mlxy: `${name} · ${termDays} hari`,
    vl: `${name} · ${termDays} ngày`,
    xi: `${name} · ${termDays} días`,
    "zh-cn": `${name} · ${termDays} 天`,
  },
  description: MINING_DESCRIPTION,
  riskNotice: MINING_RISK,
  currency: "USDT",
  termDays,
  minAmount: "20",
  maxAmount: "5000",
  vipLevel: 0,
  earlyRedemption: false,
  machine,
  pricePerTh,
  electricityPrice: "0.05",
});

const SANDBOX_EXAMPLE: LocalizedJson = {
  "en-us": "sandbox example borrower",
  ko: "샌드박스 예시 차입자",
  jp: "サンドボックスの例示用借り手",
  tai: "ผู้กู้ตัวอย่างในแซนด์บ็อกซ์",
  mlxy: "peminjam contoh kotak pasir",
  vl: "bên vay mẫu trong sandbox",
  xi: "prestatario de ejemplo del entorno de pruebas",
  "zh-cn": "沙盒示範借款人",
};

const borrower = (name: string, what: LocalizedJson): LocalizedJson =>
  Object.fromEntries(Object.entries(what).map(([lang, text]) => [lang, `${name} (${SANDBOX_EXAMPLE[lang]}): ${text}`]));

export function earnSeedProducts(nowMs: number): EarnProductInput[] {
  const raiseEnds = (d: number) => new Date(nowMs + d * DAY_MS).toISOString();
  return [
    fixed(7, "0.0003", { earlyRedemption: true, perCustomerLimit: "100000" }),
    fixed(30, "0.0004", { minAmount: "500", maxAmount: "100000", vipLevel: 1 }),
    fixed(90, "0.0005", { minAmount: "1000", maxAmount: "200000", vipLevel: 2, totalAmount: "1000000" }),
    mining(
      "Antminer S19 XP",
      30,
      {
        manufacturer: "Bitmain",
        model: "Antminer S19 XP",
        hashrate: "141",
        power: "3031",
        size: "386 × 195 × 290 mm",
        weight: "14.5 kg",
        temperature: "5–45 °C",
        humidity: "5–95 % RH, non-condensing",
        network: "Ethernet RJ45, 10/100M",
      },
      "1",
    ),
    mining(
      "Whatsminer M50S",
      90,
      {
        manufacturer: "MicroBT",
        model: "Whatsminer M50S",
        hashrate: "126",
        power: "3276",
        size: "430 × 155 × 226 mm",
        weight: "12.8 kg",
        temperature: "-5–35 °C",
        humidity: "5–95 % RH, non-condensing",
        network: "Ethernet RJ45",
      },
      "2.4",
    ),
    {
      type: "debt",
      name: {
        "en-us": "Solar installer working capital · 90 days",
        ko: "태양광 설치업체 운전자금 · 90일",
        jp: "太陽光設置業者の運転資金 · 90日",
        tai: "เงินทุนหมุนเวียนผู้ติดตั้งโซลาร์ · 90 วัน",
        mlxy: "Modal kerja pemasang solar · 90 hari",
        vl: "Vốn lưu động nhà lắp đặt điện mặt trời · 90 ngày",
        xi: "Capital circulante de un instalador solar · 90 días",
        "zh-cn": "太陽能安裝商營運資金 · 90 天",
      },
      description: DEBT_DESCRIPTION,
      riskNotice: DEBT_RISK,
      currency: "USDT",
      termDays: 90,
      dailyRate: "0.00035",
      minAmount: "100",
      maxAmount: "20000",
      totalAmount: "200000",
      vipLevel: 0,
      earlyRedemption: false,
      saleEndAt: raiseEnds(7),
      borrower: borrower("Sunline Installations Ltd.", {
        "en-us": "installs rooftop solar panels and borrows to buy panels ahead of paid contracts",
        ko: "지붕형 태양광 패널을 설치하며, 계약 대금을 받기 전에 패널을 구매하기 위해 차입합니다",
        jp: "屋根置き太陽光パネルを設置し、契約代金の入金前にパネルを仕入れるために借り入れます",
        tai: "ติดตั้งแผงโซลาร์บนหลังคา และกู้เพื่อซื้อแผงล่วงหน้าก่อนได้รับเงินตามสัญญา",
        mlxy: "memasang panel solar bumbung dan meminjam untuk membeli panel sebelum kontrak dibayar",
        vl: "lắp đặt pin mặt trời áp mái và vay để mua tấm pin trước khi hợp đồng được thanh toán",
        xi: "instala paneles solares en tejados y pide prestado para comprar paneles antes de cobrar los contratos",
        "zh-cn": "從事屋頂太陽能板安裝，借款用於在合約款項入帳前購買面板",
      }),
      defaultPolicy: DEBT_DEFAULT_POLICY,
    },
    {
      type: "debt",
      name: {
        "en-us": "Delivery van financing · 60 days",
        ko: "배송 밴 구매 자금 · 60일",
        jp: "配送用バンの購入資金 · 60日",
        tai: "สินเชื่อรถตู้ขนส่ง · 60 วัน",
        mlxy: "Pembiayaan van penghantaran · 60 hari",
        vl: "Tài trợ xe tải giao hàng · 60 ngày",
        xi: "Financiación de furgonetas de reparto · 60 días",
        "zh-cn": "配送廂型車融資 · 60 天",
      },
      description: DEBT_DESCRIPTION,
      riskNotice: DEBT_RISK,
      currency: "USDT",
      termDays: 60,
      dailyRate: "0.0003",
      minAmount: "50",
      maxAmount: "10000",
      totalAmount: "100000",
      vipLevel: 0,
      earlyRedemption: false,
      saleEndAt: raiseEnds(5),
      borrower: borrower("Northway Couriers", {
        "en-us": "a regional courier that borrows to buy two delivery vans, repaid from delivery fees",
        ko: "배송 수수료로 상환할 계획으로 배송 밴 두 대를 구매하기 위해 차입하는 지역 택배 회사",
        jp: "配送料収入から返済する予定で、配送用バン 2 台の購入のために借り入れる地域の配送業者",
        tai: "บริษัทขนส่งในภูมิภาคที่กู้เพื่อซื้อรถตู้ 2 คัน และชำระคืนจากค่าขนส่ง",
        mlxy: "syarikat kurier serantau yang meminjam untuk membeli dua van, dibayar balik daripada yuran penghantaran",
        vl: "công ty chuyển phát khu vực vay để mua hai xe tải giao hàng, trả nợ từ phí giao hàng",
        xi: "una mensajería regional que pide prestado para comprar dos furgonetas y lo devuelve con sus tarifas de reparto",
        "zh-cn": "區域快遞公司，借款購買兩輛配送廂型車，以運費收入還款",
      }),
      defaultPolicy: DEBT_DEFAULT_POLICY,
    },
  ];
}

/** Seeds the products once (an empty table); later starts leave the operator's edits alone. */
export async function seedEarn(db: Db, extra: EarnProductInput[] = [], nowMs = Date.now()): Promise<void> {
  const [row] = await db.select({ n: count() }).from(earnProducts);
  if (Number(row?.n ?? 0) > 0) return;
  const all = [...earnSeedProducts(nowMs), ...QUANT_SEED_PRODUCTS, ...extra];
  for (const [i, input] of all.entries()) {
    const [created] = await db
      .insert(earnProducts)
      .values({ ...productValues(input, nowMs), sort: i })
      .returning();
    if (created) await scheduleDebtStart(db, created);
  }
}
