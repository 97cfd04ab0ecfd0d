/**
 * Calls made within one event loop turn, answered by one `run` over all their inputs (in call order):
 * one database statement or one Redis round trip for what a busy node's requests ask in the same turn,
 * instead of one each. `run` answers with one output per input; when it fails, every call of its turn
 * fails with its error.
 */
export function gatheredPerTurn<Input, Output>(run: (inputs: Input[]) => Promise<Output[]>): (input: Input) => Promise<Output> {
  type Call = { input: Input; answer: (output: Output) => void; fail: (error: unknown) => void };
  let turn: Call[] | null = null;
  return (input) =>
    new Promise((answer, fail) => {
      if (!turn) {
        const calls: Call[] = (turn = []);
        setImmediate(async () => {
          turn = null;
          try {
            const outputs = await run(calls.map((call) => call.input));
            calls.forEach((call, index) => call.answer(outputs[index]));
          } catch (error) {
            for (const call of calls) call.fail(error);
          }
        });
      }
      turn.push({ input, answer, fail });
    });
}
