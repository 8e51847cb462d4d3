import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InsightsImportResponse } from '@staff/console-contract';
import { ThemeProvider } from '@staff/console-ui';
import { createApiClient } from '../../api/client.js';
import { fakeAdapter } from '../../api/testAdapter.js';
import { AppLanguageProvider, LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { AdsManagerImportDialog } from './AdsManagerImportDialog.js';

afterEach(() => {
  cleanup();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const preview: InsightsImportResponse = {
  dry_run: true,
  rows: 3000,
  skipped_summary_rows: 1,
  language: 'id',
  errors: [{ line: 7, field: 'Jumlah yang dibelanjakan (IDR)', message: 'Not a number' }],
  inserted: 0,
  updated: 0,
  unchanged: 0,
  ad_sets: 0,
  ads: 0,
  campaigns: 0,
};

describe('AdsManagerImportDialog', () => {
  it("speaks Indonesian when chosen: the dry run's summary and the file's problems", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id');
    const { adapter } = fakeAdapter((config) =>
      config.url === '/api/ad-insights/import' ? { status: 200, data: preview } : { status: 404 },
    );
    render(
      <ThemeProvider>
        <AppLanguageProvider>
          <AdsManagerImportDialog
            api={createApiClient({ adapter, getToken: () => null, onUnauthorized: () => undefined })}
            onClose={() => undefined}
            onImported={() => undefined}
          />
        </AppLanguageProvider>
      </ThemeProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Impor dari Ads Manager' });
    const file = new File(['Nama kampanye;Hari\n'], 'ekspor.csv', { type: 'text/csv' });
    await userEvent.upload(within(dialog).getByLabelText('Ekspor Ads Manager (CSV atau XLSX)'), file);
    const status = await within(dialog).findByRole('status', { name: 'Pratinjau' });
    expect(status.textContent).toMatch(
      /^3\.000 baris siap diimpor, baris ringkasan dilewati \(judul kolom berbahasa Indonesia, .+\)\. Perbaiki 1 masalah/,
    );
    const problems = within(dialog).getByRole('table', { name: 'Masalah dalam file' });
    expect(within(problems).getByRole('columnheader', { name: 'Kolom' })).toBeVisible();
    expect(within(problems).getByText('Not a number')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Impor' })).toBeVisible();
  });
});
