import { BUILD_YEAR } from '../build.js';
import { useT } from '../hooks.js';
import { COMPANY_LINKS, DOCS_LINKS, PRODUCT_LINKS, SELF_HOSTED_LINKS, TUTORIAL_LINKS, type NavLinkItem } from '../nav.js';
import { AppLink } from '../ui/AppLink.js';
import { Logo } from '../ui/icons.js';
import { siteSettings } from '../siteSettings.js';

function Column({ title, links }: { title: string; links: NavLinkItem[] }) {
  const { t } = useT('common');
  return (
    <div className="footer-col">
      <h2>{title}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            <AppLink to={l.to}>{t(l.label)}</AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { t } = useT('common');
  const { contactEmail } = siteSettings();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <AppLink to="/" className="logo" aria-label={t('nav.home')}>
            <Logo />
            <span className="logo-text">Relaycast</span>
          </AppLink>
          <p>{t('footer.tagline')}</p>
          {contactEmail && (
            <p className="footer-contact" data-setting="contact-email">
              <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
            </p>
          )}
        </div>
        <Column title={t('footer.products')} links={[...PRODUCT_LINKS, { to: '/pricing', label: 'nav.pricing' }]} />
        <Column title={t('footer.developers')} links={DOCS_LINKS} />
        <Column title={t('footer.learn')} links={[...TUTORIAL_LINKS, ...SELF_HOSTED_LINKS]} />
        <Column title={t('footer.company')} links={COMPANY_LINKS} />
      </div>
      <div className="container footer-bottom">
        <p>{t('footer.copyright', { year: BUILD_YEAR })}</p>
        <p className="footer-legal">
          <AppLink to="/privacy">{t('pages.privacy')}</AppLink> · <AppLink to="/terms">{t('pages.terms')}</AppLink>
        </p>
        <p>{t('footer.offices')}</p>
      </div>
    </footer>
  );
}
