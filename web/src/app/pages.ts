import type { PageRoute } from './shell/pageTypes.js';
import { INVOICES_PATH, PROFILE_PATH, SUBSCRIPTIONS_PATH } from './shell/accountPaths.js';
import { ADMIN_VIEWS, adminPath } from '../features/admin/access.js';
import {
  BUY_LICENCE_PATH,
  CONFERENCE_ROOM_PATH,
  ENGINE_DOC_PRODUCTS,
  PRODUCT_SLUGS,
  SIGN_IN_PATH,
  VOD_GROUP_PLAYER_PATH,
} from '@relaycast/contracts/constants';

export type { PageLayout, PageModule, PageProps, PageRoute } from './shell/pageTypes.js';

type PageInit = Omit<PageRoute, 'prerender' | 'layout' | 'params'> & Partial<Pick<PageRoute, 'prerender' | 'layout' | 'params'>>;
function page(init: PageInit): PageRoute {
  return { prerender: true, layout: 'site', params: {}, ...init };
}

const home = () => import('../features/home/HomePage.js');
const article = () => import('../features/content/ArticlePage.js');
const news = () => import('../features/content/NewsPage.js');
const about = () => import('../features/content/AboutPage.js');
const selfHosted = () => import('./composed/SelfHostedPage.js');
const docsIndex = () => import('../features/content/docs/DocsIndexPage.js');
const docs = () => import('../features/content/docs/DocsPage.js');
const product = () => import('./composed/ProductPage.js');
const videoApi = () => import('./composed/VideoApiPage.js');
const pricing = () => import('../features/pricing/PricingPage.js');
const signIn = () => import('../features/auth/SignInPage.js');
const vodPlayer = () => import('../features/embeds/VodGroupPlayerPage.js');
const conference = () => import('../features/embeds/ConferenceRoomPage.js');
const buyLicence = () => import('./composed/BuyLicencePage.js');
const profile = () => import('../features/account/ProfilePage.js');
const mySubscriptions = () => import('../features/account/SubscriptionsPage.js');
const invoices = () => import('../features/account/InvoicesPage.js');
const payDue = () => import('../features/checkout/PayDuePage.js');
const resetPassword = () => import('../features/auth/ResetPasswordPage.js');
const forgotPassword = () => import('../features/auth/ForgotPasswordPage.js');
const admin = () => import('./composed/AdminPage.js');

const ARTICLE = 'src/features/content/ArticlePage.tsx';
const DOCS = 'src/features/content/docs/DocsPage.tsx';

function articlePage(id: string, path: string, ns: string, kind: 'page' | 'tutorial'): PageRoute {
  return page({ id, path, ns: [ns], module: ARTICLE, load: article, params: { kind } });
}
function docsPage(id: string, path: string, ns: string): PageRoute {
  return page({ id, path, ns: [ns], module: DOCS, load: docs, params: { docId: id } });
}

/** Every public route of the seed's section 2 (prerendered), in menu order. */
export const PUBLIC_PAGES: readonly PageRoute[] = [
  page({ id: 'home', path: '/', ns: ['home'], module: 'src/features/home/HomePage.tsx', load: home }),
  ...PRODUCT_SLUGS.map((slug) =>
    page({
      id: `product-${slug}`,
      path: `/products/${slug}`,
      ns: [`product-${slug}`, 'pricing'],
      module: slug === 'video-api' ? 'src/app/composed/VideoApiPage.tsx' : 'src/app/composed/ProductPage.tsx',
      load: slug === 'video-api' ? videoApi : product,
      params: { slug },
    }),
  ),
  page({ id: 'pricing', path: '/pricing', ns: ['pricing'], module: 'src/features/pricing/PricingPage.tsx', load: pricing }),
  page({ id: 'news', path: '/news', ns: ['page-news'], module: 'src/features/content/NewsPage.tsx', load: news }),
  page({ id: 'about', path: '/about', ns: ['page-about'], module: 'src/features/content/AboutPage.tsx', load: about }),
  articlePage('faq', '/faq', 'page-faq', 'page'),
  articlePage('how-to-use', '/how-to-use', 'page-how-to-use', 'page'),
  articlePage('pay-per-view', '/pay-per-view', 'page-pay-per-view', 'page'),
  articlePage('privacy', '/privacy', 'page-privacy', 'page'),
  articlePage('terms', '/terms', 'page-terms', 'page'),
  page({ id: 'api-docs', path: '/api-docs', ns: ['docs-index'], module: 'src/features/content/docs/DocsIndexPage.tsx', load: docsIndex }),
  ...ENGINE_DOC_PRODUCTS.map((product) =>
    docsPage(`docs-${product}`, `/api-docs/${product}-engine-documentation`, `docs-${product}`),
  ),
  docsPage('docs-video-players', '/api-docs/video-players', 'docs-video-players'),
  docsPage('docs-video-conferencing-api', '/api-docs/video-conferencing-api', 'docs-video-conferencing-api'),
  docsPage('docs-restreaming', '/api-docs/restreaming-multiplexing-transcoding', 'docs-restreaming'),
  articlePage('tutorial-srt-obs-start', '/how-to-start-srt-streaming-in-obs-studio', 'tutorial-srt-obs-start', 'tutorial'),
  articlePage('tutorial-srt-obs-receive', '/how-to-receive-srt-stream-in-obs-studio', 'tutorial-srt-obs-receive', 'tutorial'),
  articlePage('tutorial-obs-multiple-streams', '/obs-multiple-streams', 'tutorial-obs-multiple-streams', 'tutorial'),
  page({
    id: 'self-hosted',
    path: '/self-hosted-streaming-solution',
    ns: ['page-self-hosted', 'pricing'],
    module: 'src/app/composed/SelfHostedPage.tsx',
    load: selfHosted,
  }),
  articlePage('linux-install', '/linux-self-hosted-solution-installation-guide', 'page-linux-install', 'tutorial'),
];

/** The purchase page and the account and admin area (features/checkout, features/account, features/admin). */
export const ACCOUNT_PAGES: readonly PageRoute[] = [
  page({ id: 'buy-licence', path: BUY_LICENCE_PATH, ns: ['account', 'pricing'], module: 'src/app/composed/BuyLicencePage.tsx', load: buyLicence, prerender: false }),
  // The signed-in user's own account: names, language, password, sign out everywhere (features/account).
  page({ id: 'profile', path: PROFILE_PATH, ns: ['account'], module: 'src/features/account/ProfilePage.tsx', load: profile, prerender: false }),
  // The signed-in user's own subscriptions (the same list as a customer's /admin/subscriptions/list, in the account's
  // frame), and their invoices and credit notes with the billing details (features/account).
  page({ id: 'my-subscriptions', path: SUBSCRIPTIONS_PATH, ns: ['account'], module: 'src/features/account/SubscriptionsPage.tsx', load: mySubscriptions, prerender: false }),
  page({ id: 'invoices', path: INVOICES_PATH, ns: ['account'], module: 'src/features/account/InvoicesPage.tsx', load: invoices, prerender: false }),
  // The pay-now link of the "payment needed" e-mails: sign-in, then the purchase page of what is due.
  page({ id: 'pay-due', path: '/user/pay/:id', ns: ['auth'], module: 'src/features/checkout/PayDuePage.tsx', load: payDue, prerender: false }),
  // The admin area (the home at /admin, the seed's admin routes of §2, the files, the finance area): one lazily loaded
  // admin page, each route a view of it (params.view). The finance area's texts are a namespace of their own.
  ...ADMIN_VIEWS.map((view) =>
    page({
      id: `admin-${view.replace('/', '-')}`,
      path: adminPath(view),
      ns: view.startsWith('finance') ? ['admin', 'account', 'finance'] : ['admin', 'account'],
      module: 'src/app/composed/AdminPage.tsx',
      load: admin,
      prerender: false,
      params: { view },
    }),
  ),
];

/**
 * Routes rendered in the browser only (served by spa.html). Account and admin features add their lazy routes
 * here, e.g. { id: 'admin', path: '/admin/*', module: 'src/features/admin/AdminRoutes.tsx', load: ... }, without
 * touching the public pages.
 */
export const CLIENT_PAGES: readonly PageRoute[] = [
  page({ id: 'sign-in', path: SIGN_IN_PATH, ns: ['auth', 'pricing'], module: 'src/features/auth/SignInPage.tsx', load: signIn, prerender: false }),
  // The password-reset e-mail's link: a new password (features/auth).
  page({ id: 'reset-password', path: '/auth/reset-password', ns: ['auth'], module: 'src/features/auth/ResetPasswordPage.tsx', load: resetPassword, prerender: false }),
  // "Forgot password?" on the sign-in form: an address, a reset link e-mailed to it (features/auth).
  page({ id: 'forgot-password', path: '/auth/forgot-password', ns: ['auth'], module: 'src/features/auth/ForgotPasswordPage.tsx', load: forgotPassword, prerender: false }),
  page({
    id: 'vod-group-player',
    path: `${VOD_GROUP_PLAYER_PATH}/:id`,
    ns: ['embed-player'],
    module: 'src/features/embeds/VodGroupPlayerPage.tsx',
    load: vodPlayer,
    prerender: false,
    layout: 'bare',
  }),
  page({
    id: 'conference-room',
    path: `${CONFERENCE_ROOM_PATH}/:id`,
    ns: ['embed-conference'],
    module: 'src/features/embeds/ConferenceRoomPage.tsx',
    load: conference,
    prerender: false,
    layout: 'bare',
  }),
  ...ACCOUNT_PAGES,
];

export const NOT_FOUND_PAGE: PageRoute = page({
  id: 'not-found',
  path: '*',
  ns: [],
  module: 'src/features/content/NotFoundPage.tsx',
  load: () => import('../features/content/NotFoundPage.js'),
});

/** Every route of the app (the public pages' islands have none: they never load the route table). */
export const ALL_PAGES: readonly PageRoute[] = [...PUBLIC_PAGES, ...CLIENT_PAGES];

/** Path prefixes whose pages exist only in the browser: the server answers them with spa.html. */
export const SPA_PATH_PREFIXES = ['/auth/', '/user/', '/admin/', `${VOD_GROUP_PLAYER_PATH}/`, `${CONFERENCE_ROOM_PATH}/`] as const;
