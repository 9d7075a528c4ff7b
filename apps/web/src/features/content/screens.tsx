// The route table's entry for every content path (news, announcements, inbox, help). It
// is kept tiny on purpose: the app shell lists each lazy chunk's dependencies, so this
// module imports only React and the router, and the screens come in one chunk after it.
import { lazy, Suspense } from "react";
import { useLocation } from "react-router";

const ContentScreens = lazy(() => import("./all-screens"));

export default function ContentScreen() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={null}>
      <ContentScreens path={pathname} />
    </Suspense>
  );
}
