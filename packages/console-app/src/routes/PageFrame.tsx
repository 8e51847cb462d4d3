import { keyframes, styled } from 'styled-components';
import { entityForRoute, type RouteDef } from '@staff/console-contract';
import { t } from '@staff/console-ui';
import { srOnlyCss } from '../pages/common/styles.js';
import { Muted, PageRoot } from '../pages/PageLayout.js';
import { useTextsOf } from '../i18n.js';
import { SHELL_TEXTS } from './texts.js';

const pulse = keyframes`50% { opacity: 0.45; }`;

const Title = styled.p`
  margin: 0;
  font-size: ${t.fontSizeXl};
  font-weight: 600;
  color: ${t.colorText};
`;

const Bone = styled.span`
  display: block;
  height: 0.75rem;
  border-radius: ${t.radiusSm};
  background: ${t.colorBorder};
  animation: ${pulse} 1.2s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const ToolbarBones = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${t.space2};
  span {
    height: 2.25rem;
  }
`;

const TableBones = styled.div`
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
  background: ${t.colorSurface};
  overflow: hidden;
  > div {
    display: grid;
    grid-template-columns: repeat(var(--columns), minmax(0, 1fr));
    gap: ${t.space3};
    align-items: center;
    height: 41px;
    padding: 0 ${t.space3};
    border-bottom: 1px solid ${t.colorBorder};
  }
  > div:first-child {
    background: ${t.colorSurfaceRaised};
    font-size: ${t.fontSizeSm};
    font-weight: 600;
    color: ${t.colorTextMuted};
    white-space: nowrap;
    overflow: hidden;
  }
`;

const StatusText = styled.span`
  ${srOnlyCss}
`;

const ROWS = 8;

/**
 * What a page shows while the guard's 0.75 s check runs (its data is already loading): the page's title, and for
 * a list its toolbar and table as a skeleton with the real column names, so the page appears complete when the
 * check ends instead of after a blank spinner. Not a heading yet: the page is not open until the server allows it.
 */
export function PageFrame({ route }: { route: RouteDef }) {
  const texts = useTextsOf(SHELL_TEXTS);
  const def = entityForRoute(route.id);
  const columns = def
    ? (def.fields.some((field) => field.list) ? def.fields.filter((field) => field.list) : def.fields).slice(
        0,
        7,
      )
    : [];
  return (
    <PageRoot as="div" data-page-frame={route.id} aria-busy="true">
      <StatusText role="status">{texts.checkingPermission}</StatusText>
      <div aria-hidden="true">
        <Title>{route.title}</Title>
        {def?.description ? <Muted>{def.description}</Muted> : null}
      </div>
      <ToolbarBones aria-hidden="true">
        <Bone style={{ width: '18rem' }} />
        <Bone style={{ width: '7rem' }} />
        <Bone style={{ width: '7rem' }} />
      </ToolbarBones>
      <TableBones aria-hidden="true" style={{ ['--columns' as string]: Math.max(columns.length, 4) }}>
        {columns.length ? (
          <div>
            {columns.map((field) => (
              <span key={field.name}>{field.label}</span>
            ))}
          </div>
        ) : null}
        {Array.from({ length: ROWS }, (_, row) => (
          <div key={row}>
            {Array.from({ length: Math.max(columns.length, 4) }, (_, cell) => (
              <Bone key={cell} style={{ width: `${60 + ((row * 7 + cell * 13) % 40)}%` }} />
            ))}
          </div>
        ))}
      </TableBones>
    </PageRoot>
  );
}
