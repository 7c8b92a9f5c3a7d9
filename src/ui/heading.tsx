import type { HTMLAttributes } from "react";
import { formatHeadline } from "../lib/index.ts";
import { useProductName } from "./product-name.ts";

export type HeadingLevel = 1 | 2 | 3 | 4;

/** The type scale's heading sizes (fluid tokens in src/site/styles.css). */
export const HEADING_SIZES = {
  display: "text-display font-bold tracking-tight",
  h1: "text-h1 font-bold tracking-tight",
  h2: "text-h2 font-bold tracking-tight",
  h3: "text-h3 font-semibold",
  h4: "text-h4 font-semibold",
} as const;
export type HeadingSize = keyof typeof HEADING_SIZES;

const DEFAULT_SIZE: Record<HeadingLevel, HeadingSize> = { 1: "h1", 2: "h2", 3: "h3", 4: "h4" };

export interface HeadingProps extends Omit<HTMLAttributes<HTMLHeadingElement>, "children"> {
  level: HeadingLevel;
  /** Plain text: the text rules need the words, so headings take a string. */
  children: string;
  size?: HeadingSize;
}

/**
 * Every heading on the site goes through here, so §5's text rules apply everywhere: the
 * product name never breaks across lines and the last two words stay together unless either
 * is longer than five characters.
 */
export function Heading({ level, children, size, className, ...rest }: HeadingProps) {
  const productName = useProductName();
  const Tag = `h${level}` as const;
  const classes = [HEADING_SIZES[size ?? DEFAULT_SIZE[level]], className].filter(Boolean).join(" ");
  return (
    <Tag {...rest} className={classes}>
      {formatHeadline(children, productName)}
    </Tag>
  );
}
