import { render, screen } from '@testing-library/react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { DATE_RANGE_PRESETS } from '../components/DateRangePicker/jakartaDates.js';
import { LOGIN_FORM_MESSAGES } from '../components/LoginForm/index.js';
import { Sidebar } from '../components/Sidebar/index.js';
import { DataTable } from '../components/DataTable/index.js';
import { ConsoleMessagesProvider, type ConsoleMessagesOverrides } from '../theme/messages.js';
import {
  CONSOLE_MESSAGES_EN,
  CONSOLE_MESSAGES_EN_OVERRIDES,
  CONSOLE_MESSAGES_ID,
  LOGIN_FORM_MESSAGES_EN,
  consoleMessages,
  type ConsoleMessageSets,
} from './messages.js';

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
  it("English overrides give the English set: the rest of it is the components' defaults", () => {
    const overridden = new Set(Object.keys(CONSOLE_MESSAGES_EN_OVERRIDES));
    for (const [component, english] of Object.entries(CONSOLE_MESSAGES_EN)) {
      const override = CONSOLE_MESSAGES_EN_OVERRIDES[component as keyof typeof CONSOLE_MESSAGES_EN_OVERRIDES];
      // An overridden set is the English one; any other is the component's default set itself (not a copy).
      if (overridden.has(component)) expect(override, component).toBe(english);
      else expect(override, component).toBeUndefined();
    }
    // A component on its English defaults reads the same under the overrides as under the whole set.
    const table = (messages: ConsoleMessagesOverrides) => (
      <ConsoleMessagesProvider messages={messages}>
        <DataTable label="Rows" rows={[]} columns={[]} />
      </ConsoleMessagesProvider>
    );
    const whole = render(table(CONSOLE_MESSAGES_EN)).container.textContent;
    const overrides = render(table(CONSOLE_MESSAGES_EN_OVERRIDES)).container.textContent;
    expect(overrides).toBe(whole);
    expect(whole).toContain(CONSOLE_MESSAGES_EN.dataTable.empty);
  });

  it('cover the same components and keys in both languages', () => {
    expect(Object.keys(CONSOLE_MESSAGES_ID).sort()).toEqual(Object.keys(CONSOLE_MESSAGES_EN).sort());
    for (const [component, set] of Object.entries(CONSOLE_MESSAGES_ID)) {
      const english = CONSOLE_MESSAGES_EN[component as keyof typeof CONSOLE_MESSAGES_EN];
      expect(Object.keys(set).sort(), component).toEqual(Object.keys(english).sort());
    }
  });

  it("keep the spec's fixed strings in both languages; LoginForm's Indonesian ones in the Indonesian set", () => {
    expect(CONSOLE_MESSAGES_ID.loginForm).toEqual(LOGIN_FORM_MESSAGES);
    expect(CONSOLE_MESSAGES_EN.loginForm).toBe(LOGIN_FORM_MESSAGES_EN);
    for (const sets of [CONSOLE_MESSAGES_ID, CONSOLE_MESSAGES_EN]) {
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

  // Checked by the typecheck (tsconfig.check.json): each @ts-expect-error line must be an error, or tsc fails.
  it('type the overrides handed to the providers: a misspelt key or a wrong text fails typecheck', () => {
    const overrides: ConsoleMessagesOverrides = {
      dataTable: { empty: 'Belum ada kreator' },
      // @ts-expect-error `dataTabel` is no component's key
      dataTabel: { empty: 'Belum ada kreator' },
    };
    // @ts-expect-error `emtpy` is no DataTable message
    const misspeltText: ConsoleMessagesOverrides = { dataTable: { emtpy: 'Belum ada kreator' } };
    // @ts-expect-error a count message is a function of the formatted count, not a string
    const wrongType: ConsoleMessagesOverrides = { dataTable: { selected: 'dipilih' } };
    expectTypeOf(CONSOLE_MESSAGES_EN).toExtend<ConsoleMessagesOverrides>();
    expectTypeOf<ConsoleMessagesOverrides['loginForm']>().toEqualTypeOf<
      Partial<ConsoleMessageSets['loginForm']> | undefined
    >();

    render(
      <>
        {/* @ts-expect-error the provider's prop is typed the same way */}
        <ConsoleMessagesProvider messages={{ dataTabel: { empty: 'x' } }} />
        <ConsoleMessagesProvider messages={overrides}>
          <DataTable label="Kreator" rows={[]} columns={[]} />
        </ConsoleMessagesProvider>
      </>,
    );
    expect(screen.getByText('Belum ada kreator')).toBeVisible();
    expect([misspeltText, wrongType]).toHaveLength(2);
  });
});
