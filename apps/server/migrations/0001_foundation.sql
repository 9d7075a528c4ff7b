-- Foundation: settings, users and sessions (accounts issue extends users).
CREATE TABLE settings (
  key         text PRIMARY KEY,
  value       jsonb NOT NULL,
  is_public   boolean NOT NULL DEFAULT false,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id          bigserial PRIMARY KEY,
  username    text NOT NULL UNIQUE,
  role        text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'operator')),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  token_hash    text NOT NULL UNIQUE,
  device        text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
