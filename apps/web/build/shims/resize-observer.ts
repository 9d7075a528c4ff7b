// Stands in for `resize-observer-polyfill` (imported by ahooks' useSize, which antd-mobile's
// components use): the polyfill returns the browser's own ResizeObserver when there is one,
// and every browser the build targets has one, yet its 13 KB (3.4 KB gzip) fallback rode in
// every first screen's download. Build only: the unit tests' jsdom has no ResizeObserver
// and keeps the polyfill (vitest.config.ts).
export default globalThis.ResizeObserver;
