import { entitlementOperations as operations } from '@ec/contract/entitlements/entitlement-operations';
import type { CreateLicenseBody } from '@ec/contract/entitlements/licenses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { licenseKeys } from '../../../lib/licenses/license-keys';

/** A licence change, after which every licence list reads again. */
function useLicenseMutation<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: licenseKeys.all }),
  });
}

/** POST /entitlements/licenses (spec 3 §5). */
export const useCreateLicense = () =>
  useLicenseMutation((body: CreateLicenseBody) => callOperation(operations.createLicense, { body }));

/** PATCH /entitlements/licenses/{license_id}: extend by some days. */
export const useExtendLicense = () =>
  useLicenseMutation(({ licenseId, days }: { licenseId: string; days: number }) =>
    callOperation(operations.extendLicense, {
      params: { license_id: licenseId },
      body: { additional_lifespan_days: days },
    }),
  );

/** DELETE /entitlements/licenses/{license_id} with its reason. */
export const useDeleteLicense = () =>
  useLicenseMutation(({ licenseId, reason }: { licenseId: string; reason: string }) =>
    callOperation(operations.deleteLicense, { params: { license_id: licenseId }, body: { reason } }),
  );
