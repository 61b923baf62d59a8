import { describe, expect, it } from '@jest/globals';
import { createObjectShapes } from './object-shapes.js';

describe('createObjectShapes', () => {
  it('copies an object into a literal of the same keys, order and values', () => {
    const shapes = createObjectShapes();
    const source: Record<string, unknown> = {};
    for (const [key, value] of [
      ['id', 'insight:1'],
      ['text', 'a'],
      ['salience', 0.5],
      ['quoteIds', ['q:1']],
      ['weird "key"\n', true],
      ['0', 'index'],
    ] as const) {
      source[key] = value;
    }
    const copy = shapes.compact(source);
    expect(copy).not.toBe(source);
    expect(copy).toStrictEqual(source);
    expect(Object.keys(copy)).toEqual(Object.keys(source));
    expect(copy.quoteIds).toBe(source.quoteIds);
    expect(shapes.size).toBe(1);
    // One shape per key list, however many objects use it.
    shapes.compact({ ...source, text: 'b' });
    expect(shapes.size).toBe(1);
  });

  it('keeps an object as it is when it has no keys, too many, a __proto__ key, or shapes ran out', () => {
    const shapes = createObjectShapes({ maxShapes: 2, maxKeys: 3 });
    const empty = {};
    expect(shapes.compact(empty)).toBe(empty);
    const wide = { a: 1, b: 2, c: 3, d: 4 };
    expect(shapes.compact(wide)).toBe(wide);
    const proto = JSON.parse('{"__proto__":{"x":1},"id":"a"}') as Record<string, unknown>;
    const kept = shapes.compact(proto);
    expect(kept).toBe(proto);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    const first = { a: 1 };
    expect(shapes.compact(first)).not.toBe(first);
    expect(shapes.compact({ b: 1 })).toEqual({ b: 1 });
    expect(shapes.size).toBe(2);
    const third = { c: 1 };
    expect(shapes.compact(third)).toBe(third);
    // Known shapes still apply once the bound is reached.
    const again = { a: 2 };
    expect(shapes.compact(again)).not.toBe(again);
    expect(shapes.compact(again)).toEqual({ a: 2 });
  });

  it('finds the same shape for a key list again, in runs or alternating with others', () => {
    const shapes = createObjectShapes();
    const ab = shapes.shapeOf(['a', 'b']);
    expect(ab?.keys).toEqual(['a', 'b']);
    expect(shapes.shapeOf(['a', 'b'])).toBe(ab); // the same list again
    const a = shapes.shapeOf(['a']); // a prefix of the last one is a shape of its own
    const ba = shapes.shapeOf(['b', 'a']); // so is another order
    expect(new Set([ab, a, ba]).size).toBe(3);
    expect(shapes.shapeOf(['a', 'b'])).toBe(ab);
    expect(shapes.shapeOf(['a'])).toBe(a);
    expect(shapes.shapeOf(['a', 'b', 'c'])?.keys).toEqual(['a', 'b', 'c']);
    expect(shapes.compact({ b: 1, a: 2 })).toEqual({ b: 1, a: 2 });
    expect(Object.keys(shapes.compact({ b: 1, a: 2 }))).toEqual(['b', 'a']);
    expect(shapes.size).toBe(4);
    // A caller that changes its key list afterwards does not change the shape.
    const keys = ['x', 'y'];
    const xy = shapes.shapeOf(keys);
    keys[1] = 'z';
    expect(shapes.shapeOf(keys)).not.toBe(xy);
    expect(shapes.shapeOf(['x', 'y'])).toBe(xy);
  });
});
