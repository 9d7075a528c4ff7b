// The symbol switcher of the trading screens: the current pair as a button that opens a
// bottom sheet of symbols by asset class, with live price and 24 h change.
import type { AssetClass } from "@candor/contract";
import { Tabs } from "antd-mobile";
import { DownFill } from "antd-mobile-icons";
import { useMemo, useState } from "react";
import { type LiveSymbol, useLiveQuotes, withQuote } from "../../lib/market/hooks";
import { LazyPopup } from "../lazy-popup";
import { ChangeTag, PriceText } from "./market-bits";
import styles from "./symbol-picker.module.css";

const CLASSES: AssetClass[] = ["crypto", "metal", "forex"];
const NONE: readonly string[] = [];

export function SymbolPicker({
  symbols,
  value,
  onChange,
  title,
  classLabels,
  classes = CLASSES,
}: {
  symbols: readonly LiveSymbol[];
  value: string;
  onChange: (symbol: string) => void;
  /** Sheet title and the button's accessible name. */
  title: string;
  classLabels: Record<AssetClass, string>;
  /** Asset classes offered (e.g. spot trades crypto only). */
  classes?: readonly AssetClass[];
}) {
  const [open, setOpen] = useState(false);
  const current = symbols.find((s) => s.symbol === value);
  const [tab, setTab] = useState<AssetClass>(current?.assetClass ?? classes[0] ?? "crypto");
  const shown = useMemo(() => symbols.filter((s) => s.assetClass === tab), [symbols, tab]);
  // While open, the sheet follows its rows' prices itself (a screen may follow fewer).
  const quotes = useLiveQuotes(open ? shown.map((s) => s.symbol) : NONE);
  const rows = useMemo(() => shown.map((s) => withQuote(s, quotes[s.symbol])), [shown, quotes]);
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        onClick={() => {
          if (current) setTab(current.assetClass);
          setOpen(true);
        }}
        aria-label={title}
        aria-haspopup="dialog"
        data-testid="symbol-picker"
      >
        <strong>{current ? `${current.base}/${current.quote}` : value}</strong>
        <DownFill fontSize={10} />
      </button>
      <LazyPopup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName={styles.sheet}
        destroyOnClose
      >
        <div role="dialog" aria-label={title}>
          <h2 className={styles.title}>{title}</h2>
          {classes.length > 1 ? (
            <Tabs activeKey={tab} onChange={(k) => setTab(k as AssetClass)}>
              {classes.map((c) => (
                <Tabs.Tab key={c} title={classLabels[c]} />
              ))}
            </Tabs>
          ) : null}
          <ul className={styles.list}>
            {rows.map((s) => (
              <li key={s.symbol}>
                <button
                  type="button"
                  className={`${styles.row} ${s.symbol === value ? styles.active : ""}`}
                  aria-current={s.symbol === value}
                  data-symbol={s.symbol}
                  onClick={() => {
                    setOpen(false);
                    if (s.symbol !== value) onChange(s.symbol);
                  }}
                >
                  <span className={styles.pair}>
                    {s.base}
                    <small>/{s.quote}</small>
                  </span>
                  <PriceText value={s.price} precision={s.pricePrecision} />
                  <ChangeTag value={s.change24h} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      </LazyPopup>
    </>
  );
}
