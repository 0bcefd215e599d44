import 'uplot/dist/uPlot.min.css';
import { type Theme, useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { displayTimeZone } from '../../../lib/display-time-zone';
import { alignSeries } from '../logic/chart-data';
import { fixedAxisRange, formatMetricValue } from '../logic/metric-format';
import type { MetricChartProps } from './metric-chart';

/** Line patterns beside the colours, so series differ for people who do not tell the colours apart. */
const DASHES: (number[] | undefined)[] = [undefined, [8, 4], [2, 3], [10, 3, 2, 3]];

const seriesColours = (theme: Theme) => [
  theme.palette.secondary.main,
  theme.palette.primary.main,
  theme.palette.accent.main,
  theme.palette.success.main,
  theme.palette.warning.main,
  theme.palette.error.main,
];

/** Bitrates and byte counts start at 0, as a rate or a size reads; a flat line still gets a scale. */
const fromZero: uPlot.Range.Function = (_plot, _min, max) => [0, max > 0 ? max * 1.1 : 1];

/** An axis as wide as its widest label ('2970000 kbps' as well as '50%'), so no label is cut. */
const labelledAxisSize: uPlot.Axis.Size = (plot, values, axisIndex, cycle) => {
  const axis = plot.axes[axisIndex] as uPlot.Axis & { _size?: number };
  if (cycle > 1 && axis._size) return axis._size;
  const widest = (values ?? []).reduce(
    (longest, value) => (value.length > longest.length ? value : longest),
    '',
  );
  // uPlot keeps an axis's font as [font, size] once drawn (its types say a string).
  const font = axis.font as unknown;
  plot.ctx.font = Array.isArray(font) ? String(font[0]) : String(font ?? '');
  const gap = (axis.ticks?.size ?? 10) + (axis.gap ?? 5);
  return Math.ceil(gap + plot.ctx.measureText(widest).width / devicePixelRatio) + 4;
};

function chartOptions(props: MetricChartProps, theme: Theme, width: number): uPlot.Options {
  const { series } = props;
  const units = [...new Set(series.map((one) => one.unit))];
  const colours = seriesColours(theme);
  const text = theme.palette.text.secondary;
  const grid = { stroke: theme.palette.divider, width: 1 };
  const timeZone = displayTimeZone.get();
  return {
    width,
    height: props.height,
    // Times on the axis and in the legend in the profile's zone, as everywhere else.
    tzDate: timeZone ? (seconds) => uPlot.tzDate(new Date(seconds * 1000), timeZone) : undefined,
    scales: {
      x: { time: true, range: [props.start.getTime() / 1000, props.end.getTime() / 1000] },
      ...Object.fromEntries(
        units.map((unit) => [
          unit,
          { range: fixedAxisRange(unit) ?? (unit === 'kbps' || unit === 'bytes' ? fromZero : undefined) },
        ]),
      ),
    },
    axes: [
      { stroke: text, grid, ticks: grid },
      // One axis per unit: the first on the left, the second on the right; more share the grid unlabelled.
      ...units.map((unit, position) => ({
        scale: unit,
        side: position % 2 === 1 ? 1 : 3,
        show: position < 2,
        stroke: text,
        size: labelledAxisSize,
        grid: { ...grid, show: position === 0 },
        ticks: grid,
        values: (_plot: uPlot, splits: number[]) => splits.map((value) => formatMetricValue(value, unit)),
      })),
    ],
    series: [
      {},
      ...series.map((one, position) => {
        const stroke = props.colour ?? colours[position % colours.length];
        return {
          label: one.label,
          scale: one.unit,
          stroke,
          width: 2,
          dash: props.colour ? undefined : DASHES[position % DASHES.length],
          value: (_plot: uPlot, value: number | null) =>
            value === null ? '–' : formatMetricValue(value, one.unit),
        };
      }),
    ],
  };
}

/** The uPlot chart behind MetricChart, loaded on demand; it fills its container's width. */
export function MetricChartCanvas({ title, series, start, end, height, colour }: MetricChartProps) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);

  // Made again when the data or the theme changes: a new answer every 20 s at most, cheap for uPlot.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const props = { title, series, start, end, height, colour };
    const plot = new uPlot(
      chartOptions(props, theme, element.clientWidth || 300),
      alignSeries(series) as uPlot.AlignedData,
      element,
    );
    const observer = new ResizeObserver(([entry]) => {
      if (entry) plot.setSize({ width: Math.floor(entry.contentRect.width), height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [title, series, start, end, height, colour, theme]);

  return <div ref={box} style={{ width: '100%', color: theme.palette.text.primary }} />;
}
