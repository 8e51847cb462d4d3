import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { styled } from 'styled-components';
import {
  type CreativePreview as Preview,
  canWrite,
  creativePreviewsEndpoints,
  masterAdCreatives,
  toPermissionMap,
  translateMessage,
} from '@staff/console-contract';
import {
  CreativePreview,
  CreativeThumbnail,
  type DataTableColumn,
  type ResourceRow,
  formatDateTime,
  t,
  useNotifications,
} from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { useLanguage, useTextsOf } from '../../i18n.js';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import type { PageProps } from '../types.js';
import { useEndpoint } from '../useEndpoint.js';
import ResourcePage, { type ResourceListExtensions } from '../resources/ResourcePage.js';
import type { LoadedList } from '../resources/loadList.js';
import { Button, Notice } from '../resources/ui.js';
import { PreviewStore } from './previewStore.js';
import { CREATIVE_TEXTS } from './texts.js';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const nameOf = (row: ResourceRow) => text(row.name) ?? String(row.id);

/**
 * Master Ad Creative (issue #32): the list with a picture of each creative first, and in the record panel its
 * preview (the image, or the video's poster) with "Refresh from Meta" for those who may write creatives.
 */
export default function MasterAdCreativesPage(props: PageProps<LoadedList>) {
  const { call } = useServices();
  const texts = useTextsOf(CREATIVE_TEXTS);
  const { permissions } = useConsoleContext();
  const writable = canWrite(toPermissionMap(permissions), masterAdCreatives.permissionKey);
  const store = useMemo(
    () =>
      new PreviewStore(
        async (ids) => (await call(creativePreviewsEndpoints.list, { query: { ids: ids.join(',') } })).data,
      ),
    [call],
  );
  const columns = useCallback(
    (fromFields: DataTableColumn[]): DataTableColumn[] => [
      {
        id: 'preview',
        header: texts.column,
        width: '4rem',
        hideable: false,
        sortable: false,
        cell: (row) => <ThumbnailCell store={store} row={row} />,
      },
      ...fromFields,
    ],
    [store, texts.column],
  );
  const extensions = useMemo<ResourceListExtensions>(
    () => ({
      columns,
      panel: (row) => (
        <PreviewSection
          key={PreviewStore.key(row.id, row.version)}
          row={row}
          store={store}
          writable={writable}
        />
      ),
    }),
    [columns, store, writable],
  );
  return <ResourcePage {...props} extensions={extensions} />;
}

/** A row's picture: the server's answer (the record's URLs, else Meta's), the row's own URLs if that failed. */
function ThumbnailCell({ store, row }: { store: PreviewStore; row: ResourceRow }) {
  const key = PreviewStore.key(row.id, row.version);
  useEffect(() => store.want(key), [store, key]);
  const preview = useSyncExternalStore(store.subscribe, () => store.get(key));
  if (preview === 'failed') {
    const own = text(row.thumbnail_url) ?? text(row.image_url);
    return <CreativeThumbnail src={own} name={nameOf(row)} kind={own ? 'image' : 'none'} />;
  }
  return (
    <CreativeThumbnail
      src={preview?.thumbnail_url}
      name={nameOf(row)}
      kind={preview?.kind ?? 'none'}
      loading={preview === undefined}
    />
  );
}

/** The record panel's preview: the big picture, where it came from, and "Refresh from Meta". */
function PreviewSection({
  row,
  store,
  writable,
}: {
  row: ResourceRow;
  store: PreviewStore;
  writable: boolean;
}) {
  const { call } = useServices();
  const { notify } = useNotifications();
  const { language } = useLanguage();
  const texts = useTextsOf(CREATIVE_TEXTS);
  const id = String(row.id);
  const loaded = useEndpoint(creativePreviewsEndpoints.get, { params: { id } });
  const [refreshed, setRefreshed] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = refreshed ?? loaded.data;

  const refresh = async () => {
    setBusy(true);
    try {
      const answer = await call(creativePreviewsEndpoints.refresh, { params: { id } });
      setRefreshed(answer);
      store.set(PreviewStore.key(row.id, row.version), answer);
      notify({ type: 'success', message: texts.refreshed });
    } catch (error) {
      notify({ type: 'error', title: texts.refreshFailed, message: ApiError.from(error).message });
      // The failure is kept with the creative: show it.
      loaded.reload();
      setRefreshed(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section aria-labelledby="creative-preview-heading" data-creative-preview="">
      <h3 id="creative-preview-heading">{texts.heading}</h3>
      {loaded.error && !preview ? (
        <Notice role="alert">
          {texts.loadFailed(loaded.error.message)}{' '}
          <Button type="button" onClick={loaded.reload}>
            {texts.retry}
          </Button>
        </Notice>
      ) : (
        <CreativePreview
          src={preview?.preview_url}
          name={nameOf(row)}
          kind={preview?.kind ?? 'none'}
          loading={!preview}
        />
      )}
      {preview ? (
        <Facts>
          {!preview.creative_id ? <li>{texts.draft}</li> : null}
          {preview.source === 'record' ? <li>{texts.fromRecord}</li> : null}
          {preview.source === 'meta' ? <li>{texts.fromMeta}</li> : null}
          {preview.creative_id ? (
            <li>
              {preview.fetched_at ? texts.fetchedAt(formatDateTime(preview.fetched_at)) : texts.neverFetched}
            </li>
          ) : null}
          {preview.last_error ? (
            <li data-tone="warning">{texts.lastError(translateMessage(preview.last_error, language))}</li>
          ) : null}
        </Facts>
      ) : null}
      {writable && preview?.creative_id ? (
        <div>
          <Button type="button" onClick={() => void refresh()} disabled={busy} aria-busy={busy}>
            {busy ? texts.refreshing : texts.refresh}
          </Button>
        </div>
      ) : null}
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${t.space2};
  padding-top: ${t.space3};
  border-top: 1px solid ${t.colorBorder};
  h3 {
    margin: 0;
    font-size: ${t.fontSizeMd};
  }
`;

const Facts = styled.ul`
  margin: 0;
  padding-left: ${t.space4};
  font-size: ${t.fontSizeSm};
  color: ${t.colorTextMuted};
  [data-tone='warning'] {
    color: ${t.colorDanger};
  }
`;
