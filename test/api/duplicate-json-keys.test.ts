import { describe, expect, it } from 'vitest';
import { firstDuplicateKey } from '../../lib/http/duplicate-json-keys.ts';

describe('firstDuplicateKey (issue 27)', () => {
  it.each([
    ['a repeated top-level key', '{"user_id":"a","user_id":"b"}', 'user_id'],
    ['a repeat after other keys', '{"a":1,"b":[1,{"c":2}],"a":3}', 'a'],
    [
      'a repeat inside a nested object, named with its path',
      '{"meta":{"x":1,"y":{"z":1,"z":2}}}',
      'meta.y.z',
    ],
    ['a repeat inside an object in an array', '{"items":[{"k":1},{"k":2,"k":3}]}', 'items.k'],
    ['keys equal once unescaped', '{"user_id":"a","user\\u005fid":"b"}', 'user_id'],
  ])('finds %s', (_label, text, key) => {
    // Act
    const found = firstDuplicateKey(text);
    // Assess
    expect(found).toBe(key);
  });

  it.each([
    ['distinct keys', '{"session_id":"s","user_id":"u","message":"hi"}'],
    ['the same key in sibling objects', '[{"a":1},{"a":2}]'],
    ['the same key at different depths', '{"a":{"a":{"a":1}}}'],
    ['a key-like text inside a value', '{"message":"\\"a\\":1, \\"a\\":2","a":1}'],
    ['strings with escaped quotes and backslashes', '{"a":"x\\\\","b":"y\\"z"}'],
    ['a scalar body', '"user_id"'],
  ])('finds nothing in %s', (_label, text) => {
    // Act
    const found = firstDuplicateKey(text);
    // Assess
    expect(found).toBeUndefined();
  });
});
