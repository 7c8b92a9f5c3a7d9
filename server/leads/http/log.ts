/**
 * Structured logs of the lead API: one JSON object per line on stdout, naming lead ids, form ids,
 * statuses and durations — never a visitor's values, email, IP, cookies or user agent, and never
 * an error's message (a database error can quote the row it refused).
 */

export type LogValue = string | number | boolean | null | readonly string[];
export type LeadLogger = (event: string, fields?: Readonly<Record<string, LogValue>>) => void;

export function jsonLogger(
  write: (line: string) => void = (line) => process.stdout.write(line),
): LeadLogger {
  return (event, fields = {}) => {
    write(`${JSON.stringify({ time: new Date().toISOString(), event, ...fields })}\n`);
  };
}

/** What may be logged about an error: its class and code, not its text. */
export function errorKind(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? `${error.name}:${code}` : error.name;
  }
  return typeof error;
}
