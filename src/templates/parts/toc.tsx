import type { TocEntry } from "../data.ts";

/** A table of contents of in-page anchors; the shell's hash-link handling scrolls to them. */
export function TableOfContents({ entries, label }: { entries: TocEntry[]; label: string }) {
  if (entries.length === 0) return null;
  return (
    <nav aria-label={label} className="mt-8 rounded-lg bg-slate-tint p-6">
      <h2 className="text-sm font-semibold tracking-wide text-charcoal uppercase">{label}</h2>
      <ol className="mt-3 grid gap-2">
        {entries.map((entry) => (
          <li key={entry.id} className={entry.level === 3 ? "pl-4" : undefined}>
            <a href={`#${entry.id}`} className="text-cobalt hover:underline">
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
