/**
 * The operator's and marketer's commands over the lead store (`npm run leads -- …`). Each
 * command takes an open store and writes plain text; ./cli.ts parses arguments and opens the
 * store from the same environment the API uses.
 */
import { parseArgs } from "node:util";
import { leadSource } from "./source.ts";
import type { LeadState, LeadStore, StoredLead } from "./store/types.ts";

export const USAGE = `Usage: npm run leads -- <command>

  list [--state S] [--form ID] [--limit N]   newest leads first (default 50)
  show ID                                    one lead with its delivery history (JSON)
  export --csv [--state S] [--form ID]       every matching lead as CSV on stdout
  stats [--by source|form|state]             counts; without --by: states and outbox
  retry ID | --dead | --held                 put dead (or held) leads back in the outbox
  release ID                                 a lead marked spam goes to the outbox
  delete --email ADDRESS                     erasure: the person's leads and files

States: pending, held, delivered, dead, spam.`;

export class UsageError extends Error {}

const STATES = new Set<LeadState>(["pending", "held", "delivered", "dead", "spam"]);

function stateOption(value: string | undefined): LeadState | undefined {
  if (value === undefined) return undefined;
  if (!STATES.has(value as LeadState)) throw new UsageError(`unknown state "${value}"`);
  return value as LeadState;
}

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function leadsCsv(leads: readonly StoredLead[]): string {
  const fieldNames = [...new Set(leads.flatMap((lead) => Object.keys(lead.values)))].sort();
  const header = [
    "id",
    "received_at",
    "form_id",
    "delivery_state",
    "attempts",
    "delivered_at",
    "dead_reason",
    "spam_reason",
    "source",
    "page_uri",
    ...fieldNames,
  ];
  const rows = leads.map((lead) => [
    lead.id,
    lead.receivedAt.toISOString(),
    lead.formId,
    lead.deliveryState,
    String(lead.attempts),
    lead.deliveredAt?.toISOString() ?? "",
    lead.deadReason ?? "",
    lead.spamReason ?? "",
    leadSource(lead),
    lead.context.pageUri ?? "",
    ...fieldNames.map((name) => lead.values[name] ?? ""),
  ]);
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

const groupKey: Record<string, (lead: StoredLead) => string> = {
  source: leadSource,
  form: (lead) => lead.formId,
  state: (lead) => lead.deliveryState,
};

/** Said after leads were put in the outbox by a command run without a portal configured. */
export const NO_PORTAL_NOTE =
  "HUBSPOT_PORTAL_ID is not set here: they wait in the outbox until a worker or API process with it runs.";

export async function runCommand(
  store: LeadStore,
  argv: readonly string[],
  out: (text: string) => void,
  now: () => Date = () => new Date(),
  // The command cannot know the worker's environment, only its own: without a portal here it
  // still moves the leads (a worker elsewhere may have one), and says what that means.
  crmConfigured = true,
): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: [...rest],
    allowPositionals: true,
    strict: true,
    options: {
      state: { type: "string" },
      form: { type: "string" },
      limit: { type: "string" },
      csv: { type: "boolean" },
      by: { type: "string" },
      dead: { type: "boolean" },
      held: { type: "boolean" },
      email: { type: "string" },
    },
  });
  const id = positionals[0];
  switch (command) {
    case "list": {
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit <= 0)
        throw new UsageError("--limit expects a positive whole number");
      const leads = await store.listLeads({
        state: stateOption(values.state),
        formId: values.form,
        limit,
      });
      for (const lead of leads) {
        out(
          [
            lead.id,
            lead.receivedAt.toISOString(),
            lead.formId,
            lead.deliveryState,
            `attempts=${lead.attempts}`,
            lead.values.email ?? "",
          ].join("  "),
        );
      }
      out(`${leads.length} lead(s)`);
      return 0;
    }
    case "show": {
      if (!id) throw new UsageError("show needs a lead id");
      const lead = await store.getLead(id);
      if (!lead) {
        out(`no lead ${id}`);
        return 1;
      }
      out(JSON.stringify({ ...lead, source: leadSource(lead) }, null, 2));
      return 0;
    }
    case "export": {
      if (!values.csv) throw new UsageError("export supports --csv");
      const leads = await store.listLeads({
        state: stateOption(values.state),
        formId: values.form,
      });
      out(leadsCsv(leads).replace(/\r\n$/, ""));
      return 0;
    }
    case "stats": {
      if (values.by === undefined) {
        const stats = await store.stats(now());
        for (const [state, count] of Object.entries(stats.byState)) out(`${state}\t${count}`);
        out(`outbox\t${stats.outboxDepth}`);
        out(`oldest pending\t${stats.oldestPendingAt?.toISOString() ?? "-"}`);
        return 0;
      }
      const key = groupKey[values.by];
      if (!key) throw new UsageError(`--by expects source, form or state, not "${values.by}"`);
      const counts = new Map<string, number>();
      for (const lead of await store.listLeads({})) {
        const group = key(lead);
        counts.set(group, (counts.get(group) ?? 0) + 1);
      }
      const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      for (const [group, count] of sorted) out(`${group}\t${count}`);
      return 0;
    }
    case "retry": {
      const ids = id
        ? [id]
        : values.dead || values.held
          ? [
              ...(values.dead ? await store.listLeads({ state: "dead" }) : []),
              ...(values.held ? await store.listLeads({ state: "held" }) : []),
            ].map((lead) => lead.id)
          : null;
      if (!ids) throw new UsageError("retry needs a lead id, --dead or --held");
      let retried = 0;
      for (const leadId of ids) if (await store.retryLead(leadId, now())) retried += 1;
      out(`${retried} lead(s) put back in the outbox`);
      if (retried > 0 && !crmConfigured) out(NO_PORTAL_NOTE);
      return id && retried === 0 ? 1 : 0;
    }
    case "release": {
      if (!id) throw new UsageError("release needs a lead id");
      const released = await store.releaseLead(id, now());
      out(released ? `released ${id}` : `${id} is not a lead marked spam`);
      if (released && !crmConfigured) out(NO_PORTAL_NOTE);
      return released ? 0 : 1;
    }
    case "delete": {
      if (!values.email) throw new UsageError("delete needs --email ADDRESS");
      const removed = await store.deleteByEmail(values.email);
      out(`deleted ${removed.leads} lead(s) and ${removed.files} file(s)`);
      return 0;
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : "no command given");
  }
}
