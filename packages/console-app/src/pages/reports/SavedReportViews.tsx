import { useState, type FormEvent } from 'react';
import {
  reportsEndpoints,
  type ReportId,
  type ReportViewParams,
  type SavedReportView,
} from '@staff/console-contract';
import { ApiError } from '../../api/apiError.js';
import { useServices } from '../../services.js';
import { useEndpoint } from '../useEndpoint.js';
import { useTextsOf } from '../../i18n.js';
import { REPORT_TEXTS } from './texts.js';

interface SavedReportViewsProps {
  reportId: ReportId;
  /** The current view's address parameters (without a chart's day filter). */
  current: ReportViewParams;
  onApply: (params: ReportViewParams) => void;
}

const same = (a: ReportViewParams, b: ReportViewParams) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Saved views of a report, like the lists': pick one, save the current view under a name (shared or not), delete. */
export function SavedReportViews({ reportId, current, onApply }: SavedReportViewsProps) {
  const { call } = useServices();
  const texts = useTextsOf(REPORT_TEXTS).saved;
  const list = useEndpoint(reportsEndpoints.views, { params: { id: reportId } });
  const views = list.data?.views ?? [];
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  // A failed save or delete; a failed load is the list's own error.
  const [error, setError] = useState<string | null>(null);
  const shownError = error ?? (list.error ? texts.couldNotLoad(list.error.message) : null);

  const active = views.find((view) => same(view.params, current)) ?? null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await call(reportsEndpoints.saveView, {
        params: { id: reportId },
        body: { name, shared, params: current },
      });
      setName('');
      setShared(false);
      list.reload();
    } catch (failure) {
      setError(texts.couldNotSave(ApiError.from(failure).message));
    }
  };

  const remove = async (view: SavedReportView) => {
    setError(null);
    try {
      await call(reportsEndpoints.deleteView, { params: { id: reportId, view_id: view.id } });
      list.reload();
    } catch (failure) {
      setError(texts.couldNotDelete(ApiError.from(failure).message));
    }
  };

  return (
    <>
      <label>
        <span>{texts.savedViews}</span>{' '}
        <select
          value={active ? String(active.id) : ''}
          onChange={(event) => {
            const view = views.find((candidate) => String(candidate.id) === event.target.value);
            if (view) onApply(view.params);
          }}
        >
          <option value="">{views.length === 0 ? texts.none : texts.choose}</option>
          {views.map((view) => (
            <option key={view.id} value={String(view.id)}>
              {view.mine ? view.name : `${view.name} (${view.owner})`}
            </option>
          ))}
        </select>
      </label>
      {active?.mine ? (
        <button type="button" onClick={() => void remove(active)}>
          {texts.remove(active.name)}
        </button>
      ) : null}
      <form onSubmit={(event) => void save(event)} aria-label={texts.saveThis}>
        <input
          aria-label={texts.name}
          placeholder={texts.name}
          maxLength={80}
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />{' '}
        <label>
          <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />{' '}
          {texts.shared}
        </label>{' '}
        <button type="submit">{texts.save}</button>
      </form>
      {shownError ? <p role="alert">{shownError}</p> : null}
    </>
  );
}
