// The titles of ledger reason codes in the eight languages, as the balance log shows them:
// from the contract (LEDGER_KIND_TITLES), the one place they are written, so the statement
// and the export never drift from the screen. A code without a title stays as is.
export { ledgerKindTitle as kindTitle } from "@candor/contract/ledger-kind-titles";
