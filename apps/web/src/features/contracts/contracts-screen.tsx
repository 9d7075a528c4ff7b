// /heyue: futures trading with real money (the Contract tab).
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { FuturesTrader } from "./futures-trader";

export default function ContractsScreen() {
  const { t } = useTranslation("contracts");
  const [params] = useSearchParams();
  return (
    <div>
      <PageHeader title={t("routes:contract")} back={false} />
      <FuturesTrader mode="real" initialSymbol={(params.get("symbol") ?? "BTCUSDT").toUpperCase()} />
    </div>
  );
}
