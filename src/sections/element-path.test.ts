import { describe, expect, it } from "vitest";
import { elementAtPath, elementPath, type TreeElement } from "./element-path.ts";

interface Node extends TreeElement {
  name: string;
  parentElement: Node | null;
  children: Node[];
}

function node(name: string, children: Node[] = []): Node {
  const self: Node = { name, parentElement: null, children };
  for (const child of children) child.parentElement = self;
  return self;
}

function tree() {
  const button = node("button", [node("span")]);
  const root = node("region", [node("heading"), node("frame", [node("poster"), button])]);
  return { root, button };
}

describe("elementPath and elementAtPath", () => {
  it("finds the same place in a second, identical tree", () => {
    const first = tree();
    const second = tree();
    const path = elementPath(first.root, first.button);
    expect(path).toEqual([1, 1]);
    expect(elementAtPath(second.root, path ?? [])).toBe(second.button);
  });

  it("gives the empty path for the root itself", () => {
    const { root } = tree();
    expect(elementPath(root, root)).toEqual([]);
    expect(elementAtPath(root, [])).toBe(root);
  });

  it("answers null for an element outside the root", () => {
    const { root } = tree();
    expect(elementPath(root, node("elsewhere"))).toBeNull();
    expect(elementPath(root.children[0] as Node, tree().button)).toBeNull();
  });

  it("answers null when the second tree lacks the place", () => {
    const { root, button } = tree();
    const path = elementPath(root, button) ?? [];
    expect(elementAtPath(node("region", [node("heading")]), path)).toBeNull();
    expect(elementAtPath(root, [0, 3])).toBeNull();
  });
});
