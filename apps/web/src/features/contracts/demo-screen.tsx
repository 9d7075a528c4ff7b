// /demotrading: the trade screen's demo tab (app/trade-screen.tsx) — the same futures panel on a
// virtual balance that can be reset (demo options and spot are the same tab's other switches).
// Virtual money never mixes with real money.

import { demoPaths } from "@candor/contract/paths";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Dialog, DotLoading, NoticeBar } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { pollUnlessLive } from "../../lib/account-feed";
import { api } from "../../lib/api-client";
import { showAmount } from "../../lib/format";
import { showToast } from "../../lib/toast";
import styles from "./contracts.module.css";
import { FuturesTrader } from "./futures-trader";

export default function DemoTradingScreen() {
  const { t } = useTranslation("contracts");
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const balance = useQuery({
    queryKey: ["futures", "demo-balance"],
    queryFn: () => api.get(demoPaths.balance, { silent: true }),
    refetchInterval: pollUnlessLive(5_000),
  });
  const reset = async () => {
    const yes = await Dialog.confirm({
      content: t("demo.resetConfirm", { amount: balance.data?.defaultBalance ?? "10000" }),
      confirmText: t("demo.reset"),
      cancelText: t("common:cancel"),
    });
    if (!yes) return;
    try {
      const res = await api.post(demoPaths.reset, { clientRequestId: crypto.randomUUID() });
      showToast(t("demo.resetDone", { amount: showAmount(res.available, 2) }), "success");
      await queryClient.invalidateQueries({ queryKey: ["futures"] });
    } catch {
      // shown
    }
  };
  return (
    <div style={{ minHeight: "100vh", background: "#f5f6f8" }}>
      <NoticeBar content={t("demo.notice")} color="info" wrap />
      <section className={styles.demoCard} aria-label={t("demo.balance")}>
        <div>
          <div className={styles.muted}>{t("demo.equity")}</div>
          <div className={styles.demoEquity} data-testid="demo-equity">
            {balance.isPending ? <DotLoading /> : `${showAmount(balance.data?.equity, 2)} VUSDT`}
          </div>
          <div className={styles.muted}>{t("demo.available", { amount: showAmount(balance.data?.available, 2) })}</div>
        </div>
        <Button size="small" onClick={() => void reset()}>
          {t("demo.reset")}
        </Button>
      </section>
      <FuturesTrader
        mode="demo"
        available={balance.data?.available ?? null}
        initialSymbol={(params.get("symbol") ?? "BTCUSDT").toUpperCase()}
      />
    </div>
  );
}
