import { formatCount, formatPercent } from "../../lib/index.ts";
import type { QueueChannelResult } from "../../tools/staffing/index.ts";

const WIDTH = 320;
const HEIGHT = 190;
const PAD = { left: 40, right: 12, top: 12, bottom: 34 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const Y_TICKS = [0, 0.5, 1];

const NAMES = { chat: "chat", phone: "phone" } as const;

/**
 * Service level against agent count for one queue channel, drawn by hand in SVG. The image
 * carries a one-sentence label; the table below it gives every point to screen readers and
 * to anyone who prefers numbers.
 */
export function StaffingChart({ result }: { result: QueueChannelResult }) {
  const points = result.curve;
  if (points.length === 0) return null;
  const first = points[0]?.agents ?? 1;
  const last = points[points.length - 1]?.agents ?? first + 1;
  const span = Math.max(1, last - first);
  const x = (agents: number) => PAD.left + ((agents - first) / span) * PLOT_W;
  const y = (level: number) => PAD.top + (1 - Math.max(0, Math.min(1, level))) * PLOT_H;
  const path = points
    .map((point) => `${x(point.agents).toFixed(1)},${y(point.serviceLevel).toFixed(1)}`)
    .join(" ");
  const required = result.agents;
  const chosen = points.find((point) => point.agents === required);
  const name = NAMES[result.channel];
  const targetText = `${formatPercent(result.target.serviceLevel, 0)} within ${result.target.answerSeconds} s`;
  // The occupancy cap can ask for more agents than the target does: the label says which.
  const metBy = result.solution.agentsForServiceLevel;
  const recommended =
    metBy === required
      ? `first met by the recommended ${required}`
      : `first met by ${metBy}, and ${required} are recommended to keep occupancy under its cap`;
  const label = `Service level against agents for ${name}: it rises from ${formatPercent(points[0]?.serviceLevel ?? 0, 0)} with ${first} agents to ${formatPercent(points[points.length - 1]?.serviceLevel ?? 0, 0)} with ${last}; the target is ${targetText}, ${recommended}.`;
  const captionId = `staffing-chart-${name}-caption`;
  return (
    <figure className="mt-4 print:break-inside-avoid" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm font-semibold text-charcoal">
        Service level by number of {name} agents
      </figcaption>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto w-full max-w-md"
        data-chart={name}
      >
        {Y_TICKS.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--color-charcoal-tint)"
            />
            <text
              x={PAD.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize="10"
              fill="var(--color-slate)"
            >
              {formatPercent(tick, 0)}
            </text>
          </g>
        ))}
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={y(result.target.serviceLevel)}
          y2={y(result.target.serviceLevel)}
          stroke="var(--color-clay)"
          strokeDasharray="4 3"
        />
        <text
          x={WIDTH - PAD.right}
          y={y(result.target.serviceLevel) - 4}
          textAnchor="end"
          fontSize="10"
          fill="var(--color-clay)"
        >
          target {formatPercent(result.target.serviceLevel, 0)}
        </text>
        <polyline points={path} fill="none" stroke="var(--color-cobalt)" strokeWidth="2" />
        {points.map((point) => (
          <circle
            key={point.agents}
            cx={x(point.agents)}
            cy={y(point.serviceLevel)}
            r={point.agents === required ? 5 : 2.5}
            fill={point.agents === required ? "var(--color-cobalt)" : "white"}
            stroke="var(--color-cobalt)"
            strokeWidth="1.5"
          />
        ))}
        {[first, required, last]
          .filter((agents, index, all) => all.indexOf(agents) === index)
          .map((agents) => (
            <text
              key={agents}
              x={x(agents)}
              y={HEIGHT - PAD.bottom + 14}
              textAnchor="middle"
              fontSize="10"
              fontWeight={agents === required ? "700" : "400"}
              fill="var(--color-charcoal)"
            >
              {formatCount(agents)}
            </text>
          ))}
        <text
          x={PAD.left + PLOT_W / 2}
          y={HEIGHT - 4}
          textAnchor="middle"
          fontSize="10"
          fill="var(--color-slate)"
        >
          agents on shift
        </text>
      </svg>
      <details className="mt-2 text-sm print:hidden">
        <summary className="cursor-pointer font-medium text-cobalt focus-visible:outline-2 focus-visible:outline-cobalt">
          Show the {name} chart as a table
        </summary>
        <table className="mt-2 w-full max-w-md text-left tabular-nums">
          <caption className="sr-only">
            Service level ({targetText} target) by number of {name} agents
          </caption>
          <thead>
            <tr className="border-b border-charcoal-tint">
              <th scope="col" className="py-1 pr-4 font-semibold">
                Agents
              </th>
              <th scope="col" className="py-1 font-semibold">
                Answered within {result.target.answerSeconds} s
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr
                key={point.agents}
                className="border-b border-charcoal-tint"
                aria-current={point === chosen ? "true" : undefined}
              >
                <th scope="row" className="py-1 pr-4 font-normal">
                  {point.agents}
                  {point === chosen ? " (recommended)" : ""}
                </th>
                <td className="py-1">{formatPercent(point.serviceLevel, 1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
