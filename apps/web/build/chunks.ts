// How the app's JS is split (rolldown `output.codeSplitting.groups`), so the shell
// downloads only what the first screen needs (budget: scripts/check-bundle.mjs).
import type { Rolldown } from "vite";
import { isFirstNamespace, langOfAntdLocale, namespaceOfFile } from "../src/lib/i18n-namespaces.ts";
import { type ModuleGraph, neededFirst } from "./first-reach.ts";
import { inShell } from "./shell-modules.ts";

type CodeSplittingGroup = Rolldown.CodeSplittingGroup;

/**
 * `…/locales/<lang>.json`, `…/locales/<namespace>/<lang>.json`, the ledger kinds' titles
 * `ledger-kind-titles/<lang>.json` or the language's bundle `locales/bundles/<lang>.ts`.
 */
const LOCALE_FILE = /[\\/](?:locales|ledger-kind-titles)[\\/](?:[^\\/]+[\\/])?([a-z]{2,4}(?:-[a-z]{2})?)\.(?:json|ts)$/;

const nm = (pattern: string) => new RegExp(String.raw`node_modules[\\/]` + pattern);

/** The antd-mobile parts of the shell: config, tab bar, loading dots and their helpers. */
const ANTD_SHELL = nm(
  String.raw`antd-mobile[\\/]es[\\/](?:global[\\/]|locales[\\/](?:base|zh-CN)|` +
    String.raw`utils[\\/](?:unstable-render|can-use-dom|native-props|with-default-props|merge-locale|attach-properties-to-component|use-props-value|traverse-react-node|render|merge-props)|` +
    String.raw`components[\\/](?:config-provider|safe-area|badge|tab-bar|dot-loading)[\\/])`,
);

/** antd-mobile with its animation, gesture and hook libraries. */
const ANTD = nm(
  String.raw`(?:antd-mobile|antd-mobile-icons|@react-spring|@use-gesture|@floating-ui|ahooks|rc-field-form|async-validator|rc-util|classnames|lodash|lodash-es|js-cookie|screenfull|intersection-observer|resize-observer-polyfill|runes2|staged-components|throttle-debounce|use-sync-external-store|dayjs)[\\/]`,
);

/**
 * The app's modules the screens share: components, lib, stores, each feature's API calls,
 * the loss figure every risk warning shows (home and the trading screens, issue 34 §1),
 * the contract and domain packages (with decimal.js), and the icons.
 */
const APP_SHARED =
  /(?:apps[\\/]web[\\/]src[\\/](?:(?:components|lib|stores|app)[\\/]|features[\\/][^\\/]+[\\/]api\.ts$|features[\\/]disclosure[\\/](?:index\.ts|loss-rate\.tsx|disclosure\.module\.css)$)|packages[\\/](?:contract|domain)[\\/]|node_modules[\\/](?:decimal\.js|antd-mobile-icons)[\\/])/;

/** The index files of antd-mobile and its icons, which re-export everything. */
const ANTD_INDEX = nm(String.raw`antd-mobile(?:-icons)?[\\/]es[\\/]index\.js$`);
const ANTD_ICONS = nm(String.raw`antd-mobile-icons[\\/]`);
const ANTD_OWN = nm(String.raw`antd-mobile[\\/]`);

/** antd-mobile components no first screen (home, market, login, contract) shows. */
const ANTD_LATER = nm(
  String.raw`(?:antd-mobile[\\/]es[\\/]components[\\/](?:form|picker|picker-view|date-picker|date-picker-view|cascader|cascader-view|cascade-picker|selector|action-sheet|steps|swipe-action|radio|space|progress-bar|result|text-area|popover|check-list|collapse|image|image-viewer|image-uploader|calendar|calendar-picker|calendar-picker-view|virtual-input|number-keyboard|passcode-input|stepper|swiper|switch|tree-select|water-mark|floating-bubble|floating-panel|index-bar|jumbo-tabs|page-indicator|pull-to-refresh|side-bar|skeleton|footer|divider|ellipsis|empty|avatar|capsule-tabs|result-page|rate|progress-circle|scroll-mask|dropdown|modal)[\\/]|rc-field-form|async-validator|@floating-ui)`,
);

/**
 * Few requests on the critical path (HTTP/1.1: six connections, one round trip each):
 * the shell is one chunk (+ one CSS file), and a first screen adds its own chunk, the
 * shared antd-mobile chunk and the shared app chunk.
 */
export const chunkGroups: CodeSplittingGroup[] = [
  // Two chunks per language: the bundle module with the first screens' namespaces (and
  // antd-mobile's texts in that language), and every other namespace
  // (src/lib/i18n-namespaces.ts). The first screen downloads the first chunk of its own
  // language only; the second follows once it is up.
  {
    debugName: "locales",
    name: (id) => {
      const antd = langOfAntdLocale(id);
      if (antd) return `locale-${antd}`;
      const m = id.match(LOCALE_FILE);
      if (!m) return null;
      const first = /\.ts$/.test(id) || isFirstNamespace(namespaceOfFile(id));
      return first ? `locale-${m[1]}` : `locale-${m[1]}-more`;
    },
    test: (id) => LOCALE_FILE.test(id) || langOfAntdLocale(id) !== undefined,
    // Not the modules the bundle module needs (Vite's preload helper): the shell would then
    // import the first language's strings chunk for that helper.
    includeDependenciesRecursively: false,
    priority: 20,
  },
  // The libraries the shell needs (Preact as React, router, i18next, react-query, antd-mobile's
  // config, tab bar and loading dots) in one chunk. Not by the `$initial` tag: that
  // would put our start-up code in it too, and the desktop frame (pc.html), which shares
  // a few modules with the app, would then load and run the app's entry.
  {
    name: "vendor",
    test: nm(
      String.raw`(?:preact|react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](?:react-query|query-core)|zustand|tslib|@babel[\\/]runtime)[\\/]`,
    ),
    priority: 15,
  },
  { name: "vendor", test: ANTD_SHELL, priority: 15 },
  // Shared by the screens, each under the lazy chunk budget: antd-mobile's icons,
  // animation, gesture and hook libraries; the components the first screens use; the rest.
  // (antd-mobile's index re-exports every component: in a group it would pull them all
  // into that chunk, so it stays out.)
  {
    // What no first screen reaches before it paints (the text area's, the date picker's and
    // the form's helpers) is left to the last group: with the antd-mobile components kept
    // for later screens.
    debugName: "vendor-antd-libs",
    name: (id, ctx) => (neededFirst(id, ctx as ModuleGraph) ? "vendor-antd-libs" : null),
    test: (id) =>
      ANTD.test(id) && !ANTD_ICONS.test(id) && !ANTD_OWN.test(id) && !ANTD_LATER.test(id) && !ANTD_INDEX.test(id),
    priority: 11,
  },
  // The app's own shared code (components, lib, stores, the contract and domain packages)
  // that the screens use and the shell does not: one chunk, so a first screen needs one
  // request for it rather than one per small module (HTTP/1.1: every request costs a
  // round trip on one of six connections).
  // The API paths (packages/contract/src/paths: plain strings, a few KB): one chunk, whether
  // the shell uses a few of them or the screens do, instead of one tiny chunk per area.
  { name: "api-paths", test: /packages[\\/]contract[\\/]src[\\/]paths[\\/]/, priority: 13 },
  {
    // What no first screen reaches before it paints (the support chat's connection, image
    // compression, the security, privacy and protection screens' API calls…) in a second
    // chunk, which the screens that use it load.
    debugName: "app-shared",
    name: (id, ctx) => (neededFirst(id, ctx as ModuleGraph) ? "app-shared" : "app-shared-more"),
    test: (id) => APP_SHARED.test(id) && !inShell(id),
    minShareCount: 2,
    includeDependenciesRecursively: false,
    priority: 12,
  },
  // The auth screens' shared parts (the account field with its code sender, the security
  // check, their stylesheet): one chunk for login, register, forgot password, the address
  // proof and the chat's security check, not one request each on the login screen.
  {
    name: "auth-shared",
    test: /apps[\\/]web[\\/]src[\\/]features[\\/]auth[\\/](?:account-fields\.tsx|auth\.module\.css|security-check\.tsx)/,
    includeDependenciesRecursively: false,
    priority: 9,
  },
  {
    debugName: "vendor-antd",
    name: (id) => (ANTD_OWN.test(id) && !ANTD_LATER.test(id) ? "vendor-antd" : "vendor-antd-more"),
    test: (id) =>
      (ANTD_OWN.test(id) || ANTD_LATER.test(id) || ANTD.test(id)) && !ANTD_ICONS.test(id) && !ANTD_INDEX.test(id),
    priority: 10,
  },
];
