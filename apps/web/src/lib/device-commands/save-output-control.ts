import { type OutputToggle, outputControlOperations } from '@ec/contract/output-control';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../api-client';

/** POST /devices/{device_guid}/outputs with the list of {output_id, enable} (spec 2 §4.7, §7). */
export const saveOutputControl = (input: { deviceGuid: string; toggles: OutputToggle[] }) =>
  callOperation(outputControlOperations.save, {
    params: { device_guid: input.deviceGuid },
    body: input.toggles,
  });

export const useSaveOutputControl = () => useMutation({ mutationFn: saveOutputControl });
