import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';
import './common/page.css';

/** `className` joined to a component's own class. */
export const withClass = (own: string, className: string | undefined) =>
  className ? `${own} ${className}` : own;

/** The page's column: title, then its blocks. (Static CSS, common/page.css: the landing ships no styled-components.) */
export function PageRoot<E extends ElementType = 'section'>({
  as,
  className,
  ...rest
}: { as?: E } & ComponentPropsWithoutRef<E>) {
  const Element: ElementType = as ?? 'section';
  return <Element className={withClass('app-page', className as string | undefined)} {...rest} />;
}

export const PageTitle = ({ className, children, ...rest }: ComponentPropsWithoutRef<'h1'>) => (
  <h1 className={withClass('app-page__title', className)} {...rest}>
    {children}
  </h1>
);

/** Secondary text: a `<p>`, or `as` another element (`as="span"` inside a line). */
export function Muted<E extends ElementType = 'p'>({
  as,
  className,
  ...rest
}: { as?: E } & ComponentPropsWithoutRef<E>) {
  const Element: ElementType = as ?? 'p';
  return <Element className={withClass('app-muted', className as string | undefined)} {...rest} />;
}

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
      <header className="app-page__header">
        <div className="app-page__heading">
          <PageTitle id="page-title">{title}</PageTitle>
          {description ? <Muted>{description}</Muted> : null}
        </div>
        {/* The page's own primary actions: top right, kept on one line. */}
        {actions ? <div className="app-page__actions">{actions}</div> : null}
      </header>
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
