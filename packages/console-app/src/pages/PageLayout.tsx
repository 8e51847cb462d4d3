import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { t } from '@staff/console-ui';

export const PageRoot = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${t.space4};
  max-width: 72rem;
`;

export const PageTitle = styled.h1`
  margin: 0;
  font-size: ${t.fontSizeXl};
  font-weight: 600;
  color: ${t.colorText};
`;

export const Muted = styled.p`
  margin: 0;
  color: ${t.colorTextMuted};
`;

/** A page's frame: its title as the heading, then the body. */
export function Page({ title, children, 'data-page': dataPage }: { title: string; children: ReactNode; 'data-page'?: string }) {
  return (
    <PageRoot aria-labelledby="page-title" data-page={dataPage}>
      <PageTitle id="page-title">{title}</PageTitle>
      {children}
    </PageRoot>
  );
}
