/** Files the collections add to a build: the Atom feed and the redirect rules. */
import { join } from "node:path";
import { NOT_FOUND_PAGE_PATH, REDIRECTS_FILE } from "../protocol/index.ts";
import { BLOG_FEED_PATH } from "../templates/index.ts";
import type { SiteContent } from "./content.ts";
import { atomFeed } from "./feed.ts";
import { renderMarkdown } from "./markdown.ts";
import {
  redirectRules,
  STATIC_HOST_REDIRECTS_FILE,
  siteRedirects,
  staticHostRedirects,
} from "./redirects.ts";
import { type CompressionLevels, writeWithCompressed } from "./write-output.ts";

export async function writeCollectionFiles(options: {
  outDir: string;
  content: SiteContent;
  compression: CompressionLevels | null;
}): Promise<void> {
  const { outDir, content, compression } = options;
  if (content.posts.length > 0) {
    writeWithCompressed(
      join(outDir, BLOG_FEED_PATH),
      atomFeed({
        settings: content.settings,
        posts: content.posts,
        authors: content.authors,
        renderMarkdown,
      }),
      compression,
    );
  }
  const rules = redirectRules(siteRedirects(content));
  writeWithCompressed(join(outDir, REDIRECTS_FILE), JSON.stringify(rules), compression);
  // Static hosts: Netlify-format rules (Cloudflare Pages reads the same file).
  writeWithCompressed(
    join(outDir, STATIC_HOST_REDIRECTS_FILE),
    staticHostRedirects(rules, NOT_FOUND_PAGE_PATH),
    null,
  );
}
