-- Support chat (CONTRACT.md "Support chat"): guests (a random secret token, stored hashed,
-- bound to the device id it was issued for), one conversation per customer or guest,
-- messages with read and recall state, chat uploads (so a guest, who owns no account,
-- can send images and videos; the uploads row keeps no owner then) and agent presence.
CREATE TABLE chat_guests (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  device_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- set when the guest logged in or registered: the token no longer opens anything
  merged_user_id bigint REFERENCES users (id),
  merged_at timestamptz
);
CREATE INDEX chat_guests_device_idx ON chat_guests (device_id);

CREATE TABLE chat_conversations (
  id bigserial PRIMARY KEY,
  user_id bigint UNIQUE REFERENCES users (id),
  guest_id bigint UNIQUE REFERENCES chat_guests (id),
  agent_id bigint, -- a staff id (foreign key added in 0018, after the staff table)
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  -- last time an open chat socket of the customer (or guest) was seen (connect, ping)
  customer_socket_at timestamptz,
  last_message_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CONSTRAINT chat_conversations_one_owner CHECK ((user_id IS NULL) <> (guest_id IS NULL))
);
CREATE INDEX chat_conversations_agent_idx ON chat_conversations (agent_id) WHERE status = 'open';

CREATE TABLE chat_messages (
  id bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES chat_conversations (id),
  sender text NOT NULL CHECK (sender IN ('customer', 'agent')),
  -- the agent who wrote it (customer messages: null; the conversation says who)
  agent_id bigint, -- a staff id (foreign key added in 0018, after the staff table)
  type text NOT NULL CHECK (type IN ('text', 'image', 'video')),
  content text NOT NULL CHECK (char_length(content) <= 2000),
  client_msg_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  recalled_at timestamptz
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id);
CREATE UNIQUE INDEX chat_messages_client_id_idx ON chat_messages (conversation_id, sender, client_msg_id)
  WHERE client_msg_id IS NOT NULL;
CREATE INDEX chat_messages_unread_idx ON chat_messages (conversation_id, sender) WHERE read_at IS NULL;

-- Which conversation an uploaded file was sent for (a message may only carry a file
-- uploaded for its own conversation, or one the customer uploaded under their account).
CREATE TABLE chat_uploads (
  name text PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES chat_conversations (id),
  kind text NOT NULL CHECK (kind IN ('image', 'video')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Agents with an open operator chat socket (assignment prefers online agents).
CREATE TABLE chat_agent_presence (
  user_id bigint PRIMARY KEY, -- the agent's staff id (foreign key in 0018)
  socket_at timestamptz NOT NULL
);

-- Guests upload chat files without an account.
ALTER TABLE uploads ALTER COLUMN owner_id DROP NOT NULL;
