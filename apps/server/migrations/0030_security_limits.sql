-- Security limits (OWASP ASVS L2 work): rate-limited public uses share the failure
-- counters — account lookups (checkAccount, checkGoogleAuth) per address and per account,
-- registrations and guest chats per address.
ALTER TABLE auth_failures DROP CONSTRAINT IF EXISTS auth_failures_scope_check;
ALTER TABLE auth_failures ADD CONSTRAINT auth_failures_scope_check CHECK (scope IN (
  'account', 'address', 'withdrawal', 'password',
  'lookup-account', 'lookup-address', 'signup-address', 'guest-chat-address'
));

-- The security check is now an ALTCHA proof-of-work challenge: `key` is its nonce and
-- `answer_hash` the HMAC secret it was signed with (single use, short-lived).
COMMENT ON COLUMN captchas.answer_hash IS 'ALTCHA challenge: the HMAC secret it was signed with';
