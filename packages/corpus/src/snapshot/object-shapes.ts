/*
 * Plain objects rebuilt so that their properties live inside the object.
 *
 * The loader's values reach the main thread in forms that add properties
 * one at a time: a structured clone from the parse worker, the
 * normalisers' conditional fields (and, before projection format 5,
 * `v8.deserialize` on a restart; the projection's reader now builds each
 * object with its shape's literal, `fromStack`). V8 gives such an
 * object four slots of its own and puts every later property in a separate
 * property array, with slack. An object literal naming its keys gets
 * exactly one slot per key and no property array, so it is markedly
 * smaller (docs/decisions/corpus.md, "Memory").
 *
 * So each key list the loader meets gets one small function returning an
 * object literal of those keys, made once with `new Function`. The keys
 * come from our own normalisers and metadata picks, and each is written
 * into the source as a JSON string literal, so no key can become code.
 * Shapes are bounded: past `maxShapes` key lists, or for an object with
 * more than `maxKeys` keys or a `__proto__` key (a literal would set the
 * prototype instead), the object is kept as it is.
 */

type Build = (source: Record<string, unknown>) => Record<string, unknown>;

/** The literal from `keys.length` values at `stack[base]` onwards, in key order. */
export type BuildFromStack = (stack: readonly unknown[], base: number) => Record<string, unknown>;

/** One key list's literal, and the frozen objects of that shape the string pool shares. */
export interface ObjectShape {
  /** Its key list, in order. */
  readonly keys: readonly string[];
  readonly build: Build;
  /**
   * Shared objects by their first field's value: the pool compares the
   * other fields of the few candidates by identity (they are pooled
   * strings, booleans, nulls and shared lists), so no key text is built.
   */
  readonly shared: Map<unknown, object[]>;
  /** The same literal from values in key order (a projection read decodes them onto a stack). */
  fromStack(): BuildFromStack;
}

interface ShapeNode {
  readonly next: Map<string, ShapeNode>;
  shape: ObjectShape | undefined;
}

export interface ObjectShapes {
  /**
   * `value` as a plain object literal with the same own keys in the same
   * order and the same values, or `value` itself when it cannot be given
   * a shape. `keys` are `Object.keys(value)`.
   */
  compact<T extends object>(value: T, keys?: readonly string[]): T;
  /** The shape of `keys` (made on first use), or undefined when it cannot have one. */
  shapeOf(keys: readonly string[]): ObjectShape | undefined;
  /** Empties every shape's `shared` map. */
  forgetShared(): void;
  /** Key lists given a shape so far. */
  readonly size: number;
}

export interface ObjectShapeLimits {
  maxShapes: number;
  maxKeys: number;
}

const DEFAULT_LIMITS: ObjectShapeLimits = { maxShapes: 512, maxKeys: 64 };

function buildFor(keys: readonly string[]): Build {
  const fields = keys.map((key) => {
    const name = JSON.stringify(key);
    return `${name}: v[${name}]`;
  });
  // A literal per key list: see the comment at the top of this file.
  return new Function('v', `return {${fields.join(', ')}};`) as Build;
}

function buildFromStackFor(keys: readonly string[]): BuildFromStack {
  const fields = keys.map((key, i) => `${JSON.stringify(key)}: s[b + ${i}]`);
  return new Function('s', 'b', `return {${fields.join(', ')}};`) as BuildFromStack;
}

export function createObjectShapes(limits: ObjectShapeLimits = DEFAULT_LIMITS): ObjectShapes {
  const root: ShapeNode = { next: new Map(), shape: undefined };
  const made: ObjectShape[] = [];
  /**
   * The last key list found and its shape: values of one kind come in runs
   * (a load builds 100,000 records of 35 keys in a row), and comparing the
   * keys with the last ones costs less than 35 map lookups down the tree.
   */
  let last: ObjectShape | undefined;
  const sameAsLast = (keys: readonly string[]) =>
    last !== undefined &&
    last.keys.length === keys.length &&
    keys.every((key, i) => key === last?.keys[i]);
  const shapeOf = (keys: readonly string[]): ObjectShape | undefined => {
    if (keys.length === 0 || keys.length > limits.maxKeys) {
      return undefined;
    }
    if (sameAsLast(keys)) {
      return last;
    }
    const found = shapeInTree(keys);
    last = found ?? last;
    return found;
  };
  const shapeInTree = (keys: readonly string[]): ObjectShape | undefined => {
    const size = made.length;
    let node = root;
    for (const key of keys) {
      let child = node.next.get(key);
      if (child === undefined) {
        if (size >= limits.maxShapes || key === '__proto__') {
          return undefined;
        }
        child = { next: new Map(), shape: undefined };
        node.next.set(key, child);
      }
      node = child;
    }
    if (node.shape === undefined) {
      if (size >= limits.maxShapes) {
        return undefined;
      }
      let fromStack: BuildFromStack | undefined;
      const kept = Object.freeze(keys.slice());
      node.shape = {
        keys: kept,
        build: buildFor(keys),
        shared: new Map(),
        fromStack: () => {
          fromStack ??= buildFromStackFor(kept);
          return fromStack;
        },
      };
      made.push(node.shape);
    }
    return node.shape;
  };
  return {
    compact<T extends object>(value: T, keys: readonly string[] = Object.keys(value)): T {
      const shape = shapeOf(keys);
      return shape === undefined ? value : (shape.build(value as Record<string, unknown>) as T);
    },
    shapeOf,
    forgetShared() {
      for (const shape of made) {
        shape.shared.clear();
      }
    },
    get size() {
      return made.length;
    },
  };
}
