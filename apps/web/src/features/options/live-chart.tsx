// A small live line of the symbol's ticks since the screen opened, with a dashed line at
// the opening price of each open order on this symbol.
import dayjs from "dayjs";
import {
  AreaSeries,
  ColorType,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  LineStyle,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import { customerTimeZone } from "../../lib/format";

export interface ChartLine {
  price: string;
  color: string;
  title: string;
}

const MAX_POINTS = 300;

export function LiveChart({
  symbol,
  price,
  ts,
  precision,
  lines,
}: {
  symbol: string;
  price: string | null;
  ts: number | null;
  precision: number;
  lines: readonly ChartLine[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<"Area"> | null>(null);
  const last = useRef(0);
  const count = useRef(0);
  const priceLines = useRef<IPriceLine[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new symbol starts a new line
  useEffect(() => {
    if (!box.current) return;
    const tz = customerTimeZone();
    const c = createChart(box.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: "#ffffff" }, textColor: "#8c8c8c", fontSize: 10 },
      grid: { vertLines: { visible: false }, horzLines: { color: "#f5f5f5" } },
      rightPriceScale: { borderVisible: false },
      timeScale: {
        borderVisible: false,
        timeVisible: true,
        secondsVisible: true,
        tickMarkFormatter: (time: Time) => dayjs.unix(Number(time)).tz(tz).format("HH:mm:ss"),
      },
      localization: { timeFormatter: (time: Time) => dayjs.unix(Number(time)).tz(tz).format("HH:mm:ss") },
      handleScroll: false,
      handleScale: false,
    });
    series.current = c.addSeries(AreaSeries, {
      lineColor: "#1677ff",
      topColor: "rgba(22,119,255,0.25)",
      bottomColor: "rgba(22,119,255,0.02)",
      lineWidth: 2,
      priceFormat: { type: "price", precision, minMove: 1 / 10 ** precision },
    });
    chart.current = c;
    last.current = 0;
    count.current = 0;
    priceLines.current = [];
    return () => {
      c.remove();
      chart.current = null;
      series.current = null;
    };
  }, [symbol, precision]);

  useEffect(() => {
    if (!series.current || price === null || ts === null) return;
    const time = Math.floor(ts / 1000);
    if (time < last.current) return;
    if (time > last.current) count.current += 1;
    last.current = time;
    series.current.update({ time: time as UTCTimestamp, value: Number(price) });
    if (count.current > MAX_POINTS) {
      const data = series.current.data().slice(-MAX_POINTS);
      series.current.setData(data as { time: Time; value: number }[]);
      count.current = data.length;
    }
  }, [price, ts]);

  const linesKey = lines.map((l) => `${l.price}|${l.color}|${l.title}`).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined key stands for the lines
  useEffect(() => {
    const s = series.current;
    if (!s) return;
    for (const l of priceLines.current) s.removePriceLine(l);
    priceLines.current = lines.map((l) =>
      s.createPriceLine({
        price: Number(l.price),
        color: l.color,
        lineStyle: LineStyle.Dashed,
        lineWidth: 1,
        axisLabelVisible: true,
        title: l.title,
      }),
    );
  }, [linesKey, symbol, precision]);

  return <div ref={box} style={{ width: "100%", height: 150 }} data-testid="option-chart" />;
}
