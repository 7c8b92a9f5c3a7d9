import type { SiteSettings } from "../content/index.ts";
import { buttonClassName } from "../ui/index.ts";
import { recordLogInClick } from "./log-in-flag.ts";
import { showsLoginInsteadOfDemo } from "./path-rules.ts";
import { SmartLink } from "./smart-link.tsx";

interface HeaderActionsProps {
  path: string;
  settings: Partial<SiteSettings>;
  /** Called when a link is chosen (the mobile menu closes itself). */
  onChoose?: () => void;
  /** Class of the Log in / Get a Demo text link. */
  textLinkClassName: string;
  /** Class of the Start for Free button. */
  buttonClassName: string;
}

/** "Get a Demo" (or "Log in" on `/`) and "Start for Free"; each only when its URL is set. */
export function HeaderActions({
  path,
  settings,
  onChoose,
  textLinkClassName,
  buttonClassName: startClassName,
}: HeaderActionsProps) {
  const login = showsLoginInsteadOfDemo(path);
  return (
    <>
      {login && settings.loginUrl ? (
        <SmartLink
          href={settings.loginUrl}
          className={textLinkClassName}
          data-action="log-in"
          onClick={() => {
            recordLogInClick();
            onChoose?.();
          }}
        >
          Log in
        </SmartLink>
      ) : null}
      {!login && settings.demoUrl ? (
        <SmartLink
          href={settings.demoUrl}
          className={textLinkClassName}
          data-action="get-a-demo"
          onClick={onChoose}
        >
          Get a Demo
        </SmartLink>
      ) : null}
      {settings.signupPlusUrl ? (
        <SmartLink
          href={settings.signupPlusUrl}
          className={startClassName}
          data-action="start-for-free"
          onClick={onChoose}
        >
          Start for Free
        </SmartLink>
      ) : null}
    </>
  );
}

export const HEADER_TEXT_LINK =
  "rounded-md px-2 py-2 font-medium text-charcoal hover:text-cobalt " +
  "focus-visible:outline-2 focus-visible:outline-cobalt";
export const HEADER_START_BUTTON = buttonClassName({ variant: "primary", size: "S" });
