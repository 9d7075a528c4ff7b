-- Proving the address at registration (docs/contract.md "Accounts"): an account whose
-- e-mail or phone came back with a code is `contact_verified`; until then it cannot deposit
-- or withdraw. Existing accounts start unproved (nothing proved their addresses; before
-- real money they prove them once with a purpose=verify code). The sandbox's seeded demo
-- customer is marked by the seed.
ALTER TABLE users ADD COLUMN contact_verified boolean NOT NULL DEFAULT false;

-- Codes for registration (to an address without an account) and for proving an
-- account's own address later.
ALTER TABLE one_time_codes DROP CONSTRAINT IF EXISTS one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
  CHECK (purpose IN ('login', 'reset', 'register', 'verify'));
