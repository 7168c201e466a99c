import {
  DATA_TYPES,
  DEFAULT_ELEMENT_NAME,
  DEFAULT_ELEMENT_VALUE,
  DEFAULT_TEMPLATE_NAME,
  FORM_CONTROL_KINDS,
  type DataType,
  type FormControlKind,
} from '@relaycast/contracts/constants';

export interface OptionItem {
  label: string;
  value: string | number | boolean;
}
/** One property of a form template (seed §3). */
export interface TemplateProperty {
  property_i18n: string;
  defaultValue?: unknown;
  dataType: DataType;
  formEntityType: FormControlKind;
  property_option_items?: OptionItem[];
}
export type TemplatePart = TemplateProperty | TemplateProperty[];

/** The property every template starts with: its name. */
export const NAME_KEY = 'name';
/** A material's first part: the template it was filled in from. */
export const MATERIAL_TEMPLATE_KEY = 'template';

const options = (values: readonly string[]): OptionItem[] => values.map((v) => ({ label: v, value: v }));

/** The four properties of one element of the default template (seed §3). */
export function defaultElementProperties(): TemplateProperty[] {
  return [
    { property_i18n: 'name', defaultValue: DEFAULT_ELEMENT_NAME, dataType: 'STRING', formEntityType: 'TEXT' },
    { property_i18n: 'dataType', defaultValue: 'STRING', dataType: 'STRING', formEntityType: 'SELECT', property_option_items: options(DATA_TYPES) },
    { property_i18n: 'formEntityType', defaultValue: 'TEXT', dataType: 'STRING', formEntityType: 'SELECT', property_option_items: options(FORM_CONTROL_KINDS) },
    { property_i18n: 'defaultValue', defaultValue: DEFAULT_ELEMENT_VALUE, dataType: 'STRING', formEntityType: 'TEXT' },
  ];
}

/**
 * The default template (seed §3): a name property ('Awesome template') and a list of elements, each with a name
 * ('Awesome element'), a data type (select), a form entity type (select) and a default value ('Awesome value').
 * It is the form the template builder shows: the name, then one group of these four per element.
 */
export const DEFAULT_TEMPLATE: readonly TemplatePart[] = [
  { property_i18n: NAME_KEY, defaultValue: DEFAULT_TEMPLATE_NAME, dataType: 'STRING', formEntityType: 'TEXT' },
  defaultElementProperties(),
];

/** One element in the builder: the property of the template it becomes. */
export interface Element {
  name: string;
  dataType: DataType;
  formEntityType: FormControlKind;
  defaultValue: unknown;
  options: OptionItem[];
}
export interface BuilderState {
  name: string;
  elements: Element[];
}

/** Kinds whose choices are the property's option items. */
export const KINDS_WITH_OPTIONS: readonly FormControlKind[] = ['RADIO', 'SELECT', 'CHECKBOX'];

export function newElement(): Element {
  const [name, dataType, kind, value] = defaultElementProperties();
  return { name: String(name!.defaultValue), dataType: dataType!.defaultValue as DataType, formEntityType: kind!.defaultValue as FormControlKind, defaultValue: value!.defaultValue, options: [] };
}

export function newBuilder(): BuilderState {
  return { name: DEFAULT_TEMPLATE_NAME, elements: [newElement()] };
}

function isProperty(part: unknown): part is TemplateProperty {
  return typeof part === 'object' && part !== null && !Array.isArray(part) && typeof (part as TemplateProperty).property_i18n === 'string';
}

/** Every property of an entry's parts, in order (a part is a property or a group of them). */
export function flatProperties(parts: readonly unknown[]): TemplateProperty[] {
  const out: TemplateProperty[] = [];
  const visit = (p: unknown) => {
    if (Array.isArray(p)) p.forEach(visit);
    else if (isProperty(p)) out.push(p);
  };
  parts.forEach(visit);
  return out;
}

/**
 * A template entry as stored (seed §3, "a list of properties"): the name property first, then one property per
 * element — its key, default value, data type, form control kind and option items.
 */
export function templateParts(state: BuilderState): TemplateProperty[] {
  return [
    { property_i18n: NAME_KEY, defaultValue: state.name, dataType: 'STRING', formEntityType: 'TEXT' },
    ...state.elements.map((e) => ({
      property_i18n: e.name.trim(),
      defaultValue: coerceValue(e.defaultValue, e.dataType, e.formEntityType, e.options),
      dataType: e.dataType,
      formEntityType: e.formEntityType,
      ...(KINDS_WITH_OPTIONS.includes(e.formEntityType) && e.options.length ? { property_option_items: e.options } : {}),
    })),
  ];
}

/** The builder's state for a stored template. */
export function builderFromTemplate(parts: readonly unknown[]): BuilderState {
  const props = flatProperties(parts);
  const first = props[0];
  const hasName = first?.property_i18n === NAME_KEY;
  return {
    name: hasName ? String(first.defaultValue ?? '') : DEFAULT_TEMPLATE_NAME,
    elements: (hasName ? props.slice(1) : props).map((p) => ({
      name: p.property_i18n,
      dataType: p.dataType,
      formEntityType: p.formEntityType,
      defaultValue: p.defaultValue,
      options: p.property_option_items ?? [],
    })),
  };
}

/** The fields a material of this template fills in: every property but the name. */
export function templateFields(parts: readonly unknown[]): TemplateProperty[] {
  const props = flatProperties(parts);
  return props[0]?.property_i18n === NAME_KEY ? props.slice(1) : props;
}

/**
 * An element with a new name, data type, control kind or option items; its default value keeps the shape they
 * allow. A SELECT_OBJECT's value is an entry's _id of the type its data type names: switching to one, or between
 * TEMPLATE and MATERIAL, starts it empty.
 */
export function changeElement(element: Element, patch: Partial<Element>): Element {
  const next = { ...element, ...patch };
  if (!patch.dataType && !patch.formEntityType && !patch.options) return next;
  const entryKindChanged = next.formEntityType === 'SELECT_OBJECT' && (element.formEntityType !== 'SELECT_OBJECT' || element.dataType !== next.dataType);
  next.defaultValue = entryKindChanged ? '' : coerceValue(next.defaultValue, next.dataType, next.formEntityType, next.options);
  return next;
}

/** A download URL of an uploaded file (/files/<id>/<name>), the only value a FILE_UPLOAD control holds. */
export function isFileUrl(value: unknown): value is string {
  return typeof value === 'string' && /^\/files\/[^/]+\/[^/]+$/.test(value);
}

/**
 * A value in the shape its data type and control kind hold. A control with choices holds only values among its
 * option items, and a FILE_UPLOAD only an uploaded file's URL: anything else (the text default of an element whose
 * kind was just changed) would be stored while the control shows nothing chosen.
 */
export function coerceValue(value: unknown, dataType: DataType, kind: FormControlKind, options: readonly OptionItem[] = []): unknown {
  if (kind === 'FILE_UPLOAD') return isFileUrl(value) ? value : '';
  const isOption = (v: unknown) => options.some((o) => String(o.value) === String(v));
  const asArray = (): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [value]);
  if (kind === 'CHECKBOX' && options.length > 0) return asArray().filter(isOption);
  if ((kind === 'SELECT' || kind === 'RADIO') && !isOption(value)) value = '';
  switch (dataType) {
    case 'NUMBER': {
      if (value === '' || value === undefined || value === null) return null;
      const n = Number(value);
      return Number.isFinite(n) ? n : null;
    }
    case 'BOOLEAN':
      return value === true || value === 'true' || value === 1;
    case 'ARRAY':
      return asArray();
    default:
      if (kind === 'CHECKBOX') return value === true || value === 'true';
      return value === undefined || value === null ? '' : Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/**
 * A material as stored: its first part names the template it was filled in from (a SELECT_OBJECT of templates);
 * its second part is the template's fields with the values entered.
 */
export function materialParts(templateId: string, templateName: string, fields: readonly TemplateProperty[], values: Record<string, unknown>): TemplatePart[] {
  return [
    { property_i18n: MATERIAL_TEMPLATE_KEY, defaultValue: templateId, dataType: 'TEMPLATE', formEntityType: 'SELECT_OBJECT', property_option_items: [{ label: templateName, value: templateId }] },
    fields.map((f) => ({ ...f, defaultValue: coerceValue(values[f.property_i18n], f.dataType, f.formEntityType, f.property_option_items) })),
  ];
}

/** The values a stored material holds, by property key. */
export function materialValues(parts: readonly unknown[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const second = parts[1];
  for (const p of flatProperties(Array.isArray(second) ? second : parts.slice(1))) values[p.property_i18n] = p.defaultValue;
  return values;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** Text a person can read as a name: a checkbox's true or a number is no label (a material once listed as "true"). */
function words(value: unknown): string {
  return typeof value === 'string' ? text(value) : '';
}

/**
 * The text a SELECT_OBJECT shows for an entry (seed §3): a template's first property; a material's fourth property
 * of its second template part. When that is empty, the first text the entry has, then its id.
 */
export function entryLabel(entry: { _id: string; entry_type: string; template: readonly unknown[] }): string {
  let label = '';
  if (entry.entry_type === 'TEMPLATE') {
    label = words(flatProperties(entry.template.slice(0, 1))[0]?.defaultValue);
  } else {
    const second = entry.template[1];
    const props = Array.isArray(second) ? flatProperties(second) : [];
    label = words(props[3]?.defaultValue);
    if (!label) label = props.map((p) => words(p.defaultValue)).find(Boolean) ?? '';
  }
  return label || entry._id;
}
