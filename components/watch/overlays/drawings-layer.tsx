import type { Stroke } from "../control/use-drawing";
import type { Size } from "../replay/use-replayer";

/** The agent's strokes, drawn over the mirror at the visitor's size as the visitor's page draws them. */
export function DrawingsLayer({ strokes, size }: { strokes: Stroke[]; size: Size }) {
  if (!strokes.length) return null;
  return (
    <svg aria-hidden className="pointer-events-none absolute inset-0 h-full w-full" viewBox={`0 0 ${size.width} ${size.height}`} data-testid="agent-drawings">
      {strokes.map((points, index) => (
        <polyline
          key={index}
          points={points.map(([x, y]) => `${x},${y}`).join(" ")}
          fill="none"
          stroke="#e11d48"
          strokeWidth={4}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ))}
    </svg>
  );
}
