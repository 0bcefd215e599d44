import { type ComponentProps, lazy, type ReactNode, Suspense, useRef } from 'react';
import { useNearViewport } from '../use-near-viewport';
import type * as Footers from './data-table-footer';

// MUI's TablePagination brings Select, Menu, Popover, Modal and Tooltip with it: they load when a paged
// list's end comes near the screen, so a page whose list sits below the fold (the device page's
// events) does not fetch them with its first view.
const TokenPagingFooter = lazy(() =>
  import('./data-table-footer').then((m) => ({ default: m.TokenPagingFooter })),
);
const ClientPagingFooter = lazy(() =>
  import('./data-table-footer').then((m) => ({ default: m.ClientPagingFooter })),
);

/** TablePagination's height, kept while it loads so that nothing below it moves. */
const FOOTER_HEIGHT = 52;

function DeferredFooter({ children }: { children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeholder);
  const space = <div ref={placeholder} style={{ minHeight: FOOTER_HEIGHT }} aria-hidden="true" />;
  return near ? <Suspense fallback={space}>{children}</Suspense> : space;
}

export function DeferredTokenPagingFooter(props: ComponentProps<typeof Footers.TokenPagingFooter>) {
  return (
    <DeferredFooter>
      <TokenPagingFooter {...props} />
    </DeferredFooter>
  );
}

export function DeferredClientPagingFooter(props: ComponentProps<typeof Footers.ClientPagingFooter>) {
  return (
    <DeferredFooter>
      <ClientPagingFooter {...props} />
    </DeferredFooter>
  );
}
