-- Accounts and security: login identities, passwords, profile, Google authenticator,
-- one-time codes, brute-force counters, captchas, notifier outbox, countries,
-- uploads and identity verification (KYC).

ALTER TABLE users
  ADD COLUMN email                    text UNIQUE,
  -- E.164 ("+15551234567") plus the national part for logins typed without a country.
  ADD COLUMN phone                    text UNIQUE,
  ADD COLUMN phone_national           text,
  -- ISO 3166-1 alpha-2: the registration country, replaced by the verified one after KYC.
  ADD COLUMN country_code             text,
  ADD COLUMN password_hash            text,
  ADD COLUMN withdrawal_password_hash text,
  ADD COLUMN invite_code              text NOT NULL UNIQUE
    DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 8)),
  ADD COLUMN inviter_id               bigint REFERENCES users(id),
  ADD COLUMN guest_device_id          text UNIQUE,
  ADD COLUMN vip_level                integer NOT NULL DEFAULT 0,
  ADD COLUMN surname                  text,
  ADD COLUMN first_name               text,
  ADD COLUMN gender                   text CHECK (gender IN ('male', 'female', 'other')),
  ADD COLUMN birthday                 date,
  ADD COLUMN address                  text,
  ADD COLUMN contact_phone            text,
  -- TOTP: a pending secret until the first code proves the app has it; the last
  -- accepted time step so a code is never accepted twice.
  ADD COLUMN google_pending_secret    text,
  ADD COLUMN google_secret            text,
  ADD COLUMN google_last_step         bigint,
  ADD COLUMN updated_at               timestamptz NOT NULL DEFAULT now();
CREATE INDEX users_phone_national_idx ON users (phone_national);
CREATE INDEX users_inviter_id_idx ON users (inviter_id);

-- E-mail / SMS one-time codes (6 digits, 10 minutes, single use); only a hash is kept.
CREATE TABLE one_time_codes (
  id           bigserial PRIMARY KEY,
  channel      text NOT NULL CHECK (channel IN ('email', 'sms')),
  destination  text NOT NULL,
  purpose      text NOT NULL CHECK (purpose IN ('login', 'reset')),
  code_hash    text NOT NULL,
  user_id      bigint REFERENCES users(id),
  client_ip    text NOT NULL DEFAULT '',
  attempts     integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX one_time_codes_destination_idx ON one_time_codes (destination, created_at);
CREATE INDEX one_time_codes_client_ip_idx ON one_time_codes (client_ip, created_at);

-- Failed-login counters per account and per client address (captcha after 3, lockout after 10).
CREATE TABLE auth_failures (
  scope           text NOT NULL CHECK (scope IN ('account', 'address', 'withdrawal', 'password')),
  subject         text NOT NULL,
  failures        integer NOT NULL DEFAULT 0,
  last_failed_at  timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz,
  PRIMARY KEY (scope, subject)
);

-- SVG "security code" challenges: the answer is stored hashed and used once.
CREATE TABLE captchas (
  key          text PRIMARY KEY,
  answer_hash  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);

-- Every e-mail / SMS the notifier delivered or would deliver (sandbox outbox, audit).
CREATE TABLE outbox (
  id          bigserial PRIMARY KEY,
  channel     text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient   text NOT NULL,
  subject     text NOT NULL DEFAULT '',
  body        text NOT NULL,
  code        text,
  transport   text NOT NULL CHECK (transport IN ('outbox', 'smtp')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_recipient_idx ON outbox (recipient, id);

CREATE TABLE countries (
  country_code  text PRIMARY KEY,
  english_name  text NOT NULL,
  chinese_name  text NOT NULL,
  phone_code    text NOT NULL,
  sort_order    integer NOT NULL DEFAULT 0
);

-- Uploaded files live under DATA_DIR/uploads with random names; private ones (KYC)
-- are readable only by their owner and operators.
CREATE TABLE uploads (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  owner_id    bigint NOT NULL REFERENCES users(id),
  kind        text NOT NULL CHECK (kind IN ('image', 'video')),
  mime        text NOT NULL,
  size_bytes  bigint NOT NULL CHECK (size_bytes > 0),
  purpose     text NOT NULL DEFAULT 'general' CHECK (purpose IN ('general', 'kyc')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_owner_id_idx ON uploads (owner_id);

-- Identity verification submissions; the newest per (user, level) is the current one.
CREATE TABLE kyc_submissions (
  id               bigserial PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users(id),
  level            text NOT NULL CHECK (level IN ('basic', 'advanced')),
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'rejected', 'passed')),
  document_type    text CHECK (document_type IN ('id_card', 'passport')),
  country_code     text,
  real_name        text,
  document_number  text,
  front_upload_id  bigint REFERENCES uploads(id),
  back_upload_id   bigint REFERENCES uploads(id),
  details          jsonb,
  reject_reason    text,
  reviewed_by      bigint REFERENCES users(id),
  reviewed_at      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (level <> 'basic' OR (document_type IS NOT NULL AND front_upload_id IS NOT NULL AND country_code IS NOT NULL)),
  CHECK (level <> 'advanced' OR details IS NOT NULL),
  CHECK (status <> 'rejected' OR reject_reason IS NOT NULL)
);
CREATE INDEX kyc_submissions_user_idx ON kyc_submissions (user_id, level, id);
CREATE INDEX kyc_submissions_status_idx ON kyc_submissions (status, id);
-- At most one submission waiting for review per customer and level (double submits).
CREATE UNIQUE INDEX kyc_submissions_one_pending ON kyc_submissions (user_id, level) WHERE status = 'pending';
