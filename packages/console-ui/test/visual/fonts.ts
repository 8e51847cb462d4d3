/// <reference types="vite/client" />
/**
 * The one place the screenshot harness gets its font: Inter from @fontsource/inter (pinned, OFL), loaded into the
 * page and forced on every element, so the references never depend on the fonts a machine happens to have (a
 * machine with Noto Sans and one with Liberation Sans rendered 3–5 % of pixels differently). Glyphs Inter lacks
 * (emoji) still fall back to the machine's fonts; stories avoid them.
 */
import latin400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import latin500 from '@fontsource/inter/files/inter-latin-500-normal.woff2?url';
import latin600 from '@fontsource/inter/files/inter-latin-600-normal.woff2?url';
import latin700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';
import latinExt400 from '@fontsource/inter/files/inter-latin-ext-400-normal.woff2?url';
import latinExt500 from '@fontsource/inter/files/inter-latin-ext-500-normal.woff2?url';
import latinExt600 from '@fontsource/inter/files/inter-latin-ext-600-normal.woff2?url';
import latinExt700 from '@fontsource/inter/files/inter-latin-ext-700-normal.woff2?url';

export const VISUAL_FONT_FAMILY = 'Visual Test Inter';

// The unicode ranges of @fontsource/inter's latin and latin-ext subsets (its 400.css).
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

const FACES: [url: string, weight: string, range: string][] = [
  [latin400, '400', LATIN],
  [latin500, '500', LATIN],
  [latin600, '600', LATIN],
  [latin700, '700', LATIN],
  [latinExt400, '400', LATIN_EXT],
  [latinExt500, '500', LATIN_EXT],
  [latinExt600, '600', LATIN_EXT],
  [latinExt700, '700', LATIN_EXT],
];

/** Every element, monospace and form controls included (they do not inherit the body's font by default). */
const FORCE_CSS = `*, *::before, *::after { font-family: '${VISUAL_FONT_FAMILY}' !important; }`;

/** Loads the shipped faces (resolves once all are ready) and forces them; returns a function that undoes it. */
export async function loadShippedFont(): Promise<() => void> {
  const faces = FACES.map(
    ([url, weight, unicodeRange]) =>
      new FontFace(VISUAL_FONT_FAMILY, `url(${url}) format('woff2')`, {
        weight,
        unicodeRange,
        style: 'normal',
      }),
  );
  await Promise.all(faces.map((face) => face.load()));
  for (const face of faces) document.fonts.add(face);
  const style = document.createElement('style');
  style.textContent = FORCE_CSS;
  document.head.append(style);
  return () => {
    style.remove();
    for (const face of faces) document.fonts.delete(face);
  };
}
