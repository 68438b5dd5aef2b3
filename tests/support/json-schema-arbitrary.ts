import fc from 'fast-check';

/**
 * Values from the OpenAPI document's JSON Schemas (the 3.0 subset zod writes): `allowedValue` makes
 * values a schema allows, `forbiddenValues` the ways a value can break one of its rules. A field whose
 * rules go beyond the schema (`x-unstated-rules`) takes the fixture's value, present or absent, and is
 * never broken. Lengths count UTF-16 code units, as the server does and the document says.
 */

export interface JsonSchema {
  readonly type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
  readonly enum?: readonly unknown[];
  readonly pattern?: string;
  readonly format?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: boolean;
  readonly exclusiveMaximum?: boolean;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly oneOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  /** zod writes a string's several patterns (a format's and a regex's) as an allOf of them */
  readonly allOf?: readonly JsonSchema[];
  readonly nullable?: boolean;
  readonly 'x-unstated-rules'?: readonly string[];
}

/** What a string may be made of where it travels: any text in a JSON body, well-formed text in an address. */
export type Characters = 'binary' | 'grapheme';

/** Marks a property the value leaves out. */
export const ABSENT = Symbol('absent');
type Value = unknown;

const unstated = (schema: JsonSchema) => (schema['x-unstated-rules']?.length ?? 0) > 0;
/** Every pattern a string must match: its own and those of its allOf, the first the one to generate from. */
const patternsOf = (schema: JsonSchema): RegExp[] =>
  [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)]
    .filter((pattern) => pattern !== undefined)
    .map((pattern) => new RegExp(pattern, 'u'));
const patternOf = (schema: JsonSchema) => patternsOf(schema)[0] ?? null;
const STRING_CAP = 40;

/** Whether a scalar breaks none of its schema's rules (the mutations below are checked with it). */
export function scalarConforms(schema: JsonSchema, value: Value): boolean {
  if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf ?? []).some((s) => scalarConforms(s, value));
  if (value === null) return schema.nullable === true;
  if (schema.enum && !schema.enum.includes(value)) return false;
  switch (schema.type) {
    case 'string': {
      if (typeof value !== 'string') return false;
      if (schema.minLength !== undefined && value.length < schema.minLength) return false;
      if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
      return patternsOf(schema).every((pattern) => pattern.test(value));
    }
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      if (schema.type === 'integer' && !Number.isInteger(value)) return false;
      if (schema.minimum !== undefined && (schema.exclusiveMinimum ? value <= schema.minimum : value < schema.minimum))
        return false;
      return !(
        schema.maximum !== undefined && (schema.exclusiveMaximum ? value >= schema.maximum : value > schema.maximum)
      );
    }
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

function stringValue(schema: JsonSchema, characters: Characters): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? STRING_CAP, STRING_CAP));
  const pattern = patternOf(schema);
  const fits = (value: string) => scalarConforms(schema, value);
  if (pattern) {
    try {
      return fc.stringMatching(pattern).filter(fits);
    } catch {
      // fast-check reads no Unicode property classes (\p{…}): any text, kept where it matches
    }
  }
  return fc.string({ unit: characters, minLength, maxLength }).filter(fits);
}

function numberValue(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000;
  const max = schema.maximum ?? 1_000_000;
  if (schema.type === 'integer') {
    return fc.integer({
      min: Math.ceil(schema.exclusiveMinimum ? min + 1 : min),
      max: Math.floor(schema.exclusiveMaximum ? max - 1 : max),
    });
  }
  return fc.double({
    min,
    max,
    minExcluded: schema.exclusiveMinimum === true,
    maxExcluded: schema.exclusiveMaximum === true,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

const fixtureAt = (fixture: Value, key: string): Value =>
  typeof fixture === 'object' && fixture !== null && key in fixture ? (fixture as Record<string, Value>)[key] : ABSENT;

function objectValue(schema: JsonSchema, fixture: Value, characters: Characters): fc.Arbitrary<Value> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {}).map(([key, property]): [string, fc.Arbitrary<Value>] => {
    const own = fixtureAt(fixture, key);
    if (unstated(property)) return [key, fc.constant(own)];
    const value = allowedValue(property, own, characters);
    return [key, required.has(key) ? value : fc.option(value, { nil: ABSENT })];
  });
  return fc
    .tuple(...entries.map(([, value]) => value))
    .map((values) =>
      Object.fromEntries(entries.map(([key], index) => [key, values[index]]).filter(([, value]) => value !== ABSENT)),
    );
}

/** Values the schema allows; `fixture` gives the fields with unstated rules. */
export function allowedValue(
  schema: JsonSchema,
  fixture: Value = ABSENT,
  characters: Characters = 'binary',
): fc.Arbitrary<Value> {
  if (unstated(schema)) return fc.constant(fixture);
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches) return fc.oneof(...branches.map((branch) => allowedValue(branch, fixture, characters)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return stringValue(schema, characters);
    case 'integer':
    case 'number':
      return numberValue(schema);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(allowedValue(schema.items ?? {}, ABSENT, characters), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      if (!schema.properties && typeof schema.additionalProperties === 'object') {
        return fc.dictionary(
          fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 }),
          allowedValue(schema.additionalProperties, ABSENT, characters),
          { maxKeys: 3 },
        );
      }
      return objectValue(schema, fixture, characters);
    default:
      return fc.constant({});
  }
}

/** A break of one rule: where (a path of keys) and the value that breaks it (ABSENT: left out). */
export interface Break {
  readonly path: readonly (string | number)[];
  readonly value: Value;
  readonly rule: string;
}

/** Values a scalar's schema forbids, each with the rule it breaks; `inAddress`: it travels as text. */
function scalarBreaks(schema: JsonSchema, inAddress: boolean): { value: Value; rule: string }[] {
  const candidates: { value: Value; rule: string }[] = [];
  const add = (value: Value, rule: string) => {
    const sent = inAddress && typeof value !== 'string' ? String(value) : value;
    const read = inAddress && (schema.type === 'integer' || schema.type === 'number') ? Number(sent) : sent;
    if (!scalarConforms(schema, read) && !(inAddress && read === '' && schema.type !== 'string')) {
      candidates.push({ value: sent, rule });
    }
  };
  const { minLength, maxLength, minimum, maximum } = schema;
  if (schema.type === 'string' || schema.enum || schema.anyOf) {
    if (!inAddress) add(42, 'type');
    if (minLength !== undefined && minLength > 0) add('a'.repeat(minLength - 1), 'minLength');
    if (maxLength !== undefined) add('a'.repeat(maxLength + 1), 'maxLength');
    for (const text of ['x', '!', '2025-02-30', 'not-an-id', 'ĀĒ\u0000', '\u202e']) add(text, 'pattern or enum');
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    add(inAddress ? 'ten' : '10', 'type');
    if (schema.type === 'integer') add((minimum ?? 0) + 0.5, 'integer');
    if (minimum !== undefined) add(schema.exclusiveMinimum ? minimum : minimum - 1, 'minimum');
    if (maximum !== undefined) add(schema.exclusiveMaximum ? maximum : maximum + 1, 'maximum');
  }
  if (schema.type === 'boolean' && !inAddress) {
    add('true', 'type');
    for (const answer of [true, false]) add(answer, 'enum');
  }
  if (!inAddress && !schema.nullable) add(null, 'nullable');
  return candidates;
}

const isObject = (value: Value): value is Record<string, Value> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The branch of a oneOf the value is in: the one whose single-valued enums it has. */
function branchOf(branches: readonly JsonSchema[], value: Value): JsonSchema | undefined {
  return branches.find((branch) =>
    Object.entries(branch.properties ?? {}).every(
      ([key, property]) => property.enum?.length !== 1 || (isObject(value) && value[key] === property.enum[0]),
    ),
  );
}

/** Every way to break one rule of `schema` in `value` (which it allows), never inside a field with unstated rules. */
export function forbiddenValues(
  schema: JsonSchema,
  value: Value,
  inAddress = false,
  path: readonly (string | number)[] = [],
): Break[] {
  if (unstated(schema)) return [];
  const at = (breaks: { value: Value; rule: string }[]) => breaks.map((b) => ({ ...b, path }));
  if (schema.oneOf) {
    const branch = branchOf(schema.oneOf, value);
    return branch ? forbiddenValues(branch, value, inAddress, path) : [];
  }
  if (schema.type === 'object' && isObject(value) && schema.properties) {
    const breaks: Break[] = inAddress ? [] : at([{ value: [value], rule: 'type' }]);
    for (const key of schema.required ?? []) {
      if (!unstated(schema.properties[key] ?? {}))
        breaks.push({ path: [...path, key], value: ABSENT, rule: 'required' });
    }
    if (schema.additionalProperties === false && !inAddress) {
      breaks.push({ path: [...path, 'notInTheSchema'], value: 1, rule: 'additionalProperties' });
    }
    for (const [key, property] of Object.entries(schema.properties)) {
      breaks.push(...forbiddenValues(property, key in value ? value[key] : undefined, inAddress, [...path, key]));
    }
    return breaks;
  }
  if (schema.type === 'object') return inAddress || value === undefined ? [] : at([{ value: 'object', rule: 'type' }]);
  if (schema.type === 'array') {
    const items = Array.isArray(value) ? value : [];
    const breaks: Break[] = at([{ value: 'list', rule: 'type' }]);
    if (schema.maxItems !== undefined && items.length > 0) {
      breaks.push({ path, value: Array.from({ length: schema.maxItems + 1 }, () => items[0]), rule: 'maxItems' });
    }
    if (schema.minItems !== undefined && schema.minItems > 0) {
      breaks.push({ path, value: items.slice(0, schema.minItems - 1), rule: 'minItems' });
    }
    items.forEach((item, index) =>
      breaks.push(...forbiddenValues(schema.items ?? {}, item, inAddress, [...path, index])),
    );
    return breaks;
  }
  return at(scalarBreaks(schema, inAddress));
}

/** The value with one break applied. */
export function applyBreak(value: Value, { path, value: replacement }: Break): Value {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    return value.map((item: Value, index) =>
      index === head ? applyBreak(item, { path: rest, value: replacement, rule: '' }) : item,
    );
  }
  const object = isObject(value) ? value : {};
  const next = applyBreak(object[head], { path: rest, value: replacement, rule: '' });
  const others = Object.entries(object).filter(([key]) => key !== String(head));
  return Object.fromEntries(next === ABSENT ? others : [...others, [String(head), next]]);
}
