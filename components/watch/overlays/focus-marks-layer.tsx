import type { FocusMarks } from "../replay/visitor-focus";

/** The visitor's focus (a ring) and text selection (highlighted), drawn over the mirror at the visitor's size. */
export function FocusMarksLayer({ marks, size }: { marks: FocusMarks; size: { width: number; height: number } }) {
  if (!marks.focus && !marks.selection.length) return null;
  return (
    <svg aria-hidden className="pointer-events-none absolute inset-0 h-full w-full" viewBox={`0 0 ${size.width} ${size.height}`}>
      {marks.selection.map((box, index) => (
        <rect key={index} data-testid="visitor-selection" x={box.x} y={box.y} width={box.width} height={box.height} fill="#2563eb" fillOpacity={0.3} />
      ))}
      {marks.focus ? (
        <rect
          data-testid="visitor-focus"
          x={marks.focus.x - 2}
          y={marks.focus.y - 2}
          width={marks.focus.width + 4}
          height={marks.focus.height + 4}
          rx={3}
          fill="none"
          stroke="#2563eb"
          strokeWidth={2}
        />
      ) : null}
    </svg>
  );
}
