import { useT } from '../../app/shell/hooks.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';

export default function NotFoundPage() {
  const { t } = useT('common');
  return (
    <section className="container not-found">
      <p className="eyebrow">404</p>
      <h1>{t('notFound.meta.title')}</h1>
      <p className="lead">{t('notFound.text')}</p>
      <p className="actions">
        <AppLink className="btn btn-primary" to="/">
          {t('notFound.home')}
        </AppLink>
        <AppLink className="btn btn-ghost" to="/api-docs">
          {t('notFound.docs')}
        </AppLink>
      </p>
    </section>
  );
}
