-- Rewards (CONTRACT.md "Rewards"): welfare tasks, VIP levels with one-time gifts and Monday
-- red envelopes, and one-level rebates on invited customers' trading fees. Every payout is a
-- ledger transfer (rewards or fees account → customer); these tables record why, once.

-- Tasks the operator defines. `event` is the customer fact that moves progress; a team task
-- counts distinct invited customers with that fact. Titles are per language.
CREATE TABLE reward_tasks (
  id bigserial PRIMARY KEY,
  scope text NOT NULL CHECK (scope IN ('personal', 'team')),
  event text NOT NULL CHECK (event IN ('kyc_verified', 'deposit', 'trade', 'earn_order', 'totp_enabled')),
  title jsonb NOT NULL,
  target integer NOT NULL CHECK (target BETWEEN 1 AND 100000),
  reward numeric(36, 18) NOT NULL CHECK (reward > 0),
  currency text NOT NULL DEFAULT 'USDT',
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);

-- What a customer did, once per business record (`ref`, e.g. the ledger transfer id).
CREATE TABLE reward_facts (
  user_id bigint NOT NULL REFERENCES users (id),
  fact text NOT NULL,
  ref text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT business_now(),
  PRIMARY KEY (user_id, fact, ref)
);
CREATE INDEX reward_facts_fact_idx ON reward_facts (fact, user_id);

-- A task became done for a customer (the 'reward.task_done' event is published once, on insert).
CREATE TABLE reward_task_done (
  user_id bigint NOT NULL REFERENCES users (id),
  task_id bigint NOT NULL REFERENCES reward_tasks (id) ON DELETE CASCADE,
  done_at timestamptz NOT NULL DEFAULT business_now(),
  PRIMARY KEY (user_id, task_id)
);

-- A claimed task: the primary key makes a second (or concurrent) claim pay nothing.
CREATE TABLE reward_task_claims (
  user_id bigint NOT NULL REFERENCES users (id),
  task_id bigint NOT NULL REFERENCES reward_tasks (id),
  amount numeric(36, 18) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT business_now(),
  PRIMARY KEY (user_id, task_id)
);

-- VIP levels by total assets (USDT). Level 0 is the start (no threshold, no benefits).
CREATE TABLE reward_levels (
  level integer PRIMARY KEY CHECK (level BETWEEN 0 AND 20),
  name text NOT NULL,
  min_assets_usdt numeric(36, 18) NOT NULL CHECK (min_assets_usdt >= 0),
  gift numeric(36, 18) NOT NULL DEFAULT 0 CHECK (gift >= 0),
  weekly_red_envelope numeric(36, 18) NOT NULL DEFAULT 0 CHECK (weekly_red_envelope >= 0),
  benefits jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO reward_levels (level, name, min_assets_usdt, gift, weekly_red_envelope) VALUES
  (0, 'VIP0', 0, 0, 0),
  (1, 'VIP1', 1000, 5, 1),
  (2, 'VIP2', 10000, 20, 5),
  (3, 'VIP3', 50000, 80, 15),
  (4, 'VIP4', 200000, 300, 50),
  (5, 'VIP5', 1000000, 1000, 150);

-- Each customer's level as last evaluated (users.vip_level mirrors it for getMyUserInfo).
CREATE TABLE reward_vip_state (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  level integer NOT NULL DEFAULT 0,
  total_usdt numeric(36, 18) NOT NULL DEFAULT 0,
  evaluated_at timestamptz NOT NULL DEFAULT business_now()
);
CREATE INDEX reward_vip_state_level_idx ON reward_vip_state (level) WHERE level > 0;

-- Levels a customer has ever reached, with the level's gift at that moment: one row per level
-- ever, so the gift exists once; the customer claims it (claimed_at) and it is paid then, once.
CREATE TABLE reward_vip_reached (
  user_id bigint NOT NULL REFERENCES users (id),
  level integer NOT NULL,
  gift numeric(36, 18) NOT NULL DEFAULT 0,
  reached_at timestamptz NOT NULL DEFAULT business_now(),
  claimed_at timestamptz,
  PRIMARY KEY (user_id, level)
);

-- Monday red envelopes: one per customer and week; opened by the customer within 7 days.
CREATE TABLE reward_envelopes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  level integer NOT NULL,
  amount numeric(36, 18) NOT NULL CHECK (amount > 0),
  currency text NOT NULL DEFAULT 'USDT',
  week_date date NOT NULL,
  expires_at timestamptz NOT NULL,
  opened_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT business_now(),
  UNIQUE (user_id, week_date)
);
CREATE INDEX reward_envelopes_user_idx ON reward_envelopes (user_id, id DESC);

-- One rebate per fee transfer of a directly invited customer (one level only).
CREATE TABLE reward_rebates (
  id bigserial PRIMARY KEY,
  source_ref text NOT NULL UNIQUE,
  inviter_id bigint NOT NULL REFERENCES users (id),
  invitee_id bigint NOT NULL REFERENCES users (id),
  source text NOT NULL CHECK (source IN ('futures', 'spot', 'exchange')),
  trade_ref text NOT NULL,
  currency text NOT NULL,
  fee numeric(36, 18) NOT NULL CHECK (fee > 0),
  share numeric(36, 18) NOT NULL CHECK (share > 0 AND share <= 1),
  amount numeric(36, 18) NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT business_now()
);
CREATE INDEX reward_rebates_inviter_idx ON reward_rebates (inviter_id, id DESC);

-- How far the ledger follower has read (rewards learns deposits, trades and fees from it).
-- The rewards module starts it at the ledger's end the first time the app is ready, so
-- nothing from before rewards existed is paid.
CREATE TABLE reward_cursor (
  name text PRIMARY KEY,
  last_id bigint NOT NULL DEFAULT 0
);

-- Default tasks (the operator edits them in /api/operator/rewards/tasks).
INSERT INTO reward_tasks (scope, event, target, reward, sort, title) VALUES
  ('personal', 'kyc_verified', 1, 2, 1, '{"en-us": "Verify your identity", "ko": "본인 인증 완료하기", "jp": "本人確認を完了する", "tai": "ยืนยันตัวตนของคุณ", "mlxy": "Sahkan identiti anda", "vl": "Xác minh danh tính của bạn", "xi": "Verifica tu identidad", "zh-cn": "完成身分驗證"}'),
  ('personal', 'deposit', 1, 5, 2, '{"en-us": "Make your first deposit", "ko": "첫 입금하기", "jp": "初回入金をする", "tai": "ฝากเงินครั้งแรก", "mlxy": "Buat deposit pertama anda", "vl": "Nạp tiền lần đầu", "xi": "Haz tu primer depósito", "zh-cn": "完成首次儲值"}'),
  ('personal', 'trade', 1, 3, 3, '{"en-us": "Make your first trade", "ko": "첫 거래하기", "jp": "初回取引をする", "tai": "ทำการซื้อขายครั้งแรก", "mlxy": "Buat dagangan pertama anda", "vl": "Thực hiện giao dịch đầu tiên", "xi": "Haz tu primera operación", "zh-cn": "完成首筆交易"}'),
  ('personal', 'earn_order', 1, 3, 4, '{"en-us": "Place your first earn order", "ko": "첫 투자 상품 주문하기", "jp": "初めての資産運用を注文する", "tai": "สั่งซื้อผลิตภัณฑ์การลงทุนครั้งแรก", "mlxy": "Buat pesanan pelaburan pertama anda", "vl": "Đặt lệnh sản phẩm đầu tư đầu tiên", "xi": "Haz tu primera orden de inversión", "zh-cn": "完成首筆理財訂單"}'),
  ('personal', 'totp_enabled', 1, 2, 5, '{"en-us": "Enable Google Authenticator", "ko": "Google OTP 활성화하기", "jp": "Google認証を有効にする", "tai": "เปิดใช้งาน Google Authenticator", "mlxy": "Aktifkan Google Authenticator", "vl": "Bật Google Authenticator", "xi": "Activa Google Authenticator", "zh-cn": "啟用 Google 驗證器"}'),
  ('team', 'kyc_verified', 1, 5, 1, '{"en-us": "An invited friend verifies their identity", "ko": "초대한 친구가 본인 인증 완료", "jp": "招待した友達が本人確認を完了", "tai": "เพื่อนที่คุณเชิญยืนยันตัวตน", "mlxy": "Rakan yang dijemput mengesahkan identiti", "vl": "Bạn được mời xác minh danh tính", "xi": "Un amigo invitado verifica su identidad", "zh-cn": "受邀好友完成身分驗證"}'),
  ('team', 'deposit', 3, 20, 2, '{"en-us": "Three invited friends make a deposit", "ko": "초대한 친구 3명이 입금", "jp": "招待した友達3人が入金", "tai": "เพื่อนที่คุณเชิญ 3 คนฝากเงิน", "mlxy": "Tiga rakan yang dijemput membuat deposit", "vl": "Ba người bạn được mời nạp tiền", "xi": "Tres amigos invitados hacen un depósito", "zh-cn": "三位受邀好友完成儲值"}'),
  ('team', 'trade', 3, 10, 3, '{"en-us": "Three invited friends make a trade", "ko": "초대한 친구 3명이 거래", "jp": "招待した友達3人が取引", "tai": "เพื่อนที่คุณเชิญ 3 คนทำการซื้อขาย", "mlxy": "Tiga rakan yang dijemput membuat dagangan", "vl": "Ba người bạn được mời giao dịch", "xi": "Tres amigos invitados hacen una operación", "zh-cn": "三位受邀好友完成交易"}');
