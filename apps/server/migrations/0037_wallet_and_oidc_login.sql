-- Wallet login (Sign-In with Ethereum, EIP-4361) and third-party login (OpenID Connect),
-- docs/contract.md "Accounts". Every one-time value is kept only as an HMAC / hash and is
-- used up by one conditional UPDATE (two concurrent uses: exactly one wins).

-- A SIWE nonce issued for an address: the exact message issued is kept (its hash), so only
-- that message, signed by that address, before it expires, logs in or links — once.
CREATE TABLE wallet_nonces (
  nonce_hash    text PRIMARY KEY,
  address       text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  purpose       text NOT NULL CHECK (purpose IN ('login', 'link')),
  -- The customer linking a wallet (purpose link); null for a login.
  user_id       bigint REFERENCES users(id),
  message_hash  text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);
CREATE INDEX wallet_nonces_expires_idx ON wallet_nonces (expires_at);

-- A wallet address (lower case) belongs to one account.
CREATE TABLE user_wallets (
  address    text PRIMARY KEY CHECK (address ~ '^0x[0-9a-f]{40}$'),
  user_id    bigint NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_wallets_user_idx ON user_wallets (user_id);

-- An authorization request sent to an OpenID provider: state (hashed), the PKCE verifier
-- and the nonce (sealed with the server key), 10 minutes, single use.
CREATE TABLE oidc_requests (
  state_hash     text PRIMARY KEY,
  provider       text NOT NULL,
  code_verifier  text NOT NULL,
  nonce          text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz
);

-- An account's identity at a provider (issuer's `sub`).
CREATE TABLE oidc_identities (
  provider   text NOT NULL,
  subject    text NOT NULL,
  user_id    bigint NOT NULL REFERENCES users(id),
  email      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX oidc_identities_user_idx ON oidc_identities (user_id);

-- The callback hands the session to the app with a one-time code (1 minute), never the token.
CREATE TABLE oidc_handoffs (
  code_hash  text PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

ALTER TABLE auth_failures DROP CONSTRAINT IF EXISTS auth_failures_scope_check;
ALTER TABLE auth_failures ADD CONSTRAINT auth_failures_scope_check
  CHECK (scope IN ('account', 'address', 'withdrawal', 'password', 'totp',
    'lookup-account', 'lookup-address', 'signup-address', 'guest-chat-address', 'wallet-nonce-address'));
