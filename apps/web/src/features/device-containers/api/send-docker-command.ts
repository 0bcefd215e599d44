import { containerDirectoryOperations } from '@ec/contract/containers/directory';
import {
  type ContainerAction,
  type CreateContainerBody,
  deviceDockerOperations as operations,
  type PullImageBody,
} from '@ec/contract/device-docker';
import { callOperation } from '../../../lib/api-client';

/**
 * The changes the Containers tab asks of a device (spec 3 §7): each answers the device command's guid,
 * which the tab then follows (use-container-command.ts).
 */
export const dockerCommands = {
  containerAction: (deviceGuid: string, containerId: string, action: ContainerAction) =>
    callOperation(operations.containerAction, {
      params: { device_guid: deviceGuid, container_id: containerId },
      body: { action },
    }),
  deleteContainer: (deviceGuid: string, containerId: string) =>
    callOperation(operations.deleteContainer, {
      params: { device_guid: deviceGuid, container_id: containerId },
      body: { reason: 'Deleted from the Containers tab' },
    }),
  createContainer: (deviceGuid: string, body: CreateContainerBody) =>
    callOperation(operations.createContainer, { params: { device_guid: deviceGuid }, body }),
  pullImage: (deviceGuid: string, body: PullImageBody) =>
    callOperation(operations.pullImage, { params: { device_guid: deviceGuid }, body }),
  deleteImage: (deviceGuid: string, imageId: string) =>
    callOperation(operations.deleteImage, {
      params: { device_guid: deviceGuid, image_id: imageId },
      body: { reason: 'Deleted from the Containers tab' },
    }),
  install: (deviceGuid: string, containerGuid: string) =>
    callOperation(containerDirectoryOperations.install, {
      params: { device_guid: deviceGuid },
      body: { container_id: containerGuid },
    }),
  uninstall: (deviceGuid: string, containerId: string) =>
    callOperation(containerDirectoryOperations.uninstall, {
      params: { device_guid: deviceGuid, container_id: containerId },
      query: {},
    }),
};
