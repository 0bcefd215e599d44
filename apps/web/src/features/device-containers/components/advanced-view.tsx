import { CONTAINER_PAGE_SIZES, type DockerImage } from '@ec/contract/device-docker';
import { isProtectedImage } from '@ec/contract/shadow-documents/containers';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type UseQueryResult, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../components/form/form-dialog';
import { actionsColumn } from '../../../components/ui/data-table/actions-column';
import { DataTable } from '../../../components/ui/data-table/data-table';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDate } from '../../../lib/format-date';
import { dockerCommands } from '../api/send-docker-command';
import { useContainerCommand } from '../hooks/use-container-command';
import { CommandStatus } from './command-status';
import { type ContainerViewProps, SelectedContainerPanel } from './container-panel';
import { ContainersList } from './containers-list';
import { CreateContainerDialog } from './create-container-dialog';
import { PullImageDialog } from './pull-image-dialog';

const imageName = (image: DockerImage) => image.tags[0] ?? image.id;
const megabytes = (size: number | undefined) => (size === undefined ? '' : `${Math.round(size / 1e6)} MB`);

/**
 * The Advanced view (spec 3 §2.7, §4.5): every container with Create Container, and the device's
 * images (50 a page) with Pull Image and Delete Image (never a protected one).
 */
export function AdvancedView(
  props: ContainerViewProps & { images: UseQueryResult<DockerImage[]>; privilegedAllowed: boolean },
) {
  const { deviceGuid, editable } = props;
  const command = useContainerCommand(deviceGuid);
  const [dialog, setDialog] = useState<'create' | 'pull' | null>(null);
  const [deleting, setDeleting] = useState<DockerImage | null>(null);
  const containers = props.containers.data ?? [];
  // The call itself answers at once with the command; the flow then follows the device's work.
  const send = useMutation({
    mutationFn: async (input: {
      name: Parameters<typeof command.track>[0];
      call: () => Promise<{ command_guid: string }>;
    }) => {
      const answer = await input.call();
      void command.track(input.name, async () => answer);
    },
    onSuccess: () => {
      setDialog(null);
      setDeleting(null);
    },
  });
  const locked = !editable || command.processing;

  return (
    <Stack spacing={2}>
      <CommandStatus progress={command.progress} onClose={command.processing ? undefined : command.reset} />
      <SectionCard
        title="Containers"
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={locked}
            onClick={() => {
              send.reset();
              setDialog('create');
            }}
          >
            Create Container
          </Button>
        }
      >
        <ContainersList
          label="Containers"
          query={props.containers}
          rows={containers}
          selectedId={props.selectedId}
          onSelect={props.onSelect}
          pageSize={CONTAINER_PAGE_SIZES.installed}
        />
      </SectionCard>
      <SelectedContainerPanel {...props} />
      <SectionCard
        title="Images"
        actions={
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            disabled={locked}
            onClick={() => {
              send.reset();
              setDialog('pull');
            }}
          >
            Pull Image
          </Button>
        }
      >
        <DataTable
          label="Images"
          columns={[
            { id: 'name', header: 'Image', cell: imageName, sortValue: imageName },
            {
              id: 'created',
              header: 'Created',
              cell: (image: DockerImage) =>
                typeof image.created === 'string' ? formatDate(image.created) : '',
              display: { xs: 'none', sm: 'table-cell' },
            },
            {
              id: 'size',
              header: 'Size',
              cell: (image: DockerImage) => megabytes(image.size),
              align: 'right',
            },
            actionsColumn((image: DockerImage) =>
              isProtectedImage(image) ? (
                <Typography variant="caption" color="text.secondary">
                  System image
                </Typography>
              ) : (
                <Button
                  size="small"
                  color="error"
                  disabled={locked}
                  onClick={() => {
                    send.reset();
                    setDeleting(image);
                  }}
                  aria-label={`Delete ${imageName(image)}`}
                >
                  Delete
                </Button>
              ),
            ),
          ]}
          rows={props.images.data ?? []}
          rowKey={(image) => image.id}
          emptyText="No images"
          query={props.images}
          paging={{ kind: 'client', pageSizes: [CONTAINER_PAGE_SIZES.images] }}
        />
      </SectionCard>
      <CreateContainerDialog
        open={dialog === 'create'}
        images={props.images.data ?? []}
        privilegedAllowed={props.privilegedAllowed}
        pending={send.isPending}
        error={send.error}
        onClose={() => setDialog(null)}
        onCreate={(body) =>
          send.mutate({
            name: 'docker_container_create',
            call: () => dockerCommands.createContainer(deviceGuid, body),
          })
        }
      />
      <PullImageDialog
        open={dialog === 'pull'}
        pending={send.isPending}
        error={send.error}
        onClose={() => setDialog(null)}
        onPull={(body) =>
          send.mutate({ name: 'docker_image_pull', call: () => dockerCommands.pullImage(deviceGuid, body) })
        }
      />
      <FormDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onSubmit={(event) => {
          event.preventDefault();
          if (deleting)
            send.mutate({
              name: 'docker_image_delete',
              call: () => dockerCommands.deleteImage(deviceGuid, deleting.id),
            });
        }}
        title="Delete Image"
        submitLabel="Delete"
        submitColor="error"
        pending={send.isPending}
        error={send.error}
      >
        <Typography>Are you sure you want to delete {deleting ? imageName(deleting) : ''}?</Typography>
      </FormDialog>
    </Stack>
  );
}
