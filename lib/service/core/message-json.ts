/**
 * A message's JSON, known from where it was made (the relay builds an events message around the batch's
 * JSON it already has; Redis hands over the text it carried) or serialized on first use: the streams
 * of every viewer of a session then write the same text, and a large batch is serialized once, not once
 * a viewer. Messages are never changed once sent, so the text stays true.
 */
const known = new WeakMap<object, string>();

/** Notes `json` as `message`'s JSON; answers the message. */
export function withJson<T extends object>(message: T, json: string): T {
  known.set(message, json);
  return message;
}

/** The message's JSON: the one noted, else serialized now (and noted). */
export function messageJson(message: unknown): string {
  if (message === null || typeof message !== "object") return JSON.stringify(message);
  let json = known.get(message);
  if (json === undefined) known.set(message, (json = JSON.stringify(message)));
  return json;
}
