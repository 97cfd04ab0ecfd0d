/** Reads a server-sent event stream's `data:` messages as they come, for a test, until stopped. */
export function streamMessages(url: string, headers: Record<string, string>) {
  const messages: Array<Record<string, unknown>> = [];
  const controller = new AbortController();
  const done = fetch(url, { headers, signal: controller.signal })
    .then(async (response) => {
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        const frames = text.split("\n\n");
        text = frames.pop()!;
        for (const frame of frames) if (frame.startsWith("data: ")) messages.push(JSON.parse(frame.slice(6)));
      }
    })
    .catch(() => undefined);
  return { messages, stop: async () => (controller.abort(), await done) };
}
