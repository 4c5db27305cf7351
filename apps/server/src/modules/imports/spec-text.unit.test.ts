/**
 * A big source is parsed on a worker thread and put together in pieces (issue 20); what the import reads must be
 * exactly what parsing it here gives, and a bad big source is refused as a small one is.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/index.js';
import { ImportInputError, OFFLOAD_JSON_CHARS, OFFLOAD_YAML_CHARS, parseStructured, parseStructuredAsync } from './spec-text.js';

/** The refusal of a parse, as the import reports it. */
async function refusal(parse: () => unknown): Promise<unknown> {
  try {
    await parse();
  } catch (err) {
    if (err instanceof ImportInputError) return { key: err.key, params: err.params, location: err.location };
    throw err;
  }
  throw new Error('not refused');
}

describe('parseStructuredAsync on big sources (a worker thread)', () => {
  it("gives what parseStructured gives, keys in the same order: Kubernetes' JSON, Stripe's YAML", { timeout: 120_000 }, async () => {
    const k8s = fixture('openapi/kubernetes-swagger.json.gz');
    const stripe = fixture('openapi/stripe-spec3.yaml.gz');
    expect(k8s.length).toBeGreaterThan(OFFLOAD_JSON_CHARS);
    expect(stripe.length).toBeGreaterThan(OFFLOAD_YAML_CHARS);
    for (const text of [k8s, stripe]) {
      const here = parseStructured(text);
      const there = await parseStructuredAsync(text);
      expect(isDeepStrictEqual(there, here)).toBe(true);
      expect(JSON.stringify(there)).toBe(JSON.stringify(here));
    }
  });

  it('refuses a big source as parseStructured does: bad JSON (with its place), too deep', { timeout: 60_000 }, async () => {
    const pad = 'x'.repeat(OFFLOAD_JSON_CHARS);
    const sources = [`{"pad": "${pad}",\n "broken": [1, 2,, 3]}`, `{"pad": "${pad}", "deep": ${'['.repeat(300)}${']'.repeat(300)}}`];
    const expected = [{ key: 'import.invalid_json' }, { key: 'import.too_deep' }];
    for (const [i, text] of sources.entries()) {
      const here = await refusal(() => parseStructured(text));
      expect(here).toMatchObject(expected[i]);
      expect(await refusal(() => parseStructuredAsync(text))).toEqual(here);
    }
  });
});
