import type { ReactNode } from "react";
import { formatDecimal, formatPercent, withThousandsSeparators } from "../../lib/index.ts";
import {
  type CalculatorInputs,
  explainEmail,
  explainQueue,
  explainTotal,
  type QueueChannelResult,
  type StaffingResult,
} from "../../tools/staffing/index.ts";
import { StaffingChart } from "./staffing-chart.tsx";

function Metric(props: { label: string; value: string; name: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-charcoal-tint py-1.5 last:border-0">
      <dt className="text-slate">{props.label}</dt>
      <dd className="font-semibold text-charcoal tabular-nums" data-result={props.name}>
        {props.value}
      </dd>
    </div>
  );
}

function ChannelCard(props: {
  title: string;
  channel: string;
  agents: number;
  offered: boolean;
  children: ReactNode;
  explanation: string[];
}) {
  return (
    <section
      aria-labelledby={`staffing-${props.channel}-heading`}
      className="rounded-lg border border-charcoal-tint p-5 print:break-inside-avoid"
    >
      <div className="flex items-baseline justify-between gap-4">
        <h3 id={`staffing-${props.channel}-heading`} className="text-lg font-bold text-charcoal">
          {props.title}
        </h3>
        <p className="text-charcoal">
          <span className="text-2xl font-bold tabular-nums" data-result={`${props.channel}-agents`}>
            {withThousandsSeparators(props.agents)}
          </span>{" "}
          {props.agents === 1 ? "agent" : "agents"}
        </p>
      </div>
      {props.offered ? <dl className="mt-3 text-sm">{props.children}</dl> : null}
      <div className="mt-3 space-y-2 text-sm text-charcoal">
        {props.explanation.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </div>
    </section>
  );
}

function QueueCard(props: { title: string; result: QueueChannelResult; inputs: CalculatorInputs }) {
  const { result } = props;
  const m = result.solution.metrics;
  const name = result.channel;
  return (
    <ChannelCard
      title={props.title}
      channel={name}
      agents={result.agents}
      offered={result.offered}
      explanation={explainQueue(result, props.inputs)}
    >
      <Metric
        name={`${name}-service-level`}
        label={`Answered within ${withThousandsSeparators(result.target.answerSeconds)} s`}
        value={formatPercent(m.serviceLevel, 1)}
      />
      <Metric
        name={`${name}-wait-probability`}
        label="Chance a customer waits"
        value={formatPercent(m.waitProbability, 1)}
      />
      <Metric
        name={`${name}-asa`}
        label="Average speed of answer"
        value={`${formatDecimal(m.averageSpeedOfAnswer, 1)} s`}
      />
      <Metric name={`${name}-occupancy`} label="Occupancy" value={formatPercent(m.occupancy, 1)} />
      <Metric
        name={`${name}-traffic`}
        label="Workload"
        value={`${formatDecimal(result.traffic, 2)} erlangs`}
      />
    </ChannelCard>
  );
}

/** The headline, the per-channel cards with their explanations, and the charts. */
export function StaffingResults(props: {
  result: StaffingResult;
  inputs: CalculatorInputs;
  stale: boolean;
}) {
  const { result, inputs } = props;
  const email = result.email;
  return (
    <div className="space-y-6">
      <div className="rounded-lg bg-slate-tint p-6">
        <p className="text-charcoal" aria-live="polite" aria-atomic="true" data-result="summary">
          You need{" "}
          <span className="block text-5xl font-bold text-charcoal tabular-nums">
            <span data-result="total-staff">{withThousandsSeparators(result.totalStaff)}</span>{" "}
            {result.totalStaff === 1 ? "person" : "people"}
          </span>
          <span className="mt-2 block">
            on the team, for{" "}
            <strong data-result="agents-on-shift">
              {withThousandsSeparators(result.agentsOnShift)}
            </strong>{" "}
            {result.agentsOnShift === 1 ? "agent" : "agents"} on shift during your open hours.
          </span>
        </p>
        {/* Always there, so that screen readers announce the notice when it appears. */}
        <div role="status">
          {props.stale ? (
            <p
              className="mt-3 border-l-4 border-clay pl-3 text-sm font-semibold text-charcoal"
              data-result="stale"
            >
              These figures are for your last valid inputs. Fix the highlighted field to update
              them.
            </p>
          ) : null}
        </div>
        <p className="mt-3 text-sm text-charcoal">{explainTotal(result)}</p>
      </div>

      <ChannelCard
        title="Email"
        channel="email"
        agents={email.agents}
        offered={email.offered}
        explanation={explainEmail(email, inputs)}
      >
        <Metric
          name="email-work-hours"
          label="Work a day"
          value={`${formatDecimal(email.workHoursPerDay, 1)} hours`}
        />
        <Metric
          name="email-worst-reply"
          label="Oldest email waits"
          value={`${formatDecimal(email.worstReplyHours, 1)} business hours`}
        />
        <Metric
          name="email-occupancy"
          label="Occupancy"
          value={formatPercent(email.occupancy, 1)}
        />
      </ChannelCard>

      <QueueCard title="Live chat" result={result.chat} inputs={inputs} />
      {result.chat.offered ? <StaffingChart result={result.chat} /> : null}
      <QueueCard title="Phone" result={result.phone} inputs={inputs} />
      {result.phone.offered ? <StaffingChart result={result.phone} /> : null}
    </div>
  );
}
