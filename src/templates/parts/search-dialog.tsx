import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "../../runtime/index.ts";
import { createSiteSearch, type SearchResult, type SiteSearch } from "../../search/index.ts";
import { Button } from "../../ui/index.ts";

const MAX_RESULTS = 8;

let siteSearch: SiteSearch | null = null;

/** One search for the page's lifetime, so the index files it has loaded serve every search. */
function getSiteSearch(): SiteSearch {
  siteSearch ??= createSiteSearch();
  return siteSearch;
}

type Status = "idle" | "searching" | "done" | "error";

/** A modal search over posts, book chapters, resources and integrations, opened by SearchButton. */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  /** What the results answer: the query as it was sent, not as the field reads since. */
  const [searched, setSearched] = useState("");
  const [results, setResults] = useState<SearchResult[]>([]);
  const [status, setStatus] = useState<Status>("idle");
  /** The latest search sent: a slower earlier one's answer must not replace its results. */
  const latest = useRef(0);
  const titleId = useId();
  const inputId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // Opened to search: its field, not its Close button (the first focusable), takes the focus.
    field.current?.focus();
    return () => element?.close();
  }, []);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (text === "") return;
    latest.current += 1;
    const sent = latest.current;
    setStatus("searching");
    try {
      const found = await getSiteSearch().search(text, MAX_RESULTS);
      if (sent !== latest.current) return;
      setResults(found);
      setSearched(text);
      setStatus("done");
    } catch {
      if (sent === latest.current) setStatus("error");
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-lg p-6 text-charcoal shadow-xl backdrop:bg-charcoal/60"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id={titleId} className="text-xl font-semibold">
          Search posts, guides and resources
        </h2>
        <Button variant="outline" size="S" onClick={() => dialog.current?.close()}>
          Close
        </Button>
      </div>
      <search>
        <form onSubmit={search} className="mt-4 flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            Search for
          </label>
          <input
            id={inputId}
            ref={field}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="min-h-10 flex-1 rounded-md border border-slate px-3"
            placeholder="e.g. deflection, staffing, CSAT"
          />
          <Button type="submit">Search</Button>
        </form>
      </search>
      {/* Only a status line is announced: the results are read as the visitor moves to them. */}
      <div aria-live="polite" className="mt-4">
        {status === "searching" && <p className="text-slate">Searching…</p>}
        {status === "error" && (
          <p className="text-clay">Search could not load. Please try again in a moment.</p>
        )}
        {status === "done" && results.length === 0 && (
          <p className="text-slate">Nothing matches “{searched}”.</p>
        )}
        {status === "done" && results.length > 0 && (
          <p className="sr-only">
            {results.length === 1 ? "1 result" : `${results.length} results`} for “{searched}”.
          </p>
        )}
      </div>
      <div className="mt-4">
        {status === "done" && results.length > 0 && (
          <ol className="grid gap-4" aria-label="Search results">
            {results.map((result) => (
              <li key={result.path}>
                <Link
                  to={result.path}
                  className="font-semibold text-cobalt hover:underline"
                  onClick={() => dialog.current?.close()}
                >
                  {result.title}
                </Link>
                {/* No excerpt when the result's page data could not be loaded (client.ts). */}
                {result.excerpt.length > 0 && (
                  <p className="mt-1 text-sm text-slate">
                    {result.excerpt.map((part, index) =>
                      part.highlighted ? (
                        // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder.
                        <mark key={index}>{part.text}</mark>
                      ) : (
                        part.text
                      ),
                    )}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </dialog>
  );
}
