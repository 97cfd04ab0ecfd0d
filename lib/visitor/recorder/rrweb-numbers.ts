/** rrweb's numbers the recorder reads events by (EventType, IncrementalSource, the serialised NodeType), written once. */

// EventType
export const FULL_SNAPSHOT = 2;
export const INCREMENTAL = 3;
export const META = 4;
export const CUSTOM = 5;
// IncrementalSource
export const MUTATION = 0;
export const SCROLL = 3;
export const STYLE_SHEET_RULE = 8;
export const ADOPTED_STYLE_SHEET = 15;
// NodeType of a serialised node
export const ELEMENT_NODE = 2;
export const TEXT_NODE = 3;
