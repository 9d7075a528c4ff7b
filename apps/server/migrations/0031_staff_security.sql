-- Staff security (OWASP ASVS level 2, staff side).

-- Wrong authenticator codes per staff account, across login tickets: 5 within 15 minutes
-- lock the second step for 15 minutes. A try is recorded before the code is checked (so
-- parallel guesses cannot pass the limit) and removed again when the code was right.
CREATE TABLE staff_totp_failures (
  id        bigserial PRIMARY KEY,
  staff_id  bigint NOT NULL REFERENCES staff(id),
  at        timestamptz NOT NULL
);
CREATE INDEX staff_totp_failures_staff_idx ON staff_totp_failures (staff_id, at);
ALTER TABLE staff ADD COLUMN totp_locked_until timestamptz;

-- No back door around staff MFA: operators from before the console (users.role =
-- 'operator', carried over into staff by 0016) are customers now, their customer sessions
-- end, and the role cannot come back. Staff read private files through a staff session.
UPDATE sessions SET revoked_at = now()
  WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE role = 'operator');
UPDATE users SET role = 'customer' WHERE role = 'operator';
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role = 'customer');

-- Four-eyes: a staff money movement worth more than FOUR_EYES_LIMIT_USDT (a ledger
-- adjustment, a withdrawal approval) is requested by one finance/admin member and carried
-- out when a second one approves; nobody approves their own request (also checked here).
CREATE TABLE money_approvals (
  id                 bigserial PRIMARY KEY,
  kind               text NOT NULL CHECK (kind IN ('adjustment', 'withdrawal')),
  status             text NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'approving', 'approved', 'rejected', 'failed')),
  user_id            bigint NOT NULL REFERENCES users(id),
  currency           text NOT NULL,
  amount             numeric(36, 18) NOT NULL,
  amount_usdt        numeric(36, 18),
  reason             text NOT NULL DEFAULT '',
  withdrawal_id      bigint REFERENCES withdrawals(id),
  client_request_id  text,
  requested_by       bigint NOT NULL REFERENCES staff(id),
  requested_at       timestamptz NOT NULL DEFAULT now(),
  decided_by         bigint REFERENCES staff(id),
  decided_at         timestamptz,
  decision_note      text,
  adjustment_id      bigint,
  failure            text,
  CHECK (status NOT IN ('approving', 'approved', 'failed') OR (decided_by IS NOT NULL AND decided_by <> requested_by)),
  CHECK ((kind = 'withdrawal') = (withdrawal_id IS NOT NULL))
);
CREATE INDEX money_approvals_status_idx ON money_approvals (status, id);
CREATE UNIQUE INDEX money_approvals_client_request ON money_approvals (requested_by, client_request_id)
  WHERE client_request_id IS NOT NULL;
-- One open request per withdrawal.
CREATE UNIQUE INDEX money_approvals_open_withdrawal ON money_approvals (withdrawal_id)
  WHERE status IN ('pending', 'approving');
