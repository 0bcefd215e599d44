import {
  CONTAINER_ACTION_LABELS,
  CONTAINER_ACTIONS,
  type ContainerAction,
  containerActionsFor,
  type DockerContainer,
} from '@ec/contract/device-docker';
import { DOCKER_LOGS_MESSAGES } from '@ec/contract/docker-logs';
import { isProtectedContainer } from '@ec/contract/shadow-documents/containers';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../../components/ui/section-card';
import { dockerCommands } from '../api/send-docker-command';
import { useContainerCommand } from '../hooks/use-container-command';
import { useContainerLogs } from '../hooks/use-container-logs';
import { CommandStatus } from './command-status';
import { ContainerLogView } from './container-log-view';

/**
 * Manage Container (spec 3 §2.7, §4.4): the actions its status allows, each disabled while the device
 * is offline, a command is in progress, the user cannot edit or the container is the system's own; the
 * command's progress; and the container's live log.
 */
export function ManageContainer(props: {
  deviceGuid: string;
  container: DockerContainer;
  editable: boolean;
  /** Whether the device's cloud agent sends container logs (v1.23.0, spec 3 §9). */
  logsSupported: boolean;
}) {
  const { deviceGuid, container, editable } = props;
  const command = useContainerCommand(deviceGuid);
  const containerId = String(container.id);
  const lines = useContainerLogs(deviceGuid, containerId, props.logsSupported);
  const allowed = containerActionsFor(container.status);
  const locked = !editable || command.processing || isProtectedContainer(container);

  const act = (action: ContainerAction | 'delete') => {
    if (action === 'delete') {
      void command.track('docker_container_delete', () =>
        dockerCommands.deleteContainer(deviceGuid, containerId),
      );
      return;
    }
    void command.track('docker_container_action', () =>
      dockerCommands.containerAction(deviceGuid, containerId, action),
    );
  };

  return (
    <SectionCard title="Manage Container" headingLevel="h3" titleVariant="h5">
      <Stack spacing={2}>
        <Typography variant="body2">
          {container.name} · {container.image} · <strong>{container.status}</strong>
          {isProtectedContainer(container) ? ' · system container' : ''}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {[...CONTAINER_ACTIONS, 'delete' as const].map((action) => (
            <Button
              key={action}
              variant="outlined"
              color={action === 'delete' || action === 'kill' ? 'error' : 'primary'}
              disabled={locked || !allowed.includes(action)}
              onClick={() => act(action)}
            >
              {CONTAINER_ACTION_LABELS[action]}
            </Button>
          ))}
        </Stack>
        <CommandStatus progress={command.progress} onClose={command.processing ? undefined : command.reset} />
        {props.logsSupported ? (
          <ContainerLogView lines={lines} label={`Logs of ${container.name}`} />
        ) : (
          <Alert severity="info">{DOCKER_LOGS_MESSAGES.oldAgent}</Alert>
        )}
      </Stack>
    </SectionCard>
  );
}
