/**
 * The Node options a worker thread of the server starts with: the process's own, less the tsx loader.
 * Workers inherit the process's options by default, and tsx starts an esbuild child process for each
 * thread that loads it; a thread that ends leaves its child unreaped (a defunct process per password
 * worker that idles out). The workers are plain JavaScript: they need no loader.
 */
export function workerExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const option = execArgv[i];
    const [flag, inlineValue] = option.split(/=(.*)/s, 2);
    if (!["--import", "--require", "-r", "--loader", "--experimental-loader"].includes(flag)) {
      kept.push(option);
      continue;
    }
    const value = inlineValue ?? execArgv[++i];
    if (!isTsx(value)) kept.push(...(inlineValue === undefined ? [flag, value] : [option]));
  }
  return kept;
}

const isTsx = (specifier: string | undefined) => specifier !== undefined && /(^|[/\\])tsx([/\\]|$)/.test(specifier);
