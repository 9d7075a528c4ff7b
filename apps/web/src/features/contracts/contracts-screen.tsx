// /heyue: the trade screen's futures tab (app/trade-screen.tsx) — futures with real money.
import { useSearchParams } from "react-router";
import { FuturesTrader } from "./futures-trader";

export default function ContractsScreen() {
  const [params] = useSearchParams();
  return <FuturesTrader mode="real" initialSymbol={(params.get("symbol") ?? "BTCUSDT").toUpperCase()} />;
}
