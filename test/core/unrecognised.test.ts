import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { unrecognisedToolShape } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';

/** "Looks like tools, but the shape is not recognised", so such a file is not passed over in silence: conservative, says where. */
describe('unrecognisedToolShape', () => {
  test('an array of tool-like objects in an unknown place', () => {
    const text = '{"toolbox":{"functions_list":[{"name":"a","schema":{}},{"name":"b","schema":{}}]}}';
    assert.equal(analyze(text).format, null, 'no recogniser claims it');
    assert.equal(
      unrecognisedToolShape(text),
      'an array of 2 objects with "name" and "schema" at "/toolbox/functions_list"',
    );
  });

  test('one tool-like object, and arrays where most items are', () => {
    assert.equal(
      unrecognisedToolShape('{"spec":{"name":"a","parametersJsonSchema":{}}}'),
      'an object with "name" and "parametersJsonSchema" at "/spec"',
    );
    assert.equal(
      unrecognisedToolShape('{"x":[{"name":"a","args":{}},{"name":"b","input":{}},1]}'),
      'an array of 2 of 3 items with "name" and "args" or "input" at "/x"',
    );
    assert.equal(
      unrecognisedToolShape('{"x":[{"name":"a","parameters":{}},2,3]}'),
      'an object with "name" and "parameters" at "/x/0"',
      'too few for an array, but the object itself',
    );
  });

  test('ordinary JSON is not tool-shaped: names without a schema object, schemas without a name', () => {
    for (const text of [
      '{"name":"pkg","description":"a package","version":"1.0.0"}',
      '{"contributors":[{"name":"a","email":"x"}],"scripts":{"build":"tsc"}}',
      '{"items":[{"name":"a","parameters":"not an object"}]}',
      '{"items":[{"id":"a","parameters":{}}]}',
      '{"model":"gpt-4o","response_format":{"type":"json_schema","json_schema":{"name":"answer","schema":{}}}}',
      '[]',
      '',
      'not json',
    ]) {
      assert.equal(unrecognisedToolShape(text), undefined, text);
    }
  });

  test('bounded on deep or huge input, and never throws', () => {
    const deep = `${'{"a":'.repeat(5000)}{"name":"t","parameters":{}}${'}'.repeat(5000)}`;
    assert.equal(unrecognisedToolShape(deep), undefined, 'deeper than the bound: not searched');
    const wide = JSON.stringify({
      rows: Array.from({ length: 100_000 }, (_, i) => ({ i })),
      later: [{ name: 'a', parameters: {} }],
    });
    assert.equal(unrecognisedToolShape(wide), undefined, 'past the node budget: not searched');
    assert.equal(unrecognisedToolShape('\ud800{'), undefined);
  });
});
