/**
 * Remembers the scroll position of each history entry so back/forward restores it. Kept in
 * sessionStorage so it survives a reload; storage that throws (private mode) only loses memory.
 */
const STORAGE_KEY = "hd-scroll-positions";
const MAX_ENTRIES = 50;

export class ScrollMemory {
  private positions = new Map<string, number>();
  private readonly storage: Pick<Storage, "getItem" | "setItem"> | null;

  constructor(storage: Pick<Storage, "getItem" | "setItem"> | null) {
    this.storage = storage;
    try {
      const saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "[]") as unknown;
      if (Array.isArray(saved)) {
        for (const entry of saved) {
          if (
            Array.isArray(entry) &&
            typeof entry[0] === "string" &&
            typeof entry[1] === "number"
          ) {
            this.positions.set(entry[0], entry[1]);
          }
        }
      }
    } catch {
      // Unreadable memory is no memory.
    }
  }

  save(key: string, y: number): void {
    this.positions.delete(key);
    this.positions.set(key, y);
    while (this.positions.size > MAX_ENTRIES) {
      const oldest = this.positions.keys().next().value;
      if (oldest === undefined) break;
      this.positions.delete(oldest);
    }
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify([...this.positions]));
    } catch {
      // Quota or privacy mode: keep the in-memory copy only.
    }
  }

  get(key: string): number | undefined {
    return this.positions.get(key);
  }
}
