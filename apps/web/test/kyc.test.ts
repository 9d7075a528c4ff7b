// Identity verification: what the forms send, the headline of the result screen, country search.
import type { Country, KycState } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { PHONE_PATTERN, toAdvancedBody } from "../src/features/kyc/advanced-screen";
import { countryName, searchCountries } from "../src/features/kyc/countries";
import { toBasicBody } from "../src/features/kyc/identity-screen";
import { headline } from "../src/features/kyc/result-screen";

describe("basic verification request", () => {
  it("sends both sides of an ID card", () => {
    expect(
      toBasicBody({
        documentType: ["id_card"],
        countryCode: "TH",
        realName: "  Somchai Jaidee ",
        documentNumber: "1234",
        frontImage: "/api/sys/common/files/a.jpg",
        backImage: "/api/sys/common/files/b.jpg",
      }),
    ).toEqual({
      documentType: "id_card",
      countryCode: "TH",
      realName: "Somchai Jaidee",
      documentNumber: "1234",
      frontImage: "/api/sys/common/files/a.jpg",
      backImage: "/api/sys/common/files/b.jpg",
    });
  });
  it("sends only the portrait page of a passport", () => {
    const body = toBasicBody({
      documentType: ["passport"],
      countryCode: "KR",
      realName: "Kim",
      documentNumber: "M123",
      frontImage: "/f.jpg",
      backImage: "/left-over.jpg",
    });
    expect(body.documentType).toBe("passport");
    expect(body.backImage).toBeUndefined();
  });
});

describe("advanced verification request", () => {
  it("nests the emergency contact and trims every field", () => {
    expect(
      toAdvancedBody({
        surname: " Nguyen ",
        givenName: "An",
        phone: "+84 912 345 678",
        address: "1 Street",
        contactSurname: "Tran",
        contactName: "Binh",
        relationship: "spouse",
        contactPhone: "0912-345-678",
        contactAddress: "2 Street ",
      }),
    ).toEqual({
      surname: "Nguyen",
      givenName: "An",
      phone: "+84 912 345 678",
      address: "1 Street",
      emergencyContact: {
        surname: "Tran",
        name: "Binh",
        relationship: "spouse",
        phone: "0912-345-678",
        address: "2 Street",
      },
    });
  });
  it.each([
    ["+1 555 123 4567", true],
    ["(02) 123-4567", true],
    ["123", false],
    ["phone", false],
    ["+1 555 123 4567 ext", false],
  ])("phone %j valid = %s", (phone, valid) => {
    expect(PHONE_PATTERN.test(phone)).toBe(valid);
  });
});

describe("result headline", () => {
  const level = (status: KycState["basic"]["status"]) => ({
    id: null,
    status,
    rejectReason: null,
    submittedAt: null,
    reviewedAt: null,
  });
  const state = (basic: KycState["basic"]["status"], advanced: KycState["basic"]["status"]): KycState => ({
    status: basic,
    basic: { ...level(basic), documentType: null },
    advanced: level(advanced),
    canSubmitBasic: basic === "none" || basic === "rejected",
    canSubmitAdvanced: basic === "passed" && (advanced === "none" || advanced === "rejected"),
  });
  it.each([
    ["none", "none", "basic", "none"],
    ["pending", "none", "basic", "pending"],
    ["rejected", "none", "basic", "rejected"],
    ["passed", "none", "basic", "passed"],
    ["passed", "pending", "advanced", "pending"],
    ["passed", "rejected", "advanced", "rejected"],
    ["passed", "passed", "advanced", "passed"],
  ] as const)("basic %s, advanced %s → %s %s", (b, a, lv, st) => {
    expect(headline(state(b, a))).toEqual({ level: lv, status: st });
  });
});

describe("country picker search", () => {
  const countries: Country[] = [
    { englishName: "United States", chineseName: "美國", countryCode: "US", phoneCode: "1", isDefault: true },
    { englishName: "Korea, Republic of", chineseName: "韓國", countryCode: "KR", phoneCode: "82", isDefault: false },
    { englishName: "Thailand", chineseName: "泰國", countryCode: "TH", phoneCode: "66", isDefault: false },
  ];
  it.each([
    ["", "en-us", ["KR", "TH", "US"]],
    ["", "ko", ["KR", "US", "TH"]],
    ["thai", "en-us", ["TH"]],
    ["韓", "en-us", ["KR"]],
    ["82", "en-us", ["KR"]],
    ["kr", "en-us", ["KR"]],
    ["대한", "ko", ["KR"]],
  ] as const)("%j in %s → %j", (q, lang, codes) => {
    expect(searchCountries(countries, q, lang).map((c) => c.countryCode)).toEqual(codes);
  });
  it("names countries in the customer's language", () => {
    const korea = countries[1] as Country;
    expect(countryName(korea, "ko")).toBe("대한민국");
    expect(countryName(korea, "zh-cn")).toBe("南韓");
  });
});
