/** Hands over each `data:` message of a server-sent event stream's body as it comes, until the stream ends. */
export async function readDataMessages(body: ReadableStream<Uint8Array>, onMessage: (message: Record<string, unknown>) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true });
    const frames = text.split("\n\n");
    text = frames.pop()!;
    for (const frame of frames) for (const line of frame.split("\n")) if (line.startsWith("data: ")) onMessage(JSON.parse(line.slice(6)));
  }
}

/** Reads a server-sent event stream's `data:` messages as they come, for a test, until stopped. */
export function streamMessages(url: string, headers: Record<string, string>) {
  const messages: Array<Record<string, unknown>> = [];
  const controller = new AbortController();
  const done = fetch(url, { headers, signal: controller.signal })
    .then((response) => readDataMessages(response.body!, (message) => messages.push(message)))
    .catch(() => undefined);
  return { messages, stop: async () => (controller.abort(), await done) };
}
