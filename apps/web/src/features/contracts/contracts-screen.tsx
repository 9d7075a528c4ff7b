// /heyue: the Trade tab — futures with real money, and switches to options, spot and demo.
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { TradeSwitch } from "../../components/trade-switch";
import { FuturesTrader } from "./futures-trader";

export default function ContractsScreen() {
  const { t } = useTranslation("contracts");
  const [params] = useSearchParams();
  return (
    <div>
      <PageHeader title={t("routes:contract")} back={false} />
      <TradeSwitch current="futures" />
      <FuturesTrader mode="real" initialSymbol={(params.get("symbol") ?? "BTCUSDT").toUpperCase()} />
    </div>
  );
}
