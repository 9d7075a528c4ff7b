-- Customer account security (OWASP ASVS level 2, customer side):
--  * a hold on new withdrawal addresses: `usable_at` on the business clock
--    (WITHDRAWAL_ADDRESS_COOLDOWN_HOURS); addresses that existed before are usable at once;
--  * wrong authenticator codes counted per customer across requests (scope `totp`);
--  * the "this was not me" notice: a one-time token (only its SHA-256 is kept) that
--    freezes the customer's new withdrawals until support lifts the freeze.
ALTER TABLE payout_accounts ADD COLUMN usable_at timestamptz;
UPDATE payout_accounts SET usable_at = created_at;
ALTER TABLE payout_accounts ALTER COLUMN usable_at SET NOT NULL;
ALTER TABLE payout_accounts ALTER COLUMN usable_at SET DEFAULT now();

ALTER TABLE auth_failures DROP CONSTRAINT IF EXISTS auth_failures_scope_check;
ALTER TABLE auth_failures ADD CONSTRAINT auth_failures_scope_check
  CHECK (scope IN ('account', 'address', 'withdrawal', 'password', 'totp',
    'lookup-account', 'lookup-address', 'signup-address', 'guest-chat-address'));

CREATE TABLE withdrawal_notice_tokens (
  token_hash         text PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users(id),
  payout_account_id  bigint NOT NULL REFERENCES payout_accounts(id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL,
  used_at            timestamptz
);
CREATE INDEX withdrawal_notice_tokens_user_idx ON withdrawal_notice_tokens (user_id);

-- One row per freeze; the customer's withdrawals are frozen while a row has no lifted_at.
CREATE TABLE withdrawal_freezes (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users(id),
  payout_account_id  bigint REFERENCES payout_accounts(id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  lifted_at          timestamptz,
  lifted_by          bigint REFERENCES staff(id),
  lift_note          text
);
CREATE UNIQUE INDEX withdrawal_freezes_one_live_idx ON withdrawal_freezes (user_id) WHERE lifted_at IS NULL;
