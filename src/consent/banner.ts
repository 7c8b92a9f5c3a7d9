import "vanilla-cookieconsent/dist/cookieconsent.css";
import "./banner.css";
import * as CookieConsent from "vanilla-cookieconsent";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS } from "./constants.ts";
import { type ConsentChoice, type ConsentMode, choiceFromCategories } from "./state.ts";

/**
 * The built-in banner: vanilla-cookieconsent with our categories, copy and colours. Loaded
 * lazily by browser.ts (never in the first-load JavaScript); it only reports choices, the
 * decisions stay in state.ts.
 */

export interface BannerOptions {
  mode: ConsentMode;
  /** Show the banner to a visitor who has not chosen yet (false: only when asked). */
  autoShow: boolean;
  /** Called with the stored choice whenever the visitor saves one. */
  onChoice: (choice: ConsentChoice) => void;
}

export interface Banner {
  /** The stored choice, or null when the visitor has not chosen yet. */
  stored(): ConsentChoice | null;
  showPreferences(): void;
  /** Saves the current choice minus the given categories. */
  refuse(categories: readonly string[]): void;
}

function storedChoice(): ConsentChoice | null {
  if (!CookieConsent.validConsent()) return null;
  return choiceFromCategories(CookieConsent.getUserPreferences().acceptedCategories);
}

export async function runBanner(options: BannerOptions): Promise<Banner> {
  const report = () => {
    const choice = storedChoice();
    if (choice) options.onChoice(choice);
  };
  await CookieConsent.run({
    mode: options.mode,
    autoShow: options.autoShow,
    cookie: { name: CONSENT_COOKIE, expiresAfterDays: CONSENT_MAX_AGE_DAYS },
    // Crawlers and automated browsers see the banner too: it must be testable and audited.
    hideFromBots: false,
    // Scripts are loaded by src/integrations, never by the banner rewriting script tags.
    manageScriptTags: false,
    guiOptions: {
      consentModal: { layout: "box", position: "bottom left" },
      preferencesModal: { layout: "box" },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: {},
      marketing: {},
      functional: {},
    },
    onConsent: report,
    onChange: report,
    language: {
      default: "en",
      translations: {
        en: {
          consentModal: {
            title: "Your privacy, your call",
            description:
              "Harbor Desk uses cookies to keep the site working and, with your permission, to measure which pages help support teams and to show relevant ads. You can change this any time from “Cookie preferences” in the footer.",
            acceptAllBtn: "Accept all",
            acceptNecessaryBtn: "Only necessary",
            showPreferencesBtn: "Choose categories",
          },
          preferencesModal: {
            title: "Cookie preferences",
            acceptAllBtn: "Accept all",
            acceptNecessaryBtn: "Only necessary",
            savePreferencesBtn: "Save my choices",
            closeIconLabel: "Close preferences",
            sections: [
              {
                title: "Necessary",
                description:
                  "Keeps pages loading, remembers this choice and records which campaign brought you here when you sign up.",
                linkedCategory: "necessary",
              },
              {
                title: "Analytics",
                description:
                  "Tag manager, product analytics and page-speed measurements tell us which pages answer a support leader's questions.",
                linkedCategory: "analytics",
              },
              {
                title: "Marketing",
                description:
                  "The CRM, referral, Reddit and buyer-intent scripts and ad pixels measure campaigns and show Harbor Desk ads elsewhere.",
                linkedCategory: "marketing",
              },
              {
                title: "Functional",
                description:
                  "The Beacon chat widget, so you can ask our team a question from any page.",
                linkedCategory: "functional",
              },
            ],
          },
        },
      },
    },
  });
  return {
    stored: storedChoice,
    showPreferences: () => CookieConsent.showPreferences(),
    refuse: (categories) => {
      const accepted = CookieConsent.getUserPreferences().acceptedCategories.filter(
        (category) => !categories.includes(category),
      );
      CookieConsent.acceptCategory(accepted);
    },
  };
}
