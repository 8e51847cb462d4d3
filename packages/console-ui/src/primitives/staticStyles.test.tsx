import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { SHEET_ATTRIBUTE, useDocumentStyles, useStaticStyles } from './staticStyles.js';
import { Button } from './Button.js';

function sheets(name: string): HTMLStyleElement[] {
  return [...document.head.querySelectorAll<HTMLStyleElement>(`style[${SHEET_ATTRIBUTE}="${name}"]`)];
}

function Static({ css }: { css: string }) {
  useStaticStyles('probe', css);
  return null;
}

function Dynamic({ css }: { css: string | null }) {
  useDocumentStyles('probe-dynamic', css);
  return null;
}

afterEach(() => {
  for (const style of document.head.querySelectorAll(`style[${SHEET_ATTRIBUTE}]`)) style.remove();
});

describe('useStaticStyles', () => {
  it('writes the sheet once however many instances render, and keeps it when they unmount', () => {
    const view = render(
      <>
        <Static css=".a { color: red; }" />
        <Static css=".a { color: red; }" />
      </>,
    );
    expect(sheets('probe').map((style) => style.textContent)).toEqual(['.a { color: red; }']);
    view.unmount();
    expect(sheets('probe')).toHaveLength(1);
    render(<Static css=".a { color: red; }" />);
    expect(sheets('probe')).toHaveLength(1);
  });

  it('is written before the component is laid out (an insertion effect), so the first paint is styled', () => {
    let seenInLayout = 0;
    function Probe() {
      useStaticStyles('probe', '.b { color: blue; }');
      return <span ref={() => void (seenInLayout = sheets('probe').length)} />;
    }
    render(<Probe />);
    expect(seenInLayout).toBe(1);
  });
});

describe('useDocumentStyles', () => {
  it('follows its text and is removed on unmount', () => {
    const view = render(<Dynamic css=":root { --x: 1; }" />);
    expect(sheets('probe-dynamic').map((style) => style.textContent)).toEqual([':root { --x: 1; }']);
    view.rerender(<Dynamic css=":root { --x: 2; }" />);
    expect(sheets('probe-dynamic').map((style) => style.textContent)).toEqual([':root { --x: 2; }']);
    view.rerender(<Dynamic css={null} />);
    expect(sheets('probe-dynamic')).toHaveLength(0);
    view.rerender(<Dynamic css=":root { --x: 3; }" />);
    view.unmount();
    expect(sheets('probe-dynamic')).toHaveLength(0);
  });
});

describe("Button's static sheet", () => {
  it('styles only the class Button alone carries, not the .cui-button hook other components give their buttons', () => {
    render(<Button kind="primary">Save</Button>);
    const text = sheets('button')[0]?.textContent ?? '';
    const selectors = [...text.matchAll(/^([^\s{}@][^{}]*)\{/gm)].flatMap((match) => match[1]!.split(','));
    expect(selectors.length).toBeGreaterThan(5);
    for (const selector of selectors) expect(selector.trim()).toMatch(/^\.cui-console-button\b/);
    expect(document.querySelector('.cui-console-button')).toHaveClass('cui-button');
  });
});
