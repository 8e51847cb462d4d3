import { useMemo, useState } from 'react';

import type { InsightsImportResponse } from '@staff/console-contract';
import { ConfirmDialog, FileDropZone, NumberText, ProgressBar, formatFileSize } from '@staff/console-ui';
import { styled } from 'styled-components';
import { type UploadProgress, importAdInsights } from '../../api/adInsightsImport.js';
import { ApiError } from '../../api/apiError.js';
import { useTextsOf } from '../../i18n.js';
import { INTAKE_TEXTS } from './texts.js';
import type { ApiClient } from '../../api/client.js';

type ImportTexts = (typeof INTAKE_TEXTS)['en']['import'];

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'checking'; file: File; progress: UploadProgress | null }
  | { kind: 'preview'; file: File; preview: InsightsImportResponse }
  | { kind: 'importing'; file: File; preview: InsightsImportResponse; progress: UploadProgress | null }
  | { kind: 'done'; file: File; result: InsightsImportResponse }
  | { kind: 'failed'; file: File; preview: InsightsImportResponse; error: ApiError };

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

function progressBar(label: string, progress: UploadProgress | null, texts: ImportTexts) {
  // Every byte sent: the server is parsing and writing, for which it reports no share.
  const sent = progress && progress.total !== null && progress.loaded >= progress.total;
  if (!progress || progress.total === null || sent)
    return <ProgressBar label={sent ? texts.saving : label} value={null} />;
  return (
    <ProgressBar
      label={label}
      value={progress.loaded}
      max={progress.total}
      valueText={texts.sizeOf(formatFileSize(progress.loaded), formatFileSize(progress.total))}
    />
  );
}

function ResultSummary({ result, texts }: { result: InsightsImportResponse; texts: ImportTexts }) {
  const s = texts.summary;
  const items: [string, number][] = [
    [s.rows, result.rows],
    [s.inserted, result.inserted],
    [s.updated, result.updated],
    [s.unchanged, result.unchanged],
    [s.rejected, result.errors.length],
    [s.adSets, result.ad_sets],
    [s.ads, result.ads],
  ];
  return (
    <Summary aria-label={texts.result}>
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

function RowErrors({ preview, texts }: { preview: InsightsImportResponse; texts: ImportTexts }) {
  if (preview.errors.length === 0) return null;
  return (
    <Errors aria-label={texts.problems}>
      <thead>
        <tr>
          <th scope="col">{texts.line}</th>
          <th scope="col">{texts.column}</th>
          <th scope="col">{texts.problem}</th>
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
  api: ApiClient;
  onClose: () => void;
  onImported: (result: InsightsImportResponse) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const texts = useTextsOf(INTAKE_TEXTS).import;

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
      setStep({ kind: 'choose', error: ApiError.from(error).message });
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
      setStep({ kind: 'failed', file, preview, error: ApiError.from(error) });
    }
  };

  const busy = step.kind === 'checking' || step.kind === 'importing';
  const canImport = step.kind === 'preview' && step.preview.errors.length === 0 && step.preview.rows > 0;
  const confirmLabel = useMemo(() => {
    if (step.kind === 'done') return texts.close;
    if (step.kind === 'failed') return texts.tryAgain;
    return texts.import;
  }, [step.kind, texts]);

  const confirm = () => {
    if (step.kind === 'done') onClose();
    else if (step.kind === 'failed') void run(step.file, step.preview);
    else if (step.kind === 'preview' && canImport) void run(step.file, step.preview);
    else if (step.kind === 'choose') setStep({ kind: 'choose', error: texts.chooseFirst });
  };

  const file = step.kind === 'choose' ? null : step.file;
  return (
    <ConfirmDialog
      open
      title={texts.title}
      description={texts.description}
      confirmLabel={confirmLabel}
      busy={busy}
      busyLabel={step.kind === 'checking' ? texts.checking : texts.importing}
      error={step.kind === 'failed' ? step.error.message : null}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <Stack>
        {step.kind === 'done' ? null : (
          <FileDropZone
            label={texts.file}
            hint={texts.fileHint}
            accept={ACCEPT}
            file={file}
            disabled={busy}
            error={step.kind === 'choose' ? (step.error ?? null) : null}
            onFile={(chosen) => void check(chosen)}
          />
        )}
        {step.kind === 'checking' ? progressBar(texts.checkingFile, step.progress, texts) : null}
        {step.kind === 'importing' ? progressBar(texts.uploading, step.progress, texts) : null}
        {step.kind === 'preview' ? (
          <div role="status" aria-label={texts.preview}>
            <p>
              <NumberText value={step.preview.rows} />
              {texts.ready}
              {step.preview.skipped_summary_rows > 0 ? texts.summarySkipped : ''}
              {texts.headers(step.preview.language, formatFileSize(step.file.size))}
              {step.preview.errors.length > 0 ? texts.fixProblems(String(step.preview.errors.length)) : ''}
            </p>
            <RowErrors preview={step.preview} texts={texts} />
          </div>
        ) : null}
        {step.kind === 'done' ? (
          <div role="status" aria-label={texts.imported}>
            <ProgressBar label={texts.imported} value={1} status="done" />
            <ResultSummary result={step.result} texts={texts} />
          </div>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
