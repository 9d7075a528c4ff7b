// The platform's exposure as counterparty: what an open trade may still cost the account
// that takes its other side, and how much room is left under an exposure limit. Pure
// functions shared by the server's check and the operator's figure.
import { type Decimal, type DecimalInput, dec } from "../money";

/** A futures position's worst case for the house: its notional (margin × leverage). */
export function futuresWorstCase(margin: DecimalInput, leverage: DecimalInput): Decimal {
  return dec(margin).mul(leverage);
}

/** An option's worst case for the house: the profit a win pays on top of the stake. */
export function optionWorstCase(stake: DecimalInput, payoutRate: DecimalInput): Decimal {
  return dec(stake).mul(payoutRate);
}

/**
 * Room left before an account passes −limit: booked balance − the worst cases of what is
 * open (including a new trade's) + limit. Negative: the trade would pass the limit.
 */
export function exposureHeadroom(args: {
  balance: DecimalInput;
  openWorstCase: DecimalInput;
  limit: DecimalInput;
}): Decimal {
  return dec(args.balance).minus(args.openWorstCase).plus(args.limit);
}
