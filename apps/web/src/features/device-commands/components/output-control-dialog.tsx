import { OUTPUT_SAVE_WRAP_UP_MS } from '@ec/contract/output-control';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CommandDialog } from '../../../components/device-commands/command-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { RequestError } from '../../../components/ui/request-error';
import { outputKey, outputToggleRows, outputToggles } from '../../../lib/device-commands/output-toggles';
import { useSaveOutputControl } from '../../../lib/device-commands/save-output-control';
import { queryRoots } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-store';
import { shadowQueryOptions } from '../../../lib/shadows/get-shadow';
import { decodeHtml, outputTypeLabel } from '../../../lib/shadows/outputs-display';
import { shadowKeys } from '../../../lib/shadows/shadow-keys';

/**
 * Output Control (spec 2 §4.7): a toggle per configured output but thumbnails, read from the reported
 * Outputs document. Save sends the list; five seconds later the loading clears, the dialog closes and
 * the device's documents are read again. `disabledReason` (offline, rights, licence) keeps it read-only.
 */
export function OutputControlDialog(props: {
  deviceGuid: string;
  open: boolean;
  disabledReason: string | null;
  onClose: () => void;
}) {
  const { orgGuid } = useSession();
  const queryClient = useQueryClient();
  const outputs = useQuery({
    ...shadowQueryOptions(orgGuid, props.deviceGuid, 'Outputs'),
    enabled: props.open,
  });
  const save = useSaveOutputControl();
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [wrappingUp, setWrappingUp] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const rows = outputToggleRows(outputs.data?.reported?.state);
  const busy = save.isPending || wrappingUp;
  const readOnly = props.disabledReason !== null || busy;

  const close = () => {
    if (busy) return;
    setChosen({});
    save.reset();
    props.onClose();
  };
  const submit = async () => {
    if (readOnly || rows.length === 0) return;
    try {
      await save.mutateAsync({ deviceGuid: props.deviceGuid, toggles: outputToggles(rows, chosen) });
    } catch {
      return; // shown from save.error
    }
    setWrappingUp(true);
    timer.current = setTimeout(() => {
      setWrappingUp(false);
      setChosen({});
      save.reset();
      props.onClose();
      void queryClient.invalidateQueries({
        queryKey: shadowKeys.shadow(orgGuid, props.deviceGuid, 'Outputs'),
      });
      void queryClient.invalidateQueries({
        queryKey: queryRoots.device(orgGuid, props.deviceGuid),
        exact: true,
      });
    }, OUTPUT_SAVE_WRAP_UP_MS);
  };

  let body: React.ReactNode;
  if (outputs.isPending) {
    body = (
      <Stack spacing={1} aria-busy="true" aria-label="Loading the outputs">
        <Skeleton variant="rounded" height={38} />
        <Skeleton variant="rounded" height={38} />
      </Stack>
    );
  } else if (outputs.isError) {
    body = <RequestError error={outputs.error} onRetry={outputs.refetch} />;
  } else if (rows.length === 0) {
    body = <DialogContentText>No configured outputs</DialogContentText>;
  } else {
    body = (
      <Stack component="ul" aria-label="Outputs" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {rows.map((row) => {
          const name = decodeHtml(row.name) || `Output ${row.id}`;
          return (
            <li key={outputKey(row.id)}>
              <FormControlLabel
                control={
                  <Switch
                    checked={chosen[outputKey(row.id)] ?? row.enable}
                    onChange={(event) => setChosen({ ...chosen, [outputKey(row.id)]: event.target.checked })}
                    disabled={readOnly}
                  />
                }
                label={`${name} (${outputTypeLabel(row.type)})`}
                sx={{ overflowWrap: 'anywhere' }}
              />
            </li>
          );
        })}
      </Stack>
    );
  }

  return (
    <CommandDialog
      open={props.open}
      onClose={close}
      title="Output Control"
      width={540}
      onSubmit={() => void submit()}
      actions={
        <>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={busy}
            disabled={props.disabledReason !== null || rows.length === 0}
          >
            Save
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        {props.disabledReason && <Alert severity="info">{props.disabledReason}</Alert>}
        {body}
        {wrappingUp && (
          <Alert severity="info" role="status">
            Sent. The device applies the change; this dialog closes in a few seconds.
          </Alert>
        )}
        <ErrorAlert error={save.error} />
      </Stack>
    </CommandDialog>
  );
}
