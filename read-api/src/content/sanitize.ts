/**
 * HTML of materials (the rich-text editor's EDITOR values), made safe on the server before it reaches a page: DOMPurify
 * in a jsdom window, loaded the first time a page needs it (most processes never do). Scripts, event handlers,
 * javascript: URLs, styles and forms are removed; what stays is text markup, links and images. So are the marks of a
 * public page's islands (web/src/features/ui/Island.tsx): HTML copied from the live site must not become a part the
 * browser hydrates.
 */
type Sanitize = (html: string) => string;
let loading: Promise<Sanitize> | null = null;

export function htmlSanitizer(): Promise<Sanitize> {
  loading ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
    return (html: string) => purify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style', 'data-island', 'data-island-id', 'data-props'] });
  })();
  return loading;
}
