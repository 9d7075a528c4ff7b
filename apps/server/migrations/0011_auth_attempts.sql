-- Login / one-time-code guess limits without a read-then-write race: an attempt claims
-- a slot in its counter row (one conditional upsert) before any credential is checked,
-- and the slot stays "pending" until the attempt failed (→ failures) or was released.
-- The cap is checked against failures + pending, so parallel guesses cannot overshoot.
ALTER TABLE auth_failures ADD COLUMN pending integer NOT NULL DEFAULT 0 CHECK (pending >= 0);
