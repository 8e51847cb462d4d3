// What the Bot Auto Response parts share: their panels' look and the alert box (the forms' rows are common/FormField's).
import { styled } from 'styled-components';
import { t } from '@staff/console-ui';
import { Panel as BasePanel, pageControlCss, tableCss } from '../common/styles.js';
import type { BOTS_TEXTS } from './texts.js';

export type BotsTexts = (typeof BOTS_TEXTS)['en'];

export const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${t.space4};
  .row {
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
    max-width: 32rem;
  }
  select,
  input,
  textarea {
    ${pageControlCss}
  }
  .notice {
    margin: 0;
    color: ${t.colorSuccess};
  }
`;

export const Panel = styled(BasePanel)`
  header {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${t.space2};
  }
  .scroll {
    overflow-x: auto;
  }
  table {
    ${tableCss}
  }
  th,
  td {
    vertical-align: top;
  }
  .actions {
    display: flex;
    gap: ${t.space1};
  }
  .grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
    gap: ${t.space3};
    align-items: end;
  }
  .grid .field {
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
    font-size: ${t.fontSizeSm};
  }
  .grid .check {
    flex-direction: row;
    align-items: center;
  }
  .wide {
    grid-column: 1 / -1;
  }
  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: ${t.space3};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
  }
  .error,
  p[role='alert'] {
    color: ${t.colorDanger};
  }
  .buttons {
    display: flex;
    gap: ${t.space2};
  }
  .result p {
    margin: 0 0 ${t.space1};
  }
`;

export const Alert = styled.div`
  padding: ${t.space3};
  border-radius: ${t.radiusMd};
  background: ${t.colorDangerSoft};
  color: ${t.colorDanger};
`;
