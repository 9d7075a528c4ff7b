-- Staff of the operator console: accounts apart from customers, with a role, a mandatory
-- TOTP second factor, their own sessions (12 h at most, 30 min idle) and an append-only,
-- hash-chained audit log of every staff action.
CREATE TABLE staff (
  id                  bigserial PRIMARY KEY,
  username            text NOT NULL UNIQUE CHECK (username ~ '^[a-z0-9][a-z0-9._-]{2,31}$'),
  display_name        text NOT NULL DEFAULT '',
  role                text NOT NULL CHECK (role IN ('support', 'compliance', 'finance', 'admin')),
  password_hash       text NOT NULL,
  -- TOTP: a pending secret until the first code proves the app holds it; the last
  -- accepted time step so a code is never accepted twice.
  totp_pending_secret text,
  totp_secret         text,
  totp_last_step      bigint,
  disabled_at         timestamptz,
  created_by          bigint REFERENCES staff(id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  -- The customer-side operator account this one was carried over from (0001–0015 kept
  -- operators in users); null for staff created here.
  legacy_user_id      bigint UNIQUE REFERENCES users(id)
);

-- Password checked, second factor not yet: a short-lived ticket for the TOTP step.
CREATE TABLE staff_login_tickets (
  id           bigserial PRIMARY KEY,
  staff_id     bigint NOT NULL REFERENCES staff(id),
  ticket_hash  text NOT NULL UNIQUE,
  attempts     integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);

CREATE TABLE staff_sessions (
  id            bigserial PRIMARY KEY,
  staff_id      bigint NOT NULL REFERENCES staff(id),
  token_hash    text NOT NULL UNIQUE,
  device        text NOT NULL DEFAULT '',
  ip            text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  -- Absolute end (created + 12 h); idle end is last_seen_at + 30 min.
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  revoked_by    bigint REFERENCES staff(id)
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id, id);

-- Every staff action: who, when, what, before/after. Each row stores the previous row's
-- hash and its own (SHA-256 over the previous hash and this row's content), so a changed
-- or missing row breaks the chain; the database refuses UPDATE, DELETE and TRUNCATE.
CREATE TABLE staff_audit_log (
  id           bigint PRIMARY KEY,
  staff_id     bigint REFERENCES staff(id),
  username     text NOT NULL,
  role         text NOT NULL,
  action       text NOT NULL,
  target_type  text NOT NULL DEFAULT '',
  target_id    text NOT NULL DEFAULT '',
  before       jsonb,
  after        jsonb,
  ip           text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  prev_hash    text NOT NULL,
  hash         text NOT NULL UNIQUE
);
CREATE INDEX staff_audit_log_staff_idx ON staff_audit_log (staff_id, id);
CREATE INDEX staff_audit_log_target_idx ON staff_audit_log (target_type, target_id, id);

CREATE FUNCTION staff_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the staff audit log is append-only' USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER staff_audit_log_no_update_delete BEFORE UPDATE OR DELETE ON staff_audit_log
  FOR EACH ROW EXECUTE FUNCTION staff_audit_log_append_only();
CREATE TRIGGER staff_audit_log_no_truncate BEFORE TRUNCATE ON staff_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_log_append_only();

-- Existing operator accounts become admin staff with the same password (TOTP enrolled at
-- their first console login), and what they reviewed points at their staff account.
INSERT INTO staff (username, role, password_hash, legacy_user_id)
  SELECT lower(username), 'admin', password_hash, id FROM users
  WHERE role = 'operator' AND password_hash IS NOT NULL AND lower(username) ~ '^[a-z0-9][a-z0-9._-]{2,31}$';

ALTER TABLE kyc_submissions DROP CONSTRAINT kyc_submissions_reviewed_by_fkey;
UPDATE kyc_submissions k SET reviewed_by = (SELECT s.id FROM staff s WHERE s.legacy_user_id = k.reviewed_by)
  WHERE reviewed_by IS NOT NULL;
ALTER TABLE kyc_submissions ADD CONSTRAINT kyc_submissions_reviewed_by_fkey FOREIGN KEY (reviewed_by) REFERENCES staff(id);

ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_reviewed_by_fkey;
UPDATE withdrawals w SET reviewed_by = (SELECT s.id FROM staff s WHERE s.legacy_user_id = w.reviewed_by)
  WHERE reviewed_by IS NOT NULL;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_reviewed_by_fkey FOREIGN KEY (reviewed_by) REFERENCES staff(id);

-- Adjustments keep their operator (NOT NULL): operators without a staff account
-- (no password) get a disabled one so the history stays attributed.
INSERT INTO staff (username, role, password_hash, legacy_user_id, disabled_at)
  SELECT 'legacy-' || u.id, 'admin', '!', u.id, now() FROM users u
  WHERE u.id IN (SELECT operator_id FROM balance_adjustments)
    AND NOT EXISTS (SELECT 1 FROM staff s WHERE s.legacy_user_id = u.id);
ALTER TABLE balance_adjustments DROP CONSTRAINT balance_adjustments_operator_id_fkey;
UPDATE balance_adjustments b SET operator_id = s.id FROM staff s WHERE s.legacy_user_id = b.operator_id;
ALTER TABLE balance_adjustments ADD CONSTRAINT balance_adjustments_operator_id_fkey
  FOREIGN KEY (operator_id) REFERENCES staff(id);
