/**
 * The lead API's routes, registered on the `/api` sub-app (server/api.ts):
 * submitForm and uploadFile (with CORS for ALLOWED_ORIGINS, cors.ts), files, ip and health. docs/lead-api.md describes every answer.
 */
import type { Hono } from "hono";
import {
  IP_LOOKUP_PATH,
  SUBMIT_FORM_PATH,
  UPLOAD_FILE_PATH,
  UPLOADED_FILE_PATH_PREFIX,
} from "../../../src/forms/index.ts";
import { API_PREFIX } from "../../constants.ts";
import { crossOriginAnswers, preflightHandler } from "./cors.ts";
import type { LeadApiDeps } from "./deps.ts";
import { fileHandler } from "./files.ts";
import { healthHandler } from "./health.ts";
import { callerIp } from "./request-info.ts";
import { submitFormHandler } from "./submit.ts";
import { uploadFileHandler } from "./upload.ts";

/** A path of the forms contract, relative to the `/api` mount. */
const underApi = (path: string): string => path.slice(API_PREFIX.length);

export function registerLeadRoutes(api: Hono, deps: LeadApiDeps): void {
  for (const path of [SUBMIT_FORM_PATH, UPLOAD_FILE_PATH].map(underApi)) {
    api.use(path, crossOriginAnswers(deps));
    api.options(path, preflightHandler(deps));
  }
  api.post(underApi(SUBMIT_FORM_PATH), submitFormHandler(deps));
  api.post(underApi(UPLOAD_FILE_PATH), uploadFileHandler(deps));
  api.get(`${underApi(UPLOADED_FILE_PATH_PREFIX)}:id`, fileHandler(deps));
  api.get(underApi(IP_LOOKUP_PATH), (c) =>
    c.json({ ip: callerIp(c, deps.settings.trustProxyHops) }),
  );
  api.get("/health", healthHandler(deps));
}
