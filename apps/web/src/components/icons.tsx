// Small inline SVG icons for places where antd-mobile-icons has none that fits
// (or only currency-specific glyphs): they draw the same on every phone.
import type { ReactNode } from "react";

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/** Money coming in: an arrow down into a tray. */
export const DepositIcon = () => (
  <Svg>
    <path d="M12 3v12M7 10l5 5 5-5M4 17v3h16v-3" />
  </Svg>
);

/** Money going out: an arrow up out of a tray. */
export const WithdrawIcon = () => (
  <Svg>
    <path d="M12 15V3M7 8l5-5 5 5M4 17v3h16v-3" />
  </Svg>
);

/** Copy: two overlapping sheets. */
export const CopyIcon = () => (
  <Svg>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V6a2 2 0 0 1 2-2h9" />
  </Svg>
);

/** Trade: a candlestick pair. */
export const TradeIcon = () => (
  <Svg>
    <path d="M7 3v18M17 3v18" />
    <rect x="4.5" y="7" width="5" height="8" rx="1" />
    <rect x="14.5" y="10" width="5" height="6" rx="1" />
  </Svg>
);

/** Candor's mark (public/favicon.svg, drawn inline: no request on the first screen). */
export const LogoMark = ({ size = 28 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
    <rect width="64" height="64" rx="14" fill="#1677ff" />
    <path d="M42 22a14 14 0 1 0 0 20" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" />
  </svg>
);
