import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@staff/console-ui';
import type { LogisticsApi } from '../../api/logistics.js';
import { ApiError } from '../../api/apiError.js';
import { Muted, Stack } from './ui.js';
import { useTextsOf } from '../../i18n.js';
import { LOGISTICS_TEXTS } from './texts.js';

/** The packing labels PDF of the selected packages, shown in the dialog and offered as a download. */
export function LabelsDialog({
  api,
  ids,
  onClose,
}: {
  api: LogisticsApi;
  ids: string[];
  onClose: () => void;
}) {
  const t = useTextsOf(LOGISTICS_TEXTS).labels;
  const { notMade } = t;
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The same selection keeps its PDF (a new array of the same ids is no reason to make it again).
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    api.labels(key.split(',')).then(
      (blob) => {
        made = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        if (live) setUrl(made);
        else URL.revokeObjectURL(made);
      },
      (caught: unknown) => {
        if (live) setError(ApiError.from(caught).message || notMade);
      },
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, key, notMade]);
  return (
    <ConfirmDialog
      open
      title={t.title(ids.length)}
      confirmLabel={t.done}
      error={error}
      onConfirm={onClose}
      onCancel={onClose}
    >
      <Stack>
        {url ? (
          <>
            <iframe title={t.pdf} src={url} style={{ width: '100%', height: '55vh', border: 0 }} />
            <a href={url} download="packing-labels.pdf">
              {t.download}
            </a>
          </>
        ) : error ? null : (
          <Muted role="status">{t.making}</Muted>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
