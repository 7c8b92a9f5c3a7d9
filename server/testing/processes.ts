import { readFileSync } from "node:fs";

/** The process ids of a process's children (Linux's /proc), none where that is missing. */
export function childPids(pid: number): number[] {
  try {
    const list = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return list ? list.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}
