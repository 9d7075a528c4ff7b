// Every earn screen in one lazy chunk: the route table points each earn path at this one
// loader (the smallest cost in the app shell) and the path picks the screen.
import type { ComponentType } from "react";
import { useLocation } from "react-router";
import { routes } from "../../app/routes";
import DebtDetailScreen from "./debt-detail-screen";
import DebtListScreen from "./debt-list-screen";
import FixedTermCreateScreen from "./fixed-term-create-screen";
import FixedTermListScreen from "./fixed-term-list-screen";
import MiningDetailScreen from "./mining-detail-screen";
import MiningListScreen from "./mining-list-screen";
import OrderDetailScreen from "./order-detail-screen";
import OrderOkScreen from "./order-ok-screen";
import OrdersScreen from "./orders-screen";
import QuantDetailScreen from "./quant-detail-screen";
import QuantListScreen from "./quant-list-screen";

/** Path → screen; the route table lists the same paths with their metadata. */
export const EARN_SCREENS: Record<string, ComponentType> = {
  [routes.arbitrage]: FixedTermListScreen,
  [routes.arbitrageOrderCreate]: FixedTermCreateScreen,
  [routes.arbitrageOrderConfirmation]: OrderOkScreen,
  [routes.wealthOrders]: OrdersScreen,
  [routes.earnOrderDetail]: OrderDetailScreen,
  [routes.mining]: MiningListScreen,
  [routes.miningDetail]: MiningDetailScreen,
  [routes.debtClaims]: DebtListScreen,
  [routes.debtClaimDetail]: DebtDetailScreen,
  [routes.debtClaimOrders]: OrdersScreen,
  [routes.quant]: QuantListScreen,
  [routes.quantDetail]: QuantDetailScreen,
  [routes.aiQuant]: QuantListScreen,
};

export default function EarnScreens() {
  const Screen = EARN_SCREENS[useLocation().pathname] ?? FixedTermListScreen;
  return <Screen />;
}
