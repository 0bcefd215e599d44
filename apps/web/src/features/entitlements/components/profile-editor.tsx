import { type EntitlementProfile, isBaseProfileGuid } from '@ec/contract/entitlements/base-profiles';
import type { Capability } from '@ec/contract/entitlements/capabilities';
import { withFeatureLabels } from '@ec/contract/entitlements/capability-catalogue';
import { PRODUCT_LABELS } from '@ec/contract/products';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { parseErrorText } from '../../../lib/api-error';
import { useUpdateProfile } from '../api/profiles';
import { draftOf, type ProfileDraft, propertiesOf } from '../logic/profile-draft';
import { CapabilityValueField } from './capability-value-field';
import { BaseProfileSaveDialog } from './profile-dialogs';

/**
 * The profile editor (spec 3 §2.8, §4.7, §5): its name, its platform (fixed), and every feature of the
 * platform with whether the profile sets it and the value, checked by the capability's rule. A base
 * profile saves only after BASE ENTITLEMENT is typed; save errors name features by their labels.
 * `onDirtyChange` tells the page whether switching away would lose changes.
 */
export function ProfileEditor(props: {
  profile: EntitlementProfile;
  capabilities: readonly Capability[];
  onDirtyChange: (dirty: boolean) => void;
  onDelete: () => void;
}) {
  const { profile, capabilities, onDirtyChange } = props;
  const update = useUpdateProfile(profile.profile_guid);
  const [name, setName] = useState(profile.profile_name);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(capabilities, profile.properties));
  const [saved, setSaved] = useState(() => JSON.stringify({ name: profile.profile_name, draft }));
  const [shownProblems, setShownProblems] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const base = isBaseProfileGuid(profile.profile_guid);

  const current = JSON.stringify({ name, draft });
  const dirty = current !== saved;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const { properties, problems } = propertiesOf(capabilities, draft);
  const nameProblem = name.trim() ? undefined : 'Profile name is required';
  const invalid = Boolean(nameProblem) || Object.keys(problems).length > 0;

  const change = (feature: string, entry: Partial<ProfileDraft[string]>) =>
    setDraft((before) => ({ ...before, [feature]: { ...before[feature]!, ...entry } }));

  const save = async () => {
    const done = await update
      .mutateAsync({ profile_name: name.trim(), properties })
      .then(() => true)
      .catch(() => false);
    if (done) setSaved(current);
  };
  const requestSave = () => {
    setShownProblems(true);
    if (invalid) return;
    if (base) setConfirming(true);
    else void save();
  };

  const columns: DataTableColumn<Capability>[] = [
    {
      id: 'set',
      header: 'Set',
      cellSx: { width: 56 },
      cell: (capability) => (
        <Checkbox
          checked={draft[capability.feature]?.included ?? false}
          onChange={(event) => change(capability.feature, { included: event.target.checked })}
          slotProps={{ input: { 'aria-label': `Set ${capability.label}` } }}
        />
      ),
    },
    {
      id: 'feature',
      header: 'Feature',
      cell: (capability) => capability.label,
    },
    {
      id: 'value',
      header: 'Value',
      cell: (capability) => {
        const entry = draft[capability.feature];
        if (!entry?.included) return 'Not set';
        return (
          <CapabilityValueField
            capability={capability}
            value={entry.value}
            onChange={(value) => change(capability.feature, { value })}
            error={shownProblems ? problems[capability.feature] : undefined}
          />
        );
      },
    },
  ];

  return (
    <SectionCard
      title={profile.profile_name}
      subtitle={
        <>
          {PRODUCT_LABELS[profile.profile_platform]} · {profile.profile_guid}
        </>
      }
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            onClick={requestSave}
            loading={update.isPending}
          >
            Save
          </Button>
          {!base && (
            <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={props.onDelete}>
              Delete
            </Button>
          )}
        </Stack>
      }
    >
      <Stack spacing={2}>
        {base && (
          <Alert severity="info">
            A base profile: every {PRODUCT_LABELS[profile.profile_platform]} device starts from it.
          </Alert>
        )}
        {update.error ? (
          <ErrorAlert error={withFeatureLabels(profile.profile_platform, parseErrorText(update.error))} />
        ) : null}
        {update.isSuccess && !dirty && <Alert severity="success">Profile saved.</Alert>}
        {shownProblems && invalid && (
          <Alert severity="error">Some values are not valid: see the marked features.</Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label="Profile Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={shownProblems && Boolean(nameProblem)}
            helperText={shownProblems ? nameProblem : undefined}
            required
            sx={{ minWidth: { sm: 280 } }}
          />
          <TextField
            label="Platform"
            value={PRODUCT_LABELS[profile.profile_platform]}
            slotProps={{ input: { readOnly: true } }}
            helperText="The platform is fixed after creation"
          />
          {dirty && <Chip label="Unsaved changes" color="warning" variant="outlined" />}
        </Stack>
        <DataTable
          label="Profile features"
          columns={columns}
          rows={capabilities}
          rowKey={(capability) => capability.feature}
          emptyText="This platform has no capabilities."
        />
      </Stack>
      <BaseProfileSaveDialog
        open={confirming}
        profileName={profile.profile_name}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void save();
        }}
      />
    </SectionCard>
  );
}
