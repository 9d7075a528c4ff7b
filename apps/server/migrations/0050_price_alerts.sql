-- Price alerts (issue 34 §5, modules/alerts): above/below a price or a move of X % within
-- 24 hours. `armed` is the once-per-crossing state, persisted when an alert fires or is
-- re-armed, so a restart or a new settlement leader never fires the same crossing twice.
CREATE TABLE price_alerts (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  symbol text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('above', 'below', 'move24h')),
  value numeric(36, 18) NOT NULL CHECK (value > 0),
  armed boolean NOT NULL DEFAULT true,
  fire_count integer NOT NULL DEFAULT 0,
  last_fired_at timestamptz,
  last_fired_price numeric(36, 18),
  created_at timestamptz NOT NULL DEFAULT business_now()
);
CREATE INDEX price_alerts_user ON price_alerts (user_id, id);

-- Web Push subscriptions (a browser's PushManager endpoint and keys), one row per endpoint.
CREATE TABLE push_subscriptions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  -- the language of the notices sent to it (the app's X-Lang when it subscribed)
  lang text NOT NULL DEFAULT 'en-us',
  created_at timestamptz NOT NULL DEFAULT business_now()
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
