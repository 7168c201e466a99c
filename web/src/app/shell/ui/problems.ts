/**
 * Server refusals in the reader's language. The API answers `{ code, message, details: [{ field, rule, params }] }`;
 * its `message` is English for API clients. People read the rule and its parameters worded here, with the field's
 * label — never a JSON path, an enum value or an English sentence on a Russian page.
 */

export interface Problem {
  field: string;
  message?: string;
  rule?: string;
  params?: Record<string, string | number>;
}

/** What a failed call carries for wording: its code and the field problems, when the server named fields. */
export interface Reason {
  code: string;
  problems?: Problem[];
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && typeof (value as Problem).field === 'string';
}

/** The field problems of an API error's `details` (anything else is ignored). */
export function problemsOf(details: unknown): Problem[] {
  return Array.isArray(details) ? details.filter(isProblem) : [];
}

/** The reason of a failed call's error (`{ code, details }` as the API base query gives it), for wording. */
export function reasonOf(error: unknown): Reason {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; details?: unknown };
  return { code: typeof e.code === 'string' ? e.code : 'default', problems: problemsOf(e.details) };
}

/** The field a path ends in: "template[1].property_i18n" → "property_i18n"; "modules[0]" → "modules". */
export function fieldKey(path: string): string {
  const names = path.match(/[A-Za-z_$][\w$-]*/g);
  return names?.[names.length - 1] ?? 'body';
}

/** A problem's rule in words, without the field: "is already registered". */
export function ruleText(problem: Problem, t: Translate): string {
  return t(`common:errors.rules.${problem.rule ?? 'invalid'}`, { ...problem.params, defaultValue: t('common:errors.rules.invalid') });
}

/** One problem in words with its field's label: "Email is already registered" / "Электронная почта: уже зарегистрирована". */
export function problemText(problem: Problem, t: Translate): string {
  const field = t(`common:errors.fields.${fieldKey(problem.field)}`, { defaultValue: t('common:errors.fields.default') });
  return t('common:errors.problem', { field, reason: ruleText(problem, t), interpolation: { escapeValue: false } });
}

/** A refusal in words: its first field problem (and how many more), or what its code means. */
export function reasonText(reason: Reason, t: Translate): string {
  const [first, ...rest] = reason.problems ?? [];
  if (first) return rest.length ? `${problemText(first, t)} ${t('common:errors.more', { count: rest.length })}` : problemText(first, t);
  return t(`common:errors.codes.${reason.code}`, { defaultValue: t('common:errors.codes.default') });
}

/** Inline errors of a form: each field's first problem, worded, keyed by the field's name. */
export function fieldErrors(problems: readonly Problem[], t: Translate): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of problems) {
    const key = fieldKey(p.field);
    // With the field's label, so that it reads as a sentence under the field (and in a screen reader's description).
    out[key] ??= problemText(p, t);
  }
  return out;
}

/** Each path's first problem, keyed by its whole path ("template[1].property_i18n"), for forms with repeated rows. */
export function problemsByPath(problems: readonly Problem[]): Record<string, Problem> {
  const out: Record<string, Problem> = {};
  for (const p of problems) out[p.field] ??= p;
  return out;
}

/** A problem worded with the label the form shows for its field: "Name must not be empty" under the element's name. */
export function problemTextAs(problem: Problem, label: string, t: Translate): string {
  return t('common:errors.problem', { field: label, reason: ruleText(problem, t), interpolation: { escapeValue: false } });
}
