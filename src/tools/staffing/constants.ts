/** Constants of the help-desk staffing calculator, named as the issue and docs name them. */

/** Average weeks in a month (52 weeks / 12 months): turns "per week" schedules into months. */
export const WEEKS_PER_MONTH = 52 / 12;

export const SECONDS_PER_HOUR = 3600;
export const SECONDS_PER_MINUTE = 60;
export const HOURS_PER_DAY = 24;

/**
 * One person's working week, in hours: open hours beyond it take more people than the agents
 * on one shift (a rota). The calculator states it as its assumption.
 */
export const FULL_TIME_HOURS_PER_WEEK = 40;

/** Share of paid time agents are away from the queue (breaks, training, leave). */
export const DEFAULT_SHRINKAGE = 0.3;
/** Highest share of logged-in time agents should spend handling contacts. */
export const DEFAULT_MAX_OCCUPANCY = 0.85;

/**
 * The largest workload the calculator models, in erlangs (agents busy at once). Far above any
 * single help desk; it keeps every calculation (linear in the agent count) well under a frame.
 */
export const MAX_TRAFFIC_ERLANGS = 200_000;

/** Rounding slack for float arithmetic: 14 / 0.7 is 20.000000000000004, not more than 20. */
export const FLOAT_SLACK = 1e-9;

/** How many agent counts the service-level chart shows at most. */
export const CHART_MAX_POINTS = 16;

/** The calculator's page: shared links and the emailed result open it. */
export const CALCULATOR_PATH = "/help-desk-staffing-calculator/";

/** The email-result form's hidden field (content/forms/staffing-result.json) that carries the result link. */
export const RESULT_LINK_FIELD = "staffing_result_url";
