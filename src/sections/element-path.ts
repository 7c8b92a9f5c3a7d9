/**
 * Where an element sits inside a region, as the child index at each level from the region
 * down. An island swaps its adopted server markup for live components whose DOM is identical,
 * so the same path finds the live twin of an element the visitor clicked or focused before the
 * swap (see static-region.tsx).
 */

/** The part of a DOM element these functions read; plain objects stand in for it in tests. */
export interface TreeElement {
  readonly parentElement: TreeElement | null;
  readonly children: ArrayLike<TreeElement>;
}

/** The child indices leading from root to element, or null when element is not inside root. */
export function elementPath(root: TreeElement, element: TreeElement): number[] | null {
  const path: number[] = [];
  let current: TreeElement = element;
  while (current !== root) {
    const parent = current.parentElement;
    if (!parent) return null;
    path.push(Array.prototype.indexOf.call(parent.children, current));
    current = parent;
  }
  return path.reverse();
}

/** The element at path below root, or null when the tree no longer has it. */
export function elementAtPath(root: TreeElement, path: readonly number[]): TreeElement | null {
  let current: TreeElement = root;
  for (const index of path) {
    const child = current.children[index];
    if (!child) return null;
    current = child;
  }
  return current;
}
