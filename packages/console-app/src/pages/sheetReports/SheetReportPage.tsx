import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { styled } from 'styled-components';
import {
  localizeReport,
  REPORT_DEFINITIONS,
  canWrite,
  sheetReportsEndpoints,
  toPermissionMap,
  type SheetReportRun,
  type SheetReportSchedule,
  type SheetViewChoice,
} from '@staff/console-contract';
import { Button, NumberText, t } from '@staff/console-ui';
import { createSheetReportsApi } from '../../api/sheetReports.js';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { Muted, RoutePage } from '../PageLayout.js';
import { ListLoadState, type MessageLoad } from '../common/LoadState.js';
import { type DataState, useEndpoint } from '../useEndpoint.js';
import { Panel as BasePanel, controlCss, fieldsCss, tableCss } from '../common/styles.js';
import {
  CheckField,
  FieldRow,
  InputField,
  SelectField,
  TextAreaField,
  invalidProps,
} from '../common/FormField.js';
import type { PageProps } from '../types.js';
import { useEndpointForm } from '../useEndpointForm.js';
import { TableHead, type ColumnHeading } from '../common/TableHead.js';
import { useLanguage, useTextsOf } from '../../i18n.js';
import { SHEET_REPORT_TEXTS } from './texts.js';
import {
  scheduleColumns,
  runColumns,
  when,
  messageOf,
  type FormState,
  type SheetTexts,
  type TextKey,
  FIELD_OF_PATH,
  SPREADSHEET_PLACEHOLDER,
  DAYS_INPUT,
  EMPTY_FORM,
  KEEP_INPUT,
  sourceOptions,
  REPORT_OPTIONS,
  FORMAT_OPTIONS,
  frequencyOptions,
  WEEKDAY_OPTIONS,
  formOf,
  inputOf,
  scheduleText,
} from './sheetReportForm.js';

/** A wide table that scrolls sideways: the headings, then one `row(item)` each. */
function ScrollTable<T>({
  label,
  columns,
  rows,
  row,
}: {
  label?: string;
  columns: readonly ColumnHeading[];
  rows: readonly T[];
  row: (item: T) => ReactNode;
}) {
  return (
    <Scroll>
      <Table aria-label={label}>
        <TableHead columns={columns} />
        <tbody>{rows.map(row)}</tbody>
      </Table>
    </Scroll>
  );
}

/** A load as ListLoadState shows it: the failure in the page's words, the rows picked from the answer. */
function listLoad<T, R>(state: DataState<T>, rows: (data: T) => R, texts: SheetTexts): MessageLoad<R> {
  if (state.status === 'ready') return { status: 'ready', data: rows(state.data) };
  if (state.status === 'error') return { status: 'error', message: messageOf(state.error, texts) };
  return state;
}

/**
 * Sheet Report: scheduled exports of a report (daily or weekly in Asia/Jakarta) to CSV or XLSX files kept for
 * download, run now, and each schedule's run log. Read access sees everything; write access changes and runs.
 */
export default function SheetReportPage({ route }: PageProps) {
  const services = useServices();
  const texts = useTextsOf(SHEET_REPORT_TEXTS);
  const { language } = useLanguage();
  const { permissions } = useConsoleContext();
  const writable = canWrite(toPermissionMap(permissions), route.key);
  const api = useMemo(() => createSheetReportsApi(services.api), [services]);

  const listed = useEndpoint(sheetReportsEndpoints.list, {});
  const schedules = listLoad(listed.state, (answer) => answer.schedules, texts);
  const reloadList = listed.reload;
  const [editing, setEditing] = useState<number | null>(null);
  // The schedule whose run log is shown; useEndpoint drops a late answer for one no longer chosen.
  const [selected, setSelected] = useState<number | null>(null);
  const logged = useEndpoint(
    sheetReportsEndpoints.runs,
    { params: { id: selected ?? 0 } },
    { enabled: selected !== null },
  );
  const runs = listLoad(logged.state, (answer) => answer.runs, texts);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);

  const editor = useEndpointForm(
    editing === null ? sheetReportsEndpoints.create : sheetReportsEndpoints.update,
    {
      initial: EMPTY_FORM,
      toBody: inputOf,
      ...(editing === null ? {} : { input: { params: { id: editing } } }),
      fieldOf: FIELD_OF_PATH,
      onSaved: (saved) => {
        setNotice({ kind: 'status', text: texts.saved(saved.name) });
        editor.reset(EMPTY_FORM);
        setEditing(null);
        reloadList();
      },
    },
  );
  const form = editor.values;

  // The saved views a schedule may export, loaded once the form asks for them.
  const views: MessageLoad<SheetViewChoice[]> = listLoad(
    useEndpoint(sheetReportsEndpoints.views, {}, { enabled: form.source === 'view' }).state,
    (answer) => answer.views,
    texts,
  );

  /** Shows a schedule's run log, read again when it is already the one shown. */
  const showRuns = (id: number) => {
    if (id === selected) logged.reload();
    else setSelected(id);
  };

  const { set } = editor;

  const runNow = async (schedule: SheetReportSchedule) => {
    setBusy(schedule.id);
    setNotice(null);
    try {
      const run = await api.run(schedule.id);
      setNotice(
        run.status === 'succeeded'
          ? { kind: 'status', text: texts.exported(schedule.name, String(run.rows ?? 0)) }
          : { kind: 'alert', text: texts.runFailed(schedule.name, run.error ?? texts.unknownError) },
      );
      showRuns(schedule.id);
      reloadList();
    } catch (error) {
      setNotice({ kind: 'alert', text: messageOf(error, texts) });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (schedule: SheetReportSchedule) => {
    if (!window.confirm(texts.confirmDelete(schedule.name))) return;
    try {
      await api.remove(schedule.id);
      setSelected((current) => (current === schedule.id ? null : current));
      reloadList();
    } catch (error) {
      setNotice({ kind: 'alert', text: messageOf(error, texts) });
    }
  };

  const download = async (run: SheetReportRun) => {
    try {
      const blob = await api.file(run.id);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = run.file_name ?? `run-${run.id}`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setNotice({ kind: 'alert', text: texts.couldNotDownload(messageOf(error, texts)) });
    }
  };

  const dimensions = localizeReport(REPORT_DEFINITIONS[form.report], language).dimensions;
  /** Ties a field row to `form[key]` and to its message (the body schema's or the server's). */
  const bind = <K extends TextKey>(key: K) => ({
    value: form[key],
    onValueChange: (value: FormState[K]) => set(key, value),
    error: editor.errors[key],
  });
  const selectedSchedule =
    schedules.status === 'ready' ? schedules.data.find((schedule) => schedule.id === selected) : undefined;

  const f = texts.form;
  const l = texts.list;

  const scheduleRow = (schedule: SheetReportSchedule) => (
    <tr key={schedule.id} aria-selected={schedule.id === selected}>
      <td>{schedule.name}</td>
      <td>
        {schedule.source === 'view'
          ? schedule.view
            ? l.viewSource(schedule.view.name)
            : l.viewDeleted
          : `${REPORT_DEFINITIONS[schedule.report].title} · ${l.days(String(schedule.days))}`}{' '}
        · {schedule.format.toUpperCase()}
        {schedule.google_sheet ? l.googleSheet : ''}
      </td>
      <td>{scheduleText(schedule.schedule, texts)}</td>
      <td>{schedule.next_run_at ? when.format(new Date(schedule.next_run_at)) : l.inactive}</td>
      <td>
        {schedule.last_run ? (
          <span className="status" data-status={schedule.last_run.status}>
            {texts.status[schedule.last_run.status]}
          </span>
        ) : (
          '-'
        )}
      </td>
      <td className="actions">
        <Button kind="ghost" aria-label={l.logOf(schedule.name)} onClick={() => showRuns(schedule.id)}>
          {l.log}
        </Button>
        {writable ? (
          <>
            <Button
              aria-label={l.runNowOf(schedule.name)}
              disabled={busy === schedule.id}
              onClick={() => void runNow(schedule)}
            >
              {busy === schedule.id ? l.running : l.runNow}
            </Button>
            <Button
              kind="ghost"
              aria-label={l.editOf(schedule.name)}
              onClick={() => {
                setEditing(schedule.id);
                editor.reset(formOf(schedule));
              }}
            >
              {l.edit}
            </Button>
            <Button kind="ghost" aria-label={l.removeOf(schedule.name)} onClick={() => void remove(schedule)}>
              {l.remove}
            </Button>
          </>
        ) : null}
      </td>
    </tr>
  );

  const runRow = (run: SheetReportRun) => (
    <tr key={run.id}>
      <td>{when.format(new Date(run.started_at))}</td>
      <td>{run.trigger === 'manual' ? texts.runs.manual : texts.runs.scheduled}</td>
      <td>
        <span className="status" data-status={run.status}>
          {texts.status[run.status]}
        </span>
      </td>
      <td className="num">{run.rows === null ? '-' : <NumberText value={run.rows} />}</td>
      <td className="num">{run.duration_ms === null ? '-' : <NumberText value={run.duration_ms} />}</td>
      <td>{run.error ?? ''}</td>
      <td>{run.sheet_range ?? '-'}</td>
      <td>
        {run.file_name ? (
          <Button
            kind="ghost"
            onClick={() => void download(run)}
            aria-label={texts.runs.downloadOf(run.file_name)}
          >
            {texts.runs.download}
          </Button>
        ) : (
          <Muted as="span">-</Muted>
        )}
      </td>
    </tr>
  );

  return (
    <RoutePage route={route} description={texts.description}>
      {notice ? (
        <Notice role={notice.kind} data-kind={notice.kind}>
          {notice.text}
        </Notice>
      ) : null}
      {writable ? (
        <Panel
          as="form"
          onSubmit={(event: FormEvent) => void editor.submit(event)}
          aria-labelledby="sheet-form-title"
          noValidate
        >
          <h2 id="sheet-form-title">{editing === null ? f.newTitle : f.editTitle}</h2>
          <div className="fields">
            <InputField id="sheet-name" label={f.name} maxLength={80} {...bind('name')} />
            <SelectField
              id="sheet-source"
              label={f.source}
              {...bind('source')}
              options={sourceOptions(texts)}
            />
            {form.source === 'view' ? (
              <FieldRow
                id="sheet-view"
                label={f.view}
                error={editor.errors.view}
                after={
                  <>
                    {views.status === 'error' ? <span className="error">{views.message}</span> : null}
                    <Muted as="span">{f.viewHint}</Muted>
                  </>
                }
              >
                <select
                  id="sheet-view"
                  value={form.view}
                  onChange={(event) => set('view', event.target.value)}
                  {...invalidProps('sheet-view', editor.errors.view)}
                >
                  <option value="">
                    {views.status === 'loading'
                      ? f.viewsLoading
                      : views.status === 'error'
                        ? f.viewsFailed
                        : views.data.length === 0
                          ? f.noViews
                          : f.choose}
                  </option>
                  {views.status === 'ready'
                    ? views.data.map((view) => (
                        <option key={view.id} value={String(view.id)}>
                          {view.entity_label}: {view.name}
                          {view.owner ? ` (${view.owner})` : ''}
                        </option>
                      ))
                    : null}
                </select>
              </FieldRow>
            ) : null}
            {form.source === 'report' ? (
              <>
                <SelectField
                  id="sheet-report"
                  label={f.report}
                  value={form.report}
                  error={editor.errors.report}
                  onValueChange={(value) => {
                    set('report', value);
                    set('group_by', '');
                  }}
                  options={REPORT_OPTIONS}
                />
                <SelectField
                  id="sheet-group"
                  label={f.groupBy}
                  {...bind('group_by')}
                  options={[
                    { value: '', label: f.defaultGroup(dimensions[0]?.label ?? 'Default') },
                    ...dimensions
                      .slice(1)
                      .map((dimension) => ({ value: dimension.key, label: dimension.label })),
                  ]}
                />
                <InputField id="sheet-days" label={f.days} {...DAYS_INPUT} {...bind('days')} />
              </>
            ) : null}
            <SelectField id="sheet-format" label={f.format} {...bind('format')} options={FORMAT_OPTIONS} />
            <SelectField
              id="sheet-frequency"
              label={f.frequency}
              {...bind('frequency')}
              options={frequencyOptions(texts)}
            />
            <InputField id="sheet-time" label={f.time} type="time" {...bind('time')} />
            {form.frequency === 'weekly' ? (
              <SelectField
                id="sheet-weekday"
                label={f.weekday}
                {...bind('weekday')}
                options={WEEKDAY_OPTIONS}
              />
            ) : null}
            <InputField id="sheet-keep" label={f.keep} {...KEEP_INPUT} {...bind('keep')} />
            <CheckField
              id="sheet-google"
              label={f.google}
              checked={form.google}
              onCheckedChange={(checked) => set('google', checked)}
            />
            {form.google ? (
              <>
                <InputField
                  id="sheet-spreadsheet"
                  label={f.spreadsheet}
                  placeholder={SPREADSHEET_PLACEHOLDER}
                  {...bind('spreadsheet')}
                />
                <InputField id="sheet-tab" label={f.sheet} {...bind('sheet')} />
                <TextAreaField
                  id="sheet-credentials"
                  label={f.credentials}
                  wide
                  rows={3}
                  value={form.credentials}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={
                    form.clientEmail ? f.credentialsStored(form.clientEmail) : f.credentialsExample
                  }
                  onValueChange={(value) => set('credentials', value)}
                  error={editor.errors.credentials}
                  after={<Muted as="span">{f.credentialsHint}</Muted>}
                />
              </>
            ) : null}
            <CheckField
              id="sheet-active"
              label={f.active}
              checked={form.active}
              onCheckedChange={(checked) => set('active', checked)}
            />
          </div>
          {editor.formError ? <p role="alert">{editor.formError}</p> : null}
          <div className="actions">
            <Button kind="primary" type="submit" disabled={editor.submitting}>
              {editor.submitting ? f.saving : editing === null ? f.create : f.save}
            </Button>
            {editing !== null ? (
              <Button
                onClick={() => {
                  setEditing(null);
                  editor.reset(EMPTY_FORM);
                }}
              >
                {f.cancel}
              </Button>
            ) : null}
          </div>
        </Panel>
      ) : (
        <Muted>{texts.readOnly}</Muted>
      )}

      <Panel aria-labelledby="sheet-list-title">
        <h2 id="sheet-list-title">{l.title}</h2>
        <ListLoadState state={schedules} empty={<Muted>{l.empty}</Muted>}>
          {(rows) => <ScrollTable columns={scheduleColumns(texts)} rows={rows} row={scheduleRow} />}
        </ListLoadState>
      </Panel>

      {selected !== null ? (
        <Panel aria-labelledby="sheet-runs-title">
          <h2 id="sheet-runs-title">{texts.runs.title(selectedSchedule?.name ?? `#${selected}`)}</h2>
          <ListLoadState state={runs} empty={<Muted>{texts.runs.empty}</Muted>}>
            {(rows) => (
              <ScrollTable label={texts.runs.label} columns={runColumns(texts)} rows={rows} row={runRow} />
            )}
          </ListLoadState>
        </Panel>
      ) : null}
    </RoutePage>
  );
}

const Notice = styled.p`
  margin: 0;
  padding: ${t.space2} ${t.space3};
  border-radius: ${t.radiusSm};
  background: ${t.colorSurface};
  border: 1px solid ${t.colorBorder};
  &[data-kind='alert'] {
    color: ${t.colorDanger};
    background: ${t.colorDangerSoft};
  }
`;

const Panel = styled(BasePanel)`
  [role='alert'],
  .error,
  .status[data-status='failed'] {
    color: ${t.colorDanger};
  }
  ${fieldsCss}
  .field.check {
    flex-direction: row;
    align-items: center;
  }
  textarea {
    font: inherit;
    font-family: ui-monospace, monospace;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: ${t.space2};
  }
  .error {
    font-size: ${t.fontSizeSm};
  }
  input:not([type='checkbox']),
  select {
    ${controlCss}
    font-size: ${t.fontSizeMd};
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  ${tableCss}
  th,
  td {
    vertical-align: middle;
  }
  tr[aria-selected='true'] td {
    background: ${t.colorBg};
  }
`;
