import { act, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { Link, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { useFocusHeadingOnNavigate } from './use-focus-heading-on-navigate';

function Layout() {
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(main);
  return (
    <>
      <nav>
        <Link to="/one">One</Link>
        <Link to="/two">Two</Link>
      </nav>
      <main ref={main}>
        <Outlet />
      </main>
    </>
  );
}

function PageTwo() {
  return (
    <>
      <h1>Page two</h1>
      <Link to="/two/more">Tab</Link>
    </>
  );
}

function renderLayout() {
  return renderWithProviders(null, {
    url: '/one',
    routes: [
      {
        element: <Layout />,
        children: [
          { path: '/one', element: <h1>Page one</h1> },
          { path: '/two/*', element: <PageTwo /> },
          { path: '/late', element: <p>Loading</p> },
        ],
      },
    ],
  });
}

describe('useFocusHeadingOnNavigate', () => {
  it('leaves the focus alone on the first load', () => {
    renderLayout();
    expect(document.body).toHaveFocus();
  });

  it('moves the focus to the new page heading after a navigation from the menu', async () => {
    const { user } = renderLayout();
    await user.click(screen.getByRole('link', { name: 'Two' }));
    const heading = screen.getByRole('heading', { name: 'Page two' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('keeps the focus on a control of the page that stayed (a tab link)', async () => {
    const { user } = renderLayout();
    await user.click(screen.getByRole('link', { name: 'Two' }));
    const tab = screen.getByRole('link', { name: 'Tab' });
    await user.click(tab);
    expect(tab).toHaveFocus();
  });

  it('waits for the heading of a page that is still loading', async () => {
    const { router } = renderLayout();
    await act(() => router.navigate('/late'));
    expect(document.body).toHaveFocus();
    const heading = document.createElement('h1');
    heading.textContent = 'Late page';
    act(() => screen.getByText('Loading').after(heading));
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
