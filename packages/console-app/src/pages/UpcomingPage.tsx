import { Muted, RoutePage } from './PageLayout.js';
import type { PageProps } from './types.js';

/**
 * The body of a page whose content is built by a later issue: its title and an honest note, nothing made up.
 */
export default function UpcomingPage({ route }: PageProps) {
  return (
    <RoutePage route={route}>
      <Muted>The content of this page comes with a later release.</Muted>
    </RoutePage>
  );
}
