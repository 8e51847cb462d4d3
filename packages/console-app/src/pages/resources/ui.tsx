import { styled } from 'styled-components';
import { t } from '@staff/console-ui';

/** The page's buttons; `data-kind="primary"` for the main action, `"danger"` for deletes. */
export const Button = styled.button`
  font: inherit;
  font-size: ${t.fontSizeSm};
  padding: ${t.space1} ${t.space3};
  border-radius: ${t.radiusSm};
  border: 1px solid ${t.colorBorder};
  background: ${t.colorSurface};
  color: ${t.colorText};
  cursor: pointer;
  white-space: nowrap;
  &[data-kind='primary'] {
    background: ${t.colorPrimary};
    border-color: ${t.colorPrimary};
    color: ${t.colorPrimaryText};
  }
  &[data-kind='danger'] {
    color: ${t.colorDanger};
    border-color: currentColor;
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  &:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 2px;
  }
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${t.space2};
`;

export const Notice = styled.p`
  margin: 0;
  padding: ${t.space2} ${t.space3};
  border-radius: ${t.radiusSm};
  font-size: ${t.fontSizeSm};
  background: ${t.colorInfoSoft};
  color: ${t.colorText};
  &[data-tone='warning'] {
    background: ${t.colorWarningSoft};
  }
`;
