import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { calculateStaffing, DEFAULT_INPUTS } from "../../tools/staffing/index.ts";
import { StaffingChart } from "./staffing-chart.tsx";

const labelOf = (html: string) => /aria-label="([^"]*)"/.exec(html)?.[1] ?? "";

describe("StaffingChart's label", () => {
  it("names the agents that first meet the target, and the occupancy cap when it asks for more", () => {
    // 20,000 calls at a 50 % target with occupancy capped at 70 %: the target is met by 13
    // agents, and the cap asks for 16.
    const capped = calculateStaffing({
      ...DEFAULT_INPUTS,
      phone_volume: 20_000,
      phone_sl: 50,
      max_occupancy: 70,
    }).phone;
    expect(capped.solution.agentsForServiceLevel).toBeLessThan(capped.agents);
    expect(labelOf(renderToStaticMarkup(<StaffingChart result={capped} />))).toContain(
      `first met by ${capped.solution.agentsForServiceLevel}, and ${capped.agents} are recommended to keep occupancy under its cap`,
    );
    const phone = calculateStaffing(DEFAULT_INPUTS).phone;
    expect(phone.solution.agentsForServiceLevel).toBe(phone.agents);
    expect(labelOf(renderToStaticMarkup(<StaffingChart result={phone} />))).toContain(
      `first met by the recommended ${phone.agents}.`,
    );
  });
});
