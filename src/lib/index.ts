/** Small pure helpers shared by every folder. */
export { HEADLINE_JOIN_MAX_WORD_LENGTH, NBSP, STORED_VALUE_EXPIRY_MS } from "./constants.ts";
export { fluidClamp, ROOT_FONT_SIZE_PX } from "./fluid.ts";
export {
  COUNT_THOUSANDS_THRESHOLD,
  formatCount,
  formatCurrency,
  formatDecimal,
  formatPercent,
  NOT_A_NUMBER_TEXT,
  parseNumber,
  withThousandsSeparators,
} from "./format.ts";
export { formatDate } from "./format-date.ts";
export { fnv1a } from "./hash.ts";
export { countWords, READING_WORDS_PER_MINUTE, readingTimeMinutes } from "./reading-time.ts";
export {
  browserLocalStorage,
  readExpiring,
  removeStored,
  type StorageLike,
  writeExpiring,
} from "./storage.ts";
export { formatHeadline, joinLastTwoWords, keepProductNameUnbreakable, slugify } from "./text.ts";
export { isTouchDevice, type TouchEnvironment } from "./touch.ts";
