-- A sweep keeps the signed transactions it broadcasts (issue 33): the gas top-up's and the
-- transfer's. Each is written before it is broadcast, so a broadcast that was lost, or a node
-- that stopped between signing and sending, is sent again as the same transaction (same hash,
-- same nonce) instead of being signed again at a new nonce.
ALTER TABLE evm_sweeps ADD COLUMN gas_raw_tx text;
ALTER TABLE evm_sweeps ADD COLUMN raw_tx text;
