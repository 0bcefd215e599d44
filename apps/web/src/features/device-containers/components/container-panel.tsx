import type { DockerContainer } from '@ec/contract/device-docker';
import Stack from '@mui/material/Stack';
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
