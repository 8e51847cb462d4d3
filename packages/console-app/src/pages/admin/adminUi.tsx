import { useMemo, useState, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { t } from '@staff/console-ui';
import { PageButton, Panel as BasePanel, toolbarCss } from '../common/styles.js';
import { useServices } from '../../services.js';
import { useTextsOf } from '../../i18n.js';
import { createAdminApi, toAdminError, type AdminApi, type AdminError } from './adminApi.js';
import type { EndpointData } from '../useEndpoint.js';
import { ADMIN_TEXTS } from './texts.js';

export function useAdminApi(): AdminApi {
  const { api } = useServices();
  return useMemo(() => createAdminApi(api), [api]);
}

export type LoadState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: AdminError };

/**
 * A `useEndpoint` load as the admin pages show it: a failure as an AdminError (the pages' own words when the server
 * said nothing itself). The data stays while it reloads.
 * @example
 * const { state, reload } = adminLoad(useEndpoint(adminEndpoints.matrix, {}));
 */
export function adminLoad<T>({ state, reload }: EndpointData<T>): {
  state: LoadState<T>;
  reload: () => void;
} {
  return {
    state: state.status === 'error' ? { status: 'error', error: toAdminError(state.error) } : state,
    reload,
  };
}

export const Button = PageButton;

export const Panel = styled(BasePanel)`
  h3 {
    margin: 0;
    font-size: ${t.fontSizeLg};
  }
`;

export const Row = styled.div`
  ${toolbarCss}
`;

const Box = styled.div`
  display: flex;
  gap: ${t.space3};
  align-items: center;
  flex-wrap: wrap;
  padding: ${t.space3} ${t.space4};
  border-radius: ${t.radiusMd};
  &[data-tone='danger'] {
    background: ${t.colorDangerSoft};
    color: ${t.colorDanger};
  }
  &[data-tone='warning'] {
    background: ${t.colorWarningSoft};
    color: ${t.colorText};
  }
  &[data-tone='success'] {
    background: ${t.colorSuccessSoft};
    color: ${t.colorText};
  }
`;

export function ErrorBox({
  error,
  onRetry,
  what,
}: {
  error: AdminError;
  onRetry?: () => void;
  what: string;
}) {
  const texts = useTextsOf(ADMIN_TEXTS);
  const detail = error.status === 403 ? texts.noPermissionForThis : error.message;
  return (
    <Box role="alert" data-tone="danger">
      <span>{texts.couldNotLoad(what, detail)}</span>
      {onRetry ? (
        <Button type="button" onClick={onRetry}>
          {texts.tryAgain}
        </Button>
      ) : null}
    </Box>
  );
}

export function Notice({
  tone,
  children,
  label,
}: {
  tone: 'warning' | 'success' | 'danger';
  children: ReactNode;
  label?: string;
}) {
  return (
    <Box role={tone === 'danger' ? 'alert' : 'status'} data-tone={tone} aria-label={label}>
      {children}
    </Box>
  );
}

/** A one-time secret (generated password) with a copy button; the caller drops it once dismissed. */
export function OneTimeSecret({
  label,
  value,
  onDismiss,
}: {
  label: string;
  value: string;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const texts = useTextsOf(ADMIN_TEXTS).secret;
  return (
    <Notice tone="warning" label={label}>
      <span>
        {label}: <code data-testid="one-time-secret">{value}</code>. {texts.shownOnce}
      </span>
      <Button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? texts.copied : texts.copy}
      </Button>
      <Button type="button" onClick={onDismiss}>
        {texts.done}
      </Button>
    </Notice>
  );
}

const dateTime = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Jakarta',
});
/** A moment in id-ID and Asia/Jakarta whatever the language; `never` stands for a missing one. */
export const formatWhen = (value: string | null, never = '-') =>
  value ? dateTime.format(new Date(value)) : never;
