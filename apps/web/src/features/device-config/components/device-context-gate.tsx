import type { ReactNode } from 'react';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { RequestError } from '../../../components/ui/request-error';
import type { DeviceConfigContext, useDeviceConfigContext } from '../hooks/use-device-config-context';

/**
 * A form that needs the device's versions and entitlements waits for them: a skeleton while they load,
 * the failed request with Retry, then the form.
 */
export function DeviceContextGate(props: {
  device: ReturnType<typeof useDeviceConfigContext>;
  loadingLabel: string;
  children: (context: DeviceConfigContext) => ReactNode;
}) {
  const { device } = props;
  if (device.context) return props.children(device.context);
  if (device.error) return <RequestError error={device.error} onRetry={device.retry} />;
  return <PageSkeleton label={props.loadingLabel} />;
}
