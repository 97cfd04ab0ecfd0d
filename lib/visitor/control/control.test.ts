// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { controlMessageSchema, type ControlMessage, type Tool } from "@/lib/contract";
import { blockSelector } from "../recorder/masking";
import { applyControl, controlHandlers, type ControlHandlers, type ControlTargets } from "./control";
import { createDrawing } from "./drawing";
import { createPointer } from "./pointer";

/** One message of each kind the contract declares. */
const samples: { [K in Tool]: Extract<ControlMessage, { tool: K }> } = {
  pointer: { tool: "pointer", x: 10, y: 20 },
  click: { tool: "click", id: 1, x: 5, y: 6, count: 2, shiftKey: true },
  hover: { tool: "hover", x: 7, y: 8 },
  drag: { tool: "drag", phase: "move", x: 9, y: 10 },
  scroll: { tool: "scroll", dx: 0, dy: 120, x: 11, y: 12 },
  type: { tool: "type", text: "hello", paste: true },
  key: { tool: "key", key: "Enter", code: "Enter", ctrlKey: true },
  draw: { tool: "draw", points: [[1, 2]] },
  clear: { tool: "clear" },
  navigate: { tool: "navigate", url: "https://shop.example/cart" },
  reload: { tool: "reload" },
  message: { tool: "message", message: "hi" },
  select: { tool: "select", id: 2, value: ["a", "b"] },
  highlight: { tool: "highlight", id: 3, outline: true },
};
const tools = Object.keys(samples) as Tool[];

let nodes: Map<number, Node>;
let targets: ControlTargets;

/** The page's elements by rrweb id, as the recorder's mirror gives them. */
function page(html: string): void {
  document.body.innerHTML = html;
  nodes = new Map(Array.from(document.querySelectorAll<HTMLElement>("[data-id]"), (element) => [Number(element.dataset.id), element]));
}

/** What layout would find at a point: happy-dom lays nothing out, so the test says what is there. */
function at(element: Element | null): void {
  document.elementFromPoint = () => element;
}

/** The events of `types` that reach the elements, in order, as "type@x,y" (mouse events) or "type". */
function recordEvents(elements: EventTarget | EventTarget[], types: string[]): string[] {
  const seen: string[] = [];
  for (const element of [elements].flat())
    for (const type of types)
      element.addEventListener(type, (event) => seen.push(event instanceof MouseEvent ? `${type}@${event.clientX},${event.clientY}` : type));
  return seen;
}

const pointerDot = () => document.querySelector<HTMLElement>("[data-tandem-pointer]");
const drawnLines = () => Array.from(document.querySelectorAll("[data-tandem-drawing] polyline"), (line) => line.getAttribute("points"));

beforeEach(() => {
  page("");
  targets = { nodeOf: (id) => nodes.get(id) ?? null, maskSelector: blockSelector([".secret"]), pointer: createPointer(), drawing: createDrawing() };
});

afterEach(() => {
  targets.pointer.remove();
  targets.drawing.remove();
  vi.restoreAllMocks();
});

describe("the visitor's dispatch of control messages", () => {
  it("has a handler for every kind of message the contract declares, and for no other", () => {
    const declared = controlMessageSchema.options.map((option) => option.shape.tool.value);
    expect(Object.keys(controlHandlers).sort()).toEqual([...declared].sort());
    expect(tools.sort()).toEqual([...declared].sort());
    const { highlight: _left, ...withoutOne } = controlHandlers;
    // @ts-expect-error a table missing a kind of message is not a table of control handlers
    const incomplete: ControlHandlers = withoutOne;
    expect(Object.keys(incomplete)).not.toContain("highlight");
  });

  it.each(tools)("hands a %s message, and it alone, to its handler with the targets", (tool) => {
    const spies = Object.fromEntries(tools.map((name) => [name, vi.spyOn(controlHandlers, name).mockImplementation(() => {})]));
    applyControl(samples[tool], targets);
    expect(spies[tool]).toHaveBeenCalledExactlyOnceWith(samples[tool], targets);
    for (const other of tools.filter((name) => name !== tool)) expect(spies[other]).not.toHaveBeenCalled();
  });
});

describe("clicks", () => {
  it("clicks the node of the id at the point, with the series' count and the keys held, and shows the pointer there", () => {
    page(`<button data-id="1">Buy</button>`);
    const button = nodes.get(1) as HTMLButtonElement;
    const seen = recordEvents(button, ["pointerdown", "mousedown", "mouseup", "click", "dblclick"]);
    const modifiers: boolean[] = [];
    button.addEventListener("click", (event) => modifiers.push(event.shiftKey, event.ctrlKey));
    const details: number[] = [];
    button.addEventListener("mousedown", (event) => details.push(event.detail));
    applyControl({ tool: "click", id: 1, x: 40, y: 15, count: 2, shiftKey: true }, targets);
    expect(seen).toEqual(["pointerdown@40,15", "mousedown@40,15", "mouseup@40,15", "click@40,15", "dblclick@40,15"]);
    expect(details).toEqual([2]);
    expect(modifiers).toEqual([true, false]);
    expect(document.activeElement).toBe(button);
    expect([pointerDot()?.style.left, pointerDot()?.style.top]).toEqual(["40px", "15px"]);
  });

  it("clicks a text node's element, at its centre when no point is given, and with the right button opens the context menu", () => {
    page(`<p data-id="1">Hello</p>`);
    const paragraph = nodes.get(1) as HTMLElement;
    nodes.set(2, paragraph.firstChild!);
    paragraph.getBoundingClientRect = () => new DOMRect(10, 20, 100, 40);
    const seen = recordEvents(paragraph, ["contextmenu", "auxclick", "click"]);
    applyControl({ tool: "click", id: 2, button: "right" }, targets);
    expect(seen).toEqual(["contextmenu@60,40", "auxclick@60,40"]);
  });

  it("refuses an unknown id, a node no longer on the page, a masked element and a file input", () => {
    page(`<button data-id="1" class="no-cobrowse">A</button><div class="secret"><button data-id="2">B</button></div>
      <input data-id="3" type="password"><input data-id="4" type="file"><button data-id="5">C</button>`);
    const gone = nodes.get(5) as HTMLElement;
    gone.remove();
    const seen = recordEvents(
      [1, 2, 3, 4, 5].map((id) => nodes.get(id)!),
      ["pointerdown", "mousedown", "click"],
    );
    for (const id of [1, 2, 3, 4, 5, 99]) applyControl({ tool: "click", id, x: 1, y: 1 }, targets);
    expect(seen).toEqual([]);
    expect(pointerDot()).toBeNull();
  });
});

describe("the mouse without clicks", () => {
  it("moves the pointer for the pointer tool, and nothing else", () => {
    page(`<div id="box"></div>`);
    const seen = recordEvents(document.body, ["mouseover", "mousemove"]);
    applyControl({ tool: "pointer", x: 12, y: 34 }, targets);
    expect([pointerDot()?.style.left, pointerDot()?.style.top]).toEqual(["12px", "34px"]);
    expect(seen).toEqual([]);
  });

  it("hovers what is at the point, and only moves the pointer over a masked element", () => {
    page(`<a id="menu" href="#m">Menu</a><div class="secret" id="hidden"></div>`);
    const menu = document.getElementById("menu")!;
    const hidden = document.getElementById("hidden")!;
    const seen = recordEvents([menu, hidden], ["mouseover", "mousemove"]);
    at(menu);
    applyControl({ tool: "hover", x: 20, y: 5 }, targets);
    at(hidden);
    applyControl({ tool: "hover", x: 30, y: 50 }, targets);
    expect(seen).toEqual(["mouseover@20,5", "mousemove@20,5"]);
    expect([pointerDot()?.style.left, pointerDot()?.style.top]).toEqual(["30px", "50px"]);
  });

  it("plays a drag's press, moves with the button held and release, and refuses one that starts on a masked element", () => {
    page(`<div id="handle"></div><div class="secret" id="hidden"></div>`);
    const handle = document.getElementById("handle")!;
    const seen = recordEvents(handle, ["mousedown", "mousemove", "mouseup", "click"]);
    const held: number[] = [];
    handle.addEventListener("mousemove", (event) => held.push(event.buttons));
    at(handle);
    applyControl({ tool: "drag", phase: "start", x: 1, y: 1 }, targets);
    applyControl({ tool: "drag", phase: "move", x: 5, y: 1 }, targets);
    applyControl({ tool: "drag", phase: "end", x: 9, y: 1 }, targets);
    expect(seen).toEqual(["mousemove@1,1", "mousedown@1,1", "mousemove@5,1", "mouseup@9,1"]);
    expect(held).toEqual([0, 1]);

    const hidden = document.getElementById("hidden")!;
    const refused = recordEvents(hidden, ["mousedown", "mouseup"]);
    at(hidden);
    applyControl({ tool: "drag", phase: "start", x: 2, y: 2 }, targets);
    applyControl({ tool: "drag", phase: "end", x: 2, y: 2 }, targets);
    expect(refused).toEqual([]);
  });

  it("turns the wheel at the point, scrolls the window without one, and leaves a masked pane alone", () => {
    page(`<div id="pane"></div><div class="secret" id="hidden"></div>`);
    const scrolled = vi.spyOn(window, "scrollBy").mockImplementation(() => {});
    const wheels: string[] = [];
    const pane = document.getElementById("pane")!;
    const hidden = document.getElementById("hidden")!;
    for (const element of [pane, hidden])
      element.addEventListener("wheel", (event) => wheels.push(`${element.id} ${(event as WheelEvent).deltaX},${(event as WheelEvent).deltaY}`));
    at(pane);
    applyControl({ tool: "scroll", dx: 3, dy: 120, x: 10, y: 10 }, targets);
    at(hidden);
    applyControl({ tool: "scroll", dx: 0, dy: 50, x: 10, y: 10 }, targets);
    expect(wheels).toEqual(["pane 3,120"]);
    scrolled.mockClear();
    applyControl({ tool: "scroll", dx: 0, dy: 300 }, targets);
    expect(scrolled).toHaveBeenCalledExactlyOnceWith(0, 300);
  });
});

describe("the keyboard", () => {
  it("types characters, pastes and composes into the focused field", () => {
    // happy-dom has no editing commands: false is a browser's answer for one it cannot run.
    document.execCommand = () => false;
    page(`<input id="name">`);
    const field = document.getElementById("name") as HTMLInputElement;
    const seen = recordEvents(field, ["keydown", "paste", "compositionstart", "compositionend"]);
    field.focus();
    applyControl({ tool: "type", text: "ab" }, targets);
    applyControl({ tool: "type", text: " cd", paste: true }, targets);
    applyControl({ tool: "type", text: "é", composition: true }, targets);
    expect(field.value).toBe("ab cdé");
    expect(seen).toEqual(["keydown", "keydown", "paste", "compositionstart", "compositionend"]);
  });

  it("presses a key with its code and the modifiers held", () => {
    page(`<textarea id="notes"></textarea>`);
    const field = document.getElementById("notes")!;
    const keys: string[] = [];
    field.addEventListener("keydown", (event) => keys.push(`${event.key} ${event.code} ctrl:${event.ctrlKey} shift:${event.shiftKey}`));
    field.focus();
    applyControl({ tool: "key", key: "ArrowLeft", code: "ArrowLeft", shiftKey: true }, targets);
    expect(keys).toEqual(["ArrowLeft ArrowLeft ctrl:false shift:true"]);
  });

  it("sends no key and no text to a masked field", () => {
    page(`<input id="card" class="secret">`);
    const field = document.getElementById("card") as HTMLInputElement;
    const seen = recordEvents(field, ["keydown", "paste", "compositionstart"]);
    field.focus();
    applyControl({ tool: "type", text: "4242" }, targets);
    applyControl({ tool: "type", text: "4242", paste: true }, targets);
    applyControl({ tool: "type", text: "4242", composition: true }, targets);
    applyControl({ tool: "key", key: "Backspace" }, targets);
    expect(seen).toEqual([]);
    expect(field.value).toBe("");
  });
});

describe("drawings, lists and highlights", () => {
  it("draws each stroke on the page's drawing layer and clears them", () => {
    applyControl({ tool: "draw", points: [[1, 2], [3, 4]] }, targets); // prettier-ignore
    applyControl({ tool: "draw", points: [[3, 4], [5, 6]] }, targets); // prettier-ignore
    expect(drawnLines()).toEqual(["1,2 3,4", "3,4 5,6"]);
    applyControl({ tool: "clear" }, targets);
    expect(drawnLines()).toEqual([]);
  });

  it("chooses a list's option, with input and change, and nothing when it is already chosen", () => {
    page(`<select data-id="2"><option value="s">Small</option><option value="l">Large</option></select>`);
    const list = nodes.get(2) as HTMLSelectElement;
    const seen = recordEvents(list, ["input", "change"]);
    applyControl({ tool: "select", id: 2, value: "l" }, targets);
    expect([list.value, document.activeElement]).toEqual(["l", list]);
    applyControl({ tool: "select", id: 2, value: "l" }, targets);
    expect(seen).toEqual(["input", "change"]);
  });

  it("refuses a list that is masked or disabled, and an id that is not a list", () => {
    const options = `<option value="a">A</option><option value="b">B</option>`;
    page(`<select data-id="1" class="secret">${options}</select><select data-id="2" disabled>${options}</select><div data-id="3"></div>`);
    const seen = recordEvents(
      [1, 2, 3].map((id) => nodes.get(id)!),
      ["input", "change"],
    );
    for (const id of [1, 2, 3, 99]) applyControl({ tool: "select", id, value: "b" }, targets);
    expect(seen).toEqual([]);
    expect([(nodes.get(1) as HTMLSelectElement).value, (nodes.get(2) as HTMLSelectElement).value]).toEqual(["a", "a"]);
  });

  it("points at a highlighted element's centre and outlines it, and ignores a masked one", () => {
    page(`<h2 data-id="3">Shipping</h2><p data-id="4" class="secret">Card</p>`);
    (nodes.get(3) as HTMLElement).getBoundingClientRect = () => new DOMRect(10, 20, 100, 40);
    applyControl({ tool: "highlight", id: 3, outline: true }, targets);
    expect([pointerDot()?.style.left, pointerDot()?.style.top]).toEqual(["60px", "40px"]);
    expect(drawnLines()).toEqual(["6,16 114,16 114,64 6,64 6,16"]);
    applyControl({ tool: "highlight", id: 4, outline: true }, targets);
    expect(drawnLines()).toHaveLength(1);
  });
});

describe("the page itself", () => {
  it("goes to an http(s) address and never runs a javascript: one", () => {
    const assigned = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    applyControl({ tool: "navigate", url: "javascript:alert(1)" }, targets);
    applyControl({ tool: "navigate", url: "https://shop.example/cart" }, targets);
    expect(assigned).toHaveBeenCalledExactlyOnceWith("https://shop.example/cart");
  });

  it("reloads the page, and leaves a custom message to the page's listeners", () => {
    const reloaded = vi.spyOn(window.location, "reload").mockImplementation(() => {});
    const assigned = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    applyControl({ tool: "message", message: "hello" }, targets);
    expect(reloaded).not.toHaveBeenCalled();
    applyControl({ tool: "reload" }, targets);
    expect(reloaded).toHaveBeenCalledOnce();
    expect(assigned).not.toHaveBeenCalled();
  });
});
