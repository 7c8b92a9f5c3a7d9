import type { AnchorHTMLAttributes } from "react";
import { Link } from "../runtime/index.ts";
import { isPlainAnchorUrl } from "./link-kind.ts";

export interface SmartLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
}

/** A client-side `Link` for site paths, a plain anchor for everything `isPlainAnchorUrl` names. */
export function SmartLink({ href, ...rest }: SmartLinkProps) {
  if (isPlainAnchorUrl(href)) return <a href={href} {...rest} />;
  return <Link to={href} {...rest} />;
}
