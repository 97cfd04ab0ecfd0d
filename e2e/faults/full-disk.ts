import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A small filesystem of its own (tmpfs) mounted over a folder, keeping what the folder held. */
export interface SmallDisk {
  /** Writes a file until the filesystem is full. */
  fill: () => void;
  /** Removes that file: the space is back. */
  free: () => void;
  unmount: () => void;
}

/** Why folders cannot be mounted over here (mount needs root, and the right to mount), or null when they can: tried once. */
export function cannotMount(): string | null {
  if (process.getuid?.() !== 0) return "mounting a small filesystem over a node's data folder needs root (mount -t tmpfs), and the suite runs as another user";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tandem-mount-check-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], { stdio: "pipe" });
    execFileSync("umount", [dir]);
    return null;
  } catch (error) {
    return `mount -t tmpfs failed here, even as root: ${String((error as { stderr?: unknown }).stderr ?? error).trim()}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Mounts a `sizeKiB` tmpfs over `dir`, with a copy of what `dir` held (owners and modes kept). */
export function mountSmallDisk(dir: string, sizeKiB: number): SmallDisk {
  const saved = fs.mkdtempSync(`${dir}-saved-`);
  execFileSync("cp", ["-a", `${dir}/.`, saved]);
  const mode = fs.statSync(dir).mode & 0o7777;
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeKiB}k,mode=${mode.toString(8)}`, "tmpfs", dir]);
  execFileSync("cp", ["-a", `${saved}/.`, dir]);
  fs.rmSync(saved, { recursive: true, force: true });
  const filler = path.join(dir, "filler");
  return {
    fill: () => {
      const block = Buffer.alloc(64 * 1024);
      const fd = fs.openSync(filler, "w");
      try {
        for (;;) fs.writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        fs.closeSync(fd);
      }
    },
    free: () => fs.rmSync(filler, { force: true }),
    unmount: () => execFileSync("umount", ["-l", dir]),
  };
}
