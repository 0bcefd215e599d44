import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { routes } from '../routes';
import { useDocumentTitle } from './use-document-title';

function Title() {
  useDocumentTitle(routes);
  return null;
}

const titleAt = async (url: string) => {
  mockApi({
    'GET /config': { body: { deployment_name: 'Test Console', support_url: '', debug: false, banner: null } },
  });
  document.title = '';
  const view = renderWithProviders(<Title />, { url });
  await waitFor(() => expect(document.title).toMatch(/^Test Console/));
  view.unmount();
  return document.title;
};

describe('the page title (spec 1 §1)', () => {
  it('is the deployment name, then the route title', async () => {
    expect(await titleAt('/account')).toBe('Test Console - My Account');
  });

  it("names the legal documents' page for the three documents", async () => {
    for (const document of ['csa', 'aup', 'privacy']) {
      expect(await titleAt(`/legal/${document}`)).toBe('Test Console - Legal Documents');
    }
  });

  it('says Page Not Found for an unknown legal document, as the page does', async () => {
    expect(await titleAt('/legal/terms')).toBe('Test Console - Page Not Found');
    expect(await titleAt('/nowhere')).toBe('Test Console - Page Not Found');
  });
});
