import { describe, expect, it } from "vitest";
import {
  loadContent,
  loadPostsOf,
  POSTS_TO_SHARE,
  type PostsAnswer,
  type PostsRequest,
} from "./content.ts";
import { ContentError } from "./content-error.ts";
import { contentFixture } from "./test-content.ts";

/** Enough posts for loadContent to ask for help with half of them, each with its own body. */
async function largeFixture(broken: Record<number, string> = {}): Promise<string> {
  const files: Record<string, string> = {};
  for (let n = 0; n < POSTS_TO_SHARE + 10; n += 1) {
    const slug = `queue-note-${String(n).padStart(4, "0")}`;
    files[`posts/${slug}.md`] =
      broken[n] ??
      `---\ntitle: "Queue note ${n}"\ndescription: "How team ${n} triages its queue."\ndate: "2025-01-${String((n % 28) + 1).padStart(2, "0")}"\nauthor: maya-lindqvist\ntags: [queues]\n---\n\nTeam ${n} reads the [pricing]({{demo}}) page first.\n`;
  }
  return contentFixture(files);
}

/** A helper that loads in this thread, as a worker would, and records what it was asked. */
function helper(asked: PostsRequest[]) {
  return (request: PostsRequest): Promise<PostsAnswer> => {
    asked.push(request);
    // Through a structured clone, as a worker's answer arrives.
    return Promise.resolve(structuredClone(loadPostsOf(structuredClone(request))));
  };
}

describe("posts loaded in two threads", () => {
  it("make the same content as posts loaded in one, handed on in the same order", async () => {
    const dir = await largeFixture();
    const alone: string[] = [];
    const expected = await loadContent(dir, { onPost: (post) => alone.push(post.slug) });
    const asked: PostsRequest[] = [];
    const shared: string[] = [];
    const content = await loadContent(dir, {
      onPost: (post) => shared.push(post.slug),
      loadPosts: helper(asked),
    });
    expect(asked).toHaveLength(1);
    const total = expected.posts.length;
    expect(asked[0]?.names).toHaveLength(total - Math.ceil(total / 2));
    expect(asked[0]?.labels[0]).toMatch(/content[/\\]posts[/\\][a-z0-9-]+\.md$/);
    expect(shared).toEqual(alone);
    expect(content).toEqual(expected);
  });

  it("load every post in this thread when no helper is ready", async () => {
    const dir = await largeFixture();
    const expected = await loadContent(dir);
    expect(await loadContent(dir, { loadPosts: () => null })).toEqual(expected);
  });

  it("report an invalid post of the helper's half naming its file", async () => {
    const dir = await largeFixture({ [POSTS_TO_SHARE]: "---\ntitle: 7\n---\nBody.\n" });
    const failure = loadContent(dir, { loadPosts: helper([]) });
    await expect(failure).rejects.toBeInstanceOf(ContentError);
    await expect(failure).rejects.toThrow(/posts[/\\]queue-note-0400\.md:\n {2}- field "title"/);
  });

  it("report the first invalid post when both halves have one", async () => {
    const dir = await largeFixture({
      3: "---\ntitle: 7\n---\nBody.\n",
      [POSTS_TO_SHARE]: "---\ntitle: 8\n---\nBody.\n",
    });
    await expect(loadContent(dir, { loadPosts: helper([]) })).rejects.toThrow(
      /queue-note-0003\.md/,
    );
  });

  it("fail with what went wrong in the helper when it was not the content", async () => {
    const dir = await largeFixture();
    await expect(
      loadContent(dir, { loadPosts: () => Promise.resolve({ error: "Error: out of memory" }) }),
    ).rejects.toThrow("Loading posts in a render worker failed:\nError: out of memory");
  });
});
