// /hangqing: symbols by asset class with live prices, 24 h change, search and favourites.
import type { AssetClass } from "@candor/contract";
import { Button, DotLoading, SearchBar, Tabs } from "antd-mobile";
import { StarFill, StarOutline } from "antd-mobile-icons";
import { memo, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { ChangeTag, PriceText, SimulatedBadge } from "../../components/market/market-bits";
import { type LiveSymbol, sameQuote, useLiveSymbols } from "../../lib/market/hooks";
import { useFavourites } from "../../stores/favourites";
import styles from "./market.module.css";

type Tab = "favourites" | AssetClass;
const TABS: Tab[] = ["favourites", "crypto", "metal", "forex"];

export function filterSymbols(list: readonly LiveSymbol[], tab: Tab, search: string, favourites: readonly string[]) {
  const q = search
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  return list.filter(
    (s) =>
      (tab === "favourites" ? favourites.includes(s.symbol) : s.assetClass === tab) &&
      (q === "" || s.symbol.includes(q)),
  );
}

type RowProps = {
  s: LiveSymbol;
  favourite: boolean;
  onToggle: (symbol: string) => void;
  onOpen: (symbol: string) => void;
};

/** What a row shows: a live tick re-renders only the rows whose price moved. */
const sameRow = (a: RowProps, b: RowProps) =>
  a.favourite === b.favourite && a.onToggle === b.onToggle && a.onOpen === b.onOpen && sameQuote(a.s, b.s);

const SymbolRow = memo(function SymbolRow({ s, favourite, onToggle, onOpen }: RowProps) {
  const { t } = useTranslation("market");
  return (
    <li className={styles.row} data-symbol={s.symbol}>
      <button
        type="button"
        className={styles.star}
        onClick={() => onToggle(s.symbol)}
        aria-label={favourite ? t("unfavourite", { symbol: s.symbol }) : t("favourite", { symbol: s.symbol })}
        aria-pressed={favourite}
      >
        {favourite ? <StarFill color="#faad14" /> : <StarOutline color="#bfbfbf" />}
      </button>
      <button type="button" className={styles.rowMain} onClick={() => onOpen(s.symbol)}>
        <span className={styles.pair}>
          <strong>{s.base}</strong>
          <small>/{s.quote}</small>
          {!s.marketOpen ? <em className={styles.closed}>{t("closed")}</em> : null}
        </span>
        <span className={styles.price}>
          <PriceText value={s.price} precision={s.pricePrecision} direction={s.direction} ts={s.ts} />
        </span>
        <span className={styles.change}>
          <ChangeTag value={s.change24h} solid />
        </span>
      </button>
    </li>
  );
}, sameRow);

export default function MarketScreen() {
  const { t } = useTranslation("market");
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>("crypto");
  const [search, setSearch] = useState("");
  const favourites = useFavourites((s) => s.symbols);
  const toggle = useFavourites((s) => s.toggle);
  const { data, isPending, isError, refetch } = useLiveSymbols();
  const rows = useMemo(() => filterSymbols(data ?? [], tab, search, favourites), [data, tab, search, favourites]);
  const simulated = data?.some((s) => s.simulated);
  const open = useCallback((symbol: string) => navigate(withQuery(routes.chart, { symbol })), [navigate]);

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{t("routes:market")}</h1>
          <SimulatedBadge simulated={simulated} />
        </div>
        <SearchBar placeholder={t("search")} value={search} onChange={setSearch} aria-label={t("search")} />
        <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)}>
          {TABS.map((k) => (
            <Tabs.Tab key={k} title={t(`tabs.${k}`)} />
          ))}
        </Tabs>
        <div className={styles.header}>
          <span>{t("pair")}</span>
          <span>{t("lastPrice")}</span>
          <span>{t("change24h")}</span>
        </div>
      </div>
      {isPending ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : isError ? (
        <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
          <Button color="primary" onClick={() => void refetch()}>
            {t("common:retry")}
          </Button>
        </EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState
          title={tab === "favourites" && search === "" ? t("noFavourites") : t("noMatches")}
          description={tab === "favourites" && search === "" ? t("noFavouritesHint") : t("noMatchesHint")}
        />
      ) : (
        <ul className={styles.list} aria-label={t(`tabs.${tab}`)}>
          {rows.map((s) => (
            <SymbolRow key={s.symbol} s={s} favourite={favourites.includes(s.symbol)} onToggle={toggle} onOpen={open} />
          ))}
        </ul>
      )}
    </div>
  );
}
