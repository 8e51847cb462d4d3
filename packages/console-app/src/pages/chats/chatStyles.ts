import { styled } from 'styled-components';
import { t } from '@staff/console-ui';
import { controlRowCss, pageControlCss, surfaceCss } from '../common/styles.js';

// Chat List's layout: the conversation list and the open conversation side by side, one at a time on a phone.
export const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(16rem, 22rem) minmax(0, 1fr) minmax(12rem, 16rem);
  gap: ${t.space3};
  align-items: start;
  .back {
    display: none;
  }
  @media (max-width: 1100px) {
    grid-template-columns: minmax(14rem, 20rem) minmax(0, 1fr);
    .customer {
      grid-column: 1 / -1;
    }
  }
  @media (max-width: 720px) {
    grid-template-columns: minmax(0, 1fr);
    .back {
      display: inline-block;
    }
    &[data-open] .list {
      display: none;
    }
    &:not([data-open]) .thread {
      display: none;
    }
  }
`;

export const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${t.space2};
  min-width: 0;
  &.thread {
    min-height: 28rem;
    height: calc(100vh - 220px);
  }
  .filters {
    display: flex;
    flex-wrap: wrap;
    gap: ${t.space1};
    button {
      font: inherit;
      font-size: ${t.fontSizeSm};
      padding: ${t.space1} ${t.space2};
      border-radius: 999px;
      border: 1px solid ${t.colorBorder};
      background: ${t.colorSurface};
      color: ${t.colorText};
      cursor: pointer;
      &[aria-selected='true'] {
        background: ${t.colorPrimary};
        border-color: ${t.colorPrimary};
        color: ${t.colorPrimaryText};
      }
      &:focus-visible {
        outline: 2px solid ${t.colorFocus};
        outline-offset: 2px;
      }
    }
  }
  .search {
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
    font-size: ${t.fontSizeSm};
    input {
      ${pageControlCss}
    }
  }
  section {
    ${surfaceCss}
    padding: ${t.space3};
    h2 {
      margin: 0 0 ${t.space2};
      font-size: ${t.fontSizeMd};
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: ${t.space2};
      font-size: ${t.fontSizeSm};
    }
    li {
      display: flex;
      flex-direction: column;
    }
    li span {
      color: ${t.colorTextMuted};
    }
  }
`;

/** The customer's conversations on every business number: one customer, the agent jumps between them. */
export const CustomerConversations = styled.nav`
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: ${t.space1};
  }
  a {
    display: flex;
    flex-wrap: wrap;
    gap: 0 ${t.space1};
    align-items: baseline;
    padding: ${t.space1} ${t.space2};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusMd};
    background: ${t.colorSurface};
    color: ${t.colorText};
    font-size: ${t.fontSizeSm};
    text-decoration: none;
    span {
      color: ${t.colorTextMuted};
    }
    &[aria-current='true'] {
      border-color: ${t.colorPrimary};
      background: ${t.colorPrimarySoft};
    }
    &:hover {
      border-color: ${t.colorPrimary};
    }
    &:focus-visible {
      outline: 2px solid ${t.colorFocus};
      outline-offset: 2px;
    }
  }
`;

export const Toolbar = styled.div`
  ${controlRowCss}
  gap: ${t.space2};
  label {
    display: flex;
    flex-direction: column;
    font-size: ${t.fontSizeSm};
  }
  select {
    ${pageControlCss}
  }
`;
