/**
 * The calculator's inputs: one flat record of numbers in the units a support leader uses
 * (minutes, hours, percentages). Field keys double as the URL query parameter names
 * (docs/staffing-calculator.md), so a shared link reads like the form.
 */
import { withThousandsSeparators } from "../../lib/index.ts";

export const FIELD_KEYS = [
  "email_volume",
  "email_aht",
  "email_reply_hours",
  "chat_volume",
  "chat_aht",
  "chat_sl",
  "chat_answer_seconds",
  "chat_concurrency",
  "phone_volume",
  "phone_aht",
  "phone_sl",
  "phone_answer_seconds",
  "hours_per_day",
  "days_per_week",
  "shrinkage",
  "max_occupancy",
] as const;

export type FieldKey = (typeof FIELD_KEYS)[number];

/** Validated numbers, one per field. */
export type CalculatorInputs = Record<FieldKey, number>;

/** What the visitor typed, one string per field. */
export type RawInputs = Record<FieldKey, string>;

export interface FieldRule {
  /** Visible label; also starts messages. */
  label: string;
  /** Unit shown after the input. */
  unit: string;
  integer: boolean;
  min: number;
  /** The minimum itself is not allowed (e.g. 0 hours a day). */
  minExclusive: boolean;
  max: number;
  /** Said when the value is out of range (but not negative). */
  rangeMessage: string;
  /** A typical value, used in "enter a number, like …" hints. */
  example: string;
}

const VOLUME_MAX = 10_000_000;

function volume(channel: string): FieldRule {
  return {
    label: `${channel} a month`,
    unit: channel.toLowerCase(),
    integer: true,
    min: 0,
    minExclusive: false,
    max: VOLUME_MAX,
    rangeMessage: `Enter up to 10,000,000 ${channel.toLowerCase()} a month, or 0 if you don't offer it.`,
    example: "1,200",
  };
}

function handleTime(what: string): FieldRule {
  return {
    label: `Average handling time per ${what}`,
    unit: "minutes",
    integer: false,
    min: 0,
    minExclusive: true,
    max: 600,
    rangeMessage: `Enter a handling time above 0 and up to 600 minutes per ${what}.`,
    example: "6",
  };
}

function serviceLevelRule(channel: string): FieldRule {
  return {
    label: `${channel} service level target`,
    unit: "% answered",
    integer: false,
    min: 1,
    minExclusive: false,
    max: 99,
    rangeMessage:
      "Enter a service level from 1 to 99 %. Contacts arrive at random, so 100 % can't be promised at any staffing.",
    example: "80",
  };
}

function answerTime(channel: string): FieldRule {
  return {
    label: `${channel} answer within`,
    unit: "seconds",
    integer: false,
    min: 0,
    minExclusive: false,
    max: 3600,
    rangeMessage: "Enter an answer time from 0 to 3,600 seconds (one hour).",
    example: "20",
  };
}

export const FIELD_RULES: Record<FieldKey, FieldRule> = {
  email_volume: volume("Emails"),
  email_aht: handleTime("email"),
  email_reply_hours: {
    label: "First reply within",
    unit: "business hours",
    integer: false,
    min: 0,
    minExclusive: true,
    max: 168,
    rangeMessage:
      "Enter a reply target above 0 and up to 168 hours. An instant reply to every email isn't a staffing target.",
    example: "4",
  },
  chat_volume: volume("Chats"),
  chat_aht: handleTime("chat"),
  chat_sl: serviceLevelRule("Chat"),
  chat_answer_seconds: answerTime("Chat"),
  chat_concurrency: {
    label: "Chats one agent handles at once",
    unit: "chats",
    integer: false,
    min: 1,
    minExclusive: false,
    max: 10,
    rangeMessage: "Enter from 1 to 10 chats at once.",
    example: "2",
  },
  phone_volume: volume("Calls"),
  phone_aht: handleTime("call"),
  phone_sl: serviceLevelRule("Phone"),
  phone_answer_seconds: answerTime("Phone"),
  hours_per_day: {
    label: "Hours of coverage a day",
    unit: "hours",
    integer: false,
    min: 0,
    minExclusive: true,
    max: 24,
    rangeMessage: "Enter more than 0 and at most 24 hours of coverage a day.",
    example: "9",
  },
  days_per_week: {
    label: "Days of coverage a week",
    unit: "days",
    integer: true,
    min: 1,
    minExclusive: false,
    max: 7,
    rangeMessage: "Enter from 1 to 7 days a week.",
    example: "5",
  },
  shrinkage: {
    label: "Shrinkage",
    unit: "% of paid time",
    integer: false,
    min: 0,
    minExclusive: false,
    max: 90,
    rangeMessage: "Enter a shrinkage from 0 to 90 %. At 100 % nobody is ever available.",
    example: "30",
  },
  max_occupancy: {
    label: "Maximum occupancy",
    unit: "% of logged-in time",
    integer: false,
    min: 10,
    minExclusive: false,
    max: 99,
    rangeMessage:
      "Enter a maximum occupancy from 10 to 99 %. At 100 % the queue never empties and waits grow without end.",
    example: "85",
  },
};

/**
 * Sensible defaults for a mid-sized B2B support team; the page is prerendered with these and
 * their results, and a malformed URL falls back to them.
 */
export const DEFAULT_INPUTS: CalculatorInputs = {
  email_volume: 6000,
  email_aht: 8,
  email_reply_hours: 4,
  chat_volume: 3000,
  chat_aht: 10,
  chat_sl: 80,
  chat_answer_seconds: 60,
  chat_concurrency: 2,
  phone_volume: 1500,
  phone_aht: 7,
  phone_sl: 80,
  phone_answer_seconds: 20,
  hours_per_day: 10,
  days_per_week: 5,
  shrinkage: 30,
  max_occupancy: 85,
};

/** The inputs as the strings a form shows: numbers with thousands separators. */
export function toRawInputs(inputs: CalculatorInputs): RawInputs {
  const raw = {} as RawInputs;
  for (const key of FIELD_KEYS) raw[key] = withThousandsSeparators(inputs[key]);
  return raw;
}
