import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';
import { SPIN_KEYFRAMES, spinKeyframesCss } from '../../primitives/spin.js';
import { useStartScreen, type UseStartScreenOptions } from './useStartScreen.js';

/** The start screen's only text. */
export const START_SCREEN_LABEL = 'Please Wait...';

export interface StartScreenProps extends UseStartScreenOptions {
  /** Fill the viewport height (default) or just the parent, e.g. when embedded. */
  fullScreen?: boolean;
  className?: string;
}

/**
 * A static sheet, not styled-components (ADR 048): the `/` screen paints before the console's code arrives and
 * ships none of it. One class per rule, as specific as the styled rules were.
 */
const START_SCREEN_CSS = `.cui-start-screen {
  box-sizing: border-box;
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  min-height: 100%;
  padding: ${t.space4};
  color: ${t.colorText};
  background: ${t.colorBg};
  font-family: ${t.fontFamily};
}
.cui-start-screen[data-fullscreen] {
  min-height: 100vh;
  min-height: 100dvh;
}
.cui-start-screen__status {
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${t.space3};
  font-size: ${t.fontSizeLg};
}
.cui-start-screen__spinner {
  box-sizing: border-box;
  width: 40px;
  height: 40px;
  border: 4px solid ${t.colorPrimarySoft};
  border-top-color: ${t.colorPrimary};
  border-radius: 50%;
  animation: ${SPIN_KEYFRAMES} 0.9s linear infinite;
}
@media (prefers-reduced-motion: reduce) {
  .cui-start-screen__spinner {
    animation-duration: 2.7s;
  }
}
${spinKeyframesCss}`;

/**
 * The `/` screen: a centred "Please Wait..." with a spinner while the session is checked, then
 * `onNavigate('/app/customer-chats')` or `onNavigate('/login')` after 0.5 s.
 *
 * @example
 * ```tsx
 * <StartScreen checkSession={() => readStoredUser(localStorage) !== null} onNavigate={(path) => navigate(path, { replace: true })} />
 * ```
 */
export function StartScreen({ fullScreen = true, className, ...options }: StartScreenProps) {
  useStaticStyles('start-screen', START_SCREEN_CSS);
  useThemeCheck('StartScreen');
  const { status } = useStartScreen(options);
  return (
    <div
      className={['cui-start-screen', className].filter(Boolean).join(' ')}
      data-state={status}
      data-fullscreen={fullScreen || undefined}
    >
      <div role="status" className="cui-start-screen__status">
        <span className="cui-start-screen__spinner" aria-hidden="true" />
        <span>{START_SCREEN_LABEL}</span>
      </div>
    </div>
  );
}
