import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DATE_RANGE_PRESETS } from '../components/DateRangePicker/jakartaDates.js';
import { LOGIN_FORM_MESSAGES } from '../components/LoginForm/index.js';
import { Sidebar } from '../components/Sidebar/index.js';
import { ConsoleMessagesProvider } from '../theme/messages.js';
import { CONSOLE_MESSAGES_EN, CONSOLE_MESSAGES_ID, consoleMessages } from './messages.js';

const menu = [
  { id: 'ops', label: 'Operation Data', items: [{ id: 'c', label: 'Creators', path: '/app/c' }] },
];

function sidebar(language: 'id' | 'en') {
  return (
    <ConsoleMessagesProvider messages={consoleMessages(language)}>
      <Sidebar
        menu={menu}
        currentPath="/app/c"
        user={{ fullname: 'Siti', last_login: null }}
        onSignOut={() => undefined}
        onRefresh={() => undefined}
      />
    </ConsoleMessagesProvider>
  );
}

describe('console message sets', () => {
  it('cover the same components and keys in both languages', () => {
    expect(Object.keys(CONSOLE_MESSAGES_ID).sort()).toEqual(Object.keys(CONSOLE_MESSAGES_EN).sort());
    for (const [component, set] of Object.entries(CONSOLE_MESSAGES_ID)) {
      const english = CONSOLE_MESSAGES_EN[component as keyof typeof CONSOLE_MESSAGES_EN];
      expect(Object.keys(set).sort(), component).toEqual(Object.keys(english).sort());
    }
  });

  it("keep the spec's fixed strings in both languages", () => {
    for (const sets of [CONSOLE_MESSAGES_ID, CONSOLE_MESSAGES_EN]) {
      expect(sets.loginForm).toEqual(LOGIN_FORM_MESSAGES);
      expect(sets.sidebar.signOut).toBe('Sign Out');
      for (const preset of DATE_RANGE_PRESETS)
        expect(sets.dateRangePicker.presets[preset.id]).toBe(preset.label);
    }
  });

  it('change the rendered texts with the language, the spec string unchanged', () => {
    const { rerender } = render(sidebar('id'));
    expect(screen.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Muat ulang izin' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    rerender(sidebar('en'));
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Refresh permissions' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  it('format numbers id-ID in both languages (texts receive formatted figures)', () => {
    const range = { first: '1', last: '50', total: '1.234', estimated: true };
    expect(CONSOLE_MESSAGES_ID.dataTable.pageSummary(range)).toBe('1–50 dari sekitar 1.234');
    expect(CONSOLE_MESSAGES_EN.dataTable.pageSummary(range)).toBe('1–50 of about 1.234');
  });
});
