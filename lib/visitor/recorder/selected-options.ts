/**
 * Sends which options a `<select multiple>` has selected each time they change by `input` or `change`
 * (rrweb records only its first selected value), so the mirror shows them all. Masked lists are left out.
 */
import { isMasked } from "./masking";

export function markSelectedOptions(options: {
  idOf: (node: Node) => number;
  maskSelector: string;
  emit: (mark: { id: number; selected: number[] }) => void;
}): () => void {
  const changed = (event: Event) => {
    const list = event.target as HTMLSelectElement | null;
    if (list?.localName !== "select" || !list.multiple || isMasked(list, options.maskSelector)) return;
    const id = options.idOf(list);
    if (id > 0) options.emit({ id, selected: Array.from(list.selectedOptions, (option) => option.index) });
  };
  document.addEventListener("input", changed, true);
  document.addEventListener("change", changed, true);
  return () => {
    document.removeEventListener("input", changed, true);
    document.removeEventListener("change", changed, true);
  };
}
