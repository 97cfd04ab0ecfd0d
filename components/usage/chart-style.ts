import type uPlot from "uplot";

const FONT_SIZE = 12;

/**
 * The colours and font a chart draws with, read from the CSS around it when it is drawn (a canvas cannot
 * use CSS variables or currentColor), so it follows the light and dark themes.
 */
export interface ChartTheme {
  /** Axis lines and labels: the box's currentColor. */
  text: string;
  /** Grid lines: the text colour, faint. */
  grid: string;
  font: string;
  /** Any CSS colour (`var(--…)` included) as an rgba() string a canvas draws with. */
  color: (css: string, alpha?: number) => string;
  /** Width in CSS pixels of a label in the axis font. */
  measure: (text: string) => number;
}

export function chartTheme(box: HTMLElement): ChartTheme {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  const color = (css: string, alpha = 1) => {
    const probe = document.createElement("span");
    probe.style.color = css;
    box.append(probe);
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = getComputedStyle(probe).color;
    probe.remove();
    context.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
    return `rgba(${r}, ${g}, ${b}, ${((a / 255) * alpha).toFixed(3)})`;
  };
  const font = `${FONT_SIZE}px ${getComputedStyle(box).fontFamily}`;
  context.font = font;
  return { text: color("currentColor"), grid: color("currentColor", 0.2), font, color, measure: (text) => context.measureText(text).width };
}

/** Ticks from 0 to a round top at or above `max`, about four steps apart, the step taken from `steps`. */
export function niceTicks(max: number, steps: readonly number[]): number[] {
  const step = steps.find((candidate) => candidate * 4 >= max) ?? steps[steps.length - 1];
  const count = Math.max(1, Math.ceil(max / step));
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

/** Whole numbers only: 1, 2, 5, 10, 20, 50… */
export const COUNT_STEPS = [1, 2, 5].flatMap((base) => Array.from({ length: 10 }, (_, power) => base * 10 ** power)).sort((a, b) => a - b);
/** Seconds in tenths of an hour and up (0.1 h, 0.2 h, 0.5 h, 1 h…), so a seconds axis reads in round hours. */
export const HOUR_STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map((hours) => Math.round(hours * 3600));

/**
 * The axis along the bottom: labels from `label`, at least `space` pixels apart, on whole indexes; with
 * `only`, on those indexes alone (e.g. where a day starts), thinned to the spacing.
 */
export function bottomAxis(theme: ChartTheme, label: (index: number) => string, space: number, only?: number[]): uPlot.Axis {
  return {
    stroke: theme.text,
    font: theme.font,
    size: 30,
    gap: 4,
    space,
    incrs: COUNT_STEPS,
    ...(only && {
      splits: (_chart, _axis, _min, _max, step) =>
        only.reduce<number[]>((kept, index) => (kept.length && index - kept[kept.length - 1] < step ? kept : [...kept, index]), []),
    }),
    values: (_chart, splits) => splits.map((index) => label(index)),
    grid: { show: false },
    ticks: { stroke: theme.text, width: 1, size: 6 },
    border: { show: true, stroke: theme.text, width: 1 },
  };
}

/** The axis on the left at the given ticks, with dashed grid lines across the chart. */
export function leftAxis(theme: ChartTheme, ticks: number[], format: (value: number) => string): uPlot.Axis {
  const labels = ticks.map(format);
  return {
    stroke: theme.text,
    font: theme.font,
    size: Math.ceil(Math.max(...labels.map(theme.measure))) + 12,
    gap: 4,
    splits: () => ticks,
    values: (_chart, splits) => splits.map(format),
    grid: { stroke: theme.grid, width: 1, dash: [3, 3] },
    ticks: { stroke: theme.text, width: 1, size: 6 },
    border: { show: true, stroke: theme.text, width: 1 },
  };
}
