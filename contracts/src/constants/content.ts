/** Content entries (seed §3): form templates and the materials filled in from them. */
export const ENTRY_TYPES = ['TEMPLATE', 'MATERIAL'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

export const FORM_CONTROL_KINDS = [
  'TEXT', 'FILE_UPLOAD', 'CHECKBOX', 'RADIO', 'SELECT', 'SELECT_OBJECT', 'TEXTAREA', 'EDITOR',
] as const;
export type FormControlKind = (typeof FORM_CONTROL_KINDS)[number];

export const DATA_TYPES = ['STRING', 'NUMBER', 'BOOLEAN', 'ARRAY', 'TEMPLATE', 'MATERIAL'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** Entry categories, keyed by a stable id, labelled as in the seed. */
export const ENTRY_CATEGORIES = {
  API_PAGE_CATEGORIES: 'API Page Categories',
  API_PAGES: 'API Pages',
  API_METHODS: 'API Methods',
  API_PROPERTIES: 'API Properties',
  API_RESPONSE_PROPERTIES: 'API Response Properties',
  MAIN_MENU_CATEGORIES: 'Main Menu Categories',
  MAIN_MENU_SUBCATEGORIES: 'Main Menu Subcategories',
  MAIN_MENU_PAGES: 'Main menu pages',
  TUTORIALS: 'Tutorials',
  ABOUT_PAGE: 'About Page',
  SELF_HOSTED_DESCRIPTION: 'Self-hosted description',
  SELF_HOSTED_PLAN: 'Self-hosted plan',
  SELF_HOSTED_MODULE: 'self-hosted-module',
} as const;
export type EntryCategory = keyof typeof ENTRY_CATEGORIES;
export const ENTRY_CATEGORY_IDS = Object.keys(ENTRY_CATEGORIES) as EntryCategory[];

/** Defaults of the default form template (seed §3). */
export const DEFAULT_TEMPLATE_NAME = 'Awesome template';
export const DEFAULT_ELEMENT_NAME = 'Awesome element';
export const DEFAULT_ELEMENT_VALUE = 'Awesome value';

/** Uploads accepted by /admin/files/upload. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MIME_TYPES = [
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'application/pdf', 'text/plain',
  'text/markdown', 'video/mp4', 'application/json',
] as const;
