// The monthly net result as bars (lightweight-charts; this screen's chunk is loaded lazily).
import { ColorType, createChart, HistogramSeries, type Time } from "lightweight-charts";
import { useEffect, useRef } from "react";
import styles from "./disclosure.module.css";

export interface MonthBar {
  month: string;
  net: string;
}

const cssColour = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

export function ResultsChart({ bars, label }: { bars: readonly MonthBar[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const key = bars.map((b) => `${b.month}:${b.net}`).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined key stands for the bars
  useEffect(() => {
    if (!box.current) return;
    const up = cssColour("--candor-up", "#15803d");
    const down = cssColour("--candor-down", "#b91c1c");
    const c = createChart(box.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: "#ffffff" }, textColor: "#666666", fontSize: 10 },
      grid: { vertLines: { visible: false }, horzLines: { color: "#f0f0f0" } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true, lockVisibleTimeRangeOnResize: true },
      handleScroll: false,
      handleScale: false,
    });
    const series = c.addSeries(HistogramSeries, { priceFormat: { type: "price", precision: 2, minMove: 0.01 } });
    series.setData(
      bars.map((b) => {
        const value = Number(b.net);
        return { time: `${b.month}-01` as Time, value, color: value < 0 ? down : up };
      }),
    );
    c.timeScale().fitContent();
    return () => c.remove();
  }, [key]);
  return <div ref={box} className={styles.chart} role="img" aria-label={label} data-testid="results-chart" />;
}
