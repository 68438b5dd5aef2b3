import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { RULES_OF_FIELDS, RULES_OF_REFINEMENTS, type UnstatedRule } from '../../domain/contract/unstated-rules.ts';

export type JsonSchema = Record<string, unknown>;

/** Keywords zod may write that OpenAPI 3.0's schema object does not have, and zod's own bookkeeping. */
const NOT_OPENAPI_30 = new Set([
  '$schema',
  'id',
  '$id',
  'unevaluatedProperties',
  'dependentSchemas',
  'patternProperties',
  'propertyNames',
  'contentEncoding',
  'contentMediaType',
]);

interface CheckDefinition {
  readonly check?: string;
  readonly fn?: unknown;
}

const checksOf = (schema: $ZodType): CheckDefinition[] =>
  (schema._zod.def.checks ?? []).map((check) => check._zod.def as CheckDefinition);

/**
 * What zod's conversion cannot see, added where it runs: a refinement by Number.isInteger is an
 * integer (the schemas refine rather than use z.int(), whose failure would stop the checks across
 * fields), and a rule no schema can state is named in the description and listed in
 * `x-unstated-rules`.
 */
function override({ zodSchema, jsonSchema }: { zodSchema: $ZodType; jsonSchema: JsonSchema }): void {
  const rules: UnstatedRule[] = [];
  for (const check of checksOf(zodSchema)) {
    if (check.check !== 'custom') continue;
    if (check.fn === Number.isInteger && jsonSchema.type === 'number') jsonSchema.type = 'integer';
    const rule = RULES_OF_REFINEMENTS.get(check.fn);
    if (rule) rules.push(rule);
  }
  const own = RULES_OF_FIELDS.get(zodSchema);
  // a field's own words say all of it, refinements included
  const stated = own ? [own] : rules;
  if (stated.length === 0) return;
  jsonSchema.description = [jsonSchema.description, ...stated.map((rule) => rule.description)]
    .filter(Boolean)
    .join(' ');
  const names = new Set([
    ...((jsonSchema['x-unstated-rules'] as string[] | undefined) ?? []),
    ...stated.map((r) => r.rule),
  ]);
  jsonSchema['x-unstated-rules'] = [...names];
}

/** Drops what OpenAPI 3.0 does not know, recursing only where subschemas are (a property may be called `id`). */
function sanitize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sanitize);
  if (value === null || typeof value !== 'object') return value;
  const result: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    if (NOT_OPENAPI_30.has(key)) continue;
    if (key === 'properties' && child && typeof child === 'object') {
      result[key] = Object.fromEntries(Object.entries(child).map(([name, schema]) => [name, sanitize(schema)]));
    } else if (['items', 'additionalProperties', 'not', 'allOf', 'anyOf', 'oneOf'].includes(key)) {
      result[key] = sanitize(child);
    } else result[key] = child;
  }
  return result;
}

/**
 * A zod schema (classic or mini) as the document's JSON Schema: `input` for what a caller sends
 * (defaults make a field optional), `output` for what the server answers.
 */
export function openApiSchema(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
    reused: 'inline',
    override: (context) => override(context as unknown as { zodSchema: $ZodType; jsonSchema: JsonSchema }),
  });
  return sanitize(converted) as JsonSchema;
}
