import { styled } from 'styled-components';
import { t } from '@staff/console-ui';
import type { ResourceRow } from '@staff/console-ui';
import type { LogisticsApi } from '../../api/logistics.js';
import { PageButton } from '../common/styles.js';

/** A dialog over the selected packages: `onDone` gets how many were saved. */
export interface PackagesDialogProps {
  api: LogisticsApi;
  rows: ResourceRow[];
  onDone: (count: number) => void;
  onCancel: () => void;
}

/** A labelled form control: the label above its input, the field's error below. */
export const Field = styled.label`
  display: grid;
  gap: ${t.space1};
  font-size: ${t.fontSizeSm};
  color: ${t.colorText};
  & input,
  & select,
  & textarea {
    font: inherit;
    padding: ${t.space1} ${t.space2};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
    background: ${t.colorSurface};
    color: ${t.colorText};
    min-width: 0;
  }
  & [aria-invalid='true'] {
    border-color: ${t.colorDanger};
  }
  & input:focus-visible,
  & select:focus-visible,
  & textarea:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 1px;
  }
`;

export const FieldError = styled.span`
  color: ${t.colorDanger};
  font-size: ${t.fontSizeSm};
`;

/** A small text button inside a row (the row's transitions). */
export const RowButton = styled(PageButton)`
  padding: 2px ${t.space2};
`;

export const Stack = styled.div`
  display: grid;
  gap: ${t.space3};
  max-height: 65vh;
  overflow: auto;
  min-width: min(640px, 90vw);
`;

export const Muted = styled.p`
  margin: 0;
  color: ${t.colorTextMuted};
  font-size: ${t.fontSizeSm};
`;

/** The receipt lines of the receipts dialog: order, courier, receipt and the row's error. */
export const ReceiptGrid = styled.table`
  border-collapse: collapse;
  width: 100%;
  font-size: ${t.fontSizeSm};
  & th,
  & td {
    text-align: left;
    padding: ${t.space1};
    vertical-align: top;
  }
  & input,
  & select {
    font: inherit;
    width: 100%;
    padding: ${t.space1};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
  }
  & [aria-invalid='true'] {
    border-color: ${t.colorDanger};
  }
`;

export const Events = styled.ol`
  margin: 0;
  padding-left: ${t.space4};
  display: grid;
  gap: ${t.space2};
  font-size: ${t.fontSizeSm};
`;
