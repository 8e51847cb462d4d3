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

const PageHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${t.space3} ${t.space4};
`;

const PageHeading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${t.space1};
  flex: 1 1 20rem;
  min-width: 0;
`;

/** The page's own primary actions: top right, kept on one line. */
const PageActions = styled.div`
  display: flex;
  flex: none;
  align-items: center;
  gap: ${t.space2};
`;

/**
 * A page's frame: its title (and description) as the header, the page's primary actions at its right, then the
 * body.
 */
export function Page({
  title,
  description,
  actions,
  children,
  'data-page': dataPage,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  'data-page'?: string;
}) {
  return (
    <PageRoot aria-labelledby="page-title" data-page={dataPage}>
      <PageHeader>
        <PageHeading>
          <PageTitle id="page-title">{title}</PageTitle>
          {description ? <Muted>{description}</Muted> : null}
        </PageHeading>
        {actions ? <PageActions>{actions}</PageActions> : null}
      </PageHeader>
      {children}
    </PageRoot>
  );
}

/** A route's page: its title is the route's, and `data-page` its id. */
export function RoutePage({
  route,
  ...rest
}: {
  route: { id: string; title: string };
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return <Page title={route.title} data-page={route.id} {...rest} />;
}
