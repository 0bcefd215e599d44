import type { DockerContainer } from '@ec/contract/device-docker';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import { ConfigureContainer } from './configure-container';
import { ManageContainer } from './manage-container';

/** An installed container opened from a list (spec 3 §2.7): Manage Container, then Configure Container. */
export function ContainerPanel(props: {
  deviceGuid: string;
  container: DockerContainer;
  editable: boolean;
  logsSupported: boolean;
}) {
  const { logsSupported, ...container } = props;
  return (
    <Stack spacing={2}>
      <ManageContainer {...props} />
      <ConfigureContainer key={String(props.container.id)} {...container} />
    </Stack>
  );
}

/** What both views of the Containers tab are given: the device's containers and the one opened. */
export interface ContainerViewProps {
  deviceGuid: string;
  containers: UseQueryResult<DockerContainer[]>;
  editable: boolean;
  logsSupported: boolean;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

/** The panel of the container opened from the view's list, while it is one of the device's. */
export function SelectedContainerPanel(props: ContainerViewProps) {
  const selected = props.containers.data?.find((c) => String(c.id) === props.selectedId);
  return selected ? (
    <ContainerPanel
      deviceGuid={props.deviceGuid}
      container={selected}
      editable={props.editable}
      logsSupported={props.logsSupported}
    />
  ) : null;
}
