import { useInsertionEffect } from 'react';

/**
 * The attribute on a `<style>` element written by `useStaticStyles` or `useDocumentStyles`; its value names the
 * sheet.
 */
export const SHEET_ATTRIBUTE = 'data-cui-sheet';

function findSheet(doc: Document, name: string): HTMLStyleElement | null {
  return doc.head.querySelector<HTMLStyleElement>(`style[${SHEET_ATTRIBUTE}="${name}"]`);
}

/**
 * A component's stylesheet that never changes (stable `cui-…` classes, tokens as CSS variables), written into the
 * document once, when the first instance renders. The components on /login's first paint use it instead of
 * styled-components: no CSS is generated, hashed or parsed while the login form renders (ADR 048).
 */
export function useStaticStyles(name: string, css: string): void {
  useInsertionEffect(() => {
    const doc = globalThis.document;
    if (!doc?.head || findSheet(doc, name)) return;
    const style = doc.createElement('style');
    style.setAttribute(SHEET_ATTRIBUTE, name);
    style.textContent = css;
    doc.head.appendChild(style);
  }, [name, css]);
}

/**
 * A stylesheet whose text follows the props (the theme's tokens on `:root`): one element per mounted caller,
 * rewritten when the text changes and removed on unmount.
 */
export function useDocumentStyles(name: string, css: string | null): void {
  useInsertionEffect(() => {
    const doc = globalThis.document;
    if (css === null || !doc?.head) return;
    const style = doc.createElement('style');
    style.setAttribute(SHEET_ATTRIBUTE, name);
    style.textContent = css;
    doc.head.appendChild(style);
    return () => style.remove();
  }, [name, css]);
}
