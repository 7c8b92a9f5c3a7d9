/**
 * Structured JSON log lines for delivery: one object per line, lead ids and outcomes only —
 * never a name, an email or a field value (CRM error messages can quote input, so logs carry
 * HubSpot's error types, not its messages).
 */
export type LogEntry = { event: string; level?: "info" | "warn" | "error" } & Record<
  string,
  unknown
>;
export type Logger = (entry: LogEntry) => void;

export const jsonLogger: Logger = (entry) => {
  const line = JSON.stringify({ time: new Date().toISOString(), level: "info", ...entry });
  if (entry.level === "error" || entry.level === "warn") process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
};

export const silentLogger: Logger = () => {};
