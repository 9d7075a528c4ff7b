// Candles + volume with lightweight-charts; the last candle follows the live feed.
import type { Kline } from "@candor/contract";
import dayjs from "dayjs";
import {
  type CandlestickData,
  CandlestickSeries,
  ColorType,
  createChart,
  type HistogramData,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";
import { customerTimeZone } from "../../lib/format";

/** The price colours of the customer's setting (styles.css --candor-up / --candor-down). */
function priceColours() {
  const css = getComputedStyle(document.documentElement);
  return {
    up: css.getPropertyValue("--candor-up").trim() || "#15803d",
    down: css.getPropertyValue("--candor-down").trim() || "#b91c1c",
  };
}

export interface KlineChartHandle {
  update(candle: Kline): void;
}

const toTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

function toCandle(k: Kline): CandlestickData<Time> {
  return {
    time: toTime(k.time),
    open: Number(k.open),
    high: Number(k.high),
    low: Number(k.low),
    close: Number(k.close),
  };
}
function toVolume(k: Kline, colours: { up: string; down: string }): HistogramData<Time> {
  return {
    time: toTime(k.time),
    value: Number(k.volume),
    // The price colours at 45 % opacity (hex alpha 73).
    color: `${Number(k.close) >= Number(k.open) ? colours.up : colours.down}73`,
  };
}

export const KlineChart = forwardRef<
  KlineChartHandle,
  {
    candles: Kline[];
    precision: number;
    daily: boolean /** Sizes the chart (autoSize follows it). */;
    className?: string;
  }
>(function KlineChart({ candles, precision, daily, className }, ref) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const candleSeries = useRef<ISeriesApi<"Candlestick"> | null>(null);
  const volumeSeries = useRef<ISeriesApi<"Histogram"> | null>(null);
  const lastTime = useRef(0);

  useEffect(() => {
    if (!box.current) return;
    const tz = customerTimeZone();
    const c = createChart(box.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: "#ffffff" }, textColor: "#595959", fontSize: 11 },
      grid: { vertLines: { color: "#f5f5f5" }, horzLines: { color: "#f5f5f5" } },
      rightPriceScale: { borderColor: "#f0f0f0" },
      timeScale: {
        borderColor: "#f0f0f0",
        timeVisible: !daily,
        secondsVisible: false,
        tickMarkFormatter: (time: Time) =>
          dayjs
            .unix(Number(time))
            .tz(tz)
            .format(daily ? "MM-DD" : "HH:mm"),
      },
      localization: {
        timeFormatter: (time: Time) =>
          dayjs
            .unix(Number(time))
            .tz(tz)
            .format(daily ? "YYYY-MM-DD" : "YYYY-MM-DD HH:mm"),
      },
    });
    const minMove = 1 / 10 ** precision;
    const { up: UP, down: DOWN } = priceColours();
    candleSeries.current = c.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      borderVisible: false,
      wickUpColor: UP,
      wickDownColor: DOWN,
      priceFormat: { type: "price", precision, minMove },
      priceLineVisible: true,
    });
    volumeSeries.current = c.addSeries(HistogramSeries, {
      priceScaleId: "volume",
      priceFormat: { type: "volume" },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    c.priceScale("volume").applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    candleSeries.current.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
    chart.current = c;
    return () => {
      c.remove();
      chart.current = null;
    };
  }, [precision, daily]);

  useEffect(() => {
    candleSeries.current?.setData(candles.map(toCandle));
    const colours = priceColours();
    volumeSeries.current?.setData(candles.map((k) => toVolume(k, colours)));
    lastTime.current = candles.length > 0 ? (candles[candles.length - 1]?.time ?? 0) : 0;
    chart.current?.timeScale().scrollToRealTime();
  }, [candles]);

  useImperativeHandle(ref, () => ({
    update(candle: Kline) {
      if (candle.time < lastTime.current) return; // never rewrite history
      lastTime.current = candle.time;
      candleSeries.current?.update(toCandle(candle));
      volumeSeries.current?.update(toVolume(candle, priceColours()));
    },
  }));

  return <div ref={box} className={className} data-testid="kline-chart" />;
});
