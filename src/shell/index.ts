/** The page shell's public surface. */

export { ButtonLink, type ButtonLinkProps } from "./button-link.tsx";
export { Layout, type LayoutProps } from "./layout.tsx";
export {
  type FooterMode,
  footerMode,
  isStaticHeader,
  normalizePath,
  showsLoginInsteadOfDemo,
} from "./path-rules.ts";
export { parseSiteSettings } from "./site-settings.ts";
export { SmartLink } from "./smart-link.tsx";
export { useSiteSettings } from "./use-site-settings.ts";
