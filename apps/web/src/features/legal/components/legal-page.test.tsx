import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS } from '../../../components/legal/legal-documents';
import { renderWithProviders } from '../../../testing/render';
import { LegalPage } from './legal-page';

const routes = LEGAL_DOCUMENTS.map((document) => ({
  path: `/legal/${document}`,
  element: <LegalPage document={document} />,
}));

describe('LegalPage', () => {
  it("shows the agreement's key figures without a close button", async () => {
    renderWithProviders(null, { routes, url: '/legal/csa' });
    expect(
      await screen.findByRole('heading', { name: 'Cloud Services Agreement', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Fees are due 30 days from the date of the invoice.')).toBeInTheDocument();
    expect(screen.getByText('Late payments bear interest of 1.5% per month.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('switches between the documents and dates the privacy policy', async () => {
    const { user } = renderWithProviders(null, { routes, url: '/legal/aup' });
    expect(await screen.findByText('Sending spam or other unsolicited messages.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Privacy Policy' }));
    expect(await screen.findByText('Effective October 24th 2022')).toBeInTheDocument();
  });
});
