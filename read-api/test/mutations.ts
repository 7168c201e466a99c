import fc from 'fast-check';
import type { TSchema } from '@sinclair/typebox';

/** Values of every JSON kind, plus the nasties a hostile client sends. */
const NASTY: unknown[] = [
  null, true, false, 0, -1, 1.5, -0.000001, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, '', ' ', '0', 'true', 'null',
  'x'.repeat(70_000), '\u0000', '\u202e\u0041', '😀'.repeat(100), '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd',
  [], [null], [[[[[]]]]], {}, { __proto__: { admin: true } }, { constructor: { prototype: { x: 1 } } },
];

function typeOf(schema: TSchema): string | undefined {
  return (schema as { type?: string }).type;
}

/** Values that the property's schema refuses: another type, out of range, too long, not in the enum. */
export function wrongValuesFor(schema: TSchema): unknown[] {
  const s = schema as { type?: string; enum?: unknown[]; minimum?: number; maximum?: number; minLength?: number; maxLength?: number; format?: string };
  const out: unknown[] = [];
  switch (typeOf(schema)) {
    case 'string':
      out.push(42, true, null, [], {}, ['a']);
      if (s.minLength) out.push('');
      if (s.maxLength) out.push('y'.repeat(s.maxLength + 1));
      if (s.enum) out.push('NOT_ONE_OF_THEM', String(s.enum[0]).toLowerCase());
      if (s.format === 'email') out.push('not-an-email', 'a@', '@b.c', 'a b@c.d');
      break;
    case 'integer':
    case 'number':
      out.push('1', '', null, true, [], {}, 'NaN', 'Infinity');
      if (typeOf(schema) === 'integer') out.push(1.5, 0.1);
      if (s.minimum !== undefined) out.push(s.minimum - 1, -1e9);
      if (s.maximum !== undefined) out.push(s.maximum + 1, 1e20);
      break;
    case 'boolean':
      out.push('true', 1, 0, null, []);
      break;
    case 'array':
      out.push('[]', {}, 7, null);
      break;
    case 'object':
      out.push('{}', [], 3, null, true);
      break;
  }
  return out;
}

/** A valid body, broken one way: a required field missing, a field of the wrong kind, or a random value. */
export function invalidBodies(schema: TSchema, valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const props = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
  const required = (schema as { required?: string[] }).required ?? [];
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom(...NASTY), fc.jsonValue({ maxDepth: 4 })];
  if (required.length) {
    options.push(fc.constantFrom(...required).map((key) => {
      const body = { ...valid };
      delete body[key];
      return body;
    }));
  }
  const breakable = Object.entries(props).filter(([, p]) => wrongValuesFor(p).length > 0);
  if (breakable.length) {
    options.push(
      fc.constantFrom(...breakable).chain(([key, prop]) => fc.constantFrom(...wrongValuesFor(prop)).map((bad) => ({ ...valid, [key]: bad }))),
    );
  }
  return fc.oneof(...options);
}
