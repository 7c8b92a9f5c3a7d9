/** The help-desk staffing calculator's model: pure functions, no React, no DOM. */
export {
  CALCULATOR_PATH,
  DEFAULT_MAX_OCCUPANCY,
  DEFAULT_SHRINKAGE,
  MAX_TRAFFIC_ERLANGS,
  RESULT_LINK_FIELD,
  WEEKS_PER_MONTH,
} from "./constants.ts";
export { type EmailInputs, type EmailResult, emailStaffing } from "./email-model.ts";
export {
  type CurvePoint,
  erlangB,
  erlangC,
  type QueueMetrics,
  type QueueTarget,
  queueMetrics,
  type StaffingSolution,
  serviceLevel,
  serviceLevelCurve,
  solveAgents,
} from "./erlang-c.ts";
export { explainEmail, explainQueue, explainTotal } from "./explain.ts";
export {
  type CalculatorInputs,
  DEFAULT_INPUTS,
  FIELD_KEYS,
  FIELD_RULES,
  type FieldKey,
  type FieldRule,
  type RawInputs,
  toRawInputs,
} from "./inputs.ts";
export {
  calculateStaffing,
  type EmailChannelResult,
  type QueueChannelResult,
  type StaffingResult,
  staffAfterShrinkage,
} from "./staffing.ts";
export { type ChannelTraffic, channelTraffic, type QueueChannel } from "./traffic.ts";
export {
  decodeState,
  encodeState,
  encodeStateOver,
  hasState,
  resultLink,
} from "./url-state.ts";
export {
  type FieldErrors,
  type FieldResult,
  type ValidationResult,
  validateField,
  validateInputs,
} from "./validate.ts";
