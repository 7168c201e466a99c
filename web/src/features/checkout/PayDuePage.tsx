import { Navigate, useParams } from 'react-router';
import { BUY_LICENCE_PATH, SIGN_IN_PATH } from '@relaycast/contracts/constants';
import type { PageProps } from '../../app/shell/pageTypes.js';
import { useLang } from '../../app/shell/hooks.js';
import { localizePath } from '../../app/shell/lang.js';
import { useGetUserQuery } from '../../app/shell/sessionApi.js';
import { PageLoading } from '../../app/shell/layout/PageLoading.js';

/**
 * /user/pay/:id — the pay-now link of the "payment needed" e-mails: after sign-in (the sign-in page brings the
 * visitor back here), the purchase page of that subscription, which offers the payment of exactly what is due.
 */
export default function PayDuePage(_props: PageProps) {
  const { id = '' } = useParams();
  const lang = useLang();
  const { data: user, isLoading } = useGetUserQuery();
  if (isLoading) return <PageLoading />;
  if (!user) {
    const back = `${localizePath(`/user/pay/${encodeURIComponent(id)}`, lang)}`;
    return <Navigate to={`${localizePath(SIGN_IN_PATH, lang)}?returnTo=${encodeURIComponent(back)}`} replace />;
  }
  return <Navigate to={`${localizePath(BUY_LICENCE_PATH, lang)}?subscription=${encodeURIComponent(id)}`} replace />;
}
