import { TANDEM_UI } from "../recorder/masking";

/** The agent's pointer on the visitor's page: a dot that follows the agent's mouse. */
export function createPointer() {
  let dot: HTMLDivElement | null = null;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    move(x: number, y: number, clicked = false) {
      if (!dot) {
        dot = document.createElement("div");
        dot.className = TANDEM_UI;
        dot.setAttribute("aria-hidden", "true");
        dot.setAttribute("data-tandem-pointer", "");
        dot.style.cssText =
          "position:fixed;z-index:2147483647;width:18px;height:18px;margin:-9px 0 0 -9px;border-radius:50%;background:rgba(79,70,229,.55);border:2px solid #fff;box-shadow:0 0 0 1px #4f46e5;pointer-events:none;transition:transform .12s";
        document.body.appendChild(dot);
      }
      dot.style.left = `${x}px`;
      dot.style.top = `${y}px`;
      dot.style.display = "block";
      dot.style.transform = clicked ? "scale(1.6)" : "scale(1)";
      if (clicked) setTimeout(() => dot && (dot.style.transform = "scale(1)"), 200);
      clearTimeout(hideTimer);
      hideTimer = setTimeout(() => dot && (dot.style.display = "none"), 5000);
    },
    remove() {
      clearTimeout(hideTimer);
      dot?.remove();
      dot = null;
    },
  };
}
