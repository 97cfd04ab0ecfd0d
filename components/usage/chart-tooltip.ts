import type uPlot from "uplot";

export interface TooltipContent {
  label: string;
  rows: Array<{ name: string; value: string; color: string }>;
}

const OFFSET = 12;

/**
 * The box shown on hover: the point's UTC label, then each series' name and value in its colour. Built
 * with text nodes, as series names are agents' names. With `shade`, the hovered day's column is shaded.
 */
export function tooltipPlugin(content: (index: number) => TooltipContent, { shade }: { shade: boolean }): uPlot.Plugin {
  const box = document.createElement("div");
  box.className =
    "pointer-events-none absolute top-0 left-0 z-10 hidden rounded border border-zinc-300 bg-white p-2.5 text-xs whitespace-nowrap text-zinc-900 shadow-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";
  const column = document.createElement("div");
  column.className = "pointer-events-none absolute top-0 hidden h-full bg-current opacity-10";

  const line = (text: string, color?: string) => {
    const paragraph = document.createElement("p");
    paragraph.textContent = text;
    if (color) paragraph.style.color = color;
    return paragraph;
  };

  return {
    hooks: {
      init: (chart) => {
        if (shade) chart.over.append(column);
        chart.over.append(box);
        chart.over.addEventListener("mouseleave", () => {
          box.classList.add("hidden");
          column.classList.add("hidden");
        });
      },
      setCursor: (chart) => {
        const index = chart.cursor.idx;
        if (index == null || chart.cursor.left == null || chart.cursor.left < 0) {
          box.classList.add("hidden");
          column.classList.add("hidden");
          return;
        }
        const { label, rows } = content(index);
        box.replaceChildren(line(label), ...rows.map((row) => line(`${row.name} : ${row.value}`, row.color)));
        box.classList.remove("hidden");

        const x = chart.valToPos(chart.data[0][index], "x");
        if (shade) {
          const width = chart.valToPos(1, "x") - chart.valToPos(0, "x");
          column.style.left = `${x - width / 2}px`;
          column.style.width = `${width}px`;
          column.classList.remove("hidden");
        }
        // Beside the pointer, on the side with room, and within the chart's height.
        const plotWidth = chart.over.clientWidth;
        const left = x + OFFSET + box.offsetWidth <= plotWidth ? x + OFFSET : Math.max(0, x - OFFSET - box.offsetWidth);
        const top = Math.max(0, Math.min((chart.cursor.top ?? 0) - box.offsetHeight / 2, chart.over.clientHeight - box.offsetHeight));
        box.style.transform = `translate(${left}px, ${top}px)`;
      },
    },
  };
}
