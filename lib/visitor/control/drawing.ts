import { TANDEM_UI } from "../recorder/masking";

const SVG = "http://www.w3.org/2000/svg";

/**
 * The agents' drawings on the visitor's page: strokes in viewport pixels on a layer above the page that
 * lets every click through. Class `no-cobrowse`, so the drawings are not sent back to the agents.
 */
export function createDrawing() {
  let layer: SVGSVGElement | null = null;

  const ensureLayer = (): SVGSVGElement => {
    if (layer?.isConnected) return layer;
    layer = document.createElementNS(SVG, "svg");
    layer.setAttribute("class", TANDEM_UI);
    layer.setAttribute("aria-hidden", "true");
    layer.setAttribute("data-tandem-drawing", "");
    layer.style.cssText = "position:fixed;inset:0;width:100vw;height:100vh;z-index:2147483645;pointer-events:none;overflow:visible";
    document.body.appendChild(layer);
    return layer;
  };

  return {
    stroke(points: [number, number][]) {
      const line = document.createElementNS(SVG, "polyline");
      line.setAttribute("points", points.map(([x, y]) => `${x},${y}`).join(" "));
      line.setAttribute("fill", "none");
      line.setAttribute("stroke", "#e11d48");
      line.setAttribute("stroke-width", "4");
      line.setAttribute("stroke-linecap", "round");
      line.setAttribute("stroke-linejoin", "round");
      ensureLayer().appendChild(line);
    },
    clear() {
      layer?.replaceChildren();
    },
    remove() {
      layer?.remove();
      layer = null;
    },
  };
}

export type Drawing = ReturnType<typeof createDrawing>;
