import type { Shadow } from '@ec/contract/shadows';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { RequestError } from '../../../components/ui/request-error';
import type { useShadowCommandFlow } from '../../../lib/shadows/use-shadow-command-flow';
import { useReload } from '../../../lib/use-reload';
import { CommandBanner } from './command-banner';
import { useConfigSlots } from './config-slots';
import { ShadowDebugView } from './shadow-debug-view';
import { ShadowToolbar } from './shadow-toolbar';

export const MISSING_SHADOW_STATE = 'Missing Shadow State';

/** What the frame needs of the shadow's query: a TanStack `useQuery` result fits as it is. */
interface ShadowQuery {
  data: Shadow | null | undefined;
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * What every configuration tab shows around its form (spec 3 §2.1, §4.1-4.2): the reported version
 * and time with Reload and Force Sync, the command banner, a failed send or load with Retry, the
 * skeleton while loading, 'Missing Shadow State', and the debug view. `children` is the form, shown
 * once the device has reported the document.
 */
export function ShadowTabFrame(props: {
  shadow: ShadowQuery;
  flow: ReturnType<typeof useShadowCommandFlow>;
  canEdit: boolean;
  loadingLabel: string;
  onForceSync: () => void;
  children: ReactNode;
}) {
  const { shadow, flow } = props;
  const { ShadowActions } = useConfigSlots();
  const hasState = Boolean(shadow.data?.reported?.state);
  const { reload, reloading } = useReload(shadow.refetch);
  return (
    <Stack spacing={2}>
      <ShadowToolbar
        shadow={shadow.data}
        canEdit={props.canEdit}
        busy={flow.pending}
        reloading={reloading}
        onReload={reload}
        onForceSync={props.onForceSync}
      />
      {ShadowActions && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <ShadowActions shadow={shadow.data} flow={flow} canEdit={props.canEdit} />
        </Stack>
      )}
      <CommandBanner pendingType={flow.pendingType} settled={flow.settled} onDismiss={flow.dismiss} />
      <ErrorAlert error={flow.sendError} />
      <RequestError error={shadow.error} onRetry={shadow.refetch} />
      {shadow.isPending && <PageSkeleton label={props.loadingLabel} />}
      {shadow.isSuccess && !hasState && <Alert severity="warning">{MISSING_SHADOW_STATE}</Alert>}
      {hasState && props.children}
      <ShadowDebugView shadow={shadow.data} />
    </Stack>
  );
}
