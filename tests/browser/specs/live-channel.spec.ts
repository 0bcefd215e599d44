import { expect, test } from '@playwright/test';
import { openAsDemoAdmin } from '../support/demo-org.ts';
import { infoValue } from '../support/device-info.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * The live channel's first connection races the page's first requests: the server follows the
 * organization for the socket only once it has checked the socket's hello, and a change stored in
 * between is told to nobody. The page must not keep what it fetched before then. The hello is held
 * here until the device has gone offline, which a busy machine does by itself now and then.
 */
test('a device that goes offline while the live channel signs in is shown offline once it is ready', async ({
  page,
  request,
}) => {
  const spare = await spareDevice(request);
  try {
    let releaseHello = () => {};
    const helloReleased = new Promise<void>((resolve) => {
      releaseHello = resolve;
    });
    let held = false;
    await page.routeWebSocket('**/v1/live', (socket) => {
      const server = socket.connectToServer();
      const holdThis = !held;
      held = true;
      const forwarded = holdThis ? helloReleased : Promise.resolve();
      socket.onMessage((message) => void forwarded.then(() => server.send(message)));
    });
    await openAsDemoAdmin(page, `/devices/${spare.device.device_guid}`);
    const online = infoValue(page, 'Device Info', 'Online');
    await expect(online).toHaveText('Yes');

    await spare.goOffline();
    releaseHello();
    await expect(online).toHaveText('No');
  } finally {
    await spare.release();
  }
});
