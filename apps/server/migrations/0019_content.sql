-- Content (CONTRACT.md "Content"): news, announcements, home banners and help articles in
-- one table, each text per language (jsonb {lang: text}; body is sanitised HTML), and the
-- customers' inbox: a message key and its parameters, rendered in the reader's language
-- at read time. `source_key` makes each event's message unique per customer (an event
-- delivered twice, or on several nodes, adds one message).
CREATE TABLE content_items (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('news', 'announcement', 'banner', 'help')),
  category text CHECK (category IS NULL OR category IN ('account', 'deposits', 'trading', 'earn', 'security')),
  title jsonb NOT NULL DEFAULT '{}'::jsonb,
  summary jsonb NOT NULL DEFAULT '{}'::jsonb,
  body jsonb NOT NULL DEFAULT '{}'::jsonb,
  image_url text,
  link_url text,
  link_mode smallint NOT NULL DEFAULT 1 CHECK (link_mode IN (1, 2, 4)),
  pinned boolean NOT NULL DEFAULT false,
  ticker boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0,
  -- null: draft; in the future (business clock): scheduled
  publish_at timestamptz,
  retracted_at timestamptz,
  seed_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_items_kind_idx ON content_items (kind, pinned DESC, publish_at DESC);

CREATE TABLE inbox_messages (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  category text NOT NULL CHECK (category IN ('system', 'task', 'transaction')),
  message_key text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  source_key text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT inbox_messages_source_unique UNIQUE (user_id, source_key)
);
CREATE INDEX inbox_messages_user_idx ON inbox_messages (user_id, id DESC);
CREATE INDEX inbox_messages_unread_idx ON inbox_messages (user_id, category) WHERE read_at IS NULL;
