-- Issue "Money that cannot be gamed", items 9 and 11.
--
-- IEO draw (item 9): a ticket's score no longer depends on the seed and the order id alone
-- (whoever holds the seed could steer which order ids win while applying is free). It also
-- mixes in the digest of the final entry set and a beacon fixed only after applications
-- closed: the hash of the first BTCUSDT tick recorded after the close. The close instant
-- (real time, when the business clock passed applyEnd and no application can be in flight)
-- and the published values are kept with the project. Projects drawn before this keep NULL
-- here and were drawn with the earlier algorithm (seed and order ids only).
ALTER TABLE ieo_projects ADD COLUMN applications_closed_at timestamptz;
ALTER TABLE ieo_projects ADD COLUMN entries_digest text CHECK (entries_digest ~ '^[0-9a-f]{64}$');
ALTER TABLE ieo_projects ADD COLUMN draw_beacon text CHECK (draw_beacon ~ '^[0-9a-f]{64}$');
-- The tick the beacon hashes: {symbol, ts (ISO-8601 ms), price}.
ALTER TABLE ieo_projects ADD COLUMN draw_beacon_tick jsonb;

-- Dead letters (item 11): a job that failed its last attempt stays `failed` (the dead-letter
-- list, shown in the console with a re-run button). `alert`: it returns money to customers
-- (earn principal, IEO delivery, loan due) — such a dead letter raises an alert.
-- `reruns`: how many times staff ran it again.
ALTER TABLE jobs ADD COLUMN alert boolean NOT NULL DEFAULT false;
ALTER TABLE jobs ADD COLUMN reruns integer NOT NULL DEFAULT 0 CHECK (reruns >= 0);
CREATE INDEX jobs_failed_idx ON jobs (finished_at DESC, id DESC) WHERE status = 'failed';
