import type { TSchema } from '@sinclair/typebox';

/**
 * Schema-valid but hostile bodies: every optional property present, every string at its maximum length in an
 * awkward alphabet, every array at its maximum count, every number on a boundary. The opposite of `mutations.ts`:
 * these are bodies a route must accept or refuse for a business reason, and must answer without growing without
 * bound.
 */

/** Alphabets a string is filled with, one body each: astral (4 UTF-8 bytes), RTL, combining, markup, NUL. */
export const HOSTILE_ALPHABETS = ['a', '𝕏', 'ש', 'e\u0301', '"<>&\\\'', '\u0000', '\u00a0', '٣'] as const;
export type Boundary = 'min' | 'max';

interface Schema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  /** A record (TypeBox Type.Record): keys by pattern, one value schema. */
  patternProperties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

/** Strings of unbounded schemas are filled to this (a schema without maxLength is a finding the route must survive). */
const UNBOUNDED_LENGTH = 300_000;
const UNBOUNDED_ITEMS = 5_000;
/**
 * What one body may weigh (JSON bytes, roughly): just under the API's 256 KB body limit, so that maximal bodies
 * reach the route instead of the size check. Arrays stop growing and strings stop filling when it is spent.
 */
const BODY_BUDGET = 240_000;
interface Budget {
  left: number;
  /** Makes identifiers and addresses of one body differ from another's (a unique address, a unique key). */
  salt: string;
}
const spend = (budget: Budget, bytes: number) => {
  budget.left -= bytes;
};

/** allOf of constraint fragments (TypeBox Intersect) as one schema: the tightest of each bound. */
function merged(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const out: Schema = { ...schema, allOf: undefined };
  for (const part of schema.allOf.map(merged)) {
    for (const [k, v] of Object.entries(part) as [keyof Schema, never][]) {
      if (v === undefined) continue;
      if ((k === 'minimum' || k === 'minLength' || k === 'minItems') && out[k] !== undefined) out[k] = Math.max(out[k] as number, v) as never;
      else if ((k === 'maximum' || k === 'maxLength' || k === 'maxItems') && out[k] !== undefined) out[k] = Math.min(out[k] as number, v) as never;
      else if (k === 'properties') out.properties = { ...out.properties, ...(v as Record<string, Schema>) };
      else (out as Record<string, unknown>)[k] = v;
    }
  }
  return out;
}

function fill(alphabet: string, codePoints: number): string {
  const unit = [...alphabet];
  let out = '';
  for (let i = 0; i < codePoints; i++) out += unit[i % unit.length];
  return out;
}

function maximalString(s: Schema, alphabet: string, fallback: unknown, budget: Budget, unique: boolean): unknown {
  if (s.enum) return fallback !== undefined && s.enum.includes(fallback) ? fallback : s.enum[s.enum.length - 1];
  if (s.const !== undefined) return s.const;
  const max = s.maxLength ?? UNBOUNDED_LENGTH;
  if (s.format === 'email') {
    // The longest address the schema allows: a 64-character local part (RFC 5321), the rest domain labels.
    const local = `${budget.salt}${'l'.repeat(64)}`.slice(0, Math.min(64, max - 6));
    let domain = '';
    while (local.length + 1 + domain.length + 4 + 63 <= max && domain.length < 180) domain += `${'d'.repeat(62)}.`;
    return `${local}@${domain}example.com`.slice(0, max).replace(/\.$/, 'x');
  }
  if (s.format === 'date-time') return '9999-12-31T23:59:59.999Z';
  if (s.format === 'date') return '9999-12-31';
  const bytesPerChar = Math.max(1, Buffer.byteLength(JSON.stringify(alphabet)) - 2) / [...alphabet].length;
  const length = Math.max(s.minLength ?? 0, Math.min(max, Math.floor(Math.max(0, budget.left) / bytesPerChar)));
  if (s.format || (s.pattern && !new RegExp(s.pattern, 'u').test(fill(alphabet, length)))) return fallback;
  spend(budget, length * bytesPerChar);
  const filled = fill(alphabet, length);
  if (!unique) return filled;
  const salted = `${budget.salt}${filled}`.slice(0, length);
  return s.pattern && !new RegExp(s.pattern, 'u').test(salted) ? filled : salted;
}

function boundaryNumber(s: Schema, boundary: Boundary): number {
  const integer = s.type === 'integer';
  if (boundary === 'min') {
    if (s.minimum !== undefined) return s.minimum;
    if (s.exclusiveMinimum !== undefined) return integer ? s.exclusiveMinimum + 1 : s.exclusiveMinimum + 1e-9;
    return integer ? Number.MIN_SAFE_INTEGER : -1e308;
  }
  if (s.maximum !== undefined) return s.maximum;
  if (s.exclusiveMaximum !== undefined) return integer ? s.exclusiveMaximum - 1 : s.exclusiveMaximum - 1e-9;
  return integer ? Number.MAX_SAFE_INTEGER : 1e308;
}

/** The maximal value of `schema`; `fallback` (the valid body's value) where the schema's pattern or format forbids filling. */
export function maximalValue(
  schema: TSchema | Schema,
  alphabet: string,
  boundary: Boundary,
  fallback?: unknown,
  budget: Budget = { left: BODY_BUDGET, salt: '' },
  key = '',
): unknown {
  const s = merged(schema as Schema);
  spend(budget, 8);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    // The widest branch: objects and arrays before scalars, so the body carries the most.
    const order = ['object', 'array', 'string', 'integer', 'number', 'boolean'];
    const pick = [...branches].sort((a, b) => order.indexOf(merged(a).type ?? '') - order.indexOf(merged(b).type ?? ''))[0]!;
    return maximalValue(pick, alphabet, boundary, fallback, budget, key);
  }
  switch (s.type) {
    case 'string':
      return maximalString(s, alphabet, fallback, budget, /(key|id|email)$/i.test(key));
    case 'integer':
    case 'number':
      return boundaryNumber(s, boundary);
    case 'boolean':
      return boundary === 'max';
    case 'array': {
      const count = s.maxItems ?? UNBOUNDED_ITEMS;
      const sample = Array.isArray(fallback) ? fallback[0] : undefined;
      const items: unknown[] = [];
      while (items.length < count && (budget.left > 0 || items.length < (s.minItems ?? 0))) items.push(maximalValue(s.items ?? {}, alphabet, boundary, sample, budget));
      return items;
    }
    case 'object': {
      const base = fallback && typeof fallback === 'object' && !Array.isArray(fallback) ? (fallback as Record<string, unknown>) : {};
      const out: Record<string, unknown> = {};
      const required = new Set((s as { required?: string[] }).required ?? []);
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        // References to things the test made (ids) stay, so that the write reaches the store instead of a 404; a
        // reference the valid body does not make is left out where it may be.
        const reference = /(^|_)id$|Id$/.test(name);
        if (reference && base[name] !== undefined) out[name] = base[name];
        else if (reference && !required.has(name)) continue;
        // An optional choice the valid body does not make (a status to move to, a role) is a decision, not a size.
        else if (merged(prop).enum && base[name] === undefined && !required.has(name)) continue;
        else out[name] = maximalValue(prop, alphabet, boundary, base[name], budget, name);
      }
      // A record: its keys are names the route knows (a section's text paths), so the valid body's keys stay and
      // their values are filled to the maximum.
      const valueSchema = Object.values(s.patternProperties ?? {})[0];
      if (valueSchema) for (const [name, value] of Object.entries(base)) if (!(name in out)) out[name] = maximalValue(valueSchema, alphabet, boundary, value, budget, name);
      for (const [key, value] of Object.entries(out)) if (value === undefined) delete out[key];
      return out;
    }
    default:
      return fallback;
  }
}

/** One maximal body per alphabet × boundary. */
export function maximalBodies(schema: TSchema, valid: Record<string, unknown>): { label: string; body: unknown }[] {
  const out: { label: string; body: unknown }[] = [];
  for (const alphabet of HOSTILE_ALPHABETS) {
    for (const boundary of ['min', 'max'] as const) {
      const budget = { left: BODY_BUDGET, salt: `h${out.length}-${Date.now().toString(36)}-` };
      out.push({ label: `${JSON.stringify(alphabet)}/${boundary}`, body: maximalValue(schema, alphabet, boundary, valid, budget) });
    }
  }
  return out;
}
