// Every content screen in one chunk: news, announcements (list, detail, share), the inbox
// and the help centre, picked by path (screens.tsx loads this chunk).

import { routes } from "../../app/routes";
import { AnnouncementDetailScreen, AnnouncementListScreen, AnnouncementShareScreen } from "./announcement-screens";
import HelpScreen from "./help-screen";
import InboxScreen from "./inbox-screen";
import NewsScreen from "./news-screen";

const BY_PATH: Record<string, () => React.JSX.Element> = {
  [routes.news]: NewsScreen,
  [routes.announcements]: AnnouncementListScreen,
  [routes.announcementDetail]: AnnouncementDetailScreen,
  [routes.announcementShare]: AnnouncementShareScreen,
  [routes.inbox]: InboxScreen,
  [routes.helpCentre]: HelpScreen,
};

export default function ContentScreens({ path }: { path: string }) {
  const Screen = BY_PATH[path] ?? NewsScreen;
  return <Screen />;
}
