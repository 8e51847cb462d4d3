import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NumberText } from '../components/NumberText/index.js';
import { ConsoleThemeProvider } from './ThemeProvider.js';

const HOST_FONT = 'Georgia, serif';
const HOST_COLOUR = 'rgb(128, 0, 64)';

describe('ConsoleThemeProvider', () => {
  it("styles only its own elements: host markup inside it keeps the host's font and colour", () => {
    render(
      <div style={{ fontFamily: HOST_FONT, color: HOST_COLOUR }}>
        <ConsoleThemeProvider mode="dark">
          <p data-testid="host">The host's paragraph</p>
          {/* A console component's outermost element (a cui- class): the base font and colour are the console's. */}
          <div className="cui-probe" data-testid="console">
            <span data-testid="inside-console">inside a component</span>
          </div>
          <p>
            {/* An inline root takes the text around it, here the host's. */}
            <NumberText value={1234} />
          </p>
        </ConsoleThemeProvider>
      </div>,
    );
    const host = getComputedStyle(screen.getByTestId('host'));
    expect(host.fontFamily).toBe(HOST_FONT);
    expect(host.color).toBe(HOST_COLOUR);

    const wrapper = document.querySelector<HTMLElement>('.cui-theme');
    expect(wrapper?.style.getPropertyValue('--cui-color-text')).not.toBe('');
    expect(wrapper?.style.fontFamily).toBe('');
    expect(wrapper?.style.color).toBe('');

    for (const id of ['console', 'inside-console']) {
      const own = getComputedStyle(screen.getByTestId(id));
      expect(own.fontFamily, id).toMatch(/^var\(--cui-font-family/);
      expect(own.color, id).toMatch(/^var\(--cui-color-text/);
    }

    const number = getComputedStyle(screen.getByText('1.234'));
    expect(number.fontFamily).toBe(HOST_FONT);
    expect(number.color).toBe(HOST_COLOUR);
  });
});
