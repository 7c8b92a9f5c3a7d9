import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const WORDS =
  "support inbox customer reply team answer calm queue message help desk knowledge article workflow tag report conversation priority handoff context history".split(
    " ",
  );
const AUTHOR_COUNT = 20;
/** The shared pictures posts take their covers from (the site's own sources). */
const COVER_SOURCES = [
  "product/inbox.svg",
  "product/knowledge-base.svg",
  "product/beacon-chat.svg",
  "product/reports.svg",
  "product/workflows.svg",
  "features/ai-drafts.svg",
  "features/collision-detection.svg",
  "features/happiness-ratings.svg",
];

function sentence(seed: number, length: number): string {
  const words = Array.from({ length }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]);
  const text = words.join(" ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(seed: number): string {
  return Array.from({ length: 5 }, (_, i) => sentence(seed + i, 12 + ((seed + i) % 9))).join(" ");
}

/**
 * A content folder with all the real content plus `posts`
 * synthetic blog posts (front matter, headings, a list, a link, a few paragraphs).
 */
export async function writeSyntheticContent(
  dir: string,
  posts: number,
  options: { images?: boolean } = {},
): Promise<void> {
  // All the real content comes along (pages, forms, images, the other collections and the
  // posts they refer to), so the build runs every real template beside the synthetic posts.
  await cp(join(ROOT, "content"), dir, { recursive: true });
  await mkdir(join(dir, "posts"), { recursive: true });
  const realAuthors = JSON.parse(
    await readFile(join(ROOT, "content", "authors.json"), "utf8"),
  ) as unknown[];
  const authors = [
    ...realAuthors,
    ...Array.from({ length: AUTHOR_COUNT }, (_, i) => ({
      id: `author-${i + 1}`,
      name: `Author ${i + 1}`,
      role: "Writer",
    })),
  ];
  await writeFile(join(dir, "authors.json"), JSON.stringify(authors));

  const pending: Promise<void>[] = [];
  for (let i = 0; i < posts; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) + (i % 2000) * 86_400_000).toISOString().slice(0, 10);
    const body = [
      paragraph(i),
      `## ${sentence(i + 1, 4).slice(0, -1)}`,
      paragraph(i + 2),
      `- ${sentence(i + 3, 5)}\n- ${sentence(i + 4, 6)}\n- ${sentence(i + 5, 4)}`,
      `Read about our [shared inbox](/inbox/) or [book a demo]({{demo}}).`,
      paragraph(i + 6),
    ].join("\n\n");
    const cover = options.images
      ? `image:\n  src: ${COVER_SOURCES[i % COVER_SOURCES.length]}\n  alt: "Illustration ${(i % COVER_SOURCES.length) + 1} of the product"\n`
      : "";
    const file = `---\n${cover}title: "Synthetic post ${i + 1}: ${sentence(i, 4).slice(0, -1)}"\ndescription: "${sentence(i + 9, 14)}"\ndate: "${day}"\nauthor: author-${(i % AUTHOR_COUNT) + 1}\ntags: [${WORDS[i % WORDS.length]}, ${WORDS[(i + 5) % WORDS.length]}]\n---\n\n${body}\n`;
    pending.push(writeFile(join(dir, "posts", `synthetic-post-${i + 1}.md`), file));
    if (pending.length >= 256) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
}
