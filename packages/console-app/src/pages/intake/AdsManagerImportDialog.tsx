import { useMemo, useState } from 'react';

import type { InsightsImportResponse } from '@staff/console-contract';
import { ConfirmDialog, FileDropZone, NumberText, ProgressBar, formatFileSize } from '@staff/console-ui';
import type { AxiosInstance } from 'axios';
import { styled } from 'styled-components';
import { type ImportCallError, type UploadProgress, importAdInsights } from '../../api/adInsightsImport.js';

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'checking'; file: File; progress: UploadProgress | null }
  | { kind: 'preview'; file: File; preview: InsightsImportResponse }
  | { kind: 'importing'; file: File; preview: InsightsImportResponse; progress: UploadProgress | null }
  | { kind: 'done'; file: File; result: InsightsImportResponse }
  | { kind: 'failed'; file: File; preview: InsightsImportResponse; error: ImportCallError };

const Stack = styled.div`
  display: grid;
  gap: 12px;
`;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

const Errors = styled.table`
  border-collapse: collapse;
  font-size: 0.8125rem;
  th,
  td {
    padding: 4px 8px;
    border-bottom: 1px solid var(--cui-color-border, #d5dbe2);
    text-align: left;
    vertical-align: top;
  }
`;

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function progressBar(label: string, progress: UploadProgress | null) {
  // Every byte sent: the server is parsing and writing, for which it reports no share.
  const sent = progress && progress.total !== null && progress.loaded >= progress.total;
  if (!progress || progress.total === null || sent)
    return <ProgressBar label={sent ? 'Saving…' : label} value={null} />;
  return (
    <ProgressBar
      label={label}
      value={progress.loaded}
      max={progress.total}
      valueText={`${formatFileSize(progress.loaded)} of ${formatFileSize(progress.total)}`}
    />
  );
}

function ResultSummary({ result }: { result: InsightsImportResponse }) {
  const items: [string, number][] = [
    ['Rows', result.rows],
    ['Inserted', result.inserted],
    ['Updated', result.updated],
    ['Unchanged', result.unchanged],
    ['Rejected', result.errors.length],
    ['Ad sets', result.ad_sets],
    ['Ads', result.ads],
  ];
  return (
    <Summary aria-label="Import result">
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>
            <NumberText value={value} />
          </dd>
        </div>
      ))}
    </Summary>
  );
}

function RowErrors({ preview }: { preview: InsightsImportResponse }) {
  if (preview.errors.length === 0) return null;
  return (
    <Errors aria-label="Problems in the file">
      <thead>
        <tr>
          <th scope="col">Line</th>
          <th scope="col">Column</th>
          <th scope="col">Problem</th>
        </tr>
      </thead>
      <tbody>
        {preview.errors.map((error) => (
          <tr key={`${error.line}-${error.field}`}>
            <td>{error.line}</td>
            <td>{error.field}</td>
            <td>{error.message}</td>
          </tr>
        ))}
      </tbody>
    </Errors>
  );
}

/**
 * Import from Ads Manager: choose or drop a CSV/XLSX export → the server's dry run (rows, language, summary row
 * skipped, problems per line) → the import with the upload's real progress → inserted/updated/unchanged/rejected.
 */
export function AdsManagerImportDialog({
  api,
  onClose,
  onImported,
}: {
  api: AxiosInstance;
  onClose: () => void;
  onImported: (result: InsightsImportResponse) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });

  const check = async (file: File) => {
    setStep({ kind: 'checking', file, progress: null });
    try {
      const preview = await importAdInsights(api, file, {
        dryRun: true,
        onProgress: (progress) =>
          setStep((current) => (current.kind === 'checking' ? { ...current, progress } : current)),
      });
      setStep({ kind: 'preview', file, preview });
    } catch (error) {
      setStep({ kind: 'choose', error: (error as ImportCallError).message });
    }
  };

  const run = async (file: File, preview: InsightsImportResponse) => {
    setStep({ kind: 'importing', file, preview, progress: null });
    try {
      const result = await importAdInsights(api, file, {
        dryRun: false,
        onProgress: (progress) =>
          setStep((current) => (current.kind === 'importing' ? { ...current, progress } : current)),
      });
      setStep({ kind: 'done', file, result });
      onImported(result);
    } catch (error) {
      setStep({ kind: 'failed', file, preview, error: error as ImportCallError });
    }
  };

  const busy = step.kind === 'checking' || step.kind === 'importing';
  const canImport = step.kind === 'preview' && step.preview.errors.length === 0 && step.preview.rows > 0;
  const confirmLabel = useMemo(() => {
    if (step.kind === 'done') return 'Close';
    if (step.kind === 'failed') return 'Try again';
    return 'Import';
  }, [step.kind]);

  const confirm = () => {
    if (step.kind === 'done') onClose();
    else if (step.kind === 'failed') void run(step.file, step.preview);
    else if (step.kind === 'preview' && canImport) void run(step.file, step.preview);
    else if (step.kind === 'choose') setStep({ kind: 'choose', error: 'Choose an export file first.' });
  };

  const file = step.kind === 'choose' ? null : step.file;
  return (
    <ConfirmDialog
      open
      title="Import from Ads Manager"
      description="An Ads Manager export at ad level with a breakdown by day, CSV or XLSX, English or Indonesian. Rows already imported with the same figures are left unchanged."
      confirmLabel={confirmLabel}
      busy={busy}
      busyLabel={step.kind === 'checking' ? 'Checking…' : 'Importing…'}
      error={step.kind === 'failed' ? step.error.message : null}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <Stack>
        {step.kind === 'done' ? null : (
          <FileDropZone
            label="Ads Manager export (CSV or XLSX)"
            hint="Choose a file or drop it here"
            accept={ACCEPT}
            file={file}
            disabled={busy}
            error={step.kind === 'choose' ? (step.error ?? null) : null}
            onFile={(chosen) => void check(chosen)}
          />
        )}
        {step.kind === 'checking' ? progressBar('Checking the file', step.progress) : null}
        {step.kind === 'importing' ? progressBar('Uploading', step.progress) : null}
        {step.kind === 'preview' ? (
          <div role="status" aria-label="Preview">
            <p>
              <NumberText value={step.preview.rows} /> rows ready to import
              {step.preview.skipped_summary_rows > 0 ? ', summary row skipped' : ''} (
              {step.preview.language === 'id' ? 'Indonesian' : 'English'} headers,{' '}
              {formatFileSize(step.file.size)}).
              {step.preview.errors.length > 0
                ? ` Fix the ${step.preview.errors.length} problem(s) below and choose the file again: nothing is imported while any remain.`
                : ''}
            </p>
            <RowErrors preview={step.preview} />
          </div>
        ) : null}
        {step.kind === 'done' ? (
          <div role="status" aria-label="Imported">
            <ProgressBar label="Imported" value={1} status="done" />
            <ResultSummary result={step.result} />
          </div>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
