-- Loans (CONTRACT.md "Loans", issue 13): operator loan settings, credit and pledge loan
-- orders with their status history, accrued interest days, repayments, the ticks that
-- decided margin calls and liquidations, liquidations, and the loan identity check.
-- Money moves only through the ledger (keys loan:<id>:…); these tables record the loan.
CREATE TABLE loan_sets (
  id bigserial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('credit', 'pledge')),
  name jsonb NOT NULL,
  risk_notice jsonb NOT NULL DEFAULT '{}'::jsonb,
  currency text NOT NULL,
  min_amount numeric(36, 18) NOT NULL CHECK (min_amount > 0),
  max_amount numeric(36, 18) NOT NULL CHECK (max_amount >= min_amount),
  days jsonb NOT NULL,
  daily_rate numeric(36, 18) NOT NULL CHECK (daily_rate >= 0),
  interest_free_days integer NOT NULL DEFAULT 0 CHECK (interest_free_days >= 0),
  overdue_rate numeric(36, 18) NOT NULL CHECK (overdue_rate >= 0),
  collateral_currencies jsonb,
  initial_ltv numeric(36, 18),
  margin_call_ltv numeric(36, 18),
  liquidation_ltv numeric(36, 18),
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (type = 'credit' OR (collateral_currencies IS NOT NULL AND initial_ltv > 0
         AND initial_ltv < margin_call_ltv AND margin_call_ltv < liquidation_ltv AND liquidation_ltv < 1))
);

CREATE TABLE loan_orders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  set_id bigint NOT NULL REFERENCES loan_sets (id),
  type text NOT NULL CHECK (type IN ('credit', 'pledge')),
  currency text NOT NULL,
  amount numeric(36, 18) NOT NULL CHECK (amount > 0),
  -- terms copied from the setting when applying (the operator may edit it later)
  days integer NOT NULL CHECK (days > 0),
  daily_rate numeric(36, 18) NOT NULL,
  interest_free_days integer NOT NULL,
  overdue_rate numeric(36, 18) NOT NULL,
  total_interest numeric(36, 18) NOT NULL,
  status text NOT NULL CHECK (status IN ('under_review', 'passed', 'rejected', 'repaid', 'liquidated', 'overdue')),
  principal_outstanding numeric(36, 18) NOT NULL CHECK (principal_outstanding >= 0),
  interest_outstanding numeric(36, 18) NOT NULL DEFAULT 0 CHECK (interest_outstanding >= 0),
  interest_paid numeric(36, 18) NOT NULL DEFAULT 0 CHECK (interest_paid >= 0),
  overdue_interest numeric(36, 18) NOT NULL DEFAULT 0 CHECK (overdue_interest >= 0),
  accrued_days integer NOT NULL DEFAULT 0 CHECK (accrued_days >= 0),
  -- pledge loans
  collateral_currency text,
  collateral_symbol text,
  collateral_amount numeric(36, 18) CHECK (collateral_amount IS NULL OR collateral_amount >= 0),
  initial_ltv numeric(36, 18),
  margin_call_ltv numeric(36, 18),
  liquidation_ltv numeric(36, 18),
  margin_call boolean NOT NULL DEFAULT false,
  last_price numeric(36, 18),
  last_price_at timestamptz,
  reason text,
  request_id text,
  start_at timestamptz,
  end_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'pledge') = (collateral_currency IS NOT NULL)),
  UNIQUE (user_id, request_id)
);
CREATE INDEX loan_orders_user_idx ON loan_orders (user_id, id DESC);
CREATE INDEX loan_orders_open_idx ON loan_orders (status, id) WHERE status IN ('under_review', 'passed', 'overdue');
CREATE INDEX loan_orders_updated_idx ON loan_orders (updated_at) WHERE type = 'pledge';

-- Every status change and notable event (time, status after it, event key, reason).
CREATE TABLE loan_events (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES loan_orders (id),
  status text NOT NULL,
  event text NOT NULL,
  -- the operator's own words (rejection), or null when the reason is ours (params below)
  reason text,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loan_events_order_idx ON loan_events (order_id, id);

-- One row per interest day (the daily job and repayments catch up; never twice).
CREATE TABLE loan_accruals (
  order_id bigint NOT NULL REFERENCES loan_orders (id),
  day integer NOT NULL CHECK (day > 0),
  date date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('free', 'interest', 'overdue')),
  principal numeric(36, 18) NOT NULL,
  amount numeric(36, 18) NOT NULL CHECK (amount >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, day)
);

CREATE TABLE loan_repayments (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES loan_orders (id),
  kind text NOT NULL CHECK (kind IN ('repay', 'liquidation')),
  amount numeric(36, 18) NOT NULL CHECK (amount >= 0),
  interest numeric(36, 18) NOT NULL CHECK (interest >= 0),
  principal numeric(36, 18) NOT NULL CHECK (principal >= 0),
  outstanding_after numeric(36, 18) NOT NULL,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, request_id)
);

-- The recorded ticks that decided a margin call, its clearing, or a liquidation.
CREATE TABLE loan_evidence (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES loan_orders (id),
  kind text NOT NULL CHECK (kind IN ('margin_call', 'margin_call_cleared', 'liquidation')),
  symbol text NOT NULL,
  price numeric(36, 18) NOT NULL,
  bid numeric(36, 18) NOT NULL,
  ask numeric(36, 18) NOT NULL,
  tick_at timestamptz NOT NULL,
  ltv numeric(36, 18) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, kind, tick_at)
);

CREATE TABLE loan_liquidations (
  order_id bigint PRIMARY KEY REFERENCES loan_orders (id),
  price numeric(36, 18) NOT NULL,
  quantity_sold numeric(36, 18) NOT NULL,
  proceeds numeric(36, 18) NOT NULL,
  applied numeric(36, 18) NOT NULL,
  surplus numeric(36, 18) NOT NULL,
  collateral_returned numeric(36, 18) NOT NULL,
  shortfall numeric(36, 18) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Loan identity check: start → pending → passed, or retry (with the operator's reason).
CREATE TABLE loan_identity_checks (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  state text NOT NULL CHECK (state IN ('start', 'pending', 'retry', 'passed')),
  real_name text,
  id_number text,
  photo_upload_id bigint,
  photo text,
  reason text,
  submitted_at timestamptz,
  decided_at timestamptz,
  decided_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loan_identity_checks_state_idx ON loan_identity_checks (state, updated_at);

-- Seeded settings: one credit loan and one pledge loan (BTC or ETH collateral), both in USDT.
INSERT INTO loan_sets (type, name, risk_notice, currency, min_amount, max_amount, days, daily_rate,
                       interest_free_days, overdue_rate, collateral_currencies, initial_ltv, margin_call_ltv,
                       liquidation_ltv, sort)
VALUES
  ('credit',
   '{"en-us": "Credit loan", "ko": "신용 대출", "jp": "信用ローン", "tai": "สินเชื่อเครดิต", "mlxy": "Pinjaman kredit", "vl": "Khoản vay tín chấp", "xi": "Préstamo de crédito", "zh-cn": "信用借款"}'::jsonb,
   '{"en-us": "A loan must be repaid with its interest by the end date. Late repayment accrues the overdue rate every day.", "ko": "대출은 만기일까지 이자와 함께 상환해야 합니다. 연체 시 매일 연체 이율이 적용됩니다.", "jp": "ローンは終了日までに利息とともに返済する必要があります。返済が遅れると毎日延滞利率が加算されます。", "tai": "ต้องชำระเงินกู้พร้อมดอกเบี้ยภายในวันสิ้นสุด หากชำระล่าช้าจะคิดอัตราดอกเบี้ยค้างชำระทุกวัน", "mlxy": "Pinjaman mesti dibayar balik bersama faedah sebelum tarikh tamat. Bayaran lewat dikenakan kadar tertunggak setiap hari.", "vl": "Khoản vay phải được trả cùng tiền lãi trước ngày đáo hạn. Trả chậm sẽ tính lãi quá hạn mỗi ngày.", "xi": "Debes devolver el préstamo con sus intereses antes de la fecha final. Si pagas tarde, se aplica cada día la tasa de mora.", "zh-cn": "借款須在到期日前連同利息還清。逾期還款每天按逾期利率計息。"}'::jsonb,
   'USDT', 100, 5000, '[7, 14, 30]'::jsonb, 0.0005, 3, 0.002, NULL, NULL, NULL, NULL, 1),
  ('pledge',
   '{"en-us": "Crypto-backed loan", "ko": "암호화폐 담보 대출", "jp": "暗号資産担保ローン", "tai": "สินเชื่อค้ำประกันด้วยคริปโต", "mlxy": "Pinjaman bercagar kripto", "vl": "Khoản vay thế chấp tiền mã hóa", "xi": "Préstamo con garantía cripto", "zh-cn": "加密貨幣質押借款"}'::jsonb,
   '{"en-us": "If the collateral price falls, the loan-to-value rises: at the margin-call level you are asked to add collateral or repay; at the liquidation level part of the collateral is sold at the market bid to close the loan and the rest is returned.", "ko": "담보 가격이 하락하면 담보인정비율(LTV)이 올라갑니다. 마진콜 수준에서는 담보 추가 또는 상환을 요청받고, 청산 수준에서는 담보 일부가 시장 매수호가로 매도되어 대출이 종료되며 나머지는 반환됩니다.", "jp": "担保の価格が下がると LTV が上がります。マージンコールの水準では担保の追加または返済を求められ、清算の水準では担保の一部が市場の買値で売却されてローンが完済され、残りは返還されます。", "tai": "หากราคาหลักประกันลดลง LTV จะสูงขึ้น เมื่อถึงระดับเรียกหลักประกันเพิ่ม คุณจะถูกขอให้เพิ่มหลักประกันหรือชำระคืน เมื่อถึงระดับชำระบัญชี หลักประกันบางส่วนจะถูกขายที่ราคาเสนอซื้อของตลาดเพื่อปิดเงินกู้ และส่วนที่เหลือจะคืนให้คุณ", "mlxy": "Jika harga cagaran jatuh, nisbah pinjaman kepada nilai (LTV) meningkat: pada paras panggilan margin anda diminta menambah cagaran atau membayar balik; pada paras pembubaran sebahagian cagaran dijual pada harga bida pasaran untuk menutup pinjaman dan bakinya dipulangkan.", "vl": "Nếu giá tài sản thế chấp giảm, tỷ lệ LTV tăng: ở mức gọi ký quỹ bạn sẽ được yêu cầu bổ sung tài sản thế chấp hoặc trả nợ; ở mức thanh lý, một phần tài sản thế chấp được bán theo giá mua của thị trường để tất toán khoản vay và phần còn lại được hoàn trả.", "xi": "Si el precio de la garantía baja, el LTV sube: al nivel de llamada de margen se te pide añadir garantía o devolver parte; al nivel de liquidación se vende parte de la garantía al precio de compra del mercado para cerrar el préstamo y se te devuelve el resto.", "zh-cn": "質押品價格下跌時，質押率（LTV）會上升：達到補倉線時，系統會請你追加質押品或還款；達到平倉線時，部分質押品會以市場買價賣出以結清借款，其餘退還給你。"}'::jsonb,
   'USDT', 100, 100000, '[7, 30, 90]'::jsonb, 0.0003, 0, 0.001, '["BTC", "ETH"]'::jsonb, 0.6, 0.75, 0.85, 2);
