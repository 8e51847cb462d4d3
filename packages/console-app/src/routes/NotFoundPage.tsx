import { Link, useLocation } from 'react-router-dom';
import { LANDING_PATH } from '@staff/console-contract';
import { useDocumentTitle } from '@staff/console-ui';
import { Muted, Page } from '../pages/PageLayout.js';
import { AllowedPagesLinks } from './AllowedPagesLinks.js';
import { useConsoleContext } from './consoleContext.js';

export const NOT_FOUND_TITLE = 'Page not found';

/** Any `/app/...` path that is not in the route table. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const { permissions } = useConsoleContext();
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <Page title={NOT_FOUND_TITLE} data-page="not-found">
      <Muted>
        There is no page at <code>{pathname}</code>. Check the address, or go to{' '}
        <Link to={LANDING_PATH}>Usage Statistics</Link>.
      </Muted>
      <AllowedPagesLinks permissions={permissions} />
    </Page>
  );
}
