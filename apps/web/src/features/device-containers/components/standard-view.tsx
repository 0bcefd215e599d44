import type { DirectoryEntry } from '@ec/contract/containers/directory';
import { CONTAINER_PAGE_SIZES, type DockerContainer } from '@ec/contract/device-docker';
import type { DeviceProduct } from '@ec/contract/products';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { actionsColumn } from '../../../components/ui/data-table/actions-column';
import { DataTable } from '../../../components/ui/data-table/data-table';
import { SectionCard } from '../../../components/ui/section-card';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useContainerCatalogue } from '../api/get-container-catalogue';
import { dockerCommands } from '../api/send-docker-command';
import { useContainerCommand } from '../hooks/use-container-command';
import { installLabel } from '../logic/containers-tab-state';
import { CommandStatus } from './command-status';
import { type ContainerViewProps, SelectedContainerPanel } from './container-panel';
import { ContainersList } from './containers-list';

/**
 * The Standard view (spec 3 §2.7): the installed containers (up to 200) with Uninstall for those from
 * the directory, and the directory's containers for the device's platform (25 a page) with Install,
 * which reads Not Licensed for a licensable container the device is not licensed for.
 */
export function StandardView(
  props: ContainerViewProps & { product: DeviceProduct; entitlements: Readonly<Record<string, unknown>> },
) {
  const { deviceGuid, editable } = props;
  const command = useContainerCommand(deviceGuid);
  const pagination = useTokenPagination(props.product);
  const catalogue = useContainerCatalogue(props.product, pagination.token, true);
  const installed = props.containers.data ?? [];
  const isInstalled = (entry: DirectoryEntry) =>
    installed.some((c) => c.container_guid === entry.container_guid);

  const install = (entry: DirectoryEntry) =>
    void command.track('install_container', () => dockerCommands.install(deviceGuid, entry.container_guid));
  const uninstall = (container: DockerContainer) =>
    void command.track('uninstall_container', () =>
      dockerCommands.uninstall(deviceGuid, container.container_guid ?? String(container.id)),
    );

  return (
    <Stack spacing={2}>
      <CommandStatus progress={command.progress} onClose={command.processing ? undefined : command.reset} />
      <SectionCard title="Installed Containers">
        <ContainersList
          label="Installed Containers"
          query={props.containers}
          rows={installed}
          selectedId={props.selectedId}
          onSelect={props.onSelect}
          pageSize={CONTAINER_PAGE_SIZES.installed}
          actions={(container) =>
            container.container_guid && (
              <Button
                size="small"
                color="error"
                disabled={!editable || command.processing}
                onClick={() => uninstall(container)}
                aria-label={`Uninstall ${container.name}`}
              >
                Uninstall
              </Button>
            )
          }
        />
      </SectionCard>
      <SelectedContainerPanel {...props} />
      <SectionCard title="Available Containers">
        <DataTable
          label="Available Containers"
          columns={[
            { id: 'name', header: 'Name', cell: (entry: DirectoryEntry) => entry.name },
            {
              id: 'company',
              header: 'Company',
              cell: (entry) => entry.company.name,
              display: { xs: 'none', sm: 'table-cell' },
            },
            {
              id: 'description',
              header: 'Description',
              cell: (entry) => entry.description,
              display: { xs: 'none', md: 'table-cell' },
            },
            actionsColumn((entry: DirectoryEntry) => {
              const label = isInstalled(entry) ? 'Installed' : installLabel(entry, props.entitlements);
              return (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={label !== 'Install' || !editable || command.processing}
                  onClick={() => install(entry)}
                  aria-label={`${label} ${entry.name}`}
                >
                  {label}
                </Button>
              );
            }),
          ]}
          rows={catalogue.data?.containers ?? []}
          rowKey={(entry) => entry.container_guid}
          emptyText="No containers in the directory for this device"
          query={catalogue}
          paging={{
            kind: 'token',
            state: pagination,
            nextToken: catalogue.data?.pagination_token,
            pageSize: CONTAINER_PAGE_SIZES.catalogue,
          }}
        />
      </SectionCard>
    </Stack>
  );
}
