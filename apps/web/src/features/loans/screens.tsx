// Every loan screen in one lazy chunk: the route table points /jiedai, /jiedaiOrder and
// /loanAccount at this one loader (the smallest cost in the app shell) and the path picks
// the screen.
import type { ComponentType } from "react";
import { useLocation } from "react-router";
import { routes } from "../../app/routes";
import LoanAccountScreen from "./account-screen";
import LoansScreen from "./loans-screen";
import LoanOrdersScreen from "./orders-screen";

/** Path → screen; the route table lists the same paths with their metadata. */
export const LOAN_SCREENS: Record<string, ComponentType> = {
  [routes.loans]: LoansScreen,
  [routes.loanOrders]: LoanOrdersScreen,
  [routes.loanAccount]: LoanAccountScreen,
};

export default function LoanScreens() {
  const Screen = LOAN_SCREENS[useLocation().pathname] ?? LoansScreen;
  return <Screen />;
}
