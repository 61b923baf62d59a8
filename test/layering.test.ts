import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

const ROOT = path.resolve(import.meta.dirname, '..');
const CORPUS_SRC = path.join(ROOT, 'packages/corpus/src');

/**
 * packages/corpus's folders from the bottom up: a folder may import its own
 * files and the folders before it, never one after it.
 */
const CORPUS_LAYERS = [
  // Reading files into normalised records: paths, lenient readers, GI/KG/bridge, records, the walk.
  'roots',
  'files',
  'readers',
  'records',
  'discovery',
  // Files read through the bounded caches of a corpus place.
  'caches',
  // The projection held in the heap (CORPUS_INDEX=projection and the viewer's other roots).
  'snapshot',
  // The answers.
  'graph',
  'clusters',
  'digest',
  'browse',
  'catalog',
  // Operator files, rollback and artwork.
  'artwork',
  'operator-files',
  'rollback',
];

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file));
}

/** The relative imports and re-exports of each source file, resolved to the files they name. */
function importsIn(dir: string): Import[] {
  const pattern =
    /(import|export)(\s+type)?\s*(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+)\s*from\s*'(\.[^']+)'/g;
  return sourceFiles(dir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(pattern)].map((match) => ({
      from: file,
      to: path.resolve(path.dirname(file), (match[3] as string).replace(/\.js$/, '.ts')),
      typeOnly: match[2] !== undefined,
    })),
  );
}

const folderOf = (file: string) => path.relative(CORPUS_SRC, file).split(path.sep)[0] as string;

/** The cycles of a directed graph, one list of nodes per strongly connected component of two or more. */
function cyclesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) {
        cycles.push(component.sort());
      }
    }
  };
  for (const node of edges.keys()) {
    if (!index.has(node)) {
      visit(node);
    }
  }
  return cycles;
}

function graphOf(pairs: ReadonlyArray<readonly [string, string]>): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [from, to] of pairs) {
    edges.set(from, (edges.get(from) ?? new Set()).add(to));
    edges.set(to, edges.get(to) ?? new Set());
  }
  return edges;
}

describe('packages/corpus layering', () => {
  const imports = importsIn(CORPUS_SRC).filter(
    (edge) => edge.from !== path.join(CORPUS_SRC, 'index.ts'),
  );

  it('names every folder in one layer', () => {
    const folders = readdirSync(CORPUS_SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...CORPUS_LAYERS].sort());
  });

  it('has no folder importing a folder above it', () => {
    const upward = imports
      .filter(
        (edge) =>
          CORPUS_LAYERS.indexOf(folderOf(edge.to)) > CORPUS_LAYERS.indexOf(folderOf(edge.from)),
      )
      .map(
        (edge) =>
          `${path.relative(CORPUS_SRC, edge.from)} -> ${path.relative(CORPUS_SRC, edge.to)}`,
      );
    expect(upward).toEqual([]);
  });

  it('has no import cycle between its files, type-only imports aside', () => {
    const edges = graphOf(
      imports.filter((edge) => !edge.typeOnly).map((edge) => [edge.from, edge.to] as const),
    );
    const cycles = cyclesOf(edges).map((cycle) =>
      cycle.map((file) => path.relative(CORPUS_SRC, file)),
    );
    expect(cycles).toEqual([]);
  });

  it('finds the cycle it is looking for when there is one', () => {
    expect(
      cyclesOf(
        graphOf([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['c', 'd'],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });
});

describe('workspace packages', () => {
  it('depend on each other without a cycle', () => {
    const pairs = ['packages', 'apps'].flatMap((group) =>
      readdirSync(path.join(ROOT, group)).flatMap((name) => {
        const manifest = JSON.parse(
          readFileSync(path.join(ROOT, group, name, 'package.json'), 'utf8'),
        ) as { name: string; dependencies?: Record<string, string> };
        return Object.keys(manifest.dependencies ?? {})
          .filter((dependency) => dependency.startsWith('@podcast/'))
          .map((dependency) => [manifest.name, dependency] as const);
      }),
    );
    expect(pairs.length).toBeGreaterThan(20);
    expect(cyclesOf(graphOf(pairs))).toEqual([]);
  });
});
