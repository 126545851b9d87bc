import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { type ZodType, z } from 'zod';

type JsonSchema = { [keyword: string]: unknown };

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod
 * response schema: a function compiled once per route instead of a zod walk and
 * JSON.stringify on every response. Like zod, it writes only the properties the schema
 * names, so a field a query happens to return never reaches the client. With `validate`
 * (development and tests) the zod schema checks every response first, so a handler that
 * breaks its contract fails loudly where it is built; production skips that check.
 */
export function responseSerializerCompiler(options: { validate: boolean }): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url }) => {
    const stringify = fastJsonStringify(serializationSchema(schema) as unknown as Parameters<typeof fastJsonStringify>[0]);
    if (!options.validate) return stringify;
    return (data) => {
      const checked = schema.safeParse(data);
      if (!checked.success) throw new Error(`The response of ${method} ${url} does not match its schema: ${checked.error.message}`);
      return stringify(data);
    };
  };
}

/**
 * The schema fast-json-stringify compiles: the output JSON Schema without what only
 * validation needs. `additionalProperties: false` would make it reject (inside `anyOf`)
 * objects that carry extra fields it is meant to leave out; patterns and property-name
 * rules cost compile time and serve no purpose when writing; `anyOf [T, null]` becomes a
 * nullable T, which it writes without trying each branch.
 */
export function serializationSchema(schema: ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' })) as JsonSchema;
}

const VALIDATION_ONLY = new Set([
  '$schema',
  'pattern',
  'propertyNames',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
]);

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (VALIDATION_ONLY.has(keyword) || (keyword === 'additionalProperties' && value === false)) continue;
    out[keyword] =
      keyword === 'properties' || keyword === 'definitions'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, child]) => [name, simplify(child)]))
        : simplify(value);
  }
  const branches = out.anyOf;
  if (Array.isArray(branches)) {
    const notNull = branches.filter((branch: JsonSchema) => branch.type !== 'null');
    if (notNull.length === 1 && branches.length === 2) {
      const { anyOf: _, ...rest } = out;
      const kept = notNull[0] as JsonSchema;
      // Where it validates (to choose an anyOf branch), a nullable enum must list null itself.
      return { ...rest, ...kept, ...(Array.isArray(kept.enum) ? { enum: [...kept.enum, null] } : {}), nullable: true };
    }
  }
  return out;
}
