import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer.js';

const planSchema = z.object({ id: z.string(), priceMinor: z.number().int(), currency: z.enum(['EUR', 'USD']) });
const schema = z.object({
  id: z.string(),
  text: z.string().nullable(),
  plan: planSchema.nullable(),
  urls: z.object({ thumb: z.string().optional(), playable: z.string().optional() }),
  unlock: z.union([
    z.object({ kind: z.literal('follow'), language: z.enum(['en', 'de']).nullable() }),
    z.object({ kind: z.literal('plan'), plan: planSchema }),
  ]),
  tags: z.array(z.string()),
  counts: z.record(z.string(), z.number()),
});

const compile = (validate: boolean) => responseSerializerCompiler({ validate })({ schema, method: 'GET', url: '/test' } as never);

describe('response serializer', () => {
  it('writes what zod would, for every shape the API uses', () => {
    const bodies = [
      {
        id: 'p1',
        text: null,
        plan: null,
        urls: {},
        // A nullable enum inside a union's branch, null and not.
        unlock: { kind: 'follow', language: null },
        tags: [],
        counts: {},
      },
      {
        id: 'p3',
        text: 'x',
        plan: null,
        urls: {},
        unlock: { kind: 'follow', language: 'de' },
        tags: [],
        counts: {},
      },
      {
        id: 'p2',
        text: 'Hello "there"\n✨',
        plan: { id: 'pl', priceMinor: 499, currency: 'EUR' },
        urls: { thumb: '/a?v=1' },
        unlock: { kind: 'plan', plan: { id: 'pl', priceMinor: 499, currency: 'EUR' } },
        tags: ['a', 'b'],
        counts: { likes: 3 },
      },
    ];
    for (const validate of [true, false]) {
      for (const body of bodies) expect(JSON.parse(compile(validate)(body))).toEqual(schema.parse(body));
    }
  });

  it('never writes a field the schema does not name, at any depth', () => {
    const written = compile(false)({
      id: 'p1',
      secret: 'leak',
      text: 'x',
      plan: { id: 'pl', priceMinor: 1, currency: 'USD', internalNote: 'leak' },
      urls: { thumb: '/t', playable: '/p', original: 'leak' },
      unlock: { kind: 'plan', plan: { id: 'pl', priceMinor: 1, currency: 'USD', storageKey: 'leak' }, extra: 'leak' },
      tags: [],
      counts: {},
    });
    expect(written).not.toContain('leak');
    expect(JSON.parse(written).urls).toEqual({ thumb: '/t', playable: '/p' });
  });

  it('checks every response against its zod schema where it validates', () => {
    const broken = { id: 'p1', text: 7, plan: null, urls: {}, unlock: { kind: 'follow', language: null }, tags: [], counts: {} };
    expect(() => compile(true)(broken)).toThrow(/GET \/test does not match its schema/);
  });
});
