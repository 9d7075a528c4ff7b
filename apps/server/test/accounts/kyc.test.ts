// Identity verification: basic and advanced submissions, states, the operator's
// review (approve / reject with reason), privacy of the documents, country after KYC.
import { describe, expect, it } from "vitest";
import { getKycLevel, getKycStatus } from "../../src/modules/kyc/service";
import { getUserCountry } from "../../src/modules/users/service";
import { auth, type Customer, createOperator, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { multipart, samples } from "./factory";

const { app, database } = await setupApp();
const operator = await createOperator(app, database);

async function uploadImage(token: string): Promise<string> {
  const body = multipart(samples.jpeg);
  const res = await app.inject({
    method: "POST",
    url: "/api/sys/common/upload",
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().result.url;
}

const status = async (token: string) =>
  (await app.inject({ method: "GET", url: "/api/user/kyc/status", headers: auth(token) })).json().result;
const submitBasic = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/user/kyc/basic", headers: auth(token), payload });
const review = (action: "approve" | "reject", payload: Record<string, unknown>, token = operator.token) =>
  app.inject({ method: "POST", url: `/api/operator/kyc/${action}`, headers: auth(token), payload });
const pendingList = async (query = "") =>
  (await app.inject({ method: "GET", url: `/api/operator/kyc/list${query}`, headers: auth(operator.token) })).json()
    .result;

async function idCardSubmission(c: Customer) {
  const front = await uploadImage(c.token);
  const back = await uploadImage(c.token);
  const res = await submitBasic(c.token, {
    documentType: "id_card",
    countryCode: "FR",
    realName: "Marie Curie",
    documentNumber: "X123",
    frontImage: front,
    backImage: back,
  });
  expect(res.statusCode).toBe(200);
  return { id: res.json().result.id as number, front, back };
}

const advanced = {
  surname: "Curie",
  givenName: "Marie",
  phone: "+33 1 23 45 67 89",
  address: "1 rue Pierre et Marie Curie, Paris",
  emergencyContact: {
    surname: "Curie",
    name: "Pierre",
    relationship: "spouse",
    phone: "+33 1 98 76 54 32",
    address: "Paris",
  },
};

describe("basic verification", () => {
  it("goes not started → pending → passed, and the verified country becomes the customer's", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    expect(await status(c.token)).toMatchObject({ status: "none", canSubmitBasic: true, canSubmitAdvanced: false });
    const { id } = await idCardSubmission(c);
    expect(await status(c.token)).toMatchObject({
      status: "pending",
      basic: { id, status: "pending", documentType: "id_card" },
    });
    expect(await getKycStatus(database.db, c.id)).toBe("pending");

    const again = await submitBasic(c.token, {
      documentType: "passport",
      countryCode: "FR",
      frontImage: await uploadImage(c.token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Your verification is being reviewed");

    const list = await pendingList("?level=basic&pageSize=100");
    const record = list.records.find((r: { id: number }) => r.id === id);
    expect(record).toMatchObject({
      userId: c.id,
      username: c.username,
      level: "basic",
      status: "pending",
      countryCode: "FR",
    });
    expect(record.frontImageUrl).toMatch(/^\/api\/sys\/common\/files\//);

    const approved = await review("approve", { id });
    expect(approved.json().result).toEqual({ id, status: "passed" });
    expect(await status(c.token)).toMatchObject({ status: "passed", canSubmitBasic: false, canSubmitAdvanced: true });
    const me = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(c.token) });
    expect(me.json().result.kycStatus).toBe("passed");
    expect(await getUserCountry(database.db, c.id)).toBe("FR");
    expect(await getKycLevel(database.db, c.id)).toBe(1);

    // The declared country can no longer be changed by hand.
    const move = await app.inject({
      method: "POST",
      url: "/api/user/appUser/updatePersonalInfo",
      headers: auth(c.token),
      payload: { countryCode: "US" },
    });
    expect(move.statusCode).toBe(409);
    // A reviewed submission cannot be reviewed again.
    expect((await review("reject", { id, reason: "late" })).statusCode).toBe(409);
  });

  it("is rejected with a reason the customer sees, then resubmitted", async () => {
    const c = await registerCustomer(app);
    const { id } = await idCardSubmission(c);
    const rejected = await review("reject", { id, reason: "The photo is blurred" });
    expect(rejected.json().result).toEqual({ id, status: "rejected" });
    const state = await status(c.token);
    expect(state).toMatchObject({ status: "rejected", canSubmitBasic: true });
    expect(state.basic.rejectReason).toBe("The photo is blurred");
    const passport = await submitBasic(c.token, {
      documentType: "passport",
      countryCode: "GB",
      frontImage: await uploadImage(c.token),
    });
    expect(passport.statusCode).toBe(200);
    expect((await status(c.token)).status).toBe("pending");
  });

  it("needs the back of an ID card, and only the caller's own images", async () => {
    const c = await registerCustomer(app);
    const other = await registerCustomer(app);
    const front = await uploadImage(c.token);
    const noBack = await submitBasic(c.token, { documentType: "id_card", countryCode: "FR", frontImage: front });
    expect(noBack.statusCode).toBe(400);
    expect(noBack.json().message).toBe("Please upload the back of the ID card");
    const stolen = await submitBasic(c.token, {
      documentType: "passport",
      countryCode: "FR",
      frontImage: await uploadImage(other.token),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toContain("frontImage");
    const badType = await submitBasic(c.token, { documentType: "selfie", countryCode: "FR", frontImage: front });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toContain("documentType");
  });

  it("keeps the documents private: another customer gets 404, the owner and operators see them", async () => {
    const c = await registerCustomer(app);
    const other = await registerCustomer(app);
    const { front } = await idCardSubmission(c);
    expect((await app.inject({ method: "GET", url: front, headers: auth(other.token) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: front })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: front, headers: auth(c.token) })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: front, headers: auth(operator.token) })).statusCode).toBe(200);
  });
});

describe("advanced verification", () => {
  it("needs basic passed first, then follows the same review", async () => {
    const c = await registerCustomer(app);
    const early = await app.inject({
      method: "POST",
      url: "/api/user/kyc/advanced",
      headers: auth(c.token),
      payload: advanced,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Please pass the basic identity verification first");

    const { id } = await idCardSubmission(c);
    await review("approve", { id });
    const res = await app.inject({
      method: "POST",
      url: "/api/user/kyc/advanced",
      headers: auth(c.token),
      payload: advanced,
    });
    expect(res.statusCode).toBe(200);
    const advancedId = res.json().result.id;
    expect((await status(c.token)).advanced.status).toBe("pending");
    const list = await pendingList("?level=advanced&pageSize=100");
    expect(list.records.find((r: { id: number }) => r.id === advancedId)?.details).toEqual(advanced);
    await review("approve", { id: advancedId });
    expect(await getKycLevel(database.db, c.id)).toBe(2);
    const me = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(c.token) });
    expect(me.json().result.kycAdvancedStatus).toBe("passed");
  });

  it("validates the emergency contact, naming the field", async () => {
    const c = await registerCustomer(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/user/kyc/advanced",
      headers: auth(c.token),
      payload: { ...advanced, emergencyContact: { ...advanced.emergencyContact, relationship: "" } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("emergencyContact.relationship");
  });
});

describe("operator endpoints", () => {
  it("are for operators only (customer 403, anonymous 401)", async () => {
    const c = await registerCustomer(app);
    expect(
      (await app.inject({ method: "GET", url: "/api/operator/kyc/list", headers: auth(c.token) })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/operator/kyc/list" })).statusCode).toBe(401);
    expect((await review("approve", { id: 1 }, c.token)).statusCode).toBe(403);
  });

  it("lists pending first-in first-out with paging, 404 for an unknown id, and needs a reason to reject", async () => {
    const a = await registerCustomer(app);
    const b = await registerCustomer(app);
    const first = await idCardSubmission(a);
    const second = await idCardSubmission(b);
    const all = await pendingList("?pageSize=100");
    const ids = all.records.map((r: { id: number }) => r.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const page1 = await pendingList("?pageSize=1&pageNo=1");
    expect(page1.records).toHaveLength(1);
    expect(page1.total).toBe(all.total);
    expect((await review("approve", { id: 99_999_999 })).statusCode).toBe(404);
    const noReason = await review("reject", { id: second.id, reason: "" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain("reason");
  });
});
