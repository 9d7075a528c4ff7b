// The currency buttons of the exchange form and the sheet that picks a currency, with each
// one's indicative USDT price (exchange-screen.tsx).

import type { FlashCurrency } from "@candor/contract";
import { DownFill, RightOutline } from "antd-mobile-icons";
import { LazyPopup } from "../../components/lazy-popup";
import styles from "./exchange.module.css";
import { showRate } from "./exchange-logic";

export function CurrencyButton({
  currency,
  label,
  onClick,
  testId,
}: {
  currency: string;
  label: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={styles.currency}
      onClick={onClick}
      aria-label={`${label}: ${currency}`}
      data-testid={testId}
    >
      <strong>{currency}</strong>
      <DownFill fontSize={10} />
    </button>
  );
}

export function CurrencySheet({
  open,
  title,
  currencies,
  selected,
  onClose,
  onPick,
}: {
  open: boolean;
  title: string;
  currencies: FlashCurrency[];
  selected: string;
  onClose: () => void;
  onPick: (c: string) => void;
}) {
  return (
    <LazyPopup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet}>
      <div role="dialog" aria-label={title}>
        <h2 className={styles.sheetTitle}>{title}</h2>
        <ul className={styles.sheetList}>
          {currencies.map((c) => (
            <li key={c.currency}>
              <button
                type="button"
                className={`${styles.sheetRow} ${c.currency === selected ? styles.sheetActive : ""}`}
                aria-current={c.currency === selected}
                data-currency={c.currency}
                onClick={() => onPick(c.currency)}
              >
                <strong>{c.currency}</strong>
                <span className={styles.muted}>{c.usdtPrice ? `≈ ${showRate(c.usdtPrice)} USDT` : "--"}</span>
                <RightOutline className={styles.sheetArrow} />
              </button>
            </li>
          ))}
        </ul>
      </div>
    </LazyPopup>
  );
}
