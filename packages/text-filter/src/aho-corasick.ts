/**
 * Many terms in one pass (Aho–Corasick), over code points: every occurrence of every pattern,
 * overlapping ones included, in time linear in the text plus the matches. Written here because the
 * registry's implementations are unmaintained or work on UTF-16 units, which would split the rare
 * kanji outside the Basic Multilingual Plane.
 */
export interface Hit<T> {
  /** Code-point index of the first character, and one past the last. */
  from: number;
  to: number;
  value: T;
}

interface Node<T> {
  next: Map<string, number>;
  fail: number;
  /** Patterns ending here (own and, through the failure links, shorter ones): [length, value]. */
  out: [number, T][];
}

export class AhoCorasick<T> {
  private readonly nodes: Node<T>[] = [{ next: new Map(), fail: 0, out: [] }];

  constructor(patterns: Iterable<[pattern: string, value: T]>) {
    for (const [pattern, value] of patterns) {
      const chars = [...pattern];
      if (chars.length === 0) continue;
      let at = 0;
      for (const ch of chars) {
        let to = this.nodes[at]!.next.get(ch);
        if (to === undefined) {
          to = this.nodes.length;
          this.nodes.push({ next: new Map(), fail: 0, out: [] });
          this.nodes[at]!.next.set(ch, to);
        }
        at = to;
      }
      this.nodes[at]!.out.push([chars.length, value]);
    }
    // Breadth first: a node's failure link is the longest proper suffix that is also a prefix.
    const queue: number[] = [...this.nodes[0]!.next.values()];
    for (let head = 0; head < queue.length; head++) {
      const at = queue[head]!;
      const node = this.nodes[at]!;
      for (const [ch, to] of node.next) {
        let f = node.fail;
        while (f !== 0 && !this.nodes[f]!.next.has(ch)) f = this.nodes[f]!.fail;
        const target = this.nodes[f]!.next.get(ch);
        this.nodes[to]!.fail = target !== undefined && target !== to ? target : 0;
        this.nodes[to]!.out.push(...this.nodes[this.nodes[to]!.fail]!.out);
        queue.push(to);
      }
    }
  }

  get size(): number {
    return this.nodes.length;
  }

  search(chars: readonly string[]): Hit<T>[] {
    const hits: Hit<T>[] = [];
    let at = 0;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i]!;
      while (at !== 0 && !this.nodes[at]!.next.has(ch)) at = this.nodes[at]!.fail;
      at = this.nodes[at]!.next.get(ch) ?? 0;
      for (const [length, value] of this.nodes[at]!.out) hits.push({ from: i + 1 - length, to: i + 1, value });
    }
    return hits;
  }
}
