import type { LoaderTransport } from "./loader.ts";

/** The loader's transport in a browser: fetch, asking for JSON. */
export const browserTransport: LoaderTransport = {
  async get(url) {
    const response = await fetch(url, { headers: { accept: "application/json" } });
    return { status: response.status, text: await response.text() };
  },
  async head(url) {
    return (await fetch(url, { method: "HEAD" })).status;
  },
};
