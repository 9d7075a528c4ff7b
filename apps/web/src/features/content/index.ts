// The content feature's public components (a feature's public files are api.ts and index.ts;
// apps/web/test/front-end-boundaries.test.ts): the home screen's ticker and banners.
import { lazy } from "react";

export { BannersPlaceholder, HomeTicker } from "./home-ticker";

/** The banners (a swiper) come in their own chunk; the ticker is part of the importer's. */
export const HomeBanners = lazy(() => import("./home-content"));
