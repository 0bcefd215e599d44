import { TargetInvitesTable } from '../../../components/invites/target-invites-table';
import { SectionCard } from '../../../components/ui/section-card';
import { useCancelDeviceInvite } from '../api/cancel-device-invite';
import { useDeviceInvites } from '../api/get-device-invites';

/** The device's Pending Invites, up to 200 (spec 2 §2.5); editors cancel them. */
export function DeviceInvitesBox(props: { deviceGuid: string; canEdit: boolean }) {
  const invites = useDeviceInvites(props.deviceGuid);
  const cancelInvite = useCancelDeviceInvite(props.deviceGuid);
  return (
    <SectionCard title="Pending Invites" titleVariant="h3">
      <TargetInvitesTable
        label="Pending Invites"
        invites={invites.data?.invites ?? []}
        query={invites}
        cancel={cancelInvite}
        canEdit={props.canEdit}
      />
    </SectionCard>
  );
}
