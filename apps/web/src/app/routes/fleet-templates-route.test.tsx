import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInHandlers, signInToTestOrg, TEST_ORG_GUID } from '../../testing/alert-fixtures';
import { makeFleet } from '../../testing/data-generators';
import { mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { FleetTemplatesRoute } from './fleet-templates-route';

const FLEET = '00000000-0000-4000-8000-0000000000f1';
const TEMPLATE = '00000000-0000-4000-8000-0000000000bb';

function renderTab(editable: boolean) {
  signInToTestOrg();
  mockApi({
    ...signedInHandlers(),
    [`GET /fleets/${FLEET}/shadow_templates`]: {
      body: {
        templates: [
          {
            template_guid: TEMPLATE,
            template_name: 'Stage inputs',
            shadow_name: 'Inputs',
            state: { inputs: [] },
            target_object: 'fleet',
            target_guid: FLEET,
          },
        ],
      },
    },
  });
  const fleet = makeFleet({ fleet_guid: FLEET, fleet_name: 'Venue A', org_guid: TEST_ORG_GUID, editable });
  return renderWithProviders(undefined, {
    routes: [{ path: '/', element: <FleetTemplatesRoute fleet={fleet} /> }],
  });
}

describe('FleetTemplatesRoute', () => {
  it("offers the fleet's editors to roll a template out to the fleet, in the Roll Out dialog", async () => {
    const { user } = renderTab(true);
    await user.click(await screen.findByRole('button', { name: 'Roll out Stage inputs to the fleet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll Out' });
    expect(within(dialog).getByText('Venue A')).toBeInTheDocument();
    expect(within(dialog).getByText(/Stage inputs/)).toBeInTheDocument();
  });

  it('offers nothing to a reader of the fleet', async () => {
    renderTab(false);
    expect(await screen.findByText('Stage inputs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Roll out/ })).not.toBeInTheDocument();
  });
});
