import { routes } from "./routes";
// Which areas of the app are built. Home and My show an entry only when its area is
// built: an unfinished area's entry is hidden rather than opening a "coming soon" page.
// The helper who finishes an area flips its flag here (and nothing else).
export const builtAreas = {
  loans: true,
  ieo: true,
  contests: true,
  rewards: true,
  vip: true,
  team: true,
  news: true,
  inbox: true,
  help: true,
} as const;

export type Area = keyof typeof builtAreas;

/** The area each not-yet-built route belongs to; routes not listed here are built. */
const ROUTE_AREAS: Record<string, Area> = {
  [routes.loans]: "loans",
  [routes.loanOrders]: "loans",
  [routes.loanAccount]: "loans",
  [routes.ieo]: "ieo",
  [routes.contests]: "contests",
  [routes.contestDetail]: "contests",
  [routes.myContestEntries]: "contests",
  [routes.contestTrading]: "contests",
  [routes.welfareCentre]: "rewards",
  [routes.vipLevel]: "vip",
  [routes.teamInvitation]: "team",
  [routes.news]: "news",
  [routes.announcements]: "news",
  [routes.announcementDetail]: "news",
  [routes.announcementShare]: "news",
  [routes.inbox]: "inbox",
  [routes.helpCentre]: "help",
};

/** May home or My show an entry to this path? */
export function isBuilt(path: string): boolean {
  const area = ROUTE_AREAS[path.split("?")[0] ?? path];
  return area === undefined || builtAreas[area];
}
