import type { SessionUser } from '../../app/shell/sessionApi.js';

/** What each admin view receives from the admin page (a leaf module: views never import the page that loads them). */
export interface ViewProps {
  user: SessionUser;
}
