// The test keys: customers' deposit addresses come from the xpub at m/44'/60'/1'/0 of the
// well-known test mnemonic; ganache's funded senders are at m/44'/60'/0'/0 (never a customer).
import { mnemonicToSeedSync } from "@scure/bip39";
import type { Address } from "viem";
import { HDKey, mnemonicToAccount } from "viem/accounts";

export const MNEMONIC = "test test test test test test test test test test test junk";
const CUSTOMER_KEY = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive("m/44'/60'/1'/0");
/** The customers' deposit key, public half only (CHAIN_EVM_XPUB). */
export const XPUB = CUSTOMER_KEY.publicExtendedKey;
/** Its private half: only to prove the server refuses it and never shows it. */
export const XPRV = CUSTOMER_KEY.privateExtendedKey;

/** Customer n's address derived independently: from the mnemonic's private keys (viem's own path). */
export const independentAddress = (n: number): Address =>
  mnemonicToAccount(MNEMONIC, { accountIndex: 1, addressIndex: n }).address;
