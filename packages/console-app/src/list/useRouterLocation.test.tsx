import { act, render } from '@testing-library/react';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type NavigateFunction,
} from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { LocationAdapter } from '@staff/console-ui';
import { useRouterLocation } from './useRouterLocation.js';

let adapter: LocationAdapter | undefined;
let navigate: NavigateFunction | undefined;
let shown = '';

function ListPage() {
  adapter = useRouterLocation();
  return null;
}

function Address() {
  const location = useLocation();
  navigate = useNavigate();
  shown = `${location.pathname}${location.search}`;
  return null;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Address />
      <Routes>
        <Route path="/list" element={<ListPage />} />
        <Route path="/other" element={<p>other</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useRouterLocation', () => {
  it("writes the list's view into its own address", () => {
    renderAt('/list');
    act(() => adapter!.setSearch('size=100', { replace: true }));
    expect(shown).toBe('/list?size=100');
    expect(adapter!.search).toBe('size=100');
  });

  it('drops a write the list page makes after the history moved on, before the next page rendered', () => {
    renderAt('/list');
    const leaving = adapter!;
    act(() => {
      navigate!('/other');
      // The list page's late preset write: it would resolve against /list and take the person back.
      leaving.setSearch('preset=receipt-confirmation', { replace: true });
    });
    expect(shown).toBe('/other');
  });
});
