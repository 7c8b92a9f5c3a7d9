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
import { writeOutputFile } from "./write-output.ts";

export async function writeCollectionFiles(options: {
  outDir: string;
  content: SiteContent;
}): Promise<void> {
  const { outDir, content } = options;
  if (content.posts.length > 0) {
    writeOutputFile(
      join(outDir, BLOG_FEED_PATH),
      atomFeed({
        settings: content.settings,
        posts: content.posts,
        authors: content.authors,
        renderMarkdown,
      }),
    );
  }
  const rules = redirectRules(siteRedirects(content));
  writeOutputFile(join(outDir, REDIRECTS_FILE), JSON.stringify(rules));
  // Static hosts: Netlify-format rules (Cloudflare Pages reads the same file).
  writeOutputFile(
    join(outDir, STATIC_HOST_REDIRECTS_FILE),
    staticHostRedirects(rules, NOT_FOUND_PAGE_PATH),
  );
}
