// The edge's checks (input-checks.ts, INPUT_LIMITS): forbidden characters anywhere in a value,
// nesting counted without recursion (a recursive walk would overflow on the input it must refuse),
// the depth of a JSON text read before parsing, and the bounds of free-form values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeJson, hasForbiddenCharacter, INPUT_LIMITS, INPUT_MESSAGES, inputFault, jsonTextDepth } from '../src/index.ts';

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: [value] };
  return value;
};

describe('forbidden characters', () => {
  it('finds NUL and lone surrogates, and lets well-formed pairs through', () => {
    for (const text of ['\u0000', 'a\u0000b', '\ud800', 'x\ud83d', '\udc00y', '\udc00\ud800']) expect(hasForbiddenCharacter(text), JSON.stringify(text)).toBe(true);
    for (const text of ['', 'été', '👍', 'a👍b', '\u0001\u001f']) expect(hasForbiddenCharacter(text), text).toBe(false);
  });

  it('agrees with the platform on any string: forbidden exactly when NUL or not well-formed UTF-16', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const wellFormed = !/[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));
        expect(hasForbiddenCharacter(text)).toBe(text.includes('\u0000') || !wellFormed);
      }),
      { seed: 15, numRuns: 500 },
    );
  });

  it('looks into keys and nested values', () => {
    expect(inputFault({ a: [{ b: 'ok' }, { ['c\u0000']: 1 }] })).toBe('forbidden-character');
    expect(inputFault({ a: [{ b: 'ok\ud800' }] })).toBe('forbidden-character');
    expect(inputFault({ a: [{ b: 'ok' }], n: 1, z: null })).toBeNull();
  });
});

describe('nesting', () => {
  it('counts objects and arrays without recursion, even 100,000 levels deep', () => {
    expect(inputFault(nested(100_000))).toBe('too-deep');
    expect(inputFault(nested(INPUT_LIMITS.bodyMaxDepth / 2))).toBeNull();
    expect(inputFault(nested(INPUT_LIMITS.bodyMaxDepth / 2 + 1))).toBe('too-deep');
  });

  it('reads the depth of a JSON text before parsing, brackets inside strings not counted', () => {
    expect(jsonTextDepth('[[[1]]]')).toBe(3);
    expect(jsonTextDepth('{"a":"[[[[\\"[["}')).toBe(1);
    expect(jsonTextDepth(`${'['.repeat(1_000_000)}`, 32)).toBe(33);
    fc.assert(
      fc.property(fc.json(), (text) => {
        const depth = (value: unknown): number =>
          value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depth)) : 0;
        expect(jsonTextDepth(text, 1_000)).toBe(depth(JSON.parse(text)));
      }),
      { seed: 15, numRuns: 300 },
    );
  });
});

describe('free-form values', () => {
  it('refuses one too deep or too large, in French', () => {
    const schema = freeJson('valeur');
    expect(schema.safeParse({ a: [1, 'deux', { trois: true }] }).success).toBe(true);
    let deep: unknown = 1;
    for (let i = 0; i < INPUT_LIMITS.freeValueMaxDepth + 1; i++) deep = [deep];
    expect(schema.safeParse(deep).error?.issues[0]?.message).toBe(INPUT_MESSAGES.freeValueTooDeep('valeur', INPUT_LIMITS.freeValueMaxDepth));
    const large = 'x'.repeat(INPUT_LIMITS.freeValueMaxBytes);
    expect(schema.safeParse(large).error?.issues[0]?.message).toBe(INPUT_MESSAGES.freeValueTooLarge('valeur', INPUT_LIMITS.freeValueMaxBytes));
  });
});
