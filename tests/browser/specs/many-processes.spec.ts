import type { DeviceCommand } from '@ec/contract/device-commands';
import { expect, test } from '@playwright/test';
import { startConsoleProcess } from '../support/console-process.ts';
import { demoOrgHeaders, openAsDemoAdmin } from '../support/demo-org.ts';
import { infoValue } from '../support/device-info.ts';
import { startRoundRobinProxy } from '../support/round-robin-proxy.ts';
import { spareDevice } from '../support/spare-device.ts';

/**
 * Several console processes behind one address, as production runs them (issue 28): two more
 * processes on the spec console's PostgreSQL database and Mosquitto, a round-robin proxy in front of
 * them, a browser on the proxy. The broker hands each device message to one process of the share group
 * in turn, so the device's changes are ingested by processes other than the one holding the page's live
 * socket, and the page shows each at once. A reboot sent to the process holding the page's live
 * socket, killed straight after, is carried to its end by the others, and the page, reconnected,
 * follows it. PostgreSQL + Mosquitto only (the embedded broker and PGlite live inside one process).
 */
const databaseUrl = process.env.EC_CONSOLE_DATABASE_URL;

test.skip(!databaseUrl, 'needs the console on PostgreSQL (EC_BROWSER_DATABASE_URL)');

test('a browser behind one address follows a device ingested by other processes, and a reboot outlives the process that sent it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [first, second] = await Promise.all([startConsoleProcess(), startConsoleProcess()]);
  const proxy = await startRoundRobinProxy([first.port, second.port]);
  // The encoder answers a reboot two seconds after it gets it: by then the process that sent it is gone.
  const spare = await spareDevice(request, 'edgecaster', { rebootDelayMs: 1000, commandStepMs: 2000 });
  const context = await browser.newContext({ baseURL: proxy.url });
  try {
    const page = await context.newPage();
    await openAsDemoAdmin(page, `/devices/${spare.device.device_guid}`);
    const online = infoValue(page, 'Device Info', 'Online');
    await expect(online).toHaveText('Yes');

    // Three processes share the device messages: four changes in a row land on at least two of them.
    for (let round = 0; round < 2; round++) {
      await spare.goOffline();
      await expect(online).toHaveText('No');
      await spare.comeBack();
      await expect(online).toHaveText('Yes');
    }

    const lastBoot = infoValue(page, 'Device State', 'Last Boot');
    await expect(lastBoot).toHaveText(/\d{4}\/\d{2}\/\d{2}/);
    const bootBefore = await lastBoot.textContent();
    // The process holding the page's live socket takes the reboot and is killed straight after.
    const doomed = [first, second].find((candidate) => candidate.port === proxy.livePort());
    if (!doomed) throw new Error('the page has no live socket on either process');
    const sent = await request.post(`${doomed.url}/v1/devices/${spare.device.device_guid}/commands`, {
      headers: await demoOrgHeaders(request),
      data: { command: 'reboot_device' },
    });
    expect(sent.status()).toBe(202);
    const { command_guid } = (await sent.json()) as { command_guid: string };
    await doomed.kill();

    // The page's socket moves to the living process and the page sees the reboot through: the device's
    // new boot time. (Its moment offline may fall while the socket reconnects: the page then learns the
    // outcome, not the transition.)
    await expect(lastBoot).not.toHaveText(bootBefore ?? '', { timeout: 30_000 });
    await expect(online).toHaveText('Yes', { timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const answer = await request.get(
            `${proxy.url}/v1/devices/${spare.device.device_guid}/commands/${command_guid}`,
            { headers: await demoOrgHeaders(request) },
          );
          return ((await answer.json()) as { command: DeviceCommand }).command.response.result.state;
        },
        { message: 'the reboot ends complete', timeout: 20_000 },
      )
      .toBe('COMPLETE');
  } finally {
    await context.close();
    await spare.release();
    await proxy.close();
    await Promise.all([first.stop(), second.stop()]);
  }
});
