import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppLanguageProvider, LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { ListLoadState, LoadState } from './LoadState.js';

afterEach(() => {
  cleanup();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

function renderIn(language: 'en' | 'id', error: unknown, onRetry: () => void = () => undefined) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  return render(
    <AppLanguageProvider>
      <LoadState state={{ status: 'error', error }} what="aktivitas Anda" loading="…" onRetry={onRetry}>
        {() => null}
      </LoadState>
    </AppLanguageProvider>,
  );
}

describe('LoadState in both languages', () => {
  it('says a failed load and its reason in Indonesian, with "Coba lagi" retrying', async () => {
    let retried = 0;
    renderIn('id', { status: 403 }, () => (retried += 1));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Gagal memuat aktivitas Anda.');
    expect(alert.textContent).toContain('Anda tidak punya izin untuk melihat aktivitas Anda.');
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(retried).toBe(1);
  });

  it('keeps the server message and names an unreachable server in Indonesian', () => {
    renderIn('id', { status: 500, message: 'Database sedang sibuk' });
    expect(screen.getByRole('alert').textContent).toContain('Database sedang sibuk (status 500).');
    cleanup();
    renderIn('id', { message: 'Network Error' });
    expect(screen.getByRole('alert').textContent).toContain('Server tidak dapat dihubungi.');
  });

  it('keeps the English texts as they were', () => {
    renderIn('en', { status: 502 });
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not load aktivitas Anda. The server answered with status 502.Try again',
    );
  });

  it("shows a list's loading line in the chosen language", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id');
    render(
      <AppLanguageProvider>
        <ListLoadState state={{ status: 'loading' }} empty="-">
          {() => null}
        </ListLoadState>
      </AppLanguageProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Memuat…');
  });
});
