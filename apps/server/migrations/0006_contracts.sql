-- Futures positions (modules/contracts), demo accounts (modules/demo) and the settlement
-- engine's replay watermarks (modules/settlement). Money and prices NUMERIC(36,18).
-- Balances never live here: margin, fees and P&L move through the ledger, in the same
-- transaction as the status changes below.

CREATE TABLE futures_positions (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users(id),
  -- real: USDT from the customer's spot account; demo: VUSDT from the demo account.
  mode               text NOT NULL CHECK (mode IN ('real', 'demo')),
  currency           text NOT NULL CHECK (currency IN ('USDT', 'VUSDT')),
  symbol             text NOT NULL,
  direction          text NOT NULL CHECK (direction IN ('long', 'short')),
  margin             numeric(36,18) NOT NULL CHECK (margin > 0),
  leverage           integer NOT NULL CHECK (leverage >= 1),
  quantity           numeric(36,18) NOT NULL CHECK (quantity > 0),
  open_price         numeric(36,18) NOT NULL CHECK (open_price > 0),
  open_fee           numeric(36,18) NOT NULL CHECK (open_fee >= 0),
  -- Exit price at which equity reaches 50 % of the margin (fixed at open).
  close_out_price    numeric(36,18) NOT NULL CHECK (close_out_price >= 0),
  take_profit        numeric(36,18) CHECK (take_profit > 0),
  stop_loss          numeric(36,18) CHECK (stop_loss > 0),
  -- "settling" exists only inside the settling transaction; nobody outside sees it.
  status             text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settling', 'closed')),
  close_reason       text CHECK (close_reason IN ('manual', 'takeProfit', 'stopLoss', 'closeOut')),
  close_price        numeric(36,18),
  close_fee          numeric(36,18),
  -- Realised P&L after the closing fee, never below −margin; returned = margin + pnl.
  pnl                numeric(36,18),
  returned           numeric(36,18) CHECK (returned >= 0),
  -- Evidence (DESIGN.md §1.7): the feed ticks (mid price + time) the open and close used.
  open_tick_price    numeric(36,18) NOT NULL,
  open_tick_at       timestamptz NOT NULL,
  close_tick_price   numeric(36,18),
  close_tick_at      timestamptz,
  -- The client's idempotency key for "create" (same key → same position, no second charge).
  client_request_id  text CHECK (length(client_request_id) BETWEEN 1 AND 64),
  opened_at          timestamptz NOT NULL DEFAULT now(),
  closed_at          timestamptz,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT futures_positions_client_request_key UNIQUE (user_id, client_request_id),
  CONSTRAINT futures_positions_mode_currency CHECK ((mode = 'real') = (currency = 'USDT')),
  CONSTRAINT futures_positions_closed_fields CHECK (
    (status = 'closed') = (close_reason IS NOT NULL AND close_price IS NOT NULL AND pnl IS NOT NULL
                           AND returned IS NOT NULL AND close_fee IS NOT NULL AND closed_at IS NOT NULL
                           AND close_tick_price IS NOT NULL AND close_tick_at IS NOT NULL)
  )
);
-- The customer's lists (open newest first, history by close time) and the engine's load.
CREATE INDEX futures_positions_user_status ON futures_positions (user_id, mode, status, id DESC);
CREATE INDEX futures_positions_user_closed ON futures_positions (user_id, mode, closed_at DESC) WHERE status = 'closed';
CREATE INDEX futures_positions_open ON futures_positions (symbol) WHERE status <> 'closed';

-- One demo (virtual money) account per customer; the money itself is the ledger's
-- VUSDT "demo" account. The row is the lock that a reset takes against new demo orders.
CREATE TABLE demo_accounts (
  user_id                 bigint PRIMARY KEY REFERENCES users(id),
  resets                  integer NOT NULL DEFAULT 0 CHECK (resets >= 0),
  last_reset_request_id   text CHECK (length(last_reset_request_id) BETWEEN 1 AND 64),
  created_at              timestamptz NOT NULL DEFAULT now(),
  reset_at                timestamptz
);

-- Per settler and symbol: recorded ticks before this time have been evaluated and every
-- settlement they triggered is committed. A new leader replays recorded ticks from here.
CREATE TABLE settlement_watermarks (
  settler     text NOT NULL,
  symbol      text NOT NULL,
  tick_at     timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (settler, symbol)
);
