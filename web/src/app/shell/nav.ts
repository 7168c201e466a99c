import { ENGINE_DOC_PRODUCTS, PRODUCT_SLUGS } from '@relaycast/contracts/constants';

/** A link of the main menu or the footer; `label` is a key in the common namespace. */
export interface NavLinkItem {
  to: string;
  label: string;
  hint?: string;
}
export interface NavGroup {
  key: 'products' | 'developers' | 'selfHosted' | 'company';
  items: NavLinkItem[];
}
export type MainMenuEntry = NavGroup | { key: 'pricing'; to: string };

export const PRODUCT_LINKS: NavLinkItem[] = PRODUCT_SLUGS.map((slug) => ({
  to: `/products/${slug}`,
  label: `products.${slug}.name`,
  hint: `products.${slug}.short`,
}));

export const DOCS_LINKS: NavLinkItem[] = [
  { to: '/api-docs', label: 'pages.api-docs' },
  ...ENGINE_DOC_PRODUCTS.map((p) => ({ to: `/api-docs/${p}-engine-documentation`, label: `pages.docs-${p}` })),
  { to: '/api-docs/video-players', label: 'pages.docs-video-players' },
  { to: '/api-docs/video-conferencing-api', label: 'pages.docs-video-conferencing-api' },
  { to: '/api-docs/restreaming-multiplexing-transcoding', label: 'pages.docs-restreaming' },
];

export const TUTORIAL_LINKS: NavLinkItem[] = [
  { to: '/how-to-use', label: 'pages.how-to-use' },
  { to: '/how-to-start-srt-streaming-in-obs-studio', label: 'pages.tutorial-srt-obs-start' },
  { to: '/how-to-receive-srt-stream-in-obs-studio', label: 'pages.tutorial-srt-obs-receive' },
  { to: '/obs-multiple-streams', label: 'pages.tutorial-obs-multiple-streams' },
];

export const SELF_HOSTED_LINKS: NavLinkItem[] = [
  { to: '/self-hosted-streaming-solution', label: 'pages.self-hosted' },
  { to: '/linux-self-hosted-solution-installation-guide', label: 'pages.linux-install' },
];

export const COMPANY_LINKS: NavLinkItem[] = [
  { to: '/about', label: 'pages.about' },
  { to: '/news', label: 'pages.news' },
  { to: '/faq', label: 'pages.faq' },
  { to: '/pay-per-view', label: 'pages.pay-per-view' },
];

export const MAIN_MENU: MainMenuEntry[] = [
  { key: 'products', items: PRODUCT_LINKS },
  { key: 'pricing', to: '/pricing' },
  { key: 'developers', items: [...DOCS_LINKS, ...TUTORIAL_LINKS] },
  { key: 'selfHosted', items: SELF_HOSTED_LINKS },
  { key: 'company', items: COMPANY_LINKS },
];
