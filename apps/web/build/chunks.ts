// How the app's JS is split (rolldown `output.codeSplitting.groups`), so the shell
// downloads only what the first screen needs (budget: scripts/check-bundle.mjs).
import type { Rolldown } from "vite";

type CodeSplittingGroup = Rolldown.CodeSplittingGroup;

/** `…/locales/<lang>.json` or `…/locales/<namespace>/<lang>.json`. */
const LOCALE_FILE = /[\\/]locales[\\/](?:[^\\/]+[\\/])?([a-z]{2,4}(?:-[a-z]{2})?)\.json$/;

const nm = (pattern: string) => new RegExp(String.raw`node_modules[\\/]` + pattern);

/** The antd-mobile parts of the shell: config, tab bar, loading dots and their helpers. */
const ANTD_SHELL = nm(
  String.raw`antd-mobile[\\/]es[\\/](?:locales[\\/](?:base|zh-CN)|` +
    String.raw`utils[\\/](?:native-props|with-default-props|merge-locale|attach-properties-to-component|use-props-value|traverse-react-node|render|merge-props)|` +
    String.raw`components[\\/](?:config-provider|safe-area|badge|tab-bar|dot-loading)[\\/])`,
);

export const chunkGroups: CodeSplittingGroup[] = [
  // One chunk per language with every namespace's strings: the first screen downloads
  // its own language only (src/lib/i18n.ts).
  {
    debugName: "locales",
    name: (id) => {
      const m = id.match(LOCALE_FILE);
      return m ? `locale-${m[1]}` : null;
    },
    test: LOCALE_FILE,
    priority: 20,
  },
  // Libraries every screen needs, each in its own long-cached chunk.
  { name: "vendor-react", test: nm(String.raw`(?:react|react-dom|scheduler)[\\/]`), priority: 10 },
  { name: "vendor-router", test: nm(String.raw`react-router[\\/]`), priority: 10 },
  { name: "vendor-i18n", test: nm(String.raw`(?:i18next|react-i18next)[\\/]`), priority: 10 },
  // The rest of antd-mobile (popups, toasts and their animation library) stays with the
  // screens that use it.
  { name: "vendor-antd-shell", test: ANTD_SHELL, priority: 5 },
];
