import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES, adCampaigns, canWrite, toPermissionMap } from '@staff/console-contract';
import { formatNumber, useNotifications } from '@staff/console-ui';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import type { PageProps } from '../types.js';
import ResourcePage, { type ResourceListExtensions } from '../resources/ResourcePage.js';
import type { LoadedList } from '../resources/loadList.js';
import { Button } from '../resources/ui.js';
import { AdsManagerImportDialog } from './AdsManagerImportDialog.js';
import { MetaPullPanel } from './MetaPullPanel.js';
import { useTextsOf } from '../../i18n.js';
import { INTAKE_TEXTS } from './texts.js';

/** The read-only lists kept from the Ads Manager data, filterable by campaign. */
const DATA_LISTS = ROUTES.filter((route) => route.id === 'ad-sets' || route.id === 'ads');

/**
 * Master Ad Campaign: the campaigns list plus "Import from Ads Manager" (the upload of daily ad insights), for
 * those who may write campaigns — the same key `POST /api/ad-insights/import` checks — and "Pull from Meta" (the
 * Marketing API pull's accounts and runs; readers see the runs).
 */
export default function AdCampaignsPage(props: PageProps<LoadedList>) {
  const services = useServices();
  const { notify } = useNotifications();
  const texts = useTextsOf(INTAKE_TEXTS);
  const { permissions } = useConsoleContext();
  const writable = canWrite(toPermissionMap(permissions), adCampaigns.permissionKey);
  const [open, setOpen] = useState<{ reload: () => void } | null>(null);
  const [pullOpen, setPullOpen] = useState(false);

  const extensions: ResourceListExtensions = {
    toolbar: (reload) => (
      <>
        {DATA_LISTS.map((route) => (
          <Link key={route.id} to={route.path}>
            {route.title}
          </Link>
        ))}
        {writable ? (
          <Button type="button" onClick={() => setOpen({ reload })}>
            {texts.importButton}
          </Button>
        ) : null}
        <Button
          type="button"
          aria-expanded={pullOpen}
          aria-controls="meta-pull-panel"
          onClick={() => setPullOpen((current) => !current)}
        >
          {texts.pullButton}
        </Button>
      </>
    ),
  };
  return (
    <>
      {pullOpen ? (
        <div id="meta-pull-panel">
          <MetaPullPanel writable={writable} />
        </div>
      ) : null}
      <ResourcePage {...props} extensions={extensions} />
      {open ? (
        <AdsManagerImportDialog
          api={services.api}
          onClose={() => setOpen(null)}
          onImported={(result) => {
            notify({
              type: 'success',
              message:
                texts.imported(
                  formatNumber(result.inserted),
                  formatNumber(result.updated),
                  formatNumber(result.unchanged),
                ) +
                // New campaigns from Meta wait for staff to link their product (origin filter).
                (result.campaigns > 0 ? texts.campaignsFromMeta(formatNumber(result.campaigns)) : ''),
            });
            open.reload();
          }}
        />
      ) : null}
    </>
  );
}
