// Every contest screen in one lazy chunk: the route table points /bisai, /bisaiDetail,
// /bisaiMycansai and /bisaiTrade at this one loader and the path picks the screen.
import type { ComponentType } from "react";
import { useLocation } from "react-router";
import { routes } from "../../app/routes";
import ContestDetailScreen from "./detail-screen";
import MyEntriesScreen from "./entries-screen";
import ContestsScreen from "./list-screen";
import ContestTradeScreen from "./trade-screen";

/** Path → screen; the route table lists the same paths with their metadata. */
export const CONTEST_SCREENS: Record<string, ComponentType> = {
  [routes.contests]: ContestsScreen,
  [routes.contestDetail]: ContestDetailScreen,
  [routes.myContestEntries]: MyEntriesScreen,
  [routes.contestTrading]: ContestTradeScreen,
};

export default function ContestScreens() {
  const Screen = CONTEST_SCREENS[useLocation().pathname] ?? ContestsScreen;
  return <Screen />;
}
