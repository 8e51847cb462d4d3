import { Link, useLocation } from 'react-router-dom';
import { LANDING_PATH, findRoute } from '@staff/console-contract';
import { useTextsOf } from '../i18n.js';
import { SHELL_TEXTS } from './texts.js';

/** The landing page's title, the spec's in both languages. */
const LANDING_TITLE = findRoute(LANDING_PATH)?.title ?? 'Usage Statistics';
import { useDocumentTitle } from '@staff/console-ui';
import { Muted, Page } from '../pages/PageLayout.js';
import { AllowedPagesLinks } from './AllowedPagesLinks.js';
import { useConsoleContext } from './consoleContext.js';

/** Any `/app/...` path that is not in the route table. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const { permissions } = useConsoleContext();
  const texts = useTextsOf(SHELL_TEXTS).notFound;
  useDocumentTitle(texts.title);
  return (
    <Page title={texts.title} data-page="not-found">
      <Muted>
        {texts.noPageAt} <code>{pathname}</code>
        {texts.checkAddress} <Link to={LANDING_PATH}>{LANDING_TITLE}</Link>.
      </Muted>
      <AllowedPagesLinks permissions={permissions} />
    </Page>
  );
}
