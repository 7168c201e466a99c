import { useId } from 'react';
import { useT } from '../../app/shell/hooks.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';

/** What to do with the licence key and file on the self-hosted server, and where the guide is. */
export function LicenceHelp({ licenceKey }: { licenceKey?: string }) {
  const { t } = useT('account');
  const id = useId();
  return (
    <section className="card profile-card licence-help" data-testid="licence-help" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.licenceHelpTitle')}</h2>
      <p>{t('account.licenceHelp.key')}</p>
      <pre>
        <code>{`sudo relaycast activate --licence ${licenceKey ?? 'YOUR-LICENCE-KEY'}`}</code>
      </pre>
      <p>{t('account.licenceHelp.file')}</p>
      <pre>
        <code>{'/etc/relaycast/licence.lic\nsudo systemctl restart relaycast'}</code>
      </pre>
      <p className="muted">{t('account.licenceHelp.renewals')}</p>
      <p>
        <AppLink to="/linux-self-hosted-solution-installation-guide#install">{t('account.licenceHelpLink')}</AppLink>
      </p>
    </section>
  );
}
