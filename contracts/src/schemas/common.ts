import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from '../constants/ui.js';
import { MAX_UNIT_QUANTITY, MIN_UNIT_QUANTITY } from '../constants/subscription.js';

/** A literal union from a readonly list of strings: one enum keyword, so ajv's message lists the choices. */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** Identifiers we hand out (uuids) or receive from PayPal; bounded so a huge string never reaches a store. */
export const Id = Type.String({ minLength: 1, maxLength: 128, description: 'Identifier' });
/**
 * Text people read as a name: at least one visible character; no control characters (NUL, line breaks, tabs), no
 * bidirectional overrides or isolates (a name that reads differently than it is), no zero-width characters. Empty is
 * minLength's to report. A pattern, not a custom format, so the browser's build-time validators check it too.
 */
export const DISPLAY_NAME_PATTERN =
  '^(?:|(?=[\\s\\S]*[^\\s\\u200B-\\u200D\\u2060\\uFEFF])[^\\u0000-\\u001F\\u007F-\\u009F\\u200B-\\u200F\\u202A-\\u202E\\u2060\\u2066-\\u2069\\uFEFF]*)$';
export const Name = Type.String({ minLength: NAME_MIN_LENGTH, maxLength: NAME_MAX_LENGTH, pattern: DISPLAY_NAME_PATTERN });
/** Any valid address; top-level domains are not restricted (seed §5). */
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Quantity = Type.Integer({ minimum: MIN_UNIT_QUANTITY, maximum: MAX_UNIT_QUANTITY, description: 'Licence units' });
/** Money on the wire is an integer number of cents. */
export const Cents = Type.Integer({ minimum: 0, maximum: 1_000_000_000_00, description: 'US cents' });
export const IsoDateTime = Type.String({ format: 'date-time', maxLength: 40 });
export const ShortText = Type.String({ maxLength: 2000 });

/**
 * Paging, sorting and a text filter for list calls; every field optional so an empty body lists page 1. `sort` is one
 * of the list's own fields (`sortKeys`, dotted paths into its documents): anything else — `__proto__`, `constructor`,
 * a field the list does not show — is a 400 naming `sort`.
 */
export function listQuery<const K extends readonly string[]>(sortKeys: K) {
  return Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    sort: Type.Optional(StringEnum(sortKeys)),
    order: Type.Optional(StringEnum(['asc', 'desc'] as const)),
    search: Type.Optional(Type.String({ maxLength: 200 })),
  });
}

/** The fields each list sorts by (what its pages show). */
export const USER_SORT_KEYS = ['createdAt', 'updatedAt', 'givenName', 'familyName', 'email', 'role', 'strategy', 'lastSignInAt'] as const;
export const SUBSCRIPTION_SORT_KEYS = [
  'createdAt', 'updatedAt', 'name', 'status', 'subscription_type', 'infrastructure_type', 'plan.plan_id', 'customer.email', 'customer.name',
  'quantity', 'amount', 'amountDue', 'nextEvent.at', 'startDate', 'endDate', 'periodEnd', 'cancelAt',
] as const;
export const ENTRY_SORT_KEYS = ['createdAt', 'updatedAt', 'entry_type', 'category', 'url', 'locale', 'publishedAt'] as const;
export const FILE_SORT_KEYS = ['createdAt', 'updatedAt', 'originalName', 'mimeType', 'size'] as const;

export const FileListQuery = listQuery(FILE_SORT_KEYS);
export type FileListQuery = Static<typeof FileListQuery>;

/**
 * Forms whose extra fields the seed allows (or that the seed's web app sends whole records to): extra fields pass
 * validation but are bounded in count (and in size by the body limit), and the routes pass only declared fields to
 * commands, so none reaches state.
 */
export const OPEN_FORM = { additionalProperties: true, maxProperties: 64 } as const;

/** `{ id }`, the body of findOne and remove calls. */
export const IdBody = Type.Object({ id: Id }, OPEN_FORM);

/** Wraps a schema as the `{ data }` answer of the API. */
export function DataAnswer<T extends TSchema>(schema: T) {
  return Type.Object({ data: schema });
}
