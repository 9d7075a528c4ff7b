// Keeps screens of keep-alive routes mounted (hidden) when navigating away, so their
// state and scroll position survive; other screens mount and unmount as usual.
import { type ReactNode, useRef } from "react";
import { useMatches, useOutlet } from "react-router";
import type { AppRoute } from "../app/route-table";

export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const matches = useMatches();
  const route = matches[matches.length - 1]?.handle as AppRoute | undefined;
  const cache = useRef(new Map<string, ReactNode>());
  const activeKey = route?.keepAlive ? route.path : null;
  if (activeKey && outlet) cache.current.set(activeKey, outlet);
  return (
    <>
      {[...cache.current.entries()].map(([path, element]) => (
        <div key={path} style={{ display: path === activeKey ? "contents" : "none" }} data-keep-alive={path}>
          {element}
        </div>
      ))}
      {activeKey ? null : outlet}
    </>
  );
}
