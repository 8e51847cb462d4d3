import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useStartScreen, type UseStartScreenOptions } from './useStartScreen.js';
import { spin } from '../../primitives/spin.js';

/** The start screen's only text. */
export const START_SCREEN_LABEL = 'Please Wait...';

export interface StartScreenProps extends UseStartScreenOptions {
  /** Fill the viewport height (default) or just the parent, e.g. when embedded. */
  fullScreen?: boolean;
  className?: string;
}

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
  useThemeCheck('StartScreen');
  const { status } = useStartScreen(options);
  return (
    <Root
      className={['cui-start-screen', className].filter(Boolean).join(' ')}
      data-state={status}
      data-fullscreen={fullScreen || undefined}
    >
      <Status role="status" className="cui-start-screen__status">
        <Spinner className="cui-start-screen__spinner" aria-hidden="true" />
        <span>{START_SCREEN_LABEL}</span>
      </Status>
    </Root>
  );
}

const Root = styled.div`
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

  &[data-fullscreen] {
    min-height: 100vh;
    min-height: 100dvh;
  }
`;

const Status = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${t.space3};
  font-size: ${t.fontSizeLg};
`;

const Spinner = styled.span`
  box-sizing: border-box;
  width: 40px;
  height: 40px;
  border: 4px solid ${t.colorPrimarySoft};
  border-top-color: ${t.colorPrimary};
  border-radius: 50%;
  animation: ${spin} 0.9s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.7s;
  }
`;
